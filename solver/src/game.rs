//! A validated deal ([`Setup`]) and a game in progress ([`Game`]).
//!
//! A [`Setup`] is everything fixed before the first card: hands, contract, options, prices.
//! It only comes out of validation ([`crate::Record::setup`]), so a `Setup` always holds a
//! complete deal and a contract the declarer may play. A [`Game`] plays cards on it, each
//! checked ([`Game::play`]) or, in the search, unchecked.

use crate::cards::{Card, Cards, Deck};
use crate::contract::Contract;
use crate::error::{Error, IllegalReason};
use crate::legal::{CalledAce, PlayRules, RunAway};
use crate::options::{Doublings, Options, RunAwayCount, Tariff};
use crate::order::{Group, Order};
use crate::seat::{BySeat, Seat, Seats};
use std::sync::Arc;

/// Everything fixed before the first card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub id: Option<String>,
    pub deck: Deck,
    /// The hands as played (see [`Setup::dealt_hands`]).
    pub hands: BySeat<Cards>,
    pub contract: Contract,
    pub options: Options,
    pub tariff: Tariff,
    pub doublings: Doublings,
    /// Stock before the game (a Sauspiel's declarers win or pay half of it each).
    pub stock: i64,
    pub players: Option<Vec<String>>,
}

impl Setup {
    pub fn order(&self) -> Order {
        self.contract.order(self.deck)
    }

    /// The hands as dealt (`hands` are the hands as played: in a Hochzeit two cards have
    /// changed hands before the first trick).
    pub fn dealt_hands(&self) -> BySeat<Cards> {
        self.contract.dealt_hands(self.hands)
    }

    /// The declaring side (empty in Ramsch).
    pub fn declarers(&self) -> Seats {
        self.contract.declarers(&self.hands)
    }

    /// Number of tricks in the game.
    pub fn trick_count(&self) -> usize {
        self.deck.hand_size()
    }

    /// The rules of legal play for this deal.
    pub fn play_rules(&self) -> PlayRules {
        let order = self.order();
        let called = self.contract.called_ace().and_then(|ace| {
            let partner = Seat::ALL
                .into_iter()
                .find(|s| self.hands[*s].contains(ace))?;
            let suit_cards = order.group_cards(Group::Plain(ace.suit()));
            let min = self.options.run_away_min.unwrap_or(match self.deck {
                Deck::Long => 4,
                Deck::Short => 3,
            });
            let run_away = match self.options.run_away_count {
                RunAwayCount::Dealt => {
                    RunAway::Dealt(self.hands[partner].intersect(suit_cards).len() >= min as u32)
                }
                RunAwayCount::Current => RunAway::Current(min),
            };
            Some(CalledAce {
                ace,
                partner,
                suit_cards,
                run_away,
            })
        });
        let stichzwang = self.options.stichzwang
            && matches!(self.contract, Contract::Bettel { .. } | Contract::Ramsch);
        PlayRules {
            order,
            called,
            stichzwang,
        }
    }
}

/// One finished trick.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Trick {
    pub leader: Seat,
    pub cards: [Card; 4],
    pub winner: Seat,
}

impl Trick {
    pub fn points(&self) -> u32 {
        self.cards.iter().map(|c| c.points() as u32).sum()
    }
    /// The seat that played the `i`-th card of the trick.
    pub fn seat_of(&self, i: usize) -> Seat {
        self.leader.plus(i as u8)
    }
}

/// A game in progress: hands left, tricks taken, the trick on the table.
#[derive(Clone, Debug)]
pub struct Game {
    /// Shared, so that cloning a game (as the naive search does at every node) is cheap.
    setup: Arc<Setup>,
    rules: PlayRules,
    hands: BySeat<Cards>,
    /// Finished tricks (the first `trick_count`): fixed arrays, so a clone allocates nothing.
    tricks: [Trick; 8],
    trick_count: u8,
    /// Cards of the current, unfinished trick (the first `current_len`).
    current: [Card; 4],
    current_len: u8,
    leader: Seat,
    searched: bool,
}

impl Game {
    /// The game before the first card.
    pub fn new(setup: Setup) -> Game {
        let rules = setup.play_rules();
        let hands = setup.hands;
        Game {
            setup: Arc::new(setup),
            rules,
            hands,
            tricks: [Trick {
                leader: Seat::S0,
                cards: [Card::from_index(0); 4],
                winner: Seat::S0,
            }; 8],
            trick_count: 0,
            current: [Card::from_index(0); 4],
            current_len: 0,
            leader: Seat::S0,
            searched: false,
        }
    }

