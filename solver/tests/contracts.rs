//! `contracts` against separate searches: each contract's value equals `solve` from the
//! first card, and the outcome flags agree with threshold searches of their own.

use solver::Rng;
use solver::*;
use solver::{options::*, record::*, rules::*, valuation::*};

fn record_of(hands: &BySeat<Cards>, deck: Deck) -> Record {
    Record {
        pack: None,
        id: Some("deal".into()),
        variant: None,
        deck: Some(deck.name().into()),
        hands: hands
            .0
            .iter()
            .map(|h| Some(CardText::from_cards(*h)))
            .collect(),
        round: None,
        passes: Vec::new(),
        auction: None,
        contract: None,
        thrown_in: false,
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
            let expected = announceable(seat.seat, hands[seat.seat], Deck::Short);
            // Announceable contracts, then a Hochzeit per other seat where one may be offered.
            let offers = if may_offer_hochzeit(hands[seat.seat], Deck::Short) {
                3
            } else {
                0
            };
            assert_eq!(seat.contracts.len(), expected.len() + offers);
            let best = seat.contracts.iter().map(|c| c.settlement).max().unwrap();
            assert_eq!(
                seat.best.as_ref().map(Choice::settlement),
                Some(best.max(0))
            );
            // Every fourth contract against fresh searches (all would be slow).
            for (i, (value, contract)) in seat.contracts.iter().zip(&expected).enumerate() {
                assert_eq!(value.contract, *contract);
                if i % 4 != seed as usize % 4 || matches!(contract, Contract::Sie { .. }) {
                    continue;
                }
                let setup = Setup::new(record.deal().unwrap(), *contract).unwrap();
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
                let payouts = declared_payouts(
                    game.setup(),
                    DeclaredOutcome {
                        won: value.won,
                        schneider: value.schneider,
                        schwarz: value.schwarz,
                    },
                );
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
    assert_eq!(
        ContractSpec::of(&declared.contract),
        *record.contract.as_ref().unwrap()
    );
    let best = report.seats[declarer].best.as_ref().unwrap();
    assert_eq!(declared.best_settlement, best.settlement());
    assert!(declared.settlement <= declared.best_settlement);
}

/// Hands where seat 0 was dealt one trump (H7) and seats 2 and 3 have nothing worth a game.
const ONE_TRUMP: &str = r#"["H7 EA EZ EK GA GZ SA SZ", "EO GO HA HZ E9 E8 G9 S9", "HO SO EU HK H9 E7 GK G8", "GU HU SU H8 G7 SK S8 S7"]"#;

#[test]
fn a_seat_dealt_one_trump_is_offered_the_hochzeit() {
    let record = Record::from_json(&format!(r#"{{"hands": {ONE_TRUMP}}}"#)).unwrap();
    let report = contracts(&record, &mut Solver::with_budget(8 << 20)).unwrap();
    let offers: Vec<&ContractValue> = report.seats[0]
        .contracts
        .iter()
        .filter(|c| matches!(c.contract, Contract::Hochzeit { .. }))
        .collect();
    assert_eq!(
        offers
            .iter()
            .map(|c| match c.contract {
                Contract::Hochzeit { partner, .. } => partner,
                _ => unreachable!("filtered to Hochzeit offers"),
            })
            .collect::<Vec<_>>(),
        [Seat::S1, Seat::S2, Seat::S3]
    );
    // Each offer names the card given back, a non-trump of the partner's, and is valued
    // as that Hochzeit played.
    for offer in offers {
        let Contract::Hochzeit { returned, .. } = offer.contract else {
            unreachable!("filtered to Hochzeit offers")
        };
        let spec = serde_json::to_string(&offer.contract).unwrap();
        let played =
            Record::from_json(&format!(r#"{{"hands": {ONE_TRUMP}, "contract": {spec}}}"#)).unwrap();
        let game = played.game().unwrap();
        assert!(game.order().trumps().intersect(returned).is_empty());
        assert_eq!(returned.len(), 1);
        let value = Solver::with_budget(8 << 20).value(&game).unwrap();
        assert_eq!(offer.value, Some(value));
    }
    // Nobody else holds exactly one trump: no Hochzeit for them.
    for seat in &report.seats[1..] {
        assert!(seat
            .contracts
            .iter()
            .all(|c| !matches!(c.contract, Contract::Hochzeit { .. })));
    }
}

#[test]
fn a_declared_hochzeit_is_compared_with_the_seats_own_best() {
    let c = r#"{"game": "hochzeit", "declarer": 0, "partner": 2, "returned": "E7"}"#;
    let record =
        Record::from_json(&format!(r#"{{"hands": {ONE_TRUMP}, "contract": {c}}}"#)).unwrap();
    let report = contracts(&record, &mut Solver::with_budget(8 << 20)).unwrap();
    let declared = report.declared.unwrap();
    let seat = &report.seats[0];
    assert_eq!(
        declared.best_settlement,
        seat.best.as_ref().unwrap().settlement()
    );
    // The declared Hochzeit is among the seat's contracts, valued as declared.
    let own = seat
        .contracts
        .iter()
        .find(|v| v.contract == declared.contract)
        .unwrap();
    assert_eq!(own.settlement, declared.settlement);
    assert!(declared.best_settlement >= declared.settlement);
}

#[test]
fn passing_is_the_best_choice_where_every_contract_loses() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/deal.jsonl"
    ))
    .unwrap();
    let record = Record::from_json(text.lines().next().unwrap()).unwrap();
    let report = contracts(&record, &mut Solver::with_budget(8 << 20)).unwrap();
    for seat in [2, 3] {
        let s = &report.seats[seat];
        assert!(s.contracts.iter().all(|c| c.settlement < 0));
        assert_eq!(
            s.best,
            Some(Choice::Pass {
                pass: true,
                settlement: 0
            })
        );
    }
    assert!(report.all_pass.is_none());
}

#[test]
fn when_all_pass_to_a_ramsch_the_report_says_what_it_gives_each_seat() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/deal.jsonl"
    ))
    .unwrap();
    let mut value: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    value["rules"]["all_pass"] = "ramsch".into();
    let record = Record::from_json(&value.to_string()).unwrap();
    let report = contracts(&record, &mut Solver::with_budget(8 << 20)).unwrap();
    let all_pass = report.all_pass.unwrap();
    assert_eq!(all_pass.game, "ramsch");
    let mut ramsch = value.clone();
    ramsch["contract"] = serde_json::json!({"game": "ramsch"});
    let game = Record::from_json(&ramsch.to_string())
        .unwrap()
        .game()
        .unwrap();
    let mut solver = Solver::with_budget(8 << 20);
    for seat in Seat::ALL {
        assert_eq!(
            all_pass.settlements[seat.index()],
            solver.settlement_of(&game, seat).unwrap()
        );
    }
    // Seat 0 is to move: his settlement is the game's value.
    assert_eq!(all_pass.settlements[0], solver.value(&game).unwrap());
}

/// `all_pass: kreuzbock`, the Muss game's other form: the teams across the table play the
/// hand, forehand's team declaring; what it gives each seat is the Kreuzbock's settlement,
/// team against team.
#[test]
fn when_all_pass_to_a_kreuzbock_the_teams_across_the_table_settle_it() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/deal.jsonl"
    ))
    .unwrap();
    let mut value: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    value["rules"]["all_pass"] = "kreuzbock".into();
    let record = Record::from_json(&value.to_string()).unwrap();
    let report = contracts(&record, &mut Solver::with_budget(8 << 20)).unwrap();
    let all_pass = report.all_pass.unwrap();
    assert_eq!(all_pass.game, "kreuzbock");
    // The same game as a record of it, declared by seat 0: its declarer's settlement.
    let mut kreuzbock = value.clone();
    kreuzbock["contract"] = serde_json::json!({"game": "kreuzbock", "declarer": 0});
    let record = Record::from_json(&kreuzbock.to_string()).unwrap();
    let declared = contracts(&record, &mut Solver::with_budget(8 << 20))
        .unwrap()
        .declared
        .unwrap();
    let s = declared.settlement;
    assert_eq!(all_pass.settlements, [s, -s, s, -s]);
    // Nobody chooses it: it is no seat's contract.
    assert!(report.seats.iter().all(|seat| seat
        .contracts
        .iter()
        .all(|c| !matches!(c.contract, Contract::Kreuzbock { .. }))));
}

