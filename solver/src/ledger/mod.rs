//! The evening's ledger (RULES.md section 13): what each player won and lost over games in
//! the order played, by name (seats change from game to game), with the stock carried from
//! one game to the next.

mod matches;
mod rounds;
mod tables;

pub use matches::{MatchState, MatchWon};
pub use rounds::{OwedRound, UnfinishedRound};
pub use tables::{TableAccount, TableEntry, TableLedger, TableTotals};

use crate::contract::Variant;
use crate::error::Error;
use crate::game::{Game, Setup};
use crate::record::Record;
use crate::search::Solver;
use crate::seat::Seat;
use crate::settle::{declared_payouts, german_points, DeclaredOutcome, Score};
use crate::single_dummy::{play_single_dummy, Sampling};
use crate::valuation::{evaluate, Valuation};
use matches::Matches;
use rounds::Rounds;
use serde::Serialize;

/// The running accounts of an evening's games.
#[derive(Clone, Debug, Default)]
pub struct Ledger {
    accounts: Vec<Account>,
    stock: i64,
    games: u32,
    /// The rounds under way: Bock, Ramsch and Kreuzbock rounds, the Allgäu round, the
    /// last round.
    rounds: Rounds,
    /// German Schafkopf: the match to nine game points.
    matches: Matches,
}

/// One player's account so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Account {
    pub player: String,
    /// Games he sat in.
    pub games: u32,
    /// Games he declared (alone or as the Sauspiel's caller), and how many of those he won.
    pub declared: u32,
    pub declared_won: u32,
    /// The sum of what he received, and of what he paid (as a positive amount).
    pub received: i64,
    pub paid: i64,
    /// Received less paid: his running total.
    pub total: i64,
    /// Where the ledger judged the games double dummy: what they paid him as played, and
    /// what they would have paid with every card perfect (the contract as declared).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub double_dummy: Option<DoubleDummyAccount>,
    /// Where the ledger played the games out single dummy: what they paid him as played,
    /// and what single-dummy play would have paid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub single_dummy: Option<SingleDummyAccount>,
}

/// A player's money over the games played out single dummy: what they paid him as played,
/// and what they would have paid with every card the best by what its player could know.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SingleDummyAccount {
    pub games: u32,
    pub as_played: i64,
    pub single_dummy: i64,
}

/// How the ledger judges each game beside its play (RULES.md section 13).
#[derive(Default)]
pub struct LedgerJudging<'a> {
    /// Double dummy: the contract's outcome with every card perfect.
    pub double_dummy: Option<&'a mut Solver>,
    /// Single dummy: the hand played out with every card the best by what its player
    /// could know, over `Sampling`'s worlds, searched on the solvers.
    pub single_dummy: Option<(Sampling, &'a mut [Solver])>,
}

impl LedgerJudging<'_> {
    /// The same judging for one more game (the solvers lent again).
    pub fn again(&mut self) -> LedgerJudging<'_> {
        LedgerJudging {
            double_dummy: self.double_dummy.as_deref_mut(),
            single_dummy: self
                .single_dummy
                .as_mut()
                .map(|(sampling, solvers)| (*sampling, &mut **solvers)),
        }
    }
}

/// A player's money over the games judged double dummy (Ramsch and hands thrown in are
/// not: a Ramsch has no declared outcome to force).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DoubleDummyAccount {
    pub games: u32,
    pub as_played: i64,
    pub perfect: i64,
}

/// One game as the ledger counts it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LedgerEntry {
    pub id: Option<String>,
    /// The game's number in the ledger, from 1.
    pub game: u32,
    /// The players by seat.
    pub players: Vec<String>,
    /// Bock doublings the game was scored with (from Bock rounds under way, or the
    /// record's own).
    pub bock: u8,
    /// What each seat received (negative: paid).
    pub payouts: [i64; 4],
    /// Each seat's running total after the game.
    pub totals: [i64; 4],
    /// The stock after the game.
    pub stock: i64,
    /// Judged double dummy: what each seat would have been paid with every card perfect.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub double_dummy: Option<[i64; 4]>,
    /// Played out single dummy: what each seat would have been paid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub single_dummy: Option<[i64; 4]>,
    /// German Schafkopf: the match to nine game points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub german_match: Option<MatchState>,
    /// A judge's question ran out of its node budget (`--node-budget`): the game has no
    /// judged payouts and is in no judged sum.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unsettled: bool,
}

