use super::*;
use crate::pack::Pack;
use crate::record::Record;
use std::collections::{HashMap, HashSet};

/// The Sauspiel of the crate's example, on the Gras ace, after `n` cards.
fn sauspiel_after(n: usize) -> Game {
    let play = "H8 H7 HK HZ G7 G8 HU SO SA S8 HA S7 SU GO EO G9 E7 EK H9 E9 HO EU S9 SZ \
                GK SK E8 GA GZ GU EA EZ";
    let cards: Vec<&str> = play.split_whitespace().take(n).collect();
    let line = format!(
        r#"{{"hands": ["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7",
            "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"],
            "contract": {{"game": "sauspiel", "suit": "G", "declarer": 0}},
            "play": "{}"}}"#,
        cards.join(" ")
    );
    Record::from_json(&line).unwrap().game().unwrap()
}

/// Every deal of the hidden cards to the other seats in their hand sizes, kept where it
/// replays: the consistent worlds, found without any narrowing.
fn brute_force(view: &View, game: &Game) -> Vec<BySeat<Cards>> {
    let hands = game.hands();
    let need = BySeat::from_fn(|s| (hands[s].len() - view.known[s].len()) as u8);
    let known = Seat::ALL
        .into_iter()
        .fold(Cards::EMPTY, |a, s| a | view.known[s]);
    let all = Seat::ALL
        .into_iter()
        .fold(Cards::EMPTY, |a, s| a | hands[s]);
    let hidden: Vec<Card> = all.without(known).into_iter().collect();
    fn walk(cards: &[Card], need: BySeat<u8>, h: BySeat<Cards>, out: &mut Vec<BySeat<Cards>>) {
        let Some((&c, rest)) = cards.split_first() else {
            out.push(h);
            return;
        };
        for s in Seat::ALL {
            if need[s] > 0 {
                let (mut n, mut h2) = (need, h);
                n[s] -= 1;
                h2[s].insert(c);
                walk(rest, n, h2, out);
            }
        }
    }
    let mut every = Vec::new();
    walk(&hidden, need, BySeat([Cards::EMPTY; 4]), &mut every);
    every
        .into_iter()
        .filter(|h| view.world(h).is_ok())
        .collect()
}

fn hidden_of(view: &View, game: &Game) -> BySeat<Cards> {
    BySeat::from_fn(|s| game.hands()[s].without(view.known[s]))
}

#[test]
fn listing_equals_an_explicit_enumeration() {
    for n in [20, 21, 22, 23, 24, 25, 26, 27] {
        let game = sauspiel_after(n);
        let seat = game.to_move();
        let mut view = View::of(&game, seat);
        let expected: HashSet<_> = brute_force(&view, &game).into_iter().map(|h| h.0).collect();
        let worlds = view.worlds(10_000, 1).unwrap();
        assert!(worlds.exhaustive, "after {n} cards");
        let got: Vec<_> = worlds
            .games()
            .unwrap()
            .iter()
            .map(|g| hidden_of(&view, g).0)
            .collect();
        assert_eq!(got.len(), expected.len(), "after {n} cards");
        assert_eq!(
            got.into_iter().collect::<HashSet<_>>(),
            expected,
            "after {n} cards"
        );
    }
}

#[test]
fn a_world_is_the_same_whenever_and_in_whatever_order_it_is_drawn() {
    // Drawn as judging asks for them (each from its own stream): the worlds read
    // backwards, or a few only, are those read forwards, with or without the auction.
    for inference in [Inference::None, Inference::auction()] {
        let game = sauspiel_after(3);
        let view = View::of(&game, game.to_move()).inferring(inference);
        let forwards = view.clone().worlds(40, 5).unwrap().games().unwrap();
        let later = view.clone().worlds(40, 5).unwrap();
        let hands = |g: &Game| g.setup().dealt_hands();
        for i in (0..40).rev().step_by(3) {
            assert_eq!(
                hands(later.get(i).unwrap()),
                hands(&forwards[i]),
                "world {i}"
            );
        }
        // A larger ceiling draws the same first worlds.
        let more = view.clone().worlds(400, 5).unwrap();
        assert_eq!(hands(more.get(7).unwrap()), hands(&forwards[7]));
        assert!(later.get(40).is_err(), "no world past the ceiling");
    }
}

