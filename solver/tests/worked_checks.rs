//! RULES.md section 10, one test per worked check.

use crate::common::*;
use solver::*;
use solver::{ledger::*, options::*, record::*, rules::*};

fn winner(contract: Contract, trick: &str) -> (Card, u32) {
    let order = contract.order(Deck::Long);
    let t: Vec<Card> = trick.split_whitespace().map(card).collect();
    let w = order.winner_index(&t);
    (t[w], t.iter().map(|c| c.points() as u32).sum())
}

#[test]
fn sauspiel_called_gras_ace_trumped_by_h7_wins_25() {
    let c = Contract::sauspiel(seat(0), Suit::Gras);
    assert_eq!(winner(c, "GZ GA H7 GK"), (card("H7"), 25));
}

#[test]
fn wenz_ober_is_a_plain_card_below_the_king() {
    let c = Contract::Solo {
        declarer: seat(0),
        game: Solo::Wenz,
        tout: false,
    };
    assert_eq!(winner(c, "EO E9 EK SO"), (card("EK"), 10));
}

#[test]
fn schellen_solo_herz_unter_trumps() {
    let c = Contract::Solo {
        declarer: seat(0),
        game: Solo::Farbsolo(Suit::Schellen),
        tout: false,
    };
    assert_eq!(winner(c, "HA HZ S7 HU"), (card("HU"), 23));
}

#[test]
fn bettel_declarer_taking_a_trick_has_lost() {
    let c = Contract::Bettel {
        declarer: seat(1),
        ouvert: false,
        trumps: false,
    };
    // U ranks above Z in Bettel.
    assert_eq!(winner(c, "EZ EU E9 E8").0, card("EU"));
    let deal = hands([
        "EZ GA GK G9 HA HK S9 S8",
        "EU GO GU G7 HO H7 SO S7",
        "E9 EA EK EO GZ G8 HZ H9",
        "E8 E7 HU H8 SA SZ SK SU",
    ]);
    let mut game = Game::new(setup(deal, c, Deck::Long));
    for t in ["EZ", "EU", "E9", "E8"] {
        game.play(card(t)).unwrap();
    }
    assert_eq!(game.tricks()[0].winner, seat(1));
    finish_randomly(&mut game, &mut Rng::new(7));
    let score = Score::of(&game).unwrap();
    assert_eq!(
        score.outcome,
        Outcome::Declared {
            won: false,
            schneider: false,
            schwarz: false
        }
    );
    assert_eq!(score.payouts, [30, -90, 30, 30]);
}

#[test]
fn partner_of_called_gras_ace_may_play_exactly_these() {
    // Seat 2 holds the called GA; seat 0 declares.
    let deal = hands([
        "EO GO HO SO GZ GK EA HA",
        "EU GU HU HZ HK G8 EZ E9",
        "GA G9 EK E7 SZ S9 H8 SU",
        "H9 H7 G7 E8 SA SK S8 S7",
    ]);
    let c = Contract::sauspiel(seat(0), Suit::Gras);
    let rules = setup(deal, c, Deck::Long).play_rules();
    let hand = deal[seat(2)];
    let legal = |trick: &str| {
        let t: Vec<Card> = trick.split_whitespace().map(card).collect();
        rules.legal(seat(2), hand, &t, false)
    };
    assert_eq!(legal("GZ"), cards("GA"));
    assert_eq!(legal("EA"), cards("EK E7"));
    assert_eq!(legal("HO"), cards("H8 SU"));
    assert_eq!(legal(""), hand.without(cards("G9")));
}

/// Plays random games on `deal` until the declaring side ends with `points`.
#[test]
fn sauspiel_93_with_three_laufende_is_worth_50_and_200_doubled_twice() {
    // Declarer 0 (EO GO) and partner 2 (HO, holder of SA) hold the top three; SO is out.
    let deal = hands([
        "EO GO EU HA HZ EA EZ S7",
        "SO HU H9 E9 GZ G9 SK S8",
        "HO GU SU HK SA GA EK E8",
        "H8 H7 E7 GK G8 G7 SZ S9",
    ]);
    let c = Contract::sauspiel(seat(0), Suit::Schellen);
    let game = play_until(deal, c, 93);
    let score = Score::of(&game).unwrap();
    assert_eq!(score.laufende, 3);
    assert_eq!(score.payouts, [50, -50, 50, -50]);
    let setup = game.setup();
    let doublings = Doublings {
        klopfen: 1,
        kontra: 1,
        re: 0,
        bock: 0,
    };
    let deal = setup
        .deal()
        .clone()
        .with_table(Options::default(), Tariff::default(), doublings, 0)
        .unwrap();
    let doubled = Setup::new(deal, setup.contract()).unwrap();
    let plays: Vec<Card> = game.plays().into_iter().map(|(_, c)| c).collect();
    let again = Game::replay(doubled, &plays).unwrap();
    assert_eq!(Score::of(&again).unwrap().payouts, [200, -200, 200, -200]);
    // A Bock game is played at double tariff: 100 each, and a Bock on top of the Klopfen
    // and the Kontra 400.
    for (doublings, paid) in [
        (
            Doublings {
                bock: 1,
                ..Doublings::default()
            },
            100,
        ),
        (
            Doublings {
                klopfen: 1,
                kontra: 1,
                re: 0,
                bock: 1,
            },
            400,
        ),
    ] {
        let deal = setup
            .deal()
            .clone()
            .with_table(Options::default(), Tariff::default(), doublings, 0)
            .unwrap();
        let bock = Game::replay(Setup::new(deal, setup.contract()).unwrap(), &plays).unwrap();
        assert_eq!(
            Score::of(&bock).unwrap().payouts,
            [paid, -paid, paid, -paid]
        );
    }
    let too_many = Doublings {
        bock: 5,
        ..Doublings::default()
    };
    let e = setup
        .deal()
        .clone()
        .with_table(Options::default(), Tariff::default(), too_many, 0)
        .unwrap_err();
    assert!(e.to_string().contains("bock 5"), "{e}");
}

#[test]
fn wenz_with_two_laufende_and_60_points_loses_210() {
    let deal = hands([
        "EU GU EA EZ GA GZ HA S7",
        "HU EK E9 GK G9 HZ H9 SA",
        "SU EO E8 GO G8 HK H8 SZ",
        "E7 G7 HO H7 SO SK S9 S8",
    ]);
    let c = Contract::Solo {
        declarer: seat(0),
        game: Solo::Wenz,
        tout: false,
    };
    let game = play_until(deal, c, 60);
    let score = Score::of(&game).unwrap();
    assert_eq!(score.laufende, 2);
    assert!(matches!(
        score.outcome,
        Outcome::Declared { won: false, .. }
    ));
    assert_eq!(score.payouts, [-210, 70, 70, 70]);
    // At a 10/20/50 table the Wenz class costs 20: lost with two Laufende, 20 + 20 = 40
    // to each of three.
    let tariff = Tariff {
        wenz: Some(20),
        ..Tariff::default()
    };
    let setup = game.setup();
    let deal = setup
        .deal()
        .clone()
        .with_table(Options::default(), tariff, Doublings::default(), 0)
        .unwrap();
    let plays: Vec<Card> = game.plays().into_iter().map(|(_, c)| c).collect();
    let cheaper = Game::replay(Setup::new(deal, setup.contract()).unwrap(), &plays).unwrap();
    assert_eq!(Score::of(&cheaper).unwrap().payouts, [-120, 40, 40, 40]);
}

#[test]
fn german_eichel_trump_schellen_unter_wins_19() {
    let c = Contract::German {
        declarer: seat(0),
        trump: Suit::Eichel,
        wenzels: Wenzels::Four,
        forced: false,
        partners: Partners::Across,
    };
    let order = c.order(Deck::Long);
    let t = [card("EZ"), card("EO"), card("SU"), card("EK")];
    assert_eq!(t[order.winner_index(&t)], card("SU"));
    assert_eq!(t.iter().map(|c| c.points() as u32).sum::<u32>(), 19);
}

