//! Settlements the seeds fix beyond the worked checks: German schneider, the short deck's
//! Sie, the Hochzeit as dealt and doubled, the stock split.

use crate::common::*;
use solver::*;
use solver::{options::*, record::*, rules::*};

/// A deal where nobody counts 5 trumps: seat 0 (EU) must play (RULES.md 8).
const FORCED: [&str; 4] = [
    "EU EA EZ GA GZ HA HZ SA",
    "GU EK EO GK GO HK SZ SK",
    "HU E9 E8 G9 HO H9 SO S9",
    "SU E7 G8 G7 H8 H7 S8 S7",
];

#[test]
fn a_german_forced_game_lost_with_30_is_a_plain_win_for_the_defenders() {
    let deal = hands(FORCED);
    let d = german_declaration(&deal, Wenzels::Four, GermanTrump::Declared);
    assert!(d.forced);
    let game = play_until(deal, d.contract(Wenzels::Four, Partners::Across), 30);
    let score = Score::of(&game).unwrap();
    // Defenders took 90: "more than 90" is schneider, so this is a plain win, and in a
    // forced game the defenders score as declarers would: 1 game point each.
    assert_eq!(
        score.outcome,
        Outcome::Declared {
            won: false,
            schneider: false,
            schwarz: false
        }
    );
    assert_eq!(score.payouts, [-1, 1, -1, 1]);
    let game = play_until(deal, d.contract(Wenzels::Four, Partners::Across), 29);
    let score = Score::of(&game).unwrap();
    assert!(matches!(
        score.outcome,
        Outcome::Declared {
            schneider: true,
            ..
        }
    ));
    assert_eq!(score.payouts, [-2, 2, -2, 2]);
}

#[test]
fn a_bavarian_game_lost_with_30_is_schneider() {
    let deal = hands(FORCED);
    let c = Contract::Solo {
        declarer: seat(0),
        game: Solo::Farbsolo(Suit::Herz),
        tout: false,
    };
    let score = Score::of(&play_until(deal, c, 30)).unwrap();
    assert!(matches!(
        score.outcome,
        Outcome::Declared {
            won: false,
            schneider: true,
            ..
        }
    ));
}

const SHORT_SIE: &str = r#"{"deck": "short", "hands": ["EO GO HO SO EU GU", "HU SU HA HZ HK H9", "EA EZ EK E9 GA GZ", "GK G9 SA SZ SK S9"], "contract": {"game": "sie", "declarer": 0}"#;

