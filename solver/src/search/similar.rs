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

use super::layout::{bit, Layout};
use super::tt::{hash, Bounds, Bucket, Info, Slot, Table, GENERATION_SHIFT};

/// One stored position of a shape: 24 bytes, two to a cache line.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct Shape {
    /// The shape ([`shape_of`]).
    key: [u32; 3],
    /// Deal generation and frame; zero marks an empty slot.
    tag: u32,
    /// The position's own remaining cards: their points, in power order, are what differs
    /// between positions of a shape.
    cards: u32,
    info: Info,
}

impl Shape {
    #[inline]
    fn matches(&self, key: &[u32; 3], tag: u32, meta: u8) -> bool {
        // Tags start at 1 << GENERATION_SHIFT: an empty slot never matches.
        self.tag == tag && self.info.meta() == meta && self.key == *key
    }
}

impl Slot for Shape {
    #[inline]
    fn tag(&self) -> u32 {
        self.tag
    }

    #[inline]
    fn cards(&self) -> u32 {
        self.cards.count_ones()
    }

    #[inline]
    fn hash(&self) -> usize {
        hash(&self.key, self.tag, self.info.meta())
    }
}

/// A position's shape as a key, from its canonical key ([`super::canon::Canon::key`]) and
/// its remaining cards `all`: the number of cards left in each group (four bits each) and
/// whether the called ace is still out; then the canonical key's holders of the remaining
/// cards in the layout's order (group by group, in power order), its two bit planes. Equal
/// keys, equal shapes: the called ace, when out, is the top of its suit in both.
#[inline]
pub(crate) fn shape_of(layout: &Layout, key: &[u32; 3], all: u32) -> [u32; 3] {
    let mut counts = 0u32;
    for (g, mask) in layout.group_mask.iter().enumerate() {
        counts |= (all & mask).count_ones() << (4 * g);
    }
    if layout.called.is_some_and(|c| all & c.ace != 0) {
        counts |= 1 << 20;
    }
    [counts, key[1], key[2]]
}

/// How much less and how much more the cards `here` are worth than the cards `there`,
/// pair by pair in power order: `(less, more)`. Both positions have one shape, so each group
/// has as many cards in both and the k-th lowest card of `here` pairs with the k-th lowest
/// of `there` (the layout numbers each group's cards contiguously in power order).
#[inline]
pub(crate) fn differences(layout: &Layout, here: u32, there: u32) -> (u8, u8) {
    let (mut less, mut more) = (0u8, 0u8);
    let mut apart = here ^ there;
    while apart != 0 {
        // A group where the two differ. Below its lowest difference both hold the same
        // cards, which pair with themselves; above the last one as well.
        let group = layout.group_of(apart.trailing_zeros() as u8);
        let from = !((apart & apart.wrapping_neg()) - 1);
        apart &= !group;
        let (mut a, mut b) = (here & group & from, there & group & from);
        while a != b {
            let (pa, pb) = (
                layout.points[a.trailing_zeros() as usize],
                layout.points[b.trailing_zeros() as usize],
            );
            a &= a - 1;
            b &= b - 1;
            if pa < pb {
                less += pb - pa;
            } else {
                more += pa - pb;
            }
        }
    }
    (less, more)
}

/// The card of `here` that plays the part `card` plays in `there`: the one at the same
/// place among the remaining cards of its group.
#[inline]
fn counterpart(layout: &Layout, card: u8, here: u32, there: u32) -> u8 {
    let group = layout.group_of(card);
    let place = (there & group & (bit(card) - 1)).count_ones();
    let mut mine = here & group;
    for _ in 0..place {
        mine &= mine - 1;
    }
    mine.trailing_zeros() as u8
}

