//! What the store takes and answers, whichever database holds the games: a game to
//! write, a filter and a page of the listing (read and checked by the service), the rows
//! of a listing, and the store's faults.

use serde::Serialize;
use utoipa::ToSchema;

/// One page of a listing, as the database takes it.
#[derive(Copy, Clone, Debug)]
pub struct Page {
    pub limit: u32,
    pub offset: i64,
    pub order: Order,
}

/// The order of a listing, by the time each game was stored.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Order {
    #[default]
    OldestFirst,
    NewestFirst,
}

impl Order {
    /// The SQL `ORDER BY` keys of the listing, `tiebreak` the column that orders games
    /// stored in the same instant (the order they were inserted).
    pub fn sql(self, tiebreak: &str) -> String {
        match self {
            Order::OldestFirst => format!("g.created_at, {tiebreak}"),
            Order::NewestFirst => format!("g.created_at DESC, {tiebreak} DESC"),
        }
    }
}

/// A game as the store writes it.
pub struct NewGame<'a> {
    pub id: &'a str,
    /// The record as given.
    pub text: &'a str,
    pub game: Option<&'a str>,
    pub declarer: Option<i64>,
    /// Player names by seat (at most four).
    pub players: &'a [&'a str],
}

/// A stored game in a listing.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GameSummary {
    pub id: String,
    /// The contract's game (`sauspiel`, `ramsch`, ...), if the record has one.
    pub game: Option<String>,
    pub declarer: Option<u8>,
    /// Player names by seat, if the record has them.
    pub players: Vec<String>,
    /// When it was stored (UTC, RFC 3339).
    pub created_at: String,
}

/// A page of stored games.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GameList {
    pub games: Vec<GameSummary>,
    /// Games matching the filters, on all pages.
    pub total: u64,
    pub limit: u32,
    pub offset: u64,
}

/// What the store can answer instead of a result. The store speaks of games and queries;
/// the service turns these into HTTP answers (`problem.rs`).
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// No stored game has this id.
    #[error("no stored game has id '{0}'")]
    NotFound(String),
    /// A game with this id is stored already.
    #[error("a game with id '{0}' is already stored")]
    Duplicate(String),
    /// A filter or page of the listing that cannot mean anything (the message names it).
    #[error("{0}")]
    BadQuery(String),
    /// The database failed: the service's fault, not the request's.
    #[error("database error: {0}")]
    Db(String),
    /// The database cannot be reached or written now (its server is down, its disk is
    /// full): the request may succeed later.
    #[error("the database is unavailable: {0}")]
    Unavailable(String),
    /// The database could not be opened or brought up to date.
    #[error("{db}: {fault}")]
    Open { db: String, fault: String },
}

/// The filters of the game list and the ledger, read and checked.
#[derive(Clone, Debug)]
pub struct Filter {
    pub player: Option<String>,
    /// Text the id contains.
    pub id: Option<String>,
    pub game: Option<&'static str>,
    pub since: Option<String>,
    pub until: Option<String>,
}
