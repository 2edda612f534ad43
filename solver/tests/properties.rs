//! Property tests: random deals of every contract, played out with random legal cards.

mod common;

use common::*;
use proptest::prelude::*;
use solver::Rng;
use solver::*;

/// Every kind of contract, chosen by `kind`, for a deal (None when the deal does not allow
/// it, e.g. a Sauspiel for a blocked declarer).
fn contract_for(kind: u8, rng: &mut Rng, hands: &BySeat<Cards>, deck: Deck) -> Option<Contract> {
    let declarer = Seat::wrapping(rng.below(4) as u8);
    let suit = Suit::ALL[rng.below(4)];
    let solo = |game, tout| Contract::Solo {
        declarer,
        game,
        tout,
    };
    Some(match kind {
        0 => {
            let aces = callable_aces(hands[declarer], deck);
            if aces.is_empty() {
                return None;
            }
            Contract::Sauspiel {
                declarer,
                called: aces[rng.below(aces.len())],
            }
        }
        1 => solo(Solo::Farbsolo(suit), false),
        2 => solo(Solo::Wenz, false),
        3 => solo(Solo::Geier, false),
        4 => solo(Solo::Farbwenz(suit), false),
        5 => solo(Solo::Farbgeier(suit), false),
        6 => {
            let games: Vec<Solo> = Solo::all().collect();
            solo(games[rng.below(games.len())], true)
        }
        7 => Contract::Bettel {
            declarer,
            ouvert: rng.below(2) == 1,
        },
        8 => Contract::Ramsch,
        9 => Contract::Hochzeit {
            declarer,
            partner: declarer.plus(1 + rng.below(3) as u8),
        },
        10 => {
            let w = [Wenzels::Four, Wenzels::Six, Wenzels::Eight][rng.below(3)];
            german_declaration(hands, w).contract(w)
        }
        _ => {
            let holder = Seat::ALL.into_iter().find(|s| holds_sie(hands[*s], deck))?;
            Contract::Sie { declarer: holder }
        }
    })
}

/// A deal; for kind 11 (Sie) one seat is given the Sie cards.
fn deal_for(kind: u8, rng: &mut Rng, deck: Deck) -> BySeat<Cards> {
    let mut hands = random_deal(rng, deck);
    if kind == 11 {
        let sie: Cards = deck.cards().intersect(Cards::OBERS | Cards::UNTERS);
        let need = if deck == Deck::Long {
            sie
        } else {
            sie.without(cards("HU SU"))
        };
        let holder = Seat::wrapping(rng.below(4) as u8);
        // Swap the Sie cards into the holder's hand, his other cards out.
        let mut give: Vec<Card> = need.without(hands[holder]).into_iter().collect();
        let mut take: Vec<Card> = hands[holder].without(need).into_iter().collect();
        for s in Seat::ALL.into_iter().filter(|s| *s != holder) {
            for card in hands[s].intersect(need) {
                let back = take.pop().expect("the holder has as many spare cards");
                hands[s].remove(card);
                hands[s].insert(back);
                hands[holder].remove(back);
                hands[holder].insert(card);
                give.retain(|c| *c != card);
            }
        }
        assert!(give.is_empty());
    }
    hands
}

fn random_options(rng: &mut Rng) -> Options {
    Options {
        run_away_count: [RunAwayCount::Dealt, RunAwayCount::Current][rng.below(2)],
        stichzwang: rng.below(2) == 1,
        schwarz: [Schwarz::NoTrick, Schwarz::AllPoints][rng.below(2)],
        ramsch_tie: [RamschTie::MoreTricks, RamschTie::HighestTrumpPlayed][rng.below(2)],
        jungfrau: [
            Jungfrau::None,
            Jungfrau::DoubleIndividuallyOnce,
            Jungfrau::DoubleIndividuallyMultiple,
            Jungfrau::DoubleAll,
        ][rng.below(4)],
        durchmarsch: [
            Durchmarsch::AllTricks,
            Durchmarsch::AtLeast,
            Durchmarsch::None,
        ][rng.below(3)],
        durchmarsch_points: [None, Some(91)][rng.below(2)],
        ..Options::default()
    }
}

fn random_game(kind: u8, seed: u64) -> Option<(Game, Rng)> {
    let mut rng = Rng::new(seed);
    let deck = if rng.below(4) == 0 {
        Deck::Short
    } else {
        Deck::Long
    };
    let hands = deal_for(kind, &mut rng, deck);
    let contract = contract_for(kind, &mut rng, &hands, deck)?;
    let mut setup = setup(hands, contract, deck);
    setup.options = random_options(&mut rng);
    setup.doublings.klopfen = rng.below(3) as u8;
    setup.doublings.kontra = rng.below(2) as u8;
    setup.stock = 10 * rng.below(5) as i64;
    Some((Game::new(setup), rng))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_play_keeps_every_invariant(kind in 0u8..12, seed in any::<u64>()) {
        let Some((mut game, mut rng)) = random_game(kind, seed) else { return Ok(()) };
        finish_randomly(&mut game, &mut rng);
        let n = game.setup().trick_count();
        prop_assert_eq!(game.tricks().len(), n);
        for t in game.tricks() {
            // One card from each seat, in turn from the leader.
            for i in 0..4 {
                prop_assert!(game.setup().hands[t.seat_of(i)].contains(t.cards[i]));
            }
        }
        prop_assert_eq!(game.points().0.iter().sum::<u32>(), 120);
        prop_assert_eq!(game.trick_counts().0.iter().sum::<u32>() as usize, n);
        prop_assert!(game.hands().0.iter().all(|h| h.is_empty()));

        let score = Score::of(&game).unwrap();
        let sum: i64 = score.payouts.iter().sum();
        prop_assert_eq!(sum + score.stock_payout, 0);
        let stock = game.setup().stock;
        if matches!(game.contract(), Contract::Sauspiel { .. }) {
            prop_assert!(sum == stock / 2 * 2 || sum == -(stock / 2 * 2), "{} {}", sum, stock);
        } else {
            prop_assert_eq!(sum, 0);
        }
    }

    #[test]
    fn records_print_and_parse_back(kind in 0u8..12, seed in any::<u64>(), stop in 0usize..33) {
        let Some((mut game, mut rng)) = random_game(kind, seed) else { return Ok(()) };
        let total = game.setup().trick_count() * 4;
        while game.played_count() < stop.min(total) {
            let card = rng.pick(game.legal_cards());
            game.play(card).unwrap();
        }
        let record = Record::from_game(&game);
        let text = record.to_json();
        let back = Record::from_json(&text).unwrap();
        prop_assert_eq!(&back, &record);
        let again = back.game().unwrap();
        prop_assert_eq!(again.setup(), game.setup());
        prop_assert_eq!(again.plays(), game.plays());
    }

    #[test]
    fn legal_and_check_agree(kind in 0u8..12, seed in any::<u64>()) {
        let Some((mut game, mut rng)) = random_game(kind, seed) else { return Ok(()) };
        while !game.is_over() {
            let legal = game.legal_cards();
            let seat = game.to_move();
            for i in 0..32u8 {
                let card = Card::from_index(i);
                let ok = game.rules().check(
                    seat, game.hands()[seat], game.current_trick(), game.searched(), card,
                ).is_ok();
                prop_assert_eq!(ok, legal.contains(card), "{}", card);
            }
            game.play_unchecked(rng.pick(legal));
        }
    }
}
