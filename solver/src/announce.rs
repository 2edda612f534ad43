//! Which contracts a seat may announce from its hand (RULES.md sections 3.1, 4, 7), and who
//! declares in German Schafkopf (section 8).

use crate::cards::{Card, Cards, Deck, Rank, Suit};
use crate::contract::{holds_sie, CalledRank, Contract, Partners, Solo, Wenzels};
use crate::options::GermanTrump;
use crate::order::Group;
use crate::seat::{BySeat, Seat};

/// The suits whose ace a Sauspiel may call (Herz is trumps).
pub(crate) const CALLABLE: [Suit; 3] = [Suit::Eichel, Suit::Gras, Suit::Schellen];

/// The aces `hand` may call in a Sauspiel: not held, and at least one plain card of the
/// suit held. An empty list means the seat is blocked from the Sauspiel.
///
/// ```
/// use solver::rules::callable_aces;
/// use solver::{Cards, Deck, Suit};
/// let hand: Cards = "EA E7 GO SZ HO HU H9 H8".parse()?;
/// // Eichel: he holds the ace. Gras: only GO, a trump. Schellen: SZ.
/// assert_eq!(callable_aces(hand, Deck::Long), vec![Suit::Schellen]);
/// # Ok::<(), solver::ParseCardsError>(())
/// ```
pub fn callable_aces(hand: Cards, deck: Deck) -> Vec<Suit> {
    CALLABLE
        .into_iter()
        .filter(|&suit| {
            let probe = Contract::sauspiel(Seat::S0, suit);
            let plain = probe.order(deck).group_cards(Group::Plain(suit));
            !hand.contains(Card::new(suit, Rank::Ace)) && !hand.intersect(plain).is_empty()
        })
        .collect()
}

/// The cards a Muss declarer must hold to call `rank` instead of an ace (Renonce, RULES.md
/// section 7): none for an ace, the three callable aces for a ten, their tens too for a
/// king. What a declaration requires, and so what the table knows of his hand once made.
pub(crate) fn renonce_holdings(rank: CalledRank) -> Cards {
    let ranks: &[Rank] = match rank {
        CalledRank::Ace => &[],
        CalledRank::Ten => &[Rank::Ace],
        CalledRank::King => &[Rank::Ace, Rank::Ten],
    };
    ranks
        .iter()
        .flat_map(|&r| CALLABLE.map(|suit| Card::new(suit, r)))
        .collect()
}

/// Whether `hand` may offer a Hochzeit: exactly one trump in the Sauspiel order.
pub fn may_offer_hochzeit(hand: Cards, deck: Deck) -> bool {
    Contract::Ramsch.order(deck).trumps().intersect(hand).len() == 1
}

/// Whether `hand` may offer a Bauernhochzeit where the table plays it
/// (`rules.bauernhochzeit`): exactly two trumps, both given for two non-trumps.
pub fn may_offer_bauernhochzeit(hand: Cards, deck: Deck) -> bool {
    Contract::Ramsch.order(deck).trumps().intersect(hand).len() == 2
}

