//! A table's size and its pack (RULES.md section 15): how many seats, which faces, and
//! whether each face is there once or twice. The deal's hands are checked against it.

use super::faces::{Face, Faces, FACES};
use crate::cards::{Card, Deck, Rank, Suit};
use crate::contract::Wenzels;
use thiserror::Error;

/// How many faces a pack has.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Length {
    /// 24: the Ace down to the Nine of each suit.
    Short,
    /// 32: down to the Seven.
    Long,
    /// 36: down to the Six (von Alvensleben's F).
    WithSixes,
}

impl Length {
    /// The faces of one pack, as a set of face numbers.
    pub const fn faces(self) -> u64 {
        match self {
            Length::Short => Deck::Short.cards().0 as u64,
            Length::Long => Deck::Long.cards().0 as u64,
            Length::WithSixes => Deck::Long.cards().0 as u64 | 0xf << 32,
        }
    }

    pub const fn count(self) -> u32 {
        self.faces().count_ones()
    }
}

/// The seats and the pack of one table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    seats: u8,
    length: Length,
    double: bool,
}

/// The most seats a table has.
pub const MAX_SEATS: usize = 8;

/// Why a table or a deal on it is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableError {
    #[error("a table has 3 to 8 seats, not {0}")]
    Seats(u8),
    #[error("{cards} cards do not deal evenly to {seats} seats")]
    Uneven { cards: u32, seats: u8 },
    #[error("expected {expected} hands, found {found}")]
    HandCount { expected: u8, found: usize },
    #[error("hand of seat {seat} has {found} cards, expected {expected}")]
    HandSize { seat: u8, found: u32, expected: u32 },
    #[error("card {face} is not in {pack}")]
    NotInPack { face: String, pack: String },
    #[error("card {face} appears {times} times; {pack} holds it {holds}")]
    TooMany {
        face: String,
        times: u32,
        pack: String,
        holds: &'static str,
    },
    #[error("not a card: {0:?} (a suit and one of A, Z, K, O, U, 9, 8, 7, 6)")]
    NotACard(String),
    #[error("seat {0} is not at a table of {1}")]
    NoSuchSeat(u8, u8),
}

impl Table {
    /// A table of `seats` (3 to 8) with one pack of `length`, or two where `double`.
    pub fn new(seats: u8, length: Length, double: bool) -> Result<Table, TableError> {
        if !(3..=MAX_SEATS as u8).contains(&seats) {
            return Err(TableError::Seats(seats));
        }
        let table = Table {
            seats,
            length,
            double,
        };
        if !table.cards().is_multiple_of(seats as u32) {
            return Err(TableError::Uneven {
                cards: table.cards(),
                seats,
            });
        }
        Ok(table)
    }

    /// The table of three: the 24-card pack, eight a hand (the Bavarian seed).
    pub const fn three() -> Table {
        Table {
            seats: 3,
            length: Length::Short,
            double: false,
        }
    }

    pub const fn seats(self) -> u8 {
        self.seats
    }

    pub const fn length(self) -> Length {
        self.length
    }

    pub const fn is_double(self) -> bool {
        self.double
    }

    /// How often each face is in the pack: 1, or 2 in a double pack.
    pub const fn copies(self) -> u32 {
        if self.double {
            2
        } else {
            1
        }
    }

    /// Every card of the pack.
    pub const fn pack(self) -> Faces {
        if self.double {
            Faces::doubled(self.length.faces())
        } else {
            Faces::set(self.length.faces())
        }
    }

    pub const fn cards(self) -> u32 {
        self.length.count() * self.copies()
    }

    /// Cards a hand, and tricks a game.
    pub const fn hand_size(self) -> u32 {
        self.cards() / self.seats as u32
    }

    /// The card points of the pack: 120 a pack (a Six counts nothing).
    pub const fn points(self) -> u32 {
        120 * self.copies()
    }

    /// The partner of `seat` where teams are of two: the seat across the table.
    pub const fn across(self, seat: u8) -> u8 {
        (seat + self.seats / 2) % self.seats
    }

    /// The pack in words, for messages: "the 36-card pack", "the double 24-card pack".
    pub fn pack_name(self) -> String {
        let double = if self.double { "double " } else { "" };
        format!("the {double}{}-card pack", self.length.count())
    }

    /// Checks that `hands` deal this table's pack: one hand a seat, each of the same size,
    /// every card of the pack dealt and none more often than the pack holds it.
    pub fn check_hands(self, hands: &[Vec<Face>]) -> Result<Vec<Faces>, TableError> {
        if hands.len() != self.seats as usize {
            return Err(TableError::HandCount {
                expected: self.seats,
                found: hands.len(),
            });
        }
        let mut seen = [0u32; FACES];
        for hand in hands {
            for &face in hand {
                let name = || face.to_string();
                if self.length.faces() & 1 << face.index() == 0 {
                    return Err(TableError::NotInPack {
                        face: name(),
                        pack: self.pack_name(),
                    });
                }
                seen[face.index()] += 1;
                if seen[face.index()] > self.copies() {
                    return Err(TableError::TooMany {
                        face: name(),
                        times: seen[face.index()],
                        pack: self.pack_name(),
                        holds: if self.double { "twice" } else { "once" },
                    });
                }
            }
        }
        for (seat, hand) in hands.iter().enumerate() {
            if hand.len() as u32 != self.hand_size() {
                return Err(TableError::HandSize {
                    seat: seat as u8,
                    found: hand.len() as u32,
                    expected: self.hand_size(),
                });
            }
        }
        Ok(hands.iter().map(|h| h.iter().copied().collect()).collect())
    }

