//! `schafkopf`: score, solve and analyse Schafkopf hands from the command line.

mod batch;
mod lines;
mod output;
mod sources;
mod table;

use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use lines::{process, Errors, LineResult, Options};
use sources::{with_path, From};
use std::cell::RefCell;
use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::OnceLock;

#[derive(Parser)]
#[command(
    name = "schafkopf",
    version,
    about = "Schafkopf hand analyzer and double-dummy solver",
    after_help = "Records are JSON lines (README, \"Hand records\"): unknown fields are refused; \
                  your own data goes in `meta`.\n\
                  Exit status: 0 every record done; 1 an I/O fault; 2 some records failed \
                  (their lines say why); 64 a usage error."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Where records come from and results go.
#[derive(clap::Args)]
struct Io {
    /// A hand log (JSON lines); `-` or nothing reads standard input.
    #[arg(value_name = "FILE|-")]
    input: Option<PathBuf>,
    /// Write results here instead of standard output (`-`: standard output). It must not
    /// be an input.
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,
    /// The input's format: hand records, or another program's log converted on the way in.
    #[arg(long, value_enum, default_value_t = From::Records)]
    from: From,
}

/// How a search command runs.
#[derive(clap::Args)]
struct Search {
    /// Memory for each worker's transposition tables (exact and similar positions, half
    /// each), in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 64)]
    table_mb: usize,
    /// Worker threads (default: one per core).
    #[arg(long, short = 'j', value_parser = positive)]
    threads: Option<usize>,
}

/// A count of at least 1 (`-j 0` would run nothing).
fn positive(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

/// Output of `analyze` and `contracts`.
#[derive(Copy, Clone, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// One JSON object per line.
    Json,
    /// A table for people.
    Table,
}

/// Output of `batch`.
#[derive(Copy, Clone, PartialEq, Eq, clap::ValueEnum)]
enum BatchFormat {
    /// One JSON object per line.
    Json,
    /// Comma-separated values with a header row.
    Csv,
}

/// The arguments of the commands that judge records for people as well as programs.
#[derive(clap::Args)]
struct Judge {
    #[command(flatten)]
    io: Io,
    #[command(flatten)]
    search: Search,
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
}

#[derive(Subcommand)]
enum Command {
    /// The result and settlement of completely played hands, as played (no search).
    Score(Io),
    /// The double-dummy value of the position after `play`, and of every legal card.
    Solve {
        #[command(flatten)]
        io: Io,
        #[command(flatten)]
        search: Search,
    },
    /// Every contract each seat may announce, valued double dummy, and the best per seat.
    Contracts(Judge),
    /// Every card of played hands judged double dummy: its value, the best cards, its cost.
    Analyze(Judge),
    /// `analyze` plus the declarer's contracts over whole hand logs, with a summary file.
    Batch {
        /// Hand logs (JSON lines).
        #[arg(required = true, value_name = "LOG")]
        logs: Vec<PathBuf>,
        /// The output file (one line per record, in input order); `-` is standard output
        /// (then give `--summary`).
        #[arg(short, long, value_name = "OUT")]
        output: PathBuf,
        #[arg(long, value_enum, default_value_t = BatchFormat::Json)]
        format: BatchFormat,
        /// The summary file (per player and per contract); default: OUT.summary.json.
        #[arg(long, value_name = "FILE")]
        summary: Option<PathBuf>,
        /// Go on from a run that stopped: keep OUT's whole lines (a torn last line is
        /// dropped), skip as many records, and append the rest.
        #[arg(long)]
        resume: bool,
        /// The logs' format: hand records, or another program's logs converted on the way in.
        #[arg(long, value_enum, default_value_t = From::Records)]
        from: From,
        #[command(flatten)]
        search: Search,
    },
    /// Converts other programs' logs into hand records (JSON lines).
    Import {
        /// The logs' format.
        #[arg(long, value_enum)]
        from: From,
        /// The logs; `-` reads standard input.
        #[arg(required = true, value_name = "FILE|-")]
        files: Vec<PathBuf>,
        /// Write the records here instead of standard output.
        #[arg(short, long, value_name = "OUT")]
        output: Option<PathBuf>,
    },
    /// The HTTP service: solve, analyze, contracts and a SQLite game store (INTERFACE.md 4).
    Serve(Serve),
    /// Prints the service's OpenAPI document (the same as `openapi/openapi.json`).
    Openapi,
    /// Writes hand records in another program's format (faults go to stderr).
    Export {
        /// The format to write.
        #[arg(long, value_enum)]
        to: To,
        #[command(flatten)]
        io: Io,
    },
}

