//! One search: its fixed context (the layout, the frame and who plays against whom, read by
//! every bound) and the solver's mutable state it borrows (the tables, counters and the
//! node budget). The bounds are free functions over the context; only the node search and
//! its driver ([`super::alphabeta`], [`super::driver`]) write the state.

use super::canon::Canon;
use super::layout::Layout;
use super::position::Position;
use super::similar::Shape;
use super::tt::Table;
use super::{Frame, Sides, Stats, Techniques};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What one search reads and never changes.
pub(super) struct Context {
    pub layout: Layout,
    pub canon: Canon,
    pub frame: Frame,
    pub sides: Sides,
    /// The measure's total: 120 points, or the deal's tricks.
    pub total: u8,
    /// The table tag of the deal and frame.
    pub tag: u32,
    pub techniques: Techniques,
    /// Whether similar positions are asked ([`super::similar`]).
    pub similar: bool,
}

impl Context {
    /// The measure still to be taken after `pos`.
    #[inline(always)]
    pub fn still(&self, pos: &Position) -> u8 {
        self.total - pos.assigned
    }

    /// The values a position can still end with: what is taken, up to all that is out too.
    pub fn range(&self, pos: &Position) -> (u8, u8) {
        (pos.got, pos.got + self.still(pos))
    }

    /// The position after `card`.
    pub fn child(&self, pos: &Position, card: u8) -> Position {
        let mut child = *pos;
        child.play(card, &self.layout, &self.frame);
        child
    }
}

/// What a solver keeps between searches of a deal, and what a search writes.
pub(super) struct SearchState {
    pub table: Table,
    /// The similar positions' bounds, by shape ([`super::similar`]).
    pub shapes: Table<Shape, 2>,
    pub stats: Stats,
    /// The history heuristic's counters, by seat and card ([`super::moves`]).
    pub history: [[u16; 32]; 4],
    /// The node count at which searches stop.
    pub node_limit: u64,
    /// The bounds the last exact value had reached ([`super::driver`]): what a search that
    /// stops early has proved.
    pub proved: (u8, u8),
    /// A search ran into the limit: its results are void until a new limit is set.
    pub aborted: bool,
    /// Raised by another thread to stop the searches (the service raises it when the
    /// client has gone), see [`SearchState::visit`].
    pub cancel: Option<Arc<AtomicBool>>,
    /// Raised by a parallel run whose answers are no longer read
    /// (`single_dummy::parallel`): it stops the searches under way as `cancel` does.
    pub halt: Option<Arc<AtomicBool>>,
}

impl SearchState {
    /// Counts a position visited; past the node limit, or once the cancel or halt flag is
    /// raised, every search stops (`aborted`). The flags are looked at once every 1,024
    /// nodes: an atomic load is cheap but not free in the innermost loop, and a thousand
    /// nodes take microseconds.
    #[inline(always)]
    pub fn visit(&mut self) {
        self.stats.nodes += 1;
        let nodes = self.stats.nodes;
        if nodes > self.node_limit || (nodes.is_multiple_of(1024) && self.cancel_raised()) {
            self.aborted = true;
        }
    }

    /// Whether another thread has raised the cancel flag or the halt flag, looked at now
    /// (where a stopped search must tell a cancel from a spent budget).
    #[inline]
    pub fn cancel_raised(&self) -> bool {
        let raised = |flag: &Option<Arc<AtomicBool>>| {
            flag.as_deref().is_some_and(|c| c.load(Ordering::Relaxed))
        };
        raised(&self.cancel) || raised(&self.halt)
    }
}

/// One search over one position: the fixed context and the borrowed state.
pub(super) struct Search<'a> {
    pub cx: Context,
    pub st: &'a mut SearchState,
}
