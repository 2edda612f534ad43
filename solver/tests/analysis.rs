//! `analyze` against `solve`: the same values on every prefix of a game; costs that are
//! never negative; summaries that add up.

use crate::common::*;
use solver::advice::{Advice, Severities};
use solver::options::*;
use solver::*;

/// Random games played out at random, one per seed of `seeds` (of contract kind `seed %
/// 11`, dealt from `seed + offset`); none for Sie (nothing to solve) or a deal that does
/// not allow the kind. Each with its seed.
///
/// A Ramsch is played in the form where one loser pays: a whole deal of the other forms
/// takes the settlement search minutes (docs/performance-log.md, "Ramsch forms"); those are
/// held against the naive search on positions of every size in `oracle.rs`.
fn played_games(seeds: std::ops::Range<u64>, offset: u64) -> impl Iterator<Item = (u64, Game)> {
    seeds.filter_map(move |seed| {
        let (mut game, mut rng) = random_game(ContractKind::of_seed(seed), seed + offset)?;
        if matches!(game.contract(), Contract::Sie { .. }) {
            return None;
        }
        if game.setup().options().ramsch_form != RamschForm::LoserPays {
            game = with_ramsch_form(&game, RamschForm::LoserPays)?;
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
        let mut totals = [(0u32, Severities::default(), 0i64); 4];
        for (i, p) in analysis.plays.iter().enumerate() {
            // No node budget: every value is exact.
            let (before, after, cost) = (p.before.unwrap(), p.after.unwrap(), p.cost.unwrap());
            // Check a third of the positions against a fresh solver (all would be slow).
            if i % 3 == seed as usize % 3 {
                let solution = fresh.solve(&position).unwrap();
                assert_eq!(before, solution.value, "play {i}");
                let own = solution.cards.iter().find(|(c, _)| *c == p.card).unwrap().1;
                assert_eq!(after, own, "play {i}");
                assert_eq!(p.best, best_cards(&solution));
            }
            assert_eq!((p.seat, p.card), plays[i]);
            assert_eq!(p.trick, i / 4);
            // A best card costs nothing; any other costs what separates it from the best.
            assert_eq!(cost == 0, p.best.contains(&p.card) || before == after);
            assert_eq!(cost, (before - after).abs());
            // Only a card that cost something has a severity; one that changed nothing paid
            // is at most an inaccuracy.
            assert!(p.advice.is_none() || cost > 0, "play {i}");
            if p.loss == Some(0) {
                assert!(p.advice <= Some(Advice::Inaccuracy), "play {i}");
                assert_eq!(p.turned, Some(false), "play {i}");
            }
            let t = &mut totals[p.seat as usize];
            t.0 += 1;
            t.1.count(p.advice);
            t.2 += cost;
            position.play(p.card).unwrap();
        }
        for (seat, summary) in analysis.players.iter().enumerate() {
            assert_eq!(summary.seat as usize, seat);
            assert_eq!((summary.cards, summary.advice, summary.cost), totals[seat]);
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

/// A Ramsch is judged by what each player is paid (INTERFACE.md section 2): seat 0, who
/// takes every trick of `examples/games.jsonl` line 14 and wins the Durchmarsch (+30), made
/// no mistake; the others' cards that let him have it cost them money.
#[test]
fn a_durchmarsch_is_no_string_of_mistakes() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/games.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let line = text.lines().nth(13).unwrap();
    let game = Record::from_json(line).unwrap().game().unwrap();
    let analysis = analyze(&game, &mut Solver::with_budget(8 << 20)).unwrap();
    assert_eq!(analysis.measure, Measure::Settlement);
    assert_eq!(
        analysis.result.as_ref().unwrap().payouts,
        [30, -10, -10, -10]
    );
    assert_eq!(
        (analysis.players[0].advice, analysis.players[0].cost),
        (Severities::default(), 0)
    );
    // Every card's value is the settlement of its player: seat 0's last card is worth
    // the +30 he is paid.
    let last_of_0 = analysis
        .plays
        .iter()
        .rev()
        .find(|p| p.seat == Seat::S0)
        .unwrap();
    assert_eq!(last_of_0.after, Some(30));
    let others: i64 = analysis.players[1..].iter().map(|p| p.cost).sum();
    assert!(others > 0);
}

/// A Sie is won without play: its analysis is the result with no cards to judge.
#[test]
fn a_sie_is_analysed_as_won_without_play() {
    let sie = r#"{"hands": ["EO GO HO SO EU GU HU SU", "EA EZ EK E9 E8 E7 GA GZ", "GK G9 G8 G7 HA HZ HK H9", "H8 H7 SA SZ SK S9 S8 S7"], "contract": {"game": "sie", "declarer": 0}}"#;
    let game = Record::from_json(sie).unwrap().game().unwrap();
    let analysis = analyze(&game, &mut Solver::with_budget(1 << 20)).unwrap();
    assert!(analysis.plays.is_empty());
    assert_eq!(analysis.start, Some(120));
    // Eight Laufende: 4 x (50 + 8 x 10) = 520 from each.
    assert_eq!(analysis.result.unwrap().payouts, [1560, -520, -520, -520]);
}
