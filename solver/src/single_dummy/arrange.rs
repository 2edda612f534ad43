//! The ways to hand out the cards a player cannot see: each hidden card to a seat that may
//! hold it, each seat getting exactly the number it lacks. Counted exactly, drawn uniformly
//! and listed, by grouping the cards by the seats that may hold them.
//!
//! Cards that the same seats may hold are interchangeable for counting, so an arrangement
//! is first a split of each such class among its seats (a multinomial number of ways each),
//! then which cards of the class go where. With at most three seats to fill there are at
//! most seven classes and a few hundred splits: the counts are exact `u64`s (24 cards to
//! three seats of eight are under 10^10 ways).

use crate::cards::{Card, Cards};
use crate::deal::Rng;
use crate::seat::{BySeat, Seat};
use std::collections::HashMap;

/// The hidden cards of one view, who may hold each, and how many each seat lacks.
#[derive(Clone, Debug)]
pub struct Arrangements {
    /// Cards grouped by the set of seats that may hold them (bit i: seat i).
    classes: Vec<(u8, Vec<Card>)>,
    need: [u8; 4],
    /// Ways to complete from class `i` with these needs left.
    memo: HashMap<(usize, [u8; 4]), u64>,
}

/// Binomial coefficients up to 32 choose k.
fn choose(n: u32, k: u32) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    // Exact at every step: the running product of i consecutive numbers over i! is
    // itself a binomial coefficient.
    (0..k).fold(1u64, |acc, i| acc * (n - i) as u64 / (i + 1) as u64)
}

impl Arrangements {
    /// `need[s]` hidden cards for each seat, each card of `hidden` to one seat whose
    /// `allowed` holds it.
    pub fn new(hidden: Cards, allowed: &BySeat<Cards>, need: BySeat<u8>) -> Arrangements {
        let mut by_mask: Vec<(u8, Vec<Card>)> = Vec::new();
        for card in hidden {
            let mask = Seat::ALL
                .into_iter()
                .filter(|s| need[*s] > 0 && allowed[*s].contains(card))
                .fold(0u8, |m, s| m | 1 << s.index());
            match by_mask.iter_mut().find(|(m, _)| *m == mask) {
                Some((_, cards)) => cards.push(card),
                None => by_mask.push((mask, vec![card])),
            }
        }
        by_mask.sort_by_key(|(m, _)| *m);
        let mut a = Arrangements {
            classes: by_mask,
            need: need.0,
            memo: HashMap::new(),
        };
        a.count_from(0, a.need);
        a
    }

    /// How many arrangements there are (0: the constraints cannot all hold).
    pub fn count(&self) -> u64 {
        self.memo.get(&(0, self.need)).copied().unwrap_or(0)
    }

    /// The splits of class `i` among its seats within the needs `left`, each with its
    /// number of ways times the completions after it.
    fn splits(&mut self, i: usize, left: [u8; 4]) -> Vec<([u8; 4], u64)> {
        let (mask, ref cards) = self.classes[i];
        let n = cards.len() as u8;
        let seats: Vec<usize> = (0..4).filter(|s| mask & 1 << s != 0).collect();
        let mut out = Vec::new();
        let mut split = [0u8; 4];
        fn walk(
            seats: &[usize],
            rest: u8,
            left: [u8; 4],
            split: &mut [u8; 4],
            out: &mut Vec<[u8; 4]>,
        ) {
            let Some((&s, more)) = seats.split_first() else {
                if rest == 0 {
                    out.push(*split);
                }
                return;
            };
            let top = if more.is_empty() {
                rest
            } else {
                rest.min(left[s])
            };
            if top > left[s] {
                return;
            }
            for k in 0..=top {
                split[s] = k;
                walk(more, rest - k, left, split, out);
            }
            split[s] = 0;
        }
        let mut shapes = Vec::new();
        walk(&seats, n, left, &mut split, &mut shapes);
        for shape in shapes {
            let mut ways = 1u64;
            let mut rest = n as u32;
            let mut after = left;
            for s in 0..4 {
                ways *= choose(rest, shape[s] as u32);
                rest -= shape[s] as u32;
                after[s] -= shape[s];
            }
            let completions = self.count_from(i + 1, after);
            if completions > 0 {
                out.push((shape, ways * completions));
            }
        }
        out
    }

    fn count_from(&mut self, i: usize, left: [u8; 4]) -> u64 {
        if i == self.classes.len() {
            return (left == [0; 4]) as u64;
        }
        if let Some(&n) = self.memo.get(&(i, left)) {
            return n;
        }
        let n = self.splits(i, left).iter().map(|(_, w)| w).sum();
        self.memo.insert((i, left), n);
        n
    }

