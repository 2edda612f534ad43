//! The fast solver against the naive minimax, card by card, on random positions of every
//! contract with 3 to 5 tricks left; and the full solver against itself with each
//! technique switched off, on full deals.

use crate::common::*;
use solver::options::*;
use solver::testing::{naive_solve, naive_value_in, Techniques};
use solver::Rng;
use solver::*;

/// A random game of contract `kind` played on randomly until `tricks_left` tricks (and
/// `into_trick` cards of the next) remain.
fn random_position(
    kind: ContractKind,
    seed: u64,
    tricks_left: usize,
    into_trick: usize,
) -> Option<Game> {
    let (mut game, mut rng) = random_game(kind, seed)?;
    if matches!(game.contract(), Contract::Sie { .. }) {
        return None;
    }
    play_down_to(&mut game, &mut rng, tricks_left, into_trick);
    Some(game)
}

/// Plays random legal cards until `tricks_left` tricks (and `into_trick` cards of the next)
/// remain.
fn play_down_to(game: &mut Game, rng: &mut Rng, tricks_left: usize, into_trick: usize) {
    let n = game.setup().trick_count();
    let stop = (n - tricks_left.min(n)) * 4 + into_trick;
    while game.played_count() < stop {
        let card = rng.pick(game.legal_cards());
        game.play(card).unwrap();
    }
}

fn check_against_naive(game: &Game, solver: &mut Solver) {
    let fast = solver.solve(game).unwrap();
    let (value, cards) = naive_solve(game).unwrap();
    let record = Record::from_game(game).to_json();
    assert_eq!(fast.value, value, "value differs: {record}");
    assert_eq!(fast.cards, cards, "card values differ: {record}");
}

#[test]
fn fast_solver_equals_naive_minimax_card_by_card() {
    let mut solver = Solver::with_budget(1 << 20);
    let mut checked = [0usize; ContractKind::ALL.len()];
    let mut twenty = 0;
    for seed in 0..1500u64 {
        let kind = ContractKind::of_seed(seed);
        let mut rng = Rng::new(seed ^ 0xabcdef);
        // Mostly 3 and 4 tricks left; 5 (the naive search is slow there) less often; 2,
        // where the search evaluates outright, as often as 5.
        let tricks_left = [2, 3, 3, 4, 4, 5][rng.below(6)];
        let into_trick = rng.below(4);
        let Some(game) = random_position(kind, seed, tricks_left, into_trick) else {
            continue;
        };
        check_against_naive(&game, &mut solver);
        checked[kind as usize] += 1;
        twenty += usize::from(game.setup().deck() == Deck::Twenty);
    }
    assert!(
        twenty >= 100,
        "the 20-card deck checked only {twenty} times"
    );
    for (kind, n) in ContractKind::ALL
        .iter()
        .zip(checked)
        .take(ContractKind::ALL.len() - 1)
    {
        assert!(n >= 50, "{kind:?} checked only {n} times");
    }
}

#[test]
fn thresholds_agree_with_exact_values() {
    let mut solver = Solver::with_budget(1 << 20);
    for seed in 0..300u64 {
        let kind = ContractKind::of_seed(seed);
        let Some(game) = random_position(kind, seed, 4, (seed % 4) as usize) else {
            continue;
        };
        let v = solver.value(&game).unwrap();
        for t in [v.saturating_sub(1), v, v + 1, 31, 61, 91] {
            assert_eq!(solver.at_least(&game, t).unwrap(), v >= t, "t={t} v={v}");
        }
    }
}

#[test]
fn every_technique_can_be_switched_off_on_full_deals() {
    let all = Techniques::default();
    let variants = [
        Techniques {
            table: false,
            ..all
        },
        Techniques {
            merging: false,
            ..all
        },
        Techniques {
            ordering: false,
            ..all
        },
        Techniques {
            bounds: false,
            ..all
        },
        Techniques {
            endgame: false,
            ..all
        },
        Techniques {
            similar: false,
            ..all
        },
    ];
    let mut full = Solver::with_budget(8 << 20);
    let mut reduced: Vec<Solver> = variants
        .iter()
        .map(|t| Solver::with_budget(8 << 20).with_techniques(*t))
        .collect();
    for seed in 0..24u64 {
        let kind = ContractKind::of_seed(seed);
        // Full deals for most; the table-less search needs a shorter game to finish.
        let Some(game) = random_position(kind, seed, 8, 0) else {
            continue;
        };
        let expected = full.solve(&game).unwrap();
        for (i, s) in reduced.iter_mut().enumerate() {
            let g = if variants[i].table {
                game.clone()
            } else {
                match random_position(kind, seed, 5, 0) {
                    Some(g) => g,
                    None => continue,
                }
            };
            let want = if variants[i].table {
                expected.clone()
            } else {
                full.solve(&g).unwrap()
            };
            assert_eq!(
                s.solve(&g).unwrap(),
                want,
                "{:?} on {}",
                variants[i],
                Record::from_game(&g).to_json()
            );
        }
    }
}

