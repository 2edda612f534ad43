//! The SQLite store (the embedded default): migrations by the database's `user_version`,
//! the journal in WAL mode with full sync (an answered `201` survives a crash or power
//! loss), every write one transaction, one connection held briefly per operation.

use super::model::{Filter, GameSummary, NewGame, Page, StoreError};
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::Mutex;

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
    // 3: the revision of the answers that computed each analysis (0: before it was kept).
    "ALTER TABLE analyses ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;",
];

pub struct Sqlite {
    /// One connection, held briefly per operation: SQLite serialises writers anyway, and
    /// every operation here is a few indexed statements.
    conn: Mutex<Connection>,
}

/// A full disk, a database locked past the busy timeout, a file that cannot be opened or
/// written: the database is unavailable (503, retry later); anything else is a fault.
impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        use rusqlite::ErrorCode::*;
        match e.sqlite_error_code() {
            Some(
                DiskFull | DatabaseBusy | DatabaseLocked | CannotOpen | SystemIoFailure | ReadOnly
                | OutOfMemory,
            ) => StoreError::Unavailable(e.to_string()),
            _ => StoreError::Db(e.to_string()),
        }
    }
}

impl Sqlite {
    /// Opens (or creates) the database and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Sqlite, StoreError> {
        let open = |source: rusqlite::Error| StoreError::Open {
            db: path.display().to_string(),
            fault: source.to_string(),
        };
        let conn = Connection::open(path).map_err(open)?;
        Sqlite::init(conn).map_err(open)
    }

    fn init(mut conn: Connection) -> rusqlite::Result<Sqlite> {
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
        Ok(Sqlite {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a transaction half done (rusqlite
        // rolls back on drop), so a poisoned lock still guards a consistent database.
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A round trip to the database.
    pub fn ping(&self) -> Result<(), StoreError> {
        self.conn()
            .query_row("SELECT count(*) FROM sqlite_master", [], |_| Ok(()))?;
        Ok(())
    }

    /// Stores a game; `Duplicate` if the id is taken.
    pub fn insert(&self, game: &NewGame) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let inserted = tx.execute(
            "INSERT INTO games (id, record, game, declarer) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (id) DO NOTHING",
            params![game.id, game.text, game.game, game.declarer],
        )?;
        if inserted == 0 {
            return Err(StoreError::Duplicate(game.id.to_string()));
        }
        for (seat, name) in game.players.iter().enumerate() {
            tx.execute(
                "INSERT INTO game_players (game_id, seat, name) VALUES (?1, ?2, ?3)",
                params![game.id, seat as i64, name],
            )?;
        }
        Ok(tx.commit()?)
    }

    pub fn get(&self, id: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn()
            .query_row("SELECT record FROM games WHERE id = ?1", [id], |r| r.get(0))
            .optional()?)
    }

    /// Whether a game was there to delete.
    pub fn delete(&self, id: &str) -> Result<bool, StoreError> {
        Ok(self
            .conn()
            .execute("DELETE FROM games WHERE id = ?1", [id])?
            > 0)
    }

    pub fn analysis(&self, id: &str, view: &str) -> Result<Option<(String, u32)>, StoreError> {
        Ok(self
            .conn()
            .query_row(
                "SELECT analysis, revision FROM analyses WHERE game_id = ?1 AND view = ?2",
                [id, view],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?)
    }

    /// Keeps an analysis of `revision`: where one of the same revision is there already it
    /// stays, one of another revision is replaced.
    pub fn put_analysis(
        &self,
        id: &str,
        view: &str,
        analysis: &str,
        revision: u32,
    ) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO analyses (game_id, view, analysis, revision) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (game_id, view) DO UPDATE
                 SET analysis = excluded.analysis, revision = excluded.revision,
                     created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
                 WHERE analyses.revision <> excluded.revision",
            params![id, view, analysis, revision],
        )?;
        Ok(())
    }

    /// How many games the filter lets through.
    pub fn count(&self, filter: &Filter) -> Result<u64, StoreError> {
        let total: i64 = self.conn().query_row(
            &format!("SELECT COUNT(*) {FILTER}"),
            filter_params(filter).as_slice(),
            |r| r.get(0),
        )?;
        Ok(total.max(0) as u64)
    }

    /// The records the filter lets through, with their ids, oldest first.
    pub fn records(&self, filter: &Filter) -> Result<Vec<(String, String)>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(&format!(
            "SELECT g.id, g.record {FILTER} ORDER BY g.created_at, g.rowid"
        ))?;
        let rows = stmt.query_map(filter_params(filter).as_slice(), |r| {
            Ok((r.get(0)?, r.get(1)?))
        })?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }

    /// A page of the games the filter lets through, and how many it lets through.
    pub fn list(&self, filter: &Filter, page: Page) -> Result<(Vec<GameSummary>, u64), StoreError> {
        let conn = self.conn();
        let filtered = filter_params(filter);
        let total: i64 = conn
            .query_row(
                &format!("SELECT COUNT(*) {FILTER}"),
                filtered.as_slice(),
                |r| r.get(0),
            )
            .map_err(StoreError::from)?;
        let mut stmt = conn
            .prepare(&format!(
                "SELECT g.id, g.game, g.declarer, g.created_at,
                        (SELECT json_group_array(name) FROM
                           (SELECT name FROM game_players p WHERE p.game_id = g.id ORDER BY seat))
                 {FILTER} ORDER BY {} LIMIT ?6 OFFSET ?7",
                page.order.sql("g.rowid")
            ))
            .map_err(StoreError::from)?;
        let paged: Vec<&dyn rusqlite::ToSql> = filtered
            .into_iter()
            .chain([&page.limit as &dyn rusqlite::ToSql, &page.offset])
            .collect();
        let rows = stmt
            .query_map(paged.as_slice(), |r| {
                let players: String = r.get(4)?;
                Ok(GameSummary {
                    id: r.get(0)?,
                    game: r.get(1)?,
                    declarer: r.get(2)?,
                    created_at: r.get(3)?,
                    players: serde_json::from_str(&players).unwrap_or_default(),
                })
            })
            .map_err(StoreError::from)?;
        let games = rows
            .collect::<Result<Vec<_>, _>>()
            .map_err(StoreError::from)?;
        Ok((games, total.max(0) as u64))
    }
}

