//! `schafkopf score`: the result and settlement of completely played hands, as played.

use crate::args::Io;
use crate::config::Workers;
use crate::lines::{ErrorStyle, LineResult};
use crate::run::{run_lines, CHEAP_CHUNK};
use std::io;
use std::process::ExitCode;

pub fn run(io: &Io) -> io::Result<ExitCode> {
    let cheap = Workers::without_search();
    run_lines(
        io,
        CHEAP_CHUNK,
        cheap,
        ErrorStyle::Json,
        || (),
        |l, _| score_line(l),
    )
}

fn score_line(line: &str) -> LineResult {
    LineResult::of(solver::Record::from_json(line).and_then(|r| r.score()))
}
