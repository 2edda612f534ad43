use super::*;
use crate::cards::{Deck, Suit};
use crate::pack::Pack;

fn question(hand: &str, contract: Option<&str>) -> HandQuestion {
    let contract = contract.map_or(String::new(), |c| format!(r#", "contract": {c}"#));
    let line = format!(r#"{{"hands": ["{hand}", null, null, null]{contract}}}"#);
    HandQuestion::of_record(&Record::from_json(&line).unwrap(), None).unwrap()
}

fn solvers(n: usize) -> Vec<Solver> {
    (0..n).map(|_| Solver::with_budget(4 << 20)).collect()
}

fn sampling(samples: usize) -> Sampling {
    Sampling::new(samples, 5)
}

#[test]
fn eight_trumps_from_the_top_win_a_herz_solo_every_time() {
    let q = question(
        "EO GO HO SO EU GU HU SU",
        Some(r#"{"game": "solo", "suit": "H", "declarer": 0}"#),
    );
    let o = odds(&q, sampling(200), &mut solvers(2)).unwrap();
    // The record's Herz solo first: won schwarz in every deal.
    let c = &o.contracts[0];
    assert_eq!(c.contract.to_string(), "solo H by seat 0");
    assert_eq!((c.won, c.schneider, c.schwarz), (1.0, 1.0, 1.0));
    assert_eq!(c.settlement.low, c.settlement.high);
    // The hand is a Sie (all Obers and Unters), won without play and paid most: the best
    // choice, the solo stopped beside it.
    let sie = o.best.contract.expect("a contract, not passing");
    assert_eq!(sie.to_string(), "sie by seat 0");
    let t = o.contracts.iter().find(|x| x.contract == sie).unwrap();
    assert_eq!((t.samples, t.won), (200, 1.0));
    assert!(c.stopped.is_some());
}

#[test]
fn aces_and_tens_never_win_a_bettel() {
    let q = question(
        "EA EZ GA GZ HA HZ SA SZ",
        Some(r#"{"game": "bettel", "declarer": 0}"#),
    );
    let o = odds(&q, sampling(150), &mut solvers(1)).unwrap();
    assert_eq!(o.contracts[0].won, 0.0);
    assert!(o.best.pass);
}

#[test]
fn any_thread_count_gives_the_same_odds() {
    let q = question("EO HO GU HA HK H9 EA S7", None);
    let one = odds(&q, sampling(200), &mut solvers(1)).unwrap();
    let two = odds(&q, sampling(200), &mut solvers(2)).unwrap();
    let three = odds(&q, sampling(200), &mut solvers(3)).unwrap();
    assert_eq!(one, two);
    assert_eq!(one, three);
    // Every announceable contract is judged: the Schellen ace (EA is held, no plain Gras),
    // Bettel and its ouvert, the fourteen solo-class games and their Touts.
    assert_eq!(one.contracts.len(), 1 + 2 + 28);
}

#[test]
fn hopeless_contracts_stop_early_and_say_why() {
    let q = question("E7 E8 G7 G8 S7 S8 H7 H8", None);
    let o = odds(&q, sampling(300), &mut solvers(2)).unwrap();
    let stopped: Vec<_> = o.contracts.iter().filter(|c| c.stopped.is_some()).collect();
    assert!(!stopped.is_empty());
    for c in &stopped {
        assert!(c.samples < 300 && c.samples % ROUND == 0);
        assert!(c.stopped.as_ref().unwrap().contains("below"));
    }
    // Seven and eights of every suit: a Bettel is the one hope; a Farbsolo never.
    let solo = o
        .contracts
        .iter()
        .find(|c| matches!(c.contract, Contract::Solo { tout: false, .. }))
        .unwrap();
    assert_eq!(solo.won, 0.0);
}

#[test]
fn the_view_is_asked_for_by_seat() {
    let full = r#"{"hands": ["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7",
        "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"]}"#;
    let r = Record::from_json(full).unwrap();
    let e = HandQuestion::of_record(&r, None).unwrap_err();
    assert!(e.to_string().contains("shows 4 hands"), "{e}");
    let q = HandQuestion::of_record(&r, Some(Seat::S2)).unwrap();
    assert_eq!(q.hand(), "EO SO HK EZ E8 E7 SA S9".parse().unwrap());
    let hidden =
        Record::from_json(r#"{"hands": [null, "GO EU HU H7 EA E9 SK S7", null, null]}"#).unwrap();
    let e = HandQuestion::of_record(&hidden, Some(Seat::S0)).unwrap_err();
    assert!(e.to_string().contains("seat 0 is hidden"), "{e}");
    assert_eq!(
        HandQuestion::of_record(&hidden, None).unwrap().seat(),
        Seat::S1
    );
    // Other commands refuse a hidden hand by name.
    let e = hidden.deal().unwrap_err();
    assert_eq!(e.code(), "hidden_hand");
    // A contract that is another seat's is refused.
    let other = Record::from_json(
        r#"{"hands": [null, "GO EU HU H7 EA E9 SK S7", null, null],
            "contract": {"game": "wenz", "declarer": 2}}"#,
    )
    .unwrap();
    assert!(HandQuestion::of_record(&other, None).is_err());
}

/// Game 18 of NetSchafkopf's `samples-16.05.20.txt`, a Schieber round.
const SCHIEBER: &str = r#"{"hands":["S7 SK S9 S8 H9 SU HU GZ","GU HO G9 SZ G8 HK H7 G7","HZ EA EZ EK E8 H8 SO HA","GK GA SA E7 E9 EU"],"round":"schieber","passes":[{"to":0,"cards":"EO GO"},{"from":0,"to":1,"cards":"GZ H9"},{"from":1,"to":2,"cards":"GU HO"},{"from":2,"to":3,"cards":"E8 H8"}],"contract":{"game":"solo","suit":"S","declarer":0}}"#;

#[test]
fn a_schieber_hand_has_odds_and_deals_that_keep_the_passes_it_saw() {
    let record = Record::from_json(SCHIEBER).unwrap();
    // Forehand: his suit solo first, then the other suit solos and their Touts, the only
    // games of a Schieber round.
    let q = HandQuestion::of_record(&record, Some(Seat::S0)).unwrap();
    let o = odds(&q, sampling(100), &mut solvers(2)).unwrap();
    assert_eq!(o.contracts[0].contract.to_string(), "solo S by seat 0");
    assert_eq!(o.contracts.len(), 8);
    assert!(o.contracts.iter().all(|c| matches!(
        c.contract,
        Contract::Solo {
            game: crate::contract::Solo::Farbsolo(_),
            ..
        }
    )));
    // Middlehand passed GU HO to rearhand: in every deal of his they are with rearhand or
    // the dealer (rearhand's pass he did not see), never with forehand; and they are not
    // always with rearhand.
    let q = HandQuestion::of_record(&record, Some(Seat::S1)).unwrap();
    let deals = q.deals(0, 200, 3, &[], None).unwrap();
    let gu: crate::cards::Card = "GU".parse().unwrap();
    assert!(deals.iter().all(|d| !d.hands()[Seat::S0].contains(gu)));
    assert!(deals.iter().any(|d| d.hands()[Seat::S3].contains(gu)));
    assert!(deals.iter().any(|d| d.hands()[Seat::S2].contains(gu)));
}

#[test]
fn the_muss_declarer_may_not_pass() {
    // EO and seven small cards: the Muss game is expected to lose money, but its holder
    // must play it.
    let line = r#"{"hands": ["EO E7 G7 G8 S7 S8 H7 H8", null, null, null],
        "contract": {"game": "sauspiel", "suit": "G", "declarer": 0, "forced": true},
        "rules": {"all_pass": "muss"}}"#;
    // The Muss contract alone (a record's question would add the other calls).
    let (deal, seat, contracts) = Record::from_json(line).unwrap().hand_view(None).unwrap();
    let q = HandQuestion::new(deal, seat, contracts).unwrap();
    let o = odds(&q, sampling(100), &mut solvers(2)).unwrap();
    assert!(!o.best.pass, "{:?}", o.best);
    assert!(o.best.settlement < 0.0, "{:?}", o.best);
    let least_bad = o
        .contracts
        .iter()
        .map(|c| c.settlement.mean)
        .fold(f64::MIN, f64::max);
    assert_eq!(o.best.settlement, least_bad);
}

#[test]
fn the_deals_keep_what_the_seat_assumes() {
    let q = question("EO GO HO SO EU GU HA HZ", None);
    let assume = [
        Assumption::parse("seat 1 holds EA", Pack::German).unwrap(),
        Assumption::parse("seat 2: at least 3 trumps", Pack::German).unwrap(),
        Assumption::parse("seat 3: no Schellen", Pack::German).unwrap(),
    ];
    let trumps = Contract::Ramsch.order(Deck::Long).trumps();
    let deals = q.deals(0, 200, 3, &assume, None).unwrap();
    for d in &deals {
        let h = d.hands();
        assert!(h[Seat::S1].contains("EA".parse().unwrap()));
        assert!(h[Seat::S2].intersect(trumps).len() >= 3);
        // Schellen as a suit: its Ober and Unter are trumps.
        let schellen = Suit::Schellen.cards().without(trumps);
        assert!(h[Seat::S3].intersect(schellen).is_empty());
    }
    // The same deals for the same seed; others where they would break one.
    assert_eq!(deals, q.deals(0, 200, 3, &assume, None).unwrap());
    let plain = q.deals(0, 200, 3, &[], None).unwrap();
    assert_ne!(deals, plain);
    // The seat's own hand is seen: no assumption puts another card in it.
    let own = [Assumption::parse("seat 0 holds EA", Pack::German).unwrap()];
    let e = q.deals(0, 1, 3, &own, None).unwrap_err();
    assert_eq!(e.code(), "bad_assumption");
}

/// Read, the auction so far says the seats before the asking one passed: their deals hold
/// fewer trumps than deals drawn uniformly, and the seats after him are as uniform as ever.
#[test]
fn the_seats_that_passed_before_hold_weaker_hands() {
    let line = r#"{"hands": [null, null, "EU GU SU EA EZ GA GZ S7", null]}"#;
    let q = HandQuestion::of_record(&Record::from_json(line).unwrap(), None).unwrap();
    let model = crate::auction::AuctionModel::shipped();
    let trumps = |deals: &[Deal], seat: Seat| {
        let order = Contract::Ramsch.order(Deck::Long);
        let sum: u32 = deals
            .iter()
            .map(|d| d.hands()[seat].intersect(order.trumps()).len())
            .sum();
        sum as f64 / deals.len() as f64
    };
    let uniform = q.deals(0, 2000, 1, &[], None).unwrap();
    let pilot = q.deals(0, PILOT_DEALS, 9, &[], None).unwrap();
    let most = pilot
        .iter()
        .map(|d| model.passed_before(d, Seat::S2))
        .fold(0.0, f64::max);
    let passed = q.deals(0, 2000, 1, &[], Some((model, most))).unwrap();
    for seat in [Seat::S0, Seat::S1] {
        let (u, p) = (trumps(&uniform, seat), trumps(&passed, seat));
        assert!(p < u - 0.2, "seat {seat}: {p:.2} against {u:.2}");
    }
    let (u, p) = (trumps(&uniform, Seat::S3), trumps(&passed, Seat::S3));
    assert!(
        p > u,
        "seat 3 holds what the passing seats did not: {p:.2} against {u:.2}"
    );
    // The question's own seat is forehand's: nobody spoke before him, every deal alike.
    let first = HandQuestion::of_record(
        &Record::from_json(r#"{"hands": ["EU GU SU EA EZ GA GZ S7", null, null, null]}"#).unwrap(),
        None,
    )
    .unwrap();
    let deals = first.deals(0, 50, 1, &[], Some((model, 1.0))).unwrap();
    assert_eq!(deals, first.deals(0, 50, 1, &[], None).unwrap());
}

/// Where the record gives the auction as it happened, the calls before the asking seat are
/// read: a seat that said "I play" holds a stronger hand than one that passed, the seat
/// may only outbid him (no Sauspiel), and its own call and the later ones are not read.
#[test]
fn the_calls_before_the_seat_are_read_where_the_record_gives_them() {
    let hand = r#""EU GU SU EA EZ GA GZ S7""#;
    let question = |auction: &str| {
        let line = format!(r#"{{"hands": [null, null, {hand}, null]{auction}}}"#);
        HandQuestion::of_record(&Record::from_json(&line).unwrap(), None)
    };
    let model = crate::auction::AuctionModel::shipped();
    let trumps = |deals: &[Deal], seat: Seat| {
        let order = Contract::Ramsch.order(Deck::Long);
        let sum: u32 = deals
            .iter()
            .map(|d| d.hands()[seat].intersect(order.trumps()).len())
            .sum();
        sum as f64 / deals.len() as f64
    };
    let weighed = |q: &HandQuestion| {
        let table = crate::auction::Table::of(&q.table);
        let pilot = q.deals(0, PILOT_DEALS, 9, &[], None).unwrap();
        let most = pilot
            .iter()
            .map(|d| model.spoke_before_at(d, &q.said, &table))
            .fold(0.0, f64::max);
        q.deals(0, 2000, 1, &[], Some((model, most))).unwrap()
    };
    let passed = question("").unwrap();
    let played = question(r#", "auction": ["play", "pass", "play", "pass"]"#).unwrap();
    assert_eq!(played.said, [Call::Play, Call::Pass]);
    let (p, q) = (
        trumps(&weighed(&passed), Seat::S0),
        trumps(&weighed(&played), Seat::S0),
    );
    assert!(
        q > p + 1.0,
        "seat 0 said 'play': {q:.2} trumps against {p:.2}"
    );
    assert!(played.contracts.iter().all(|c| c.bid_rank() > Some(0)));
    assert!(passed.contracts.iter().any(|c| c.bid_rank() == Some(0)));
    // The seat's own pass is not read: the question is what it should have said.
    let own = question(r#", "auction": ["pass", "pass", "pass", "pass"]"#).unwrap();
    assert_eq!(own.contracts, passed.contracts);
    // Its Sauspiel after seat 0's "I play" is refused by name.
    let line = format!(
        r#"{{"hands": [null, null, {hand}, null], "auction": ["play", "pass", "play", "pass"],
            "contract": {{"game": "sauspiel", "suit": "S", "declarer": 2}}}}"#
    );
    let e = HandQuestion::of_record(&Record::from_json(&line).unwrap(), None).unwrap_err();
    assert!(e.to_string().contains("cannot outbid him"), "{e}");
}
