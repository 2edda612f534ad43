//! Canonical positions for the transposition table: positions that differ only in which of
//! several interchangeable cards are gone share one entry.
//!
//! Split every group (trumps, each plain suit) in power order into *runs* of adjacent cards
//! of equal worth: equal points in point contracts, the whole group when tricks are counted.
//! Within a run, which cards have been played does not matter, only how many of it remain
//! and who holds them in which order: the remaining cards of a run are packed onto its top
//! cards, keeping their order. Every card keeps its points, its group and its order against
//! every other remaining card, so the canonical position plays exactly like the real one.
//! This is DDS's "relative ranks" idea, made exact for card points. The called ace is a run
//! of its own.
//!
//! Example, Sauspiel: after `EO` is gone a hand with `GO` maps `GO` to `EO`; after `GO` is
//! gone instead, a hand with `EO` keeps `EO`: both positions hit the same entry.

use super::layout::{bit, bits, gather, top, Layout};
use crate::contract::Measure;

#[derive(Copy, Clone, Debug)]
struct Run {
    mask: u32,
    /// Index of the run's highest card.
    high: u8,
}

pub(crate) struct Canon {
    /// Runs of two or more cards.
    runs: Vec<Run>,
    /// Cards alone in their run: they map to themselves.
    singles: u32,
}

impl Canon {
    pub fn new(layout: &Layout, measure: Measure) -> Canon {
        Canon::of_groups(layout, measure, &layout.group_mask)
    }

    /// The runs of the given groups only: every card of another group stays itself (Ramsch
    /// keeps the trumps apart where the trumps taken decide a tie, see `ramsch`).
    pub fn of_groups(layout: &Layout, measure: Measure, groups: &[u32]) -> Canon {
        let ace = layout.called.map_or(0, |c| c.ace);
        let mut runs = Vec::new();
        let mut singles = 0u32;
        let grouped = groups.iter().fold(0, |a, g| a | g);
        for &group in &layout.group_mask {
            if group & grouped == 0 {
                singles |= group;
                continue;
            }
            let mut run = 0u32;
            // Lowest card first; a run continues while the worth stays the same.
            for i in bits(group) {
                let joins = run != 0 && {
                    let last = top(run);
                    bit(i) != ace
                        && bit(last) != ace
                        && (measure == Measure::Tricks
                            || layout.points[last as usize] == layout.points[i as usize])
                };
                if !joins {
                    Self::close(&mut runs, &mut singles, run);
                    run = 0;
                }
                run |= bit(i);
            }
            Self::close(&mut runs, &mut singles, run);
        }
        Canon { runs, singles }
    }

    fn close(runs: &mut Vec<Run>, singles: &mut u32, run: u32) {
        match run.count_ones() {
            0 => {}
            1 => *singles |= run,
            _ => runs.push(Run {
                mask: run,
                high: top(run),
            }),
        }
    }

    /// The canonical position as a table key of 96 bits: the canonical cards left (each
    /// run's remaining cards packed onto its top), then who holds each remaining card, in
    /// the layout's order, as the two bit planes of the holder's seat number (seats 1 and
    /// 3; seats 2 and 3) gathered onto the low bits ([`gather`]). Two positions share a key
    /// exactly when their canonical hands are the same: packing keeps the order of a run's
    /// cards, so the holders in order of the remaining cards are those of the packed ones.
    #[inline]
    pub fn key(&self, hands: &[u32; 4]) -> [u32; 3] {
        let all = hands[0] | hands[1] | hands[2] | hands[3];
        let mut left = all & self.singles;
        for run in &self.runs {
            // The run's top `k` places (none for `k = 0`).
            let k = (all & run.mask).count_ones();
            left |= (((1u64 << k) - 1) << (run.high as u32 + 1 - k)) as u32;
        }
        let (low, high) = gather(hands[1] | hands[3], hands[2] | hands[3], all);
        [left, low, high]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Deck, Suit};
    use crate::contract::Contract;
    use crate::seat::Seat;

