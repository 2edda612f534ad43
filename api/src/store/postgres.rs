//! The PostgreSQL store (`--db postgres://...`): several service instances on one database
//! see each other's games at once. Start-up brings the schema up to date under an advisory
//! lock (instances starting together migrate once); every write is one transaction, and
//! a commit is durable before the `201` (the server's `synchronous_commit`).
//!
//! The connection lives on a thread of its own and takes one operation at a time from a
//! channel: the synchronous client runs a runtime of its own, which may be neither started
//! nor dropped on the service's; a connection the server dropped is opened again.

use super::model::{Filter, GameSummary, NewGame, Page, StoreError};
use postgres::{Client, NoTls};
use std::sync::mpsc;

/// When a row was written: UTC, RFC 3339 with milliseconds, the text the SQLite store
/// keeps (so the filters compare the same way).
macro_rules! now_text {
    () => {
        "to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"
    };
}

/// Schema versions, in order; all pending run in one transaction at start-up.
const MIGRATIONS: &[&str] = &[
    // 1: games as given, their players for filtering, analyses by view.
    concat!(
        "CREATE TABLE games (
         seq BIGSERIAL UNIQUE,
         id TEXT PRIMARY KEY,
         record TEXT NOT NULL,
         game TEXT,
         declarer BIGINT,
         created_at TEXT NOT NULL DEFAULT ",
        now_text!(),
        "
     );
     CREATE INDEX games_created ON games (created_at, seq);
     CREATE INDEX games_game ON games (game);
     CREATE TABLE game_players (
         game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
         seat BIGINT NOT NULL,
         name TEXT NOT NULL,
         PRIMARY KEY (game_id, seat)
     );
     CREATE INDEX game_players_name ON game_players (name);
     CREATE TABLE analyses (
         game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
         view TEXT NOT NULL,
         analysis TEXT NOT NULL,
         created_at TEXT NOT NULL DEFAULT ",
        now_text!(),
        ",
         PRIMARY KEY (game_id, view)
     );"
    ),
    // 2: the revision of the answers that computed each analysis (0: before it was kept).
    "ALTER TABLE analyses ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;",
];

/// The advisory lock key that serialises migrations ("sk" and the year the schema began).
const MIGRATION_LOCK: i64 = 0x736b_2026;

/// The games the list's filters let through (`$1` player, `$2` game, `$3` since, `$4`
/// until, `$5` text the id contains: `strpos`, so that `%` and `_` are plain text).
const FILTER: &str = "FROM games g
     WHERE ($1::text IS NULL OR EXISTS (SELECT 1 FROM game_players p
                                         WHERE p.game_id = g.id AND p.name = $1))
       AND ($2::text IS NULL OR g.game = $2)
       AND ($3::text IS NULL OR g.created_at >= $3)
       AND ($4::text IS NULL OR g.created_at < $4)
       AND ($5::text IS NULL OR strpos(g.id, $5) > 0)";

/// One operation on the connection, run on its thread.
type Job = Box<dyn FnOnce(&mut Client) + Send>;

pub struct Postgres {
    jobs: mpsc::Sender<Job>,
}

/// The server cannot be reached (no answer, a connection lost, a server shutting down or
/// out of resources such as disk): unavailable (503, retry later); anything the server
/// refused otherwise is a fault.
impl From<postgres::Error> for StoreError {
    fn from(e: postgres::Error) -> StoreError {
        let unavailable = match e.as_db_error() {
            None => true,
            Some(db) => {
                let code = db.code().code();
                code.starts_with("08") || code.starts_with("53") || code.starts_with("57P")
            }
        };
        match unavailable {
            true => StoreError::Unavailable(describe(&e)),
            false => StoreError::Db(describe(&e)),
        }
    }
}

/// The server's own message where it sent one (`relation ... does not exist`), else the
/// client's.
fn describe(e: &postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("{}: {}", db.severity(), db.message()),
        None => e.to_string(),
    }
}

