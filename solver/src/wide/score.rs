//! The score of a finished game at a wide table: at von Alvensleben's (RULES.md section
//! 15) section 8's German targets and game points, out of the table's card points; at
//! three (section 16) a Bavarian solo's price, paid by each of the two others.

use super::deal::{Deal, TableGame};
use super::faces::Faces;
use super::game::Game;
use super::order::TRUMP;
use crate::contract::{Contract, Solo};
use crate::options::Tariff;
use crate::settle::{german_game_points, DeclaredOutcome, Targets};
use serde::Serialize;

/// What a finished game made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Score {
    pub id: Option<String>,
    /// The table: von Alvensleben's letter, or `three`.
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
    /// The German game: the game points each winner draws towards the match to nine,
    /// and per seat the game points drawn (the winners'), else 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_points: Option<i64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub drawn: Vec<i64>,
    /// A solo at three: the Laufende and what each seat is paid (negative: pays).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub laufende: Option<u32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub payouts: Vec<i64>,
}

impl Score {
    /// The score of `game`, or `None` while cards are still to be played.
    pub fn of(game: &Game, id: Option<String>) -> Option<Score> {
        let position = game.position();
        if !position.is_over() {
            return None;
        }
        let deal = game.deal();
        let declarers = deal.declaring_seats();
        let total = deal.table().points();
        let declarer_points = position.points_of(deal.declarers());
        let declarer_tricks = position.tricks_of(deal.declarers());
        let (won, schneider) = targets(deal).won_schneider(declarer_points);
        let schwarz = match won {
            true => declarer_tricks == deal.table().hand_size(),
            false => declarer_tricks == 0,
        };
        let outcome = DeclaredOutcome {
            won,
            schneider,
            schwarz,
        };
        let mut score = Score {
            id,
            table: deal.game().name(),
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
            game_points: None,
            drawn: Vec::new(),
            laufende: None,
            payouts: Vec::new(),
        };
        let paid = paid(deal, outcome);
        match deal.game() {
            TableGame::Alvensleben(_) => {
                score.game_points = Some(paid.iter().copied().max().unwrap_or(0));
                score.drawn = paid.iter().map(|&p| p.max(0)).collect();
            }
            TableGame::Three(contract) => {
                score.laufende = Some(laufende(deal, contract));
                score.payouts = paid;
            }
        }
        Some(score)
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
        let side = match self.declarers.as_slice() {
            [one] => format!("the soloist (seat {one})"),
            _ => format!(
                "the declarers (seats {}{})",
                seats.join(" and "),
                if self.forced { ", forced" } else { "" }
            ),
        };
        format!(
            "{side} {} with {} of {} points{extra}; {}",
            if self.won { "won" } else { "lost" },
            self.declarer_points,
            self.total,
            match self.game_points {
                Some(1) => "1 game point to each winner".to_string(),
                Some(n) => format!("{n} game points to each winner"),
                None => {
                    let paid: Vec<String> = self.payouts.iter().map(|p| format!("{p:+}")).collect();
                    format!("payouts {}", paid.join(" "))
                }
            }
        )
    }
}

/// The targets of the table's game: the German game's 61/91/30 of 120 (121/181/60 of
/// 240), a Bavarian solo's 61/91/31.
pub(crate) fn targets(deal: &Deal) -> Targets {
    let total = deal.table().points();
    match deal.game() {
        TableGame::Alvensleben(_) => Targets::german(total),
        TableGame::Three(_) => Targets::normal(total),
    }
}

/// How the game ends for the declaring side if it takes `points` card points in all:
/// schwarz read from the points (all or none of them), as the four-seat analysis reads it.
pub(crate) fn outcome_of(deal: &Deal, points: u32) -> DeclaredOutcome {
    let (won, schneider) = targets(deal).won_schneider(points);
    DeclaredOutcome {
        won,
        schneider,
        schwarz: if won {
            points == deal.table().points()
        } else {
            points == 0
        },
    }
}

/// What an ending is worth to each seat: at von Alvensleben's tables the game points each
/// winner draws towards the match, the losers' as the same number against them; at three
/// the money each seat is paid (negative: pays).
pub(crate) fn paid(deal: &Deal, outcome: DeclaredOutcome) -> Vec<i64> {
    let ours = |s: u8| deal.declarers() & 1 << s != 0;
    let seats = 0..deal.table().seats();
    match deal.game() {
        TableGame::Alvensleben(_) => {
            let DeclaredOutcome {
                won,
                schneider,
                schwarz,
            } = outcome;
            let points = german_game_points(won, schneider, schwarz, deal.forced());
            seats
                .map(|s| if ours(s) == won { points } else { -points })
                .collect()
        }
        TableGame::Three(contract) => {
            let t = Tariff::default();
            let extras = outcome.schneider as i64 + outcome.schwarz as i64;
            let laufende = laufende(deal, contract) as i64;
            let value = t.solo() + t.extra() * extras + t.laufende_price() * laufende;
            let sign = if outcome.won { 1 } else { -1 };
            seats
                .map(|s| match ours(s) {
                    true => 2 * sign * value,
                    false => -sign * value,
                })
                .collect()
        }
    }
}

/// The Laufende of a solo at three (RULES.md section 5): from the highest trump down, the
/// unbroken run the side holding it was dealt; counted from 3, from 2 in Wenz and Geier.
fn laufende(deal: &Deal, contract: Contract) -> u32 {
    let soloist = deal.hands()[deal.declarer() as usize];
    let others = deal
        .hands()
        .iter()
        .enumerate()
        .filter(|(s, _)| *s != deal.declarer() as usize)
        .fold(Faces::EMPTY, |all, (_, h)| all.sum(*h).unwrap_or(all));
    let trumps = deal.order().ranked(TRUMP);
    let side = match trumps.first() {
        Some(&top) if soloist.contains(top) => soloist,
        _ => others,
    };
    let run = trumps.iter().take_while(|f| side.contains(**f)).count() as u32;
    let from = match contract {
        Contract::Solo {
            game: Solo::Wenz | Solo::Geier,
            ..
        } => 2,
        _ => 3,
    };
    if run >= from {
        run
    } else {
        0
    }
}
