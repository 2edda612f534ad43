//! Hand odds at three (`odds`, RULES.md section 16): how a seat's six solos fare over the
//! deals of the cards it cannot see, each deal decided double dummy, as the four-seat
//! `crate::odds` judges a hand and with its tallies, stopping rule and answer.
//!
//! The sixteen unseen cards are dealt uniformly to the two other seats (deal `i` from
//! `Rng::stream(seed, i)`, so any number of threads draws the same deals); every solo is
//! judged on the same deals, in rounds, and one clearly worse than the leader stops. Each
//! deal asks only what the settlement needs (won, schneider, schwarz: threshold tests, with
//! schwarz read from the points as `contracts` reads it). Nobody bids at three: the deals
//! are not weighed by an auction.

use super::contracts::solos;
use super::deal::Deal;
use super::faces::{Face, Faces};
use super::game::Position;
use super::questions::{Limits, Questions};
use super::record::TableRecord;
use super::score::{paid, targets};
use super::table::Table;
use crate::cards::Cards;
use crate::contract::Contract;
use crate::deal::Rng;
use crate::error::Error;
use crate::odds::{stop_the_clearly_worse, summary, HandOdds, Tally, ROUND};
use crate::search::Solver;
use crate::seat::Seat;
use crate::settle::DeclaredOutcome;
use crate::single_dummy::parallel;

/// The limits of one solo on one deal: a question's nodes, and a share of what is left of
/// the request's (`left`) among the round's `tasks`.
fn share(solver: &Solver, question: u64, (left, tasks): (u64, usize)) -> Limits {
    let mut limits = Limits::of_solver(solver, question);
    limits.request = (left / tasks.max(1) as u64).max(1);
    limits
}

impl TableRecord {
    /// The odds of `seat`'s six solos at three over `samples` deals of the cards it cannot
    /// see, drawn from `seed`, searched with `solvers` (one thread each; the answer does
    /// not depend on how many) within their limits (each question's nodes, else
    /// `question`). The record shows every hand; only `seat`'s is read.
    pub fn odds(
        &self,
        seat: Option<Seat>,
        (samples, seed): (usize, u64),
        question: u64,
        solvers: &mut [Solver],
    ) -> Result<HandOdds, Error> {
        let deal = self.deal()?;
        if deal.table().seats() != 3 {
            return Err(Error::Conflict(
                "odds: at von Alvensleben's tables the deal declares the game; there is no \
                 contract to weigh"
                    .to_string(),
            ));
        }
        let seat = seat.filter(|s| s.index() < 3).ok_or_else(|| {
            Error::InvalidRecord(
                "seat: odds at three take the view of the seat named (0 to 2)".to_string(),
            )
        })?;
        let hand: Vec<Face> = deal.hands()[seat.index()].iter().collect();
        let contracts: Vec<Contract> = solos(seat).collect();
        let samples = samples.max(1);
        let mut left = solvers.first().map_or(u64::MAX, Solver::request_nodes_left);
        let mut tallies = vec![Tally::default(); contracts.len()];
        let mut first = 0;
        while first < samples {
            let count = ROUND.min(samples - first);
            let deals = deals(&hand, seat, seed, first..first + count);
            let live: Vec<usize> = (0..contracts.len())
                .filter(|&c| !tallies[c].is_stopped())
                .collect();
            let tasks = live.len() * count;
            let judged = parallel::each(solvers, tasks, |solver, t| {
                let contract = contracts[live[t / count]];
                let deal = Deal::three(contract, &deals[t % count])?;
                let limits = share(solver, question, (left, tasks));
                outcome(&deal, limits)
            })?;
            for (t, (answer, nodes)) in judged.into_iter().enumerate() {
                left = left.saturating_sub(nodes);
                tallies[live[t / count]].add(answer);
            }
            first += count;
            if first < samples {
                stop_the_clearly_worse(&mut tallies, first);
            }
        }
        let (contracts, best) = summary(&contracts, &tallies, true);
        let cards: Cards = hand.iter().filter_map(|f| f.card()).collect();
        Ok(HandOdds {
            id: self.id.clone(),
            seat,
            hand: cards,
            samples,
            seed,
            inference: "none",
            contracts,
            best,
        })
    }
}

/// The deals `odds` judges at three: deal `i` of `range` has `hand` at `seat` and the
/// other sixteen cards of the short pack shuffled by `Rng::stream(seed, i)` and dealt eight
/// and eight to the others in seat order.
pub fn deals(
    hand: &[Face],
    seat: Seat,
    seed: u64,
    range: std::ops::Range<usize>,
) -> Vec<Vec<Vec<Face>>> {
    range
        .map(|i| deal_of(hand, seat, Rng::stream(seed, i as u64)))
        .collect()
}

/// One deal of [`deals`], shuffled by `rng`.
fn deal_of(hand: &[Face], seat: Seat, mut rng: Rng) -> Vec<Vec<Face>> {
    let held = hand.iter().fold(Faces::EMPTY, |mut all, &f| {
        all.insert(f);
        all
    });
    let pack = Table::three().length().faces();
    let mut hidden: Vec<Face> = Face::each(pack).filter(|f| !held.contains(*f)).collect();
    for i in (1..hidden.len()).rev() {
        hidden.swap(i, rng.below(i + 1));
    }
    let mut rest = hidden.chunks(hidden.len() / 2).map(<[Face]>::to_vec);
    (0..3)
        .map(|s| match s == seat.index() {
            true => hand.to_vec(),
            false => rest.next().unwrap_or_default(),
        })
        .collect()
}

/// One solo on one deal: won, schneider and schwarz for the soloist from the first card,
/// and what that pays him (or `None` where a question ran out of its budget); with the
/// nodes it searched.
type Outcome = (Option<(bool, bool, bool, i64)>, u64);

fn outcome(deal: &Deal, limits: Limits) -> Result<Outcome, Error> {
    let mut questions = Questions::new(deal, limits);
    let start = Position::start(deal);
    let t = targets(deal);
    let mut ask = |points: u32| -> Result<Option<bool>, Error> {
        Ok(questions.reaches(&start, points)?.ok())
    };
    let answer = (|| -> Result<Option<DeclaredOutcome>, Error> {
        let Some(won) = ask(t.win)? else {
            return Ok(None);
        };
        // Won: schneider from 91, schwarz all 120; lost: schneider under 31, schwarz none.
        let (schneider, schwarz) = match won {
            true => (ask(t.schneider)?, ask(t.total)?),
            false => (ask(t.free)?.map(|r| !r), ask(1)?.map(|r| !r)),
        };
        Ok(schneider
            .zip(schwarz)
            .map(|(schneider, schwarz)| DeclaredOutcome {
                won,
                schneider,
                schwarz,
            }))
    })()?;
    let nodes = questions.nodes();
    let settled = answer.map(|o| {
        let pays = paid(deal, o)[deal.declarer() as usize];
        (o.won, o.schneider, o.schwarz, pays)
    });
    Ok((settled, nodes))
}
