//! The transposition table: bounds on the measure still to come, stored at trick
//! boundaries, in a fixed memory budget.
//!
//! ## Key
//!
//! At a trick boundary the future depends only on who holds which card, who leads, and
//! whether the called suit has been searched. The key is the four hands verbatim (128 bits,
//! so two different positions never share an entry), plus one byte of `leader | searched <<
//! 2`, plus a 32-bit *tag*: the solver's deal generation (23 bits) and the frame (which
//! seats are counted and which maximise, and whether tricks are counted: 9 bits). Changing
//! deal or frame changes the tag, so old entries simply stop matching: no clearing between
//! deals.
//!
//! Worked example (card bits in the search layout, see `layout.rs`): seat 0 holds the
//! cards with bits 0 and 3 (`0b1001`), seat 1 those with bits 8 and 9, and so on; seat 2 leads, Gras not searched: `hands = [0x9, 0x300, ..]`,
//! `meta = 2`. The entry stores `lower <= future <= upper`, where `future` is what the
//! counted seats take from here on (points 0..=120 or tricks 0..=8).
//!
//! ## Layout and replacement
//!
//! 24-byte entries in pairs (a 48-byte bucket, on one or two cache lines): the first entry
//! of a pair keeps the position with more cards left (more work saved), the second takes
//! the newest entry or the one a newer, deeper entry pushed out of the first slot. This is
//! the classic two-level scheme (Breuker, Uiterwijk, van den Herik 1994, "Replacement
//! schemes for transposition tables"). (Aligning buckets to 64-byte lines measured no
//! different.)
//!
//! ## Size in use
//!
//! The budget is the most the table may take, not what every search walks over. Each deal
//! (generation) starts on the first 768 KiB of buckets and doubles the part in use whenever
//! a quarter of its slots hold entries of the deal, up to the budget; doubling moves each
//! entry either nowhere or up by the old size (the index is a mask of the hash). A search
//! whose entries are scattered over 64 MiB waits on memory at nearly every lookup (a
//! miss of the caches and of the address translation); kept together they stay close.
//! Measured: 100 Sauspiel deals 5 to 25% less time, 0.04% more nodes (docs/PERFORMANCE.md).
//! Starting within the second-level cache (1 MiB per core here) rather than at 3 MiB, and
//! growing at a quarter full rather than an eighth, took another 5 to 9% off Sauspiel, Wenz
//! and whole Ramsch analyses, for 0.5 to 1.5% more nodes (entries lost to full buckets).

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[repr(C)]
struct Entry {
    hands: [u32; 4],
    tag: u32,
    meta: u8,
    lower: u8,
    upper: u8,
    /// The leader's card that last decided this position (a move-ordering hint), or 255.
    best: u8,
}

/// Bounds on the future measure of a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    pub lower: u8,
    pub upper: u8,
    /// The card to try first, if known.
    pub best: Option<u8>,
}

/// Tags carry the deal generation above this many bits (the frame's bits below).
pub(crate) const GENERATION_SHIFT: u32 = 9;

/// The default memory budget of a table: 64 MiB.
pub const DEFAULT_TABLE_BYTES: usize = 64 << 20;

/// Buckets in use when a generation starts: 768 KiB, within the second-level cache (a
/// Sauspiel's exact value stores about ten thousand entries, median: one doubling).
const START_BUCKETS: usize = 1 << 14;

/// The table in use doubles once more than one slot in this many holds an entry of the
/// generation: sparse enough that few entries are lost to full buckets, dense enough to
/// stay in the caches (measured: at 4, 0.5 to 1.5% more nodes than a table of the whole
/// budget, and 5 to 9% less time than at 8).
const LOAD: usize = 4;

pub(crate) struct Table {
    entries: Vec<Entry>,
    /// Mask of the bucket index over the buckets in use (their number - 1).
    mask: usize,
    /// The generation (deal) being searched; entries of other generations are free.
    generation: u32,
    /// Entries of the current generation in the table.
    live: usize,
    pub stores: u64,
    pub hits: u64,
}

