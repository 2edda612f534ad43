//! Which contracts a seat may announce from its hand (RULES.md sections 3.1, 4, 7), and who
//! declares in German Schafkopf (section 8).

use crate::cards::{Card, Cards, Deck, Rank, Suit};
use crate::contract::{holds_sie, Contract, Solo, Wenzels};
use crate::order::Group;
use crate::seat::{BySeat, Seat};

/// The aces `hand` may call in a Sauspiel: not held, and at least one plain card of the
/// suit held. An empty list means the seat is blocked from the Sauspiel.
///
/// ```
/// use solver::{callable_aces, Cards, Card, Deck, Suit};
/// let hand: Cards = "EA E7 GO SZ HO HU H9 H8".split(' ').map(|c| c.parse::<Card>().unwrap()).collect();
/// // Eichel: he holds the ace. Gras: only GO, a trump. Schellen: SZ.
/// assert_eq!(callable_aces(hand, Deck::Long), vec![Suit::Schellen]);
/// ```
pub fn callable_aces(hand: Cards, deck: Deck) -> Vec<Suit> {
    [Suit::Eichel, Suit::Gras, Suit::Schellen]
        .into_iter()
        .filter(|&suit| {
            let probe = Contract::Sauspiel {
                declarer: Seat::S0,
                called: suit,
            };
            let plain = probe.order(deck).group_cards(Group::Plain(suit));
            !hand.contains(Card::new(suit, Rank::Ace)) && !hand.intersect(plain).is_empty()
        })
        .collect()
}

/// Whether `hand` may offer a Hochzeit: exactly one trump in the Sauspiel order.
pub fn may_offer_hochzeit(hand: Cards, deck: Deck) -> bool {
    Contract::Ramsch.order(deck).trumps().intersect(hand).len() == 1
}

/// Every Bavarian contract `seat` may announce holding `hand`, lowest class first: each
/// callable ace, every solo-class game and its Tout, Bettel and Bettel ouvert, and Sie when
/// held. (A Hochzeit needs a partner's consent; see [`may_offer_hochzeit`].)
pub fn announceable(seat: Seat, hand: Cards, deck: Deck) -> Vec<Contract> {
    let mut out: Vec<Contract> = callable_aces(hand, deck)
        .into_iter()
        .map(|called| Contract::Sauspiel {
            declarer: seat,
            called,
        })
        .collect();
    for ouvert in [false, true] {
        out.push(Contract::Bettel {
            declarer: seat,
            ouvert,
        });
    }
    for tout in [false, true] {
        out.extend(Solo::all().map(|game| Contract::Solo {
            declarer: seat,
            game,
            tout,
        }));
    }
    if holds_sie(hand, deck) {
        out.push(Contract::Sie { declarer: seat });
    }
    out
}

/// The declaration of a German Schafkopf deal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GermanDeclaration {
    pub declarer: Seat,
    pub trump: Suit,
    /// Nobody reached a count of 5: the holder of EU must play.
    pub forced: bool,
    /// The declarer's count: Wenzels held plus the length of the trump suit.
    pub count: u32,
}

impl GermanDeclaration {
    pub fn contract(&self, wenzels: Wenzels) -> Contract {
        Contract::German {
            declarer: self.declarer,
            trump: self.trump,
            wenzels,
            forced: self.forced,
        }
    }
}

/// A seat's best German declaration: (count, points of the counted cards, suit). The
/// longest plain suit is named; between equally long suits the one with more points, then
/// the higher suit (Eichel first).
fn german_count(hand: Cards, wenzels: Wenzels) -> (u32, u32, Suit) {
    let held = hand.intersect(wenzels.set());
    let suit_key = |suit: Suit| {
        let cards = hand.of_suit(suit).without(wenzels.set());
        (cards.len(), cards.points(), std::cmp::Reverse(suit as u8))
    };
    let best = Suit::ALL
        .into_iter()
        .max_by_key(|s| suit_key(*s))
        .unwrap_or(Suit::Eichel);
    let cards = hand.of_suit(best).without(wenzels.set());
    (
        held.len() + cards.len(),
        held.points() + cards.points(),
        best,
    )
}

