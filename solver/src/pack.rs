//! How cards are written (RULES.md section 1): the German pack's letters, which the
//! program has always used (`EO`, `SZ`), or the French pack's (`CQ`, `D10`, or with the
//! suit symbols `♣Q`, `♦10`). The cards are the same 32 either way: Clubs are Eichel,
//! Spades Gras, Hearts Herz, Diamonds Schellen; the Queen is the Ober, the Jack the Unter.
//!
//! The pack card text is read and written in is the process's ([`Pack::set_default`]: the
//! command line's `--pack`; German unless set), or a thread's for a stretch of work
//! ([`Pack::scope`]: a record's `pack`, the service's `?pack=`). Every `Display` and
//! `FromStr` of cards and suits follows it, so messages, tables and JSON all speak the
//! pack asked for.

use crate::cards::{Card, ParseCardError, ParseSuitError, Rank, Suit};
use std::cell::Cell;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicU8, Ordering};

/// A way of writing cards.
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[repr(u8)]
pub enum Pack {
    /// Eichel, Gras, Herz, Schellen: `EO GU HA SZ` (the ten also read as `10` or `X`).
    #[default]
    German,
    /// Clubs, Spades, Hearts, Diamonds: `CQ SJ HA D10` (read also with the symbols, and
    /// with the German names' letters D for the Queen and B for the Jack).
    French,
    /// The French pack written with the suit symbols: `♣Q ♠J ♥A ♦10` (read as `french`).
    Symbols,
}

/// The process's pack (a `Pack` as its index in [`Pack::ALL`]).
static DEFAULT: AtomicU8 = AtomicU8::new(0);

thread_local! {
    /// This thread's pack inside a [`Pack::scope`].
    static SCOPED: Cell<Option<Pack>> = const { Cell::new(None) };
}

/// Puts the thread's pack before a scope back when the scope ends, however it ends.
struct Restore(Option<Pack>);

impl Drop for Restore {
    fn drop(&mut self) {
        SCOPED.with(|c| c.set(self.0));
    }
}

impl Pack {
    pub const ALL: [Pack; 3] = [Pack::German, Pack::French, Pack::Symbols];

    /// The pack this thread reads and writes card text in: its scope's, else the
    /// process's.
    pub fn current() -> Pack {
        SCOPED
            .with(Cell::get)
            .unwrap_or(Pack::ALL[DEFAULT.load(Ordering::Relaxed) as usize % 3])
    }

    /// Sets the process's pack, for every thread outside a scope (the command line's
    /// `--pack`, set once before any work starts).
    pub fn set_default(self) {
        DEFAULT.store(self as u8, Ordering::Relaxed);
    }

    /// Runs `f` with card text read and written in this pack on this thread.
    pub fn scope<R>(self, f: impl FnOnce() -> R) -> R {
        let _restore = Restore(SCOPED.with(|c| c.replace(Some(self))));
        f()
    }

