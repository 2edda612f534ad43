//! Legal cards and the reason a card is illegal (RULES.md section 3 and 3.1).
//!
//! [`PlayRules`] is the fixed part of a game that decides legality: the card order, the
//! called-ace constraints of a Sauspiel and Stichzwang. The moving part is passed in: the
//! hand, the cards of the current trick, and one bit of history (has the called suit been
//! searched in an earlier trick). The search calls [`PlayRules::legal`] in its inner loop,
//! so it allocates nothing.

use crate::cards::{Card, Cards};
use crate::error::IllegalReason;
use crate::order::Order;
use crate::seat::Seat;

/// How the partner's right to run away is decided.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RunAway {
    /// Counted in the dealt hand: the answer is fixed for the whole game.
    Dealt(bool),
    /// Counted in the current hand: at least this many plain cards of the called suit,
    /// the ace included.
    Current(u8),
}

/// The called-ace constraints of a Sauspiel.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CalledAce {
    pub ace: Card,
    /// The holder of the ace.
    pub partner: Seat,
    /// The plain cards of the called suit (its Ober and Unter are trumps).
    pub suit_cards: Cards,
    pub run_away: RunAway,
}

impl CalledAce {
    /// Whether the constraints bind `seat` holding `hand` before the suit is searched.
    fn binds(&self, seat: Seat, hand: Cards, searched: bool) -> bool {
        !searched && seat == self.partner && hand.contains(self.ace)
    }

    fn may_run_away(&self, hand: Cards) -> bool {
        match self.run_away {
            RunAway::Dealt(may) => may,
            RunAway::Current(min) => hand.intersect(self.suit_cards).len() >= min as u32,
        }
    }
}

/// Everything fixed during a game that decides which cards are legal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlayRules {
    pub order: Order,
    pub called: Option<CalledAce>,
    /// A follower must beat the best card if he can (Bettel and Ramsch option).
    pub stichzwang: bool,
}

impl PlayRules {
    /// The cards `seat` may play from `hand` to a trick holding `trick` so far.
    ///
    /// `searched` tells whether an earlier, already led trick was led with a plain card of
    /// the called suit (always pass `false` when there is no called ace).
    #[inline]
    pub fn legal(&self, seat: Seat, hand: Cards, trick: &[Card], searched: bool) -> Cards {
        let Some(&lead) = trick.first() else {
            if let Some(c) = &self.called {
                if c.binds(seat, hand, searched) && !c.may_run_away(hand) {
                    // Rule 3: the ace or anything outside the called suit.
                    return hand.without(c.suit_cards).with(c.ace);
                }
            }
            return hand;
        };
        let led = self.order.group_of(lead);
        let follow = hand.intersect(led);
        let mut legal = if follow.is_empty() { hand } else { follow };
        if let Some(c) = &self.called {
            if c.binds(seat, hand, searched) {
                if led == c.suit_cards {
                    // Rule 1: the suit is searched; the ace must come.
                    return c.ace.set();
                } else if hand.len() > 1 {
                    // Rule 2 (rule 5: in the last trick the ace is the only card).
                    legal.remove(c.ace);
                }
            }
        }
        if self.stichzwang {
            let best = trick[self.order.winner_index(trick)];
            let beating: Cards = legal
                .into_iter()
                .filter(|&card| self.order.beats(card, best))
                .collect();
            if !beating.is_empty() {
                legal = beating;
            }
        }
        legal
    }

    /// Why `card` is illegal, or `Ok` when it is legal. Agrees with [`PlayRules::legal`].
    pub fn check(
        &self,
        seat: Seat,
        hand: Cards,
        trick: &[Card],
        searched: bool,
        card: Card,
    ) -> Result<(), IllegalReason> {
        if hand.is_empty() {
            return Err(IllegalReason::HandOver);
        }
        if !hand.contains(card) {
            return Err(IllegalReason::NotHeld { seat });
        }
        if self.legal(seat, hand, trick, searched).contains(card) {
            return Ok(());
        }
        let Some(&lead) = trick.first() else {
            // Only the called-ace rule restricts a lead.
            let ace = self.called.map(|c| c.ace).unwrap_or(card);
            return Err(IllegalReason::MayNotLeadUnderAce { seat, ace });
        };
        let led = self.order.group(lead);
        if let Some(c) = &self.called {
            if c.binds(seat, hand, searched) {
                if self.order.group_of(lead) == c.suit_cards {
                    return Err(IllegalReason::MustPlayCalledAce { seat, ace: c.ace });
                }
                if card == c.ace {
                    return Err(IllegalReason::MayNotDiscardCalledAce { seat, ace: c.ace });
                }
            }
        }
        if !hand.intersect(self.order.group_cards(led)).is_empty() && self.order.group(card) != led
        {
            return Err(IllegalReason::MustFollow { seat, group: led });
        }
        Err(IllegalReason::MustBeat { seat })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Deck, Rank, Suit};
    use crate::contract::Contract;
    use crate::order::Group;

    fn cards(t: &str) -> Cards {
        t.parse().unwrap()
    }
    fn card(t: &str) -> Card {
        t.parse().unwrap()
    }
    fn list(t: &str) -> Vec<Card> {
        t.split_whitespace().map(card).collect()
    }