#[test]
fn a_table_may_cap_laufende_and_pay_solos_without_schneider() {
    // The Herz-Solo declarer holds the top six trumps: six Laufende, 50 + 6 x 10 = 110 from
    // each of three; with `laufende_max: 4` 50 + 4 x 10 = 90.
    let six = hands([
        "EO GO HO SO EU GU EA S7",
        "HU EK E9 GK G9 HZ H9 SA",
        "SU EZ E8 GZ G8 HK H8 SZ",
        "E7 G7 HA H7 GA SK S9 S8",
    ]);
    let deal = Deal::new(Variant::Bavarian, Deck::Long, six).unwrap();
    let c = Contract::Solo {
        declarer: seat(0),
        game: Solo::Farbsolo(Suit::Herz),
        tout: false,
    };
    let won = DeclaredOutcome::plain(true);
    let open = Setup::new(deal.clone(), c).unwrap();
    assert_eq!(laufende_paid(&open), 6);
    assert_eq!(declared_payouts(&open, won)[0], 330);
    let capped = Options {
        laufende_max: Some(4),
        ..Options::default()
    };
    let deal = deal
        .with_table(capped, Tariff::default(), Doublings::default(), 0)
        .unwrap();
    let setup = Setup::new(deal, c).unwrap();
    assert_eq!(laufende_paid(&setup), 4);
    assert_eq!(declared_payouts(&setup, won)[0], 270);
    // Won schneider: 50 + 10 + 6 x 10 = 120 each; at a table that pays solos without
    // schneider and schwarz, 110.
    let schneider = DeclaredOutcome {
        won: true,
        schneider: true,
        schwarz: false,
    };
    assert_eq!(declared_payouts(&open, schneider)[0], 360);
    let plain = Options {
        solo_schneider: Some(false),
        ..Options::default()
    };
    let deal = Deal::new(Variant::Bavarian, Deck::Long, six)
        .unwrap()
        .with_table(plain, Tariff::default(), Doublings::default(), 0)
        .unwrap();
    let setup = Setup::new(deal, c).unwrap();
    assert_eq!(declared_payouts(&setup, schneider)[0], 330);
    // In short Schafkopf they always count (the seed): the option is refused there by name,
    // in the twenty-card pack too.
    for (deck, hands) in [
        (
            "short",
            r#""EO GO HO SO EU GU", "HU EK E9 GK G9 HZ", "SU EZ GZ HK SZ SA", "EA HA H9 GA SK S9""#,
        ),
        (
            "twenty",
            r#""EO GO HO SO EU", "GU HU SU EA EZ", "EK GA GZ GK HA", "HZ HK SA SZ SK""#,
        ),
    ] {
        let record = format!(
            r#"{{"deck": "{deck}", "hands": [{hands}], "rules": {{"solo_schneider": false}}}}"#
        );
        let e = Record::from_json(&record).unwrap().deal().unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "rules.solo_schneider: false is a rule of the long pack; with deck {deck} \
                 schneider and schwarz always count in a solo (RULES.md section 6)"
            )
        );
    }
    // A cap below the minimum could never pay: refused by name.
    let r = Record::from_json(
        r#"{"hands": ["EO GO HO SO EU GU EA S7", "HU EK E9 GK G9 HZ H9 SA",
            "SU EZ E8 GZ G8 HK H8 SZ", "E7 G7 HA H7 GA SK S9 S8"],
            "rules": {"laufende_min": 3, "laufende_max": 2}}"#,
    )
    .unwrap();
    assert!(r.deal().unwrap_err().to_string().contains("laufende_max 2"));
    // The same cap under the Sauspiel's default minimum of 3 is refused alike, where the
    // contract is known; a Wenz (default 2) takes it.
    let game = |contract: &str, rules: &str| {
        Record::from_json(&format!(
            r#"{{"hands": ["EO GO HO SO EU GU EA S7", "HU EK E9 GK G9 HZ H9 SA",
                "SU EZ E8 GZ G8 HK H8 SZ", "E7 G7 HA H7 GA SK S9 S8"],
                "contract": {contract}, "rules": {rules}}}"#
        ))
        .unwrap()
        .game()
    };
    let sauspiel = r#"{"game": "sauspiel", "suit": "S", "declarer": 0}"#;
    let default_min = game(sauspiel, r#"{"laufende_max": 2}"#).unwrap_err();
    let explicit = game(sauspiel, r#"{"laufende_min": 3, "laufende_max": 2}"#).unwrap_err();
    assert_eq!(default_min.code(), explicit.code());
    assert!(
        default_min.to_string().contains("laufende_max 2 is below"),
        "{default_min}"
    );
    let wenz = r#"{"game": "wenz", "declarer": 0}"#;
    assert!(game(wenz, r#"{"laufende_max": 2}"#).is_ok());
    // A Wenz refuses a cap of 1 by its own minimum; games without Laufende take any cap.
    let wenz_cap = game(wenz, r#"{"laufende_max": 1}"#).unwrap_err();
    assert!(
        wenz_cap.to_string().contains("default minimum, 2"),
        "{wenz_cap}"
    );
    for contract in [
        r#"{"game": "ramsch"}"#,
        r#"{"game": "bettel", "declarer": 0}"#,
    ] {
        assert!(
            game(contract, r#"{"laufende_max": 1}"#).is_ok(),
            "{contract}"
        );
    }
}

fn solo_of(game: Solo) -> Contract {
    Contract::Solo {
        declarer: seat(0),
        game,
        tout: false,
    }
}

#[test]
fn koenig_and_eisenbahner_put_kings_or_tens_where_the_wenz_has_unters() {
    // König: the kings alone are trumps, E above G above H above S; Ober and Unter are
    // plain cards between ten and nine.
    assert_eq!(
        winner(solo_of(Solo::Koenig), "EA EZ SK EO"),
        (card("SK"), 28)
    );
    assert_eq!(
        winner(solo_of(Solo::Koenig), "EO EU E9 HK"),
        (card("HK"), 9)
    );
    assert_eq!(
        winner(solo_of(Solo::Koenig), "EO EU E9 E8"),
        (card("EO"), 5)
    );
    // Farbkönig in Herz: the kings, then the Herz cards.
    let farbkoenig = solo_of(Solo::Farbkoenig(Suit::Herz));
    assert_eq!(winner(farbkoenig, "HA H7 GK EA"), (card("GK"), 26));
    // Eisenbahner: the tens are trumps; the king ranks just below the ace.
    assert_eq!(
        winner(solo_of(Solo::Eisenbahner), "EA EK SZ GZ"),
        (card("GZ"), 35)
    );
    assert_eq!(
        winner(solo_of(Solo::Eisenbahner), "EK EO E9 EU"),
        (card("EK"), 9)
    );
    let farb = solo_of(Solo::Farbeisenbahner(Suit::Schellen));
    assert_eq!(winner(farb, "GA S7 GK GO"), (card("S7"), 18));
    // Both are of the Wenz class: 2 Laufende paid and the Wenz price.
    assert_eq!(solo_of(Solo::Koenig).default_laufende_min(), 2);
    assert!(Solo::Eisenbahner.wenz_class() && !Solo::ObersUnters.wenz_class());
}

#[test]
fn obers_and_unters_without_a_trump_suit() {
    let c = solo_of(Solo::ObersUnters);
    assert_eq!(c.order(Deck::Long).trumps().len(), 8);
    // Herz is a plain suit: HA is beaten by a trump, takes over H7.
    assert_eq!(winner(c, "HA H7 SU HZ"), (card("SU"), 23));
    assert_eq!(winner(c, "HA H7 HK HZ"), (card("HA"), 25));
}

#[test]
fn ramsch_tout_is_a_bettel_with_the_ramsch_trumps() {
    let tout = Contract::Bettel {
        declarer: seat(0),
        ouvert: false,
        trumps: true,
    };
    assert_eq!(tout.game_name(), "ramsch_tout");
    // The declarer leads EA; H7 is a trump and takes it from him.
    assert_eq!(winner(tout, "EA H7 EK EZ"), (card("H7"), 25));
    let bettel = Contract::Bettel {
        declarer: seat(0),
        ouvert: false,
        trumps: false,
    };
    assert_eq!(winner(bettel, "EA H7 EK EZ"), (card("EA"), 25));
    assert_eq!(tout.measure(), Measure::Tricks);
    assert!(!tout.has_laufende());
}

/// The crate's example Sauspiel (seat 0 calls the Gras ace, seat 3 holds it; they win 20
/// each), with extra JSON fields.
fn example_sauspiel(extra: &str) -> Record {
    Record::from_json(&format!(
        r#"{{"hands": ["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7",
          "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"],
          "contract": {{"game": "sauspiel", "suit": "G", "declarer": 0}},
          "play": "H8 H7 HK HZ G7 G8 HU SO SA S8 HA S7 SU GO EO G9 E7 EK H9 E9 HO EU S9 SZ GK SK E8 GA GZ GU EA EZ",
          "players": ["Sepp", "Resi", "Hans", "Vroni"]{extra}}}"#
    ))
    .unwrap()
}

#[test]
fn the_stock_goes_to_the_side_in_halves_or_to_the_declarer_alone() {
    let split = example_sauspiel(r#", "stock": 40"#).score().unwrap();
    assert_eq!(
        (split.payouts, split.stock_payout),
        ([40, -20, -20, 40], -40)
    );
    let declarer = example_sauspiel(r#", "stock": 40, "rules": {"stock_rule": "declarer"}"#)
        .score()
        .unwrap();
    assert_eq!(
        (declarer.payouts, declarer.stock_payout),
        ([60, -20, -20, 20], -40)
    );
    // An odd stock cannot be split, but the declarer may take it whole.
    assert_eq!(
        example_sauspiel(r#", "stock": 15"#)
            .score()
            .unwrap_err()
            .code(),
        "stock_not_split"
    );
    let odd = r#", "stock": 15, "rules": {"stock_rule": "declarer"}"#;
    assert_eq!(
        example_sauspiel(odd).score().unwrap().payouts,
        [35, -20, -20, 20]
    );
}

#[test]
fn a_hand_thrown_in_feeds_the_stock_the_next_declarer_wins() {
    let rules = r#"{"thrown_in_stock": 10, "stock_rule": "declarer"}"#;
    let thrown = Record::from_json(&format!(
        r#"{{"hands": ["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7",
          "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"], "thrown_in": true,
          "rules": {rules}, "players": ["Sepp", "Resi", "Hans", "Vroni"]}}"#
    ))
    .unwrap();
    let score = thrown.score().unwrap();
    assert_eq!((score.payouts, score.stock_payout), ([-10; 4], 40));
    // The ledger carries the 40 into the next game, which Sepp declares and wins.
    let mut ledger = Ledger::new();
    ledger.add(&thrown).unwrap();
    let next = ledger
        .add(&example_sauspiel(&format!(r#", "rules": {rules}"#)))
        .unwrap();
    assert_eq!((next.payouts, next.stock), ([60, -20, -20, 20], 0));
    assert_eq!(next.totals, [50, -30, -30, 10]);
}

#[test]
fn the_twenty_card_pack_deals_five_and_still_counts_120() {
    assert_eq!(
        (Deck::Twenty.cards().len(), Deck::Twenty.cards().points()),
        (20, 120)
    );
    assert_eq!(Deck::Twenty.hand_size(), 5);
    assert!(holds_sie(cards("EO GO HO SO EU"), Deck::Twenty));
    assert!(!holds_sie(cards("EO GO HO SO GU"), Deck::Twenty));
    // The Sauspiel's trumps: the eight Obers and Unters, then HA HZ HK.
    let order = Contract::Ramsch.order(Deck::Twenty);
    let trumps: Vec<String> = order.trump_list().iter().map(|c| c.to_string()).collect();
    assert_eq!(trumps.join(" "), "EO GO HO SO EU GU HU SU HA HZ HK");
    // A record of the 20-card pack reads, and a 9 in it is named.
    let record = r#"{"deck": "twenty", "hands": ["EO GO EA EZ GK", "HO SO GA GZ EK",
        "EU GU SA SZ SK", "HU SU HA HZ HK"], "contract": {"game": "sauspiel", "suit": "G",
        "declarer": 0}}"#;
    let game = Record::from_json(record).unwrap().game().unwrap();
    assert_eq!(game.setup().trick_count(), 5);
    let nine = record.replace("EK\"", "E9\"");
    assert_eq!(
        Record::from_json(&nine)
            .unwrap()
            .game()
            .unwrap_err()
            .to_string(),
        "card E9 is not in the twenty deck"
    );
}

/// NetSchafkopf's `baseline-05.10.23_02.txt` game 79: PcRechts (seat 3, holding EO) calls
/// the Eichel ace and his side takes exactly 60.
const SIXTY: &str = r#"{"hands":["SK EU SZ GO G8 HU S7 SO","HZ G9 GU S9 SA EK GZ EA","HK EZ GK HO GA E8 E9 G7","HA EO H7 H8 E7 H9 SU S8"],"contract":{"game":"sauspiel","suit":"E","declarer":3},"play":"S7 SA HO S8 EZ E7 HU EA SZ S9 G7 HA EO EU HZ HK H9 GO GU GK SK EK E8 SU H8 SO G9 GA G8 GZ E9 H7","tariff":{"base":2,"solo":5,"extra":1,"laufende_price":1}}"#;

/// The same protocol's game 36: seat 3 (EO) calls the Eichel ace and his side takes 90.
const NINETY: &str = r#"{"hands":["G9 E8 GK EU H8 S8 SZ HA","SA G7 GU EK EA HZ H9 S9","SK HU E7 E9 SU GO GZ SO","S7 HO EO G8 GA EZ H7 HK"],"contract":{"game":"sauspiel","suit":"E","declarer":3},"play":"E8 EA E7 EZ GU SO HO H8 EO EU HZ SU H7 HA H9 HU GO HK SZ G7 E9 S7 S8 EK SA SK G8 G9 S9 GZ GA GK","tariff":{"base":2,"solo":5,"extra":1,"laufende_price":1}}"#;

/// The record as the Muss game of a table that plays Muss.
fn muss(record: &str) -> String {
    record
        .replace(r#""declarer":3}"#, r#""declarer":3,"forced":true}"#)
        .replace(r#""tariff""#, r#""rules":{"all_pass":"muss"},"tariff""#)
}

#[test]
fn a_muss_game_is_won_with_60_and_schneider_at_90() {
    let targets = Targets::muss(120);
    assert_eq!(targets.won_schneider(60), (true, false));
    assert_eq!(targets.won_schneider(59), (false, false));
    assert_eq!(targets.won_schneider(30), (false, false));
    assert_eq!(targets.won_schneider(29), (false, true));
    assert_eq!(targets.won_schneider(90), (true, true));
    let score = |r: &str| Record::from_json(r).unwrap().score().unwrap().payouts;
    // 60 loses an ordinary Sauspiel and wins the Muss game.
    assert_eq!(score(SIXTY), [2, -2, 2, -2]);
    assert_eq!(score(&muss(SIXTY)), [-2, 2, -2, 2]);
    // 90 wins an ordinary Sauspiel plainly and the Muss game schneider (2 + 1).
    assert_eq!(score(NINETY), [-2, 2, -2, 2]);
    assert_eq!(score(&muss(NINETY)), [-3, 3, -3, 3]);
    // The record prints and reads back as the Muss game it is.
    let game = Record::from_json(&muss(SIXTY)).unwrap().game().unwrap();
    let again = Record::from_game(&game);
    assert!(again.contract.as_ref().unwrap().forced);
    assert_eq!(again.score().unwrap().payouts, [-2, 2, -2, 2]);
}

/// Kontra übernimmt (`kontra_takes_over`): a game doubled by Kontra is the defenders' to
/// win with 61, so the declarers win with 60 and schneider with 90; without the Kontra, or
/// without the rule, the targets are the usual ones.
#[test]
fn a_kontra_takes_the_game_over_at_a_table_that_says_so() {
    let with = |record: &str, kontra: bool, rule: bool| {
        let doublings = if kontra {
            r#""doublings":{"kontra":1},"#
        } else {
            ""
        };
        record.replace(
            r#""tariff""#,
            &format!(r#"{doublings}"rules":{{"kontra_takes_over":{rule}}},"tariff""#),
        )
    };
    let score = |r: &str| Record::from_json(r).unwrap().score().unwrap().payouts;
    // 60: lost by the declarers (doubled by the Kontra), won where the Kontra took over.
    assert_eq!(score(&with(SIXTY, true, false)), [4, -4, 4, -4]);
    assert_eq!(score(&with(SIXTY, true, true)), [-4, 4, -4, 4]);
    assert_eq!(score(&with(SIXTY, false, true)), [2, -2, 2, -2]);
    // 90: won plainly, and schneider where the Kontra took over ((2 + 1) x 2).
    assert_eq!(score(&with(NINETY, true, false)), [-4, 4, -4, 4]);
    assert_eq!(score(&with(NINETY, true, true)), [-6, 6, -6, 6]);
    // The players' view judges by the same targets: the outcome changes at 60 and 90.
    let game = Record::from_json(&with(SIXTY, true, true))
        .unwrap()
        .game()
        .unwrap();
    assert_eq!(Targets::of(game.setup()), Targets::muss(120));
}

/// Blattla: no Wenzels, Herz always trumps (RULES.md section 8): the trumps are the eight
/// Herz, Ober and Unter in their suits; the declaration counts Herz; either rule alone is
/// refused by name.
#[test]
fn blattla_counts_herz_and_plays_without_wenzels() {
    let lines = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/blattla.jsonl"
    ))
    .unwrap();
    let records: Vec<Record> = lines
        .lines()
        .map(|l| Record::from_json(l).unwrap())
        .collect();
    let game = records[0].game().unwrap();
    let trumps: Vec<String> = game
        .setup()
        .order()
        .trump_list()
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(trumps.join(" "), "HA HK HO HU HZ H9 H8 H7");
    let declared = german_declaration(
        game.setup().deal().hands(),
        Wenzels::Zero,
        GermanTrump::Herz,
    );
    assert_eq!(
        (
            declared.declarer,
            declared.trump,
            declared.count,
            declared.points,
            declared.forced
        ),
        (seat(1), Suit::Herz, 5, 30, false)
    );
    assert_eq!(records[0].score().unwrap().payouts, [-1, 1, -1, 1]);
    // Nobody holds five Herz: the holder of EU plays a forced game, won schwarz here.
    let forced = german_declaration(
        records[1].deal().unwrap().hands(),
        Wenzels::Zero,
        GermanTrump::Herz,
    );
    assert_eq!((forced.declarer, forced.forced), (seat(0), true));
    assert_eq!(records[1].score().unwrap().payouts, [9, -9, 9, -9]);
    // Either rule alone is refused by name.
    for rules in [r#"{"german_wenzels": 0}"#, r#"{"german_trump": "herz"}"#] {
        let text = lines
            .lines()
            .next()
            .unwrap()
            .replace(r#"{"german_wenzels": 0, "german_trump": "herz"}"#, rules);
        let e = Record::from_json(&text)
            .unwrap()
            .game()
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("Blattla plays no Wenzels with Herz always trumps"),
            "{e}"
        );
    }
}

#[test]
fn a_muss_game_is_the_eichel_obers_and_has_no_kontra() {
    let fault = |r: &str| {
        Record::from_json(r)
            .unwrap()
            .game()
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        fault(&SIXTY.replace(r#""declarer":3}"#, r#""declarer":3,"forced":true}"#)),
        "contract.forced: a Muss game needs a table that plays it (rules.all_pass: muss)"
    );
    // Seat 1 holds no EO.
    let other = muss(SIXTY).replace(r#""suit":"E","declarer":3"#, r#""suit":"S","declarer":1"#);
    assert_eq!(
        fault(&other),
        "in a Muss game the holder of EO declares: seat 3, not seat 1"
    );
    let kontra = muss(SIXTY).replace(r#""tariff""#, r#""doublings":{"kontra":1},"tariff""#);
    assert_eq!(
        fault(&kontra),
        "doublings: a Muss game has no Kontra (the defenders chose nothing)"
    );
}

#[test]
fn a_blocked_muss_declarer_may_call_an_ace_he_has_no_suit_of() {
    // Seat 0 holds EO, the Gras ace and no Eichel or Schellen plain card: blocked.
    let hands = r#"["EO GO HO SO GA GZ HA HZ", "EA EZ EK E9 SA SZ SK S9",
        "EU GU HU SU GK G9 G8 G7", "E8 E7 S8 S7 HK H9 H8 H7"]"#;
    let record = |suit: &str, forced: bool| {
        format!(
            r#"{{"hands": {hands}, "contract": {{"game": "sauspiel", "suit": "{suit}",
            "declarer": 0, "forced": {forced}}}, "rules": {{"all_pass": "muss"}}}}"#
        )
    };
    assert!(callable_aces(cards("EO GO HO SO GA GZ HA HZ"), Deck::Long).is_empty());
    // In the Muss game he may call Eichel (Renonce); in an ordinary game he may not.
    assert!(Record::from_json(&record("E", true))
        .unwrap()
        .game()
        .is_ok());
    assert_eq!(
        Record::from_json(&record("E", false))
            .unwrap()
            .game()
            .unwrap_err()
            .code(),
        "called_suit_not_held"
    );
    // `contracts` offers only his choices, Renonce included, and no passing.
    let deal = Record::from_json(&record("E", true)).unwrap();
    let mut deal = deal;
    deal.contract = Some(ContractSpec {
        game: "solo".into(),
        suit: Some("H".into()),
        declarer: Some(0),
        forced: true,
        ..ContractSpec::default()
    });
    let report = contracts(&deal, &mut Solver::with_budget(1 << 26)).unwrap();
    let calls: Vec<String> = report.seats[0]
        .contracts
        .iter()
        .filter(|c| c.contract.game() == GameName::Sauspiel)
        .map(|c| c.contract.suit().unwrap().to_string())
        .collect();
    assert_eq!(calls, ["E", "S"]);
    assert!(report.seats[0].best.as_ref().unwrap().chosen().is_some());
    assert!(report.seats[1].contracts.is_empty() && report.seats[1].best.is_none());
}

#[test]
fn a_muss_game_offers_no_hochzeit() {
    // Seat 1 was dealt one trump (H7): at a free table he could offer a Hochzeit, but in
    // the Muss game only the holder of EO declares.
    let record = r#"{"hands": ["EO GO HO SO GA GZ HA HZ", "EA EZ EK E9 SA SZ SK H7",
        "EU GU HU SU GK G9 G8 G7", "E8 E7 S8 S7 HK H9 H8 S9"],
        "contract": {"game": "solo", "suit": "H", "declarer": 0, "forced": true},
        "rules": {"all_pass": "muss"}}"#;
    let record = Record::from_json(record).unwrap();
    let report = contracts(&record, &mut Solver::with_budget(1 << 26)).unwrap();
    for seat in 1..4 {
        assert!(report.seats[seat].contracts.is_empty(), "seat {seat}");
        assert!(report.seats[seat].best.is_none(), "seat {seat}");
    }
    assert!(report.seats[0].best.is_some());
}

#[test]
fn kreuzbock_partners_sit_across_the_table() {
    let record = example_sauspiel("").to_json().replace(
        r#"{"game":"sauspiel","suit":"G","declarer":0}"#,
        r#"{"game":"Goass","declarer":2}"#,
    );
    let r = Record::from_json(&record).unwrap();
    let game = r.game().unwrap();
    assert_eq!(game.contract(), Contract::Kreuzbock { declarer: seat(2) });
    assert_eq!(game.setup().declarers(), Seats::one(seat(0)).with(seat(2)));
    let score = r.score().unwrap();
    let team: u32 = score.points[0] + score.points[2];
    assert_eq!(team, 87);
    // Seats 0 and 2 took 87: won, the base price of 10 from each of seats 1 and 3 (seat
    // 2 holds EO but seat 1 GO: one Laufender, none paid).
    assert_eq!(score.payouts, [10, -10, 10, -10]);
    assert_eq!(Record::from_game(&game).contract.unwrap().game, "kreuzbock");
    // Without Kontra or Klopfen the team leading to the first trick declares: seat 1's
    // team is refused; after a Kontra the record's declarer names the team that gave it.
    let other = record.replace(r#""declarer":2"#, r#""declarer":1"#);
    let e = Record::from_json(&other).unwrap().game().unwrap_err();
    assert_eq!(
        e.to_string(),
        "a Kreuzbock without Kontra or Klopfen is declared by the team that leads to the first \
         trick, seats 0 and 2, not seat 1's"
    );
    let kontra = other.replacen('{', r#"{"doublings":{"kontra":1},"#, 1);
    assert!(
        Record::from_json(&kontra).unwrap().game().is_ok(),
        "{kontra}"
    );
}

#[test]
fn a_double_wedding_lets_either_single_trump_offer() {
    // Seats 0 (HA) and 3 (H7) were each dealt one trump.
    let hands = r#"["HA EA EZ EK E9 E8 E7 GA", "EO GO HO SO EU GU SK S9",
        "HU SU HZ HK H9 H8 S8 S7", "H7 GZ GK G9 G8 G7 SA SZ"]"#;
    let record = |declarer: u8, partner: u8, returned: &str| {
        format!(
            r#"{{"hands": {hands}, "contract": {{"game": "hochzeit", "declarer": {declarer},
            "partner": {partner}, "returned": "{returned}"}}}}"#
        )
    };
    for (d, p, r) in [(0, 1, "S9"), (3, 2, "S8")] {
        let game = Record::from_json(&record(d, p, r)).unwrap().game().unwrap();
        assert_eq!(game.setup().declarers(), Seats::one(seat(d)).with(seat(p)));
    }
    let deal = Record::from_json(&format!(r#"{{"hands": {hands}}}"#)).unwrap();
    let report = contracts(&deal, &mut Solver::with_budget(1 << 26)).unwrap();
    let offers = |s: usize| {
        report.seats[s]
            .contracts
            .iter()
            .filter(|c| c.contract.game() == GameName::Hochzeit)
            .count()
    };
    assert!(offers(0) > 0 && offers(3) > 0);
    assert_eq!(offers(1) + offers(2), 0);
}

/// NetSchafkopf's `baseline-05.10.23_01.txt` game 8, a Ramsch: points 28, 48, 19, 25.
const RAMSCH: &str = r#"{"hands":["E9 EA H8 SU EU G8 GO S8","H7 G9 GZ G7 SZ SA GK EO","EZ HU HK EK HA HZ E8 GA","HO H9 GU E7 SO SK S7 S9"],"contract":{"game":"ramsch"},"play":"G8 G7 GA SK HK H9 H8 H7 HU GU SU EO G9 EZ S9 EA GK EK E7 E9 SZ E8 S7 S8 GZ HZ SO EU HO GO SA HA","tariff":{"ramsch_price":1},"rules":{"ramsch_tie":"highest_trump_played"RULES}}"#;

#[test]
fn in_the_second_ramsch_form_the_two_highest_pay_the_two_others() {
    let score = |rules: &str| {
        Record::from_json(&RAMSCH.replace("RULES", rules))
            .unwrap()
            .score()
            .unwrap()
    };
    let plain = score("");
    assert_eq!(plain.points, [28, 48, 19, 25]);
    // Seat 1 (48) pays each of the others.
    assert_eq!(plain.payouts, [1, -3, 1, 1]);
    // Seats 1 (48) and 0 (28) each pay seats 3 (25) and 2 (19).
    let two = score(r#", "ramsch_form": "two_highest_pay""#);
    assert_eq!(two.payouts, [-2, -2, 2, 2]);
    // Both are named as paying; the loser is the one with the most points.
    assert_eq!(
        two.outcome,
        Outcome::Ramsch {
            loser: Some(seat(1)),
            payers: vec![seat(1), seat(0)],
            jungfrau: vec![],
            durchmarsch: None
        }
    );
    // Schieberamsch: each seat's tricks count for the seat on its left, 25, 28, 48, 19:
    // seat 2 (seat 1's 48) pays each of the others.
    let passed = score(r#", "ramsch_form": "schieberamsch""#);
    assert_eq!(passed.points, [28, 48, 19, 25]);
    assert_eq!(passed.payouts, [1, 1, -3, 1]);
    assert_eq!(
        passed.outcome,
        Outcome::Ramsch {
            loser: Some(seat(2)),
            payers: vec![seat(2)],
            jungfrau: vec![],
            durchmarsch: None
        }
    );
}

/// The German deal of RULES.md section 8's worked checks: seat 0 holds both black Obers.
fn german_deal(rules: Options) -> Deal {
    let dealt = hands([
        "EU GU EA EK EO EZ E9 GO",
        "HU SA SK SO SZ S9 S8 G7",
        "SU E7 E8 GA GK GZ G9 G8",
        "S7 HA HK HO HZ H9 H8 H7",
    ]);
    Deal::new(Variant::German, Deck::Long, dealt)
        .unwrap()
        .with_table(rules, Tariff::default(), Doublings::default(), 0)
        .unwrap()
}

#[test]
fn german_declaration_with_schellen_always_trumps_counts_schellen() {
    // Seats 0, 1 and 3 count 7 (Eichel, Schellen, Herz) with 32, 30 and 28 points: seat 0
    // declares Eichel. With Schellen always trumps seat 1 counts 7, the others 2, 1 and 1.
    let declared = german_declaration(
        german_deal(Options::default()).hands(),
        Wenzels::Four,
        GermanTrump::Declared,
    );
    assert_eq!(
        (
            declared.declarer,
            declared.trump,
            declared.count,
            declared.points
        ),
        (seat(0), Suit::Eichel, 7, 32)
    );
    let schellen = german_declaration(
        german_deal(Options::default()).hands(),
        Wenzels::Four,
        GermanTrump::Schellen,
    );
    assert_eq!(
        (schellen.declarer, schellen.trump, schellen.count),
        (seat(1), Suit::Schellen, 7)
    );
    // The declaration is the table's: Eichel is refused where Schellen are always trumps.
    let rules = Options {
        german_trump: GermanTrump::Schellen,
        ..Options::default()
    };
    let eichel = declared.contract(Wenzels::Four, Partners::Across);
    assert!(matches!(
        Setup::new(german_deal(rules.clone()), eichel),
        Err(Error::NotTheDeclaration { .. })
    ));
    let setup = Setup::new(
        german_deal(rules),
        schellen.contract(Wenzels::Four, Partners::Across),
    )
    .unwrap();
    assert_eq!(setup.order().trump_list()[4], card("SA"));
}

#[test]
fn german_black_obers_partners_and_the_lone_holder_of_both() {
    // With black-Ober partners seat 1 declares Schellen; seat 0 holds EO and GO, so he
    // plays alone against seats 1, 2 and 3. A plain win: each of the three draws 1 game
    // point, seat 0 pays 3.
    let rules = Options {
        german_trump: GermanTrump::Schellen,
        german_partners: Partners::BlackObers,
        ..Options::default()
    };
    let d = german_declaration(
        german_deal(rules.clone()).hands(),
        Wenzels::Four,
        GermanTrump::Schellen,
    );
    let setup = Setup::new(
        german_deal(rules.clone()),
        d.contract(Wenzels::Four, Partners::BlackObers),
    )
    .unwrap();
    let declarers: Vec<Seat> = setup.declarers().iter().collect();
    assert_eq!(declarers, [seat(1), seat(2), seat(3)]);
    let won = DeclaredOutcome::plain(true);
    assert_eq!(declared_payouts(&setup, won), [-3, 1, 1, 1]);
    // The table's rule is across partners: a game with black-Ober partners is refused.
    let across = Options {
        german_trump: GermanTrump::Schellen,
        ..Options::default()
    };
    let err = Setup::new(
        german_deal(across),
        d.contract(Wenzels::Four, Partners::BlackObers),
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "the game is played with black_obers partners, but the table's rule \
         (rules.german_partners) is across"
    );
}

#[test]
fn german_solo_pays_the_game_points_by_each_of_three() {
    // Seat 0 declares Eichel and plays alone: a plain win pays him 1 by each (+3); lost
    // schneider, each defender draws 4 and he pays 12.
    let deal = german_deal(Options::default());
    let d = german_declaration(deal.hands(), Wenzels::Four, GermanTrump::Declared);
    let solo = Setup::new(deal.clone(), d.contract(Wenzels::Four, Partners::Solo)).unwrap();
    let declarers: Vec<Seat> = solo.declarers().iter().collect();
    assert_eq!(declarers, [seat(0)]);
    assert_eq!(
        declared_payouts(&solo, DeclaredOutcome::plain(true)),
        [3, -1, -1, -1]
    );
    let lost_schneider = DeclaredOutcome {
        won: false,
        schneider: true,
        schwarz: false,
    };
    assert_eq!(declared_payouts(&solo, lost_schneider), [-12, 4, 4, 4]);
    assert_eq!(german_points(&solo, &lost_schneider.into()), 4);
    // With his partner across, the same loss costs seats 0 and 2 4 each.
    let pair = Setup::new(deal, d.contract(Wenzels::Four, Partners::Across)).unwrap();
    assert_eq!(declared_payouts(&pair, lost_schneider), [-4, 4, -4, 4]);
}

#[test]
fn a_bauernhochzeit_exchanges_two_trumps_for_two_cards() {
    // Seat 0 was dealt two trumps (HA H7); seat 1 takes both and gives back SK S9.
    let hands = r#"["HA H7 EA EZ EK E9 E8 GA", "EO GO HO SO EU GU SK S9",
        "HU SU HZ HK H9 H8 S8 S7", "E7 GZ GK G9 G8 G7 SA SZ"]"#;
    let record = |returned: &str, rules: &str| {
        format!(
            r#"{{"hands": {hands}, "contract": {{"game": "hochzeit", "declarer": 0,
            "partner": 1, "returned": "{returned}"}}, "rules": {{{rules}}}}}"#
        )
    };
    let allowed = r#""bauernhochzeit": true"#;
    let r = Record::from_json(&record("SK S9", allowed)).unwrap();
    let game = r.game().unwrap();
    assert_eq!(game.hands()[seat(0)], cards("EA EZ EK E9 E8 GA SK S9"));
    assert_eq!(game.hands()[seat(1)], cards("EO GO HO SO EU GU HA H7"));
    assert_eq!(game.setup().declarers(), Seats::one(seat(0)).with(seat(1)));
    let back = Record::from_game(&game).contract.unwrap();
    assert_eq!(back.returned.as_deref(), Some("SK S9"));
    // Without the table's rule, and with one card for two trumps, refused by name.
    let e = Record::from_json(&record("SK S9", ""))
        .unwrap()
        .game()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "the Hochzeit exchanges two cards, a Bauernhochzeit, which the table plays only with \
         rules.bauernhochzeit: true"
    );
    let e = Record::from_json(&record("SK", allowed))
        .unwrap()
        .game()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "contract.returned: as many cards come back as trumps were given (2), not 1"
    );
    // `contracts` offers seat 0 his Bauernhochzeit where the table plays it.
    let offers = |rules: &str| {
        let deal = format!(r#"{{"hands": {hands}, "rules": {{{rules}}}}}"#);
        let report = contracts(
            &Record::from_json(&deal).unwrap(),
            &mut Solver::with_budget(1 << 26),
        )
        .unwrap();
        report.seats[0]
            .contracts
            .iter()
            .filter(|c| c.contract.game() == GameName::Hochzeit)
            .count()
    };
    assert_eq!(offers(""), 0);
    assert_eq!(offers(allowed), 3);
}