impl Postgres {
    /// Connects, brings the schema up to date, and starts the connection's thread.
    pub fn open(url: &str) -> Result<Postgres, StoreError> {
        let shown = without_password(url);
        let fault = {
            let shown = shown.clone();
            move |fault: String| StoreError::Open {
                db: shown.clone(),
                fault,
            }
        };
        let open = {
            let fault = fault.clone();
            move |e: postgres::Error| fault(describe(&e))
        };
        let (jobs, queue) = mpsc::channel::<Job>();
        let (ready, opened) = mpsc::channel();
        let mut config = url.parse::<postgres::Config>().map_err(&open)?;
        // A server that does not answer fails a connection in seconds, not never.
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(std::time::Duration::from_secs(5));
        }
        std::thread::Builder::new()
            .name("postgres".to_string())
            .spawn(move || {
                let connect = || -> Result<Client, postgres::Error> {
                    let mut client = config.connect(NoTls)?;
                    migrate(&mut client)?;
                    Ok(client)
                };
                let mut client = match connect() {
                    Ok(c) => c,
                    Err(e) => {
                        let _ = ready.send(Err(open(e)));
                        return;
                    }
                };
                let _ = ready.send(Ok(()));
                // Until the store is dropped: each job on the connection, opened again
                // first if the server closed it (a failed reconnect fails the job).
                for job in queue {
                    if client.is_closed() {
                        match config.connect(NoTls) {
                            Ok(c) => client = c,
                            Err(e) => tracing::error!("postgres: {}", describe(&e)),
                        }
                    }
                    job(&mut client);
                }
            })
            .map_err(|e| fault(e.to_string()))?;
        opened.recv().map_err(|_| stopped())??;
        Ok(Postgres { jobs })
    }

    /// Runs `f` on the connection's thread and waits for its answer.
    fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Client) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (answer, answered) = mpsc::channel();
        let job: Job = Box::new(move |client| {
            let _ = answer.send(f(client));
        });
        self.jobs.send(job).map_err(|_| stopped())?;
        answered.recv().map_err(|_| stopped())?
    }

    /// A round trip to the server.
    pub fn ping(&self) -> Result<(), StoreError> {
        self.run(|client| {
            client.simple_query("SELECT 1")?;
            Ok(())
        })
    }

    pub fn insert(&self, game: &NewGame) -> Result<(), StoreError> {
        let (id, text) = (game.id.to_string(), game.text.to_string());
        let (name, declarer) = (game.game.map(str::to_string), game.declarer);
        let players: Vec<String> = game.players.iter().map(|p| p.to_string()).collect();
        self.run(move |client| {
            let mut tx = client.transaction()?;
            let inserted = tx.execute(
                "INSERT INTO games (id, record, game, declarer) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (id) DO NOTHING",
                &[&id, &text, &name, &declarer],
            )?;
            if inserted == 0 {
                return Err(StoreError::Duplicate(id));
            }
            for (seat, player) in players.iter().enumerate() {
                tx.execute(
                    "INSERT INTO game_players (game_id, seat, name) VALUES ($1, $2, $3)",
                    &[&id, &(seat as i64), player],
                )?;
            }
            Ok(tx.commit()?)
        })
    }

    pub fn get(&self, id: &str) -> Result<Option<String>, StoreError> {
        let id = id.to_string();
        self.run(move |client| {
            let row = client.query_opt("SELECT record FROM games WHERE id = $1", &[&id])?;
            Ok(row.map(|r| r.get(0)))
        })
    }

    /// Whether a game was there to delete.
    pub fn delete(&self, id: &str) -> Result<bool, StoreError> {
        let id = id.to_string();
        self.run(move |client| Ok(client.execute("DELETE FROM games WHERE id = $1", &[&id])? > 0))
    }

    pub fn analysis(&self, id: &str, view: &str) -> Result<Option<(String, u32)>, StoreError> {
        let (id, view) = (id.to_string(), view.to_string());
        self.run(move |client| {
            let row = client.query_opt(
                "SELECT analysis, revision FROM analyses WHERE game_id = $1 AND view = $2",
                &[&id, &view],
            )?;
            Ok(row.map(|r| (r.get(0), r.get::<_, i64>(1) as u32)))
        })
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
        let (id, view, analysis) = (id.to_string(), view.to_string(), analysis.to_string());
        let revision = i64::from(revision);
        self.run(move |client| {
            client.execute(
                concat!(
                    "INSERT INTO analyses (game_id, view, analysis, revision)
                     VALUES ($1, $2, $3, $4)
                     ON CONFLICT (game_id, view) DO UPDATE
                         SET analysis = excluded.analysis, revision = excluded.revision,
                             created_at = ",
                    now_text!(),
                    "
                         WHERE analyses.revision <> excluded.revision"
                ),
                &[&id, &view, &analysis, &revision],
            )?;
            Ok(())
        })
    }

    /// How many games the filter lets through.
    pub fn count(&self, filter: &Filter) -> Result<u64, StoreError> {
        let f = filter.clone();
        self.run(move |client| {
            let row = client.query_one(
                &format!("SELECT COUNT(*) {FILTER}"),
                &[&f.player, &f.game, &f.since, &f.until, &f.id],
            )?;
            Ok(row.get::<_, i64>(0).max(0) as u64)
        })
    }

    /// The records the filter lets through, with their ids, oldest first.
    pub fn records(&self, filter: &Filter) -> Result<Vec<(String, String)>, StoreError> {
        let f = filter.clone();
        self.run(move |client| {
            let rows = client.query(
                &format!("SELECT g.id, g.record {FILTER} ORDER BY g.created_at, g.seq"),
                &[&f.player, &f.game, &f.since, &f.until, &f.id],
            )?;
            Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
        })
    }

    /// A page of the games the filter lets through, and how many it lets through.
    pub fn list(&self, filter: &Filter, page: Page) -> Result<(Vec<GameSummary>, u64), StoreError> {
        let total = self.count(filter)?;
        let f = filter.clone();
        let games = self.run(move |client| {
            let rows = client.query(
                &format!(
                    "SELECT g.id, g.game, g.declarer, g.created_at,
                            (SELECT coalesce(json_agg(name ORDER BY seat), '[]'::json)::text
                               FROM game_players p WHERE p.game_id = g.id)
                     {FILTER} ORDER BY {} LIMIT $6 OFFSET $7",
                    page.order.sql("g.seq")
                ),
                &[
                    &f.player,
                    &f.game,
                    &f.since,
                    &f.until,
                    &f.id,
                    &i64::from(page.limit),
                    &page.offset,
                ],
            )?;
            Ok(rows
                .iter()
                .map(|r| {
                    let players: String = r.get(4);
                    GameSummary {
                        id: r.get(0),
                        game: r.get(1),
                        declarer: r
                            .get::<_, Option<i64>>(2)
                            .and_then(|d| u8::try_from(d).ok()),
                        created_at: r.get(3),
                        players: serde_json::from_str(&players).unwrap_or_default(),
                    }
                })
                .collect())
        })?;
        Ok((games, total))
    }
}

