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

mod analysis;
mod announce;
mod cards;
mod contract;
mod deal;
mod error;
mod explain;
pub mod formats;
mod game;
mod json;
mod ledger;
mod legal;
mod odds;
mod options;
mod order;
mod pack;
mod parallel;
mod record;
mod round;
mod search;
mod seat;
mod settle;
mod valuation;
mod worlds;

pub use analysis::{
    analyze, analyze_players, judge_single_dummy, play_single_dummy, Analysis, AnalysisView,
    CostLines, PlayAnalysis, PlayerSummary, SingleDummy, SingleDummySummary,
};
pub use announce::{
    announceable, callable_aces, german_declaration, may_offer_bauernhochzeit, may_offer_hochzeit,
    GermanDeclaration,
};
pub use cards::{Card, Cards, Deck, ParseCardError, ParseCardsError, ParseSuitError, Rank, Suit};
pub use contract::{
    holds_sie, CalledRank, Contract, GameName, Measure, Partners, Solo, Variant, Wenzels,
};
pub use deal::{random_deal, Rng};
pub use error::{Error, IllegalReason, Unsettled};
pub use explain::{analyze_in, explain};
pub use game::{announceable_on, Deal, Game, Setup, Trick};
pub use ledger::{
    Account, Judged, Ledger, LedgerEntry, LedgerJudging, LedgerTotals, MatchState, MatchWon,
    PlayedOut,
};
pub use legal::{CalledAce, PlayRules, RunAway};
pub use odds::{odds, ContractOdds, Estimate, HandOdds, HandQuestion, OddsChoice};
pub use options::{
    AllPass, BockEvent, Doublings, Durchmarsch, GermanTrump, Jungfrau, Options, RamschForm,
    RamschTie, RunAwayCount, SchieberThrownIn, Schwarz, ShortSie, SieValue, StockRule, Tariff,
    MAX_AMOUNT,
};
pub use order::{Group, Order};
pub use pack::Pack;
pub use record::{CardText, ContractSpec, Meta, PassSpec, Record};
pub use round::{Pass, Round};
pub use search::{Frame, Judgement, Solution, Solver, Stats, DEFAULT_TABLE_BYTES};

/// What the tests hold the solver with: the naive minimax it is checked against card by
/// card, and the switches that turn each technique off.
pub mod testing {
    pub use crate::search::naive::{naive_solve, naive_value_in};
    pub use crate::search::Techniques;
}
pub use seat::{BySeat, Seat, Seats};
pub use settle::{
    declared_payouts, german_points, laufende_held, laufende_paid, DeclaredOutcome, Outcome, Score,
    Targets,
};
pub use valuation::{
    contracts, declarer_contracts, evaluate, AllPassRamsch, Choice, ContractValue, ContractsReport,
    Declared, SeatContracts, Valuation,
};
pub use worlds::{Arrangements, Sampling, View, Worlds};
