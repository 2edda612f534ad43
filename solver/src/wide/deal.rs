//! A checked deal at a wide table and its game (RULES.md sections 15 and 16): at von
//! Alvensleben's tables the hands declare it (Schellen always trumps under the Wenzels,
//! the highest count of trumps declares, and the declarer plays with the seat across the
//! table against everyone else); at three the record names a solo.

use super::faces::{Face, Faces};
use super::order::Order;
use super::table::{Letter, Table, TableError, EU};
use crate::cards::{Deck, Suit};
use crate::contract::Contract;
use crate::order::PLAIN_GERMAN;

/// What is played at a wide table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TableGame {
    /// One of von Alvensleben's F to I: the deal declares it.
    Alvensleben(Letter),
    /// A solo at a table of three (the Bavarian seed), as the record names it: a suit
    /// solo, a Wenz or a Geier.
    Three(Contract),
}

impl TableGame {
    /// The table's name in records and answers: the letter, or `three`.
    pub fn name(self) -> &'static str {
        match self {
            TableGame::Alvensleben(letter) => letter.name(),
            TableGame::Three(_) => "three",
        }
    }
}

/// The fewest trumps a declaration needs (the seed's "at least five trumps").
pub const DECLARE_AT: u32 = 5;

/// A deal checked against its table, with the game it declares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    game: TableGame,
    table: Table,
    hands: Vec<Faces>,
    order: Order,
    declarer: u8,
    forced: bool,
}

impl Deal {
    /// The deal of one of von Alvensleben's variants F to I.
    /// Schellen are always trumps under the letter's Wenzels (each face once, or twice in
    /// a double pack).
    pub fn alvensleben(letter: Letter, hands: &[Vec<Face>]) -> Result<Deal, TableError> {
        let (table, wenzels) = (letter.table(), letter.wenzels());
        let hands = table.check_hands(hands)?;
        let order = Order::new(
            wenzels.cards(),
            Some(Suit::Schellen),
            &PLAIN_GERMAN,
            table.length().faces(),
        );
        let (declarer, forced) = declaration(&order, &hands);
        Ok(Deal {
            game: TableGame::Alvensleben(letter),
            table,
            hands,
            order,
            declarer,
            forced,
        })
    }

    /// A solo at a table of three: `contract` (a suit solo, Wenz or Geier whose declarer
    /// sits at the table) under its Bavarian order in the short pack.
    pub fn three(contract: Contract, hands: &[Vec<Face>]) -> Result<Deal, TableError> {
        let table = Table::three();
        let hands = table.check_hands(hands)?;
        let declarer = contract.declarer().map_or(0, |s| s.index() as u8);
        if declarer >= table.seats() {
            return Err(TableError::NoSuchSeat(declarer, table.seats()));
        }
        Ok(Deal {
            game: TableGame::Three(contract),
            table,
            hands,
            order: Order::of(&contract.order(Deck::Short)),
            declarer,
            forced: false,
        })
    }

    pub fn game(&self) -> TableGame {
        self.game
    }

    pub fn table(&self) -> Table {
        self.table
    }

    pub fn hands(&self) -> &[Faces] {
        &self.hands
    }

    pub fn order(&self) -> &Order {
        &self.order
    }

    pub fn declarer(&self) -> u8 {
        self.declarer
    }

    /// Whether nobody could declare and the holder of `EU` has to play.
    pub fn forced(&self) -> bool {
        self.forced
    }

    /// The declaring side's seats, in seat order.
    pub fn declaring_seats(&self) -> Vec<u8> {
        (0..self.table.seats())
            .filter(|s| self.declarers() & 1 << s != 0)
            .collect()
    }

    /// The declaring side as a set of seat bits: the declarer and the seat across, or at
    /// three the soloist alone.
    pub fn declarers(&self) -> u8 {
        match self.game {
            TableGame::Alvensleben(_) => 1 << self.declarer | 1 << self.table.across(self.declarer),
            TableGame::Three(_) => 1 << self.declarer,
        }
    }
}

/// Who declares: the most trumps, at least [`DECLARE_AT`]; a tie goes to the higher points
/// of the trumps, then to the higher trump, then (two cards of one face in a double pack)
/// to the seat nearer forehand. Where nobody may declare, the first holder of `EU` from
/// forehand has to play (forced).
fn declaration(order: &Order, hands: &[Faces]) -> (u8, bool) {
    let key = |hand: Faces| {
        let trumps: Vec<Face> = hand.iter().filter(|f| order.is_trump(*f)).collect();
        let points: u32 = trumps.iter().map(|f| f.points() as u32).sum();
        let top = trumps.iter().map(|f| order.power(*f)).max().unwrap_or(0);
        (trumps.len() as u32, points, top)
    };
    let mut best: Option<(u8, (u32, u32, u8))> = None;
    for (seat, &hand) in hands.iter().enumerate() {
        let k = key(hand);
        if k.0 >= DECLARE_AT && best.is_none_or(|(_, b)| k > b) {
            best = Some((seat as u8, k));
        }
    }
    match best {
        Some((seat, _)) => (seat, false),
        None => {
            // Every pack of these tables holds EU, so some seat was dealt it.
            let seat = hands.iter().position(|h| h.contains(EU)).unwrap_or(0);
            (seat as u8, true)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pack::Pack;

    pub(crate) fn read(texts: &[&str]) -> Vec<Vec<Face>> {
        texts
            .iter()
            .map(|t| Table::read_hand(Pack::German, t).unwrap())
            .collect()
    }

    #[test]
    fn the_most_trumps_declare_and_the_old_man_plays_when_nobody_may() {
        // F: seats 4 and 5 hold five trumps each; seat 4's count 30 points, seat 5's 2.
        let hands = read(&[
            "EA EK EZ E9 E8 E7",
            "EO GO EU GU HA HK",
            "E6 GA GK GZ G9 G8",
            "G7 G6 HO HZ H9 H8",
            "SU SA SK SO SZ H7",
            "HU S9 S8 S7 S6 H6",
        ]);
        let deal = Deal::alvensleben(Letter::F, &hands).unwrap();
        assert_eq!((deal.declarer(), deal.forced()), (4, false));
        assert_eq!(deal.declarers(), 1 << 4 | 1 << 1);
        // Nobody holds five: seat 1, holding EU, has to play.
        let weak = read(&[
            "SA EK EZ E9 E8 E7",
            "EO GO EU GU HA HK",
            "E6 GA GK GZ G9 G8",
            "G7 G6 HO HZ S9 H8",
            "SU EA SK SO SZ H7",
            "HU H9 S8 S7 S6 H6",
        ]);
        let deal = Deal::alvensleben(Letter::F, &weak).unwrap();
        assert_eq!((deal.declarer(), deal.forced()), (1, true));
    }
}
