//! `schafkopf batch`: analysis plus the declarer's contracts over whole hand logs, with a
//! summary per player and per contract, resumable.
//!
//! Each record becomes one output line (JSON, or a CSV row), in input order, so the lines
//! done are a prefix of the records: a resumed run skips as many records as OUT holds whole
//! lines. The summary is built from the output lines themselves, so a resumed run counts the
//! records of the killed run too: it reads them back from OUT.

use crate::lines::LineResult;
use serde::Serialize;
use serde_json::Value;
use solver::{Analysis, ContractsReport, Record, Solver};
use std::collections::BTreeMap;

/// One record's result.
#[derive(Serialize)]
pub struct BatchRecord {
    pub id: Option<String>,
    pub players: Option<Vec<String>>,
    /// The contract's game (`sauspiel`, `ramsch`, ...).
    pub game: String,
    pub analysis: Analysis,
    /// The declarer's contracts, outcome only (none in Ramsch).
    pub contracts: ContractsReport,
}

pub const CSV_HEADER: [&str; 27] = [
    "id",
    "players",
    "game",
    "measure",
    "suit",
    "declarer",
    "won_as_played",
    "value_double_dummy",
    "won_double_dummy",
    "declared_settlement",
    "best_contract",
    "best_settlement",
    "mistakes_0",
    "mistakes_1",
    "mistakes_2",
    "mistakes_3",
    "lost_0",
    "lost_1",
    "lost_2",
    "lost_3",
    "payout_0",
    "payout_1",
    "payout_2",
    "payout_3",
    "line",
    "error_code",
    "error",
];

/// Where the columns of [`CSV_HEADER`] stand.
const COL_GAME: usize = 2;
const COL_MEASURE: usize = 3;
const COL_WON_PLAYED: usize = 6;
const COL_WON_DD: usize = 8;
const COL_MISTAKES: usize = 12;
const COL_LOST: usize = 16;
const COL_PAYOUT: usize = 20;
const COL_ERROR_CODE: usize = 25;

/// Analyses a record and values its declarer's contracts.
pub fn run(line: &str, solver: &mut Solver) -> Result<BatchRecord, solver::Error> {
    let record = Record::from_json(line)?;
    let game = record.game()?;
    let analysis = solver::analyze(&game, solver)?;
    // The value of the declared contract is the analysis' value before the first card.
    let contracts = solver::declarer_contracts(&record, solver, Some(analysis.start))?;
    Ok(BatchRecord {
        id: record.id.clone(),
        players: record.players.clone(),
        game: game.contract().game_name().to_string(),
        analysis,
        contracts,
    })
}

/// The output line of a record: JSON, or a CSV row of [`CSV_HEADER`].
pub fn render(result: Result<BatchRecord, solver::Error>, csv: bool) -> LineResult {
    // A bad record in a CSV file becomes a row of its own, written by the line writer.
    match result {
        Ok(r) if csv => LineResult::Ok(csv_row(&csv_fields(&r))),
        result => LineResult::of(result),
    }
}

fn csv_fields(r: &BatchRecord) -> Vec<String> {
    let declared = r.contracts.declared.as_ref();
    let best = r.contracts.seats.first().and_then(|s| s.best.as_ref());
    let won_played = match &r.analysis.result {
        Some(score) => match &score.outcome {
            solver::Outcome::Declared { won, .. } => won.to_string(),
            solver::Outcome::Ramsch { .. } => String::new(),
        },
        None => String::new(),
    };
    let mut f = vec![
        r.id.clone().unwrap_or_default(),
        r.players.as_ref().map(|p| p.join("|")).unwrap_or_default(),
        r.game.clone(),
        r.analysis.measure.to_string(),
        declared
            .and_then(|d| d.contract.suit())
            .map(|s| s.to_string())
            .unwrap_or_default(),
        declared
            .and_then(|d| d.contract.declarer())
            .map(|d| d.to_string())
            .unwrap_or_default(),
        won_played,
        r.analysis.start.to_string(),
        declared.map(|d| d.won.to_string()).unwrap_or_default(),
        declared
            .map(|d| d.settlement.to_string())
            .unwrap_or_default(),
        best.map(|b| {
            b.chosen()
                .map_or("pass".to_string(), |c| c.contract.title().to_string())
        })
        .unwrap_or_default(),
        declared
            .map(|d| d.best_settlement.to_string())
            .unwrap_or_default(),
    ];
    f.extend(r.analysis.players.iter().map(|p| p.mistakes.to_string()));
    f.extend(r.analysis.players.iter().map(|p| p.cost.to_string()));
    match &r.analysis.result {
        Some(score) => f.extend(score.payouts.iter().map(|p| p.to_string())),
        None => f.extend(std::iter::repeat_n(String::new(), 4)),
    }
    f.extend([String::new(), String::new(), String::new()]);
    f
}

