//! End-to-end tests of the `schafkopf` binary: real process, real files, real output.

use crate::common::{bin, json_lines, repo, run, temp_dir};
use serde_json::{json, Value};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

/// The 205 games of openschafkopf's rule tests (tests/data/README.md) reproduce their
/// recorded payouts through `schafkopf score`.
#[test]
fn score_reproduces_all_openschafkopf_payouts() {
    let text =
        std::fs::read_to_string(repo().join("tests/data/openschafkopf-rules-tests.jsonl")).unwrap();
    let mut games: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 205);
    // In that file an absent `jungfrau` means no Jungfrau rule (tests/data/README.md);
    // absent options in our records take RULES.md's default, so say it explicitly.
    for g in &mut games {
        if g["contract"]["game"] == "ramsch" && g["rules"].get("jungfrau").is_none() {
            g["rules"]["jungfrau"] = Value::from("none");
        }
    }
    let input: String = games.iter().map(|g| format!("{g}\n")).collect();
    let out = run(&["score", "-"], &input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let results = json_lines(&out);
    assert_eq!(results.len(), 205);
    for (game, result) in games.iter().zip(&results) {
        assert_eq!(result["id"], game["id"]);
        assert_eq!(
            result["payouts"], game["meta"]["expected"]["payouts"],
            "{}: {result}",
            game["id"]
        );
        assert_eq!(
            result["stock_payout"], game["meta"]["expected"]["stock_payout"],
            "{}",
            game["id"]
        );
    }
}

#[test]
fn score_reports_bad_lines_in_place_and_exits_2() {
    let good = std::fs::read_to_string(repo().join("examples/games.jsonl")).unwrap();
    let first = good.lines().next().unwrap();
    let input = format!(
        "{first}\n{{not json\n\n{}\n{first}\n",
        first.replace("\"HO GU SU HA H9 H8 GK G8\"", "\"HO GU SU HA H9 H8 GK GK\"")
    );
    let out = run(&["score"], &input);
    assert_eq!(out.status.code(), Some(2));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 4, "blank lines are no records");
    assert!(lines[0]["payouts"].is_array());
    assert_eq!(lines[1]["line"], 2);
    assert_eq!(lines[1]["error"]["code"], "malformed_json");
    assert_eq!(lines[2]["line"], 4);
    assert_eq!(lines[2]["error"]["message"], "card GK appears twice");
    assert_eq!(lines[3], lines[0]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("2 of 4 records failed"));
}

#[test]
fn score_reads_a_file_and_writes_an_output_file() {
    let dir = std::env::temp_dir().join(format!("schafkopf-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out_path = dir.join("scores.jsonl");
    let example = repo().join("examples/games.jsonl");
    let out = run(
        &[
            "score",
            example.to_str().unwrap(),
            "-o",
            out_path.to_str().unwrap(),
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = std::fs::read_to_string(&out_path).unwrap();
    let expected_lines = std::fs::read_to_string(&example).unwrap().lines().count();
    assert_eq!(written.lines().count(), expected_lines);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_input_file_is_a_clear_fatal_error() {
    let out = run(&["score", "/no/such/file.jsonl"], "");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("schafkopf: /no/such/file.jsonl: "), "{err}");
}

/// `solve` prints, for positions a few tricks from the end, exactly what the naive
/// minimax of the library finds; the value is the best card's for the player to move.
#[test]
fn solve_matches_the_naive_minimax_on_endgames() {
    let text = std::fs::read_to_string(repo().join("examples/games.jsonl")).unwrap();
    let mut input = String::new();
    let mut expected = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut record: Value = serde_json::from_str(line).unwrap();
        let play: Vec<&str> = record["play"]
            .as_str()
            .unwrap()
            .split_whitespace()
            .collect();
        // Three tricks left, and 0..3 cards into the next.
        let keep = play.len() - 12 + i % 4;
        record["play"] = Value::from(play[..keep].join(" "));
        let r = solver::Record::from_json(&record.to_string()).unwrap();
        let game = r.game().unwrap();
        expected.push(solver::testing::naive_solve(&game).unwrap());
        input.push_str(&format!("{record}\n"));
    }
    let out = run(&["solve", "-j", "2"], &input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out);
    assert_eq!(lines.len(), expected.len());
    for (line, (value, cards)) in lines.iter().zip(&expected) {
        assert_eq!(line["value"], *value, "{line}");
        let printed: Vec<(String, i64)> = line["cards"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.clone(), v.as_i64().unwrap()))
            .collect();
        // serde_json's map sorts keys by text; compare in that order.
        let mut want: Vec<(String, i64)> = cards.iter().map(|(c, v)| (c.to_string(), *v)).collect();
        want.sort();
        assert_eq!(printed, want, "{line}");
    }
}

#[test]
fn solve_reports_bad_records_and_sie_in_place() {
    let good = std::fs::read_to_string(repo().join("examples/games.jsonl")).unwrap();
    let first = good.lines().next().unwrap();
    let sie = r#"{"hands": ["EO GO HO SO EU GU HU SU", "EA EZ EK E9 E8 E7 GA GZ", "GK G9 G8 G7 HA HZ HK H9", "H8 H7 SA SZ SK S9 S8 S7"], "contract": {"game": "sie", "declarer": 0}}"#;
    let input = format!("{first}\n{sie}\n[]\n");
    let out = run(&["solve"], &input);
    assert_eq!(out.status.code(), Some(2));
    let lines = json_lines(&out);
    // A finished game: its value is what the declarers took (74 + 33).
    assert_eq!(lines[0]["value"], 107);
    assert!(
        lines[0]["cards"].as_object().unwrap().is_empty(),
        "the game is over"
    );
    assert_eq!(lines[1]["error"]["code"], "nothing_to_solve");
    assert_eq!(lines[2]["error"]["code"], "invalid_record");
}

#[test]
fn solve_and_analyze_answer_a_table_record_or_refuse_it_by_name() {
    let tables = std::fs::read_to_string(repo().join("examples/alvensleben.jsonl")).unwrap();
    let first = tables.lines().next().unwrap();
    let out = run(&["solve"], &format!("{first}\n"));
    assert_eq!(out.status.code(), Some(0));
    // A finished game of F: its value is what the declarers took.
    assert_eq!(json_lines(&out)[0]["value"], 46);
    // The cards of the answer in the pack asked for.
    let g = tables.lines().nth(2).unwrap();
    let mut at: serde_json::Value = serde_json::from_str(g).unwrap();
    let cut: Vec<&str> = at["play"].as_str().unwrap().split(' ').take(20).collect();
    at["play"] = cut.join(" ").into();
    let out = run(&["solve", "--pack", "french"], &format!("{at}\n"));
    let cards = json_lines(&out)[0]["cards"].clone();
    let keys: Vec<&String> = cards.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["C10", "CJ", "D10", "DQ", "H9", "S9", "SQ"]);
    // Analysed double dummy: every card judged, the score's points after the last.
    let out = run(&["analyze"], &format!("{first}\n"));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let analysis = &json_lines(&out)[0];
    assert_eq!(analysis["plays"].as_array().unwrap().len(), 36);
    assert_eq!(analysis["plays"][35]["after"], 46);
    assert_eq!(analysis["unsettled"], 0);
    let out = run(&["analyze", "--format", "table"], &format!("{first}\n"));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).contains("error [conflict]"));
    for args in [
        &["solve", "--line"][..],
        &["analyze", "--view", "players"],
        &["contracts"],
    ] {
        let out = run(args, &format!("{first}\n"));
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let code = &json_lines(&out)[0]["error"]["code"];
        assert!(
            code == "conflict" || code == "four_seats_only",
            "{args:?}: {code}"
        );
    }
}