#[test]
fn renonce_holding_all_three_aces_calls_a_ten() {
    // Seat 0 holds EO and all three callable aces: in a Muss game he calls a ten he lacks.
    let hands = r#"["EO GO EA GA SA HA HZ HK", "HO SO EU GU EZ E9 G9 S9",
        "HU SU GZ EK E8 G8 S8 H9", "SZ GK SK E7 G7 S7 H8 H7"]"#;
    let record = |rank: &str, rules: &str| {
        format!(
            r#"{{"hands": {hands}, "contract": {{"game": "sauspiel", "suit": "G",
            "declarer": 0, "forced": true, "rank": "{rank}"}}, "rules": {{{rules}}}}}"#
        )
    };
    let muss = r#""all_pass": "muss""#;
    let r = Record::from_json(&record("ten", muss)).unwrap();
    let mut game = r.game().unwrap();
    assert_eq!(game.contract().called_ace(), Some(card("GZ")));
    assert_eq!(game.setup().declarers(), Seats::one(seat(0)).with(seat(2)));
    assert_eq!(game.contract().title().to_string(), "sauspiel G ten");
    // Gras searched: the holder of the called ten must play it.
    game.play(card("GA")).unwrap();
    game.play(card("G9")).unwrap();
    assert_eq!(game.legal_cards(), cards("GZ"));
    assert_eq!(
        Record::from_game(&game).contract.unwrap().rank.as_deref(),
        Some("ten")
    );
    // Only in a Muss game, and a king only holding the three tens too.
    let refused = |rank: &str, rules: &str| {
        // Without the Muss rule, a plain Sauspiel (not forced).
        let text = record(rank, rules);
        let text = match rules {
            "" => text.replace(r#""forced": true, "#, ""),
            _ => text,
        };
        Record::from_json(&text)
            .unwrap()
            .game()
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        refused("ten", ""),
        "contract.rank: calling a ten (Renonce): only a Muss game allows it"
    );
    assert_eq!(
        refused("king", muss),
        "contract.rank: calling a king (Renonce): a king is called only by a declarer \
         holding those three tens too"
    );
    // `contracts` of the Muss game offers him the three tens he lacks, and no ace.
    let report = contracts(&r, &mut Solver::with_budget(1 << 26)).unwrap();
    let called: Vec<Card> = report.seats[0]
        .contracts
        .iter()
        .filter_map(|c| c.contract.called_ace())
        .collect();
    assert_eq!(called, [card("EZ"), card("GZ"), card("SZ")]);
    // The search holds the called ten's rules as the naive one does.
    let mut solver = Solver::with_budget(1 << 20);
    for seed in 0..12u64 {
        let mut g = r.game().unwrap();
        let mut rng = Rng::new(seed);
        while g.played_count() < 16 + (seed as usize % 4) {
            let c = rng.pick(g.legal_cards());
            g.play(c).unwrap();
        }
        let fast = solver.solve(&g).unwrap();
        let (value, values) = solver::testing::naive_solve(&g).unwrap();
        assert_eq!((fast.value, fast.cards), (value, values));
    }
}

