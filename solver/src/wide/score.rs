//! The score of a finished game at a wide table (RULES.md section 15): section 8's German
//! targets and game points, out of the table's card points.

use super::game::Game;
use crate::settle::{german_game_points, Targets};

/// What a finished game made.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Score {
    /// The declaring side's card points, out of `total`.
    pub declarer_points: u32,
    pub total: u32,
    pub won: bool,
    pub schneider: bool,
    pub schwarz: bool,
    /// The game points each winner draws towards the match to nine.
    pub game_points: i64,
    /// Per seat: the game points drawn (the winners'), else 0.
    pub drawn: Vec<i64>,
}

impl Score {
    /// The score of `game`, or `None` while cards are still to be played.
    pub fn of(game: &Game) -> Option<Score> {
        let position = game.position();
        if !position.is_over() {
            return None;
        }
        let deal = game.deal();
        let declarers = deal.declarers();
        let total = deal.table().points();
        let targets = Targets::german(total);
        let ours = |s: usize| declarers & 1 << s != 0;
        let seats = 0..position.seats() as usize;
        let declarer_points: u32 = seats
            .clone()
            .filter(|&s| ours(s))
            .map(|s| position.points()[s])
            .sum();
        let declarer_tricks: u32 = seats
            .clone()
            .filter(|&s| ours(s))
            .map(|s| position.tricks()[s] as u32)
            .sum();
        let won = declarer_points >= targets.win;
        let schneider = if won {
            declarer_points >= targets.schneider
        } else {
            declarer_points < targets.free
        };
        let all_tricks = deal.table().hand_size();
        let schwarz = if won {
            declarer_tricks == all_tricks
        } else {
            declarer_tricks == 0
        };
        let game_points = german_game_points(won, schneider, schwarz, deal.forced());
        let drawn = seats
            .map(|s| if ours(s) == won { game_points } else { 0 })
            .collect();
        Some(Score {
            declarer_points,
            total,
            won,
            schneider,
            schwarz,
            game_points,
            drawn,
        })
    }
}
