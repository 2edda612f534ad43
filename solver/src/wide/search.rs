//! The exact search at a wide table (RULES.md section 15, `docs/SOLVER.md`): the declaring
//! side's card points still to come under perfect play of all hands.
//!
//! The four-seat search (`crate::search`) is untouched by these tables: this is a search of
//! its own over [`Faces`], built from the same techniques, each in a few lines. A value is
//! found by zero-window tests "can the declarers still take `t`?" (bisection over `t`),
//! each a fail-hard alpha-beta whose bounds a table keeps at trick boundaries (a
//! position's future does not depend on what was taken before, so the key is the hands
//! and the leader); cards of one group that no live card separates and that count alike
//! are tried once (two cards of one face are one move), and every test counts its nodes
//! against a budget.

use super::deal::Deal;
use super::faces::{Face, Faces, FACES};
use super::game::Position;
use super::order::Order;
use super::table::MAX_SEATS;
use crate::cards::Card;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use thiserror::Error;

/// The budget ran out before the search proved a value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "the search stopped after {nodes} nodes{}, with the value between {low} and {high}",
    if *cancelled { " (cancelled)" } else { ", its budget" }
)]
pub struct Exhausted {
    pub nodes: u64,
    /// Stopped by the flag of [`Search::stop_when`], not by the budget.
    pub cancelled: bool,
    /// What was proved: the value lies in `low..=high`.
    pub low: u32,
    pub high: u32,
}

/// What the table knows of a position at a trick boundary: its value lies in
/// `low..=high`, and the card (renamed, see [`Canon`]) that last decided a test there.
#[derive(Copy, Clone)]
struct Bounds {
    low: u32,
    high: u32,
    best: Option<u8>,
}

/// A zero-window test's answer: whether the value reached the target, and a bound on
/// the same side of it.
#[derive(Copy, Clone)]
struct Test {
    reached: bool,
    bound: u32,
}

impl Test {
    fn reached(bound: u32) -> Test {
        Test {
            reached: true,
            bound,
        }
    }
    fn missed(bound: u32) -> Test {
        Test {
            reached: false,
            bound,
        }
    }
}

/// A position's key: the hands and the faces' points, renamed (see [`Canon`]), and the
/// leader.
type Key = ([Faces; MAX_SEATS], u128, u8);

/// A quick hash for the table's keys (multiply and rotate per word, as Firefox's): the
/// keys are exact, so a poor spread costs time, never a wrong value.
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u128(&mut self, i: u128) {
        self.write_u64(i as u64);
        self.write_u64((i >> 64) as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// The most buckets of the table of bounds: two entries each, so the table holds at most
/// `2 * MAX_BUCKETS` positions in a bounded amount of memory (about 50 MiB).
const MAX_BUCKETS: usize = 1 << 17;

/// The buckets a table starts with; it doubles as it fills, up to [`MAX_BUCKETS`].
const FIRST_BUCKETS: usize = 1 << 10;

/// One entry: a position's key, its bounds, and the tricks left there (a deeper entry
/// saves more search, so the first slot of a bucket keeps the deeper of two).
#[derive(Clone)]
struct Entry {
    key: Key,
    bounds: Bounds,
    depth: u32,
}

/// The table of bounds: buckets found by the key's hash, each entry checked against the
/// whole key (a value is never taken from another position). The first slot of a bucket
/// is replaced by an entry at least as deep, the second by any other.
struct Table {
    slots: Vec<[Option<Entry>; 2]>,
    /// Entries made since the table last grew.
    made: usize,
}

impl Table {
    fn new() -> Table {
        Table {
            slots: Vec::new(),
            made: 0,
        }
    }

    fn bucket(&self, key: &Key) -> usize {
        use std::hash::{Hash, Hasher};
        let mut h = KeyHasher::default();
        key.hash(&mut h);
        (h.finish() >> 20) as usize & (self.slots.len() - 1)
    }

    fn get(&self, key: &Key) -> Option<&Bounds> {
        if self.slots.is_empty() {
            return None;
        }
        self.slots[self.bucket(key)]
            .iter()
            .flatten()
            .find(|e| e.key == *key)
            .map(|e| &e.bounds)
    }

    /// Twice the buckets, every entry put back.
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).clamp(FIRST_BUCKETS, MAX_BUCKETS);
        let old = std::mem::replace(&mut self.slots, vec![[None, None]; size]);
        self.made = 0;
        for entry in old.into_iter().flatten().flatten() {
            let at = self.bucket(&entry.key);
            let bucket = &mut self.slots[at];
            let slot = if bucket[0].is_none() { 0 } else { 1 };
            bucket[slot] = Some(entry);
        }
    }

    /// The entry of `key`, made (with no bounds yet) where there is none.
    fn entry(&mut self, key: Key, depth: u32) -> &mut Bounds {
        let full = self.made >= self.slots.len() && self.slots.len() < MAX_BUCKETS;
        if self.slots.is_empty() || full {
            self.grow();
        }
        let at = self.bucket(&key);
        let bucket = &mut self.slots[at];
        let slot = match bucket
            .iter()
            .position(|e| e.as_ref().is_some_and(|e| e.key == key))
        {
            Some(slot) => slot,
            None => {
                self.made += 1;
                let slot = match &bucket[0] {
                    Some(e) if e.depth > depth => 1,
                    _ => 0,
                };
                if slot == 0 {
                    // The entry it displaces moves to the second slot.
                    bucket[1] = bucket[0].take();
                }
                bucket[slot] = Some(Entry {
                    key,
                    bounds: Bounds {
                        low: 0,
                        high: u32::MAX,
                        best: None,
                    },
                    depth,
                });
                slot
            }
        };
        // The slot was found or filled just above.
        &mut bucket[slot].as_mut().expect("an entry in this slot").bounds
    }
}

