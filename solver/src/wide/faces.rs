//! Card faces and hands that may hold two cards of one face (RULES.md section 15).
//!
//! A [`Face`] is what is printed on a card: the 32 faces of the long pack, numbered as
//! [`Card`]s are, and the four Sixes of the 36-card pack after them. A double pack holds
//! every face twice; two cards of one face are interchangeable in everything but the
//! order they fall in a trick. [`Faces`] is a hand, a trick's cards or the cards gone: a
//! multiset of faces, each at most twice, kept as two 64-bit sets (the faces held at
//! least once, and those held twice) so that the search adds and removes a card in a few
//! instructions.

use crate::cards::{Card, Rank, Suit};
use crate::pack::Pack;
use std::fmt;

/// A card face: a [`Card`] (`0..32`) or a Six (`32 + suit`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Face(u8);

/// The number of faces: 32 cards and four Sixes.
pub const FACES: usize = 36;

impl Face {
    /// The face of this card.
    pub const fn of(card: Card) -> Face {
        Face(card.index())
    }

    /// The Six of `suit`, a card of the 36-card pack only.
    pub const fn six(suit: Suit) -> Face {
        Face(32 + suit as u8)
    }

    /// The face with this number, if it is below 36.
    pub const fn from_index(i: u8) -> Option<Face> {
        if (i as usize) < FACES {
            Some(Face(i))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The card of the 32-card pack with this face, or `None` for a Six.
    pub const fn card(self) -> Option<Card> {
        if self.0 < 32 {
            Some(Card::from_index(self.0))
        } else {
            None
        }
    }

    pub const fn is_six(self) -> bool {
        self.0 >= 32
    }

    pub const fn suit(self) -> Suit {
        match self.card() {
            Some(card) => card.suit(),
            None => Suit::from_index(self.0 - 32),
        }
    }

    /// Card points: a Six counts nothing, as the Nine, Eight and Seven.
    pub const fn points(self) -> u8 {
        match self.card() {
            Some(card) => card.points(),
            None => 0,
        }
    }

    /// The face in `pack` (`E6`, French `C6`).
    pub fn text(self, pack: Pack) -> String {
        match self.card() {
            Some(card) => card.text(pack),
            None => format!("{}6", pack.suit_text(self.suit())),
        }
    }

    /// Reads a face in `pack` (any case): a card, or a suit and `6`.
    pub fn read(pack: Pack, text: &str) -> Option<Face> {
        if let Some(card) = pack.read_card(text) {
            return Some(Face::of(card));
        }
        match pack.read_suit(text)? {
            (suit, "6") => Some(Face::six(suit)),
            _ => None,
        }
    }

    /// The faces of a set of face numbers, from the lowest number up.
    pub fn each(set: u64) -> impl Iterator<Item = Face> {
        let mut rest = set & ((1 << FACES) - 1);
        std::iter::from_fn(move || {
            let i = rest.trailing_zeros() as u8;
            rest &= rest.wrapping_sub(1);
            (i < 64).then_some(Face(i))
        })
    }

    /// Whether this face is of `rank` (a Six is of none of the eight ranks).
    pub fn is(self, rank: Rank) -> bool {
        self.card().is_some_and(|c| c.rank() == rank)
    }
}

/// A face is written as text, in the pack the answer is written in.
impl serde::Serialize for Face {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.card() {
            Some(card) => write!(f, "{card}"),
            None => write!(f, "{}6", self.suit()),
        }
    }
}

/// A multiset of faces, each at most twice.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Faces {
    /// The faces present at least once.
    once: u64,
    /// The faces present twice; a subset of `once`.
    twice: u64,
}

impl Faces {
    pub const EMPTY: Faces = Faces { once: 0, twice: 0 };

    /// Every face in `set` once.
    pub const fn set(set: u64) -> Faces {
        Faces {
            once: set,
            twice: 0,
        }
    }

    /// Every face in `set` twice.
    pub const fn doubled(set: u64) -> Faces {
        Faces {
            once: set,
            twice: set,
        }
    }

    /// How often `face` is present: 0, 1 or 2.
    pub const fn count(self, face: Face) -> u32 {
        ((self.once >> face.0) & 1) as u32 + ((self.twice >> face.0) & 1) as u32
    }

    pub const fn contains(self, face: Face) -> bool {
        self.once & (1 << face.0) != 0
    }

    /// The faces present, each once.
    pub const fn distinct(self) -> u64 {
        self.once
    }

