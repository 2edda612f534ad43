//! The service under abuse, on loopback: clients that leave, crashes while games are being
//! stored, and many requests at once. Each test is bounded in time.

use serde_json::{json, Value};
use std::io::Write;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::common::{send, temp_db, Server};

/// How long a condition may take to hold: generous, for a machine whose cores are busy
/// with other work.
const PATIENCE: Duration = Duration::from_secs(300);

/// A cancelled search is gone within this, however busy the machine: far less than the
/// long search would take by itself, far more than the client poll and a thousand
/// positions.
const CANCELLED_WITHIN: Duration = Duration::from_secs(60);

/// The service's count of accepted and unfinished searches.
fn pending(server: &Server) -> u64 {
    send("GET", &server.url("/health"), None).json()["pending"]
        .as_u64()
        .unwrap()
}

/// Waits up to `limit` for `pending` to reach `n`; how long it took.
fn until_pending(server: &Server, n: u64, limit: Duration) -> Option<Duration> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if pending(server) == n {
            return Some(start.elapsed());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    None
}

/// Where a long search is asked for: a whole Ramsch judged card by card over a thousand
/// worlds of each player's view (minutes of search, up to the service's node budget).
const LONG_SEARCH: &str = "/api/v1/analyze?view=players&samples=1000";

/// The game [`LONG_SEARCH`] analyses: a Ramsch of NetSchafkopf's `baseline-05.10.23_01`
/// (tests/data/README.md), played as Schieberamsch.
fn long_search() -> String {
    json!({"hands": ["E9 EA H8 SU EU G8 GO S8", "H7 G9 GZ G7 SZ SA GK EO",
                     "EZ HU HK EK HA HZ E8 GA", "HO H9 GU E7 SO SK S7 S9"],
           "contract": {"game": "ramsch"},
           "play": "G8 G7 GA SK HK H9 H8 H7 HU GU SU EO G9 EZ S9 EA GK EK E7 E9 SZ E8 S7 S8 \
                    GZ HZ SO EU HO GO SA HA",
           "rules": {"ramsch_form": "schieberamsch"}})
    .to_string()
}

/// A question the pool's workers answer in a moment: a Sauspiel from the deal (the whole
/// hand to search, so not a quick-lane question).
fn small_search() -> String {
    let mut game = first_example_game();
    game.as_object_mut().unwrap().remove("play");
    game.to_string()
}

/// The first game of `examples/games.jsonl`, a Sauspiel.
fn first_example_game() -> Value {
    let text = std::fs::read_to_string(crate::common::repo().join("examples/games.jsonl")).unwrap();
    serde_json::from_str(text.lines().next().unwrap()).unwrap()
}

/// Sends a request on a connection of its own and leaves it open (the caller closes it by
/// dropping the stream).
fn post_and_wait(server: &Server, path: &str, body: &str) -> TcpStream {
    let address = server.base.trim_start_matches("http://");
    let mut stream = TcpStream::connect(address).unwrap();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    stream
}

#[test]
fn a_search_whose_client_has_gone_is_cancelled() {
    let server = Server::start(&temp_db("gone"), &["--workers", "1", "--queue", "4"]);
    let body = long_search();
    // One search runs, one waits in the queue.
    let running = post_and_wait(&server, LONG_SEARCH, &body);
    assert!(until_pending(&server, 1, PATIENCE).is_some());
    let waiting = post_and_wait(&server, LONG_SEARCH, &body);
    assert!(until_pending(&server, 2, PATIENCE).is_some());
    // Long searches: a second later both are still there.
    std::thread::sleep(Duration::from_secs(1));
    assert_eq!(pending(&server), 2);
    drop(waiting);
    drop(running);
    // Both are dropped within the client poll and a thousand positions, far from the
    // minutes the search would take.
    let took = until_pending(&server, 0, CANCELLED_WITHIN);
    assert!(
        took.is_some(),
        "the searches ran on after their clients left"
    );
    // The worker is free again: a small question is answered.
    let a = send("POST", &server.url("/api/v1/solve"), Some(&small_search()));
    assert_eq!(a.status, 200, "{}", a.body);
}

