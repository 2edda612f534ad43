//! A hand thrown in, as `analyze` and `batch` write it: nobody played it, so there is
//! nothing to analyse, but it is a game of the evening.

use serde::Serialize;
use solver::Record;

/// The game a hand thrown in is counted under.
pub const GAME: &str = "thrown_in";

/// A hand thrown in: nobody played it, so there is nothing to analyse, but it is a game of
/// the evening (it may pay into the stock): its result as `score` settles it, counted
/// under the game `thrown_in`, not as a failure.
#[derive(Serialize)]
pub struct ThrownIn {
    pub id: Option<String>,
    pub players: Option<Vec<String>>,
    /// [`GAME`].
    pub game: &'static str,
    pub thrown_in: bool,
    pub result: solver::Score,
}

impl ThrownIn {
    /// The line of `record`, a hand thrown in (its deal checked as `score` checks it).
    pub fn of(record: &Record) -> Result<ThrownIn, solver::Error> {
        Ok(ThrownIn {
            id: record.id.clone(),
            players: record.players.clone(),
            game: GAME,
            thrown_in: true,
            result: record.score()?,
        })
    }

    /// Its line in a table: the id, "thrown in" and what each seat paid.
    pub fn table_line(&self) -> String {
        let pays: Vec<String> = self
            .result
            .payouts
            .iter()
            .map(|p| format!("{p:+}"))
            .collect();
        format!(
            "{}: thrown in (nobody played it); payouts {}",
            self.id.as_deref().unwrap_or("a hand"),
            pays.join(" ")
        )
    }
}
