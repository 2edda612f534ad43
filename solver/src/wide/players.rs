//! The players' view at three (RULES.md sections 11 and 16; `solve --view players`): the
//! decision of the player to move judged over the worlds he could be in, each world's
//! cards solved double dummy and averaged.
//!
//! A world deals the cards he has not seen to the two others, each holding as many as he
//! still does and none of a group (trumps or a suit) he failed to follow. With two hands
//! those are the only bounds, and each is one hand's: the cards of a group one of them
//! cannot hold go to the other, and any choice of the rest for the first hand (as many as
//! it lacks) is a world. So the worlds are drawn exactly uniformly, and where there are no
//! more of them than asked they are all judged (`exhaustive`: the averages are exact and
//! no seed changes them). Nobody bids at three: no auction weighs them.

use super::deal::{Deal, TableGame};
use super::faces::Face;
use super::game::{Game, Position};
use super::questions::{Limits, Questions};
use super::record::TableRecord;
use super::score::{outcome_of, paid};
use crate::deal::Rng;
use crate::error::Error;
use crate::search::Solver;
use crate::settle::DeclaredOutcome;
use crate::single_dummy::{parallel, round};
use serde::Serialize;
use std::collections::BTreeMap;

/// One legal card over the worlds judged.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TableOutlook {
    /// The declarer's card points at the end, in expectation.
    pub expected: f64,
    /// How often the player's side wins after it; wins schneider; wins schwarz (read
    /// from the points).
    pub win: f64,
    pub schneider: f64,
    pub schwarz: f64,
    /// What the player is paid in expectation (negative: pays).
    pub settlement: f64,
    /// What it loses in expectation against the first of the best cards (0 for one).
    pub loss: f64,
}

/// The decision of the player to move at three, by what he could know.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TableDecision {
    pub id: Option<String>,
    pub table: &'static str,
    pub seat: u8,
    /// Always `points`: `expected` is the soloist's card points.
    pub measure: &'static str,
    /// Worlds asked for, and the seed they were drawn from.
    pub samples: usize,
    pub seed: u64,
    /// Worlds judged: every one where there are no more than `samples` (`exhaustive`).
    pub worlds: usize,
    pub exhaustive: bool,
    /// Each legal card, by its face.
    #[cfg_attr(feature = "openapi", schema(value_type = BTreeMap<String, TableOutlook>))]
    pub cards: BTreeMap<Face, TableOutlook>,
    /// The cards that pay the player most in expectation, points breaking ties.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub best: Vec<Face>,
}

/// What the player to move knows at a position of `game`: the cards the others may hold,
/// how many each still does, and the groups each has shown he lacks.
struct View {
    seat: u8,
    others: [u8; 2],
    /// The cards neither he holds nor anyone has played.
    hidden: Vec<Face>,
    need: [u32; 2],
    /// Per other seat, the groups (as sets of face numbers) he failed to follow.
    void: [u64; 2],
}

impl View {
    fn of(game: &Game) -> View {
        let deal = game.deal();
        let order = deal.order();
        let mut position = Position::start(deal);
        let mut void = [0u64; 3];
        for &face in game.played() {
            let who = position.to_move() as usize;
            if let Some(led) = position.led(order) {
                if order.group(face) != led {
                    void[who] |= order.group_set(led);
                }
            }
            position.play(order, face);
        }
        let seat = position.to_move();
        let others = [(seat + 1) % 3, (seat + 2) % 3];
        let hidden = others
            .iter()
            .flat_map(|&s| position.hand(s).iter())
            .collect();
        View {
            seat,
            others,
            hidden,
            need: others.map(|s| position.hand(s).len()),
            void: others.map(|s| void[s as usize]),
        }
    }

    /// The cards only one of the others may hold (forced to him), and the rest.
    fn split(&self) -> ([Vec<Face>; 2], Vec<Face>) {
        let mut forced = [Vec::new(), Vec::new()];
        let mut free = Vec::new();
        for &f in &self.hidden {
            let bit = 1u64 << f.index();
            match (self.void[0] & bit != 0, self.void[1] & bit != 0) {
                (true, _) => forced[1].push(f),
                (_, true) => forced[0].push(f),
                _ => free.push(f),
            }
        }
        (forced, free)
    }
}

