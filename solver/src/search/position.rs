//! The search's compact position, in the search layout ([`super::layout`]): four hands, the
//! trick on the table and the running totals, small enough (28 bytes) to copy at every node
//! instead of undoing moves.

use super::layout::{bit, Layout};
use super::Frame;
use crate::contract::Measure;
use crate::game::Game;
use crate::seat::Seat;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Position {
    pub hands: [u32; 4],
    pub trick: [u8; 4],
    pub trick_len: u8,
    /// Where in the trick the best card so far lies (0 while the trick is empty).
    pub win: u8,
    pub leader: Seat,
    /// A trick has been led with a plain card of the called suit.
    pub searched: bool,
    /// Measure (points or tricks) the counted seats have taken so far.
    pub got: u8,
    /// Measure taken by anyone so far; `total - assigned` is still to come.
    pub assigned: u8,
}

impl Position {
    /// The position of a game in progress, counted for `frame`.
    pub fn of(game: &Game, frame: &Frame, layout: &Layout) -> Position {
        let mut trick = [0u8; 4];
        let current = game.current_trick();
        let mut win = 0;
        for (i, card) in current.iter().enumerate() {
            trick[i] = layout.index(*card);
            if i > 0 && layout.beats(trick[i], trick[win]) {
                win = i;
            }
        }
        let mut got = 0u32;
        let mut assigned = 0u32;
        for t in game.tricks() {
            let gain = match frame.measure {
                Measure::Points | Measure::Settlement => t.points(),
                Measure::Tricks => 1,
            };
            assigned += gain;
            if frame.counted.contains(t.winner) {
                got += gain;
            }
        }
        Position {
            hands: game.hands().0.map(|h| layout.mask(h)),
            trick,
            trick_len: current.len() as u8,
            win: win as u8,
            leader: game.leader(),
            searched: game.searched(),
            got: got as u8,
            assigned: assigned as u8,
        }
    }

    #[inline]
    pub fn to_move(self) -> Seat {
        self.leader.plus(self.trick_len)
    }

    /// The seats still to play to the trick after the player to move, in turn.
    #[inline]
    pub fn later(&self) -> impl Iterator<Item = Seat> + Clone {
        let seat = self.to_move();
        (1..(4 - self.trick_len)).map(move |k| seat.plus(k))
    }

    /// The cards of the trick on the table.
    #[inline]
    pub fn trick(&self) -> &[u8] {
        &self.trick[..self.trick_len as usize]
    }

    /// Cards left in all hands.
    #[inline]
    pub fn remaining(&self) -> u32 {
        self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
    }

    /// The best card of the trick so far and the seat that played it, if a trick is open.
    #[inline]
    pub fn best(&self) -> Option<(u8, Seat)> {
        (self.trick_len > 0).then(|| (self.trick[self.win as usize], self.leader.plus(self.win)))
    }

    #[inline]
    pub fn legal(&self, layout: &Layout) -> u32 {
        let seat = self.to_move();
        let trick = (self.trick_len > 0).then(|| (self.trick[0], self.trick[self.win as usize]));
        layout.legal(seat, self.hands[seat.index()], trick, self.searched)
    }

    /// Plays a legal card for the player to move; completes the trick when it is the fourth,
    /// and then says who took it (its cards stay in `trick` until the next is led).
    #[inline(always)]
    pub fn play(&mut self, card: u8, layout: &Layout, frame: &Frame) -> Option<Seat> {
        let complete = lay(
            &mut self.hands,
            &mut self.trick,
            &mut self.trick_len,
            &mut self.win,
            card,
            layout,
        );
        if complete {
            let winner = self.leader.plus(self.win);
            let gain = match frame.measure {
                Measure::Points | Measure::Settlement => {
                    self.trick.iter().map(|&c| layout.points[c as usize]).sum()
                }
                Measure::Tricks => 1,
            };
            self.assigned += gain;
            if frame.counted.contains(winner) {
                self.got += gain;
            }
            if let Some(c) = &layout.called {
                if c.suit & bit(self.trick[0]) != 0 {
                    self.searched = true;
                }
            }
            self.leader = winner;
            self.trick_len = 0;
            self.win = 0;
            return Some(winner);
        }
        None
    }
}

/// Lays `card` of the player to move on the open trick: out of his hand, onto the table,
/// and the trick's best card if it beats it. Whether the trick is complete with it.
#[inline(always)]
pub(crate) fn lay(
    hands: &mut [u32; 4],
    trick: &mut [u8; 4],
    trick_len: &mut u8,
    win: &mut u8,
    card: u8,
    layout: &Layout,
) -> bool {
    // The card leaves the hand that holds it (the player to move's: the card is legal).
    // All four hands are masked alike, so that a position just copied is not read back in
    // part (a stalled store forwarding; `docs/performance-log.md`, "What moved the numbers").
    let gone = !bit(card);
    *hands = hands.map(|h| h & gone);
    trick[*trick_len as usize] = card;
    if *trick_len > 0 && layout.beats(card, trick[*win as usize]) {
        *win = *trick_len;
    }
    *trick_len += 1;
    *trick_len == 4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_stays_small() {
        assert!(std::mem::size_of::<Position>() <= 28);
    }
}
