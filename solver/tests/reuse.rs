//! One solver asked about the same deal under other rules, prices and doublings answers as a
//! fresh solver would: a table entry or an ordering history never outlives the setup it was
//! found under (`Setup::plays_and_pays_as`).

use crate::common::{at_table, finish_randomly, random_game, random_options, ContractKind};
use solver::{Game, Rng, Solution, Solver};

/// The game `game` at another table: the same deal and contract under other random rules,
/// Ramsch form and stock (German tables keep their own trumps and partners, which decide
/// the contract). None when the contract is not allowed there.
fn at_another_table(game: &Game, rng: &mut Rng) -> Option<Game> {
    let table = game.setup().options();
    let options = solver::Options {
        german_trump: table.german_trump,
        german_partners: table.german_partners,
        bauernhochzeit: table.bauernhochzeit,
        ..random_options(rng)
    };
    at_table(game, options, 10 * rng.below(5) as i64)
}

/// `game` after the first `n` cards of `line`, if they are legal under its rules.
fn after(game: &Game, line: &[solver::Card], n: usize) -> Option<Game> {
    let mut game = game.clone();
    for card in &line[..n] {
        game.play(*card).ok()?;
    }
    Some(game)
}

fn fresh(game: &Game) -> Solution {
    Solver::new().solve(game).expect("an exact answer")
}

#[test]
fn a_deal_asked_again_under_other_rules_is_answered_as_by_a_fresh_solver() {
    let mut asked = 0;
    let mut differing = 0;
    for seed in 0..400u64 {
        let kind = ContractKind::of_seed(seed);
        let Some((game, mut rng)) = random_game(kind, seed) else {
            continue;
        };
        let Some(other) = at_another_table(&game, &mut rng) else {
            continue;
        };
        let mut played = game.clone();
        finish_randomly(&mut played, &mut rng);
        let line: Vec<_> = played.plays().iter().map(|(_, card)| *card).collect();
        // A Ramsch from its first card is dear to solve: from the fourth trick on.
        let n = if kind == ContractKind::Ramsch { 12 } else { 4 };
        let (Some(a), Some(b)) = (after(&game, &line, n), after(&other, &line, n)) else {
            continue;
        };
        let (want_a, want_b) = (fresh(&a), fresh(&b));
        differing += usize::from(want_a != want_b);
        let mut solver = Solver::new();
        for (position, want) in [(&a, &want_a), (&b, &want_b), (&a, &want_a)] {
            assert_eq!(
                &solver.solve(position).unwrap(),
                want,
                "seed {seed} ({kind:?}), asked after the other table's question"
            );
        }
        asked += 1;
    }
    // The two tables must answer apart often enough for the test to mean something (393
    // deals and 36 apart when written).
    assert!(asked >= 300, "{asked} deals asked at two tables");
    assert!(differing >= 25, "only {differing} deals answered apart");
}
