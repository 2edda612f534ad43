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

use super::deal::{Deal, TableGame};
use super::faces::Face;
use super::game::{Game, PlayError};
use super::questions::Limits;
use super::score::Score;
use super::solution::TableSolution;
use super::table::{Letter, Table, TableError};
use crate::cards::Suit;
use crate::contract::{Contract, GameName, Solo, Variant};
use crate::error::Error;
use crate::pack::Pack;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// A game at a wide table as it stands in a `.jsonl` log.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TableRecord {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// `german` at von Alvensleben's tables, `bavarian` at three; either may be left out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// Von Alvensleben's letter (`F`, `G`, `H` or `I`), or `three`.
    pub table: String,
    /// At three: the solo played. Von Alvensleben's deals declare their game themselves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contract: Option<ThreeContract>,
    /// One hand a seat, from forehand on.
    pub hands: Vec<String>,
    /// Who declared, where the record says: it must be the seat the deal declares.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declarer: Option<u8>,
    /// The cards played, in order.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub play: String,
    /// The players, a name a seat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players: Option<Vec<String>>,
    /// How the cards are written (INTERFACE.md section 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pack: Option<Pack>,
    /// Your own data (any JSON object): carried along and stored untouched, never read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meta: Option<crate::record::Meta>,
}

/// The solo of a game at three: a suit solo (`solo` with its `suit`), a Wenz or a Geier.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ThreeContract {
    pub game: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suit: Option<String>,
    pub declarer: u8,
}

impl ThreeContract {
    /// The contract, checked: a solo game, its suit (a letter of `pack`) where it takes
    /// one and only there.
    fn contract(&self, pack: Pack) -> Result<Contract, Error> {
        let name: GameName = self.game.parse()?;
        let suit = match &self.suit {
            Some(text) => Some(suit_of(pack, text)?),
            None => None,
        };
        let game = match (name, suit) {
            (GameName::Solo, Some(suit)) => Solo::Farbsolo(suit),
            (GameName::Wenz, None) => Solo::Wenz,
            (GameName::Geier, None) => Solo::Geier,
            (GameName::Solo, None) => {
                return Err(Error::InvalidRecord(
                    "contract.suit: a suit solo names its trump suit".to_string(),
                ))
            }
            (GameName::Wenz | GameName::Geier, Some(_)) => {
                return Err(Error::InvalidRecord(format!(
                    "contract.suit: a {} takes no suit",
                    name.name()
                )))
            }
            _ => {
                return Err(Error::InvalidRecord(format!(
                    "contract.game: a table of three plays solos only (solo, wenz, geier), \
                     not {}",
                    name.name()
                )))
            }
        };
        let declarer = Seat::new(self.declarer)
            .filter(|s| s.index() < 3)
            .ok_or(TableError::NoSuchSeat(self.declarer, 3))?;
        Ok(Contract::Solo {
            declarer,
            game,
            tout: false,
        })
    }
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
        let value = crate::json::strict_value(text)?;
        crate::json::objects_only(&value, &["contract", "meta"])?;
        crate::json::typed(text)
    }

    /// The record as one line of JSON.
    pub fn to_json(&self) -> String {
        // Plain data structures always serialize.
        serde_json::to_string(self).expect("a record always serializes")
    }

    /// The record with its cards written in `pack`: the hands, the play, a solo's suit.
    pub fn in_pack(&self, pack: Pack) -> Result<TableRecord, Error> {
        let read = self.pack.unwrap_or_default();
        let rewrite = |text: &str| -> Result<String, Error> {
            let faces = Table::read_hand(read, text)?;
            let written: Vec<String> = faces.iter().map(|f| f.text(pack)).collect();
            Ok(written.join(" "))
        };
        let mut contract = self.contract.clone();
        if let Some(suit) = contract.as_mut().and_then(|c| c.suit.as_mut()) {
            *suit = pack.suit_text(suit_of(read, suit)?).to_string();
        }
        Ok(TableRecord {
            contract,
            hands: self
                .hands
                .iter()
                .map(|h| rewrite(h))
                .collect::<Result<_, _>>()?,
            play: rewrite(&self.play)?,
            pack: (pack != Pack::default()).then_some(pack),
            ..self.clone()
        })
    }

    /// The game the record's `table` and `contract` name, checked.
    pub fn table_game(&self) -> Result<TableGame, Error> {
        let three = self.table.eq_ignore_ascii_case("three");
        let variant = match three {
            true => Variant::Bavarian,
            false => Variant::German,
        };
        if let Some(v) = self.variant.as_ref().filter(|v| **v != variant.name()) {
            return Err(Error::InvalidRecord(format!(
                "variant: the table '{}' plays the {} game, not '{v}'",
                self.table,
                variant.name()
            )));
        }
        if three {
            let contract = self.contract.as_ref().ok_or_else(|| {
                Error::InvalidRecord("contract: a game at three names its solo".to_string())
            })?;
            let pack = self.pack.unwrap_or_default();
            return Ok(TableGame::Three(contract.contract(pack)?));
        }
        if self.contract.is_some() {
            return Err(Error::InvalidRecord(
                "contract: at von Alvensleben's tables the deal declares the game; a record \
                 names at most its `declarer`"
                    .to_string(),
            ));
        }
        Letter::from_name(&self.table)
            .map(TableGame::Alvensleben)
            .ok_or_else(|| {
                Error::InvalidRecord(format!(
                    "table: unknown table '{}'; von Alvensleben's are F, G, H and I, and \
                     three players' is three",
                    self.table
                ))
            })
    }

    /// The checked deal: the hands on the table, the names one a seat, and the declarer
    /// where given the one the deal declares.
    pub fn deal(&self) -> Result<Deal, Error> {
        let game = self.table_game()?;
        let pack = self.pack.unwrap_or_default();
        let hands = self
            .hands
            .iter()
            .map(|h| Table::read_hand(pack, h))
            .collect::<Result<Vec<_>, _>>()?;
        let deal = match game {
            TableGame::Alvensleben(letter) => Deal::alvensleben(letter, &hands)?,
            TableGame::Three(contract) => Deal::three(contract, &hands)?,
        };
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
            Some(_) if matches!(game, TableGame::Three(_)) => Err(Error::InvalidRecord(
                "declarer: at three the contract names the declarer".to_string(),
            )),
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

    /// The value of the position after the record's cards and of every legal card, within
    /// `limits`.
    pub fn solve(&self, limits: Limits) -> Result<TableSolution, Error> {
        TableSolution::of(&self.game()?, self.id.clone(), limits)
    }
}

/// A solo's suit, one letter of `pack`.
fn suit_of(pack: Pack, text: &str) -> Result<Suit, Error> {
    match pack.read_suit(text) {
        Some((suit, "")) => Ok(suit),
        _ => Err(Error::InvalidRecord(format!(
            "contract.suit: '{text}' is not a suit ({})",
            pack.suit_letters()
        ))),
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
