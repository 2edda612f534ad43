//! The game store, behind one interface: SQLite (the embedded default, a file) or
//! PostgreSQL (`--db postgres://...`, for several service instances on one database).
//! Each brings its schema up to date at start-up, keeps records exactly as given
//! (validated before they are stored) and makes every write one transaction.

mod model;
mod postgres;
mod sqlite;

pub use model::{Filter, GameList, GameSummary, NewGame, Order, Page, StoreError};

use solver::defaults::ANSWERS_REVISION;
use solver::wide::{Deal, TableGame, TableRecord};
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A store of either kind; each operation goes to the one opened. It remembers the last
/// time the database could not be reached, for `/health` ([`Store::health`]).
/// The game a hand thrown in is listed (and filtered) under.
pub const THROWN_IN: &str = "thrown_in";

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

    /// Stores a validated record under `id`, listed as `listed` says; refused as a
    /// duplicate if the id is taken.
    pub fn insert(&self, id: &str, text: &str, listed: &Listed) -> Result<(), StoreError> {
        let players: Vec<&str> = listed.players.iter().map(String::as_str).collect();
        let row = NewGame {
            id,
            text,
            game: listed.game.as_deref(),
            declarer: listed.declarer,
            players: &players,
        };
        self.on(|s| s.insert(&row), |p| p.insert(&row))
    }

    /// The record as it was given.
    pub fn get(&self, id: &str) -> Result<String, StoreError> {
        storable(id)?;
        self.on(|s| s.get(id), |p| p.get(id))
            .and_then(|found| found.ok_or_else(|| StoreError::NotFound(id.to_string())))
    }

    pub fn delete(&self, id: &str) -> Result<(), StoreError> {
        storable(id)?;
        let deleted = self.on(|s| s.delete(id), |p| p.delete(id))?;
        if !deleted {
            return Err(StoreError::NotFound(id.to_string()));
        }
        Ok(())
    }

    /// The stored analysis of a game in a view (`double_dummy`, or the players' view with
    /// its sampling, as [`crate::query::ViewParams::key`] names it), if one was computed by
    /// this revision of the answers ([`ANSWERS_REVISION`]); one of another revision is as
    /// none, and is computed again.
    pub fn analysis(&self, id: &str, view: &str) -> Result<Option<String>, StoreError> {
        storable(id)?;
        let stored = self.on(|s| s.analysis(id, view), |p| p.analysis(id, view))?;
        Ok(stored
            .filter(|(_, revision)| *revision == ANSWERS_REVISION)
            .map(|(analysis, _)| analysis))
    }

    /// Keeps an analysis of this revision of the answers; if another request stored one
    /// first, that one stays (one of another revision is replaced).
    pub fn put_analysis(&self, id: &str, view: &str, analysis: &str) -> Result<(), StoreError> {
        self.put_analysis_of(id, view, analysis, ANSWERS_REVISION)
    }

    /// [`Store::put_analysis`] as computed by `revision` (the tests keep an old one).
    fn put_analysis_of(
        &self,
        id: &str,
        view: &str,
        analysis: &str,
        revision: u32,
    ) -> Result<(), StoreError> {
        self.on(
            |s| s.put_analysis(id, view, analysis, revision),
            |p| p.put_analysis(id, view, analysis, revision),
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

    /// One page of the stored games the filter lets through, oldest first.
    pub fn list(&self, filter: &Filter, page: Page) -> Result<GameList, StoreError> {
        let (games, total) = self.on(|s| s.list(filter, page), |p| p.list(filter, page))?;
        Ok(GameList {
            games,
            total,
            limit: page.limit,
            offset: page.offset as u64,
        })
    }
}

/// What the listing shows of a stored game: its game's name, its declarer, its players.
pub struct Listed {
    pub game: Option<String>,
    pub declarer: Option<i64>,
    pub players: Vec<String>,
}

impl Listed {
    /// A four-seat record: the game's own name, however the record spelt it (`Rufspiel`:
    /// `sauspiel`), a hand thrown in as one.
    pub fn of_record(record: &solver::Record) -> Listed {
        let game = match record.thrown_in {
            true => Some(THROWN_IN.to_string()),
            false => record.contract.as_ref().map(|c| {
                c.game
                    .parse::<solver::GameName>()
                    .map_or(c.game.clone(), |g| g.name().to_string())
            }),
        };
        Listed {
            game,
            declarer: record.contract.as_ref().and_then(|c| c.declarer),
            players: record.players.iter().flatten().take(4).cloned().collect(),
        }
    }

    /// A game at another table, its deal checked: von Alvensleben's games are German
    /// games (`german`), three players' their solo (`solo`, `wenz`, `geier`).
    pub fn of_table(record: &TableRecord, deal: &Deal) -> Listed {
        let game = match deal.game() {
            TableGame::Alvensleben(_) => solver::GameName::German.name(),
            TableGame::Three(contract) => contract.game_name(),
        };
        Listed {
            game: Some(game.to_string()),
            declarer: Some(deal.declarer() as i64),
            players: record.players.iter().flatten().cloned().collect(),
        }
    }
}

/// No game is found under an id that no record may have (over 200 characters, or holding a
/// control character such as a NUL): asked of no database, so that every store answers it
/// alike (PostgreSQL refuses a NUL in text outright).
fn storable(id: &str) -> Result<(), StoreError> {
    solver::record::check_id(id).map_err(|_| StoreError::NotFound(id.to_string()))
}

/// The store `db` names, fit to print (a PostgreSQL URL without its password).
pub fn display_name(db: &str) -> String {
    postgres::without_password(db)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An analysis computed by another revision of the answers is as none: asked again,
    /// the one computed now replaces it; one of this revision stays.
    #[test]
    fn an_analysis_of_another_revision_is_computed_again() {
        let dir = std::env::temp_dir().join(format!("schafkopf-revision-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("games.db");
        let store = Store::open(db.to_str().unwrap()).unwrap();
        let text = r#"{"hands": ["EO GO HO SO EU GU HU SU", "EA EZ EK E9 E8 E7 GA GZ",
            "GK G9 G8 G7 HA HZ HK H9", "H8 H7 SA SZ SK S9 S8 S7"]}"#;
        let record = solver::Record::from_json(text).unwrap();
        store
            .insert("g", text, &Listed::of_record(&record))
            .unwrap();
        store
            .put_analysis_of("g", "double_dummy", "{\"old\": 1}", ANSWERS_REVISION - 1)
            .unwrap();
        assert_eq!(store.analysis("g", "double_dummy").unwrap(), None);
        store
            .put_analysis("g", "double_dummy", "{\"new\": 1}")
            .unwrap();
        store
            .put_analysis("g", "double_dummy", "{\"later\": 1}")
            .unwrap();
        assert_eq!(
            store.analysis("g", "double_dummy").unwrap().as_deref(),
            Some("{\"new\": 1}")
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
