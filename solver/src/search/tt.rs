//! The transposition table: bounds on the measure still to come, stored at trick
//! boundaries, in a fixed memory budget.
//!
//! ## Key
//!
//! At a trick boundary the future depends only on who holds which card, who leads, and
//! whether the called suit has been searched. The key is the four hands, written without
//! loss in 96 bits (`canon.rs`: the cards left, canonical, and the two bit planes of their
//! holders' seat numbers gathered over them: the hands are disjoint), so two different
//! (canonical) positions never share an entry; plus three bits
//! of `leader | searched << 2`, plus a 32-bit *tag*: the solver's deal generation (23 bits)
//! and the frame (which seats are counted and which maximise, and whether tricks are
//! counted: 9 bits). Changing deal or frame changes the tag, so old entries simply stop
//! matching: no clearing between deals.
//!
//! Worked example (card bits in the search layout, see `layout.rs`; every card a run of its
//! own): seat 0 holds the cards with bits 0 and 3 (`0b1001`), seat 1 those with bits 8 and
//! 9, seat 2 bits 16 and 17, seat 3 bits 24 and 25; seat 2 leads, Gras not searched:
//! `hands = [0x9, 0x300, 0x30000, 0x3000000]`, the key `[0x3030309, 0xcc, 0xf0]` (in card
//! order the holders are seats 0 0 1 1 2 2 3 3: seats 1 and 3 at places 2, 3, 6, 7; seats 2
//! and 3 at places 4 to 7), `meta = 2`. The entry
//! stores `lower <= future <= upper`, where `future` is what the counted seats take from
//! here on (points 0..=120 or tricks 0..=8).
//!
//! The same table, generic over its entries ([`Slot`]), holds the similar positions'
//! bounds under their shapes (`similar.rs`), with 24-byte entries two to a line.
//!
//! ## Layout and replacement
//!
//! 20-byte entries, three to a 64-byte bucket aligned to a cache line, so a lookup reads
//! one line. A new position takes a free slot, else the slot of the entry with the fewest
//! cards left: the two deeper entries (more work saved) stay, the third takes the newest.
//! This is the classic two-level scheme (Breuker, Uiterwijk, van den Herik 1994,
//! "Replacement schemes for transposition tables") with a third slot.
//!
//! ## Size in use
//!
//! The budget is the most the table may take, not what every search walks over. Each deal
//! (generation) starts on the first 1 MiB of buckets and doubles the part in use whenever
//! a quarter of its slots hold entries of the deal, up to the budget; doubling moves each
//! entry either nowhere or up by the old size (the index is a mask of the hash). A search
//! whose entries are scattered over 64 MiB waits on memory at nearly every lookup (a
//! miss of the caches and of the address translation); kept together they stay close. A
//! few entries are lost to full buckets before the table grows. (Figures:
//! `docs/performance-log.md`, "What moved the numbers", "The table".)

/// One stored position: 20 bytes, three to a cache line.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct Entry {
    /// The position ([`super::canon::Canon::key`]).
    key: [u32; 3],
    /// Deal generation and frame; zero marks an empty slot.
    tag: u32,
    info: Info,
}

/// An entry's `meta` and [`Bounds`] in one word: `meta` (3 bits), `lower` and `upper` (7
/// bits each), `best` (6 bits; [`Info::NO_BEST`] for none), from the low bits up. Both
/// tables' entries hold one.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Info(u32);

impl Info {
    const NO_BEST: u32 = 63;

    #[inline]
    pub fn new(meta: u8, bounds: &Bounds) -> Info {
        // Bounds are points (at most 120) or tricks, cards are indices below 32.
        debug_assert!(bounds.lower < 128 && bounds.upper < 128 && meta < 8);
        debug_assert!(bounds.best.is_none_or(|b| b < 32));
        let best = bounds.best.map_or(Self::NO_BEST, u32::from);
        Info(meta as u32 | (bounds.lower as u32) << 3 | (bounds.upper as u32) << 10 | best << 17)
    }

    #[inline]
    pub fn meta(self) -> u8 {
        (self.0 & 7) as u8
    }

    #[inline]
    pub fn bounds(self) -> Bounds {
        let best = self.0 >> 17 & 63;
        Bounds {
            lower: (self.0 >> 3 & 127) as u8,
            upper: (self.0 >> 10 & 127) as u8,
            best: (best != Self::NO_BEST).then_some(best as u8),
        }
    }
}

/// What the table's buckets hold: fixed-size entries, a few to a cache line, that know
/// their deal generation, their depth and their place.
pub(crate) trait Slot: Copy + Default {
    /// Deal generation and frame; zero marks an empty slot.
    fn tag(&self) -> u32;
    /// Cards left in the position: the deeper, the more work the entry saves.
    fn cards(&self) -> u32;
    /// The hash that placed the entry (it decides where the entry goes when the table
    /// grows).
    fn hash(&self) -> usize;

