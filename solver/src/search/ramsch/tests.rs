use super::super::layout::bits;
use super::outcomes::{outcomes, sure_tricks};
use super::*;
use crate::contract::Contract;
use crate::options::Jungfrau;
use crate::search::position::Position;

/// Runs `f` on the context of a long-deck Ramsch under default rules, for seat 0.
fn with_context(f: impl FnOnce(&SettlementContext, &Layout)) {
    with_options(Options::default(), f);
}

/// Runs `f` on the context of a long-deck Ramsch under `options`, for seat 0.
fn with_options(options: Options, f: impl FnOnce(&SettlementContext, &Layout)) {
    let layout = Layout::of_contract(Contract::Ramsch);
    let cx = SettlementContext::new(
        Layout::of_contract(Contract::Ramsch),
        &options,
        Seat::S0,
        [0; 4],
    );
    f(&cx, &layout);
}

fn state(layout: &Layout, hands: [&str; 4]) -> State {
    State {
        pos: Position {
            hands: layout.hands(hands),
            trick: [0; 4],
            trick_len: 0,
            win: 0,
            leader: Seat::S0,
            searched: false,
            got: 0,
            assigned: 0,
        },
        points: [0; 4],
        tricks: [0; 4],
        trumps: [0; 4],
        top: [0; 4],
    }
}

#[test]
fn a_seat_with_more_trumps_than_the_others_hold_above_his_lowest_takes_a_trick() {
    with_context(|cx, layout| {
        // Seat 0 holds the top trump: sure. Seat 1 holds GO and H8, and the others hold
        // three trumps above H8 (EO, HZ, H9): not sure; nor seat 2 (H7) nor seat 3 (HZ H9
        // against EO and GO above H9).
        let s = state(layout, ["EO EA", "GO H8", "H7 GA", "HZ H9"]);
        assert_eq!(sure_tricks(cx, &s), [true, false, false, false]);
        let s = state(layout, ["EO EA", "GO HA", "H7 GA", "E7 G7"]);
        // Seat 1: GO and HA; above HA the others hold EO only: 2 > 1.
        assert_eq!(sure_tricks(cx, &s), [true, true, false, false]);
    });
}

#[test]
fn bounds_know_a_loser_and_a_seat_passed_for_sure() {
    with_context(|cx, layout| {
        // Two tricks left worth 6 (GO and SO): seat 1 has 80, more than seat 0 can reach,
        // so seat 0 does not lose, and with every seat holding a trick he is paid 1.
        let mut s = state(layout, ["E7 E8", "G7 G8", "S7 S8", "GO SO"]);
        s.points = [10, 80, 24, 0];
        s.tricks = [1, 3, 1, 1];
        assert_eq!(outcomes(cx, &s).range(), (1, 1));
        // Seat 0 has 70: nobody else can reach it, so he loses. Seat 3 has no trick yet
        // and may stay without one (he pays him double then): -4 to -3; holding the top
        // trump he surely takes one: -3.
        s.points = [70, 26, 18, 0];
        s.tricks = [3, 2, 1, 0];
        let mut s2 = s;
        s2.pos.hands = layout.hands(["E7 E8", "G7 G8", "GO SO", "S7 S8"]);
        assert_eq!(outcomes(cx, &s2).range(), (-4, -3));
        assert_eq!(outcomes(cx, &s).range(), (-3, -3));
    });
}

#[test]
fn what_is_left_once_a_way_to_end_is_ruled_out() {
    with_context(|cx, layout| {
        // Two tricks left, none taken, no trumps: under default rules (one loser, Jungfrau
        // doubled once each, Durchmarsch by tricks) he may escape (1, or 2 as a Jungfrau),
        // lose (with two of the others left without a trick: 5; three would leave him
        // every trick, a Durchmarsch), or see a Durchmarsch (3 or -1).
        let s = state(layout, ["E7 E8", "G7 G8", "S7 S8", "EK GK"]);
        let o = outcomes(cx, &s);
        assert_eq!(o.loses, Some((-5, -5)));
        assert_eq!(o.escapes, Some((1, 2)));
        assert!(o.loses.is_some() && o.escapes.is_some() && o.mine && o.theirs);
        // Not losing, the least is another's Durchmarsch; losing, the most his own.
        assert_eq!(o.least_unless_losing(), -1);
        assert_eq!(o.most_unless_escaping(false), 3);
        // With every seat taking a trick nobody takes all of them, and nobody is paid
        // double: he escapes paid 1 (a loss paying 3 is out of the range above).
        let all = o.if_all_take_one(cx);
        assert_eq!((all.loses, all.escapes), (None, Some((1, 1))));
        assert!(!all.mine && !all.theirs);
    });
}

