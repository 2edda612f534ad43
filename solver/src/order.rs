//! Card orders: which cards are trumps, and how every card ranks in its group
//! (RULES.md section 2).
//!
//! An [`Order`] is plain data built once per contract, so one legal-move generator and one
//! search serve every contract. Each card gets a *power*; trumps rank above every plain
//! card, and a plain card only competes within its printed suit.

use crate::cards::{Card, Cards, Deck, Rank, Suit};

/// The group a card belongs to for following suit: the trumps, or one plain suit.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    Trump,
    Plain(Suit),
}

impl Group {
    /// Name used in messages: "trumps", "Schellen".
    pub fn name(self) -> &'static str {
        match self {
            Group::Trump => "trumps",
            Group::Plain(suit) => suit.name(),
        }
    }
}

/// The trump set and the rank of each card within its group for one contract and deck.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Order {
    trumps: Cards,
    /// Per card: a higher number beats a lower one in the same group. Trumps start at 64.
    power: [u8; 32],
    /// Trumps from the highest down (only the first `trump_count` are meaningful).
    trump_list: [Card; 14],
    trump_count: u8,
    deck: Cards,
}

const TRUMP_BASE: u8 = 64;

impl Order {
    /// Builds an order: `top` are the highest trumps in order (Obers and Unters), then the
    /// cards of `trump_suit` in `plain` rank order; every other card ranks in `plain` order
    /// within its printed suit.
    pub fn new(top: &[Card], trump_suit: Option<Suit>, plain: &[Rank], deck: Deck) -> Order {
        let deck_cards = deck.cards();
        let top_set: Cards = top.iter().copied().collect();
        let mut trump_list = [Card::from_index(0); 14];
        let mut trump_count = 0usize;
        let mut push = |card: Card| {
            if deck_cards.contains(card) {
                trump_list[trump_count] = card;
                trump_count += 1;
            }
        };
        for &card in top {
            push(card);
        }
        if let Some(suit) = trump_suit {
            for &rank in plain {
                let card = Card::new(suit, rank);
                if !top_set.contains(card) {
                    push(card);
                }
            }
        }
        let trumps: Cards = trump_list[..trump_count].iter().copied().collect();
        let mut power = [0u8; 32];
        for (i, card) in trump_list[..trump_count].iter().enumerate() {
            power[card.index() as usize] = TRUMP_BASE + (trump_count - i) as u8;
        }
        for suit in Suit::ALL {
            for (i, &rank) in plain.iter().enumerate() {
                let card = Card::new(suit, rank);
                if !trumps.contains(card) && deck_cards.contains(card) {
                    power[card.index() as usize] = (plain.len() - i) as u8;
                }
            }
        }
        Order {
            trumps,
            power,
            trump_list,
            trump_count: trump_count as u8,
            deck: deck_cards,
        }
    }

    pub fn trumps(&self) -> Cards {
        self.trumps
    }

    /// The cards of the deck.
    pub fn deck(&self) -> Cards {
        self.deck
    }

    /// Trumps from the highest down.
    pub fn trump_list(&self) -> &[Card] {
        &self.trump_list[..self.trump_count as usize]
    }

    pub fn is_trump(&self, card: Card) -> bool {
        self.trumps.contains(card)
    }

    pub fn group(&self, card: Card) -> Group {
        if self.is_trump(card) {
            Group::Trump
        } else {
            Group::Plain(card.suit())
        }
    }

    /// All cards of a group in this deck.
    pub fn group_cards(&self, group: Group) -> Cards {
        match group {
            Group::Trump => self.trumps,
            Group::Plain(suit) => suit.cards().without(self.trumps).intersect(self.deck),
        }
    }

    /// The cards of the group of `card`.
    pub fn group_of(&self, card: Card) -> Cards {
        self.group_cards(self.group(card))
    }

    pub fn power(&self, card: Card) -> u8 {
        self.power[card.index() as usize]
    }

    /// `hand` as a player sorts it for the contract: the trumps from the highest, then each
    /// plain suit (Eichel, Gras, Herz, Schellen) from its highest card.
    pub fn sorted(&self, hand: Cards) -> Vec<Card> {
        let mut cards: Vec<Card> = hand.into_iter().collect();
        cards.sort_by_key(|&c| {
            let suit_place = match self.group(c) {
                Group::Trump => 0,
                Group::Plain(suit) => 1 + suit as u8,
            };
            (suit_place, std::cmp::Reverse(self.power(c)))
        });
        cards
    }

    /// Whether `card` beats `best`, the best card so far of a trick led in group `led`.
    pub fn beats(&self, card: Card, best: Card) -> bool {
        let (c, b) = (self.is_trump(card), self.is_trump(best));
        match (c, b) {
            (true, false) => true,
            (false, true) => false,
            (true, true) => self.power(card) > self.power(best),
            // Neither is trump: best is of the led suit; only a higher card of it wins.
            (false, false) => card.suit() == best.suit() && self.power(card) > self.power(best),
        }
    }

    /// The position (0-based) of the winning card in a complete or partial trick.
    pub fn winner_index(&self, cards: &[Card]) -> usize {
        let mut best = 0;
        for i in 1..cards.len() {
            if self.beats(cards[i], cards[best]) {
                best = i;
            }
        }
        best
    }
}

