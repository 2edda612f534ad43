//! Questions of points with a seat kept without a trick: can "me" hold his points low
//! while a given other seat takes no trick, and can the others force points on him while
//! one of them takes none? Either answer is a proof of a doubled payment: a loser pays
//! more for every seat without a trick (under every Jungfrau rule but none), and where
//! everything doubles (`double_all`) the seats that escape are paid more too. Neither the
//! points questions ([`super::points`]) nor the tricks questions ([`super::tricks`]) prove
//! it alone, since one side may reach each aim only by giving up the other.
//!
//! The value searched is "me"'s points from here on while the seat takes no trick; once it
//! takes one the value is the worst for the side that wanted it without (121 where "me"
//! wanted it, -1 where the others did), and stays so. It is a sum over the tricks like the
//! points search's, so positions of one deal share the table's entries whatever was taken
//! before: the hands are keyed as the points search keys them.

use super::super::tt::Bounds;
use super::outcomes::sure_tricks;
use super::{proved, take, SettlementSearch, State};
use crate::seat::Seat;

/// The value where the seat took a trick and "me" wanted it without: above every sum.
const MINE_LOST: i32 = 121;
/// The value where the seat took a trick and the others wanted it without: below every sum.
const THEIRS_LOST: i32 = -1;

/// One question: the seats to keep without a trick, and which side wants it so.
#[derive(Copy, Clone, Debug)]
pub(super) struct Virgin {
    /// A mask of seats. Where "me" wants it, one seat, kept without a trick; where the
    /// others do, at least one of them (the question is lost once all have taken one).
    pub seats: u8,
    /// "Me" wants the seat without a trick (and his points low); else the others do (and
    /// his points high).
    pub mine: bool,
}

impl Virgin {
    /// The value where the seats took a trick.
    fn lost(self) -> i32 {
        if self.mine {
            MINE_LOST
        } else {
            THEIRS_LOST
        }
    }

    /// The seats of the question still without a trick in `s`.
    fn lacking(self, s: &State) -> u8 {
        s.trickless() & self.seats
    }

    /// Whether the question is lost in `s`: the seat "me" wants without took a trick, or
    /// every seat the others want one of without did.
    fn is_lost(self, s: &State) -> bool {
        let lacking = self.lacking(s);
        if self.mine {
            lacking != self.seats
        } else {
            lacking == 0
        }
    }
}