#[test]
fn the_ceiling_of_exact_values_applies_where_every_card_is_solved_exactly() {
    let sampling = Sampling::new(4000, 0).paying_only().exact_at_most(100);
    // A Sauspiel judged by what pays: threshold questions, the full ceiling.
    assert_eq!(sampling.ceiling(&sauspiel_after(0)).unwrap(), 4000);
    // Its exact values asked: the ceiling of exact values.
    let points = Sampling {
        points: true,
        ..sampling
    };
    assert_eq!(points.ceiling(&sauspiel_after(0)).unwrap(), 100);
    // A Ramsch pays by the exact values.
    let ramsch = Record::from_json(
        r#"{"hands": ["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7",
            "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"],
            "contract": {"game": "ramsch"}}"#,
    )
    .unwrap()
    .game()
    .unwrap();
    assert_eq!(sampling.ceiling(&ramsch).unwrap(), 100);
    // None set: one ceiling for all.
    assert_eq!(Sampling::new(50, 0).ceiling(&ramsch).unwrap(), 50);
}

#[test]
fn every_world_replays_the_history_and_keeps_what_the_seat_saw() {
    for n in [0, 3, 9, 14, 17] {
        let game = sauspiel_after(n);
        let seat = game.to_move();
        let mut view = View::of(&game, seat);
        let worlds = view.worlds(50, 9).unwrap();
        assert_eq!(worlds.games().unwrap().len(), 50);
        let mut differs = false;
        for world in &worlds.games().unwrap() {
            assert_eq!(world.plays(), game.plays());
            assert_eq!(world.hands()[seat], game.hands()[seat]);
            assert_eq!(world.contract(), game.contract());
            // Replayed from its dealt hands: the history is legal in it.
            let again = Game::replay(world.setup().clone(), &view.plays).unwrap();
            assert_eq!(again.hands(), world.hands());
            // The same voids: whoever did not follow a led group holds none of it.
            for trick in game.plays().chunks(4) {
                let led = game.order().group_of(trick[0].1);
                for &(s, c) in &trick[1..] {
                    if !led.contains(c) {
                        assert!(world.hands()[s].intersect(led).is_empty());
                    }
                }
            }
            differs |= world.hands() != game.hands();
        }
        assert!(differs, "after {n} cards the hidden hands never vary");
    }
}

#[test]
fn the_called_ace_stays_with_whoever_may_hold_it() {
    // Trick 2 searches Gras (G7 led by seat 3, who holds GA): the others followed with
    // their own Gras cards or trumps, so nobody else may hold the ace; it is seat 3's
    // in every world of seat 1's view (before seat 3 plays it in trick 7).
    let game = sauspiel_after(9);
    let ace: Card = "GA".parse().unwrap();
    assert!(game.hands()[Seat::S3].contains(ace));
    let mut view = View::of(&game, game.to_move());
    for world in view.worlds(100, 3).unwrap().games().unwrap() {
        assert!(world.hands()[Seat::S3].contains(ace));
    }
}

#[test]
fn the_last_trick_leaves_one_world() {
    // The last two cards: every other card is seen, so one world is left.
    for n in [30, 31] {
        let game = sauspiel_after(n);
        let mut view = View::of(&game, game.to_move());
        let worlds = view.worlds(100, 0).unwrap();
        assert!(worlds.exhaustive);
        assert_eq!(worlds.games().unwrap().len(), 1);
        assert_eq!(worlds.games().unwrap()[0].hands(), game.hands());
    }
}

#[test]
fn the_same_seed_draws_the_same_worlds() {
    let game = sauspiel_after(5);
    let mut a = View::of(&game, game.to_move());
    let mut b = a.clone();
    let wa: Vec<_> = a
        .worlds(40, 11)
        .unwrap()
        .games()
        .unwrap()
        .iter()
        .map(|g| g.hands().0)
        .collect();
    let wb: Vec<_> = b
        .worlds(40, 11)
        .unwrap()
        .games()
        .unwrap()
        .iter()
        .map(|g| g.hands().0)
        .collect();
    assert_eq!(wa, wb);
    let wc: Vec<_> = b
        .worlds(40, 12)
        .unwrap()
        .games()
        .unwrap()
        .iter()
        .map(|g| g.hands().0)
        .collect();
    assert_ne!(wa, wc);
}

/// The 0.999 quantile of chi-square with `df` degrees of freedom (Wilson and Hilferty).
fn chi_square_999(df: f64) -> f64 {
    let z = 3.090;
    let a = 2.0 / (9.0 * df);
    df * (1.0 - a + z * a.sqrt()).powi(3)
}

