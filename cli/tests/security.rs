//! The service on an open network: the real `schafkopf serve` on a free loopback port,
//! spoken to as a hostile page, a slow client and a careless one would (INTERFACE.md
//! section 4, "Security"). The pages in a browser are in `pages.rs`.

use serde_json::Value;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::common::{repo, send, send_as, temp_db, Server};

fn first_game() -> String {
    std::fs::read_to_string(repo().join("examples/games.jsonl"))
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string()
}

/// One request written by hand (headers as given), and the whole answer as text. The
/// client waits at most `wait` for the answer.
fn raw(server: &Server, request: &str, wait: Duration) -> String {
    let addr = server.base.trim_start_matches("http://");
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(wait)).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

fn status_of(answer: &str) -> u16 {
    answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {answer:?}"))
}

fn header<'a>(answer: &'a str, name: &str) -> Option<&'a str> {
    let head = answer.split("\r\n\r\n").next().unwrap_or("");
    head.lines().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.eq_ignore_ascii_case(name).then(|| v.trim())
    })
}

fn post(server: &Server, path: &str, extra: &str, body: &str) -> String {
    raw(
        server,
        &format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: text/plain\r\n{extra}\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            server.base.trim_start_matches("http://"),
            body.len()
        ),
        Duration::from_secs(60),
    )
}

#[test]
fn every_answer_carries_the_security_headers() {
    let server = Server::start(&temp_db("headers"), &[]);
    for (method, path, body) in [
        ("GET", "/", None),
        ("GET", "/games/x", None),
        ("GET", "/assets/replay.js", None),
        ("GET", "/board", None),
        ("GET", "/ledger", None),
        ("GET", "/assets/common.js", None),
        ("GET", "/health", None),
        ("GET", "/api/v1/games", None),
        ("GET", "/api/v1/games/missing", None),
        ("GET", "/docs/", None),
        ("GET", "/nothing-here", None),
        ("POST", "/api/v1/solve", Some("{")),
    ] {
        let agent = ureq::AgentBuilder::new().build();
        let request = agent.request(method, &server.url(path));
        let response = match body {
            Some(b) => request.send_string(b),
            None => request.call(),
        };
        let response = match response {
            Ok(r) | Err(ureq::Error::Status(_, r)) => r,
            Err(e) => panic!("{method} {path}: {e}"),
        };
        let csp = response.header("Content-Security-Policy").unwrap_or("");
        assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        let scripts = csp
            .split(';')
            .find(|d| d.trim().starts_with("script-src"))
            .unwrap_or("");
        assert_eq!(scripts.trim(), "script-src 'self'", "{path}: {csp}");
        // Only Swagger UI sets styles inline.
        assert_eq!(
            csp.contains("unsafe-inline"),
            path.starts_with("/docs"),
            "{path}: {csp}"
        );
        assert_eq!(
            response.header("X-Content-Type-Options"),
            Some("nosniff"),
            "{path}"
        );
        assert_eq!(
            response.header("Referrer-Policy"),
            Some("no-referrer"),
            "{path}"
        );
        assert_eq!(response.header("X-Frame-Options"), Some("DENY"), "{path}");
    }
    // The answers the HTTP codec makes before any handler runs carry them too, with a
    // problem report: a URL too long to read, a Content-Length that is no number, a head
    // larger than the codec's buffer.
    let host = server.base.trim_start_matches("http://").to_string();
    for (request, status, code) in [
        (
            format!(
                "GET /{} HTTP/1.1\r\nHost: {host}\r\n\r\n",
                "a".repeat(70_000)
            ),
            400,
            "bad_request",
        ),
        (
            format!("POST /api/v1/solve HTTP/1.1\r\nHost: {host}\r\nContent-Length: x\r\n\r\n"),
            400,
            "bad_request",
        ),
        (
            format!(
                "GET / HTTP/1.1\r\nHost: {host}\r\nX-Big: {}\r\n\r\n",
                "b".repeat(140_000)
            ),
            431,
            "head_too_large",
        ),
    ] {
        let answer = raw(&server, &request, Duration::from_secs(60));
        assert_eq!(status_of(&answer), status, "{answer}");
        assert_eq!(
            header(&answer, "Content-Security-Policy"),
            Some(api::security::CSP),
            "{answer}"
        );
        assert_eq!(header(&answer, "X-Frame-Options"), Some("DENY"), "{answer}");
        assert_eq!(
            header(&answer, "Content-Type"),
            Some("application/problem+json")
        );
        let body = answer.split_once("\r\n\r\n").unwrap().1;
        let problem: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {answer}"));
        assert_eq!(
            (problem["status"].as_u64(), problem["code"].as_str()),
            (Some(u64::from(status)), Some(code))
        );
    }
    // No page of the service runs inline script: its scripts are files.
    for page in ["/", "/games/x", "/board", "/ledger"] {
        let html = send("GET", &server.url(page), None).body;
        for (i, _) in html.match_indices("<script") {
            assert!(
                html[i..].starts_with("<script src=\"/assets/"),
                "{page}: {html}"
            );
        }
    }
}

