//! `schafkopf`: score, solve and analyse Schafkopf hands from the command line.

mod lines;

use clap::{Parser, Subcommand};
use lines::{process, LineResult};
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

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
}

#[derive(Subcommand)]
enum Command {
    /// The result and settlement of completely played hands, as played (no search).
    Score(Io),
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
        Command::Score(io) => run_lines(&io, score_line),
    }
}

fn open_input(path: &Option<PathBuf>) -> io::Result<Box<dyn BufRead>> {
    match path {
        None => Ok(Box::new(BufReader::new(io::stdin()))),
        Some(p) if p.as_os_str() == "-" => Ok(Box::new(BufReader::new(io::stdin()))),
        Some(p) => {
            let file = File::open(p)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", p.display())))?;
            Ok(Box::new(BufReader::new(file)))
        }
    }
}

fn open_output(path: &Option<PathBuf>) -> io::Result<Box<dyn Write>> {
    match path {
        None => Ok(Box::new(BufWriter::new(io::stdout().lock()))),
        Some(p) => {
            let file = File::create(p)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", p.display())))?;
            Ok(Box::new(BufWriter::new(file)))
        }
    }
}

/// Runs `f` over every record of the input; exit status 2 when any line failed.
fn run_lines(io: &Io, f: impl Fn(&str) -> LineResult + Sync) -> io::Result<ExitCode> {
    let input = open_input(&io.input)?;
    let mut out = open_output(&io.output)?;
    let show = io::stderr().is_terminal();
    let summary = process(input, &mut out, f, |done| {
        if show {
            eprint!("\r{done} records");
        }
    })?;
    out.flush()?;
    if show && summary.records > 0 {
        eprintln!();
    }
    if summary.failed > 0 {
        eprintln!(
            "schafkopf: {} of {} records failed (see their lines)",
            summary.failed, summary.records
        );
        Ok(ExitCode::from(2))
    } else {
        Ok(ExitCode::SUCCESS)
    }
}

fn score_line(line: &str) -> LineResult {
    let result = solver::Record::from_json(line)
        .and_then(|r| r.game())
        .and_then(|g| solver::Score::of(&g));
    match result {
        Ok(score) => LineResult::ok(&score),
        Err(e) => LineResult::err(&e),
    }
}
