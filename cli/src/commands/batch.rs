//! `schafkopf batch`: analysis plus the declarer's contracts over whole hand logs, with a
//! summary per player and per contract, resumable.
//!
//! Each record becomes one output line (JSON, or a CSV row), in input order, so the lines
//! done are a prefix of the records: a resumed run skips as many records as OUT holds whole
//! lines. The summary counts each new record from its typed result; a resumed run counts the
//! records of the killed run too, reading them back from OUT (JSON by key, CSV by the
//! header's column names).
//!
//! All logs go through one pool of workers, so each worker's solver (and its tables) lives
//! for the whole run.

use crate::args::{BatchArgs, BatchFormat};
use crate::config::{sampling_of, Config, Workers};
use crate::lines::{process, ErrorStyle, LineResult, RunSettings};
use crate::output;
use crate::sources::{self, with_path};
use crate::thrown_in::ThrownIn;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use solver::advice::Severities;
use solver::formats::LogFormat;
use solver::{single_dummy::Sampling, Analysis, ContractsReport, Pack, Record, Solver};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// One record's result.
#[derive(Serialize)]
pub struct BatchRecord {
    pub id: Option<String>,
    pub players: Option<Vec<String>>,
    /// The contract's game (`sauspiel`, `ramsch`, ...).
    pub game: String,
    pub analysis: Analysis,
    /// The declarer's contracts, outcome only (none in Ramsch; none either where their
    /// questions ran out of the node budget: then `unsettled` counts one more).
    pub contracts: ContractsReport,
    /// Questions that ran out of their node budget (`--node-budget`): the analysis' cards
    /// with `bounds`, and the contracts.
    #[serde(skip_serializing_if = "is_zero")]
    pub unsettled: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// One record's line: a game analysed, or a hand thrown in.
#[derive(Serialize)]
#[serde(untagged)]
pub enum BatchLine {
    Game(Box<BatchRecord>),
    ThrownIn(Box<ThrownIn>),
}

pub const CSV_HEADER: [&str; 60] = [
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
    "inaccuracies_0",
    "inaccuracies_1",
    "inaccuracies_2",
    "inaccuracies_3",
    "mistakes_0",
    "mistakes_1",
    "mistakes_2",
    "mistakes_3",
    "blunders_0",
    "blunders_1",
    "blunders_2",
    "blunders_3",
    "lost_0",
    "lost_1",
    "lost_2",
    "lost_3",
    "loss_0",
    "loss_1",
    "loss_2",
    "loss_3",
    "payout_0",
    "payout_1",
    "payout_2",
    "payout_3",
    "sd_inaccuracies_0",
    "sd_inaccuracies_1",
    "sd_inaccuracies_2",
    "sd_inaccuracies_3",
    "sd_mistakes_0",
    "sd_mistakes_1",
    "sd_mistakes_2",
    "sd_mistakes_3",
    "sd_blunders_0",
    "sd_blunders_1",
    "sd_blunders_2",
    "sd_blunders_3",
    "sd_lost_0",
    "sd_lost_1",
    "sd_lost_2",
    "sd_lost_3",
    "sd_loss_0",
    "sd_loss_1",
    "sd_loss_2",
    "sd_loss_3",
    "unsettled",
    "line",
    "error_code",
    "error",
];

/// Where the column `name` of [`CSV_HEADER`] stands.
fn column(name: &str) -> usize {
    // Every name asked for is one of the header's, written in this file.
    CSV_HEADER
        .iter()
        .position(|c| *c == name)
        .expect("a column of CSV_HEADER")
}

/// Analyses a record (also single dummy where `players` says how to sample) and values
/// its declarer's contracts.
pub fn run_record(
    line: &str,
    solver: &mut Solver,
    players: Option<Sampling>,
) -> Result<BatchLine, solver::Error> {
    let record = Record::from_json(line)?;
    if record.thrown_in {
        return ThrownIn::of(&record).map(|t| BatchLine::ThrownIn(Box::new(t)));
    }
    let game = record.game()?;
    let analysis = solver::analyze_in(&game, players, false, std::slice::from_mut(solver))?;
    // The value of the declared contract is the analysis' value before the first card.
    // A contract out of the node budget is listed with its bounds and counted; the record
    // stands with the others.
    let contracts = solver::declarer_contracts(&record, solver, analysis.start)?;
    let unsettled = analysis.unsettled + contracts.unsettled.len();
    Ok(BatchLine::Game(Box::new(BatchRecord {
        id: record.id.clone(),
        players: record.players.clone(),
        game: game.contract().game_name().to_string(),
        analysis,
        contracts,
        unsettled,
    })))
}

/// The output line of a record (JSON, or a CSV row of [`CSV_HEADER`]) and what the summary
/// counts of it.
pub fn render(
    result: Result<BatchLine, solver::Error>,
    csv: bool,
    pack: Pack,
) -> (LineResult, Option<RecordCounts>) {
    let stats = result.as_ref().ok().map(|line| match line {
        BatchLine::Game(r) => RecordCounts::of(r),
        BatchLine::ThrownIn(t) => RecordCounts::thrown_in(t.players.clone(), t.result.payouts),
    });
    // A bad record in a CSV file becomes a row of its own, written by the line writer.
    let line = match result {
        Ok(BatchLine::Game(r)) if csv => LineResult::Ok(csv_row(&csv_fields(&r, pack))),
        Ok(BatchLine::ThrownIn(t)) if csv => LineResult::Ok(csv_row(&thrown_in_fields(&t))),
        result => LineResult::of(pack, result),
    };
    (line, stats)
}

/// The CSV columns of a hand thrown in: its id, players, game and payouts; no severities
/// (0), no costs (0), nothing double dummy.
fn thrown_in_fields(t: &ThrownIn) -> Vec<String> {
    let mut f = vec![String::new(); CSV_HEADER.len()];
    f[column("id")] = text_cell(t.id.clone().unwrap_or_default());
    f[column("players")] = text_cell(t.players.as_ref().map(|p| p.join("|")).unwrap_or_default());
    f[column("game")] = t.game.to_string();
    f[column("measure")] = "settlement".to_string();
    for name in ["inaccuracies", "mistakes", "blunders", "lost", "loss"] {
        for seat in 0..4 {
            f[column(&format!("{name}_0")) + seat] = "0".to_string();
        }
    }
    for (seat, pay) in t.result.payouts.iter().enumerate() {
        f[column("payout_0") + seat] = pay.to_string();
    }
    f[column("unsettled")] = "0".to_string();
    f
}

/// The CSV columns of a record, cards and suits written in `pack`.
fn csv_fields(r: &BatchRecord, pack: Pack) -> Vec<String> {
    let declared = r.contracts.declared.as_ref();
    let best = r.contracts.seats.first().and_then(|s| s.best.as_ref());
    let won_played = match &r.analysis.result {
        Some(score) => score
            .outcome
            .declared()
            .map(|o| o.won.to_string())
            .unwrap_or_default(),
        None => String::new(),
    };
    let mut f = vec![
        text_cell(r.id.clone().unwrap_or_default()),
        text_cell(r.players.as_ref().map(|p| p.join("|")).unwrap_or_default()),
        text_cell(r.game.clone()),
        r.analysis.measure.to_string(),
        declared
            .and_then(|d| d.contract.suit())
            .map(|s| s.text(pack).to_string())
            .unwrap_or_default(),
        declared
            .and_then(|d| d.contract.declarer())
            .map(|d| d.to_string())
            .unwrap_or_default(),
        won_played,
        r.analysis.start.map(|v| v.to_string()).unwrap_or_default(),
        declared.map(|d| d.won.to_string()).unwrap_or_default(),
        declared
            .map(|d| d.settlement.to_string())
            .unwrap_or_default(),
        best.map(|b| {
            b.chosen()
                .map_or("pass".to_string(), |c| pack.text(&c.contract.title()))
        })
        .unwrap_or_default(),
        declared
            .map(|d| d.best_settlement.to_string())
            .unwrap_or_default(),
    ];
    for kind in SEVERITIES {
        f.extend(
            r.analysis
                .players
                .iter()
                .map(|p| kind(&p.advice).to_string()),
        );
    }
    f.extend(r.analysis.players.iter().map(|p| p.cost.to_string()));
    // Empty in Schellen-Schafkopf, paid by the tricks of all four.
    f.extend(
        r.analysis
            .players
            .iter()
            .map(|p| p.loss.map(|l| l.to_string()).unwrap_or_default()),
    );
    match &r.analysis.result {
        Some(score) => f.extend(score.payouts.iter().map(|p| p.to_string())),
        None => f.extend(std::iter::repeat_n(String::new(), 4)),
    }
    let sd = |g: &dyn Fn(&solver::analysis::SingleDummySummary) -> String| {
        r.analysis
            .players
            .iter()
            .map(|p| p.single_dummy.as_ref().map(g).unwrap_or_default())
            .collect::<Vec<_>>()
    };
    for kind in SEVERITIES {
        f.extend(sd(&|s| kind(&s.advice).to_string()));
    }
    // Empty where only what the cards pay was asked.
    f.extend(sd(&|s| s.cost.map(|c| c.to_string()).unwrap_or_default()));
    f.extend(sd(&|s| s.loss.to_string()));
    f.push(r.unsettled.to_string());
    f.extend([String::new(), String::new(), String::new()]);
    f
}

/// A text cell that a spreadsheet keeps as text: one that starts as a formula would (`=`,
/// `+`, `-`, `@`, a tab or a carriage return) or with the quote itself gets a leading `'`,
/// which spreadsheets take as "text" and do not show, and [`cell_text`] takes off again
/// when the row is read back. Numbers are written as they are, never through this.
fn text_cell(text: String) -> String {
    match text.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r' | '\'') => format!("'{text}"),
        _ => text,
    }
}

