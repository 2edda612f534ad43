//! The ledger of an evening at one of von Alvensleben's tables F to I (RULES.md sections 13
//! and 15): each game scored as played, its winners drawing their game points by name
//! towards the match to nine, as at four seats. Nothing is paid in money: the German game
//! is played for the match.

use super::matches::{MatchWon, Matches};
use crate::error::Error;
use crate::wide::{Letter, TableRecord};
use serde::Serialize;

/// The running accounts of an evening at one table.
#[derive(Clone, Debug, Default)]
pub struct TableLedger {
    table: Option<Letter>,
    games: u32,
    accounts: Vec<TableAccount>,
    matches: Matches,
}

/// One player's account so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableAccount {
    pub player: String,
    /// Games he sat in, declared, and won as declarer.
    pub games: u32,
    pub declared: u32,
    pub declared_won: u32,
    /// Game points he drew over the evening, every match together.
    pub game_points: i64,
}

/// One game as the ledger counts it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableEntry {
    pub id: Option<String>,
    /// The game's number in the ledger, from 1.
    pub game: u32,
    /// Von Alvensleben's letter.
    pub table: &'static str,
    /// The players by seat.
    pub players: Vec<String>,
    /// The declarer and his partner across, by seat.
    pub declarers: Vec<u8>,
    pub won: bool,
    /// The game points each seat drew in this game.
    pub drawn: Vec<i64>,
    /// Each seat's game points in the match so far (after a match is won, the won match's).
    pub match_points: Vec<i64>,
    /// The players who won the match with this game, if one of them reached nine.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub match_won: Vec<String>,
}

/// The ledger's totals: every player's account in order of first appearance, and the
/// matches won.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableTotals {
    pub games: u32,
    pub table: Option<&'static str>,
    pub players: Vec<TableAccount>,
    pub matches: Vec<MatchWon>,
}

impl TableLedger {
    pub fn new() -> TableLedger {
        TableLedger::default()
    }

    /// Counts the game of a record's JSON line, or says why it cannot: a record of another
    /// table than the evening's, names missing or repeated, a game not finished. A fault
    /// leaves the ledger as it was.
    pub fn add_line(&mut self, line: &str) -> Result<TableEntry, Error> {
        let record = TableRecord::from_json(line)?;
        let letter = record.letter()?;
        if let Some(table) = self.table.filter(|t| *t != letter) {
            return Err(Error::Conflict(format!(
                "table: the evening is at table {}, this game at table {}",
                table.name(),
                letter.name()
            )));
        }
        let names = record.players.clone().ok_or(Error::NoPlayers)?;
        let repeated = (0..names.len()).any(|i| names[i + 1..].contains(&names[i]));
        if repeated || names.iter().any(|n| n.trim().is_empty()) {
            return Err(Error::BadValue {
                what: "players (different names, one a seat)",
                text: names.join(", "),
            });
        }
        let score = record.score()?;
        self.table = Some(letter);
        self.games += 1;
        let winners: Vec<usize> = (0..names.len()).filter(|&s| score.drawn[s] > 0).collect();
        let (match_points, match_won) =
            self.matches
                .draw(&names, &winners, true, score.game_points.unwrap_or(0));
        for (seat, name) in names.iter().enumerate() {
            let index = match self.accounts.iter().position(|a| a.player == *name) {
                Some(i) => i,
                None => {
                    self.accounts.push(TableAccount {
                        player: name.clone(),
                        games: 0,
                        declared: 0,
                        declared_won: 0,
                        game_points: 0,
                    });
                    self.accounts.len() - 1
                }
            };
            let account = &mut self.accounts[index];
            account.games += 1;
            account.game_points += score.drawn[seat];
            if score.declarer as usize == seat {
                account.declared += 1;
                account.declared_won += score.won as u32;
            }
        }
        Ok(TableEntry {
            id: record.id.clone(),
            game: self.games,
            table: letter.name(),
            players: names,
            declarers: score.declarers.clone(),
            won: score.won,
            drawn: score.drawn.clone(),
            match_points,
            match_won,
        })
    }

    pub fn totals(&self) -> TableTotals {
        TableTotals {
            games: self.games,
            table: self.table.map(Letter::name),
            players: self.accounts.clone(),
            matches: self.matches.won().to_vec(),
        }
    }
}
