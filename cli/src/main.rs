//! `schafkopf`: score, solve and analyse Schafkopf hands from the command line.

mod args;
mod batch;
mod config;
mod ledger;
mod lines;
mod output;
mod run;
mod sources;
mod table;

use args::{
    AnalyzeFormat, BatchFormat, Cli, Command, ExportFormat, OutputFormat, Serve, SummaryAction,
};
use clap::Parser;
use config::Workers;
use lines::{process, ErrorStyle, LineResult, RunSettings};
use run::{exit_status, run_lines, CHEAP_CHUNK, SEARCH_CHUNK};
use solver::formats::LogFormat;
use solver::Solver;
use sources::with_path;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Exit statuses (README, "Exit status"): 0 every record done; 1 an I/O fault (a file
/// that cannot be read or written, an address in use); 2 some records failed (their lines
/// say why); 64 a usage error.
const EXIT_USAGE: u8 = 64;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let usage = e.use_stderr();
            // Help and version go to stdout with status 0; usage errors to stderr.
            let _ = e.print();
            return if usage {
                ExitCode::from(EXIT_USAGE)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match run(cli) {
        Ok(code) => code,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        // Arguments that cannot work together (`--resume` with `-o -`, an output that is
        // an input, tables beyond the machine): usage errors.
        Err(e) if e.kind() == io::ErrorKind::InvalidInput => {
            eprintln!("schafkopf: {e}");
            ExitCode::from(EXIT_USAGE)
        }
        Err(e) => {
            eprintln!("schafkopf: {e}");
            ExitCode::from(1)
        }
    }
}

fn run(cli: Cli) -> io::Result<ExitCode> {
    cli.pack.set_default();
    sources::set_max_line(cli.max_line);
    let cheap = Workers::without_search();
    match cli.command {
        Command::Score(io) => {
            let json = ErrorStyle::Json;
            run_lines(&io, CHEAP_CHUNK, cheap, json, || (), |l, _| score_line(l))
        }
        Command::Solve { io, search, line } => {
            let workers = Workers::of(&search)?;
            let json = ErrorStyle::Json;
            run_lines(
                &io,
                SEARCH_CHUNK,
                workers,
                json,
                || workers.solver(),
                move |l, s| solve_line(l, s, line),
            )
        }
        Command::Batch {
            logs,
            output,
            format,
            summary,
            resume,
            first_line,
            from,
            search,
            players,
        } => {
            let run = batch::Run {
                first_line,
                players: sampling_of(&players),
                logs,
                from,
                output,
                csv: format == BatchFormat::Csv,
                summary,
                resume,
                workers: Workers::of(&search)?,
            };
            batch::run_batch(run)
        }
        Command::Import {
            from,
            files,
            output,
        } => run_import(&files, from, &output),
        Command::Ledger(run) => ledger::run_ledger(run),
        Command::Summary {
            action: SummaryAction::Merge { parts, output },
        } => batch::merge_summaries(&parts, output.as_deref()),
        Command::Serve(serve) => run_serve(serve),
        Command::Openapi => {
            let text = api::openapi().to_pretty_json().map_err(io::Error::other)?;
            println!("{text}");
            Ok(ExitCode::SUCCESS)
        }
        Command::Export {
            to: ExportFormat::Openschafkopf,
            io,
        } => {
            let stderr = ErrorStyle::Stderr;
            run_lines(
                &io,
                CHEAP_CHUNK,
                cheap,
                stderr,
                || (),
                |l, _| export_line(l),
            )
        }
        // One deal is a hundred searches: two records at a time keep output flowing.
        Command::Contracts {
            report,
            format,
            all,
        } => {
            let each = if all {
                contracts_all_line
            } else {
                contracts_line
            };
            run_report(&report, format == OutputFormat::Table, 2, each)
        }
        Command::Analyze {
            report,
            format: AnalyzeFormat::Html,
            players,
        } => run_html(&report, sampling_of(&players)),
        Command::Analyze {
            report,
            format,
            players,
        } => {
            let lines = players.lines;
            let table = format == AnalyzeFormat::Table;
            match sampling_of(&players) {
                None if lines => run_report(&report, table, SEARCH_CHUNK, analyze_lines_line),
                None => run_report(&report, table, SEARCH_CHUNK, analyze_line),
                Some(sampling) => run_sampled(&report, table, move |line, solvers, table| {
                    analyze_with(line, solvers, Some(sampling), lines, table)
                }),
            }
        }
        Command::Odds {
            report,
            format,
            seat,
            samples,
            seed,
        } => {
            let sampling = solver::single_dummy::Sampling { samples, seed };
            let seat = seat.and_then(solver::Seat::new);
            let table = format == OutputFormat::Table;
            run_sampled(&report, table, move |line, solvers, table| {
                odds_line(line, solvers, seat, sampling, table)
            })
        }
    }
}

/// `analyze --format html`: the replay page of one game, self-contained (its lines and, with
/// `--view players`, the single-dummy curve included). A second record is refused: a page
/// holds one game.
fn run_html(
    report: &args::ReportArgs,
    sampling: Option<solver::single_dummy::Sampling>,
) -> io::Result<ExitCode> {
    let workers = Workers::of(&report.search)?;
    let one = Workers {
        threads: 1,
        ..workers
    };
    let state = || (workers.solvers(), 0usize);
    run_lines(
        &report.io,
        1,
        one,
        ErrorStyle::Stderr,
        state,
        move |line, (solvers, done)| {
            *done += 1;
            if *done > 1 {
                return LineResult::Err {
                    code: "one_page",
                    message: format!(
                        "--format html writes the page of one game: record {done} is one too many \
                     (give one record, or split the log)"
                    ),
                };
            }
            html_page(line, solvers, sampling)
        },
    )
}

fn html_page(
    line: &str,
    solvers: &mut [Solver],
    sampling: Option<solver::single_dummy::Sampling>,
) -> LineResult {
    let result = solver::Record::from_json(line).and_then(|r| {
        let game = r.game()?;
        let analysis = solver::analyze_in(&game, sampling, true, solvers)?;
        // `analyze_in` refused an empty set of solvers already.
        let contracts = match solvers.first_mut().map(|s| solver::contracts(&r, s)) {
            Some(Ok(report)) => report,
            // Out of the node budget: the page goes without its contracts.
            Some(Err(solver::Error::Unsettled(_))) => solver::ContractsReport {
                id: r.id.clone(),
                seats: Vec::new(),
                all_pass: None,
                declared: None,
            },
            Some(Err(e)) => return Err(e),
            None => return Err(solver::Error::BadView("no solver".to_string())),
        };
        Ok((r, analysis, contracts))
    });
    // The page reads its data in the German pack and draws the signs its reader picks.
    let german = solver::Pack::German;
    match result.and_then(|(r, a, c)| Ok((r.in_pack(german)?, a, c))) {
        Ok((record, analysis, contracts)) => match german.scope(|| {
            (
                serde_json::to_string(&analysis),
                serde_json::to_string(&contracts),
            )
        }) {
            (Ok(text), Ok(report)) => {
                let title = record.id.clone().unwrap_or_else(|| "a game".to_string());
                LineResult::Ok(api::pages::standalone(
                    &title,
                    &record.to_json(),
                    &text,
                    &report,
                ))
            }
            (Err(e), _) | (_, Err(e)) => LineResult::Err {
                code: "internal",
                message: format!("could not serialize the analysis: {e}"),
            },
        },
        Err(e) => LineResult::err(&e),
    }
}

/// The sampling `--view players` asks for (none for the double-dummy view).
fn sampling_of(players: &args::Players) -> Option<solver::single_dummy::Sampling> {
    (players.view == args::ViewArg::Players).then_some(solver::single_dummy::Sampling {
        samples: players.samples,
        seed: players.seed,
    })
}

/// Commands that sample (`odds`, `analyze --view players`): one record at a time, its
/// worlds spread over every worker's solver, so a single record is as fast as the machine
/// allows and the answer is the same for any `-j`.
fn run_sampled(
    report: &args::ReportArgs,
    table: bool,
    f: impl Fn(&str, &mut [Solver], bool) -> LineResult + Sync,
) -> io::Result<ExitCode> {
    let workers = Workers::of(&report.search)?;
    let errors = if table {
        ErrorStyle::Text
    } else {
        ErrorStyle::Json
    };
    let one = Workers {
        threads: 1,
        ..workers
    };
    run_lines(
        &report.io,
        1,
        one,
        errors,
        || workers.solvers(),
        move |line, s| f(line, s, table),
    )
}

fn odds_line(
    line: &str,
    solvers: &mut [Solver],
    seat: Option<solver::Seat>,
    sampling: solver::single_dummy::Sampling,
    table: bool,
) -> LineResult {
    let result = solver::Record::from_json(line)
        .and_then(|r| solver::odds::HandQuestion::of_record(&r, seat))
        .and_then(|q| solver::odds::odds(&q, sampling, solvers));
    match result {
        Ok(odds) if table => LineResult::Ok(table::odds(&odds)),
        result => LineResult::of(result),
    }
}

/// `contracts` and `analyze`: JSON lines, or with `--format table` text for people (and
/// errors as text lines).
fn run_report(
    report: &args::ReportArgs,
    table: bool,
    chunk: usize,
    f: fn(&str, &mut Solver, bool) -> LineResult,
) -> io::Result<ExitCode> {
    let workers = Workers::of(&report.search)?;
    let errors = if table {
        ErrorStyle::Text
    } else {
        ErrorStyle::Json
    };
    let solver = || workers.solver();
    run_lines(
        &report.io,
        chunk,
        workers,
        errors,
        solver,
        move |line, s| f(line, s, table),
    )
}

fn contracts_line(line: &str, solver: &mut Solver, table: bool) -> LineResult {
    contracts_with(line, solver, table, false)
}

fn contracts_all_line(line: &str, solver: &mut Solver, table: bool) -> LineResult {
    contracts_with(line, solver, table, true)
}

/// `contracts` of one record; the table lists each seat's best three, or with `all` every
/// contract (JSON always has them all).
fn contracts_with(line: &str, solver: &mut Solver, table: bool, all: bool) -> LineResult {
    let result = solver::Record::from_json(line).and_then(|r| solver::contracts(&r, solver));
    match result {
        Ok(report) if table => LineResult::Ok(table::contracts(&report, all)),
        result => LineResult::of(result),
    }
}

fn analyze_line(line: &str, solver: &mut Solver, table: bool) -> LineResult {
    analyze_with(line, std::slice::from_mut(solver), None, false, table)
}

fn analyze_lines_line(line: &str, solver: &mut Solver, table: bool) -> LineResult {
    analyze_with(line, std::slice::from_mut(solver), None, true, table)
}

/// `analyze` of one record in its view, with each costly card's lines where asked for.
fn analyze_with(
    line: &str,
    solvers: &mut [Solver],
    sampling: Option<solver::single_dummy::Sampling>,
    lines: bool,
    table: bool,
) -> LineResult {
    let result = solver::Record::from_json(line)
        .and_then(|r| r.game())
        .and_then(|g| solver::analyze_in(&g, sampling, lines, solvers).map(|a| (g, a)));
    match result {
        Ok((game, analysis)) if table => LineResult::Ok(table::analysis(&game, &analysis)),
        result => LineResult::of(result.map(|(_, analysis)| analysis)),
    }
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

fn solve_line(line: &str, solver: &mut Solver, with_line: bool) -> LineResult {
    LineResult::of(
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

/// `schafkopf serve`: the service until it is stopped (Ctrl-C).
fn run_serve(serve: Serve) -> io::Result<ExitCode> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(io::stderr)
        .with_ansi(io::stderr().is_terminal())
        .init();
    let workers = serve
        .workers
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()));
    let config = api::Config {
        db: serve.db.clone(),
        pool: api::pool::PoolConfig {
            workers,
            queue: serve.queue,
            table_bytes: serve.table_mb.max(1) << 20,
            node_budget: Some(serve.node_budget),
            queue_wait: std::time::Duration::from_secs(serve.queue_wait),
        },
        body_limit: serve.body_limit,
        body_timeout: std::time::Duration::from_secs(serve.body_timeout),
        allowed_hosts: serve.allow_hosts.clone(),
    };
    let db = api::store::display_name(&serve.db);
    actix_web::rt::System::new().block_on(api::serve(config, &serve.addr, |addr| {
        // The first line on stdout: scripts and tests read the port from it.
        println!("schafkopf: listening on http://{addr} (store {db}, docs at http://{addr}/docs/)");
    }))?;
    Ok(ExitCode::SUCCESS)
}

/// `schafkopf import`: each file converted in turn, into one output.
fn run_import(
    files: &[PathBuf],
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
        inputs.push(sources::open(Some(file), from, false)?);
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
            |l, _| (in_current_pack(l), None::<()>),
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
/// and written in the pack asked for (as given where that is German, as logs write it).
fn in_current_pack(line: &str) -> LineResult {
    let pack = solver::Pack::current();
    let checked = solver::Record::from_json(line).and_then(|r| r.check().map(|()| r));
    let written = checked.and_then(|r| match pack {
        solver::Pack::German => Ok(line.to_string()),
        _ => r.in_pack(pack).map(|r| r.to_json()),
    });
    match written {
        Ok(text) => LineResult::Ok(text),
        Err(e) => LineResult::Err {
            code: e.code(),
            message: e.to_string(),
        },
    }
}

fn export_line(line: &str) -> LineResult {
    match solver::Record::from_json(line) {
        Ok(record) => match solver::formats::plain::write(&record) {
            Ok(text) => LineResult::Ok(text),
            Err(e) => LineResult::Err {
                code: e.code(),
                message: e.to_string(),
            },
        },
        Err(e) => LineResult::err(&e),
    }
}

fn score_line(line: &str) -> LineResult {
    LineResult::of(solver::Record::from_json(line).and_then(|r| r.score()))
}
