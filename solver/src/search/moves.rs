//! Which cards the search tries, and in which order.
//!
//! * **Merging of equivalent cards** (DDS's "rank equivalence", the Skat solvers' "card
//!   equivalence"): legal cards of one hand form a *class* when no card still out (in
//!   another hand or on the table) ranks between them in their group. Cards of one hand never
//!   meet in a trick, so swapping two cards of a class maps the game tree onto itself; if
//!   they are also worth the same (or tricks are counted), both have the same value and only
//!   one is searched. The called ace never merges while its rules bind.
//! * **Dominance within a class** (skatcalc's "unequal move reduction"): when the side that
//!   takes the current trick is already settled whichever card of the class is played (the
//!   last player to a trick; a trick nobody left can take from its winner; a card nobody left
//!   can beat), playing the class's card worth most now is never worse for a player who wants
//!   that trick's points counted, and the card worth least never worse for the other. Proof:
//!   pair each line of play with the line where the two cards are swapped; every trick has the
//!   same winner, and the only difference is which of the two tricks gets the larger card.
//!   Used inside the search only: the value of *every* card (`solve`) needs exact merging.
//! * **Move ordering** (DDS `Moves.cpp`, in spirit): cheap rules of thumb per trick position
//!   put the card most likely to cause a cutoff first: cash a sure winner, smear points on
//!   a partner's sure trick, win cheaply, otherwise discard low. Ties are broken by the
//!   history heuristic (Schaeffer 1989): cards that caused cutoffs before come first.

use super::position::Position;
use super::Frame;
use crate::cards::{Card, Cards, Suit};
use crate::contract::Measure;
use crate::legal::PlayRules;
use crate::order::{Group, Order};
use crate::seat::Seat;

/// Fixed per search: the groups in power order and what the ordering needs to know.
pub(crate) struct MoveContext {
    /// Trumps, then each plain suit: cards from the highest down.
    groups: [([Card; 14], u8); 5],
    /// Per card: the cards that beat it when it is the best card of a trick.
    beaters: [Cards; 32],
    /// Per card: the cards of its group.
    group_of: [Cards; 32],
    /// Tricks are counted: points never matter for merging.
    tricks: bool,
    called_ace: Option<Card>,
}

impl MoveContext {
    pub fn new(rules: &PlayRules, frame: &Frame) -> MoveContext {
        let order = &rules.order;
        let mut groups = [([Card::from_index(0); 14], 0u8); 5];
        let mut sets = [order.trumps(); 5];
        for (i, suit) in Suit::ALL.iter().enumerate() {
            sets[i + 1] = order.group_cards(Group::Plain(*suit));
        }
        for (slot, set) in groups.iter_mut().zip(sets) {
            let mut cards: Vec<Card> = set.into_iter().collect();
            cards.sort_by_key(|c| std::cmp::Reverse(order.power(*c)));
            slot.0[..cards.len()].copy_from_slice(&cards);
            slot.1 = cards.len() as u8;
        }
        let mut beaters = [Cards::EMPTY; 32];
        let mut group_of = [Cards::EMPTY; 32];
        for card in order.deck() {
            let i = card.index() as usize;
            beaters[i] = order
                .deck()
                .into_iter()
                .filter(|&other| order.beats(other, card))
                .collect();
            group_of[i] = order.group_of(card);
        }
        MoveContext {
            groups,
            beaters,
            group_of,
            tricks: frame.measure == Measure::Tricks,
            called_ace: rules.called.map(|c| c.ace),
        }
    }

    /// Whether a seat after the player to move could beat `card` (the best card of the
    /// trick once played). Followers are assumed to play any card they may follow with,
    /// a superset of their legal cards, so `false` is certain.
    #[inline]
    fn beatable(&self, pos: &Position, card: Card, led: Cards) -> bool {
        let seat = pos.to_move();
        let beaters = self.beaters[card.index() as usize];
        for k in 1..(4 - pos.trick_len) {
            let hand = pos.hands[seat.plus(k).index()];
            let follow = hand & led;
            let candidates = if follow.is_empty() { hand } else { follow };
            if !(candidates & beaters).is_empty() {
                return true;
            }
        }
        false
    }

    /// The seat that takes the trick if the player to move plays `card`, when that is
    /// already settled whatever the later players do.
    #[inline]
    fn settled_winner(&self, pos: &Position, card: Card, order: &Order) -> Option<Seat> {
        let seat = pos.to_move();
        let trick = pos.trick();
        let (best, best_seat, led) = match trick.first() {
            None => (card, seat, self.group_of[card.index() as usize]),
            Some(&lead) => {
                let w = order.winner_index(trick);
                let (best, best_seat) = (trick[w], Seat::wrapping(pos.leader + w as u8));
                if order.beats(card, best) {
                    (card, seat, self.group_of[lead.index() as usize])
                } else {
                    (best, best_seat, self.group_of[lead.index() as usize])
                }
            }
        };
        if pos.trick_len == 3 || !self.beatable(pos, best, led) {
            Some(best_seat)
        } else {
            None
        }
    }

