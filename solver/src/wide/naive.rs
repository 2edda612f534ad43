//! The naive oracle at a wide table: plain minimax over [`Position`], every legal face
//! tried, no pruning, no table, no merging. For positions with a few cards a hand.

use super::deal::Deal;
use super::faces::Face;
use super::game::Position;

/// The declaring side's card points still to come from `position` under perfect play.
pub fn naive_value(deal: &Deal, position: &Position) -> u32 {
    let order = deal.order();
    let declarers = deal.declarers();
    if position.is_over() {
        return 0;
    }
    let maximizing = declarers & 1 << position.to_move() != 0;
    let legal = position.legal(order);
    let values = Face::each(legal).map(|face| {
        let mut child = *position;
        let gained = match child.play(order, face) {
            Some((winner, points)) if declarers & 1 << winner != 0 => points,
            _ => 0,
        };
        gained + naive_value(deal, &child)
    });
    let best = if maximizing {
        values.max()
    } else {
        values.min()
    };
    // A player to move holds a card, and every card he holds of the led group or, lacking
    // one, any card is legal, so the set is never empty.
    best.unwrap_or(0)
}