/// The text of a cell [`text_cell`] wrote.
fn cell_text(cell: &str) -> &str {
    cell.strip_prefix('\'').unwrap_or(cell)
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
    f[n - 2] = text_cell(code.to_string());
    f[n - 1] = text_cell(message.to_string());
    csv_row(&f)
}

/// The counts of [`Severities`] in the order of the CSV columns.
const SEVERITIES: [fn(&Severities) -> u32; 3] =
    [|s| s.inaccuracies, |s| s.mistakes, |s| s.blunders];

/// Cards by severity, summed over games.
#[derive(Copy, Clone, Default)]
struct Tally([u64; 3]);

impl Tally {
    fn of(s: &Severities) -> Tally {
        Tally(SEVERITIES.map(|kind| kind(s) as u64))
    }

    fn add(&mut self, other: Tally) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a += b;
        }
    }
}

/// What the summary counts of one record.
pub struct RecordCounts {
    players: Vec<String>,
    /// What the costs count: `points`, `tricks` or `settlement` (money, Ramsch).
    measure: String,
    /// Each seat's cards by severity.
    advice: [Tally; 4],
    lost: [i64; 4],
    /// What each seat's cards lost it in money (0 in Schellen-Schafkopf).
    loss: [i64; 4],
    /// Each seat's money as played (none for an unfinished hand).
    payouts: Option<[i64; 4]>,
    game: String,
    won_as_played: Option<bool>,
    won_double_dummy: Option<bool>,
    /// Single-dummy counts per seat (the players' view only).
    single_dummy: Option<[SingleDummyCounts; 4]>,
    /// Questions that ran out of their node budget.
    unsettled: u64,
}