impl Table<Shape, 2> {
    /// Bounds on the future of the position of shape `key` ([`shape_of`]) and remaining
    /// `cards`, from every stored position of its shape,
    /// each widened by the point differences ([`differences`]), and the card that decided
    /// such a position, as this position's counterpart; `None` where none is stored.
    #[inline]
    pub fn similar(
        &self,
        layout: &Layout,
        key: &[u32; 3],
        tag: u32,
        meta: u8,
        cards: u32,
    ) -> Option<Bounds> {
        let slots = &self.buckets.get(self.index(key, tag, meta))?.slots;
        let mut found: Option<Bounds> = None;
        for e in slots.iter().filter(|e| e.matches(key, tag, meta)) {
            let b = e.info.bounds();
            let (less, more) = differences(layout, cards, e.cards);
            let widened = Bounds {
                lower: b.lower.saturating_sub(less),
                upper: b.upper.saturating_add(more),
                best: b.best.map(|c| counterpart(layout, c, cards, e.cards)),
            };
            // Every stored position bounds this one; the first one's card stays the hint.
            found = Some(found.map_or(widened, |f| widened.merged(f)));
        }
        found
    }

    /// Stores bounds for the position of shape `key` with remaining `cards`, merging with
    /// what is known of that very position.
    #[inline]
    pub fn put_shape(&mut self, key: [u32; 3], tag: u32, meta: u8, cards: u32, bounds: Bounds) {
        let i = self.index(&key, tag, meta);
        let Some(Bucket { slots }) = self.buckets.get_mut(i) else {
            return;
        };
        if let Some(e) = slots
            .iter_mut()
            .find(|e| e.matches(&key, tag, meta) && e.cards == cards)
        {
            e.info = Info::new(meta, &e.info.bounds().merged(bounds));
            return;
        }
        debug_assert!(tag >> GENERATION_SHIFT != 0);
        let fresh = Shape {
            key,
            tag,
            cards,
            info: Info::new(meta, &bounds),
        };
        self.store(i, fresh);
    }
}

#[cfg(test)]
mod tests {
    use super::super::canon::Canon;
    use super::super::layout::gather;
    use super::*;
    use crate::cards::{Card, Deck, Suit};
    use crate::contract::Measure;
    use crate::contract::{Contract, Solo};
    use crate::legal::PlayRules;
    use crate::seat::Seat;

    fn farbsolo_herz() -> Layout {
        Layout::of_contract(Contract::Solo {
            declarer: Seat::S0,
            game: Solo::Farbsolo(Suit::Herz),
            tout: false,
        })
    }

    /// The module's worked example: `HZ` where `HA` is gone (here), `HA` where `HZ` is gone
    /// (there), every other card alike.
    fn worked_example(l: &Layout) -> ([u32; 4], [u32; 4]) {
        (
            l.hands(["HZ E7", "HK EA", "H9 GA", "H8 SA"]),
            l.hands(["HA E7", "HK EA", "H9 GA", "H8 SA"]),
        )
    }

    /// A table of one bucket, where every shape lands, started on deal 1, and that deal's
    /// tag.
    fn one_bucket() -> (Table<Shape, 2>, u32) {
        let mut t = Table::with_budget(64);
        t.start(1);
        (t, 1 << GENERATION_SHIFT)
    }

    /// The shape of four hands, through their canonical key.
    fn shape(l: &Layout, hands: &[u32; 4]) -> [u32; 3] {
        let key = Canon::new(l, Measure::Points).key(hands);
        shape_of(l, &key, all(hands))
    }

    fn all(hands: &[u32; 4]) -> u32 {
        hands[0] | hands[1] | hands[2] | hands[3]
    }

    #[test]
    fn the_worked_example_has_one_shape_and_differs_by_one_point() {
        let l = farbsolo_herz();
        let (here, there) = worked_example(&l);
        assert_eq!(shape(&l, &here), shape(&l, &there));
        assert_eq!(differences(&l, all(&here), all(&there)), (1, 0));
        assert_eq!(differences(&l, all(&there), all(&here)), (0, 1));
        assert_eq!(differences(&l, all(&here), all(&here)), (0, 0));
        // Further apart: each trump one place lower (HK for HA, 7 points less; H9 for HK,
        // 4; H8 for H9 and H7 for H8, none) and E7 for EK (4 less).
        let other = l.hands(["HA EK", "HK EA", "H9 GA", "H8 SA"]);
        let moved = l.hands(["HK E7", "HA EA", "H9 GA", "H8 SA"]);
        assert_ne!(shape(&l, &other), shape(&l, &moved), "HA changed hands");
        let low = l.hands(["HK E7", "H9 EA", "H8 GA", "H7 SA"]);
        assert_eq!(shape(&l, &other), shape(&l, &low));
        assert_eq!(differences(&l, all(&low), all(&other)), (15, 0));
    }