/// Dear analyses fill the one worker and the whole queue; a cheap question (a position
/// four tricks from the end) still goes through at once, on the quick lane's worker, while
/// they are all still there.
#[test]
fn a_cheap_solve_is_answered_while_dear_analyses_fill_the_queue() {
    let server = Server::start(&temp_db("lane"), &["--workers", "1", "--queue", "2"]);
    let body = long_search();
    let running = post_and_wait(&server, LONG_SEARCH, &body);
    assert!(until_pending(&server, 1, PATIENCE).is_some());
    let queued: Vec<TcpStream> = (0..2)
        .map(|_| post_and_wait(&server, LONG_SEARCH, &body))
        .collect();
    // Two or three are accepted (the worker may not have taken the first yet, and then the
    // third finds the queue full) ...
    let start = Instant::now();
    while pending(&server) < 2 {
        assert!(
            start.elapsed() < PATIENCE,
            "the dear analyses were not accepted"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    // ... so one more dear question is refused: at once, or after the queue wait.
    let refused = send("POST", &server.url(LONG_SEARCH), Some(&body));
    refused.problem(503, "busy");
    // A cheap one is answered, the dear ones still pending.
    let cheap =
        std::fs::read_to_string(crate::common::repo().join("examples/positions.jsonl")).unwrap();
    let cheap = cheap.lines().next().unwrap();
    let a = send("POST", &server.url("/api/v1/solve"), Some(cheap));
    assert_eq!(a.status, 200, "{}", a.body);
    assert!(a.json()["value"].is_i64(), "{}", a.body);
    assert!(
        pending(&server) >= 2,
        "the dear analyses ended before the cheap answer"
    );
    drop(queued);
    drop(running);
    assert!(until_pending(&server, 0, CANCELLED_WITHIN).is_some());
}

#[test]
fn a_request_waits_for_a_worker_at_most_the_queue_wait() {
    let server = Server::start(
        &temp_db("queue-wait"),
        &["--workers", "1", "--queue", "4", "--queue-wait", "1"],
    );
    let body = long_search();
    // The one worker is busy with a long search ...
    let running = post_and_wait(&server, LONG_SEARCH, &body);
    assert!(until_pending(&server, 1, PATIENCE).is_some());
    // ... so the next request is given up after a second in the queue, not held.
    let waited = send("POST", &server.url(LONG_SEARCH), Some(&body));
    let detail = waited.problem(503, "busy");
    assert!(detail.contains("within 1 s (--queue-wait)"), "{detail}");
    assert_eq!(waited.retry_after.as_deref(), Some("1"));
    // The search given up never runs: once the first is cancelled, the worker skips it
    // and nothing is left.
    drop(running);
    assert!(until_pending(&server, 0, CANCELLED_WITHIN).is_some());
}

/// Writers store games while the service is killed with SIGKILL and started again on the
/// same database, several times: every game answered 201 is there afterwards, and SQLite
/// finds the file sound.
#[test]
fn games_answered_201_survive_kill_9() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};
    let db = temp_db("kill9");
    let mut server = Server::start(&db, &[]);
    // Where the writers send: each start picks a free port of its own.
    let base = Arc::new(Mutex::new(server.base.clone()));
    let record = first_example_game();
    let stop = Arc::new(AtomicBool::new(false));
    let writers: Vec<_> = (0..4)
        .map(|w| {
            let (base, stop, mut record) = (base.clone(), stop.clone(), record.clone());
            std::thread::spawn(move || {
                let agent = ureq::AgentBuilder::new()
                    .timeout(Duration::from_secs(5))
                    .build();
                let mut stored = Vec::new();
                let mut n = 0;
                while !stop.load(Ordering::Relaxed) {
                    n += 1;
                    let id = format!("writer-{w}-{n}");
                    record["id"] = id.clone().into();
                    let url = format!("{}/api/v1/games", base.lock().unwrap());
                    match agent.post(&url).send_string(&record.to_string()) {
                        Ok(r) if r.status() == 201 => stored.push(id),
                        Ok(r) => panic!("{id}: status {}", r.status()),
                        // The service is down (killed, or not yet up again): try on.
                        Err(ureq::Error::Transport(_)) => {
                            std::thread::sleep(Duration::from_millis(5))
                        }
                        Err(e) => panic!("{id}: {e}"),
                    }
                }
                stored
            })
        })
        .collect();
    for round in 0..5u64 {
        std::thread::sleep(Duration::from_millis(150 + 60 * round));
        server.crash();
        server = Server::start(&db, &[]);
        *base.lock().unwrap() = server.base.clone();
    }
    std::thread::sleep(Duration::from_millis(200));
    stop.store(true, Ordering::Relaxed);
    let stored: Vec<String> = writers
        .into_iter()
        .flat_map(|w| w.join().unwrap())
        .collect();
    assert!(stored.len() >= 50, "only {} games stored", stored.len());
    for id in &stored {
        let a = send("GET", &server.url(&format!("/api/v1/games/{id}")), None);
        assert_eq!(a.status, 200, "{id} was answered 201 but is gone");
    }
    server.crash();
    // SQLite's own check of the file (a PostgreSQL server keeps its files itself).
    if crate::common::postgres().is_none() {
        let conn = rusqlite::Connection::open(&db).unwrap();
        let check: String = conn
            .query_row("PRAGMA integrity_check", [], |row| row.get(0))
            .unwrap();
        assert_eq!(check, "ok");
    }
}