/// Every Bavarian contract `seat` may announce holding `hand`, lowest class first: each
/// callable ace, every solo-class game and its Tout, Bettel and Bettel ouvert, and Sie when
/// held. (A Hochzeit needs a partner's consent; see [`may_offer_hochzeit`].)
pub fn announceable(seat: Seat, hand: Cards, deck: Deck) -> Vec<Contract> {
    let mut out: Vec<Contract> = callable_aces(hand, deck)
        .into_iter()
        .map(|called| Contract::sauspiel(seat, called))
        .collect();
    for ouvert in [false, true] {
        out.push(Contract::Bettel {
            declarer: seat,
            ouvert,
            trumps: false,
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
    /// The card points of the counted cards (the first tie-break).
    pub points: u32,
}

impl GermanDeclaration {
    /// The declarer's game with his partnership (`partners`: the table's rule, or a solo).
    pub fn contract(&self, wenzels: Wenzels, partners: Partners) -> Contract {
        Contract::German {
            declarer: self.declarer,
            trump: self.trump,
            wenzels,
            forced: self.forced,
            partners,
        }
    }
}

impl std::fmt::Display for GermanDeclaration {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.forced {
            write!(
                f,
                "nobody counts 5 trumps, so seat {} (holding EU) must play a forced game",
                self.declarer
            )
        } else {
            write!(
                f,
                "seat {} with {}: {} trumps, {} points",
                self.declarer,
                self.trump.name(),
                self.count,
                self.points
            )
        }
    }
}

/// What a seat declares in German Schafkopf, comparable: a greater key declares.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct GermanKey {
    count: u32,
    points: u32,
    /// The seed's last tie-break, "the higher trump wins": the rank of the highest Wenzel
    /// held (0 for none, higher is better) ...
    top_wenzel: usize,
    /// ... and, where neither holds one, the higher suit (Eichel first).
    suit_rank: std::cmp::Reverse<u8>,
}

/// A seat's best German declaration and the suit it names. The longest plain suit is
/// named; between equally long suits the one with more points, then the higher suit
/// (Eichel first). Where Schellen are always trumps, Schellen are counted.
fn german_count(hand: Cards, wenzels: Wenzels, rule: GermanTrump) -> (GermanKey, Suit) {
    let held = hand.intersect(wenzels.set());
    let suit_key = |suit: Suit| {
        let cards = hand.of_suit(suit).without(wenzels.set());
        (cards.len(), cards.points(), std::cmp::Reverse(suit as u8))
    };
    let best = match rule {
        GermanTrump::Schellen => Suit::Schellen,
        GermanTrump::Herz => Suit::Herz,
        GermanTrump::Declared => Suit::ALL
            .into_iter()
            .max_by_key(|s| suit_key(*s))
            .unwrap_or(Suit::Eichel),
    };
    let cards = hand.of_suit(best).without(wenzels.set());
    let order = wenzels.cards();
    let top_wenzel = order
        .iter()
        .position(|c| held.contains(*c))
        .map_or(0, |i| order.len() - i);
    let key = GermanKey {
        count: held.len() + cards.len(),
        points: held.points() + cards.points(),
        top_wenzel,
        suit_rank: std::cmp::Reverse(best as u8),
    };
    (key, best)
}

/// Who declares a German Schafkopf deal and with which trump (RULES.md section 8): the
/// highest count of Wenzels plus longest plain suit, at least 5; ties to the higher points of
/// the counted cards, then to the higher trump (the highest Wenzel held; without one, the
/// higher suit). If nobody may declare, the holder of `EU` plays a forced game with his
/// longest suit. Where Schellen are always trumps (`rule`), each counts Wenzels and Schellen.
pub fn german_declaration(
    hands: &BySeat<Cards>,
    wenzels: Wenzels,
    rule: GermanTrump,
) -> GermanDeclaration {
    let counts = BySeat::from_fn(|s| german_count(hands[s], wenzels, rule));
    // Keys of different seats never tie where it matters (a count of 5 or more): two seats
    // with Wenzels differ in their highest, and two without would need five cards each of
    // their suits, so two different suits (a suit has at most 7 plain cards).
    let best = Seat::ALL
        .into_iter()
        .filter(|s| counts[*s].0.count >= 5)
        .max_by_key(|s| counts[*s].0);
    let (declarer, forced) = match best {
        Some(seat) => (seat, false),
        None => {
            let eu = Card::new(Suit::Eichel, Rank::Unter);
            let holder = hands.holder(eu).unwrap_or(Seat::S0);
            (holder, true)
        }
    };
    let (key, trump) = counts[declarer];
    GermanDeclaration {
        declarer,
        trump,
        forced,
        count: key.count,
        points: key.points,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(t: &str) -> Cards {
        t.parse().unwrap()
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
    fn german_declaration_takes_highest_count_then_points() {
        let hands = BySeat([
            cards("EU GU EA EK EZ E9 S7 G7"), // 2 + 4 = 6, Eichel
            cards("HU HA HK HZ H9 H8 H7 S8"), // 1 + 6 = 7, Herz
            cards("SU GA GK GZ G9 G8 SA SK"), // 1 + 5 = 6, Gras
            cards("EO GO HO SO E8 E7 SZ S9"),
        ]);
        let d = german_declaration(&hands, Wenzels::Four, GermanTrump::Declared);
        assert_eq!(
            (d.declarer, d.trump, d.forced, d.count),
            (Seat::S1, Suit::Herz, false, 7)
        );
    }

    #[test]
    fn german_tie_of_count_and_points_goes_to_the_higher_trump() {
        // Seat 0: SU + five Gras, 30 points; seat 1: EU + five Eichel, 30 points. The seed:
        // "if this number is also the same, the higher trump wins": EU over SU.
        let hands = BySeat([
            cards("SU GA GK GO GZ G9 H7 S7"),
            cards("EU EA EK EO EZ E9 H8 S8"),
            cards("GU HA HK HO HZ H9 SA SK"),
            cards("HU G8 G7 E8 E7 SO SZ S9"),
        ]);
        let d = german_declaration(&hands, Wenzels::Four, GermanTrump::Declared);
        assert_eq!(
            (d.declarer, d.trump, d.count, d.points),
            (Seat::S1, Suit::Eichel, 6, 30)
        );
        assert_eq!(d.to_string(), "seat 1 with Eichel: 6 trumps, 30 points");
    }

    #[test]
    fn german_tie_without_wenzels_goes_to_the_higher_suit() {
        // Seats 1 and 2 count five plain cards each with 28 points and no Wenzel (seat 0
        // counts 5 with 8 points).
        let hands = BySeat([
            cards("EU GU HU SU E7 G7 H7 S7"),
            cards("GA GZ GK GO G9 E8 H8 S8"),
            cards("HA HZ HK HO H9 E9 EO S9"),
            cards("EA EZ EK G8 SA SZ SK SO"),
        ]);
        let d = german_declaration(&hands, Wenzels::Four, GermanTrump::Declared);
        assert_eq!((d.declarer, d.trump, d.points), (Seat::S1, Suit::Gras, 28));
    }

    #[test]
    fn german_forced_game_goes_to_eichel_unter() {
        let hands = BySeat([
            cards("EU EA EZ GA GZ HA HZ SA"),
            cards("GU EK EO GK GO HK SZ SK"),
            cards("HU E9 E8 G9 HO H9 SO S9"),
            cards("SU E7 G8 G7 H8 H7 S8 S7"),
        ]);
        let d = german_declaration(&hands, Wenzels::Four, GermanTrump::Declared);
        assert!(d.forced);
        assert_eq!(d.declarer, Seat::S0);
    }
}
