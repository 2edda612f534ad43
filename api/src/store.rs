//! The game store, behind one interface: SQLite (the embedded default, a file) or
//! PostgreSQL (`--db postgres://...`, for several service instances on one database).
//! Each brings its schema up to date at start-up, keeps records exactly as given
//! (validated before they are stored) and makes every write one transaction.

mod postgres;
mod sqlite;

use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use utoipa::{IntoParams, ToSchema};

/// A store of either kind; each operation goes to the one opened. It remembers the last
/// time the database could not be reached, for `/health` ([`Store::health`]).
pub struct Store {
    backend: Backend,
    outage: Mutex<Option<(Instant, String)>>,
}

enum Backend {
    Sqlite(sqlite::Sqlite),
    Postgres(postgres::Postgres),
}

/// How long after an operation found the database unreachable `/health` still reports
/// it (unless an operation has succeeded since): long enough for a load balancer to see.
const OUTAGE_SHOWN: Duration = Duration::from_secs(30);

/// One page of a listing, as the database takes it.
#[derive(Copy, Clone, Debug)]
pub struct Page {
    pub limit: u32,
    pub offset: i64,
}

impl Store {
    /// Opens the store `db` names: a `postgres://` or `postgresql://` URL, else a SQLite
    /// file (created if missing); either is brought up to date.
    pub fn open(db: &str) -> Result<Store, StoreError> {
        let backend = if db.starts_with("postgres://") || db.starts_with("postgresql://") {
            Backend::Postgres(postgres::Postgres::open(db)?)
        } else {
            Backend::Sqlite(sqlite::Sqlite::open(Path::new(db))?)
        };
        Ok(Store {
            backend,
            outage: Mutex::new(None),
        })
    }

    /// Runs an operation on the backend, noting whether the database could be reached.
    fn on<T>(
        &self,
        sqlite: impl FnOnce(&sqlite::Sqlite) -> Result<T, StoreError>,
        postgres: impl FnOnce(&postgres::Postgres) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let result = match &self.backend {
            Backend::Sqlite(s) => sqlite(s),
            Backend::Postgres(p) => postgres(p),
        };
        let mut outage = self.outage.lock().unwrap_or_else(|p| p.into_inner());
        match &result {
            Err(StoreError::Unavailable(why)) => *outage = Some((Instant::now(), why.clone())),
            Err(StoreError::Db(_)) => {}
            _ => *outage = None,
        }
        result
    }

    /// Whether the database answers: a round trip now, and no operation that found it
    /// unreachable (a full disk, a server gone) in the last [`OUTAGE_SHOWN`] without one
    /// that succeeded since. The fault, if any, in words.
    pub fn health(&self) -> Result<(), String> {
        // A read alone: it says nothing of a full disk, and clears no outage a write saw.
        let ping = match &self.backend {
            Backend::Sqlite(s) => s.ping(),
            Backend::Postgres(p) => p.ping(),
        };
        ping.map_err(|e| e.to_string())?;
        let outage = self.outage.lock().unwrap_or_else(|p| p.into_inner());
        match outage.as_ref() {
            Some((at, why)) if at.elapsed() < OUTAGE_SHOWN => Err(format!(
                "the database was unavailable {} s ago: {why}",
                at.elapsed().as_secs()
            )),
            _ => Ok(()),
        }
    }

    /// Stores a validated record under `id`; 409 if the id is taken.
    pub fn insert(&self, id: &str, text: &str, record: &solver::Record) -> Result<(), StoreError> {
        // The game's own name, however the record spelt it (`Rufspiel`: `sauspiel`).
        let game = record.contract.as_ref().map(|c| {
            c.game
                .parse::<solver::GameName>()
                .map_or(c.game.clone(), |g| g.name().to_string())
        });
        let declarer = record.contract.as_ref().and_then(|c| c.declarer);
        let players: Vec<&str> = record
            .players
            .iter()
            .flatten()
            .take(4)
            .map(String::as_str)
            .collect();
        let row = NewGame {
            id,
            text,
            game: game.as_deref(),
            declarer,
            players: &players,
        };
        self.on(|s| s.insert(&row), |p| p.insert(&row))
    }

    /// The record as it was given.
    pub fn get(&self, id: &str) -> Result<String, StoreError> {
        self.on(|s| s.get(id), |p| p.get(id))
            .and_then(|found| found.ok_or_else(|| StoreError::NotFound(id.to_string())))
    }

    pub fn delete(&self, id: &str) -> Result<(), StoreError> {
        let deleted = self.on(|s| s.delete(id), |p| p.delete(id))?;
        if !deleted {
            return Err(StoreError::NotFound(id.to_string()));
        }
        Ok(())
    }

    /// The stored analysis of a game in a view (`double_dummy`, or the players' view with
    /// its sampling, as [`crate::query::ViewParams::key`] names it), if computed.
    pub fn analysis(&self, id: &str, view: &str) -> Result<Option<String>, StoreError> {
        self.on(|s| s.analysis(id, view), |p| p.analysis(id, view))
    }

    /// Keeps an analysis; if another request stored one first, that one stays.
    pub fn put_analysis(&self, id: &str, view: &str, analysis: &str) -> Result<(), StoreError> {
        self.on(
            |s| s.put_analysis(id, view, analysis),
            |p| p.put_analysis(id, view, analysis),
        )
    }

    /// Every stored record the filters let through, oldest first (as `list` orders them),
    /// with its id; refused where more than `most` match.
    pub fn records(&self, filter: &Filter, most: u64) -> Result<Vec<(String, String)>, StoreError> {
        let total = self.on(|s| s.count(filter), |p| p.count(filter))?;
        if total > most {
            return Err(StoreError::BadQuery(format!(
                "{total} games match; at most {most} are counted at once: narrow the filters \
                 (player, game, since, until)"
            )));
        }
        self.on(|s| s.records(filter), |p| p.records(filter))
    }

