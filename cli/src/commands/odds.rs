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
    // A record the four-seat reader names another table's: at three, its seat's solos.
    let result = match solver::Record::from_json(line) {
        Err(solver::Error::FourSeatsOnly) => odds_at_three(line, solvers, seat, &sampling),
        record => record
            .and_then(|r| solver::odds::HandQuestion::of_record(&r, seat))
            .and_then(|q| solver::odds::odds(&q, sampling, solvers)),
    };
    match result {
        Ok(odds) if answer.table => LineResult::Ok(table::odds(&odds, answer.pack)),
        result => LineResult::of(answer.pack, result),
    }
}

/// `odds` of a record at three: the named seat's six solos over the deals of the cards it
/// cannot see (nobody bids there: no auction is read; assumptions are the four-seat
/// game's).
fn odds_at_three(
    line: &str,
    solvers: &mut [Solver],
    seat: Option<solver::Seat>,
    sampling: &Sampling,
) -> Result<solver::odds::HandOdds, solver::Error> {
    if !sampling.assume.list().is_empty() {
        return Err(solver::Error::Conflict(
            "--assume: assumptions are read at four seats with one pack".to_string(),
        ));
    }
    let question = solvers
        .first()
        .and_then(Solver::question_limit)
        .unwrap_or(solver::defaults::TABLE_NODES);
    let drawn = (sampling.samples, sampling.seed);
    solver::wide::TableRecord::from_json(line).and_then(|r| r.odds(seat, drawn, question, solvers))
}
