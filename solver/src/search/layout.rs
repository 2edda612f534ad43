//! The search's own card numbering: each group (every plain suit, then the trumps) is a
//! contiguous range of bits in power order, lowest card first, and the trumps are on top.
//!
//! With this layout the rules become bit arithmetic (as DDS does with its rank bitmaps):
//! card `a` beats the best card `b` of a trick iff `a > b` and `a` is of `b`'s group or a
//! trump; the cards that beat `b` are a mask; a run of cards with nothing between them is a
//! run of bits. The layout is built once per search from the contract's [`Order`](crate::order::Order); cards are
//! translated in at the root and out for the answers.
//!
//! Example, Sauspiel, long deck: indices 0..6 are Eichel `E7 E8 E9 EK EZ EA`, 6..12 Gras,
//! 12..12 Herz (every Herz card is a trump), 12..18 Schellen, 18..32 the trumps from `H7` up
//! to `EO` (index 31).

use crate::cards::{Card, Cards, Suit};
use crate::legal::{PlayRules, RunAway};
use crate::order::Group;
use crate::seat::Seat;

/// Group ids: the plain suits by suit number, the trumps last.
pub(crate) const TRUMP: usize = 4;

#[derive(Copy, Clone, Debug)]
pub(crate) struct Called {
    pub ace: u32,
    /// The plain cards of the called suit.
    pub suit: u32,
    pub partner: Seat,
    pub run_away: RunAway,
}

pub(crate) struct Layout {
    to_index: [u8; 32],
    to_card: [Card; 32],
    pub group_mask: [u32; 5],
    /// The lowest card of every group.
    pub group_bottoms: u32,
    /// Per index: the cards of its group.
    group_of: [u32; 32],
    pub points: [u8; 32],
    /// The cards of each point value, from the least worth up (0, 2, 3, 4, 10, 11).
    point_classes: [(u8, u32); 6],
    /// Per index: the cards that beat it when it is the best card of a trick.
    pub beaters: [u32; 32],
    pub called: Option<Called>,
    pub stichzwang: bool,
}

#[inline]
pub(crate) fn bit(i: u8) -> u32 {
    1u32 << i
}

/// The highest set bit of a non-empty mask.
#[inline]
pub(crate) fn top(mask: u32) -> u8 {
    31 - mask.leading_zeros() as u8
}

/// The set bits of a mask, lowest first.
#[inline]
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        Some(i)
    })
}

/// The cards of `mine` above every card of `theirs` (both of one group): they beat all of
/// `theirs` in power order.
#[inline]
pub(crate) fn above_all(mine: u32, theirs: u32) -> u32 {
    if theirs == 0 {
        mine
    } else {
        mine & u32::MAX.checked_shl(top(theirs) as u32 + 1).unwrap_or(0)
    }
}

/// Every bit above the lowest card of `mask` (none for an empty mask): taken with cards of
/// the same group, those that outrank that card.
#[inline]
pub(crate) fn above_lowest(mask: u32) -> u32 {
    let lowest = mask & mask.wrapping_neg();
    !(lowest | lowest.wrapping_sub(1))
}

/// The bits of `x` and of `y` at the places of `mask`, moved down onto the low bits in
/// order (what BMI2's `pext` does), both at once since the moves depend on the mask alone:
/// five rounds, each moving bits right by 1, 2, 4, 8, 16 places as the count of gaps below
/// them says (Hacker's Delight, section 7-4, "compress").
#[inline]
pub(crate) fn gather(mut x: u32, mut y: u32, mut mask: u32) -> (u32, u32) {
    x &= mask;
    y &= mask;
    // Per bit, the parity of the gaps (places outside the mask) below it, round by round.
    let mut gaps = !mask << 1;
    for round in 0..5 {
        let mut odd = gaps ^ (gaps << 1);
        odd ^= odd << 2;
        odd ^= odd << 4;
        odd ^= odd << 8;
        odd ^= odd << 16;
        let moving = odd & mask;
        let by = 1 << round;
        mask = (mask ^ moving) | (moving >> by);
        let t = x & moving;
        x = (x ^ t) | (t >> by);
        let t = y & moving;
        y = (y ^ t) | (t >> by);
        gaps &= !odd;
    }
    (x, y)
}

impl Layout {
    pub fn new(rules: &PlayRules) -> Layout {
        let order = &rules.order;
        let mut to_index = [u8::MAX; 32];
        let mut to_card = [Card::from_index(0); 32];
        let mut group = [0u8; 32];
        let mut group_mask = [0u32; 5];
        let mut points = [0u8; 32];
        let mut next = 0u8;
        let groups = Suit::ALL
            .into_iter()
            .map(Group::Plain)
            .chain(std::iter::once(Group::Trump));
        for (g, grp) in groups.enumerate() {
            let mut cards: Vec<Card> = order.group_cards(grp).into_iter().collect();
            cards.sort_by_key(|c| order.power(*c));
            for card in cards {
                to_index[card.index() as usize] = next;
                to_card[next as usize] = card;
                group[next as usize] = g as u8;
                group_mask[g] |= bit(next);
                points[next as usize] = card.points();
                next += 1;
            }
        }
        let mut group_of = [0u32; 32];
        for i in 0..next {
            group_of[i as usize] = group_mask[group[i as usize] as usize];
        }
        let mut beaters = [0u32; 32];
        for i in 0..next {
            let g = group[i as usize] as usize;
            let above = !((bit(i) - 1) | bit(i));
            beaters[i as usize] = above & (group_mask[g] | group_mask[TRUMP]);
        }
        let called = rules.called.map(|c| Called {
            ace: bit(to_index[c.ace.index() as usize]),
            suit: c
                .suit_cards
                .into_iter()
                .map(|card| bit(to_index[card.index() as usize]))
                .fold(0, |a, b| a | b),
            partner: c.partner,
            run_away: c.run_away,
        });
        Layout {
            to_index,
            to_card,
            group_mask,
            group_bottoms: group_mask
                .iter()
                .fold(0, |b, &m| b | (m & m.wrapping_neg())),
            group_of,
            point_classes: [0u8, 2, 3, 4, 10, 11].map(|p| {
                let mask = (0..next)
                    .filter(|&i| points[i as usize] == p)
                    .fold(0, |m, i| m | bit(i));
                (p, mask)
            }),
            points,
            beaters,
            called,
            stichzwang: rules.stichzwang,
        }
    }