/// How `serve` runs.
#[derive(clap::Args)]
struct Serve {
    /// The address to listen on (port 0: any free port; the address taken is printed).
    #[arg(long, env = "SCHAFKOPF_ADDR", default_value = "127.0.0.1:8080")]
    addr: String,
    /// The SQLite game store (created if missing).
    #[arg(long, env = "SCHAFKOPF_DB", default_value = "schafkopf.db")]
    db: PathBuf,
    /// Solver worker threads (default: one per core).
    #[arg(long, env = "SCHAFKOPF_WORKERS", value_parser = positive)]
    workers: Option<usize>,
    /// Solve requests that may wait for a worker; more are answered 503 with Retry-After.
    #[arg(long, env = "SCHAFKOPF_QUEUE", default_value_t = 64)]
    queue: usize,
    /// Positions one request may search before it is refused (422, `search_budget`).
    #[arg(long, env = "SCHAFKOPF_NODE_BUDGET", default_value_t = 2_000_000_000)]
    node_budget: u64,
    /// Memory for each worker's transposition tables (exact and similar positions, half
    /// each), in MiB.
    #[arg(long, env = "SCHAFKOPF_TABLE_MB", default_value_t = 64)]
    table_mb: usize,
    /// The largest request body accepted, in bytes (larger: 413).
    #[arg(long, env = "SCHAFKOPF_BODY_LIMIT", default_value_t = 256 * 1024)]
    body_limit: usize,
}

/// Formats `export` writes.
#[derive(Copy, Clone, PartialEq, Eq, clap::ValueEnum)]
enum To {
    /// openschafkopf's plain lines (`Rufspiel Eichel von 3: so h7 ...`).
    Openschafkopf,
}

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
    match cli.command {
        Command::Score(io) => run_lines(&io, CHEAP_CHUNK, Errors::Json, score_line),
        Command::Solve { io, search } => {
            search.configure()?;
            run_lines(&io, SEARCH_CHUNK, Errors::Json, solve_line)
        }
        Command::Batch {
            logs,
            output,
            format,
            summary,
            resume,
            from,
            search,
        } => {
            search.configure()?;
            let csv = format == BatchFormat::Csv;
            run_batch(&logs, from, &output, csv, summary, resume)
        }
        Command::Import {
            from,
            files,
            output,
        } => run_import(&files, from, &output),
        Command::Serve(serve) => run_serve(serve),
        Command::Openapi => {
            let text = api::openapi().to_pretty_json().map_err(io::Error::other)?;
            println!("{text}");
            Ok(ExitCode::SUCCESS)
        }
        Command::Export {
            to: To::Openschafkopf,
            io,
        } => run_lines(&io, CHEAP_CHUNK, Errors::Stderr, export_line),
        Command::Contracts(judge) => {
            judge.search.configure()?;
            let table = judge.format == Format::Table;
            // One deal is a hundred searches: two records at a time keep output flowing.
            let errors = if table { Errors::Text } else { Errors::Json };
            run_lines(&judge.io, 2, errors, move |line| {
                contracts_line(line, table)
            })
        }
        Command::Analyze(judge) => {
            judge.search.configure()?;
            let table = judge.format == Format::Table;
            let errors = if table { Errors::Text } else { Errors::Json };
            run_lines(&judge.io, SEARCH_CHUNK, errors, move |line| {
                analyze_line(line, table)
            })
        }
    }
}

impl Search {
    fn configure(&self) -> io::Result<()> {
        let threads = self
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        let bytes = table_bytes(self.table_mb, threads)?;
        let _ = TABLE_BYTES.set(bytes);
        configure_threads(self.threads)
    }
}

/// The bytes of each worker's tables for `--table-mb`, refused (before anything is
/// allocated) where all workers' tables together exceed the machine's memory.
fn table_bytes(table_mb: usize, workers: usize) -> io::Result<usize> {
    let too_much = |have: String| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "--table-mb {table_mb}: {workers} workers would need {} MiB of tables, more \
                 than the machine has ({have}); give less, or fewer workers (-j)",
                table_mb.saturating_mul(workers)
            ),
        )
    };
    let bytes = table_mb
        .max(1)
        .checked_mul(1 << 20)
        .ok_or_else(|| too_much("far less".to_string()))?;
    if let Some(total) = memory_total() {
        if bytes.saturating_mul(workers) as u64 > total {
            return Err(too_much(format!("{} MiB", total >> 20)));
        }
    }
    Ok(bytes)
}

/// The machine's memory in bytes, where the system says (Linux: /proc/meminfo).
fn memory_total() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

fn configure_threads(threads: Option<usize>) -> io::Result<()> {
    if let Some(n) = threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build_global()
            .map_err(io::Error::other)?;
    }
    Ok(())
}

/// The table budget of each worker's solver, set once from the command line.
static TABLE_BYTES: OnceLock<usize> = OnceLock::new();

