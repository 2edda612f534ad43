//! The public solver: one [`Solver`] keeps its tables across the questions asked of a deal
//! (within a fixed budget) and answers them: the value, every card's value, one card
//! judged, a threshold. Ramsch, valued by the settlement, goes to its own search
//! ([`super::ramsch`]); everything else to the zero-window search ([`super::driver`]).

use super::canon::Canon;
use super::context::{Context, Search, SearchState};
use super::layout::{self, bits, Layout};
use super::position::Position;
use super::tt::{self, Table, DEFAULT_TABLE_BYTES};
use super::{ramsch, Frame, Sides, Stats, Techniques};
use crate::cards::Card;
use crate::contract::{Contract, Measure};
use crate::error::{Error, Unsettled};
use crate::game::{Game, Setup};
use crate::seat::Seat;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The value of a position and of every legal card of the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(example = json!({"id": "sauspiel-1180324214", "to_move": 0, "measure": "points",
    "declarers": [0, 3], "value": 91, "cards": {"GK": 60, "GU": 91, "HO": 90, "H9": 91, "SU": 91}})))]
pub struct Solution {
    pub id: Option<String>,
    pub to_move: Seat,
    pub measure: Measure,
    pub declarers: Vec<Seat>,
    pub value: i64,
    /// Each legal card and the value after it, in card order.
    #[cfg_attr(feature = "openapi", schema(value_type = std::collections::BTreeMap<String, i64>))]
    #[serde(serialize_with = "cards_map")]
    pub cards: Vec<(Card, i64)>,
    /// The best line from the position, where asked for ([`Solver::best_line`]).
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<String>>))]
    #[serde(serialize_with = "line_text", skip_serializing_if = "Option::is_none")]
    pub line: Option<Vec<Card>>,
}

fn line_text<S: Serializer>(line: &Option<Vec<Card>>, s: S) -> Result<S::Ok, S::Error> {
    match line {
        Some(cards) => s.collect_seq(cards.iter().map(|c| c.to_string())),
        None => s.serialize_none(),
    }
}

fn cards_map<S: Serializer>(cards: &[(Card, i64)], s: S) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(cards.len()))?;
    for (card, v) in cards {
        map.serialize_entry(&card.to_string(), v)?;
    }
    map.end()
}

/// A double-dummy solver with its transposition table. Reuse one solver for many positions:
/// the table is kept (within its budget) and positions of the same deal share entries.
pub struct Solver {
    /// The tables, counters and node budget every search borrows.
    state: SearchState,
    techniques: Techniques,
    /// Deal generation: entries of other deals never match.
    generation: u32,
    /// The setup the generation belongs to: a question of any setup that does not play and
    /// pay as this one ([`Setup::plays_and_pays_as`]) starts a new generation.
    last_setup: Option<Setup>,
    /// The Ramsch settlement search's tables ([`ramsch`]), started afresh with every deal.
    ramsch: ramsch::Tables,
    /// Bytes all tables may take together.
    budget: usize,
    /// The node count at which every search stops ([`Solver::limit_nodes`]).
    request_limit: u64,
    /// Positions each question may search ([`Solver::limit_questions`]).
    question_nodes: Option<u64>,
    /// The Ramsch settlement search's budgets of iterative widening.
    pub(crate) widening: ramsch::Widening,
}

/// Why a search stopped early.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Stop {
    Cancelled,
    /// Out of the budget of [`Solver::limit_nodes`].
    Request,
    /// Out of the question's own budget ([`Solver::limit_questions`]).
    Question,
}

/// How a solver's table budget is shared out for a deal. The points search's table of exact
/// positions and its similar positions' table take it all in the point games, half and
/// half. A Ramsch asks the points search only cheap threshold questions, and its settlement
/// search keys positions by every seat's tally as well, so there the settlement search's
/// tables take three quarters, the points search's tables an eighth each.
struct Share {
    exact: usize,
    similar: usize,
    ramsch: usize,
}

impl Share {
    fn of(bytes: usize, ramsch: bool) -> Share {
        match ramsch {
            false => Share {
                exact: bytes / 2,
                similar: bytes / 2,
                ramsch: 0,
            },
            true => Share {
                exact: bytes / 8,
                similar: bytes / 8,
                ramsch: bytes / 4 * 3,
            },
        }
    }
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// A solver with the default table budget ([`DEFAULT_TABLE_BYTES`]).
    pub fn new() -> Solver {
        Solver::with_budget(DEFAULT_TABLE_BYTES)
    }

