//! openschafkopf's plain format: records written and read back are the same game, and
//! lines read and written back are the same text.

use solver::formats::netschafkopf;
use solver::formats::plain::{parse, parse_line, write};
use solver::formats::{decode, FormatError};
use solver::{Error, Record};
use std::path::Path;

fn data(path: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data")
        .join(path);
    decode(&std::fs::read(&p).expect("test data")).into_owned()
}

/// The real games of the test data: the 205 openschafkopf rule-test games and the 1,300
/// NetSchafkopf games.
fn real_games() -> Vec<Record> {
    let mut records: Vec<Record> = data("openschafkopf-rules-tests.jsonl")
        .lines()
        .map(|l| Record::from_json(l).expect("a record"))
        .collect();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/netschafkopf");
    for entry in std::fs::read_dir(dir).expect("protocols") {
        let path = entry.expect("an entry").path();
        let text = decode(&std::fs::read(&path).expect("a protocol")).into_owned();
        records.extend(
            netschafkopf::parse(&text, "p")
                .into_iter()
                .flatten()
                .map(|g| g.record)
                // Schieber rounds: thrown in, or passes the plain format cannot hold.
                .filter(|r| r.round.is_none()),
        );
    }
    records
}

/// What the plain format carries: deck, hands (as sets), contract, play.
fn carried(r: &Record) -> (String, Vec<solver::Cards>, String, String, bool) {
    let deal = r.deal().expect("a valid deal");
    let (deck, hands) = (deal.deck(), *deal.hands());
    let game = r.game().expect("a valid game");
    let contract = solver::record::ContractSpec::of(&game.contract());
    let stichzwang = r.rules.stichzwang && contract.game == "bettel";
    (
        deck.name().to_string(),
        hands.0.to_vec(),
        serde_json::to_string(&contract).unwrap(),
        r.play.0.join(" "),
        stichzwang,
    )
}

#[test]
fn records_written_and_read_back_are_the_same_game() {
    let records = real_games();
    assert_eq!(records.len(), 205 + 1300);
    for record in &records {
        let line = write(record).unwrap_or_else(|e| panic!("{:?}: {e}", record.id));
        let back = parse_line(&line, 1).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(carried(&back), carried(record), "{line}");
        // And the line is what the record read back writes.
        assert_eq!(write(&back).unwrap(), line);
    }
}

#[test]
fn a_file_of_lines_reads_line_by_line_with_errors_in_place() {
    let text = "Rufspiel Eichel von 0: ea\n\nWenz von 2 ez ea\nfoo";
    let results = parse(text);
    assert_eq!(results.len(), 3);
    assert!(matches!(
        results[0],
        Err(FormatError::Inconsistent { line: 1, .. })
    ));
    assert!(matches!(
        results[1],
        Err(FormatError::Syntax { line: 3, .. })
    ));
    assert_eq!(
        results[0].as_ref().unwrap_err().to_string(),
        "line 1: a game in this format has all 32 (or 24) cards, found 1"
    );
}

#[test]
fn broken_games_name_their_fault() {
    let records = real_games();
    let line = write(&records[0]).unwrap();
    // The same card twice.
    let mut cards: Vec<&str> = line.split(' ').collect();
    let n = cards.len();
    cards[n - 1] = cards[n - 2];
    let twice = cards.join(" ");
    match parse_line(&twice, 4) {
        Err(FormatError::Record {
            line: 4,
            error: Error::DuplicateCard(_),
        }) => {}
        other => panic!("{other:?}"),
    }
    // A token that is no card.
    let bad_card = line.replacen(": ", ": xx ", 1);
    assert_eq!(
        parse_line(&bad_card, 2).unwrap_err().to_string(),
        "line 2: play: 'xx' is not a card"
    );
}

#[test]
fn contracts_the_format_lacks_are_refused_by_name() {
    let line = r#"{"hands": ["EO GO HO SO EU GU HU SU", "EA EZ EK E9 E8 E7 GA GZ", "GK G9 G8 G7 HA HZ HK H9", "H8 H7 SA SZ SK S9 S8 S7"], "contract": {"game": "sie", "declarer": 0}}"#;
    let record = Record::from_json(line).unwrap();
    let err = write(&record).unwrap_err();
    assert!(err.to_string().contains("sie"), "{err}");
    let unfinished = Record::from_json(r#"{"hands": ["EO GO HO SO EU GU HU SU", "EA EZ EK E9 E8 E7 GA GZ", "GK G9 G8 G7 HA HZ HK H9", "H8 H7 SA SZ SK S9 S8 S7"], "contract": {"game": "wenz", "declarer": 0}, "play": "EU"}"#).unwrap();
    assert_eq!(
        write(&unfinished).unwrap_err().to_string(),
        "an unfinished game (1 of 32 cards played) cannot be written in the openschafkopf plain format"
    );
}

#[test]
fn a_schieber_round_is_not_written_without_its_passes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/netschafkopf");
    let bytes = std::fs::read(dir.join("samples-16.05.20.txt")).expect("the protocol");
    let text = decode(&bytes).into_owned();
    let schieber = netschafkopf::parse(&text, "p")
        .into_iter()
        .flatten()
        .map(|g| g.record)
        .find(|r| r.round.is_some() && !r.thrown_in)
        .expect("a Schieber played");
    let fault = write(&schieber).unwrap_err();
    assert_eq!(
        fault.to_string(),
        "a schieber round (the format has no passes) cannot be written in the openschafkopf \
         plain format"
    );
}
