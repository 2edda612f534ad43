//! A double-dummy solver for Schafkopf, on an exact rules engine.
//!
//! Given all four hands, the [`Solver`] finds what perfect play makes of a position: its
//! value and every legal card's ([`Solver::solve`]), a played card judged against the best
//! ([`analyze`]), which contract each seat should have chosen ([`contracts`]). Underneath,
//! the rules of Bavarian and German Schafkopf (`docs/RULES.md`): cards, contracts, legal
//! play, hand records read strictly ([`Record`]) into a validated [`Deal`] and [`Setup`],
//! and the scoring and settlement of finished hands ([`Score`]). No I/O: the command line
//! (`cli/`) and the service (`api/`) are thin layers over it.
//!
//! ```
//! use solver::{Record, Score, Solver};
//! // The position after the first trick of a Sauspiel on the Gras ace.
//! let line = r#"{"hands": ["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7",
//!   "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"],
//!   "contract": {"game": "sauspiel", "suit": "G", "declarer": 0},
//!   "play": "H8 H7 HK HZ"}"#;
//! let game = Record::from_json(line)?.game()?;
//! let solution = Solver::new().solve(&game)?;
//! // Seat 3 took the trick and leads; every legal card of his is valued.
//! assert_eq!(solution.cards.len(), game.legal_cards().len() as usize);
//! assert!(solution.cards.iter().any(|&(_, v)| v == solution.value));
//!
//! // A finished hand is scored as played.
//! let all = line.replace(
//!     "H8 H7 HK HZ",
//!     "H8 H7 HK HZ G7 G8 HU SO SA S8 HA S7 SU GO EO G9 E7 EK H9 E9 HO EU S9 SZ GK SK E8 GA GZ GU EA EZ",
//! );
//! let score = Score::of(&Record::from_json(&all)?.game()?)?;
//! assert_eq!(score.payouts, [20, -20, -20, 20]);
//! # Ok::<(), solver::Error>(())
//! ```

pub mod advice;
pub mod analysis;
mod announce;
pub mod auction;
pub mod board;
mod cards;
mod contract;
mod deal;
pub mod defaults;
pub mod duplicate;
mod error;
mod explain;
pub mod formats;
mod game;
mod json;
pub mod ledger;
mod legal;
pub mod odds;
pub mod options;
mod order;
mod pack;
pub mod record;
mod round;
mod search;
mod seat;
mod settle;
pub mod shown;
pub mod single_dummy;
mod spelling;
pub mod valuation;
pub mod wide;

// The vocabulary: cards, seats, contracts, deals and games, records, scores.
pub use cards::{Card, Cards, Deck, ParseCardError, ParseCardsError, ParseSuitError, Rank, Suit};
pub use contract::{CalledRank, Contract, GameName, Measure, Partners, Solo, Variant, Wenzels};
pub use error::{Error, IllegalReason, Unsettled};
pub use game::{Call, Deal, Game, Setup, Trick};
pub use options::Options;
pub use pack::Pack;
pub use record::Record;
pub use round::{Pass, Round};
pub use seat::{BySeat, Seat, Seats};
pub use settle::{DeclaredOutcome, Outcome, Score, Targets};

// The main entry points: the solver, a played hand analysed, which contract to play, seeded
// deals.
pub use analysis::{analyze, Analysis};
pub use deal::{random_deal, Rng};
pub use explain::{analyze_in, explain};
pub use search::{Frame, Judgement, Solution, Solver, Stats, DEFAULT_TABLE_BYTES};
pub use valuation::{contracts, declarer_contracts, ContractsReport};

/// The rules beyond the vocabulary: legal play and the called ace's constraints, the card
/// orders, which contracts a seat may announce (and who declares in German Schafkopf), and
/// the parts of scoring a front end shows on their own.
pub mod rules {
    pub use crate::announce::{
        announceable, callable_aces, german_declaration, may_offer_bauernhochzeit,
        may_offer_hochzeit, GermanDeclaration,
    };
    pub use crate::contract::holds_sie;
    pub use crate::game::{announceable_on, choices};
    pub use crate::legal::{CalledAce, PlayRules, RunAway};
    pub use crate::order::{Group, Order};
    pub use crate::settle::{declared_payouts, german_points, laufende_held, laufende_paid};
}

/// What the tests hold the solver with: the naive minimax it is checked against card by
/// card, and the switches that turn each technique off.
pub mod testing {
    pub use crate::search::naive::{naive_solve, naive_value_in};
    pub use crate::search::Techniques;
}

/// The example Sauspiel's deal, shared by the unit tests: seat 0 `HO GU SU HA H9 H8 GK G8`,
/// seat 1 `GO EU HU H7 EA E9 SK S7`, seat 2 `EO SO HK EZ E8 E7 SA S9`, seat 3 `HZ EK GA GZ
/// G9 G7 SZ S8`, under `contract` (a record's JSON), nothing played.
#[cfg(test)]
pub(crate) fn example_setup(contract: &str) -> Setup {
    let line = format!(
        r#"{{"hands": ["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7",
          "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"], "contract": {contract}}}"#
    );
    Record::from_json(&line)
        .unwrap()
        .game()
        .unwrap()
        .setup()
        .clone()
}