    /// Whether the entry belongs to `generation` (a deal); others count as free slots.
    #[inline]
    fn of_generation(&self, generation: u32) -> bool {
        self.tag() >> GENERATION_SHIFT == generation
    }
}

impl Slot for Entry {
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
        hash(&self.key, self.tag, self.info.meta())
    }
}

/// `N` entries and padding: one cache line.
#[derive(Copy, Clone, Debug)]
#[repr(C, align(64))]
pub(crate) struct Bucket<E, const N: usize> {
    pub slots: [E; N],
}

impl<E: Slot, const N: usize> Default for Bucket<E, N> {
    fn default() -> Self {
        Bucket {
            slots: [E::default(); N],
        }
    }
}

/// Multiply-xorshift mixing of a packed key, its tag's frame and meta; the high bits are
/// the best mixed. The tag's deal generation stays out: a deal's positions land in the
/// same buckets whichever generation it runs under (the older generations' entries there
/// count as free slots), so a question asked afresh searches the same nodes every time,
/// whatever was asked before it.
#[inline]
pub(crate) fn hash(key: &[u32; 3], tag: u32, meta: u8) -> usize {
    let frame = tag & ((1 << GENERATION_SHIFT) - 1);
    let a = (key[0] as u64) | (key[1] as u64) << 32;
    let b = (key[2] as u64) | (frame as u64) << 32;
    let mut h = a.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ b.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(29)
        ^ (meta as u64).wrapping_mul(0x1656_67B1_9E37_79F9);
    h ^= h >> 32;
    h = h.wrapping_mul(0xD6E8_FEB8_6659_FD93);
    h ^= h >> 32;
    h as usize
}

/// Bounds on the future measure of a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    pub lower: u8,
    pub upper: u8,
    /// The card to try first, if known.
    pub best: Option<u8>,
}

impl Bounds {
    /// What is known of a position once `newer` is learnt besides `self`: both bounds at
    /// their tighter, and the newer card to try first.
    #[inline]
    pub fn merged(self, newer: Bounds) -> Bounds {
        Bounds {
            lower: self.lower.max(newer.lower),
            upper: self.upper.min(newer.upper),
            best: newer.best.or(self.best),
        }
    }
}

/// Tags carry the deal generation above this many bits (the frame's bits below).
pub(crate) const GENERATION_SHIFT: u32 = 9;

/// The default memory budget of a table: 64 MiB.
pub const DEFAULT_TABLE_BYTES: usize = 64 << 20;

/// Buckets in use when a generation starts: 1 MiB, the second-level cache of a core here (a
/// Sauspiel's exact value stores about ten thousand entries, median: no doubling).
const START_BUCKETS: usize = 1 << 14;

/// The table in use doubles once more than one slot in this many holds an entry of the
/// generation: sparse enough that few entries are lost to full buckets, dense enough to
/// stay in the caches.
const LOAD: usize = 4;

/// A table of buckets of `N` entries of kind `E`: the exact positions' bounds
/// ([`Entry`], three to a line) or the similar positions' (`similar::Shape`, two).
pub(crate) struct Table<E: Slot = Entry, const N: usize = 3> {
    /// The buckets written so far: a prefix of the budget's, which the vector's capacity
    /// reserves up front without touching it, so a small search costs little memory.
    pub(crate) buckets: Vec<Bucket<E, N>>,
    /// The buckets the budget allows (a power of two).
    max: usize,
    /// Mask of the bucket index over the buckets in use (their number - 1).
    mask: usize,
    /// The generation (deal) being searched; entries of other generations are free.
    generation: u32,
    /// Entries of the current generation in the table.
    live: usize,
}

impl<E: Slot, const N: usize> Table<E, N> {
    /// A table of at most `bytes` (at least one bucket). The budget is reserved, not
    /// written: buckets are written as the part in use grows into them, so the system
    /// hands out memory only as the searches need it.
    pub fn with_budget(bytes: usize) -> Self {
        let max = Self::buckets_within(bytes);
        let mut table = Table {
            buckets: Vec::with_capacity(max),
            max,
            mask: 0,
            generation: 0,
            live: 0,
        };
        table.start(0);
        table
    }

    /// The buckets `bytes` hold, rounded down to a power of two so the index is a mask
    /// (none for less than one: a table that stays empty, where nothing is ever found and
    /// nothing stored).
    fn buckets_within(bytes: usize) -> usize {
        let buckets = bytes / std::mem::size_of::<Bucket<E, N>>();
        match buckets {
            0 => 0,
            _ => 1usize << (usize::BITS - 1 - buckets.leading_zeros()),
        }
    }