    #[inline]
    pub fn index(&self, card: Card) -> u8 {
        self.to_index[card.index() as usize]
    }

    #[inline]
    pub fn card(&self, index: u8) -> Card {
        self.to_card[index as usize]
    }

    pub fn mask(&self, cards: Cards) -> u32 {
        cards
            .into_iter()
            .map(|c| bit(self.index(c)))
            .fold(0, |a, b| a | b)
    }

    #[cfg(test)]
    pub fn cards(&self, mask: u32) -> Cards {
        bits(mask).map(|i| self.card(i)).collect()
    }

    /// The card points of a set.
    #[inline]
    pub fn points_of(&self, mask: u32) -> u32 {
        bits(mask).map(|i| self.points[i as usize] as u32).sum()
    }

    /// The points of the `k` cards of `hand` worth least (all of them if it holds fewer).
    #[inline]
    pub fn lowest_points(&self, hand: u32, mut k: u32) -> u32 {
        // Mostly settled by the cards worth nothing.
        if (hand & self.point_classes[0].1).count_ones() >= k {
            return 0;
        }
        let mut sum = 0;
        for &(p, mask) in &self.point_classes {
            if k == 0 {
                break;
            }
            let n = (hand & mask).count_ones().min(k);
            sum += n * p as u32;
            k -= n;
        }
        sum
    }

    /// The cards of the group of `index`.
    #[inline]
    pub fn group_of(&self, index: u8) -> u32 {
        self.group_of[index as usize]
    }

    #[inline]
    pub fn beats(&self, a: u8, best: u8) -> bool {
        self.beaters[best as usize] & bit(a) != 0
    }

    /// The place (from 0 to 3) whose card takes a complete trick of `cards` (by place) led
    /// from place `lead`: each card in the order of play against the best so far.
    #[inline]
    pub fn takes(&self, cards: &[u8; 4], lead: usize) -> usize {
        let mut win = lead;
        for k in 1..4 {
            let place = (lead + k) & 3;
            if self.beats(cards[place], cards[win]) {
                win = place;
            }
        }
        win
    }

    /// The legal cards: the same rules as [`PlayRules::legal`], on this layout. `trick` is
    /// the led card and the best card so far, if a trick is open.
    #[inline]
    pub fn legal(&self, seat: Seat, hand: u32, trick: Option<(u8, u8)>, searched: bool) -> u32 {
        let binds = |c: &Called| !searched && seat == c.partner && hand & c.ace != 0;
        let may_run = |c: &Called| match c.run_away {
            RunAway::Dealt(may) => may,
            RunAway::Current(min) => (hand & c.suit).count_ones() >= min as u32,
        };
        let Some((lead, best)) = trick else {
            if let Some(c) = &self.called {
                if binds(c) && !may_run(c) {
                    return (hand & !c.suit) | c.ace;
                }
            }
            return hand;
        };
        let led = self.group_of(lead);
        let follow = hand & led;
        let mut legal = if follow == 0 { hand } else { follow };
        if let Some(c) = &self.called {
            if binds(c) {
                if led == c.suit {
                    return c.ace;
                } else if hand.count_ones() > 1 {
                    legal &= !c.ace;
                }
            }
        }
        if self.stichzwang {
            let beating = legal & self.beaters[best as usize];
            if beating != 0 {
                legal = beating;
            }
        }
        legal
    }
}

/// Test fixtures: layouts and hands written out.
#[cfg(test)]
impl Layout {
    /// The long-deck layout of `contract`, without a called ace's rules or Stichzwang.
    pub(crate) fn of_contract(contract: crate::contract::Contract) -> Layout {
        Layout::new(&PlayRules {
            order: contract.order(crate::cards::Deck::Long),
            called: None,
            stichzwang: false,
        })
    }

    /// A hand written as a list of cards (`"HZ E7"`), as a mask.
    pub(crate) fn hand(&self, text: &str) -> u32 {
        self.mask(
            text.split_whitespace()
                .map(|c| c.parse::<Card>().unwrap())
                .collect::<Cards>(),
        )
    }

    /// Four hands written out ([`Layout::hand`]).
    pub(crate) fn hands(&self, texts: [&str; 4]) -> [u32; 4] {
        texts.map(|t| self.hand(t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::{Contract, Solo};
    use crate::seat::Seat;

    #[test]
    fn lowest_points_sums_the_cards_worth_least() {
        let layout = Layout::of_contract(Contract::Solo {
            declarer: Seat::S0,
            game: Solo::Wenz,
            tout: false,
        });
        let hand = layout.hand("EA EZ GU HO S9");
        // S9 0, GU 2, HO 3, EZ 10, EA 11.
        let sums: Vec<u32> = (0..=6).map(|k| layout.lowest_points(hand, k)).collect();
        assert_eq!(sums, [0, 0, 2, 5, 15, 26, 26]);
    }
}
