//! The node search: "can the maximisers reach at least t?", fail-soft alpha-beta with a
//! zero window, in named phases (as skatsearch's node body): the cheap bounds from the
//! totals ([`settled`]); at a trick boundary everything that may answer without trying a
//! card ([`Search::boundary`]: the last trick, the ducking bounds, the table, the similar
//! positions, claims and trick bounds, the last two tricks outright); then the cards to try
//! in order ([`Search::candidates`]), the loop over them, and the bounds learnt, stored
//! ([`Search::store`]).

use super::claims::claim;
use super::context::{Context, Search};
use super::ducking::ducking_bounds;
use super::endgame::last_two;
use super::layout::bits;
use super::moves;
use super::position::Position;
use super::similar::shape_of;
use super::trumps::trick_bounds;
use super::tt::Bounds;
use crate::seat::Seat;

/// The cheapest bounds, from the totals alone: what is taken is taken, what is out is the
/// most to come. The answer for `t` when they settle it. They change only when a trick
/// completes, so [`Search::search`] asks them of the positions after a trick (and
/// [`Search::probe`] of where it starts) before searching them: an answer costs no call.
#[inline(always)]
pub(super) fn settled(cx: &Context, pos: &Position, t: u8) -> Option<u8> {
    let still = cx.still(pos);
    if cx.techniques.bounds || still == 0 {
        if pos.got >= t {
            return Some(pos.got);
        }
        if pos.got + still < t {
            return Some(pos.got + still);
        }
    }
    None
}

/// What a trick boundary leaves open for the cards to decide.
struct Open {
    /// The bounds known so far (the table's and the similar positions', or none).
    lower: u8,
    upper: u8,
    /// The card that decided this position last time.
    hint: Option<u8>,
    /// The table key (all zero where the table is off).
    key: [u32; 3],
    /// The similar positions' shape and the cards it was asked with, where asked.
    shape: Option<([u32; 3], u32)>,
}

/// The boundary phase's answer: the value for `t`, or what is left open.
enum Boundary {
    Done(u8),
    Open(Open),
}

/// The table's slot meta data of a position: its leader, and whether the called suit has
/// been searched.
#[inline(always)]
fn meta(pos: &Position) -> u8 {
    pos.leader as u8 | (pos.searched as u8) << 2
}

