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
use crate::cards::{Card, Cards};
use crate::contract::Contract;
use crate::contract::Measure;
use crate::deal::Rng;
use crate::error::Error;
use crate::search::Solver;
use crate::settle::DeclaredOutcome;
use crate::shown::cards_text;
use crate::single_dummy::{
    decision_seed, floor_of, outlooks_map, reached, CardOutlook, DecisionWorlds, Ending, Outlook,
    Sampling, Values, WorldRead,
};
use serde::Serialize;

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
    /// Worlds judged: every one where there are no more than `samples` (`exhaustive`:
    /// the averages are exact); of a sample, fewer where the best card was clear before
    /// (sequential stopping, RULES.md section 11).
    pub worlds: usize,
    pub exhaustive: bool,
    /// Each legal card, in card order, with its loss against the best and, where the
    /// worlds settle it, its severity (as at four seats).
    #[cfg_attr(feature = "openapi", schema(value_type = std::collections::BTreeMap<String, CardOutlook>))]
    #[serde(serialize_with = "outlooks_map")]
    pub cards: Vec<CardOutlook>,
    /// The cards that pay the player most in expectation, points breaking ties.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    #[serde(serialize_with = "cards_text")]
    pub best: Vec<Card>,
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

/// The soloist's card points at which the outcome of `deal` changes, in order (a final
/// value lies in the outcome of the highest boundary at most it, or below them all).
fn boundaries(deal: &Deal) -> Vec<i64> {
    let total = deal.table().points();
    (1..=total)
        .filter(|&v| outcome_of(deal, v) != outcome_of(deal, v - 1))
        .map(i64::from)
        .collect()
}

/// The solo of a deal at three; at von Alvensleben's tables the players' view is refused
/// by name.
pub(super) fn solo_at_three(deal: &Deal) -> Result<Contract, Error> {
    match deal.game() {
        TableGame::Three(contract) => Ok(contract),
        _ => Err(Error::Conflict(
            "--view players: the players' view at the other tables is judged at three; at \
             von Alvensleben's tables `solve` and `analyze` give the values"
                .to_string(),
        )),
    }
}

/// The worlds of a decision at three ([`DecisionWorlds`]): those of the view of the player
/// to move in `game`, each card valued by the soloist's card points at the end and read as
/// what the ending pays the player.
pub(super) struct ThreeWorlds<'a> {
    game: &'a Game,
    contract: Contract,
    view: View,
    worlds: Worlds,
    /// The player's legal cards (the same in every world).
    pub(super) cards: Vec<Card>,
    /// The soloist's card points at which the outcome changes, where each card is judged
    /// by what it pays alone (threshold questions, as at four seats); none where its
    /// exact value is asked.
    bounds: Option<Vec<i64>>,
    /// Each question's node budget where the solver sets none.
    question: u64,
}

impl<'a> ThreeWorlds<'a> {
    /// The worlds of the view of the player to move in `game` (at three, playing
    /// `contract`): as many as `sampling` asks where each card's exact value is
    /// (`sampling.points`) or only what it pays, drawn from `seed`, or all where there
    /// are no more.
    pub(super) fn new(
        game: &'a Game,
        contract: Contract,
        (sampling, seed): (&Sampling, u64),
        question: u64,
    ) -> Result<ThreeWorlds<'a>, Error> {
        let bounds = (!sampling.points).then(|| boundaries(game.deal()));
        let drawn = (sampling.ceiling_for(bounds.is_none()), seed);
        let view = View::of(game);
        // The short pack has no Sixes: every face is a card.
        let cards = game
            .legal_cards()
            .iter()
            .map(|f| f.card().ok_or(Error::Internal(format!("{f} at three"))))
            .collect::<Result<Vec<Card>, Error>>()?;
        Ok(ThreeWorlds {
            game,
            contract,
            worlds: Worlds::of(&view, drawn),
            view,
            cards,
            bounds,
            question,
        })
    }

    /// World `i`'s deal.
    fn deal(&self, i: usize) -> Result<Deal, Error> {
        Ok(Deal::three(
            self.contract,
            &self.worlds.hands(i, &self.view, self.game),
        )?)
    }
}