impl RecordCounts {
    /// The counts of a hand thrown in (`players`, `payouts`): a game for each player, its
    /// payouts, nothing lost.
    fn thrown_in(players: Option<Vec<String>>, payouts: [i64; 4]) -> RecordCounts {
        RecordCounts {
            players: names(players),
            measure: "settlement".to_string(),
            advice: [Tally::default(); 4],
            lost: [0; 4],
            loss: [0; 4],
            payouts: Some(payouts),
            game: crate::thrown_in::GAME.to_string(),
            won_as_played: None,
            won_double_dummy: None,
            single_dummy: None,
            unsettled: 0,
        }
    }

    /// The counts of a record's result.
    fn of(r: &BatchRecord) -> RecordCounts {
        let a = &r.analysis;
        let mut advice = [Tally::default(); 4];
        let mut lost = [0; 4];
        let mut loss = [0; 4];
        for (i, p) in a.players.iter().enumerate().take(4) {
            advice[i] = Tally::of(&p.advice);
            lost[i] = p.cost;
            loss[i] = p.loss.unwrap_or(0);
        }
        RecordCounts {
            players: names(r.players.clone()),
            measure: a.measure.to_string(),
            advice,
            lost,
            loss,
            payouts: a.result.as_ref().map(|s| s.payouts),
            game: r.game.clone(),
            won_as_played: a
                .result
                .as_ref()
                .and_then(|s| s.outcome.declared())
                .map(|o| o.won),
            won_double_dummy: r.contracts.declared.as_ref().map(|d| d.won),
            single_dummy: single_dummy_of(a.players.iter().map(|p| {
                p.single_dummy.as_ref().map(|s| SingleDummyCounts {
                    advice: Tally::of(&s.advice),
                    cost: s.cost.unwrap_or(0.0),
                    loss: s.loss,
                })
            })),
            unsettled: r.unsettled as u64,
        }
    }
}

/// One seat's single-dummy counts in one record.
#[derive(Copy, Clone, Default)]
struct SingleDummyCounts {
    advice: Tally,
    /// The cost in the measure (0 where only what the cards pay was asked).
    cost: f64,
    /// The money lost in expectation.
    loss: f64,
}

/// The four seats' single-dummy counts, where all four have them.
fn single_dummy_of(
    seats: impl Iterator<Item = Option<SingleDummyCounts>>,
) -> Option<[SingleDummyCounts; 4]> {
    let all: Option<Vec<SingleDummyCounts>> = seats.collect();
    let all = all.filter(|a| a.len() == 4)?;
    Some(std::array::from_fn(|i| all[i]))
}