    pub fn name(self) -> &'static str {
        match self {
            Pack::German => "german",
            Pack::French => "french",
            Pack::Symbols => "symbols",
        }
    }

    /// The pack of this name (`german`, `french`, `symbols`; any case).
    pub fn from_name(text: &str) -> Option<Pack> {
        let lower = text.to_lowercase();
        Pack::ALL.into_iter().find(|p| p.name() == lower)
    }

    /// The record's `pack` field for card text written in this pack: none for German,
    /// the default.
    pub fn recorded(self) -> Option<Pack> {
        (self != Pack::German).then_some(self)
    }

    /// The suit as this pack writes it.
    pub const fn suit_text(self, suit: Suit) -> &'static str {
        match (self, suit) {
            (Pack::German, s) => match s {
                Suit::Eichel => "E",
                Suit::Gras => "G",
                Suit::Herz => "H",
                Suit::Schellen => "S",
            },
            (Pack::French, s) => match s {
                Suit::Eichel => "C",
                Suit::Gras => "S",
                Suit::Herz => "H",
                Suit::Schellen => "D",
            },
            (Pack::Symbols, s) => match s {
                Suit::Eichel => "♣",
                Suit::Gras => "♠",
                Suit::Herz => "♥",
                Suit::Schellen => "♦",
            },
        }
    }

    /// The rank as this pack writes it.
    pub const fn rank_text(self, rank: Rank) -> &'static str {
        match (self, rank) {
            (_, Rank::Ace) => "A",
            (Pack::German, Rank::Ten) => "Z",
            (_, Rank::Ten) => "10",
            (_, Rank::King) => "K",
            (Pack::German, Rank::Ober) => "O",
            (_, Rank::Ober) => "Q",
            (Pack::German, Rank::Unter) => "U",
            (_, Rank::Unter) => "J",
            (_, Rank::Nine) => "9",
            (_, Rank::Eight) => "8",
            (_, Rank::Seven) => "7",
        }
    }

    /// The suit's name in messages ("must follow Schellen", "must follow Diamonds").
    pub const fn suit_name(self, suit: Suit) -> &'static str {
        match (self, suit) {
            (Pack::German, Suit::Eichel) => "Eichel",
            (Pack::German, Suit::Gras) => "Gras",
            (Pack::German, Suit::Herz) => "Herz",
            (Pack::German, Suit::Schellen) => "Schellen",
            (_, Suit::Eichel) => "Clubs",
            (_, Suit::Gras) => "Spades",
            (_, Suit::Herz) => "Hearts",
            (_, Suit::Schellen) => "Diamonds",
        }
    }

    /// The suit letters this pack reads, for messages (`E, G, H, S`).
    pub const fn suit_letters(self) -> &'static str {
        match self {
            Pack::German => "E, G, H, S",
            _ => "C, S, H, D (or ♣ ♠ ♥ ♦)",
        }
    }

    /// The rank letters this pack reads, for messages.
    pub const fn rank_letters(self) -> &'static str {
        match self {
            Pack::German => "A, Z (10, X), K, O, U, 9, 8, 7",
            _ => "A, 10, K, Q (D), J (B), 9, 8, 7",
        }
    }

    /// Reads a suit at the start of `text` (any case), and what follows it.
    pub fn read_suit(self, text: &str) -> Option<(Suit, &str)> {
        let mut chars = text.chars();
        let first = chars.next()?;
        let suit = match self {
            Pack::German => match first.to_ascii_uppercase() {
                'E' => Suit::Eichel,
                'G' => Suit::Gras,
                'H' => Suit::Herz,
                'S' => Suit::Schellen,
                _ => return None,
            },
            Pack::French | Pack::Symbols => match first.to_ascii_uppercase() {
                'C' | '♣' | '♧' => Suit::Eichel,
                'S' | '♠' | '♤' => Suit::Gras,
                'H' | '♥' | '♡' => Suit::Herz,
                'D' | '♦' | '♢' => Suit::Schellen,
                _ => return None,
            },
        };
        Some((suit, chars.as_str()))
    }

    /// Reads a whole rank (any case).
    pub fn read_rank(self, text: &str) -> Option<Rank> {
        let upper = text.to_ascii_uppercase();
        let rank = match (self, upper.as_str()) {
            (_, "A") => Rank::Ace,
            (Pack::German, "Z" | "10" | "X") => Rank::Ten,
            (Pack::French | Pack::Symbols, "10") => Rank::Ten,
            (_, "K") => Rank::King,
            (Pack::German, "O") => Rank::Ober,
            (Pack::French | Pack::Symbols, "Q" | "D") => Rank::Ober,
            (Pack::German, "U") => Rank::Unter,
            (Pack::French | Pack::Symbols, "J" | "B") => Rank::Unter,
            (_, "9") => Rank::Nine,
            (_, "8") => Rank::Eight,
            (_, "7") => Rank::Seven,
            _ => return None,
        };
        Some(rank)
    }

    /// Reads a card: a suit and a rank.
    pub fn read_card(self, text: &str) -> Option<Card> {
        let (suit, rest) = self.read_suit(text)?;
        Some(Card::new(suit, self.read_rank(rest)?))
    }

    /// Writes a card.
    pub fn card_text(self, card: Card) -> String {
        format!(
            "{}{}",
            self.suit_text(card.suit()),
            self.rank_text(card.rank())
        )
    }
}

impl std::fmt::Display for Pack {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How the card types read and write themselves: in the pack in use ([`Pack::current`]).
impl Suit {
    /// The suit's name in messages, in the pack in use ("must follow Schellen", or
    /// "must follow Diamonds").
    pub fn name(self) -> &'static str {
        Pack::current().suit_name(self)
    }
}

/// The suit's letter in the pack in use (`E`; French `C`).
impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(Pack::current().suit_text(*self))
    }
}