    /// The faces present twice.
    pub const fn pairs(self) -> u64 {
        self.twice
    }

    /// Every face renamed by `rename` (a face number to a face number that keeps faces
    /// apart), each as often as before.
    pub fn renamed(self, rename: &[u8; FACES]) -> Faces {
        let map = |mut set: u64| {
            let mut out = 0u64;
            while set != 0 {
                out |= 1 << rename[set.trailing_zeros() as usize];
                set &= set - 1;
            }
            out
        };
        Faces {
            once: map(self.once),
            twice: map(self.twice),
        }
    }

    pub const fn len(self) -> u32 {
        self.once.count_ones() + self.twice.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.once == 0
    }

    /// Adds one card of `face`; `false` (and nothing added) if it is there twice already.
    pub fn insert(&mut self, face: Face) -> bool {
        let bit = 1u64 << face.0;
        if self.twice & bit != 0 {
            false
        } else {
            if self.once & bit != 0 {
                self.twice |= bit;
            } else {
                self.once |= bit;
            }
            true
        }
    }

    /// Takes one card of `face` away; `false` if there is none.
    pub fn remove(&mut self, face: Face) -> bool {
        let bit = 1u64 << face.0;
        if self.twice & bit != 0 {
            self.twice &= !bit;
            true
        } else if self.once & bit != 0 {
            self.once &= !bit;
            true
        } else {
            false
        }
    }

    /// Both multisets together, or `None` where a face would be there three times or more.
    pub fn sum(self, other: Faces) -> Option<Faces> {
        let mut all = self;
        for face in other.iter() {
            if !all.insert(face) {
                return None;
            }
        }
        Some(all)
    }

    /// Every card, a face held twice given twice, in face order.
    pub fn iter(self) -> impl Iterator<Item = Face> {
        (0..FACES as u8)
            .map(Face)
            .flat_map(move |f| std::iter::repeat_n(f, self.count(f) as usize))
    }

    /// Card points of every card.
    pub fn points(self) -> u32 {
        let of = |mut set: u64| {
            let mut sum = 0u32;
            while set != 0 {
                sum += Face(set.trailing_zeros() as u8).points() as u32;
                set &= set - 1;
            }
            sum
        };
        of(self.once) + of(self.twice)
    }

    /// The cards in `pack`, separated by spaces.
    pub fn text(self, pack: Pack) -> String {
        let texts: Vec<String> = self.iter().map(|f| f.text(pack)).collect();
        texts.join(" ")
    }
}

impl FromIterator<Face> for Faces {
    /// Collects faces; a third card of one face is dropped (callers that must refuse
    /// one count first, as [`super::Table::check_hands`] does).
    fn from_iter<I: IntoIterator<Item = Face>>(iter: I) -> Faces {
        let mut all = Faces::EMPTY;
        for face in iter {
            all.insert(face);
        }
        all
    }
}

impl fmt::Display for Faces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, face) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{face}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Faces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Faces[{self}]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_face_reads_and_writes_in_every_pack() {
        for pack in Pack::ALL {
            for i in 0..FACES as u8 {
                let face = Face::from_index(i).unwrap();
                assert_eq!(Face::read(pack, &face.text(pack)), Some(face), "{pack} {i}");
            }
        }
        assert_eq!(
            Face::read(Pack::German, "s6"),
            Some(Face::six(Suit::Schellen))
        );
        assert_eq!(
            Face::read(Pack::French, "♦6"),
            Some(Face::six(Suit::Schellen))
        );
        assert_eq!(Face::read(Pack::German, "S5"), None);
        assert_eq!(Face::six(Suit::Herz).points(), 0);
        assert_eq!(Face::six(Suit::Herz).suit(), Suit::Herz);
    }

    #[test]
    fn a_face_is_held_at_most_twice() {
        let eo = Face::of(Card::new(Suit::Eichel, Rank::Ober));
        let mut hand = Faces::EMPTY;
        assert!(hand.insert(eo) && hand.insert(eo));
        assert!(!hand.insert(eo), "a third EO");
        assert_eq!((hand.count(eo), hand.len(), hand.points()), (2, 2, 6));
        assert!(hand.remove(eo) && hand.remove(eo) && !hand.remove(eo));
        assert!(hand.is_empty());
        let two = Faces::doubled(1 << eo.index());
        assert_eq!(two.sum(Faces::set(1 << eo.index())), None);
        assert_eq!(two.to_string(), "EO EO");
    }
}