    fn sauspiel_rules(partner_dealt: Cards, run_away: crate::options::RunAwayCount) -> PlayRules {
        let contract = Contract::sauspiel(Seat::S0, Suit::Gras);
        let order = contract.order(Deck::Long);
        let suit_cards = order.group_cards(Group::Plain(Suit::Gras));
        let run_away = match run_away {
            crate::options::RunAwayCount::Dealt => {
                RunAway::Dealt(partner_dealt.intersect(suit_cards).len() >= 4)
            }
            crate::options::RunAwayCount::Current => RunAway::Current(4),
        };
        PlayRules {
            order,
            called: Some(CalledAce {
                ace: Card::new(Suit::Gras, Rank::Ace),
                partner: Seat::S2,
                suit_cards,
                run_away,
            }),
            stichzwang: false,
        }
    }

    /// RULES.md section 10: the partner of called GA holding GA G9 EK E7 SZ S9 H8 SU.
    #[test]
    fn worked_check_partner_of_called_ace() {
        let hand = cards("GA G9 EK E7 SZ S9 H8 SU");
        let rules = sauspiel_rules(hand, crate::options::RunAwayCount::Dealt);
        let p = Seat::S2;
        assert_eq!(rules.legal(p, hand, &list("GZ"), false), cards("GA"));
        assert_eq!(rules.legal(p, hand, &list("EA"), false), cards("EK E7"));
        assert_eq!(rules.legal(p, hand, &list("HO"), false), cards("H8 SU"));
        assert_eq!(rules.legal(p, hand, &[], false), hand.without(cards("G9")));
        // Once Gras has been searched, every limit ends.
        assert_eq!(rules.legal(p, hand, &[], true), hand);
        assert_eq!(
            rules.legal(p, cards("GA G9"), &list("EA"), true),
            cards("GA G9")
        );
    }

    #[test]
    fn partner_void_in_led_suit_may_not_discard_the_ace() {
        let hand = cards("GA G9 SZ");
        let rules = sauspiel_rules(hand, crate::options::RunAwayCount::Dealt);
        assert_eq!(
            rules.legal(Seat::S2, hand, &list("EA"), false),
            cards("G9 SZ")
        );
        assert_eq!(
            rules.check(Seat::S2, hand, &list("EA"), false, card("GA")),
            Err(IllegalReason::MayNotDiscardCalledAce {
                seat: Seat::S2,
                ace: card("GA")
            })
        );
        // Rule 5: in the last trick the ace is his only card.
        assert_eq!(
            rules.legal(Seat::S2, cards("GA"), &list("EA"), false),
            cards("GA")
        );
    }

    #[test]
    fn running_away_needs_four_called_suit_cards() {
        let hand = cards("GA GK G9 G8 EK E7 SZ S9");
        let dealt = sauspiel_rules(hand, crate::options::RunAwayCount::Dealt);
        assert_eq!(dealt.legal(Seat::S2, hand, &[], false), hand);
        // After discarding G8 the dealt count still allows it; the current count does not.
        let now = hand.without(cards("G8"));
        assert_eq!(dealt.legal(Seat::S2, now, &[], false), now);
        let current = sauspiel_rules(hand, crate::options::RunAwayCount::Current);
        assert_eq!(current.legal(Seat::S2, hand, &[], false), hand);
        assert_eq!(
            current.legal(Seat::S2, now, &[], false),
            now.without(cards("GK G9"))
        );
    }

    #[test]
    fn others_are_never_restricted_by_the_called_ace() {
        let hand = cards("GZ G9 EK");
        let rules = sauspiel_rules(cards("GA"), crate::options::RunAwayCount::Dealt);
        assert_eq!(rules.legal(Seat::S1, hand, &[], false), hand);
        assert_eq!(
            rules.legal(Seat::S1, hand, &list("GK"), false),
            cards("GZ G9")
        );
    }

    #[test]
    fn must_follow_is_named() {
        let rules = sauspiel_rules(cards("GA"), crate::options::RunAwayCount::Dealt);
        let err = rules.check(Seat::S1, cards("S9 SA HO"), &list("SK"), false, card("HO"));
        assert_eq!(err.unwrap_err().to_string(), "seat 1 must follow Schellen");
        let err = rules.check(Seat::S1, cards("S9 HO"), &list("EO"), false, card("S9"));
        assert_eq!(err.unwrap_err().to_string(), "seat 1 must follow trumps");
    }

    #[test]
    fn stichzwang_forces_a_beating_card() {
        let contract = Contract::Bettel {
            declarer: Seat::S0,
            ouvert: false,
            trumps: false,
        };
        let rules = PlayRules {
            order: contract.order(Deck::Long),
            called: None,
            stichzwang: true,
        };
        let hand = cards("EA E7 SZ");
        assert_eq!(rules.legal(Seat::S1, hand, &list("EZ"), false), cards("EA"));
        assert_eq!(
            rules.legal(Seat::S1, hand, &list("EK EZ"), false),
            cards("EA")
        );
        assert_eq!(
            rules.legal(Seat::S1, cards("E7 E8"), &list("EZ"), false),
            cards("E7 E8")
        );
        assert_eq!(
            rules.check(Seat::S1, hand, &list("EZ"), false, card("E7")),
            Err(IllegalReason::MustBeat { seat: Seat::S1 })
        );
    }
}