thread_local! {
    /// One solver per worker thread, kept for the whole run: its table is reused from
    /// record to record, and memory stays at one table per thread however long the log.
    static SOLVER: RefCell<solver::Solver> = RefCell::new(solver::Solver::with_budget(
        *TABLE_BYTES.get().unwrap_or(&solver::DEFAULT_TABLE_BYTES),
    ));
}

/// Runs `f` with this worker thread's solver.
fn with_solver<T>(f: impl FnOnce(&mut solver::Solver) -> T) -> T {
    SOLVER.with(|s| f(&mut s.borrow_mut()))
}

fn contracts_line(line: &str, table: bool) -> LineResult {
    let result =
        solver::Record::from_json(line).and_then(|r| with_solver(|s| solver::contracts(&r, s)));
    match result {
        Ok(report) if table => LineResult::Ok(table::contracts(&report)),
        result => LineResult::of(result),
    }
}

fn analyze_line(line: &str, table: bool) -> LineResult {
    let result = solver::Record::from_json(line)
        .and_then(|r| r.game())
        .and_then(|g| with_solver(|s| solver::analyze(&g, s)).map(|a| (g, a)));
    match result {
        Ok((game, analysis)) if table => LineResult::Ok(table::analysis(&game, &analysis)),
        result => LineResult::of(result.map(|(_, analysis)| analysis)),
    }
}

fn solve_line(line: &str) -> LineResult {
    LineResult::of(
        solver::Record::from_json(line)
            .and_then(|r| r.game())
            .and_then(|g| with_solver(|s| s.solve(&g))),
    )
}

/// Records read and processed at a time: cheap records (scoring) in large chunks; solved
/// records in small ones, so that output and progress flow while both cores stay busy.
const CHEAP_CHUNK: usize = 256;
const SEARCH_CHUNK: usize = 32;

/// Runs `f` over every record of the input; exit status 2 when any line failed. A progress
/// bar (records, rate, time left when the total is known) goes to stderr if it is a terminal.
fn run_lines(
    io: &Io,
    chunk: usize,
    errors: Errors,
    f: impl Fn(&str) -> LineResult + Sync,
) -> io::Result<ExitCode> {
    if let Some(out) = &io.output {
        output::refuse_input_as_output(
            out,
            &io.input.iter().map(PathBuf::as_path).collect::<Vec<_>>(),
        )?;
    }
    let input = sources::open(io.input.as_deref(), io.from, io::stderr().is_terminal())?;
    let mut out = output::open(io.output.as_ref())?;
    let bar = progress_bar(input.total)?;
    let options = Options {
        chunk,
        errors,
        done: &|| bar.inc(1),
    };
    let summary = process(input, &mut out, f, &options, |_| {})?;
    out.flush()?;
    bar.finish_and_clear();
    exit_status(summary.failed, summary.records)
}

/// Exit status 2 when any record failed, with a line on stderr.
fn exit_status(failed: usize, records: usize) -> io::Result<ExitCode> {
    if failed > 0 {
        eprintln!("schafkopf: {failed} of {records} records failed (see their lines)");
        Ok(ExitCode::from(2))
    } else {
        Ok(ExitCode::SUCCESS)
    }
}

/// A bar over `total` records, or a counter when the total is unknown; hidden when stderr
/// is not a terminal.
fn progress_bar(total: Option<u64>) -> io::Result<ProgressBar> {
    if !io::stderr().is_terminal() {
        return Ok(ProgressBar::hidden());
    }
    let bar = match total {
        Some(n) => ProgressBar::new(n).with_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} records, {per_sec}, {eta} left")
                .map_err(io::Error::other)?,
        ),
        None => ProgressBar::new_spinner().with_style(
            ProgressStyle::with_template("{spinner} {pos} records, {per_sec}")
                .map_err(io::Error::other)?,
        ),
    };
    bar.set_draw_target(ProgressDrawTarget::stderr());
    Ok(bar)
}

