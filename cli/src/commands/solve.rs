//! `schafkopf solve`: the double-dummy value of a position and of every legal card, or
//! where a question runs out of its node budget what it proved.

use crate::args::{Io, SearchArgs};
use crate::config::{Config, Workers};
use crate::lines::{ErrorStyle, LineResult};
use crate::run::{run_lines, SEARCH_CHUNK};
use solver::Solver;
use std::io;
use std::process::ExitCode;

pub fn run(io: &Io, config: &Config, search: &SearchArgs, line: bool) -> io::Result<ExitCode> {
    let workers = Workers::of(search)?;
    let pack = config.pack;
    run_lines(
        io,
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
    LineResult::of(
        pack,
        solver::Record::from_json(line)
            .and_then(|r| r.game())
            .and_then(|g| {
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
