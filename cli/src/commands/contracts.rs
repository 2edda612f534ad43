//! `schafkopf contracts`: every contract each seat may announce, valued double dummy.

use crate::args::{OutputFormat, ReportArgs};
use crate::config::Config;
use crate::lines::{Answer, LineResult};
use crate::run::run_report;
use crate::table;
use solver::Solver;
use std::io;
use std::process::ExitCode;

pub fn run(
    report: &ReportArgs,
    config: &Config,
    format: OutputFormat,
    all: bool,
) -> io::Result<ExitCode> {
    let each = if all {
        contracts_all_line
    } else {
        contracts_line
    };
    // One deal is a hundred searches: two records at a time keep output flowing.
    run_report(report, config, (format == OutputFormat::Table, 2), each)
}

fn contracts_line(line: &str, solver: &mut Solver, answer: Answer) -> LineResult {
    contracts_with(line, solver, answer, false)
}

fn contracts_all_line(line: &str, solver: &mut Solver, answer: Answer) -> LineResult {
    contracts_with(line, solver, answer, true)
}

/// `contracts` of one record; the table lists each seat's best three, or with `all` every
/// contract (JSON always has them all).
fn contracts_with(line: &str, solver: &mut Solver, answer: Answer, all: bool) -> LineResult {
    // A record the four-seat reader names another table's: at three, its solos.
    let result = match solver::Record::from_json(line) {
        Err(solver::Error::FourSeatsOnly) => {
            let question = solver
                .question_limit()
                .unwrap_or(solver::defaults::TABLE_NODES);
            let limits = solver::wide::Limits::per_question(question);
            solver::wide::TableRecord::from_json(line).and_then(|r| r.contracts(limits))
        }
        record => record.and_then(|r| solver::contracts(&r, solver)),
    };
    match result {
        Ok(report) if answer.table => LineResult::Ok(table::contracts(&report, all, answer.pack)),
        result => LineResult::of(answer.pack, result),
    }
}