#[test]
fn drawing_is_uniform_over_the_consistent_worlds() {
    // Several points of the game, each with a few dozen to a few hundred consistent
    // worlds: the frequencies of many draws against the uniform expectation.
    for n in [14, 16, 18, 20] {
        let game = sauspiel_after(n);
        let mut view = View::of(&game, game.to_move());
        let worlds = brute_force(&view, &game);
        let k = worlds.len();
        assert!((10..3000).contains(&k), "after {n} cards: {k} worlds");
        let draws = 60 * k;
        let mut counts: HashMap<[Cards; 4], usize> = HashMap::new();
        let mut rng = Rng::new(n as u64);
        for _ in 0..draws {
            let g = view.draw_one(&mut rng);
            *counts.entry(hidden_of(&view, &g).0).or_default() += 1;
        }
        assert_uniform(&worlds, &counts, draws, &format!("after {n} cards"));
    }
}

/// Asserts that `counts` of `draws` draws spread uniformly over `worlds` (each drawn, and
/// chi-square under its 0.999 quantile).
fn assert_uniform(
    worlds: &[BySeat<Cards>],
    counts: &HashMap<[Cards; 4], usize>,
    draws: usize,
    what: &str,
) {
    let k = worlds.len();
    assert_eq!(counts.len(), k, "{what}: a world never drawn");
    let expected = draws as f64 / k as f64;
    let chi: f64 = worlds
        .iter()
        .map(|h| {
            let o = counts.get(&h.0).copied().unwrap_or(0) as f64;
            (o - expected).powi(2) / expected
        })
        .sum();
    let limit = chi_square_999((k - 1) as f64);
    assert!(
        chi < limit,
        "{what}: chi-square {chi:.1} over {limit:.1}, {k} worlds"
    );
}

/// A Schieber round (game 18 of NetSchafkopf's `samples-16.05.20.txt`) after `n` cards.
fn schieber_after(n: usize) -> Game {
    let play = "GO SZ GU EU EO H7 SO SA S7 GZ HO GA EA E7 SK G7 S8 G8 EK H8 S9 G9 EZ E8 \
                SU H9 HZ E9 HU HK HA GK";
    let cards: Vec<&str> = play.split_whitespace().take(n).collect();
    let line = format!(
        r#"{{"hands": ["S7 SK S9 S8 H9 SU HU GZ", "GU HO G9 SZ G8 HK H7 G7",
            "HZ EA EZ EK E8 H8 SO HA", "GK GA SA E7 E9 EU"], "round": "schieber",
            "passes": [{{"to": 0, "cards": "EO GO"}}, {{"from": 0, "to": 1, "cards": "GZ H9"}},
                       {{"from": 1, "to": 2, "cards": "GU HO"}}, {{"from": 2, "to": 3, "cards": "E8 H8"}}],
            "contract": {{"game": "solo", "suit": "S", "declarer": 0}}, "play": "{}"}}"#,
        cards.join(" ")
    );
    Record::from_json(&line).unwrap().game().unwrap()
}

/// Whether some contents of the passes `seat` did not see make `hands` (the hands the
/// contract is played with) a valid Schieber deal: the passes undone last first, an
/// unseen one trying every set of its size the receiver holds.
fn passes_exist(setup: &Setup, seat: Seat, hands: BySeat<Cards>) -> bool {
    let deal = setup.deal();
    let passes = deal.passes().to_vec();
    let seen = |p: &Pass| p.from.is_none() || p.from == Some(seat) || p.to == seat;
    fn undo(
        deal: &crate::game::Deal,
        passes: &[Pass],
        j: usize,
        mut hands: BySeat<Cards>,
        chosen: &mut Vec<Pass>,
        seen: &dyn Fn(&Pass) -> bool,
    ) -> bool {
        if j == 0 {
            // The first pass (the cards set aside) is seen by all.
            let first = &passes[0];
            if !first.cards.is_subset(hands[first.to]) {
                return false;
            }
            hands[first.to] = hands[first.to].without(first.cards);
            let mut all = vec![first.clone()];
            all.extend(chosen.iter().rev().cloned());
            let round = deal.round().unwrap();
            return round.pass(deal.deck(), &hands, &all, true).is_ok();
        }
        let pass = &passes[j];
        let from = pass.from.unwrap();
        let options: Vec<Cards> = if seen(pass) {
            vec![pass.cards]
        } else {
            let held: Vec<Card> = hands[pass.to].into_iter().collect();
            let mut out = Vec::new();
            for a in 0..held.len() {
                for b in a + 1..held.len() {
                    out.push(held[a].set() | held[b].set());
                }
            }
            out
        };
        for cards in options {
            if !cards.is_subset(hands[pass.to]) {
                continue;
            }
            let mut back = hands;
            back[pass.to] = back[pass.to].without(cards);
            back[from] |= cards;
            chosen.push(Pass {
                from: Some(from),
                to: pass.to,
                cards,
            });
            let ok = undo(deal, passes, j - 1, back, chosen, seen);
            chosen.pop();
            if ok {
                return true;
            }
        }
        false
    }
    undo(
        deal,
        &passes,
        passes.len() - 1,
        hands,
        &mut Vec::new(),
        &seen,
    )
}

