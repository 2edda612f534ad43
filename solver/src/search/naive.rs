//! The naive oracle: plain minimax over the rules engine's [`Game`], every legal card
//! tried, no pruning, no table, no merging. Exponential; for positions with a few tricks
//! left only. The tests hold the real search against it card by card.

use super::Frame;
use crate::contract::Measure;
use crate::error::Error;
use crate::game::Game;

/// The final value of `game` under `frame` once it is over.
fn final_value(game: &Game, frame: &Frame) -> u8 {
    let v: u32 = match frame.measure {
        Measure::Points => {
            let p = game.points();
            frame.counted.iter().map(|s| p[s]).sum()
        }
        Measure::Tricks => {
            let t = game.trick_counts();
            frame.counted.iter().map(|s| t[s]).sum()
        }
    };
    v as u8
}

fn minimax(game: &Game, frame: &Frame) -> u8 {
    if game.is_over() {
        return final_value(game, frame);
    }
    let maximizing = frame.maximizers.contains(game.to_move());
    let values = game.legal_cards().into_iter().map(|card| {
        let mut child = game.clone();
        child.play_unchecked(card);
        minimax(&child, frame)
    });
    if maximizing {
        values.max().expect("a player to move has a legal card")
    } else {
        values.min().expect("a player to move has a legal card")
    }
}

/// The final value of `game` under a frame of one's own choosing (as
/// [`crate::Solver::at_least_in`] takes it), by exhaustive minimax.
pub fn naive_value_in(game: &Game, frame: &Frame) -> u8 {
    minimax(game, frame)
}

/// The value of the position and of each legal card, by exhaustive minimax.
pub fn naive_solve(game: &Game) -> Result<(u8, Vec<(crate::Card, u8)>), Error> {
    let frame = Frame::of(game)?;
    let cards: Vec<_> = game
        .legal_cards()
        .into_iter()
        .map(|card| {
            let mut child = game.clone();
            child.play_unchecked(card);
            (card, minimax(&child, &frame))
        })
        .collect();
    Ok((minimax(game, &frame), cards))
}
