//! `schafkopf ledger`: the evening's accounts over hand logs, game after game in the order
//! given (RULES.md section 13). No search: each game is scored as played.

use crate::args::LedgerFormat;
use crate::config::Config;
use crate::output;
use crate::sources::{self, with_path};
use crate::table::count;
use solver::ledger::{Ledger, LedgerEntry, TableEntry, TableLedger, TableTotals};
use solver::wide::TableRecord;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// A game counted, or the fault that kept it out (with the input line).
enum Row {
    Game(Box<LedgerEntry>),
    /// A game at one of von Alvensleben's tables F to I.
    TableGame(Box<TableEntry>),
    Fault {
        line: usize,
        code: &'static str,
        message: String,
    },
}

pub fn run_ledger(run: crate::args::Ledger, config: &Config) -> io::Result<ExitCode> {
    let pack = config.pack;
    if let Some(out) = &run.output {
        let inputs: Vec<_> = run.logs.iter().map(PathBuf::as_path).collect();
        output::refuse_input_as_output(out, &inputs)?;
    }
    let mut ledger = Ledger::with_stock(run.stock)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, format!("--stock: {e}")))?;
    let mut out = output::open(run.output.as_ref())?;
    let mut rows = Vec::new();
    let mut solver = run.double_dummy.then(solver::Solver::new);
    let mut solvers = match run.single_dummy {
        true => crate::config::Workers::of(&run.search)?.solvers(),
        false => Vec::new(),
    };
    // Each decision of the play-out by what its player could know, the auction read.
    let sampling = solver::single_dummy::Sampling::new(run.samples, run.seed)
        .inferring(solver::single_dummy::Inference::auction());
    let mut judges = solver::ledger::LedgerJudging {
        double_dummy: solver.as_mut(),
        single_dummy: run
            .single_dummy
            .then_some((sampling, solvers.as_mut_slice())),
    };
    let searching = run.double_dummy || run.single_dummy;
    // An evening at one of von Alvensleben's tables, where its first record is one.
    let mut tables: Option<TableLedger> = None;
    let (mut failed, mut records) = (0usize, 0usize);
    for log in &run.logs {
        let name = log.display().to_string();
        let source = sources::open(Some(log), run.from, false, config.reading())?;
        // Searches take time: a bar on a terminal (the total where it is known).
        let bar = crate::run::progress_bar(source.total.filter(|_| searching))?;
        if !searching {
            bar.finish_and_clear();
        }
        for item in source {
            let item = item.map_err(|e| with_path(e, log))?;
            records += 1;
            bar.inc(1);
            if records == 1 {
                if let Ok(text) = &item.text {
                    tables = TableRecord::is_one(text).then(TableLedger::new);
                }
            }
            let counted = match (item.text, tables.as_mut()) {
                (Ok(text), Some(tables)) => table_game(tables, &text, searching)
                    .map(|e| Row::TableGame(Box::new(e)))
                    .map_err(|e| (e.code(), pack.text(&e))),
                (Ok(text), None) => ledger
                    .add_line(&text, judges.again())
                    .map(|e| Row::Game(Box::new(e)))
                    .map_err(|e| (e.code(), pack.text(&e))),
                (Err(fault), _) => Err((fault.code, fault.message)),
            };
            let row = counted.unwrap_or_else(|(code, message)| {
                failed += 1;
                Row::fault(&name, item.line, code, message)
            });
            if run.format == LedgerFormat::Json {
                writeln!(out, "{}", json_row(&row, pack)?)?;
                out.flush()?;
            } else {
                rows.push(row);
            }
        }
        bar.finish_and_clear();
    }
    let write = (&mut *out as &mut dyn Write, run.format, pack);
    match &tables {
        Some(tables) => write_totals(write, &tables.totals(), |t| table_of_tables(&rows, t))?,
        None => write_totals(write, &ledger.totals(), |t| table(&rows, t))?,
    }
    crate::run::exit_status(failed, records)
}

/// The totals after the games: a JSON line, or with the table format the whole table of
/// the games and the totals (`table`).
fn write_totals<T: serde::Serialize>(
    (out, format, pack): (&mut dyn Write, LedgerFormat, solver::Pack),
    totals: &T,
    table: impl FnOnce(&T) -> String,
) -> io::Result<()> {
    match format {
        LedgerFormat::Json => writeln!(
            out,
            "{}",
            // Strings and numbers always serialize.
            pack.json(&TotalsLine { totals }).expect("totals serialize")
        )?,
        LedgerFormat::Table => out.write_all(table(totals).as_bytes())?,
    }
    out.flush()
}

