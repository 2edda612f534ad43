//! What the commands that run over records share: the window of records in flight, the
//! worker pool's run with its progress bar, and the exit status.

use crate::args::{Io, ReportArgs};
use crate::config::{Config, Workers};
use crate::lines::{process, Answer, ErrorStyle, LineResult, RunSettings};
use crate::{output, sources, table};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use solver::Solver;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Records in flight at most (read, not yet written). Output is written in input order, so
/// while one record is searched the other workers go on only within this window: it must
/// hold the cheap records done beside one dear one (a Ramsch can cost as much as a few
/// hundred point games), or a worker idles. Records are small; the window bounds memory.
pub const CHEAP_CHUNK: usize = 256;
pub const SEARCH_CHUNK: usize = 1024;

/// Runs `f` over every record of the input on `workers.threads` workers, each with a state
/// of its own (`state`: a solver); exit status 2 when any line failed. A progress bar
/// (records, rate, time left when the total is known) goes to stderr if it is a terminal.
pub fn run_lines<S>(
    io: &Io,
    config: &Config,
    chunk: usize,
    workers: Workers,
    errors: ErrorStyle,
    state: impl Fn() -> S + Sync,
    f: impl Fn(&str, &mut S) -> LineResult + Sync,
) -> io::Result<ExitCode> {
    if let Some(out) = &io.output {
        output::refuse_input_as_output(
            out,
            &io.input.iter().map(PathBuf::as_path).collect::<Vec<_>>(),
        )?;
    }
    let input = sources::open(
        io.input.as_deref(),
        io.from,
        io::stderr().is_terminal(),
        config.reading(),
    )?;
    let mut out = output::open(io.output.as_ref())?;
    let bar = progress_bar(input.total)?;
    let options = RunSettings {
        chunk,
        workers: workers.threads,
        errors,
        done: &|| bar.inc(1),
    };
    let totals = process(
        input,
        &mut out,
        state,
        |line, own| {
            running(&bar, line);
            (f(line, own), None::<()>)
        },
        &options,
        |_, _| {},
    )?;
    out.flush()?;
    bar.finish_and_clear();
    exit_status(totals.failed, totals.records)
}

/// Exit status 2 when any record failed, with a line on stderr; an input without a
/// record is said to be so (status 0: nothing failed).
pub fn exit_status(failed: usize, records: usize) -> io::Result<ExitCode> {
    if records == 0 {
        eprintln!("schafkopf: no records in the input");
    }
    if failed > 0 {
        let records = table::count(records as u64, "record", "records");
        eprintln!("schafkopf: {failed} of {records} failed (see their lines)");
        Ok(ExitCode::from(2))
    } else {
        Ok(ExitCode::SUCCESS)
    }
}

/// Shows on the progress bar the record a worker starts on (its id, where it has one).
pub fn running(bar: &ProgressBar, line: &str) {
    #[derive(serde::Deserialize)]
    struct Id {
        id: Option<String>,
    }
    if bar.is_hidden() {
        return;
    }
    if let Ok(Id { id: Some(id) }) = serde_json::from_str::<Id>(line) {
        // A record's id is at most 200 characters; the bar keeps a line.
        let short: String = id.chars().take(40).collect();
        bar.set_message(format!("(on {short})"));
    }
}

/// A bar over `total` records, or a counter when the total is unknown; hidden when stderr
/// is not a terminal.
pub fn progress_bar(total: Option<u64>) -> io::Result<ProgressBar> {
    if !io::stderr().is_terminal() {
        return Ok(ProgressBar::hidden());
    }
    // The rate as people read it: `2.5/s`, `180/s`, `1.2/min` (indicatif's own has four
    // decimals).
    let rate = |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
        let per_sec = state.per_sec();
        let _ = match per_sec {
            r if r >= 10.0 => write!(w, "{r:.0}/s"),
            r if r >= 1.0 => write!(w, "{r:.1}/s"),
            r => write!(w, "{:.1}/min", r * 60.0),
        };
    };
    // The time left at what the records done cost on average, all of them alike: a run of
    // dear records (a Ramsch) moves it as much as they cost, no more (indicatif's own
    // estimate follows the last few records only).
    let left = |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
        let (done, total) = (state.pos(), state.len().unwrap_or(0));
        let _ = match done {
            0 => write!(w, "?"),
            _ => {
                let each = state.elapsed().as_secs_f64() / done as f64;
                let secs = (each * total.saturating_sub(done) as f64).round() as u64;
                write!(
                    w,
                    "{}",
                    indicatif::HumanDuration(std::time::Duration::from_secs(secs))
                )
            }
        };
    };
    let style = |template: &str| {
        ProgressStyle::with_template(template)
            .map(|s| s.with_key("rate", rate).with_key("left", left))
            .map_err(io::Error::other)
    };
    let bar = match total {
        Some(n) => ProgressBar::new(n).with_style(style(
            "{bar:40} {pos}/{len} records, {rate}, {elapsed} so far, {left} left {msg}",
        )?),
        None => ProgressBar::new_spinner().with_style(style(
            "{spinner} {pos} records, {rate}, {elapsed} so far {msg}",
        )?),
    };
    bar.set_draw_target(ProgressDrawTarget::stderr());
    // Redrawn every second even while one dear record runs: the time goes on visibly.
    bar.enable_steady_tick(std::time::Duration::from_secs(1));
    Ok(bar)
}

/// Commands that sample (`odds`, `analyze --view players`): one record at a time, its
/// worlds spread over every worker's solver, so a single record is as fast as the machine
/// allows and the answer is the same for any `-j`.
pub fn run_sampled(
    report: &ReportArgs,
    config: &Config,
    table: bool,
    f: impl Fn(&str, &mut [Solver], Answer) -> LineResult + Sync,
) -> io::Result<ExitCode> {
    let workers = Workers::of(&report.search)?;
    let errors = errors_for(table);
    let answer = Answer {
        table,
        pack: config.pack,
    };
    let one = Workers {
        threads: 1,
        ..workers
    };
    run_lines(
        &report.io,
        config,
        1,
        one,
        errors,
        || workers.solvers(),
        move |line, s| f(line, s, answer),
    )
}

/// `contracts` and `analyze`: JSON lines, or with `--format table` text for people (and
/// errors as text lines).
pub fn run_report(
    report: &ReportArgs,
    config: &Config,
    (table, chunk): (bool, usize),
    f: fn(&str, &mut Solver, Answer) -> LineResult,
) -> io::Result<ExitCode> {
    let workers = Workers::of(&report.search)?;
    let errors = errors_for(table);
    let solver = || workers.solver();
    let answer = Answer {
        table,
        pack: config.pack,
    };
    run_lines(
        &report.io,
        config,
        chunk,
        workers,
        errors,
        solver,
        move |line, s| f(line, s, answer),
    )
}

/// How a bad record is written where the output is a table for people (a text line) or
/// JSON lines (a JSON error line).
fn errors_for(table: bool) -> ErrorStyle {
    if table {
        ErrorStyle::Text
    } else {
        ErrorStyle::Json
    }
}