impl SettlementSearch<'_> {
    /// Whether "me" can end with at most `t` points in all while `seat` takes no trick from
    /// here on, whatever the others play.
    pub(super) fn holds_to_keeping(&mut self, s: &State, seat: Seat, t: u32) -> bool {
        let got = s.points[self.cx.me.index()] as i32;
        let t = t as i32 - got;
        if t < 0 {
            return false;
        }
        let q = Virgin {
            seats: 1 << seat.index(),
            mine: true,
        };
        self.virgin_value(s, q, t, t + 1) <= t && !self.aborted()
    }

    /// Whether the others can make "me" end with at least `t` points in all while one of
    /// the seats of the mask `seats` (each still without a trick) takes no trick from here
    /// on, whatever he plays.
    pub(super) fn forced_to_keeping(&mut self, s: &State, seats: u8, t: u32) -> bool {
        let got = s.points[self.cx.me.index()] as i32;
        let t = (t as i32 - got).max(0);
        let q = Virgin { seats, mine: false };
        self.virgin_value(s, q, t - 1, t) >= t && !self.aborted()
    }

    /// "Me"'s points from `s` on while the seat takes no trick, fail-soft within the window
    /// (alpha, beta); the others play for the most.
    fn virgin_value(&mut self, s: &State, q: Virgin, mut alpha: i32, mut beta: i32) -> i32 {
        if self.stop() {
            return 0;
        }
        if s.over() {
            return 0;
        }
        let me = self.cx.me;
        let boundary = s.pos.trick_len == 0;
        // The points still to be taken, the open trick's included.
        let left = self.points.cx.still(&s.pos) as i32;
        let (mut lo, mut hi) = if q.mine {
            (0, MINE_LOST)
        } else {
            (THEIRS_LOST, left)
        };
        let mut key = None;
        let lacking = q.lacking(s);
        let tag = self.tables.tag_of(virgin_frame(me, q, lacking));
        let meta = s.pos.leader as u8;
        let mut hint = None;
        if boundary {
            let sure = sure_tricks(&self.cx, s);
            let sure = (0..4).fold(0u8, |m, i| m | (sure[i] as u8) << i);
            let lost = match q.mine {
                true => lacking & sure != 0,
                false => lacking & !sure == 0,
            };
            if lost {
                return q.lost();
            }
            // Where the points cannot decide the window any more, only whether the seats
            // take a trick does: a question of tricks alone, asked of the side that wants
            // them to take one.
            let only_tricks = if q.mine { alpha >= left } else { beta <= 0 };
            if only_tricks {
                let taken = self.take_one_each(s, lacking, !q.mine);
                return match (taken, q.mine) {
                    (true, _) => q.lost(),
                    (false, true) => left,
                    (false, false) => 0,
                };
            }
            let k = self.points.cx.canon.key(&s.pos.hands);
            if let Some(b) = self.tables.tricks.get(&k, tag, meta) {
                lo = lo.max(b.lower as i32 - 1);
                hi = hi.min(b.upper as i32 - 1);
                hint = b.best;
            }
            key = Some(k);
        }
        if lo >= hi || lo >= beta || hi <= alpha {
            return if hi <= alpha { hi } else { lo };
        }
        alpha = alpha.max(lo - 1);
        beta = beta.min(hi + 1);
        let (alpha0, beta0) = (alpha, beta);
        let maximizing = s.to_move() != me;
        let moves = self.virgin_moves(s, q, lacking, hint);
        let mut best = if maximizing { THEIRS_LOST } else { MINE_LOST };
        let mut best_card = None;
        for &card in moves.as_slice() {
            let child = self.child(s, card);
            let v = if q.is_lost(&child) {
                q.lost()
            } else {
                let gained = (child.points[me.index()] - s.points[me.index()]) as i32;
                let v = self.virgin_value(&child, q, alpha - gained, beta - gained);
                if (0..=120).contains(&v) {
                    v + gained
                } else {
                    v
                }
            };
            if take(maximizing, v, &mut best, &mut alpha, &mut beta) || best_card.is_none() {
                best_card = Some(card);
            }
            if alpha >= beta {
                self.reward(s, card);
                break;
            }
        }
        if self.aborted() {
            return 0;
        }
        let best = best.clamp(lo, hi);
        if let Some(k) = key {
            let (lower, upper) = proved(best, (alpha0, beta0), (lo, hi));
            let bounds = Bounds {
                lower: (lower + 1) as u8,
                upper: (upper + 1) as u8,
                best: best_card,
            };
            self.tables.tricks.put(&k, tag, meta, bounds);
        }
        best
    }

    /// The cards to try: the settlement search's order, then first those that leave the
    /// trick to a seat of the question still without one (`lacking`) where the seat to
    /// move wants it to take one, those that keep it off where not; the table's card
    /// before all.
    fn virgin_moves(
        &self,
        s: &State,
        q: Virgin,
        lacking: u8,
        hint: Option<u8>,
    ) -> super::order::Moves {
        let seat = s.to_move();
        let mut moves = self.moves(s, None);
        // The seat to move wants it to take a trick: the others, where "me" wants it
        // without; "me", where the others do.
        let wants_it_taking = (seat == self.cx.me) != q.mine;
        let layout = &self.cx.layout;
        let best = s.best();
        let n = moves.len;
        moves.cards[..n].sort_by_key(|&c| {
            let winner = match best {
                Some((b, w)) if !layout.beats(c, b) => w,
                _ => seat,
            };
            (lacking & 1 << winner.index() != 0) != wants_it_taking
        });
        if let Some(i) = hint.and_then(|h| moves.cards[..n].iter().position(|&c| c == h)) {
            moves.cards[..=i].rotate_right(1);
        }
        moves
    }
}

/// The table's frame bits of a question: above those of the tricks questions (which share
/// the table), the seats still to keep without (`lacking`), "me" and the side.
fn virgin_frame(me: Seat, q: Virgin, lacking: u8) -> u32 {
    1 << 8 | lacking as u32 | (me as u32) << 4 | (q.mine as u32) << 6
}