impl Row {
    /// The fault that kept line `line` of the log `name` out, the log and line named once.
    fn fault(name: &str, line: usize, code: &'static str, message: String) -> Row {
        let message = if message.starts_with(name) {
            message
        } else {
            format!("{name}: line {line}: {message}")
        };
        Row::Fault {
            line,
            code,
            message,
        }
    }
}

/// A game's line, its fields in the order of [`LedgerEntry`], or its fault in place.
fn json_row(row: &Row, pack: solver::Pack) -> io::Result<String> {
    match row {
        Row::Game(entry) => pack.json(entry).map_err(io::Error::other),
        Row::TableGame(entry) => pack.json(entry).map_err(io::Error::other),
        Row::Fault {
            line,
            code,
            message,
        } => crate::lines::json_error(*line, code, message),
    }
}

/// The last line: `{"totals": ...}`, of four seats or of another table.
#[derive(serde::Serialize)]
struct TotalsLine<'a, T> {
    totals: &'a T,
}

/// A game of an evening at one of von Alvensleben's tables: nothing is judged there, so
/// the judges' options refuse it by name.
fn table_game(
    tables: &mut TableLedger,
    text: &str,
    searching: bool,
) -> Result<TableEntry, solver::Error> {
    if searching {
        return Err(solver::Error::Conflict(
            "--double-dummy and --single-dummy judge games of four seats; the games at von \
             Alvensleben's tables and at three are counted as played"
                .to_string(),
        ));
    }
    tables.add_line(text)
}

/// The score table of an evening at one of von Alvensleben's tables, or at three: a column
/// per player with his game points in the match (at three his money so far) where he sat
/// in the game; the matches won; then every account.
fn table_of_tables(rows: &[Row], totals: &TableTotals) -> String {
    let names: Vec<&str> = totals.players.iter().map(|a| a.player.as_str()).collect();
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0).max(6);
    let mut s = String::new();
    let _ = write!(s, "{:>5}  {:<24}", "game", "id");
    for n in &names {
        let _ = write!(s, " {n:>width$}");
    }
    s.push('\n');
    for row in rows {
        match row {
            Row::TableGame(e) => {
                let _ = write!(s, "{:>5}  {:<24}", e.game, e.id.as_deref().unwrap_or("-"));
                for n in &names {
                    let cell = e
                        .players
                        .iter()
                        .position(|p| p == n)
                        .map(|seat| match e.balances.is_empty() {
                            true => e.match_points[seat].to_string(),
                            false => e.balances[seat].to_string(),
                        })
                        .unwrap_or_default();
                    let _ = write!(s, " {cell:>width$}");
                }
                s.push('\n');
                if !e.match_won.is_empty() {
                    let _ = writeln!(
                        s,
                        "       {} {} the match to nine",
                        and_list(&e.match_won),
                        if e.match_won.len() == 1 {
                            "wins"
                        } else {
                            "win"
                        }
                    );
                }
            }
            Row::Game(_) => {}
            Row::Fault { message, .. } => {
                let _ = writeln!(s, "    -  {message}");
            }
        }
    }
    let money = totals.table == Some("three");
    let _ = writeln!(
        s,
        "\n{:<width$} {:>6} {:>9} {:>6} {:>12}",
        "player",
        "games",
        "declared",
        "won",
        if money { "money" } else { "game points" }
    );
    for a in &totals.players {
        let amount = a.money.or(a.game_points).unwrap_or(0);
        let _ = writeln!(
            s,
            "{:<width$} {:>6} {:>9} {:>6} {:>12}",
            a.player, a.games, a.declared, a.declared_won, amount
        );
    }
    for m in &totals.matches {
        let games = count(m.games as u64, "game", "games");
        let _ = writeln!(s, "match: {} in {games}", and_list(&m.winners));
    }
    let games = count(totals.games as u64, "game", "games");
    let table = totals
        .table
        .map(|t| match t {
            "three" => " at three".to_string(),
            letter => format!(" at table {letter}"),
        })
        .unwrap_or_default();
    let _ = writeln!(s, "{games}{table}");
    s
}