/// The counts of a JSON output line of an earlier run (none for an error line).
fn stats_of_json(v: &Value) -> Option<RecordCounts> {
    if v.get("thrown_in").and_then(Value::as_bool) == Some(true) {
        let pays = v.get("result")?.get("payouts")?.as_array()?;
        let payouts: Option<Vec<i64>> = pays.iter().map(Value::as_i64).collect();
        let players = v
            .get("players")
            .and_then(|p| serde_json::from_value(p.clone()).ok());
        return Some(RecordCounts::thrown_in(players, payouts?.try_into().ok()?));
    }
    let analysis = v.get("analysis")?;
    let per: Vec<&Value> = analysis.get("players")?.as_array()?.iter().collect();
    let mut advice = [Tally::default(); 4];
    let mut lost = [0; 4];
    let mut loss = [0; 4];
    for (i, p) in per.iter().enumerate().take(4) {
        advice[i] = tally_of_json(p)?;
        lost[i] = p.get("cost")?.as_i64()?;
        // Absent in Schellen-Schafkopf.
        loss[i] = p.get("loss").and_then(Value::as_i64).unwrap_or(0);
    }
    let payouts = analysis
        .get("result")
        .and_then(|r| r.get("payouts"))
        .and_then(Value::as_array)
        .and_then(|a| {
            let v: Option<Vec<i64>> = a.iter().map(Value::as_i64).collect();
            v?.try_into().ok()
        });
    Some(RecordCounts {
        players: names(v.get("players").and_then(|p| p.as_array()).map(|a| {
            a.iter()
                .map(|n| n.as_str().unwrap_or_default().to_string())
                .collect()
        })),
        measure: analysis.get("measure")?.as_str()?.to_string(),
        advice,
        lost,
        loss,
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
        single_dummy: single_dummy_of(per.iter().map(|p| {
            let sd = p.get("single_dummy")?;
            Some(SingleDummyCounts {
                advice: tally_of_json(sd)?,
                cost: sd.get("cost").and_then(Value::as_f64).unwrap_or(0.0),
                loss: sd.get("loss")?.as_f64()?,
            })
        })),
        unsettled: v.get("unsettled").and_then(Value::as_u64).unwrap_or(0),
    })
}

/// A summary's cards by severity, as the JSON output writes them.
fn tally_of_json(v: &Value) -> Option<Tally> {
    let count = |name: &str| v.get(name).and_then(Value::as_u64);
    Some(Tally([
        count("inaccuracies")?,
        count("mistakes")?,
        count("blunders")?,
    ]))
}

