//! The ledger of an evening at one of von Alvensleben's tables F to I or at three (RULES.md
//! sections 13, 15 and 16): each game scored as played. At von Alvensleben's tables its
//! winners draw their game points by name towards the match to nine, as at four seats, and
//! nothing is paid in money (the German game is played for the match); at three each solo
//! is paid in money, the soloist by or to each of the two others, and every player's
//! balance runs on.

use super::matches::{MatchWon, Matches};
use crate::error::Error;
use crate::wide::{TableGame, TableRecord};
use serde::Serialize;

/// The running accounts of an evening at one table.
#[derive(Clone, Debug, Default)]
pub struct TableLedger {
    /// The evening's table (von Alvensleben's letter, or `three`), from its first game.
    table: Option<&'static str>,
    games: u32,
    accounts: Vec<TableAccount>,
    matches: Matches,
}

/// One player's account so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TableAccount {
    pub player: String,
    /// Games he sat in, declared, and won as declarer.
    pub games: u32,
    pub declared: u32,
    pub declared_won: u32,
    /// At von Alvensleben's tables: game points he drew over the evening, every match
    /// together.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_points: Option<i64>,
    /// At three: his money over the evening (negative: he paid more than he was paid).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub money: Option<i64>,
}

/// One game as the ledger counts it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TableEntry {
    pub id: Option<String>,
    /// The game's number in the ledger, from 1.
    pub game: u32,
    /// Von Alvensleben's letter, or `three`.
    pub table: &'static str,
    /// The players by seat.
    pub players: Vec<String>,
    /// The declarer and his partner across, by seat.
    pub declarers: Vec<u8>,
    pub won: bool,
    /// At von Alvensleben's tables: the game points each seat drew in this game, and each
    /// seat's game points in the match so far (after a match is won, the won match's).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub drawn: Vec<i64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub match_points: Vec<i64>,
    /// At three: what each seat was paid in this game (negative: paid), and each seat's
    /// player's money over the evening so far.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub payouts: Vec<i64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub balances: Vec<i64>,
    /// The players who won the match with this game, if one of them reached nine.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub match_won: Vec<String>,
}

/// The ledger's totals: every player's account in order of first appearance, and the
/// matches won.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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
    /// table than the evening's (or of four seats), names missing or repeated, a game not finished. A fault
    /// leaves the ledger as it was.
    pub fn add_line(&mut self, line: &str) -> Result<TableEntry, Error> {
        if !TableRecord::is_one(line) {
            return Err(Error::Conflict(
                "table: the evening is at one of von Alvensleben's tables or at three (its \
                 first record's); a record of four seats cannot join it"
                    .to_string(),
            ));
        }
        let record = TableRecord::from_json(line)?;
        let game = record.table_game()?;
        if let Some(table) = self.table.filter(|t| *t != game.name()) {
            return Err(Error::Conflict(format!(
                "table: the evening is at table {table}, this game at table {}",
                game.name()
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
        self.table = Some(game.name());
        self.games += 1;
        let three = matches!(game, TableGame::Three(_));
        let (match_points, match_won) = match three {
            true => (Vec::new(), Vec::new()),
            false => {
                let winners: Vec<usize> =
                    (0..names.len()).filter(|&s| score.drawn[s] > 0).collect();
                let points = score.game_points.unwrap_or(0);
                self.matches.draw(&names, &winners, true, points)
            }
        };
        let mut balances = Vec::new();
        for (seat, name) in names.iter().enumerate() {
            let index = match self.accounts.iter().position(|a| a.player == *name) {
                Some(i) => i,
                None => {
                    self.accounts.push(TableAccount {
                        player: name.clone(),
                        games: 0,
                        declared: 0,
                        declared_won: 0,
                        game_points: (!three).then_some(0),
                        money: three.then_some(0),
                    });
                    self.accounts.len() - 1
                }
            };
            let account = &mut self.accounts[index];
            account.games += 1;
            if let Some(points) = account.game_points.as_mut() {
                *points += score.drawn[seat];
            }
            if let Some(money) = account.money.as_mut() {
                *money += score.payouts[seat];
                balances.push(*money);
            }
            if score.declarer as usize == seat {
                account.declared += 1;
                account.declared_won += score.won as u32;
            }
        }
        Ok(TableEntry {
            id: record.id.clone(),
            game: self.games,
            table: game.name(),
            players: names,
            declarers: score.declarers.clone(),
            won: score.won,
            drawn: score.drawn.clone(),
            match_points,
            payouts: score.payouts.clone(),
            balances,
            match_won,
        })
    }

    pub fn totals(&self) -> TableTotals {
        TableTotals {
            games: self.games,
            table: self.table,
            players: self.accounts.clone(),
            matches: self.matches.won().to_vec(),
        }
    }
}
