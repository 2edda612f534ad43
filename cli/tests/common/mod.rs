//! What the end-to-end tests of the service share: the repository, a private database, and
//! the real `schafkopf serve` on a free loopback port. (Each test file uses a part.)
#![allow(dead_code)]

use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The PostgreSQL server the service tests run against instead of SQLite, where
/// `SCHAFKOPF_TEST_POSTGRES` names one (`postgres://user@host:port`;
/// `scripts/postgres-tests.sh` starts one and sets it).
pub fn postgres() -> Option<String> {
    std::env::var("SCHAFKOPF_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.is_empty())
}

/// What `--db` says for a test's store: the SQLite file, or under `SCHAFKOPF_TEST_POSTGRES`
/// a database of that server named after the file's directory (made if missing, so a
/// restart finds it again).
pub fn store_url(db: &Path) -> String {
    let Some(server) = postgres() else {
        return db.to_str().unwrap().to_string();
    };
    let name: String = db
        .parent()
        .and_then(|d| d.file_name())
        .unwrap()
        .to_string_lossy()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    let mut admin = postgres::Client::connect(&format!("{server}/postgres"), postgres::NoTls)
        .expect("the test's PostgreSQL server answers");
    let exists = admin
        .query_opt("SELECT 1 FROM pg_database WHERE datname = $1", &[&name])
        .unwrap()
        .is_some();
    if !exists {
        admin
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .unwrap();
    }
    format!("{server}/{name}")
}

/// The `schafkopf` binary under test.
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_schafkopf"))
}

/// Runs the binary with `args`, feeding `stdin`; failures print everything.
pub fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // Written from another thread: a large input would otherwise fill the pipe while the
    // child waits for us to read its output.
    let mut input = child.stdin.take().unwrap();
    let text = stdin.to_string();
    let writer = std::thread::spawn(move || input.write_all(text.as_bytes()));
    let output = child.wait_with_output().unwrap();
    // A command that refuses its arguments exits without reading its input.
    match writer.join().unwrap() {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        written => written.unwrap(),
    }
    output
}

/// Standard output's JSON lines.
pub fn json_lines(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// A fresh temporary folder for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("schafkopf-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// How many analyses the test's store `db` keeps (its SQLite file, or its database on the
/// test's PostgreSQL server).
pub fn analysis_rows(db: &Path) -> i64 {
    const COUNT: &str = "SELECT count(*) FROM analyses";
    match postgres() {
        Some(_) => postgres::Client::connect(&store_url(db), postgres::NoTls)
            .unwrap()
            .query_one(COUNT, &[])
            .unwrap()
            .get(0),
        None => rusqlite::Connection::open(db)
            .unwrap()
            .query_row(COUNT, [], |r| r.get(0))
            .unwrap(),
    }
}

pub fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("schafkopf-api-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("games.db")
}

/// A running service; killed when dropped.
pub struct Server {
    child: Child,
    pub base: String,
}

impl Server {
    pub fn start(db: &Path, extra: &[&str]) -> Server {
        Server::start_on(&store_url(db), extra)
    }

    /// A service on the store `db` names as `--db` takes it (a file or a URL).
    pub fn start_on(db: &str, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_schafkopf"))
            .args(["serve", "--addr", "127.0.0.1:0", "--db", db])
            .args(extra)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        // "schafkopf: listening on http://127.0.0.1:PORT (...)"
        let base = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Server { child, base }
    }

    /// The service's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Kills the process as a crash would (no shutdown).
    pub fn crash(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An answer: status, content type, body, `Retry-After`, `Location`.
pub struct Answer {
    pub status: u16,
    pub content_type: String,
    pub body: String,
    pub retry_after: Option<String>,
    pub location: Option<String>,
}

impl Answer {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    /// Asserts a problem report with this status and code; returns its detail.
    pub fn problem(&self, status: u16, code: &str) -> String {
        assert_eq!(self.status, status, "{}", self.body);
        assert_eq!(
            self.content_type, "application/problem+json",
            "{}",
            self.body
        );
        let p = self.json();
        assert_eq!(p["status"], status);
        assert_eq!(p["code"], code, "{}", self.body);
        p["detail"].as_str().unwrap().to_string()
    }
}

pub fn send(method: &str, url: &str, body: Option<&str>) -> Answer {
    send_as(method, url, "application/json", body)
}

/// [`send`] with a body of another content type.
pub fn send_as(method: &str, url: &str, content_type: &str, body: Option<&str>) -> Answer {
    let agent = ureq::AgentBuilder::new()
        .timeout(Duration::from_secs(120))
        .redirects(0)
        .build();
    let request = agent.request(method, url);
    let result = match body {
        Some(b) => request.set("Content-Type", content_type).send_string(b),
        None => request.call(),
    };
    let response = match result {
        Ok(r) => r,
        Err(ureq::Error::Status(_, r)) => r,
        Err(e) => panic!("{method} {url}: {e}"),
    };
    Answer {
        status: response.status(),
        content_type: response.content_type().to_string(),
        retry_after: response.header("Retry-After").map(String::from),
        location: response.header("Location").map(String::from),
        body: response.into_string().unwrap(),
    }
}
