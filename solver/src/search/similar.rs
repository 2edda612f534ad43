//! Similar positions: positions that play alike and differ only in the points of their
//! cards share what the search learnt, widened by what those points can change.
//!
//! Two positions have the same *shape* when every group (each plain suit, the trumps) has
//! as many cards left, held by the same seats in the same power order, with the same
//! leader and the same state of the called suit. Pair the k-th remaining card of a group in
//! one with the k-th in the other: the legal cards and every trick's winner are the same,
//! card for card, so both positions have the same game tree and only the points at its
//! leaves differ. Along any line of play the counted seats' points to come differ by the sum
//! of `d = points here - points there` over the pairs they take, so with `less` the sum of
//! the negative `d` and `more` the sum of the positive ones,
//!
//! ```text
//! V(there) - less <= V(here) <= V(there) + more
//! ```
//!
//! for the minimax values too (each leaf moves within that range). Bounds stored for one
//! position of a shape bound every other, widened so. This is payoff similarity (Furtak and
//! Buro 2011, "Using payoff-similarity to speed up search", on Skat), the quasi-symmetry of
//! Kupferschmid and Helmert's Skat solver. The exact table ([`super::tt`]) matches only
//! positions whose points agree card for card ([`super::canon`]); this one, keyed by the
//! shape, answers for the rest. Only where points are counted: where tricks are, the
//! canonical position already is the shape.
//!
//! Example, Farbsolo in Herz: here `HA` is gone and a seat holds `HZ` as the highest Herz
//! below the Unters; there `HZ` is gone and the same seat holds `HA` there instead, every
//! other card alike. Same shape; the pair (`HZ`, `HA`) differs by `d = -1`, so `less = 1`,
//! `more = 0`: from `V(there) >= 70` follows `V(here) >= 69`, from `V(there) <= 50`, `V(here)
//! <= 50`.

use super::layout::Layout;
use super::tt::{hash, pack, Slot, Table, GENERATION_SHIFT};

/// One stored position of a shape: 24 bytes, two to a cache line.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct Shape {
    /// The shape: the position's hands with each group's remaining cards moved onto its
    /// top, packed ([`pack`]).
    key: [u32; 3],
    /// Deal generation and frame; zero marks an empty slot.
    tag: u32,
    /// The position's own remaining cards: their points, in power order, are what differs
    /// between positions of a shape.
    cards: u32,
    /// `meta` (3 bits), `lower` and `upper` (7 bits each), from the low bits up.
    info: u32,
}

impl Shape {
    #[inline]
    fn meta(&self) -> u8 {
        (self.info & 7) as u8
    }

    #[inline]
    fn bounds(&self) -> (u8, u8) {
        ((self.info >> 3 & 127) as u8, (self.info >> 10 & 127) as u8)
    }

    #[inline]
    fn info(meta: u8, lower: u8, upper: u8) -> u32 {
        debug_assert!(lower < 128 && upper < 128 && meta < 8);
        meta as u32 | (lower as u32) << 3 | (upper as u32) << 10
    }

    #[inline]
    fn matches(&self, key: &[u32; 3], tag: u32, meta: u8) -> bool {
        // Tags start at 1 << GENERATION_SHIFT: an empty slot never matches.
        self.tag == tag && self.meta() == meta && self.key == *key
    }
}

impl Slot for Shape {
    #[inline]
    fn tag(&self) -> u32 {
        self.tag
    }

    #[inline]
    fn cards(&self) -> u32 {
        self.key[0].count_ones()
    }

    #[inline]
    fn hash(&self) -> usize {
        hash(&self.key, self.tag, self.meta())
    }
}

/// How much less and how much more the cards `here` are worth than the cards `there`,
/// pair by pair in power order: `(less, more)`. Both positions have one shape, so each group
/// has as many cards in both and the k-th lowest card of `here` pairs with the k-th lowest
/// of `there` (the layout numbers each group's cards contiguously in power order).
#[inline]
pub(crate) fn differences(layout: &Layout, mut here: u32, mut there: u32) -> (u8, u8) {
    let (mut less, mut more) = (0u8, 0u8);
    // Cards in both at the same place pair with themselves below the first difference.
    while here != there {
        let (a, b) = (here.trailing_zeros(), there.trailing_zeros());
        here &= here - 1;
        there &= there - 1;
        let (pa, pb) = (layout.points[a as usize], layout.points[b as usize]);
        if pa < pb {
            less += pb - pa;
        } else {
            more += pa - pb;
        }
    }
    (less, more)
}

/// Bounds on the measure to come: `lower <= future <= upper`.
pub(crate) type Range = (u8, u8);

impl Table<Shape, 2> {
    /// Bounds on the future of the position with shape `hands` (the hands with each group
    /// packed onto its top) and remaining `cards`, from every stored position of its shape,
    /// each widened by the point differences ([`differences`]); `None` where none is
    /// stored.
    #[inline]
    pub fn similar(
        &self,
        layout: &Layout,
        hands: &[u32; 4],
        tag: u32,
        meta: u8,
        cards: u32,
    ) -> Option<Range> {
        let key = pack(hands);
        let slots = &self.buckets[self.index(&key, tag, meta)].slots;
        let mut found: Option<Range> = None;
        for e in slots.iter().filter(|e| e.matches(&key, tag, meta)) {
            let (lower, upper) = e.bounds();
            let (less, more) = differences(layout, cards, e.cards);
            let (lower, upper) = (lower.saturating_sub(less), upper.saturating_add(more));
            found = Some(match found {
                Some((l, u)) => (l.max(lower), u.min(upper)),
                None => (lower, upper),
            });
        }
        found
    }

