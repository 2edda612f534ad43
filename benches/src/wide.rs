//! `--wide`: the exact search at the tables of six and eight and with double packs (von
//! Alvensleben's F to I, RULES.md section 15): the value of random deals from the first
//! card (or with `--left K`, after random cards down to K a hand), single thread, one
//! search (one table of bounds) per deal, each under a budget of nodes; a deal the budget
//! stops is counted, not timed.

use crate::cpu::cpu_seconds;
use solver::wide::{Deal, Game, Letter, Search};
use solver::Rng;

/// The nodes one deal may take before it is counted as stopped.
const BUDGET: u64 = 50_000_000;

/// Solves `count` deals of each letter from `left` cards a hand (`None`: the first card).
pub fn run(count: usize, left: Option<u32>) {
    println!(
        "{:<7} {:>5} {:>7} {:>9} {:>9} {:>9} {:>12} {:>12} {:>13}",
        "variant",
        "deals",
        "stopped",
        "med ms",
        "p90 ms",
        "max ms",
        "med nodes",
        "max nodes",
        "all nodes"
    );
    for letter in Letter::ALL {
        let mut rng = Rng::new(0x5eed ^ letter as u64);
        let mut times = Vec::new();
        let mut nodes = Vec::new();
        let mut stopped = 0;
        // Every deal's nodes, a stopped one's the budget: one figure for a change.
        let mut all = 0u64;
        for _ in 0..count {
            let hands = letter.table().shuffled(&mut rng);
            let deal = Deal::alvensleben(letter, &hands).expect("a shuffled pack deals");
            let game = played_down(deal.clone(), left, &mut rng);
            let mut search = Search::new(&deal, BUDGET);
            let start = cpu_seconds();
            let value = search.value(game.position());
            all += search.nodes().min(BUDGET);
            match value {
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
            "{:<7} {:>5} {:>7} {:>9} {:>9} {:>9} {:>12} {:>12} {:>13}",
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
            all,
        );
    }
}

/// The game of `deal` after random legal cards down to `left` a hand.
fn played_down(deal: Deal, left: Option<u32>, rng: &mut Rng) -> Game {
    let table = deal.table();
    let mut game = Game::new(deal);
    let Some(left) = left else { return game };
    let stop = table.hand_size().saturating_sub(left) * table.seats() as u32;
    while (game.played().len() as u32) < stop {
        let legal = game.legal_cards();
        let face = legal[rng.below(legal.len())];
        game.play(face).expect("a legal card");
    }
    game
}
