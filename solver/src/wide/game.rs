//! Play at a wide table (RULES.md section 15): a [`Position`] (the hands, the trick on the
//! table, what each seat has taken) that the rules check and the search walks alike, and
//! a [`Game`], a deal with the cards played on it.

use super::deal::Deal;
use super::faces::{Face, Faces};
use super::order::{Group, Order};
use super::table::MAX_SEATS;
use thiserror::Error;

/// Why a card may not be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    #[error("play {index} ({face}) is illegal: seat {seat} does not hold it")]
    NotHeld {
        index: usize,
        face: String,
        seat: u8,
    },
    #[error("play {index} ({face}) is illegal: seat {seat} must follow {group}")]
    MustFollow {
        index: usize,
        face: String,
        seat: u8,
        group: &'static str,
    },
    #[error("play {index} ({face}) is illegal: every card has already been played")]
    HandOver { index: usize, face: String },
}

/// A position: who holds what, the trick on the table, and what each seat has taken.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    seats: u8,
    hands: [Faces; MAX_SEATS],
    /// The trick's cards in the order played, from the leader on.
    trick: [Face; MAX_SEATS],
    trick_len: u8,
    leader: u8,
    points: [u32; MAX_SEATS],
    tricks: [u8; MAX_SEATS],
    /// Card points in the hands and on the table.
    out: u32,
}

impl Position {
    /// The position before the first card: forehand (seat 0) leads.
    pub fn start(deal: &Deal) -> Position {
        let mut hands = [Faces::EMPTY; MAX_SEATS];
        hands[..deal.hands().len()].copy_from_slice(deal.hands());
        Position {
            seats: deal.table().seats(),
            hands,
            trick: [Face::of(crate::cards::Card::from_index(0)); MAX_SEATS],
            trick_len: 0,
            leader: 0,
            points: [0; MAX_SEATS],
            tricks: [0; MAX_SEATS],
            out: deal.hands().iter().map(|h| h.points()).sum(),
        }
    }

    pub fn seats(&self) -> u8 {
        self.seats
    }

    pub fn hand(&self, seat: u8) -> Faces {
        self.hands[seat as usize]
    }

    pub fn to_move(&self) -> u8 {
        (self.leader + self.trick_len) % self.seats
    }

    pub fn leader(&self) -> u8 {
        self.leader
    }

    /// The trick's cards so far, from the leader on.
    pub fn trick(&self) -> &[Face] {
        &self.trick[..self.trick_len as usize]
    }

    /// Card points each seat has taken.
    pub fn points(&self) -> &[u32] {
        &self.points[..self.seats as usize]
    }

    /// Card points the seats of `side` (a set of seat bits) have taken together.
    pub fn points_of(&self, side: u8) -> u32 {
        self.side_sum(side, |s| self.points[s])
    }

    /// Tricks the seats of `side` have taken together.
    pub fn tricks_of(&self, side: u8) -> u32 {
        self.side_sum(side, |s| self.tricks[s] as u32)
    }

    fn side_sum(&self, side: u8, of: impl Fn(usize) -> u32) -> u32 {
        (0..self.seats as usize)
            .filter(|s| side & 1 << s != 0)
            .map(of)
            .sum()
    }

    /// Tricks each seat has taken.
    pub fn tricks(&self) -> &[u8] {
        &self.tricks[..self.seats as usize]
    }

    pub fn is_over(&self) -> bool {
        self.trick_len == 0 && self.hands[self.leader as usize].is_empty()
    }

    /// The group to follow, if a card has been led.
    pub fn led(&self, order: &Order) -> Option<Group> {
        self.trick().first().map(|&f| order.group(f))
    }

    /// The faces the player to move may play, as a set of face numbers: the led group's
    /// if he holds any, else anything he holds.
    pub fn legal(&self, order: &Order) -> u64 {
        let hand = self.hands[self.to_move() as usize].distinct();
        match self.led(order) {
            Some(g) if hand & order.group_set(g) != 0 => hand & order.group_set(g),
            _ => hand,
        }
    }

    /// The seat (counted from the leader) whose card wins the trick so far.
    pub fn winning(&self, order: &Order) -> usize {
        let trick = self.trick();
        (1..trick.len()).fold(0, |best, i| match order.beats(trick[i], trick[best]) {
            true => i,
            false => best,
        })
    }

    /// Plays `face` for the player to move, who holds it and may play it; returns the
    /// seat that took the trick and its card points if this card ended it.
    pub fn play(&mut self, order: &Order, face: Face) -> Option<(u8, u32)> {
        let seat = self.to_move();
        self.hands[seat as usize].remove(face);
        self.trick[self.trick_len as usize] = face;
        self.trick_len += 1;
        if self.trick_len < self.seats {
            return None;
        }
        let winner = (self.leader + self.winning(order) as u8) % self.seats;
        let points: u32 = self.trick().iter().map(|f| f.points() as u32).sum();
        self.points[winner as usize] += points;
        self.out -= points;
        self.tricks[winner as usize] += 1;
        self.leader = winner;
        self.trick_len = 0;
        Some((winner, points))
    }

    /// Card points still out: in the hands and on the table.
    pub fn points_out(&self) -> u32 {
        self.out
    }

    /// Tricks still to be completed, the one on the table included (the leader has
    /// played his card to it).
    pub fn tricks_left(&self) -> u32 {
        self.hands[self.leader as usize].len() + (self.trick_len > 0) as u32
    }
}

/// A deal and the cards played on it, each checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    deal: Deal,
    position: Position,
    played: Vec<Face>,
}

impl Game {
    pub fn new(deal: Deal) -> Game {
        Game {
            position: Position::start(&deal),
            deal,
            played: Vec::new(),
        }
    }

    /// The game after `cards`, each checked in turn.
    pub fn replay(deal: Deal, cards: &[Face]) -> Result<Game, PlayError> {
        let mut game = Game::new(deal);
        for &face in cards {
            game.play(face)?;
        }
        Ok(game)
    }

    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn played(&self) -> &[Face] {
        &self.played
    }

    /// The cards the player to move may play, each card once (a face he holds twice,
    /// twice), in face order.
    pub fn legal_cards(&self) -> Vec<Face> {
        let legal = self.position.legal(self.deal.order());
        let hand = self.position.hand(self.position.to_move());
        hand.iter()
            .filter(|f| legal & 1 << f.index() != 0)
            .collect()
    }

    /// Plays `face` for the player to move, or says which rule it breaks.
    pub fn play(&mut self, face: Face) -> Result<(), PlayError> {
        let index = self.played.len() + 1;
        let seat = self.position.to_move();
        let text = face.to_string();
        if self.position.is_over() {
            return Err(PlayError::HandOver { index, face: text });
        }
        let order = self.deal.order();
        if !self.position.hand(seat).contains(face) {
            return Err(PlayError::NotHeld {
                index,
                face: text,
                seat,
            });
        }
        if self.position.legal(order) & 1 << face.index() == 0 {
            let group = self
                .position
                .led(order)
                .map(Order::group_name)
                .unwrap_or("");
            return Err(PlayError::MustFollow {
                index,
                face: text,
                seat,
                group,
            });
        }
        self.position.play(order, face);
        self.played.push(face);
        Ok(())
    }
}