    /// A solver whose tables take at most `bytes` together (at least a cache line each),
    /// shared out per deal ([`Share`]). Each is written only as its searches need it.
    pub fn with_budget(bytes: usize) -> Solver {
        let share = Share::of(bytes, false);
        Solver {
            state: SearchState {
                table: Table::with_budget(share.exact),
                shapes: Table::with_budget(share.similar),
                stats: Stats::default(),
                history: [[0; 32]; 4],
                node_limit: u64::MAX,
                proved: (0, 0),
                aborted: false,
                cancel: None,
                halt: None,
            },
            ramsch: ramsch::Tables::with_budget(share.ramsch),
            budget: bytes,
            request_limit: u64::MAX,
            question_nodes: None,
            widening: ramsch::Widening::DEFAULT,
            techniques: Techniques::default(),
            generation: 0,
            last_setup: None,
        }
    }

    /// Bounds the work of what follows: once `nodes` more positions have been visited (over
    /// every search until the next call), searches stop and return
    /// [`Error::SearchBudget`]. `None` lifts the bound. Nothing a stopped search saw is kept
    /// in the table, so later searches stay exact.
    pub fn limit_nodes(&mut self, nodes: Option<u64>) {
        let st = &mut self.state;
        self.request_limit = nodes.map_or(u64::MAX, |n| st.stats.nodes.saturating_add(n));
        st.node_limit = self.request_limit;
        st.aborted = false;
    }

    /// Bounds each question asked from now on (one call of `value`, `solve`, `judge`,
    /// `at_least`, `settlement_of`) to `nodes` positions: one that runs out answers what it
    /// proved, as [`Error::Unsettled`], and the next question starts afresh. `None` lifts
    /// the bound. A bound of [`Solver::limit_nodes`] still holds over all of them.
    pub fn limit_questions(&mut self, nodes: Option<u64>) {
        self.question_nodes = nodes;
    }

    /// The nodes each question may search, where limited.
    pub fn question_limit(&self) -> Option<u64> {
        self.question_nodes
    }

    /// The nodes left of the request's bound ([`Solver::limit_nodes`]; `u64::MAX` where
    /// there is none).
    pub fn request_nodes_left(&self) -> u64 {
        self.request_limit.saturating_sub(self.state.stats.nodes)
    }

    /// The flag that cancels this solver's searches ([`Solver::cancel_when`]), for a search
    /// of another kind run on its behalf.
    pub fn cancel_flag(&self) -> Option<Arc<AtomicBool>> {
        self.state.cancel.clone()
    }

    /// Starts a question: its own budget, within the request's.
    fn begin(&mut self) {
        let st = &mut self.state;
        if let Some(n) = self.question_nodes {
            st.node_limit = self.request_limit.min(st.stats.nodes.saturating_add(n));
            st.aborted = st.stats.nodes >= self.request_limit;
        }
    }

    /// A second solver for the same request, with tables of `bytes`: it may visit as many
    /// positions as this one has left of its budget, and stops when this one's cancel flag
    /// is raised (a request that searches on two solvers at once stays bounded).
    pub fn helper(&self, bytes: usize) -> Solver {
        let mut helper = Solver::with_budget(bytes);
        let st = &self.state;
        let left =
            (st.node_limit != u64::MAX).then(|| st.node_limit.saturating_sub(st.stats.nodes));
        helper.limit_nodes(left);
        helper.cancel_when(st.cancel.clone());
        helper
    }

    /// Stops the searches that follow once `flag` is raised (from any thread): they return
    /// [`Error::Cancelled`] within about a thousand positions. `None` takes the flag away.
    /// As after a budget stop, nothing a cancelled search saw is kept, and the solver is
    /// exact again once given a new flag or limit.
    pub fn cancel_when(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.state.cancel = flag;
        self.state.aborted = false;
    }

    /// Stops the searches under way and those that follow once `flag` is raised, as the
    /// cancel flag does, beside it: a parallel run's own stop, raised when their answers
    /// are no longer wanted. `None` takes the flag away; the solver is exact again unless
    /// its budget is spent or its cancel flag raised.
    pub(crate) fn halt_when(&mut self, flag: Option<Arc<AtomicBool>>) {
        let st = &mut self.state;
        st.halt = flag;
        st.aborted = st.stats.nodes > st.node_limit || st.cancel_raised();
    }

