//! The evening's ledger (RULES.md section 13): what each player won and lost over games in
//! the order played, by name (seats change from game to game), with the stock carried from
//! one game to the next.

use crate::cards::{Card, Rank, Suit};
use crate::contract::{Contract, GameName, Variant};
use crate::error::Error;
use crate::game::{Game, Setup};
use crate::options::LastRound;
use crate::options::{BockEvent, MAX_BOCK};
use crate::record::Record;
use crate::round::{allgaeu_obligation, Round, ALLGAEU_NAMES};
use crate::search::Solver;
use crate::seat::{Seat, Seats};
use crate::settle::{declared_payouts, german_points, DeclaredOutcome, Outcome, Score};
use crate::single_dummy::{play_single_dummy, Sampling};
use crate::valuation::{evaluate, Valuation};
use serde::Serialize;

/// The running accounts of an evening's games.
#[derive(Clone, Debug, Default)]
pub struct Ledger {
    accounts: Vec<Account>,
    stock: i64,
    games: u32,
    /// The Bock rounds under way: the hands each has left.
    bock_rounds: Vec<u8>,
    /// German Schafkopf: each player's game points in the match under way, and the games
    /// of it so far.
    match_points: Vec<(String, i64)>,
    match_games: u32,
    matches: Vec<MatchWon>,
    /// The Allgäu round under way, if any.
    allgaeu: Option<AllgaeuRound>,
    /// The player who last held `EO` in a Sauspiel, and that game's number: he deals the
    /// last round.
    old_one: Option<(String, u32)>,
    /// The games of the last round so far (4: the evening is over).
    last_round: Option<u32>,
}

/// The last round's length: one deal by each player.
const LAST_ROUND_GAMES: u32 = 4;

/// An Allgäu round under way (RULES.md section 12): its games so far, and each of its
/// players with the games of his three (Sauspiel, Wenz, suit solo) he has played.
#[derive(Clone, Debug)]
struct AllgaeuRound {
    games: u32,
    owed: Vec<(String, [bool; 3])>,
}

/// The Allgäu round's length: three rounds of four.
const ALLGAEU_GAMES: u32 = 12;

/// Game points a German player needs to win the match (the sheep's head).
const MATCH_POINTS: i64 = 9;

/// German Schafkopf: the match after a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MatchState {
    /// Each seat's player's game points in the match so far (after a match is won, the
    /// won match's).
    pub points: [i64; 4],
    /// The players who won the match with this game, if one of them reached nine: the
    /// side that won it (RULES.md section 8; in Schellen-Schafkopf who reached nine).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub won: Vec<String>,
}

/// A match of German Schafkopf won.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MatchWon {
    /// The players who won it: the side that won its deciding game, one of them at nine
    /// game points (names in order).
    pub winners: Vec<String>,
    /// Games the match took.
    pub games: u32,
}

