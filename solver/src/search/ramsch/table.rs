//! The settlement search's tables, in the solver's one memory budget: bounds of
//! settlements at trick boundaries, and the answers of the tricks questions
//! ([`super::tricks`]). Both are the points search's fixed-size table ([`tt::Table`]):
//! buckets of a cache line, no growth past the budget, no clearing, the shallowest entry
//! of a full bucket replaced.
//!
//! A settlement entry is keyed by the canonical hands ([`super::super::canon`]), the
//! leader, "me", and the parts of every seat's tally that can still decide the ending:
//! the points; under `more_tricks` the tricks, the trumps taken and the highest trump
//! taken; otherwise of the tricks only whether a seat has one (a Jungfrau; a Durchmarsch is
//! one seat having all of them, so the same). Every Ramsch form and tie rule keys alike.

use super::super::tt::{self, Slot, GENERATION_SHIFT};
use super::order::History;
use super::{SettlementContext, State};

/// One stored settlement position: 32 bytes, two to a cache line.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct Entry {
    hands: [u32; 3],
    tally: [u32; 3],
    /// The deal's generation; zero marks an empty slot.
    tag: u32,
    /// Leader and "me", two bits each.
    meta: u8,
    lower: i8,
    upper: i8,
    /// The card that decided the position last (tried first when it comes again).
    best: u8,
}

impl Entry {
    /// Whether the entry holds the position `key` of the deal of `tag`.
    #[inline]
    fn matches(&self, key: &Key, tag: u32) -> bool {
        self.tag == tag
            && self.meta == key.meta
            && self.hands == key.hands
            && self.tally == key.tally
    }
}

impl Slot for Entry {
    #[inline]
    fn tag(&self) -> u32 {
        self.tag
    }

    #[inline]
    fn cards(&self) -> u32 {
        self.hands[0].count_ones()
    }

    #[inline]
    fn hash(&self) -> usize {
        hash(&self.hands, &self.tally, self.meta)
    }
}

/// The points search's hash of the hands, with the tally mixed in.
#[inline]
fn hash(hands: &[u32; 3], tally: &[u32; 3], meta: u8) -> usize {
    let t = (tally[0] as u64) | (tally[1] as u64) << 32;
    let u = (tally[2] as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    let mixed = (t ^ u.rotate_left(17)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    tt::hash(hands, 1, meta) ^ (mixed ^ mixed >> 29) as usize
}

/// A settlement position's key: hands, tally and meta.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Key {
    hands: [u32; 3],
    tally: [u32; 3],
    meta: u8,
}

impl Key {
    pub fn of(cx: &SettlementContext, s: &State) -> Key {
        let mut tally = [0u32; 3];
        for i in 0..4 {
            tally[0] |= (s.points[i] as u32) << (7 * i) | ((s.tricks[i] > 0) as u32) << (28 + i);
            if cx.tally_ties() {
                tally[1] |= (s.tricks[i] as u32) << (4 * i) | (s.trumps[i] as u32) << (16 + 4 * i);
                tally[2] |= (s.top[i] as u32) << (6 * i);
            }
        }
        Key {
            hands: cx.canon.key(&s.pos.hands),
            tally,
            meta: s.pos.leader as u8 | (cx.me as u8) << 2,
        }
    }
}

/// Bounds of a position's settlement, and the card that decided it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    pub lower: i32,
    pub upper: i32,
    pub best: u8,
}

/// The settlement search's memory: kept by the solver, started afresh with every deal.
pub(crate) struct Tables {
    settlements: tt::Table<Entry, 2>,
    /// The tricks questions' answers ([`super::tricks`]).
    pub tricks: tt::Table,
    pub history: History,
    generation: u32,
}

impl Tables {
    /// Tables of at most `bytes` together: seven eighths for the settlements, an eighth for
    /// the tricks questions.
    pub fn with_budget(bytes: usize) -> Tables {
        Tables {
            settlements: tt::Table::with_budget(bytes / 8 * 7),
            tricks: tt::Table::with_budget(bytes / 8),
            history: [[0; 32]; 4],
            generation: 0,
        }
    }

    /// A new budget, as [`Tables::with_budget`] splits it, before a deal starts.
    pub fn set_budget(&mut self, bytes: usize) {
        self.settlements.set_budget(bytes / 8 * 7);
        self.tricks.set_budget(bytes / 8);
    }

    /// Starts the deal of `generation`: nothing stored before matches any more.
    pub fn start(&mut self, generation: u32) {
        self.generation = generation;
        self.settlements.start(generation);
        self.tricks.start(generation);
        self.history = [[0; 32]; 4];
    }

    /// Empties every slot (when generations wrap).
    pub fn clear(&mut self) {
        self.settlements.clear();
        self.tricks.clear();
    }

    /// Bytes written so far.
    pub fn bytes(&self) -> usize {
        self.settlements.bytes() + self.tricks.bytes()
    }

    /// The deal's tag for settlements: its generation, above a frame part that only marks
    /// a used slot.
    pub fn tag(&self) -> u32 {
        self.tag_of(1)
    }

    /// The deal's tag with `frame` (at most 9 bits) below it.
    pub fn tag_of(&self, frame: u32) -> u32 {
        debug_assert!(frame < 1 << GENERATION_SHIFT);
        self.generation << GENERATION_SHIFT | frame
    }

    fn bucket(&self, key: &Key) -> usize {
        self.settlements
            .bucket_of(hash(&key.hands, &key.tally, key.meta))
    }

    pub fn get(&self, key: &Key) -> Option<Bounds> {
        let tag = self.tag();
        let slots = &self.settlements.buckets.get(self.bucket(key))?.slots;
        slots.iter().find(|e| e.matches(key, tag)).map(|e| Bounds {
            lower: e.lower as i32,
            upper: e.upper as i32,
            best: e.best,
        })
    }

    /// Stores bounds (narrowed by what the entry knew already).
    pub fn put(&mut self, key: &Key, bounds: Bounds) {
        let tag = self.tag();
        let i = self.bucket(key);
        let narrow = |v: i32| v.clamp(i8::MIN as i32, i8::MAX as i32) as i8;
        let Some(slots) = self.settlements.buckets.get_mut(i) else {
            return;
        };
        if let Some(e) = slots.slots.iter_mut().find(|e| e.matches(key, tag)) {
            e.lower = e.lower.max(narrow(bounds.lower));
            e.upper = e.upper.min(narrow(bounds.upper));
            e.best = bounds.best;
            return;
        }
        let fresh = Entry {
            hands: key.hands,
            tally: key.tally,
            tag,
            meta: key.meta,
            lower: narrow(bounds.lower),
            upper: narrow(bounds.upper),
            best: bounds.best,
        };
        self.settlements.store(i, fresh);
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::tt::Bucket;
    use super::*;

    #[test]
    fn two_entries_fill_a_cache_line() {
        assert_eq!(std::mem::size_of::<Entry>(), 32);
        assert_eq!(std::mem::size_of::<Bucket<Entry, 2>>(), 64);
    }
}
