//! What answers show of a game at a wide table beside the values (as `crate::shown` for
//! four seats): the game in words, the hands as a player sorts them, the tricks taken,
//! and the board of one position. The pages draw these; they apply no rule of their own.

use super::deal::{Deal, TableGame};
use super::faces::{Face, Faces};
use super::game::{Game, Position};
use super::order::{Order, TRUMP};
use super::record::TableRecord;
use super::score::Score;
use crate::cards::Suit;
use crate::error::Error;
use serde::Serialize;

/// A finished trick.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TableTrick {
    pub leader: u8,
    /// One card a seat, from the leader's.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub cards: Vec<Face>,
    pub winner: u8,
    pub points: u32,
}

/// The tricks of `game` as played: the finished ones, and the cards of the one on the
/// table (from its leader's).
pub fn tricks(game: &Game) -> (Vec<TableTrick>, Vec<Face>) {
    let deal = game.deal();
    let mut position = Position::start(deal);
    let mut done = Vec::new();
    for &face in game.played() {
        let leader = position.leader();
        let cards: Vec<Face> = position.trick().iter().copied().chain([face]).collect();
        if let Some((winner, points)) = position.play(deal.order(), face) {
            done.push(TableTrick {
                leader,
                cards,
                winner,
                points,
            });
        }
    }
    (done, position.trick().to_vec())
}

/// A hand as a player sorts it: the trumps from the highest, then each plain suit
/// (Eichel, Gras, Herz, Schellen) from its highest; a face held twice, twice.
pub fn sorted(order: &Order, hand: Faces) -> Vec<Face> {
    let groups = [TRUMP].into_iter().chain(Suit::ALL.map(|s| s as u8));
    groups
        .flat_map(|g| order.ranked(g).iter())
        .flat_map(|&f| std::iter::repeat_n(f, hand.count(f) as usize))
        .collect()
}

/// The game in words: "von Alvensleben's H: seat 2 declares, with seat 5 across (the
/// double 24-card pack, twelve Wenzels, Schellen trumps)"; at three "solo Herz by seat 1
/// (three players, the 24-card pack)".
pub fn title(deal: &Deal) -> String {
    let table = deal.table();
    match deal.game() {
        TableGame::Alvensleben(letter) => {
            let declared = match deal.forced() {
                true => "has to play (nobody holds five trumps; EU)",
                false => "declares",
            };
            format!(
                "von Alvensleben's {}: seat {} {declared}, with seat {} across ({} seats, {}, \
                 {} Wenzels, Schellen trumps)",
                letter.name(),
                deal.declarer(),
                table.across(deal.declarer()),
                table.seats(),
                table.pack_name(),
                letter.wenzels().count() as u32 * table.copies(),
            )
        }
        TableGame::Three(contract) => format!(
            "{:#} by seat {} (three players, {})",
            contract.title(),
            deal.declarer(),
            table.pack_name()
        ),
    }
}

/// What the board shows of a game at a wide table at one position, without any search.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TableBoard {
    pub id: Option<String>,
    /// Von Alvensleben's letter, or `three`.
    pub table: &'static str,
    pub seats: u8,
    /// The game in words (who declared, the pack, the trumps).
    pub title: String,
    pub declarer: u8,
    /// The declaring side: the declarer and the seat across (at three, the soloist).
    pub declarers: Vec<u8>,
    /// Each seat's cards still held, sorted as a player sorts them.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Vec<String>>))]
    pub hands: Vec<Vec<Face>>,
    /// Whose card it is (absent once the game is over).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_move: Option<u8>,
    /// The cards the player to move may play, each face once.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub legal: Vec<Face>,
    /// The finished tricks, in order.
    pub tricks: Vec<TableTrick>,
    /// The cards of the trick on the table, from its leader's.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub current: Vec<Face>,
    /// Who leads the trick on the table (or the next one).
    pub leader: u8,
    /// The result as played, once every card is played, and in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<Score>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
}

impl TableBoard {
    /// The board of a record: its game after `play`.
    pub fn of_record(record: &TableRecord) -> Result<TableBoard, Error> {
        let game = record.game()?;
        let deal = game.deal();
        let position = game.position();
        let (tricks, current) = tricks(&game);
        let score = Score::of(&game, record.id.clone());
        let over = position.is_over();
        let mut legal = game.legal_cards();
        legal.dedup();
        Ok(TableBoard {
            id: record.id.clone(),
            table: deal.game().name(),
            seats: deal.table().seats(),
            title: title(deal),
            declarer: deal.declarer(),
            declarers: deal.declaring_seats(),
            hands: (0..position.seats())
                .map(|s| sorted(deal.order(), position.hand(s)))
                .collect(),
            to_move: (!over).then(|| position.to_move()),
            legal: if over { Vec::new() } else { legal },
            tricks,
            current,
            leader: position.leader(),
            result: score.as_ref().map(Score::in_words),
            score,
        })
    }
}
