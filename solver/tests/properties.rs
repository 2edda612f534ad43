//! Property tests: random deals of every contract, played out with random legal cards.

use crate::common::*;
use proptest::prelude::*;
use solver::options::*;
use solver::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_play_keeps_every_invariant(kind in 0usize..ContractKind::ALL.len(), seed in any::<u64>()) {
        let Some((mut game, mut rng)) = random_game(ContractKind::ALL[kind], seed) else { return Ok(()) };
        finish_randomly(&mut game, &mut rng);
        let n = game.setup().trick_count();
        prop_assert_eq!(game.tricks().len(), n);
        for t in game.tricks() {
            // One card from each seat, in turn from the leader.
            for i in 0..4 {
                prop_assert!(game.setup().hands()[t.seat_of(i)].contains(t.cards[i]));
            }
        }
        prop_assert_eq!(game.points().0.iter().sum::<u32>(), 120);
        prop_assert_eq!(game.trick_counts().0.iter().sum::<u32>() as usize, n);
        prop_assert!(game.hands().0.iter().all(|h| h.is_empty()));

        // Every payment adds up to nothing with what goes into or out of the stock; the
        // stock moves only by its rule: a Sauspiel's halves, or the declarer's whole.
        let score = Score::of(&game).unwrap();
        let sum: i64 = score.payouts.iter().sum();
        prop_assert_eq!(sum + score.stock_payout, 0);
        let stock = game.setup().stock();
        let moved = match (game.setup().options().stock_rule, game.contract()) {
            (StockRule::Split, Contract::Sauspiel { .. }) => stock / 2 * 2,
            (StockRule::Declarer, c) if c.declarer().is_some() => stock,
            _ => 0,
        };
        prop_assert!(sum == moved || sum == -moved, "{} {}", sum, stock);
    }

    #[test]
    fn records_print_and_parse_back(kind in 0usize..ContractKind::ALL.len(), seed in any::<u64>(), stop in 0usize..33) {
        let Some((mut game, mut rng)) = random_game(ContractKind::ALL[kind], seed) else { return Ok(()) };
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
        // Written in either French form it is the same game, and back in German the
        // same record.
        let pack = [Pack::French, Pack::Symbols][seed as usize % 2];
        let french = Record::from_json(&record.in_pack(pack).unwrap().to_json()).unwrap();
        prop_assert_eq!(french.pack, Some(pack));
        let played = french.game().unwrap();
        prop_assert_eq!(played.setup(), game.setup());
        prop_assert_eq!(played.plays(), game.plays());
        prop_assert_eq!(french.in_pack(Pack::German).unwrap(), record.clone());
        // Made of the game, the record is German and reads back the same.
        let made = Record::from_game(&game);
        prop_assert_eq!(made.pack, None);
        prop_assert_eq!(made.game().unwrap().plays(), game.plays());
    }

    #[test]
    fn legal_and_check_agree(kind in 0usize..ContractKind::ALL.len(), seed in any::<u64>()) {
        let Some((mut game, mut rng)) = random_game(ContractKind::ALL[kind], seed) else { return Ok(()) };
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