    /// Gives the table a new budget, before a generation starts (what it holds is lost):
    /// a smaller one hands its memory back to the system, a larger one is reserved.
    pub fn set_budget(&mut self, bytes: usize) {
        let max = Self::buckets_within(bytes);
        if max != self.max {
            self.buckets = Vec::with_capacity(max);
            self.max = max;
            self.live = 0;
            self.mask = 0;
        }
    }

    /// Starts a new generation: every entry of an older one is free from now on, and the
    /// part of the table in use shrinks back to its start (growing again as the entries of
    /// the new generation need, see [`Table::put`]).
    pub fn start(&mut self, generation: u32) {
        self.generation = generation;
        self.live = 0;
        let in_use = self.max.min(START_BUCKETS);
        self.mask = in_use.saturating_sub(1);
        self.written_to(in_use);
    }

    /// Writes empty buckets up to `n` where none were written yet (within the capacity
    /// reserved, so nothing moves).
    fn written_to(&mut self, n: usize) {
        if self.buckets.len() < n {
            self.buckets.resize(n, Bucket::default());
        }
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        self.live = 0;
        self.buckets.fill(Bucket::default());
    }

    /// Bytes written so far (at most the budget).
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket<E, N>>()
    }

    #[inline]
    pub(crate) fn index(&self, key: &[u32; 3], tag: u32, meta: u8) -> usize {
        self.bucket_of(hash(key, tag, meta))
    }

    /// The bucket in use of an entry hashed to `hash` (for entries with hashes of their
    /// own).
    #[inline]
    pub(crate) fn bucket_of(&self, hash: usize) -> usize {
        hash & self.mask
    }

    /// Doubles the buckets in use. The index is a mask of the hash, so an entry of bucket
    /// `i` either stays or moves to `i + old` (into the same slot): one pass over the old
    /// buckets.
    fn grow(&mut self) {
        let old = self.mask + 1;
        if 2 * old > self.max {
            return;
        }
        self.written_to(2 * old);
        self.mask = 2 * old - 1;
        for i in 0..old {
            let mut up = Bucket::default();
            for (k, e) in self.buckets[i].slots.iter_mut().enumerate() {
                // Nothing of this generation lives above the old size yet.
                if e.of_generation(self.generation) && e.hash() & old != 0 {
                    up.slots[k] = std::mem::take(e);
                }
            }
            self.buckets[i + old] = up;
        }
    }

    /// Stores a new entry in bucket `i`: in a free slot (empty, or of another deal or
    /// frame), else in place of the entry with the fewest cards left (the least work
    /// saved), so the deeper entries of a bucket stay while new ones keep coming in: the
    /// classic two-level scheme (Breuker, Uiterwijk, van den Herik 1994), `N` entries to a
    /// bucket. Grows the table in use when it fills.
    #[inline]
    pub(crate) fn store(&mut self, i: usize, fresh: E) {
        let generation = self.generation;
        let slots = &mut self.buckets[i].slots;
        let victim = (0..N)
            .min_by_key(|&k| {
                let e = &slots[k];
                if e.of_generation(generation) {
                    1 + e.cards()
                } else {
                    0
                }
            })
            .unwrap_or(0);
        let replaced = std::mem::replace(&mut slots[victim], fresh);
        if !replaced.of_generation(generation) {
            self.live += 1;
            if self.live * LOAD > N * (self.mask + 1) {
                self.grow();
            }
        }
    }
}

impl Table {
    #[inline]
    fn matches(e: &Entry, key: &[u32; 3], tag: u32, meta: u8) -> bool {
        // Tags start at 1 << 9, so the zeroed tag marks an empty slot. Non-short-circuit
        // `&`: which slot holds the position is what the branch predictor cannot guess.
        (e.tag == tag)
            & (e.info.meta() == meta)
            & (e.key[0] == key[0])
            & (e.key[1] == key[1])
            & (e.key[2] == key[2])
    }

    /// The slot of the bucket holding the position, if any, found without branching per
    /// slot.
    #[inline]
    fn slot_of(slots: &[Entry; 3], key: &[u32; 3], tag: u32, meta: u8) -> Option<usize> {
        let found = Self::matches(&slots[0], key, tag, meta) as u32
            | (Self::matches(&slots[1], key, tag, meta) as u32) << 1
            | (Self::matches(&slots[2], key, tag, meta) as u32) << 2;
        (found != 0).then(|| found.trailing_zeros() as usize)
    }

    #[inline]
    pub fn get(&self, key: &[u32; 3], tag: u32, meta: u8) -> Option<Bounds> {
        let i = self.index(key, tag, meta);
        let slots = &self.buckets.get(i)?.slots;
        let k = Self::slot_of(slots, key, tag, meta)?;
        Some(slots[k].info.bounds())
    }

