//! Every answer is a function of its question only. A set that asks the same deals again
//! under other rules (openschafkopf's rule tests cut after 4 and 12 cards, each Ramsch
//! re-asked under every Jungfrau, Durchmarsch, tie and form rule, each Sauspiel under both
//! ways of counting a run-away), and the rule tests' games whole, is answered by a fresh
//! process for each record alone; one process in several orders and thread counts, `batch`
//! over the games from a file, from standard input and in pieces, and the service's reused
//! workers must answer every record the same.

use crate::common::{json_lines, repo, run, send, temp_db, temp_dir, Server};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The rules each game is re-asked under, beside the record's own: every rule that changes
/// a Ramsch's settlement, and those that change which cards a Sauspiel's partner may play.
fn other_rules(game: &str) -> Vec<(&'static str, &'static str)> {
    match game {
        "ramsch" => [
            ("jungfrau", "none"),
            ("jungfrau", "double_individually_once"),
            ("jungfrau", "double_individually_multiple"),
            ("jungfrau", "double_all"),
            ("durchmarsch", "all_tricks"),
            ("durchmarsch", "at_least"),
            ("durchmarsch", "none"),
            ("ramsch_tie", "more_tricks"),
            ("ramsch_tie", "highest_trump_played"),
            ("ramsch_form", "loser_pays"),
            ("ramsch_form", "two_highest_pay"),
            ("ramsch_form", "schieberamsch"),
        ]
        .to_vec(),
        "sauspiel" => vec![("run_away_count", "current"), ("run_away_count", "dealt")],
        _ => vec![],
    }
}

/// One record of the set: its question's id (`LINE@CUT` or `LINE@CUT/RULE=VALUE`), its game
/// and cut, and its JSON line.
struct Asked {
    id: String,
    game: String,
    cut: usize,
    line: String,
}

/// The mixed-rule set: each game of openschafkopf's rule tests cut after 4 and after 12
/// cards, under its own rules and each of [`other_rules`].
fn mixed_set() -> &'static [Asked] {
    static SET: OnceLock<Vec<Asked>> = OnceLock::new();
    SET.get_or_init(|| {
        let path = repo().join("tests/data/openschafkopf-rules-tests.jsonl");
        let text = std::fs::read_to_string(path).unwrap();
        let mut set = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let mut record: Value = serde_json::from_str(line).unwrap();
            record.as_object_mut().unwrap().remove("meta");
            let play: Vec<String> = record["play"]
                .as_str()
                .unwrap()
                .split_whitespace()
                .map(String::from)
                .collect();
            let game = record["contract"]["game"].as_str().unwrap().to_string();
            for cut in [4, 12] {
                record["play"] = json!(play[..cut].join(" "));
                let own = (format!("{}@{cut}", i + 1), record.clone());
                let others = other_rules(&game).into_iter().map(|(rule, value)| {
                    let mut asked = record.clone();
                    if !asked["rules"].is_object() {
                        asked["rules"] = json!({});
                    }
                    asked["rules"][rule] = json!(value);
                    (format!("{}@{cut}/{rule}={value}", i + 1), asked)
                });
                for (id, mut asked) in std::iter::once(own).chain(others) {
                    asked["id"] = json!(id);
                    set.push(Asked {
                        id,
                        game: game.clone(),
                        cut,
                        line: asked.to_string(),
                    });
                }
            }
        }
        set
    })
}

/// The set in a fixed shuffled order (a seeded Fisher-Yates).
fn shuffled(set: &[String]) -> Vec<String> {
    let mut out = set.to_vec();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for i in (1..out.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        out.swap(i, (state % (i as u64 + 1)) as usize);
    }
    out
}

/// One command's answers by record id.
type Answers = BTreeMap<String, Value>;

fn by_id(lines: Vec<Value>) -> Answers {
    lines
        .into_iter()
        .map(|v| {
            let id = v["id"]
                .as_str()
                .unwrap_or_else(|| panic!("an answer without id: {v}"))
                .to_string();
            (id, v)
        })
        .collect()
}

