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
            let left = all & run.mask;
            if left == 0 {
                continue;
            }
            let k = left.count_ones() as u8;
            // The top k cards of the run (k >= 1, so the shift stays below 32).
            let packed = run.mask & !(bit(run.high + 1 - k) - 1);
            if left == packed {
                for s in 0..4 {
                    out[s] |= hands[s] & run.mask;
                }
                continue;
            }
            let mut slot = run.high;
            let mut rest = left;
            while rest != 0 {
                let c = top(rest);
                rest &= !bit(c);
                for s in 0..4 {
                    if hands[s] & bit(c) != 0 {
                        out[s] |= bit(slot);
                        break;
                    }
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
}