#[test]
fn contracts_checks_the_play_of_a_played_record() {
    let c = r#"{"game": "sauspiel", "suit": "G", "declarer": 0}"#;
    let hands = r#"["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7", "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"]"#;
    let record = Record::from_json(&format!(
        r#"{{"hands": {hands}, "contract": {c}, "play": "H8 SK"}}"#
    ))
    .unwrap();
    assert_eq!(
        contracts(&record, &mut Solver::with_budget(1 << 20))
            .unwrap_err()
            .to_string(),
        "play 1 (SK) is illegal: seat 1 must follow trumps"
    );
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
        assert!(start.is_some(), "no node budget: every value is exact");
        let known = declarer_contracts(&record, &mut solver, start).unwrap();
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

/// A table's extra solos are offered where it names them, each form and its Tout, and
/// valued as the others are; a name that is no extra solo is refused.
#[test]
fn extra_solos_are_offered_where_the_table_plays_them() {
    let mut rng = Rng::new(7);
    let hands = random_deal(&mut rng, Deck::Short);
    let mut record = record_of(&hands, Deck::Short);
    let mut solver = Solver::with_budget(1 << 24);
    let count = |report: &ContractsReport, game: &str| {
        report.seats[0]
            .contracts
            .iter()
            .filter(|c| c.contract.game_name() == game)
            .count()
    };
    let plain = contracts(&record, &mut solver).unwrap();
    assert_eq!(count(&plain, "koenig"), 0);
    record.rules.extra_solos = vec!["koenig".into(), "Farbkönig".into(), "pfd".into()];
    let more = contracts(&record, &mut solver).unwrap();
    // König and its Tout; four Farbkönige and their Tout; Ramsch Tout.
    assert_eq!(
        (
            count(&more, "koenig"),
            count(&more, "farbkoenig"),
            count(&more, "ramsch_tout")
        ),
        (2, 8, 1)
    );
    for c in &more.seats[0].contracts {
        let Contract::Solo {
            game, tout: false, ..
        } = c.contract
        else {
            continue;
        };
        if game.game() == GameName::Koenig {
            let mut played = record.clone();
            played.contract = Some(ContractSpec::of(&c.contract));
            let value = solver.solve(&played.game().unwrap()).unwrap().value;
            assert_eq!(c.value, Some(value));
        }
    }
    record.rules.extra_solos = vec!["wenz".into()];
    assert_eq!(
        contracts(&record, &mut solver).unwrap_err().to_string(),
        "'wenz' is not a valid rules.extra_solos entry (koenig, farbkoenig, eisenbahner, \
         farbeisenbahner, obers_unters, ramsch_tout)"
    );
}

/// A table that plays fewer games (`rules.games`) is offered only those, each Tout only
/// where named; a record may still name any game; a name that is no usual game is refused.
#[test]
fn a_table_s_games_are_the_only_ones_offered() {
    let mut rng = Rng::new(8);
    let hands = random_deal(&mut rng, Deck::Long);
    let mut record = record_of(&hands, Deck::Long);
    let mut solver = Solver::with_budget(1 << 24);
    let games = |report: &ContractsReport| -> Vec<(String, bool)> {
        let mut seen: Vec<(String, bool)> = report
            .seats
            .iter()
            .flat_map(|s| &s.contracts)
            .map(|c| {
                let tout = matches!(c.contract, Contract::Solo { tout: true, .. });
                (c.contract.game_name().to_string(), tout)
            })
            .collect();
        seen.sort();
        seen.dedup();
        seen
    };
    let all = games(&contracts(&record, &mut solver).unwrap());
    assert!(all.contains(&("geier".to_string(), false)));
    assert!(all.contains(&("farbgeier".to_string(), true)));
    // The usual Bavarian table: no Geier, no Farbgeier Tout.
    record.rules.games = [
        "sauspiel",
        "solo",
        "solo_tout",
        "wenz",
        "wenz_tout",
        "farbgeier",
        "bettel",
    ]
    .map(String::from)
    .to_vec();
    let fewer = games(&contracts(&record, &mut solver).unwrap());
    for (game, tout) in &fewer {
        let named = if *tout {
            format!("{game}_tout")
        } else {
            game.clone()
        };
        assert!(record.rules.games.contains(&named), "{named} offered");
    }
    assert!(!fewer.iter().any(|(g, _)| g == "geier"));
    assert!(fewer.contains(&("farbgeier".to_string(), false)));
    assert!(!fewer.contains(&("farbgeier".to_string(), true)));
    assert!(!fewer.iter().any(|(g, _)| g == "bettel_ouvert"));
    // A Geier may still be recorded and played at such a table.
    let mut geier = record.clone();
    geier.contract = Some(ContractSpec::of(&Contract::Solo {
        declarer: Seat::S0,
        game: Solo::Geier,
        tout: false,
    }));
    assert!(geier.game().is_ok());
    for bad in ["bettel_tout", "koenig", "schafkopf"] {
        record.rules.games = vec![bad.to_string()];
        let e = contracts(&record, &mut solver).unwrap_err().to_string();
        assert!(
            e.contains(&format!("'{bad}' is not a valid rules.games entry")),
            "{e}"
        );
    }
}