#[test]
fn a_write_from_another_site_is_refused() {
    let server = Server::start(&temp_db("cross-site"), &[]);
    let game = first_game();
    // A hostile page's form or fetch: a text/plain POST needs no preflight.
    let answer = post(
        &server,
        "/api/v1/games",
        "Origin: https://evil.example\r\nSec-Fetch-Site: cross-site\r\n",
        &game,
    );
    assert_eq!(status_of(&answer), 403, "{answer}");
    assert!(answer.contains("\"code\":\"cross_site\""), "{answer}");
    let answer = post(
        &server,
        "/api/v1/games",
        "Origin: https://evil.example\r\n",
        &game,
    );
    assert_eq!(status_of(&answer), 403, "{answer}");
    let answer = post(&server, "/api/v1/solve", "Origin: null\r\n", &game);
    assert_eq!(status_of(&answer), 403, "{answer}");
    // Nothing was stored.
    let list = send("GET", &server.url("/api/v1/games"), None).json();
    assert_eq!(list["total"], 0, "{list}");
    // The service's own page, and a client that is no browser, are served.
    let own = format!("Origin: {}\r\nSec-Fetch-Site: same-origin\r\n", server.base);
    let answer = post(&server, "/api/v1/games?from=records", &own, &game);
    assert_eq!(status_of(&answer), 201, "{answer}");
    let mut second: Value = serde_json::from_str(&game).unwrap();
    second["id"] = "second".into();
    let plain = send(
        "POST",
        &server.url("/api/v1/games"),
        Some(&second.to_string()),
    );
    assert_eq!(plain.status, 201, "{}", plain.body);
}

#[test]
fn on_loopback_a_foreign_host_name_is_refused_unless_allowed() {
    let server = Server::start(&temp_db("hosts"), &[]);
    let port = server.base.rsplit(':').next().unwrap().to_string();
    let get = |host: &str| {
        raw(
            &server,
            &format!("GET /api/v1/games HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"),
            Duration::from_secs(60),
        )
    };
    // DNS rebinding: a page on evil.example, its name pointed at 127.0.0.1.
    let rebound = get(&format!("evil.example:{port}"));
    assert_eq!(status_of(&rebound), 403, "{rebound}");
    assert!(rebound.contains("host_not_allowed"), "{rebound}");
    assert!(rebound.contains("--allow-host evil.example"), "{rebound}");
    assert_eq!(status_of(&get(&format!("localhost:{port}"))), 200);
    assert_eq!(status_of(&get(&format!("127.0.0.1:{port}"))), 200);
    // A public name behind a proxy is allowed by name.
    let named = Server::start(
        &temp_db("hosts-named"),
        &["--allow-host", "schafkopf.example.org"],
    );
    let answer = raw(
        &named,
        "GET /health HTTP/1.1\r\nHost: schafkopf.example.org\r\nConnection: close\r\n\r\n",
        Duration::from_secs(60),
    );
    assert_eq!(status_of(&answer), 200, "{answer}");
}