/// Plays `setup` out with every card the first (in card order) of its player's best.
fn played_best(setup: Setup, solver: &mut Solver) -> Game {
    let mut game = Game::new(setup);
    while !game.is_over() {
        let solution = solver.solve(&game).unwrap();
        let best = solution.cards.iter().map(|(_, v)| *v).max().unwrap();
        let card = solution.cards.iter().find(|(_, v)| *v == best).unwrap().0;
        game.play(card).unwrap();
    }
    game
}

#[test]
fn schellen_schafkopf_pays_each_pair_the_difference_of_their_tricks() {
    let setup = Setup::new(german_deal(Options::default()), Contract::SchellenSchafkopf).unwrap();
    assert!(setup.declarers().is_empty());
    let mut solver = Solver::with_budget(1 << 22);
    let start = Game::new(setup.clone());
    let solution = solver.solve(&start).unwrap();
    assert_eq!((solution.measure, solution.value), (Measure::Tricks, 2));
    let mut after_lead = start.clone();
    after_lead.play(card("EA")).unwrap();
    assert_eq!(after_lead.to_move(), seat(1));
    assert_eq!(solver.value(&after_lead).unwrap(), 5);

    let game = played_best(setup, &mut solver);
    let score = Score::of(&game).unwrap();
    assert_eq!(score.tricks, [2, 5, 0, 1]);
    assert_eq!(score.payouts, [0, 12, -8, -4]);
    assert_eq!(
        score.outcome,
        Outcome::PlainTrick {
            most_tricks: vec![seat(1)]
        }
    );
    assert_eq!(german_points(game.setup(), &score.outcome), 1);

    // The four Unters and the four best Schellen take every trick.
    let strong = hands([
        "EU GU HU SU SA SK SO SZ",
        "EA EZ EK EO E9 E8 E7 GO",
        "GA GZ GK G9 G8 G7 HO S7",
        "HA HZ HK H9 H8 H7 S9 S8",
    ]);
    let deal = Deal::new(Variant::German, Deck::Long, strong).unwrap();
    let setup = Setup::new(deal, Contract::SchellenSchafkopf).unwrap();
    assert_eq!(solver.value(&Game::new(setup.clone())).unwrap(), 8);
    let mut game = Game::new(setup);
    finish_randomly(&mut game, &mut Rng::new(7));
    assert_eq!(Score::of(&game).unwrap().payouts, [24, -8, -8, -8]);

    // Tricks 3, 3, 1, 1: both leaders win and draw a line.
    let tied = (0..100_000u64)
        .find_map(|seed| {
            let mut rng = Rng::new(seed);
            let deal = Deal::new(
                Variant::German,
                Deck::Long,
                random_deal(&mut rng, Deck::Long),
            );
            let setup = Setup::new(deal.unwrap(), Contract::SchellenSchafkopf);
            let mut game = Game::new(setup.unwrap());
            finish_randomly(&mut game, &mut rng);
            (game.trick_counts().0 == [3, 3, 1, 1]).then_some(game)
        })
        .expect("a random game with tricks 3, 3, 1, 1");
    let score = Score::of(&tied).unwrap();
    assert_eq!(score.payouts, [4, 4, -4, -4]);
    assert_eq!(
        score.outcome,
        Outcome::PlainTrick {
            most_tricks: vec![seat(0), seat(1)]
        }
    );
}