    /// Stores bounds for the position of shape `hands` with remaining `cards`, merging
    /// with what is known of that very position.
    #[inline]
    pub fn put_shape(&mut self, hands: &[u32; 4], tag: u32, meta: u8, cards: u32, range: Range) {
        let key = pack(hands);
        let i = self.index(&key, tag, meta);
        let (lower, upper) = range;
        let slots = &mut self.buckets[i].slots;
        if let Some(e) = slots
            .iter_mut()
            .find(|e| e.matches(&key, tag, meta) && e.cards == cards)
        {
            let (l, u) = e.bounds();
            e.info = Shape::info(meta, l.max(lower), u.min(upper));
            return;
        }
        debug_assert!(tag >> GENERATION_SHIFT != 0);
        let fresh = Shape {
            key,
            tag,
            cards,
            info: Shape::info(meta, lower, upper),
        };
        self.store(i, fresh);
    }
}

#[cfg(test)]
mod tests {
    use super::super::canon::Canon;
    use super::*;
    use crate::cards::{Card, Cards, Deck, Suit};
    use crate::contract::{Contract, Measure, Solo};
    use crate::legal::PlayRules;
    use crate::seat::Seat;

    fn farbsolo_herz() -> Layout {
        let contract = Contract::Solo {
            declarer: Seat::S0,
            game: Solo::Farbsolo(Suit::Herz),
            tout: false,
        };
        Layout::new(&PlayRules {
            order: contract.order(Deck::Long),
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

    fn all(hands: &[u32; 4]) -> u32 {
        hands[0] | hands[1] | hands[2] | hands[3]
    }

    #[test]
    fn the_worked_example_has_one_shape_and_differs_by_one_point() {
        let l = farbsolo_herz();
        let shape = Canon::new(&l, Measure::Tricks);
        let here = hands(&l, ["HZ E7", "HK EA", "H9 GA", "H8 SA"]);
        let there = hands(&l, ["HA E7", "HK EA", "H9 GA", "H8 SA"]);
        assert_eq!(shape.key(&here), shape.key(&there));
        assert_eq!(differences(&l, all(&here), all(&there)), (1, 0));
        assert_eq!(differences(&l, all(&there), all(&here)), (0, 1));
        assert_eq!(differences(&l, all(&here), all(&here)), (0, 0));
        // Further apart: each trump one place lower (HK for HA, 7 points less; H9 for HK,
        // 4; H8 for H9 and H7 for H8, none) and E7 for EK (4 less).
        let other = hands(&l, ["HA EK", "HK EA", "H9 GA", "H8 SA"]);
        let moved = hands(&l, ["HK E7", "HA EA", "H9 GA", "H8 SA"]);
        assert_ne!(shape.key(&other), shape.key(&moved), "HA changed hands");
        let low = hands(&l, ["HK E7", "H9 EA", "H8 GA", "H7 SA"]);
        assert_eq!(shape.key(&other), shape.key(&low));
        assert_eq!(differences(&l, all(&low), all(&other)), (15, 0));
    }

    #[test]
    fn a_shape_answers_for_its_similar_positions_widened() {
        let l = farbsolo_herz();
        let shape = Canon::new(&l, Measure::Tricks);
        let here = hands(&l, ["HZ E7", "HK EA", "H9 GA", "H8 SA"]);
        let there = hands(&l, ["HA E7", "HK EA", "H9 GA", "H8 SA"]);
        let key = shape.key(&there);
        // One bucket: every shape lands in it.
        let mut t: Table<Shape, 2> = Table::with_budget(64);
        t.start(1);
        let tag = 1 << GENERATION_SHIFT;
        assert_eq!(t.similar(&l, &key, tag, 2, all(&here)), None);
        t.put_shape(&key, tag, 2, all(&there), (40, 90));
        t.put_shape(&key, tag, 2, all(&there), (50, 100));
        // The position itself: its bounds merged.
        assert_eq!(t.similar(&l, &key, tag, 2, all(&there)), Some((50, 90)));
        // Its similar position: one point less at worst.
        assert_eq!(t.similar(&l, &key, tag, 2, all(&here)), Some((49, 90)));
        // Both stored: each answers, the tighter bound of each side wins.
        t.put_shape(&key, tag, 2, all(&here), (30, 60));
        assert_eq!(t.similar(&l, &key, tag, 2, all(&here)), Some((49, 60)));
        assert_eq!(t.similar(&l, &key, tag, 2, all(&there)), Some((50, 61)));
        assert_eq!(
            t.similar(&l, &key, tag, 1, all(&here)),
            None,
            "another leader"
        );
        let tag2 = 2 << GENERATION_SHIFT;
        assert_eq!(
            t.similar(&l, &key, tag2, 2, all(&here)),
            None,
            "another deal"
        );
    }

    #[test]
    fn two_entries_fill_a_cache_line() {
        assert_eq!(std::mem::size_of::<Shape>(), 24);
        assert_eq!(
            std::mem::size_of::<super::super::tt::Bucket<Shape, 2>>(),
            64
        );
    }
}
