//! Tables of six and eight and double packs (RULES.md section 15): the search against the
//! naive minimax on random positions of von Alvensleben's F, G, H and I, and against the
//! four-seat solver where the two games meet (variant E).

use solver::wide::naive::naive_value;
use solver::wide::*;
use solver::Rng;

/// A game of `letter` played on randomly until `left` cards a hand (and `into_trick` cards
/// of the next trick) remain.
fn random_game(letter: Letter, seed: u64, left: u32, into_trick: u32) -> Game {
    let mut rng = Rng::new(seed);
    let hands = letter.table().shuffled(&mut rng);
    let deal = Deal::alvensleben(letter, &hands).expect("a shuffled pack deals");
    let table = deal.table();
    let stop = (table.hand_size() - left) * table.seats() as u32 + into_trick;
    let mut game = Game::new(deal);
    while (game.played().len() as u32) < stop {
        let legal: Vec<Face> = game
            .position()
            .hand(game.position().to_move())
            .iter()
            .filter(|f| game.position().legal(game.deal().order()) & 1 << f.index() != 0)
            .collect();
        let face = legal[rng.below(legal.len())];
        game.play(face).expect("a legal card");
    }
    game
}

/// Every legal card's value, by the search and by the naive minimax.
fn check(game: &Game) {
    let deal = game.deal();
    let position = game.position();
    let mut search = Search::new(deal, u64::MAX);
    let fast = search.values(position).unwrap();
    for (face, value) in fast {
        let mut child = *position;
        let before: u32 = (0..child.seats() as usize)
            .filter(|s| deal.declarers() & 1 << s != 0)
            .map(|s| child.points()[s])
            .sum();
        child.play(deal.order(), face);
        let after: u32 = (0..child.seats() as usize)
            .filter(|s| deal.declarers() & 1 << s != 0)
            .map(|s| child.points()[s])
            .sum();
        let naive = after - before + naive_value(deal, &child);
        assert_eq!(value, naive, "{face} after {:?}", game.played());
    }
    let value = Search::new(deal, u64::MAX).value(position).unwrap();
    assert_eq!(
        value,
        naive_value(deal, position),
        "after {:?}",
        game.played()
    );
}

/// `seeds` random positions of `letter` with `left` cards a hand, some into a trick.
fn check_random(letter: Letter, left: u32, seeds: u64) {
    for seed in 0..seeds {
        let into = (seed % letter.table().seats() as u64) as u32;
        check(&random_game(letter, seed, left, into));
    }
}

#[test]
fn f_the_search_equals_the_naive_minimax() {
    check_random(Letter::F, 4, 40);
}

#[test]
fn g_the_search_equals_the_naive_minimax() {
    check_random(Letter::G, 4, 40);
}

#[test]
fn h_the_search_equals_the_naive_minimax() {
    check_random(Letter::H, 4, 40);
}

#[test]
fn i_the_search_equals_the_naive_minimax() {
    // Eight hands of four cards cost the naive minimax a minute each: one of them, its
    // first trick nearly played, and many of three.
    check_random(Letter::I, 3, 30);
    check(&random_game(Letter::I, 7, 4, 7));
}
