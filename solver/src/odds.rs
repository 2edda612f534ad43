//! Hand odds (INTERFACE.md section 3, `odds`): how a seat's contracts fare over the deals of
//! the cards it cannot see, each deal decided double dummy.
//!
//! The unseen cards are dealt uniformly to the other seats (`Rng::stream(seed, i)` for
//! deal `i`, so any number of threads draws the same deals), and where the auction is read
//! each deal is kept in proportion to how likely the seats before the asking one were to
//! pass with their hands (it is his turn to speak); every contract is judged on
//! the same deals, in rounds of [`ROUND`]. After each round a contract whose settlement is
//! clearly below the leader's (its mean plus three standard errors under the best lower
//! bound, passing's 0 included) stops, and says so.

use crate::auction::AuctionModel;
use crate::cards::Cards;
use crate::contract::{Contract, Variant};
use crate::deal::Rng;
use crate::error::Error;
use crate::game::{choices, Call, Deal, Setup};
use crate::record::Record;
use crate::search::Solver;
use crate::seat::{BySeat, Seat};
use crate::single_dummy::parallel;
use crate::single_dummy::{
    assume, keep, narrow_by_passes, round, Arrangements, Assumption, Inference, Sampling,
};
use crate::valuation::{evaluate, Valuation};
use serde::Serialize;

/// Deals judged per contract between two looks at the stopping rule.
pub const ROUND: usize = 100;

/// Standard errors between a stopped contract's mean and the leader's (a clear gap).
const STOP_MARGIN: f64 = 3.0;

/// Deals drawn for one that keeps the assumptions before they are judged impossible.
const TRIES_PER_DEAL: u64 = 100_000;

/// Deals drawn uniformly to find the largest likelihood of the passes before the seat.
const PILOT_DEALS: usize = 64;

/// Mixed into the seed of those deals, so that their streams are not the deals'.
const PILOT_SEED: u64 = 0x6a09_e667_f3bc_c909;

/// One seat's hand at a table, the other hands unseen, and the contracts to judge.
#[derive(Clone, Debug)]
pub struct HandQuestion {
    /// The table: options, prices, doublings (Klopfen; Kontra and Re come after the
    /// contract and are left out). Only `seat`'s hand of it is read.
    table: Deal,
    seat: Seat,
    /// The contracts to judge: the record's, or every one the seat may announce.
    contracts: Vec<Contract>,
    /// What the seats before it said in the auction (each passed where the record does
    /// not give the auction as it happened).
    said: Vec<Call>,
}

/// The contracts `seat` may announce at the table of `deal` ([`choices`]) after the calls
/// of the seats before him (`said`): none below a game one of them said "I play" to (between
/// equal games the seat nearer forehand plays).
fn open_to(deal: &Deal, seat: Seat, said: &[Call]) -> Vec<Contract> {
    let outbid = said.contains(&Call::Play);
    choices(deal, seat)
        .into_iter()
        .filter(|c| !outbid || outbids(c))
        .collect()
}

/// Whether `contract` outbids a seat before its declarer that said "I play": a game above
/// the lowest (between equal games the seat nearer forehand plays).
fn outbids(contract: &Contract) -> bool {
    contract.bid_rank().is_some_and(|rank| rank > 0)
}

/// What the seats before `seat` said in the auction of `deal`: as it happened where the
/// record gives it, else each passed (it is `seat`'s turn to speak).
fn said_before(deal: &Deal, seat: Seat) -> Vec<Call> {
    match deal.auction() {
        Some(calls) => calls[..seat.index()].to_vec(),
        None => vec![Call::Pass; seat.index()],
    }
}

impl HandQuestion {
    /// The question `odds` asks of a record (INTERFACE.md section 3): the hand of `seat`,
    /// or of the one seat whose hand is shown, with every other hand hidden; the record's
    /// contract first where it is that seat's, then every other contract the seat may
    /// announce at the table and, where the record gives it, after the auction as it
    /// happened (a record that hides hands must not name another seat's contract). The
    /// play is not read.
    pub fn of_record(record: &Record, seat: Option<Seat>) -> Result<HandQuestion, Error> {
        let (deal, seat, mut contracts) = record.hand_view(seat)?;
        if !contracts.is_empty() {
            let said = said_before(&deal, seat);
            for c in open_to(&deal.without_stoesse(), seat, &said) {
                if !contracts.contains(&c) {
                    contracts.push(c);
                }
            }
        }
        HandQuestion::new(deal, seat, contracts)
    }

