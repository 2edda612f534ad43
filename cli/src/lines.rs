//! Line-by-line processing of hand logs: one JSON line out per record in, in input order,
//! errors in place (INTERFACE.md section 3).
//!
//! Lines are read in chunks and each chunk is processed in parallel (rayon), so memory stays
//! bounded by the chunk size however long the log is, and the output order is the input
//! order.

use rayon::prelude::*;
use serde::Serialize;
use std::io::{self, BufRead, Write};

/// What one input line produced.
pub enum LineResult {
    Ok(String),
    Err { code: &'static str, message: String },
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

/// Totals of a run.
#[derive(Default, Debug)]
pub struct Summary {
    pub records: usize,
    pub failed: usize,
}

/// Reads records from `input`, applies `f` to each non-blank line in parallel, writes one
/// line per record to `out` in input order. Blank lines are skipped (they are not records)
/// but still counted for line numbers. `chunk` records are read and solved at a time (small
/// for expensive records, so output and progress flow); `done` is called as each finishes.
/// With `text_errors` a bad line is reported as text (for table output), else as JSON.
pub fn process<R, W, F>(
    input: R,
    out: &mut W,
    f: F,
    chunk: usize,
    text_errors: bool,
    done: &(impl Fn() + Sync),
) -> io::Result<Summary>
where
    R: BufRead,
    W: Write,
    F: Fn(&str) -> LineResult + Sync,
{
    let mut summary = Summary::default();
    let mut lines = input.lines().enumerate();
    loop {
        let mut batch: Vec<(usize, String)> = Vec::with_capacity(chunk);
        for (i, line) in lines.by_ref() {
            let line = line?;
            if line.trim().is_empty() {
                continue;
            }
            batch.push((i + 1, line));
            if batch.len() == chunk.max(1) {
                break;
            }
        }
        if batch.is_empty() {
            break;
        }
        let results: Vec<LineResult> = batch
            .par_iter()
            .map(|(_, line)| {
                let r = f(line);
                done();
                r
            })
            .collect();
        for ((number, _), result) in batch.iter().zip(results) {
            summary.records += 1;
            match result {
                LineResult::Ok(text) => writeln!(out, "{}", text.trim_end())?,
                LineResult::Err { code, message } if text_errors => {
                    summary.failed += 1;
                    writeln!(out, "line {number}: error [{code}]: {message}\n")?;
                }
                LineResult::Err { code, message } => {
                    summary.failed += 1;
                    let line = ErrorLine {
                        line: *number,
                        error: ErrorBody {
                            code,
                            message: &message,
                        },
                    };
                    let text = serde_json::to_string(&line).map_err(io::Error::other)?;
                    writeln!(out, "{text}")?;
                }
            }
        }
        out.flush()?;
    }
    Ok(summary)
}
