//! Seeded random deals, for tests, benchmarks and generated example logs.
//!
//! A small SplitMix64 generator keeps the crate free of dependencies and makes every seed
//! give the same deal on every machine.

use crate::cards::{Card, Cards, Deck};
use crate::seat::{BySeat, Seat};

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and good enough for shuffling.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0). The modulo bias is below 2^-50 for the sizes used here.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A number in `0..n` (`n` > 0) for counts beyond `usize` on small machines; the
    /// modulo bias is below `n / 2^64` (under 10^-9 for the counts of hidden cards).
    pub fn below_u64(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// A generator of its own for item `index` of a run seeded with `seed`: the items of a
    /// run draw the same numbers in any order and on any thread.
    pub fn stream(seed: u64, index: u64) -> Rng {
        let mut mix = Rng(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
        Rng(mix.next_u64())
    }

    /// A uniformly chosen card of a non-empty set.
    pub fn pick(&mut self, cards: Cards) -> Card {
        let i = self.below(cards.len() as usize);
        cards
            .into_iter()
            .nth(i)
            .expect("i is below the number of cards")
    }
}

/// Shuffles the deck and deals it out evenly to the four seats.
pub fn random_deal(rng: &mut Rng, deck: Deck) -> BySeat<Cards> {
    let mut cards: Vec<Card> = deck.cards().into_iter().collect();
    for i in (1..cards.len()).rev() {
        let j = rng.below(i + 1);
        cards.swap(i, j);
    }
    let n = deck.hand_size();
    BySeat::from_fn(|s: Seat| {
        cards[s.index() * n..(s.index() + 1) * n]
            .iter()
            .copied()
            .collect()
    })
}
