//! The record of a game at a wide table (INTERFACE.md section 1, RULES.md section 15):
//! the hand record's fields that such a game has, and `table`, von Alvensleben's letter.
//!
//! ```json
//! {"id": "f-1", "variant": "german", "table": "F",
//!  "hands": ["EA EK EZ E9 E8 E7", "...", "...", "...", "...", "..."], "play": "EA E6 ..."}
//! ```
//!
//! Nobody chooses the game: the deal declares it (Schellen trumps, the most trumps
//! declare). A record may say who declared (`declarer`); one that says otherwise than the
//! deal is refused by name.

use super::deal::Deal;
use super::faces::Face;
use super::game::{Game, PlayError};
use super::score::Score;
use super::solution::TableSolution;
use super::table::{Letter, Table, TableError};
use crate::contract::Variant;
use crate::error::Error;
use crate::pack::Pack;
use serde::Deserialize;

/// A game at a wide table as it stands in a `.jsonl` log.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableRecord {
    pub id: Option<String>,
    /// The German game; the only one these tables play.
    pub variant: Option<String>,
    /// Von Alvensleben's letter: `F`, `G`, `H` or `I`.
    pub table: String,
    /// One hand a seat, from forehand on.
    pub hands: Vec<String>,
    /// Who declared, where the record says: it must be the seat the deal declares.
    pub declarer: Option<u8>,
    /// The cards played, in order.
    #[serde(default)]
    pub play: String,
    /// The players, a name a seat.
    pub players: Option<Vec<String>>,
    /// How the cards are written (INTERFACE.md section 1).
    pub pack: Option<Pack>,
}

impl TableRecord {
    /// Whether a record's text is a wide table's: a JSON object with a `table` field.
    pub fn is_one(text: &str) -> bool {
        serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(text)
            .is_ok_and(|m| m.contains_key("table"))
    }

    /// Reads a record strictly: a key given twice or an unknown field is refused by name.
    pub fn from_json(text: &str) -> Result<TableRecord, Error> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        crate::json::strict_value(text)?;
        crate::json::typed(text)
    }

    /// The letter, checked.
    pub fn letter(&self) -> Result<Letter, Error> {
        if let Some(v) = &self.variant {
            if v != Variant::German.name() {
                return Err(Error::InvalidRecord(format!(
                    "variant: von Alvensleben's tables play the German game, not '{v}'"
                )));
            }
        }
        Letter::from_name(&self.table).ok_or_else(|| {
            Error::InvalidRecord(format!(
                "table: unknown table '{}'; von Alvensleben's are F, G, H and I",
                self.table
            ))
        })
    }

    /// The checked deal: the hands on the letter's table, the names one a seat, and the
    /// declarer where given the one the deal declares.
    pub fn deal(&self) -> Result<Deal, Error> {
        let letter = self.letter()?;
        let pack = self.pack.unwrap_or_default();
        let hands = self
            .hands
            .iter()
            .map(|h| Table::read_hand(pack, h))
            .collect::<Result<Vec<_>, _>>()?;
        let deal = Deal::alvensleben(letter, &hands)?;
        let seats = deal.table().seats();
        if let Some(names) = &self.players {
            if names.len() != seats as usize {
                return Err(Error::InvalidRecord(format!(
                    "players: expected {seats} names, one a seat, found {}",
                    names.len()
                )));
            }
        }
        match self.declarer {
            Some(d) if d >= seats => Err(TableError::NoSuchSeat(d, seats).into()),
            Some(d) if d != deal.declarer() => Err(Error::InvalidRecord(format!(
                "declarer: seat {d} did not declare; the deal declares seat {}{}",
                deal.declarer(),
                if deal.forced() {
                    " (nobody holds five trumps: the holder of EU has to play)"
                } else {
                    " (the most trumps)"
                }
            ))),
            _ => Ok(deal),
        }
    }

    /// The game with the record's cards played, each checked.
    pub fn game(&self) -> Result<Game, Error> {
        let deal = self.deal()?;
        let pack = self.pack.unwrap_or_default();
        let cards: Vec<Face> = Table::read_hand(pack, &self.play)?;
        Ok(Game::replay(deal, &cards)?)
    }

    /// The score of the finished game.
    pub fn score(&self) -> Result<Score, Error> {
        let game = self.game()?;
        let total = game.deal().table().cards() as usize;
        Score::of(&game, self.id.clone()).ok_or(Error::Incomplete {
            played: game.played().len(),
            total,
        })
    }

    /// The value of the position after the record's cards and of every legal card, each
    /// question within `budget` nodes.
    pub fn solve(&self, budget: u64) -> Result<TableSolution, Error> {
        Ok(TableSolution::of(&self.game()?, self.id.clone(), budget))
    }
}

impl From<TableError> for Error {
    fn from(e: TableError) -> Error {
        Error::Table {
            code: e.code(),
            message: e.to_string(),
        }
    }
}

impl From<PlayError> for Error {
    fn from(e: PlayError) -> Error {
        Error::Table {
            code: "illegal_play",
            message: e.to_string(),
        }
    }
}

impl TableError {
    /// The error code the four-seat record gives the same fault.
    pub fn code(&self) -> &'static str {
        match self {
            TableError::Seats(_) | TableError::Uneven { .. } | TableError::NoSuchSeat(..) => {
                "invalid_record"
            }
            TableError::HandCount { .. } => "hand_count",
            TableError::HandSize { .. } => "hand_size",
            TableError::NotInPack { .. } => "card_not_in_deck",
            TableError::TooMany { .. } => "duplicate_card",
            TableError::NotACard(_) => "bad_card",
        }
    }
}