impl DecisionWorlds for ThreeWorlds<'_> {
    fn empty(&self) -> Outlook {
        let weights = vec![1.0; self.worlds.count];
        Outlook::empty(
            Measure::Points,
            self.cards.clone(),
            self.worlds.exhaustive,
            weights,
            self.bounds.is_none(),
        )
    }

    fn len(&self) -> usize {
        self.worlds.count
    }

    /// Each open card's value: the soloist's card points once it is played and the rest
    /// played perfectly; where only what it pays is asked, the lowest value of the outcome
    /// it reaches, by threshold questions (the first at the previous card's outcome).
    fn values(&self, solver: &mut Solver, i: usize, open: u32) -> Result<Values, Error> {
        let deal = self.deal(i)?;
        let position = *Game::replay(deal.clone(), self.game.played())?.position();
        let mut questions = Questions::new(&deal, Limits::of_solver(solver, self.question));
        let mut previous = None;
        let mut values = Vec::with_capacity(self.cards.len());
        for (c, &card) in self.cards.iter().enumerate() {
            if open & 1 << c == 0 {
                values.push(None);
                continue;
            }
            let mut after = position;
            after.play(deal.order(), Face::of(card));
            let taken = after.points_of(deal.declarers()) as i64;
            let Some(bounds) = &self.bounds else {
                let rest = questions.value(&after)?.map_err(|_| Error::SearchBudget)?;
                values.push(Some(taken + rest as i64));
                continue;
            };
            // Whether the soloist ends with at least `t` card points.
            let at_least = |t: i64| match t <= taken {
                true => Ok(true),
                false => (questions.reaches(&after, (t - taken) as u32)?)
                    .map_err(|_| Error::SearchBudget),
            };
            let guess = previous.map(|k: usize| k.saturating_sub(1));
            let k = reached(bounds, guess, at_least)?;
            previous = Some(k);
            values.push(Some(floor_of(bounds, k)));
        }
        Ok(values)
    }

    fn endings(&self, i: usize, values: &[Option<i64>]) -> Result<WorldRead, Error> {
        // The Laufende, and so what an ending pays, follow the world's hands.
        let deal = self.deal(i)?;
        let seat = self.view.seat as usize;
        let ours = deal.declarers() & 1 << seat != 0;
        let stake = paid(&deal, DeclaredOutcome::plain(true))[seat].abs().max(1);
        let ending = |value: i64| {
            let end = outcome_of(&deal, value as u32);
            let won = end.won == ours;
            let money = paid(&deal, end)[seat];
            let favour = if ours { value } else { -value };
            Ending {
                value,
                favour,
                ours: Some([won, won && end.schneider, won && end.schwarz]),
                money: Some(money),
                share: crate::advice::share(stake, Some(money), favour),
            }
        };
        Ok(WorldRead {
            endings: values.iter().map(|&v| v.map(ending)).collect(),
            unit: 2.0 * stake as f64,
            dealt: None,
        })
    }
}

impl TableRecord {
    /// The decision of the player to move at three (`seat`, where named, must be him),
    /// over at most `sampling.samples` worlds drawn as `analyze --view players` draws this
    /// decision's (all of them where there are no more), judged in rounds and stopped
    /// once the best card is clear as at four seats (`sampling.sequential`), each searched
    /// with `solvers` (one thread each; the answer does not depend on how many) within
    /// their limits (each question's nodes, else `question`).
    pub fn decide(
        &self,
        seat: Option<u8>,
        sampling: &Sampling,
        question: u64,
        solvers: &mut [Solver],
    ) -> Result<TableDecision, Error> {
        let game = self.game()?;
        let deal = game.deal();
        let contract = solo_at_three(deal)?;
        if game.position().is_over() {
            return Err(Error::NothingToSolve);
        }
        let to_move = game.position().to_move();
        if let Some(s) = seat.filter(|&s| s != to_move) {
            return Err(Error::BadView(format!(
                "seat {s} is not to move: seat {to_move} is (a decision is judged by the view \
                 of the player who makes it)"
            )));
        }
        let seed = decision_seed(sampling.seed, game.played().len());
        let worlds = ThreeWorlds::new(&game, contract, (sampling, seed), question)?;
        let all: Cards = worlds.cards.iter().copied().collect();
        let decision = (worlds, all, sampling.sequential);
        let outlook = Outlook::judge_each(vec![decision], solvers)?.remove(0);
        Ok(TableDecision {
            id: self.id.clone(),
            table: deal.game().name(),
            seat: to_move,
            measure: "points",
            samples: sampling.ceiling_for(outlook.exact).max(1),
            seed: sampling.seed,
            worlds: outlook.worlds(),
            exhaustive: outlook.exhaustive,
            cards: outlook.card_outlooks(),
            best: outlook
                .best()
                .into_iter()
                .map(|c| outlook.cards[c])
                .collect(),
        })
    }
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