/// The ledger's totals: every player's account, in order of first appearance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LedgerTotals {
    pub games: u32,
    pub stock: i64,
    pub players: Vec<Account>,
    /// German Schafkopf: the matches won, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub matches: Vec<MatchWon>,
    /// The rounds the games end inside (an Allgäu round, the last round, a Ramsch or
    /// Kreuzbock round due): what the evening still owes.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unfinished: Vec<UnfinishedRound>,
}

impl Ledger {
    pub fn new() -> Ledger {
        Ledger::default()
    }

    /// A ledger whose stock starts at `stock` (what the table put in before the first
    /// game counted).
    pub fn with_stock(stock: i64) -> Result<Ledger, Error> {
        crate::options::check_amount("stock", stock)?;
        Ok(Ledger {
            stock,
            ..Ledger::default()
        })
    }

    /// Counts the next game: scored as played (a hand thrown in too) with the stock the
    /// games before left, unless the record gives its own stock, which must be that one.
    /// A record the ledger cannot count changes nothing.
    pub fn add(&mut self, record: &Record) -> Result<LedgerEntry, Error> {
        self.add_judged(record, None)
    }

    /// [`Ledger::add`], and with a solver the game's double-dummy payouts: its contract's
    /// outcome with every card perfect, settled as it stands (stock and Bock included).
    pub fn add_judged(
        &mut self,
        record: &Record,
        solver: Option<&mut Solver>,
    ) -> Result<LedgerEntry, Error> {
        let judges = LedgerJudging {
            double_dummy: solver,
            single_dummy: None,
        };
        self.add_with(record, judges)
    }

    /// The game of a hand record's JSON line, counted as [`Ledger::add_with`] counts it.
    pub fn add_line(&mut self, line: &str, judges: LedgerJudging) -> Result<LedgerEntry, Error> {
        self.add_with(&Record::from_json(line)?, judges)
    }

    /// The ledger's loop: every game of `games` (a key, such as its id, and its record's
    /// JSON line) counted in order as `judges` asks, `each` handed the game's entry or its
    /// fault. A fault leaves the game out and the run goes on.
    pub fn count_all<K, T: AsRef<str>>(
        &mut self,
        games: impl IntoIterator<Item = (K, T)>,
        mut judges: LedgerJudging,
        mut each: impl FnMut(K, Result<LedgerEntry, Error>),
    ) {
        for (key, line) in games {
            let counted = self.add_line(line.as_ref(), judges.again());
            each(key, counted);
        }
    }

    /// [`Ledger::add`], and each game judged as `judges` asks: double dummy (as
    /// [`Ledger::add_judged`]) and single dummy, the hand played out with every card the
    /// best by what its player could know, settled as it stands (a Sie and a hand thrown
    /// in are not played out).
    pub fn add_with(
        &mut self,
        record: &Record,
        judges: LedgerJudging,
    ) -> Result<LedgerEntry, Error> {
        let names = record.players.as_deref().ok_or(Error::NoPlayers)?;
        if names.len() != 4
            || (0..4).any(|i| (i + 1..4).any(|j| names[i] == names[j]))
            || names.iter().any(|n| n.trim().is_empty())
        {
            return Err(Error::BadValue {
                what: "players (four different names, by seat)",
                text: names.join(", "),
            });
        }
        if let Some(s) = record.given_stock()?.filter(|s| *s != self.stock) {
            return Err(Error::Conflict(format!(
                "stock: the record starts with {s}, but the games before leave {} in the \
                 stock",
                self.stock
            )));
        }
        let (rounds, bock) = self.rounds.enter(record, names, self.games + 1)?;
        let mut carried = record.clone();
        carried.stock = Some(self.stock);
        carried.rules.stock = None;
        // Bock rounds under way double the game; a record that states its own Bock must
        // state that many.
        let applies = bock > 0 || !record.rules.bock_after.is_empty();
        if applies {
            match record.doublings.bock {
                0 => carried.doublings.bock = bock,
                b if b == bock => {}
                b => {
                    return Err(Error::Conflict(format!(
                        "doublings.bock: the record says {b}, but {bock} Bock rounds are \
                         under way"
                    )))
                }
            }
        }
        let score = carried.score()?;
        // The game set up once for what judges it (a hand thrown in has nothing to judge).
        let setup = match carried.thrown_in {
            true => None,
            false => Some(carried.setup()?),
        };
        let mut unsettled = false;
        let mut settled = |judged: Result<Option<[i64; 4]>, Error>| match judged {
            Err(Error::Unsettled(_)) => {
                unsettled = true;
                Ok(None)
            }
            judged => judged,
        };
        let perfect = match (judges.double_dummy, &setup) {
            (Some(solver), Some(setup)) => settled(double_dummy_payouts(setup, solver))?,
            _ => None,
        };
        let played_out = match (judges.single_dummy, &setup) {
            (Some((sampling, solvers)), Some(setup)) => {
                settled(single_dummy_payouts(setup, sampling, solvers))?
            }
            _ => None,
        };
        // German Schafkopf: the game points each winner draws.
        let game_points = match (carried.variant()?, &setup) {
            (Variant::German, Some(setup)) => Some(german_points(setup, &score.outcome)),
            (Variant::German, None) => Some(0),
            _ => None,
        };
        // From here on the game is counted: nothing below can fail but the sums `count`
        // checks before it changes anything.
        let declarer = setup.as_ref().and_then(|s| s.contract().declarer());
        let mut entry = self.count(
            record.id.clone(),
            names,
            (&score, declarer),
            (perfect, played_out),
        )?;
        entry.bock = carried.doublings.bock;
        entry.unsettled = unsettled;
        if let Some(gained) = game_points {
            entry.german_match = Some(self.matches.count(names, &score, gained));
        }
        self.rounds = rounds;
        self.rounds
            .leave(&carried, (&score, setup.as_ref()), names, self.games);
        Ok(entry)
    }

