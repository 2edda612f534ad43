//! End-to-end tests of the HTTP service: the real `schafkopf serve` on a free loopback
//! port, driven over HTTP.

use serde_json::{json, Value};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::common::{analysis_rows, repo, run, send, temp_db, temp_dir, Answer, Server};

/// What the command line prints for `args` with `stdin` as input.
fn binary(args: &[&str], stdin: &str) -> String {
    String::from_utf8(run(args, stdin).stdout).unwrap()
}

/// The command line's answer for one record, to compare the service with.
fn cli(command: &str, record: &str) -> Value {
    serde_json::from_str(&binary(&[command, "-"], record)).unwrap()
}

fn games() -> Vec<String> {
    std::fs::read_to_string(repo().join("examples/games.jsonl"))
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn every_endpoint_answers_as_the_command_line() {
    let server = Server::start(&temp_db("endpoints"), &[]);
    let health = send("GET", &server.url("/health"), None);
    assert_eq!(
        (health.status, health.json()["status"].clone()),
        (200, "ok".into())
    );

    let game = &games()[0];
    // A position before the first card, so that solve has cards to value.
    let mut deal: Value = serde_json::from_str(game).unwrap();
    deal["play"] = "".into();
    let deal = deal.to_string();
    for (path, command, record) in [
        ("/api/v1/solve", "solve", &deal),
        ("/api/v1/analyze", "analyze", game),
    ] {
        let a = send("POST", &server.url(path), Some(record));
        assert_eq!(a.status, 200, "{}", a.body);
        assert_eq!(a.json(), cli(command, record), "{path}");
    }
    let short = std::fs::read_to_string(repo().join("examples/deal.jsonl")).unwrap();
    let a = send("POST", &server.url("/api/v1/contracts"), Some(short.trim()));
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json(), cli("contracts", short.trim()));

    // A log of the project's own records (JSON lines) is stored game by game, with or
    // without `from=records`; a record spread over several lines is still one record.
    for (query, db) in [("", "log-plain"), ("?from=records", "log-records")] {
        let store = Server::start(&temp_db(db), &[]);
        let log = std::fs::read_to_string(repo().join("examples/games.jsonl")).unwrap();
        let a = send(
            "POST",
            &store.url(&format!("/api/v1/games{query}")),
            Some(&log),
        );
        assert_eq!(a.status, 201, "{}", a.body);
        assert_eq!(
            a.json()["ids"].as_array().unwrap().len(),
            log.lines().count()
        );
        assert_eq!(a.json()["failed"], json!([]));
    }
    let spread =
        serde_json::to_string_pretty(&serde_json::from_str::<Value>(game).unwrap()).unwrap();
    let store = Server::start(&temp_db("log-spread"), &[]);
    let a = send("POST", &store.url("/api/v1/games"), Some(&spread));
    assert_eq!(a.status, 201, "{}", a.body);
    assert!(a.json()["id"].is_string(), "{}", a.body);

    // The store: create, refuse a taken id, create without id, list, filter, page.
    let created = send("POST", &server.url("/api/v1/games"), Some(game));
    assert_eq!(created.status, 201, "{}", created.body);
    let id = created.json()["id"].as_str().unwrap().to_string();
    assert_eq!(id, "https://www.sauspiel.de/spiele/1180324214");
    assert_eq!(
        created.location.as_deref(),
        Some("/api/v1/games/https%3A%2F%2Fwww.sauspiel.de%2Fspiele%2F1180324214")
    );
    let again = send("POST", &server.url("/api/v1/games"), Some(game));
    assert!(again
        .problem(409, "duplicate_id")
        .contains("already stored"));
    let mut named: Value = serde_json::from_str(&games()[1]).unwrap();
    named.as_object_mut().unwrap().remove("id");
    named["players"] = serde_json::json!(["Sepp", "Resi", "Hans", "Vroni"]);
    let pretty = serde_json::to_string_pretty(&named).unwrap();
    let second = send("POST", &server.url("/api/v1/games"), Some(&pretty));
    assert_eq!(second.status, 201, "{}", second.body);
    let second_id = second.json()["id"].as_str().unwrap().to_string();

    let list = send("GET", &server.url("/api/v1/games"), None).json();
    assert_eq!(list["total"], 2);
    assert_eq!(list["games"][0]["id"], id.as_str());
    let by_player = send("GET", &server.url("/api/v1/games?player=Resi"), None).json();
    assert_eq!(by_player["total"], 1);
    assert_eq!(by_player["games"][0]["id"], second_id.as_str());
    assert_eq!(by_player["games"][0]["players"][1], "Resi");
    let by_game = send("GET", &server.url("/api/v1/games?game=sauspiel"), None).json();
    assert_eq!(by_game["total"], 1);
    // Newest first on asking, and searched by a part of the id (`%` is plain text).
    let newest = send("GET", &server.url("/api/v1/games?order=newest"), None).json();
    assert_eq!(newest["games"][0]["id"], second_id.as_str());
    assert_eq!(newest["games"][1]["id"], id.as_str());
    let part = &id[1..id.len() - 1];
    let by_id = send(
        "GET",
        &server.url(&format!("/api/v1/games?id={part}")),
        None,
    )
    .json();
    assert_eq!(by_id["total"], 1);
    assert_eq!(by_id["games"][0]["id"], id.as_str());
    let none = send("GET", &server.url("/api/v1/games?id=%25"), None).json();
    assert_eq!(none["total"], 0);
    let page = send("GET", &server.url("/api/v1/games?limit=1&offset=1"), None).json();
    assert_eq!(
        (
            page["games"].as_array().unwrap().len(),
            page["total"].clone()
        ),
        (1, 2.into())
    );
    let future = send("GET", &server.url("/api/v1/games?since=2999-01-01"), None).json();
    assert_eq!(future["total"], 0);
    let past = send(
        "GET",
        &server.url("/api/v1/games?until=2000-01-01T00:00:00Z"),
        None,
    )
    .json();
    assert_eq!(past["total"], 0);
    let bad = send("GET", &server.url("/api/v1/games?since=yesterday"), None);
    assert!(bad.problem(400, "bad_query").contains("since"));

    // Get returns the record exactly as given (here: pretty-printed).
    let got = send(
        "GET",
        &server.url(&format!("/api/v1/games/{second_id}")),
        None,
    );
    assert_eq!((got.status, got.body.as_str()), (200, pretty.as_str()));

    // The analysis: computed once, then the same text from the database.
    let url = server.url(&format!("/api/v1/games/{second_id}/analysis"));
    let first = send("GET", &url, None);
    assert_eq!(first.status, 200, "{}", first.body);
    // The stored record has no id of its own: everything else is the command line's.
    let (ours, theirs) = (first.json(), cli("analyze", &games()[1]));
    for key in ["start", "plays", "players"] {
        assert_eq!(ours[key], theirs[key], "{key}");
    }
    assert_eq!(ours["result"]["payouts"], theirs["result"]["payouts"]);
    assert_eq!(send("GET", &url, None).body, first.body);

    let deleted = send(
        "DELETE",
        &server.url(&format!("/api/v1/games/{second_id}")),
        None,
    );
    assert_eq!(deleted.status, 204);
    let gone = send(
        "GET",
        &server.url(&format!("/api/v1/games/{second_id}")),
        None,
    );
    assert!(gone.problem(404, "not_found").contains(&second_id));
    send(
        "DELETE",
        &server.url(&format!("/api/v1/games/{second_id}")),
        None,
    )
    .problem(404, "not_found");
    send("GET", &url, None).problem(404, "not_found");

    // The document and the docs page (no internet needed: the page's files are served here).
    let doc = send("GET", &server.url("/openapi.json"), None);
    let file: Value = serde_json::from_str(
        &std::fs::read_to_string(repo().join("openapi/openapi.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(doc.json(), file);
    // Each operation's summary is a short title (Swagger UI shows it as plain text).
    for (path, operations) in file["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            let summary = operation["summary"].as_str().unwrap_or_default();
            assert!(
                !summary.is_empty() && summary.len() <= 60 && !summary.contains(['`', '\n', '*']),
                "{method} {path}: {summary:?}"
            );
        }
    }
    let docs = send("GET", &server.url("/docs"), None);
    assert_eq!(
        (docs.status, docs.location.as_deref()),
        (308, Some("/docs/"))
    );
    let page = send("GET", &server.url("/docs/"), None);
    assert!(
        page.status == 200
            && page.body.contains("swagger-ui")
            && page.body.contains("<title>schafkopf: the HTTP API</title>")
            && page.body.contains("name=\"viewport\""),
        "{}",
        page.body
    );
    let script = send("GET", &server.url("/docs/swagger-ui-bundle.js"), None);
    assert_eq!(script.status, 200);
    let init = send("GET", &server.url("/docs/swagger-initializer.js"), None);
    assert!(init.body.contains("/openapi.json"), "{}", init.body);
}

/// A hand for `odds`: seat 1's cards, the others hidden.
const HIDDEN: &str =
    r#"{"id": "wenz-hand", "hands": [null, "EU GU SU EA EZ GA GZ S7", null, null]}"#;

#[test]
fn the_players_view_and_odds_answer_as_the_command_line() {
    let db = temp_db("players");
    let server = Server::start(&db, &[]);
    let odds = send(
        "POST",
        &server.url("/api/v1/odds?samples=200&seed=4"),
        Some(HIDDEN),
    );
    assert_eq!(odds.status, 200, "{}", odds.body);
    let theirs: Value = serde_json::from_str(&binary(
        &["odds", "--samples", "200", "--seed", "4", "-"],
        HIDDEN,
    ))
    .unwrap();
    assert_eq!(odds.json(), theirs);
    assert_eq!(odds.json()["best"]["contract"]["game"], "wenz");

    let game = &games()[0];
    let a = send(
        "POST",
        &server.url("/api/v1/analyze?view=players&samples=8"),
        Some(game),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let theirs: Value = serde_json::from_str(&binary(
        &["analyze", "--view", "players", "--samples", "8", "-"],
        game,
    ))
    .unwrap();
    assert_eq!(a.json(), theirs);
    assert_eq!(a.json()["view"], "players");

    // A stored game keeps each view apart.
    let created = send("POST", &server.url("/api/v1/games"), Some(game));
    let id = created.location.unwrap();
    let players = server.url(&format!("{id}/analysis?view=players&samples=8"));
    let first = send("GET", &players, None);
    assert_eq!(first.status, 200, "{}", first.body);
    assert_eq!(first.json(), theirs);
    assert_eq!(send("GET", &players, None).body, first.body);
    let plain = send("GET", &server.url(&format!("{id}/analysis")), None).json();
    assert!(plain.get("view").is_none());
    assert!(plain["plays"][0].get("single_dummy").is_none());
    // The default players' view is kept beside the double dummy; other seeds are answered
    // but not kept, so that GETs cannot fill the store.
    let default = send(
        "GET",
        &server.url(&format!("{id}/analysis?view=players")),
        None,
    );
    assert_eq!(default.status, 200, "{}", default.body);
    let rows = analysis_rows(&db);
    for seed in 1..4 {
        let path = format!("{id}/analysis?view=players&samples=1&seed={seed}");
        let other = send("GET", &server.url(&path), None);
        assert_eq!(other.status, 200, "{}", other.body);
        assert_eq!(other.json()["samples"], 1);
    }
    assert_eq!(
        analysis_rows(&db),
        rows,
        "analyses kept after three other seeds"
    );

    for (query, word) in [
        ("view=nope", "view"),
        ("view=players&samples=0", "samples"),
        ("samples=5", "view=players"),
    ] {
        let bad = send(
            "POST",
            &server.url(&format!("/api/v1/analyze?{query}")),
            Some(game),
        );
        assert!(bad.problem(400, "bad_query").contains(word), "{query}");
    }
    // One decision, as `solve --view players` answers it, and its faults.
    let mut position: Value = serde_json::from_str(game).unwrap();
    let five: Vec<&str> = position["play"]
        .as_str()
        .unwrap()
        .split(' ')
        .take(5)
        .collect();
    position["play"] = five.join(" ").into();
    let position = position.to_string();
    // The service's decision against the command line's, asked alike.
    let decided = |query: &str, args: &[&str]| -> Value {
        let d = send(
            "POST",
            &server.url(&format!("/api/v1/solve?view=players&{query}")),
            Some(&position),
        );
        assert_eq!(d.status, 200, "{}", d.body);
        let mut all = vec!["solve", "--view", "players"];
        all.extend_from_slice(args);
        all.push("-");
        let theirs: Value = serde_json::from_str(&binary(&all, &position)).unwrap();
        assert_eq!(d.json(), theirs, "{query}");
        theirs
    };
    let sampled = ["--samples", "8", "--seed", "2"];
    assert_eq!(decided("samples=8&seed=2", &sampled)["worlds"], 8);
    // The worlds it averaged over, as the command line shows them.
    let shown = decided(
        "samples=8&seed=2&show_worlds=3",
        &[&sampled[..], &["--show-worlds", "3"]].concat(),
    );
    assert_eq!(shown["shown_worlds"].as_array().unwrap().len(), 3);
    for (query, word) in [
        ("view=players&line=true", "line"),
        ("seat=1", "view=players"),
        ("show_worlds=2", "view=players"),
        ("view=players&show_worlds=0", "show_worlds"),
        ("view=players&samples=16001", "samples"),
    ] {
        let bad = send(
            "POST",
            &server.url(&format!("/api/v1/solve?{query}")),
            Some(&position),
        );
        assert!(bad.problem(400, "bad_query").contains(word), "{query}");
    }
    let other = send(
        "POST",
        &server.url("/api/v1/solve?view=players&seat=3"),
        Some(&position),
    );
    assert!(other
        .problem(422, "bad_view")
        .contains("seat 3 is not to move"));
    let bad = send("POST", &server.url("/api/v1/odds?seat=7"), Some(HIDDEN));
    assert!(bad.problem(400, "bad_query").contains("seat"));
    let full = send("POST", &server.url("/api/v1/odds"), Some(game));
    assert!(full.problem(422, "bad_view").contains("seat"));
    // Assumptions, `;` between them, as the command line's repeated --assume.
    let assumed = send(
        "POST",
        &server.url("/api/v1/odds?samples=200&assume=seat%202%20holds%20HU;%20seat%202:%20at%20least%203%20Schellen"),
        Some(HIDDEN),
    );
    assert_eq!(assumed.status, 200, "{}", assumed.body);
    let theirs: Value = serde_json::from_str(&binary(
        &[
            "odds",
            "--samples",
            "200",
            "--assume",
            "seat 2 holds HU",
            "--assume",
            "seat 2: at least 3 Schellen",
            "-",
        ],
        HIDDEN,
    ))
    .unwrap();
    assert_eq!(assumed.json(), theirs);
    let unread = send(
        "POST",
        &server.url("/api/v1/odds?assume=seat%202:%20many%20trumps"),
        Some(HIDDEN),
    );
    assert!(unread
        .problem(400, "bad_query")
        .contains("'seat 2: many trumps'"));
    let double_dummy = send(
        "POST",
        &server.url("/api/v1/analyze?assume=seat%201:%20no%20Eichel"),
        Some(game),
    );
    assert!(double_dummy
        .problem(400, "bad_query")
        .contains("belong to view=players"));
}

#[test]
fn bad_input_of_each_kind_is_a_problem_that_names_the_fault() {
    let server = Server::start(&temp_db("bad"), &["--body-limit", "4096"]);
    let solve = server.url("/api/v1/solve");
    let detail = send("POST", &solve, Some("{\"hands\": [")).problem(400, "malformed_json");
    assert!(detail.starts_with("malformed JSON"), "{detail}");
    let twice = r#"{"hands": ["GA GO HO SO EU GU HU SU", "EA EZ EK E9 E8 E7 GA GZ", "GK G9 G8 G7 HA HZ HK H9", "H8 H7 SA SZ SK S9 S8 S7"], "contract": {"game": "wenz", "declarer": 0}}"#;
    assert_eq!(
        send("POST", &solve, Some(twice)).problem(422, "duplicate_card"),
        "card GA appears twice"
    );
    let mut illegal: Value = serde_json::from_str(&games()[0]).unwrap();
    // Seat 1 answers the Herz lead H8 with EA although he holds H7.
    illegal["play"] = "H8 EA".into();
    let detail = send("POST", &solve, Some(&illegal.to_string())).problem(422, "illegal_play");
    assert_eq!(detail, "play 1 (EA) is illegal: seat 1 must follow trumps");
    let no_hands = send("POST", &server.url("/api/v1/analyze"), Some("{}"));
    assert!(no_hands.problem(422, "invalid_record").contains("hands"));
    let big = format!("{{\"id\": \"{}\"}}", "x".repeat(10_000));
    send("POST", &server.url("/api/v1/games"), Some(&big)).problem(413, "body_too_large");
    send("GET", &server.url("/api/v1/games/no-such-game"), None).problem(404, "not_found");
    send("GET", &server.url("/api/v1/nothing"), None).problem(404, "not_found");
    send("POST", &server.url("/health"), Some("{}")).problem(405, "method_not_allowed");
    // Samples and a seed belong to single_dummy=true, as to view=players; a seed is at most
    // 2^63 - 1 (the document's int64).
    let ledger = server.url("/api/v1/ledger");
    send("GET", &format!("{ledger}?samples=5"), None).problem(400, "bad_query");
    let seed = format!("{ledger}?single_dummy=true&seed=9223372036854775808");
    send("GET", &seed, None).problem(400, "bad_query");
    // A text/plain body without `from` is a plain line, as the document shows it.
    let plain = std::fs::read_to_string(repo().join("fuzz/seeds/plain/example-1.txt")).unwrap();
    let answer = ureq::post(&solve)
        .set("Content-Type", "text/plain")
        .send_string(&plain)
        .unwrap();
    assert_eq!(answer.status(), 200);
}

#[test]
fn a_game_at_another_table_is_solved_shown_analysed_and_stored() {
    let server = Server::start(&temp_db("tables"), &[]);
    let tables = std::fs::read_to_string(repo().join("examples/alvensleben.jsonl")).unwrap();
    let f = tables.lines().next().unwrap();
    let post = |path: &str, body: &str| send("POST", &server.url(path), Some(body));
    // As the command line answers it.
    for (path, command) in [("/api/v1/solve", "solve"), ("/api/v1/analyze", "analyze")] {
        let a = post(path, f);
        assert_eq!(a.status, 200, "{path}: {}", a.body);
        assert_eq!(a.json(), cli(command, f), "{path}");
    }
    // The board of a position: six hands, the trick on the table, the cards in the pack
    // asked for.
    let mut record: Value = serde_json::from_str(f).unwrap();
    let play: Vec<&str> = f
        .split("\"play\": \"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .split(' ')
        .collect();
    record["play"] = play[..8].join(" ").into();
    let board = post("/api/v1/board?pack=french", &record.to_string()).json();
    assert_eq!(board["hands"].as_array().unwrap().len(), 6);
    assert_eq!(board["tricks"].as_array().unwrap().len(), 1);
    assert_eq!(board["current"].as_array().unwrap().len(), 2);
    assert_eq!(board["tricks"][0]["cards"][0], "C9");
    // What is asked of four seats only is refused by name.
    for (path, code) in [
        ("/api/v1/solve?line=true", "conflict"),
        ("/api/v1/solve?view=players&show_worlds=3", "conflict"),
        ("/api/v1/analyze?view=players", "conflict"),
        ("/api/v1/contracts", "conflict"),
        ("/api/v1/odds?seat=0", "conflict"),
    ] {
        let a = post(path, f);
        assert_eq!(
            (a.status, a.json()["code"].as_str()),
            (422, Some(code)),
            "{path}"
        );
    }
    // Stored: kept as given, listed, analysed once and kept; JSON lines of three players'
    // games stored as a log.
    let a = post("/api/v1/games", f);
    assert_eq!(a.status, 201, "{}", a.body);
    let get = |path: &str| send("GET", &server.url(path), None);
    assert_eq!(get("/api/v1/games/alvensleben-f-1").body, f);
    let french = get("/api/v1/games/alvensleben-f-1?pack=french").json();
    assert_eq!(french["pack"], "french");
    assert!(french["play"].as_str().unwrap().starts_with("C9 C10"));
    let analysis = get("/api/v1/games/alvensleben-f-1/analysis");
    assert_eq!(analysis.status, 200, "{}", analysis.body);
    assert_eq!(analysis.json(), cli("analyze", f));
    assert_eq!(
        get("/api/v1/games/alvensleben-f-1/analysis").body,
        analysis.body
    );
    let players = get("/api/v1/games/alvensleben-f-1/analysis?view=players");
    assert_eq!(
        (players.status, players.json()["code"].as_str()),
        (422, Some("conflict"))
    );
    let three = std::fs::read_to_string(repo().join("examples/three.jsonl")).unwrap();
    // At three, the contracts are each seat's solos, as the command line values them.
    let first = three.lines().next().unwrap();
    let contracts = post("/api/v1/contracts", first);
    assert_eq!(contracts.status, 200, "{}", contracts.body);
    assert_eq!(contracts.json(), cli("contracts", first));
    let odds = post("/api/v1/odds?seat=2&samples=200&seed=3", first);
    assert_eq!(odds.status, 200, "{}", odds.body);
    let by_cli = binary(
        &[
            "odds",
            "--seat",
            "2",
            "--samples",
            "200",
            "--seed",
            "3",
            "-",
        ],
        first,
    );
    assert_eq!(odds.json(), serde_json::from_str::<Value>(&by_cli).unwrap());
    // The players' view at three, as the command line judges it.
    let mut at: Value = serde_json::from_str(first).unwrap();
    let cut: Vec<&str> = at["play"].as_str().unwrap().split(' ').take(10).collect();
    at["play"] = cut.join(" ").into();
    let decided = post("/api/v1/solve?view=players", &at.to_string());
    assert_eq!(decided.status, 200, "{}", decided.body);
    let by_cli = binary(&["solve", "--view", "players", "-"], &at.to_string());
    assert_eq!(
        decided.json(),
        serde_json::from_str::<Value>(&by_cli).unwrap()
    );
    assert_eq!(decided.json()["exhaustive"], true);
    // And every card of a game at three by what its player could know.
    let analysed = post("/api/v1/analyze?view=players&samples=300&seed=4", first);
    assert_eq!(analysed.status, 200, "{}", analysed.body);
    let by_cli = binary(
        &[
            "analyze",
            "--view",
            "players",
            "--samples",
            "300",
            "--seed",
            "4",
            "-",
        ],
        first,
    );
    assert_eq!(
        analysed.json(),
        serde_json::from_str::<Value>(&by_cli).unwrap()
    );
    assert_eq!(analysed.json()["plays"][0]["single_dummy"]["best"][0], "SZ");
    let log = post("/api/v1/games", &three);
    assert_eq!(log.status, 201, "{}", log.body);
    assert_eq!(log.json()["ids"].as_array().unwrap().len(), 4);
    assert_eq!(
        get("/api/v1/games/three-1/contracts").json(),
        cli("contracts", first)
    );
    // The ledger of the stored evening at three: each game and the totals as the command
    // line counts them; the judges refused by name.
    let ledger = get("/api/v1/ledger?id=three").json();
    let lines: Vec<Value> = binary(&["ledger", "-"], &three)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (totals, games) = lines.split_last().unwrap();
    assert_eq!(ledger["games"], json!(games));
    assert_eq!(ledger["totals"], totals["totals"]);
    assert_eq!(ledger["failed"], json!([]));
    let judged = get("/api/v1/ledger?id=three&double_dummy=true");
    assert_eq!(
        (judged.status, judged.json()["code"].as_str()),
        (422, Some("conflict"))
    );
    let list = get("/api/v1/games?game=german").json();
    assert_eq!(list["total"], 1);
    assert_eq!(list["games"][0]["players"].as_array().unwrap().len(), 6);
    // A bad table record is refused by name, and nothing is stored.
    let seven = f.replacen("\"hands\": [", "\"hands\": [\"EA\", ", 1);
    let bad = post("/api/v1/games", &seven);
    assert_eq!(
        (bad.status, bad.json()["code"].as_str()),
        (422, Some("hand_count"))
    );
}

#[test]
fn a_restart_finds_the_stored_games_again() {
    let db = temp_db("restart");
    let server = Server::start(&db, &[]);
    let mut ids = Vec::new();
    for game in &games()[..5] {
        let a = send("POST", &server.url("/api/v1/games"), Some(game));
        assert_eq!(a.status, 201, "{}", a.body);
        ids.push(a.json()["id"].as_str().unwrap().to_string());
    }
    server.crash();
    let server = Server::start(&db, &[]);
    let list = send("GET", &server.url("/api/v1/games?limit=500"), None).json();
    assert_eq!(list["total"], 5);
    let listed: Vec<&str> = list["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(listed, ids.iter().map(String::as_str).collect::<Vec<_>>());
    for (id, game) in ids.iter().zip(&games()[..5]) {
        let q: String = id.bytes().map(|b| format!("%{b:02X}")).collect();
        let got = send("GET", &server.url(&format!("/api/v1/games/{q}")), None);
        assert_eq!(got.body, *game);
    }
}

#[test]
fn fifty_concurrent_analyses_all_answer_and_health_stays_fast() {
    let server = Server::start(&temp_db("load"), &[]);
    let games = games();
    let expected: Vec<Value> = games.iter().map(|g| cli("analyze", g)).collect();
    let url = server.url("/api/v1/analyze");
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let health_url = server.url("/health");
    let watch = {
        let done = done.clone();
        std::thread::spawn(move || {
            let mut slowest = Duration::ZERO;
            let mut polls = 0;
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                let t = Instant::now();
                assert_eq!(send("GET", &health_url, None).status, 200);
                slowest = slowest.max(t.elapsed());
                polls += 1;
                std::thread::sleep(Duration::from_millis(20));
            }
            (slowest, polls)
        })
    };
    let workers: Vec<_> = (0..50)
        .map(|i| {
            let (url, game) = (url.clone(), games[i % games.len()].clone());
            std::thread::spawn(move || (i, send("POST", &url, Some(&game))))
        })
        .collect();
    for w in workers {
        let (i, a) = w.join().unwrap();
        assert_eq!(a.status, 200, "request {i}: {}", a.body);
        assert_eq!(a.json(), expected[i % games.len()], "request {i}");
    }
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    let (slowest, polls) = watch.join().unwrap();
    assert!(polls > 0);
    // It never waits for a search (fifty of them queue for two workers): a bound far
    // below their time, loose enough for a busy machine. The figure goes to the log.
    eprintln!("/health: slowest {slowest:?} over {polls} polls");
    assert!(slowest < Duration::from_secs(5), "/health took {slowest:?}");
}

#[test]
fn a_full_queue_answers_503_and_a_search_over_budget_422() {
    let server = Server::start(&temp_db("busy"), &["--workers", "1", "--queue", "1"]);
    // Long-deck contracts take seconds: one runs, one waits, the rest are refused.
    let deal: Value = serde_json::from_str(&games()[0]).unwrap();
    let deal = serde_json::json!({"hands": deal["hands"]}).to_string();
    let url = server.url("/api/v1/contracts");
    let answers: Vec<Answer> = (0..6)
        .map(|_| {
            let (url, deal) = (url.clone(), deal.clone());
            std::thread::spawn(move || send("POST", &url, Some(&deal)))
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|t| t.join().unwrap())
        .collect();
    let busy: Vec<&Answer> = answers.iter().filter(|a| a.status == 503).collect();
    assert!(
        busy.len() >= 3,
        "{:?}",
        answers.iter().map(|a| a.status).collect::<Vec<_>>()
    );
    for a in busy {
        a.problem(503, "busy");
        assert_eq!(a.retry_after.as_deref(), Some("1"));
    }
    assert!(answers.iter().all(|a| a.status == 503 || a.status == 200));

    let tight = Server::start(&temp_db("budget"), &["--request-node-budget", "1000"]);
    let mut position: Value = serde_json::from_str(&games()[0]).unwrap();
    position["play"] = "".into();
    let detail = send(
        "POST",
        &tight.url("/api/v1/solve"),
        Some(&position.to_string()),
    )
    .problem(422, "search_budget");
    assert!(detail.contains("budget"), "{detail}");
}

/// Other programs' logs go in directly, with `from` (as `--from` on the command line).
#[test]
fn logs_of_other_programs_are_read_with_from() {
    let server = Server::start(&temp_db("from"), &[]);
    let protocol =
        std::fs::read(repo().join("tests/data/netschafkopf/samples-16.05.20.txt")).unwrap();
    // Latin-1 bytes: sent as they are.
    let agent = ureq::AgentBuilder::new().build();
    let response = agent
        .post(&server.url("/api/v1/games?from=netschafkopf&name=club"))
        .set("Content-Type", "text/plain")
        .send_bytes(&protocol)
        .unwrap();
    assert_eq!(response.status(), 201);
    let stored: Value = serde_json::from_str(&response.into_string().unwrap()).unwrap();
    // Every game, the Schieber rounds (two thrown in) too.
    assert_eq!(stored["ids"].as_array().unwrap().len(), 32);
    assert_eq!(stored["ids"][0], "club#1");
    assert!(stored["failed"].as_array().unwrap().is_empty(), "{stored}");
    let list = send(
        "GET",
        &server.url("/api/v1/games?player=PcOben&limit=500"),
        None,
    )
    .json();
    assert_eq!(list["total"], 32);
    // Stored in one request, listed in the order of the log.
    assert_eq!(list["games"][9]["id"], "club#10");
    // Logs without a name are named by their contents: two different logs both stored,
    // the same log again refused as stored.
    let unnamed = |body: &[u8]| {
        let response = agent
            .post(&server.url("/api/v1/games?from=netschafkopf"))
            .send_bytes(body);
        match response {
            Ok(r) => (r.status(), r.into_string().unwrap()),
            Err(ureq::Error::Status(code, r)) => (code, r.into_string().unwrap()),
            Err(e) => panic!("{e}"),
        }
    };
    let other = std::fs::read(repo().join("tests/data/netschafkopf/samples-04.08.24.txt")).unwrap();
    let (code, first) = unnamed(&protocol);
    assert_eq!(code, 201, "{first}");
    let (code, second) = unnamed(&other);
    assert_eq!(code, 201, "{second}");
    let id_of = |text: &str| -> String {
        let v: Value = serde_json::from_str(text).unwrap();
        v["ids"][0].as_str().unwrap().to_string()
    };
    let (first, second) = (id_of(&first), id_of(&second));
    assert!(
        first.starts_with("upload-") && first.ends_with("#1"),
        "{first}"
    );
    assert_ne!(first.split('#').next(), second.split('#').next());
    let (code, again) = unnamed(&other);
    assert_eq!(code, 409, "{again}");
    // Deleted again, so that the ledger below counts the club's evening alone.
    let unnamed_ids = send(
        "GET",
        &server.url("/api/v1/games?id=upload-&limit=500"),
        None,
    )
    .json();
    for g in unnamed_ids["games"].as_array().unwrap() {
        let url = format!(
            "/api/v1/games/{}",
            g["id"].as_str().unwrap().replace('#', "%23")
        );
        send("DELETE", &server.url(&url), None);
    }

    // The ledger over the stored games ends on the protocol's last score line.
    let ledger = send("GET", &server.url("/api/v1/ledger"), None).json();
    assert_eq!(ledger["games"].as_array().unwrap().len(), 32);
    assert_eq!(ledger["failed"], json!([]));
    let last = &ledger["games"][31];
    assert_eq!(
        last["players"],
        json!(["PcRechts", "Gast", "PcLinks", "PcOben"])
    );
    assert_eq!(last["totals"], json!([-290, -30, 410, -90]));
    assert_eq!(ledger["totals"]["players"][1]["total"], 410);
    let solos = send("GET", &server.url("/api/v1/ledger?game=solo"), None).json();
    assert!(solos["games"].as_array().unwrap().len() < 32);
    send("GET", &server.url("/api/v1/ledger?stock=-1"), None).problem(400, "bad_query");
    // Judged double dummy on a solver worker: the 28 declared games of the 32.
    let judged = send("GET", &server.url("/api/v1/ledger?double_dummy=true"), None).json();
    let games = judged["games"].as_array().unwrap();
    assert_eq!(
        games
            .iter()
            .filter(|g| g.get("double_dummy").is_some())
            .count(),
        28
    );
    assert_eq!(judged["totals"]["players"][0]["double_dummy"]["games"], 28);
    send("GET", &server.url("/api/v1/ledger?double_dummy=1"), None).problem(400, "bad_query");
    // Played out single dummy: the solos, few worlds each.
    let url = server.url("/api/v1/ledger?game=solo&single_dummy=true&samples=4");
    let played = send("GET", &url, None).json();
    let games = played["games"].as_array().unwrap();
    assert!(!games.is_empty());
    for g in games {
        let sd = g["single_dummy"].as_array().unwrap();
        assert_eq!(
            sd.iter().map(|v| v.as_i64().unwrap()).sum::<i64>(),
            0,
            "{g}"
        );
    }
    let n = games.len() as u64;
    for account in played["totals"]["players"].as_array().unwrap() {
        assert_eq!(
            account["single_dummy"]["games"], account["games"],
            "{account}"
        );
        assert!(account["games"].as_u64().unwrap() <= n);
    }
    let url = server.url("/api/v1/ledger?single_dummy=true&samples=0");
    send("GET", &url, None).problem(400, "bad_query");

    // One plain line through analyze: the same as the command line on the converted record.
    let line = "Rufspiel Gras von 0: h8 h7 hk hz g7 g8 hu so sa s8 ha s7 su go eo g9 e7 ek h9 e9 ho eu s9 sz gk sk e8 ga gz gu ea ez";
    let a = send(
        "POST",
        &server.url("/api/v1/analyze?from=openschafkopf"),
        Some(line),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let record = binary(&["import", "--from", "openschafkopf", "-"], line);
    let theirs = cli("analyze", &record);
    assert_eq!(a.json()["plays"], theirs["plays"]);
    // Two games where one is taken, a fault by line, a bad format name.
    let two = format!("{line}\n{line}");
    send(
        "POST",
        &server.url("/api/v1/solve?from=openschafkopf"),
        Some(&two),
    )
    .problem(422, "game_count");
    let broken = send(
        "POST",
        &server.url("/api/v1/solve?from=openschafkopf"),
        Some("Wenz von 0: ea"),
    );
    assert!(broken.problem(422, "inconsistent").starts_with("line 1: "));
    send("POST", &server.url("/api/v1/solve?from=skat"), Some(line)).problem(400, "bad_query");
}

/// Swagger's "Try it out" with the document's own examples: every endpoint answers with
/// success, and each response example is the real answer to the request example.
#[test]
fn the_documents_examples_are_real_answers() {
    let server = Server::start(&temp_db("examples"), &[]);
    let doc: Value =
        serde_json::from_str(&send("GET", &server.url("/openapi.json"), None).body).unwrap();
    let schemas = &doc["components"]["schemas"];
    let record = schemas["Record"]["example"].to_string();
    // No parameter carries an example Swagger would fill in (they made every POST fail).
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            for p in op["parameters"].as_array().into_iter().flatten() {
                assert!(
                    p.get("example").is_none() && p["schema"].get("example").is_none(),
                    "{method} {path}: parameter {} has an example",
                    p["name"]
                );
            }
        }
    }
    let answer = |path: &str, body: &str| -> Value {
        let a = send("POST", &server.url(path), Some(body));
        assert!(
            (200..300).contains(&a.status),
            "{path}: {} {}",
            a.status,
            a.body
        );
        serde_json::from_str(&a.body).unwrap()
    };
    assert_eq!(
        answer("/api/v1/solve", &record),
        schemas["Solution"]["example"]
    );
    // The decision's example: the record's first five cards, seed 3.
    let mut five: Value = schemas["Record"]["example"].clone();
    let first: Vec<&str> = five["play"].as_str().unwrap().split(' ').take(5).collect();
    five["play"] = first.join(" ").into();
    assert_eq!(
        answer("/api/v1/solve?view=players&seed=3", &five.to_string()),
        schemas["Decision"]["example"]
    );
    answer("/api/v1/analyze", &record);
    answer("/api/v1/contracts", &record);
    assert_eq!(
        answer("/api/v1/games", &record),
        schemas["Created"]["example"]
    );
    // The plain example of the text bodies, stored as a log.
    let plain = doc["paths"]["/api/v1/games"]["post"]["requestBody"]["content"]["text/plain"]
        ["example"]
        .as_str()
        .unwrap()
        .to_string();
    let agent = ureq::AgentBuilder::new().build();
    let r = agent
        .post(&server.url("/api/v1/games?from=openschafkopf"))
        .set("Content-Type", "text/plain")
        .send_string(&plain)
        .unwrap();
    let imported: Value = serde_json::from_str(&r.into_string().unwrap()).unwrap();
    assert_eq!(imported, schemas["Imported"]["example"]);
    // Posted again, every game is a duplicate: 409.
    let again = agent
        .post(&server.url("/api/v1/games?from=openschafkopf"))
        .set("Content-Type", "text/plain")
        .send_string(&plain);
    match again {
        Err(ureq::Error::Status(409, r)) => {
            assert!(r.into_string().unwrap().contains("already stored"));
        }
        other => panic!("expected 409, got {other:?}"),
    }
    // A stored Sie's analysis: its result, no plays.
    let sie = r#"{"id": "sie", "hands": ["EO GO HO SO EU GU HU SU", "EA EZ EK E9 E8 E7 GA GZ", "GK G9 G8 G7 HA HZ HK H9", "H8 H7 SA SZ SK S9 S8 S7"], "contract": {"game": "sie", "declarer": 0}}"#;
    assert_eq!(answer("/api/v1/games", sie)["id"], "sie");
    let a = send("GET", &server.url("/api/v1/games/sie/analysis"), None);
    assert_eq!(a.status, 200, "{}", a.body);
    let analysis: Value = serde_json::from_str(&a.body).unwrap();
    assert_eq!(analysis["plays"].as_array().unwrap().len(), 0);
    assert_eq!(analysis["result"]["payouts"][0], 1560);
    let health: Value =
        serde_json::from_str(&send("GET", &server.url("/health"), None).body).unwrap();
    let keys = |v: &Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    assert_eq!(keys(&health), keys(&schemas["Health"]["example"]));
}

/// The listing's filters and paging are refused by name when they cannot mean anything.
#[test]
fn impossible_filters_are_refused_by_name() {
    let server = Server::start(&temp_db("filters"), &[]);
    for (query, says) in [
        ("since=2026-02-30", "since: there is no day 2026-02-30"),
        ("until=2026-13-01", "until: there is no day 2026-13-01"),
        (
            "since=2026-11-29T24:00:00Z",
            "since: there is no time 24:00:00",
        ),
        (
            "game=sauspeil",
            "game: unknown game 'sauspeil'; did you mean sauspiel?",
        ),
        (
            "limit=abc",
            "limit must be a whole number from 1 to 500, not 'abc'",
        ),
        (
            "limit=0",
            "limit must be a whole number from 1 to 500, not '0'",
        ),
        (
            "offset=-1",
            "offset must be a whole number from 0 to 1000000000, not '-1'",
        ),
        ("order=new", "order must be oldest or newest, not 'new'"),
        (
            "id=a%07",
            "id holds a control character (U+0007); no stored id does",
        ),
    ] {
        let a = send("GET", &server.url(&format!("/api/v1/games?{query}")), None);
        assert_eq!(a.status, 400, "{query}");
        let body: Value = serde_json::from_str(&a.body).unwrap();
        assert_eq!(body["detail"], says, "{query}");
        assert_eq!(body["code"], "bad_query", "{query}");
    }
    // The names players use are read: a Rufspiel is a Sauspiel.
    let c = r#"{"hands": ["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7", "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"], "contract": {"game": "Rufspiel", "suit": "G", "declarer": 0}}"#;
    assert_eq!(
        send("POST", &server.url("/api/v1/games"), Some(c)).status,
        201
    );
    let list: Value =
        serde_json::from_str(&send("GET", &server.url("/api/v1/games?game=rufspiel"), None).body)
            .unwrap();
    assert_eq!(list["total"], 1);
    assert_eq!(list["games"][0]["game"], "sauspiel");
}

/// An address in use is named, with the address, and no database file is left behind;
/// `--port` is answered with the way to set one.
#[test]
fn an_address_in_use_is_named() {
    let server = Server::start(&temp_db("addr"), &[]);
    let addr = server.base.trim_start_matches("http://").to_string();
    let db = temp_db("addr2");
    let o = Command::new(env!("CARGO_BIN_EXE_schafkopf"))
        .args(["serve", "--addr", &addr, "--db"])
        .arg(&db)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(
        !std::path::Path::new(&db).exists(),
        "{db:?} was left behind"
    );
    let port = Command::new(env!("CARGO_BIN_EXE_schafkopf"))
        .args(["serve", "--port", "8080"])
        .output()
        .unwrap();
    assert_eq!(port.status.code(), Some(64));
    let said = String::from_utf8_lossy(&port.stderr);
    assert!(said.contains("use --addr 127.0.0.1:8080"), "{said}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(&format!("{addr}: Address in use"))
            || err.contains(&format!("{addr}: Address already in use")),
        "{err}"
    );
}

/// A JSON Schema subset, the one utoipa writes: `$ref`, `type`, `properties`, `required`,
/// `additionalProperties`, `items`, `oneOf`, `allOf`, `enum`, bounds. Stricter than JSON
/// Schema in one way: an object's keys must all be declared (where no
/// `additionalProperties` schema allows more), so that a field the document forgot fails.
struct Schemas<'a> {
    doc: &'a Value,
}

impl Schemas<'_> {
    fn resolve<'b>(&'b self, schema: &'b Value) -> &'b Value {
        match schema.get("$ref").and_then(Value::as_str) {
            Some(r) => {
                let name = r
                    .strip_prefix("#/components/schemas/")
                    .expect("a local ref");
                let target = &self.doc["components"]["schemas"][name];
                assert!(target.is_object(), "{r} does not resolve");
                self.resolve(target)
            }
            None => schema,
        }
    }

    /// Every key an object may carry under `schema`, or `None` where any key may.
    fn declared(&self, schema: &Value) -> Option<std::collections::BTreeSet<String>> {
        let schema = self.resolve(schema);
        let mut keys = std::collections::BTreeSet::new();
        for part in ["allOf", "oneOf"] {
            for sub in schema[part].as_array().into_iter().flatten() {
                keys.extend(self.declared(sub)?);
            }
        }
        if schema["additionalProperties"].is_object() || schema["additionalProperties"] == true {
            return None;
        }
        keys.extend(
            schema["properties"]
                .as_object()
                .into_iter()
                .flat_map(|p| p.keys().cloned()),
        );
        Some(keys)
    }

    fn check(&self, schema: &Value, v: &Value, at: &str) -> Result<(), String> {
        self.check_part(schema, v, at, true)
    }

    /// `strict`: an object's keys must be declared here (false inside an `allOf`, whose
    /// parts declare them between them).
    fn check_part(&self, schema: &Value, v: &Value, at: &str, strict: bool) -> Result<(), String> {
        let s = self.resolve(schema);
        if let Some(parts) = s["allOf"].as_array() {
            for p in parts {
                self.check_part(p, v, at, false)?;
            }
            if let (Some(keys), Some(obj)) = (self.declared(s), v.as_object()) {
                if let Some(k) = obj.keys().find(|k| !keys.contains(*k)) {
                    return Err(format!("{at}.{k}: not in the schema"));
                }
            }
        }
        if let Some(branches) = s["oneOf"].as_array() {
            let fits = branches
                .iter()
                .filter(|b| self.check_part(b, v, at, strict).is_ok())
                .count();
            if fits != 1 {
                return Err(format!("{at}: {fits} of oneOf's branches fit {v}"));
            }
        }
        if let Some(types) = s.get("type") {
            let types: Vec<&str> = match types {
                Value::String(t) => vec![t.as_str()],
                Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
                _ => vec![],
            };
            let kind = match v {
                Value::Null => "null",
                Value::Bool(_) => "boolean",
                Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
                Value::Number(_) => "number",
                Value::String(_) => "string",
                Value::Array(_) => "array",
                Value::Object(_) => "object",
            };
            let ok = types.contains(&kind) || (kind == "integer" && types.contains(&"number"));
            if !ok {
                return Err(format!("{at}: {kind} where the schema says {types:?}"));
            }
        }
        if let Some(options) = s["enum"].as_array() {
            if !options.contains(v) {
                return Err(format!("{at}: {v} is none of {options:?}"));
            }
        }
        if let Some(n) = v.as_f64() {
            if s["minimum"].as_f64().is_some_and(|m| n < m)
                || s["maximum"].as_f64().is_some_and(|m| n > m)
            {
                return Err(format!("{at}: {n} out of bounds"));
            }
        }
        if let Some(items) = v.as_array() {
            let len = items.len() as u64;
            if s["minItems"].as_u64().is_some_and(|m| len < m)
                || s["maxItems"].as_u64().is_some_and(|m| len > m)
            {
                return Err(format!("{at}: {len} items"));
            }
            if s.get("items").is_some() {
                for (i, item) in items.iter().enumerate() {
                    self.check(&s["items"], item, &format!("{at}[{i}]"))?;
                }
            }
        }
        if let Some(obj) = v.as_object() {
            let props = s["properties"].as_object();
            for r in s["required"].as_array().into_iter().flatten() {
                let r = r.as_str().unwrap();
                if !obj.contains_key(r) {
                    return Err(format!("{at}: required {r} is missing"));
                }
            }
            for (k, val) in obj {
                match props.and_then(|p| p.get(k)) {
                    Some(p) => self.check(p, val, &format!("{at}.{k}"))?,
                    None if s["additionalProperties"].is_object() => {
                        self.check(&s["additionalProperties"], val, &format!("{at}.{k}"))?
                    }
                    None if strict && props.is_some() && s["additionalProperties"] != true => {
                        return Err(format!("{at}.{k}: not in the schema"))
                    }
                    None => {}
                }
            }
        }
        Ok(())
    }
}

/// Every answer of every endpoint, successes and problems, matches the schema the document
/// gives for its status and content type.
#[test]
fn every_answer_matches_its_schema() {
    let server = Server::start(&temp_db("schemas"), &[]);
    let doc: Value =
        serde_json::from_str(&send("GET", &server.url("/openapi.json"), None).body).unwrap();
    let schemas = Schemas { doc: &doc };
    let mut checked = 0;
    let mut check = |method: &str, pattern: &str, path: &str, body: Option<&str>| {
        let a = send(method, &server.url(path), body);
        let op = &doc["paths"][pattern][method.to_lowercase()];
        assert!(op.is_object(), "{method} {pattern} is not documented");
        let response = &op["responses"][a.status.to_string()];
        assert!(
            response.is_object(),
            "{method} {path}: status {} is not documented ({})",
            a.status,
            a.body
        );
        if a.status == 204 {
            return a;
        }
        let media = &response["content"][a.content_type.as_str()];
        assert!(
            media.is_object(),
            "{method} {path}: {} answered, {:?} documented",
            a.content_type,
            response["content"]
        );
        if let Err(e) = schemas.check(&media["schema"], &a.json(), "$") {
            panic!("{method} {path} ({}): {e}\n{}", a.status, a.body);
        }
        checked += 1;
        a
    };
    let health = check("GET", "/health", "/health", None).json();
    // The check itself fails on a key the document does not know, and on one it misses.
    let health_schema = &doc["components"]["schemas"]["Health"];
    let mut extra = health.clone();
    extra["uptime"] = 1.into();
    assert!(schemas.check(health_schema, &extra, "$").is_err());
    let mut short = health.clone();
    short.as_object_mut().unwrap().remove("workers");
    assert!(schemas.check(health_schema, &short, "$").is_err());
    let records: Vec<String> = games()
        .into_iter()
        .chain(
            std::fs::read_to_string(repo().join("examples/deal.jsonl"))
                .unwrap()
                .lines()
                .map(String::from),
        )
        .collect();
    for record in &records {
        let value: Value = serde_json::from_str(record).unwrap();
        let played = value.get("play").is_some();
        let mut deal = value.clone();
        deal["play"] = "".into();
        if value.get("contract").is_some() {
            check(
                "POST",
                "/api/v1/solve",
                "/api/v1/solve",
                Some(&deal.to_string()),
            );
        }
        if played {
            check("POST", "/api/v1/analyze", "/api/v1/analyze", Some(record));
            // One decision by the players' view, late in the hand where it is cheap.
            let mut late = value.clone();
            let plays: Vec<&str> = value["play"].as_str().unwrap().split(' ').collect();
            late["play"] = plays[..plays.len().min(20)].join(" ").into();
            check(
                "POST",
                "/api/v1/solve",
                "/api/v1/solve?view=players&samples=4",
                Some(&late.to_string()),
            );
        }
        check(
            "POST",
            "/api/v1/contracts",
            "/api/v1/contracts",
            Some(record),
        );
    }
    // The store: one record, the list, one game, its analysis, and the problems.
    let created = check("POST", "/api/v1/games", "/api/v1/games", Some(&records[0]));
    let id = created.json()["id"].as_str().unwrap().to_string();
    let escaped: String = id
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect();
    check("POST", "/api/v1/games", "/api/v1/games", Some(&records[0]));
    check("GET", "/api/v1/games", "/api/v1/games?limit=5", None);
    let one = format!("/api/v1/games/{escaped}");
    check("GET", "/api/v1/games/{id}", &one, None);
    check(
        "GET",
        "/api/v1/games/{id}/analysis",
        &format!("{one}/analysis"),
        None,
    );
    check(
        "GET",
        "/api/v1/games/{id}/analysis",
        &format!("{one}/analysis?view=players&samples=5"),
        None,
    );
    check(
        "POST",
        "/api/v1/analyze",
        "/api/v1/analyze?view=players&samples=5",
        Some(&records[0]),
    );
    check(
        "POST",
        "/api/v1/odds",
        "/api/v1/odds?samples=100",
        Some(HIDDEN),
    );
    check("POST", "/api/v1/odds", "/api/v1/odds?seat=9", Some(HIDDEN));
    check(
        "POST",
        "/api/v1/analyze",
        "/api/v1/analyze?lines=true",
        Some(&records[0]),
    );
    let position = std::fs::read_to_string(repo().join("examples/positions.jsonl")).unwrap();
    check(
        "POST",
        "/api/v1/solve",
        "/api/v1/solve?line=true",
        position.lines().next(),
    );
    check(
        "GET",
        "/api/v1/games/{id}/contracts",
        &format!("{one}/contracts"),
        None,
    );
    check(
        "GET",
        "/api/v1/auction-model",
        "/api/v1/auction-model",
        None,
    );
    check(
        "GET",
        "/api/v1/auction-model",
        "/api/v1/auction-model?player=nobody",
        None,
    );
    check("DELETE", "/api/v1/games/{id}", &one, None);
    check("GET", "/api/v1/games/{id}", &one, None);
    check("POST", "/api/v1/solve", "/api/v1/solve", Some("{not json"));
    check(
        "POST",
        "/api/v1/solve",
        "/api/v1/solve",
        Some(r#"{"hands": []}"#),
    );
    check(
        "GET",
        "/api/v1/games",
        "/api/v1/games?since=yesterday",
        None,
    );
    assert!(checked >= 3 * records.len(), "{checked}");
}

#[test]
fn solve_gives_the_best_line_when_asked() {
    let server = Server::start(&temp_db("line"), &[]);
    let positions = std::fs::read_to_string(repo().join("examples/positions.jsonl")).unwrap();
    let record = positions.lines().next().unwrap();
    let a = send("POST", &server.url("/api/v1/solve?line=true"), Some(record));
    assert_eq!(a.status, 200, "{}", a.body);
    let theirs: Value = serde_json::from_str(&binary(&["solve", "--line", "-"], record)).unwrap();
    assert_eq!(a.json(), theirs);
    let line = a.json()["line"].as_array().unwrap().clone();
    // The first card of the line is one of the best.
    let value = &a.json()["value"];
    assert_eq!(&a.json()["cards"][line[0].as_str().unwrap()], value);
    let plain = send("POST", &server.url("/api/v1/solve"), Some(record)).json();
    assert!(plain.get("line").is_none());
    let bad = send(
        "POST",
        &server.url("/api/v1/solve?line=maybe"),
        Some(record),
    );
    assert!(bad.problem(400, "bad_query").contains("line"));

    // An analysis with each costly card's lines, posted and stored.
    let game = &games()[0];
    let a = send(
        "POST",
        &server.url("/api/v1/analyze?lines=true"),
        Some(game),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let theirs: Value = serde_json::from_str(&binary(&["analyze", "--lines", "-"], game)).unwrap();
    assert_eq!(a.json(), theirs);
    assert!(a.json()["plays"][2]["lines"]["why"]
        .as_str()
        .unwrap()
        .starts_with("HK costs the defenders 27 points"));
    let id = send("POST", &server.url("/api/v1/games"), Some(game))
        .location
        .unwrap();
    let stored = send(
        "GET",
        &server.url(&format!("{id}/analysis?lines=true")),
        None,
    );
    assert_eq!(stored.json(), theirs);
    let plain = send("GET", &server.url(&format!("{id}/analysis")), None).json();
    assert!(plain["plays"][2].get("lines").is_none());
    let bad = send("POST", &server.url("/api/v1/analyze?lines=yes"), Some(game));
    assert!(bad.problem(400, "bad_query").contains("lines"));

    // A stored game's contracts: computed once, then the same text from the database.
    let url = server.url(&format!("{id}/contracts"));
    let first = send("GET", &url, None);
    assert_eq!(first.status, 200, "{}", first.body);
    assert_eq!(first.json(), cli("contracts", game));
    assert_eq!(send("GET", &url, None).body, first.body);
    send("GET", &server.url("/api/v1/games/nobody/contracts"), None).problem(404, "not_found");
}

/// `?pack=`: answers write cards in the pack asked for, as the command line's `--pack`
/// does; a stored French record comes back as given in its pack, rewritten in another.
#[test]
fn answers_write_the_pack_asked_for() {
    let server = Server::start(&temp_db("pack"), &[]);
    let french = r#"{"id": "french-1", "pack": "french", "hands": ["HQ SJ DJ HA H9 H8 SK S8", "SQ CJ HJ H7 CA C9 DK D7", "CQ DQ HK C10 C8 C7 DA D9", "H10 CK SA S10 S9 S7 D10 D8"], "contract": {"game": "sauspiel", "suit": "S", "declarer": 0}, "play": "H8 H7 HK H10 S7"}"#;
    for pack in ["french", "symbols", "german"] {
        let url = server.url(&format!("/api/v1/solve?pack={pack}"));
        let answer = send("POST", &url, Some(french));
        assert_eq!(answer.status, 200, "{}", answer.body);
        let expected = binary(&["solve", "--pack", pack, "-"], french);
        assert_eq!(
            answer.json(),
            serde_json::from_str::<Value>(&expected).unwrap()
        );
    }
    let a = send(
        "POST",
        &server.url("/api/v1/solve?pack=french"),
        Some(french),
    )
    .json();
    assert_eq!(a["cards"], json!({"SK": 57, "S8": 61}));
    // Faults name the cards in the pack asked for.
    let illegal = french.replace("H8 H7 HK H10 S7", "H8 C9");
    let url = server.url("/api/v1/analyze?pack=french");
    let detail = send("POST", &url, Some(&illegal)).problem(422, "illegal_play");
    assert_eq!(detail, "play 1 (C9) is illegal: seat 1 must follow trumps");
    let bad = send(
        "POST",
        &server.url("/api/v1/solve?pack=tarot"),
        Some(french),
    );
    let detail = bad.problem(400, "bad_query");
    assert_eq!(
        detail,
        "pack must be german, french or symbols, not 'tarot'"
    );
    // Stored as given; read back in its pack unchanged, in German rewritten.
    let stored = send("POST", &server.url("/api/v1/games"), Some(french));
    assert_eq!(stored.status, 201, "{}", stored.body);
    let got = send(
        "GET",
        &server.url("/api/v1/games/french-1?pack=french"),
        None,
    );
    assert_eq!(got.body, french);
    let german = send("GET", &server.url("/api/v1/games/french-1"), None).json();
    assert_eq!(german["hands"][0], "HO GU SU HA H9 H8 GK G8");
    assert_eq!(german["contract"]["suit"], "G");
    assert!(german.get("pack").is_none(), "{german}");
    // A stored game's analysis in each pack, each kept apart.
    let url = server.url("/api/v1/games/french-1/analysis");
    let de = send("GET", &url, None).json();
    let fr = send("GET", &format!("{url}?pack=symbols"), None).json();
    assert_eq!(de["plays"][0]["card"], "H8");
    assert_eq!(fr["plays"][4]["card"], "♠7");
    assert_eq!(send("GET", &url, None).json(), de);
    // A service started with `--pack french` answers French unless asked otherwise.
    let french_server = Server::start(&temp_db("pack-french"), &["--pack", "french"]);
    let url = french_server.url("/api/v1/solve");
    assert_eq!(
        send("POST", &url, Some(french)).json()["cards"],
        json!({"SK": 57, "S8": 61})
    );
    let url = french_server.url("/api/v1/solve?pack=german");
    assert_eq!(
        send("POST", &url, Some(french)).json()["cards"],
        json!({"GK": 57, "G8": 61})
    );
}

/// `POST /api/v1/board`: what the board shows of a position, without a search; a deal
/// without a contract lists what each seat may announce; play without a contract is
/// refused by name.
#[test]
fn the_board_endpoint_shows_a_position_and_a_deal() {
    let server = Server::start(&temp_db("board"), &[]);
    let hands = r#""hands": ["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7",
        "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"]"#;
    let game = format!(
        r#"{{{hands}, "contract": {{"game": "sauspiel", "suit": "G", "declarer": 0}},
            "play": "H8 H7 HK HZ G7"}}"#
    );
    let board = send("POST", &server.url("/api/v1/board"), Some(&game)).json();
    assert_eq!(board["to_move"], 0);
    assert_eq!(board["legal"], json!(["GK", "G8"]));
    assert_eq!(
        board["hands"][0],
        json!(["HO", "GU", "SU", "HA", "H9", "GK", "G8"])
    );
    assert_eq!(board["tricks"][0]["winner"], 3);
    assert_eq!(board["tricks"][0]["points"], 14);
    assert_eq!(board["current"], json!(["G7"]));
    let french = send(
        "POST",
        &server.url("/api/v1/board?pack=french"),
        Some(&game),
    )
    .json();
    assert_eq!(french["legal"], json!(["SK", "S8"]));
    let deal = send(
        "POST",
        &server.url("/api/v1/board"),
        Some(&format!("{{{hands}}}")),
    )
    .json();
    assert!(deal.get("to_move").is_none());
    let first = deal["announceable"][0].as_array().unwrap();
    assert!(first.contains(&json!({"game": "sauspiel", "suit": "G", "declarer": 0})));
    let detail = send(
        "POST",
        &server.url("/api/v1/board"),
        Some(&format!(r#"{{{hands}, "play": "H8"}}"#)),
    )
    .problem(422, "no_contract");
    assert!(detail.contains("contract"), "{detail}");
}

#[test]
fn the_service_fits_the_model_of_declaring_to_its_games_and_reads_the_auction_by_it() {
    let server = Server::start(&temp_db("auction-model"), &[]);
    let empty = send("GET", &server.url("/api/v1/auction-model"), None);
    assert!(empty.problem(422, "no_auction").contains("nothing to fit"));
    let games = games();
    for game in &games {
        let created = send("POST", &server.url("/api/v1/games"), Some(game));
        assert_eq!(created.status, 201, "{}", created.body);
    }
    // Fitted to the stored games as the command line fits the same records.
    let fitted = send("GET", &server.url("/api/v1/auction-model"), None);
    assert_eq!(fitted.status, 200, "{}", fitted.body);
    let model = fitted.json();
    let theirs: Value =
        serde_json::from_str(&binary(&["auction-model", "-"], &games.join("\n"))).unwrap();
    assert_eq!(model["weights"], theirs["weights"]);
    assert_eq!(model["rows"], theirs["rows"]);
    assert!(model["fitted_on"]
        .as_str()
        .unwrap()
        .ends_with("stored games"));
    let filtered = send(
        "GET",
        &server.url("/api/v1/auction-model?game=no-such-game"),
        None,
    );
    assert_eq!(filtered.status, 400, "{}", filtered.body);

    // A service started with it weighs the players' worlds by it, as the command line
    // does with the same file.
    let dir = temp_dir("auction-model-file");
    let path = dir.join("club.json");
    std::fs::write(&path, &fitted.body).unwrap();
    let file = path.to_str().unwrap();
    let club = Server::start(&temp_db("club-model"), &["--auction-model", file]);
    let game = &games[0];
    let asked = send(
        "POST",
        &club.url("/api/v1/analyze?view=players&samples=8"),
        Some(game),
    );
    assert_eq!(asked.status, 200, "{}", asked.body);
    let theirs: Value = serde_json::from_str(&binary(
        &[
            "analyze",
            "--view",
            "players",
            "--samples",
            "8",
            "--auction-model",
            file,
            "-",
        ],
        game,
    ))
    .unwrap();
    assert_eq!(asked.json(), theirs);

    // A model file that does not parse stops the service before it listens, named.
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\"features\": 3}").unwrap();
    let db = temp_db("bad-model");
    let out = run(
        &[
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--db",
            db.to_str().unwrap(),
            "--auction-model",
            bad.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.json"));
}
