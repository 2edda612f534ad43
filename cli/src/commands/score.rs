//! `schafkopf score`: the result and settlement of completely played hands, as played.

use crate::args::Io;
use crate::config::{Config, Workers};
use crate::lines::{ErrorStyle, LineResult};
use crate::run::{run_lines, CHEAP_CHUNK};
use std::io;
use std::process::ExitCode;

pub fn run(io: &Io, config: &Config) -> io::Result<ExitCode> {
    let cheap = Workers::without_search();
    let pack = config.pack;
    run_lines(
        io,
        config,
        CHEAP_CHUNK,
        cheap,
        ErrorStyle::Json,
        || (),
        |l, _| score_line(l, pack),
    )
}

fn score_line(line: &str, pack: solver::Pack) -> LineResult {
    LineResult::of(
        pack,
        solver::Record::from_json(line).and_then(|r| r.score()),
    )
}
