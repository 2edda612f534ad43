//! A node budget stops a search with an error, and leaves the solver exact afterwards.

use solver::{random_deal, Deck, Error, Record, Rng, Solver};

#[test]
fn a_search_out_of_budget_fails_and_leaves_the_table_exact() {
    for seed in 0..6 {
        let mut rng = Rng::new(seed);
        let hands = random_deal(&mut rng, Deck::Long);
        let hands: Vec<String> = hands.0.iter().map(|h| h.to_string()).collect();
        let line = serde_json::json!({
            "hands": hands,
            "contract": {"game": "wenz", "declarer": 0},
        })
        .to_string();
        let game = Record::from_json(&line).unwrap().game().unwrap();
        let mut solver = Solver::new();
        solver.limit_nodes(Some(50));
        assert_eq!(solver.solve(&game), Err(Error::SearchBudget));
        // Still out of budget until a new limit is set.
        assert_eq!(solver.value(&game), Err(Error::SearchBudget));
        solver.limit_nodes(None);
        let after = solver.solve(&game).unwrap();
        assert_eq!(after, Solver::new().solve(&game).unwrap());
    }
}
