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

/// A search whose flag is raised stops with `Cancelled`, from this thread or another, and
/// the solver is exact again once the flag is taken away.
#[test]
fn a_cancelled_search_stops_and_leaves_the_solver_exact() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let record = |seed: u64, contract: serde_json::Value, rules: serde_json::Value| {
        let hands = random_deal(&mut Rng::new(seed), Deck::Long);
        let hands: Vec<String> = hands.0.iter().map(|h| h.to_string()).collect();
        let line = serde_json::json!({"hands": hands, "contract": contract, "rules": rules});
        Record::from_json(&line.to_string())
            .unwrap()
            .game()
            .unwrap()
    };
    let wenz = record(
        3,
        serde_json::json!({"game": "wenz", "declarer": 0}),
        serde_json::json!({}),
    );
    let mut solver = Solver::new();
    let flag = Arc::new(AtomicBool::new(true));
    solver.cancel_when(Some(Arc::clone(&flag)));
    assert_eq!(solver.solve(&wenz), Err(Error::Cancelled));
    solver.cancel_when(None);
    assert_eq!(solver.solve(&wenz), Solver::new().solve(&wenz));

    // Whole-deal Ramsch solves one after another, far more than finish in any reasonable
    // time: raised from another thread while they run, the flag stops the one running.
    let flag = Arc::new(AtomicBool::new(false));
    solver.cancel_when(Some(Arc::clone(&flag)));
    let raiser = {
        let flag = Arc::clone(&flag);
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(200));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let stopped = (0..100_000u64).find_map(|seed| {
        let ramsch = record(
            seed,
            serde_json::json!({"game": "ramsch"}),
            serde_json::json!({"ramsch_form": "two_highest_pay"}),
        );
        solver.solve(&ramsch).err()
    });
    assert_eq!(stopped, Some(Error::Cancelled));
    raiser.join().unwrap();
    solver.cancel_when(None);
    assert_eq!(solver.solve(&wenz), Solver::new().solve(&wenz));
}