#[test]
fn the_cards_passed_narrow_a_schieber_to_the_worlds_some_unseen_passes_make() {
    for n in [20, 23] {
        let game = schieber_after(n);
        for seat in Seat::ALL {
            let mut view = View::of(&game, seat);
            // Every arrangement that replays and for which the unseen passes can be filled.
            let expected: HashSet<_> = brute_force(&view, &game)
                .into_iter()
                .filter(|h| {
                    let hands = BySeat::from_fn(|s| view.known[s] | h[s] | view.played[s]);
                    passes_exist(game.setup(), seat, hands)
                })
                .map(|h| h.0)
                .collect();
            let worlds = view.worlds(10_000, 1).unwrap();
            assert!(worlds.exhaustive, "after {n} cards, seat {seat}");
            let got: HashSet<_> = worlds
                .games()
                .unwrap()
                .iter()
                .map(|g| hidden_of(&view, g).0)
                .collect();
            assert_eq!(got, expected, "after {n} cards, seat {seat}");
        }
    }
    // Middlehand passed GU HO to rearhand, who may have passed them on to the dealer; he
    // did not see rearhand's pass (E8 H8), so his worlds do not all give it to the dealer.
    let game = schieber_after(0);
    let mut view = View::of(&game, Seat::S1);
    let worlds = view.worlds(200, 3).unwrap();
    let (gu, e8): (Card, Card) = ("GU".parse().unwrap(), "E8".parse().unwrap());
    let dealer = |c: Card| {
        worlds
            .games()
            .unwrap()
            .iter()
            .filter(|g| g.hands()[Seat::S3].contains(c))
            .count()
    };
    assert!(worlds
        .games()
        .unwrap()
        .iter()
        .all(|g| { g.hands()[Seat::S2].contains(gu) || g.hands()[Seat::S3].contains(gu) }));
    assert!(
        dealer(gu) > 0 && dealer(e8) < worlds.games().unwrap().len(),
        "{} {}",
        dealer(gu),
        dealer(e8)
    );
}

/// A Hochzeit: seat 0 was dealt one trump (HA) and gave it to seat 1 for E7; after `n`
/// cards of its best line. `face_up` offers the trump face up.
fn hochzeit_after(n: usize, face_up: bool) -> Game {
    let play = "GA GK G9 G7 GZ HA G8 H7 EO EU S9 EA GO H9 S8 EZ HZ GU SA E9 HU SZ EK HO HK \
                SU SK E8 H8 S7 E7 SO";
    let cards: Vec<&str> = play.split_whitespace().take(n).collect();
    let line = format!(
        r#"{{"hands": ["HA EA EZ EK E9 E8 GA GZ", "EO GO HO SO HZ HK E7 GK",
            "EU GU HU SU H9 H8 G9 G8", "H7 G7 SA SZ SK S9 S8 S7"],
            "contract": {{"game": "hochzeit", "declarer": 0, "partner": 1, "returned": "E7"}},
            "rules": {{"hochzeit_face_up": {face_up}}}, "play": "{}"}}"#,
        cards.join(" ")
    );
    Record::from_json(&line).unwrap().game().unwrap()
}