    /// The question for `seat` holding its hand of `table`: `contracts`, or where empty
    /// every contract the seat may announce (a Hochzeit needs a partner's consent and is
    /// not among them).
    pub fn new(table: Deal, seat: Seat, contracts: Vec<Contract>) -> Result<HandQuestion, Error> {
        table.check_chosen_before_play()?;
        // The seat decides at its turn: what the seats before it said is read, its own
        // call and the later ones are not (the question is what it should say).
        let said = said_before(&table, seat);
        let table = table.without_auction();
        if table.variant() == Variant::German {
            return Err(Error::BadView(
                "odds: in German Schafkopf the declaration follows from all four hands \
                 (RULES.md section 8), so a hand alone has no contracts to choose from"
                    .to_string(),
            ));
        }
        let contracts = if contracts.is_empty() {
            open_to(&table, seat, &said)
        } else {
            contracts
        };
        let outbid = said.contains(&Call::Play);
        if let Some(c) = contracts.iter().find(|c| outbid && !outbids(c)) {
            return Err(Error::Conflict(format!(
                "odds: a seat before seat {seat} said 'play' in the auction, and between \
                 equal games the seat nearer forehand plays: {c} cannot outbid him"
            )));
        }

        for &c in &contracts {
            if c.declarer() != Some(seat) {
                return Err(Error::BadView(format!(
                    "odds: the contract {c} is not seat {seat}'s to declare"
                )));
            }
            if let Contract::Hochzeit { .. } = c {
                return Err(Error::BadView(
                    "odds: a Hochzeit depends on the partner's hand; ask `contracts` of a \
                     whole deal"
                        .to_string(),
                ));
            }
            // The declarer's own hand decides whether he may play it.
            Setup::new(table.without_stoesse(), c)?;
        }
        Ok(HandQuestion {
            table: table.without_stoesse(),
            seat,
            contracts,
            said,
        })
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn hand(&self) -> Cards {
        self.table.hands()[self.seat]
    }

    /// The deals of the unseen cards, `i` from `first` on, each keeping `assume` (drawn
    /// again where it breaks one: uniform over the deals that keep them all), trumps and
    /// suits counted as in a Sauspiel (the contracts judged differ, the deals do not);
    /// where `passing` is given (the model and the largest likelihood expected), each
    /// kept with the likelihood that the seats before this one passed over that.
    fn deals(
        &self,
        first: usize,
        count: usize,
        seed: u64,
        assume: &[Assumption],
        passing: Option<(&AuctionModel, f64)>,
    ) -> Result<Vec<Deal>, Error> {
        let deck = self.table.deck();
        let hand = self.hand();
        let hidden = deck.cards().without(hand);
        let n = deck.hand_size() as u8;
        let need = BySeat::from_fn(|s| if s == self.seat { 0 } else { n });
        let mut allowed = BySeat::from_fn(|s| if s == self.seat { Cards::EMPTY } else { hidden });
        // In a Schieber round the seat knows where the cards it saw pass went (the deals
        // are dealt without the passes: `Deal::redealt`).
        narrow_by_passes(self.table.passes(), self.seat, hidden, &mut allowed);
        let mut known = BySeat::from_fn(|_| Cards::EMPTY);
        known[self.seat] = hand;
        assume::check_held(
            assume,
            &mut allowed,
            &known,
            &BySeat::from_fn(|_| Cards::EMPTY),
        )?;
        let order = Contract::Ramsch.order(deck);
        let mut arrangements = Arrangements::new(hidden, &allowed, need);
        // With what the model reads of the table, the same in every deal.
        let passing = passing.map(|(m, most)| (m, most, crate::auction::Table::of(&self.table)));
        (first..first + count)
            .map(|i| {
                let mut rng = Rng::stream(seed, i as u64);
                for tried in 1..=TRIES_PER_DEAL {
                    let mut hands =
                        arrangements
                            .draw(&mut rng)
                            .ok_or(Error::NoConsistentWorld {
                                seat: self.seat,
                                tried,
                            })?;
                    hands[self.seat] = hand;
                    if !assume::all_kept(assume, &hands, &order) {
                        continue;
                    }
                    let deal = self.table.redealt(hands)?;
                    match passing {
                        Some((model, most, ref table)) => {
                            let weight = model.spoke_before_at(&deal, &self.said, table);
                            if keep(&mut rng, weight, most) {
                                return Ok(deal);
                            }
                        }
                        None => return Ok(deal),
                    }
                }
                Err(Error::NoConsistentWorld {
                    seat: self.seat,
                    tried: TRIES_PER_DEAL,
                })
            })
            .collect()
    }
}

/// A mean with its 95% interval.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Estimate {
    pub mean: f64,
    pub low: f64,
    pub high: f64,
}

