//! The score of a finished game at a wide table (RULES.md section 15): section 8's German
//! targets and game points, out of the table's card points.

use super::game::Game;
use crate::settle::{german_game_points, Targets};
use serde::Serialize;

/// What a finished game made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Score {
    pub id: Option<String>,
    /// Von Alvensleben's letter.
    pub table: &'static str,
    /// The declarer, and his side: he and the seat across.
    pub declarer: u8,
    pub declarers: Vec<u8>,
    /// Whether nobody could declare and the holder of `EU` had to play.
    pub forced: bool,
    /// Card points and tricks each seat took.
    pub points: Vec<u32>,
    pub tricks: Vec<u8>,
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
    pub fn of(game: &Game, id: Option<String>) -> Option<Score> {
        let position = game.position();
        if !position.is_over() {
            return None;
        }
        let deal = game.deal();
        let ours = |s: &u8| deal.declarers() & 1 << s != 0;
        let seats = 0..position.seats();
        let declarers: Vec<u8> = seats.clone().filter(ours).collect();
        let total = deal.table().points();
        let targets = Targets::german(total);
        let declarer_points: u32 = declarers
            .iter()
            .map(|&s| position.points()[s as usize])
            .sum();
        let declarer_tricks: u32 = declarers
            .iter()
            .map(|&s| position.tricks()[s as usize] as u32)
            .sum();
        let won = declarer_points >= targets.win;
        let schneider = match won {
            true => declarer_points >= targets.schneider,
            false => declarer_points < targets.free,
        };
        let schwarz = match won {
            true => declarer_tricks == deal.table().hand_size(),
            false => declarer_tricks == 0,
        };
        let game_points = german_game_points(won, schneider, schwarz, deal.forced());
        let drawn = seats
            .map(|s| if ours(&s) == won { game_points } else { 0 })
            .collect();
        Some(Score {
            id,
            table: deal.letter().name(),
            declarer: deal.declarer(),
            declarers,
            forced: deal.forced(),
            points: position.points().to_vec(),
            tricks: position.tricks().to_vec(),
            declarer_points,
            total,
            won,
            schneider,
            schwarz,
            game_points,
            drawn,
        })
    }

    /// The result in words: "the declarers (seats 4 and 1) won with 70 of 120 points,
    /// schneider; 2 game points to each winner".
    pub fn in_words(&self) -> String {
        let seats: Vec<String> = self.declarers.iter().map(u8::to_string).collect();
        let extra = match (self.schwarz, self.schneider) {
            (true, _) => ", schwarz",
            (false, true) => ", schneider",
            _ => "",
        };
        format!(
            "the declarers (seats {}{}) {} with {} of {} points{extra}; {} game point{} to each winner",
            seats.join(" and "),
            if self.forced { ", forced" } else { "" },
            if self.won { "won" } else { "lost" },
            self.declarer_points,
            self.total,
            self.game_points,
            if self.game_points == 1 { "" } else { "s" },
        )
    }
}