/// The Bettel safety rule (also for a lone player on lead, and the Ramsch player in his own
/// frame), the quick tricks and the sure trumps (with the cards they bring) prune whole
/// subtrees; hold them against the naive search where they fire most: Bettel, Ramsch, Tout
/// and solos with four tricks left.
#[test]
fn bounds_agree_with_naive_on_bettel_tout_and_solos() {
    let mut solver = Solver::with_budget(1 << 20);
    for seed in 0..720u64 {
        use ContractKind::*;
        let kind = [Bettel, Bettel, Ramsch, Tout, Farbsolo, Wenz][(seed % 6) as usize];
        let Some(game) = random_position(kind, seed * 7919, 4, (seed % 4) as usize) else {
            continue;
        };
        check_against_naive(&game, &mut solver);
    }
}

/// The Bettel bound of one more trick (`bettel_one_more`) fires where the declarer holds
/// low cards but for one: deal Bettel to the seat with the lowest cards (in Bettel order),
/// play at random down to four or five tricks, and hold the solver against the naive
/// search there. (Random Bettel deals leave the declarer too many high cards for it.)
#[test]
fn bettel_with_low_hands_agrees_with_naive() {
    let mut solver = Solver::with_budget(1 << 20);
    for seed in 0..400u64 {
        let mut rng = Rng::new(seed ^ 0x5eed_b377);
        let deck = if seed % 4 == 0 {
            Deck::Short
        } else {
            Deck::Long
        };
        let hands = random_deal(&mut rng, deck);
        // The Bettel order is the same whoever declares.
        let order = Contract::Bettel {
            declarer: Seat::S0,
            ouvert: false,
            trumps: false,
        }
        .order(deck);
        let height = |s: &Seat| {
            hands[*s]
                .into_iter()
                .map(|c| order.power(c) as u32)
                .sum::<u32>()
        };
        let declarer = Seat::ALL.into_iter().min_by_key(height).unwrap();
        let contract = Contract::Bettel {
            declarer,
            ouvert: false,
            trumps: false,
        };
        let mut game = Game::new(setup(hands, contract, deck));
        let tricks_left = [4, 5][rng.below(2)];
        let into_trick = rng.below(4);
        play_down_to(&mut game, &mut rng, tricks_left, into_trick);
        check_against_naive(&game, &mut solver);
    }
}

/// A lone counted minimiser who holds the called ace cannot keep it back: the first lead
/// of its suit takes it. Seat 1 holds GA with two low Gras and low cards elsewhere, no
/// trump; the others hold three Gras, one or two a hand. Counting seat 1's tricks, he
/// takes one: seat 0 leads G9 and GA must follow, and seats 2 and 3 follow too. (His low
/// cards duck everything, so a safety rule blind to the called ace would say none.)
#[test]
fn the_called_ace_is_not_kept_back_by_a_lone_minimiser() {
    let hands = hands([
        "G9 EO GO HO SO EU GU HU",
        "GA G8 G7 E8 E7 S9 S8 S7",
        "GK E9 EK SU HA HZ HK H9",
        "GZ EZ EA SK SZ SA H8 H7",
    ]);
    let contract = Contract::sauspiel(Seat::S0, Suit::Gras);
    let game = Game::new(setup(hands, contract, Deck::Long));
    let frame = Frame {
        counted: Seats::one(Seat::S1),
        maximizers: Seats::one(Seat::S1).others(),
        measure: Measure::Tricks,
    };
    let mut solver = Solver::with_budget(1 << 20);
    assert!(solver.at_least_in(&game, frame, 1).unwrap());
}