/// The number of ways to choose `k` of `n`, saturating.
fn choose(n: usize, k: usize) -> u64 {
    (0..k.min(n)).fold(1u64, |c, i| {
        c.saturating_mul((n - i) as u64) / (i as u64 + 1)
    })
}

/// The `k`-subset of `0..n` with rank `r` in the order of combinations (lexicographic).
fn nth_subset(n: usize, k: usize, mut r: u64) -> Vec<usize> {
    let mut out = Vec::with_capacity(k);
    let mut next = 0;
    while out.len() < k {
        let rest = k - out.len() - 1;
        let with = choose(n - next - 1, rest);
        if r < with {
            out.push(next);
        } else {
            r -= with;
        }
        next += 1;
    }
    out
}

/// The worlds of a view: the cards forced to one of the others, the free ones of which
/// the first other takes `k`, and which of them are judged.
struct Worlds {
    forced: [Vec<Face>; 2],
    free: Vec<Face>,
    k: usize,
    /// Every world (`count` of them), or `count` drawn from `seed`.
    exhaustive: bool,
    count: usize,
    seed: u64,
}

impl Worlds {
    fn of(view: &View, (samples, seed): (usize, u64)) -> Worlds {
        let (forced, free) = view.split();
        let k = view.need[0] as usize - forced[0].len();
        let all = choose(free.len(), k);
        let exhaustive = all <= samples.max(1) as u64;
        Worlds {
            count: if exhaustive {
                all as usize
            } else {
                samples.max(1)
            },
            forced,
            free,
            k,
            exhaustive,
            seed,
        }
    }

    /// World `i` as dealt: the first other's free cards the `i`-th choice in turn, or a
    /// uniform one from `Rng::stream(seed, i)`; every card played back in its player's hand.
    fn hands(&self, i: usize, view: &View, game: &Game) -> Vec<Vec<Face>> {
        let n = self.free.len();
        let chosen = match self.exhaustive {
            true => nth_subset(n, self.k, i as u64),
            false => {
                let mut rng = Rng::stream(self.seed, i as u64);
                let mut order: Vec<usize> = (0..n).collect();
                for j in 0..self.k {
                    order.swap(j, j + rng.below(n - j));
                }
                order.truncate(self.k);
                order
            }
        };
        let mut hands: Vec<Vec<Face>> = vec![Vec::new(); 3];
        for (to, &seat) in view.others.iter().enumerate() {
            hands[seat as usize] = self.forced[to].clone();
        }
        for (j, &f) in self.free.iter().enumerate() {
            let to = if chosen.contains(&j) { 0 } else { 1 };
            hands[view.others[to] as usize].push(f);
        }
        hands[view.seat as usize] = game.position().hand(view.seat).iter().collect();
        let mut replay = Position::start(game.deal());
        for &f in game.played() {
            hands[replay.to_move() as usize].push(f);
            replay.play(game.deal().order(), f);
        }
        hands
    }
}

/// One legal card in one world: the soloist's points at the end, the ending, and what it
/// pays the player.
type Judged = (Face, u32, DeclaredOutcome, i64);