#[test]
fn schellen_schafkopf_has_no_declarer_and_is_read_as_german() {
    let json = r#"{"variant": "german", "hands": ["EU GU EA EK EO EZ E9 GO",
        "HU SA SK SO SZ S9 S8 G7", "SU E7 E8 GA GK GZ G9 G8", "S7 HA HK HO HZ H9 H8 H7"],
        "contract": {"game": "Schellen-Schafkopf"}}"#;
    let setup = record(json).setup().unwrap();
    assert_eq!(setup.contract(), Contract::SchellenSchafkopf);
    assert_eq!(
        setup.contract().order(Deck::Long).trump_list(),
        "EU GU HU SU SA SK SO SZ S9 S8 S7"
            .split(' ')
            .map(card)
            .collect::<Vec<_>>()
    );
    // A declarer, a Bavarian deal: each refused by name.
    let with_declarer = json.replace(
        r#""Schellen-Schafkopf"}"#,
        r#""schellen_schafkopf", "declarer": 0}"#,
    );
    let err = Record::from_json(&with_declarer)
        .and_then(|r| r.setup())
        .unwrap_err();
    assert_eq!(err.code(), "field_not_taken", "{err}");
    let bavarian = json.replace(r#""variant": "german", "#, "");
    let err = Record::from_json(&bavarian)
        .and_then(|r| r.setup())
        .unwrap_err();
    assert_eq!(err.code(), "unsupported_contract", "{err}");
    // Nobody announces anything: `contracts` offers no seat a choice.
    let report = contracts(&record(json), &mut Solver::with_budget(1 << 20)).unwrap();
    assert!(report
        .seats
        .iter()
        .all(|s| s.contracts.is_empty() && s.best.is_none()));
}