    /// Why the searches stopped early, if they did.
    fn stopped(&self) -> Option<Stop> {
        let st = &self.state;
        if !st.aborted {
            return None;
        }
        Some(if st.cancel_raised() {
            Stop::Cancelled
        } else if st.stats.nodes >= self.request_limit {
            Stop::Request
        } else {
            Stop::Question
        })
    }

    /// The error of a search that stopped early: cancelled, out of the request's budget,
    /// or out of the question's, having proved `proved` (called only then).
    fn check(&self, proved: impl FnOnce() -> Unsettled) -> Result<(), Error> {
        match self.stopped() {
            None => Ok(()),
            Some(Stop::Cancelled) => Err(Error::Cancelled),
            Some(Stop::Request) => Err(Error::SearchBudget),
            Some(Stop::Question) => Err(Error::Unsettled(proved())),
        }
    }

    /// The same solver with some techniques switched off (for tests).
    pub fn with_techniques(mut self, techniques: Techniques) -> Solver {
        self.techniques = techniques;
        self
    }

    pub fn stats(&self) -> Stats {
        self.state.stats
    }

    /// Starts over as if on a new deal: table entries and history no longer apply. (The
    /// table memory is kept; old entries are overwritten as the search goes.)
    pub fn forget(&mut self) {
        self.last_setup = None;
    }

    /// Bytes held by the transposition tables.
    pub fn table_bytes(&self) -> usize {
        self.state.table.bytes() + self.state.shapes.bytes() + self.ramsch.bytes()
    }

    /// The frame of `game` ([`Frame::of`]), its sides and its table tag.
    fn prepare(&mut self, game: &Game) -> Result<(Frame, Sides, u32), Error> {
        let frame = Frame::of(game)?;
        let (sides, tag) = self.prepare_in(game, frame)?;
        Ok((frame, sides, tag))
    }

    /// Starts a question of `game` in `frame`: its sides and its table tag.
    fn prepare_in(&mut self, game: &Game, frame: Frame) -> Result<(Sides, u32), Error> {
        self.begin();
        let sides = frame.sides().ok_or(UNSUPPORTED_SIDES)?;
        Ok((sides, self.tag(game, &frame)))
    }

    /// The table tag of a game and frame: the deal's generation and the frame's bits.
    fn tag(&mut self, game: &Game, frame: &Frame) -> u32 {
        let setup = game.setup();
        let same = self
            .last_setup
            .as_ref()
            .is_some_and(|last| last.plays_and_pays_as(setup));
        if !same {
            // Generations run 1..=2^23-1 (a zero tag marks an empty slot); when they wrap,
            // the table is cleared so that no entry of an old deal can ever match.
            if self.generation == 0x7f_ffff {
                self.state.table.clear();
                self.state.shapes.clear();
                self.ramsch.clear();
                self.generation = 0;
            }
            self.generation += 1;
            let share = Share::of(self.budget, setup.contract() == Contract::Ramsch);
            self.state.table.set_budget(share.exact);
            self.state.shapes.set_budget(share.similar);
            self.ramsch.set_budget(share.ramsch);
            self.state.table.start(self.generation);
            self.state.shapes.start(self.generation);
            self.ramsch.start(self.generation);
            self.last_setup = Some(setup.clone());
            self.state.history = [[0; 32]; 4];
        }
        self.generation << tt::GENERATION_SHIFT | frame.bits()
    }

