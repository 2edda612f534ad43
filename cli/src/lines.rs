//! Line-by-line processing of hand logs: one line out per record in, in input order, errors
//! in place (INTERFACE.md section 3).
//!
//! Records stream through a fixed set of worker threads (`-j`), each owning its state (a
//! solver, whose tables live as long as the worker: the whole run): at most a window of
//! records is in flight, so memory stays bounded however long the log is; results are
//! written in input order as soon as all before them are done. No record waits for a slow
//! neighbour: a worker that finishes takes the next record at once.

use crate::sources::Item;
use serde::Serialize;
use solver::Pack;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::{mpsc, Mutex};

/// How a command answers each record: a JSON line, or a table for people (`table`); either
/// way with its cards written in `pack`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub table: bool,
    pub pack: Pack,
}

/// What one input line produced.
pub enum LineResult {
    Ok(String),
    Err { code: &'static str, message: String },
}

impl LineResult {
    /// The value as its JSON line, cards written in `pack`.
    pub fn ok<T: Serialize>(pack: Pack, value: &T) -> LineResult {
        match pack.json(value) {
            Ok(s) => LineResult::Ok(s),
            Err(e) => LineResult::Err {
                code: "internal",
                message: format!("could not serialize the result: {e}"),
            },
        }
    }

    /// A result as its JSON line, or the error in its place, cards written in `pack`.
    pub fn of<T: Serialize>(pack: Pack, result: Result<T, solver::Error>) -> LineResult {
        match result {
            Ok(value) => LineResult::ok(pack, &value),
            Err(e) => LineResult::err(pack, &e),
        }
    }