/// `schafkopf batch`: every log in turn, records in parallel, one output, a summary.
fn run_batch(
    logs: &[PathBuf],
    from: From,
    output: &PathBuf,
    csv: bool,
    summary_path: Option<PathBuf>,
    resume: bool,
) -> io::Result<ExitCode> {
    let to_stdout = output::is_stdout(output);
    let usage = |message: &str| io::Error::new(io::ErrorKind::InvalidInput, message.to_string());
    if to_stdout && resume {
        return Err(usage(
            "--resume needs an output file (-o OUT), not standard output",
        ));
    }
    if to_stdout && summary_path.is_none() {
        return Err(usage("-o - writes the results to standard output: give the summary a file of its own (--summary FILE)"));
    }
    output::refuse_input_as_output(
        output,
        &logs.iter().map(PathBuf::as_path).collect::<Vec<_>>(),
    )?;
    if let Some(s) = &summary_path {
        output::refuse_input_as_output(s, &logs.iter().map(PathBuf::as_path).collect::<Vec<_>>())?;
    }
    let terminal = io::stderr().is_terminal();
    // Every input opens before the output is touched: a log that cannot be read leaves no
    // output behind.
    let mut inputs = Vec::new();
    for log in logs {
        inputs.push(sources::open(Some(log), from, terminal)?);
    }
    let mut summary = batch::Summary::default();
    // The records done are the whole lines already in OUT (in input order, one each).
    let mut done = 0usize;
    let mut header = csv;
    let out: Box<dyn Write> = if to_stdout {
        Box::new(output::WholeLines::new(io::stdout().lock()))
    } else {
        let kept = if resume { resumable(output)? } else { None };
        let file = match &kept {
            Some(text) => {
                let lines: Vec<&str> = text.lines().collect();
                header = csv && lines.is_empty();
                for line in lines.iter().skip(csv as usize) {
                    summary.add_line(line, csv);
                    done += 1;
                }
                std::fs::OpenOptions::new().append(true).open(output)
            }
            None => File::create(output),
        };
        Box::new(output::WholeLines::new(
            file.map_err(|e| with_path(e, output))?,
        ))
    };
    let mut out = out;
    if header {
        writeln!(
            out,
            "{}",
            batch::csv_row(&batch::CSV_HEADER.map(String::from))
        )?;
        out.flush()?;
    }
    let total = inputs.iter().map(|i| i.total).sum::<Option<u64>>();
    let bar = progress_bar(total.filter(|_| terminal))?;
    bar.inc(done as u64);
    let options = Options {
        chunk: SEARCH_CHUNK,
        errors: if csv { Errors::Csv } else { Errors::Json },
        done: &|| bar.inc(1),
    };
    let mut skip = done;
    for (log, mut input) in logs.iter().zip(inputs) {
        // Records an earlier run did, by their place in the logs.
        while skip > 0
            && input
                .next()
                .transpose()
                .map_err(|e| with_path(e, log))?
                .is_some()
        {
            skip -= 1;
        }
        let f = |line: &str| batch::render(with_solver(|s| batch::run(line, s)), csv);
        process(input, &mut out, f, &options, |line| {
            summary.add_line(line, csv)
        })
        .map_err(|e| with_path(e, log))?;
    }
    out.flush()?;
    bar.finish_and_clear();
    // The exit status speaks for the whole output, the part an earlier run wrote too.
    let (records, failed) = summary.counts();
    let summary_path = summary_path.unwrap_or_else(|| {
        let mut p = output.clone().into_os_string();
        p.push(".summary.json");
        PathBuf::from(p)
    });
    let text = serde_json::to_string_pretty(&summary.to_json()).map_err(io::Error::other)?;
    std::fs::write(&summary_path, text + "\n").map_err(|e| with_path(e, &summary_path))?;
    exit_status(failed, records)
}

/// What a run to resume left in `output`: its whole lines (a torn last line, cut by a kill
/// inside a write, is removed from the file), or none where there is no such file.
fn resumable(output: &Path) -> io::Result<Option<String>> {
    let bytes = match std::fs::read(output) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(with_path(e, output)),
    };
    let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    if whole < bytes.len() {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(output)
            .map_err(|e| with_path(e, output))?;
        file.set_len(whole as u64)
            .map_err(|e| with_path(e, output))?;
    }
    let text = String::from_utf8(bytes[..whole].to_vec()).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}: is not a batch output (not UTF-8)", output.display()),
        )
    })?;
    Ok(Some(text))
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
        },
        body_limit: serve.body_limit,
    };
    let db = serve.db.display().to_string();
    actix_web::rt::System::new().block_on(api::serve(config, &serve.addr, |addr| {
        // The first line on stdout: scripts and tests read the port from it.
        println!("schafkopf: listening on http://{addr} (store {db}, docs at http://{addr}/docs/)");
    }))?;
    Ok(ExitCode::SUCCESS)
}

/// `schafkopf import`: each file converted in turn, into one output.
fn run_import(files: &[PathBuf], from: From, output: &Option<PathBuf>) -> io::Result<ExitCode> {
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
    let options = Options {
        chunk: CHEAP_CHUNK,
        errors: Errors::Json,
        done: &|| {},
    };
    let (mut failed, mut records) = (0, 0);
    for (file, input) in files.iter().zip(inputs) {
        let s = process(
            input,
            &mut out,
            |l| LineResult::Ok(l.to_string()),
            &options,
            |_| {},
        )
        .map_err(|e| with_path(e, file))?;
        failed += s.failed;
        records += s.records;
    }
    out.flush()?;
    exit_status(failed, records)
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
    LineResult::of(
        solver::Record::from_json(line)
            .and_then(|r| r.game())
            .and_then(|g| solver::Score::of(&g)),
    )
}