#[test]
fn a_short_deck_sie_is_paid_as_a_tout_unless_told() {
    // Six Laufende (EO to GU): a Tout is 2 x (50 + 6 x 10) = 220 from each, a Sie 440.
    let score = |rules: &str| {
        let game = record(&format!("{SHORT_SIE}, \"rules\": {{{rules}}}}}"))
            .game()
            .unwrap();
        Score::of(&game).unwrap().payouts
    };
    assert_eq!(score(""), [660, -220, -220, -220]);
    assert_eq!(score(r#""short_sie": "tout""#), [660, -220, -220, -220]);
    assert_eq!(score(r#""short_sie": "sie""#), [1320, -440, -440, -440]);
}

#[test]
fn a_twenty_card_sie_is_paid_as_a_tout_unless_told() {
    // Five Laufende (EO to EU): a Tout is 2 x (50 + 5 x 10) = 200 from each, a Sie 400.
    const TWENTY_SIE: &str = r#"{"deck": "twenty", "hands": ["HU EZ SK HK SZ", "GU SU GZ EA EK", "EO GO HO SO EU", "SA GA HA HZ GK"], "contract": {"game": "sie", "declarer": 2}"#;
    let score = |rules: &str| {
        let game = record(&format!("{TWENTY_SIE}, \"rules\": {{{rules}}}}}"))
            .game()
            .unwrap();
        Score::of(&game).unwrap().payouts
    };
    assert_eq!(score(""), [-200, -200, 600, -200]);
    assert_eq!(score(r#""short_sie": "sie""#), [-400, -400, 1200, -400]);
}

/// Seat 0 was dealt one trump (H7); seat 2 takes it and gives back E7.
const HOCHZEIT_DEAL: &str = r#"["H7 EA EZ EK GA GZ SA SZ", "EO GO HA HZ E9 E8 G9 S9", "HO SO EU HK H9 E7 GK G8", "GU HU SU H8 G7 SK S8 S7"]"#;

fn hochzeit(contract: &str, rules: &str) -> String {
    format!(r#"{{"hands": {HOCHZEIT_DEAL}, "contract": {contract}, "rules": {{{rules}}}}}"#)
}

const HOCHZEIT_0_2: &str = r#"{"game": "hochzeit", "declarer": 0, "partner": 2, "returned": "E7"}"#;

#[test]
fn a_hochzeit_is_given_as_dealt_and_played_after_the_exchange() {
    let r = record(&hochzeit(HOCHZEIT_0_2, ""));
    let setup = r.setup().unwrap();
    assert_eq!(setup.hands()[seat(0)], cards("E7 EA EZ EK GA GZ SA SZ"));
    assert_eq!(setup.hands()[seat(2)], cards("HO SO EU HK H9 H7 GK G8"));
    assert_eq!(setup.dealt_hands(), hands_of_record(&r));
    // The record written back is the record read: hands as dealt, the card given back.
    let back = Record::from_game(&Game::new(setup));
    assert_eq!(
        back.hands,
        r.hands
            .iter()
            .map(|h| h.as_ref().map(sorted))
            .collect::<Vec<_>>()
    );
    assert_eq!(back.contract.unwrap().returned.as_deref(), Some("E7"));
    // E7 is the partner's to give: seat 0 may lead it.
    let mut game = record(&hochzeit(HOCHZEIT_0_2, "")).game().unwrap();
    assert!(game.play(card("E7")).is_ok());
}

fn hands_of_record(r: &Record) -> BySeat<Cards> {
    *r.deal().unwrap().hands()
}

fn sorted(text: &CardText) -> CardText {
    CardText::from_cards(
        text.cards(Pack::German, "hand")
            .unwrap()
            .into_iter()
            .collect::<Cards>(),
    )
}

#[test]
fn a_hochzeit_is_worth_twice_a_sauspiel_unless_told() {
    let mut rng = Rng::new(7);
    let mut game = record(&hochzeit(HOCHZEIT_0_2, "")).game().unwrap();
    finish_randomly(&mut game, &mut rng);
    let play: Vec<String> = game.plays().iter().map(|(_, c)| c.to_string()).collect();
    let score = |rules: &str| {
        let json = hochzeit(HOCHZEIT_0_2, rules).replace(
            r#""rules""#,
            &format!(r#""play": "{}", "rules""#, play.join(" ")),
        );
        Score::of(&record(&json).game().unwrap()).unwrap()
    };
    let doubled = score("");
    let single = score(r#""hochzeit_double": false"#);
    assert_eq!(doubled.declarers, vec![Seat::S0, Seat::S2]);
    assert!(single.payouts[0].abs() >= 10);
    assert_eq!(doubled.payouts, single.payouts.map(|p| 2 * p));
}

#[test]
fn a_hochzeit_that_could_not_be_offered_is_refused_by_name() {
    let e = |c: &str| {
        Record::from_json(&hochzeit(c, ""))
            .unwrap()
            .setup()
            .unwrap_err()
    };
    assert_eq!(
        e(r#"{"game": "hochzeit", "declarer": 1, "partner": 2, "returned": "E7"}"#).to_string(),
        "seat 1 offers a Hochzeit but was dealt 4 trumps (it takes exactly one; two in a Bauernhochzeit)"
    );
    assert_eq!(
        e(r#"{"game": "hochzeit", "declarer": 0, "partner": 2, "returned": "HO"}"#).to_string(),
        "the card given back in the Hochzeit, HO, is a trump (the partner gives back a \
         non-trump)"
    );
    assert_eq!(
        e(r#"{"game": "hochzeit", "declarer": 0, "partner": 2, "returned": "GA"}"#).to_string(),
        "the card given back in the Hochzeit, GA, is not in the partner's dealt hand"
    );
    assert_eq!(
        e(r#"{"game": "hochzeit", "declarer": 0, "partner": 2}"#).to_string(),
        "contract 'hochzeit' needs 'returned'"
    );
}

const SAUSPIEL: &str = r#"{"hands": ["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7", "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"], "contract": {"game": "sauspiel", "suit": "G", "declarer": 0}, "play": "H8 H7 HK HZ G7 G8 HU SO SA S8 HA S7 SU GO EO G9 E7 EK H9 E9 HO EU S9 SZ GK SK E8 GA GZ GU EA EZ""#;

#[test]
fn a_stock_that_cannot_be_halved_is_refused_never_rounded() {
    let with_stock = |stock: i64| record(&format!("{SAUSPIEL}, \"stock\": {stock}}}")).game();
    assert_eq!(
        with_stock(41).unwrap_err().to_string(),
        "a stock of 41 cannot be split in halves between the Sauspiel's two declarers"
    );
    let score = Score::of(&with_stock(40).unwrap()).unwrap();
    // Declarers 0 and 3 win the Sauspiel (20 each with schneider) and take 20 each.
    assert_eq!(score.payouts, [40, -20, -20, 40]);
    assert_eq!(score.stock_payout, -40);
}

#[test]
fn a_result_reads_as_a_sentence_of_who_won_and_who_was_paid() {
    let examples = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/games.jsonl"
    ));
    let words = |n: usize| {
        let line = examples.lines().nth(n).unwrap();
        Record::from_json(line).unwrap().score().unwrap().in_words()
    };
    // The Sauspiel: seats 0 and 3 took 107 points, schneider.
    assert_eq!(
        words(0),
        "the declarers (seats 0 and 3) won with 107 points in 6 tricks, schneider; \
         payouts +60 -60 -60 +60"
    );
    assert_eq!(
        words(13),
        "Ramsch: a Durchmarsch by seat 0; payouts +30 -10 -10 -10"
    );
    // A Ramsch of the NetSchafkopf log (samples-16.05.20#9): the most points pay, doubled
    // for the seat that took no trick.
    let ramsch = Record::from_json(
        r#"{"id":"samples-16.05.20#9","hands":["HK S9 GO SA GK E8 SK GZ","HZ H7 S8 SU E7 EU E9 G7","H8 GU SZ G9 EO HU EK H9","GA HA EA G8 SO S7 EZ HO"],"contract":{"game":"ramsch"},"play":"E8 E7 EK EZ S7 SK S8 SZ G9 G8 GK G7 GZ E9 EO GA H8 HO GO EU HK H7 H9 SO HA SA HZ HU GU EA S9 SU","tariff":{"base":10,"solo":50,"extra":10,"laufende_price":10,"ramsch_price":10},"rules":{"ramsch_tie":"highest_trump_played","jungfrau":"double_all"},"players":["Gast","PcLinks","PcOben","PcRechts"]}"#,
    )
    .unwrap();
    assert_eq!(
        ramsch.score().unwrap().in_words(),
        "Ramsch: seat 2 pays (without a trick: seat 1); payouts +20 +20 -60 +20"
    );
    let thrown = Record::from_json(
        r#"{"hands": ["EO EU HA EA GA SA E8 H8", "GO GU HZ EZ GZ SZ E7 H7",
            "HO HU HK EK GK SK G8 S8", "SO SU H9 E9 G9 S9 G7 S7"], "thrown_in": true}"#,
    )
    .unwrap();
    assert_eq!(
        thrown.score().unwrap().in_words(),
        "thrown in: nobody played it; payouts +0 +0 +0 +0"
    );
}
