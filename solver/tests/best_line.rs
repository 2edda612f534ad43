//! The best line (`Solver::best_line`) against `solve`: every card of it keeps the value
//! of its position.

use solver::rules::*;
use solver::*;

fn random_position(
    rng: &mut Rng,
    contract: impl Fn(&BySeat<Cards>) -> Option<Contract>,
    cards: usize,
) -> Game {
    loop {
        let hands = random_deal(rng, Deck::Long);
        let Some(c) = contract(&hands) else { continue };
        let deal = Deal::new(Variant::Bavarian, Deck::Long, hands).unwrap();
        let mut game = Game::new(Setup::new(deal, c).unwrap());
        for _ in 0..cards {
            let card = rng.pick(game.legal_cards());
            game.play(card).unwrap();
        }
        return game;
    }
}

/// Replays `line` from `game`: each card after the first `skip` keeps its position's value.
fn check_line(game: &Game, line: &[Card], skip: usize, solver: &mut Solver) {
    let mut position = game.clone();
    assert_eq!(line.len(), 32 - game.played_count());
    for (i, &card) in line.iter().enumerate() {
        if i >= skip && position.legal_cards().len() > 1 {
            let s = solver.solve(&position).unwrap();
            let v = s.cards.iter().find(|(c, _)| *c == card).unwrap().1;
            assert_eq!(
                v,
                s.value,
                "{}: card {i} ({card}) of {line:?}",
                game.contract()
            );
        }
        position.play(card).unwrap();
    }
    assert!(position.is_over());
}

/// The contract a deal is played in (none: deal again).
type Chooser = Box<dyn Fn(&BySeat<Cards>) -> Option<Contract>>;

#[test]
fn every_card_of_a_best_line_keeps_the_value() {
    let mut rng = Rng::new(25);
    let mut solver = Solver::new();
    let d = Seat::S1;
    let contracts: Vec<(Chooser, usize)> = vec![
        (
            Box::new(move |h: &BySeat<Cards>| {
                callable_aces(h[d], Deck::Long)
                    .first()
                    .map(|&called| Contract::sauspiel(d, called))
            }),
            4,
        ),
        (
            Box::new(move |_: &BySeat<Cards>| {
                Some(Contract::Solo {
                    declarer: d,
                    game: Solo::Farbsolo(Suit::Herz),
                    tout: false,
                })
            }),
            6,
        ),
        (
            Box::new(move |_: &BySeat<Cards>| {
                Some(Contract::Solo {
                    declarer: d,
                    game: Solo::Wenz,
                    tout: false,
                })
            }),
            9,
        ),
        (
            Box::new(move |_: &BySeat<Cards>| {
                Some(Contract::Bettel {
                    declarer: d,
                    ouvert: false,
                    trumps: false,
                })
            }),
            5,
        ),
        (
            Box::new(move |_: &BySeat<Cards>| {
                Some(Contract::Solo {
                    declarer: d,
                    game: Solo::Geier,
                    tout: true,
                })
            }),
            8,
        ),
        (Box::new(|_: &BySeat<Cards>| Some(Contract::Ramsch)), 18),
    ];
    for (contract, cards) in &contracts {
        for _ in 0..3 {
            let game = random_position(&mut rng, contract, *cards);
            let line = solver.best_line(&game, None).unwrap();
            check_line(&game, &line, 0, &mut solver);
            // After a given card, however bad: the rest keeps the value after it.
            let worst = *game
                .legal_cards()
                .into_iter()
                .collect::<Vec<_>>()
                .last()
                .unwrap();
            let after = solver.best_line(&game, Some(worst)).unwrap();
            assert_eq!(after[0], worst);
            check_line(&game, &after, 1, &mut solver);
        }
    }
}

#[test]
fn an_illegal_first_card_is_named() {
    let line = r#"{"hands": ["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7",
      "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"],
      "contract": {"game": "sauspiel", "suit": "G", "declarer": 0}, "play": "H8"}"#;
    let game = Record::from_json(line).unwrap().game().unwrap();
    let e = Solver::new()
        .best_line(&game, Some("EA".parse().unwrap()))
        .unwrap_err();
    assert!(e.to_string().contains("must follow"), "{e}");
}

/// The declaring side's points (or the declarer's tricks) at the end of `line` from `game`.
fn final_value(game: &Game, line: &[Card]) -> i64 {
    let mut g = game.clone();
    for &c in line {
        g.play(c).unwrap();
    }
    let declarers = g.setup().declarers();
    let (points, tricks) = (g.points(), g.trick_counts());
    match g.contract().measure() {
        Measure::Tricks => declarers.iter().map(|s| tricks[s] as i64).sum(),
        _ => declarers.iter().map(|s| points[s] as i64).sum(),
    }
}

#[test]
fn a_costly_cards_lines_end_at_the_values_before_and_after_it() {
    let games = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/games.jsonl"
    ))
    .unwrap();
    let mut solver = Solver::new();
    let mut explained = 0;
    for line in games.lines() {
        let game = Record::from_json(line).unwrap().game().unwrap();
        if matches!(game.contract(), Contract::Ramsch | Contract::Sie { .. }) {
            continue;
        }
        let mut analysis = analyze(&game, &mut solver).unwrap();
        explain(&game, &mut analysis, &mut solver).unwrap();
        let mut position = Game::new(game.setup().clone());
        for play in &analysis.plays {
            match &play.lines {
                None => assert_eq!(play.cost, Some(0)),
                Some(l) => {
                    assert!(play.cost > Some(0));
                    assert!(play.best.contains(&l.best[0]));
                    assert_eq!(l.played[0], play.card);
                    assert_eq!(Some(final_value(&position, &l.best)), play.before);
                    assert_eq!(Some(final_value(&position, &l.played)), play.after);
                    assert!(
                        l.why
                            .to_string()
                            .starts_with(&format!("{} costs", play.card)),
                        "{}",
                        l.why
                    );
                    assert!(l.trick >= play.trick);
                    explained += 1;
                }
            }
            position.play(play.card).unwrap();
        }
    }
    assert!(explained > 10, "{explained}");
}