    /// Counts a scored game (and its double-dummy payouts, where judged) into the accounts
    /// and the stock; nothing changes if a sum would overflow.
    fn count(
        &mut self,
        id: Option<String>,
        names: &[String],
        (score, declarer): (&Score, Option<Seat>),
        (perfect, played_out): (Option<[i64; 4]>, Option<[i64; 4]>),
    ) -> Result<LedgerEntry, Error> {
        let stock = self
            .stock
            .checked_add(score.stock_payout)
            .ok_or_else(|| overflow("the stock"))?;
        let declarer_won = score.outcome.declared().map(|o| o.won);
        // Every sum is checked before any account changes.
        let mut updated = Vec::with_capacity(4);
        for (seat, name) in names.iter().enumerate() {
            let mut account = self
                .accounts
                .iter()
                .find(|a| &a.player == name)
                .cloned()
                .unwrap_or_else(|| Account::new(name));
            let amount = score.payouts[seat];
            account.games += 1;
            // The player who declared, not his partner (whichever seat is lower).
            if declarer.map(Seat::index) == Some(seat) {
                account.declared += 1;
                account.declared_won += u32::from(declarer_won == Some(true));
            }
            let sum = |a: i64, b: i64| a.checked_add(b).ok_or_else(|| overflow(name));
            if amount >= 0 {
                account.received = sum(account.received, amount)?;
            } else {
                account.paid = sum(account.paid, -amount)?;
            }
            account.total = sum(account.total, amount)?;
            if let Some(perfect) = perfect {
                let j = account
                    .double_dummy
                    .get_or_insert_with(DoubleDummyAccount::default);
                j.games += 1;
                j.as_played = sum(j.as_played, amount)?;
                j.perfect = sum(j.perfect, perfect[seat])?;
            }
            if let Some(played_out) = played_out {
                let p = account
                    .single_dummy
                    .get_or_insert_with(SingleDummyAccount::default);
                p.games += 1;
                p.as_played = sum(p.as_played, amount)?;
                p.single_dummy = sum(p.single_dummy, played_out[seat])?;
            }
            updated.push(account);
        }
        let totals = std::array::from_fn(|seat| updated[seat].total);
        for account in updated {
            match self
                .accounts
                .iter_mut()
                .find(|a| a.player == account.player)
            {
                Some(a) => *a = account,
                None => self.accounts.push(account),
            }
        }
        self.stock = stock;
        self.games += 1;
        Ok(LedgerEntry {
            id,
            game: self.games,
            players: names.to_vec(),
            bock: 0,
            payouts: score.payouts,
            totals,
            stock,
            double_dummy: perfect,
            single_dummy: played_out,
            german_match: None,
            unsettled: false,
        })
    }

    /// Every player's account so far.
    pub fn totals(&self) -> LedgerTotals {
        LedgerTotals {
            games: self.games,
            stock: self.stock,
            players: self.accounts.clone(),
            matches: self.matches.won().to_vec(),
            unfinished: self.rounds.unfinished(),
        }
    }
}

impl Account {
    fn new(name: &str) -> Account {
        Account {
            player: name.to_string(),
            games: 0,
            declared: 0,
            declared_won: 0,
            received: 0,
            paid: 0,
            total: 0,
            double_dummy: None,
            single_dummy: None,
        }
    }
}