    /// A search of `game` in `frame` (whose sides [`Frame::sides`] has classified), with
    /// the table tag `tag`.
    fn search(&mut self, game: &Game, frame: Frame, sides: Sides, tag: u32) -> Search<'_> {
        points_search(&mut self.state, self.techniques, game, frame, sides, tag)
    }

    /// Whether the maximising seats can reach a final value of at least `t`.
    pub fn at_least(&mut self, game: &Game, t: i64) -> Result<bool, Error> {
        let frame = Frame::of(game)?;
        self.at_least_in(game, frame, t)
    }

    /// Whether the maximisers of a frame of one's own choosing can reach at least `t`: e.g.
    /// whether the declarers of a point contract can take every trick (schwarz), with
    /// `Frame { counted: declarers, maximizers: declarers, measure: Measure::Tricks }`.
    /// A settlement frame values a Ramsch for its one counted seat, who maximises.
    pub fn at_least_in(&mut self, game: &Game, frame: Frame, t: i64) -> Result<bool, Error> {
        if let Contract::Sie { .. } = game.contract() {
            return Err(Error::NothingToSolve);
        }
        self.begin();
        let tag = self.tag(game, &frame);
        if frame.measure == Measure::Settlement {
            let me = match frame.counted.iter().next() {
                Some(me)
                    if frame.counted.len() == 1
                        && frame.maximizers == frame.counted
                        && game.contract() == Contract::Ramsch =>
                {
                    me
                }
                _ => {
                    return Err(Error::UnsupportedFrame(
                        "a settlement frame values a Ramsch for one seat, who maximises it",
                    ))
                }
            };
            let unit = ramsch_unit(game);
            if unit == 0 {
                return Ok(t <= 0);
            }
            // Units are whole: at least t money is at least ceil(t / unit) units.
            let units = t.div_euclid(unit) + (t.rem_euclid(unit) != 0) as i64;
            let units = units.clamp(-ramsch::INF as i64, ramsch::INF as i64) as i32;
            let (reached, (lo, hi)) = self.ramsch(game, me, |search, root| {
                let reached = search.search(root, units - 1, units) >= units;
                (reached, search.bounds(root))
            });
            self.check(|| Unsettled::of_units(lo, hi, unit, None))?;
            return Ok(reached);
        }
        let sides = frame.sides().ok_or(UNSUPPORTED_SIDES)?;
        let total = frame.total(game.setup().deck()) as i64;
        if t <= 0 || t > total {
            return Ok(t <= 0);
        }
        let t = t as u8;
        let mut s = self.search(game, frame, sides, tag);
        let pos = Position::of(game, &frame, &s.cx.layout);
        let reached = s.probe(&pos, t) >= t;
        let (lo, hi) = s.cx.range(&pos);
        self.check(|| Unsettled::of(lo, hi, None))?;
        Ok(reached)
    }

    /// The exact value of the position (INTERFACE.md section 2).
    pub fn value(&mut self, game: &Game) -> Result<i64, Error> {
        let (frame, sides, tag) = self.prepare(game)?;
        if frame.measure == Measure::Settlement {
            let unit = ramsch_unit(game);
            let (lo, hi) = self.ramsch(game, game.to_move(), |search, root| {
                search.exact_bounds(root)
            });
            self.check(|| Unsettled::of_units(lo, hi, unit, None))?;
            return Ok(lo as i64 * unit);
        }
        self.exact_in(game, frame, sides, tag)
    }

    /// The exact value of the points (or tricks) search in `frame`.
    fn exact_in(
        &mut self,
        game: &Game,
        frame: Frame,
        sides: Sides,
        tag: u32,
    ) -> Result<i64, Error> {
        let mut s = self.search(game, frame, sides, tag);
        let pos = Position::of(game, &frame, &s.cx.layout);
        let value = s.exact(&pos, None);
        let (lo, hi) = self.state.proved;
        self.check(|| Unsettled::of(lo, hi, None))?;
        Ok(value as i64)
    }

    /// The exact value of the position in a frame of one's own choosing (a points or
    /// tricks frame; see [`Solver::at_least_in`]): e.g. a Ramsch player's own card points,
    /// the others maximising them, the measure Ramsch was valued by before its settlement.
    pub fn value_in(&mut self, game: &Game, frame: Frame) -> Result<i64, Error> {
        if let Contract::Sie { .. } = game.contract() {
            return Err(Error::NothingToSolve);
        }
        if frame.measure == Measure::Settlement {
            return Err(Error::UnsupportedFrame(
                "a settlement frame is valued by value or settlement_of",
            ));
        }
        let (sides, tag) = self.prepare_in(game, frame)?;
        self.exact_in(game, frame, sides, tag)
    }

    /// A Ramsch position's value for `seat`, to move or not: what he is paid at the end when
    /// he plays for the most and the other three play to make it least.
    pub fn settlement_of(&mut self, game: &Game, seat: Seat) -> Result<i64, Error> {
        self.settlement_near(game, seat, None)
    }

    /// [`Solver::settlement_of`], its first test at `guess` where given (in money, as it
    /// answers: the settlement of a like position, such as another card's in the same
    /// deal). The value is the same; the nearer the guess, the fewer tests find it.
    pub fn settlement_near(
        &mut self,
        game: &Game,
        seat: Seat,
        guess: Option<i64>,
    ) -> Result<i64, Error> {
        if game.contract() != Contract::Ramsch {
            return Err(Error::UnsupportedFrame(
                "a settlement is the value of a Ramsch only",
            ));
        }
        self.prepare(game)?;
        let unit = ramsch_unit(game);
        // Any guess is sound: the tests clamp it to the position's bounds.
        let first = guess.map_or(1, |g| (g / unit).clamp(-(1 << 20), 1 << 20) as i32);
        let (lo, hi) = self.ramsch(game, seat, |search, root| {
            search.exact_bounds_near(root, first)
        });
        self.check(|| Unsettled::of_units(lo, hi, unit, None))?;
        Ok(lo as i64 * unit)
    }

    /// Runs `f` on a Ramsch settlement search from the position of `game`, valued for
    /// `me`.
    pub(super) fn ramsch<R>(
        &mut self,
        game: &Game,
        me: Seat,
        f: impl FnOnce(&mut ramsch::SettlementSearch, &ramsch::State) -> R,
    ) -> R {
        let layout = Layout::new(game.rules());
        let setup = game.setup();
        let trumps = layout.group_mask[layout::TRUMP];
        let top_played = setup.hands().0.map(|h| {
            let t = layout.mask(h) & trumps;
            if t == 0 {
                0
            } else {
                layout::top(t) + 1
            }
        });
        let root = ramsch::State::of(game, &layout, me);
        // The points search of his own points, which he keeps low against the others: the
        // settlement search's threshold questions.
        let frame = ramsch::frame(me);
        let tag = self.tag(game, &frame);
        let points = points_search(
            &mut self.state,
            self.techniques,
            game,
            frame,
            Sides::LoneMinimizer(me),
            tag,
        );
        let mut search = ramsch::SettlementSearch {
            cx: ramsch::SettlementContext::new(layout, setup.options(), me, top_played),
            points,
            tables: &mut self.ramsch,
            widen: self.widening,
            budgeted: false,
        };
        f(&mut search, &root)
    }

    /// The value of the position and of every legal card of the player to move.
    pub fn solve(&mut self, game: &Game) -> Result<Solution, Error> {
        let (frame, sides, tag) = self.prepare(game)?;
        if frame.measure == Measure::Settlement {
            return self.solve_ramsch(game, frame);
        }
        let mut s = self.search(game, frame, sides, tag);
        let pos = Position::of(game, &frame, &s.cx.layout);
        let mut cards = Vec::new();
        // What a stop leaves proved of the position's value: its range, or its exact
        // search's bounds where that came first.
        let mut proved = s.cx.range(&pos);
        let value = if game.is_over() {
            let value = s.exact(&pos, None);
            proved = s.st.proved;
            value
        } else {
            let legal = pos.legal(&s.cx.layout);
            let (reps, rep) = s.classes(&pos, legal);
            let mut values = [0u8; 32];
            let maximizing = frame.maximizers.contains(game.to_move());
            let value = if sides == Sides::LoneDeclarer {
                // Against a lone declarer every card's value comes from the top down to
                // its one dear success (see `exact_within`) just as the position's does,
                // so the position's own chain repeats what the cards' chains find: the
                // value is their best (in Sauspiel the position's value first is better;
                // figures: `docs/performance-log.md`, "What moved the numbers", "The driver").
                // The game is not over, so there is a legal card and the fold's start
                // value is replaced.
                let mut best = if maximizing { 0 } else { u8::MAX };
                for card in bits(reps) {
                    let child = s.cx.child(&pos, card);
                    let v = s.exact(&child, None);
                    values[card as usize] = v;
                    best = if maximizing { best.max(v) } else { best.min(v) };
                }
                best
            } else {
                let value = s.exact(&pos, None);
                proved = s.st.proved;
                for card in bits(reps) {
                    let child = s.cx.child(&pos, card);
                    values[card as usize] = s.exact_after(&child, maximizing, value);
                }
                value
            };
            for card in bits(legal) {
                cards.push((
                    s.cx.layout.card(card),
                    values[rep[card as usize] as usize] as i64,
                ));
            }
            cards.sort_by_key(|(c, _)| *c);
            value
        };
        self.check(|| Unsettled::of(proved.0, proved.1, None))?;
        Ok(Solution {
            id: game.setup().id().map(str::to_string),
            to_move: game.to_move(),
            measure: frame.measure,
            declarers: game.setup().declarers().iter().collect(),
            value: value as i64,
            cards,
            line: None,
        })
    }

    /// [`Solver::solve`] with its best line ([`Solution::line`]).
    pub fn solve_with_line(&mut self, game: &Game) -> Result<Solution, Error> {
        let mut solution = self.solve(game)?;
        solution.line = Some(self.best_line(game, None)?);
        Ok(solution)
    }

    /// The best line: the rest of the hand under perfect play from `game`'s position, after
    /// `first` if given (a legal card of the player to move, played whatever its value).
    /// Each card is the first in card order of those that keep its position's value
    /// ([`Solver::judge`]); a lone legal card is played without search. Every card of the
    /// line (but `first`) keeps the value `solve` gives its position.
    pub fn best_line(&mut self, game: &Game, first: Option<Card>) -> Result<Vec<Card>, Error> {
        let mut position = game.clone();
        let mut line = Vec::with_capacity(32);
        if let Some(card) = first {
            position.play_named(card)?;
            line.push(card);
        }
        while !position.is_over() {
            let legal = position.legal_cards();
            let card = match (legal.len(), legal.first()) {
                (1, Some(only)) => only,
                (_, Some(any)) => {
                    let judged = self.judge(&position, any)?;
                    // `judge` finds at least one card keeping the value: the best one does.
                    judged.best.first().copied().unwrap_or(any)
                }
                (_, None) => break,
            };
            position.play_unchecked(card);
            line.push(card);
        }
        Ok(line)
    }

    /// [`Solver::solve`] for Ramsch: the settlement of the player to move, and after each
    /// of his cards.
    fn solve_ramsch(&mut self, game: &Game, frame: Frame) -> Result<Solution, Error> {
        let unit = ramsch_unit(game);
        let legal = game.legal_cards();
        let ((value, proved), after) = self.ramsch(game, game.to_move(), |search, root| {
            let value = search.exact_bounds(root);
            let after: Vec<(Card, i32)> = legal
                .into_iter()
                .map(|card| {
                    (
                        card,
                        search.exact(&root.after(card, &search.cx.layout, search.cx.me)),
                    )
                })
                .collect();
            (value, after)
        });
        self.check(|| Unsettled::of_units(value, proved, unit, None))?;
        let mut cards: Vec<(Card, i64)> = after
            .into_iter()
            .map(|(c, v)| (c, v as i64 * unit))
            .collect();
        cards.sort_by_key(|(c, _)| *c);
        Ok(Solution {
            id: game.setup().id().map(str::to_string),
            to_move: game.to_move(),
            measure: frame.measure,
            declarers: Vec::new(),
            value: value as i64 * unit,
            cards,
            line: None,
        })
    }

    /// The value of the position, the value after `played` (a legal card of the player to
    /// move) and which cards keep the value. Cheaper than [`Solver::solve`]: only the
    /// played card's value is searched exactly; every other card takes one zero-window test
    /// against the position's value (a maximiser's card keeps it if it reaches it, a
    /// minimiser's if it stays below one more). (Carrying the played card's value over as
    /// the next position's saves nothing measurable: the table has it.)
    pub fn judge(&mut self, game: &Game, played: Card) -> Result<Judgement, Error> {
        // The rules engine's own check, before any search: an illegal card is named.
        game.clone().play_named(played)?;
        let (frame, sides, tag) = self.prepare(game)?;
        if frame.measure == Measure::Settlement {
            return self.judge_ramsch(game, played);
        }
        let mut s = self.search(game, frame, sides, tag);
        let pos = Position::of(game, &frame, &s.cx.layout);
        let value = s.exact(&pos, None);
        let legal = pos.legal(&s.cx.layout);
        let played = s.cx.layout.index(played);
        let (reps, rep) = s.classes(&pos, legal);
        let maximizing = frame.maximizers.contains(game.to_move());
        // What a stop leaves proved: the position's value as its search reached it; the
        // played card's as its search reached it, or the range after it.
        let proved = s.st.proved;
        let mut proved_after = s.cx.range(&s.cx.child(&pos, played));
        let mut after = value;
        let mut keeps = 0u32;
        for card in bits(reps) {
            let child = s.cx.child(&pos, card);
            let best = if card == rep[played as usize] {
                let stopped_before = s.st.aborted;
                after = s.exact_after(&child, maximizing, value);
                if !stopped_before {
                    proved_after = s.st.proved;
                }
                after == value
            } else if maximizing {
                value == 0 || s.probe(&child, value) >= value
            } else {
                s.probe(&child, value + 1) <= value
            };
            if best {
                keeps |= layout::bit(card);
            }
        }
        let mut best: Vec<Card> = bits(legal)
            .filter(|&c| keeps & layout::bit(rep[c as usize]) != 0)
            .map(|c| s.cx.layout.card(c))
            .collect();
        best.sort();
        self.check(|| Unsettled::of(proved.0, proved.1, Some(proved_after)))?;
        Ok(Judgement {
            value: value as i64,
            after: after as i64,
            best,
        })
    }

    /// [`Solver::judge`] for Ramsch: the player to move maximises his settlement, so a
    /// card keeps the value when it reaches it (a fail-soft test just below it).
    fn judge_ramsch(&mut self, game: &Game, played: Card) -> Result<Judgement, Error> {
        let unit = ramsch_unit(game);
        let legal = game.legal_cards();
        let (value, after, best) = self.ramsch(game, game.to_move(), |search, root| {
            // The played card first: the position is worth at least what it keeps (he
            // maximises), and mostly no more, which one test then shows.
            let child = root.after(played, &search.cx.layout, search.cx.me);
            let after = search.exact_bounds(&child);
            let value = search.exact_bounds_above(root, after.0);
            let mut best = Vec::new();
            for card in legal {
                let child = root.after(card, &search.cx.layout, search.cx.me);
                let keeps = if card == played {
                    after.0 == value.0
                } else {
                    search.search(&child, value.0 - 1, value.0) >= value.0
                };
                if keeps {
                    best.push(card);
                }
            }
            (value, after, best)
        });
        self.check(|| Unsettled::of_units(value.0, value.1, unit, Some(after)))?;
        Ok(Judgement {
            value: value.0 as i64 * unit,
            after: after.0 as i64 * unit,
            best,
        })
    }
}

