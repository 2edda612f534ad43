//! Suits, ranks, cards and card sets (RULES.md section 1).
//!
//! A [`Card`] is a number in `0..32`: `suit * 8 + rank`, with suits in the order
//! Eichel, Gras, Herz, Schellen and ranks in the order A Z K O U 9 8 7. A [`Cards`] set is
//! a `u32` with bit `card` set, so set algebra is one instruction and the search can keep
//! hands in registers.

use std::fmt;
use std::str::FromStr;

/// A suit. Discriminants are fixed: they are the card numbering.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Suit {
    Eichel = 0,
    Gras = 1,
    Herz = 2,
    Schellen = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Eichel, Suit::Gras, Suit::Herz, Suit::Schellen];

    pub const fn from_index(i: u8) -> Suit {
        match i & 3 {
            0 => Suit::Eichel,
            1 => Suit::Gras,
            2 => Suit::Herz,
            _ => Suit::Schellen,
        }
    }

    /// All eight cards of this suit (printed suit: Obers and Unters included).
    pub const fn cards(self) -> Cards {
        Cards(0xff << (self as u32 * 8))
    }
}

/// Error of parsing a suit letter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSuitError;

impl std::error::Error for ParseSuitError {}

/// A rank. Discriminants are fixed: they are the card numbering.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Rank {
    Ace = 0,
    Ten = 1,
    King = 2,
    Ober = 3,
    Unter = 4,
    Nine = 5,
    Eight = 6,
    Seven = 7,
}

impl Rank {
    pub const ALL: [Rank; 8] = [
        Rank::Ace,
        Rank::Ten,
        Rank::King,
        Rank::Ober,
        Rank::Unter,
        Rank::Nine,
        Rank::Eight,
        Rank::Seven,
    ];

    pub const fn from_index(i: u8) -> Rank {
        match i & 7 {
            0 => Rank::Ace,
            1 => Rank::Ten,
            2 => Rank::King,
            3 => Rank::Ober,
            4 => Rank::Unter,
            5 => Rank::Nine,
            6 => Rank::Eight,
            _ => Rank::Seven,
        }
    }

    /// Card points (Augen).
    pub const fn points(self) -> u8 {
        match self {
            Rank::Ace => 11,
            Rank::Ten => 10,
            Rank::King => 4,
            Rank::Ober => 3,
            Rank::Unter => 2,
            _ => 0,
        }
    }

    /// All four cards of this rank.
    pub const fn cards(self) -> Cards {
        Cards(0x0101_0101 << (self as u32))
    }
}

/// A card: `suit * 8 + rank`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card(suit as u8 * 8 + rank as u8)
    }

    /// The card with this number. `i` must be below 32.
    pub const fn from_index(i: u8) -> Card {
        debug_assert!(i < 32);
        Card(i)
    }

    pub const fn index(self) -> u8 {
        self.0
    }

    pub const fn suit(self) -> Suit {
        Suit::from_index(self.0 >> 3)
    }

    pub const fn rank(self) -> Rank {
        Rank::from_index(self.0 & 7)
    }

    pub const fn points(self) -> u8 {
        self.rank().points()
    }

    pub const fn set(self) -> Cards {
        Cards(1 << self.0)
    }
}

/// Error of parsing card text: the text is not a card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCardError;

impl std::error::Error for ParseCardError {}

/// A set of cards as a 32-bit set.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Cards(pub u32);

