//! `schafkopf`: score, solve and analyse Schafkopf hands from the command line.

mod batch;
mod lines;
mod sources;
mod table;

use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use lines::{process, Errors, LineResult, Options};
use sources::{with_path, From};
use std::cell::RefCell;
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::OnceLock;

#[derive(Parser)]
#[command(
    name = "schafkopf",
    version,
    about = "Schafkopf hand analyzer and double-dummy solver"
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
    /// Write results here instead of standard output.
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
    #[arg(long, short = 'j')]
    threads: Option<usize>,
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
        /// The output file (one line per record, in input order).
        #[arg(short, long, value_name = "OUT")]
        output: PathBuf,
        #[arg(long, value_enum, default_value_t = BatchFormat::Json)]
        format: BatchFormat,
        /// The summary file (per player and per contract); default: OUT.summary.json.
        #[arg(long, value_name = "FILE")]
        summary: Option<PathBuf>,
        /// Skip records whose id is already in OUT, and append to it.
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
    #[arg(long, env = "SCHAFKOPF_WORKERS")]
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
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
        let _ = TABLE_BYTES.set(self.table_mb.max(1) << 20);
        configure_threads(self.threads)
    }
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

fn open_output(path: &Option<PathBuf>) -> io::Result<Box<dyn Write>> {
    match path {
        None => Ok(Box::new(BufWriter::new(io::stdout().lock()))),
        Some(p) => {
            let file = File::create(p).map_err(|e| with_path(e, p))?;
            Ok(Box::new(BufWriter::new(file)))
        }
    }
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
    let input = sources::open(io.input.as_deref(), io.from, io::stderr().is_terminal())?;
    let mut out = open_output(&io.output)?;
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

/// `schafkopf batch`: every log in turn, records in parallel, one output file, a summary.
fn run_batch(
    logs: &[PathBuf],
    from: From,
    output: &PathBuf,
    csv: bool,
    summary_path: Option<PathBuf>,
    resume: bool,
) -> io::Result<ExitCode> {
    let mut summary = batch::Summary::default();
    let mut done = std::collections::HashSet::new();
    let existing = if resume && output.exists() {
        std::fs::read_to_string(output).map_err(|e| with_path(e, output))?
    } else {
        String::new()
    };
    if !existing.is_empty() {
        done = batch::done_ids(&existing, csv);
        for line in existing.lines().skip(csv as usize) {
            summary.add_line(line, csv);
        }
    }
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(!existing.is_empty())
        .write(true)
        .truncate(existing.is_empty())
        .open(output)
        .map_err(|e| with_path(e, output))?;
    let mut out = BufWriter::new(file);
    if csv && existing.is_empty() {
        writeln!(
            out,
            "{}",
            batch::csv_row(&batch::CSV_HEADER.map(String::from))
        )?;
    }
    let terminal = io::stderr().is_terminal();
    let mut inputs = Vec::new();
    for log in logs {
        inputs.push(sources::open(Some(log), from, terminal)?);
    }
    let total = inputs.iter().map(|i| i.total).sum::<Option<u64>>();
    let bar = progress_bar(total.filter(|_| terminal))?;
    let options = Options {
        chunk: SEARCH_CHUNK,
        errors: if csv { Errors::Csv } else { Errors::Json },
        done: &|| bar.inc(1),
    };
    let (mut failed, mut records) = (0, 0);
    for (log, input) in logs.iter().zip(inputs) {
        let f = |line: &str| {
            if !done.is_empty() && batch::id_of(line).is_some_and(|id| done.contains(&id)) {
                return LineResult::Skip;
            }
            let result = with_solver(|s| batch::run(line, s));
            batch::render(result, csv)
        };
        let s = process(input, &mut out, f, &options, |line| {
            summary.add_line(line, csv)
        })
        .map_err(|e| with_path(e, log))?;
        failed += s.failed;
        records += s.records;
    }
    out.flush()?;
    bar.finish_and_clear();
    let summary_path = summary_path.unwrap_or_else(|| {
        let mut p = output.clone().into_os_string();
        p.push(".summary.json");
        PathBuf::from(p)
    });
    let text = serde_json::to_string_pretty(&summary.to_json()).map_err(io::Error::other)?;
    std::fs::write(&summary_path, text + "\n").map_err(|e| with_path(e, &summary_path))?;
    exit_status(failed, records)
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
    let mut out = open_output(output)?;
    let options = Options {
        chunk: CHEAP_CHUNK,
        errors: Errors::Json,
        done: &|| {},
    };
    let (mut failed, mut records) = (0, 0);
    for file in files {
        let input = sources::open(Some(file), from, false)?;
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