impl Search<'_> {
    /// Fail-soft zero-window search: returns `v` with `v >= t` and the value at least `v`,
    /// or `v < t` and the value at most `v`.
    pub(super) fn probe(&mut self, pos: &Position, t: u8) -> u8 {
        self.st.stats.probes += 1;
        self.settled_or_search(pos, t)
    }

    /// [`settled`]'s answer, else the search's.
    #[inline(always)]
    fn settled_or_search(&mut self, pos: &Position, t: u8) -> u8 {
        match settled(&self.cx, pos, t) {
            Some(v) => v,
            None => self.search(pos, t),
        }
    }

    /// The search proper, of a position [`settled`] leaves open.
    fn search(&mut self, pos: &Position, t: u8) -> u8 {
        if self.st.aborted {
            return pos.got;
        }
        let boundary = pos.trick_len == 0;
        let open = if boundary {
            match self.boundary(pos, t) {
                Boundary::Done(v) => return v,
                Boundary::Open(open) => open,
            }
        } else {
            Open {
                lower: pos.got,
                upper: pos.got + self.cx.still(pos),
                hint: None,
                key: [0; 3],
                shape: None,
            }
        };
        let seat = pos.to_move();
        let (list, n) = self.candidates(pos, open.hint);
        let maximizing = self.cx.frame.maximizers.contains(seat);
        let mut best = if maximizing { 0 } else { u8::MAX };
        let mut decided = None;
        for &card in &list[..n] {
            let child = self.cx.child(pos, card);
            self.st.visit();
            let v = if child.trick_len == 0 {
                self.settled_or_search(&child, t)
            } else {
                self.search(&child, t)
            };
            if self.st.aborted {
                // Out of budget: the value is void and nothing may enter the table.
                return v;
            }
            if maximizing {
                best = best.max(v);
                if v >= t {
                    self.reward(seat, card, pos);
                    decided = Some(card);
                    break;
                }
            } else {
                best = best.min(v);
                if v < t {
                    self.reward(seat, card, pos);
                    decided = Some(card);
                    break;
                }
            }
        }
        // Never claim more than the bounds already known.
        let best = best.clamp(open.lower, open.upper);
        if boundary && self.cx.techniques.table {
            self.store(pos, t, open, best, decided);
        }
        best
    }

    /// Everything a trick boundary may answer without trying a card, cheapest first where
    /// it settles most: the last trick; the ducking bounds (a lone counted minimiser only);
    /// the table; the similar positions; claims and trick bounds; the last two tricks
    /// outright.
    #[inline(always)]
    fn boundary(&mut self, pos: &Position, t: u8) -> Boundary {
        let cx = &self.cx;
        let still = cx.still(pos);
        if pos.hands[0].count_ones() == 1 {
            // The last trick plays itself.
            let mut p = *pos;
            for _ in 0..4 {
                let card = p.hands[p.to_move().index()].trailing_zeros() as u8;
                p.play(card, &cx.layout, &cx.frame);
            }
            self.st.stats.nodes += 4;
            return Boundary::Done(p.got);
        }
        // Two tricks from the end the exact value below costs less than these bounds,
        // except the Bettel safety.
        let outright = cx.techniques.endgame && pos.hands[0].count_ones() == 2;
        let bounds = cx.techniques.bounds;
        let minimizer = cx.sides.lone_minimizer().is_some();
        // Only a lone counted minimiser can duck (Ramsch, Bettel); the checks stay out of
        // the other frames' search and out of line.
        if bounds && minimizer {
            if let Some(v) = ducking_bounds(cx, pos, t) {
                return Boundary::Done(v);
            }
        }
        // The claims, quick tricks and sure trumps cost more than a table hit where most
        // positions are in the table already (chains of probes over the same tree), so
        // they are asked after it; where one counted player minimises against three
        // (Ramsch, Bettel; nobody claims there) the trick bounds settle more positions
        // than the table does, so there they come first.
        if bounds && !outright && minimizer {
            if let Some(v) = trick_bounds(cx, pos, t) {
                return Boundary::Done(v);
            }
        }
        let meta = meta(pos);
        let mut lower = pos.got;
        let mut upper = pos.got + still;
        let table = cx.techniques.table;
        let key = if table {
            cx.canon.key(&pos.hands)
        } else {
            [0; 3]
        };
        let mut hint = None;
        if table {
            if let Some(b) = self.st.table.get(&key, cx.tag, meta) {
                hint = b.best;
                lower = pos.got + b.lower;
                upper = pos.got + b.upper;
                if lower >= t {
                    return Boundary::Done(lower);
                }
                if upper < t {
                    return Boundary::Done(upper);
                }
            }
        }
        // Positions of the same shape, their bounds widened by what the points can change
        // ([`super::similar`]): asked where the exact table left it open, before the
        // claims and trick bounds, which cost more.
        let shape = if cx.similar && !outright {
            let cards = pos.remaining();
            let shape = shape_of(&cx.layout, &key, cards);
            if let Some(b) = self
                .st
                .shapes
                .similar(&cx.layout, &shape, cx.tag, meta, cards)
            {
                lower = lower.max(pos.got + b.lower.min(still));
                upper = upper.min(pos.got + b.upper.min(still));
                hint = hint.or(b.best);
                if lower >= t {
                    return Boundary::Done(lower);
                }
                if upper < t {
                    return Boundary::Done(upper);
                }
            }
            Some((shape, cards))
        } else {
            None
        };
        if bounds && !outright && !minimizer {
            if cx.sides.claims() {
                if let Some(v) = claim(cx, pos) {
                    return Boundary::Done(v);
                }
            }
            if let Some(v) = trick_bounds(cx, pos, t) {
                return Boundary::Done(v);
            }
        }
        if outright {
            let (v, nodes) = last_two(cx, pos);
            self.st.stats.nodes += nodes;
            if table {
                let exact = v - pos.got;
                let bounds = Bounds {
                    lower: exact,
                    upper: exact,
                    best: None,
                };
                self.st.table.put(&key, cx.tag, meta, bounds);
            }
            return Boundary::Done(v);
        }
        Boundary::Open(Open {
            lower,
            upper,
            hint,
            key,
            shape,
        })
    }

    /// The cards to try, best first: one per class of interchangeable cards
    /// ([`moves::representatives`]), ordered ([`moves::order_moves`]), with the card that
    /// decided the position last time (`hint`) first of all.
    #[inline(always)]
    fn candidates(&self, pos: &Position, hint: Option<u8>) -> ([u8; 8], usize) {
        let cx = &self.cx;
        let legal = pos.legal(&cx.layout);
        let tries = if cx.techniques.merging && legal & (legal - 1) != 0 {
            moves::representatives(&cx.layout, &cx.frame, pos, legal, true, None)
        } else {
            legal
        };
        let mut list = [0u8; 8];
        // A forced card needs no ordering.
        let n = if cx.techniques.ordering && tries & (tries - 1) != 0 {
            moves::order_moves(
                &cx.layout,
                &cx.frame,
                cx.sides,
                pos,
                tries,
                &self.st.history,
                &mut list,
            )
        } else {
            let mut n = 0;
            for card in bits(tries) {
                list[n] = card;
                n += 1;
            }
            n
        };
        if let Some(h) = hint {
            if let Some(i) = list[..n].iter().position(|&c| c == h) {
                list[..=i].rotate_right(1);
            }
        }
        (list, n)
    }

    /// Stores what the search of a boundary position learnt: its value `best` for `t`
    /// tightens one bound; the other stays what the table and the similar positions said
    /// (those widened bounds are proven too, and otherwise lost).
    #[inline(always)]
    fn store(&mut self, pos: &Position, t: u8, open: Open, best: u8, decided: Option<u8>) {
        let bounds = if best >= t {
            Bounds {
                lower: best - pos.got,
                upper: open.upper - pos.got,
                best: decided,
            }
        } else {
            Bounds {
                lower: open.lower - pos.got,
                upper: best - pos.got,
                best: decided,
            }
        };
        let meta = meta(pos);
        self.st.table.put(&open.key, self.cx.tag, meta, bounds);
        if let Some((shape, cards)) = open.shape {
            self.st
                .shapes
                .put_shape(shape, self.cx.tag, meta, cards, bounds);
        }
    }

    /// History heuristic: a card that caused a cutoff is tried earlier next time.
    fn reward(&mut self, seat: Seat, card: u8, pos: &Position) {
        let depth = pos.remaining().count_ones() as u16;
        let h = &mut self.st.history[seat.index()][card as usize];
        *h = h.saturating_add(depth * depth);
    }
}