impl fmt::Display for ParseSuitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a suit: one of {}", Pack::current().suit_letters())
    }
}

/// A suit's letter in the pack in use (any case).
impl FromStr for Suit {
    type Err = ParseSuitError;
    fn from_str(s: &str) -> Result<Suit, ParseSuitError> {
        match Pack::current().read_suit(s.trim()) {
            Some((suit, "")) => Ok(suit),
            _ => Err(ParseSuitError),
        }
    }
}

/// The card in the pack in use (`EO`; French `CQ`).
impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pack = Pack::current();
        f.write_str(pack.suit_text(self.suit()))?;
        f.write_str(pack.rank_text(self.rank()))
    }
}

impl fmt::Display for ParseCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pack = Pack::current();
        write!(
            f,
            "not a card: a suit {} and a rank {}",
            pack.suit_letters(),
            pack.rank_letters()
        )
    }
}

impl FromStr for Card {
    type Err = ParseCardError;

    /// The card in the pack in use, any case; the German ten may be written `Z`, `10` or
    /// `X`.
    ///
    /// ```
    /// use solver::{Card, Pack};
    /// assert_eq!("s10".parse::<Card>().unwrap().to_string(), "SZ");
    /// assert_eq!("gx".parse::<Card>().unwrap().to_string(), "GZ");
    /// assert!("H1".parse::<Card>().is_err());
    /// let queen = Pack::French.scope(|| "cq".parse::<Card>().unwrap());
    /// assert_eq!(queen.to_string(), "EO");
    /// ```
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        Pack::current().read_card(s).ok_or(ParseCardError)
    }
}

/// Always the German letters, whatever the pack in use.
impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Pack::German.card_text(*self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Cards;

    #[test]
    fn every_card_reads_back_in_every_pack() {
        for pack in Pack::ALL {
            for i in 0..32 {
                let card = Card::from_index(i);
                let text = pack.card_text(card);
                assert_eq!(pack.read_card(&text), Some(card), "{pack} {text}");
                assert_eq!(pack.read_card(&text.to_lowercase()), Some(card));
                // What one pack prints, the other pack's reader reads as the same card
                // or not at all where the letters clash (`SK`: Schellen or Spades).
                assert_eq!(pack.scope(|| card.to_string()), text);
                assert_eq!(pack.scope(|| text.parse::<Card>()), Ok(card));
            }
        }
    }

    #[test]
    fn the_french_pack_reads_letters_symbols_and_the_german_names_letters() {
        let french = |t: &str| Pack::French.read_card(t).map(|c| Pack::German.card_text(c));
        assert_eq!(french("CJ").as_deref(), Some("EU"));
        assert_eq!(french("SQ").as_deref(), Some("GO"));
        assert_eq!(french("HK").as_deref(), Some("HK"));
        assert_eq!(french("D10").as_deref(), Some("SZ"));
        assert_eq!(french("♦10").as_deref(), Some("SZ"));
        assert_eq!(french("♡a").as_deref(), Some("HA"));
        assert_eq!(french("DD").as_deref(), Some("SO"));
        assert_eq!(french("CB").as_deref(), Some("EU"));
        // German letters that are no French card, and the German ten.
        for bad in ["EO", "GU", "SZ", "SX", "C1", "C", ""] {
            assert_eq!(Pack::French.read_card(bad), None, "{bad}");
        }
        // The same letters, another card: Schellen King or Spades King.
        assert_eq!(french("SK").as_deref(), Some("GK"));
        assert_eq!(Pack::German.read_card("CJ"), None);
    }

    #[test]
    fn a_scope_sets_the_pack_and_restores_the_one_before() {
        let hand: Cards = "EO GU HA SZ".parse().unwrap();
        assert_eq!(Pack::current(), Pack::German);
        let shown = Pack::French.scope(|| {
            let inner = Pack::Symbols.scope(|| hand.to_string());
            assert_eq!(Pack::current(), Pack::French);
            (hand.to_string(), inner)
        });
        assert_eq!(shown.0, "CQ SJ HA D10");
        assert_eq!(shown.1, "♣Q ♠J ♥A ♦10");
        assert_eq!(Pack::current(), Pack::German);
        // A panic inside the scope restores it too.
        let _ = std::panic::catch_unwind(|| Pack::French.scope(|| panic!("inside")));
        assert_eq!(Pack::current(), Pack::German);
        assert_eq!(hand.to_string(), "EO GU HA SZ");
    }
}