/// The Obers then Unters, each Eichel, Gras, Herz, Schellen.
pub(crate) const OBERS_UNTERS: [Card; 8] = [
    Card::new(Suit::Eichel, Rank::Ober),
    Card::new(Suit::Gras, Rank::Ober),
    Card::new(Suit::Herz, Rank::Ober),
    Card::new(Suit::Schellen, Rank::Ober),
    Card::new(Suit::Eichel, Rank::Unter),
    Card::new(Suit::Gras, Rank::Unter),
    Card::new(Suit::Herz, Rank::Unter),
    Card::new(Suit::Schellen, Rank::Unter),
];

use Rank::*;

/// Plain order of Sauspiel, Farbsolo, Ramsch, Hochzeit.
pub(crate) const PLAIN_NORMAL: [Rank; 6] = [Ace, Ten, King, Nine, Eight, Seven];
/// Wenz: the Ober ranks between King and Nine.
pub(crate) const PLAIN_WENZ: [Rank; 7] = [Ace, Ten, King, Ober, Nine, Eight, Seven];
/// Geier: the Unter ranks between King and Nine.
pub(crate) const PLAIN_GEIER: [Rank; 7] = [Ace, Ten, King, Unter, Nine, Eight, Seven];
/// König: the kings are trumps; Ober and Unter rank between the ten and the nine.
pub(crate) const PLAIN_KOENIG: [Rank; 7] = [Ace, Ten, Ober, Unter, Nine, Eight, Seven];
/// Eisenbahner: the tens are trumps; the rest in the natural order.
pub(crate) const PLAIN_EISENBAHNER: [Rank; 7] = [Ace, King, Ober, Unter, Nine, Eight, Seven];
/// The kings, highest first (E, G, H, S as the Unters in a Wenz).
pub(crate) const KINGS: [Card; 4] = [
    Card::new(Suit::Eichel, King),
    Card::new(Suit::Gras, King),
    Card::new(Suit::Herz, King),
    Card::new(Suit::Schellen, King),
];
/// The tens, highest first.
pub(crate) const TENS: [Card; 4] = [
    Card::new(Suit::Eichel, Ten),
    Card::new(Suit::Gras, Ten),
    Card::new(Suit::Herz, Ten),
    Card::new(Suit::Schellen, Ten),
];
/// Bettel: the natural order, the ten between Unter and Nine.
pub(crate) const PLAIN_BETTEL: [Rank; 8] = [Ace, King, Ober, Unter, Ten, Nine, Eight, Seven];
/// German Schafkopf: the ten between Ober and Nine (Unters and taken Obers are Wenzels).
pub(crate) const PLAIN_GERMAN: [Rank; 8] = [Ace, King, Ober, Unter, Ten, Nine, Eight, Seven];

#[cfg(test)]
mod tests {
    use super::*;

    fn card(t: &str) -> Card {
        t.parse().unwrap()
    }

    #[test]
    fn normal_order_has_fourteen_trumps_and_covers_the_deck() {
        let o = Order::new(&OBERS_UNTERS, Some(Suit::Herz), &PLAIN_NORMAL, Deck::Long);
        assert_eq!(o.trumps().len(), 14);
        let names: Vec<String> = o.trump_list().iter().map(|c| c.to_string()).collect();
        assert_eq!(names.join(" "), "EO GO HO SO EU GU HU SU HA HZ HK H9 H8 H7");
        for i in 0..32 {
            assert!(o.power(Card::from_index(i)) > 0, "{}", Card::from_index(i));
        }
        assert!(o.beats(card("SU"), card("EA")));
        assert!(!o.beats(card("GA"), card("E7")));
        assert!(o.beats(card("EA"), card("EZ")));
    }

    #[test]
    fn short_deck_drops_eights_and_sevens() {
        let o = Order::new(&OBERS_UNTERS, Some(Suit::Herz), &PLAIN_NORMAL, Deck::Short);
        assert_eq!(o.trumps().len(), 12);
        assert_eq!(
            o.group_cards(Group::Plain(Suit::Eichel)).to_string(),
            "EA EZ EK E9"
        );
    }

    #[test]
    fn a_hand_is_sorted_trumps_first_then_each_suit() {
        let hand: Cards = "EO GO HA HZ HO HU H9 SA EK GU"
            .split_whitespace()
            .map(|c| c.parse::<Card>().unwrap())
            .collect();
        let sauspiel = crate::contract::Contract::sauspiel(crate::seat::Seat::S0, Suit::Gras);
        let text = |order: Order| -> Vec<String> {
            order.sorted(hand).iter().map(|c| c.to_string()).collect()
        };
        assert_eq!(
            text(sauspiel.order(Deck::Long)).join(" "),
            "EO GO HO GU HU HA HZ H9 EK SA"
        );
        let wenz = crate::contract::Contract::Solo {
            declarer: crate::seat::Seat::S0,
            game: crate::contract::Solo::Wenz,
            tout: false,
        };
        assert_eq!(
            text(wenz.order(Deck::Long)).join(" "),
            "GU HU EK EO GO HA HZ HO H9 SA"
        );
    }
}
