//! Ramsch valued by what a player is paid (INTERFACE.md section 2, `measure: settlement`):
//! the player to move at the root ("me") plays for the highest settlement, the other three
//! play to make it least, and the final settlement is `ramsch_decided`, the very function
//! that scores a finished Ramsch (loser and its tie rules, Jungfrau, Durchmarsch).
//!
//! A settlement is not a sum over tricks (who loses depends on everyone's points), so this
//! is a search of its own: fail-soft alpha-beta over settlements counted in units of the
//! price (every Ramsch payment is a multiple of it). It is built as the points search is, a
//! fixed context ([`SettlementContext`]) and the solver's state it borrows, and a file per technique:
//!
//! | technique | file |
//! |---|---|
//! | the compact state: the points search's position and every seat's tally | [`state`] |
//! | what can still happen to "me" (loser, Jungfrau, Durchmarsch), and sure tricks | [`outcomes`] |
//! | questions the points search answers: can he hold himself low, can they force him high | [`points`] |
//! | questions of tricks alone: can one side make every seat of a set take a trick | [`tricks`] |
//! | questions of points with a seat kept without a trick | [`virgin`] |
//! | equivalent cards merged, move ordering, history | [`order`] |
//! | the table: fixed size, buckets of a cache line, keyed by position and tally | [`table`] |
//! | the last two tricks played out outright | [`endgame`] |
//! | the node search, iterative widening in the first trick, and the exact value from zero-window tests | [`driver`] |
//!
//! The cheap questions come before any card is tried: the tallies' sure bounds, then the
//! points search's threshold questions and the tricks questions, each asked only where its
//! answer would decide the window. The tests hold the whole against the naive minimax over
//! the rules engine's own scoring.

mod driver;
mod endgame;
mod order;
mod outcomes;
mod points;
mod state;
mod table;
mod tricks;
mod virgin;

use super::canon::Canon;
use super::layout::Layout;
use crate::options::{Options, RamschForm, RamschTie};
use crate::seat::Seat;
use crate::settle::ramsch_taker;
pub(crate) use driver::Widening;
pub(crate) use state::{frame, State};
pub(crate) use table::Tables;

/// Above every settlement in units (a loser pays at most 3 x 8 under `double_all`).
pub(crate) const INF: i32 = 1_000;

/// Takes one child's value `v` into a node's fail-soft search: the best so far for the
/// side to move and the window narrowed by it; whether `v` is a new best.
fn take(maximizing: bool, v: i32, best: &mut i32, alpha: &mut i32, beta: &mut i32) -> bool {
    let better = if maximizing { v > *best } else { v < *best };
    if better {
        *best = v;
    }
    if maximizing {
        *alpha = (*alpha).max(v);
    } else {
        *beta = (*beta).min(v);
    }
    better
}

/// What a fail-soft answer `best` to the window `window` proves, within the bounds `range`
/// known before: an upper bound at or below the window, a lower one at or above it, the
/// value within it.
fn proved(best: i32, window: (i32, i32), range: (i32, i32)) -> (i32, i32) {
    let (mut lower, mut upper) = range;
    if best <= window.0 {
        upper = upper.min(best);
    } else if best >= window.1 {
        lower = lower.max(best);
    } else {
        lower = best;
        upper = best;
    }
    (lower, upper)
}

/// What one settlement search reads and never changes.
pub(crate) struct SettlementContext<'a> {
    pub layout: Layout,
    /// Canonical hands for the table: every plain suit's runs, and the trumps' too where
    /// the trumps taken decide no tie (under `more_tricks` a trump's own rank can).
    pub canon: Canon,
    /// Canonical hands by tricks alone (every group one run), for [`tricks`].
    pub trick_canon: Canon,
    pub options: &'a Options,
    /// The seat whose settlement is the value.
    pub me: Seat,
    /// The highest trump each seat was dealt (all are played by the end), index + 1.
    pub top_played: [u8; 4],
    /// Whether the points search may be asked ([`points`]): where "me"'s own tricks count
    /// for him, so that his points are one seat's against three (not in a Schieberamsch).
    pub questions: bool,
}

impl<'a> SettlementContext<'a> {
    pub fn new(layout: Layout, options: &'a Options, me: Seat, top_played: [u8; 4]) -> Self {
        use crate::contract::Measure;
        let groups = match options.ramsch_tie {
            RamschTie::MoreTricks => &layout.group_mask[..super::layout::TRUMP],
            RamschTie::HighestTrumpPlayed => &layout.group_mask[..],
        };
        SettlementContext {
            canon: Canon::of_groups(&layout, Measure::Points, groups),
            trick_canon: Canon::new(&layout, Measure::Tricks),
            layout,
            options,
            me,
            top_played,
            questions: options.ramsch_form != RamschForm::Schieberamsch,
        }
    }

    /// The seat whose tricks count for `seat`: itself, but in a Schieberamsch the seat on
    /// its right (whose tricks are passed on to it).
    fn taker(&self, seat: Seat) -> Seat {
        Seat::wrapping(ramsch_taker(self.options.ramsch_form, seat.index()) as u8)
    }

    /// The seats whose taking no trick doubles what "me" pays as a loser (a mask): where
    /// the loser alone pays, all but the seat whose tricks count for him (without a trick
    /// he escapes); all four where the two highest pay (he may pay without one).
    fn doubling_seats(&self) -> u8 {
        match self.options.ramsch_form {
            RamschForm::TwoHighestPay => 0xf,
            RamschForm::LoserPays | RamschForm::Schieberamsch => {
                0xf & !(1 << self.taker(self.me).index())
            }
        }
    }

    /// Whether the tie rules read the trumps taken (else the table leaves them out).
    fn tally_ties(&self) -> bool {
        self.options.ramsch_tie == RamschTie::MoreTricks
    }
}

/// One settlement search: its context, the points search it asks (whose state holds the
/// node counter, the budget and the cancel flag both count against) and its own tables.
pub(crate) struct SettlementSearch<'a> {
    pub cx: SettlementContext<'a>,
    pub points: super::context::Search<'a>,
    pub tables: &'a mut Tables,
    /// The budgets of iterative widening ([`Widening`]).
    pub widen: Widening,
    /// Within a search under a budget of iterative widening, which widens no further.
    pub budgeted: bool,
}

impl SettlementSearch<'_> {
    /// Counts a node; whether the search must stop (out of budget or cancelled).
    #[inline]
    fn stop(&mut self) -> bool {
        let st = &mut *self.points.st;
        if !st.aborted {
            st.visit();
        }
        st.aborted
    }

    fn aborted(&self) -> bool {
        self.points.st.aborted
    }

    /// The state after the player to move plays `card` (a layout index).
    #[inline]
    fn child(&self, s: &State, card: u8) -> State {
        let mut child = *s;
        child.play(card, &self.cx.layout, self.cx.me);
        child
    }
}

#[cfg(test)]
mod tests;