impl Table {
    /// A table of at most `bytes` (at least one bucket). Memory is taken from the system
    /// lazily, as entries are first written.
    pub fn with_budget(bytes: usize) -> Table {
        let per_bucket = 2 * std::mem::size_of::<Entry>();
        let buckets = (bytes / per_bucket).max(1);
        // Round down to a power of two so the index is a mask.
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        let mut table = Table {
            entries: vec![Entry::default(); 2 * buckets],
            mask: 0,
            generation: 0,
            live: 0,
            stores: 0,
            hits: 0,
        };
        table.start(0);
        table
    }

    /// Starts a new generation: every entry of an older one is free from now on, and the
    /// part of the table in use shrinks back to its start (growing again as the entries of
    /// the new generation need, see [`Table::put`]).
    pub fn start(&mut self, generation: u32) {
        self.generation = generation;
        self.live = 0;
        self.mask = (self.entries.len() / 2).min(START_BUCKETS) - 1;
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        self.live = 0;
        self.entries.fill(Entry::default());
    }

    /// Bytes actually held.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }

    #[inline]
    fn bucket(&self, hands: &[u32; 4], tag: u32, meta: u8) -> usize {
        (Self::hash(hands, tag, meta) & self.mask) * 2
    }

    #[inline]
    fn hash(hands: &[u32; 4], tag: u32, meta: u8) -> usize {
        // Multiply-xorshift mixing of the key; the high bits are the best mixed.
        let a = (hands[0] as u64) | (hands[1] as u64) << 32;
        let b = (hands[2] as u64) | (hands[3] as u64) << 32;
        let mut h = a.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ b.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(29)
            ^ ((tag as u64) << 8 | meta as u64).wrapping_mul(0x1656_67B1_9E37_79F9);
        h ^= h >> 32;
        h = h.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        h ^= h >> 32;
        h as usize
    }

    /// Whether an entry belongs to the generation being searched.
    #[inline]
    fn current(&self, e: &Entry) -> bool {
        e.tag >> GENERATION_SHIFT == self.generation
    }

    /// Doubles the buckets in use. The index is a mask of the hash, so an entry of bucket
    /// `i` either stays or moves to `i + old`: one pass over the old buckets.
    fn grow(&mut self) {
        let old = self.mask + 1;
        if 2 * old > self.entries.len() / 2 {
            return;
        }
        self.mask = 2 * old - 1;
        for i in 0..old {
            for k in 0..2 {
                let e = self.entries[2 * i + k];
                let up = 2 * (i + old) + k;
                if self.current(&e) && Self::hash(&e.hands, e.tag, e.meta) & old != 0 {
                    self.entries[up] = e;
                    self.entries[2 * i + k] = Entry::default();
                } else {
                    // Nothing of this generation lives above the old size yet.
                    self.entries[up] = Entry::default();
                }
            }
        }
    }

    #[inline]
    fn matches(e: &Entry, hands: &[u32; 4], tag: u32, meta: u8) -> bool {
        // Tags start at 1 << 9, so the zeroed tag marks an empty slot.
        e.tag == tag && e.meta == meta && e.hands == *hands
    }

    #[inline]
    pub fn get(&mut self, hands: &[u32; 4], tag: u32, meta: u8) -> Option<Bounds> {
        let i = self.bucket(hands, tag, meta);
        for e in &self.entries[i..i + 2] {
            if Self::matches(e, hands, tag, meta) {
                self.hits += 1;
                return Some(Bounds {
                    lower: e.lower,
                    upper: e.upper,
                    best: (e.best != u8::MAX).then_some(e.best),
                });
            }
        }
        None
    }

