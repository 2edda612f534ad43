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

use super::layout::{bit, bits, top, Layout};
use crate::contract::Measure;

#[derive(Copy, Clone, Debug)]
struct Run {
    mask: u32,
    /// Index of the run's lowest card.
    low: u8,
    /// Index of the run's highest card.
    high: u8,
}

/// Longest run [`Canon::key`] packs by table lookup (longer ones, only in trick contracts,
/// card by card).
const SHORT: u32 = 4;

/// `PACK[left][held]`, for the 4-bit window of a short run: the cards of `held` among those
/// of `left` (the run's remaining cards), moved onto the window's top `left.count_ones()`
/// bits in order.
const PACK: [[u8; 16]; 16] = {
    let mut table = [[0u8; 16]; 16];
    let mut left: usize = 0;
    while left < 16 {
        let k = (left as u32).count_ones();
        let mut held: usize = 0;
        while held < 16 {
            // The bits of `held` at the places of `left`, packed downwards, then raised.
            let (mut out, mut j, mut b) = (0u8, 0, 0);
            while b < 4 {
                if left >> b & 1 == 1 {
                    out |= ((held >> b) as u8 & 1) << j;
                    j += 1;
                }
                b += 1;
            }
            table[left][held] = out << (SHORT - k);
            held += 1;
        }
        left += 1;
    }
    table
};

pub(crate) struct Canon {
    /// Runs of two or more cards.
    runs: Vec<Run>,
    /// Cards alone in their run: they map to themselves.
    singles: u32,
}

impl Canon {
    pub fn new(layout: &Layout, measure: Measure) -> Canon {
        let ace = layout.called.map_or(0, |c| c.ace);
        let mut runs = Vec::new();
        let mut singles = 0u32;
        for &group in &layout.group_mask {
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
                low: run.trailing_zeros() as u8,
                high: top(run),
            }),
        }
    }

    /// The canonical hands of a position.
    #[inline]
    pub fn key(&self, hands: &[u32; 4]) -> [u32; 4] {
        let all = hands[0] | hands[1] | hands[2] | hands[3];
        let mut out = [
            hands[0] & self.singles,
            hands[1] & self.singles,
            hands[2] & self.singles,
            hands[3] & self.singles,
        ];
        for run in &self.runs {
            let len = run.mask.count_ones();
            if len <= SHORT {
                // Branch-free: which seat holds which card is what the search cannot
                // predict (measured: a card-by-card loop asking each seat in turn made an
                // eighth of the search's mispredicted branches in point games).
                let left = ((all & run.mask) >> run.low) as usize;
                // The table packs onto the top of a 4-bit window: lowered for a shorter run.
                let shift = SHORT - len;
                for (o, h) in out.iter_mut().zip(hands) {
                    let held = (h >> run.low) as usize & left;
                    *o |= (PACK[left][held] as u32 >> shift) << run.low;
                }
                continue;
            }
            let left = all & run.mask;
            if left == 0 {
                continue;
            }
            // The remaining cards move onto the run's top in order, each with its holder.
            let mut slot = run.high;
            let mut rest = left;
            while rest != 0 {
                let c = top(rest);
                rest &= !bit(c);
                for (o, h) in out.iter_mut().zip(hands) {
                    *o |= (h >> c & 1) << slot;
                }
                slot = slot.wrapping_sub(1);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Card, Cards, Deck, Suit};
    use crate::contract::Contract;
    use crate::legal::PlayRules;
    use crate::seat::Seat;

    fn layout(c: Contract) -> Layout {
        Layout::new(&PlayRules {
            order: c.order(Deck::Long),
            called: None,
            stichzwang: false,
        })
    }

    fn hands(l: &Layout, t: [&str; 4]) -> [u32; 4] {
        t.map(|h| {
            l.mask(
                h.split_whitespace()
                    .map(|c| c.parse::<Card>().unwrap())
                    .collect::<Cards>(),
            )
        })
    }

    #[test]
    fn played_obers_are_interchangeable_but_aces_are_not() {
        let c = Contract::Sauspiel {
            declarer: Seat::S0,
            called: Suit::Gras,
        };
        let l = layout(c);
        let canon = Canon::new(&l, Measure::Points);
        let a = hands(&l, ["GO E9", "HO", "SO", "EZ"]);
        let b = hands(&l, ["EO E8", "HO", "SO", "EZ"]);
        assert_eq!(canon.key(&a), canon.key(&b));
        assert_eq!(l.cards(canon.key(&a)[0]).to_string(), "EO E9");
        // HA and HZ differ in points: never merged.
        let x = hands(&l, ["HA", "HK", "H9", "H8"]);
        let y = hands(&l, ["HZ", "HK", "H9", "H8"]);
        assert_ne!(canon.key(&x), canon.key(&y));
    }

    #[test]
    fn tricks_measure_uses_pure_relative_ranks() {
        let c = Contract::Bettel {
            declarer: Seat::S0,
            ouvert: false,
        };
        let l = layout(c);
        let canon = Canon::new(&l, Measure::Tricks);
        let a = hands(&l, ["EA", "E7", "GA", "G7"]);
        let b = hands(&l, ["EK", "E9", "GO", "GZ"]);
        assert_eq!(canon.key(&a), canon.key(&b));
    }

    /// The key as first written: each run's remaining cards moved onto its top one by one,
    /// each to its holder. The table lookup must give the same keys.
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
    fn packed_by_table_as_card_by_card_in_every_contract() {
        use crate::deal::{random_deal, Rng};
        let contracts = [
            Contract::Sauspiel {
                declarer: Seat::S0,
                called: Suit::Eichel,
            },
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
            },
            Contract::Ramsch,
        ];
        let mut rng = Rng::new(7);
        for c in contracts {
            let l = layout(c);
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
                    assert_eq!(canon.key(&hands), key_card_by_card(&canon, &hands));
                }
            }
        }
    }
}