#[test]
fn a_hochzeits_cards_are_known_to_the_two_who_exchanged_them() {
    let trumps = Contract::Ramsch.order(crate::cards::Deck::Long).trumps();
    for face_up in [false, true] {
        for n in [20, 22, 24] {
            let game = hochzeit_after(n, face_up);
            for seat in Seat::ALL {
                let mut view = View::of(&game, seat);
                // Independently: every arrangement that replays, in which the Hochzeiter
                // holds no trump after the exchange and his partner one at least, where
                // the exchanged cards are with whoever this seat knows has them.
                let ha: Card = "HA".parse().unwrap();
                let e7: Card = "E7".parse().unwrap();
                let expected: HashSet<_> = brute_force(&view, &game)
                    .into_iter()
                    .filter(|h| {
                        let played = BySeat::from_fn(|s| view.known[s] | h[s] | view.played[s]);
                        let sees = seat == Seat::S0 || seat == Seat::S1;
                        played[Seat::S0].intersect(trumps).is_empty()
                            && !played[Seat::S1].intersect(trumps).is_empty()
                            && (!(sees || face_up) || played[Seat::S1].contains(ha))
                            && (!sees || played[Seat::S0].contains(e7))
                    })
                    .map(|h| h.0)
                    .collect();
                let worlds = view.worlds(10_000, 1).unwrap();
                let got: HashSet<_> = worlds
                    .games()
                    .unwrap()
                    .iter()
                    .map(|g| hidden_of(&view, g).0)
                    .collect();
                assert_eq!(got, expected, "face up {face_up}, {n} cards, seat {seat}");
            }
        }
    }
    // Before HA is played: seat 2 does not know, face down, that HA went to seat 1, nor
    // that E7 came back; face up he knows HA's place. Seat 1 knows both.
    let ha: Card = "HA".parse().unwrap();
    let e7: Card = "E7".parse().unwrap();
    let share = |face_up: bool, seat: Seat, card: Card, holder: Seat| {
        let game = hochzeit_after(4, face_up);
        let worlds = View::of(&game, seat).worlds(200, 5).unwrap();
        assert!(worlds
            .games()
            .unwrap()
            .iter()
            .all(|g| g.hands()[Seat::S0].intersect(trumps).is_empty()));
        let n = worlds
            .games()
            .unwrap()
            .iter()
            .filter(|g| g.hands()[holder].contains(card))
            .count();
        n as f64 / worlds.games().unwrap().len() as f64
    };
    assert!(share(false, Seat::S2, ha, Seat::S1) < 0.9);
    assert_eq!(share(true, Seat::S2, ha, Seat::S1), 1.0);
    assert!(share(true, Seat::S2, e7, Seat::S0) < 0.9);
    assert_eq!(share(false, Seat::S1, e7, Seat::S0), 1.0);
    assert_eq!(share(false, Seat::S1, ha, Seat::S1), 1.0);
}

/// A Muss game in which seat 0 (EO, all three callable aces) calls the Gras ten
/// (Renonce), after `n` cards, each the first legal one.
fn muss_ten_after(n: usize) -> Game {
    let line = r#"{"hands": ["EO EA GA SA HO SU H9 H8", "GZ G9 G8 EZ E9 E8 SZ S9",
        "GO SO EU GU HU HA HZ HK", "EK E7 GK G7 H7 SK S8 S7"],
        "contract": {"game": "sauspiel", "suit": "G", "rank": "ten", "declarer": 0, "forced": true},
        "rules": {"all_pass": "muss"}}"#;
    let mut game = Record::from_json(line).unwrap().game().unwrap();
    for _ in 0..n {
        let card = game.legal_cards().first().unwrap();
        game.play(card).unwrap();
    }
    game
}

#[test]
fn what_a_muss_declaration_tells_the_table_holds_in_every_world() {
    // Everyone knows the Muss declarer holds EO, and who calls a ten the three aces.
    let told: Cards = ["EO", "EA", "GA", "SA"]
        .iter()
        .map(|c| c.parse::<Card>().unwrap())
        .collect();
    for n in [0, 1, 5, 9] {
        let game = muss_ten_after(n);
        for seat in [Seat::S1, Seat::S2, Seat::S3] {
            let mut view = View::of(&game, seat);
            let worlds = view.worlds(60, 7).unwrap();
            assert!(
                !worlds.games().unwrap().is_empty(),
                "after {n} cards, seat {seat}"
            );
            let unplayed = told.intersect(game.hands()[Seat::S0]);
            for world in &worlds.games().unwrap() {
                assert_eq!(world.hands()[Seat::S0].intersect(unplayed), unplayed);
            }
            // And they are all the worlds there are.
            if n == 9 {
                let every = brute_force(&view, &game).len() as u64;
                assert_eq!(view.candidates(), every, "seat {seat}");
            }
        }
    }
}