/// The Allgäu round (RULES.md section 12): twelve games in which each player plays a
/// Sauspiel, a Wenz and a suit solo; the ledger refuses a game that breaks it by name.
#[test]
fn an_allgaeu_round_is_checked_by_the_ledger() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/allgaeu.jsonl"
    ))
    .unwrap();
    let games: Vec<Record> = text
        .lines()
        .map(|l| Record::from_json(l).unwrap())
        .collect();
    assert_eq!(games.len(), 12);
    let mut ledger = solver::ledger::Ledger::new();
    for game in &games {
        ledger.add(game).unwrap();
    }
    // After the round, any game again.
    let mut after = games[0].clone();
    after.round = None;
    assert!(ledger.add(&after).is_ok());
    let fault = |sequence: &[Record]| {
        let mut ledger = solver::ledger::Ledger::new();
        let (last, before) = sequence.split_last().unwrap();
        for game in before {
            ledger.add(game).unwrap();
        }
        ledger.add(last).unwrap_err().to_string()
    };
    assert_eq!(
        fault(&[games[0].clone(), games[0].clone()]),
        "round allgaeu: Sepp has played his Sauspiel of this Allgäu round already (game 2 of 12)"
    );
    let mut outside = games[1].clone();
    outside.round = None;
    assert_eq!(
        fault(&[games[0].clone(), outside]),
        "round: the Allgäu round under way has had 1 of its 12 games, and this game is not one \
         of them"
    );
    let mut strangers = games[1].clone();
    strangers.players.as_mut().unwrap()[0] = "Toni".to_string();
    assert!(fault(&[games[0].clone(), strangers])
        .starts_with("players: the Allgäu round under way is played by Sepp, Resi, Hans, Vroni"));
    // A game the round does not know is refused as a record.
    let mut bettel: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    bettel["contract"] = serde_json::json!({"game": "bettel", "declarer": 0});
    bettel.as_object_mut().unwrap().remove("play");
    assert_eq!(
        Record::from_json(&bettel.to_string())
            .unwrap()
            .setup()
            .unwrap_err()
            .to_string(),
        "the allgaeu round is played as a Sauspiel, a Wenz or a suit solo, not bettel by seat 0"
    );
}

/// The last round (RULES.md section 12): "the old one deals the last round" (the player who
/// last held EO in a Sauspiel), its four games one after the other and nothing after them;
/// `rules.last_round` may allow only solos or double it.
#[test]
fn the_old_one_deals_the_last_round() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/last-round.jsonl"
    ))
    .unwrap();
    let games: Vec<Record> = text
        .lines()
        .map(|l| Record::from_json(l).unwrap())
        .collect();
    let ledger_of = |games: &[Record]| {
        let mut ledger = solver::ledger::Ledger::new();
        let mut last = None;
        for game in games {
            last = Some(ledger.add(game));
        }
        last.unwrap()
    };
    // Hans held EO in the Sauspiel, and deals the first game of the last round.
    assert_eq!(games[1].players.as_ref().unwrap()[3], "Hans");
    assert!(ledger_of(&games).is_ok());
    let mut after = games[1].clone();
    after.round = None;
    let mut evening: Vec<Record> = games.clone();
    evening.push(after);
    assert_eq!(
        ledger_of(&evening).unwrap_err().to_string(),
        "round: the last round is over, so the evening has ended and no game follows"
    );
    // Dealt by another: refused by name.
    assert_eq!(
        ledger_of(&[games[0].clone(), games[2].clone()])
            .unwrap_err()
            .to_string(),
        "round last: the last round is dealt by Hans, who last held EO in a Sauspiel (game 1), \
         not by Vroni"
    );
    // Solos only: the example Sauspiel as a game of the last round is refused.
    let mut sauspiel = games[0].clone();
    sauspiel.round = Some("last".to_string());
    assert!(sauspiel
        .setup()
        .unwrap_err()
        .to_string()
        .starts_with("the last round is played as a solo (rules.last_round: solos), not"));
    // `contracts` on a deal of the last round offers only what the round allows.
    let mut deal = games[1].clone();
    deal.contract = None;
    deal.play = Default::default();
    let report = contracts(&deal, &mut Solver::with_budget(8 << 20)).unwrap();
    assert!(report.seats.iter().all(|s| s
        .contracts
        .iter()
        .all(|c| matches!(c.contract, Contract::Solo { .. } | Contract::Sie { .. }))));
    assert!(report.seats.iter().any(|s| !s.contracts.is_empty()));
    // At double value: the record counts the doubling as a Bock; the ledger counts it for
    // a record that does not say.
    let doubled = |r: &Record| {
        let mut r = r.clone();
        r.rules.last_round = solver::options::LastRound::Double;
        r
    };
    let e = doubled(&games[1]).score().unwrap_err().to_string();
    assert!(e.contains("doublings.bock at least 1"), "{e}");
    let plain = ledger_of(&games[..2]).unwrap();
    let twice = ledger_of(&[games[0].clone(), doubled(&games[1])]).unwrap();
    assert_eq!(
        (twice.bock, twice.payouts),
        (1, plain.payouts.map(|p| 2 * p))
    );
}

/// The rounds events start (RULES.md section 13): under `ramsch_after: [thrown_in]` and
/// `kreuzbock_after: [herz_solo]` a hand thrown in is followed by four Ramsch games and a
/// Herz solo by four Kreuzbock games; the ledger refuses a game that breaks them by name and
/// says which round the games end inside.
#[test]
fn the_rounds_events_start_are_checked_by_the_ledger() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/event-rounds.jsonl"
    ))
    .unwrap();
    let games: Vec<Record> = text
        .lines()
        .map(|l| Record::from_json(l).unwrap())
        .collect();
    assert_eq!(games.len(), 11);
    let count = |sequence: &[Record]| {
        let mut ledger = solver::ledger::Ledger::new();
        let mut last = Ok(());
        for game in sequence {
            last = ledger.add(game).map(|_| ()).map_err(|e| e.to_string());
            if last.is_err() {
                break;
            }
        }
        (ledger.totals(), last)
    };
    let (totals, last) = count(&games);
    assert_eq!((totals.games, last), (11, Ok(())));
    assert!(totals.unfinished.is_empty());
    assert_eq!(totals.players.iter().map(|a| a.total).sum::<i64>(), 0);
    // The Wenz in the Ramsch round, a Ramsch in the Kreuzbock round: refused by name.
    let mut early = games[..3].to_vec();
    early.push(games[10].clone());
    assert_eq!(
        count(&early).1.unwrap_err(),
        "round: game 4 is game 3 of the Ramsch round that the throw-in in game 1 started, so \
         it is played as a Ramsch, not wenz by seat 1"
    );
    let mut ramsch = games[..7].to_vec();
    ramsch.push(games[1].clone());
    assert_eq!(
        count(&ramsch).1.unwrap_err(),
        "round: game 8 is game 2 of the Kreuzbock round that the Herz solo in game 6 started, \
         so it is played as a Kreuzbock, not ramsch"
    );
    // The evening stopped inside the Kreuzbock round: the ledger says what it owes.
    let (totals, _) = count(&games[..9]);
    let open: Vec<String> = totals.unfinished.iter().map(|r| r.to_string()).collect();
    assert_eq!(
        open,
        ["the Kreuzbock round that the Herz solo in game 6 started, 3 of its 4 games played"]
    );
}

/// A revoke (RULES.md section 3.2): under `rules.revoke: loses` a card that breaks a rule
/// of play ends the hand, lost for its player's side; analysed up to it; refused otherwise.
#[test]
fn a_revoke_loses_the_game_for_the_side_that_played_it() {
    let json = |game: &str, play: &str, revoke: &str| {
        format!(
            r#"{{"hands": ["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7",
              "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"],
              "contract": {game}, "play": "{play}"{revoke}}}"#
        )
    };
    let sauspiel = r#"{"game": "sauspiel", "suit": "G", "declarer": 0}"#;
    let loses = r#", "rules": {"revoke": "loses"}"#;
    // Seat 0, a declarer, trumps the Gras seat 3 leads though he holds GK G8: his side
    // loses the Sauspiel, 10 from each of seats 0 and 3.
    let declarer = record(&json(sauspiel, "H8 H7 HK HZ G7 HA", loses));
    let score = declarer.score().unwrap();
    assert_eq!(score.payouts, [-10, 10, 10, -10]);
    let revoke = score.revoke.as_ref().unwrap();
    assert_eq!(
        (revoke.index, revoke.seat, revoke.card),
        (5, seat(0), card("HA"))
    );
    assert_eq!(revoke.fault.to_string(), "seat 0 must follow Gras");
    assert_eq!(
        score.in_words(),
        "the declarers (seats 0 and 3) lost by a revoke: play 5 (HA), seat 0 must follow Gras; \
         payouts -10 +10 +10 -10"
    );
    // Seat 1, a defender, does not follow the trump led: the declarers win.
    let defender = record(&json(sauspiel, "H8 EA", loses));
    assert_eq!(defender.score().unwrap().payouts, [10, -10, -10, 10]);
    // In a Ramsch the revoker loses alone.
    let ramsch = record(&json(r#"{"game": "ramsch"}"#, "H8 H7 HK HZ G7 HA", loses));
    assert_eq!(ramsch.score().unwrap().payouts, [-60, 20, 20, 20]);
    // Analysed up to the revoke: five cards judged, the result the revoke's.
    let analysis = analyze(&declarer.game().unwrap(), &mut Solver::new()).unwrap();
    assert_eq!(analysis.plays.len(), 5);
    assert_eq!(analysis.result.unwrap().payouts, [-10, 10, 10, -10]);
    // Cards after the revoke, a card not held, and the table's default: refused by name.
    let fault = |r: Record| r.score().unwrap_err().to_string();
    assert_eq!(
        fault(record(&json(sauspiel, "H8 H7 HK HZ G7 HA G9", loses))),
        "play: the revoke at play 5 (HA: seat 0 must follow Gras) ends the hand, but 1 more \
         card follows it"
    );
    assert_eq!(
        fault(record(&json(sauspiel, "H8 H7 HK HZ G7 EA", loses))),
        "play 5 (EA) is illegal: seat 0 does not hold it"
    );
    assert_eq!(
        fault(record(&json(sauspiel, "H8 H7 HK HZ G7 HA", ""))),
        "play 5 (HA) is illegal: seat 0 must follow Gras"
    );
}

/// Bierkopf (RULES.md section 7): nobody bids, every hand is the Kreuzbock of the teams
/// across the table, and the teams stay the same all evening.
#[test]
fn bierkopf_plays_every_hand_team_against_team() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/bierkopf.jsonl"
    ))
    .unwrap();
    let games: Vec<Record> = text
        .lines()
        .map(|l| Record::from_json(l).unwrap())
        .collect();
    let mut ledger = solver::ledger::Ledger::new();
    for game in &games {
        ledger.add(game).unwrap();
    }
    let totals = ledger.totals();
    assert_eq!(totals.games, 8);
    // Partners across the table win and lose together: Sepp with Hans, Resi with Vroni.
    let total = |name: &str| {
        totals
            .players
            .iter()
            .find(|a| a.player == name)
            .unwrap()
            .total
    };
    assert_eq!(total("Sepp"), total("Hans"));
    assert_eq!(total("Resi"), total("Vroni"));
    assert_eq!(total("Sepp"), -total("Resi"));
    // Another seating of the same four splits the teams: refused by name.
    let mut swapped = games[0].clone();
    swapped.players = Some(["Sepp", "Hans", "Resi", "Vroni"].map(String::from).to_vec());
    assert_eq!(
        ledger.add(&swapped).unwrap_err().to_string(),
        "players: Bierkopf's teams are fixed, Hans and Sepp against Resi and Vroni, but this \
         game seats Sepp across from Resi"
    );
    // No other game, no hand thrown in, no choice for a seat; every hand the Kreuzbock.
    let mut sauspiel: serde_json::Value =
        serde_json::from_str(text.lines().next().unwrap()).unwrap();
    sauspiel["contract"] = serde_json::json!({"game": "ramsch"});
    assert_eq!(
        Record::from_json(&sauspiel.to_string())
            .unwrap()
            .setup()
            .unwrap_err()
            .to_string(),
        "rules.bierkopf: every hand is played by the teams across the table as a Kreuzbock, \
         not ramsch"
    );
    let mut thrown = games[0].clone();
    (thrown.contract, thrown.play, thrown.thrown_in) = (None, Default::default(), true);
    assert_eq!(
        thrown.score().unwrap_err().to_string(),
        "thrown_in: nobody bids in Bierkopf (rules.bierkopf), so no hand is thrown in"
    );
    let mut deal = games[0].clone();
    (deal.contract, deal.play) = (None, Default::default());
    let report = contracts(&deal, &mut Solver::new()).unwrap();
    assert!(report.seats.iter().all(|s| s.contracts.is_empty()));
    let every = report.all_pass.unwrap();
    assert!(every.every_hand);
    assert_eq!(every.game, "kreuzbock");
    // Double dummy, the first hand's Kreuzbock settles as the record of it solved.
    let declared = games[0].setup().unwrap();
    let v = solver::valuation::evaluate(
        declared,
        &mut Solver::new(),
        solver::valuation::Valuation::Exact,
    )
    .unwrap();
    assert_eq!(every.settlements[0], v.settlement);
}