/// The filter's values as [`FILTER`]'s parameters `?1` to `?5`.
fn filter_params(f: &Filter) -> [&dyn rusqlite::ToSql; 5] {
    [&f.player, &f.game, &f.since, &f.until, &f.id]
}

/// The games the list's filters let through (`?1` player, `?2` game, `?3` since, `?4`
/// until, `?5` text the id contains: `instr`, so that `%` and `_` are plain text).
const FILTER: &str = "FROM games g
     WHERE (?1 IS NULL OR EXISTS (SELECT 1 FROM game_players p
                                   WHERE p.game_id = g.id AND p.name = ?1))
       AND (?2 IS NULL OR g.game = ?2)
       AND (?3 IS NULL OR g.created_at >= ?3)
       AND (?4 IS NULL OR g.created_at < ?4)
       AND (?5 IS NULL OR instr(g.id, ?5) > 0)";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_schema_store_keeps_its_analyses_as_double_dummy_of_revision_0() {
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
        let store = Sqlite::open(&path).unwrap();
        // Kept as double dummy, of revision 0 (before revisions were kept).
        let found = |view: &str| store.analysis("g", view).unwrap();
        assert_eq!(
            found("double_dummy"),
            Some(("{\"start\": 40}".to_string(), 0))
        );
        assert_eq!(found("players:100:0"), None);
        store.put_analysis("g", "players:100:0", "{}", 2).unwrap();
        assert_eq!(found("players:100:0"), Some(("{}".to_string(), 2)));
        // One of the same revision stays; one of another is replaced.
        store
            .put_analysis("g", "players:100:0", "{\"b\": 1}", 2)
            .unwrap();
        assert_eq!(found("players:100:0"), Some(("{}".to_string(), 2)));
        store
            .put_analysis("g", "double_dummy", "{\"start\": 41}", 2)
            .unwrap();
        assert_eq!(
            found("double_dummy"),
            Some(("{\"start\": 41}".to_string(), 2))
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

    #[test]
    fn a_full_disk_is_unavailable_not_a_fault() {
        let dir = std::env::temp_dir().join(format!("schafkopf-full-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("full.db");
        let _ = std::fs::remove_file(&path);
        let store = Sqlite::open(&path).unwrap();
        // The database may grow no more: SQLite's own "database or disk is full".
        {
            let conn = store.conn();
            let pages: i64 = conn
                .pragma_query_value(None, "page_count", |r| r.get(0))
                .unwrap();
            conn.pragma_update(None, "max_page_count", pages).unwrap();
        }
        let text = "x".repeat(100_000);
        let game = NewGame {
            id: "big",
            text: &text,
            game: None,
            declarer: None,
            players: &[],
        };
        let e = store.insert(&game).unwrap_err();
        assert!(matches!(e, StoreError::Unavailable(_)), "{e:?}");
        assert!(store.ping().is_ok());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