/// Who declares a German Schafkopf deal and with which trump (RULES.md section 8): the
/// highest count of Wenzels plus longest plain suit, at least 5; ties to the higher points of
/// the counted cards, then the earlier seat. If nobody may declare, the holder of `EU` plays
/// a forced game with his longest suit.
pub fn german_declaration(hands: &BySeat<Cards>, wenzels: Wenzels) -> GermanDeclaration {
    let counts = BySeat::from_fn(|s| german_count(hands[s], wenzels));
    let mut best: Option<Seat> = None;
    for seat in Seat::ALL {
        let (count, points, _) = counts[seat];
        if count < 5 {
            continue;
        }
        let better = match best {
            None => true,
            Some(b) => (count, points) > (counts[b].0, counts[b].1),
        };
        if better {
            best = Some(seat);
        }
    }
    let (declarer, forced) = match best {
        Some(seat) => (seat, false),
        None => {
            let eu = Card::new(Suit::Eichel, Rank::Unter);
            let holder = Seat::ALL
                .into_iter()
                .find(|s| hands[*s].contains(eu))
                .unwrap_or(Seat::S0);
            (holder, true)
        }
    };
    GermanDeclaration {
        declarer,
        trump: counts[declarer].2,
        forced,
        count: counts[declarer].0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(t: &str) -> Cards {
        t.split_whitespace()
            .map(|c| c.parse::<Card>().unwrap())
            .collect()
    }

    #[test]
    fn blocked_player_can_call_no_ace() {
        // Holds every callable ace or no plain card of the suit.
        let hand = cards("EA GA SO SU HA HZ H9 H8");
        assert!(callable_aces(hand, Deck::Long).is_empty());
        let list = announceable(Seat::S1, hand, Deck::Long);
        assert!(list.iter().all(|c| !matches!(c, Contract::Sauspiel { .. })));
        // 2 Bettel + 14 solos + 14 Touts.
        assert_eq!(list.len(), 30);
    }

    #[test]
    fn sie_is_offered_only_to_its_holder() {
        let hand = cards("EO GO HO SO EU GU HU SU");
        let list = announceable(Seat::S2, hand, Deck::Long);
        assert_eq!(list.last(), Some(&Contract::Sie { declarer: Seat::S2 }));
        assert!(
            !announceable(Seat::S2, cards("EA GA SO SU HA HZ H9 H8"), Deck::Long)
                .contains(&Contract::Sie { declarer: Seat::S2 })
        );
    }

    #[test]
    fn hochzeit_needs_exactly_one_trump() {
        assert!(may_offer_hochzeit(
            cards("EA EZ GA GZ SA SZ SK H7"),
            Deck::Long
        ));
        assert!(!may_offer_hochzeit(
            cards("EA EZ GA GZ SA SZ HK H7"),
            Deck::Long
        ));
    }

    #[test]
    fn german_declaration_takes_highest_count_then_points_then_seat() {
        let hands = BySeat([
            cards("EU GU EA EK EZ E9 S7 G7"), // 2 + 4 = 6, Eichel
            cards("HU HA HK HZ H9 H8 H7 S8"), // 1 + 6 = 7, Herz
            cards("SU GA GK GZ G9 G8 SA SK"), // 1 + 5 = 6, Gras
            cards("EO GO HO SO E8 E7 SZ S9"),
        ]);
        let d = german_declaration(&hands, Wenzels::Four);
        assert_eq!(
            (d.declarer, d.trump, d.forced, d.count),
            (Seat::S1, Suit::Herz, false, 7)
        );
    }

    #[test]
    fn german_forced_game_goes_to_eichel_unter() {
        let hands = BySeat([
            cards("EU EA EZ GA GZ HA HZ SA"),
            cards("GU EK EO GK GO HK SZ SK"),
            cards("HU E9 E8 G9 HO H9 SO S9"),
            cards("SU E7 G8 G7 H8 H7 S8 S7"),
        ]);
        let d = german_declaration(&hands, Wenzels::Four);
        assert!(d.forced);
        assert_eq!(d.declarer, Seat::S0);
    }
}
