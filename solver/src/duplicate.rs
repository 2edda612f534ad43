//! A match between two ways of playing (`schafkopf match`): each deal is played twice with
//! its contract, the first way holding one side and the second the other, then the sides
//! swapped (duplicate), so that the cards dealt favour neither. What each way wins a game,
//! and the difference with its 95% interval, say which plays better.
//!
//! A way of playing ([`Strategy`]) chooses a card for the player to move; the library has
//! perfect play ([`DoubleDummy`], which sees every hand), play by what the player could
//! know ([`Players`]) and a random legal card ([`Random`]); the command line adds programs
//! that speak a JSON-lines protocol (INTERFACE.md section 3).

use crate::cards::Card;
use crate::contract::Contract;
use crate::deal::Rng;
use crate::error::Error;
use crate::game::{Game, Setup};
use crate::search::Solver;
use crate::seat::{Seat, Seats};
use crate::settle::Score;
use crate::single_dummy::{best_card, Sampling};
use serde::Serialize;
use std::collections::BTreeMap;

/// A way of choosing the card of the player to move.
pub trait Strategy {
    /// A legal card of the player to move in `position` (not over, more than one legal
    /// card), searching on `solvers` where it searches.
    fn choose(&mut self, position: &Game, solvers: &mut [Solver]) -> Result<Card, Error>;
}

/// Perfect play: the first of the cards that keep the position's value, every hand seen.
pub struct DoubleDummy;

impl Strategy for DoubleDummy {
    fn choose(&mut self, position: &Game, solvers: &mut [Solver]) -> Result<Card, Error> {
        let legal = position.legal_cards();
        let any = legal.first().ok_or(Error::NothingToSolve)?;
        let solver = crate::single_dummy::parallel::first(solvers)?;
        let judged = solver.judge(position, any)?;
        Ok(judged.best.first().copied().unwrap_or(any))
    }
}

/// Play by what the player could know: the best card over the worlds of his view.
pub struct Players(pub Sampling);

impl Strategy for Players {
    fn choose(&mut self, position: &Game, solvers: &mut [Solver]) -> Result<Card, Error> {
        best_card(position, self.0, solvers)
    }
}

/// A legal card at random.
pub struct Random(pub Rng);

impl Strategy for Random {
    fn choose(&mut self, position: &Game, _: &mut [Solver]) -> Result<Card, Error> {
        Ok(self.0.pick(position.legal_cards()))
    }
}

/// The seats the first way holds in the first play of `setup`: the declaring side, or in
/// a game without one (Ramsch) seats 0 and 2.
pub fn first_side(setup: &Setup) -> Seats {
    let declarers = setup.declarers();
    if declarers.is_empty() {
        return Seats::one(Seat::S0).with(Seat::S2);
    }
    declarers
}

/// `setup` played out from its start: the seats of `seats` choosing by `a`, the others by
/// `b` (a lone legal card is played without asking). A card a way chooses that is not
/// legal is a fault naming it.
pub fn play_out(
    setup: &Setup,
    seats: Seats,
    a: &mut dyn Strategy,
    b: &mut dyn Strategy,
    solvers: &mut [Solver],
) -> Result<Game, Error> {
    let mut game = Game::new(setup.clone());
    while !game.is_over() {
        let legal = game.legal_cards();
        let card = match legal.first() {
            Some(only) if legal.len() == 1 => only,
            _ if seats.contains(game.to_move()) => a.choose(&game, solvers)?,
            _ => b.choose(&game, solvers)?,
        };
        if !legal.contains(card) {
            return Err(Error::BadView(format!(
                "play {} ({card}) chosen for seat {} is not legal: legal are {legal}",
                game.plays().len() + 1,
                game.to_move()
            )));
        }
        game.play_unchecked(card);
    }
    Ok(game)
}

/// One deal played twice.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Board {
    pub id: Option<String>,
    /// The contract's game (`sauspiel`, `solo`, `ramsch`...).
    pub game: String,
    /// What the first way's seats were paid in each play (holding the first side, then
    /// the other), and the second way's.
    pub first: [i64; 2],
    pub second: [i64; 2],
}

impl Board {
    /// The first way's money a game less the second's.
    pub fn difference(&self) -> f64 {
        (self.first.iter().sum::<i64>() - self.second.iter().sum::<i64>()) as f64 / 2.0
    }
}

/// The deal of `setup` played twice, `a` holding the first side ([`first_side`]) and then
/// the other, `b` the rest.
pub fn board(
    setup: &Setup,
    a: &mut dyn Strategy,
    b: &mut dyn Strategy,
    solvers: &mut [Solver],
) -> Result<Board, Error> {
    let side = first_side(setup);
    let mut first = [0; 2];
    let mut second = [0; 2];
    for (k, seats) in [side, side.others()].into_iter().enumerate() {
        let game = play_out(setup, seats, a, b, solvers)?;
        let payouts = Score::of(&game)?.payouts;
        for s in Seat::ALL {
            match seats.contains(s) {
                true => first[k] += payouts[s.index()],
                false => second[k] += payouts[s.index()],
            }
        }
    }
    Ok(Board {
        id: setup.id().map(str::to_string),
        game: contract_name(&setup.contract()),
        first,
        second,
    })
}

fn contract_name(contract: &Contract) -> String {
    contract.game_name().to_string()
}

