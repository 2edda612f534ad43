//! `schafkopf analyze`: every card of played hands judged, double dummy or by what its
//! player could know; as JSON lines, a table, or the replay page of one game.

use crate::args::{AnalyzeFormat, Players, ReportArgs};
use crate::config::{sampling_of, Config, Workers};
use crate::lines::{Answer, ErrorStyle, LineResult};
use crate::run::{run_lines, run_report, run_sampled, SEARCH_CHUNK};
use crate::table;
use crate::thrown_in::ThrownIn;
use solver::single_dummy::Sampling;
use solver::Solver;
use std::io;
use std::process::ExitCode;

pub fn run(
    report: &ReportArgs,
    config: &Config,
    format: AnalyzeFormat,
    players: &Players,
) -> io::Result<ExitCode> {
    let lines = players.lines;
    let table = format == AnalyzeFormat::Table;
    let each = (table, SEARCH_CHUNK);
    match (format, sampling_of(players, config.pack)?) {
        // The page draws each card's expectation: its exact values are asked.
        (AnalyzeFormat::Html, sampling) => run_html(
            report,
            config,
            sampling.map(|s| Sampling { points: true, ..s }),
        ),
        (_, None) if lines => run_report(report, config, each, analyze_lines_line),
        (_, None) => run_report(report, config, each, analyze_line),
        (_, Some(sampling)) => run_sampled(report, config, table, move |line, solvers, answer| {
            analyze_with(line, solvers, Some(sampling), lines, answer)
        }),
    }
}

fn analyze_line(line: &str, solver: &mut Solver, answer: Answer) -> LineResult {
    analyze_with(line, std::slice::from_mut(solver), None, false, answer)
}

fn analyze_lines_line(line: &str, solver: &mut Solver, answer: Answer) -> LineResult {
    analyze_with(line, std::slice::from_mut(solver), None, true, answer)
}

/// `analyze` of one record in its view, with each costly card's lines where asked for.
fn analyze_with(
    line: &str,
    solvers: &mut [Solver],
    sampling: Option<solver::single_dummy::Sampling>,
    lines: bool,
    answer: Answer,
) -> LineResult {
    // A record the four-seat reader names another table's is read as one.
    let record = match solver::Record::from_json(line) {
        Err(solver::Error::FourSeatsOnly) => {
            let analysis = analyze_table(line, solvers, sampling, answer.table);
            return LineResult::of(answer.pack, analysis);
        }
        record => record,
    };
    if let Some(record) = record.as_ref().ok().filter(|r| r.thrown_in) {
        return match ThrownIn::of(record) {
            Ok(t) if answer.table => LineResult::Ok(t.table_line()),
            result => LineResult::of(answer.pack, result),
        };
    }
    let result = record
        .and_then(|r| r.game())
        .and_then(|g| solver::analyze_in(&g, sampling, lines, solvers).map(|a| (g, a)));
    match result {
        Ok((game, analysis)) if answer.table => {
            LineResult::Ok(table::analysis(&game, &analysis, answer.pack))
        }
        result => LineResult::of(answer.pack, result.map(|(_, analysis)| analysis)),
    }
}

/// `analyze` of a record of von Alvensleben's tables or of three players, as JSON: double
/// dummy, each card's question within the budget (or the tables' analysis default); at
/// three with `sampling` (`--view players`) each card also by what its player could know,
/// each world's questions within the budget (or the tables' default). `table` says whether
/// the table format was asked.
fn analyze_table(
    line: &str,
    solvers: &mut [Solver],
    sampling: Option<Sampling>,
    table: bool,
) -> Result<solver::wide::TableAnalysis, solver::Error> {
    if table {
        return Err(solver::Error::Conflict(
            "--format table: at four seats with one pack; at the other tables `analyze` \
             answers JSON"
                .to_string(),
        ));
    }
    let limit = solvers.first().and_then(Solver::question_limit);
    let per_card =
        solver::wide::Limits::per_question(limit.unwrap_or(solver::defaults::TABLE_ANALYSIS_NODES));
    let record = solver::wide::TableRecord::from_json(line)?;
    match sampling {
        None => record.analyze(per_card),
        Some(sampling) => {
            if !sampling.assume.list().is_empty() {
                return Err(solver::Error::Conflict(
                    "--assume: at four seats with one pack".to_string(),
                ));
            }
            let question = limit.unwrap_or(solver::defaults::TABLE_NODES);
            record.analyze_players(per_card, &sampling, question, solvers)
        }
    }
}

/// `analyze --format html`: the replay page of one game, self-contained (its lines and, with
/// `--view players`, the single-dummy curve included). A second record is refused: a page
/// holds one game.
fn run_html(
    report: &ReportArgs,
    config: &Config,
    sampling: Option<solver::single_dummy::Sampling>,
) -> io::Result<ExitCode> {
    let workers = Workers::of(&report.search)?;
    let one = Workers {
        threads: 1,
        ..workers
    };
    let state = || (workers.solvers(), 0usize);
    let pack = config.pack;
    run_lines(
        &report.io,
        config,
        1,
        one,
        ErrorStyle::Stderr,
        state,
        move |line, (solvers, done)| {
            *done += 1;
            if *done > 1 {
                return LineResult::Err {
                    code: "one_page",
                    message: format!(
                        "--format html writes the page of one game: record {done} is one too many \
                     (give one record, or split the log)"
                    ),
                };
            }
            html_page(line, solvers, sampling, pack)
        },
    )
}

/// The page of one game; its faults name cards in `pack` (the page itself reads its data
/// in the German pack and draws the signs its reader picks).
fn html_page(
    line: &str,
    solvers: &mut [Solver],
    sampling: Option<solver::single_dummy::Sampling>,
    pack: solver::Pack,
) -> LineResult {
    let result = solver::Record::from_json(line).and_then(|r| {
        let game = r.game()?;
        let analysis = solver::analyze_in(&game, sampling, true, solvers)?;
        // `analyze_in` refused an empty set of solvers already.
        // `analyze_in` refused an empty set of solvers already; a contract out of the node
        // budget is listed with its bounds in the report.
        let contracts = match solvers.first_mut() {
            Some(s) => solver::contracts(&r, s)?,
            None => return Err(solver::Error::Internal("no solver".to_string())),
        };
        Ok((r, analysis, contracts))
    });
    let german = solver::Pack::German;
    match result.and_then(|(r, a, c)| Ok((r.in_pack(german)?, a, c))) {
        Ok((record, analysis, contracts)) => {
            match (german.json(&analysis), german.json(&contracts)) {
                (Ok(text), Ok(report)) => {
                    let title = record.id.clone().unwrap_or_else(|| "a game".to_string());
                    LineResult::Ok(api::pages::standalone(
                        &title,
                        &record.to_json(),
                        &text,
                        &report,
                    ))
                }
                (Err(e), _) | (_, Err(e)) => LineResult::Err {
                    code: "internal",
                    message: format!("could not serialize the analysis: {e}"),
                },
            }
        }
        Err(e) => LineResult::err(pack, &e),
    }
}