#[test]
fn at_most_one_seat_without_a_trick_bounds_what_a_loser_pays() {
    with_context(|cx, layout| {
        // As above: he may lose paying 5 (two others without a trick). Where
        // he makes two of the others take one, he pays at most 4 (2 to the one left
        // without, 1 to each of the two others); escaping pays at least 1.
        let s = state(layout, ["E7 E8", "G7 G8", "S7 S8", "EK GK"]);
        let o = outcomes(cx, &s);
        assert_eq!(o.least_if_one_takes_none(cx), -4);
    });
    // Where everything doubles, a loser beside one Jungfrau pays 2 to each: 6 (the
    // tallies alone allow two without a trick beside a loser, 12), in a Schieberamsch too
    // (the seats that take no trick are then those passed none). Where the two highest
    // pay, a payer pays two seats, one of them doubled at most where all four seats but
    // one take a trick: 3, or 4 where everything doubles (he may be the one without a
    // trick himself).
    for (form, jungfrau, least) in [
        (RamschForm::LoserPays, Jungfrau::DoubleAll, -6),
        (
            RamschForm::TwoHighestPay,
            Jungfrau::DoubleIndividuallyOnce,
            -3,
        ),
        (RamschForm::TwoHighestPay, Jungfrau::DoubleAll, -4),
        (RamschForm::Schieberamsch, Jungfrau::DoubleAll, -6),
    ] {
        let options = Options {
            ramsch_form: form,
            jungfrau,
            ..Options::default()
        };
        with_options(options, |cx, layout| {
            let s = state(layout, ["E7 E8", "G7 G8", "S7 S8", "EK GK"]);
            let o = outcomes(cx, &s);
            if form != RamschForm::TwoHighestPay {
                assert_eq!(o.loses.map(|(lo, _)| lo), Some(-12));
            }
            assert_eq!(o.least_if_one_takes_none(cx), least);
        });
    }
}

#[test]
fn where_the_two_highest_pay_at_most_two_seats_end_without_a_trick() {
    // Two tricks left, none taken, no trumps: two seats end without a trick (with one
    // seat taking both, it is a Durchmarsch and nobody pays). Losing, he pays both payees
    // double where they are the two (4 under the default rules, 8 where everything
    // doubles: 4 to each of them) or 2 plain (8); escaping, he is paid 2 or as a
    // Jungfrau 4 (8 either way where everything doubles).
    for (jungfrau, loses, escapes) in [
        (Jungfrau::DoubleIndividuallyOnce, (-4, -2), (2, 4)),
        (Jungfrau::DoubleAll, (-8, -8), (8, 8)),
    ] {
        let options = Options {
            ramsch_form: RamschForm::TwoHighestPay,
            jungfrau,
            ..Options::default()
        };
        with_options(options, |cx, layout| {
            let s = state(layout, ["E7 E8", "G7 G8", "S7 S8", "EK GK"]);
            let o = outcomes(cx, &s);
            assert_eq!((o.loses, o.escapes), (Some(loses), Some(escapes)));
            // Every seat taking a trick, nobody is paid double: 2 either way (none of it
            // where everything doubles, out of the range above).
            let all = o.if_all_take_one(cx);
            let plain = (jungfrau == Jungfrau::DoubleIndividuallyOnce).then_some(());
            assert_eq!(all.loses, plain.map(|_| (-2, -2)));
            assert_eq!(all.escapes, plain.map(|_| (2, 2)));
        });
    }
}