/// A mean with its 95% interval (two standard errors either side).
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Estimate {
    pub mean: f64,
    pub low: f64,
    pub high: f64,
}

impl Estimate {
    fn of(values: &[f64]) -> Estimate {
        let n = values.len().max(1) as f64;
        // From +0: a float sum starts from -0, which would print as `-0`.
        let mean = values.iter().fold(0.0, |a, v| a + v) / n;
        let spread = match values.len() {
            0 | 1 => 0.0,
            k => {
                let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (k - 1) as f64;
                2.0 * (var / n).sqrt()
            }
        };
        let round = |x: f64| (x * 100.0).round() / 100.0 + 0.0;
        Estimate {
            mean: round(mean),
            low: round(mean - spread),
            high: round(mean + spread),
        }
    }
}

/// What a match found, over all its boards or those of one game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Tally {
    /// Deals played (each twice).
    pub deals: usize,
    /// Each way's money a game, and the first's less the second's.
    pub first: Estimate,
    pub second: Estimate,
    pub difference: Estimate,
}

impl Tally {
    fn of(boards: &[&Board]) -> Tally {
        let per_game = |m: &[i64; 2]| m.iter().sum::<i64>() as f64 / 2.0;
        let first: Vec<f64> = boards.iter().map(|b| per_game(&b.first)).collect();
        let second: Vec<f64> = boards.iter().map(|b| per_game(&b.second)).collect();
        let difference: Vec<f64> = boards.iter().map(|b| b.difference()).collect();
        Tally {
            deals: boards.len(),
            first: Estimate::of(&first),
            second: Estimate::of(&second),
            difference: Estimate::of(&difference),
        }
    }
}

/// A match's report: the whole and each game apart.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The two ways of playing, by name: `first` and `second` of the tallies.
    pub ways: [String; 2],
    #[serde(flatten)]
    pub all: Tally,
    pub by_game: BTreeMap<String, Tally>,
}

impl Report {
    /// The report of `boards`, the ways named `first` and `second`.
    pub fn of(first: &str, second: &str, boards: &[Board]) -> Report {
        let all: Vec<&Board> = boards.iter().collect();
        let mut games: BTreeMap<String, Vec<&Board>> = BTreeMap::new();
        for b in boards {
            games.entry(b.game.clone()).or_default().push(b);
        }
        Report {
            ways: [first.to_string(), second.to_string()],
            all: Tally::of(&all),
            by_game: games.into_iter().map(|(g, b)| (g, Tally::of(&b))).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::single_dummy::Inference;

    #[test]
    fn a_way_against_itself_wins_nothing_and_perfect_play_beats_random() {
        let setup = crate::example_setup(r#"{"game": "sauspiel", "suit": "G", "declarer": 0}"#);
        let mut solvers = vec![Solver::new()];
        let b = board(&setup, &mut DoubleDummy, &mut DoubleDummy, &mut solvers).unwrap();
        // The same play twice: each way is paid what the other was.
        assert_eq!(b.first, [b.second[1], b.second[0]]);
        assert_eq!(b.difference(), 0.0);
        // Perfect play guarantees each side at least the deal's value whatever the others
        // play: against random play it never loses money over the pair of a declared game.
        // The players' view beats random play on this deal too.
        let b = board(
            &setup,
            &mut DoubleDummy,
            &mut Random(Rng::new(3)),
            &mut solvers,
        )
        .unwrap();
        assert!(b.difference() >= 0.0, "{b:?}");
        let players = Players(
            Sampling::new(20, 1)
                .paying_only()
                .inferring(Inference::None),
        );
        let mut players = players;
        let b = board(&setup, &mut players, &mut Random(Rng::new(4)), &mut solvers).unwrap();
        assert!(b.difference() >= 0.0, "{b:?}");
    }

    /// A way that always answers the same card.
    struct Stubborn(Card);

    impl Strategy for Stubborn {
        fn choose(&mut self, _: &Game, _: &mut [Solver]) -> Result<Card, Error> {
            Ok(self.0)
        }
    }

    #[test]
    fn an_illegal_card_is_a_fault_naming_it() {
        let setup = crate::example_setup(r#"{"game": "sauspiel", "suit": "G", "declarer": 0}"#);
        let eo: Card = "EO".parse().unwrap();
        let e = play_out(
            &setup,
            Seats::NONE.others(),
            &mut Stubborn(eo),
            &mut DoubleDummy,
            &mut [Solver::new()],
        )
        .unwrap_err();
        assert!(
            e.to_string()
                .contains("play 1 (EO) chosen for seat 0 is not legal"),
            "{e}"
        );
    }

    #[test]
    fn the_report_gives_each_way_its_money_and_the_difference_with_its_interval() {
        let board = |first: [i64; 2], second: [i64; 2]| Board {
            id: None,
            game: "sauspiel".to_string(),
            first,
            second,
        };
        let boards = [board([20, -20], [-20, 20]), board([20, 20], [-20, -20])];
        let r = Report::of("a", "b", &boards);
        assert_eq!(r.all.deals, 2);
        assert_eq!(r.all.first.mean, 10.0);
        assert_eq!(r.all.difference.mean, 20.0);
        // Differences 0 and 40: a standard error of 20, the interval 20 +- 40.
        assert_eq!((r.all.difference.low, r.all.difference.high), (-20.0, 60.0));
        assert_eq!(r.by_game["sauspiel"].deals, 2);
    }
}