#[test]
fn a_body_that_stops_arriving_is_answered_408() {
    let server = Server::start(&temp_db("slow"), &["--body-timeout", "2"]);
    let addr = server.base.trim_start_matches("http://").to_string();
    let mut stream = TcpStream::connect(&addr).unwrap();
    // Promise 1,000 bytes, send 10, then nothing.
    stream
        .write_all(
            format!(
                "POST /api/v1/games HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
                 Content-Length: 1000\r\n\r\n{{\"hands\":"
            )
            .as_bytes(),
        )
        .unwrap();
    // Generous: the answer must come, however busy the machine, within a bound.
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .unwrap();
    let start = Instant::now();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer);
    assert_eq!(status_of(&answer), 408, "{answer}");
    assert!(answer.contains("body_timeout"), "{answer}");
    assert_eq!(header(&answer, "connection"), Some("close"), "{answer}");
    assert!(
        start.elapsed() >= Duration::from_secs(1),
        "{:?}",
        start.elapsed()
    );
    // The service goes on.
    assert_eq!(send("GET", &server.url("/health"), None).status, 200);
}

#[test]
fn ids_and_names_are_bounded_and_control_characters_refused_by_name() {
    let server = Server::start(&temp_db("names"), &[]);
    let store = |game: &Value| {
        send(
            "POST",
            &server.url("/api/v1/games"),
            Some(&game.to_string()),
        )
        .problem(422, "bad_name")
    };
    let mut game: Value = serde_json::from_str(&first_game()).unwrap();
    game["players"] = serde_json::json!(["Sepp", "Re\u{0}si", "Hans", "Vroni"]);
    assert_eq!(
        store(&game),
        "players[1] holds a control character (U+0000) at character 3"
    );
    game["players"] = serde_json::json!(["Sepp", "Resi", "Hans", "Vroni"]);
    game["id"] = "x".repeat(100_000).into();
    assert_eq!(
        store(&game),
        "id is 100000 characters long; at most 200 are allowed"
    );
    game["id"] = "line\nbreak".into();
    store(&game);
    // An imported log's name becomes its games' ids: refused before the body is read where
    // it leaves no room for a game's number or line within the 200 characters of an id.
    let plain = "Rufspiel Gras von 0: h8 h7 hk hz g7 g8 hu so sa s8 ha s7 su go eo g9 e7 ek h9 e9 ho eu s9 sz gk sk e8 ga gz gu ea ez\n";
    let upload = |name: &str| {
        let path = format!("/api/v1/games?from=openschafkopf&name={name}");
        send_as("POST", &server.url(&path), "text/plain", Some(plain))
    };
    for long in [185, 198, 300] {
        assert_eq!(
            upload(&"n".repeat(long)).problem(400, "bad_query"),
            format!("name is {long} characters long; at most 184 are allowed")
        );
    }
    assert_eq!(
        upload("n%0Am").problem(400, "bad_query"),
        "name holds a control character (U+000A) at character 2"
    );
    let stored = upload(&"n".repeat(184));
    assert_eq!(stored.status, 201, "{}", stored.body);
    assert_eq!(stored.json()["ids"][0], format!("{}:1", "n".repeat(184)));
    // A filter with a NUL finds nothing and says why, on either store.
    send("GET", &server.url("/api/v1/games?player=a%00b"), None).problem(400, "bad_query");
    // No game is stored under an id no record may have: 404 on either store.
    let long = "x".repeat(201);
    for id in ["%00", "a%00b", "tab%09", long.as_str()] {
        for (method, path) in [
            ("GET", format!("/api/v1/games/{id}")),
            ("DELETE", format!("/api/v1/games/{id}")),
            ("GET", format!("/api/v1/games/{id}/analysis")),
            ("GET", format!("/api/v1/games/{id}/contracts")),
        ] {
            send(method, &server.url(&path), None).problem(404, "not_found");
        }
    }
    // The command line reads records with the same check.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_schafkopf"))
        .args(["score", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin
                .take()
                .unwrap()
                .write_all(format!("{game}\n").as_bytes())?;
            c.wait_with_output()
        })
        .unwrap();
    let line = String::from_utf8(out.stdout).unwrap();
    assert!(line.contains("\"code\":\"bad_name\""), "{line}");
}

#[test]
fn a_single_dummy_ledger_keeps_to_the_node_budget() {
    let server = Server::start(
        &temp_db("ledger-budget"),
        &["--request-node-budget", "2000"],
    );
    let mut game: Value = serde_json::from_str(&first_game()).unwrap();
    game["players"] = serde_json::json!(["Sepp", "Resi", "Hans", "Vroni"]);
    assert_eq!(
        send(
            "POST",
            &server.url("/api/v1/games"),
            Some(&game.to_string())
        )
        .status,
        201
    );
    let ledger = send(
        "GET",
        &server.url("/api/v1/ledger?single_dummy=true&samples=20"),
        None,
    )
    .json();
    assert_eq!(ledger["failed"][0]["code"], "search_budget", "{ledger}");
    // Without single dummy the same ledger counts the game.
    let plain = send("GET", &server.url("/api/v1/ledger"), None).json();
    assert_eq!(plain["games"].as_array().unwrap().len(), 1, "{plain}");
}
