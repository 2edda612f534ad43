//! Every kind of malformed record gets its own, named error.

use crate::common::*;
use solver::*;
use solver::{odds::*, record::*, single_dummy::*};

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
    // Nothing at all is named as such, not as a record cut short.
    let empty = error_of("  ").to_string();
    assert!(empty.contains("the text is empty"), "{empty}");
    assert!(!empty.contains("pretty-printed"), "{empty}");
    assert!(error_of("{\"hands\": [")
        .to_string()
        .contains("pretty-printed"));
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
        "seat 0 has 7 cards, but every hand has 8 (card G8 is missing from the hands)"
    );
}

#[test]
fn hands_of_different_sizes_are_named() {
    let hands = r#"["HO GU SU HA H9 H8 GK G8 S8", "GO EU HU H7 EA E9 SK S7", "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ"]"#;
    assert_eq!(
        error_of(&with(hands, SAUSPIEL_G, "")).to_string(),
        "seat 0 has 9 cards, but every hand has 8"
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
        format!(
            "unknown game 'schieber'; the games are {}",
            GameName::ALL.map(GameName::name).join(", ")
        )
    );
    let c = r#"{"game": "solo", "declarer": 0}"#;
    assert_eq!(
        error_of(&with(HANDS, c, "")).to_string(),
        "contract 'solo' needs 'suit'"
    );
    let c = r#"{"game": "wenz", "declarer": 4}"#;
    assert_eq!(
        error_of(&with(HANDS, c, "")).to_string(),
        "invalid record: contract.declarer: expected a seat 0-3, found integer `4`"
    );
    let c = r#"{"game": "bettel", "declarer": 0, "tout": true}"#;
    assert_eq!(
        error_of(&with(HANDS, c, "")).to_string(),
        "a bettel takes no 'tout'"
    );
    let c = r#"{"game": "sie", "declarer": 0}"#;
    assert_eq!(
        error_of(&with(HANDS, c, "")),
        Error::NoSie { seat: seat(0) }
    );
    let c = r#"{"game": "hochzeit", "declarer": 2, "partner": 2, "returned": "E7"}"#;
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
        "doublings: 2 Kontra/Re given, but at most 1 are allowed (stoss_max)"
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
    assert_eq!(
        error_of(&json).to_string(),
        "unknown deck 'medium'; expected one of long, short, twenty, kop"
    );
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

/// The message of a record refused while reading or validating (not playing).
fn refused(json: &str) -> String {
    error_of(json).to_string()
}

#[test]
fn unknown_and_misspelt_fields_are_refused_by_name_wherever_they_stand() {
    let base = format!(r#""hands": {HANDS}, "contract": {SAUSPIEL_G}"#);
    assert_eq!(
        refused(&format!(r#"{{{base}, "tarif": {{"base": 20}}}}"#)),
        "invalid record: unknown field 'tarif'; expected one of id, variant, pack, deck, \
         hands, round, passes, auction, contract, thrown_in, play, doublings, tariff, rules, \
         stock, players, meta; did you mean tariff?"
    );
    let e = refused(&format!(
        r#"{{{base}, "rules": {{"laufende_minimum": 2}}}}"#
    ));
    assert!(
        e.starts_with("invalid record: unknown field 'laufende_minimum' in rules; expected one of"),
        "{e}"
    );
    assert!(e.ends_with("did you mean laufende_min?"), "{e}");
    let e = refused(&format!(r#"{{{base}, "doublings": {{"bocks": 1}}}}"#));
    assert!(
        e.starts_with("invalid record: unknown field 'bocks' in doublings"),
        "{e}"
    );
    let wenz = r#"{"game": "wenz", "declarer": 0, "suit": "E"}"#;
    assert_eq!(refused(&with(HANDS, wenz, "")), "a wenz takes no 'suit'");
    let ramsch = r#"{"game": "ramsch", "declarer": 0}"#;
    assert_eq!(
        refused(&with(HANDS, ramsch, "")),
        "a ramsch takes no 'declarer'"
    );
    let c = r#"{"game": "sauspiel", "suit": "G", "declarer": 0, "called": "GA"}"#;
    assert!(refused(&with(HANDS, c, "")).contains("unknown field 'called' in contract"));
}

#[test]
fn a_key_given_twice_is_refused() {
    let json =
        format!(r#"{{"hands": {HANDS}, "contract": {SAUSPIEL_G}, "play": "H8", "play": "H8 H7"}}"#);
    assert_eq!(refused(&json), "invalid record: key 'play' given twice");
    let json = format!(
        r#"{{"hands": {HANDS}, "contract": {{"game": "sauspiel", "suit": "G", "suit": "E", "declarer": 0}}}}"#
    );
    assert_eq!(
        refused(&json),
        "invalid record: contract: key 'suit' given twice"
    );
}

#[test]
fn the_users_own_data_in_meta_is_carried_untouched() {
    let meta = r#"{"source": "club", "round": 3, "z": [1, {"a": null}], "b": "x"}"#;
    let r = record(&format!(
        r#"{{"hands": {HANDS}, "contract": {SAUSPIEL_G}, "meta": {meta}}}"#
    ));
    assert_eq!(r.meta.as_ref().map(Meta::text), Some(meta));
    assert!(r.to_json().ends_with(&format!(r#""meta":{meta}}}"#)));
    let e = refused(&format!(
        r#"{{"hands": {HANDS}, "contract": {SAUSPIEL_G}, "meta": [1]}}"#
    ));
    assert_eq!(e, "invalid record: meta: must be an object");
}

#[test]
fn type_errors_name_the_field_and_what_was_found() {
    let c = r#"{"game": "wenz", "declarer": "0"}"#;
    assert_eq!(
        refused(&with(HANDS, c, "")),
        "invalid record: contract.declarer: expected a seat 0-3, found string \"0\""
    );
    let json =
        format!(r#"{{"hands": {HANDS}, "contract": {SAUSPIEL_G}, "tariff": {{"base": "ten"}}}}"#);
    assert_eq!(
        refused(&json),
        "invalid record: tariff.base: expected i64, found string \"ten\""
    );
    let json = format!(
        r#"{{"hands": {HANDS}, "contract": {SAUSPIEL_G}, "rules": {{"jungfrau": "doble_all"}}}}"#
    );
    let e = refused(&json);
    assert!(
        e.starts_with("invalid record: rules.jungfrau: unknown value 'doble_all'"),
        "{e}"
    );
    assert!(e.ends_with("did you mean double_all?"), "{e}");
}

#[test]
fn game_names_players_use_are_read_and_near_misses_suggested() {
    for name in ["Sauspiel", "SAUSPIEL", "rufspiel", "Rufspiel"] {
        let c = format!(r#"{{"game": "{name}", "suit": "G", "declarer": 0}}"#);
        let r = record(&with(HANDS, &c, ""));
        assert_eq!(
            ContractSpec::of(&r.setup().unwrap().contract()).game,
            "sauspiel"
        );
    }
    let c = r#"{"game": "sauspeil", "suit": "G", "declarer": 0}"#;
    assert_eq!(
        refused(&with(HANDS, c, "")),
        "unknown game 'sauspeil'; did you mean sauspiel?"
    );
    let c = r#"{"game": "Bettel Ouvert", "declarer": 0}"#;
    assert!(record(&with(HANDS, c, "")).setup().is_ok());
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let json = format!("\u{feff}{}", with(HANDS, SAUSPIEL_G, "H8"));
    assert_eq!(record(&json).game().unwrap().played_count(), 1);
}

#[test]
fn doublings_no_table_could_make_are_refused() {
    let d = |doublings: &str| {
        refused(&format!(
            r#"{{"hands": {HANDS}, "contract": {SAUSPIEL_G}, "doublings": {doublings}}}"#
        ))
    };
    assert_eq!(
        d(r#"{"re": 1}"#),
        "doublings: 1 Re after 0 Kontra: each Re answers a Kontra"
    );
    assert_eq!(
        d(r#"{"klopfen": 5}"#),
        "doublings: 5 Klopfen, but each of the 4 players knocks at most once"
    );
    assert!(d(r#"{"kontra": 2}"#).starts_with("doublings: 2 Kontra with 0 Re"));
    let ok = format!(
        r#"{{"hands": {HANDS}, "contract": {SAUSPIEL_G}, "doublings": {{"klopfen": 4, "kontra": 2, "re": 1}}, "rules": {{"stoss_max": 3}}}}"#
    );
    assert!(record(&ok).setup().is_ok());
}

#[test]
fn prices_and_stock_outside_the_range_are_refused() {
    let t = |extra: &str| {
        refused(&format!(
            r#"{{"hands": {HANDS}, "contract": {SAUSPIEL_G}, {extra}}}"#
        ))
    };
    assert_eq!(
        t(r#""tariff": {"base": 9223372036854775807}"#),
        "tariff.base is 9223372036854775807; it must be a whole number from 0 to 1000000"
    );
    assert_eq!(
        t(r#""tariff": {"ramsch_price": -1}"#),
        "tariff.ramsch_price is -1; it must be a whole number from 0 to 1000000"
    );
    assert_eq!(
        t(r#""stock": 1000002"#),
        "stock is 1000002; it must be a whole number from 0 to 1000000"
    );
    assert_eq!(
        t(r#""rules": {"stoss_max": 200}"#),
        "rules.stoss_max is 200; it must be a whole number from 0 to 16"
    );
    assert_eq!(
        t(r#""stock": 20, "rules": {"stock": 40}"#),
        "stock is 20 but rules.stock is 40: give it once"
    );
}

#[test]
fn a_german_contract_must_be_the_declaration_of_the_deal() {
    // Count and points tie (6 trumps, 30 points): the higher trump, EU, declares.
    let hands = r#"["SU GA GK GO GZ G9 H7 S7", "EU EA EK EO EZ E9 H8 S8", "GU HA HK HO HZ H9 SA SK", "HU G8 G7 E8 E7 SO SZ S9"]"#;
    let german = |c: &str| format!(r#"{{"variant": "german", "hands": {hands}, "contract": {c}}}"#);
    assert_eq!(
        refused(&german(r#"{"game": "german", "suit": "G", "declarer": 0}"#)),
        "the contract is german G by seat 0, but the deal declares seat 1 with Eichel: 6 \
         trumps, 30 points"
    );
    assert!(
        record(&german(r#"{"game": "german", "suit": "E", "declarer": 1}"#))
            .setup()
            .is_ok()
    );
    assert_eq!(
        error_of(&german(
            r#"{"game": "german", "suit": "E", "declarer": 1, "forced": true}"#
        ))
        .code(),
        "not_the_declaration"
    );
}

/// Game 18 of NetSchafkopf's `samples-16.05.20.txt`, a Schieber round played as a
/// Schellen-Solo, up to its passes.
const SCHIEBER: &str = r#"{"hands":["S7 SK S9 S8 H9 SU HU GZ","GU HO G9 SZ G8 HK H7 G7","HZ EA EZ EK E8 H8 SO HA","GK GA SA E7 E9 EU"],"round":"schieber","passes":[{"to":0,"cards":"EO GO"},{"from":0,"to":1,"cards":"GZ H9"},{"from":1,"to":2,"cards":"GU HO"},{"from":2,"to":3,"cards":"E8 H8"}],"contract":{"game":"solo","suit":"S","declarer":0}"#;

fn schieber(edit: impl Fn(&str) -> String) -> String {
    edit(SCHIEBER) + "}"
}

#[test]
fn a_schieber_round_passes_are_checked_by_name() {
    let game = Record::from_json(&schieber(str::to_string))
        .unwrap()
        .game()
        .unwrap();
    assert_eq!(game.hands()[Seat::S0], cards("EO GO S7 SK S9 S8 SU HU"));
    let fault = |edit: &dyn Fn(&str) -> String| error_of(&schieber(edit)).to_string();
    assert_eq!(
        fault(&|s| s.replace(r#""GU HO""#, r#""GU EA""#)),
        "passes[2]: seat 1 passes EA but does not hold it"
    );
    assert_eq!(
        fault(&|s| s.replace(r#""round":"schieber","#, "")),
        "passes[0]: only a Schieber round, Teufelsrunde or Zupf-Solo passes cards: give `round`"
    );
    assert_eq!(
        fault(&|s| s.replace(r#""from":1,"to":2"#, r#""from":1,"to":7"#)),
        "passes[2]: 7 is not a seat (0 to 3)"
    );
    assert_eq!(
        fault(&|s| s.replace("schieber", "schiber")),
        format!(
            "unknown round 'schiber'; expected one of {}; did you mean schieber?",
            Round::ALL.map(Round::name).join(", ")
        )
    );
    assert_eq!(
        fault(&|s| s.replace(
            r#"{"game":"solo","suit":"S","declarer":0}"#,
            r#"{"game":"wenz","declarer":0}"#
        )),
        "the schieber round is played as a suit solo by seat 0 (forehand), not wenz by seat 0"
    );
    assert_eq!(
        fault(&|s| s.replace(r#""EO GO""#, r#""EO GO HA""#)),
        "card HA appears twice"
    );
    let thrown = schieber(|s| {
        s.replace(
            r#""contract":{"game":"solo","suit":"S","declarer":0}"#,
            r#""thrown_in":true"#,
        )
    });
    assert_eq!(
        error_of(&thrown).to_string(),
        "the hand was thrown in: nobody played it"
    );
    let both = schieber(|s| s.to_string() + r#","thrown_in":true"#);
    assert_eq!(
        Record::from_json(&both)
            .unwrap()
            .score()
            .unwrap_err()
            .to_string(),
        "thrown_in: a hand thrown in has no contract and no play"
    );
}

#[test]
fn odds_of_a_schieber_round_with_hidden_hands_is_refused_by_name() {
    let text = schieber(|s| {
        s.replace(
            r#""GU HO G9 SZ G8 HK H7 G7","HZ EA EZ EK E8 H8 SO HA","GK GA SA E7 E9 EU""#,
            "null,null,null",
        )
    });
    let e = HandQuestion::of_record(&Record::from_json(&text).unwrap(), None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "odds: a record of a schieber shows all four hands (its round is checked against \
         them); give them and ask with --seat N (?seat=N on the API)"
    );
    // With every hand shown, seat 0's view is asked.
    let q = HandQuestion::of_record(
        &Record::from_json(&schieber(str::to_string)).unwrap(),
        Some(Seat::S0),
    );
    assert!(q.is_ok(), "{q:?}");
}

#[test]
fn a_hand_thrown_in_takes_no_kontra_and_no_re() {
    let thrown = |doublings: &str| {
        Record::from_json(&format!(
            r#"{{"hands": ["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7",
                "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"],
                "thrown_in": true, "doublings": {doublings}}}"#
        ))
        .unwrap()
        .score()
    };
    assert_eq!(
        thrown(r#"{"kontra": 1, "re": 1}"#).unwrap_err().to_string(),
        "doublings: 1 Kontra and 1 Re on a hand thrown in: nobody played it, so nobody could \
         double it"
    );
    assert!(thrown(r#"{"kontra": 1}"#).is_err());
    // Klopfen comes before the bidding; a Bock round counts the hand too.
    assert!(thrown(r#"{"klopfen": 1, "bock": 1}"#).is_ok());
}

#[test]
fn a_german_record_takes_no_doubling_and_no_tariff() {
    let german = |extra: &str| {
        Record::from_json(&format!(
            r#"{{"variant": "german", "hands": ["EU GU HU SU EA EZ EK E9",
                "E8 E7 GA GZ GK G9 G8 G7", "EO GO HO SO HA HZ HK H9",
                "H8 H7 SA SZ SK S9 S8 S7"]{extra}}}"#
        ))
        .unwrap()
        .deal()
    };
    assert!(german("").is_ok());
    let doubled = |doublings: &str| {
        german(&format!(r#", "doublings": {doublings}"#))
            .unwrap_err()
            .to_string()
    };
    let reason = "in a German game: the German game doubles nothing; it is paid in game \
                  points towards the match to nine (RULES.md section 8)";
    assert_eq!(
        doubled(r#"{"klopfen": 1}"#),
        format!("doublings: 1 Klopfen {reason}")
    );
    assert_eq!(
        doubled(r#"{"kontra": 1, "re": 1}"#),
        format!("doublings: 1 Kontra, 1 Re {reason}")
    );
    assert_eq!(
        doubled(r#"{"bock": 2}"#),
        format!("doublings: 2 Bock {reason}")
    );
    let tariff = german(r#", "tariff": {"base": 20}"#).unwrap_err();
    assert!(
        tariff
            .to_string()
            .starts_with("tariff: the German game has no tariff"),
        "{tariff}"
    );
}

#[test]
fn a_schieber_thrown_in_part_way_is_judged_from_forehands_view() {
    // Thrown in after forehand's own pass: middlehand and rearhand never passed.
    let partway = schieber(|s| {
        s.replace(
            r#",{"from":1,"to":2,"cards":"GU HO"},{"from":2,"to":3,"cards":"E8 H8"}"#,
            "",
        )
        .replace(
            r#""contract":{"game":"solo","suit":"S","declarer":0}"#,
            r#""thrown_in":true"#,
        )
    });
    let record = Record::from_json(&partway).unwrap();
    // It settles as a hand thrown in.
    assert!(record.score().is_ok());
    // Forehand's odds: his hand after his pass, his suit solos judged.
    let q = HandQuestion::of_record(&record, Some(Seat::S0)).unwrap();
    assert_eq!(q.hand(), cards("EO GO S7 SK S9 S8 SU HU"));
    let o = odds(
        &q,
        Sampling::new(20, 1),
        &mut [Solver::with_budget(1 << 24)],
    )
    .unwrap();
    assert!(!o.contracts.is_empty());
    // Nobody else chooses, and the hands were never complete: named, not "all passes".
    let e = HandQuestion::of_record(&record, Some(Seat::S1)).unwrap_err();
    assert_eq!(e.code(), "incomplete_round");
    let e = record.deal().unwrap_err();
    assert_eq!(
        e.to_string(),
        "the schieber round was thrown in after 2 of its 4 passes: the hands were never \
         complete, so only forehand's view once he had passed can be judged (odds --seat 0)"
    );
    let report = contracts(&record, &mut Solver::with_budget(1 << 24));
    assert_eq!(report.unwrap_err().code(), "incomplete_round");
    // Before forehand passed, not even his hand was final.
    let early = partway.replace(r#",{"from":0,"to":1,"cards":"GZ H9"}"#, "");
    let early = Record::from_json(&early).unwrap();
    let e = HandQuestion::of_record(&early, Some(Seat::S0)).unwrap_err();
    assert_eq!(e.code(), "incomplete_round");
    // And what `contracts` says of it sends nobody to `odds --seat 0`.
    let e = contracts(&early, &mut Solver::with_budget(1 << 24)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the schieber round was thrown in after 1 of its 4 passes: the hands were never \
         complete, so nothing can be judged (forehand had not passed yet: not even his hand \
         was final)"
    );
}

#[test]
fn odds_names_a_card_dealt_twice_before_asking_whose_view() {
    let text = r#"{"variant": "bavarian", "hands": ["HO GU SU HA H9 H8 GK GO",
        "GO EU HU H7 EA E9 SK S7", "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"]}"#
        .replace('\n', "");
    let record = Record::from_json(&text).unwrap();
    for seat in [None, Some(Seat::S1)] {
        let e = HandQuestion::of_record(&record, seat).unwrap_err();
        assert_eq!(e.to_string(), "card GO appears twice", "seat {seat:?}");
    }
}

/// A Zupf-Solo's exchange (RULES.md section 12) checked by name: a card the soloist does not
/// hold, a card taken from another seat than the one given to, a third pass, a declarer who
/// did not exchange, a Zupf-Solo thrown in.
#[test]
fn a_zupf_exchange_is_checked_by_name() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/zupf.jsonl"
    ))
    .unwrap();
    let zupf = text.lines().next().unwrap();
    // The worked check: seat 0 plays with EO for G8, and loses his Herz solo with 42.
    let record = Record::from_json(zupf).unwrap();
    let game = record.game().unwrap();
    let hands = game.setup().deal().hands();
    assert_eq!(hands[Seat::S0], "EO HO GU SU HA H9 H8 GK".parse().unwrap());
    assert!(hands[Seat::ALL[2]].contains("G8".parse().unwrap()));
    assert_eq!(record.score().unwrap().payouts, [-150, 50, 50, 50]);
    let passes =
        r#""passes": [{"from": 0, "to": 2, "cards": "G8"}, {"from": 2, "to": 0, "cards": "EO"}]"#;
    assert!(zupf.contains(passes), "{zupf}");
    let fault = |edit: &str| {
        let r = Record::from_json(&zupf.replace(passes, edit)).unwrap();
        r.game().unwrap_err().to_string()
    };
    assert_eq!(
        fault(
            r#""passes": [{"from": 0, "to": 2, "cards": "EA"}, {"from": 2, "to": 0, "cards": "EO"}]"#
        ),
        "passes[0]: seat 0 passes EA but was not dealt it"
    );
    assert_eq!(
        fault(
            r#""passes": [{"from": 0, "to": 2, "cards": "G8"}, {"from": 1, "to": 0, "cards": "EU"}]"#
        ),
        "passes[1]: the soloist (seat 0) gives a card to another seat and takes one from that \
         same seat: pass 1 goes from seat 2 to seat 0"
    );
    assert!(fault(r#""passes": [{"from": 0, "to": 2, "cards": "G8"}, {"from": 2, "to": 0, "cards": "EO"}, {"from": 1, "to": 0, "cards": "EU"}]"#)
        .contains("a Zupf-Solo has two passes"));
    assert_eq!(
        fault(
            r#""passes": [{"from": 0, "to": 2, "cards": "G8 GK"}, {"from": 2, "to": 0, "cards": "EO SO"}]"#
        ),
        "passes[0]: each pass of a Zupf-Solo is one card"
    );
    let other = zupf
        .replace(r#""declarer": 0"#, r#""declarer": 1"#)
        .replace(r#""play": "#, r#""unplayed": "#);
    let other: serde_json::Value = serde_json::from_str(&other).unwrap();
    let mut other = other.as_object().unwrap().clone();
    other.remove("unplayed");
    let e = Record::from_json(&serde_json::Value::Object(other).to_string())
        .unwrap()
        .setup()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "passes[0]: in a Zupf-Solo the soloist gives first: pass 0 is from seat 1, the declarer"
    );
    let mut thrown: serde_json::Value = serde_json::from_str(zupf).unwrap();
    let fields = thrown.as_object_mut().unwrap();
    fields.remove("contract");
    fields.remove("play");
    fields.insert("thrown_in".into(), true.into());
    let e = Record::from_json(&thrown.to_string())
        .unwrap()
        .score()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "thrown_in: a Zupf-Solo is announced before its exchange: it is played, never thrown in"
    );
}

/// A Hadsch (RULES.md section 12): forehand must play and is doubled against of itself.
#[test]
fn a_hadsch_is_forehands_and_doubled_against() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/hadsch.jsonl"
    ))
    .unwrap();
    let hadsch = text.lines().next().unwrap();
    let record = Record::from_json(hadsch).unwrap();
    // The example Sauspiel's deal as a Hadsch: seat 0 loses the Sauspiel with 40, doubled.
    assert_eq!(record.score().unwrap().payouts, [-20, 20, 20, -20]);
    let fault = |edit: &dyn Fn(&str) -> String| {
        Record::from_json(&edit(hadsch))
            .unwrap()
            .score()
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        fault(&|s| s.replace(r#""doublings": {"kontra": 1}"#, r#""doublings": {}"#)),
        "doublings: a Hadsch is doubled against of itself: its record counts that Kontra \
         (doublings.kontra at least 1)"
    );
    let mut other: serde_json::Value = serde_json::from_str(hadsch).unwrap();
    other["contract"] = serde_json::json!({"game": "sauspiel", "suit": "E", "declarer": 1});
    other.as_object_mut().unwrap().remove("play");
    assert_eq!(
        Record::from_json(&other.to_string())
            .unwrap()
            .setup()
            .unwrap_err()
            .to_string(),
        "the hadsch round is played as a game declared by seat 0 (forehand), not sauspiel E by \
         seat 1"
    );
    let mut thrown: serde_json::Value = serde_json::from_str(hadsch).unwrap();
    let fields = thrown.as_object_mut().unwrap();
    fields.remove("contract");
    fields.remove("play");
    fields.remove("doublings");
    fields.insert("thrown_in".into(), true.into());
    assert_eq!(
        Record::from_json(&thrown.to_string())
            .unwrap()
            .score()
            .unwrap_err()
            .to_string(),
        "thrown_in: in a Hadsch forehand must play: it is never thrown in"
    );
    // Forehand may not pass: his best is a game even where every game loses.
    let mut deal: serde_json::Value = serde_json::from_str(hadsch).unwrap();
    let fields = deal.as_object_mut().unwrap();
    fields.remove("contract");
    fields.remove("play");
    let report = contracts(
        &Record::from_json(&deal.to_string()).unwrap(),
        &mut Solver::with_budget(8 << 20),
    )
    .unwrap();
    assert!(
        matches!(
            report.seats[0].best,
            Some(solver::valuation::Choice::Contract(_))
        ),
        "{:?}",
        report.seats[0].best
    );
    assert!(report.seats[1..].iter().all(|s| s.contracts.is_empty()));
}