/// The search for one deal: its order, its declaring side, and a table of bounds kept
/// across the tests of one value and the values of one deal.
pub struct Search<'d> {
    order: &'d Order,
    declarers: u8,
    table: Table,
    /// Per seat and face: how often (weighted by the tricks left) the card decided a test.
    history: [[u32; FACES]; MAX_SEATS],
    nodes: u64,
    budget: u64,
    /// Raised from elsewhere (a client gone): the search stops as at its budget.
    stop: Option<Arc<AtomicBool>>,
    stopped: bool,
}

impl<'d> Search<'d> {
    /// A search of `deal` that stops after `budget` nodes.
    pub fn new(deal: &'d Deal, budget: u64) -> Search<'d> {
        Search {
            order: deal.order(),
            declarers: deal.declarers(),
            table: Table::new(),
            history: [[0; FACES]; MAX_SEATS],
            nodes: 0,
            budget,
            stop: None,
            stopped: false,
        }
    }

    /// Stops every search that follows, within a few thousand nodes, once `flag` is
    /// raised; an answer cut short says so (`Exhausted::cancelled`).
    pub fn stop_when(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.stop = flag;
    }

    /// A new question: `more` nodes from here on. What the table learnt is kept: its
    /// bounds are of positions of this deal, true whatever was asked before.
    pub fn allow(&mut self, more: u64) {
        self.budget = self.nodes.saturating_add(more);
    }

    /// Nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The declaring side's card points still to come from `position` (the trick on the
    /// table included) under perfect play.
    pub fn value(&mut self, position: &Position) -> Result<u32, Exhausted> {
        let (mut low, mut high) = (0, position.points_out());
        while low < high {
            let t = low + (high - low).div_ceil(2);
            match self.at_least(position, t) {
                Some(r) if r.reached => low = r.bound.max(t),
                Some(r) => high = r.bound.min(t - 1),
                None => {
                    return Err(Exhausted {
                        nodes: self.nodes,
                        cancelled: self.stopped,
                        low,
                        high,
                    })
                }
            }
        }
        Ok(low)
    }

    /// Whether the declarers take at least `t` more card points from `position` (one
    /// zero-window test: what a threshold such as winning asks, far cheaper than the value).
    pub fn reaches(&mut self, position: &Position, t: u32) -> Result<bool, Exhausted> {
        match self.at_least(position, t) {
            Some(r) => Ok(r.reached),
            None => Err(Exhausted {
                nodes: self.nodes,
                cancelled: self.stopped,
                low: 0,
                high: position.points_out(),
            }),
        }
    }

    /// The value after each legal card of the player to move, the card's face with it
    /// (two cards of one face are one card here).
    pub fn values(&mut self, position: &Position) -> Result<Vec<(Face, u32)>, Exhausted> {
        let legal = position.legal(self.order);
        let mut out = Vec::new();
        for face in Face::each(legal) {
            let mut child = *position;
            let gained = self.step(&mut child, face);
            out.push((face, gained + self.value(&child)?));
        }
        Ok(out)
    }

    /// Plays `face`; returns the card points it brought the declarers (a trick they took).
    fn step(&self, position: &mut Position, face: Face) -> u32 {
        match position.play(self.order, face) {
            Some((winner, points)) if self.declarers & 1 << winner != 0 => points,
            _ => 0,
        }
    }

    /// Whether the declarers take at least `t` more, with a bound on the value on the same
    /// side of `t` (fail-soft: the value is at least the bound where reached, at most it
    /// where not), or `None` when the budget ran out.
    fn at_least(&mut self, position: &Position, t: u32) -> Option<Test> {
        if t == 0 {
            return Some(Test::reached(0));
        }
        if t > position.points_out() {
            return Some(Test::missed(position.points_out()));
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        if self.nodes & 0xfff == 0 {
            self.stopped = self
                .stop
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed));
        }
        if self.stopped {
            return None;
        }
        if position.trick().is_empty() && position.hand(position.leader()).len() == 1 {
            let made = self.last_trick(position);
            return Some(Test {
                reached: made >= t,
                bound: made,
            });
        }
        let canon = position
            .trick()
            .is_empty()
            .then(|| Canon::of(self.order, position));
        let mut best = None;
        if let Some(b) = canon.as_ref().and_then(|c| self.table.get(&c.key)) {
            if b.low >= t {
                return Some(Test::reached(b.low));
            }
            if b.high < t {
                return Some(Test::missed(b.high));
            }
            best = b.best.zip(canon.as_ref()).map(|(f, c)| c.original(f));
        }
        let mover = position.to_move();
        let maximizing = self.declarers & 1 << mover != 0;
        // Where no card decides, the maximisers miss by the most any card reached, and the
        // minimisers let through the least.
        let mut result = Test {
            reached: !maximizing,
            bound: if maximizing { 0 } else { u32::MAX },
        };
        let mut decided = None;
        for face in self.moves(position, best) {
            let mut child = *position;
            let gained = self.step(&mut child, face);
            let r = self.at_least(&child, t.saturating_sub(gained))?;
            let bound = gained + r.bound;
            if r.reached == maximizing {
                result = Test {
                    reached: maximizing,
                    bound,
                };
                decided = Some(face);
                let left = position.tricks_left();
                let h = &mut self.history[mover as usize][face.index()];
                *h = h.saturating_add(left * left);
                break;
            }
            result.bound = match maximizing {
                true => result.bound.max(bound),
                false => result.bound.min(bound),
            };
        }
        if let Some(c) = canon {
            let b = self.table.entry(c.key, position.tricks_left());
            if result.reached {
                b.low = b.low.max(result.bound);
            } else {
                b.high = b.high.min(result.bound);
            }
            if let Some(face) = decided {
                b.best = Some(c.rename[face.index()]);
            }
        }
        Some(result)
    }

