//! The answers about a game at a wide table: its value and each legal card's, as the
//! four-seat [`crate::Solution`] gives them (INTERFACE.md section 2: the declarers' card
//! points for the whole hand, what was taken before included), or where the budget ran
//! out what was proved.

use super::game::Game;
use super::search::Search;
use serde::Serialize;
use std::collections::BTreeMap;

/// The value of a position at a wide table and of every legal card of the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
    /// Each legal card and the value after it, where the value was proved.
    pub cards: BTreeMap<String, u32>,
}

impl TableSolution {
    /// Solves `game` within `budget` nodes for the value and as many again for the cards.
    pub fn of(game: &Game, id: Option<String>, budget: u64) -> TableSolution {
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
            return answer;
        }
        let mut search = Search::new(deal, budget);
        match search.value(position) {
            Ok(v) => answer.value = Some(taken + v),
            Err(e) => {
                answer.bounds = Some([taken + e.low, taken + e.high]);
                return answer;
            }
        }
        let mut search = Search::new(deal, budget);
        if let Ok(cards) = search.values(position) {
            answer.cards = cards
                .into_iter()
                .map(|(face, v)| (face.to_string(), taken + v))
                .collect();
        }
        answer
    }
}
