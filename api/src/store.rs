//! The game store: SQLite through rusqlite. Schema migrations run at start-up (the
//! database's `user_version` says which have run), the journal is WAL with full sync (an
//! answered `201` survives a crash or power loss), and every write is one transaction.
//! Records are validated before they are stored and kept exactly as given.

use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Mutex;
use utoipa::{IntoParams, ToSchema};

/// Schema versions, in order; each runs once, in its own transaction.
const MIGRATIONS: &[&str] = &[
    // 1: games as given, their players for filtering, analyses computed once.
    "CREATE TABLE games (
         id TEXT PRIMARY KEY,
         record TEXT NOT NULL,
         game TEXT,
         declarer INTEGER,
         created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
     );
     CREATE INDEX games_created ON games (created_at);
     CREATE INDEX games_game ON games (game);
     CREATE TABLE game_players (
         game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
         seat INTEGER NOT NULL,
         name TEXT NOT NULL,
         PRIMARY KEY (game_id, seat)
     );
     CREATE INDEX game_players_name ON game_players (name);
     CREATE TABLE analyses (
         game_id TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
         analysis TEXT NOT NULL,
         created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
     );",
    // 2: analyses by view (`double_dummy`, or the players' view with its sampling), the
    // ones computed before kept as double dummy.
    "CREATE TABLE analyses_by_view (
         game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
         view TEXT NOT NULL,
         analysis TEXT NOT NULL,
         created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
         PRIMARY KEY (game_id, view)
     );
     INSERT INTO analyses_by_view (game_id, view, analysis, created_at)
         SELECT game_id, 'double_dummy', analysis, created_at FROM analyses;
     DROP TABLE analyses;
     ALTER TABLE analyses_by_view RENAME TO analyses;",
];

pub struct Store {
    /// One connection, held briefly per operation: SQLite serialises writers anyway, and
    /// every operation here is a few indexed statements.
    conn: Mutex<Connection>,
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
    Db(#[from] rusqlite::Error),
    /// The database file could not be opened or brought up to date.
    #[error("{path}: {source}")]
    Open {
        path: String,
        source: rusqlite::Error,
    },
}

impl Store {
    /// Opens (or creates) the database and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let open = |source| StoreError::Open {
            path: path.display().to_string(),
            source,
        };
        let conn = Connection::open(path).map_err(open)?;
        Store::init(conn).map_err(open)
    }

    fn init(mut conn: Connection) -> rusqlite::Result<Store> {
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(version.max(0) as usize) {
            let tx = conn.transaction()?;
            tx.execute_batch(sql)?;
            tx.pragma_update(None, "user_version", i as i64 + 1)?;
            tx.commit()?;
        }
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a transaction half done (rusqlite
        // rolls back on drop), so a poisoned lock still guards a consistent database.
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Stores a validated record under `id`; 409 if the id is taken.
    pub fn insert(&self, id: &str, text: &str, record: &solver::Record) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(StoreError::from)?;
        // The game's own name, however the record spelt it (`Rufspiel`: `sauspiel`).
        let game = record.contract.as_ref().map(|c| {
            c.game
                .parse::<solver::GameName>()
                .map_or(c.game.clone(), |g| g.name().to_string())
        });
        let declarer = record.contract.as_ref().and_then(|c| c.declarer);
        let inserted = tx
            .execute(
                "INSERT INTO games (id, record, game, declarer) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (id) DO NOTHING",
                params![id, text, game, declarer],
            )
            .map_err(StoreError::from)?;
        if inserted == 0 {
            return Err(StoreError::Duplicate(id.to_string()));
        }
        for (seat, name) in record.players.iter().flatten().enumerate().take(4) {
            tx.execute(
                "INSERT INTO game_players (game_id, seat, name) VALUES (?1, ?2, ?3)",
                params![id, seat as i64, name],
            )
            .map_err(StoreError::from)?;
        }
        Ok(tx.commit()?)
    }

    /// The record as it was given.
    pub fn get(&self, id: &str) -> Result<String, StoreError> {
        self.conn()
            .query_row("SELECT record FROM games WHERE id = ?1", [id], |r| r.get(0))
            .optional()
            .map_err(StoreError::from)?
            .ok_or_else(|| StoreError::NotFound(id.to_string()))
    }

    pub fn delete(&self, id: &str) -> Result<(), StoreError> {
        let deleted = self
            .conn()
            .execute("DELETE FROM games WHERE id = ?1", [id])
            .map_err(StoreError::from)?;
        if deleted == 0 {
            return Err(StoreError::NotFound(id.to_string()));
        }
        Ok(())
    }

    /// The stored analysis of a game in a view (`double_dummy`, or the players' view with
    /// its sampling, as [`crate::query::ViewParams::key`] names it), if computed.
    pub fn analysis(&self, id: &str, view: &str) -> Result<Option<String>, StoreError> {
        self.conn()
            .query_row(
                "SELECT analysis FROM analyses WHERE game_id = ?1 AND view = ?2",
                [id, view],
                |r| r.get(0),
            )
            .optional()
            .map_err(StoreError::from)
    }

    /// Keeps an analysis; if another request stored one first, that one stays.
    pub fn put_analysis(&self, id: &str, view: &str, analysis: &str) -> Result<(), StoreError> {
        self.conn()
            .execute(
                "INSERT INTO analyses (game_id, view, analysis) VALUES (?1, ?2, ?3)
                 ON CONFLICT (game_id, view) DO NOTHING",
                params![id, view, analysis],
            )
            .map_err(StoreError::from)?;
        Ok(())
    }

    /// Every stored record the filters let through, oldest first (as `list` orders them),
    /// with its id; refused where more than `most` match.
    pub fn records(&self, filter: &Filter, most: u64) -> Result<Vec<(String, String)>, StoreError> {
        let conn = self.conn();
        let args = params![filter.player, filter.game, filter.since, filter.until];
        let total: i64 = conn
            .query_row(&format!("SELECT COUNT(*) {FILTER}"), args, |r| r.get(0))
            .map_err(StoreError::from)?;
        if total.max(0) as u64 > most {
            return Err(StoreError::BadQuery(format!(
                "{total} games match; at most {most} are counted at once: narrow the filters \
                 (player, game, since, until)"
            )));
        }
        let mut stmt = conn
            .prepare(&format!(
                "SELECT g.id, g.record {FILTER} ORDER BY g.created_at, g.rowid"
            ))
            .map_err(StoreError::from)?;
        let rows = stmt
            .query_map(args, |r| Ok((r.get(0)?, r.get(1)?)))
            .map_err(StoreError::from)?;
        rows.collect::<Result<Vec<_>, _>>()
            .map_err(StoreError::from)
    }

    pub fn list(&self, filters: &GameFilters, paging: &Paging) -> Result<GameList, StoreError> {
        let limit = bounded("limit", paging.limit.as_deref(), 50, 1, 500)? as u32;
        let offset = bounded("offset", paging.offset.as_deref(), 0, 0, 1_000_000_000)?;
        let Filter {
            player,
            game,
            since,
            until,
        } = Filter::of(filters)?;
        let filter = FILTER;
        let conn = self.conn();
        let args = params![player, game, since, until];
        let total: i64 = conn
            .query_row(&format!("SELECT COUNT(*) {filter}"), args, |r| r.get(0))
            .map_err(StoreError::from)?;
        let mut stmt = conn
            .prepare(&format!(
                "SELECT g.id, g.game, g.declarer, g.created_at,
                        (SELECT json_group_array(name) FROM
                           (SELECT name FROM game_players p WHERE p.game_id = g.id ORDER BY seat))
                 {filter} ORDER BY g.created_at, g.rowid LIMIT ?5 OFFSET ?6"
            ))
            .map_err(StoreError::from)?;
        let rows = stmt
            .query_map(
                params![
                    player,
                    game,
                    since,
                    until,
                    limit,
                    offset.min(i64::MAX as u64) as i64
                ],
                |r| {
                    let players: String = r.get(4)?;
                    Ok(GameSummary {
                        id: r.get(0)?,
                        game: r.get(1)?,
                        declarer: r.get(2)?,
                        created_at: r.get(3)?,
                        players: serde_json::from_str(&players).unwrap_or_default(),
                    })
                },
            )
            .map_err(StoreError::from)?;
        let games = rows
            .collect::<Result<Vec<_>, _>>()
            .map_err(StoreError::from)?;
        Ok(GameList {
            games,
            total: total.max(0) as u64,
            limit,
            offset,
        })
    }
}

