//! A store outage: the service on a PostgreSQL server of its own (Debian's, started here in
//! a temporary directory), four writers storing games, and the server stopped under them
//! and started again. While it is down every request that needs it is answered 503 with
//! `Retry-After` (never 500) and `/health` says `degraded` with 503; once it is back the
//! writes succeed again, `/health` says `ok`, and every game answered 201 is stored.
//!
//! Without a PostgreSQL server on the machine the test says so and passes, unless
//! `SCHAFKOPF_REQUIRE_POSTGRES` is set (as `.ci/run` sets it after installing one).

use crate::common::{repo, send, Server};
use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A bound generous enough for a loaded machine: conditions are waited for, never times.
const PATIENCE: Duration = Duration::from_secs(120);

/// Debian's PostgreSQL server binaries, the newest version.
fn server_binaries() -> Option<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .flatten()
        .map(|e| e.path().join("bin"))
        .filter(|b| b.join("initdb").exists())
        .collect();
    found.sort();
    found.pop()
}

/// A private PostgreSQL server, stopped and removed when dropped.
struct Postgres {
    bin: PathBuf,
    dir: PathBuf,
    port: u16,
}

impl Postgres {
    fn command(&self, program: &str) -> Command {
        // The server will not run as root: as root it runs as the package's user.
        let root = Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| o.stdout.starts_with(b"0"));
        let mut c = if root {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(self.bin.join(program));
            c
        } else {
            Command::new(self.bin.join(program))
        };
        c.stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null());
        c
    }

    fn init(bin: PathBuf) -> Postgres {
        let dir = std::env::temp_dir().join(format!("schafkopf-outage-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let pg = Postgres { bin, dir, port };
        let _ = Command::new("chown")
            .args(["postgres"])
            .arg(&pg.dir)
            .status();
        let ok = pg
            .command("initdb")
            .arg("-D")
            .arg(pg.data())
            .args(["-A", "trust", "-U", "schafkopf"])
            .status()
            .unwrap();
        assert!(ok.success(), "initdb failed");
        pg.start();
        pg
    }

    fn data(&self) -> PathBuf {
        self.dir.join("data")
    }

    fn start(&self) {
        let ok = self
            .command("pg_ctl")
            .arg("-D")
            .arg(self.data())
            .arg("-l")
            .arg(self.dir.join("server.log"))
            .args(["-w", "-t", "120", "-o"])
            .arg(format!(
                "-p {} -k {} -c listen_addresses=127.0.0.1",
                self.port,
                self.dir.display()
            ))
            .arg("start")
            .status()
            .unwrap();
        assert!(ok.success(), "the server did not start");
    }

    fn stop(&self) {
        let ok = self
            .command("pg_ctl")
            .arg("-D")
            .arg(self.data())
            .args(["-m", "fast", "-w", "-t", "120", "stop"])
            .status()
            .unwrap();
        assert!(ok.success(), "the server did not stop");
    }

    fn url(&self) -> String {
        format!("postgres://schafkopf@127.0.0.1:{}/postgres", self.port)
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let _ = self
            .command("pg_ctl")
            .arg("-D")
            .arg(self.data())
            .args(["-m", "immediate", "stop"])
            .status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(
            start.elapsed() < PATIENCE,
            "{what}: not within {PATIENCE:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_database_outage_is_answered_503_and_health_says_degraded() {
    let Some(bin) = server_binaries() else {
        assert!(
            std::env::var_os("SCHAFKOPF_REQUIRE_POSTGRES").is_none(),
            "SCHAFKOPF_REQUIRE_POSTGRES is set but no PostgreSQL server is installed"
        );
        eprintln!("skipped: no PostgreSQL server (apt-get install postgresql)");
        return;
    };
    let pg = Postgres::init(bin);
    let server = Server::start_on(&pg.url(), &[]);
    let game = std::fs::read_to_string(repo().join("examples/games.jsonl"))
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    let stop = Arc::new(AtomicBool::new(false));
    // Every answer: (id, status, code, Retry-After).
    let answers = Arc::new(Mutex::new(Vec::new()));
    let writers: Vec<_> = (0..4)
        .map(|w| {
            let (stop, answers, game) = (stop.clone(), answers.clone(), game.clone());
            let url = server.url("/api/v1/games");
            std::thread::spawn(move || {
                let mut i = 0;
                while !stop.load(Ordering::Relaxed) {
                    let mut record: Value = serde_json::from_str(&game).unwrap();
                    let id = format!("w{w}-{i}");
                    record["id"] = id.clone().into();
                    let a = send("POST", &url, Some(&record.to_string()));
                    let code = serde_json::from_str::<Value>(&a.body)
                        .ok()
                        .and_then(|v| v["code"].as_str().map(String::from));
                    answers
                        .lock()
                        .unwrap()
                        .push((id, a.status, code, a.retry_after));
                    i += 1;
                    std::thread::sleep(Duration::from_millis(10));
                }
            })
        })
        .collect();
    let count = |status: u16| {
        answers
            .lock()
            .unwrap()
            .iter()
            .filter(|a| a.1 == status)
            .count()
    };
    wait_until("writes stored", || count(201) >= 20);
    assert_eq!(
        send("GET", &server.url("/health"), None).json()["store"],
        "ok"
    );

    pg.stop();
    wait_until("writes refused with 503", || count(503) >= 10);
    let health = send("GET", &server.url("/health"), None);
    assert_eq!(health.status, 503, "{}", health.body);
    assert_eq!(health.retry_after.as_deref(), Some("5"));
    let body = health.json();
    assert_eq!(body["status"], "degraded", "{body}");
    assert!(
        body["store"].as_str().unwrap().contains("unavailable"),
        "{body}"
    );
    // Reads need the database too: 503, not 500.
    let list = send("GET", &server.url("/api/v1/games"), None);
    list.problem(503, "store_unavailable");

    pg.start();
    let before = count(201);
    wait_until("writes stored again", || count(201) >= before + 20);
    wait_until("health ok again", || {
        send("GET", &server.url("/health"), None).status == 200
    });
    stop.store(true, Ordering::Relaxed);
    for w in writers {
        w.join().unwrap();
    }

    let answers = answers.lock().unwrap();
    for (id, status, code, retry) in answers.iter() {
        match status {
            201 => {}
            503 => {
                assert_eq!(code.as_deref(), Some("store_unavailable"), "{id}");
                assert_eq!(retry.as_deref(), Some("5"), "{id}");
            }
            other => panic!("{id}: answered {other} ({code:?})"),
        }
    }
    // Every game answered 201 is stored.
    for (id, _, _, _) in answers.iter().filter(|a| a.1 == 201) {
        let got = send("GET", &server.url(&format!("/api/v1/games/{id}")), None);
        assert_eq!(got.status, 200, "{id}: {}", got.body);
    }
}
