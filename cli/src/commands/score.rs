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
    LineResult::of(pack, score(line))
}

/// One line for people: the record's id, then the result in words.
fn score_text(line: &str, pack: solver::Pack) -> LineResult {
    match score(line) {
        Ok(s) => {
            let (id, words) = match &s {
                Scored::Four(s) => (&s.id, s.in_words()),
                Scored::Table(s) => (&s.id, s.in_words()),
            };
            LineResult::Ok(format!("{}: {words}", id.as_deref().unwrap_or("(no id)")))
        }
        Err(e) => LineResult::err(pack, &e),
    }
}

/// A score of four seats, or of another table's record.
#[derive(serde::Serialize)]
#[serde(untagged)]
enum Scored {
    Four(solver::Score),
    Table(solver::wide::Score),
}

/// The record's score; a record the four-seat reader names another table's is read as
/// one (so a four-seat line is parsed once).
fn score(line: &str) -> Result<Scored, solver::Error> {
    match solver::Record::from_json(line) {
        Err(solver::Error::FourSeatsOnly) => TableRecord::from_json(line)
            .and_then(|r| r.score())
            .map(Scored::Table),
        record => record.and_then(|r| r.score()).map(Scored::Four),
    }
}
