//! What the end-to-end tests of the service share: the repository, a private database, and
//! the real `schafkopf serve` on a free loopback port. (Each test file uses a part.)
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
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
        let mut child = Command::new(env!("CARGO_BIN_EXE_schafkopf"))
            .args([
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--db",
                db.to_str().unwrap(),
            ])
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