    /// One arrangement, every one equally likely: each class's split drawn in proportion
    /// to the arrangements it leaves, then its cards shuffled into the split. `None` where
    /// there is none.
    pub fn draw(&mut self, rng: &mut Rng) -> Option<BySeat<Cards>> {
        let mut left = self.need;
        let mut hands = BySeat([Cards::EMPTY; 4]);
        for i in 0..self.classes.len() {
            let splits = self.splits(i, left);
            let total: u64 = splits.iter().map(|(_, w)| w).sum();
            if total == 0 {
                return None;
            }
            let mut r = rng.below_u64(total);
            let &(shape, _) = splits.iter().find(|(_, w)| {
                let here = r < *w;
                r = r.wrapping_sub(*w);
                here
            })?;
            let mut cards = self.classes[i].1.clone();
            for k in (1..cards.len()).rev() {
                cards.swap(k, rng.below(k + 1));
            }
            let mut next = cards.into_iter();
            for seat in Seat::ALL {
                hands[seat] |= next.by_ref().take(shape[seat.index()] as usize).collect();
                left[seat.index()] -= shape[seat.index()];
            }
        }
        Some(hands)
    }

    /// Every arrangement, in a fixed order.
    pub fn all(&mut self) -> Vec<BySeat<Cards>> {
        let mut out = Vec::with_capacity(self.count() as usize);
        self.list_from(0, self.need, BySeat([Cards::EMPTY; 4]), &mut out);
        out
    }

    fn list_from(
        &mut self,
        i: usize,
        left: [u8; 4],
        hands: BySeat<Cards>,
        out: &mut Vec<BySeat<Cards>>,
    ) {
        if i == self.classes.len() {
            out.push(hands);
            return;
        }
        let cards = self.classes[i].1.clone();
        for (shape, _) in self.splits(i, left) {
            let mut after = left;
            for s in 0..4 {
                after[s] -= shape[s];
            }
            let mut placed = Vec::new();
            deal_class(&cards, shape, hands, &mut placed);
            for h in placed {
                self.list_from(i + 1, after, h, out);
            }
        }
    }
}

/// Every way to give the cards of one class to the seats in the counts of `shape`.
fn deal_class(cards: &[Card], shape: [u8; 4], hands: BySeat<Cards>, out: &mut Vec<BySeat<Cards>>) {
    let Some((&card, rest)) = cards.split_first() else {
        out.push(hands);
        return;
    };
    for seat in Seat::ALL {
        if shape[seat.index()] > 0 {
            let mut s = shape;
            s[seat.index()] -= 1;
            let mut h = hands;
            h[seat].insert(card);
            deal_class(rest, s, h, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> Cards {
        text.parse().unwrap()
    }

    #[test]
    fn binomials_are_exact() {
        assert_eq!(choose(32, 8), 10_518_300);
        assert_eq!(choose(24, 8), 735_471);
        assert_eq!(choose(5, 7), 0);
    }

    #[test]
    fn unconstrained_counts_are_multinomials() {
        // 24 cards to three seats of eight: 24! / (8!)^3.
        let hidden = crate::cards::Deck::Long
            .cards()
            .without(cards("EO GO HO SO EU GU HU SU"));
        let allowed = BySeat([Cards::EMPTY, hidden, hidden, hidden]);
        let a = Arrangements::new(hidden, &allowed, BySeat([0, 8, 8, 8]));
        assert_eq!(a.count(), choose(24, 8) * choose(16, 8));
    }

    #[test]
    fn a_void_moves_the_suit_to_the_others() {
        // Four cards, two seats of two; seat 1 may not hold Eichel.
        let hidden = cards("EA EZ GA GZ");
        let allowed = BySeat([Cards::EMPTY, cards("GA GZ"), hidden, Cards::EMPTY]);
        let mut a = Arrangements::new(hidden, &allowed, BySeat([0, 2, 2, 0]));
        assert_eq!(a.count(), 1);
        assert_eq!(
            a.all(),
            vec![BySeat([
                Cards::EMPTY,
                cards("GA GZ"),
                cards("EA EZ"),
                Cards::EMPTY
            ])]
        );
        let impossible = BySeat([Cards::EMPTY, cards("GA"), hidden, Cards::EMPTY]);
        let mut none = Arrangements::new(hidden, &impossible, BySeat([0, 2, 2, 0]));
        assert_eq!(none.count(), 0);
        assert!(none.draw(&mut Rng::new(1)).is_none());
        assert!(none.all().is_empty());
    }

    #[test]
    fn listing_gives_each_arrangement_once_and_drawing_only_those() {
        let hidden = cards("EA EZ EK GA GZ GK H7");
        let allowed = BySeat([
            Cards::EMPTY,
            cards("EA EZ EK H7"),
            cards("GA GZ GK H7 EA"),
            hidden,
        ]);
        let mut a = Arrangements::new(hidden, &allowed, BySeat([0, 2, 3, 2]));
        let all = a.all();
        assert_eq!(all.len() as u64, a.count());
        let distinct: std::collections::HashSet<_> = all.iter().map(|h| h.0).collect();
        assert_eq!(distinct.len(), all.len());
        for h in &all {
            for seat in Seat::ALL {
                assert!(h[seat].is_subset(allowed[seat]));
            }
        }
        let mut rng = Rng::new(7);
        for _ in 0..200 {
            let h = a.draw(&mut rng).unwrap();
            assert!(distinct.contains(&h.0));
        }
    }
}