impl TableRecord {
    /// The decision of the player to move at three (`seat`, where named, must be him),
    /// over at most `samples` worlds drawn from `seed` (all of them where there are no
    /// more), each searched with `solvers` (one thread each; the answer does not depend on
    /// how many) within their limits (each question's nodes, else `question`).
    pub fn decide(
        &self,
        seat: Option<u8>,
        drawn: (usize, u64),
        question: u64,
        solvers: &mut [Solver],
    ) -> Result<TableDecision, Error> {
        let game = self.game()?;
        let deal = game.deal();
        let TableGame::Three(contract) = deal.game() else {
            return Err(Error::Conflict(
                "--view players: the players' view at the other tables is judged at three; \
                 at von Alvensleben's tables `solve` gives the values"
                    .to_string(),
            ));
        };
        if game.position().is_over() {
            return Err(Error::NothingToSolve);
        }
        let view = View::of(&game);
        if let Some(s) = seat.filter(|&s| s != view.seat) {
            return Err(Error::InvalidRecord(format!(
                "seat: seat {s} is not to move; seat {} is",
                view.seat
            )));
        }
        let worlds = Worlds::of(&view, drawn);
        let per_world = parallel::each(solvers, worlds.count, |solver, i| {
            let deal = Deal::three(contract, &worlds.hands(i, &view, &game))?;
            let position = *Game::replay(deal.clone(), game.played())?.position();
            let taken = position.points_of(deal.declarers());
            let mut questions = Questions::new(&deal, Limits::of_solver(solver, question));
            let values = questions.values(&position)?.ok_or(Error::SearchBudget)?;
            let judged = values.into_iter().map(|(f, v)| {
                let end = outcome_of(&deal, taken + v);
                (f, taken + v, end, paid(&deal, end)[view.seat as usize])
            });
            Ok(judged.collect::<Vec<Judged>>())
        })?;
        let ours = deal.declarers() & 1 << view.seat != 0;
        let (cards, best) = outlooks(&per_world, ours);
        Ok(TableDecision {
            id: self.id.clone(),
            table: deal.game().name(),
            seat: view.seat,
            measure: "points",
            samples: drawn.0.max(1),
            seed: drawn.1,
            worlds: worlds.count,
            exhaustive: worlds.exhaustive,
            cards,
            best,
        })
    }
}

/// Each legal card's averages over the worlds judged (`ours`: whether the player is the
/// soloist), and the best cards: those that pay most, the side's points breaking ties.
fn outlooks(per_world: &[Vec<Judged>], ours: bool) -> (BTreeMap<Face, TableOutlook>, Vec<Face>) {
    let n = per_world.len().max(1) as f64;
    let mut cards: BTreeMap<Face, TableOutlook> = BTreeMap::new();
    for &(face, points, end, pays) in per_world.iter().flatten() {
        let side_won = end.won == ours;
        let o = cards.entry(face).or_insert(TableOutlook {
            expected: 0.0,
            win: 0.0,
            schneider: 0.0,
            schwarz: 0.0,
            settlement: 0.0,
            loss: 0.0,
        });
        o.expected += points as f64 / n;
        o.win += side_won as u8 as f64 / n;
        o.schneider += (side_won && end.schneider) as u8 as f64 / n;
        o.schwarz += (side_won && end.schwarz) as u8 as f64 / n;
        o.settlement += pays as f64 / n;
    }
    for o in cards.values_mut() {
        for x in [
            &mut o.expected,
            &mut o.win,
            &mut o.schneider,
            &mut o.schwarz,
            &mut o.settlement,
        ] {
            *x = round(*x, 4);
        }
    }
    let key = |o: &TableOutlook| (o.settlement, if ours { o.expected } else { -o.expected });
    let top = cards
        .values()
        .map(key)
        .reduce(|b, k| if k > b { k } else { b });
    let best: Vec<Face> = cards
        .iter()
        .filter(|(_, o)| Some(key(o)) == top)
        .map(|(&f, _)| f)
        .collect();
    let most = top.map_or(0.0, |t| t.0);
    for o in cards.values_mut() {
        o.loss = round(most - o.settlement, 4);
    }
    (cards, best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_subsets_are_each_choice_once_in_order() {
        let all: Vec<Vec<usize>> = (0..choose(5, 2)).map(|r| nth_subset(5, 2, r)).collect();
        assert_eq!(all.len(), 10);
        assert_eq!(all[0], [0, 1]);
        assert_eq!(all[9], [3, 4]);
        let mut sorted = all.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted, all);
        assert_eq!(choose(16, 8), 12_870);
        assert_eq!(nth_subset(3, 0, 0), Vec::<usize>::new());
    }
}
