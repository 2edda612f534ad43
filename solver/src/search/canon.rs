//! Canonical positions for the transposition table: positions that differ only in which of
//! several interchangeable cards are gone share one entry.
//!
//! Split every group (trumps, each plain suit) in power order into *runs* of adjacent cards
//! of equal worth: equal points in point contracts, the whole group when tricks are counted.
//! Within a run, which cards have been played does not matter, only how many of it remain
//! and who holds them in which order: the remaining cards of a run are packed onto its top
//! cards, keeping their order. Every card keeps its points, its group and its order against
//! every other remaining card, so the canonical position plays exactly like the real one.
//! This is DDS's "relative ranks" idea, made exact for card points.
//!
//! Example, Sauspiel: after `EO` is gone a hand with `GO` maps `GO` to `EO`; after `GO` is
//! gone instead, a hand with `EO` keeps `EO`: both positions hit the same entry.

use crate::cards::{Card, Cards, Suit};
use crate::contract::Measure;
use crate::order::{Group, Order};

pub(crate) struct Canon {
    /// Runs of two or more cards, each highest first.
    runs: Vec<Vec<Card>>,
    /// Cards alone in their run: they map to themselves.
    singles: Cards,
}

impl Canon {
    pub fn new(order: &Order, measure: Measure, called_ace: Option<Card>) -> Canon {
        let mut runs = Vec::new();
        let mut singles = Cards::EMPTY;
        let groups = std::iter::once(Group::Trump).chain(Suit::ALL.into_iter().map(Group::Plain));
        for group in groups {
            let mut cards: Vec<Card> = order.group_cards(group).into_iter().collect();
            cards.sort_by_key(|c| std::cmp::Reverse(order.power(*c)));
            let mut run: Vec<Card> = Vec::new();
            for card in cards {
                let joins = match run.last() {
                    None => false,
                    Some(last) => {
                        Some(card) != called_ace
                            && Some(*last) != called_ace
                            && (measure == Measure::Tricks || last.points() == card.points())
                    }
                };
                if !joins && !run.is_empty() {
                    Self::close(&mut runs, &mut singles, std::mem::take(&mut run));
                }
                run.push(card);
            }
            Self::close(&mut runs, &mut singles, run);
        }
        Canon { runs, singles }
    }

    fn close(runs: &mut Vec<Vec<Card>>, singles: &mut Cards, run: Vec<Card>) {
        match run.len() {
            0 => {}
            1 => singles.insert(run[0]),
            _ => runs.push(run),
        }
    }

    /// The canonical hands of a position.
    #[inline]
    pub fn key(&self, hands: &[Cards; 4]) -> [Cards; 4] {
        let mut out = [
            hands[0] & self.singles,
            hands[1] & self.singles,
            hands[2] & self.singles,
            hands[3] & self.singles,
        ];
        for run in &self.runs {
            let mut slot = 0;
            for &card in run {
                for seat in 0..4 {
                    if hands[seat].contains(card) {
                        out[seat].insert(run[slot]);
                        slot += 1;
                        break;
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Deck;
    use crate::contract::Contract;
    use crate::seat::Seat;

    fn cards(t: &str) -> Cards {
        t.split_whitespace().map(|c| c.parse::<Card>().unwrap()).collect()
    }

    #[test]
    fn played_obers_are_interchangeable_but_aces_are_not() {
        let c = Contract::Sauspiel {
            declarer: Seat::S0,
            called: Suit::Gras,
        };
        let canon = Canon::new(&c.order(Deck::Long), Measure::Points, c.called_ace());
        let a = [cards("GO E9"), cards("HO"), cards("SO"), cards("EZ")];
        let b = [cards("EO E8"), cards("HO"), cards("SO"), cards("EZ")];
        assert_eq!(canon.key(&a), canon.key(&b));
        assert_eq!(canon.key(&a)[0], cards("EO E9"));
        // HA and HZ differ in points: never merged.
        let x = [cards("HA"), cards("HK"), cards("H9"), cards("H8")];
        let y = [cards("HZ"), cards("HK"), cards("H9"), cards("H8")];
        assert_ne!(canon.key(&x), canon.key(&y));
    }

    #[test]
    fn tricks_measure_uses_pure_relative_ranks() {
        let c = Contract::Bettel {
            declarer: Seat::S0,
            ouvert: false,
        };
        let canon = Canon::new(&c.order(Deck::Long), Measure::Tricks, None);
        let a = [cards("EA"), cards("E7"), cards("GA"), cards("G7")];
        let b = [cards("EK"), cards("E9"), cards("GO"), cards("GZ")];
        assert_eq!(canon.key(&a), canon.key(&b));
    }
}
