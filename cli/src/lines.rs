//! Line-by-line processing of hand logs: one line out per record in, in input order, errors
//! in place (INTERFACE.md section 3).
//!
//! Lines are read in chunks and each chunk is processed in parallel (rayon), so memory stays
//! bounded by the chunk size however long the log is, and the output order is the input
//! order.

use crate::sources::Item;
use rayon::prelude::*;
use serde::Serialize;
use std::io::{self, Write};

/// What one input line produced.
pub enum LineResult {
    Ok(String),
    Err {
        code: &'static str,
        message: String,
    },
    /// Nothing to write (a record an earlier run already did).
    Skip,
}

impl LineResult {
    pub fn ok<T: Serialize>(value: &T) -> LineResult {
        match serde_json::to_string(value) {
            Ok(s) => LineResult::Ok(s),
            Err(e) => LineResult::Err {
                code: "internal",
                message: format!("could not serialize the result: {e}"),
            },
        }
    }

    /// A result as its JSON line, or the error in its place.
    pub fn of<T: Serialize>(result: Result<T, solver::Error>) -> LineResult {
        match result {
            Ok(value) => LineResult::ok(&value),
            Err(e) => LineResult::err(&e),
        }
    }

    pub fn err(e: &solver::Error) -> LineResult {
        LineResult::Err {
            code: e.code(),
            message: e.to_string(),
        }
    }
}

#[derive(Serialize)]
struct ErrorLine<'a> {
    line: usize,
    error: ErrorBody<'a>,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    code: &'a str,
    message: &'a str,
}

/// How a bad record is written in its place.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Errors {
    /// `{"line": N, "error": {"code", "message"}}`
    Json,
    /// `line N: error [code]: message`, for tables.
    Text,
    /// A CSV row with the line, code and message columns filled.
    Csv,
    /// Not in the output (which is another program's format) but on stderr, as `Text`.
    Stderr,
}

/// Totals of a run.
#[derive(Default, Debug)]
pub struct Summary {
    pub records: usize,
    pub failed: usize,
}

/// How [`process`] runs.
pub struct Options<'a> {
    /// Records read and processed at a time: small for expensive records, so that output
    /// and progress flow.
    pub chunk: usize,
    pub errors: Errors,
    /// Called as each record finishes (in any order).
    pub done: &'a (dyn Fn() + Sync),
}

/// Applies `f` to each record of `input` in parallel and writes one line per item to `out`
/// in input order, handing it to `written`. An item that is a fault (a game that could not
/// be converted) is written as an error like a record `f` rejects.
pub fn process<I, W, F>(
    input: I,
    out: &mut W,
    f: F,
    options: &Options,
    mut written: impl FnMut(&str),
) -> io::Result<Summary>
where
    I: Iterator<Item = io::Result<Item>>,
    W: Write,
    F: Fn(&str) -> LineResult + Sync,
{
    let mut summary = Summary::default();
    let mut input = input.peekable();
    while input.peek().is_some() {
        let batch = input
            .by_ref()
            .take(options.chunk.max(1))
            .collect::<io::Result<Vec<Item>>>()?;
        let results: Vec<LineResult> = batch
            .par_iter()
            .map(|item| {
                let r = match &item.text {
                    Ok(text) => f(text),
                    Err(fault) => LineResult::Err {
                        code: fault.code,
                        message: fault.message.clone(),
                    },
                };
                (options.done)();
                r
            })
            .collect();
        for (item, result) in batch.iter().zip(results) {
            let number = item.line;
            let text = match result {
                LineResult::Skip => continue,
                LineResult::Ok(text) => text.trim_end().to_string(),
                LineResult::Err { code, message } => {
                    summary.failed += 1;
                    match options.errors {
                        Errors::Text => format!("line {number}: error [{code}]: {message}\n"),
                        Errors::Csv => crate::batch::csv_error_row(number, code, &message),
                        Errors::Stderr => {
                            summary.records += 1;
                            eprintln!("line {number}: error [{code}]: {message}");
                            continue;
                        }
                        Errors::Json => {
                            let line = ErrorLine {
                                line: number,
                                error: ErrorBody {
                                    code,
                                    message: &message,
                                },
                            };
                            serde_json::to_string(&line).map_err(io::Error::other)?
                        }
                    }
                }
            };
            summary.records += 1;
            writeln!(out, "{text}")?;
            written(&text);
        }
        out.flush()?;
    }
    Ok(summary)
}