    fn range(lower: u8, upper: u8) -> Bounds {
        Bounds {
            lower,
            upper,
            best: None,
        }
    }

    fn range_of(b: Option<Bounds>) -> Option<(u8, u8)> {
        b.map(|b| (b.lower, b.upper))
    }

    #[test]
    fn a_shape_answers_for_its_similar_positions_widened() {
        let l = farbsolo_herz();
        let (here, there) = worked_example(&l);
        let key = shape(&l, &there);
        let (mut t, tag) = one_bucket();
        assert_eq!(range_of(t.similar(&l, &key, tag, 2, all(&here))), None);
        t.put_shape(key, tag, 2, all(&there), range(40, 90));
        t.put_shape(key, tag, 2, all(&there), range(50, 100));
        // The position itself: its bounds merged.
        assert_eq!(
            range_of(t.similar(&l, &key, tag, 2, all(&there))),
            Some((50, 90))
        );
        // Its similar position: one point less at worst.
        assert_eq!(
            range_of(t.similar(&l, &key, tag, 2, all(&here))),
            Some((49, 90))
        );
        // Both stored: each answers, the tighter bound of each side wins.
        t.put_shape(key, tag, 2, all(&here), range(30, 60));
        assert_eq!(
            range_of(t.similar(&l, &key, tag, 2, all(&here))),
            Some((49, 60))
        );
        assert_eq!(
            range_of(t.similar(&l, &key, tag, 2, all(&there))),
            Some((50, 61))
        );
        assert_eq!(
            range_of(t.similar(&l, &key, tag, 1, all(&here))),
            None,
            "another leader"
        );
        let tag2 = 2 << GENERATION_SHIFT;
        assert_eq!(
            range_of(t.similar(&l, &key, tag2, 2, all(&here))),
            None,
            "another deal"
        );
    }

    #[test]
    fn the_deciding_card_carries_over_as_its_counterpart() {
        let l = farbsolo_herz();
        // Seat 0 leads its highest trump there (HA) and here (HZ, HA being gone).
        let (here, there) = worked_example(&l);
        let key = shape(&l, &there);
        let (mut t, tag) = one_bucket();
        let ha = l.index("HA".parse().unwrap());
        let hz = l.index("HZ".parse().unwrap());
        let e7 = l.index("E7".parse().unwrap());
        t.put_shape(
            key,
            tag,
            0,
            all(&there),
            Bounds {
                best: Some(ha),
                ..range(61, 120)
            },
        );
        let found = t.similar(&l, &key, tag, 0, all(&here)).unwrap();
        assert_eq!((found.lower, found.best), (60, Some(hz)));
        // A card of a group that differs nowhere is itself.
        t.put_shape(
            key,
            tag,
            0,
            all(&there),
            Bounds {
                best: Some(e7),
                ..range(0, 120)
            },
        );
        assert_eq!(
            t.similar(&l, &key, tag, 0, all(&here)).unwrap().best,
            Some(e7)
        );
    }

    #[test]
    fn differences_pair_the_cards_in_power_order() {
        let l = farbsolo_herz();
        let mut rng = crate::Rng::new(5);
        for _ in 0..20_000 {
            // Two sets of cards with as many in each group.
            let (mut here, mut there) = (0u32, 0u32);
            for group in l.group_mask {
                let cards: Vec<u8> = (0..32).filter(|&c| group & bit(c) != 0).collect();
                let n = rng.below(cards.len() + 1);
                for (set, k) in [(&mut here, n), (&mut there, n)] {
                    let mut left = cards.clone();
                    for _ in 0..k {
                        *set |= bit(left.swap_remove(rng.below(left.len())));
                    }
                }
            }
            let (mut a, mut b) = (here, there);
            let (mut less, mut more) = (0, 0);
            while a != 0 {
                let (pa, pb) = (
                    l.points[a.trailing_zeros() as usize] as i32,
                    l.points[b.trailing_zeros() as usize] as i32,
                );
                less += (pb - pa).max(0);
                more += (pa - pb).max(0);
                a &= a - 1;
                b &= b - 1;
            }
            assert_eq!(differences(&l, here, there), (less as u8, more as u8));
        }
    }