/// A question the set is asked: a command, its arguments, and the records it is asked of.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Question {
    Solve,
    Analyze,
    /// Each decision of the positions cut inside the play (after 4 and 12 cards) judged by
    /// what its player could know: worlds dealt for each record, on solvers reused over
    /// worlds and records.
    Players,
    /// The rule tests' games whole, as the file holds them (the same deals under other
    /// rules among them), analysed.
    Games,
}

impl Question {
    const ALL: [Question; 4] = [
        Question::Solve,
        Question::Analyze,
        Question::Players,
        Question::Games,
    ];

    fn args(self) -> &'static [&'static str] {
        match self {
            Question::Solve => &["solve"],
            Question::Analyze | Question::Games => &["analyze"],
            Question::Players => &[
                "solve",
                "--view",
                "players",
                "--samples",
                "6",
                "--seed",
                "3",
            ],
        }
    }

    /// The lines it is asked of: every one to solve; the positions after 12 cards for the
    /// players' view; for `analyze` those of the point games, and the Ramsch of rule test
    /// 181 (asked again as 182 with `jungfrau: double_all`) after 4 cards under every rule
    /// (a Ramsch's first tricks are its dear ones); the rule tests' games whole.
    fn records(self) -> Vec<String> {
        if self == Question::Games {
            let path = repo().join("tests/data/openschafkopf-rules-tests.jsonl");
            let text = std::fs::read_to_string(path).unwrap();
            return text.lines().map(String::from).collect();
        }
        let wanted = |a: &Asked| match self {
            Question::Solve => true,
            Question::Players => a.cut == 12,
            Question::Games => false,
            Question::Analyze => match a.game.as_str() {
                "ramsch" => a.id.starts_with("181@4"),
                _ => a.cut == 12,
            },
        };
        mixed_set()
            .iter()
            .filter(|a| wanted(a))
            .map(|a| a.line.clone())
            .collect()
    }

    /// The answer to each of its records, each asked in a process of its own (two at a
    /// time).
    fn fresh(self) -> &'static Answers {
        static FRESH: [OnceLock<Answers>; 4] = [const { OnceLock::new() }; 4];
        let index = Question::ALL.iter().position(|q| *q == self).unwrap();
        FRESH[index].get_or_init(|| {
            let records = self.records();
            let answers: Vec<Value> = std::thread::scope(|s| {
                let workers: Vec<_> = (0..2)
                    .map(|w| {
                        let records = &records;
                        s.spawn(move || {
                            records
                                .iter()
                                .skip(w)
                                .step_by(2)
                                .flat_map(|record| self.asked(&["-j", "1"], record))
                                .collect::<Vec<_>>()
                        })
                    })
                    .collect();
                workers
                    .into_iter()
                    .flat_map(|w| w.join().unwrap())
                    .collect()
            });
            let answers = by_id(answers);
            assert_eq!(
                answers.len(),
                records.len(),
                "{self:?}: one answer a record"
            );
            answers
        })
    }

    /// One process's answers to `records` (JSON lines), every one required.
    fn asked(self, extra: &[&str], records: &str) -> Vec<Value> {
        let mut args = self.args().to_vec();
        args.extend_from_slice(extra);
        args.push("-");
        let out = run(&args, records);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        json_lines(&out)
    }
}

/// Where two sets of answers part, by record id.
fn assert_same(got: &Answers, want: &Answers, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: answers");
    let apart: Vec<&String> = want
        .keys()
        .filter(|id| got.get(*id) != want.get(*id))
        .collect();
    assert!(
        apart.is_empty(),
        "{what}: {} of {} answers differ from a fresh process's, first {}: {} against {}",
        apart.len(),
        want.len(),
        apart[0],
        got[apart[0]],
        want[apart[0]]
    );
}