/// The games the list's filters let through (`?1` player, `?2` game, `?3` since, `?4`
/// until).
const FILTER: &str = "FROM games g
     WHERE (?1 IS NULL OR EXISTS (SELECT 1 FROM game_players p
                                   WHERE p.game_id = g.id AND p.name = ?1))
       AND (?2 IS NULL OR g.game = ?2)
       AND (?3 IS NULL OR g.created_at >= ?3)
       AND (?4 IS NULL OR g.created_at < ?4)";

/// The filters of the game list and the ledger, read and checked.
pub struct Filter {
    player: Option<String>,
    game: Option<&'static str>,
    since: Option<String>,
    until: Option<String>,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_schema_store_keeps_its_analyses_as_double_dummy() {
        let dir = std::env::temp_dir().join(format!("schafkopf-migrate-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("v1.db");
        let _ = std::fs::remove_file(&path);
        {
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch(MIGRATIONS[0]).unwrap();
            conn.pragma_update(None, "user_version", 1).unwrap();
            conn.execute_batch(
                "INSERT INTO games (id, record) VALUES ('g', '{}');
                 INSERT INTO analyses (game_id, analysis) VALUES ('g', '{\"start\": 40}');",
            )
            .unwrap();
        }
        let store = Store::open(&path).unwrap();
        assert_eq!(
            store.analysis("g", "double_dummy").unwrap().as_deref(),
            Some("{\"start\": 40}")
        );
        assert_eq!(store.analysis("g", "players:100:0").unwrap(), None);
        store.put_analysis("g", "players:100:0", "{}").unwrap();
        assert_eq!(
            store.analysis("g", "players:100:0").unwrap().as_deref(),
            Some("{}")
        );
        // Deleting the game deletes every view's analysis.
        store.delete("g").unwrap();
        let left: i64 = store
            .conn()
            .query_row("SELECT count(*) FROM analyses", [], |r| r.get(0))
            .unwrap();
        assert_eq!(left, 0);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
