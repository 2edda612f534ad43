//! Questions of tricks alone: can one side make every seat of a set (or all of it but
//! one) take at least one trick, whatever the other side does? They settle the Jungfrau
//! payments: a loser whose three others all take a trick pays no doubled share, one who
//! makes all of them but one take a trick pays at most one, and where every seat takes
//! one nobody is paid a doubled share either. Positions that differ only in which cards
//! of a suit are gone, or in points, share an answer: the hands are keyed as the tricks
//! measure keys them (every group one run).

use super::super::layout::Layout;
use super::super::tt::Bounds;
use super::outcomes::sure_tricks;
use super::{SettlementSearch, State};
use crate::seat::Seat;

/// The seats that must each take a trick, and so which side wants it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Takers {
    /// "Me" wants every seat but the one whose tricks count for him to take one (then a
    /// loser pays no doubled share).
    Others,
    /// The others want every seat to take one (then nobody is paid a doubled share).
    All,
    /// "Me" wants every seat, himself too, to take one (then nobody pays a doubled share,
    /// he neither).
    AllForMe,
    /// The others want the seat whose tricks count for "me" to take one (else he ends a
    /// Jungfrau with no points: he escapes, doubled).
    Me,
    /// "Me" wants this other seat to take one (else it may end a Jungfrau, see
    /// [`super::virgin`]).
    Seat(Seat),
}

impl SettlementSearch<'_> {
    /// Whether the side that wants the seats of `takers` to take a trick each can make them,
    /// whatever the other side does (it plays to keep one of them without).
    pub(super) fn everyone_takes_one(&mut self, s: &State, takers: Takers) -> bool {
        let taker = self.cx.taker(self.cx.me).index();
        let (seats, mine): (u8, bool) = match takers {
            // The seat whose tricks count for "me" need not take one.
            Takers::Others => (0xf & !(1 << taker), true),
            Takers::All => (0xf, false),
            Takers::AllForMe => (0xf, true),
            Takers::Me => (1 << taker, false),
            Takers::Seat(x) => (1 << x.index(), true),
        };
        self.take_one_each(s, seats, mine)
    }

    /// [`SettlementSearch::everyone_takes_one`] of the seats of the mask `seats`, wanted by "me"'s
    /// side where `mine`.
    pub(super) fn take_one_each(&mut self, s: &State, seats: u8, mine: bool) -> bool {
        self.take_one_but(s, seats, mine, false)
    }

    /// Whether "me" can make all the seats that double what he pays as a loser
    /// ([`super::SettlementContext::doubling_seats`]) but at most one (whichever, as play
    /// goes) take a trick each: then at most one of them ends a Jungfrau.
    pub(super) fn all_but_one_take_one(&mut self, s: &State) -> bool {
        self.take_one_but(s, self.cx.doubling_seats(), true, true)
    }

    /// Whether the side that wants it (`mine`: "me"'s) can make every seat of the mask
    /// `seats` take a trick each, or where `spare` all of them but one.
    fn take_one_but(&mut self, s: &State, seats: u8, mine: bool, spare: bool) -> bool {
        if self.stop() {
            return false;
        }
        let me = self.cx.me;
        let boundary = s.pos.trick_len == 0;
        let sure = sure_tricks(&self.cx, s);
        let lacking = (0..4)
            .filter(|&i| seats & 1 << i != 0 && s.tricks[i] == 0 && !sure[i])
            .count() as u32;
        let needed = lacking.saturating_sub(spare as u32);
        if needed == 0 {
            return true;
        }
        if needed > s.tricks_left() {
            return false;
        }
        // The answer depends on the seats of the set still without a trick, not on the
        // rest, and on whether one of them is spared (bit 7).
        let frame_bits = (seats & s.trickless()) as u32
            | (mine as u32) << 4
            | (me as u32) << 5
            | (spare as u32) << 7;
        let tag = self.tables.tag_of(frame_bits);
        let meta = s.pos.leader as u8;
        let key = boundary.then(|| self.cx.trick_canon.key(&s.pos.hands));
        if let Some(k) = &key {
            if let Some(b) = self.tables.tricks.get(k, tag, meta) {
                return b.lower == 1;
            }
        }
        let seat = s.to_move();
        // Where only tricks count, neighbours of a suit are alike whatever their points.
        let mut moves = self.representatives(s, |_, _| true);
        let wanting = (seat == me) == mine;
        // The side that wants them all to take one ducks, leaving the trick to a seat
        // without one; the other side beats such a seat's card, highest first, and else
        // ducks.
        let best = s.best();
        let lacks = |w: Seat| seats & 1 << w.index() != 0 && s.tricks[w.index()] == 0;
        let lacking_wins = best.is_some_and(|(_, w)| lacks(w));
        let layout: &Layout = &self.cx.layout;
        let n = moves.len;
        moves.cards[..n].sort_by_key(|&c| {
            let beats = best.is_some_and(|(b, _)| layout.beats(c, b));
            if wanting || !lacking_wins {
                (beats as u8, c)
            } else {
                (!beats as u8, u8::MAX - c)
            }
        });
        let mut answer = !wanting;
        for &card in moves.as_slice() {
            let child = self.child(s, card);
            if self.take_one_but(&child, seats, mine, spare) == wanting {
                answer = wanting;
                break;
            }
        }
        if self.aborted() {
            return false;
        }
        if let Some(k) = key {
            let v = answer as u8;
            let bounds = Bounds {
                lower: v,
                upper: v,
                best: None,
            };
            self.tables.tricks.put(&k, tag, meta, bounds);
        }
        answer
    }
}
