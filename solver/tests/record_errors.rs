//! Every kind of malformed record gets its own, named error.

mod common;

use common::*;
use solver::*;

const HANDS: &str = r#"["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7", "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"]"#;

fn with(hands: &str, contract: &str, play: &str) -> String {
    format!(r#"{{"hands": {hands}, "contract": {contract}, "play": "{play}"}}"#)
}

const SAUSPIEL_G: &str = r#"{"game": "sauspiel", "suit": "G", "declarer": 0}"#;

fn error_of(json: &str) -> Error {
    match Record::from_json(json).and_then(|r| r.game()) {
        Ok(_) => panic!("accepted: {json}"),
        Err(e) => e,
    }
}

#[test]
fn a_valid_record_is_accepted() {
    let game = Record::from_json(&with(HANDS, SAUSPIEL_G, "H8 H7 HK HZ"))
        .unwrap()
        .game()
        .unwrap();
    assert_eq!(game.played_count(), 4);
}

#[test]
fn malformed_json_and_wrong_shapes_are_told_apart() {
    assert_eq!(error_of("{\"hands\": [").code(), "malformed_json");
    assert_eq!(error_of("not json").code(), "malformed_json");
    let e = error_of(r#"{"contract": {"game": "wenz", "declarer": 0}}"#);
    assert_eq!(e.code(), "invalid_record");
    assert!(e.to_string().contains("hands"), "{e}");
    let e = error_of(&with("[1, 2, 3, 4]", SAUSPIEL_G, ""));
    assert_eq!(e.code(), "invalid_record");
    let e = error_of(&format!(r#"{{"hands": {HANDS}}}"#));
    assert_eq!(e.to_string(), "the record has no contract");
}

#[test]
fn a_card_twice_is_named() {
    let hands = r#"["HO GU SU HA H9 H8 GK GK", "GO EU HU H7 EA E9 SK S7", "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"]"#;
    assert_eq!(
        error_of(&with(hands, SAUSPIEL_G, "")).to_string(),
        "card GK appears twice"
    );
    let across = r#"["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7", "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ GK"]"#;
    assert_eq!(
        error_of(&with(across, SAUSPIEL_G, "")),
        Error::DuplicateCard(card("GK"))
    );
}

#[test]
fn a_missing_card_is_named() {
    let hands = r#"["HO GU SU HA H9 H8 GK", "GO EU HU H7 EA E9 SK S7", "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"]"#;
    assert_eq!(
        error_of(&with(hands, SAUSPIEL_G, "")).to_string(),
        "card G8 is missing from the hands"
    );
}

#[test]
fn hands_of_different_sizes_are_named() {
    let hands = r#"["HO GU SU HA H9 H8 GK G8 S8", "GO EU HU H7 EA E9 SK S7", "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ"]"#;
    assert_eq!(
        error_of(&with(hands, SAUSPIEL_G, "")).to_string(),
        "hands must all have 8 cards, but seat 0 has 9"
    );
    let three =
        r#"["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7", "EO SO HK EZ E8 E7 SA S9"]"#;
    assert_eq!(error_of(&with(three, SAUSPIEL_G, "")), Error::HandCount(3));
}

#[test]
fn bad_card_text_and_cards_outside_the_deck_are_named() {
    let hands = r#"["HO GU SU HA H9 H8 GK Q8", "GO EU HU H7 EA E9 SK S7", "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"]"#;
    assert_eq!(
        error_of(&with(hands, SAUSPIEL_G, "")).to_string(),
        "hand of seat 0: 'Q8' is not a card"
    );
    assert_eq!(
        error_of(&with(HANDS, SAUSPIEL_G, "H8 H7 XX")).to_string(),
        "play: 'XX' is not a card"
    );
    let short = format!(r#"{{"deck": "short", "hands": {HANDS}, "contract": {SAUSPIEL_G}}}"#);
    assert_eq!(
        error_of(&short).to_string(),
        "card H8 is not in the short deck"
    );
}

#[test]
fn called_ace_faults_are_named() {
    let herz = r#"{"game": "sauspiel", "suit": "H", "declarer": 0}"#;
    assert_eq!(
        error_of(&with(HANDS, herz, "")),
        Error::UncallableAce(Suit::Herz)
    );
    // Seat 1 holds EA and calls it.
    let own = r#"{"game": "sauspiel", "suit": "E", "declarer": 1}"#;
    assert_eq!(
        error_of(&with(HANDS, own, "")).to_string(),
        "the declarer (seat 1) holds the called ace EA himself"
    );
    // Seat 0 has no plain Eichel card.
    let none = r#"{"game": "sauspiel", "suit": "E", "declarer": 0}"#;
    assert_eq!(
        error_of(&with(HANDS, none, "")).to_string(),
        "the declarer (seat 0) cannot call EA: he holds no plain Eichel card"
    );
    let wrong_partner = r#"{"game": "sauspiel", "suit": "G", "declarer": 0, "partner": 1}"#;
    assert_eq!(
        error_of(&with(HANDS, wrong_partner, "")).code(),
        "bad_value"
    );
}

#[test]
fn contracts_the_variant_does_not_have_are_named() {
    let german = format!(r#"{{"variant": "german", "hands": {HANDS}, "contract": {SAUSPIEL_G}}}"#);
    assert_eq!(
        error_of(&german).to_string(),
        "the german variant has no contract 'sauspiel'"
    );
    let c = r#"{"game": "german", "suit": "E", "declarer": 0}"#;
    assert_eq!(
        error_of(&with(HANDS, c, "")).to_string(),
        "the bavarian variant has no contract 'german'"
    );
    let c = r#"{"game": "schieber", "declarer": 0}"#;
    assert_eq!(
        error_of(&with(HANDS, c, "")).to_string(),
        "unknown game 'schieber'"
    );
    let c = r#"{"game": "solo", "declarer": 0}"#;
    assert_eq!(
        error_of(&with(HANDS, c, "")).to_string(),
        "contract 'solo' needs 'suit'"
    );
    let c = r#"{"game": "wenz", "declarer": 4}"#;
    assert_eq!(error_of(&with(HANDS, c, "")).code(), "bad_value");
    let c = r#"{"game": "bettel", "declarer": 0, "tout": true}"#;
    assert_eq!(error_of(&with(HANDS, c, "")).code(), "bad_value");
    let c = r#"{"game": "sie", "declarer": 0}"#;
    assert_eq!(
        error_of(&with(HANDS, c, "")),
        Error::NoSie { seat: seat(0) }
    );
    let c = r#"{"game": "hochzeit", "declarer": 2, "partner": 2}"#;
    assert_eq!(error_of(&with(HANDS, c, "")).code(), "hochzeit_partner");
    let c = r#"{"game": "german", "suit": "E", "declarer": 0, "wenzels": 5}"#;
    let g = format!(r#"{{"variant": "german", "hands": {HANDS}, "contract": {c}}}"#);
    assert_eq!(error_of(&g).code(), "bad_value");
}

#[test]
fn illegal_plays_name_index_card_seat_and_rule() {
    // Trick 1: H8 H7 HK HZ (seat 3 wins). Trick 2 led by seat 3.
    assert_eq!(
        error_of(&with(HANDS, SAUSPIEL_G, "H8 H7 HK HZ G7 S9")).to_string(),
        "play 5 (S9) is illegal: seat 0 does not hold it"
    );
    // Seat 0 leads a trump: seat 1 holds trumps and may not play SK.
    assert_eq!(
        error_of(&with(HANDS, SAUSPIEL_G, "H8 SK")).to_string(),
        "play 1 (SK) is illegal: seat 1 must follow trumps"
    );
    // Seat 3 holds the called GA: on G8 led it must come, even over G7.
    assert_eq!(
        error_of(&with(HANDS, SAUSPIEL_G, "G8 S7 S9 G7")).to_string(),
        "play 3 (G7) is illegal: seat 3 must play the called ace GA when its suit is led"
    );
    // Seat 3 holds GA G9 G7 (three: too few to run away) and wins trick 1 with HZ: he may
    // lead the ace or another suit, never G9.
    let hands2 = r#"["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7", "EO SO HK EZ E8 E7 SA GZ", "HZ EK GA S9 G9 G7 SZ S8"]"#;
    assert_eq!(
        error_of(&with(hands2, SAUSPIEL_G, "H8 H7 HK HZ G9")).to_string(),
        "play 4 (G9) is illegal: seat 3 holds the called ace GA and may lead no other card \
         of its suit (too few to run away)"
    );
    // Trick 1: SZ SK SA S8, seat 2 wins and leads S9; seat 3, void in Schellen, may not
    // discard the called ace.
    let hands4 = r#"["HO GU SU HA H9 H8 GK SZ", "GO EU HU H7 EA E9 SK S7", "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 G8 S8"]"#;
    assert_eq!(
        error_of(&with(hands4, SAUSPIEL_G, "SZ SK SA S8 S9 GA")).to_string(),
        "play 5 (GA) is illegal: seat 3 may not discard the called ace GA before its suit \
         has been led"
    );
    let full = "H8 H7 HK HZ G7 G8 HU SO SA S8 HA S7 SU GO EO G9 E7 EK H9 E9 HO EU S9 SZ GK SK E8 GA GZ GU EA EZ";
    assert_eq!(
        error_of(&with(HANDS, SAUSPIEL_G, &format!("{full} EO"))).to_string(),
        "play 32 (EO) is illegal: every card has already been played"
    );
}

#[test]
fn stichzwang_is_enforced_when_on() {
    let json = format!(
        r#"{{"hands": {HANDS}, "contract": {{"game": "bettel", "declarer": 0}}, "rules": {{"stichzwang": true}}, "play": "GK GO S9"}}"#
    );
    // Bettel has no trumps: GO is a Gras card below GK. Seat 2 is void: any card.
    assert!(Record::from_json(&json).unwrap().game().is_ok());
    let json = format!(
        r#"{{"hands": {HANDS}, "contract": {{"game": "bettel", "declarer": 0}}, "rules": {{"stichzwang": true}}, "play": "GK GO S9 G7"}}"#
    );
    assert_eq!(
        error_of(&json).to_string(),
        "play 3 (G7) is illegal: seat 3 can beat the trick and must (Stichzwang)"
    );
}

#[test]
fn doublings_beyond_stoss_max_are_named() {
    let json = format!(
        r#"{{"hands": {HANDS}, "contract": {SAUSPIEL_G}, "doublings": {{"kontra": 1, "re": 1}}, "rules": {{"stoss_max": 1}}}}"#
    );
    assert_eq!(
        error_of(&json).to_string(),
        "2 Kontra/Re given, but at most 1 are allowed (stoss_max)"
    );
}

#[test]
fn unknown_option_values_are_named() {
    let json = format!(
        r#"{{"hands": {HANDS}, "contract": {SAUSPIEL_G}, "rules": {{"run_away_count": "sometimes"}}}}"#
    );
    let e = error_of(&json);
    assert_eq!(e.code(), "invalid_record");
    assert!(e.to_string().contains("sometimes"), "{e}");
    let json = format!(r#"{{"deck": "medium", "hands": {HANDS}, "contract": {SAUSPIEL_G}}}"#);
    assert_eq!(error_of(&json).to_string(), "'medium' is not a valid deck");
}

#[test]
fn scoring_an_unfinished_hand_is_an_error() {
    let game = Record::from_json(&with(HANDS, SAUSPIEL_G, "H8 H7"))
        .unwrap()
        .game()
        .unwrap();
    assert_eq!(
        Score::of(&game).unwrap_err().to_string(),
        "the hand is not finished: 2 of 32 cards played"
    );
}
