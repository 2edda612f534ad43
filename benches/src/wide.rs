//! `--wide`: the exact search at the tables of six and eight and with double packs (von
//! Alvensleben's F to I, RULES.md section 15): the value of random deals from the first
//! card, single thread, one search (one table of bounds) per deal, each under a budget of
//! nodes; a deal the budget stops is counted, not timed.

use crate::cpu::cpu_seconds;
use solver::wide::{Deal, Letter, Position, Search};
use solver::Rng;

/// The nodes one deal may take before it is counted as stopped.
const BUDGET: u64 = 50_000_000;

pub fn run(count: usize) {
    println!(
        "{:<7} {:>5} {:>7} {:>9} {:>9} {:>9} {:>12} {:>12}",
        "variant", "deals", "stopped", "med ms", "p90 ms", "max ms", "med nodes", "max nodes"
    );
    for letter in Letter::ALL {
        let mut rng = Rng::new(0x5eed ^ letter as u64);
        let mut times = Vec::new();
        let mut nodes = Vec::new();
        let mut stopped = 0;
        for _ in 0..count {
            let hands = letter.table().shuffled(&mut rng);
            let deal = Deal::alvensleben(letter, &hands).expect("a shuffled pack deals");
            let mut search = Search::new(&deal, BUDGET);
            let start = cpu_seconds();
            match search.value(&Position::start(&deal)) {
                Ok(_) => {
                    times.push((cpu_seconds() - start) * 1e3);
                    nodes.push(search.nodes());
                }
                Err(_) => stopped += 1,
            }
        }
        times.sort_by(f64::total_cmp);
        nodes.sort_unstable();
        let at = |q: f64| {
            times
                .get(((times.len() as f64 - 1.0) * q) as usize)
                .copied()
        };
        let ms = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.1}"));
        println!(
            "{:<7} {:>5} {:>7} {:>9} {:>9} {:>9} {:>12} {:>12}",
            letter.name(),
            count,
            stopped,
            ms(at(0.5)),
            ms(at(0.9)),
            ms(times.last().copied()),
            nodes
                .get(nodes.len() / 2)
                .map_or("-".into(), |n| n.to_string()),
            nodes.last().map_or("-".into(), |n| n.to_string()),
        );
    }
}
