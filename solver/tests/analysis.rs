//! `analyze` against `solve`: the same values on every prefix of a game; costs that are
//! never negative; summaries that add up.

mod common;

use common::*;
use solver::*;

/// Random games played out at random, one per seed of `seeds` (of contract kind `seed %
/// 11`, dealt from `seed + offset`); none for Sie (nothing to solve) or a deal that does
/// not allow the kind. Each with its seed.
fn played_games(seeds: std::ops::Range<u64>, offset: u64) -> impl Iterator<Item = (u64, Game)> {
    seeds.filter_map(move |seed| {
        let (mut game, mut rng) = random_game((seed % 11) as u8, seed + offset)?;
        if matches!(game.contract(), Contract::Sie { .. }) {
            return None;
        }
        finish_randomly(&mut game, &mut rng);
        Some((seed, game))
    })
}

/// The cards that keep a solved position's value.
fn best_cards(solution: &Solution) -> Vec<Card> {
    solution
        .cards
        .iter()
        .filter(|(_, v)| *v == solution.value)
        .map(|(c, _)| *c)
        .collect()
}

#[test]
fn analysis_agrees_with_solve_on_every_prefix() {
    let mut checked = 0;
    for (seed, game) in played_games(0..40, 1000) {
        let mut analysis_solver = Solver::with_budget(4 << 20);
        let analysis = analyze(&game, &mut analysis_solver).unwrap();
        assert_eq!(analysis.plays.len(), game.played_count());
        assert!(analysis.result.is_some());
        let plays = game.plays();
        let mut fresh = Solver::with_budget(4 << 20);
        let mut position = Game::new(game.setup().clone());
        let mut totals = [(0u32, 0u32, 0u32); 4];
        for (i, p) in analysis.plays.iter().enumerate() {
            // Check a third of the positions against a fresh solver (all would be slow).
            if i % 3 == seed as usize % 3 {
                let solution = fresh.solve(&position).unwrap();
                assert_eq!(p.before, solution.value, "play {i}");
                let own = solution.cards.iter().find(|(c, _)| *c == p.card).unwrap().1;
                assert_eq!(p.after, own, "play {i}");
                assert_eq!(p.best, best_cards(&solution));
            }
            assert_eq!((Seat::new(p.seat).unwrap(), p.card), plays[i]);
            assert_eq!(p.trick, i / 4);
            // A best card costs nothing; any other costs what separates it from the best.
            assert_eq!(p.cost == 0, p.best.contains(&p.card) || p.before == p.after);
            assert_eq!(p.cost, p.before.abs_diff(p.after));
            let t = &mut totals[p.seat as usize];
            t.0 += 1;
            t.1 += (p.cost > 0) as u32;
            t.2 += p.cost as u32;
            position.play(p.card).unwrap();
        }
        for (seat, summary) in analysis.players.iter().enumerate() {
            assert_eq!(summary.seat as usize, seat);
            assert_eq!(
                (summary.cards, summary.mistakes, summary.cost),
                totals[seat]
            );
        }
        checked += 1;
    }
    assert!(checked >= 30, "{checked}");
}

#[test]
fn judging_a_card_agrees_with_solving_every_card() {
    // Every position of four random games of each kind: the position's value, the played
    // card's value and the best cards, from one zero-window test per card (`judge`, one
    // solver for the game) against the exact value of every card (`solve`, its own solver).
    let mut judged = 0;
    for (seed, game) in played_games(0..44, 2000) {
        let mut judge = Solver::with_budget(4 << 20);
        let mut solve = Solver::with_budget(4 << 20);
        let mut position = Game::new(game.setup().clone());
        for (_, card) in game.plays() {
            let j = judge.judge(&position, card).unwrap();
            let s = solve.solve(&position).unwrap();
            assert_eq!(j.value, s.value);
            assert_eq!(j.after, s.cards.iter().find(|(c, _)| *c == card).unwrap().1);
            assert_eq!(j.best, best_cards(&s), "seed {seed}");
            position.play(card).unwrap();
            judged += 1;
        }
        // A card that is not legal here is refused by name, not judged.
        let first = game.plays()[0].1;
        let over = judge.judge(&position, first);
        assert!(
            matches!(
                over,
                Err(Error::IllegalPlay {
                    reason: IllegalReason::HandOver,
                    ..
                })
            ),
            "{over:?}"
        );
    }
    assert!(judged >= 1000, "{judged}");
}