    /// The declarers' points of the last trick, every card forced.
    fn last_trick(&self, position: &Position) -> u32 {
        let mut last = *position;
        let mut made = 0;
        while !last.is_over() {
            // Every hand holds its last card until it plays it.
            let Some(face) =
                Face::from_index(last.hand(last.to_move()).distinct().trailing_zeros() as u8)
            else {
                break;
            };
            made += self.step(&mut last, face);
        }
        made
    }

    /// The cards worth trying for the player to move, best guesses first (`first`, the
    /// table's, before all): of cards that no live card separates in their group and that
    /// count alike, only the highest.
    fn moves(&self, position: &Position, first: Option<Face>) -> Moves {
        let order = self.order;
        let legal = position.legal(order);
        let mover = position.to_move() as usize;
        // Whether a card of a face is still in play outside the mover's hand: in another
        // hand or on the table.
        let live_elsewhere = (0..position.seats())
            .filter(|&s| s as usize != mover)
            .fold(0u64, |set, s| set | position.hand(s).distinct())
            | position
                .trick()
                .iter()
                .fold(0u64, |set, f| set | 1 << f.index());
        let guess = Guess::of(self, position);
        let history = &self.history[mover];
        let mut moves = Moves::default();
        for group in 0..5 {
            if legal & order.group_set(group) == 0 {
                continue;
            }
            let mut prev: Option<Face> = None;
            let mut gap = false;
            for &face in order.ranked(group) {
                let bit = 1u64 << face.index();
                if legal & bit != 0 {
                    let elsewhere = live_elsewhere & bit != 0;
                    let merge =
                        !gap && !elsewhere && prev.is_some_and(|p| p.points() == face.points());
                    if !merge {
                        let key = match Some(face) == first {
                            true => i64::MAX,
                            false => {
                                (guess.score(face) as i64) << 32 | history[face.index()] as i64
                            }
                        };
                        moves.push(face, key);
                        prev = Some(face);
                        gap = elsewhere;
                    }
                } else if live_elsewhere & bit != 0 {
                    gap = true;
                }
            }
        }
        moves.sort();
        moves
    }
}

