//! `schafkopf`: score, solve and analyse Schafkopf hands from the command line.

mod args;
mod commands;
mod config;
mod lines;
mod output;
mod run;
mod sources;
mod table;
mod thrown_in;

use args::{Cli, Command, ExportFormat, SummaryAction};
use clap::Parser;
use commands::{
    analyze, auction, batch, contracts, import, ledger, odds, play_match, score, serve, solve,
};
use std::ffi::OsString;
use std::io;
use std::process::ExitCode;

/// Exit statuses (docs/GUIDE.md, "Exit status and output"): 0 every record done; 1 an I/O fault (a file
/// that cannot be read or written, an address in use); 2 some records failed (their lines
/// say why); 64 a usage error.
const EXIT_USAGE: u8 = 64;

/// The command line, `help --help` (or `-h`) read as `help`: clap's help command takes no
/// flags, and the help of the help is the help.
fn arguments() -> Vec<OsString> {
    let mut args: Vec<OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == "help") {
        let mut k = 0;
        args.retain(|a| {
            k += 1;
            k <= 2 || (a != "--help" && a != "-h")
        });
    }
    args
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse_from(arguments()) {
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

/// Resolves what the whole run shares, then hands the command its arguments.
fn run(cli: Cli) -> io::Result<ExitCode> {
    let config = &config::Config::of(&cli);
    match cli.command {
        Command::Score { io, format } => score::run(&io, config, format),
        Command::Solve { report, line, view } => solve::run(&report, config, line, &view),
        Command::Contracts {
            report,
            format,
            all,
        } => contracts::run(&report, config, format, all),
        Command::Analyze {
            report,
            format,
            players,
        } => analyze::run(&report, config, format, &players),
        Command::Odds {
            report,
            format,
            seat,
            samples,
            seed,
            assume,
            inference,
            auction_model,
        } => odds::run(
            &report,
            config,
            format,
            seat,
            solver::single_dummy::Sampling::new(samples, seed)
                .assuming(config::assumptions(&assume, config.pack)?)
                .inferring(config::inference_of(inference, auction_model.as_deref())?),
        ),
        Command::Batch(args) => batch::run(args, config),
        Command::Summary {
            action: SummaryAction::Merge { parts, output },
        } => batch::merge_summaries(&parts, output.as_deref()),
        Command::Ledger(run) => ledger::run_ledger(run, config),
        Command::Import {
            from,
            files,
            output,
        } => import::run_import(&files, config, from, &output),
        Command::Match(run) => play_match::run_match(run, config),
        Command::AuctionModel {
            from,
            files,
            output,
        } => auction::run_auction_model(&files, from, &output),
        Command::Export {
            to: ExportFormat::Openschafkopf,
            io,
        } => import::run_export(&io, config),
        Command::Serve(args) => serve::run_serve(args, config),
        Command::Openapi => {
            let text = api::openapi().to_pretty_json().map_err(io::Error::other)?;
            println!("{text}");
            Ok(ExitCode::SUCCESS)
        }
    }
}