    #[test]
    fn played_obers_are_interchangeable_but_aces_are_not() {
        let c = Contract::sauspiel(Seat::S0, Suit::Gras);
        let l = Layout::of_contract(c);
        let canon = Canon::new(&l, Measure::Points);
        let a = l.hands(["GO E9", "HO", "SO", "EZ"]);
        let b = l.hands(["EO E8", "HO", "SO", "EZ"]);
        assert_eq!(canon.key(&a), canon.key(&b));
        assert_eq!(canon.key(&a), canon.key(&key_card_by_card(&canon, &a)));
        assert_eq!(
            l.cards(key_card_by_card(&canon, &a)[0]).to_string(),
            "EO E9"
        );
        // HA and HZ differ in points: never merged.
        let x = l.hands(["HA", "HK", "H9", "H8"]);
        let y = l.hands(["HZ", "HK", "H9", "H8"]);
        assert_ne!(canon.key(&x), canon.key(&y));
    }

    #[test]
    fn tricks_measure_uses_pure_relative_ranks() {
        let c = Contract::Bettel {
            declarer: Seat::S0,
            ouvert: false,
            trumps: false,
        };
        let l = Layout::of_contract(c);
        let canon = Canon::new(&l, Measure::Tricks);
        let a = l.hands(["EA", "E7", "GA", "G7"]);
        let b = l.hands(["EK", "E9", "GO", "GZ"]);
        assert_eq!(canon.key(&a), canon.key(&b));
    }

    /// The canonical hands as first written: each run's remaining cards moved onto its top
    /// one by one, each to its holder. Their key must be the key of the real hands.
    fn key_card_by_card(canon: &Canon, hands: &[u32; 4]) -> [u32; 4] {
        let all = hands[0] | hands[1] | hands[2] | hands[3];
        let mut out = hands.map(|h| h & canon.singles);
        for run in &canon.runs {
            let mut slot = run.high;
            let mut rest = all & run.mask;
            while rest != 0 {
                let c = top(rest);
                rest &= !bit(c);
                let holder = hands.iter().position(|h| h & bit(c) != 0).unwrap();
                out[holder] |= bit(slot);
                slot = slot.wrapping_sub(1);
            }
        }
        out
    }

    #[test]
    fn keys_are_those_of_the_canonical_hands_in_every_contract() {
        use crate::deal::{random_deal, Rng};
        let contracts = [
            Contract::sauspiel(Seat::S0, Suit::Eichel),
            Contract::Solo {
                declarer: Seat::S1,
                game: crate::contract::Solo::Farbsolo(Suit::Gras),
                tout: false,
            },
            Contract::Solo {
                declarer: Seat::S1,
                game: crate::contract::Solo::Wenz,
                tout: false,
            },
            Contract::Solo {
                declarer: Seat::S1,
                game: crate::contract::Solo::Farbsolo(Suit::Herz),
                tout: true,
            },
            Contract::Bettel {
                declarer: Seat::S2,
                ouvert: false,
                trumps: false,
            },
            Contract::Ramsch,
        ];
        let mut rng = Rng::new(7);
        for c in contracts {
            let l = Layout::of_contract(c);
            for measure in [Measure::Points, Measure::Tricks] {
                let canon = Canon::new(&l, measure);
                for _ in 0..500 {
                    let deal = random_deal(&mut rng, Deck::Long);
                    // Play a random number of cards away from random hands.
                    let mut hands = deal.0.map(|h| l.mask(h));
                    let gone = rng.below(29);
                    for _ in 0..gone {
                        let s = rng.below(4);
                        if hands[s] != 0 {
                            let i = rng.below(hands[s].count_ones() as usize);
                            let c = bits(hands[s]).nth(i).unwrap();
                            hands[s] &= !bit(c);
                        }
                    }
                    let packed = key_card_by_card(&canon, &hands);
                    assert_eq!(canon.key(&hands), canon.key(&packed));
                    // The key is exact: the canonical hands can be read back from it.
                    let [left, low, high] = canon.key(&hands);
                    let mut back = [0u32; 4];
                    for (place, card) in bits(left).enumerate() {
                        let seat = (low >> place & 1) | (high >> place & 1) << 1;
                        back[seat as usize] |= bit(card);
                    }
                    assert_eq!(back, packed);
                }
            }
        }
    }
}