/// One CSV row (no line end).
pub fn csv_row(fields: &[String]) -> String {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    // Writing strings to memory cannot fail.
    w.write_record(fields).expect("a CSV row in memory");
    let bytes = w.into_inner().expect("a CSV row in memory");
    String::from_utf8_lossy(&bytes).trim_end().to_string()
}

/// A CSV row for a bad record.
pub fn csv_error_row(line: usize, code: &str, message: &str) -> String {
    let mut f = vec![String::new(); CSV_HEADER.len()];
    let n = f.len();
    f[n - 3] = line.to_string();
    f[n - 2] = code.to_string();
    f[n - 1] = message.to_string();
    csv_row(&f)
}

/// What the summary counts of one output line.
struct Stats {
    players: Vec<String>,
    /// What the costs count: `points`, `tricks` or `settlement` (money, Ramsch).
    measure: String,
    mistakes: [u64; 4],
    lost: [i64; 4],
    /// Each seat's money as played (none for an unfinished hand).
    payouts: Option<[i64; 4]>,
    game: String,
    won_as_played: Option<bool>,
    won_double_dummy: Option<bool>,
}

fn stats_of_json(v: &Value) -> Option<Stats> {
    let analysis = v.get("analysis")?;
    let per: Vec<&Value> = analysis.get("players")?.as_array()?.iter().collect();
    let mut mistakes = [0; 4];
    let mut lost = [0; 4];
    for (i, p) in per.iter().enumerate().take(4) {
        mistakes[i] = p.get("mistakes")?.as_u64()?;
        lost[i] = p.get("cost")?.as_i64()?;
    }
    let payouts = analysis
        .get("result")
        .and_then(|r| r.get("payouts"))
        .and_then(Value::as_array)
        .and_then(|a| {
            let v: Option<Vec<i64>> = a.iter().map(Value::as_i64).collect();
            v?.try_into().ok()
        });
    Some(Stats {
        players: names(v.get("players").and_then(|p| p.as_array()).map(|a| {
            a.iter()
                .map(|n| n.as_str().unwrap_or_default().to_string())
                .collect()
        })),
        measure: analysis.get("measure")?.as_str()?.to_string(),
        mistakes,
        lost,
        payouts,
        game: v.get("game")?.as_str()?.to_string(),
        won_as_played: analysis
            .get("result")
            .and_then(|r| r.get("won"))
            .and_then(Value::as_bool),
        won_double_dummy: v
            .get("contracts")
            .and_then(|c| c.get("declared"))
            .and_then(|d| d.get("won"))
            .and_then(Value::as_bool),
    })
}

fn stats_of_csv(row: &csv::StringRecord) -> Option<Stats> {
    if row.get(0).is_none() || !row.get(COL_ERROR_CODE).unwrap_or_default().is_empty() {
        return None;
    }
    let unsigned = |i: usize| row.get(i).and_then(|s| s.parse::<u64>().ok());
    let signed = |i: usize| row.get(i).and_then(|s| s.parse::<i64>().ok());
    let flag = |i: usize| row.get(i).and_then(|s| s.parse::<bool>().ok());
    let players = row
        .get(1)
        .filter(|s| !s.is_empty())
        .map(|s| s.split('|').map(str::to_string).collect());
    let four = |at: usize| -> Option<[i64; 4]> {
        Some([
            signed(at)?,
            signed(at + 1)?,
            signed(at + 2)?,
            signed(at + 3)?,
        ])
    };
    let m = COL_MISTAKES;
    Some(Stats {
        players: names(players),
        measure: row.get(COL_MEASURE)?.to_string(),
        mistakes: [
            unsigned(m)?,
            unsigned(m + 1)?,
            unsigned(m + 2)?,
            unsigned(m + 3)?,
        ],
        lost: four(COL_LOST)?,
        payouts: four(COL_PAYOUT),
        game: row.get(COL_GAME)?.to_string(),
        won_as_played: flag(COL_WON_PLAYED),
        won_double_dummy: flag(COL_WON_DD),
    })
}

