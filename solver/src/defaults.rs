//! The defaults the command line and the service share: one table, so that a question asked
//! of either front end without its option gets the same answer (INTERFACE.md sections 3
//! and 4).

/// Worlds drawn per decision for the players' view (`analyze --view players`,
/// `?view=players`).
pub const ANALYSIS_WORLDS: usize = 100;

/// Deals drawn for a hand's odds (`odds`, `POST /api/v1/odds`).
pub const ODDS_DEALS: usize = 1000;

/// Worlds drawn per decision where the ledger plays each game out single dummy
/// (`ledger --single-dummy`, `?single_dummy=true`).
pub const LEDGER_WORLDS: usize = 20;

/// The revision of the answers: raised with every change to the engine that changes what
/// an answer says (a value, a verdict, a field). The service keeps each stored analysis
/// with the revision that computed it, and computes again where it is not this one.
pub const ANSWERS_REVISION: u32 = 4;
