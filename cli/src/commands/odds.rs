//! `schafkopf odds`: how a hand's contracts fare over the deals of the cards its seat
//! cannot see.

use crate::args::{OutputFormat, ReportArgs};
use crate::config::Config;
use crate::lines::{Answer, LineResult};
use crate::run::run_sampled;
use crate::table;
use solver::single_dummy::Sampling;
use solver::Solver;
use std::io;
use std::process::ExitCode;

pub fn run(
    report: &ReportArgs,
    config: &Config,
    format: OutputFormat,
    seat: Option<u8>,
    sampling: Sampling,
) -> io::Result<ExitCode> {
    let seat = seat.and_then(solver::Seat::new);
    let table = format == OutputFormat::Table;
    run_sampled(report, config, table, move |line, solvers, answer| {
        odds_line(line, solvers, seat, sampling, answer)
    })
}

fn odds_line(
    line: &str,
    solvers: &mut [Solver],
    seat: Option<solver::Seat>,
    sampling: solver::single_dummy::Sampling,
    answer: Answer,
) -> LineResult {
    let result = solver::Record::from_json(line)
        .and_then(|r| solver::odds::HandQuestion::of_record(&r, seat))
        .and_then(|q| solver::odds::odds(&q, sampling, solvers));
    match result {
        Ok(odds) if answer.table => LineResult::Ok(table::odds(&odds, answer.pack)),
        result => LineResult::of(answer.pack, result),
    }
}