impl Cards {
    pub const EMPTY: Cards = Cards(0);
    pub const ALL: Cards = Cards(u32::MAX);
    /// The four Obers.
    pub const OBERS: Cards = Rank::Ober.cards();
    /// The four Unters.
    pub const UNTERS: Cards = Rank::Unter.cards();

    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.0) != 0
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub const fn union(self, other: Cards) -> Cards {
        Cards(self.0 | other.0)
    }
    pub const fn intersect(self, other: Cards) -> Cards {
        Cards(self.0 & other.0)
    }
    pub const fn without(self, other: Cards) -> Cards {
        Cards(self.0 & !other.0)
    }
    pub const fn with(self, card: Card) -> Cards {
        Cards(self.0 | 1 << card.0)
    }
    pub const fn is_subset(self, other: Cards) -> bool {
        self.0 & !other.0 == 0
    }
    /// The card with the lowest number, if any.
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card(self.0.trailing_zeros() as u8))
        }
    }
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.0;
    }
    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.0);
    }
    /// Sum of the card points.
    pub fn points(self) -> u32 {
        self.into_iter().map(|c| c.points() as u32).sum()
    }
    /// Cards of one printed suit (Obers and Unters included).
    pub const fn of_suit(self, suit: Suit) -> Cards {
        self.intersect(suit.cards())
    }
}

impl IntoIterator for Cards {
    type Item = Card;
    type IntoIter = CardsIter;
    fn into_iter(self) -> CardsIter {
        CardsIter(self.0)
    }
}

/// Iterates a card set from the lowest card number up.
#[derive(Clone, Debug)]
pub struct CardsIter(u32);

impl Iterator for CardsIter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let card = Card(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(card)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardsIter {}

impl FromIterator<Card> for Cards {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Cards {
        let mut set = Cards::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

impl std::ops::BitOr for Cards {
    type Output = Cards;
    fn bitor(self, rhs: Cards) -> Cards {
        self.union(rhs)
    }
}

impl std::ops::BitAnd for Cards {
    type Output = Cards;
    fn bitand(self, rhs: Cards) -> Cards {
        self.intersect(rhs)
    }
}

impl std::ops::Not for Cards {
    type Output = Cards;
    fn not(self) -> Cards {
        Cards(!self.0)
    }
}

impl std::ops::BitOrAssign for Cards {
    fn bitor_assign(&mut self, rhs: Cards) {
        self.0 |= rhs.0;
    }
}

impl std::ops::BitAndAssign for Cards {
    fn bitand_assign(&mut self, rhs: Cards) {
        self.0 &= rhs.0;
    }
}

/// Prints the cards space-separated, by suit, each suit in card-number order (A Z K O U 9 8 7).
impl fmt::Display for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.into_iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cards[{self}]")
    }
}

/// The pack in play: 32 cards, 24 without the 8s and 7s (Kurzer Schafkopf), 20 without
/// the 9s too, or Kop's 16: the aces, tens, Obers and Unters.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Deck {
    #[default]
    Long,
    Short,
    Twenty,
    Kop,
}

impl Deck {
    pub const ALL: [Deck; 4] = [Deck::Long, Deck::Short, Deck::Twenty, Deck::Kop];

    pub const fn cards(self) -> Cards {
        match self {
            Deck::Long => Cards::ALL,
            Deck::Short => Cards(!(Rank::Eight.cards().0 | Rank::Seven.cards().0)),
            Deck::Twenty => {
                Cards(!(Rank::Nine.cards().0 | Rank::Eight.cards().0 | Rank::Seven.cards().0))
            }
            Deck::Kop => Cards(
                Rank::Ace.cards().0
                    | Rank::Ten.cards().0
                    | Rank::Ober.cards().0
                    | Rank::Unter.cards().0,
            ),
        }
    }
    /// The pack's card points: 120, or Kop's 104 (26 a suit without the kings).
    pub const fn points(self) -> u32 {
        match self {
            Deck::Long | Deck::Short | Deck::Twenty => 120,
            Deck::Kop => 104,
        }
    }
    /// Cards per hand, and tricks per game.
    pub const fn hand_size(self) -> usize {
        match self {
            Deck::Long => 8,
            Deck::Short => 6,
            Deck::Twenty => 5,
            Deck::Kop => 4,
        }
    }
    pub const fn name(self) -> &'static str {
        match self {
            Deck::Long => "long",
            Deck::Short => "short",
            Deck::Twenty => "twenty",
            Deck::Kop => "kop",
        }
    }
}