/// Two instances on one store (a PostgreSQL database, or one SQLite file): each sees the
/// other's games at once, in the list and by id, and a stored id is taken for both.
#[test]
fn two_instances_on_one_store_see_each_others_games() {
    let db = temp_db("two");
    let (a, b) = (Server::start(&db, &[]), Server::start(&db, &[]));
    let games = example_games();
    for (i, game) in games.iter().take(6).enumerate() {
        let (writer, reader) = if i % 2 == 0 { (&a, &b) } else { (&b, &a) };
        let mut record: Value = serde_json::from_str(game).unwrap();
        let id = format!("shared-{i}");
        record["id"] = id.clone().into();
        let created = send(
            "POST",
            &writer.url("/api/v1/games"),
            Some(&record.to_string()),
        );
        assert_eq!(created.status, 201, "{}", created.body);
        let got = send("GET", &reader.url(&format!("/api/v1/games/{id}")), None);
        assert_eq!(got.status, 200, "{id} not seen by the other instance");
        assert_eq!(got.json(), record);
        let again = send(
            "POST",
            &reader.url("/api/v1/games"),
            Some(&record.to_string()),
        );
        again.problem(409, "duplicate_id");
    }
    for server in [&a, &b] {
        let list = send("GET", &server.url("/api/v1/games?limit=500"), None).json();
        assert_eq!(list["total"], 6);
        let ids: Vec<&str> = list["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap())
            .collect();
        assert_eq!(
            ids,
            (0..6).map(|i| format!("shared-{i}")).collect::<Vec<_>>()
        );
    }
}

/// The service's resident memory, in KiB (Linux).
fn resident_kib(server: &Server) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", server.pid())).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// How many rounds the sustained load runs (`SCHAFKOPF_TORTURE_ROUNDS`, default 8): more
/// for a longer run by hand.
fn rounds() -> usize {
    std::env::var("SCHAFKOPF_TORTURE_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(8)
}

/// The example games, each as a request body.
fn example_games() -> Vec<String> {
    std::fs::read_to_string(crate::common::repo().join("examples/games.jsonl"))
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

/// Rounds of 100 concurrent solves and analyses against two workers and a short queue:
/// every answer is 200 or 503 with `Retry-After`, `/health` answers throughout with a p99
/// under 50 ms, the service recovers after each burst, and its resident memory stays flat:
/// after a warm-up it grows by no more than the workers' tables may still grow into (their
/// budget, 4 MiB each here: three tables a worker), whatever the rounds.
#[test]
fn bursts_of_100_requests_keep_health_fast_and_memory_flat() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let server = Server::start(
        &temp_db("load"),
        &["--workers", "2", "--queue", "16", "--table-mb", "4"],
    );
    let games = example_games();
    // The warm-up: every game solved and analysed, one request at a time.
    for game in &games {
        for path in ["/api/v1/solve", "/api/v1/analyze"] {
            assert_eq!(send("POST", &server.url(path), Some(game)).status, 200);
        }
    }
    let warm = resident_kib(&server);
    let done = Arc::new(AtomicBool::new(false));
    let watch = {
        let (done, url) = (done.clone(), server.url("/health"));
        std::thread::spawn(move || {
            let mut took = Vec::new();
            while !done.load(Ordering::Relaxed) {
                let t = Instant::now();
                assert_eq!(send("GET", &url, None).status, 200);
                took.push(t.elapsed());
                std::thread::sleep(Duration::from_millis(10));
            }
            took
        })
    };
    let mut after_first = 0;
    let (mut ok, mut busy) = (0, 0);
    for round in 0..rounds() {
        let requests: Vec<_> = (0..100)
            .map(|i| {
                let path = if i % 2 == 0 {
                    "/api/v1/solve"
                } else {
                    "/api/v1/analyze"
                };
                let (url, game) = (server.url(path), games[i % games.len()].clone());
                std::thread::spawn(move || send("POST", &url, Some(&game)))
            })
            .collect();
        for r in requests {
            let a = r.join().unwrap();
            match a.status {
                200 => ok += 1,
                503 => {
                    a.problem(503, "busy");
                    assert_eq!(a.retry_after.as_deref(), Some("1"));
                    busy += 1;
                }
                other => panic!("status {other}: {}", a.body),
            }
        }
        // Recovered: nothing left waiting, and a request is answered.
        assert!(until_pending(&server, 0, PATIENCE).is_some());
        let a = send("POST", &server.url("/api/v1/solve"), Some(&games[0]));
        assert_eq!(a.status, 200, "{}", a.body);
        if round == 0 {
            after_first = resident_kib(&server);
        }
    }
    // What the tables may still grow into: two workers, three tables of 4 MiB each.
    let tables = 2 * 3 * 4 * 1024;
    let last = resident_kib(&server);
    done.store(true, Ordering::Relaxed);
    let mut took = watch.join().unwrap();
    took.sort();
    let p99 = took[took.len() * 99 / 100];
    eprintln!(
        "{} rounds: {ok} answered, {busy} refused (503); /health p99 {p99:?} over {} polls; \
         resident {warm} KiB warm, {after_first} KiB after the first round, {last} KiB \
         after the last",
        rounds(),
        took.len()
    );
    // Never behind a search (seconds each): a bound loose enough for a busy machine.
    assert!(p99 < Duration::from_secs(2), "/health p99 {p99:?}");
    assert!(
        ok > 0 && busy > 0,
        "{ok} answered, {busy} refused: the queue never filled"
    );
    // Flat: nothing beyond what the tables may still take, and a little for the
    // allocator's and the connections' buffers.
    assert!(
        last <= warm + tables + 16 * 1024,
        "resident {warm} KiB warm, {after_first} KiB after the first round, {last} KiB after \
         the last"
    );
}