/// The counts of a CSV row of an earlier run, by the header's column names (none for an
/// error row).
fn stats_of_csv(row: &csv::StringRecord) -> Option<RecordCounts> {
    if row.get(0).is_none() || !row.get(column("error_code")).unwrap_or_default().is_empty() {
        return None;
    }
    let unsigned = |i: usize| row.get(i).and_then(|s| s.parse::<u64>().ok());
    let signed = |i: usize| row.get(i).and_then(|s| s.parse::<i64>().ok());
    let flag = |i: usize| row.get(i).and_then(|s| s.parse::<bool>().ok());
    let players = row
        .get(column("players"))
        .filter(|s| !s.is_empty())
        .map(|s| cell_text(s).split('|').map(str::to_string).collect());
    let four = |at: usize| -> Option<[i64; 4]> {
        Some([
            signed(at)?,
            signed(at + 1)?,
            signed(at + 2)?,
            signed(at + 3)?,
        ])
    };
    // A seat's severities from the columns `<prefix>inaccuracies_<seat>` and so on.
    let tally = |prefix: &str, seat: usize| -> Option<Tally> {
        let at = |kind: &str| unsigned(column(&format!("{prefix}{kind}_0")) + seat);
        Some(Tally([
            at("inaccuracies")?,
            at("mistakes")?,
            at("blunders")?,
        ]))
    };
    let advice = [tally("", 0)?, tally("", 1)?, tally("", 2)?, tally("", 3)?];
    Some(RecordCounts {
        players: names(players),
        measure: row.get(column("measure"))?.to_string(),
        advice,
        lost: four(column("lost_0"))?,
        // Empty in Schellen-Schafkopf.
        loss: std::array::from_fn(|i| signed(column("loss_0") + i).unwrap_or(0)),
        payouts: four(column("payout_0")),
        game: cell_text(row.get(column("game"))?).to_string(),
        won_as_played: flag(column("won_as_played")),
        won_double_dummy: flag(column("won_double_dummy")),
        single_dummy: single_dummy_of((0..4).map(|i| {
            // Empty where only what the cards pay was asked.
            let cost = match row.get(column("sd_lost_0") + i)? {
                "" => 0.0,
                text => text.parse::<f64>().ok()?,
            };
            let loss = row.get(column("sd_loss_0") + i)?.parse::<f64>().ok()?;
            Some(SingleDummyCounts {
                advice: tally("sd_", i)?,
                cost,
                loss,
            })
        })),
        unsettled: unsigned(column("unsettled")).unwrap_or(0),
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
    advice: Tally,
    /// What the cards lost in money, every contract alike.
    loss: i64,
    lost_points: i64,
    lost_tricks: i64,
    lost_money: i64,
    /// Won (negative: lost) as played, over the finished hands.
    money: i64,
    /// Over the games judged single dummy: those games, the mistakes, and the costs by
    /// measure as above.
    single_dummy: Option<SingleDummyTotals>,
}

#[derive(Default)]
struct SingleDummyTotals {
    games: u64,
    advice: Tally,
    loss: f64,
    lost_points: f64,
    lost_tricks: f64,
    lost_money: f64,
}

#[derive(Default)]
struct ContractTotals {
    played: u64,
    won_as_played: u64,
    won_double_dummy: u64,
}

/// What makes two summaries parts of one job: the same view of the cards and input
/// format, and the place of the part's first record in the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunKey {
    /// `double_dummy`, or `players:<samples>:<seed>`.
    pub view: String,
    /// The input format (`records`, `netschafkopf`, `openschafkopf`).
    pub from: String,
    /// The first record's place in the log (`--first-line`).
    pub first_line: u64,
}

impl RunKey {
    pub fn of(players: Option<Sampling>, from: LogFormat, first_line: usize) -> RunKey {
        RunKey {
            view: players.map_or("double_dummy".to_string(), |s| s.key()),
            from: from.name().to_string(),
            first_line: first_line as u64,
        }
    }
}

/// Totals over a run, per player and per contract.
#[derive(Default)]
pub struct BatchSummary {
    /// The run's view, format and first line (none only while merging begins).
    run: Option<RunKey>,
    records: u64,
    failed: u64,
    /// Records with questions that ran out of their node budget, and those questions.
    unsettled_records: u64,
    unsettled: u64,
    players: BTreeMap<String, PlayerTotals>,
    contracts: BTreeMap<String, ContractTotals>,
}

impl BatchSummary {
    /// Records counted, and of them the failed ones (those of a resumed run's earlier part
    /// included).
    pub fn counts(&self) -> (usize, usize) {
        (self.records as usize, self.failed as usize)
    }

    /// Counts one output line of an earlier run (JSON or CSV).
    fn add_line(&mut self, line: &str, csv: bool) {
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
        self.add(stats);
    }

    /// Counts one record: its stats, or none for a record that failed.
    fn add(&mut self, stats: Option<RecordCounts>) {
        self.records += 1;
        let Some(s) = stats else {
            self.failed += 1;
            return;
        };
        self.unsettled_records += (s.unsettled > 0) as u64;
        self.unsettled += s.unsettled;
        for (i, name) in s.players.iter().enumerate() {
            let t = self.players.entry(name.clone()).or_default();
            t.games += 1;
            t.advice.add(s.advice[i]);
            match s.measure.as_str() {
                "tricks" => t.lost_tricks += s.lost[i],
                "settlement" => t.lost_money += s.lost[i],
                _ => t.lost_points += s.lost[i],
            }
            t.loss += s.loss[i];
            t.money += s.payouts.map_or(0, |p| p[i]);
            if let Some(counts) = s.single_dummy {
                let c = counts[i];
                let sd = t.single_dummy.get_or_insert_with(Default::default);
                sd.games += 1;
                sd.advice.add(c.advice);
                sd.loss += c.loss;
                match s.measure.as_str() {
                    "tricks" => sd.lost_tricks += c.cost,
                    "settlement" => sd.lost_money += c.cost,
                    _ => sd.lost_points += c.cost,
                }
            }
        }
        let c = self.contracts.entry(s.game).or_default();
        c.played += 1;
        c.won_as_played += s.won_as_played.unwrap_or(false) as u64;
        c.won_double_dummy += s.won_double_dummy.unwrap_or(false) as u64;
    }

    /// The summary file's form: the totals per player (by name) and per contract (by
    /// game), single-dummy sums rounded to the cent as each game's are.
    fn file(&self) -> SummaryFile {
        let r = |x: f64| (x * 100.0).round() / 100.0;
        let players = self
            .players
            .iter()
            .map(|(name, t)| PlayerLine {
                player: name.clone(),
                games: t.games,
                money: t.money,
                inaccuracies: t.advice.0[0],
                mistakes: t.advice.0[1],
                blunders: t.advice.0[2],
                loss: t.loss,
                lost_points: t.lost_points,
                lost_tricks: t.lost_tricks,
                lost_money: t.lost_money,
                single_dummy: t.single_dummy.as_ref().map(|sd| SingleDummyLine {
                    games: sd.games,
                    inaccuracies: sd.advice.0[0],
                    mistakes: sd.advice.0[1],
                    blunders: sd.advice.0[2],
                    loss: r(sd.loss),
                    lost_points: r(sd.lost_points),
                    lost_tricks: r(sd.lost_tricks),
                    lost_money: r(sd.lost_money),
                }),
            })
            .collect();
        let contracts = self
            .contracts
            .iter()
            .map(|(game, t)| {
                // A Ramsch and a hand thrown in have no declarer: nothing was declared, won
                // or lost by a side.
                if game == "ramsch" || game == crate::thrown_in::GAME {
                    ContractLine::Undeclared {
                        game: game.clone(),
                        played: t.played,
                    }
                } else {
                    ContractLine::Declared {
                        game: game.clone(),
                        declared: t.played,
                        won_as_played: t.won_as_played,
                        won_double_dummy: t.won_double_dummy,
                    }
                }
            })
            .collect();
        SummaryFile {
            run: self
                .run
                .clone()
                .unwrap_or_else(|| RunKey::of(None, LogFormat::Records, 1)),
            records: self.records,
            failed: self.failed,
            unsettled_records: self.unsettled_records,
            unsettled: self.unsettled,
            players,
            contracts,
        }
    }

    pub fn to_json(&self) -> Value {
        // Plain numbers and strings: nothing here can fail to serialise.
        serde_json::to_value(self.file()).expect("a summary serialises")
    }

    /// A summary file read back (`schafkopf summary merge`).
    pub fn from_json(text: &str) -> Result<BatchSummary, serde_json::Error> {
        let file: SummaryFile = serde_json::from_str(text)?;
        let mut summary = BatchSummary {
            run: Some(file.run),
            records: file.records,
            failed: file.failed,
            unsettled_records: file.unsettled_records,
            unsettled: file.unsettled,
            ..BatchSummary::default()
        };
        for p in file.players {
            let totals = PlayerTotals {
                games: p.games,
                advice: Tally([p.inaccuracies, p.mistakes, p.blunders]),
                loss: p.loss,
                lost_points: p.lost_points,
                lost_tricks: p.lost_tricks,
                lost_money: p.lost_money,
                money: p.money,
                single_dummy: p.single_dummy.map(|sd| SingleDummyTotals {
                    games: sd.games,
                    advice: Tally([sd.inaccuracies, sd.mistakes, sd.blunders]),
                    loss: sd.loss,
                    lost_points: sd.lost_points,
                    lost_tricks: sd.lost_tricks,
                    lost_money: sd.lost_money,
                }),
            };
            summary.players.insert(p.player, totals);
        }
        for c in file.contracts {
            let (game, totals) = match c {
                ContractLine::Declared {
                    game,
                    declared,
                    won_as_played,
                    won_double_dummy,
                } => (
                    game,
                    ContractTotals {
                        played: declared,
                        won_as_played,
                        won_double_dummy,
                    },
                ),
                ContractLine::Undeclared { game, played } => (
                    game,
                    ContractTotals {
                        played,
                        ..ContractTotals::default()
                    },
                ),
            };
            summary.contracts.insert(game, totals);
        }
        Ok(summary)
    }

    /// Adds another part's totals: the summary of the records of both parts.
    /// Adds the summary of the next part of the same job: refused (named) where the parts
    /// were run with another view or format, or where they do not follow on one another
    /// (a line counted twice, or lines no part counted).
    pub fn merge(&mut self, other: BatchSummary) -> Result<(), String> {
        if let (Some(ours), Some(theirs)) = (&self.run, &other.run) {
            if (&ours.view, &ours.from) != (&theirs.view, &theirs.from) {
                return Err(format!(
                    "it is of another run ({} over {} lines, not {} over {} lines)",
                    theirs.view, theirs.from, ours.view, ours.from
                ));
            }
            let next = ours.first_line + self.records;
            let (first, last) = (theirs.first_line, theirs.first_line + other.records);
            if first < next {
                return Err(format!(
                    "its lines {first} to {} overlap lines counted already (to {})",
                    last.saturating_sub(1),
                    next - 1
                ));
            }
            if first > next {
                return Err(format!(
                    "it starts at line {first}, but the parts before end at line {}: lines \
                     {next} to {} are in no part",
                    next - 1,
                    first - 1
                ));
            }
        }
        if self.run.is_none() {
            self.run = other.run.clone();
        }
        self.records += other.records;
        self.failed += other.failed;
        self.unsettled_records += other.unsettled_records;
        self.unsettled += other.unsettled;
        for (name, o) in other.players {
            let t = self.players.entry(name).or_default();
            t.games += o.games;
            t.advice.add(o.advice);
            t.loss += o.loss;
            t.lost_points += o.lost_points;
            t.lost_tricks += o.lost_tricks;
            t.lost_money += o.lost_money;
            t.money += o.money;
            if let Some(o) = o.single_dummy {
                let sd = t.single_dummy.get_or_insert_with(Default::default);
                sd.games += o.games;
                sd.advice.add(o.advice);
                sd.loss += o.loss;
                sd.lost_points += o.lost_points;
                sd.lost_tricks += o.lost_tricks;
                sd.lost_money += o.lost_money;
            }
        }
        for (game, o) in other.contracts {
            let c = self.contracts.entry(game).or_default();
            c.played += o.played;
            c.won_as_played += o.won_as_played;
            c.won_double_dummy += o.won_double_dummy;
        }
        Ok(())
    }
}

/// The summary file (`OUT.summary.json`): what `batch` writes and `summary merge` reads.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SummaryFile {
    run: RunKey,
    records: u64,
    failed: u64,
    /// Records with a question that ran out of its node budget (`--node-budget`), and
    /// those questions: their values are bounds, their costs are counted nowhere.
    #[serde(default)]
    unsettled_records: u64,
    #[serde(default)]
    unsettled: u64,
    players: Vec<PlayerLine>,
    contracts: Vec<ContractLine>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerLine {
    player: String,
    games: u64,
    money: i64,
    /// Cards by severity (`solver::advice::Advice`).
    inaccuracies: u64,
    mistakes: u64,
    blunders: u64,
    /// What the cards lost in money over every game (best play's payment less the
    /// card's), the one figure comparable across contracts.
    loss: i64,
    lost_points: i64,
    lost_tricks: i64,
    lost_money: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    single_dummy: Option<SingleDummyLine>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SingleDummyLine {
    games: u64,
    inaccuracies: u64,
    mistakes: u64,
    blunders: u64,
    loss: f64,
    lost_points: f64,
    lost_tricks: f64,
    lost_money: f64,
}

/// A contract's line: declared games (won as played and double dummy), or a Ramsch's.
#[derive(Serialize, Deserialize)]
#[serde(untagged, deny_unknown_fields)]
enum ContractLine {
    Declared {
        game: String,
        declared: u64,
        won_as_played: u64,
        won_double_dummy: u64,
    },
    Undeclared {
        game: String,
        played: u64,
    },
}

/// `schafkopf summary merge PART... [-o TOTAL]`: the summary of all the parts' records, as
/// one `batch` run over them would have written it.
pub fn merge_summaries(parts: &[PathBuf], output: Option<&Path>) -> io::Result<ExitCode> {
    if let Some(path) = output.filter(|o| !output::is_stdout(o)) {
        let inputs: Vec<&Path> = parts.iter().map(PathBuf::as_path).collect();
        output::refuse_input_as_output(path, &inputs)?;
    }
    // Read them all, then add them in the order of their lines.
    let mut read = Vec::with_capacity(parts.len());
    for part in parts {
        let text = std::fs::read_to_string(part).map_err(|e| with_path(e, part))?;
        let summary = BatchSummary::from_json(&text).map_err(|e| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{}: is not a batch summary ({e})", part.display()),
            )
        })?;
        read.push((part, summary));
    }
    read.sort_by_key(|(_, s)| s.run.as_ref().map_or(0, |r| r.first_line));
    let mut total = BatchSummary::default();
    for (part, summary) in read {
        total.merge(summary).map_err(|fault| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{}: cannot be merged: {fault}", part.display()),
            )
        })?;
    }
    let text = serde_json::to_string_pretty(&total.to_json()).map_err(io::Error::other)? + "\n";
    match output.filter(|o| !output::is_stdout(o)) {
        Some(path) => std::fs::write(path, text).map_err(|e| with_path(e, path))?,
        None => io::stdout().lock().write_all(text.as_bytes())?,
    }
    Ok(ExitCode::SUCCESS)
}