/// A points search of `game` in `frame` (whose sides [`Frame::sides`] has classified),
/// with the table tag `tag`, on the solver's state.
fn points_search<'a>(
    state: &'a mut SearchState,
    techniques: Techniques,
    game: &Game,
    frame: Frame,
    sides: Sides,
    tag: u32,
) -> Search<'a> {
    let layout = Layout::new(game.rules());
    // Where tricks are counted, the canonical position is its shape already.
    let similar = techniques.table && techniques.similar && frame.measure == Measure::Points;
    Search {
        cx: Context {
            canon: Canon::new(&layout, frame.measure),
            layout,
            frame,
            sides,
            total: frame.total(game.setup().deck()),
            tag,
            techniques,
            similar,
        },
        st: state,
    }
}

/// The error for a frame whose maximisers are neither its counted seats nor all the others.
const UNSUPPORTED_SIDES: Error =
    Error::UnsupportedFrame("the maximisers are the counted seats or all the others");

impl Unsettled {
    /// Bounds of the points (or tricks) searches.
    fn of(low: u8, high: u8, after: Option<(u8, u8)>) -> Unsettled {
        Unsettled {
            value: [low as i64, high as i64],
            after: after.map(|(l, h)| [l as i64, h as i64]),
        }
    }

    /// Bounds of the settlement search, in units worth `unit` each.
    fn of_units(low: i32, high: i32, unit: i64, after: Option<(i32, i32)>) -> Unsettled {
        Unsettled {
            value: [low as i64 * unit, high as i64 * unit],
            after: after.map(|(l, h)| [l as i64 * unit, h as i64 * unit]),
        }
    }
}

/// What one unit of a Ramsch settlement search is worth: the price with its doublings.
pub(super) fn ramsch_unit(game: &Game) -> i64 {
    let setup = game.setup();
    setup.tariff().ramsch_price() * setup.doublings().multiplier()
}

/// A played card judged against the other cards of its position (what `analyze` needs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The value of the position.
    pub value: i64,
    /// The value after the played card.
    pub after: i64,
    /// The legal cards that keep the value, in card order.
    pub best: Vec<Card>,
}