/// Strixner (RULES.md section 12): three tricks each for himself, then the solo of the
/// seat that took the third; analysed from the announcement on.
#[test]
fn a_strixner_is_announced_by_the_winner_of_the_third_trick() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/strixner.jsonl"
    ))
    .unwrap();
    let games: Vec<Record> = text
        .lines()
        .map(|l| Record::from_json(l).unwrap())
        .collect();
    // Trick 3 (GZ EO GO GA) goes to seat 0's EO: his Eichel solo, lost with 27, schneider:
    // 60 to each of three.
    let first = &games[0];
    let game = first.game().unwrap();
    assert_eq!(game.tricks()[2].winner, seat(0));
    assert_eq!(first.score().unwrap().payouts, [-180, 60, 60, 60]);
    let analysis = analyze(&game, &mut Solver::new()).unwrap();
    assert!(analysis.plays[..12]
        .iter()
        .all(|p| p.opening && p.before.is_none()));
    assert!(analysis.plays[12..]
        .iter()
        .all(|p| !p.opening && p.before.is_some()));
    assert_eq!(analysis.start, None);
    let mut ledger = solver::ledger::Ledger::new();
    for game in &games {
        ledger.add(game).unwrap();
    }
    assert_eq!(ledger.totals().games, 4);
    // Refused by name: another declarer, another game, a hand thrown in, a play that stops
    // before the third trick is taken, and the question of which game to choose.
    let with = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut v: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        edit(&mut v);
        Record::from_json(&v.to_string()).unwrap()
    };
    let fault = |r: Record| r.score().unwrap_err().to_string();
    assert_eq!(
        fault(with(&|v| v["contract"]["declarer"] = 1.into())),
        "round strixner: seat 0 took the third trick, so the solo is his to announce, not \
         seat 1's"
    );
    assert_eq!(
        fault(with(
            &|v| v["contract"] =
                serde_json::json!({"game": "sauspiel", "suit": "S", "declarer": 0})
        )),
        "the strixner round is played as a solo-class game of the seat that takes the third \
         trick, not sauspiel S by seat 0"
    );
    assert_eq!(
        fault(with(&|v| {
            v.as_object_mut().unwrap().remove("contract");
            v.as_object_mut().unwrap().remove("play");
            v["thrown_in"] = true.into();
        })),
        "thrown_in: a Strixner has no auction: it is played from the first card, never thrown in"
    );
    assert_eq!(
        fault(with(&|v| v["play"] = "SZ S7 S9 SA GK".into())),
        "round strixner: the solo is announced by whoever takes the third trick, so the \
         record's play must reach it (5 of 12 cards)"
    );
    assert_eq!(
        contracts(
            &with(&|v| {
                v.as_object_mut().unwrap().remove("play");
            }),
            &mut Solver::new()
        )
        .unwrap_err()
        .to_string(),
        "round strixner: nobody chooses a game before the first card: the solo is chosen \
         after the third trick, by whoever takes it"
    );
}

/// Kop (RULES.md section 1): sixteen cards (A, Z, O, U), four a hand, 104 points; more
/// than half wins, schneider at a quarter.
#[test]
fn kop_is_played_with_sixteen_cards_worth_104() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/kop.jsonl"
    ))
    .unwrap();
    let first = Record::from_json(text.lines().next().unwrap()).unwrap();
    // HA GU HO SO to seat 2 (19), HU SU EO HZ to seat 0 (17), GZ GO GA EZ to seat 1 (34),
    // EA SA SZ EU to seat 0 (34): the declarers 70 of 104, won, not schneider.
    let score = first.score().unwrap();
    assert_eq!(score.points, [51, 34, 19, 0]);
    assert_eq!(score.payouts, [10, -10, 10, -10]);
    let targets = Targets::of(&first.setup().unwrap());
    assert_eq!(
        (targets.win, targets.schneider, targets.free, targets.total),
        (53, 79, 27, 104)
    );
    let mut ledger = solver::ledger::Ledger::new();
    for line in text.lines() {
        ledger.add(&Record::from_json(line).unwrap()).unwrap();
    }
    assert_eq!(ledger.totals().games, 4);
    // Refused by name: a hand of eight cards, a card outside the pack, a Ramsch, the
    // German game.
    let with = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut v: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        v.as_object_mut().unwrap().remove("play");
        edit(&mut v);
        Record::from_json(&v.to_string())
            .unwrap()
            .setup()
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        with(&|v| {
            v["hands"] = serde_json::json!(["EO EU HA GZ GO GU HZ EA", "HO HU GA SA SO SU EZ SZ"]);
        }),
        "expected 4 hands, found 2"
    );
    assert_eq!(
        with(&|v| {
            v["hands"] =
                serde_json::json!(["EO EU HA GZ GO GU HZ EA", "HO HU GA SA SO SU EZ SZ", "", ""]);
        }),
        "seat 0 has 8 cards, but every hand has 4"
    );
    assert_eq!(
        with(&|v| v["hands"][0] = "EO EU HA GK".into()),
        "card GK is not in the kop deck"
    );
    assert_eq!(
        with(&|v| v["contract"] = serde_json::json!({"game": "ramsch"})),
        "deck kop: a Ramsch is not played with Kop's pack (a reading: its games are the \
         declared ones; all passing throws the hand in)"
    );
}

/// An evening with each special round (RULES.md sections 12 and 13): a Hadsch, a
/// Zupf-Solo, a Schieber, a Teufelsrunde, a Strixner, the Ramsch and Kreuzbock rounds a
/// throw-in and a Herz solo start, the Allgäu round, and the last round dealt by the old
/// one. The ledger counts all of it; a game out of its place is refused by name.
#[test]
fn an_evening_of_every_special_round_is_counted_in_order() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/evening.jsonl"
    ))
    .unwrap();
    let games: Vec<Record> = text
        .lines()
        .map(|l| Record::from_json(l).unwrap())
        .collect();
    let rounds: Vec<&str> = games.iter().filter_map(|g| g.round.as_deref()).collect();
    for round in [
        "hadsch",
        "zupf",
        "schieber",
        "teufelsrunde",
        "strixner",
        "allgaeu",
        "last",
    ] {
        assert!(rounds.contains(&round), "{round}");
    }
    let count = |games: &[Record]| {
        let mut ledger = solver::ledger::Ledger::new();
        let faults: Vec<String> = games
            .iter()
            .filter_map(|g| ledger.add(g).err().map(|e| e.to_string()))
            .collect();
        (ledger.totals(), faults)
    };
    let (totals, faults) = count(&games);
    assert_eq!((totals.games, faults.len()), (33, 0), "{faults:?}");
    assert!(totals.unfinished.is_empty());
    assert_eq!(totals.players.iter().map(|a| a.total).sum::<i64>(), 0);
    // The first Allgäu game moved into the Ramsch round: refused there; the other eleven
    // start the Allgäu round, which the last round's five games cannot then interrupt,
    // and the evening ends inside it.
    let mut moved = games.clone();
    let allgaeu = moved.remove(16);
    moved.insert(7, allgaeu);
    let (totals, faults) = count(&moved);
    assert_eq!(faults.len(), 1 + 5, "{faults:?}");
    assert!(
        faults[0].starts_with("round: game 8 is game 2 of the Ramsch round"),
        "{}",
        faults[0]
    );
    assert!(faults[1].starts_with("round: the Allgäu round under way has had 11"));
    let open = &totals.unfinished[0];
    assert_eq!((open.round, open.games), (OwedRound::Allgaeu, 11));
}

/// Bauerchen (RULES.md section 8): forehand names the trumps; a King-Ober pair held counts
/// 20 for its side, 40 in trumps, and the side with more points and melds together wins.
#[test]
fn bauerchen_counts_the_melds_beside_the_cards() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/bauerchen.jsonl"
    ))
    .unwrap();
    let games: Vec<Record> = text
        .lines()
        .map(|l| Record::from_json(l).unwrap())
        .collect();
    // The seventh: Herz trumps, seat 2 holds HK and HO (40); the declarers take 60 card
    // points, which alone would lose, and win with their melds, 100 to 60.
    let seventh = games[6].score().unwrap();
    assert_eq!(seventh.melds, [0, 0, 40, 0]);
    assert_eq!(seventh.points[0] + seventh.points[2], 60);
    assert_eq!(seventh.payouts, [1, -1, 1, -1]);
    let targets = Targets::of(&games[6].setup().unwrap());
    assert_eq!((targets.win, targets.schneider, targets.free), (41, 91, 30));
    let mut ledger = solver::ledger::Ledger::new();
    for game in &games {
        ledger.add(game).unwrap();
    }
    assert_eq!(ledger.totals().games, 7);
    // Forehand may name any suit; nobody else declares.
    let mut deal = games[6].clone();
    (deal.contract, deal.play) = (None, Default::default());
    let report = contracts(&deal, &mut Solver::new()).unwrap();
    assert_eq!(report.seats[0].contracts.len(), 4);
    assert!(report.seats[1..].iter().all(|s| s.contracts.is_empty()));
    // Refused by name: another declarer, and Bauerchen outside its pack.
    let mut other = games[6].clone();
    other.contract.as_mut().unwrap().declarer = Some(1);
    other.play = Default::default();
    assert_eq!(
        other.setup().unwrap_err().to_string(),
        "rules.bauerchen: forehand (seat 0) names the trumps and plays with seat 2, not german \
         H by seat 1"
    );
    let mut six: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    six["rules"]["german_wenzels"] = 6.into();
    six["contract"]["wenzels"] = 6.into();
    assert_eq!(
        Record::from_json(&six.to_string())
            .unwrap()
            .setup()
            .unwrap_err()
            .to_string(),
        "rules.bauerchen: Bauerchen is German Schafkopf (variant german) with the twenty-card \
         pack (deck twenty), four Wenzels, a declared trump and partners across the table"
    );
}

