//! `schafkopf score`: the result and settlement of completely played hands, as played.

use crate::args::{Io, OutputFormat};
use crate::config::{Config, Workers};
use crate::lines::{ErrorStyle, LineResult};
use crate::run::{run_lines, CHEAP_CHUNK};
use solver::wide::TableRecord;
use std::io;
use std::process::ExitCode;

pub fn run(io: &Io, config: &Config, format: OutputFormat) -> io::Result<ExitCode> {
    let cheap = Workers::without_search();
    let pack = config.pack;
    let (style, line): (_, fn(&str, solver::Pack) -> LineResult) = match format {
        OutputFormat::Json => (ErrorStyle::Json, score_line),
        OutputFormat::Table => (ErrorStyle::Text, score_text),
    };
    run_lines(
        io,
        config,
        CHEAP_CHUNK,
        cheap,
        style,
        || (),
        |l, _| line(l, pack),
    )
}

fn score_line(line: &str, pack: solver::Pack) -> LineResult {
    if TableRecord::is_one(line) {
        return LineResult::of(pack, TableRecord::from_json(line).and_then(|r| r.score()));
    }
    LineResult::of(pack, score(line))
}

/// One line for people: the record's id, then the result in words.
fn score_text(line: &str, pack: solver::Pack) -> LineResult {
    if TableRecord::is_one(line) {
        return match TableRecord::from_json(line).and_then(|r| r.score()) {
            Ok(s) => LineResult::Ok(format!(
                "{}: {}",
                s.id.as_deref().unwrap_or("(no id)"),
                s.in_words()
            )),
            Err(e) => LineResult::err(pack, &e),
        };
    }
    match score(line) {
        Ok(s) => LineResult::Ok(format!(
            "{}: {}",
            s.id.as_deref().unwrap_or("(no id)"),
            s.in_words()
        )),
        Err(e) => LineResult::err(pack, &e),
    }
}

fn score(line: &str) -> Result<solver::Score, solver::Error> {
    solver::Record::from_json(line).and_then(|r| r.score())
}
