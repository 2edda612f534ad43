//! `solver-bench --verdicts`: whether the players' view names the same severities whatever
//! its seed. The first 30 Sauspiel and the first 10 solo games (Farbsolo, Wenz, Geier: the
//! point games) of the logs given, in the order given, analysed as `analyze --view
//! players` does with two seeds: how many of the decisions judged get the same severity
//! from both, how many of the cards either calls a mistake or a blunder both call the same,
//! how many verdicts stay unsettled, and the CPU time of each run.

use crate::cpu::cpu_seconds;
use solver::advice::Advice;
use solver::single_dummy::{analyze_players, Inference, Sampling};
use solver::*;

/// Sauspiel and solo games analysed.
const SAUSPIELE: usize = 30;
const SOLOS: usize = 10;

/// The point games of `games` this measure reads, in order.
pub fn chosen(games: &[Game]) -> Vec<Game> {
    let (mut sauspiele, mut solos) = (Vec::new(), Vec::new());
    for game in games.iter().filter(|g| g.is_over()) {
        match game.contract() {
            Contract::Sauspiel { .. } if sauspiele.len() < SAUSPIELE => {
                sauspiele.push(game.clone())
            }
            Contract::Solo { tout: false, .. } if solos.len() < SOLOS => solos.push(game.clone()),
            _ => {}
        }
    }
    sauspiele.extend(solos);
    sauspiele
}

/// One decision's verdict: its severity, or unsettled between two.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Verdict {
    Named(Option<Advice>),
    Unsettled(Option<Advice>, Option<Advice>),
}

impl Verdict {
    /// The classes it allows, lowest and highest. An inaccuracy is named only beyond
    /// doubt: naming none allows one.
    fn range(self) -> (Option<Advice>, Option<Advice>) {
        match self {
            Verdict::Named(None) => (None, Some(Advice::Inaccuracy)),
            Verdict::Named(a) => (a, a),
            Verdict::Unsettled(low, high) => (low, high),
        }
    }

    /// Whether the two verdicts allow a class in common: neither says what the other
    /// rules out.
    fn compatible(self, other: Verdict) -> bool {
        let ((a, b), (c, d)) = (self.range(), other.range());
        a <= d && c <= b
    }
}

/// Every judged decision's verdict of `games` with `seed`, and the CPU seconds each game
/// took.
fn verdicts(
    games: &[Game],
    samples: usize,
    seed: u64,
    solvers: &mut [Solver],
) -> (Vec<Verdict>, Vec<f64>) {
    // As `analyze --view players` judges by default: the auction read.
    let sampling = Sampling::new(samples, seed)
        .paying_only()
        .inferring(Inference::auction());
    let (mut out, mut cpu) = (Vec::new(), Vec::new());
    for game in games {
        let start = cpu_seconds();
        let analysis = analyze_players(game, sampling, solvers).expect("analysis");
        cpu.push(cpu_seconds() - start);
        for judged in analysis
            .plays
            .iter()
            .filter_map(|p| p.single_dummy.as_ref())
        {
            if judged.worlds == 0 {
                continue;
            }
            if std::env::var_os("BENCH_VERBOSE").is_some() {
                eprintln!(
                    "{} seed {seed} {} {:?} loss {:?} {:?} worlds {} {:?} unsettled {:?}",
                    game.setup().id().unwrap_or(""),
                    game.contract(),
                    judged.advice,
                    judged.loss,
                    judged.loss_interval,
                    judged.worlds,
                    judged.card_worlds,
                    judged.between
                );
            }
            out.push(match judged.between {
                Some([low, high]) => Verdict::Unsettled(low, high),
                None => Verdict::Named(judged.advice),
            });
        }
    }
    (out, cpu)
}

/// The median and the largest of `seconds`.
fn median_and_most(seconds: impl Iterator<Item = f64>) -> (f64, f64) {
    let mut s: Vec<f64> = seconds.collect();
    s.sort_by(f64::total_cmp);
    match s.len() {
        0 => (0.0, 0.0),
        n => (s[n / 2], s[n - 1]),
    }
}

/// Runs the measure on `games` (the chosen ones) with seeds 1 and 2, `samples` worlds at
/// most a decision.
pub fn run(games: &[Game], samples: usize, threads: usize, table_bytes: usize) {
    let mut solvers: Vec<Solver> = (0..threads)
        .map(|_| Solver::with_budget(table_bytes))
        .collect();
    let (one, game_cpu_one) = verdicts(games, samples, 1, &mut solvers);
    let (two, game_cpu_two) = verdicts(games, samples, 2, &mut solvers);
    let (cpu_one, cpu_two) = (
        game_cpu_one.iter().sum::<f64>(),
        game_cpu_two.iter().sum::<f64>(),
    );
    let is_sauspiel = |g: &Game| matches!(g.contract(), Contract::Sauspiel { .. });
    // Each game's CPU seconds, both seeds' runs, of the Sauspiele or of the solos.
    let per_game = |sauspiel: bool| {
        let both = games.iter().zip(game_cpu_one.iter().zip(&game_cpu_two));
        let chosen = both.filter(move |(g, _)| is_sauspiel(g) == sauspiel);
        median_and_most(chosen.flat_map(|(_, (a, b))| [*a, *b]))
    };
    let same = one.iter().zip(&two).filter(|(a, b)| a == b).count();
    let grave = |v: &Verdict| {
        matches!(
            v,
            Verdict::Named(Some(Advice::Mistake)) | Verdict::Named(Some(Advice::Blunder))
        )
    };
    let called: Vec<(&Verdict, &Verdict)> = one
        .iter()
        .zip(&two)
        .filter(|(a, b)| grave(a) || grave(b))
        .collect();
    let called_same = called.iter().filter(|(a, b)| a == b).count();
    let compatible = one.iter().zip(&two).filter(|(a, b)| a.compatible(**b));
    let called_compatible = called.iter().filter(|(a, b)| a.compatible(**b)).count();
    let unsettled = |v: &[Verdict]| {
        v.iter()
            .filter(|v| matches!(v, Verdict::Unsettled(..)))
            .count()
    };
    let sauspiele = games.iter().filter(|g| is_sauspiel(g)).count();
    println!(
        "verdicts of {} point games ({sauspiele} Sauspiel), seeds 1 and 2, {} worlds at most, \
         {threads} threads",
        games.len(),
        samples
    );
    let percent = |n: usize, of: usize| 100.0 * n as f64 / of.max(1) as f64;
    let compatible = compatible.count();
    println!(
        "decisions judged: {}; the same severity: {same} ({:.1}%), neither ruling out the \
         other's: {compatible} ({:.1}%)",
        one.len(),
        percent(same, one.len()),
        percent(compatible, one.len()),
    );
    println!(
        "cards either calls a mistake or blunder: {}; the same from both: {called_same} \
         ({:.1}%), neither ruling out the other's: {called_compatible} ({:.1}%)",
        called.len(),
        percent(called_same, called.len()),
        percent(called_compatible, called.len()),
    );
    println!(
        "unsettled: {} and {}; CPU seconds: {cpu_one:.1} and {cpu_two:.1} ({:.2} s a game)",
        unsettled(&one),
        unsettled(&two),
        (cpu_one + cpu_two) / (2 * games.len().max(1)) as f64
    );
    let ((sauspiel, sauspiel_most), (solo, solo_most)) = (per_game(true), per_game(false));
    println!(
        "CPU seconds a game, median and dearest: Sauspiel {sauspiel:.2} and \
         {sauspiel_most:.2}, solo {solo:.2} and {solo_most:.2}"
    );
}