/// The auction as it happened (RULES.md section 7): a record's calls are checked against
/// its contract, and tell the players' view who wanted a game.
#[test]
fn the_auction_as_it_happened_is_checked_and_read() {
    let json = |contract: &str, auction: &str, rules: &str| {
        format!(
            r#"{{"hands": ["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7",
              "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"],
              "contract": {contract}, "auction": {auction}{rules}}}"#
        )
    };
    let sauspiel = r#"{"game": "sauspiel", "suit": "G", "declarer": 0}"#;
    let solo_2 = r#"{"game": "solo", "suit": "E", "declarer": 2}"#;
    let setup = |c: &str, a: &str| record(&json(c, a, "")).setup();
    let fault =
        |c: &str, a: &str, rules: &str| record(&json(c, a, rules)).setup().unwrap_err().to_string();
    assert!(setup(sauspiel, r#"["play", "pass", "play", "pass"]"#).is_ok());
    assert!(setup(solo_2, r#"["play", "pass", "play", "play"]"#).is_ok());
    assert_eq!(
        fault(sauspiel, r#"["pass", "play", "pass", "pass"]"#, ""),
        "auction: seat 0 declares sauspiel G by seat 0, but said 'pass'"
    );
    let sauspiel_2 = r#"{"game": "sauspiel", "suit": "E", "declarer": 2}"#;
    assert_eq!(
        fault(sauspiel_2, r#"["play", "pass", "play", "pass"]"#, ""),
        "auction: seat 0 said 'play' before seat 2, and between equal games the seat nearer \
         forehand plays: sauspiel E by seat 2 cannot outbid him"
    );
    assert_eq!(
        fault(sauspiel, r#"["play", "ramsch", "pass", "pass"]"#, ""),
        "auction: only the last seat (3) may call Ramsch, after three passes, not seat 1"
    );
    assert_eq!(
        fault(sauspiel, r#"["play", "pass"]"#, ""),
        "auction: 2 calls given, but it has four, one a seat from forehand"
    );
    let ramsch = r#"{"game": "ramsch"}"#;
    assert!(setup(ramsch, r#"["pass", "pass", "pass", "ramsch"]"#).is_ok());
    assert_eq!(
        fault(ramsch, r#"["pass", "pass", "pass", "pass"]"#, ""),
        "auction: everyone passed at a table that plays no Ramsch then (rules.all_pass), and \
         the last seat called none"
    );
    assert!(record(&json(
        ramsch,
        r#"["pass", "pass", "pass", "pass"]"#,
        r#", "rules": {"all_pass": "ramsch"}"#
    ))
    .setup()
    .is_ok());
    // A hand thrown in follows four passes.
    let mut thrown = record(&json(sauspiel, r#"["play", "pass", "pass", "pass"]"#, ""));
    (thrown.contract, thrown.thrown_in) = (None, true);
    assert_eq!(
        thrown.score().unwrap_err().to_string(),
        "auction: seat 0 said 'play', so the hand was played, not thrown in"
    );
    // Read by the players' view: without the calls, nothing is told of the seats after a
    // solo's declarer; with them, seat 3's pass is a wish for no game, which lowers the
    // likelihood of every deal by the chance of his passing with his hand.
    let model = solver::auction::AuctionModel::shipped();
    let solo_0 = r#"{"game": "solo", "suit": "H", "declarer": 0}"#;
    let silent = record(&json(solo_0, "null", "")).setup().unwrap();
    let told = setup(solo_0, r#"["play", "pass", "pass", "pass"]"#).unwrap();
    let (a, b) = (
        model.likelihood(&silent, seat(1)),
        model.likelihood(&told, seat(1)),
    );
    assert!(b < a && b > 0.0, "{a} {b}");
    // The auction round-trips through the record of the game.
    let game = told.clone();
    let back = Record::from_game(&Game::new(game));
    assert_eq!(
        back.auction,
        Some(vec![Call::Play, Call::Pass, Call::Pass, Call::Pass])
    );
}

/// A record of von Alvensleben's `letter` with these hands and cards played.
fn table_game(letter: &str, hands: &[&str], play: &str) -> wide::Game {
    let record = serde_json::json!({"table": letter, "hands": hands, "play": play});
    wide::TableRecord::from_json(&record.to_string())
        .and_then(|r| r.game())
        .unwrap()
}

#[test]
fn alvensleben_f_six_wenzels_and_the_sixes_a_schwarz_game() {
    let hands = [
        "EO GO EU GU HU SU",
        "SA SK S7 S6 EA EK",
        "SO SZ S9 S8 GA GK",
        "EZ E9 E8 E7 E6 GZ",
        "G9 G8 G7 G6 HA HK",
        "HO HZ H9 H8 H7 H6",
    ];
    let play = "EO S6 S8 E6 G6 H6 GO S7 S9 E7 G7 H7 EU SK SZ E8 G8 H8 \
                GU SA SO E9 G9 H9 HU EA GA EZ HA HZ SU EK GK GZ HK HO";
    let game = table_game("F", &hands, play);
    assert_eq!(game.deal().declarer(), 0);
    assert_eq!(game.deal().declarers(), 1 << 0 | 1 << 3);
    let score = wide::Score::of(&game, None).unwrap();
    assert_eq!(score.points, [120, 0, 0, 0, 0, 0]);
    assert!(score.won && score.schwarz);
    assert_eq!(score.drawn, [9, 0, 0, 9, 0, 0]);
}

#[test]
fn alvensleben_g_the_first_of_two_equal_cards_takes_the_trick() {
    let hands = [
        "EO GO EU GU HU SU SA SK SO SZ S9 EA",
        "EO GO EU GU HU SU SA SK SO SZ S9 EA",
        "EZ EK E9 GA GZ GK G9 HA HZ HK HO H9",
        "EZ EK E9 GA GZ GK G9 HA HZ HK HO H9",
    ];
    let game = table_game("G", &hands, "EO EO EZ E9");
    // Seats 0 and 1 count eleven trumps of the same points and faces: forehand declares.
    assert_eq!((game.deal().declarer(), game.deal().forced()), (0, false));
    let p = game.position();
    assert_eq!((p.leader(), p.points()), (0, &[16, 0, 0, 0][..]));
}

#[test]
fn alvensleben_h_partners_across_six_and_the_first_ace_takes() {
    let hands = [
        "GA EA EA EZ EZ EK EK EO",
        "GA EO EU EU E9 E9 GZ GK",
        "GK GO GO GU GU HA HA HZ",
        "GZ HZ HK HK HO HO HU HU",
        "G9 H9 H9 SA SA SZ SZ SK",
        "G9 SK SO SO SU SU S9 S9",
    ];
    let game = table_game("H", &hands, "GA GA GK GZ G9 G9");
    assert_eq!(game.deal().table().across(2), 5);
    let p = game.position();
    assert_eq!((p.leader(), p.points()[0]), (0, 36));
}

#[test]
fn alvensleben_i_sixteen_wenzels_the_first_herz_ober_takes() {
    let hands = [
        "SA EA EA EZ EZ EK EK EO",
        "SA EO EU E9 E9 E8 E8 E7",
        "HO E7 GA GA GZ GZ GK GK",
        "HO GO GO GU G9 G9 G8 G8",
        "EU G7 G7 HA HA HZ HZ HK",
        "S7 HK HU HU H9 H9 H8 H8",
        "GU H7 H7 SZ SZ SK SO SO",
        "SK SU SU S9 S9 S8 S8 S7",
    ];
    let game = table_game("I", &hands, "SA SA HO HO EU S7 GU SK");
    let p = game.position();
    assert_eq!((p.leader(), p.points()[2]), (2, 36));
    assert_eq!(game.deal().order().trumps().count_ones(), 14);
    assert_eq!(game.deal().table().across(2), 6);
}

#[test]
fn three_players_a_herz_solo_won_schwarz_with_six_laufende() {
    let hands = [
        "EO GO HO SO EU GU HA HZ",
        "HU SU HK H9 EA EZ EK E9",
        "GA GZ GK G9 SA SZ SK S9",
    ];
    let play = "EO HU GA GO SU GZ HO HK GK SO H9 G9 EU EA SA GU EZ SZ HA EK SK HZ E9 S9";
    let record = serde_json::json!({"table": "three", "hands": hands, "play": play,
        "contract": {"game": "solo", "suit": "H", "declarer": 0}});
    let score = wide::TableRecord::from_json(&record.to_string())
        .and_then(|r| r.score())
        .unwrap();
    assert_eq!(score.points, [120, 0, 0]);
    assert!(score.won && score.schneider && score.schwarz);
    assert_eq!(score.laufende, Some(6));
    // 50 + 10 + 10 + 6 x 10 = 130 from each of the two.
    assert_eq!(score.payouts, [260, -130, -130]);
    let mut four = record.clone();
    four["hands"] = serde_json::json!([hands[0], hands[1], hands[2], ""]);
    let e = wide::TableRecord::from_json(&four.to_string())
        .and_then(|r| r.score())
        .unwrap_err();
    assert_eq!(e.to_string(), "expected 3 hands, found 4");
    let mut sauspiel = record;
    sauspiel["contract"] = serde_json::json!({"game": "sauspiel", "suit": "E", "declarer": 0});
    let e = wide::TableRecord::from_json(&sauspiel.to_string())
        .and_then(|r| r.score())
        .unwrap_err();
    assert!(e.to_string().contains("plays solos only"), "{e}");
}