/// The settlement of the first seat after each of his first cards, by a solver that widens
/// with `widening`.
fn first_card_settlements(widening: Widening) -> Vec<(crate::cards::Card, i64)> {
    // NetSchafkopf's `baseline-05.10.23_01` game 24, a Ramsch with ties by the highest
    // trump played and every payment doubled by a Jungfrau.
    let record = crate::record::Record::from_json(
        r#"{"hands":["HK S8 HA S7 HU GZ SO EA","SZ G9 EK HZ HO H9 GU G8","H8 GK SU E9 SA S9 GA EO","E8 G7 EZ GO SK EU H7 E7"],"contract":{"game":"ramsch"},"rules":{"ramsch_tie":"highest_trump_played","jungfrau":"double_all"}}"#,
    )
    .expect("the record is valid");
    let start = record.game().expect("the deal is valid");
    let mut solver = crate::search::Solver::new();
    solver.widening = widening;
    start
        .legal_cards()
        .into_iter()
        .map(|card| {
            let mut after = start.clone();
            after.play(card).expect("a legal card");
            let value = solver.settlement_of(&after, Seat::S0).expect("no budget");
            (card, value)
        })
        .collect()
}

#[test]
fn widening_leaves_every_value_as_the_plain_search_finds_it() {
    // Budgets of a few nodes cut nearly every first-trick search of the others short, so
    // every card is settled in rounds, most of them from the table's completed entries.
    let plain = first_card_settlements(Widening {
        first: 0,
        lead: 1,
        rounds: 0,
    });
    let tiny = Widening {
        first: 20,
        lead: 1,
        rounds: 3,
    };
    assert_eq!(first_card_settlements(tiny), plain);
    assert_eq!(first_card_settlements(Widening::DEFAULT), plain);
}

/// A random long-deck Ramsch deal under `rules` (a record's rules object), played at
/// random up to `played` cards: its record text and the game.
fn random_ramsch(
    rng: &mut crate::deal::Rng,
    rules: &str,
    played: usize,
) -> (String, crate::game::Game) {
    let dealt = crate::deal::random_deal(rng, crate::cards::Deck::Long);
    let hands = Seat::ALL.map(|s| format!("\"{}\"", dealt[s]));
    let text = format!(
        r#"{{"hands": [{}], "contract": {{"game": "ramsch"}}, "rules": {}}}"#,
        hands.join(", "),
        rules
    );
    let record = crate::record::Record::from_json(&text).expect("a valid record");
    let mut game = record.game().expect("a valid deal");
    while game.played_count() < played {
        game.play(rng.pick(game.legal_cards()))
            .expect("a legal card");
    }
    (text, game)
}

#[test]
fn the_last_two_tricks_played_out_equal_the_naive_minimax() {
    use crate::contract::Measure;
    use crate::deal::Rng;
    use crate::search::naive::naive_value_in;
    use crate::search::{Frame, Solver};
    use crate::seat::Seats;
    // Every form, tie rule, Jungfrau rule and Durchmarsch option, in turn over the deals.
    let rules = [
        r#"{}"#,
        r#"{"ramsch_form": "two_highest_pay", "jungfrau": "double_all"}"#,
        r#"{"ramsch_form": "schieberamsch", "ramsch_tie": "highest_trump_played"}"#,
        r#"{"jungfrau": "double_individually_multiple", "durchmarsch": "at_least", "durchmarsch_points": 60}"#,
        r#"{"ramsch_form": "two_highest_pay", "jungfrau": "none", "durchmarsch": "none"}"#,
        r#"{"ramsch_tie": "highest_trump_played", "jungfrau": "double_all", "durchmarsch": "at_least", "durchmarsch_points": 50}"#,
    ];
    let mut rng = Rng::new(0x1a57);
    let mut solver = Solver::new();
    for deal in 0..120 {
        let (text, game) = random_ramsch(&mut rng, rules[deal % rules.len()], 24);
        for me in Seat::ALL {
            let frame = Frame {
                counted: Seats::one(me),
                maximizers: Seats::one(me),
                measure: Measure::Settlement,
            };
            let naive = naive_value_in(&game, &frame);
            let unit = super::super::solver::ramsch_unit(&game);
            let outright =
                solver.ramsch(&game, me, |search, root| search.last_two(root, -INF, INF));
            assert_eq!(outright as i64 * unit, naive, "seat {me}: {text}");
            // Within a zero window on either side of the value, fail-soft: a bound on the
            // right side of it.
            let value = (naive / unit) as i32;
            let (low, high) = solver.ramsch(&game, me, |search, root| {
                let low = search.last_two(root, value, value + 1);
                (low, search.last_two(root, value - 1, value))
            });
            assert!(
                low <= value && high >= value,
                "seat {me}: {low} {high}: {text}"
            );
        }
    }
}

