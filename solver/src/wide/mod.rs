//! Tables other than four seats with one pack (RULES.md section 15): von Alvensleben's
//! variants F to I, for six and eight players and with double packs.
//!
//! The four-seat game keeps its own types throughout the crate (a card set of 32 bits,
//! four seats, its search); these tables are a second instantiation of the same rules
//! over types that hold them: [`Faces`] (a hand that may hold two cards of one face, and
//! the Sixes), a [`Table`] of 3 to 8 seats, an [`Order`] over faces, and a search of
//! their own, so nothing in the four-seat path pays for them.

mod analysis;
mod contracts;
mod deal;
mod faces;
mod game;
mod judge;
pub mod naive;
pub mod odds;
mod order;
mod players;
mod questions;
mod record;
mod score;
mod search;
mod shown;
mod solution;
mod table;

pub use analysis::{Levels, Proved, TableAnalysis, TablePlay, TablePlayer};
pub use deal::{Deal, TableGame, DECLARE_AT};
pub use faces::{Face, Faces, FACES};
pub use game::{Game, PlayError, Position};
pub use order::{Group, Order, TRUMP};
pub use players::TableDecision;
pub use questions::{Answer, Limits, Questions};
pub use record::{TableRecord, ThreeContract};
pub use score::Score;
pub use search::{Exhausted, Search};
pub use shown::{sorted, title, tricks, TableBoard, TableTrick};
pub use solution::TableSolution;
pub use table::{Length, Letter, Table, TableError, EU, MAX_SEATS};
