//! The service's own answers (`Created`, `Imported`, `Health`). Records, solutions,
//! analyses and reports are the library's own types, which carry their schemas (its
//! `openapi` feature): the type sent is the type documented.

use serde::Serialize;
use utoipa::ToSchema;

/// What `POST /api/v1/games` stored: one record's id, or for a log the ids stored and the
/// games that failed.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum Stored {
    One(Created),
    Log(Imported),
}

/// What `POST /api/v1/solve` answers: the double-dummy solution, or with `view=players`
/// the decision judged by what the player to move could know.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum Solved {
    DoubleDummy(solver::Solution),
    Players(solver::single_dummy::Decision),
    /// A game at another table (von Alvensleben's F to I, three players).
    Table(solver::wide::TableSolution),
    /// At three with `view=players`: the decision by what the player to move could know.
    TablePlayers(solver::wide::TableDecision),
}

/// A record as posted: a four-seat game's, or with `table` a game at von Alvensleben's
/// tables F to I or at three (INTERFACE.md section 1).
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
#[schema(example = json!({
    "id": "sauspiel-1180324214",
    "hands": ["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7",
              "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"],
    "contract": {"game": "sauspiel", "suit": "G", "declarer": 0},
    "play": "H8 H7 HK HZ G7 G8 HU SO SA S8 HA S7",
    "players": ["Sepp", "Resi", "Hans", "Vroni"]
}))]
#[allow(dead_code, clippy::large_enum_variant)] // Described, never built: the body is read by the library's parsers.
pub enum Posted {
    Four(solver::Record),
    Table(solver::wide::TableRecord),
}

/// What `POST /api/v1/board` answers: a four-seat game's board, or another table's.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code, clippy::large_enum_variant)]
pub enum Boarded {
    Four(solver::board::Board),
    Table(solver::wide::TableBoard),
}

/// What an analysis answers: a four-seat game's, or another table's.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code, clippy::large_enum_variant)]
pub enum Analysed {
    Four(solver::Analysis),
    Table(solver::wide::TableAnalysis),
}

/// A stored game's id.
#[derive(Serialize, ToSchema)]
#[schema(example = json!({"id": "sauspiel-1180324214"}))]
pub struct Created {
    pub id: String,
}

/// The games of a log: the ids stored, and each game that could not be, by line.
#[derive(Serialize, ToSchema)]
#[schema(example = json!({"ids": ["upload-e6f74c21:1"], "failed": []}))]
pub struct Imported {
    pub ids: Vec<String>,
    pub failed: Vec<Failed>,
}

/// A game of a log that was not stored.
#[derive(Serialize, ToSchema)]
pub struct Failed {
    pub line: usize,
    pub code: String,
    pub detail: String,
}

/// Whether the service can serve: `ok`, or `degraded` (answered with 503) while its
/// database cannot be reached, `store` saying why.
#[derive(Serialize, ToSchema)]
#[schema(example = json!({"status": "ok", "store": "ok", "workers": 2, "pending": 0}))]
pub struct Health {
    /// `ok` or `degraded`.
    pub status: String,
    /// `ok`, or what is wrong with the database.
    pub store: String,
    /// Solver worker threads.
    pub workers: usize,
    /// Solve requests accepted and not yet finished.
    pub pending: usize,
}

/// The ledger over stored games (`GET /api/v1/ledger`): each game counted in order, the
/// games that could not be, and every player's account.
#[derive(Serialize, ToSchema)]
pub struct LedgerReport {
    pub games: Vec<solver::ledger::LedgerEntry>,
    pub failed: Vec<LedgerFault>,
    pub totals: solver::ledger::LedgerTotals,
}

/// The ledger of an evening at one of von Alvensleben's tables or at three: each game
/// counted (game points towards the match to nine, or at three money), the games that
/// could not be, and the accounts.
#[derive(Serialize, ToSchema)]
pub struct TableLedgerReport {
    pub games: Vec<solver::ledger::TableEntry>,
    pub failed: Vec<LedgerFault>,
    pub totals: solver::ledger::TableTotals,
}

/// What `GET /api/v1/ledger` answers: the four-seat ledger, or where the first game the
/// filters select is of another table, that table's.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code, clippy::large_enum_variant)] // Described, never built: each answer is one of them.
pub enum Ledgered {
    Four(LedgerReport),
    Table(TableLedgerReport),
}

/// A stored game the ledger could not count (no player names, a stock that does not
/// follow), left out of the totals.
#[derive(Serialize, ToSchema)]
pub struct LedgerFault {
    pub id: String,
    pub code: String,
    pub detail: String,
}