    pub fn list(&self, filters: &GameFilters, paging: &Paging) -> Result<GameList, StoreError> {
        let limit = bounded("limit", paging.limit.as_deref(), 50, 1, 500)? as u32;
        let offset = bounded("offset", paging.offset.as_deref(), 0, 0, 1_000_000_000)?;
        let filter = Filter::of(filters)?;
        let page = Page {
            limit,
            offset: offset as i64,
        };
        let (games, total) = self.on(|s| s.list(&filter, page), |p| p.list(&filter, page))?;
        Ok(GameList {
            games,
            total,
            limit,
            offset,
        })
    }
}

/// The store `db` names, fit to print (a PostgreSQL URL without its password).
pub fn display_name(db: &str) -> String {
    postgres::without_password(db)
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

/// The filters of `GET /api/v1/games` and `GET /api/v1/ledger`.
#[derive(Clone, Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GameFilters {
    /// Only games with a player of this name.
    pub player: Option<String>,
    /// Only games of this contract (`sauspiel`, `solo`, `wenz`, ..., `ramsch`).
    pub game: Option<String>,
    /// Only games stored on or after this date or time (`2026-11-29` or RFC 3339, UTC).
    #[param(pattern = r"^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?Z)?$")]
    pub since: Option<String>,
    /// Only games stored before this date or time (`2026-11-30` or RFC 3339, UTC).
    #[param(pattern = r"^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?Z)?$")]
    pub until: Option<String>,
}

/// The paging of `GET /api/v1/games`.
#[derive(Clone, Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Paging {
    /// Games per page (1 to 500, default 50).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 500)]
    pub limit: Option<String>,
    /// Games to skip (default 0).
    #[param(value_type = Option<u64>, maximum = 1_000_000_000)]
    pub offset: Option<String>,
}

/// A whole number of a query, as the store's faults.
fn bounded(
    name: &str,
    text: Option<&str>,
    default: u64,
    min: u64,
    max: u64,
) -> Result<u64, StoreError> {
    crate::query::bounded(name, text, default, min, max).map_err(StoreError::BadQuery)
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
    pub game: Option<&'static str>,
    pub since: Option<String>,
    pub until: Option<String>,
}

impl Filter {
    pub fn of(filters: &GameFilters) -> Result<Filter, StoreError> {
        let GameFilters {
            player,
            game,
            since,
            until,
        } = filters;
        let game = game
            .as_deref()
            .map(|g| {
                g.parse::<solver::GameName>()
                    .map(solver::GameName::name)
                    .map_err(|e| StoreError::BadQuery(format!("game: {e}")))
            })
            .transpose()?;
        if let Some(c) = player
            .iter()
            .flat_map(|p| p.chars())
            .find(|c| c.is_control())
        {
            return Err(StoreError::BadQuery(format!(
                "player holds a control character (U+{:04X}); no stored name does",
                c as u32
            )));
        }
        Ok(Filter {
            player: player.clone(),
            game,
            since: since
                .as_deref()
                .map(|t| timestamp(t, "since"))
                .transpose()?,
            until: until
                .as_deref()
                .map(|t| timestamp(t, "until"))
                .transpose()?,
        })
    }
}

/// A date (`2026-11-29`) or RFC 3339 UTC time, as stored timestamps compare: text in the
/// same format (`2026-11-29T10:00:00.000Z`).
fn timestamp(text: &str, name: &str) -> Result<String, StoreError> {
    let bad = || {
        StoreError::BadQuery(format!("{name} must be a date like 2026-11-29 or a UTC time like 2026-11-29T10:00:00Z, not '{text}'"),
        )
    };
    let b = text.as_bytes();
    let digits = |r: std::ops::Range<usize>| {
        b.get(r.clone())
            .is_some_and(|s| s.iter().all(u8::is_ascii_digit))
    };
    let number = |r: std::ops::Range<usize>| -> u32 {
        text.get(r).and_then(|s| s.parse().ok()).unwrap_or(0)
    };
    let date_ok = b.len() >= 10
        && digits(0..4)
        && b[4] == b'-'
        && digits(5..7)
        && b[7] == b'-'
        && digits(8..10);
    if !date_ok {
        return Err(bad());
    }
    // A date that exists: month 1 to 12, the day within the month.
    let (year, month, day) = (number(0..4), number(5..7), number(8..10));
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => 0,
    };
    if day == 0 || day > days {
        return Err(StoreError::BadQuery(format!(
            "{name}: there is no day {text:.10}"
        )));
    }
    if b.len() == 10 {
        return Ok(format!("{text}T00:00:00.000Z"));
    }
    let time_ok = b.len() >= 20
        && b[10] == b'T'
        && digits(11..13)
        && b[13] == b':'
        && digits(14..16)
        && b[16] == b':'
        && digits(17..19)
        && text.ends_with('Z')
        && (b.len() == 20 || (b[19] == b'.' && b.len() > 21 && digits(20..b.len() - 1)));
    if !time_ok {
        return Err(bad());
    }
    if number(11..13) > 23 || number(14..16) > 59 || number(17..19) > 59 {
        return Err(StoreError::BadQuery(format!(
            "{name}: there is no time {}",
            &text[11..19]
        )));
    }
    // Stored times have milliseconds: `...:00Z` becomes `...:00.000Z` to compare right.
    if b[19] == b'Z' {
        return Ok(format!("{}.000Z", &text[..19]));
    }
    Ok(text.to_string())
}
