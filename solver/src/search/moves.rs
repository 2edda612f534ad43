//! Which cards the search tries, and in which order.
//!
//! * **Merging of equivalent cards** (as DDS does with its "rank equivalence", and the Skat
//!   solvers with "card equivalence"): two legal cards of one hand are interchangeable when
//!   they are of the same group, no card still out (in another hand or on the table) ranks
//!   between them, and they are worth the same (in point contracts). Playing either leads to
//!   isomorphic game trees, so only the highest of each class is searched. The called ace
//!   never merges while its rules bind: it is not interchangeable with any card.
//! * **Move ordering** (DDS `Moves.cpp`, in spirit): cheap rules of thumb per trick position
//!   put the card most likely to cause a cutoff first: cash a sure winner, smear points on
//!   a partner's sure trick, win cheaply, otherwise discard low. Ties are broken by the
//!   history heuristic (Schaeffer 1989): cards that caused cutoffs before come first.

use super::position::Position;
use super::Frame;
use crate::cards::{Card, Cards};
use crate::legal::PlayRules;
use crate::order::Order;
use crate::seat::Seat;

/// Fixed per search: the groups in power order and what the ordering needs to know.
pub(crate) struct MoveContext {
    /// Trumps, then each plain suit: cards from the highest down.
    groups: [([Card; 14], u8); 5],
    /// Whether equal rank is not enough to merge: cards must also be worth the same.
    points_matter: bool,
    called_ace: Option<Card>,
}

impl MoveContext {
    pub fn new(rules: &PlayRules, frame: &Frame) -> MoveContext {
        let order = &rules.order;
        let mut groups = [([Card::from_index(0); 14], 0u8); 5];
        let mut sets = [order.trumps(); 5];
        for (i, suit) in crate::cards::Suit::ALL.iter().enumerate() {
            sets[i + 1] = order.group_cards(crate::order::Group::Plain(*suit));
        }
        for (slot, set) in groups.iter_mut().zip(sets) {
            let mut cards: Vec<Card> = set.into_iter().collect();
            cards.sort_by_key(|c| std::cmp::Reverse(order.power(*c)));
            slot.0[..cards.len()].copy_from_slice(&cards);
            slot.1 = cards.len() as u8;
        }
        MoveContext {
            groups,
            points_matter: frame.measure == crate::contract::Measure::Points,
            called_ace: rules.called.map(|c| c.ace),
        }
    }

    /// One card of each class of equivalent legal cards, and for each legal card the
    /// representative it shares a value with (`rep[card]`).
    pub fn representatives(&self, pos: &Position, legal: Cards, rep: &mut [u8; 32]) -> Cards {
        let me = pos.to_move().index();
        let mut outside = Cards::EMPTY;
        for (i, h) in pos.hands.iter().enumerate() {
            if i != me {
                outside |= *h;
            }
        }
        for &c in pos.trick() {
            outside.insert(c);
        }
        let mut out = Cards::EMPTY;
        for (cards, len) in &self.groups {
            let mut class: Option<Card> = None;
            for &card in &cards[..*len as usize] {
                if legal.contains(card) && Some(card) != self.called_ace {
                    match class {
                        Some(r)
                            if !self.points_matter || r.points() == card.points() =>
                        {
                            rep[card.index() as usize] = r.index();
                        }
                        _ => {
                            class = Some(card);
                            rep[card.index() as usize] = card.index();
                            out.insert(card);
                        }
                    }
                } else if outside.contains(card) || pos.hands[me].contains(card) {
                    // A card still in play that is not ours to play separates classes.
                    class = None;
                    if legal.contains(card) {
                        rep[card.index() as usize] = card.index();
                        out.insert(card);
                    }
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

/// Whether `card`, now the best of the trick, can still be beaten by a seat after `seat`.
#[inline]
fn beatable(order: &Order, pos: &Position, seat: Seat, card: Card, led: Cards) -> bool {
    let played = pos.trick_len as usize + 1;
    for k in 1..=(4 - played) {
        let next = seat.plus(k as u8);
        let hand = pos.hands[next.index()];
        let follows = !hand.intersect(led).is_empty();
        let candidates = if follows { hand.intersect(led) } else { hand };
        if candidates.into_iter().any(|c| order.beats(c, card)) {
            return true;
        }
    }
    false
}

/// Orders the `cards` to try (representatives) best first into `out`; returns how many.
pub(crate) fn order_moves(
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
        (Some((trick[w], pos.leader + w as u8)), order.group_of(trick[0]))
    };
    for card in cards {
        let pts = card.points() as i32;
        let power = order.power(card) as i32;
        let score: i32 = match best {
            None => {
                let group = order.group_of(card);
                let sure = !beatable(order, pos, seat, card, group);
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
                let partner_wins =
                    frame.maximizers.contains(Seat::wrapping(best_seat)) == mine;
                let beats = order.beats(card, best_card);
                if eager {
                    if partner_wins && !beats {
                        if !beatable(order, pos, seat, best_card, led) {
                            800 + pts
                        } else {
                            400 - 8 * pts - power
                        }
                    } else if beats {
                        if !beatable(order, pos, seat, card, led) {
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
