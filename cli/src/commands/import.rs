//! `schafkopf import` and `schafkopf export`: other programs' logs into hand records, and
//! records into openschafkopf's plain format.

use crate::args::Io;
use crate::config::{Config, Workers};
use crate::lines::{process, ErrorStyle, LineResult, RunSettings};
use crate::output;
use crate::run::{exit_status, run_lines, CHEAP_CHUNK};
use crate::sources::{self, with_path};
use solver::formats::LogFormat;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// `schafkopf import`: each file converted in turn, into one output.
pub fn run_import(
    files: &[PathBuf],
    config: &Config,
    from: LogFormat,
    output: &Option<PathBuf>,
) -> io::Result<ExitCode> {
    if let Some(out) = output {
        output::refuse_input_as_output(
            out,
            &files.iter().map(PathBuf::as_path).collect::<Vec<_>>(),
        )?;
    }
    let mut inputs = Vec::new();
    for file in files {
        inputs.push(sources::open(Some(file), from, false, config.reading())?);
    }
    let mut out = output::open(output.as_ref())?;
    let options = RunSettings {
        chunk: CHEAP_CHUNK,
        workers: Workers::without_search().threads,
        errors: ErrorStyle::Json,
        done: &|| {},
    };
    let (mut failed, mut records) = (0, 0);
    for (file, input) in files.iter().zip(inputs) {
        let s = process(
            input,
            &mut out,
            || (),
            |l, _| (in_pack(l, config.pack), None::<()>),
            &options,
            |_, _| {},
        )
        .map_err(|e| with_path(e, file))?;
        failed += s.failed;
        records += s.records;
    }
    out.flush()?;
    exit_status(failed, records)
}

/// An imported record checked as every command checks one ([`solver::Record::check`]),
/// and written in `pack` (as given where that is German, as logs write it).
fn in_pack(line: &str, pack: solver::Pack) -> LineResult {
    let checked = solver::Record::from_json(line).and_then(|r| r.check().map(|()| r));
    let written = checked.and_then(|r| match pack {
        solver::Pack::German => Ok(line.to_string()),
        _ => r.in_pack(pack).map(|r| r.to_json()),
    });
    match written {
        Ok(text) => LineResult::Ok(text),
        Err(e) => LineResult::err(pack, &e),
    }
}

/// `schafkopf export --to openschafkopf`: each record as a plain line (faults on stderr).
pub fn run_export(io: &Io, config: &Config) -> io::Result<ExitCode> {
    let cheap = Workers::without_search();
    let pack = config.pack;
    run_lines(
        io,
        config,
        CHEAP_CHUNK,
        cheap,
        ErrorStyle::Stderr,
        || (),
        |l, _| export_line(l, pack),
    )
}

/// A record as a plain line (the format's own German letters); faults name cards in
/// `pack`.
fn export_line(line: &str, pack: solver::Pack) -> LineResult {
    match solver::Record::from_json(line) {
        Ok(record) => match solver::formats::plain::write(&record) {
            Ok(text) => LineResult::Ok(text),
            Err(e) => LineResult::Err {
                code: e.code(),
                message: pack.text(&e),
            },
        },
        Err(e) => LineResult::err(pack, &e),
    }
}
