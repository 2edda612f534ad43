//! The transposition table: bounds on the measure still to come, stored at trick
//! boundaries, in a fixed memory budget.
//!
//! ## Key
//!
//! At a trick boundary the future depends only on who holds which card, who leads, and
//! whether the called suit has been searched. The key is the four hands verbatim (128 bits,
//! so two different positions never share an entry), plus one byte of `leader | searched <<
//! 2`, plus a 32-bit *tag*: the solver's deal generation (23 bits) and the frame (which
//! seats are counted and which maximise, and whether tricks are counted: 9 bits). Changing deal or frame changes the tag, so
//! old entries simply stop matching: no clearing between deals.
//!
//! Worked example (card bits in the search layout, see `layout.rs`): seat 0 holds the
//! cards with bits 0 and 3 (`0b1001`), seat 1 those with bits 8 and 9, and so on; seat 2 leads, Gras not searched: `hands = [0x9, 0x300, ..]`,
//! `meta = 2`. The entry stores `lower <= future <= upper`, where `future` is what the
//! counted seats take from here on (points 0..=120 or tricks 0..=8).
//!
//! ## Layout and replacement
//!
//! 24-byte entries in pairs (a 48-byte bucket, one cache line at most): the first entry of
//! a pair keeps the position with more cards left (more work saved), the second always
//! takes the newest. This is the classic two-level scheme (Breuker, Uiterwijk, van den
//! Herik 1994, "Replacement schemes for transposition tables").

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

/// The default memory budget of a table: 64 MiB.
pub const DEFAULT_TABLE_BYTES: usize = 64 << 20;

pub(crate) struct Table {
    entries: Vec<Entry>,
    /// Mask of the bucket index (number of buckets - 1).
    mask: usize,
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
        Table {
            entries: vec![Entry::default(); 2 * buckets],
            mask: buckets - 1,
            stores: 0,
            hits: 0,
        }
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    /// Bytes actually held.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }

    #[inline]
    fn bucket(&self, hands: &[u32; 4], tag: u32, meta: u8) -> usize {
        // Multiply-xorshift mixing of the key; the high bits are the best mixed.
        let a = (hands[0] as u64) | (hands[1] as u64) << 32;
        let b = (hands[2] as u64) | (hands[3] as u64) << 32;
        let mut h = a.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ b.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(29)
            ^ ((tag as u64) << 8 | meta as u64).wrapping_mul(0x1656_67B1_9E37_79F9);
        h ^= h >> 32;
        h = h.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        h ^= h >> 32;
        (h as usize & self.mask) * 2
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
        let first = &mut self.entries[i];
        if first.tag != tag || cards(&first.hands) <= cards(hands) {
            *first = fresh;
        } else {
            self.entries[i + 1] = fresh;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