/// One contract over the deals judged.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ContractOdds {
    #[cfg_attr(feature = "openapi", schema(value_type = crate::record::ContractSpec))]
    pub contract: Contract,
    /// Deals judged (fewer than asked where it stopped early).
    pub samples: usize,
    /// How often the declaring side wins; wins schneider; wins schwarz.
    pub won: f64,
    pub schneider: f64,
    pub schwarz: f64,
    /// What the declarer receives (negative: pays), 95% interval of the mean.
    pub settlement: Estimate,
    /// Why it stopped before all deals were judged.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// Deals whose question ran out of its node budget (`--node-budget`): not in
    /// `samples`, nor in any rate or mean.
    #[serde(skip_serializing_if = "is_zero")]
    pub unsettled: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The best choice by expected settlement: a contract, or passing (0).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OddsChoice {
    /// Absent: pass.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<crate::record::ContractSpec>))]
    pub contract: Option<Contract>,
    pub pass: bool,
    /// Its expected settlement (0 for passing).
    pub settlement: f64,
}

/// The answer of `odds`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HandOdds {
    pub id: Option<String>,
    pub seat: Seat,
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    #[serde(serialize_with = "crate::cards::cards_set_text")]
    pub hand: Cards,
    /// Deals asked for, and the seed they were drawn with.
    pub samples: usize,
    pub seed: u64,
    /// How the deals read the auction so far: `auction` (the seats before this one
    /// passed) or `none`.
    pub inference: &'static str,
    pub contracts: Vec<ContractOdds>,
    pub best: OddsChoice,
}

/// Running sums of one contract's outcomes.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tally {
    n: usize,
    unsettled: usize,
    won: usize,
    schneider: usize,
    schwarz: usize,
    sum: f64,
    squares: f64,
    stopped: Option<String>,
}

impl Tally {
    /// One deal's outcome: won, schneider and schwarz for the declaring side, and what the
    /// declarer is paid; or `None` where its question ran out of its budget.
    pub(crate) fn add(&mut self, outcome: Option<(bool, bool, bool, i64)>) {
        let Some((won, schneider, schwarz, settlement)) = outcome else {
            self.unsettled += 1;
            return;
        };
        self.n += 1;
        self.won += won as usize;
        self.schneider += (won && schneider) as usize;
        self.schwarz += (won && schwarz) as usize;
        let s = settlement as f64;
        self.sum += s;
        self.squares += s * s;
    }

    /// Whether the stopping rule has stopped this contract.
    pub(crate) fn is_stopped(&self) -> bool {
        self.stopped.is_some()
    }

    fn mean(&self) -> f64 {
        self.sum / self.n.max(1) as f64
    }

    /// The standard error of the mean.
    fn error(&self) -> f64 {
        if self.n < 2 {
            return f64::INFINITY;
        }
        let n = self.n as f64;
        let var = (self.squares - self.sum * self.sum / n) / (n - 1.0);
        (var.max(0.0) / n).sqrt()
    }
}

