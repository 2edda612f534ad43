//! What the commands need, resolved once from the arguments (`args.rs`): how answers write
//! cards and how long an input line may be, how many workers, and what each worker's
//! solver may take. Workers are built from it; nothing is global.

use crate::args::{Cli, SearchArgs};
use crate::sources::Reading;
use solver::Pack;
use std::io;

/// What every command shares, resolved once from the global arguments.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// `--pack`: the pack answers, tables and messages write cards in.
    pub pack: Pack,
    /// `--max-line`: the longest input line read, in bytes.
    pub max_line: usize,
}

impl Config {
    pub fn of(cli: &Cli) -> Config {
        Config {
            pack: cli.pack,
            max_line: cli.max_line,
        }
    }

    /// How this run reads its inputs.
    pub fn reading(&self) -> Reading {
        Reading {
            max_line: self.max_line,
            pack: self.pack,
        }
    }
}

/// The worker threads of a run and the table budget of each one's solver.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Workers {
    pub threads: usize,
    /// Bytes of each worker's transposition tables.
    pub table_bytes: usize,
    /// Positions each question may search (`--node-budget`).
    pub node_budget: Option<u64>,
}

impl Workers {
    /// The workers `-j` and `--table-mb` ask for (default: one per core), refused before
    /// anything is allocated where all their tables together exceed the machine's memory.
    pub fn of(search: &SearchArgs) -> io::Result<Workers> {
        let threads = search.threads.unwrap_or_else(cores);
        Ok(Workers {
            threads,
            table_bytes: table_bytes(search.table_mb, threads)?,
            node_budget: search.node_budget,
        })
    }

    /// The service's solver workers (`serve --workers`, default one per core, each with
    /// `--table-mb` of tables), resolved as `-j` is for every other command and refused
    /// alike where their tables together exceed the machine's memory.
    pub fn for_service(workers: Option<usize>, table_mb: usize) -> io::Result<Workers> {
        let threads = workers.unwrap_or_else(cores);
        Ok(Workers {
            threads,
            table_bytes: table_bytes(table_mb, threads)?,
            node_budget: None,
        })
    }

    /// Workers that search nothing (scoring, conversions): one per core.
    pub fn without_search() -> Workers {
        Workers {
            threads: cores(),
            table_bytes: 0,
            node_budget: None,
        }
    }

    /// A worker's own solver.
    pub fn solver(&self) -> solver::Solver {
        let mut solver = solver::Solver::with_budget(self.table_bytes);
        solver.limit_questions(self.node_budget);
        solver
    }

    /// One solver per thread, for work that spreads one record over all of them.
    pub fn solvers(&self) -> Vec<solver::Solver> {
        (0..self.threads).map(|_| self.solver()).collect()
    }
}

/// The machine's cores (1 where the system does not say).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The bytes of each worker's tables for `--table-mb`, refused where all workers' tables
/// together exceed the machine's memory.
fn table_bytes(table_mb: usize, workers: usize) -> io::Result<usize> {
    let too_much = |have: String| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "--table-mb {table_mb}: {workers} workers would need {} MiB of tables, more \
                 than the machine has ({have}); give less, or fewer workers (-j; serve --workers)",
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

/// The sampling `--view players` asks for (none for the double-dummy view).
pub fn sampling_of(
    players: &crate::args::Players,
    pack: solver::Pack,
) -> std::io::Result<Option<solver::single_dummy::Sampling>> {
    match players.view {
        crate::args::ViewArg::Players => players
            .worlds
            .sampling(pack, solver::defaults::ANALYSIS_WORLDS)
            .map(Some),
        crate::args::ViewArg::DoubleDummy => players.worlds.unused().map(|_| None),
    }
}

impl crate::args::WorldsArgs {
    /// The worlds asked for: `--samples` at most a decision (default `default`, and
    /// [`solver::defaults::EXACT_VALUE_WORLDS`] where every card is solved exactly) from
    /// `--seed` (default 0), each judged by what the cards pay (with `--points` also by
    /// their exact values), keeping the `--assume`d (cards read in `pack`).
    pub fn sampling(
        &self,
        pack: solver::Pack,
        default: usize,
    ) -> std::io::Result<solver::single_dummy::Sampling> {
        let sampling = solver::single_dummy::Sampling::new(
            self.samples.unwrap_or(default),
            self.seed.unwrap_or(0),
        );
        let sampling = match self.samples {
            Some(_) => sampling,
            None => sampling.exact_at_most(solver::defaults::EXACT_VALUE_WORLDS),
        }
        .assuming(assumptions(&self.assume, pack)?)
        .inferring(self.inference()?);
        Ok(match self.points {
            true => sampling,
            false => sampling.paying_only(),
        })
    }

    /// How the worlds read the auction ([`inference_of`]).
    fn inference(&self) -> std::io::Result<solver::single_dummy::Inference> {
        inference_of(self.inference, self.auction_model.as_deref())
    }

    /// Refuses any of these flags without the players' view, which alone reads them.
    pub fn unused(&self) -> std::io::Result<()> {
        let given = if self.samples.is_some() || self.seed.is_some() {
            "--samples and --seed draw the worlds of the players' view"
        } else if self.points {
            "--points asks the players' view for exact expectations"
        } else if !self.assume.is_empty() {
            "--assume narrows the worlds of the players' view"
        } else if self.inference.is_some() || self.auction_model.is_some() {
            "--inference and --auction-model weigh the worlds of the players' view"
        } else {
            return Ok(());
        };
        Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("{given}: give --view players"),
        ))
    }
}

/// The `--assume` texts read (cards in `pack`); a fault names the text.
pub fn assumptions(
    texts: &[String],
    pack: solver::Pack,
) -> std::io::Result<solver::single_dummy::Assumptions> {
    let read: Result<Vec<_>, _> = texts
        .iter()
        .map(|t| solver::single_dummy::Assumption::parse(t, pack))
        .collect();
    read.and_then(|list| solver::single_dummy::Assumptions::new(&list))
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e.to_string()))
}

/// How worlds or deals read the auction (`--inference`, `--auction-model`): by the model
/// the file names (read and kept for the process), the shipped one, or not at all.
pub fn inference_of(
    inference: Option<crate::args::InferenceArg>,
    model: Option<&std::path::Path>,
) -> std::io::Result<solver::single_dummy::Inference> {
    use solver::single_dummy::Inference;
    let auction = inference != Some(crate::args::InferenceArg::None);
    match (model, auction) {
        (Some(_), false) => Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "--auction-model weighs the worlds by the auction: not with --inference none",
        )),
        (None, false) => Ok(Inference::None),
        (path, true) => auction_model_of(path).map(Inference::Auction),
    }
}

/// The model of declaring `--auction-model` names (read and checked), or the shipped one.
pub fn auction_model_of(
    path: Option<&std::path::Path>,
) -> std::io::Result<&'static solver::auction::AuctionModel> {
    let Some(path) = path else {
        return Ok(solver::auction::AuctionModel::shipped());
    };
    let text = std::fs::read_to_string(path).map_err(|e| crate::sources::with_path(e, path))?;
    let model = solver::auction::AuctionModel::from_json(&text).map_err(|e| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("{}: {e}", path.display()),
        )
    })?;
    // One model a process, read once: it lives as long as the process.
    Ok(Box::leak(Box::new(model)))
}