    /// The pack shuffled and dealt, a hand a seat.
    pub fn shuffled(self, rng: &mut crate::deal::Rng) -> Vec<Vec<Face>> {
        let mut pack: Vec<Face> = self.pack().iter().collect();
        for i in (1..pack.len()).rev() {
            pack.swap(i, rng.below(i + 1));
        }
        pack.chunks(self.hand_size() as usize)
            .map(<[Face]>::to_vec)
            .collect()
    }

    /// Reads one hand in `pack`'s letters: faces separated by spaces.
    pub fn read_hand(pack: crate::pack::Pack, text: &str) -> Result<Vec<Face>, TableError> {
        text.split_whitespace()
            .map(|t| Face::read(pack, t).ok_or_else(|| TableError::NotACard(t.to_string())))
            .collect()
    }
}

/// Von Alvensleben's variants for other tables than four with one pack (the German seed,
/// RULES.md section 15): teams of two, Schellen always trumps under the Wenzels.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Letter {
    /// Six players, six Wenzels, 36 cards.
    F,
    /// Four players, twelve Wenzels, two packs of 24.
    G,
    /// Six players, twelve Wenzels, two packs of 24.
    H,
    /// Eight players, sixteen Wenzels, two packs of 32.
    I,
}

impl Letter {
    pub const ALL: [Letter; 4] = [Letter::F, Letter::G, Letter::H, Letter::I];

    pub fn table(self) -> Table {
        let (seats, length, double) = match self {
            Letter::F => (6, Length::WithSixes, false),
            Letter::G => (4, Length::Short, true),
            Letter::H => (6, Length::Short, true),
            Letter::I => (8, Length::Long, true),
        };
        // Each of these deals evenly: 36/6, 48/4, 48/6, 64/8.
        Table::new(seats, length, double).expect("von Alvensleben's tables deal evenly")
    }

    /// The Wenzels' faces: six (`EO GO` and the Unters) in F, G and H, every Ober and
    /// Unter in I; in a double pack each twice, so twelve and sixteen.
    pub fn wenzels(self) -> Wenzels {
        match self {
            Letter::I => Wenzels::Eight,
            _ => Wenzels::Six,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Letter::F => "F",
            Letter::G => "G",
            Letter::H => "H",
            Letter::I => "I",
        }
    }

    pub fn from_name(text: &str) -> Option<Letter> {
        Letter::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(text))
    }
}

/// The Unter of Eichel, the old man: where nobody may declare, its holder has to play.
pub const EU: Face = Face::of(Card::new(Suit::Eichel, Rank::Unter));

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pack::Pack;

    #[test]
    fn the_four_tables_deal_their_packs() {
        let sizes: Vec<_> = Letter::ALL
            .iter()
            .map(|l| {
                let t = l.table();
                (t.seats(), t.cards(), t.hand_size(), t.points())
            })
            .collect();
        assert_eq!(
            sizes,
            [
                (6, 36, 6, 120),
                (4, 48, 12, 240),
                (6, 48, 8, 240),
                (8, 64, 8, 240)
            ]
        );
        assert_eq!(
            Table::new(9, Length::Long, false),
            Err(TableError::Seats(9))
        );
        assert_eq!(
            Table::new(5, Length::Long, false).unwrap_err().to_string(),
            "32 cards do not deal evenly to 5 seats"
        );
        assert_eq!(Letter::H.table().across(1), 4);
        assert_eq!(Letter::I.table().across(5), 1);
    }

    fn hands(texts: &[&str]) -> Vec<Vec<Face>> {
        texts
            .iter()
            .map(|t| Table::read_hand(Pack::German, t).unwrap())
            .collect()
    }

    #[test]
    fn a_bad_deal_is_refused_by_name() {
        let f = Letter::F.table();
        let six = [
            "EA EK EO EU EZ E9",
            "E8 E7 E6 GA GK GO",
            "GU GZ G9 G8 G7 G6",
            "HA HK HO HU HZ H9",
            "H8 H7 H6 SA SK SO",
            "SU SZ S9 S8 S7 S6",
        ];
        assert_eq!(f.check_hands(&hands(&six)).unwrap().len(), 6);
        let mut seven = six.to_vec();
        seven.push("");
        assert_eq!(
            f.check_hands(&hands(&seven)).unwrap_err().to_string(),
            "expected 6 hands, found 7"
        );
        let i = Letter::I.table();
        let mut thrice = hands(&["EO EO EO"; 8]);
        thrice[1] = vec![];
        assert_eq!(
            i.check_hands(&thrice).unwrap_err().to_string(),
            "card EO appears 3 times; the double 32-card pack holds it twice"
        );
        let with_six = hands(&["S6"; 8]);
        assert_eq!(
            i.check_hands(&with_six).unwrap_err().to_string(),
            "card S6 is not in the double 32-card pack"
        );
        let mut short = hands(&six);
        short[2].pop();
        short[3].push(Face::six(Suit::Gras));
        assert_eq!(
            f.check_hands(&short).unwrap_err().to_string(),
            "hand of seat 2 has 5 cards, expected 6"
        );
        assert_eq!(
            Table::read_hand(Pack::German, "EA E5")
                .unwrap_err()
                .to_string(),
            "not a card: \"E5\" (a suit and one of A, Z, K, O, U, 9, 8, 7, 6)"
        );
    }
}
