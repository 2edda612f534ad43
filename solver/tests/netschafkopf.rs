//! Every game of the NetSchafkopf protocols in `tests/data/netschafkopf/` imports (the
//! Schieber rounds with their passes), and scoring the record gives the winner, the points
//! and the payouts the protocol records.

use solver::formats::netschafkopf::{parse, RecordedOutcome};
use solver::formats::{decode, FormatError};
use solver::{Outcome, Score};
use solver::{Record, Seat};
use std::path::Path;

fn protocols() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/netschafkopf");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the protocols are in tests/data/netschafkopf")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).expect("a readable protocol");
            let stem = p.file_stem().unwrap().to_string_lossy().to_string();
            (stem, decode(&bytes).into_owned())
        })
        .collect()
}

#[test]
fn every_playable_game_scores_as_the_protocol_records() {
    let (mut imported, mut unsupported, mut failures) = (0, 0, Vec::new());
    for (name, text) in protocols() {
        for game in parse(&text, &name) {
            let game = match game {
                Ok(game) => game,
                Err(FormatError::Unsupported { .. }) => {
                    unsupported += 1;
                    continue;
                }
                Err(e) => {
                    failures.push(format!("{name}: {e}"));
                    continue;
                }
            };
            imported += 1;
            let id = game.record.id.clone().unwrap();
            let score = match game.record.score() {
                Ok(s) => s,
                Err(e) => {
                    failures.push(format!("{id}: {e}"));
                    continue;
                }
            };
            if score.payouts != game.recorded.payouts {
                failures.push(format!(
                    "{id} (line {}): {} laufende {}, payouts {:?}, protocol {:?} (price {})",
                    game.line,
                    game.record.contract.as_ref().unwrap().game,
                    score.laufende,
                    score.payouts,
                    game.recorded.payouts,
                    game.recorded.price
                ));
            }
            match (&game.recorded.outcome, &score.outcome) {
                (
                    RecordedOutcome::Declared {
                        declarer,
                        partner,
                        won,
                        defenders_points,
                    },
                    Outcome::Declared { won: ours, .. },
                ) => {
                    let declarers: Vec<Seat> = std::iter::once(*declarer).chain(*partner).collect();
                    let mut declarers = declarers;
                    declarers.sort();
                    let theirs: u32 = Seat::ALL
                        .into_iter()
                        .filter(|s| !score.declarers.contains(s))
                        .map(|s| score.points[s.index()])
                        .sum();
                    if *won != *ours
                        || declarers != score.declarers
                        || defenders_points.is_some_and(|p| p != theirs)
                    {
                        failures.push(format!(
                            "{id}: outcome {:?}, ours won={ours} declarers={:?} defenders={theirs}",
                            game.recorded.outcome, score.declarers
                        ));
                    }
                }
                (
                    RecordedOutcome::Ramsch {
                        loser,
                        points,
                        jungfrau,
                        jungfrau_count,
                    },
                    Outcome::Ramsch {
                        loser: ours,
                        jungfrau: our_jungfrau,
                        ..
                    },
                ) => {
                    // Jungfrau are counted in the price and named only sometimes.
                    let named_ours = jungfrau.iter().all(|s| our_jungfrau.contains(s));
                    if Some(*loser) != *ours
                        || points.is_some_and(|p| score.points[loser.index()] != p)
                        || !named_ours
                        || *jungfrau_count as usize != our_jungfrau.len()
                    {
                        failures.push(format!(
                            "{id}: outcome {:?}, ours loser={ours:?} points={:?} jungfrau={our_jungfrau:?}",
                            game.recorded.outcome, score.points
                        ));
                    }
                }
                (RecordedOutcome::ThrownIn, Outcome::ThrownIn { .. }) => {}
                (theirs, ours) => failures.push(format!("{id}: outcome {theirs:?}, ours {ours:?}")),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!((imported, unsupported), (1304, 0));
}

/// The first game of `samples-04.08.24.txt` (a short-deck Schellen-Geier), with its header.
const ONE_GAME: &str = "netschafkopf_helper\r
gespielt von Gast am 04.08.24 mit Version 8.00, Update 07.09.20.\r
 \r
Geber: PcOben\r
    PcRechts hat: H9 EZ EU S9 E9 HU\r
        Gast hat: SO SZ GA SA GO G9\r
     PcLinks hat: HA EA SK GZ GU SU\r
      PcOben hat: HO EO HK HZ EK GK\r
Gast spielt Schellen-Geier\r
    PcRechts spielt aus: EZ SO EA EK\r
        Gast spielt aus: GO SK EO S9\r
      PcOben spielt aus: HK H9 G9 HA\r
     PcLinks spielt aus: GU GK E9 GA\r
        Gast spielt aus: SZ SU HO EU\r
      PcOben spielt aus: HZ HU SA GZ\r
Du gewinnst den Schellen-Geier. Die Gegner haben 42 Augen\r
Das Einzelspiel kostet 5 Punkte.\r
Spiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock\r
    1        5           -5           -5           -5          +15        0\r
";

#[test]
fn a_game_reads_into_a_record_with_names_prices_and_deck() {
    let games = parse(ONE_GAME, "s");
    let game = games[0].as_ref().expect("imports");
    assert_eq!(game.line, 4);
    let r = &game.record;
    assert_eq!(r.id.as_deref(), Some("s#1"));
    assert_eq!(r.deck.as_deref(), Some("short"));
    assert_eq!(
        r.players.as_deref(),
        Some(&["PcRechts", "Gast", "PcLinks", "PcOben"].map(String::from)[..])
    );
    let c = r.contract.as_ref().unwrap();
    assert_eq!(
        (c.game.as_str(), c.suit.as_deref(), c.declarer),
        ("farbgeier", Some("S"), Some(1))
    );
    assert_eq!(r.tariff.solo, Some(5));
    assert_eq!(game.recorded.payouts, [-5, 15, -5, -5]);
    assert_eq!(
        Score::of(&r.game().unwrap()).unwrap().payouts,
        [-5, 15, -5, -5]
    );
}

fn error_of(text: &str) -> String {
    parse(text, "s")[0].as_ref().unwrap_err().to_string()
}

#[test]
fn faults_name_the_line() {
    assert_eq!(
        error_of(&ONE_GAME.replace("Gast spielt Schellen-Geier", "Gast spielt Schellen-Bettel")),
        "line 9: expected an announcement (`<name> spielt <game>`), found 'Gast spielt Schellen-Bettel'"
    );
    assert_eq!(
        error_of(&ONE_GAME.replace("GO SK EO S9", "GO SK EO XX")),
        "line 11: the protocol: 'XX' is not a card"
    );
    // PcOben (seat 3) discards GK on the Eichel lead although he holds EK.
    let illegal = ONE_GAME
        .replace("EZ SO EA EK", "EZ SO EA GK")
        .replace("GU GK E9 GA", "GU EK E9 GA");
    assert_eq!(
        error_of(&illegal),
        "line 10: play 3 (GK) is illegal: seat 3 must follow Eichel"
    );
    assert!(
        error_of(&ONE_GAME.replace("PcRechts spielt aus: EZ", "PcOben spielt aus: EZ"))
            .starts_with(
                "line 10: the protocol says PcOben leads, but the rules give the lead to PcRechts"
            )
    );
}

/// Game 20 of `samples-16.05.20.txt`: a Schieber round (the dealer's `DU DU` stand for the
/// Obers set aside), played as a Grün-Solo by forehand.
const SCHIEBER: &str = "Standard\r
gespielt von Gast am 16.05.20 mit Version 5.05, Update 10.07.07.\r
 \r
Geber: PcOben\r
Spielart: Schieber\r
    PcRechts hat: HA SA G8 GU SO S8 S7 GK\r
        Gast hat: GZ H7 HO EZ HK EA E9 H9\r
     PcLinks hat: G7 G9 S9 HU H8 EU E8 E7\r
      PcOben hat: SK EK SZ SU GA HZ DU DU\r
PcRechts spielt Grün-Solo\r
    PcRechts spielt aus: GO S7 G7 SU\r
    PcRechts spielt aus: EO S8 G9 GA\r
    PcRechts spielt aus: SO EA GZ HO\r
      PcOben spielt aus: SZ SA H7 S9\r
    PcRechts spielt aus: GU EZ HU EU\r
      PcOben spielt aus: SK GK E9 H8\r
    PcRechts spielt aus: HA H9 E7 HZ\r
    PcRechts spielt aus: G8 HK E8 EK\r
PcRechts gewinnt das Grün-Solo. Die Gegner haben 43 Augen\r
Das Einzelspiel kostet 50 Punkte.\r
Spiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock\r
   20       50          -50          -50         +150          -50        0\r
";

#[test]
fn a_schieber_round_reads_with_its_passes() {
    let game = parse(SCHIEBER, "s").remove(0).expect("a Schieber imports");
    let r = &game.record;
    assert_eq!(r.round.as_deref(), Some("schieber"));
    let passes: Vec<String> = r
        .passes
        .iter()
        .map(|p| serde_json::to_string(p).unwrap())
        .collect();
    // Middlehand's HO went on to rearhand, who passed it with EU to the dealer.
    assert_eq!(
        passes,
        [
            r#"{"to":0,"cards":"EO GO"}"#,
            r#"{"from":0,"to":1,"cards":"S8 S7"}"#,
            r#"{"from":1,"to":2,"cards":"GZ HO"}"#,
            r#"{"from":2,"to":3,"cards":"EU HO"}"#,
        ]
    );
    let score = r.score().unwrap();
    assert_eq!(score.payouts, [150, -50, -50, -50]);
    // The record prints and reads back unchanged.
    assert_eq!(&Record::from_json(&r.to_json()).unwrap(), r);
    let du = ONE_GAME.replace("H9 EZ EU S9 E9 HU", "H9 EZ EU S9 DU DU");
    assert!(
        error_of(&du).contains("a `DU` placeholder outside a Schieber dealer's hand"),
        "{}",
        error_of(&du)
    );
}

/// A thrown-in game (no play) of `ONE_GAME`'s deal, with the hands given.
fn thrown_in(hands: [&str; 4]) -> String {
    format!(
        "netschafkopf_helper\r\ngespielt von Gast am 04.08.24 mit Version 8.00, Update 07.09.20.\r\n \r\n\
         Geber: PcOben\r\n    PcRechts hat: {}\r\n        Gast hat: {}\r\n     PcLinks hat: {}\r\n      \
         PcOben hat: {}\r\nEs wurde zusammengeworfen.\r\n\
         Spiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock\r\n\
         \x20   1        0            0            0            0            0        0\r\n",
        hands[0], hands[1], hands[2], hands[3]
    )
}

#[test]
fn a_thrown_in_games_hands_are_checked_like_any_other() {
    let good = thrown_in([
        "H9 EZ EU S9 E9 HU",
        "SO SZ GA SA GO G9",
        "HA EA SK GZ GU SU",
        "HO EO HK HZ EK GK",
    ]);
    let game = parse(&good, "s")
        .remove(0)
        .expect("a valid thrown-in game imports");
    assert!(game.record.contract.is_none());
    // Found by fuzzing: a card three times and short hands were imported with exit 0.
    let bad = thrown_in(["EO EO EO", "GO", "H7", "SO"]);
    assert_eq!(error_of(&bad), "line 4: card EO appears twice");
}

#[test]
fn score_table_arithmetic_is_checked_not_wrapped() {
    // Running totals so far apart that their difference overflows: refused by line.
    let first = ONE_GAME.replace(
        "    1        5           -5           -5           -5          +15        0",
        "    1        5  -9223372036854775807           -5           -5          +15        0",
    );
    let second = first.clone()
        + " \r\n"
        + &first[first.find("Geber").unwrap()..].replace(
            "    1        5  -9223372036854775807",
            "    2        5  +9223372036854775807",
        );
    let games = parse(&second, "s");
    assert!(games[1].is_err(), "{:?}", games[1]);
    // A price sentence whose steps overflow.
    let over = ONE_GAME.replace(
        "Das Einzelspiel kostet 5 Punkte.",
        "Das Einzelspiel kostet -9223372036854775807 Punkte. Mit Schneider 9223372036854775807 Punkte.",
    );
    assert!(parse(&over, "s")[0].is_err());
}

/// The ledger over each protocol's games in order reproduces its score table: every
/// player's running total after every game, and the stock.
#[test]
fn the_ledger_reproduces_every_score_tables_running_totals() {
    let mut games = 0;
    for (name, text) in protocols() {
        let mut ledger = solver::ledger::Ledger::new();
        for game in parse(&text, &name) {
            let game = game.expect("every game imports");
            let entry = ledger.add(&game.record).expect("every game is counted");
            assert_eq!(
                (entry.totals, entry.stock),
                (game.recorded.totals, 0),
                "{name} game {}",
                game.recorded.number
            );
            games += 1;
        }
        // The players' accounts end where the table ends.
        let totals = ledger.totals();
        let sum: i64 = totals.players.iter().map(|a| a.total).sum();
        assert_eq!(sum, 0, "{name}");
        for a in &totals.players {
            assert_eq!(a.received - a.paid, a.total);
        }
    }
    assert_eq!(games, 1304);
}

#[test]
fn the_ledger_names_what_it_cannot_count() {
    let game = parse(ONE_GAME, "s").remove(0).unwrap();
    let mut record = game.record.clone();
    record.players = None;
    let mut ledger = solver::ledger::Ledger::new();
    assert_eq!(
        ledger.add(&record).unwrap_err().to_string(),
        "the ledger follows players by name: the record has no `players`"
    );
    record.players = Some(["A", "B", "A", "C"].map(String::from).to_vec());
    assert_eq!(
        ledger.add(&record).unwrap_err().to_string(),
        "'A, B, A, C' is not a valid players (four different names, by seat)"
    );
    record.players = game.record.players.clone();
    record.stock = Some(20);
    assert_eq!(
        ledger.add(&record).unwrap_err().to_string(),
        "stock: the record starts with 20, but the games before leave 0 in the stock"
    );
    // Given twice and not the same: refused, as everywhere, not read as the one carried.
    (record.stock, record.rules.stock) = (Some(0), Some(20));
    assert_eq!(
        ledger.add(&record).unwrap_err().to_string(),
        "stock is 0 but rules.stock is 20: give it once"
    );
    assert_eq!(ledger.totals().games, 0);
}

/// Judged double dummy, each game's perfect payouts are the declared contract's settlement
/// as `contracts` values it, and they add up to nothing; Ramsch is not judged.
#[test]
fn the_ledger_judges_games_double_dummy_as_contracts_does() {
    let (name, text) = protocols()
        .into_iter()
        .find(|(n, _)| n == "samples-04.08.24")
        .unwrap();
    let mut ledger = solver::ledger::Ledger::new();
    let mut solver = solver::Solver::new();
    for game in parse(&text, &name).into_iter().flatten() {
        // Without Kontra and Re, which `contracts` leaves out (they answer the contract).
        let mut record = game.record.clone();
        (record.doublings.kontra, record.doublings.re) = (0, 0);
        let entry = ledger.add_judged(&record, Some(&mut solver)).unwrap();
        let Some(perfect) = entry.double_dummy else {
            assert_eq!(record.contract.as_ref().unwrap().game, "ramsch");
            continue;
        };
        assert_eq!(perfect.iter().sum::<i64>(), 0);
        let declared = solver::declarer_contracts(&record, &mut solver, None)
            .unwrap()
            .declared
            .unwrap();
        let declarer = record.contract.as_ref().unwrap().declarer.unwrap() as usize;
        assert_eq!(perfect[declarer], declared.settlement, "{:?}", record.id);
    }
    for account in ledger.totals().players {
        let judged = account
            .double_dummy
            .expect("every player sat in a judged game");
        assert_eq!(judged.games, 4);
        assert_eq!(judged.as_played, account.total);
    }
}