/// The payouts of a game's declared contract with every card perfect (double dummy from
/// the first card); none for a Ramsch, which has no declared outcome, nor a Strixner.
fn double_dummy_payouts(setup: &Setup, solver: &mut Solver) -> Result<Option<[i64; 4]>, Error> {
    // A Strixner's first three tricks have no sides to play them perfectly for.
    if setup.contract().declarer().is_none() || setup.opening_tricks() > 0 {
        return Ok(None);
    }
    let v = evaluate(setup.clone(), solver, Valuation::Outcome)?;
    let outcome = DeclaredOutcome {
        won: v.won,
        schneider: v.schneider,
        schwarz: v.schwarz,
    };
    Ok(Some(declared_payouts(setup, outcome)))
}

/// The payouts of a game's hand played out single dummy from the first card, settled
/// as it stands (stock and Bock included); none for a Sie, which has nothing to play, nor
/// a Strixner.
fn single_dummy_payouts(
    setup: &Setup,
    sampling: Sampling,
    solvers: &mut [Solver],
) -> Result<Option<[i64; 4]>, Error> {
    if matches!(setup.contract(), crate::contract::Contract::Sie { .. })
        || setup.opening_tricks() > 0
    {
        return Ok(None);
    }
    let game = play_single_dummy(&Game::new(setup.clone()), sampling, solvers)?;
    Ok(Some(Score::of(&game)?.payouts))
}

fn overflow(what: &str) -> Error {
    Error::Conflict(format!(
        "the account of {what} passes the largest amount a ledger can hold"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The crate's example Sauspiel, won by seats 0 and 3, with these names.
    pub(super) fn sauspiel(players: [&str; 4]) -> Record {
        let mut r = Record::from_json(
            r#"{"hands": ["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7",
              "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"],
              "contract": {"game": "sauspiel", "suit": "G", "declarer": 0},
              "play": "H8 H7 HK HZ G7 G8 HU SO SA S8 HA S7 SU GO EO G9 E7 EK H9 E9 HO EU S9 SZ GK SK E8 GA GZ GU EA EZ"}"#,
        )
        .unwrap();
        r.players = Some(players.map(String::from).to_vec());
        r
    }

    #[test]
    fn players_are_followed_by_name_and_the_stock_is_carried() {
        let mut ledger = Ledger::with_stock(40).unwrap();
        // Sepp and Vroni win 20 each and take the stock of 40 in halves.
        let first = ledger
            .add(&sauspiel(["Sepp", "Resi", "Hans", "Vroni"]))
            .unwrap();
        assert_eq!(first.payouts, [40, -20, -20, 40]);
        assert_eq!(first.stock, 0);
        // The seats move on; the stock is empty now, so the same game pays 20 each.
        let second = ledger
            .add(&sauspiel(["Resi", "Hans", "Vroni", "Sepp"]))
            .unwrap();
        assert_eq!(second.payouts, [20, -20, -20, 20]);
        assert_eq!(second.totals, [0, -40, 20, 60]);
        let totals = ledger.totals();
        let sepp = &totals.players[0];
        assert_eq!(
            (
                sepp.player.as_str(),
                sepp.games,
                sepp.declared,
                sepp.declared_won,
                sepp.total
            ),
            ("Sepp", 2, 1, 1, 60)
        );
        assert_eq!(totals.players.iter().map(|a| a.total).sum::<i64>(), 40);
        assert_eq!(totals.stock, 0);
    }

    #[test]
    fn the_declarer_is_credited_with_his_game_not_his_lower_seated_partner() {
        // Seat 1 calls the Gras ace, which seat 0 holds; they lose.
        let mut r = Record::from_json(
            r#"{"hands": ["GO GU GA GZ G9 SZ S9 S8", "HO HU HK H8 H7 GK SA S7", "EO SO EU HA EA E9 E8 SK", "SU HZ H9 EZ EK E7 G8 G7"],
              "contract": {"game": "sauspiel", "suit": "G", "declarer": 1},
              "play": "GO H7 EO HZ SK SU S8 S7 G7 GA GK HA EA E7 GU SA G9 HU E9 G8 HO EU H9 GZ H8 SO EZ S9 E8 EK SZ HK"}"#,
        )
        .unwrap();
        r.players = Some(["Sepp", "Resi", "Hans", "Vroni"].map(String::from).to_vec());
        let mut ledger = Ledger::new();
        assert_eq!(ledger.add(&r).unwrap().payouts, [-10, -10, 10, 10]);
        let declared = |name: &str| {
            let totals = ledger.totals();
            let a = totals.players.iter().find(|a| a.player == name).unwrap();
            (a.declared, a.declared_won)
        };
        assert_eq!(declared("Resi"), (1, 0));
        assert_eq!(declared("Sepp"), (0, 0));
    }
}
