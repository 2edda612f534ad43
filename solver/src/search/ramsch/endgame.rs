//! The last two tricks of a Ramsch played out outright, as the points search plays its own
//! ([`super::super::endgame`]): two cards a hand at a trick boundary leave at most sixteen
//! ways to play the first of the two tricks, after which the last plays itself and the
//! tally is settled. Cheaper than the node search with its ordering, table and questions,
//! and exact within the window (fail-soft alpha-beta over the sixteen).

use super::super::layout::{bit, bits};
use super::{take, SettlementSearch, State, INF};
use crate::seat::Seat;

/// The first trick of the two as far as it is played: its cards by place from the leader
/// and the place of its best card.
#[derive(Copy, Clone)]
struct Trick {
    cards: [u8; 4],
    win: usize,
}

impl SettlementSearch<'_> {
    /// The settlement of "me" two tricks from the end (two cards a hand, at a trick
    /// boundary) within the window (alpha, beta), fail-soft. Counts a node for each card it
    /// tries.
    pub(super) fn last_two(&mut self, s: &State, alpha: i32, beta: i32) -> i32 {
        let mut nodes = 0u64;
        let trick = Trick {
            cards: [0; 4],
            win: 0,
        };
        let v = self.place(s, 0, trick, (alpha, beta), &mut nodes);
        self.points.st.stats.nodes += nodes;
        v
    }

    /// The value once the places before `k` have played `trick`: the seat at place `k`
    /// chooses (maximising where it is "me").
    fn place(&self, s: &State, k: usize, trick: Trick, window: (i32, i32), nodes: &mut u64) -> i32 {
        if k == 4 {
            return self.played_out(s, trick);
        }
        let layout = &self.cx.layout;
        let seat = s.pos.leader.plus(k as u8);
        let hand = s.pos.hands[seat.index()];
        let led = (k > 0).then(|| (trick.cards[0], trick.cards[trick.win]));
        let maximizing = seat == self.cx.me;
        let (mut alpha, mut beta) = window;
        let mut best = if maximizing { -INF } else { INF };
        for card in bits(layout.legal(seat, hand, led, s.pos.searched)) {
            *nodes += 1;
            let mut next = trick;
            next.cards[k] = card;
            if k > 0 && layout.beats(card, trick.cards[trick.win]) {
                next.win = k;
            }
            let v = self.place(s, k + 1, next, (alpha, beta), nodes);
            take(maximizing, v, &mut best, &mut alpha, &mut beta);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The settlement once the first of the two tricks is `trick` (all four cards): the
    /// last trick, each seat's other card, led by its taker.
    fn played_out(&self, s: &State, trick: Trick) -> i32 {
        let layout = &self.cx.layout;
        let leader = s.pos.leader;
        let at = |place: usize| -> Seat { leader.plus(place as u8) };
        let last: [u8; 4] = std::array::from_fn(|place| {
            let hand = s.pos.hands[at(place).index()] & !bit(trick.cards[place]);
            hand.trailing_zeros() as u8
        });
        let mut end = *s;
        end.take(at(trick.win), &trick.cards, layout);
        end.take(at(layout.takes(&last, trick.win)), &last, layout);
        self.settled(&end)
    }
}
