//! Helpers shared by the solver's integration tests.
#![allow(dead_code)]

use solver::{BySeat, Card, Cards, Contract, Deck, Game, Options, Record, Rng, Seat, Setup};

pub fn card(t: &str) -> Card {
    t.parse().unwrap()
}

pub fn cards(t: &str) -> Cards {
    t.split_whitespace().map(card).collect()
}

pub fn hands(t: [&str; 4]) -> BySeat<Cards> {
    BySeat(t.map(cards))
}

/// A setup with default options and prices.
pub fn setup(hands: BySeat<Cards>, contract: Contract, deck: Deck) -> Setup {
    Setup {
        id: None,
        deck,
        hands,
        contract,
        options: Options::default(),
        tariff: Default::default(),
        doublings: Default::default(),
        stock: 0,
        players: None,
    }
}

/// Plays random legal cards until the game is over.
pub fn finish_randomly(game: &mut Game, rng: &mut Rng) {
    while !game.is_over() {
        let legal = game.legal_cards();
        assert!(!legal.is_empty(), "no legal card at {:?}", game.plays());
        let card = rng.pick(legal);
        game.play(card).expect("a legal card is accepted");
    }
}

/// Parses a JSON record and validates it.
pub fn record(json: &str) -> Record {
    Record::from_json(json).unwrap()
}

/// A seat, by number.
pub fn seat(i: u8) -> Seat {
    Seat::new(i).unwrap()
}