    /// Stores bounds, merging with what the entry already knew; a new position takes a
    /// slot as [`Table::store`] says.
    #[inline]
    pub fn put(&mut self, key: &[u32; 3], tag: u32, meta: u8, bounds: Bounds) {
        let i = self.index(key, tag, meta);
        let Some(Bucket { slots }) = self.buckets.get_mut(i) else {
            return;
        };
        if let Some(k) = Self::slot_of(slots, key, tag, meta) {
            let e = &mut slots[k];
            e.info = Info::new(meta, &e.info.bounds().merged(bounds));
            return;
        }
        let fresh = Entry {
            key: *key,
            tag,
            info: Info::new(meta, &bounds),
        };
        self.store(i, fresh);
    }
}

#[cfg(test)]
mod tests {
    use super::super::layout::gather;
    use super::*;

    /// The key of four hands where every card is a run of its own (`canon.rs`).
    fn key_of(hands: &[u32; 4]) -> [u32; 3] {
        let all = hands[0] | hands[1] | hands[2] | hands[3];
        let (low, high) = gather(hands[1] | hands[3], hands[2] | hands[3], all);
        [all, low, high]
    }

    #[test]
    fn the_table_in_use_grows_with_the_deal_and_keeps_its_entries() {
        let mut t = Table::with_budget(64 << 20);
        let tag = 5 << GENERATION_SHIFT;
        t.start(5);
        assert_eq!(t.mask + 1, START_BUCKETS);
        // Only the buckets in use are written.
        assert_eq!(
            t.bytes(),
            START_BUCKETS * std::mem::size_of::<Bucket<Entry, 3>>()
        );
        let key = |i: u32| [i, i.rotate_left(8) ^ 0x5555, !i];
        // One and a half times the entries at which the table doubles.
        let n = 3 * (3 * START_BUCKETS / LOAD) as u32 / 2;
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
        // A few are lost to full buckets before the table grows.
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
        assert!(small.bytes() <= 1 << 20 && small.mask < small.buckets.len());
    }

    #[test]
    fn three_entries_fill_a_cache_line() {
        assert_eq!(std::mem::size_of::<Entry>(), 20);
        assert_eq!(std::mem::size_of::<Bucket<Entry, 3>>(), 64);
        assert_eq!(std::mem::align_of::<Bucket<Entry, 3>>(), 64);
    }

    #[test]
    fn budget_is_respected_and_bounds_merge() {
        let mut t = Table::with_budget(1 << 20);
        assert!(t.bytes() <= 1 << 20);
        let hands = key_of(&[0x9, 0x300, 0x30000, 0x3000000]);
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

    #[test]
    fn the_worked_example_key() {
        let hands = [0x9, 0x300, 0x30000, 0x3000000];
        assert_eq!(key_of(&hands), [0x3030309, 0xcc, 0xf0]);
        // Moving one card to another seat changes the key.
        let moved = [0x8, 0x301, 0x30000, 0x3000000];
        assert_ne!(key_of(&moved), key_of(&hands));
    }

    #[test]
    fn a_full_bucket_gives_up_its_shallowest_entry() {
        // One bucket: every position lands in it.
        let mut t = Table::with_budget(64);
        t.start(1);
        let tag = 1 << GENERATION_SHIFT;
        let b = |lower| Bounds {
            lower,
            upper: 120,
            best: Some(5),
        };
        // Positions with 4, 3 and 2 cards per hand.
        let deep = key_of(&[0xf, 0xf0, 0xf00, 0xf000]);
        let middle = key_of(&[0x7, 0x70, 0x700, 0x7000]);
        let shallow = key_of(&[0x3, 0x30, 0x300, 0x3000]);
        t.put(&deep, tag, 0, b(1));
        t.put(&shallow, tag, 0, b(2));
        t.put(&middle, tag, 0, b(3));
        // A fourth position, shallower still, is stored in place of the shallowest.
        let newest = key_of(&[0x1, 0x10, 0x100, 0x1000]);
        t.put(&newest, tag, 0, b(4));
        assert_eq!(t.get(&newest, tag, 0), Some(b(4)));
        assert_eq!(t.get(&shallow, tag, 0), None);
        assert_eq!(t.get(&deep, tag, 0), Some(b(1)));
        assert_eq!(t.get(&middle, tag, 0), Some(b(3)));
        // Entries of another deal are free slots.
        t.start(2);
        let tag2 = 2 << GENERATION_SHIFT;
        t.put(&shallow, tag2, 0, b(9));
        assert_eq!(t.get(&shallow, tag2, 0), Some(b(9)));
        assert_eq!(t.get(&deep, tag2, 0), None, "the old deal never matches");
    }
}
