//! The Schafkopf rules engine: cards, contracts, legal play, hand records and scoring.
//!
//! This crate does no I/O: it turns hand records into games, checks every card against the
//! rules of `RULES.md`, and scores finished hands. The command line (`cli/`) and the
//! service (`api/`) are thin layers over it.
//!
//! ```
//! use solver::{Record, Score};
//! let line = r#"{"hands": ["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7",
//!   "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"],
//!   "contract": {"game": "sauspiel", "suit": "G", "declarer": 0},
//!   "play": "H8 H7 HK HZ G7 G8 HU SO SA S8 HA S7 SU GO EO G9 E7 EK H9 E9 HO EU S9 SZ GK SK E8 GA GZ GU EA EZ"}"#;
//! let game = Record::from_json(line)?.game()?;
//! let score = Score::of(&game)?;
//! assert_eq!(score.payouts, [20, -20, -20, 20]);
//! # Ok::<(), solver::Error>(())
//! ```

mod analysis;
mod announce;
mod cards;
mod contract;
mod contracts;
mod deal;
mod error;
pub mod formats;
mod game;
mod json;
mod legal;
mod options;
mod order;
mod record;
mod search;
mod seat;
mod settle;

pub use analysis::{analyze, Analysis, PlayAnalysis, PlayerSummary};
pub use announce::{
    announceable, callable_aces, german_declaration, may_offer_hochzeit, GermanDeclaration,
};
pub use cards::{parse_card_list, Card, Cards, Deck, ParseCardError, ParseSuitError, Rank, Suit};
pub use contract::{holds_sie, Class, Contract, GameName, Measure, Solo, Variant, Wenzels};
pub use contracts::{
    contracts, declarer_contracts, evaluate, AllPassRamsch, Choice, ContractValue, ContractsReport,
    Declared, SeatContracts, Valuation,
};
pub use deal::{random_deal, Rng};
pub use error::{Error, IllegalReason};
pub use game::{Deal, Game, Setup, Trick};
pub use legal::{CalledAce, PlayRules, RunAway};
pub use options::{
    AllPass, Doublings, Durchmarsch, Jungfrau, Options, RamschTie, RunAwayCount, Schwarz, ShortSie,
    SieValue, Tariff,
};
pub use order::{Group, Order};
pub use record::{CardText, ContractSpec, Meta, Record, MAX_AMOUNT};
pub use search::naive::{naive_solve, naive_value_in};
pub use search::{Frame, Judgement, Solution, Solver, Stats, Techniques, DEFAULT_TABLE_BYTES};
pub use seat::{BySeat, Seat, Seats};
pub use settle::{
    declared_payouts, laufende_held, laufende_paid, lost_schneider_threshold, won_schneider,
    DeclaredOutcome, Outcome, Score,
};