/// Frames of one's own choosing (`at_least_in`): two counted seats that minimise, a lone
/// counted minimiser in a partnership game, tricks counted for a pair. The bounds that
/// assume a lone counted player (the Bettel safety) must not fire for two.
#[test]
fn thresholds_in_frames_of_ones_own_agree_with_naive() {
    let mut solver = Solver::with_budget(1 << 20);
    let mut checked = 0;
    for seed in 0..300u64 {
        let kind = ContractKind::of_seed(seed);
        let Some(game) = random_position(kind, seed * 104_729, 3, (seed % 4) as usize) else {
            continue;
        };
        let pair = Seats::one(Seat::S0).with(Seat::S2);
        let frames = [
            Frame {
                counted: pair,
                maximizers: pair.others(),
                measure: Measure::Points,
            },
            Frame {
                counted: Seats::one(Seat::S1),
                maximizers: Seats::one(Seat::S1).others(),
                measure: Measure::Points,
            },
            Frame {
                counted: pair,
                maximizers: pair,
                measure: Measure::Tricks,
            },
        ];
        for frame in frames {
            let v = naive_value_in(&game, &frame);
            for t in [v.saturating_sub(1), v, v + 1] {
                let fast = solver.at_least_in(&game, frame, t).unwrap();
                let record = Record::from_game(&game).to_json();
                assert_eq!(fast, v >= t, "t = {t}, value {v}, {frame:?}: {record}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 600, "{checked}");
}

/// The tables never grow beyond their budget, however many deals one solver sees (it is
/// shared out anew for each deal: a Ramsch's settlement search takes most of it).
#[test]
fn memory_stays_within_the_table_budget() {
    let budget = 1 << 20;
    let mut solver = Solver::with_budget(budget);
    let bytes = solver.table_bytes();
    assert!(bytes <= budget && bytes >= budget / 2, "{bytes}");
    for seed in 0..40u64 {
        let Some(game) = random_position(ContractKind::of_seed(seed), seed, 6, 0) else {
            continue;
        };
        solver.solve(&game).unwrap();
        let bytes = solver.table_bytes();
        assert!(bytes <= budget, "{bytes} after {:?}", game.contract());
    }
}

/// Every Ramsch form, each on its own positions of 3 to 5 tricks: the settlement search
/// (its bounds read the tallies as passed on in a Schieberamsch)
/// against the naive minimax over the rules engine's own scoring.
#[test]
fn every_ramsch_form_equals_naive_minimax() {
    let mut solver = Solver::with_budget(1 << 20);
    for form in [
        RamschForm::LoserPays,
        RamschForm::TwoHighestPay,
        RamschForm::Schieberamsch,
    ] {
        let mut checked = 0;
        for seed in 0..60u64 {
            let Some((game, mut rng)) = random_game(ContractKind::Ramsch, seed + 7000) else {
                continue;
            };
            let mut game = with_ramsch_form(&game, form).unwrap();
            let tricks_left = [3, 4, 4, 5][rng.below(4)];
            let into_trick = rng.below(4);
            play_down_to(&mut game, &mut rng, tricks_left, into_trick);
            check_against_naive(&game, &mut solver);
            checked += 1;
        }
        assert!(checked >= 50, "{form:?}: {checked}");
    }
}

/// A Zupf-Solo (RULES.md section 12): the soloist's exchange, then a solo as any other on
/// the hands after it; the fast search equals the naive minimax on its positions.
#[test]
fn a_zupf_solo_after_its_exchange_equals_naive_minimax() {
    let mut solver = Solver::with_budget(1 << 20);
    let mut checked = 0;
    for seed in 0..60u64 {
        let mut rng = Rng::new(seed ^ 0x2afe);
        let dealt = random_deal(&mut rng, Deck::Long);
        let soloist = Seat::ALL[rng.below(4)];
        let other = soloist.plus(1 + rng.below(3) as u8);
        let give = rng.pick(dealt[soloist]);
        let take = rng.pick(dealt[other]);
        let passes = vec![
            Pass {
                from: Some(soloist),
                to: other,
                cards: give.set(),
            },
            Pass {
                from: Some(other),
                to: soloist,
                cards: take.set(),
            },
        ];
        let deal = Deal::passed(Variant::Bavarian, Deck::Long, Round::Zupf, dealt, passes)
            .expect("a Zupf exchange of held cards");
        let game = [
            Solo::Farbsolo(Suit::Herz),
            Solo::Wenz,
            Solo::Farbgeier(Suit::Gras),
        ][rng.below(3)];
        let contract = Contract::Solo {
            declarer: soloist,
            game,
            tout: false,
        };
        let mut game = Game::new(Setup::new(deal, contract).expect("the soloist's solo"));
        let (tricks_left, into_trick) = ([3, 4][rng.below(2)], rng.below(4));
        play_down_to(&mut game, &mut rng, tricks_left, into_trick);
        check_against_naive(&game, &mut solver);
        checked += 1;
    }
    assert_eq!(checked, 60);
}

/// A Strixner (RULES.md section 12): three tricks each for himself under the Sauspiel's
/// trumps, then the solo of the seat that took the third; from there the fast search
/// equals the naive minimax.
#[test]
fn a_strixner_after_its_opening_tricks_equals_naive_minimax() {
    let mut solver = Solver::with_budget(1 << 20);
    for seed in 0..60u64 {
        let mut rng = Rng::new(seed ^ 0x5791);
        let dealt = random_deal(&mut rng, Deck::Long);
        let deal = Deal::passed(
            Variant::Bavarian,
            Deck::Long,
            Round::Strixner,
            dealt,
            vec![],
        )
        .expect("a Strixner's full hands");
        let solo = |declarer: Seat, game: Solo| Contract::Solo {
            declarer,
            game,
            tout: false,
        };
        // The opening tricks do not depend on the solo: play them under any.
        let mut opening = Game::new(Setup::new(deal.clone(), solo(Seat::S0, Solo::Wenz)).unwrap());
        while opening.in_opening() {
            let card = rng.pick(opening.legal_cards());
            opening.play(card).unwrap();
        }
        let winner = opening.tricks()[2].winner;
        let game = [
            Solo::Farbsolo(Suit::Eichel),
            Solo::Wenz,
            Solo::Geier,
            Solo::Farbwenz(Suit::Herz),
        ][rng.below(4)];
        let played: Vec<Card> = opening.plays().iter().map(|&(_, c)| c).collect();
        let setup = Setup::new(deal, solo(winner, game)).unwrap();
        let mut game = Game::replay(setup, &played).expect("the winner's solo");
        let (tricks_left, into_trick) = ([3, 4][rng.below(2)], rng.below(4));
        play_down_to(&mut game, &mut rng, tricks_left, into_trick);
        check_against_naive(&game, &mut solver);
    }
}

/// Kop (RULES.md section 1): sixteen cards worth 104, four a hand. On random deals, each
/// with a random game its declarer may choose, the fast search equals the naive minimax
/// from the first card and at random positions after it.
#[test]
fn kop_equals_naive_minimax() {
    let mut solver = Solver::with_budget(1 << 20);
    let mut games = std::collections::BTreeSet::new();
    for seed in 0..120u64 {
        let mut rng = Rng::new(seed ^ 0x40b);
        let deal = Deal::new(
            Variant::Bavarian,
            Deck::Kop,
            random_deal(&mut rng, Deck::Kop),
        )
        .expect("a Kop deal");
        let seat = Seat::ALL[rng.below(4)];
        let options: Vec<Contract> = solver::rules::choices(&deal, seat)
            .into_iter()
            .filter(|c| !matches!(c, Contract::Sie { .. }))
            .collect();
        let contract = options[rng.below(options.len())];
        games.insert(contract.game_name());
        let mut game = Game::new(Setup::new(deal, contract).expect("a seat's choice"));
        check_against_naive(&game, &mut solver);
        let (tricks_left, into_trick) = ([2, 3][rng.below(2)], rng.below(4));
        play_down_to(&mut game, &mut rng, tricks_left, into_trick);
        check_against_naive(&game, &mut solver);
    }
    for name in ["sauspiel", "solo", "wenz", "geier", "bettel"] {
        assert!(games.contains(name), "{name} not drawn: {games:?}");
    }
}

/// Bauerchen (RULES.md section 8): forehand's game with any trump he names, twenty cards,
/// four Wenzels; the fast search equals the naive minimax on forty random deals (eight from
/// the first card).
#[test]
fn bauerchen_equals_naive_minimax() {
    let mut solver = Solver::with_budget(1 << 20);
    let options = Options {
        bauerchen: true,
        ..Options::default()
    };
    for seed in 0..40u64 {
        let mut rng = Rng::new(seed ^ 0xba0e);
        let deal = Deal::new(
            Variant::German,
            Deck::Twenty,
            random_deal(&mut rng, Deck::Twenty),
        )
        .and_then(|d| d.with_table(options.clone(), Tariff::default(), Doublings::default(), 0))
        .expect("a Bauerchen deal");
        let contract = Contract::German {
            declarer: Seat::S0,
            trump: Suit::ALL[rng.below(4)],
            wenzels: Wenzels::Four,
            forced: false,
            partners: Partners::Across,
        };
        let mut game = Game::new(Setup::new(deal, contract).expect("forehand's trump"));
        // The naive search of a whole deal of twenty is dear: a few from the first card.
        if seed < 8 {
            check_against_naive(&game, &mut solver);
        }
        let (tricks_left, into_trick) = ([2, 3][rng.below(2)], rng.below(4));
        play_down_to(&mut game, &mut rng, tricks_left, into_trick);
        check_against_naive(&game, &mut solver);
    }
}