    /// The error in the record's place, its message naming cards in `pack`.
    pub fn err(pack: Pack, e: &solver::Error) -> LineResult {
        LineResult::Err {
            code: e.code(),
            message: pack.text(e),
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

/// A bad record's line as every command writes it in JSON:
/// `{"line": N, "error": {"code", "message"}}`.
pub fn json_error(line: usize, code: &str, message: &str) -> io::Result<String> {
    let line = ErrorLine {
        line,
        error: ErrorBody { code, message },
    };
    serde_json::to_string(&line).map_err(io::Error::other)
}

/// How a bad record is written in its place.
#[derive(Copy, Clone)]
pub enum ErrorStyle {
    /// `{"line": N, "error": {"code", "message"}}`
    Json,
    /// `line N: error [code]: message`, for tables.
    Text,
    /// A CSV row with the line, code and message columns filled, as the output's own
    /// columns make it (from the line, the code and the message).
    Csv(fn(usize, &str, &str) -> String),
    /// Not in the output (which is another program's format) but on stderr, as `Text`.
    Stderr,
}

/// Totals of a run.
#[derive(Default, Debug)]
pub struct Totals {
    pub records: usize,
    pub failed: usize,
}

/// How [`process`] runs.
pub struct RunSettings<'a> {
    /// Records in flight at most (read, not yet written): the bound on memory and on how far
    /// output may lag behind the slowest record.
    pub chunk: usize,
    /// Worker threads, each with its own state.
    pub workers: usize,
    pub errors: ErrorStyle,
    /// Called as each record finishes (in any order).
    pub done: &'a (dyn Fn() + Sync),
}

/// Applies `f` to each record of `input` in parallel, each worker with a state of its own
/// made by `state` (a solver), and writes one line per item to `out` in input order,
/// handing it and what `f` kept of the record to `written`. An item that is a fault (a game
/// that could not be converted) is written as an error like a record `f` rejects.
pub fn process<I, W, S, T, F>(
    input: I,
    out: &mut W,
    state: impl Fn() -> S + Sync,
    f: F,
    options: &RunSettings,
    mut written: impl FnMut(&str, Option<T>),
) -> io::Result<Totals>
where
    I: Iterator<Item = io::Result<Item>>,
    W: Write,
    T: Send,
    F: Fn(&str, &mut S) -> (LineResult, Option<T>) + Sync,
{
    let window = options.chunk.max(1);
    let (jobs, queue) = mpsc::sync_channel::<(usize, Item)>(window);
    let queue = Mutex::new(queue);
    let (results, finished) = mpsc::channel::<(usize, usize, LineResult, Option<T>)>();
    std::thread::scope(|scope| {
        // Owned here, so that returning (also on an error) closes the queue and the
        // workers finish.
        let jobs = jobs;
        for _ in 0..options.workers.max(1) {
            let results = results.clone();
            let (queue, f, state) = (&queue, &f, &state);
            scope.spawn(move || {
                // Made at the first record: a worker that gets none costs nothing.
                let mut own = None;
                loop {
                    // The lock is held only to take a job; a poisoned lock still guards the queue.
                    let job = match queue.lock() {
                        Ok(q) => q.recv(),
                        Err(p) => p.into_inner().recv(),
                    };
                    let Ok((seq, item)) = job else {
                        return;
                    };
                    let (r, kept) = match &item.text {
                        Ok(text) => f(text, own.get_or_insert_with(state)),
                        Err(fault) => (
                            LineResult::Err {
                                code: fault.code,
                                message: fault.message.clone(),
                            },
                            None,
                        ),
                    };
                    (options.done)();
                    if results.send((seq, item.line, r, kept)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(results);
        // Feeds the workers and writes results in order.
        let mut totals = Totals::default();
        let mut waiting: BTreeMap<usize, (usize, LineResult, Option<T>)> = BTreeMap::new();
        let (mut issued, mut next) = (0usize, 0usize);
        let mut input = input;
        let mut exhausted = false;
        loop {
            while !exhausted && issued - next < window {
                match input.next() {
                    None => exhausted = true,
                    Some(item) => {
                        // The channel holds `window` jobs and fewer are in flight: no wait.
                        if jobs.send((issued, item?)).is_err() {
                            return Err(io::Error::other("the workers stopped"));
                        }
                        issued += 1;
                    }
                }
            }
            if exhausted && next == issued {
                return Ok(totals);
            }
            let Ok((seq, line, result, kept)) = finished.recv() else {
                return Err(io::Error::other("the workers stopped"));
            };
            waiting.insert(seq, (line, result, kept));
            while let Some((line, result, kept)) = waiting.remove(&next) {
                next += 1;
                if let Some(text) = write_result(out, line, result, options, &mut totals)? {
                    written(&text, kept);
                }
            }
            out.flush()?;
        }
    })
}

/// Writes one result line (or an error in its place) and counts it; the text written, if
/// any went to `out`.
fn write_result<W: Write>(
    out: &mut W,
    number: usize,
    result: LineResult,
    options: &RunSettings,
    totals: &mut Totals,
) -> io::Result<Option<String>> {
    let text = match result {
        LineResult::Ok(text) => text.trim_end().to_string(),
        LineResult::Err { code, message } => {
            totals.failed += 1;
            match options.errors {
                ErrorStyle::Text => format!("line {number}: error [{code}]: {message}\n"),
                ErrorStyle::Csv(row) => row(number, code, &message),
                ErrorStyle::Stderr => {
                    totals.records += 1;
                    eprintln!("line {number}: error [{code}]: {message}");
                    return Ok(None);
                }
                ErrorStyle::Json => json_error(number, code, &message)?,
            }
        }
    };
    totals.records += 1;
    writeln!(out, "{text}")?;
    Ok(Some(text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::time::{Duration, Instant};

    /// A dear record does not hold up the cheap ones behind it: with the searching
    /// commands' window, the other worker finishes a few hundred records (what one dear
    /// Ramsch costs in point games) while the first is still running.
    #[test]
    fn a_dear_record_leaves_the_other_worker_busy() {
        const BEHIND: usize = 300;
        let finished = AtomicUsize::new(0);
        let input = (0..=BEHIND).map(|i| {
            Ok(Item {
                line: i + 1,
                text: Ok(i.to_string()),
            })
        });
        let options = RunSettings {
            chunk: crate::run::SEARCH_CHUNK,
            workers: 2,
            errors: ErrorStyle::Json,
            done: &|| {},
        };
        let mut out = Vec::new();
        let waited_out = AtomicBool::new(false);
        process(
            input,
            &mut out,
            || (),
            |text, _| {
                if text == "0" {
                    // The dear record: done once the others are, or after a generous bound
                    // (a window too small to hold them keeps them from ever finishing).
                    let start = Instant::now();
                    while finished.load(Ordering::SeqCst) < BEHIND {
                        if start.elapsed() > Duration::from_secs(120) {
                            waited_out.store(true, Ordering::SeqCst);
                            break;
                        }
                        std::thread::sleep(Duration::from_millis(5));
                    }
                } else {
                    finished.fetch_add(1, Ordering::SeqCst);
                }
                (LineResult::Ok(text.to_string()), Some(()))
            },
            &options,
            |_, _| {},
        )
        .expect("an in-memory run");
        assert!(
            !waited_out.load(Ordering::SeqCst),
            "the cheap records waited for the dear one"
        );
        let text = String::from_utf8(out).expect("text");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), BEHIND + 1);
        assert_eq!(lines[0], "0");
        assert_eq!(lines[BEHIND], BEHIND.to_string());
    }
}
