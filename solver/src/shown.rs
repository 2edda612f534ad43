//! What answers show of a game beside the values: the tricks taken (who led, the cards,
//! who took them, their points) and the hands as a player sorts them for the contract.
//! The analysis board and the analysis both draw from these, so the pages never apply a
//! rule of their own.

use crate::cards::Card;
use crate::game::{Game, Trick};
use crate::seat::{BySeat, Seat};
use serde::{Serialize, Serializer};

/// A finished trick as an answer shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TrickTaken {
    pub leader: Seat,
    /// The four cards from the leader's.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    #[serde(serialize_with = "cards_text")]
    pub cards: Vec<Card>,
    pub winner: Seat,
    pub points: u32,
}

impl TrickTaken {
    pub fn of(trick: &Trick) -> TrickTaken {
        TrickTaken {
            leader: trick.leader,
            cards: trick.cards.to_vec(),
            winner: trick.winner,
            points: trick.points(),
        }
    }

    /// Every finished trick of `game`, in order.
    pub fn all(game: &Game) -> Vec<TrickTaken> {
        game.tricks().iter().map(TrickTaken::of).collect()
    }
}

/// `hands` as a player sorts each for `game`'s contract: the trumps from the highest, then
/// each plain suit (Eichel, Gras, Herz, Schellen) from its highest card.
pub fn sorted_hands(game: &Game, hands: &BySeat<crate::cards::Cards>) -> [Vec<Card>; 4] {
    Seat::ALL.map(|s| game.order().sorted(hands[s]))
}

/// Cards as their texts, in the answer's pack (a `serialize_with`).
pub(crate) fn cards_text<S: Serializer>(cards: &[Card], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(cards.iter().map(|c| c.to_string()))
}

/// Four hands as their cards' texts (a `serialize_with`).
pub(crate) fn hands_text<S: Serializer>(hands: &[Vec<Card>; 4], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(
        hands
            .iter()
            .map(|h| h.iter().map(|c| c.to_string()).collect::<Vec<_>>()),
    )
}