    /// The cards to search: one per class of interchangeable legal cards; with `dominance`,
    /// one per class wherever the trick's taker is settled. `rep[card]` is set to the card
    /// whose value each legal card shares (only meaningful without `dominance`).
    pub fn representatives(
        &self,
        pos: &Position,
        legal: Cards,
        rep: &mut [u8; 32],
        frame: &Frame,
        order: &Order,
        dominance: bool,
    ) -> Cards {
        if legal.len() == 1 {
            let card = legal.first().expect("one legal card");
            rep[card.index() as usize] = card.index();
            return legal;
        }
        let me = pos.to_move();
        let mut outside = Cards::EMPTY;
        for (i, h) in pos.hands.iter().enumerate() {
            if i != me.index() {
                outside |= *h;
            }
        }
        for &c in pos.trick() {
            outside.insert(c);
        }
        let maximizing = frame.maximizers.contains(me);
        let mut out = Cards::EMPTY;
        for (cards, len) in &self.groups {
            if (legal & self.group_cards(cards, *len)).is_empty() {
                continue;
            }
            // Walk the group from the top; a class is a run of our legal cards with no
            // outside card between.
            let mut class = [Card::from_index(0); 14];
            let mut n = 0usize;
            for &card in &cards[..*len as usize] {
                let ours = legal.contains(card) && Some(card) != self.called_ace;
                if ours {
                    class[n] = card;
                    n += 1;
                } else if outside.contains(card) || pos.hands[me.index()].contains(card) {
                    out |= self.pick(&class[..n], pos, rep, frame, order, maximizing, dominance);
                    n = 0;
                    if legal.contains(card) {
                        rep[card.index() as usize] = card.index();
                        out.insert(card);
                    }
                }
            }
            out |= self.pick(&class[..n], pos, rep, frame, order, maximizing, dominance);
        }
        out
    }

    fn group_cards(&self, cards: &[Card; 14], len: u8) -> Cards {
        match len {
            0 => Cards::EMPTY,
            _ => self.group_of[cards[0].index() as usize],
        }
    }

    /// The representatives of one class.
    #[allow(clippy::too_many_arguments)]
    fn pick(
        &self,
        class: &[Card],
        pos: &Position,
        rep: &mut [u8; 32],
        frame: &Frame,
        order: &Order,
        maximizing: bool,
        dominance: bool,
    ) -> Cards {
        let Some(&first) = class.first() else {
            return Cards::EMPTY;
        };
        if self.tricks || class.len() == 1 {
            for c in class {
                rep[c.index() as usize] = first.index();
            }
            return first.set();
        }
        if dominance {
            if let Some(winner) = self.settled_winner(pos, first, order) {
                // Points into a counted trick raise the value; the maximisers want them
                // there, the minimisers elsewhere.
                let most = frame.counted.contains(winner) == maximizing;
                let best = if most {
                    class.iter().max_by_key(|c| c.points())
                } else {
                    class.iter().min_by_key(|c| c.points())
                };
                return best.expect("a class is not empty").set();
            }
        }
        // One card per distinct worth.
        let mut out = Cards::EMPTY;
        let mut seen: [Option<Card>; 12] = [None; 12];
        for &c in class {
            let slot = &mut seen[c.points() as usize];
            match slot {
                Some(r) => rep[c.index() as usize] = r.index(),
                None => {
                    *slot = Some(c);
                    rep[c.index() as usize] = c.index();
                    out.insert(c);
                }
            }
        }
        out
    }
}

/// Whether `seat` would like to take tricks itself: in point contracts and Tout everyone
/// does (each side takes points for itself); in Bettel and Ramsch the counted seat wants no
/// tricks and the others want him to take them.
#[inline]
fn wants_tricks(frame: &Frame, seat: Seat) -> bool {
    frame.counted.contains(seat) == frame.maximizers.contains(seat)
}

/// Orders the `cards` to try (representatives) best first into `out`; returns how many.
pub(crate) fn order_moves(
    ctx: &MoveContext,
    rules: &PlayRules,
    frame: &Frame,
    pos: &Position,
    cards: Cards,
    history: &[[u16; 32]; 4],
    out: &mut [Card; 8],
) -> usize {
    let order = &rules.order;
    let seat = pos.to_move();
    let eager = wants_tricks(frame, seat);
    let mine = frame.maximizers.contains(seat);
    let mut keys = [0u32; 8];
    let mut n = 0;
    let trick = pos.trick();
    let (best, led) = if trick.is_empty() {
        (None, Cards::EMPTY)
    } else {
        let w = order.winner_index(trick);
        (
            Some((trick[w], pos.leader + w as u8)),
            ctx.group_of[trick[0].index() as usize],
        )
    };
    for card in cards {
        let pts = card.points() as i32;
        let power = order.power(card) as i32;
        let score: i32 = match best {
            None => {
                let group = ctx.group_of[card.index() as usize];
                let sure = !ctx.beatable(pos, card, group);
                if eager {
                    if sure {
                        1000 + pts
                    } else {
                        500 - 8 * pts - power
                    }
                } else if sure {
                    100 - power
                } else {
                    800 - power
                }
            }
            Some((best_card, best_seat)) => {
                let partner_wins = frame.maximizers.contains(Seat::wrapping(best_seat)) == mine;
                let beats = order.beats(card, best_card);
                if eager {
                    if partner_wins && !beats {
                        if !ctx.beatable(pos, best_card, led) {
                            800 + pts
                        } else {
                            400 - 8 * pts - power
                        }
                    } else if beats {
                        if !ctx.beatable(pos, card, led) {
                            900 - power
                        } else {
                            600 - power
                        }
                    } else {
                        300 - 8 * pts - power
                    }
                } else if !beats {
                    800 + power + 8 * pts
                } else {
                    300 + power
                }
            }
        };
        let h = history[seat.index()][card.index() as usize] as u32;
        keys[n] = ((score + 4096) as u32) << 16 | h;
        out[n] = card;
        n += 1;
    }
    // Insertion sort, best first: at most eight cards.
    for i in 1..n {
        let (k, c) = (keys[i], out[i]);
        let mut j = i;
        while j > 0 && keys[j - 1] < k {
            keys[j] = keys[j - 1];
            out[j] = out[j - 1];
            j -= 1;
        }
        keys[j] = k;
        out[j] = c;
    }
    n
}
