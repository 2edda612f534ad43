//! `solver-bench --analyses`: whole games analysed as `analyze` analyses each record, in CPU
//! seconds (the figure a shared machine keeps): double dummy, or with `--players` by what
//! each player could know at the default ceilings (`analyze --view players`), of the
//! games of NetSchafkopf logs, all of them or only the Ramsch ones or only the others
//! (`--games ramsch|others`). Per game the median, p90 and the dearest (with its id), and
//! the total; a game's analysis runs on `--threads` solvers where single dummy, on one
//! where double dummy (as `batch` spreads its records over the threads; `batch` also
//! values the contracts each declarer could have chosen).

use crate::cpu::cpu_seconds;
use solver::single_dummy::{analyze_players, Inference, Sampling};
use solver::*;

/// Which games of the logs are analysed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Chosen {
    All,
    Ramsch,
    Others,
}

impl Chosen {
    /// From `--games`.
    pub fn parse(text: &str) -> Option<Chosen> {
        match text {
            "all" => Some(Chosen::All),
            "ramsch" => Some(Chosen::Ramsch),
            "others" => Some(Chosen::Others),
            _ => None,
        }
    }

    fn keeps(self, game: &Game) -> bool {
        let ramsch = game.contract() == Contract::Ramsch;
        match self {
            Chosen::All => true,
            Chosen::Ramsch => ramsch,
            Chosen::Others => !ramsch,
        }
    }
}

/// Analyses the chosen finished games of `games` and prints the CPU figures.
pub fn run(games: &[Game], chosen: Chosen, players: bool, threads: usize, table_bytes: usize) {
    let mut solvers: Vec<Solver> = (0..threads)
        .map(|_| Solver::with_budget(table_bytes))
        .collect();
    // As `analyze --view players` asks by default.
    let sampling = Sampling::new(defaults::ANALYSIS_WORLDS, 0)
        .exact_at_most(defaults::EXACT_VALUE_WORLDS)
        .paying_only()
        .inferring(Inference::auction());
    let mut seconds: Vec<(f64, String)> = Vec::new();
    for game in games.iter().filter(|g| g.is_over() && chosen.keeps(g)) {
        let start = cpu_seconds();
        let analysed = match players {
            true => analyze_players(game, sampling, &mut solvers).map(|_| ()),
            false => analyze(game, &mut solvers[0]).map(|_| ()),
        };
        let id = game.setup().id().unwrap_or("").to_string();
        if let Err(e) = analysed {
            eprintln!("{id}: {e}");
            continue;
        }
        let spent = cpu_seconds() - start;
        if std::env::var_os("BENCH_VERBOSE").is_some() {
            eprintln!("{id} {:?} {spent:.2} s", game.contract());
        }
        seconds.push((spent, id));
    }
    let total: f64 = seconds.iter().map(|s| s.0).sum();
    seconds.sort_by(|a, b| a.0.total_cmp(&b.0));
    let n = seconds.len();
    let at = |q: f64| seconds.get(((n as f64 * q) as usize).min(n.saturating_sub(1)));
    let view = if players {
        "players' view"
    } else {
        "double dummy"
    };
    println!("analyses ({view}) of {n} games ({chosen:?}), {threads} threads, CPU seconds");
    if let (Some(median), Some(p90), Some(most)) = (at(0.5), at(0.9), seconds.last()) {
        println!(
            "a game: median {:.2}, p90 {:.2}, dearest {:.2} ({}); all: {total:.1} ({:.1} \
             minutes on two cores)",
            median.0,
            p90.0,
            most.0,
            most.1,
            total / 120.0
        );
    }
}