#[test]
fn solve_judges_one_decision_by_the_players_view_and_names_its_faults() {
    let positions = std::fs::read_to_string(repo().join("examples/positions.jsonl")).unwrap();
    let first = positions.lines().next().unwrap();
    // Seat 2 is to move: his decision, over every world of his view (six are left).
    let out = run(
        &["solve", "--view", "players", "--seat", "2", "-j", "2"],
        first,
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let d = &json_lines(&out)[0];
    assert_eq!(
        (d["seat"].as_u64(), d["worlds"].as_u64()),
        (Some(2), Some(6))
    );
    assert_eq!(d["exhaustive"], true);
    assert_eq!(d["cards"]["EZ"]["settlement"], -60.0);
    assert!(d.get("shown_worlds").is_none());
    // Shown, the six worlds it averaged over: four hands each, seat 2's own as dealt.
    let out = run(
        &["solve", "--view", "players", "--show-worlds", "10"],
        first,
    );
    let shown = json_lines(&out)[0]["shown_worlds"].clone();
    let shown = shown.as_array().unwrap();
    assert_eq!(shown.len(), 6);
    let record: Value = serde_json::from_str(first).unwrap();
    // Every world listed, each weighs the likelihood of the auction over their mean.
    let weights: Vec<f64> = shown
        .iter()
        .map(|w| w["weight"].as_f64().unwrap())
        .collect();
    assert!(
        (weights.iter().sum::<f64>() - 6.0).abs() < 1e-3,
        "{weights:?}"
    );
    assert!(weights.iter().all(|&w| w > 0.0), "{weights:?}");
    for world in shown {
        assert_eq!(world["hands"].as_array().unwrap().len(), 4);
        let mut own: Vec<&str> = world["hands"][2].as_str().unwrap().split(' ').collect();
        let mut dealt: Vec<&str> = record["hands"][2].as_str().unwrap().split(' ').collect();
        own.sort();
        dealt.sort();
        assert_eq!(own, dealt);
    }
    let out = run(&["solve", "--show-worlds", "2"], first);
    assert_eq!(out.status.code(), Some(64));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--show-worlds belong to --view players"));
    // Another seat's view of this decision is refused in the record's place.
    let out = run(&["solve", "--view", "players", "--seat", "1"], first);
    assert_eq!(out.status.code(), Some(2));
    let line = &json_lines(&out)[0];
    assert_eq!(line["error"]["code"], "bad_view");
    assert!(line["error"]["message"]
        .as_str()
        .unwrap()
        .contains("seat 1 is not to move: seat 2 is"));
    // A seat without the players' view, and the view with --line, are usage faults.
    let out = run(&["solve", "--seat", "1"], first);
    assert_eq!(out.status.code(), Some(64));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--seat and --show-worlds belong"));
    let out = run(&["solve", "--view", "players", "--line"], first);
    assert_eq!(out.status.code(), Some(64));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot be used with"));
    // The players' view's sampling without the view is refused, not ignored.
    for args in [
        &["solve", "--seed", "3"][..],
        &["solve", "--samples", "10"][..],
        &["analyze", "--samples", "10"][..],
        &["analyze", "--points"][..],
    ] {
        let out = run(args, first);
        assert_eq!(out.status.code(), Some(64), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("give --view players"),
            "{args:?}"
        );
    }
}

#[test]
fn assumptions_narrow_the_worlds_of_odds_and_the_players_view() {
    let wenz = r#"{"id": "wenz-hand", "hands": [null, "EU GU SU EA EZ GA GZ S7", null, null], "contract": {"game": "wenz", "declarer": 1}}"#;
    let odds = |extra: &[&str]| {
        let mut args = vec!["odds", "--samples", "200"];
        args.extend_from_slice(extra);
        let out = run(&args, wenz);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        json_lines(&out)[0]["contracts"][0]["schneider"]
            .as_f64()
            .unwrap()
    };
    // Seat 2 holding HU, the last Unter, and three Schellen: fewer schneider wins.
    let plain = odds(&[]);
    let assumed = odds(&[
        "--assume",
        "seat 2 holds HU",
        "--assume",
        "seat 2: at least 3 Schellen",
    ]);
    assert!(assumed < plain, "{assumed} against {plain}");
    // A card the seat sees in his own hand is nobody else's: refused in the record's place.
    let out = run(&["odds", "--assume", "seat 2 holds GU"], wenz);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(json_lines(&out)[0]["error"]["code"], "bad_assumption");
    // An assumption that cannot be read, or one without the players' view, is a usage
    // fault naming it.
    let out = run(&["odds", "--assume", "seat 2: lots of trumps"], wenz);
    assert_eq!(out.status.code(), Some(64));
    assert!(String::from_utf8_lossy(&out.stderr).contains("'seat 2: lots of trumps'"));
    let game = std::fs::read_to_string(repo().join("examples/games.jsonl")).unwrap();
    let first = game.lines().next().unwrap();
    let out = run(
        &["analyze", "--assume", "seat 1: at least 2 Schellen"],
        first,
    );
    assert_eq!(out.status.code(), Some(64));
    assert!(String::from_utf8_lossy(&out.stderr).contains("give --view players"));
    // An assumption the game itself breaks (its deal is one of the worlds) is refused.
    let out = run(
        &[
            "analyze",
            "--view",
            "players",
            "--assume",
            "seat 1: no Schellen",
        ],
        first,
    );
    assert_eq!(out.status.code(), Some(2));
    let fault = &json_lines(&out)[0]["error"];
    assert_eq!(fault["code"], "bad_assumption");
    assert!(fault["message"]
        .as_str()
        .unwrap()
        .contains("is false in this game"));
    // The decision of seat 3 after nine cards, its worlds keeping seat 1 with two
    // Schellen at least (he held SK S7): the same answer from `solve` and from the whole
    // game's analysis.
    let nine: Value = serde_json::from_str(first).unwrap();
    let mut nine = nine;
    let plays: Vec<&str> = nine["play"].as_str().unwrap().split(' ').take(9).collect();
    nine["play"] = plays.join(" ").into();
    let assume = ["--assume", "seat 1: at least 2 Schellen"];
    let out = run(
        &[
            &[
                "solve",
                "--view",
                "players",
                "--seed",
                "4",
                "--samples",
                "20",
            ][..],
            &assume[..],
        ]
        .concat(),
        &nine.to_string(),
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let decision = &json_lines(&out)[0];
    let out = run(
        &[
            &[
                "analyze",
                "--view",
                "players",
                "--seed",
                "4",
                "--samples",
                "20",
            ][..],
            &assume[..],
        ]
        .concat(),
        first,
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let judged = &json_lines(&out)[0]["plays"][9]["single_dummy"];
    let card = &decision["cards"]["S8"];
    assert_eq!(judged["worlds"], decision["worlds"]);
    assert_eq!(judged["settlement"], card["settlement"]);
}

/// The model of declaring: `auction-model` fits the shipped one from the log; the players'
/// view reads the auction by default, by another model where named, or not at all; what
/// does not read is refused by name.
#[test]
fn the_players_view_weighs_its_worlds_by_a_model_of_declaring() {
    let logs: Vec<String> = {
        let dir = repo().join("tests/data/netschafkopf");
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "txt"))
            .map(|p| p.display().to_string())
            .collect();
        files.sort();
        files
    };
    let mut args = vec!["auction-model", "--from", "netschafkopf"];
    args.extend(logs.iter().map(String::as_str));
    let out = run(&args, "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let shipped =
        std::fs::read_to_string(repo().join("solver/src/auction/netschafkopf.json")).unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), shipped.trim());
    assert!(String::from_utf8_lossy(&out.stderr).contains("fitted to 4796 seats of 1302 games"));
    let dir = temp_dir("auction");
    let model = dir.join("model.json");
    std::fs::write(&model, &shipped).unwrap();
    let game = std::fs::read_to_string(repo().join("examples/games.jsonl")).unwrap();
    let first = game.lines().next().unwrap();
    let mut position: Value = serde_json::from_str(first).unwrap();
    position["play"] = json!("H8");
    let position = position.to_string();
    let decide = |extra: &[&str]| {
        let mut args = vec!["solve", "--view", "players"];
        args.extend_from_slice(extra);
        let out = run(&args, &position);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        json_lines(&out)[0].clone()
    };
    // The default reads the auction: the same as naming the shipped model, and not the
    // same as reading nothing.
    let default = decide(&[]);
    let model_arg = model.display().to_string();
    assert_eq!(decide(&["--auction-model", &model_arg]), default);
    assert_eq!(decide(&["--inference", "auction"]), default);
    assert_ne!(decide(&["--inference", "none"]), default);
    // What does not read, named.
    let bad = |args: &[&str]| {
        let out = run(args, &position);
        assert!(!out.status.success(), "{args:?}");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let refused = bad(&["solve", "--view", "players", "--inference", "bidding"]);
    assert!(
        refused.contains("'bidding'") && refused.contains("auction"),
        "{refused}"
    );
    std::fs::write(&model, "{\"weights\": 3}").unwrap();
    let refused = bad(&["solve", "--view", "players", "--auction-model", &model_arg]);
    assert!(
        refused.contains("model.json: auction model: not an auction model"),
        "{refused}"
    );
    let refused = bad(&[
        "solve",
        "--view",
        "players",
        "--inference",
        "none",
        "--auction-model",
        &model_arg,
    ]);
    assert!(refused.contains("not with --inference none"), "{refused}");
    let refused = bad(&["solve", "--inference", "none"]);
    assert!(refused.contains("give --view players"), "{refused}");
    let refused = bad(&["auction-model", &model_arg]);
    assert!(refused.contains("nothing to fit the model to"), "{refused}");
    // Hand odds read the passes before the seat: seat 2 speaks after two passes.
    let hand = r#"{"hands": [null, null, "EU GU SU EA EZ GA GZ S7", null]}"#;
    let odds = |extra: &[&str]| {
        let mut args = vec!["odds", "--samples", "200"];
        args.extend_from_slice(extra);
        let out = run(&args, hand);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        json_lines(&out)[0]["contracts"].clone()
    };
    assert_ne!(odds(&[]), odds(&["--inference", "none"]));
    std::fs::write(&model, &shipped).unwrap();
    assert_eq!(odds(&[]), odds(&["--auction-model", &model_arg]));
}

/// `match`: two ways over the same deals, duplicate; an external program drives one of
/// them by the JSON-lines protocol, and its faults stop the match cleanly, named.
#[test]
fn match_plays_each_deal_twice_and_an_external_program_by_its_protocol() {
    let games = std::fs::read_to_string(repo().join("examples/games.jsonl")).unwrap();
    let sauspiel: String = games.lines().take(1).map(|l| format!("{l}\n")).collect();
    // Against itself a way wins nothing; perfect play beats a random card on these deals.
    let out = run(
        &["match", "--first", "dd", "--second", "dd", "-"],
        &sauspiel,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = &json_lines(&out)[0];
    assert_eq!(report["deals"], 1);
    assert_eq!(report["difference"]["mean"], 0.0);
    let out = run(
        &["match", "--first", "dd", "--second", "random:seed=5", "-"],
        &games,
    );
    let report = &json_lines(&out)[0];
    assert!(
        report["difference"]["mean"].as_f64().unwrap() >= 0.0,
        "{report}"
    );
    assert_eq!(report["ways"], json!(["dd", "random:seed=5"]));
    // A script that plays its first legal card, and records every question it gets.
    let dir = temp_dir("match");
    let asked = dir.join("asked.jsonl");
    let script = dir.join("first.sh");
    std::fs::write(
        &script,
        format!(
            "while read -r line; do echo \"$line\" >> {}; \
             card=$(echo \"$line\" | sed 's/.*\"legal\":\"\\([^ \"]*\\).*/\\1/'); \
             echo \"{{\\\"card\\\": \\\"$card\\\"}}\"; done\n",
            asked.display()
        ),
    )
    .unwrap();
    let way = format!("external:sh {}", script.display());
    let out = run(
        &["match", "--first", &way, "--second", "dd", "-"],
        &sauspiel,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(json_lines(&out)[0]["deals"], 1);
    let questions: Vec<Value> = std::fs::read_to_string(&asked)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(questions.len() > 4, "{}", questions.len());
    let q = &questions[0];
    assert_eq!(q["contract"]["game"], "sauspiel");
    assert_eq!(q["hand"].as_str().unwrap().split(' ').count(), 8);
    for key in ["seat", "play", "legal"] {
        assert!(q.get(key).is_some(), "{q}");
    }
    // An illegal card, and no answer: the match stops, the deals so far reported.
    let bad = |way: &str| {
        let out = run(
            &[
                "match",
                "--first",
                way,
                "--second",
                "dd",
                "--answer-seconds",
                "1",
                "-",
            ],
            &games,
        );
        assert_eq!(out.status.code(), Some(2), "{way}");
        assert_eq!(json_lines(&out)[0]["deals"], 0);
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let stderr = bad(r#"external:while read l; do echo '{"card": "EO"}'; done"#);
    assert!(
        stderr.contains("play 1 (EO) chosen for seat 0 is not legal"),
        "{stderr}"
    );
    let stderr = bad("external:while read l; do sleep 5; done");
    assert!(stderr.contains("no answer within 1s"), "{stderr}");
    let stderr = bad(r#"external:while read l; do echo 'EO'; done"#);
    assert!(
        stderr.contains("answered `EO`, not {\"card\": CARD}"),
        "{stderr}"
    );
    // A way that does not read: a usage error.
    let out = run(
        &[
            "match",
            "--first",
            "players:inference=maybe",
            "--second",
            "dd",
            "-",
        ],
        &games,
    );
    assert_eq!(out.status.code(), Some(64));
    assert!(String::from_utf8_lossy(&out.stderr).contains("inference=maybe: auction or none"));
}

#[test]
fn analyze_judges_every_card_of_played_hands() {
    let text = std::fs::read_to_string(repo().join("examples/games.jsonl")).unwrap();
    let input: String = text.lines().take(3).map(|l| format!("{l}\n")).collect();
    let out = run(&["analyze", "-"], &input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    for (line, record) in lines.iter().zip(text.lines()) {
        let record: Value = serde_json::from_str(record).unwrap();
        let cards = record["play"].as_str().unwrap().split_whitespace().count();
        let plays = line["plays"].as_array().unwrap();
        assert_eq!(plays.len(), cards);
        assert_eq!(line["result"]["payouts"].as_array().unwrap().len(), 4);
        assert_eq!(line["start"], plays[0]["before"]);
        // Each card's value is the next position's value.
        for pair in plays.windows(2) {
            assert_eq!(pair[0]["after"], pair[1]["before"], "{line}");
        }
        let players = line["players"].as_array().unwrap();
        let total: u64 = players.iter().map(|p| p["cards"].as_u64().unwrap()).sum();
        assert_eq!(total as usize, cards);
        let cost: u64 = plays.iter().map(|p| p["cost"].as_u64().unwrap()).sum();
        let summed: u64 = players.iter().map(|p| p["cost"].as_u64().unwrap()).sum();
        assert_eq!(cost, summed);
    }
    // The first game: seat 2's HK (play 2) turned a lost Sauspiel into a won one.
    let p = &lines[0]["plays"][2];
    assert_eq!(
        (
            p["card"].as_str(),
            p["cost"].as_u64(),
            p["turned"].as_bool()
        ),
        (Some("HK"), Some(27), Some(true))
    );
}

#[test]
fn contracts_values_every_announceable_contract_of_a_deal() {
    let text = std::fs::read_to_string(repo().join("examples/games.jsonl")).unwrap();
    // The short-deck Sauspiel: quick to solve every contract of.
    let line = text
        .lines()
        .find(|l| l.contains("\"deck\": \"short\"") && l.contains("sauspiel"))
        .unwrap();
    let mut deal: Value = serde_json::from_str(line).unwrap();
    let played = deal.clone();
    deal.as_object_mut().unwrap().remove("contract");
    deal.as_object_mut().unwrap().remove("play");
    let input = format!("{deal}\n{played}\n");
    let out = run(&["contracts"], &input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert!(lines[0].get("declared").is_none());
    for seat in lines[0]["seats"].as_array().unwrap() {
        let contracts = seat["contracts"].as_array().unwrap();
        // At least 2 Bettel, 14 solos and 14 Touts.
        assert!(contracts.len() >= 30, "{seat}");
        let best = contracts
            .iter()
            .map(|c| c["settlement"].as_i64().unwrap())
            .max()
            .unwrap();
        // Passing (settlement 0) is a choice too.
        assert_eq!(seat["best"]["settlement"].as_i64(), Some(best.max(0)));
        assert_eq!(seat["best"]["pass"].as_bool().is_some(), best < 0);
    }
    let declared = &lines[1]["declared"];
    assert_eq!(declared["contract"], played["contract"]);
    assert!(declared["settlement"].as_i64() <= declared["best_settlement"].as_i64());
}

#[test]
fn table_format_shows_hands_tricks_costs_and_contracts() {
    let text = std::fs::read_to_string(repo().join("examples/games.jsonl")).unwrap();
    let first = text.lines().next().unwrap();
    let out = run(&["analyze", "--format", "table"], &format!("{first}\n"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = String::from_utf8_lossy(&out.stdout);
    // Sorted as a player sorts them for the Sauspiel: trumps first, then suit by suit.
    assert!(
        table.contains("  seat 0: HO GU SU HA H9 H8 GK G8"),
        "{table}"
    );
    assert!(table.contains("trick 8"), "{table}");
    assert!(
        table.contains("  seat 2 HK   39 ->  66  cost  27  best SO  BLUNDER: TURNED THE GAME"),
        "{table}"
    );
    // Severity follows the money: the schneider given away (61 -> 92) is a mistake, 16
    // points that change nothing paid an inaccuracy, 5 such points nothing.
    assert!(
        table.contains("  seat 1 HU   61 ->  92  cost  31  best EA  MISTAKE\n"),
        "{table}"
    );
    assert!(
        table.contains("  seat 1 GO   91 -> 107  cost  16  best EU  INACCURACY\n"),
        "{table}"
    );
    assert!(
        table.contains("  seat 3 G7   66 ->  61  cost   5  best EK\n"),
        "{table}"
    );
    assert!(
        table.contains(
            "  seat 1: 8 cards, 1 inaccuracy, 1 mistake, 0 blunders, cost 47, money lost 20"
        ),
        "{table}"
    );
    assert!(table.contains("payouts +60 -60 -60 +60"), "{table}");

    let deal = std::fs::read_to_string(repo().join("examples/deal.jsonl")).unwrap();
    let out = run(
        &["contracts", "--format", "table"],
        &format!("{}\nnot json\n", deal.trim()),
    );
    assert_eq!(out.status.code(), Some(2));
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.contains("farbgeier Herz tout"), "{table}");
    assert!(table.contains("600  <- best"), "{table}");
    assert!(table.contains("line 2: error [malformed_json]"), "{table}");
    // Each seat's best three (and its choice), not all thirty; `--all` lists them all.
    assert!(table.lines().count() < 40, "{table}");
    assert!(
        table.contains("(27 more contracts; --all lists them)"),
        "{table}"
    );
    let every = run(&["contracts", "--format", "table", "--all"], &deal);
    assert!(String::from_utf8_lossy(&every.stdout).lines().count() > 120);
    // The verdict on the declared contract leads; a Hochzeit names its partner and cards.
    let out = run(&["contracts", "--format", "table"], &format!("{first}\n"));
    let table = String::from_utf8_lossy(&out.stdout);
    let second = table.lines().nth(1).unwrap();
    assert!(
        second.starts_with("declared by seat 0: sauspiel on the Gras ace, lost double dummy"),
        "{table}"
    );
    assert!(
        table.contains("hochzeit with seat 0 (takes HZ, gives G8)"),
        "{table}"
    );
}

#[test]
fn batch_writes_every_record_in_order_with_a_summary_that_adds_up() {
    let dir = temp_dir("batch");
    let log = repo().join("examples/games.jsonl");
    let out = dir.join("out.jsonl");
    let bad = dir.join("bad.jsonl");
    std::fs::write(&bad, "not json\n").unwrap();
    let o = run(
        &[
            "batch",
            log.to_str().unwrap(),
            bad.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(
        o.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let records = std::fs::read_to_string(&log).unwrap();
    let ids: Vec<Value> = records
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["id"].clone())
        .collect();
    assert_eq!(lines.len(), ids.len() + 1);
    for (line, id) in lines.iter().zip(&ids) {
        assert_eq!(&line["id"], id);
        assert!(line["analysis"]["plays"].is_array());
    }
    assert_eq!(lines.last().unwrap()["error"]["code"], "malformed_json");
    let summary: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("out.jsonl.summary.json")).unwrap())
            .unwrap();
    assert_eq!(summary["records"], (ids.len() + 1) as u64);
    assert_eq!(summary["failed"], 1);
    let games: u64 = summary["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["games"].as_u64().unwrap())
        .sum();
    assert_eq!(games, 4 * ids.len() as u64, "each game has four players");
    // Ramsch has no declarer: its row counts games played, the others games declared.
    let contracts = summary["contracts"].as_array().unwrap();
    let played: u64 = contracts
        .iter()
        .map(|c| {
            c.get("declared")
                .or(c.get("played"))
                .unwrap()
                .as_u64()
                .unwrap()
        })
        .sum();
    assert_eq!(played, ids.len() as u64);
    let ramsch = contracts.iter().find(|c| c["game"] == "ramsch").unwrap();
    assert!(ramsch.get("won_as_played").is_none() && ramsch.get("declared").is_none());
    // Costs add up per measure, never card points and tricks in one figure.
    for (measure, field) in [
        ("points", "lost_points"),
        ("tricks", "lost_tricks"),
        ("settlement", "lost_money"),
    ] {
        let lost: i64 = lines
            .iter()
            .filter(|l| l["analysis"]["measure"] == measure)
            .flat_map(|l| l["analysis"]["players"].as_array().unwrap().clone())
            .map(|p| p["cost"].as_i64().unwrap())
            .sum();
        let summed: i64 = summary["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p[field].as_i64().unwrap())
            .sum();
        assert_eq!(lost, summed, "{measure}");
    }
    // The money as played: every game's payouts, per player, over the log.
    let money: i64 = summary["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["money"].as_i64().unwrap())
        .sum();
    let paid: i64 = lines
        .iter()
        .filter_map(|l| l["analysis"]["result"]["payouts"].as_array())
        .flatten()
        .map(|p| p.as_i64().unwrap())
        .sum();
    assert_eq!(money, paid);
    // The money the cards lost, and their severities, over every game alike.
    let total = |field: &str| -> i64 {
        summary["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p[field].as_i64().unwrap())
            .sum()
    };
    let of_games = |field: &str| -> i64 {
        lines
            .iter()
            .filter_map(|l| l["analysis"]["players"].as_array())
            .flatten()
            .map(|p| p[field].as_i64().unwrap_or(0))
            .sum()
    };
    for field in ["loss", "inaccuracies", "mistakes", "blunders"] {
        assert_eq!(total(field), of_games(field), "{field}");
    }
    assert!(total("blunders") > 0 && total("loss") > 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Text that a spreadsheet would run as a formula (an id, players' names) is written with a
/// leading `'` in `--format csv`; numbers stay as they are, and the summary (also when a
/// run resumes from the CSV file) names the players as the records do.
#[test]
fn batch_csv_keeps_formula_like_text_as_text() {
    let dir = temp_dir("csv-formulas");
    let mut record: Value = serde_json::from_str(
        std::fs::read_to_string(repo().join("examples/games.jsonl"))
            .unwrap()
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    record["id"] = json!("=HYPERLINK(\"http://x\")");
    record["players"] = json!(["=1+1", "@SUM(A1)", "-2", "'quoted"]);
    let log = dir.join("log.jsonl");
    std::fs::write(&log, format!("{record}\nnot json\n")).unwrap();
    let out = dir.join("out.csv");
    let batch = |extra: &[&str]| {
        let mut args = vec!["batch", "--format", "csv", "-o", out.to_str().unwrap()];
        args.extend_from_slice(extra);
        args.push(log.to_str().unwrap());
        run(&args, "")
    };
    assert_eq!(batch(&[]).status.code(), Some(2));
    let text = std::fs::read_to_string(&out).unwrap();
    let mut rows = csv::ReaderBuilder::new().from_reader(text.as_bytes());
    let header = rows.headers().unwrap().clone();
    let rows: Vec<csv::StringRecord> = rows.records().map(Result::unwrap).collect();
    let cell = |row: &csv::StringRecord, name: &str| {
        row[header.iter().position(|h| h == name).unwrap()].to_string()
    };
    assert_eq!(cell(&rows[0], "id"), "'=HYPERLINK(\"http://x\")");
    assert_eq!(cell(&rows[0], "players"), "'=1+1|@SUM(A1)|-2|'quoted");
    // Numbers, negative ones too, are numbers.
    assert!(cell(&rows[0], "payout_1").starts_with('-'), "{:?}", rows[0]);
    assert_eq!(cell(&rows[1], "error_code"), "malformed_json");
    let names = |summary: &Path| -> Vec<String> {
        let summary: Value =
            serde_json::from_str(&std::fs::read_to_string(summary).unwrap()).unwrap();
        let mut names: Vec<String> = summary["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["player"].as_str().unwrap().to_string())
            .collect();
        names.sort();
        names
    };
    let summary = dir.join("out.csv.summary.json");
    let want = vec!["'quoted", "-2", "=1+1", "@SUM(A1)"];
    assert_eq!(names(&summary), want);
    // Resumed from the CSV file with its last row cut off: the summary reads the names
    // back as the records give them.
    let cut = text.trim_end().rfind('\n').unwrap() + 1;
    std::fs::write(&out, &text[..cut]).unwrap();
    assert_eq!(batch(&["--resume"]).status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
    assert_eq!(names(&summary), want);
}

#[test]
fn batch_resume_finishes_a_killed_run_exactly() {
    let dir = temp_dir("resume");
    let log = repo().join("examples/games.jsonl");
    for format in ["json", "csv"] {
        let full = dir.join(format!("full.{format}"));
        let part = dir.join(format!("part.{format}"));
        let args = |out: &PathBuf, resume: bool| {
            let mut a = vec![
                "batch".to_string(),
                log.to_str().unwrap().to_string(),
                "-o".into(),
                out.to_str().unwrap().to_string(),
                "--format".into(),
                format.into(),
            ];
            if resume {
                a.push("--resume".into());
            }
            a
        };
        let o = run(
            &args(&full, false)
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>(),
            "",
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        // A killed run leaves a prefix of the output.
        let text = std::fs::read_to_string(&full).unwrap();
        let prefix: String = text.lines().take(5).map(|l| format!("{l}\n")).collect();
        std::fs::write(&part, prefix).unwrap();
        let o = run(
            &args(&part, true)
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>(),
            "",
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(std::fs::read_to_string(&part).unwrap(), text, "{format}");
        let summary = |p: &PathBuf| {
            let mut s = p.clone().into_os_string();
            s.push(".summary.json");
            serde_json::from_str::<Value>(&std::fs::read_to_string(s).unwrap()).unwrap()
        };
        assert_eq!(summary(&part), summary(&full), "{format}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Killed with SIGKILL at many moments and resumed, `batch` ends with exactly the file and
/// summary of an uninterrupted run: records are recognised by their place, lines are
/// written whole, and a torn last line is repaired.
#[test]
fn batch_resumed_after_kill_9_at_any_moment_is_byte_for_byte_the_full_run() {
    let dir = temp_dir("kill");
    let log = repo().join("examples/games.jsonl");
    // A bad line and one that is not UTF-8 among the records: error lines are resumed
    // like the others.
    let mixed = dir.join("mixed.jsonl");
    let mut bytes = std::fs::read(&log).unwrap();
    bytes.extend_from_slice(b"not json\n\xff\xfe\n");
    bytes.extend_from_slice(&std::fs::read(&log).unwrap());
    std::fs::write(&mixed, bytes).unwrap();
    let summary_of = |p: &Path| {
        let mut s = p.to_path_buf().into_os_string();
        s.push(".summary.json");
        std::fs::read_to_string(s).unwrap()
    };
    for format in ["json", "csv"] {
        let args = |out: &Path, resume: bool| {
            let mut a: Vec<String> = ["batch", "-j", "1", "--format", format, "-o"]
                .map(String::from)
                .to_vec();
            a.push(out.to_str().unwrap().to_string());
            a.push(mixed.to_str().unwrap().to_string());
            if resume {
                a.push("--resume".into());
            }
            a
        };
        let full = dir.join(format!("full.{format}"));
        let o = bin().args(args(&full, false)).output().unwrap();
        assert_eq!(
            o.status.code(),
            Some(2),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let want = std::fs::read(&full).unwrap();
        for (k, millis) in [30u64, 120, 250, 400, 600, 900, 1300].iter().enumerate() {
            let part = dir.join(format!("part{k}.{format}"));
            let mut child = bin()
                .args(args(&part, false))
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            std::thread::sleep(std::time::Duration::from_millis(*millis));
            let _ = child.kill();
            let _ = child.wait();
            let o = bin().args(args(&part, true)).output().unwrap();
            assert_eq!(
                o.status.code(),
                Some(2),
                "{}",
                String::from_utf8_lossy(&o.stderr)
            );
            assert!(
                std::fs::read(&part).unwrap() == want,
                "{format}, killed after {millis} ms"
            );
            assert_eq!(
                summary_of(&part),
                summary_of(&full),
                "{format}, {millis} ms"
            );
        }
        // A torn last line (a kill inside a write) is cut off and done again.
        let torn = dir.join(format!("torn.{format}"));
        let cut = want
            .iter()
            .enumerate()
            .filter(|(_, b)| **b == b'\n')
            .nth(3)
            .unwrap()
            .0;
        std::fs::write(&torn, &want[..cut + 40]).unwrap();
        let o = bin().args(args(&torn, true)).output().unwrap();
        assert_eq!(o.status.code(), Some(2));
        assert!(std::fs::read(&torn).unwrap() == want, "{format}, torn line");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

fn protocols() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(repo().join("tests/data/netschafkopf"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
}

/// All sixteen protocols import: 1,304 records, the 4 Schieber rounds with their passes.
#[test]
fn import_converts_every_netschafkopf_protocol() {
    let mut args = vec!["import".to_string(), "--from".into(), "netschafkopf".into()];
    args.extend(protocols().iter().map(|p| p.to_str().unwrap().to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = run(&args, "");
    assert_eq!(o.status.code(), Some(0));
    let lines = json_lines(&o);
    let errors = lines.iter().filter(|l| l.get("error").is_some()).count();
    let rounds = lines.iter().filter(|l| l["round"] == "schieber").count();
    assert_eq!((lines.len(), errors, rounds), (1304, 0, 4));
    // The records are valid: scoring them all succeeds.
    let records: String = lines
        .iter()
        .filter(|l| l.get("error").is_none())
        .map(|l| l.to_string() + "\n")
        .collect();
    let scored = run(&["score"], &records);
    assert!(
        scored.status.success(),
        "{}",
        String::from_utf8_lossy(&scored.stderr)
    );
    assert_eq!(json_lines(&scored).len(), 1304);
}

/// `--from` lets the other commands read a protocol directly; payouts are the protocol's.
#[test]
fn score_and_batch_read_protocols_directly() {
    let file = repo().join("tests/data/netschafkopf/samples-04.08.24.txt");
    let o = run(
        &["score", "--from", "netschafkopf", file.to_str().unwrap()],
        "",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let payouts: Vec<Value> = json_lines(&o)
        .iter()
        .map(|l| l["payouts"].clone())
        .collect();
    // The protocol's score table: running totals 0 -> (-5 -5 -5 +15) -> (+13 -11 -11 +9) ->
    // (+6 +10 -18 +2) -> (+10 +14 -22 -2), columns PcLinks PcOben PcRechts Gast, seats in
    // each game's playing order.
    assert_eq!(payouts[0], serde_json::json!([-5, 15, -5, -5]));
    assert_eq!(json_lines(&o)[3]["id"], "samples-04.08.24#4");
    let dir = temp_dir("batch-from");
    let out = dir.join("out.jsonl");
    let o = run(
        &[
            "batch",
            "--from",
            "netschafkopf",
            file.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&out).unwrap();
    let ids: Vec<String> = text
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["id"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(
        ids,
        ["#1", "#2", "#3", "#4"].map(|n| format!("samples-04.08.24{n}"))
    );
}

/// Records exported to openschafkopf's plain format and imported back are the same games.
#[test]
fn export_and_import_of_plain_lines_round_trip() {
    let games =
        std::fs::read_to_string(repo().join("tests/data/openschafkopf-rules-tests.jsonl")).unwrap();
    let o = run(&["export", "--to", "openschafkopf"], &games);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let plain = String::from_utf8(o.stdout).unwrap();
    assert_eq!(plain.lines().count(), 205);
    assert!(plain.lines().all(|l| l.contains(": ")));
    let back = run(&["import", "--from", "openschafkopf", "-"], &plain);
    assert!(
        back.status.success(),
        "{}",
        String::from_utf8_lossy(&back.stderr)
    );
    let records = json_lines(&back);
    let originals: Vec<Value> = games
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let sorted = |hand: &Value| {
        let mut cards: Vec<String> = hand
            .as_str()
            .unwrap()
            .split(' ')
            .map(String::from)
            .collect();
        cards.sort();
        cards
    };
    for (r, o) in records.iter().zip(&originals) {
        assert_eq!(r["play"], o["play"]);
        assert_eq!(r["contract"]["game"], o["contract"]["game"]);
        for seat in 0..4 {
            assert_eq!(sorted(&r["hands"][seat]), sorted(&o["hands"][seat]));
        }
    }
    // And the plain lines written again are the same text.
    let records_text: String = records.iter().map(|r| r.to_string() + "\n").collect();
    let again = run(&["export", "--to", "openschafkopf"], &records_text);
    assert_eq!(String::from_utf8(again.stdout).unwrap(), plain);
}

/// Export cannot put a fault into another program's format: it goes to stderr, by line.
#[test]
fn export_reports_what_the_format_cannot_hold_on_stderr() {
    let sie = r#"{"hands": ["EO GO HO SO EU GU HU SU", "EA EZ EK E9 E8 E7 GA GZ", "GK G9 G8 G7 HA HZ HK H9", "H8 H7 SA SZ SK S9 S8 S7"], "contract": {"game": "sie", "declarer": 0}}"#;
    let o = run(&["export", "--to", "openschafkopf"], &format!("\n{sie}\n"));
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("line 2: error [not_expressible]: a sie game cannot be written"),
        "{err}"
    );
    // A record that breaks the rules reports its own fault, not the format's.
    let twice = sie.replace("S8 S7", "S8 S8");
    let o = run(&["export", "--to", "openschafkopf"], &twice);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("line 1: error [duplicate_card]: card S8 appears twice"),
        "{err}"
    );
}

/// An output that is an input is refused before anything is opened; `-o -` is standard
/// output; a directory, a missing file and tables beyond the machine are named; usage
/// errors exit 64, failed records 2.
#[test]
fn nothing_is_lost_and_every_fault_is_named() {
    let dir = temp_dir("lost");
    let log = dir.join("games.jsonl");
    std::fs::copy(repo().join("examples/games.jsonl"), &log).unwrap();
    let before = std::fs::read(&log).unwrap();
    let l = log.to_str().unwrap();
    for args in [
        vec!["score", l, "-o", l],
        vec!["import", "--from", "openschafkopf", l, "-o", l],
        vec!["batch", l, "-o", l],
    ] {
        let o = run(&args, "");
        assert_eq!(o.status.code(), Some(64), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("is also an input"), "{err}");
        assert_eq!(std::fs::read(&log).unwrap(), before, "{args:?}");
    }
    // `-o -` is standard output, not a file named `-`.
    let o = bin()
        .current_dir(&dir)
        .args(["score", l, "-o", "-"])
        .output()
        .unwrap();
    assert!(o.status.success());
    assert_eq!(String::from_utf8_lossy(&o.stdout).lines().count(), 16);
    assert!(!dir.join("-").exists());
    // A directory, and a missing input: named, and no output left behind.
    let out = dir.join("out.jsonl");
    let o = run(
        &["score", dir.to_str().unwrap(), "-o", out.to_str().unwrap()],
        "",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("is a directory"));
    let o = run(&["score", "no-such.jsonl", "-o", out.to_str().unwrap()], "");
    assert!(String::from_utf8_lossy(&o.stderr).contains("no-such.jsonl: No such file"));
    assert!(!out.exists());
    // A line that is not UTF-8 gets an error in its place; the run goes on.
    let mut input = b"\xff\xfe\n".to_vec();
    input.extend_from_slice(&before);
    let mut child = bin()
        .args(["score"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 17);
    assert_eq!(lines[0]["line"], 1);
    assert_eq!(lines[0]["error"]["code"], "invalid_utf8");
    // A malformed line: one line number per message (the line's own; the column in it).
    let o = run(&["score"], "not json\n");
    assert_eq!(
        json_lines(&o)[0]["error"]["message"],
        "malformed JSON: expected ident at column 2"
    );
    // Tables the machine cannot give, and no threads at all: usage errors.
    let o = run(&["solve", "--table-mb", "999999999", l], "");
    assert_eq!(o.status.code(), Some(64));
    assert!(String::from_utf8_lossy(&o.stderr).contains("more than the machine has"));
    let o = run(&["solve", "-j", "0", l], "");
    assert_eq!(o.status.code(), Some(64));
    let o = run(&["serve", "--workers", "0"], "");
    assert_eq!(o.status.code(), Some(64));
    assert!(String::from_utf8_lossy(&o.stderr).contains("must be at least 1"));
    // The service's workers are resolved as every command's: their tables are refused
    // alike, before the store is opened or a port taken.
    let db = dir.join("never.db");
    let o = run(
        &[
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--db",
            db.to_str().unwrap(),
            "--table-mb",
            "999999999",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(64));
    assert!(String::from_utf8_lossy(&o.stderr).contains("more than the machine has"));
    assert!(!db.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A Sie is won without play: `analyze` and `batch` give its result, no error.
#[test]
fn a_sie_analyses_and_batches_cleanly() {
    let sie = r#"{"id": "sie", "hands": ["EO GO HO SO EU GU HU SU", "EA EZ EK E9 E8 E7 GA GZ", "GK G9 G8 G7 HA HZ HK H9", "H8 H7 SA SZ SK S9 S8 S7"], "contract": {"game": "sie", "declarer": 0}}"#;
    let o = run(&["analyze"], sie);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let a = &json_lines(&o)[0];
    assert_eq!(a["plays"].as_array().unwrap().len(), 0);
    assert_eq!(a["result"]["payouts"][0], 1560);
    let dir = temp_dir("sie");
    let log = dir.join("sie.jsonl");
    std::fs::write(&log, format!("{sie}\n")).unwrap();
    let out = dir.join("out.jsonl");
    let o = run(
        &["batch", log.to_str().unwrap(), "-o", out.to_str().unwrap()],
        "",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let line: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(line["game"], "sie");
    assert_eq!(line["contracts"]["declared"]["won"], true);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `odds` and `analyze --view players`: the same answer for any `-j`, tables for people,
/// faults by name.
#[test]
fn odds_and_the_players_view_do_not_depend_on_the_thread_count() {
    let hand = r#"{"id": "h", "hands": ["EO GO HO SO EU GU HU SU", null, null, null]}"#;
    let full = std::fs::read_to_string(repo().join("examples/games.jsonl")).unwrap();
    let game = full.lines().next().unwrap();
    for (args, input) in [
        (vec!["odds", "--samples", "300", "--seed", "9"], hand),
        (vec!["odds", "--samples", "200", "--seat", "2"], game),
        (vec!["analyze", "--view", "players", "--samples", "6"], game),
    ] {
        let outputs: Vec<Vec<u8>> = ["1", "2", "3"]
            .iter()
            .map(|j| {
                let mut a = args.clone();
                a.extend(["-j", j, "-"]);
                let out = run(&a, input);
                assert!(
                    out.status.success(),
                    "{args:?}: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
                out.stdout
            })
            .collect();
        assert_eq!(outputs[0], outputs[1], "{args:?}");
        assert_eq!(outputs[0], outputs[2], "{args:?}");
    }
    let odds = json_lines(&run(&["odds", "--samples", "100", "-"], hand));
    // The four Obers and Unters: every Farbsolo wins schwarz, and the Sie pays most.
    assert_eq!(odds[0]["best"]["contract"]["game"], "sie");
    let solo = &odds[0]["contracts"].as_array().unwrap()[2];
    assert_eq!(
        (solo["contract"]["game"].as_str(), solo["schwarz"].as_f64()),
        (Some("solo"), Some(1.0))
    );
    let table = run(
        &["odds", "--samples", "100", "--format", "table", "-"],
        hand,
    );
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(
        text.contains("seat 0 holding EO EU GO GU HO HU SO SU"),
        "{text}"
    );
    // The best named in the words of its row.
    let best = text
        .split("best: ")
        .nth(1)
        .unwrap()
        .split(',')
        .next()
        .unwrap();
    assert!(
        text.lines()
            .any(|l| l.trim_start().starts_with(&format!("{best} "))),
        "{best}: {text}"
    );
    let table = run(
        &[
            "analyze",
            "--view",
            "players",
            "--samples",
            "6",
            "--format",
            "table",
            "-",
        ],
        game,
    );
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(
        text.contains("single dummy: each card over up to 6 worlds"),
        "{text}"
    );
    assert!(text.contains("| only card"), "{text}");
    assert!(text.contains("single dummy: "), "{text}");
    // Faults: a seat out of range is a usage error; a full record without a seat names it.
    assert_eq!(
        run(&["odds", "--seat", "4", "-"], "").status.code(),
        Some(64)
    );
    let out = run(&["odds", "-"], game);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(json_lines(&out)[0]["error"]["code"], "bad_view");
    // Other commands refuse a record with hidden hands by name.
    let out = run(&["contracts", "-"], hand);
    assert_eq!(json_lines(&out)[0]["error"]["code"], "hidden_hand");
}

#[test]
fn batch_in_the_players_view_adds_single_dummy_counts() {
    let dir = temp_dir("batch-players");
    let log = dir.join("log.jsonl");
    let full = std::fs::read_to_string(repo().join("examples/games.jsonl")).unwrap();
    let two: String = full.lines().take(2).map(|l| format!("{l}\n")).collect();
    std::fs::write(&log, two).unwrap();
    for (format, out_name) in [("json", "out.jsonl"), ("csv", "out.csv")] {
        let out = dir.join(out_name);
        let status = run(
            &[
                "batch",
                log.to_str().unwrap(),
                "-o",
                out.to_str().unwrap(),
                "--format",
                format,
                "--view",
                "players",
                "--samples",
                "5",
            ],
            "",
        );
        assert!(
            status.status.success(),
            "{}",
            String::from_utf8_lossy(&status.stderr)
        );
        let summary: Value = serde_json::from_str(
            &std::fs::read_to_string(dir.join(format!("{out_name}.summary.json"))).unwrap(),
        )
        .unwrap();
        for p in summary["players"].as_array().unwrap() {
            assert_eq!(p["single_dummy"]["games"], p["games"], "{format}: {p}");
        }
        if format == "csv" {
            let text = std::fs::read_to_string(&out).unwrap();
            let header = text.lines().next().unwrap();
            assert!(header.contains("sd_mistakes_0"), "{header}");
        }
    }
}

#[test]
fn solve_line_plays_the_hand_out() {
    let positions = std::fs::read_to_string(repo().join("examples/positions.jsonl")).unwrap();
    let out = run(&["solve", "--line", "-"], &positions);
    assert!(out.status.success());
    for (record, answer) in positions.lines().zip(json_lines(&out)) {
        let r: Value = serde_json::from_str(record).unwrap();
        let played = r["play"]
            .as_str()
            .map_or(0, |p| p.split_whitespace().count());
        let total = if r["deck"] == "short" { 24 } else { 32 };
        let line = answer["line"].as_array().unwrap();
        assert_eq!(line.len(), total - played, "{record}");
        assert_eq!(answer["cards"][line[0].as_str().unwrap()], answer["value"]);
    }
}

/// `ledger` over a protocol ends on its score table's last line, and the table format
/// shows every running total and account; a record without names is a fault in place.
#[test]
fn ledger_follows_the_players_over_a_protocol() {
    let file = repo().join("tests/data/netschafkopf/samples-16.05.20.txt");
    let path = file.to_str().unwrap();
    let o = run(&["ledger", "--from", "netschafkopf", path], "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 33);
    // Game 32: Spiel 32, Preis 20: PcLinks +410, PcOben -90, PcRechts -290, Gast -30.
    let last = &lines[31];
    assert_eq!(
        last["players"],
        json!(["PcRechts", "Gast", "PcLinks", "PcOben"])
    );
    assert_eq!(last["totals"], json!([-290, -30, 410, -90]));
    let totals = &lines[32]["totals"];
    assert_eq!(totals["games"], 32);
    assert_eq!(totals["players"][1]["player"], "PcLinks");
    assert_eq!(totals["players"][1]["total"], 410);
    let table = run(
        &[
            "ledger",
            "--from",
            "netschafkopf",
            path,
            "--format",
            "table",
        ],
        "",
    );
    let text = String::from_utf8(table.stdout).unwrap();
    assert!(
        text.contains(
            "   32  samples-16.05.20#32           -30     +410      -90     -290        0"
        ),
        "{text}"
    );
    assert!(
        text.contains("PcLinks      32        10      8       1410       1000       +410"),
        "{text}"
    );
    let unnamed = std::fs::read_to_string(repo().join("examples/games.jsonl")).unwrap();
    // German games: the matches to nine; partners draw the same game points.
    let german = repo().join("examples/german.jsonl");
    let o = run(&["ledger", german.to_str().unwrap()], "");
    let lines = json_lines(&o);
    assert_eq!(
        lines[6]["players"],
        json!(["Hans", "Vroni", "Sepp", "Resi"])
    );
    assert_eq!(lines[6]["german_match"]["won"], json!(["Hans", "Sepp"]));
    assert_eq!(lines[6]["german_match"]["points"], json!([17, 1, 17, 1]));
    let matches = &lines[14]["totals"]["matches"];
    assert_eq!(
        matches,
        &json!([{"winners": ["Hans", "Sepp"], "games": 7}, {"winners": ["Hans", "Sepp"], "games": 1}])
    );
    // Schellen-Schafkopf: each player with the most tricks draws a line.
    let schellen = repo().join("examples/schellen.jsonl");
    let o = run(&["ledger", schellen.to_str().unwrap()], "");
    let lines = json_lines(&o);
    assert_eq!(lines[0]["payouts"], json!([4, -8, 4, 0]));
    assert_eq!(lines[0]["german_match"]["points"], json!([1, 0, 1, 0]));
    assert_eq!(lines[16]["german_match"]["won"], json!(["Hans"]));
    assert_eq!(lines[16]["german_match"]["points"], json!([8, 2, 9, 2]));
    assert_eq!(
        lines[24]["totals"]["matches"],
        json!([{"winners": ["Hans"], "games": 17}])
    );
    // The examples' first game names no players.
    let first = unnamed.lines().next().unwrap();
    let o = run(&["ledger", "-"], &format!("{first}\n"));
    assert_eq!(o.status.code(), Some(2));
    let lines = json_lines(&o);
    assert_eq!(lines[0]["error"]["code"], "no_players");
    assert_eq!(lines[1]["totals"]["games"], 0);
}

/// Five-handed Schafkopf (RULES.md section 14: the dealer sits out): an evening of five is
/// records of four players each, and the ledger keeps every account by name.
#[test]
fn an_evening_of_five_is_counted_by_name() {
    let games = std::fs::read_to_string(repo().join("examples/games.jsonl")).unwrap();
    let game: Value = serde_json::from_str(games.lines().next().unwrap()).unwrap();
    let mut log = String::new();
    for (id, players) in [
        ("g1", ["Sepp", "Resi", "Hans", "Vroni"]),
        ("g2", ["Resi", "Hans", "Vroni", "Toni"]),
    ] {
        let mut g = game.clone();
        g["id"] = id.into();
        g["players"] = json!(players);
        log.push_str(&format!("{g}\n"));
    }
    let o = run(&["ledger", "-"], &log);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines = json_lines(&o);
    let accounts: Vec<(String, u64, i64)> = lines[2]["totals"]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["player"].as_str().unwrap().to_string(),
                p["games"].as_u64().unwrap(),
                p["total"].as_i64().unwrap(),
            )
        })
        .collect();
    // The example Sauspiel pays seats 0 and 3 +60 and seats 1 and 2 -60.
    let expected = [
        ("Sepp", 1, 60),
        ("Resi", 2, 0),
        ("Hans", 2, -120),
        ("Vroni", 2, 0),
        ("Toni", 1, 60),
    ];
    assert_eq!(
        accounts,
        expected.map(|(p, g, t)| (p.to_string(), g, t)).to_vec()
    );
}

/// `ledger --double-dummy`: every declared game judged, the accounts' perfect money adding
/// up to nothing; Ramsch and hands thrown in are not judged.
#[test]
fn ledger_judges_declared_games_double_dummy() {
    let file = repo().join("tests/data/netschafkopf/samples-16.05.20.txt");
    let o = run(
        &[
            "ledger",
            "--from",
            "netschafkopf",
            file.to_str().unwrap(),
            "--double-dummy",
        ],
        "",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines = json_lines(&o);
    let games = &lines[..32];
    // 32 games: 2 Schieber rounds thrown in and 2 Ramsch are not judged.
    let judged = games
        .iter()
        .filter(|g| g.get("double_dummy").is_some())
        .count();
    assert_eq!(judged, 28);
    let players = lines[32]["totals"]["players"].as_array().unwrap();
    let perfect: i64 = players
        .iter()
        .map(|p| p["double_dummy"]["perfect"].as_i64().unwrap())
        .sum();
    assert_eq!(perfect, 0);
    assert!(players.iter().all(|p| p["double_dummy"]["games"] == 28));
}

/// `batch` over a real club evening: its hands thrown in are games of the evening, counted
/// as played (nobody declared them), not failures; the run exits 0.
#[test]
fn batch_counts_hands_thrown_in_as_games_of_the_evening() {
    let dir = temp_dir("batch-thrown-in");
    let file = repo().join("tests/data/netschafkopf/samples-16.05.20.txt");
    let out = dir.join("out.jsonl");
    let o = run(
        &[
            "batch",
            "--from",
            "netschafkopf",
            file.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let summary: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("out.jsonl.summary.json")).unwrap())
            .unwrap();
    assert_eq!(
        (&summary["records"], &summary["failed"]),
        (&json!(32), &json!(0))
    );
    let contracts = summary["contracts"].as_array().unwrap();
    let thrown = contracts.iter().find(|c| c["game"] == "thrown_in");
    assert_eq!(
        thrown,
        Some(&json!({"game": "thrown_in", "played": 2})),
        "{summary}"
    );
    let lines = std::fs::read_to_string(&out).unwrap();
    let thrown: Vec<Value> = lines
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|l| l["thrown_in"] == true)
        .collect();
    assert_eq!(thrown.len(), 2);
    assert!(thrown
        .iter()
        .all(|l| l["game"] == "thrown_in" && l.get("error").is_none()));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--pack`: a record in the French pack says so and is read as written; answers, tables
/// and messages write the pack asked for; imports are written in it.
#[test]
fn the_french_pack_is_read_and_written_as_asked() {
    let french = r#"{"pack": "french", "hands": ["HQ SJ DJ HA H9 H8 SK S8", "SQ CJ HJ H7 CA C9 DK D7", "CQ DQ HK C10 C8 C7 DA D9", "H10 CK SA S10 S9 S7 D10 D8"], "contract": {"game": "sauspiel", "suit": "S", "declarer": 0}, "play": "H8 H7 HK H10 S7", "doublings": {"klopfen": 1}, "tariff": {"base": 20}}"#;
    // The same position as the German example's: GK 57, G8 61 (README, solve).
    let o = run(&["solve", "--pack", "french", "-"], &format!("{french}\n"));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v = &json_lines(&o)[0];
    assert_eq!(v["cards"], json!({"SK": 57, "S8": 61}));
    assert_eq!(v["value"], 61);
    // Printed in German, the French record's cards are the German ones.
    let o = run(&["solve", "-"], &format!("{french}\n"));
    assert_eq!(json_lines(&o)[0]["cards"], json!({"GK": 57, "G8": 61}));
    let o = run(&["solve", "--pack", "symbols", "-"], &format!("{french}\n"));
    assert_eq!(json_lines(&o)[0]["cards"], json!({"♠K": 57, "♠8": 61}));
    // Faults name the cards in the pack asked for.
    let twice = french.replace("S7\", \"contract\"", "S7 D8\", \"contract\"");
    let twice = twice.replace("D10 D8\"]", "D10 S7\"]");
    let o = run(&["score", "--pack", "french", "-"], &format!("{twice}\n"));
    let line = &json_lines(&o)[0];
    assert_eq!(line["error"]["code"], "duplicate_card", "{line}");
    assert_eq!(line["error"]["message"], "card S7 appears twice");
    let illegal = french.replace("H8 H7 HK H10 S7", "H8 C9");
    let o = run(&["score", "--pack", "french", "-"], &format!("{illegal}\n"));
    let message = &json_lines(&o)[0]["error"]["message"];
    assert_eq!(message, "play 1 (C9) is illegal: seat 1 must follow trumps");
    // Tables name the suits in the pack too.
    let o = run(
        &["analyze", "--pack", "french", "--format", "table", "-"],
        &format!("{french}\n"),
    );
    let table = String::from_utf8_lossy(&o.stdout);
    assert!(
        table.starts_with("(no id): sauspiel on the Spades ace by seat 0"),
        "{table}"
    );
    assert!(table.contains("seat 0 H8"), "{table}");
    // A page's data is German whatever pack the page is asked in (the page writes the
    // pack itself): its sentences name the same cards as the German analysis's.
    let game = std::fs::read_to_string(repo().join("examples/games.jsonl")).unwrap();
    let game = format!("{}\n", game.lines().next().unwrap());
    let whys = |analysis: &Value| -> Vec<Value> {
        let plays = analysis["plays"].as_array().expect("plays");
        plays.iter().map(|p| p["lines"]["why"].clone()).collect()
    };
    let german = whys(&json_lines(&run(&["analyze", "--lines", "-"], &game))[0]);
    assert!(german.iter().any(Value::is_string), "{german:?}");
    let o = run(
        &["analyze", "--pack", "french", "--format", "html", "-"],
        &game,
    );
    let page = String::from_utf8_lossy(&o.stdout);
    let data = page
        .split_once(r#"id="schafkopf-data">"#)
        .and_then(|(_, rest)| rest.split_once("</script>"))
        .expect("the page's data")
        .0;
    let data: Value = serde_json::from_str(data).expect("the page's data is JSON");
    assert_eq!(whys(&data["analysis"]), german);
    // A German record read as French is refused by name: its text is no French card.
    let german = std::fs::read_to_string(repo().join("examples/games.jsonl")).unwrap();
    let first = german
        .lines()
        .next()
        .unwrap()
        .replacen('{', r#"{"pack": "french", "#, 1);
    let o = run(&["score", "-"], &format!("{first}\n"));
    assert_eq!(json_lines(&o)[0]["error"]["code"], "bad_card");
    // Imports are written in the pack asked for, and say so.
    let log = repo().join("tests/data/netschafkopf/samples-04.08.24.txt");
    let o = run(
        &[
            "import",
            "--pack",
            "symbols",
            "--from",
            "netschafkopf",
            log.to_str().unwrap(),
        ],
        "",
    );
    let record = &json_lines(&o)[0];
    assert_eq!(record["pack"], "symbols");
    assert_eq!(record["hands"][0], "♥9 ♣10 ♣J ♦9 ♣9 ♥J");
    let o = run(&["score", "-"], &format!("{record}\n"));
    assert_eq!(json_lines(&o)[0]["payouts"], json!([-5, 15, -5, -5]));
    // An unknown pack is a usage error.
    let o = run(&["solve", "--pack", "tarot", "-"], "");
    assert_eq!(o.status.code(), Some(64));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("'tarot' is none of german, french, symbols")
    );
}

/// `ledger --single-dummy`: each game played out with every card the best by what its
/// player could know, settled as it stands; the same on any thread count.
#[test]
fn ledger_plays_games_out_single_dummy() {
    let log = repo().join("tests/data/netschafkopf/samples-04.08.24.txt");
    let args = |threads: &str| {
        vec![
            "ledger".to_string(),
            "--from".into(),
            "netschafkopf".into(),
            log.to_str().unwrap().into(),
            "--single-dummy".into(),
            "--samples".into(),
            "6".into(),
            "-j".into(),
            threads.into(),
        ]
    };
    let run_with = |threads: &str| {
        let a = args(threads);
        let refs: Vec<&str> = a.iter().map(String::as_str).collect();
        run(&refs, "")
    };
    let o = run_with("1");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines = json_lines(&o);
    let games = &lines[..lines.len() - 1];
    assert_eq!(games.len(), 4);
    let mut totals = std::collections::HashMap::<String, i64>::new();
    for g in games {
        let sd: Vec<i64> = g["single_dummy"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_i64().unwrap())
            .collect();
        assert_eq!(sd.iter().sum::<i64>(), 0, "{g}");
        for (seat, name) in g["players"].as_array().unwrap().iter().enumerate() {
            *totals
                .entry(name.as_str().unwrap().to_string())
                .or_default() += sd[seat];
        }
    }
    for account in lines[4]["totals"]["players"].as_array().unwrap() {
        let p = &account["single_dummy"];
        assert_eq!(p["games"], 4);
        assert_eq!(p["as_played"], account["total"]);
        let name = account["player"].as_str().unwrap();
        assert_eq!(p["single_dummy"], totals[name], "{account}");
    }
    assert_eq!(run_with("2").stdout, o.stdout);
    // The sampling options belong to --single-dummy.
    let o = run(&["ledger", "--samples", "5", log.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(64));
}

/// A line over `--max-line` is refused by name in its place, and the lines after it are
/// read as ever; in another program's log it stops the conversion before any parsing.
#[test]
fn a_line_over_the_limit_is_refused_by_name() {
    let good = std::fs::read_to_string(repo().join("examples/games.jsonl")).unwrap();
    let first = good.lines().next().unwrap();
    let long = format!("{{\"hands\": \"{}\"}}", "x".repeat(5000));
    let input = format!("{long}\n{first}\n");
    let o = run(&["score", "--max-line", "4KiB"], &input);
    assert_eq!(o.status.code(), Some(2));
    let lines = json_lines(&o);
    assert_eq!(lines[0]["error"]["code"], "line_too_long");
    let message = lines[0]["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("line 1 is 5014 bytes long, over the limit of 4096"),
        "{message}"
    );
    assert_eq!(lines[1]["won"], true);
    // At the limit a line is read (its `\r\n` aside).
    let exact = format!("{first}\r\n");
    let limit = first.len().to_string();
    let o = run(&["score", "--max-line", &limit], &exact);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    let o = run(
        &["score", "--max-line", &(first.len() - 1).to_string()],
        &exact,
    );
    assert_eq!(json_lines(&o)[0]["error"]["code"], "line_too_long");
    // A foreign log with a long line is not converted.
    let plain = format!("Rufspiel Eichel von 3: {}\n", "so ".repeat(2000));
    let o = run(
        &[
            "import",
            "--from",
            "openschafkopf",
            "--max-line",
            "1KiB",
            "-",
        ],
        &plain,
    );
    assert_eq!(o.status.code(), Some(2));
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_eq!(lines[0]["error"]["code"], "line_too_long");
    // A bad size is a usage error.
    let o = run(&["score", "--max-line", "4x"], "");
    assert_eq!(o.status.code(), Some(64));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a number of bytes"));
}

/// `batch` as a filter (records on standard input, results on standard output, the summary
/// to a file of its own) over the parts of a log, and `summary merge` of the parts'
/// summaries: the parts' lines in order are the whole run's file, and the merged summary is
/// its summary byte for byte, in whatever order the parts are given, the players' view
/// included.
#[test]
fn batch_as_a_filter_in_parts_adds_up_to_the_whole_run() {
    let dir = temp_dir("batch-parts");
    let log = std::fs::read_to_string(repo().join("examples/games.jsonl")).unwrap();
    let lines: Vec<&str> = log.lines().collect();
    let mut views = Vec::new();
    for view in [&[][..], &["--view", "players", "--samples", "3"][..]] {
        let full = dir.join("full.jsonl");
        let mut args = vec!["batch", "-o", full.to_str().unwrap(), "-"];
        args.extend(view);
        assert_eq!(run(&args, &log).status.code(), Some(0));
        let mut joined = String::new();
        let mut parts = Vec::new();
        for (i, chunk) in lines.chunks(6).enumerate() {
            let summary = dir.join(format!("part-{i}.json"));
            let first = (6 * i + 1).to_string();
            let mut args = vec![
                "batch",
                "-",
                "-o",
                "-",
                "--summary",
                summary.to_str().unwrap(),
                "--first-line",
                &first,
            ];
            args.extend(view);
            let o = run(&args, &(chunk.join("\n") + "\n"));
            assert_eq!(
                o.status.code(),
                Some(0),
                "{}",
                String::from_utf8_lossy(&o.stderr)
            );
            joined.push_str(&String::from_utf8(o.stdout).unwrap());
            parts.push(summary.to_str().unwrap().to_string());
        }
        assert_eq!(joined, std::fs::read_to_string(&full).unwrap());
        let whole = std::fs::read_to_string(dir.join("full.jsonl.summary.json")).unwrap();
        parts.reverse();
        let mut args = vec!["summary", "merge"];
        args.extend(parts.iter().map(String::as_str));
        let o = run(&args, "");
        assert_eq!(o.status.code(), Some(0));
        assert_eq!(String::from_utf8(o.stdout).unwrap(), whole);
        // Parts of no one job are refused by name: a part twice, a part missing.
        let twice = run(&["summary", "merge", &parts[0], &parts[0]], "");
        assert_eq!(twice.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&twice.stderr).contains("overlap"));
        let gap = run(&["summary", "merge", &parts[0], &parts[2]], "");
        assert_eq!(gap.status.code(), Some(1));
        assert!(
            String::from_utf8_lossy(&gap.stderr).contains("are in no part"),
            "{}",
            String::from_utf8_lossy(&gap.stderr)
        );
        // Kept apart: the next view's parts take the same names.
        let kept = dir.join(format!("first-of-view-{}.json", views.len()));
        std::fs::copy(&parts[parts.len() - 1], &kept).unwrap();
        views.push(kept.to_str().unwrap().to_string());
    }
    // The first part of each view: the same lines judged another way.
    let other = run(&["summary", "merge", &views[0], &views[1]], "");
    assert_eq!(other.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&other.stderr).contains("another run"));
    // A piece numbers its lines as the whole log's (`--first-line`).
    let summary = dir.join("piece.json");
    let args = [
        "batch",
        "-",
        "-o",
        "-",
        "--summary",
        summary.to_str().unwrap(),
        "--first-line",
        "10",
    ];
    let o = run(&args, &format!("{}\n{{\"hands\": []}}\n", lines[0]));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(json_lines(&o)[1]["line"], 11);
    // A file that is no summary is named.
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{}").unwrap();
    let o = run(&["summary", "merge", bad.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("bad.json: is not a batch summary"));
}

/// What a new user met first: each says what is wrong, or what happened.
#[test]
fn a_new_users_slips_are_answered_in_words() {
    let stderr = |o: &Output| String::from_utf8_lossy(&o.stderr).to_string();
    // Empty input: said, not silent.
    let empty = run(&["score"], "");
    assert_eq!(empty.status.code(), Some(0));
    assert!(
        stderr(&empty).contains("no records in the input"),
        "{}",
        stderr(&empty)
    );
    // An address without a port: the form to give.
    let serve = run(&["serve", "--addr", "localhost", "--db", ":memory:"], "");
    assert_eq!(serve.status.code(), Some(64));
    assert!(
        stderr(&serve).contains("give HOST:PORT"),
        "{}",
        stderr(&serve)
    );
    // contracts and odds do not offer what they refuse.
    let html = run(&["contracts", "--format", "html", "-"], "");
    assert_eq!(html.status.code(), Some(64));
    let help = run(&["odds", "--help"], "");
    assert!(!String::from_utf8_lossy(&help.stdout).contains("html"));
    // The help of the help command is the help; of a command, that command's.
    for (args, first) in [
        (&["help", "--help"][..], "Schafkopf hand analyzer"),
        (&["help", "-h"][..], "Schafkopf hand analyzer"),
        (
            &["help", "score", "--help"][..],
            "The result and settlement",
        ),
    ] {
        let help = run(args, "");
        assert_eq!(help.status.code(), Some(0), "{args:?}");
        let out = String::from_utf8_lossy(&help.stdout);
        assert!(out.starts_with(first), "{args:?}: {out}");
    }
    // Both spellings of the double-dummy view.
    let game = std::fs::read_to_string(repo().join("examples/games.jsonl")).unwrap();
    let first = format!("{}\n", game.lines().next().unwrap());
    for view in ["double-dummy", "double_dummy"] {
        assert_eq!(
            run(&["analyze", "--view", view], &first).status.code(),
            Some(0)
        );
    }
    // import --from records checks what it copies.
    let bad = run(
        &["import", "--from", "records", "-"],
        "not json\n{\"hands\": []}\n",
    );
    assert_eq!(bad.status.code(), Some(2));
    let lines = json_lines(&bad);
    assert_eq!(lines[0]["error"]["code"], "malformed_json");
    assert_eq!(lines[1]["error"]["code"], "hand_count");
    assert!(stderr(&bad).contains("2 of 2 records failed"));
    // One record, one mistake: the words agree in number.
    let one = run(&["score", "-"], "{\"hands\": []}\n");
    assert!(
        stderr(&one).contains("1 of 1 record failed"),
        "{}",
        stderr(&one)
    );
}

/// A Sauspiel and a Ramsch of NetSchafkopf's `baseline-05.10.23_01` (tests/data/README.md),
/// imported as records: the Ramsch is the dear one.
const CHEAP_SAUSPIEL: &str = r#"{"id":"baseline-05.10.23_01#1","hands":["EA SO GA E7 GU GK GO E9","EO H8 GZ S9 HO HU G8 EU","HA H9 S8 SU EZ HZ E8 G7","HK EK SK SZ H7 S7 G9 SA"],"contract":{"game":"sauspiel","suit":"S","declarer":1},"play":"EA H8 E8 EK EO H9 HK GU HU SU H7 SO E9 HO EZ SZ G8 G7 G9 GA E7 EU S8 S7 GZ HZ SK GK HA SA GO S9","tariff":{"base":2,"solo":5,"extra":1,"laufende_price":1,"ramsch_price":1},"rules":{"laufende_min":3,"ramsch_tie":"highest_trump_played","jungfrau":"double_all"},"players":["PcLinks","PcOben","PcRechts","Gast"]}"#;
const DEAR_RAMSCH: &str = r#"{"id":"baseline-05.10.23_01#11","hands":["HK HA G7 SU S8 EU E8 SZ","G8 SA GZ EA GO GA HZ H8","EK GK S7 E7 SO HO G9 EO","HU H9 E9 S9 H7 SK GU EZ"],"contract":{"game":"ramsch"},"play":"E8 EA EK EZ H8 HO GU EU E7 E9 SZ GA H7 SU HZ EO S7 S9 S8 SA GO SO HU HK G8 G9 SK G7 GK H9 HA GZ","tariff":{"base":2,"solo":5,"extra":1,"laufende_price":1,"ramsch_price":1},"rules":{"ramsch_tie":"highest_trump_played","jungfrau":"double_all"},"players":["PcRechts","Gast","PcLinks","PcOben"]}"#;

/// `--node-budget`: a batch over a log with a dear game ends, the dear game's questions
/// that ran out answer bounds that hold the exact values, the rest is exact, and the
/// summary counts them.
#[test]
fn batch_with_a_node_budget_ends_with_bounds_for_the_dear_game_and_the_rest_exact() {
    let dir = temp_dir("budget");
    let log = dir.join("log.jsonl");
    std::fs::write(&log, format!("{CHEAP_SAUSPIEL}\n{DEAR_RAMSCH}\n")).unwrap();
    let out = dir.join("out.jsonl");
    let o = run(
        &[
            "batch",
            "--node-budget",
            "500000",
            log.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
        "",
    );
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("out of the node budget"), "{stderr}");
    let lines: Vec<Value> = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    // The Sauspiel is cheap: every question answered exactly.
    assert!(lines[0].get("unsettled").is_none(), "{}", lines[0]);
    assert!(lines[0]["analysis"]["plays"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p.get("bounds").is_none() && p["before"].is_i64()));
    // The Ramsch ran out somewhere: those cards say what was proved instead.
    let unsettled = lines[1]["unsettled"].as_u64().unwrap();
    assert!(unsettled > 0, "{}", lines[1]);
    let summary: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("out.jsonl.summary.json")).unwrap())
            .unwrap();
    assert_eq!(summary["unsettled_records"], 1);
    assert_eq!(summary["unsettled"], unsettled);
    // The bounds hold the exact values of an analysis without a budget.
    let exact = json_lines(&run(&["analyze"], &format!("{DEAR_RAMSCH}\n")));
    let exact = exact[0]["plays"].as_array().unwrap();
    let budgeted = lines[1]["analysis"]["plays"].as_array().unwrap();
    let within = |v: &Value, b: &Value| {
        let v = v.as_i64().unwrap();
        b[0].as_i64().unwrap() <= v && v <= b[1].as_i64().unwrap()
    };
    let mut bounded = 0;
    for (p, e) in budgeted.iter().zip(exact) {
        match p.get("bounds") {
            Some(b) => {
                bounded += 1;
                assert!(p.get("before").is_none() && p.get("cost").is_none(), "{p}");
                assert!(within(&e["before"], &b["value"]), "{p} against {e}");
                assert!(within(&e["after"], &b["after"]), "{p} against {e}");
            }
            None => {
                assert_eq!((&p["before"], &p["after"]), (&e["before"], &e["after"]));
                assert_eq!(p["best"], e["best"]);
            }
        }
    }
    assert!(bounded > 0 && bounded as u64 <= unsettled);
}

/// `contracts --node-budget`: a contract whose question runs out is listed with the bounds
/// it proved (which hold its exact value), the others keep their exact values, and the
/// record stands.
#[test]
fn contracts_with_a_node_budget_list_what_ran_out_and_value_the_rest() {
    let deal = r#"{"hands": ["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7", "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"], "contract": {"game": "sauspiel", "suit": "G", "declarer": 0}}"#;
    let exact = json_lines(&run(&["contracts"], &format!("{deal}\n")));
    let o = run(
        &["contracts", "--node-budget", "20000"],
        &format!("{deal}\n"),
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let budgeted = json_lines(&o);
    let (exact, budgeted) = (&exact[0], &budgeted[0]);
    let unsettled = budgeted["unsettled"].as_array().unwrap();
    assert!(!unsettled.is_empty(), "{budgeted}");
    let value_in = |report: &Value, seat: &Value, contract: &Value| -> Option<Value> {
        report["seats"][seat.as_u64().unwrap() as usize]["contracts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| &c["contract"] == contract)
            .map(|c| c["value"].clone())
    };
    for u in unsettled {
        // A Hochzeit is tried with every card the partner may give back; the report keeps
        // only the best of them.
        if u["contract"]["game"] == "hochzeit" {
            continue;
        }
        let v = value_in(exact, &u["seat"], &u["contract"]).expect("valued without a budget");
        let (v, b) = (v.as_i64().unwrap(), &u["bounds"]);
        assert!(
            b[0].as_i64().unwrap() <= v && v <= b[1].as_i64().unwrap(),
            "{u}: {v}"
        );
        assert!(
            value_in(budgeted, &u["seat"], &u["contract"]).is_none(),
            "{u}"
        );
    }
    // What was settled is exact, and the declared Sauspiel ran out: no comparison.
    let settled = budgeted["seats"].as_array().unwrap();
    for seat in settled {
        for c in seat["contracts"].as_array().unwrap() {
            assert_eq!(
                Some(c["value"].clone()),
                value_in(exact, &seat["seat"], &c["contract"]),
                "{c}"
            );
        }
    }
    assert!(budgeted.get("declared").is_none() || exact.get("declared").is_some());
    // The table says so.
    let table = run(
        &["contracts", "--node-budget", "20000", "--format", "table"],
        &format!("{deal}\n"),
    );
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(text.contains("out of the node budget"), "{text}");
}
