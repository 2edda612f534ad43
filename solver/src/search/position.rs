//! The search's compact position: four hands, the trick on the table and the running
//! totals, small enough (32 bytes) to copy at every node instead of undoing moves.

use super::Frame;
use crate::cards::{Card, Cards};
use crate::contract::Measure;
use crate::game::Game;
use crate::legal::PlayRules;
use crate::seat::Seat;

/// Card points by card number, for summing a trick without a rank lookup.
const POINTS: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        t[i] = crate::cards::Rank::from_index((i & 7) as u8).points();
        i += 1;
    }
    t
};

/// Sum of the card points of a set: one popcount per counting rank.
#[inline]
pub(crate) fn points_of(cards: Cards) -> u32 {
    use crate::cards::Rank;
    let c = cards.0;
    11 * (c & Rank::Ace.cards().0).count_ones()
        + 10 * (c & Rank::Ten.cards().0).count_ones()
        + 4 * (c & Rank::King.cards().0).count_ones()
        + 3 * (c & Rank::Ober.cards().0).count_ones()
        + 2 * (c & Rank::Unter.cards().0).count_ones()
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Position {
    pub hands: [Cards; 4],
    pub trick: [Card; 4],
    pub trick_len: u8,
    pub leader: u8,
    /// A trick has been led with a plain card of the called suit.
    pub searched: bool,
    /// Measure (points or tricks) the counted seats have taken so far.
    pub got: u8,
    /// Measure taken by anyone so far; `total - assigned` is still to come.
    pub assigned: u8,
}

impl Position {
    /// The position of a game in progress, counted for `frame`.
    pub fn of(game: &Game, frame: &Frame) -> Position {
        let mut trick = [Card::from_index(0); 4];
        let current = game.current_trick();
        trick[..current.len()].copy_from_slice(current);
        let mut got = 0u32;
        let mut assigned = 0u32;
        for t in game.tricks() {
            let gain = match frame.measure {
                Measure::Points => t.points(),
                Measure::Tricks => 1,
            };
            assigned += gain;
            if frame.counted.contains(t.winner) {
                got += gain;
            }
        }
        Position {
            hands: game.hands().0,
            trick,
            trick_len: current.len() as u8,
            leader: game.leader() as u8,
            searched: game.searched(),
            got: got as u8,
            assigned: assigned as u8,
        }
    }

    #[inline]
    pub fn to_move(&self) -> Seat {
        Seat::wrapping(self.leader + self.trick_len)
    }

    /// The cards of the trick on the table.
    #[inline]
    pub fn trick(&self) -> &[Card] {
        &self.trick[..self.trick_len as usize]
    }

    /// Cards left in all hands.
    #[inline]
    pub fn remaining_cards(&self) -> Cards {
        self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
    }

    #[inline]
    pub fn legal(&self, rules: &PlayRules) -> Cards {
        let seat = self.to_move();
        rules.legal(seat, self.hands[seat.index()], self.trick(), self.searched)
    }

    /// Plays a legal card for the player to move; completes the trick when it is the fourth.
    #[inline]
    pub fn play(&mut self, card: Card, rules: &PlayRules, frame: &Frame) {
        let seat = self.to_move();
        self.hands[seat.index()].remove(card);
        self.trick[self.trick_len as usize] = card;
        self.trick_len += 1;
        if self.trick_len == 4 {
            let w = rules.order.winner_index(&self.trick);
            let winner = Seat::wrapping(self.leader + w as u8);
            let gain = match frame.measure {
                Measure::Points => self.trick.iter().map(|c| POINTS[c.index() as usize]).sum(),
                Measure::Tricks => 1,
            };
            self.assigned += gain;
            if frame.counted.contains(winner) {
                self.got += gain;
            }
            if let Some(c) = &rules.called {
                if c.suit_cards.contains(self.trick[0]) {
                    self.searched = true;
                }
            }
            self.leader = winner as u8;
            self.trick_len = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_of_counts_every_rank() {
        assert_eq!(points_of(Cards::ALL), 120);
        for i in 0..32 {
            let c = Card::from_index(i);
            assert_eq!(points_of(c.set()), c.points() as u32);
            assert_eq!(POINTS[i as usize], c.points());
        }
    }

    #[test]
    fn position_stays_small() {
        assert!(std::mem::size_of::<Position>() <= 32);
    }
}
