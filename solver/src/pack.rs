//! How cards are written (RULES.md section 1): the German pack's letters, which the
//! program has always used (`EO`, `SZ`), or the French pack's (`CQ`, `D10`, or with the
//! suit symbols `♣Q`, `♦10`). The cards are the same 32 either way: Clubs are Eichel,
//! Spades Gras, Hearts Herz, Diamonds Schellen; the Queen is the Ober, the Jack the Unter.
//!
//! The pack is an argument, never ambient: `Display` and `FromStr` of cards and suits are
//! canonical (the German letters), a record reads its cards in its own `pack`
//! ([`Pack::read_card`]), and text for people is written in a pack by [`Card::text`] or,
//! for a whole answer or message, by one of the two edge functions [`Pack::json`] and
//! [`Pack::text`]. Inside those (and only there) `Display` writes the pack asked for, so
//! the messages, tables and JSON of one answer all speak it.

use crate::cards::{Card, Cards, ParseCardError, ParseSuitError, Rank, Suit};
use std::cell::Cell;
use std::fmt;
use std::str::FromStr;

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

thread_local! {
    /// The pack `Display` writes on this thread: German, but inside an edge function
    /// ([`Pack::json`], [`Pack::text`]) the pack it was asked for. Private: nothing else
    /// sets it, so outside those two every card reads and writes canonically.
    static WRITING: Cell<Pack> = const { Cell::new(Pack::German) };
}

/// Puts the thread's pack before an edge function back when it ends, however it ends.
struct Restore(Pack);

impl Drop for Restore {
    fn drop(&mut self) {
        WRITING.with(|c| c.set(self.0));
    }
}

/// The pack `Display` writes in now (German outside the edge functions).
fn writing() -> Pack {
    WRITING.with(Cell::get)
}

impl Pack {
    pub const ALL: [Pack; 3] = [Pack::German, Pack::French, Pack::Symbols];

    /// `value` as one line of JSON, every card, suit and message in it written in this
    /// pack: the edge where an answer leaves in the pack asked for.
    pub fn json<T: serde::Serialize + ?Sized>(self, value: &T) -> serde_json::Result<String> {
        self.writing(|| serde_json::to_string(value))
    }

    /// `value`'s text (a message, a table), its cards and suits written in this pack: the
    /// edge where text for people leaves in the pack asked for.
    pub fn text<T: fmt::Display + ?Sized>(self, value: &T) -> String {
        self.writing(|| value.to_string())
    }

    /// Runs `f` with `Display` writing this pack on this thread.
    fn writing<R>(self, f: impl FnOnce() -> R) -> R {
        let _restore = Restore(WRITING.with(|c| c.replace(self)));
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

/// How the card types read and write themselves: canonically, in the German letters, and
/// inside an edge function ([`Pack::json`], [`Pack::text`]) in the pack it writes.
impl Suit {
    /// The suit's name in messages ("must follow Schellen"; inside an edge function in
    /// its pack: "must follow Diamonds").
    pub fn name(self) -> &'static str {
        writing().suit_name(self)
    }

    /// The suit's letter in `pack`.
    pub fn text(self, pack: Pack) -> &'static str {
        pack.suit_text(self)
    }
}

/// The suit's letter (`E`; inside an edge function in its pack: French `C`).
impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(writing().suit_text(*self))
    }
}

impl fmt::Display for ParseSuitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a suit: one of {}", Pack::German.suit_letters())
    }
}

/// A suit's German letter (any case).
impl FromStr for Suit {
    type Err = ParseSuitError;
    fn from_str(s: &str) -> Result<Suit, ParseSuitError> {
        match Pack::German.read_suit(s.trim()) {
            Some((suit, "")) => Ok(suit),
            _ => Err(ParseSuitError),
        }
    }
}

impl Card {
    /// The card in `pack` (`EO`; French `CQ`).
    pub fn text(self, pack: Pack) -> String {
        pack.card_text(self)
    }
}

impl Cards {
    /// The cards in `pack`, in card order, separated by spaces (`CQ SJ HA D10`).
    pub fn text(self, pack: Pack) -> String {
        let texts: Vec<String> = self.into_iter().map(|c| c.text(pack)).collect();
        texts.join(" ")
    }
}

/// The card's German letters (`EO`; inside an edge function in its pack: French `CQ`).
impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pack = writing();
        f.write_str(pack.suit_text(self.suit()))?;
        f.write_str(pack.rank_text(self.rank()))
    }
}

impl fmt::Display for ParseCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pack = Pack::German;
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

    /// The card in the German letters, any case; the ten may be written `Z`, `10` or
    /// `X`. Another pack is read by [`Pack::read_card`].
    ///
    /// ```
    /// use solver::{Card, Pack};
    /// assert_eq!("s10".parse::<Card>().unwrap().to_string(), "SZ");
    /// assert_eq!("gx".parse::<Card>().unwrap().to_string(), "GZ");
    /// assert!("H1".parse::<Card>().is_err());
    /// let queen = Pack::French.read_card("cq").unwrap();
    /// assert_eq!(queen.to_string(), "EO");
    /// assert_eq!(queen.text(Pack::Symbols), "♣Q");
    /// assert_eq!(Pack::French.text(&queen), "CQ");
    /// ```
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        Pack::German.read_card(s).ok_or(ParseCardError)
    }
}

/// Always the German letters, even inside an edge function.
impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Pack::German.card_text(*self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
                assert_eq!(pack.text(&card), text);
                assert_eq!(card.text(pack), text);
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
    fn only_the_edge_functions_write_another_pack_and_they_restore_the_german() {
        let hand: Cards = "EO GU HA SZ".parse().unwrap();
        assert_eq!(Pack::French.text(&hand), "CQ SJ HA D10");
        assert_eq!(Pack::Symbols.text(&hand), "♣Q ♠J ♥A ♦10");
        assert_eq!(
            Pack::French.json(&[hand.to_string(), "x".into()]).unwrap(),
            r#"["EO GU HA SZ","x"]"#,
            "a string made before the edge keeps its letters"
        );
        #[derive(serde::Serialize)]
        struct Answer {
            #[serde(serialize_with = "crate::cards::cards_set_text")]
            hand: Cards,
        }
        assert_eq!(
            Pack::French.json(&Answer { hand }).unwrap(),
            r#"{"hand":"CQ SJ HA D10"}"#
        );
        assert_eq!(hand.to_string(), "EO GU HA SZ");
        // Reading is canonical whatever was written before.
        assert!("CQ".parse::<Card>().is_err());
        // A panic inside an edge function restores the German too.
        struct Panics;
        impl fmt::Display for Panics {
            fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
                panic!("inside")
            }
        }
        let _ = std::panic::catch_unwind(|| Pack::French.text(&Panics));
        assert_eq!(hand.to_string(), "EO GU HA SZ");
        assert_eq!(Suit::Schellen.name(), "Schellen");
    }
}
