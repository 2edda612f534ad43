//! `solver-bench --sampling`: what a player could know, timed on several threads (the way
//! `schafkopf odds` and `analyze --view players` run one record): hand odds of the declared
//! contract and of every announceable one at 1,000 deals, whole Sauspiel games judged
//! single dummy at 100 worlds per decision, and single decisions of the first game. Wall
//! time per question; seeds fixed. `BENCH_VERBOSE=1` prints each odds question's time.

use solver::*;
use solver::{odds::*, single_dummy::*};
use std::time::Instant;

/// Wall times in milliseconds, and their order statistics.
struct Times(Vec<f64>);

impl Times {
    fn at(&self, p: f64) -> f64 {
        let mut v = self.0.clone();
        v.sort_by(f64::total_cmp);
        let i = ((v.len() as f64 * p).ceil() as usize).clamp(1, v.len()) - 1;
        v[i]
    }

    fn line(&self, what: &str, extra: &str) -> String {
        format!(
            "{:<34} {:>4} {:>9.1} {:>9.1} {:>9.1}  {}",
            what,
            self.0.len(),
            self.at(0.5),
            self.at(0.9),
            self.at(1.0),
            extra
        )
    }
}

fn timed<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed().as_secs_f64() * 1000.0)
}

/// Runs the three questions on `hands` declarer hands of `setups` and the finished
/// Sauspiel games of `games`, with `threads` solvers of `table_bytes` each.
pub fn run(setups: &[Setup], games: &[Game], threads: usize, table_bytes: usize) {
    let mut solvers: Vec<Solver> = (0..threads)
        .map(|_| Solver::with_budget(table_bytes))
        .collect();
    println!(
        "{:<34} {:>4} {:>9} {:>9} {:>9}  ({threads} threads)",
        "question", "n", "med ms", "p90 ms", "max ms"
    );
    let deals = Sampling::new(1000, 0);
    let mut one = Vec::new();
    let mut all = Vec::new();
    let (mut judged, mut stopped) = (0usize, 0usize);
    for setup in setups {
        let declarer = setup.contract().declarer().expect("a declared contract");
        let deal = setup.deal().clone();
        let q = HandQuestion::new(deal.clone(), declarer, vec![setup.contract()])
            .expect("the declarer's own contract");
        let (_, ms) = timed(|| odds(&q, deals, &mut solvers).expect("odds"));
        if std::env::var_os("BENCH_VERBOSE").is_some() {
            eprintln!(
                "{:>8.1} ms {} {}",
                ms,
                setup.contract(),
                setup.hands()[declarer]
            );
        }
        one.push(ms);
        let q = HandQuestion::new(deal, declarer, Vec::new()).expect("every contract");
        let (o, ms) = timed(|| odds(&q, deals, &mut solvers).expect("odds"));
        judged += o.contracts.len();
        stopped += o.contracts.iter().filter(|c| c.stopped.is_some()).count();
        all.push(ms);
    }
    println!("{}", Times(one).line("odds, declared contract, 1000", ""));
    println!(
        "{}",
        Times(all).line(
            "odds, every contract, 1000",
            &format!("{stopped} of {judged} contracts stopped early")
        )
    );
    // Whole games as `analyze --view players` judges them (each world by what the cards
    // pay, a decision's worlds until its best card is clear), with `--points`, and with
    // every world and every exact value (the judgement before either saving): the time
    // saved, and how often the default names the same best card as the last.
    let worlds = Sampling::new(100, 0).paying_only();
    let (mut paid, mut points, mut every) = (Vec::new(), Vec::new(), Vec::new());
    let (mut decisions, mut judged, mut same_best) = (0usize, 0usize, 0usize);
    let mut unfaulted = 0usize;
    for game in games {
        let (a, ms) = timed(|| analyze_players(game, worlds, &mut solvers).expect("analysis"));
        paid.push(ms);
        // The stated error of stopping early: the card named best is no inaccuracy
        // against the best of every world of the same sample.
        let mut position = Game::new(game.setup().clone());
        for p in &a.plays {
            if let Some(sd) = p.single_dummy.as_ref().filter(|sd| sd.worlds > 0) {
                let all =
                    decide(&position, None, worlds.every_world(), &mut solvers).expect("decision");
                let named = all.cards.iter().find(|c| c.card == sd.best[0]);
                unfaulted += named.is_some_and(|c| c.advice.is_none()) as usize;
            }
            position.play(p.card).expect("the game's own card");
        }
        let exact = Sampling::new(100, 0);
        let (_, ms) = timed(|| analyze_players(game, exact, &mut solvers).expect("analysis"));
        points.push(ms);
        let (b, ms) =
            timed(|| analyze_players(game, exact.every_world(), &mut solvers).expect("analysis"));
        every.push(ms);
        for (p, q) in a.plays.iter().zip(&b.plays) {
            let (Some(p), Some(q)) = (&p.single_dummy, &q.single_dummy) else {
                continue;
            };
            if q.worlds > 0 {
                decisions += 1;
                judged += p.worlds;
                same_best += q.best.contains(&p.best[0]) as usize;
            }
        }
    }
    if !games.is_empty() {
        println!(
            "{}",
            Times(paid).line(
                "sauspiel single dummy, 100 worlds",
                &format!(
                    "{:.1} worlds a decision; best card as every world's exact best in \
                     {same_best} of {decisions}, no inaccuracy against every world's best \
                     in {unfaulted}",
                    judged as f64 / decisions.max(1) as f64
                )
            )
        );
        println!("{}", Times(points).line("... with --points", ""));
        println!("{}", Times(every).line("... every world, --points", ""));
        // The first decision of each game (the dearest, with the most unseen cards).
        let (mut first, mut first_points) = (Vec::new(), Vec::new());
        for game in games {
            let start = Game::new(game.setup().clone());
            let (_, ms) = timed(|| decide(&start, None, worlds, &mut solvers).expect("decision"));
            first.push(ms);
            let exact = Sampling::new(100, 0);
            let (_, ms) = timed(|| decide(&start, None, exact, &mut solvers).expect("decision"));
            first_points.push(ms);
        }
        println!(
            "{}",
            Times(first).line("one decision at the first card", "")
        );
        println!("{}", Times(first_points).line("... with --points", ""));
    }
    // One decision of the first game, early, middle and late: the question openschafkopf's
    // `suggest-card --simulate-hands 100` answers (docs/PERFORMANCE.md).
    if let Some(game) = games.first() {
        let plays = game.plays();
        for at in [4, 8, 16] {
            let mut position = Game::new(game.setup().clone());
            for &(_, card) in &plays[..at] {
                position.play(card).expect("the game's own card");
            }
            let card = plays[at].1;
            let (j, ms) = timed(|| {
                judge_single_dummy(&position, card, worlds, &mut solvers).expect("judgement")
            });
            println!(
                "{}",
                Times(vec![ms]).line(
                    &format!("one decision after {at} cards"),
                    &format!(
                        "{} to play {card}, {} worlds{}",
                        position.to_move(),
                        j.worlds,
                        if j.exhaustive { " (all)" } else { "" }
                    )
                )
            );
        }
    }
}
