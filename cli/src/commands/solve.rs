//! `schafkopf solve`: the double-dummy value of a position and of every legal card, or
//! where a question runs out of its node budget what it proved; with `--view players` the
//! decision judged by what the player to move could know.

use crate::args::{ReportArgs, SolveView, ViewArg};
use crate::config::{Config, Workers};
use crate::lines::{Answer, ErrorStyle, LineResult};
use crate::run::{run_lines, run_sampled, SEARCH_CHUNK};
use solver::single_dummy::Sampling;
use solver::wide::TableRecord;
use solver::Solver;
use std::io;
use std::process::ExitCode;

pub fn run(
    report: &ReportArgs,
    config: &Config,
    line: bool,
    view: &SolveView,
) -> io::Result<ExitCode> {
    if view.view == ViewArg::Players {
        let seat = view.seat.and_then(solver::Seat::new);
        let sampling = view
            .worlds
            .sampling(config.pack, solver::defaults::DECISION_WORLDS)?;
        let shown = view.show_worlds;
        return run_sampled(report, config, false, move |line, solvers, answer| {
            decide_line(line, solvers, (seat, shown), sampling, answer)
        });
    }
    if view.seat.is_some() || view.show_worlds.is_some() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "--seat and --show-worlds belong to --view players (whose decision it judges, \
             the worlds it averaged over); the double-dummy view has neither",
        ));
    }
    view.worlds.unused()?;
    let workers = Workers::of(&report.search)?;
    let pack = config.pack;
    run_lines(
        &report.io,
        config,
        SEARCH_CHUNK,
        workers,
        ErrorStyle::Json,
        || workers.solver(),
        move |l, s| solve_line(l, s, line, pack),
    )
}

/// What `solve` prints of a record: the solution, or where the question ran out of its
/// node budget, what it proved of the position's value.
#[derive(serde::Serialize)]
#[serde(untagged)]
enum Solved {
    Exact(solver::Solution),
    Bounds {
        id: Option<String>,
        to_move: solver::Seat,
        measure: solver::Measure,
        bounds: [i64; 2],
    },
}

fn solve_line(line: &str, solver: &mut Solver, with_line: bool, pack: solver::Pack) -> LineResult {
    // A record the four-seat reader names another table's is read as one (so a four-seat
    // line is parsed once).
    let record = match solver::Record::from_json(line) {
        Err(solver::Error::FourSeatsOnly) => {
            return LineResult::of(pack, solve_table(line, solver, with_line))
        }
        record => record,
    };
    LineResult::of(
        pack,
        record.and_then(|r| r.game()).and_then(|g| {
            let solved = match with_line {
                true => solver.solve_with_line(&g),
                false => solver.solve(&g),
            };
            match solved {
                Ok(solution) => Ok(Solved::Exact(solution)),
                Err(solver::Error::Unsettled(proved)) => Ok(Solved::Bounds {
                    id: g.setup().id().map(str::to_string),
                    to_move: g.to_move(),
                    measure: solver::Frame::of(&g)?.measure,
                    bounds: proved.value,
                }),
                Err(e) => Err(e),
            }
        }),
    )
}

/// `solve` of a record of von Alvensleben's tables or of three players: the values within
/// the question's budget (or the tables' default); no best line there yet.
fn solve_table(
    line: &str,
    solver: &Solver,
    with_line: bool,
) -> Result<solver::wide::TableSolution, solver::Error> {
    if with_line {
        return Err(solver::Error::Conflict(
            "--line: the best line is given at four seats with one pack; at the other tables \
             `solve` gives the values"
                .to_string(),
        ));
    }
    let budget = solver
        .question_limit()
        .unwrap_or(solver::defaults::TABLE_NODES);
    TableRecord::from_json(line).and_then(|r| r.solve(solver::wide::Limits::per_question(budget)))
}

/// `solve --view players` of one record: the decision of the player to move (`seat`,
/// where named), with up to `shown` of its worlds where asked.
fn decide_line(
    line: &str,
    solvers: &mut [Solver],
    (seat, shown): (Option<solver::Seat>, Option<usize>),
    sampling: Sampling,
    answer: Answer,
) -> LineResult {
    // A record the four-seat reader names another table's: at three, its own view.
    let record = match solver::Record::from_json(line) {
        Err(solver::Error::FourSeatsOnly) => {
            let result = decide_at_three(line, solvers, (seat, shown), &sampling);
            return LineResult::of(answer.pack, result);
        }
        record => record,
    };
    let result = record
        .and_then(|r| r.game())
        .and_then(|g| solver::single_dummy::decide(&g, seat, sampling, solvers))
        .map(|d| d.showing_worlds(shown));
    LineResult::of(answer.pack, result)
}

/// `solve --view players` of a record at three: the decision of the player to move over
/// the worlds of his view (all of them where there are no more than `--samples`).
/// Assumptions and the worlds shown are the four-seat game's.
fn decide_at_three(
    line: &str,
    solvers: &mut [Solver],
    (seat, shown): (Option<solver::Seat>, Option<usize>),
    sampling: &Sampling,
) -> Result<solver::wide::TableDecision, solver::Error> {
    if !sampling.assume.list().is_empty() || shown.is_some() {
        return Err(solver::Error::Conflict(
            "--assume and --show-worlds: at four seats with one pack".to_string(),
        ));
    }
    let question = solvers
        .first()
        .and_then(Solver::question_limit)
        .unwrap_or(solver::defaults::TABLE_NODES);
    TableRecord::from_json(line)
        .and_then(|r| r.decide(seat.map(|s| s.index() as u8), sampling, question, solvers))
}