    /// Stores bounds, merging with what the entry already knew.
    #[inline]
    pub fn put(&mut self, hands: &[u32; 4], tag: u32, meta: u8, bounds: Bounds) {
        self.stores += 1;
        let i = self.bucket(hands, tag, meta);
        let cards = |h: &[u32; 4]| (h[0] | h[1] | h[2] | h[3]).count_ones();
        let best = bounds.best.unwrap_or(u8::MAX);
        for e in &mut self.entries[i..i + 2] {
            if Self::matches(e, hands, tag, meta) {
                e.lower = e.lower.max(bounds.lower);
                e.upper = e.upper.min(bounds.upper);
                if best != u8::MAX {
                    e.best = best;
                }
                return;
            }
        }
        let fresh = Entry {
            hands: *hands,
            tag,
            meta,
            lower: bounds.lower,
            upper: bounds.upper,
            best,
        };
        // Depth-preferred first slot (unless its entry is from another deal or frame).
        let first = self.entries[i];
        let replaced = if first.tag != tag || cards(&first.hands) <= cards(hands) {
            // The new entry takes the first slot; the one it displaces, if of this deal,
            // takes the second.
            self.entries[i] = fresh;
            if self.current(&first) {
                std::mem::replace(&mut self.entries[i + 1], first)
            } else {
                first
            }
        } else {
            std::mem::replace(&mut self.entries[i + 1], fresh)
        };
        if !self.current(&replaced) {
            self.live += 1;
            if self.live * LOAD > 2 * (self.mask + 1) {
                self.grow();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_in_use_grows_with_the_deal_and_keeps_its_entries() {
        let mut t = Table::with_budget(64 << 20);
        let tag = 5 << GENERATION_SHIFT;
        t.start(5);
        assert_eq!(t.mask + 1, START_BUCKETS);
        let key = |i: u32| [i, i.rotate_left(8) ^ 0x5555, !i, i.wrapping_mul(7)];
        // One and a half times the entries at which the table doubles.
        let n = 3 * (2 * START_BUCKETS / LOAD) as u32 / 2;
        let b = |i: u32| Bounds {
            lower: (i % 100) as u8,
            upper: 120,
            best: None,
        };
        for i in 0..n {
            t.put(&key(i), tag, 0, b(i));
        }
        assert!(t.mask + 1 >= 2 * START_BUCKETS, "the table grew");
        let found = (0..n)
            .filter(|&i| t.get(&key(i), tag, 0) == Some(b(i)))
            .count();
        // Measured: 96.3% kept (the rest lost to full buckets before the table grew).
        assert!(found as u32 >= n - n / 20, "{found} of {n} entries kept");
        // A new deal starts small again, and nothing of the old one matches.
        t.start(6);
        assert_eq!(t.mask + 1, START_BUCKETS);
        assert!((0..n).all(|i| t.get(&key(i), 6 << GENERATION_SHIFT, 0).is_none()));
        // The budget bounds the growth.
        let mut small = Table::with_budget(1 << 20);
        small.start(1);
        for i in 0..n {
            small.put(&key(i), 1 << GENERATION_SHIFT, 0, b(i));
        }
        assert!(small.bytes() <= 1 << 20 && 2 * (small.mask + 1) <= small.entries.len());
    }

    #[test]
    fn entry_is_24_bytes() {
        assert_eq!(std::mem::size_of::<Entry>(), 24);
    }

    #[test]
    fn budget_is_respected_and_bounds_merge() {
        let mut t = Table::with_budget(1 << 20);
        assert!(t.bytes() <= 1 << 20);
        let hands = [0x9, 0x300, 0x30000, 0x3000000];
        assert_eq!(t.get(&hands, 7 << 8, 2), None);
        let b = |lower, upper, best| Bounds { lower, upper, best };
        t.put(&hands, 7 << 8, 2, b(10, 40, Some(3)));
        t.put(&hands, 7 << 8, 2, b(0, 30, None));
        assert_eq!(t.get(&hands, 7 << 8, 2), Some(b(10, 30, Some(3))));
        assert_eq!(t.get(&hands, 8 << 8, 2), None, "another tag never matches");
        assert_eq!(
            t.get(&hands, 7 << 8, 1),
            None,
            "another leader never matches"
        );
    }
}