/// The connection's thread has stopped (it cannot while the store lives, but for a panic).
fn stopped() -> StoreError {
    StoreError::Unavailable("the connection to the database has stopped".to_string())
}

/// Runs the pending migrations in one transaction, under a lock that makes instances
/// starting together take turns (the second finds the schema up to date).
fn migrate(client: &mut Client) -> Result<(), postgres::Error> {
    let mut tx = client.transaction()?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS schafkopf_schema (version INTEGER NOT NULL)")?;
    let version: i32 = match tx.query_opt("SELECT version FROM schafkopf_schema", &[])? {
        Some(row) => row.get(0),
        None => {
            tx.execute("INSERT INTO schafkopf_schema (version) VALUES (0)", &[])?;
            0
        }
    };
    for sql in MIGRATIONS.iter().skip(version.max(0) as usize) {
        tx.batch_execute(sql)?;
    }
    tx.execute(
        "UPDATE schafkopf_schema SET version = $1",
        &[&(MIGRATIONS.len() as i32)],
    )?;
    tx.commit()
}

/// A connection URL fit to print: the password left out.
pub fn without_password(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let user = &url[scheme + 3..at];
            let name = user.split(':').next().unwrap_or("");
            format!("{}{name}@{}", &url[..scheme + 3], &url[at + 1..])
        }
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_printed_url_leaves_the_password_out() {
        assert_eq!(
            without_password("postgres://club:secret@db.example:5432/games"),
            "postgres://club@db.example:5432/games"
        );
        assert_eq!(
            without_password("postgresql://localhost/games"),
            "postgresql://localhost/games"
        );
        assert_eq!(without_password("schafkopf.db"), "schafkopf.db");
    }
}