/// Player names, or "seat N" where the record names nobody.
fn names(given: Option<Vec<String>>) -> Vec<String> {
    match given {
        Some(v) if v.len() == 4 => v,
        _ => (0..4).map(|s| format!("seat {s}")).collect(),
    }
}

/// One player's totals. What the costs count differs by contract, so they are kept apart:
/// card points (point contracts), tricks (Tout, Bettel), money (Ramsch).
#[derive(Default)]
struct PlayerTotals {
    games: u64,
    mistakes: u64,
    lost_points: i64,
    lost_tricks: i64,
    lost_money: i64,
    /// Won (negative: lost) as played, over the finished hands.
    money: i64,
}

#[derive(Default)]
struct ContractTotals {
    played: u64,
    won_as_played: u64,
    won_double_dummy: u64,
}

/// Totals over a run, per player and per contract.
#[derive(Default)]
pub struct Summary {
    records: u64,
    failed: u64,
    players: BTreeMap<String, PlayerTotals>,
    contracts: BTreeMap<String, ContractTotals>,
}

impl Summary {
    /// Records counted, and of them the failed ones (those of a resumed run's earlier part
    /// included).
    pub fn counts(&self) -> (usize, usize) {
        (self.records as usize, self.failed as usize)
    }

    /// Counts one output line (JSON or CSV).
    pub fn add_line(&mut self, line: &str, csv: bool) {
        self.records += 1;
        let stats = if csv {
            let mut reader = csv::ReaderBuilder::new()
                .has_headers(false)
                .from_reader(line.as_bytes());
            reader
                .records()
                .next()
                .and_then(|r| r.ok())
                .and_then(|r| stats_of_csv(&r))
        } else {
            serde_json::from_str::<Value>(line)
                .ok()
                .and_then(|v| stats_of_json(&v))
        };
        let Some(s) = stats else {
            self.failed += 1;
            return;
        };
        for (i, name) in s.players.iter().enumerate() {
            let t = self.players.entry(name.clone()).or_default();
            t.games += 1;
            t.mistakes += s.mistakes[i];
            match s.measure.as_str() {
                "tricks" => t.lost_tricks += s.lost[i],
                "settlement" => t.lost_money += s.lost[i],
                _ => t.lost_points += s.lost[i],
            }
            t.money += s.payouts.map_or(0, |p| p[i]);
        }
        let c = self.contracts.entry(s.game).or_default();
        c.played += 1;
        c.won_as_played += s.won_as_played.unwrap_or(false) as u64;
        c.won_double_dummy += s.won_double_dummy.unwrap_or(false) as u64;
    }

    pub fn to_json(&self) -> Value {
        let players: Vec<Value> = self
            .players
            .iter()
            .map(|(name, t)| {
                serde_json::json!({
                    "player": name,
                    "games": t.games,
                    "money": t.money,
                    "mistakes": t.mistakes,
                    "lost_points": t.lost_points,
                    "lost_tricks": t.lost_tricks,
                    "lost_money": t.lost_money,
                })
            })
            .collect();
        let contracts: Vec<Value> = self
            .contracts
            .iter()
            .map(|(game, t)| {
                // A Ramsch has no declarer: nothing was declared, won or lost by a side.
                if game == "ramsch" {
                    serde_json::json!({"game": game, "played": t.played})
                } else {
                    serde_json::json!({
                        "game": game,
                        "declared": t.played,
                        "won_as_played": t.won_as_played,
                        "won_double_dummy": t.won_double_dummy,
                    })
                }
            })
            .collect();
        serde_json::json!({
            "records": self.records,
            "failed": self.failed,
            "players": players,
            "contracts": contracts,
        })
    }
}