    /// The game after playing `cards` from the start, each checked.
    pub fn replay(setup: Setup, cards: &[Card]) -> Result<Game, Error> {
        let mut game = Game::new(setup);
        for (index, &card) in cards.iter().enumerate() {
            game.play(card).map_err(|reason| Error::IllegalPlay {
                index,
                card,
                reason,
            })?;
        }
        Ok(game)
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }
    pub fn contract(&self) -> Contract {
        self.setup.contract
    }
    pub fn rules(&self) -> &PlayRules {
        &self.rules
    }
    pub fn order(&self) -> &Order {
        &self.rules.order
    }
    /// Cards still held.
    pub fn hands(&self) -> &BySeat<Cards> {
        &self.hands
    }
    pub fn tricks(&self) -> &[Trick] {
        &self.tricks[..self.trick_count as usize]
    }
    /// The cards of the unfinished trick (empty at a trick boundary).
    pub fn current_trick(&self) -> &[Card] {
        &self.current[..self.current_len as usize]
    }
    pub fn leader(&self) -> Seat {
        self.leader
    }
    /// Whether a trick has been led with a plain card of the called suit.
    pub fn searched(&self) -> bool {
        self.searched
    }
    pub fn is_over(&self) -> bool {
        self.trick_count as usize == self.setup.trick_count()
    }
    /// Number of cards played so far.
    pub fn played_count(&self) -> usize {
        self.trick_count as usize * 4 + self.current_len as usize
    }

    /// All cards played so far, in order, with the seat that played each.
    pub fn plays(&self) -> Vec<(Seat, Card)> {
        let mut out = Vec::with_capacity(self.played_count());
        for t in self.tricks() {
            out.extend((0..4).map(|i| (t.seat_of(i), t.cards[i])));
        }
        out.extend(
            self.current_trick()
                .iter()
                .enumerate()
                .map(|(i, &c)| (self.leader.plus(i as u8), c)),
        );
        out
    }

    pub fn to_move(&self) -> Seat {
        self.leader.plus(self.current_len)
    }

    /// The cards the player to move may play (empty when the game is over).
    pub fn legal_cards(&self) -> Cards {
        if self.is_over() {
            return Cards::EMPTY;
        }
        let seat = self.to_move();
        self.rules
            .legal(seat, self.hands[seat], self.current_trick(), self.searched)
    }

    /// Plays `card` for the player to move, or says which rule forbids it.
    pub fn play(&mut self, card: Card) -> Result<(), IllegalReason> {
        if self.is_over() {
            return Err(IllegalReason::HandOver);
        }
        let seat = self.to_move();
        self.rules.check(
            seat,
            self.hands[seat],
            self.current_trick(),
            self.searched,
            card,
        )?;
        self.play_unchecked(card);
        Ok(())
    }

    /// Plays `card` for the player to move. The card must be legal ([`Game::legal_cards`]).
    pub fn play_unchecked(&mut self, card: Card) {
        let seat = self.to_move();
        self.hands[seat].remove(card);
        self.current[self.current_len as usize] = card;
        self.current_len += 1;
        if self.current_len == 4 {
            let cards = self.current;
            let winner = self
                .leader
                .plus(self.rules.order.winner_index(&cards) as u8);
            if let Some(c) = &self.rules.called {
                if c.suit_cards.contains(cards[0]) {
                    self.searched = true;
                }
            }
            self.tricks[self.trick_count as usize] = Trick {
                leader: self.leader,
                cards,
                winner,
            };
            self.trick_count += 1;
            self.current_len = 0;
            self.leader = winner;
        }
    }

    /// Card points taken so far per seat.
    pub fn points(&self) -> BySeat<u32> {
        let mut points = BySeat([0; 4]);
        for t in self.tricks() {
            points[t.winner] += t.points();
        }
        points
    }

    /// Tricks taken so far per seat.
    pub fn trick_counts(&self) -> BySeat<u32> {
        let mut n = BySeat([0; 4]);
        for t in self.tricks() {
            n[t.winner] += 1;
        }
        n
    }

    /// Cards of the tricks each seat took.
    pub fn taken(&self) -> BySeat<Cards> {
        let mut taken = BySeat([Cards::EMPTY; 4]);
        for t in self.tricks() {
            taken[t.winner] |= t.cards.iter().copied().collect();
        }
        taken
    }
}
