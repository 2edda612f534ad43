//! The settlement search's compact state: the points search's position (hands, the open
//! trick, who leads, and "me"'s points so far, so that the threshold questions of
//! [`super::points`] start from it as it is) and every seat's tally, which decides the
//! ending. A trick is closed by the points search's own [`Position::play`].

use super::super::layout::{bit, Layout, TRUMP};
use super::super::position::Position;
use super::super::Frame;
use crate::cards::Card;
use crate::contract::Measure;
use crate::game::Game;
use crate::seat::{Seat, Seats};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct State {
    /// The cards and the trick, counted for "me" as the points search counts a seat's
    /// points ([`frame`]).
    pub pos: Position,
    pub points: [u8; 4],
    pub tricks: [u8; 4],
    pub trumps: [u8; 4],
    /// The highest trump taken, as its layout index + 1 (0: none).
    pub top: [u8; 4],
}

/// The points search's frame of "me"'s own points, which he keeps low against the three
/// others: the position's `got` is his points so far, and [`super::points`] asks it.
pub(crate) fn frame(me: Seat) -> Frame {
    Frame {
        counted: Seats::one(me),
        maximizers: Seats::one(me).others(),
        measure: Measure::Points,
    }
}

impl State {
    /// The state of `game`'s position, for "me".
    pub fn of(game: &Game, layout: &Layout, me: Seat) -> State {
        let mut s = State {
            pos: Position::of(game, &frame(me), layout),
            points: [0; 4],
            tricks: [0; 4],
            trumps: [0; 4],
            top: [0; 4],
        };
        for t in game.tricks() {
            let cards = t.cards.map(|c| layout.index(c));
            s.take(t.winner, &cards, layout);
        }
        s
    }

    /// Adds a completed trick to its taker's tally.
    pub(super) fn take(&mut self, winner: Seat, cards: &[u8; 4], layout: &Layout) {
        let w = winner.index();
        self.points[w] += cards.iter().map(|&c| layout.points[c as usize]).sum::<u8>();
        self.tricks[w] += 1;
        for &c in cards {
            if bit(c) & layout.group_mask[TRUMP] != 0 {
                self.trumps[w] += 1;
                self.top[w] = self.top[w].max(c + 1);
            }
        }
    }

    /// The state after `card` (a legal card of the player to move).
    pub fn after(&self, card: Card, layout: &Layout, me: Seat) -> State {
        let mut child = *self;
        child.play(layout.index(card), layout, me);
        child
    }

    #[inline]
    pub fn to_move(self) -> Seat {
        self.pos.to_move()
    }

    /// Plays a legal card of the player to move; a completed trick goes to its taker's tally.
    #[inline]
    pub fn play(&mut self, card: u8, layout: &Layout, me: Seat) {
        if let Some(winner) = self.pos.play(card, layout, &frame(me)) {
            let cards = self.pos.trick;
            self.take(winner, &cards, layout);
        }
    }

    #[inline]
    pub fn remaining(&self) -> u32 {
        self.pos.remaining()
    }

    /// Whether every card has been played.
    pub fn over(&self) -> bool {
        self.pos.hands.iter().all(|&h| h == 0) && self.pos.trick_len == 0
    }

    /// The seats without a trick so far, a bit each.
    pub fn trickless(&self) -> u8 {
        (0..4).fold(0, |m, i| m | ((self.tricks[i] == 0) as u8) << i)
    }

    /// Tricks still to be completed, the open one included.
    pub fn tricks_left(&self) -> u32 {
        (self.remaining().count_ones() + self.pos.trick_len as u32) / 4
    }

    /// The best card of the open trick and who played it.
    pub fn best(&self) -> Option<(u8, Seat)> {
        self.pos.best()
    }
}