/// A `schafkopf batch` run, as the arguments resolve it.
pub struct Run {
    pub logs: Vec<PathBuf>,
    pub from: LogFormat,
    pub output: PathBuf,
    pub csv: bool,
    pub summary: Option<PathBuf>,
    pub resume: bool,
    /// The first input line's number (a piece of a longer log starts further on).
    pub first_line: usize,
    pub workers: Workers,
    /// How to sample the players' view (none: double dummy only).
    pub players: Option<Sampling>,
    /// How inputs are read and answers write cards.
    pub config: Config,
}

/// `schafkopf batch` as typed: its arguments resolved, then run.
pub fn run(args: BatchArgs, config: &Config) -> io::Result<ExitCode> {
    run_batch(Run {
        config: *config,
        first_line: args.first_line,
        players: sampling_of(&args.players, config.pack)?,
        logs: args.logs,
        from: args.from,
        output: args.output,
        csv: args.format == BatchFormat::Csv,
        summary: args.summary,
        resume: args.resume,
        workers: Workers::of(&args.search)?,
    })
}

/// `schafkopf batch`: every log in turn through one pool of workers, one output, a summary.
pub fn run_batch(run: Run) -> io::Result<ExitCode> {
    let Run {
        logs,
        from,
        output,
        csv,
        summary: summary_path,
        resume,
        first_line,
        workers,
        players,
        config,
    } = run;
    let to_stdout = output::is_stdout(&output);
    let usage = |message: &str| io::Error::new(io::ErrorKind::InvalidInput, message.to_string());
    if to_stdout && resume {
        return Err(usage(
            "--resume needs an output file (-o OUT), not standard output",
        ));
    }
    if to_stdout && summary_path.is_none() {
        return Err(usage("-o - writes the results to standard output: give the summary a file of its own (--summary FILE)"));
    }
    let inputs_paths: Vec<&Path> = logs.iter().map(PathBuf::as_path).collect();
    output::refuse_input_as_output(&output, &inputs_paths)?;
    if let Some(s) = &summary_path {
        output::refuse_input_as_output(s, &inputs_paths)?;
    }
    let terminal = io::stderr().is_terminal();
    // Every input opens before the output is touched: a log that cannot be read leaves no
    // output behind.
    let mut inputs = Vec::new();
    for log in &logs {
        inputs.push(
            sources::open(Some(log), from, terminal, config.reading())?
                .starting_at_line(first_line),
        );
    }
    let mut summary = BatchSummary {
        run: Some(RunKey::of(players, from, first_line)),
        ..BatchSummary::default()
    };
    // The records done are the whole lines already in OUT (in input order, one each).
    let mut done = 0usize;
    let mut header = csv;
    let mut out: Box<dyn Write> = if to_stdout {
        Box::new(output::WholeLines::new(io::stdout().lock()))
    } else {
        let kept = if resume { resumable(&output)? } else { None };
        let file = match &kept {
            Some(text) => {
                let lines: Vec<&str> = text.lines().collect();
                header = csv && lines.is_empty();
                for line in lines.iter().skip(csv as usize) {
                    summary.add_line(line, csv);
                    done += 1;
                }
                std::fs::OpenOptions::new().append(true).open(&output)
            }
            None => File::create(&output),
        };
        Box::new(output::WholeLines::new(
            file.map_err(|e| with_path(e, &output))?,
        ))
    };
    if header {
        writeln!(out, "{}", csv_row(&CSV_HEADER.map(String::from)))?;
        out.flush()?;
    }
    let total = inputs.iter().map(|i| i.total).sum::<Option<u64>>();
    let bar = crate::run::progress_bar(total.filter(|_| terminal))?;
    bar.inc(done as u64);
    // The logs one after another, each fault naming its log.
    let mut records = logs.iter().zip(inputs).flat_map(|(log, input)| {
        let log = log.clone();
        input.map(move |item| item.map_err(|e| with_path(e, &log)))
    });
    // Records an earlier run did, by their place in the logs.
    for _ in 0..done {
        match records.next() {
            Some(item) => {
                item?;
            }
            None => break,
        }
    }
    let options = RunSettings {
        chunk: crate::run::SEARCH_CHUNK,
        workers: workers.threads,
        errors: if csv {
            ErrorStyle::Csv(csv_error_row)
        } else {
            ErrorStyle::Json
        },
        done: &|| bar.inc(1),
    };
    process(
        records,
        &mut out,
        || workers.solver(),
        |line, solver| {
            crate::run::running(&bar, line);
            render(run_record(line, solver, players), csv, config.pack)
        },
        &options,
        |_, stats| summary.add(stats),
    )?;
    out.flush()?;
    bar.finish_and_clear();
    // The exit status speaks for the whole output, the part an earlier run wrote too.
    let (records, failed) = summary.counts();
    let summary_path = summary_path.unwrap_or_else(|| {
        let mut p = output.clone().into_os_string();
        p.push(".summary.json");
        PathBuf::from(p)
    });
    let text = serde_json::to_string_pretty(&summary.to_json()).map_err(io::Error::other)?;
    std::fs::write(&summary_path, text + "\n").map_err(|e| with_path(e, &summary_path))?;
    if summary.unsettled_records > 0 {
        eprintln!(
            "schafkopf: {} with {} out of the node budget: their values are bounds \
             (`unsettled` in the summary)",
            crate::table::count(summary.unsettled_records, "record", "records"),
            crate::table::count(summary.unsettled, "question", "questions"),
        );
    }
    crate::run::exit_status(failed, records)
}