    #[test]
    fn gathering_agrees_with_a_bit_by_bit_loop() {
        let mut rng = crate::Rng::new(7);
        for _ in 0..10_000 {
            let mask = (rng.next_u64() as u32) & (rng.next_u64() as u32)
                | (rng.next_u64() as u32) & (rng.next_u64() as u32);
            let (x, y) = ((rng.next_u64() as u32), (rng.next_u64() as u32));
            let slow = |v: u32| {
                let (mut out, mut j) = (0u32, 0);
                for b in 0..32 {
                    if mask >> b & 1 == 1 {
                        out |= (v >> b & 1) << j;
                        j += 1;
                    }
                }
                out
            };
            assert_eq!(gather(x, y, mask), (slow(x), slow(y)), "{mask:#x}");
        }
    }

    #[test]
    fn shapes_agree_with_each_group_packed_onto_its_top() {
        // The canonical key that counts tricks packs whole groups: it is the shape written
        // out, so equal shapes and equal keys of it must go together.
        let l = farbsolo_herz();
        let packed = Canon::new(&l, Measure::Tricks);
        let mut rng = crate::Rng::new(3);
        let deal = |rng: &mut crate::Rng| {
            let mut hands = [0u32; 4];
            for card in 0..32u8 {
                // About three cards in four still out.
                if rng.below(4) != 0 {
                    hands[rng.below(4)] |= bit(card);
                }
            }
            hands
        };
        for _ in 0..20_000 {
            let (a, b) = (deal(&mut rng), deal(&mut rng));
            let shaped = shape(&l, &a) == shape(&l, &b);
            assert_eq!(shaped, packed.key(&a) == packed.key(&b));
            assert_eq!(shape(&l, &a), shape(&l, &onto_tops(&l, &a)));
        }
    }

    /// Each group's remaining cards moved onto its top, each with its holder, in order.
    fn onto_tops(l: &Layout, hands: &[u32; 4]) -> [u32; 4] {
        let mut out = [0u32; 4];
        for group in l.group_mask {
            let mut slot = 31 - group.leading_zeros();
            for card in (0..32u32)
                .rev()
                .filter(|&c| all(hands) & group & 1 << c != 0)
            {
                let holder = hands.iter().position(|h| h & 1 << card != 0).unwrap();
                out[holder] |= 1 << slot;
                slot = slot.wrapping_sub(1);
            }
        }
        out
    }

    #[test]
    fn the_called_ace_is_never_like_another_card() {
        // A Sauspiel on GA: after a run-away lead the suit is searched while the partner
        // still holds the ace, which must go to the next Gras lead; a partner holding GZ
        // at the top of Gras instead (GA gone) is free. Different shapes.
        use crate::cards::Rank;
        use crate::legal::{CalledAce, RunAway};
        let contract = Contract::sauspiel(Seat::S0, Suit::Gras);
        let order = contract.order(Deck::Long);
        let l = Layout::new(&PlayRules {
            order,
            called: Some(CalledAce {
                ace: Card::new(Suit::Gras, Rank::Ace),
                partner: Seat::S2,
                suit_cards: order.group_cards(crate::order::Group::Plain(Suit::Gras)),
                run_away: RunAway::Current(4),
            }),
            stichzwang: false,
        });
        let ace = l.hands(["E7 EO", "G9 EA", "GA G7", "SA HO"]);
        let ten = l.hands(["E7 EO", "G9 EA", "GZ G7", "SA HO"]);
        assert_ne!(shape(&l, &ace), shape(&l, &ten));
        // The ace kept, a lower Gras card for another: the same shape.
        let eight = l.hands(["E7 EO", "G8 EA", "GA G7", "SA HO"]);
        assert_eq!(shape(&l, &ace), shape(&l, &eight));
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
