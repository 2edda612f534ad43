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
use super::faces::{Face, Faces};
use super::game::Position;
use super::order::Order;
use super::table::MAX_SEATS;
use std::collections::HashMap;
use thiserror::Error;

/// The budget ran out before the search proved a value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "the search stopped after {nodes} nodes, its budget, with the value between {low} and {high}"
)]
pub struct Exhausted {
    pub nodes: u64,
    /// What was proved: the value lies in `low..=high`.
    pub low: u32,
    pub high: u32,
}

/// The bounds known of a position at a trick boundary: its value lies in `low..=high`.
#[derive(Copy, Clone)]
struct Bounds {
    low: u32,
    high: u32,
}

type Key = ([Faces; MAX_SEATS], u8);

/// Entries kept before the table is cleared, so its memory stays bounded.
const TABLE_ENTRIES: usize = 1 << 21;

/// The search for one deal: its order, its declaring side, and a table of bounds kept
/// across the tests of one value and the values of one deal.
pub struct Search<'d> {
    order: &'d Order,
    declarers: u8,
    table: HashMap<Key, Bounds>,
    nodes: u64,
    budget: u64,
}

impl<'d> Search<'d> {
    /// A search of `deal` that stops after `budget` nodes.
    pub fn new(deal: &'d Deal, budget: u64) -> Search<'d> {
        Search {
            order: deal.order(),
            declarers: deal.declarers(),
            table: HashMap::new(),
            nodes: 0,
            budget,
        }
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
                Some(true) => low = t,
                Some(false) => high = t - 1,
                None => {
                    return Err(Exhausted {
                        nodes: self.nodes,
                        low,
                        high,
                    })
                }
            }
        }
        Ok(low)
    }

    /// The value after each legal card of the player to move, the card's face with it
    /// (two cards of one face are one card here).
    pub fn values(&mut self, position: &Position) -> Result<Vec<(Face, u32)>, Exhausted> {
        let legal = position.legal(self.order);
        let mut out = Vec::new();
        for face in faces(legal) {
            let mut child = *position;
            let before = self.taken(&child);
            child.play(self.order, face);
            let gained = self.taken(&child) - before;
            out.push((face, gained + self.value(&child)?));
        }
        Ok(out)
    }

    /// The declarers' card points taken so far.
    fn taken(&self, position: &Position) -> u32 {
        (0..position.seats() as usize)
            .filter(|s| self.declarers & 1 << s != 0)
            .map(|s| position.points()[s])
            .sum()
    }

    /// Whether the declarers take at least `t` more, or `None` when the budget ran out.
    fn at_least(&mut self, position: &Position, t: u32) -> Option<bool> {
        if t == 0 {
            return Some(true);
        }
        if t > position.points_out() {
            return Some(false);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        let boundary = position.trick().is_empty();
        let key = boundary.then(|| key(position));
        if let Some(b) = key.as_ref().and_then(|k| self.table.get(k)) {
            if b.low >= t {
                return Some(true);
            }
            if b.high < t {
                return Some(false);
            }
        }
        let mover = position.to_move();
        let maximizing = self.declarers & 1 << mover != 0;
        let before = self.taken(position);
        let mut result = !maximizing;
        for face in self.moves(position) {
            let mut child = *position;
            child.play(self.order, face);
            let gained = self.taken(&child) - before;
            let r = self.at_least(&child, t.saturating_sub(gained))?;
            if r == maximizing {
                result = r;
                break;
            }
        }
        if let Some(k) = key {
            if self.table.len() >= TABLE_ENTRIES {
                self.table.clear();
            }
            let b = self.table.entry(k).or_insert(Bounds {
                low: 0,
                high: u32::MAX,
            });
            if result {
                b.low = b.low.max(t);
            } else {
                b.high = b.high.min(t - 1);
            }
        }
        Some(result)
    }

    /// The cards worth trying for the player to move, best guesses first: of cards that
    /// no live card separates in their group and that count alike, only the highest.
    fn moves(&self, position: &Position) -> Vec<Face> {
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
        let mut kept = Vec::new();
        for group in 0..5 {
            let mut prev: Option<Face> = None;
            let mut gap = false;
            for &face in order.ranked(group) {
                let bit = 1u64 << face.index();
                if legal & bit != 0 {
                    let elsewhere = live_elsewhere & bit != 0;
                    let merge =
                        !gap && !elsewhere && prev.is_some_and(|p| p.points() == face.points());
                    if !merge {
                        kept.push(face);
                        prev = Some(face);
                        gap = elsewhere;
                    }
                } else if live_elsewhere & bit != 0 {
                    gap = true;
                }
            }
        }
        let trick = position.trick();
        let best = (!trick.is_empty()).then(|| trick[position.winning(order)]);
        let ours = |seat: u8| self.declarers & 1 << seat != 0;
        let side_winning = best.map(|_| {
            let seat =
                (position.leader() as usize + position.winning(order)) % position.seats() as usize;
            ours(seat as u8) == ours(mover as u8)
        });
        let score = |f: &Face| -> i32 {
            let points = f.points() as i32;
            match (best, side_winning) {
                (None, _) => order.power(*f) as i32,
                (Some(b), Some(true)) if !order.beats(*f, b) => 200 + points,
                (Some(b), _) if order.beats(*f, b) => 100 + 4 * points - order.power(*f) as i32 / 4,
                _ => -points,
            }
        };
        kept.sort_by_key(|f| -score(f));
        kept
    }
}

/// The faces of a set, from the lowest number up.
fn faces(set: u64) -> impl Iterator<Item = Face> {
    (0..64u8)
        .filter(move |i| set & 1 << i != 0)
        .filter_map(Face::from_index)
}

/// The table's key of a position at a trick boundary.
fn key(position: &Position) -> Key {
    let mut hands = [Faces::EMPTY; MAX_SEATS];
    for (s, h) in hands.iter_mut().enumerate().take(position.seats() as usize) {
        *h = position.hand(s as u8);
    }
    (hands, position.leader())
}
