//! `contracts` against separate searches: each contract's value equals `solve` from the
//! first card, and the outcome flags agree with threshold searches of their own.

use solver::Rng;
use solver::*;

fn record_of(hands: &BySeat<Cards>, deck: Deck) -> Record {
    Record {
        id: Some("deal".into()),
        variant: None,
        deck: Some(deck.name().into()),
        hands: hands.0.iter().map(|h| CardText::from_cards(*h)).collect(),
        contract: None,
        play: CardText::default(),
        doublings: Doublings::default(),
        tariff: Tariff::default(),
        rules: Options::default(),
        stock: None,
        players: None,
        meta: None,
    }
}

#[test]
fn contract_values_and_outcomes_agree_with_separate_searches() {
    for seed in 0..3u64 {
        let mut rng = Rng::new(seed + 77);
        let hands = random_deal(&mut rng, Deck::Short);
        let record = record_of(&hands, Deck::Short);
        let report = contracts(&record, &mut Solver::with_budget(8 << 20)).unwrap();
        assert!(report.declared.is_none());
        assert_eq!(report.seats.len(), 4);
        for seat in &report.seats {
            let expected = announceable(
                Seat::new(seat.seat).unwrap(),
                hands[Seat::new(seat.seat).unwrap()],
                Deck::Short,
            );
            assert_eq!(seat.contracts.len(), expected.len());
            let best = seat.contracts.iter().map(|c| c.settlement).max();
            assert_eq!(seat.best.as_ref().map(|b| b.settlement), best);
            // Every fourth contract against fresh searches (all would be slow).
            for (i, (value, contract)) in seat.contracts.iter().zip(&expected).enumerate() {
                assert_eq!(value.contract, ContractSpec::of(contract));
                if i % 4 != seed as usize % 4 || matches!(contract, Contract::Sie { .. }) {
                    continue;
                }
                let setup = record.setup_with(Deck::Short, hands, *contract).unwrap();
                let game = Game::new(setup);
                let mut fresh = Solver::with_budget(8 << 20);
                assert_eq!(
                    value.value,
                    Some(fresh.solve(&game).unwrap().value),
                    "{contract}"
                );
                let outcome = evaluate(
                    game.setup().clone(),
                    &mut Solver::with_budget(8 << 20),
                    Valuation::Outcome,
                )
                .unwrap();
                assert_eq!(
                    (
                        outcome.won,
                        outcome.schneider,
                        outcome.schwarz,
                        outcome.settlement
                    ),
                    (value.won, value.schneider, value.schwarz, value.settlement),
                    "{contract}"
                );
                assert_eq!(outcome.value, None);
                match contract {
                    Contract::Solo { tout: true, .. } => {
                        assert_eq!(value.won, fresh.at_least(&game, 6).unwrap());
                    }
                    Contract::Bettel { .. } => {
                        assert_eq!(value.won, !fresh.at_least(&game, 1).unwrap());
                    }
                    _ => {
                        let won = fresh.at_least(&game, 61).unwrap();
                        assert_eq!(value.won, won, "{contract}");
                        let schneider = if won {
                            fresh.at_least(&game, 91).unwrap()
                        } else {
                            !fresh.at_least(&game, 31).unwrap()
                        };
                        assert_eq!(value.schneider, schneider, "{contract}");
                        // Schwarz: every trick for the declarers, or none.
                        let side = game.setup().declarers();
                        let tricks = Frame {
                            counted: side,
                            maximizers: side,
                            measure: Measure::Tricks,
                        };
                        let schwarz = if won {
                            fresh.at_least_in(&game, tricks, 6).unwrap()
                        } else {
                            !fresh.at_least_in(&game, tricks, 1).unwrap()
                        };
                        assert_eq!(value.schwarz, schwarz, "{contract}");
                        if schwarz && won {
                            assert_eq!(value.value, Some(120));
                        }
                    }
                }
                let declarer = contract.declarer().unwrap();
                let payouts =
                    declared_payouts(game.setup(), value.won, value.schneider, value.schwarz);
                assert_eq!(value.settlement, payouts[declarer.index()]);
            }
        }
    }
}

#[test]
fn a_played_record_is_compared_with_the_declarers_best() {
    let line = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/games.jsonl"
    ))
    .unwrap();
    // The short-deck Sauspiel of the example log keeps the test quick.
    let record = line
        .lines()
        .map(|l| Record::from_json(l).unwrap())
        .find(|r| {
            r.deck.as_deref() == Some("short") && r.contract.as_ref().unwrap().game == "sauspiel"
        })
        .unwrap();
    let report = contracts(&record, &mut Solver::with_budget(8 << 20)).unwrap();
    let declared = report.declared.unwrap();
    let declarer = record.contract.as_ref().unwrap().declarer.unwrap() as usize;
    assert_eq!(declared.contract, *record.contract.as_ref().unwrap());
    let best = report.seats[declarer].best.as_ref().unwrap();
    assert_eq!(
        declared.best_settlement,
        best.settlement.max(declared.settlement)
    );
    assert!(declared.settlement <= declared.best_settlement);
}

#[test]
fn the_declarers_contracts_read_off_a_known_value_are_the_same() {
    // Every declared game of the example log: the outcomes with the analysis' value of the
    // declared contract given, and searched without it, agree contract by contract.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/games.jsonl"
    ))
    .unwrap();
    let mut compared = 0;
    for record in text.lines().map(|l| Record::from_json(l).unwrap()) {
        let game = record.game().unwrap();
        if game.contract().declarer().is_none() {
            continue;
        }
        let mut solver = Solver::with_budget(8 << 20);
        let start = solver::analyze(&game, &mut solver).unwrap().start;
        let known = declarer_contracts(&record, &mut solver, Some(start)).unwrap();
        let searched =
            declarer_contracts(&record, &mut Solver::with_budget(8 << 20), None).unwrap();
        assert_eq!(known, searched, "{:?}", record.id);
        compared += 1;
    }
    assert!(
        compared >= 3,
        "only {compared} declared games in the example log"
    );
}
