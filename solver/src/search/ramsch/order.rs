//! The cards to try at a node: one of each set of equivalent cards, in an order that finds
//! the cut-offs early, and the history of which cards cut off before (Schaeffer 1989).

use super::super::layout::{bit, bits, TRUMP};
use super::{SettlementSearch, State};

/// The cards to try at a node, at most one hand's worth.
pub(crate) struct Moves {
    pub cards: [u8; 8],
    pub len: usize,
}

impl Moves {
    pub fn as_slice(&self) -> &[u8] {
        &self.cards[..self.len]
    }
}

/// Per seat and card, how often the card cut a search off, weighted by the cards left.
pub(crate) type History = [[u32; 32]; 4];

impl SettlementSearch<'_> {
    /// The legal cards, one of each set of equivalent ones: neighbours in one suit of one
    /// hand with no card left between them (any card of the trick counts as left) that
    /// `alike` says are worth the same play alike.
    pub(super) fn representatives(&self, s: &State, alike: impl Fn(u8, u8) -> bool) -> Moves {
        let layout = &self.cx.layout;
        let legal = s.pos.legal(layout);
        let mut present = s.remaining();
        for &c in s.pos.trick() {
            present |= bit(c);
        }
        let mut out = Moves {
            cards: [0; 8],
            len: 0,
        };
        let mut last: Option<u8> = None;
        for c in bits(legal) {
            let same = last.is_some_and(|p| {
                // The cards strictly between p and c (p below c).
                let between = (bit(c) - 1) & !(bit(p) | (bit(p) - 1));
                layout.group_of(c) == layout.group_of(p) && present & between == 0 && alike(p, c)
            });
            last = Some(c);
            if !same {
                out.cards[out.len] = c;
                out.len += 1;
            }
        }
        out
    }

    /// The cards to try, in order: one of each set of equivalent ones, where equal points
    /// make neighbours alike (trumps only under `highest_trump_played`, where the trumps
    /// taken decide no tie); the table's card first.
    pub(super) fn moves(&self, s: &State, first: Option<u8>) -> Moves {
        let merge_trumps = !self.cx.tally_ties();
        let points = &self.cx.layout.points;
        let trumps = self.cx.layout.group_mask[TRUMP];
        let mut out = self.representatives(s, |p, c| {
            points[p as usize] == points[c as usize] && (merge_trumps || bit(c) & trumps == 0)
        });
        let cards = &mut out.cards[..out.len];
        self.order(s, cards);
        if let Some(i) = first.and_then(|f| cards.iter().position(|&c| c == f)) {
            cards[..=i].rotate_right(1);
        }
        out
    }

    /// "Me" sheds points onto tricks he does not take and takes his tricks cheaply; the
    /// others feed points to a trick "me" takes and keep them off their own. In a
    /// Schieberamsch the seat fed is the one whose tricks count for "me" (the seat on his
    /// right), and "me" keeps points off its tricks and puts them on the others'.
    fn order(&self, s: &State, cards: &mut [u8]) {
        let seat = s.to_move();
        let me = self.cx.me;
        let layout = &self.cx.layout;
        let best = s.best();
        let target = self.cx.taker(me);
        let target_hand = s.pos.hands[target.index()];
        let trumps = layout.group_mask[TRUMP];
        let key = |c: u8| -> i32 {
            let points = layout.points[c as usize] as i32;
            let beats = best.is_none_or(|(b, _)| layout.beats(c, b));
            match (seat == me, best) {
                // "Me" leads his trumps first, the highest first: they decide who must
                // take the tricks, and tried first they settle a test soonest
                // (performance-log.md); then his plain cards, the lowest first.
                (true, None) if bit(c) & trumps != 0 => -100 - c as i32,
                (true, None) => c as i32,
                (true, Some(_)) if target == me && !beats => -100 - points,
                (true, Some(_)) if target == me => points,
                // Passed on: the trick's winner after this card decides where points go.
                (true, Some((_, w))) => {
                    let winner = if beats { seat } else { w };
                    if winner == target {
                        points
                    } else {
                        -100 - points
                    }
                }
                // The others lead what the fed seat must follow with higher cards only.
                (false, None) => {
                    let follow = target_hand & layout.group_of(c);
                    if follow != 0 && follow & !layout.beaters[c as usize] == 0 {
                        -100 - points
                    } else {
                        points
                    }
                }
                (false, Some((_, w))) if w == target && !beats => -100 - points,
                (false, Some(_)) if !beats => points - 50,
                (false, Some(_)) => points,
            }
        };
        let history = &self.tables.history[seat.index()];
        let mut keyed = [(0i32, 0u32, 0u8); 8];
        for (k, &c) in keyed.iter_mut().zip(cards.iter()) {
            *k = (key(c), u32::MAX - history[c as usize], c);
        }
        let keyed = &mut keyed[..cards.len()];
        keyed.sort_unstable();
        for (c, k) in cards.iter_mut().zip(keyed.iter()) {
            *c = k.2;
        }
    }

    /// Rewards a card that cut the search off.
    pub(super) fn reward(&mut self, s: &State, card: u8) {
        let left = s.remaining().count_ones();
        self.tables.history[s.to_move().index()][card as usize] += left * left;
    }
}