/// What a run to resume left in `output`: its whole lines (a torn last line, cut by a kill
/// inside a write, is removed from the file), or none where there is no such file.
fn resumable(output: &Path) -> io::Result<Option<String>> {
    let bytes = match std::fs::read(output) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(with_path(e, output)),
    };
    let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    if whole < bytes.len() {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(output)
            .map_err(|e| with_path(e, output))?;
        file.set_len(whole as u64)
            .map_err(|e| with_path(e, output))?;
    }
    let text = String::from_utf8(bytes[..whole].to_vec()).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}: is not a batch output (not UTF-8)", output.display()),
        )
    })?;
    Ok(Some(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The summary counts a record the same from its typed result as from its output line
    /// read back (what a resumed run does), JSON and CSV.
    #[test]
    fn a_record_counts_the_same_typed_and_read_back() {
        let log = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/games.jsonl"),
        )
        .expect("the example log");
        let mut solver = Solver::with_budget(8 << 20);
        let (mut typed, mut json, mut csv) = (
            BatchSummary::default(),
            BatchSummary::default(),
            BatchSummary::default(),
        );
        // A hand thrown in among them: counted as a game, not a failure.
        let mut thrown: Value = serde_json::from_str(log.lines().next().unwrap()).unwrap();
        let fields = thrown.as_object_mut().unwrap();
        fields.retain(|k, _| !["contract", "play", "doublings"].contains(&k.as_str()));
        fields.insert("thrown_in".to_string(), Value::Bool(true));
        fields.insert("id".to_string(), Value::from("thrown"));
        let lines: Vec<String> = log
            .lines()
            .map(str::to_string)
            .chain([thrown.to_string()])
            .collect();
        for line in &lines {
            let record = run_record(line, &mut solver, None).expect("an example record");
            let text = serde_json::to_string(&record).expect("a record serializes");
            let (row, counts) = render(Ok(record), true, Pack::German);
            let LineResult::Ok(row) = row else {
                panic!("no CSV row for {line}");
            };
            typed.add(counts);
            json.add_line(&text, false);
            csv.add_line(&row, true);
        }
        assert_eq!(typed.counts(), (lines.len(), 0));
        let thrown_in = &typed.to_json()["contracts"];
        assert!(
            thrown_in
                .as_array()
                .unwrap()
                .iter()
                .any(|c| c["game"] == "thrown_in"),
            "{thrown_in}"
        );
        assert_eq!(typed.to_json(), json.to_json());
        assert_eq!(typed.to_json(), csv.to_json());
    }
}