/// The cards to try at a node, with their ordering keys, highest first once sorted.
struct Moves {
    faces: [Option<Face>; FACES],
    keys: [i64; FACES],
    len: usize,
}

impl Default for Moves {
    fn default() -> Moves {
        Moves {
            faces: [None; FACES],
            keys: [0; FACES],
            len: 0,
        }
    }
}

impl Moves {
    fn push(&mut self, face: Face, key: i64) {
        self.faces[self.len] = Some(face);
        self.keys[self.len] = key;
        self.len += 1;
    }

    /// By key, highest first (insertion sort: a handful of cards, stable).
    fn sort(&mut self) {
        for i in 1..self.len {
            let mut j = i;
            while j > 0 && self.keys[j - 1] < self.keys[j] {
                self.keys.swap(j - 1, j);
                self.faces.swap(j - 1, j);
                j -= 1;
            }
        }
    }
}

impl IntoIterator for Moves {
    type Item = Face;
    type IntoIter = std::iter::Flatten<std::iter::Take<std::array::IntoIter<Option<Face>, FACES>>>;
    fn into_iter(self) -> Self::IntoIter {
        self.faces.into_iter().take(self.len).flatten()
    }
}

/// What the guess of a card needs of its trick, found once a node: how promising a card
/// looks for the player to move, higher first. On lead the highest; following, points to
/// a trick his side is winning, then a card that takes the trick (with points, cheaply),
/// then the fewest points. (A finer guess, which asked whether the later players could
/// still beat a card, searched no fewer nodes on `solver-bench --wide`.)
struct Guess<'o> {
    order: &'o Order,
    /// The trick's best card so far and whether the mover's side plays it; none on lead.
    best: Option<(Face, bool)>,
}

impl<'o> Guess<'o> {
    fn of(search: &Search<'o>, position: &Position) -> Guess<'o> {
        let order = search.order;
        let trick = position.trick();
        let best = (!trick.is_empty()).then(|| {
            let w = position.winning(order);
            let winner = (position.leader() + w as u8) % position.seats();
            let side = |seat: u8| search.declarers & 1 << seat != 0;
            (trick[w], side(winner) == side(position.to_move()))
        });
        Guess { order, best }
    }

    fn score(&self, face: Face) -> i32 {
        let points = face.points() as i32;
        let power = self.order.power(face) as i32;
        let Some((best, ours)) = self.best else {
            return power;
        };
        match (ours, self.order.beats(face, best)) {
            (true, false) => 200 + points,
            (_, true) => 100 + 4 * points - power / 4,
            (false, false) => -points,
        }
    }
}

/// A position at a trick boundary renamed so that positions that differ only in cards
/// already gone share a key: in each group the live faces, from the highest down, take
/// the names of the group's highest faces. The value depends only on each card's group,
/// its rank among the live cards (two cards of one face stay equal) and its points, and
/// the renaming keeps the first two while the key records the third.
struct Canon {
    key: Key,
    /// Per face number: its new name.
    rename: [u8; FACES],
    /// Per new name: the face it stands for.
    back: [u8; FACES],
}

impl Canon {
    fn of(order: &Order, position: &Position) -> Canon {
        let seats = position.seats();
        let live = (0..seats).fold(0u64, |set, s| set | position.hand(s).distinct());
        let mut rename = [0u8; FACES];
        let mut back = [0u8; FACES];
        let mut points = 0u128;
        for group in 0..5 {
            let ranked = order.ranked(group);
            let mut next = 0;
            for &face in ranked {
                if live & 1 << face.index() != 0 {
                    let name = ranked[next].index();
                    rename[face.index()] = name as u8;
                    back[name] = face.index() as u8;
                    points |= (point_code(face.points()) as u128) << (3 * name);
                    next += 1;
                }
            }
        }
        let mut hands = [Faces::EMPTY; MAX_SEATS];
        for (s, h) in hands.iter_mut().enumerate().take(seats as usize) {
            *h = position.hand(s as u8).renamed(&rename);
        }
        Canon {
            key: (hands, points, position.leader()),
            rename,
            back,
        }
    }

    /// The face a new name stands for here.
    fn original(&self, name: u8) -> Face {
        Face::from_index(self.back[name as usize]).unwrap_or(Face::of(Card::from_index(0)))
    }
}

/// A card's points as three bits: 0, 2, 3, 4, 10 or 11.
fn point_code(points: u8) -> u8 {
    match points {
        0 => 0,
        2 => 1,
        3 => 2,
        4 => 3,
        10 => 4,
        _ => 5,
    }
}