#[test]
fn one_process_answers_alike_in_any_order_and_on_any_thread_count() {
    for question in Question::ALL {
        let want = question.fresh();
        let records = question.records();
        let backward: Vec<String> = records.iter().rev().cloned().collect();
        let shuffled = shuffled(&records);
        for (order, records, threads) in [
            ("forward", &records, "1"),
            ("reversed", &backward, "2"),
            ("shuffled", &shuffled, "2"),
        ] {
            let got = by_id(question.asked(&["-j", threads], &records.join("\n")));
            assert_same(&got, want, &format!("{question:?} -j {threads}, {order}"));
        }
    }
}

#[test]
fn batch_answers_alike_from_a_file_from_standard_input_and_in_pieces() {
    let dir = temp_dir("answers-batch");
    let set = Question::Games.records();
    let log = dir.join("set.jsonl");
    std::fs::write(&log, set.join("\n") + "\n").unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();

    let whole = run(
        &[
            "batch",
            "-j",
            "2",
            "-o",
            &path("whole.jsonl"),
            &path("set.jsonl"),
        ],
        "",
    );
    assert!(
        whole.status.success(),
        "{}",
        String::from_utf8_lossy(&whole.stderr)
    );
    let whole_lines = std::fs::read_to_string(dir.join("whole.jsonl")).unwrap();
    let whole_summary = std::fs::read_to_string(dir.join("whole.jsonl.summary.json")).unwrap();

    // The same log from standard input, one thread.
    let piped = run(
        &[
            "batch",
            "-j",
            "1",
            "-o",
            "-",
            "--summary",
            &path("piped.summary.json"),
            "-",
        ],
        &(set.join("\n") + "\n"),
    );
    assert!(
        piped.status.success(),
        "{}",
        String::from_utf8_lossy(&piped.stderr)
    );
    assert_eq!(
        String::from_utf8(piped.stdout).unwrap(),
        whole_lines,
        "batch - -o -"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("piped.summary.json")).unwrap(),
        whole_summary
    );

    // In two pieces, the second first, each numbered from its place in the whole log.
    let half = set.len() / 2;
    let mut pieces = String::new();
    for (name, records, first) in [("b", &set[half..], half + 1), ("a", &set[..half], 1)] {
        std::fs::write(dir.join(name), records.join("\n") + "\n").unwrap();
        let out = path(&format!("{name}.jsonl"));
        let first = first.to_string();
        let o = run(
            &[
                "batch",
                "-j",
                "2",
                "--first-line",
                &first,
                "-o",
                &out,
                &path(name),
            ],
            "",
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    for name in ["a", "b"] {
        pieces += &std::fs::read_to_string(dir.join(format!("{name}.jsonl"))).unwrap();
    }
    assert_eq!(pieces, whole_lines, "the pieces' lines");
    let merged = run(
        &[
            "summary",
            "merge",
            &path("b.jsonl.summary.json"),
            &path("a.jsonl.summary.json"),
        ],
        "",
    );
    assert!(
        merged.status.success(),
        "{}",
        String::from_utf8_lossy(&merged.stderr)
    );
    assert_eq!(
        serde_json::from_slice::<Value>(&merged.stdout).unwrap(),
        serde_json::from_str::<Value>(&whole_summary).unwrap(),
        "the pieces' summaries merged"
    );

    // And each line's analysis is the one a fresh process gives for its record alone.
    let analyses = by_id(
        whole_lines
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap()["analysis"].clone())
            .collect(),
    );
    assert_same(&analyses, Question::Games.fresh(), "batch's analyses");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_services_workers_answer_alike_whatever_they_answered_before() {
    let server = Server::start(&temp_db("answers"), &["--workers", "2"]);
    for (question, path) in [
        (Question::Solve, "/api/v1/solve"),
        (Question::Analyze, "/api/v1/analyze"),
        (
            Question::Players,
            "/api/v1/solve?view=players&samples=6&seed=3",
        ),
    ] {
        let url = server.url(path);
        let got: Answers = by_id(
            shuffled(&question.records())
                .iter()
                .map(|record| {
                    let a = send("POST", &url, Some(record));
                    assert_eq!(a.status, 200, "{}", a.body);
                    a.json()
                })
                .collect(),
        );
        assert_same(&got, question.fresh(), &format!("POST {path}"));
    }
}
