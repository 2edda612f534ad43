//! `schafkopf contracts`: every contract each seat may announce, valued double dummy.

use crate::args::{OutputFormat, ReportArgs};
use crate::lines::LineResult;
use crate::run::run_report;
use crate::table;
use solver::Solver;
use std::io;
use std::process::ExitCode;

pub fn run(report: &ReportArgs, format: OutputFormat, all: bool) -> io::Result<ExitCode> {
    let each = if all {
        contracts_all_line
    } else {
        contracts_line
    };
    // One deal is a hundred searches: two records at a time keep output flowing.
    run_report(report, format == OutputFormat::Table, 2, each)
}

fn contracts_line(line: &str, solver: &mut Solver, table: bool) -> LineResult {
    contracts_with(line, solver, table, false)
}

fn contracts_all_line(line: &str, solver: &mut Solver, table: bool) -> LineResult {
    contracts_with(line, solver, table, true)
}

/// `contracts` of one record; the table lists each seat's best three, or with `all` every
/// contract (JSON always has them all).
fn contracts_with(line: &str, solver: &mut Solver, table: bool, all: bool) -> LineResult {
    let result = solver::Record::from_json(line).and_then(|r| solver::contracts(&r, solver));
    match result {
        Ok(report) if table => LineResult::Ok(table::contracts(&report, all)),
        result => LineResult::of(result),
    }
}