/// Whether the others can make "me" end with at least `t` points while one seat of the
/// mask `seats` ends without a trick, by plain minimax over every legal card.
fn forced_keeping_naive(search: &SettlementSearch, s: &State, seats: u8, t: u32) -> bool {
    if s.over() {
        let virgin = (0..4).any(|i| seats & 1 << i != 0 && s.tricks[i] == 0);
        return virgin && s.points[search.cx.me.index()] as u32 >= t;
    }
    let theirs = s.to_move() != search.cx.me;
    let legal = s.pos.legal(&search.cx.layout);
    let mut answers = bits(legal).map(|card| {
        let child = search.child(s, card);
        forced_keeping_naive(search, &child, seats, t)
    });
    match theirs {
        true => answers.any(|forced| forced),
        false => answers.all(|forced| forced),
    }
}

#[test]
fn keeping_one_of_several_seats_without_a_trick_equals_the_naive_minimax() {
    use crate::deal::Rng;
    let mut rng = Rng::new(0x7e57);
    let mut solver = crate::search::Solver::new();
    let (mut positions, mut asked) = (0, [0u32; 2]);
    // Deals played at random to three tricks from the end (and up to three cards into the
    // fourth from the end), kept where two other seats or more are still without a trick.
    for deal in 0..2000 {
        if positions == 30 {
            break;
        }
        let (text, game) = random_ramsch(&mut rng, "{}", 20 + deal % 4);
        let me = game.to_move();
        solver.ramsch(&game, me, |search, root| {
            let lacking = Seat::ALL
                .into_iter()
                .filter(|&x| x != me && root.tricks[x.index()] == 0)
                .fold(0u8, |m, x| m | 1 << x.index());
            if lacking.count_ones() < 2 {
                return;
            }
            positions += 1;
            // Every mask of those seats, the empty one too (the question lost at once).
            for seats in (0..16u8).filter(|m| m & !lacking == 0) {
                for t in [0, 20, 30, 39, 40, 45, 61] {
                    let naive = forced_keeping_naive(search, root, seats, t);
                    let fast = search.forced_to_keeping(root, seats, t);
                    assert_eq!(fast, naive, "seats {seats:#b}, t {t}: {text}");
                    asked[naive as usize] += 1;
                }
            }
        });
    }
    assert_eq!(positions, 30);
    // Both answers come up, so the test compares something.
    assert!(asked[0] > 20 && asked[1] > 20, "{asked:?}");
}

#[test]
fn a_guess_moves_no_settlement() {
    use crate::deal::Rng;
    let mut rng = Rng::new(0x9e55);
    let mut solver = crate::search::Solver::new();
    let mut fresh = crate::search::Solver::new();
    for deal in 0..12 {
        let rules = r#"{"jungfrau": "double_all"}"#;
        let (text, game) = random_ramsch(&mut rng, rules, 16 + deal % 4);
        for seat in Seat::ALL {
            let value = fresh.settlement_of(&game, seat).expect("no budget");
            // Guesses below, at and above every value, and far out of range.
            for guess in [-1_000_000, -24, -6, -3, -1, 1, 2, 3, 12, 1_000_000] {
                let near = solver.settlement_near(&game, seat, Some(guess));
                assert_eq!(near, Ok(value), "seat {seat}, guess {guess}: {text}");
            }
        }
    }
}