/// Hands in a Bock round: one deal by each of the four players.
const BOCK_ROUND: u8 = 4;

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
        let allgaeu = self.allgaeu_after(record, names)?;
        let last_round = self.last_round_after(record, names)?;
        let mut carried = record.clone();
        carried.stock = Some(self.stock);
        carried.rules.stock = None;
        // Bock rounds under way double the game (each round once, at most MAX_BOCK); a
        // record that states its own Bock must state that many.
        // The last round at double value counts as one more Bock (RULES.md section 12).
        let doubled_last = last_round.is_some() && record.rules.last_round == LastRound::Double;
        let rounds =
            (self.bock_rounds.len() + usize::from(doubled_last)).min(MAX_BOCK as usize) as u8;
        let applies = rounds > 0 || !record.rules.bock_after.is_empty();
        if applies {
            match record.doublings.bock {
                0 => carried.doublings.bock = rounds,
                b if b == rounds => {}
                b => {
                    return Err(Error::Conflict(format!(
                        "doublings.bock: the record says {b}, but {rounds} Bock rounds are \
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
            entry.german_match = Some(self.count_match(names, &score, gained));
        }
        self.bock_rounds.retain_mut(|left| {
            *left -= 1;
            *left > 0
        });
        let events = bock_events(&carried, &score);
        for event in &record.rules.bock_after {
            if events.contains(event) {
                self.bock_rounds.push(BOCK_ROUND);
            }
        }
        self.allgaeu = allgaeu;
        self.last_round = last_round;
        if let Some(setup) = setup
            .as_ref()
            .filter(|s| matches!(s.contract(), Contract::Sauspiel { .. }))
        {
            let eo = Card::new(Suit::Eichel, Rank::Ober);
            let dealt = setup.deal().dealt();
            if let Some(holder) = Seat::ALL.into_iter().find(|s| dealt[*s].contains(eo)) {
                self.old_one = Some((names[holder.index()].clone(), self.games));
            }
        }
        Ok(entry)
    }

    /// The last round's games after `record` (RULES.md section 12): "the old one deals the
    /// last round", so its first game is dealt (seat 3) by the player who last held `EO` in
    /// a Sauspiel; its four games come one after the other, and nothing follows them.
    fn last_round_after(&self, record: &Record, names: &[String]) -> Result<Option<u32>, Error> {
        let of_round = record.round.as_deref().and_then(Round::from_name) == Some(Round::Last);
        match (self.last_round, of_round) {
            (Some(LAST_ROUND_GAMES), _) => Err(Error::Conflict(
                "round: the last round is over, so the evening has ended and no game follows"
                    .to_string(),
            )),
            (None, false) => Ok(None),
            (Some(n), false) => Err(Error::Conflict(format!(
                "round: the last round has had {n} of its {LAST_ROUND_GAMES} games, and this \
                 game is not one of them"
            ))),
            (Some(n), true) => Ok(Some(n + 1)),
            (None, true) => match &self.old_one {
                Some((old, game)) if *old != names[3] => Err(Error::Conflict(format!(
                    "round last: the last round is dealt by {old}, who last held EO in a \
                     Sauspiel (game {game}), not by {}",
                    names[3]
                ))),
                _ => Ok(Some(1)),
            },
        }
    }

    /// The Allgäu round after `record` (none once its twelfth game is counted), or the
    /// obligation it breaks: a game outside the round while one is under way, other
    /// players, or a player's second game of one kind.
    fn allgaeu_after(
        &self,
        record: &Record,
        names: &[String],
    ) -> Result<Option<AllgaeuRound>, Error> {
        let of_round = record.round.as_deref().and_then(Round::from_name) == Some(Round::Allgaeu)
            && !record.thrown_in;
        let mut round = match (&self.allgaeu, of_round) {
            (None, false) => return Ok(None),
            (Some(r), false) => {
                return Err(Error::Conflict(format!(
                    "round: the Allgäu round under way has had {} of its {ALLGAEU_GAMES} \
                     games, and this game is not one of them",
                    r.games
                )))
            }
            (Some(r), true) => r.clone(),
            (None, true) => AllgaeuRound {
                games: 0,
                owed: names.iter().map(|n| (n.clone(), [false; 3])).collect(),
            },
        };
        let players: Vec<&str> = round.owed.iter().map(|(p, _)| p.as_str()).collect();
        let other_players = Error::Conflict(format!(
            "players: the Allgäu round under way is played by {}, not by {}",
            players.join(", "),
            names.join(", ")
        ));
        if !names.iter().all(|n| players.contains(&n.as_str())) {
            return Err(other_players);
        }
        let contract = record.setup()?.contract();
        let (Some(declarer), Some(kind)) = (contract.declarer(), allgaeu_obligation(&contract))
        else {
            // The round's own check refuses any other game by name first.
            return Err(Round::Allgaeu.check_contract(&contract).unwrap_err());
        };
        let name = &names[declarer.index()];
        let game = round.games + 1;
        let Some((_, played)) = round.owed.iter_mut().find(|(p, _)| p == name) else {
            return Err(other_players);
        };
        if played[kind] {
            return Err(Error::Conflict(format!(
                "round allgaeu: {name} has played his {} of this Allgäu round already \
                 (game {game} of {ALLGAEU_GAMES})",
                ALLGAEU_NAMES[kind]
            )));
        }
        played[kind] = true;
        round.games = game;
        Ok((game < ALLGAEU_GAMES).then_some(round))
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

    /// German Schafkopf: each winner of the game draws its game points (`gained`, the
    /// seed: "the winner draws a line"); the first to nine wins the match, with his
    /// partner, who drew the same lines, and the next game starts a new one.
    fn count_match(&mut self, names: &[String], score: &Score, gained: i64) -> MatchState {
        self.match_games += 1;
        let declarers = score.declarers.iter().fold(Seats::NONE, |s, d| s.with(*d));
        for seat in score.outcome.winners(declarers).iter() {
            let name = &names[seat.index()];
            match self.match_points.iter_mut().find(|(n, _)| n == name) {
                Some((_, p)) => *p = p.saturating_add(gained),
                None => self.match_points.push((name.clone(), gained)),
            }
        }
        let points: [i64; 4] = std::array::from_fn(|seat| {
            self.match_points
                .iter()
                .find(|(n, _)| *n == names[seat])
                .map_or(0, |(_, p)| *p)
        });
        // A side's winners drew the same points, and the match is theirs together once one
        // of them reaches nine: he wins it with his partners of this game, whatever they
        // had drawn before (RULES.md section 8). In Schellen-Schafkopf nobody has a
        // partner: only who reached nine wins.
        let winners = score.outcome.winners(declarers);
        let sides = !matches!(score.outcome, Outcome::PlainTrick { .. });
        let reached = |seat: Seat| points[seat.index()] >= MATCH_POINTS;
        let mut won: Vec<String> = match winners.iter().any(reached) {
            true => winners
                .iter()
                .filter(|&seat| sides || reached(seat))
                .map(|seat| names[seat.index()].clone())
                .collect(),
            false => Vec::new(),
        };
        won.sort();
        if !won.is_empty() {
            self.matches.push(MatchWon {
                winners: won.clone(),
                games: self.match_games,
            });
            self.match_points.clear();
            self.match_games = 0;
        }
        MatchState { points, won }
    }

    /// Every player's account so far.
    pub fn totals(&self) -> LedgerTotals {
        LedgerTotals {
            games: self.games,
            stock: self.stock,
            players: self.accounts.clone(),
            matches: self.matches.clone(),
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
/// the first card); none for a Ramsch, which has no declared outcome.
fn double_dummy_payouts(setup: &Setup, solver: &mut Solver) -> Result<Option<[i64; 4]>, Error> {
    if setup.contract().declarer().is_none() {
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
/// as it stands (stock and Bock included); none for a Sie, which has nothing to play.
fn single_dummy_payouts(
    setup: &Setup,
    sampling: Sampling,
    solvers: &mut [Solver],
) -> Result<Option<[i64; 4]>, Error> {
    if matches!(setup.contract(), crate::contract::Contract::Sie { .. }) {
        return Ok(None);
    }
    let game = play_single_dummy(&Game::new(setup.clone()), sampling, solvers)?;
    Ok(Some(Score::of(&game)?.payouts))
}

/// What happened in a game that may start a Bock round.
fn bock_events(record: &Record, score: &Score) -> Vec<BockEvent> {
    let mut events = Vec::new();
    match score.outcome {
        Outcome::ThrownIn { .. } => events.push(BockEvent::ThrownIn),
        Outcome::Declared { won, schwarz, .. } => {
            let solo = record
                .contract
                .as_ref()
                .and_then(|c| c.game.parse::<GameName>().ok())
                .is_some_and(|g| g.solo_class());
            if solo && !won {
                events.push(BockEvent::LostSolo);
            }
            if schwarz {
                events.push(BockEvent::Schwarz);
            }
        }
        Outcome::Ramsch { .. } | Outcome::PlainTrick { .. } => {}
    }
    if record.doublings.re > 0 {
        events.push(BockEvent::Re);
    }
    events
}

fn overflow(what: &str) -> Error {
    Error::Conflict(format!(
        "the account of {what} passes the largest amount a ledger can hold"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::Contract;

    /// The crate's example Sauspiel, won by seats 0 and 3, with these names.
    fn sauspiel(players: [&str; 4]) -> Record {
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

    #[test]
    fn a_hand_thrown_in_starts_a_bock_round_of_four_hands() {
        let names = ["Sepp", "Resi", "Hans", "Vroni"];
        let bock = |mut r: Record| {
            r.rules.bock_after = vec![BockEvent::ThrownIn, BockEvent::Re];
            r
        };
        let mut thrown = bock(sauspiel(names));
        (thrown.contract, thrown.play, thrown.thrown_in) = (None, Default::default(), true);
        let mut ledger = Ledger::new();
        assert_eq!(ledger.add(&thrown).unwrap().bock, 0);
        // The next four hands pay double: 40 each instead of 20.
        for _ in 0..4 {
            let e = ledger.add(&bock(sauspiel(names))).unwrap();
            assert_eq!((e.bock, e.payouts), (1, [40, -40, -40, 40]));
        }
        let e = ledger.add(&bock(sauspiel(names))).unwrap();
        assert_eq!((e.bock, e.payouts), (0, [20, -20, -20, 20]));
        // Two throw-ins: their rounds overlap, and the hands they share double twice.
        ledger.add(&thrown).unwrap();
        ledger.add(&thrown).unwrap();
        let e = ledger.add(&bock(sauspiel(names))).unwrap();
        assert_eq!((e.bock, e.payouts), (2, [80, -80, -80, 80]));
        // A record that states another Bock than the rounds under way is refused.
        let mut wrong = bock(sauspiel(names));
        wrong.doublings.bock = 1;
        assert_eq!(
            ledger.add(&wrong).unwrap_err().to_string(),
            "doublings.bock: the record says 1, but 2 Bock rounds are under way"
        );
    }

    /// Random German games, each played out with the first legal card, at a table of four
    /// whose seats move round; every third game a solo.
    fn german_games(n: usize, solos: bool) -> Vec<Record> {
        use crate::announce::german_declaration;
        use crate::contract::{Partners, Wenzels};
        use crate::options::GermanTrump;
        german_games_of(n, |i, hands| {
            let partners = if solos && i % 3 == 0 {
                Partners::Solo
            } else {
                Partners::Across
            };
            german_declaration(hands, Wenzels::Four, GermanTrump::Declared)
                .contract(Wenzels::Four, partners)
        })
    }

    /// Random German games of the contracts `contract` gives (by game and deal), each
    /// played out with the first legal card, at a table of four whose seats move round.
    fn german_games_of(
        n: usize,
        contract: impl Fn(usize, &crate::seat::BySeat<crate::cards::Cards>) -> Contract,
    ) -> Vec<Record> {
        use crate::cards::Deck;
        use crate::contract::Variant;
        use crate::deal::{random_deal, Rng};
        use crate::game::{Deal, Game, Setup};
        let names = ["Sepp", "Resi", "Hans", "Vroni"];
        let mut rng = Rng::new(9);
        (0..n)
            .map(|i| {
                let hands = random_deal(&mut rng, Deck::Long);
                let contract = contract(i, &hands);
                let deal = Deal::new(Variant::German, Deck::Long, hands).unwrap();
                let mut game = Game::new(Setup::new(deal, contract).unwrap());
                while !game.is_over() {
                    let card = game.legal_cards().first().unwrap();
                    game.play(card).unwrap();
                }
                let mut record = Record::from_game(&game);
                record.players = Some((0..4).map(|s| names[(s + i) % 4].to_string()).collect());
                record
            })
            .collect()
    }

    /// Each winner draws the game's points (a lone winner too, though the three pay him);
    /// the first to nine wins the match with his partner, and a new match starts.
    fn check_matches(games: Vec<Record>) -> (usize, usize) {
        let mut below_nine = 0;
        let mut ledger = Ledger::new();
        let mut counts: Vec<(String, i64)> = Vec::new();
        let mut games_in_match = 0;
        let mut won = 0;
        for record in games {
            let entry = ledger.add(&record).unwrap();
            let m = entry
                .german_match
                .clone()
                .expect("a German game has a match");
            games_in_match += 1;
            let winners: Vec<usize> = (0..4).filter(|&s| entry.payouts[s] > 0).collect();
            for &seat in &winners {
                // A lone winner is paid by each of three; otherwise each winner is paid the
                // game points once.
                let gained = entry.payouts[seat] / if winners.len() == 1 { 3 } else { 1 };
                let name = &entry.players[seat];
                match counts.iter_mut().find(|(n, _)| n == name) {
                    Some((_, p)) => *p += gained,
                    None => counts.push((name.clone(), gained)),
                }
            }
            let ours = |n: &String| counts.iter().find(|(u, _)| u == n).map_or(0, |(_, p)| *p);
            let expected: [i64; 4] = std::array::from_fn(|s| ours(&entry.players[s]));
            assert_eq!(m.points, expected, "game {}", entry.game);
            assert_eq!(!m.won.is_empty(), m.points.iter().any(|p| *p >= 9));
            if !m.won.is_empty() {
                // The side that won the deciding game wins the match together.
                let mut side: Vec<String> =
                    winners.iter().map(|&s| entry.players[s].clone()).collect();
                side.sort();
                assert_eq!(m.won, side, "game {}", entry.game);
                below_nine += winners.iter().filter(|&&s| m.points[s] < 9).count();
                let last = ledger.totals().matches.last().cloned().unwrap();
                assert_eq!((last.winners, last.games), (m.won.clone(), games_in_match));
                counts.clear();
                games_in_match = 0;
                won += 1;
            }
        }
        assert_eq!(ledger.totals().matches.len(), won);
        (won, below_nine)
    }

    #[test]
    fn german_partnerships_play_matches_to_nine_game_points() {
        let (won, _) = check_matches(german_games(60, false));
        assert!(won >= 2, "{won} matches in 60 games");
        // The same games with the partnerships changing from game to game (the players
        // seated anew each time): some win a match below nine, with the partner who
        // reached it.
        let pairings = [
            ["Sepp", "Resi", "Hans", "Vroni"],
            ["Sepp", "Hans", "Resi", "Vroni"],
            ["Sepp", "Resi", "Vroni", "Hans"],
        ];
        let games = german_games(60, false)
            .into_iter()
            .enumerate()
            .map(|(i, mut r)| {
                r.players = Some(pairings[i % 3].map(String::from).to_vec());
                r
            })
            .collect();
        let (won, below_nine) = check_matches(games);
        assert!(won >= 2, "{won} matches in 60 games");
        assert!(below_nine >= 1, "{below_nine} partners won below nine");
    }

    #[test]
    fn german_solos_draw_lines_for_the_lone_winner_or_the_three() {
        let games = german_games(60, true);
        let solos = games
            .iter()
            .filter(|r| r.contract.as_ref().is_some_and(|c| c.solo))
            .count();
        assert_eq!(solos, 20);
        let (won, _) = check_matches(games);
        assert!(won >= 2, "{won} matches in 60 games");
    }

    #[test]
    fn schellen_schafkopf_draws_a_line_for_each_player_with_the_most_tricks() {
        let games = german_games_of(40, |_, _| Contract::SchellenSchafkopf);
        let mut ledger = Ledger::new();
        let mut counts: Vec<(String, i64)> = Vec::new();
        let (mut lines, mut matches) = (0, 0);
        for record in &games {
            let entry = ledger.add(record).unwrap();
            let m = entry
                .german_match
                .clone()
                .expect("a German game has a match");
            let Outcome::PlainTrick { most_tricks } = record.score().unwrap().outcome else {
                panic!("not a plain-trick outcome")
            };
            for seat in &most_tricks {
                let name = &entry.players[seat.index()];
                match counts.iter_mut().find(|(n, _)| n == name) {
                    Some((_, p)) => *p += 1,
                    None => counts.push((name.clone(), 1)),
                }
            }
            lines += most_tricks.len();
            let ours = |n: &String| counts.iter().find(|(u, _)| u == n).map_or(0, |(_, p)| *p);
            let expected: [i64; 4] = std::array::from_fn(|s| ours(&entry.players[s]));
            assert_eq!(m.points, expected, "game {}", entry.game);
            if !m.won.is_empty() {
                counts.clear();
                matches += 1;
            }
        }
        assert!(lines >= 40, "{lines} lines in 40 games");
        assert!(matches >= 1, "no match won in 40 games");
    }
}