/// A game's row: its number and id, each player's running total where he sat, the stock,
/// and under it the winners of a German match to nine it ended.
fn game_row(s: &mut String, e: &LedgerEntry, names: &[&str], width: usize) {
    let _ = write!(s, "{:>5}  {:<24}", e.game, e.id.as_deref().unwrap_or("-"));
    for n in names {
        let cell = e
            .players
            .iter()
            .position(|p| p == n)
            .map(|seat| format!("{:+}", e.totals[seat]))
            .unwrap_or_default();
        let _ = write!(s, " {cell:>width$}");
    }
    let _ = writeln!(s, " {:>8}", e.stock);
    if let Some(m) = e.german_match.as_ref().filter(|m| !m.won.is_empty()) {
        // The winners' points, and the best of the others'.
        let (mut best, mut rest) = (0, 0);
        for (seat, p) in m.points.iter().enumerate() {
            if m.won.contains(&e.players[seat]) {
                best = best.max(*p);
            } else {
                rest = rest.max(*p);
            }
        }
        let _ = writeln!(
            s,
            "       {} {} the match to nine ({best} to {rest})",
            and_list(&m.won),
            if m.won.len() == 1 { "wins" } else { "win" }
        );
    }
}

/// Every player's account: games, declared and won, received, paid and total, and where
/// the games were judged what they paid as played against perfect or single-dummy play.
fn accounts(s: &mut String, totals: &solver::ledger::LedgerTotals, width: usize) {
    let judged = totals.players.iter().any(|a| a.double_dummy.is_some());
    let _ = write!(
        s,
        "\n{:<width$} {:>6} {:>9} {:>6} {:>10} {:>10} {:>10}",
        "player", "games", "declared", "won", "received", "paid", "total"
    );
    if judged {
        let _ = write!(s, " {:>7} {:>10} {:>10}", "judged", "as played", "perfect");
    }
    let played_out = totals.players.iter().any(|a| a.single_dummy.is_some());
    if played_out {
        let _ = write!(s, " {:>7} {:>10} {:>12}", "sd", "as played", "single dummy");
    }
    s.push('\n');
    for a in &totals.players {
        let _ = write!(
            s,
            "{:<width$} {:>6} {:>9} {:>6} {:>10} {:>10} {:>+10}",
            a.player, a.games, a.declared, a.declared_won, a.received, a.paid, a.total
        );
        if let Some(j) = &a.double_dummy {
            let _ = write!(s, " {:>7} {:>+10} {:>+10}", j.games, j.as_played, j.perfect);
        }
        if let Some(p) = &a.single_dummy {
            let _ = write!(
                s,
                " {:>7} {:>+10} {:>+12}",
                p.games, p.as_played, p.single_dummy
            );
        }
        s.push('\n');
    }
}

/// The score table: a column per player (in order of first appearance) with his running
/// total where he sat in the game, the stock; faults in place; then every account.
fn table(rows: &[Row], totals: &solver::ledger::LedgerTotals) -> String {
    let names: Vec<&str> = totals.players.iter().map(|a| a.player.as_str()).collect();
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0).max(8);
    let mut s = String::new();
    let _ = write!(s, "{:>5}  {:<24}", "game", "id");
    for n in &names {
        let _ = write!(s, " {n:>width$}");
    }
    let _ = writeln!(s, " {:>8}", "stock");
    for row in rows {
        match row {
            Row::Game(e) => game_row(&mut s, e, &names, width),
            Row::TableGame(_) => {}
            Row::Fault { message, .. } => {
                let _ = writeln!(s, "    -  {message}");
            }
        }
    }
    accounts(&mut s, totals, width);
    for m in &totals.matches {
        let games = count(m.games as u64, "game", "games");
        let _ = writeln!(s, "match: {} in {games}", and_list(&m.winners));
    }
    let games = count(totals.games as u64, "game", "games");
    let _ = writeln!(s, "{games}; stock {}", totals.stock);
    for round in &totals.unfinished {
        let _ = writeln!(s, "unfinished: {round}");
    }
    s
}

/// Names as a sentence lists them: `Hans`, `Hans and Sepp`, `Hans, Resi and Sepp`.
fn and_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
