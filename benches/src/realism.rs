//! `solver-bench --realism`: whether the worlds of the players' view look like real deals.
//! Seen by a defender of a Sauspiel before the first card, the declarer's trumps in the
//! worlds drawn against those real declarers held: the total variation between the two
//! distributions, with the worlds drawn uniformly (`--inference none`) and by the auction
//! (the shipped model, and for each log file the model fitted without it); and the
//! held-out log likelihood of the auctions, and of the true hidden hands against uniform.

use solver::auction::AuctionModel;
use solver::single_dummy::{Inference, View};
use solver::*;

/// Worlds drawn per view.
const WORLDS: usize = 100;

/// Sauspiel games of the first measure.
const GAMES: usize = 100;

/// A distribution of trump counts (0 to 8), and how many it counts.
#[derive(Clone, Default)]
struct Counts([f64; 9], f64);

impl Counts {
    fn add(&mut self, k: u32, weight: f64) {
        self.0[k as usize] += weight;
        self.1 += weight;
    }

    fn merge(&mut self, other: &Counts) {
        for k in 0..9 {
            self.0[k] += other.0[k];
        }
        self.1 += other.1;
    }

    fn share(&self, k: usize) -> f64 {
        self.0[k] / self.1.max(1e-12)
    }

    fn mean(&self) -> f64 {
        (0..9).map(|k| k as f64 * self.share(k)).sum()
    }

    /// The total variation distance to `other`.
    fn distance(&self, other: &Counts) -> f64 {
        0.5 * (0..9)
            .map(|k| (self.share(k) - other.share(k)).abs())
            .sum::<f64>()
    }
}

/// The declarer's trumps in `hands`.
fn declarer_trumps(setup: &Setup, hands: &BySeat<Cards>) -> u32 {
    let declarer = setup
        .contract()
        .declarer()
        .expect("a Sauspiel has a declarer");
    hands[declarer].intersect(setup.order().trumps()).len()
}

/// The first seat that defends `game`.
fn defender(setup: &Setup) -> Seat {
    let declarers = setup.declarers();
    Seat::ALL
        .into_iter()
        .find(|s| !declarers.contains(*s))
        .expect("a Sauspiel has defenders")
}

/// What the defender of each Sauspiel of `games` sees before the first card, its worlds
/// drawn by `inference`: the declarer's trumps in the worlds, and in the real deals; and
/// the mean log of the true deal's likelihood under `model` against its mean over
/// worlds drawn uniformly.
fn measure(games: &[&Game], inference: Inference, model: &AuctionModel) -> (Counts, Counts, f64) {
    let (mut worlds, mut real, mut gain) = (Counts::default(), Counts::default(), 0.0);
    for (i, game) in games.iter().enumerate() {
        let start = Game::new(game.setup().clone());
        let seat = defender(start.setup());
        let mut view = View::of(&start, seat).inferring(inference);
        let drawn = view
            .worlds(WORLDS, i as u64)
            .expect("the worlds of a real game");
        let games = drawn.games().expect("the worlds of a real game");
        for (world, weight) in games.iter().zip(&drawn.weights) {
            let setup = world.setup();
            worlds.add(declarer_trumps(setup, setup.deal().hands()), *weight);
        }
        let setup = start.setup();
        real.add(declarer_trumps(setup, setup.deal().hands()), 1.0);
        // The true deal's likelihood against the mean over uniform worlds.
        let mut uniform = View::of(&start, seat);
        let plain = uniform
            .worlds(WORLDS, i as u64)
            .and_then(|w| w.games())
            .expect("the worlds of a real game");
        let mean = plain
            .iter()
            .map(|w| model.likelihood(w.setup(), seat))
            .sum::<f64>()
            / plain.len() as f64;
        gain += (model.likelihood(setup, seat) / mean).ln();
    }
    (worlds, real, gain / games.len().max(1) as f64)
}

fn sauspiele<'a>(games: impl Iterator<Item = &'a Game>) -> Vec<&'a Game> {
    games
        .filter(|g| matches!(g.contract(), Contract::Sauspiel { .. }))
        .collect()
}

/// Runs the measure on `logs`: each log file's games, in order.
pub fn run(logs: &[(String, Vec<Game>)]) {
    let all: Vec<&Game> = logs.iter().flat_map(|(_, g)| g.iter()).collect();
    let first: Vec<&Game> = sauspiele(all.iter().copied())
        .into_iter()
        .take(GAMES)
        .collect();
    let shipped = AuctionModel::shipped();
    println!(
        "the declarer's trumps seen by a defender before the first card, {} Sauspiel \
         games, {WORLDS} worlds each",
        first.len()
    );
    for (name, inference) in [("none", Inference::None), ("auction", Inference::auction())] {
        let (worlds, real, gain) = measure(&first, inference, shipped);
        println!(
            "inference {name:<8} worlds mean {:.2} trumps, real {:.2}; total variation \
             {:.3}; the true deal's log likelihood against uniform {gain:+.3}",
            worlds.mean(),
            real.mean(),
            worlds.distance(&real)
        );
    }
    // Each log file left out: the model fitted to the others, judged on its games.
    let (mut worlds, mut real) = (Counts::default(), Counts::default());
    let (mut held, mut seats, mut gain, mut games) = (0.0, 0usize, 0.0, 0usize);
    for (i, (name, left_out)) in logs.iter().enumerate() {
        let others: Vec<Setup> = logs
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .flat_map(|(_, (_, g))| g.iter().map(|g| g.setup().clone()))
            .collect();
        let model: &'static AuctionModel =
            Box::leak(Box::new(AuctionModel::fit(&others, "the other logs")));
        let setups: Vec<Setup> = left_out.iter().map(|g| g.setup().clone()).collect();
        let rows: usize = setups
            .iter()
            .map(|s| solver::auction::told_seats(s).len())
            .sum();
        held += model.mean_log_likelihood(&setups) * rows as f64;
        seats += rows;
        let these = sauspiele(left_out.iter());
        let (w, r, g) = measure(&these, Inference::Auction(model), model);
        worlds.merge(&w);
        real.merge(&r);
        gain += g * these.len() as f64;
        games += these.len();
        if std::env::var_os("BENCH_VERBOSE").is_some() {
            eprintln!(
                "{name}: {} Sauspiel games, distance {:.3}",
                these.len(),
                w.distance(&r)
            );
        }
    }
    let uniform_ln = (1.0f64 / 3.0).ln();
    println!(
        "each log left out ({} logs, {games} Sauspiel games): total variation {:.3} (worlds \
         mean {:.2}, real {:.2}); the auctions' held-out log likelihood a seat {:.3} \
         (three classes alike: {uniform_ln:.3}); the true deal's against uniform {:+.3}",
        logs.len(),
        worlds.distance(&real),
        worlds.mean(),
        real.mean(),
        held / seats.max(1) as f64,
        gain / games.max(1) as f64
    );
}
