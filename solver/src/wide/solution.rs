//! The answers about a game at a wide table: its value and each legal card's, as the
//! four-seat [`crate::Solution`] gives them (INTERFACE.md section 2: the declarers' card
//! points for the whole hand, what was taken before included), or where the budget ran
//! out what was proved.

use super::faces::Face;
use super::game::Game;
use super::questions::{Limits, Questions};
use crate::error::Error;
use serde::Serialize;
use std::collections::BTreeMap;

/// The value of a position at a wide table and of every legal card of the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TableSolution {
    pub id: Option<String>,
    /// The table: von Alvensleben's letter, or `three`.
    pub table: &'static str,
    pub to_move: u8,
    /// Always `points`: the declarers' card points.
    pub measure: &'static str,
    pub declarers: Vec<u8>,
    /// The value, or `None` where the budget ran out before it was proved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<u32>,
    /// What was proved where the budget ran out: the value lies in `low..=high`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bounds: Option<[u32; 2]>,
    /// Each legal card (in face order, written in the pack asked for) and the value after
    /// it, where the value was proved.
    #[cfg_attr(feature = "openapi", schema(value_type = BTreeMap<String, u32>))]
    pub cards: BTreeMap<Face, u32>,
}

impl TableSolution {
    /// Solves `game` within `limits`: the value, then each legal card's, each a question
    /// of its own budget.
    pub fn of(game: &Game, id: Option<String>, limits: Limits) -> Result<TableSolution, Error> {
        let deal = game.deal();
        let position = game.position();
        let taken = position.points_of(deal.declarers());
        let mut answer = TableSolution {
            id,
            table: deal.game().name(),
            to_move: position.to_move(),
            measure: "points",
            declarers: deal.declaring_seats(),
            value: None,
            bounds: None,
            cards: BTreeMap::new(),
        };
        if position.is_over() {
            answer.value = Some(taken);
            return Ok(answer);
        }
        let mut questions = Questions::new(deal, limits);
        match questions.value(position)? {
            Ok(v) => answer.value = Some(taken + v),
            Err([low, high]) => {
                answer.bounds = Some([taken + low, taken + high]);
                return Ok(answer);
            }
        }
        if let Some(cards) = questions.values(position)? {
            answer.cards = cards
                .into_iter()
                .map(|(face, v)| (face, taken + v))
                .collect();
        }
        Ok(answer)
    }
}
