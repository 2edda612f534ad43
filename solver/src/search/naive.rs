//! The naive oracle: plain minimax over the rules engine's [`Game`], every legal card
//! tried, no pruning, no table, no merging. Exponential; for positions with a few tricks
//! left only. The tests hold the real search against it card by card.

use super::Frame;
use crate::contract::Measure;
use crate::error::Error;
use crate::game::Game;
use crate::settle::Score;

/// The final value of `game` under `frame` once it is over: the counted seats' points or
/// tricks, or (settlement) what the rules engine's own scoring pays the counted seat.
fn final_value(game: &Game, frame: &Frame) -> i64 {
    match frame.measure {
        Measure::Points => {
            let p = game.points();
            frame.counted.iter().map(|s| p[s] as i64).sum()
        }
        Measure::Tricks => {
            let t = game.trick_counts();
            frame.counted.iter().map(|s| t[s] as i64).sum()
        }
        Measure::Settlement => match Score::of(game) {
            Ok(score) => frame.counted.iter().map(|s| score.payouts[s.index()]).sum(),
            // A finished game always scores.
            Err(_) => 0,
        },
    }
}

fn minimax(game: &Game, frame: &Frame) -> i64 {
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
pub fn naive_value_in(game: &Game, frame: &Frame) -> i64 {
    minimax(game, frame)
}

/// The value of the position and of each legal card, by exhaustive minimax.
pub fn naive_solve(game: &Game) -> Result<(i64, Vec<(crate::cards::Card, i64)>), Error> {
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
