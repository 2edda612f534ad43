//! The questions of one request at a wide table: each within its own node budget and what
//! is left of the request's, all stopped by one flag (the client gone). One search serves
//! them all, so a later position reuses what an earlier one proved.

use super::deal::Deal;
use super::faces::Face;
use super::game::Position;
use super::search::{Exhausted, Search};
use crate::error::Error;
use crate::search::Solver;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// What the searches of one request may spend.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Nodes each question may search; past them it answers with what it proved.
    pub question: u64,
    /// Nodes all the questions together may search; past them the request is refused
    /// (`search_budget`).
    pub request: u64,
    /// Raised from elsewhere: every search stops and the request is `cancelled`.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// The limits `solver` is under (its questions' nodes, else `question`; what is left of
    /// its request's; its cancel flag), for a wide table's search run on its behalf.
    pub fn of_solver(solver: &Solver, question: u64) -> Limits {
        Limits {
            question: solver.question_limit().unwrap_or(question),
            request: solver.request_nodes_left(),
            cancel: solver.cancel_flag(),
        }
    }

    /// `question` nodes a question, no limit on the request, nothing to cancel it.
    pub fn per_question(question: u64) -> Limits {
        Limits {
            question,
            request: u64::MAX,
            cancel: None,
        }
    }
}

/// A question's answer: exact, or what was proved before its budget ran out.
pub type Answer<T> = Result<T, [u32; 2]>;

/// The questions of one request about one deal.
pub struct Questions<'d> {
    search: Search<'d>,
    limits: Limits,
}

impl<'d> Questions<'d> {
    pub fn new(deal: &'d Deal, limits: Limits) -> Questions<'d> {
        let mut search = Search::new(deal, 0);
        search.stop_when(limits.cancel.clone());
        Questions { search, limits }
    }

    /// The declarers' card points still to come from `position`.
    pub fn value(&mut self, position: &Position) -> Result<Answer<u32>, Error> {
        self.begin()?;
        let asked = self.search.value(position);
        self.settle(asked, |e| [e.low, e.high])
    }

    /// The value after each legal card of the player to move, by face.
    pub fn values(&mut self, position: &Position) -> Result<Option<Vec<(Face, u32)>>, Error> {
        self.begin()?;
        let asked = self.search.values(position);
        self.settle(asked, |_| ()).map(Result::ok)
    }

    /// Whether the declarers take at least `t` more card points from `position`.
    pub fn reaches(&mut self, position: &Position, t: u32) -> Result<Answer<bool>, Error> {
        self.begin()?;
        let asked = self.search.reaches(position, t);
        self.settle(asked, |e| [e.low, e.high])
    }

    /// Nodes searched by every question so far.
    pub fn nodes(&self) -> u64 {
        self.search.nodes()
    }

    /// Starts a question: its budget, at most what the request has left.
    fn begin(&mut self) -> Result<(), Error> {
        let left = self.limits.request.saturating_sub(self.search.nodes());
        if left == 0 {
            return Err(Error::SearchBudget);
        }
        self.search.allow(self.limits.question.min(left));
        Ok(())
    }

    /// A question's end: cancelled, the request's budget spent (both refuse the request),
    /// or the question's answer, exact or what it proved.
    fn settle<T, P>(
        &self,
        asked: Result<T, Exhausted>,
        proved: impl FnOnce(&Exhausted) -> P,
    ) -> Result<Result<T, P>, Error> {
        match asked {
            Ok(v) => Ok(Ok(v)),
            Err(e) if e.cancelled => Err(Error::Cancelled),
            Err(_) if self.search.nodes() >= self.limits.request => Err(Error::SearchBudget),
            Err(e) => Ok(Err(proved(&e))),
        }
    }
}