/// Error of parsing a set of cards: the token that is no card, or the card given twice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseCardsError {
    NotACard(String),
    Twice(Card),
}

impl fmt::Display for ParseCardsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseCardsError::NotACard(token) => write!(f, "'{token}' is not a card"),
            ParseCardsError::Twice(card) => write!(f, "card {card} appears twice"),
        }
    }
}

impl std::error::Error for ParseCardsError {}

/// A set of cards from whitespace-separated card text (`"EA E7 HO"`): each token a card
/// ([`Card`]'s text), none twice.
impl FromStr for Cards {
    type Err = ParseCardsError;

    fn from_str(text: &str) -> Result<Cards, ParseCardsError> {
        let mut cards = Cards::EMPTY;
        for token in text.split_whitespace() {
            let card: Card = token
                .parse()
                .map_err(|_| ParseCardsError::NotACard(token.to_string()))?;
            if cards.contains(card) {
                return Err(ParseCardsError::Twice(card));
            }
            cards.insert(card);
        }
        Ok(cards)
    }
}

/// A value as its text (a `serialize_with` of answers: a card, a rule broken), written in
/// the answer's pack.
pub(crate) fn as_text<S: serde::Serializer>(
    value: &impl std::fmt::Display,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// A card set as card text, in card order (a `serialize_with` of answers).
pub(crate) fn cards_set_text<S: serde::Serializer>(cards: &Cards, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(
        &cards
            .into_iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" "),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_text_round_trips_for_every_card() {
        for i in 0..32 {
            let card = Card::from_index(i);
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            assert_eq!(card.to_string().to_lowercase().parse::<Card>(), Ok(card));
        }
    }

    #[test]
    fn ten_has_three_spellings_and_prints_as_z() {
        for text in ["SZ", "sz", "S10", "s10", "SX", "sx"] {
            assert_eq!(text.parse::<Card>().unwrap().to_string(), "SZ", "{text}");
        }
        for bad in ["", "S", "S1", "SZZ", "QA", "S 7", "11"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }

    #[test]
    fn points_sum_to_120_in_both_decks() {
        assert_eq!(Deck::Long.cards().points(), 120);
        assert_eq!(Deck::Short.cards().points(), 120);
        assert_eq!(Deck::Short.cards().len(), 24);
        assert_eq!(Deck::Twenty.cards().points(), 120);
        assert_eq!(Deck::Kop.cards().points(), 104);
        assert_eq!(Deck::Kop.cards().len(), 16);
        for deck in Deck::ALL {
            assert_eq!(deck.cards().points(), deck.points(), "{deck:?}");
        }
        assert_eq!(Deck::Twenty.cards().len(), 20);
        for suit in Suit::ALL {
            assert_eq!(suit.cards().points(), 30);
        }
    }

    #[test]
    fn set_iterates_in_card_order() {
        let set: Cards = ["S7", "EA", "HO"]
            .iter()
            .map(|t| t.parse::<Card>().unwrap())
            .collect();
        assert_eq!(set.to_string(), "EA HO S7");
        assert_eq!(set.len(), 3);
        assert_eq!(set.points(), 14);
    }
}

#[cfg(test)]
mod parse_cards {
    use super::*;

    #[test]
    fn card_sets_read_from_text_and_faults_are_named() {
        let hand: Cards = "EA e7 S10 hx".parse().unwrap();
        assert_eq!(hand.len(), 4);
        assert!(hand.contains("HZ".parse().unwrap()));
        assert_eq!(
            "EA E1".parse::<Cards>(),
            Err(ParseCardsError::NotACard("E1".to_string()))
        );
        let twice = "EA ea".parse::<Cards>().unwrap_err();
        assert_eq!(twice.to_string(), "card EA appears twice");
        assert!(ParseCardError.to_string().starts_with("not a card"));
        assert!(ParseSuitError.to_string().starts_with("not a suit"));
    }
}