/// The odds of every contract of `question` over `sampling.samples` deals, searched with
/// `solvers` (one thread each; the answer does not depend on how many).
pub fn odds(
    question: &HandQuestion,
    sampling: Sampling,
    solvers: &mut [Solver],
) -> Result<HandOdds, Error> {
    let samples = sampling.samples.max(1);
    let assume = sampling.assume.list();
    // The largest likelihood of the passes before the seat among a few deals drawn
    // uniformly first (from streams of their own), where the auction is read.
    let passing = match sampling.inference {
        Inference::None => None,
        Inference::Auction(model) => {
            let pilot =
                question.deals(0, PILOT_DEALS, sampling.seed ^ PILOT_SEED, &assume, None)?;
            let table = crate::auction::Table::of(&question.table);
            let weight = |d: &Deal| model.spoke_before_at(d, &question.said, &table);
            Some((model, pilot.iter().map(weight).fold(0.0, f64::max)))
        }
    };
    let mut tallies = vec![Tally::default(); question.contracts.len()];
    let mut first = 0;
    while first < samples {
        let count = ROUND.min(samples - first);
        let deals = question.deals(first, count, sampling.seed, &assume, passing)?;
        let live: Vec<usize> = (0..tallies.len())
            .filter(|&c| tallies[c].stopped.is_none())
            .collect();
        let tasks = live.len() * count;
        let outcomes = parallel::each(solvers, tasks, |solver, t| {
            let contract = question.contracts[live[t / count]];
            let setup = Setup::new(deals[t % count].clone(), contract)?;
            match evaluate(setup, solver, Valuation::Outcome) {
                Ok(v) => Ok(Some(v)),
                // Out of the question's node budget: counted apart, the rest goes on.
                Err(Error::Unsettled(_)) => Ok(None),
                Err(e) => Err(e),
            }
        })?;
        for (t, v) in outcomes.into_iter().enumerate() {
            let outcome = v.map(|v| (v.won, v.schneider, v.schwarz, v.settlement));
            tallies[live[t / count]].add(outcome);
        }
        first += count;
        if first < samples {
            stop_the_clearly_worse(&mut tallies, first);
        }
    }
    let (contracts, best) = summary(
        &question.contracts,
        &tallies,
        !question.table.must_declare(),
    );
    Ok(HandOdds {
        id: question.table.id().map(str::to_string),
        seat: question.seat,
        hand: question.hand(),
        samples,
        seed: sampling.seed,
        inference: sampling.inference.name(),
        contracts,
        best,
    })
}

/// Each contract's odds from its tally, and the best choice: the contract worth most in
/// expectation, or passing (0) where none is worth as much and `may_pass`.
pub(crate) fn summary(
    contracts: &[Contract],
    tallies: &[Tally],
    may_pass: bool,
) -> (Vec<ContractOdds>, OddsChoice) {
    let contracts: Vec<ContractOdds> = contracts
        .iter()
        .zip(tallies)
        .map(|(&contract, t)| {
            let n = t.n.max(1) as f64;
            let (mean, e) = (t.mean(), t.error());
            let e = if e.is_finite() { e } else { 0.0 };
            ContractOdds {
                contract,
                samples: t.n,
                won: round(t.won as f64 / n, 4),
                schneider: round(t.schneider as f64 / n, 4),
                schwarz: round(t.schwarz as f64 / n, 4),
                settlement: Estimate {
                    mean: round(mean, 2),
                    low: round(mean - 1.96 * e, 2),
                    high: round(mean + 1.96 * e, 2),
                },
                stopped: t.stopped.clone(),
                unsettled: t.unsettled,
            }
        })
        .collect();
    // Passing is worth 0, so a contract is chosen only where it is worth as much; in a
    // Muss game the holder of EO may not pass, and takes the best contract whatever it
    // costs.
    let best = contracts
        .iter()
        .filter(|c| c.settlement.mean >= 0.0 || !may_pass)
        .fold(None::<&ContractOdds>, |b, c| match b {
            Some(b) if b.settlement.mean >= c.settlement.mean => Some(b),
            _ => Some(c),
        });
    let best = match best {
        Some(c) => OddsChoice {
            contract: Some(c.contract),
            pass: false,
            settlement: c.settlement.mean,
        },
        None => OddsChoice {
            contract: None,
            pass: true,
            settlement: 0.0,
        },
    };
    (contracts, best)
}

/// Stops every live contract whose mean plus [`STOP_MARGIN`] standard errors lies under the
/// best lower bound of the others (passing's exact 0 among them).
pub(crate) fn stop_the_clearly_worse(tallies: &mut [Tally], judged: usize) {
    let bound = |t: &Tally| {
        (
            t.mean() - STOP_MARGIN * t.error(),
            t.mean() + STOP_MARGIN * t.error(),
        )
    };
    let bounds: Vec<(f64, f64)> = tallies.iter().map(bound).collect();
    for c in 0..tallies.len() {
        if tallies[c].stopped.is_some() {
            continue;
        }
        let leader = (0..tallies.len())
            .filter(|&o| o != c)
            .map(|o| bounds[o].0)
            .fold(0.0f64, f64::max);
        if bounds[c].1 < leader {
            tallies[c].stopped = Some(format!(
                "after {judged} deals: mean {:.2} + {STOP_MARGIN} standard errors is below {}",
                tallies[c].mean(),
                if leader > 0.0 {
                    format!("another contract's lower bound {leader:.2}")
                } else {
                    "passing (0)".to_string()
                }
            ));
        }
    }
}

#[cfg(test)]
mod tests;