#[test]
fn assumed_worlds_are_drawn_uniformly_and_each_keeps_the_assumptions() {
    // Seat to move assumes the next seat held at least two trumps and some hidden card:
    // the worlds drawn are uniform over the consistent worlds that keep both, found by
    // enumerating every deal and checking the counts directly.
    for n in [13, 17, 19] {
        let game = sauspiel_after(n);
        let (seat, other) = (game.to_move(), game.to_move().next());
        let plain = View::of(&game, seat);
        // Both true of the game itself (its deal is one of the worlds): a card the other
        // seat holds, and a trump count its hand as played keeps.
        let card = game.hands()[other]
            .first()
            .expect("a card the other seat holds");
        let played: Cards = game
            .plays()
            .iter()
            .filter(|&&(s, _)| s == other)
            .map(|&(_, c)| c)
            .collect();
        let trumps = game.order().trumps();
        let held = (game.hands()[other] | played).intersect(trumps).len();
        let (count, at_least) = match held {
            0 | 1 => (format!("seat {other}: at most 1 trumps"), false),
            _ => (format!("seat {other}: at least 2 trumps"), true),
        };
        let assumptions = [
            Assumption::parse(&count, Pack::German).unwrap(),
            Assumption::parse(&format!("seat {other} holds {card}"), Pack::German).unwrap(),
        ];
        let mut view = View::of(&game, seat).assuming(&assumptions).unwrap();
        let keeps = |h: &BySeat<Cards>| {
            let n = (h[other] | played).intersect(trumps).len();
            (n >= 2) == at_least && h[other].contains(card)
        };
        let worlds: Vec<BySeat<Cards>> = brute_force(&plain, &game)
            .into_iter()
            .filter(|h| keeps(h))
            .collect();
        let k = worlds.len();
        assert!((5..3000).contains(&k), "after {n} cards: {k} worlds");
        let draws = 60 * k;
        let mut counts: HashMap<[Cards; 4], usize> = HashMap::new();
        let mut rng = Rng::new(n as u64);
        for _ in 0..draws {
            let g = view.draw_one(&mut rng);
            let h = hidden_of(&view, &g);
            assert!(keeps(&h), "after {n} cards: a world breaks an assumption");
            *counts.entry(h.0).or_default() += 1;
        }
        assert_uniform(&worlds, &counts, draws, &format!("after {n} cards"));
        // The worlds asked for keep them too, listed or drawn.
        for w in view.worlds(40, 1).unwrap().games().unwrap() {
            assert!(keeps(&hidden_of(&view, &w)));
        }
    }
}

#[test]
fn an_assumption_against_what_was_seen_is_refused() {
    let game = sauspiel_after(4);
    // A card the seat to move holds himself is not another's: the game's own deal, one of
    // the worlds, breaks the assumption.
    let seat = game.to_move();
    let own = game.hands()[seat].first().unwrap();
    let other = seat.next();
    let a = Assumption::parse(&format!("seat {other} holds {own}"), Pack::German).unwrap();
    let e = View::of(&game, seat).assuming(&[a]).unwrap_err();
    assert_eq!(e.code(), "bad_assumption");
    assert!(e.to_string().contains("is false in this game"), "{e}");
    let none =
        Assumption::parse(&format!("seat {other}: at least 9 trumps"), Pack::German).unwrap();
    let e = View::of(&game, seat).assuming(&[none]).unwrap_err();
    assert!(e.to_string().contains("is false in this game"), "{e}");
}

#[test]
fn the_key_of_a_judgement_names_a_model_other_than_the_shipped_one() {
    let sampling = Sampling::new(100, 3);
    let shipped = sampling.inferring(Inference::auction());
    assert_eq!(shipped.key(), "players:100:3:points");
    assert_eq!(
        sampling.inferring(Inference::None).key(),
        "players:100:3:points:inference=none"
    );
    // A club's model: its fingerprint, so that answers stored under another model are
    // not served for it.
    let mut club = crate::auction::AuctionModel::shipped().clone();
    club.weights[0][0] += 1.0;
    let club: &'static _ = Box::leak(Box::new(club));
    let key = sampling.inferring(Inference::Auction(club)).key();
    assert_eq!(
        key,
        format!("players:100:3:points:model={}", club.fingerprint())
    );
    assert_ne!(
        club.fingerprint(),
        crate::auction::AuctionModel::shipped().fingerprint()
    );
}
