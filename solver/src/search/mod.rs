//! The double-dummy solver: the value of a position when all four hands are known and
//! everyone plays perfectly (INTERFACE.md section 2).
//!
//! `docs/SOLVER.md` describes the search as pseudo-code; each technique lives here:
//!
//! | technique | where |
//! |---|---|
//! | zero-window test "can the maximisers reach at least t?" (fail-soft alpha-beta) | [`Searcher::search`] |
//! | exact value from zero-window tests (MTD(f), Plaat et al. 1996, with bisection) | [`Searcher::exact`] |
//! | transposition table of bounds at trick boundaries, fixed budget, reused per deal | [`tt`] |
//! | canonical keys: positions differing only in interchangeable gone cards | [`canon`] |
//! | similar positions: bounds of a position that differs only in points, widened (payoff similarity) | [`similar`] |
//! | cheap bounds: measure taken so far and still out | [`Searcher::settled`] |
//! | claims, quick tricks, sure trumps, the forcing lead, Bettel safety and one more trick | [`Searcher::claim`], [`Searcher::quick_tricks`], [`Searcher::sure_trumps`], [`Searcher::forcing_lead`], [`Searcher::bettel_safe`], [`Searcher::bettel_one_more`] |
//! | the last two tricks evaluated outright, exact | [`Searcher::last_two`] |
//! | merging of equivalent cards, dominance within a class | [`moves::representatives`] |
//! | move ordering and history heuristic | [`moves::order_moves`] |
//! | the naive oracle the tests hold all of this against | [`naive`] |

mod canon;
mod layout;
mod moves;
pub mod naive;
mod position;
mod ramsch;
mod similar;
mod tt;

use crate::cards::{Card, Cards};
use crate::contract::{Contract, Measure};
use crate::error::Error;
use crate::game::Game;
use crate::seat::{Seat, Seats};
use canon::Canon;
use layout::{above_all, above_lowest, bits, Layout};
use position::Position;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use similar::{shape_of, Shape};
pub use tt::DEFAULT_TABLE_BYTES;
use tt::{Bounds, Table};

/// What a value counts and who wants it high.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Whose points (or tricks) the value counts.
    pub counted: Seats,
    /// The seats that play to make the value high; the others play to make it low.
    pub maximizers: Seats,
    pub measure: Measure,
}

impl Frame {
    /// The frame of INTERFACE.md section 2 for a game in progress: the declaring side's
    /// points; the declarer's tricks in Tout (he maximises) and Bettel (he minimises); in
    /// Ramsch the settlement of the player to move, who maximises it against the other
    /// three ([`ramsch`]).
    pub fn of(game: &Game) -> Result<Frame, Error> {
        let contract = game.contract();
        let declarers = game.setup().declarers();
        let frame = match contract {
            Contract::Sie { .. } => return Err(Error::NothingToSolve),
            Contract::Ramsch => {
                let me = Seats::one(game.to_move());
                Frame {
                    counted: me,
                    maximizers: me,
                    measure: Measure::Settlement,
                }
            }
            Contract::Bettel { .. } => Frame {
                counted: declarers,
                maximizers: declarers.others(),
                measure: Measure::Tricks,
            },
            _ => Frame {
                counted: declarers,
                maximizers: declarers,
                measure: contract.measure(),
            },
        };
        Ok(frame)
    }

    /// The total of the measure in a game: 120 points or one per trick. (Settlement
    /// frames are searched by [`ramsch`], never by the points search.)
    fn total(&self, tricks: usize) -> u8 {
        match self.measure {
            Measure::Points | Measure::Settlement => 120,
            Measure::Tricks => tricks as u8,
        }
    }

    /// The one counted seat, when it plays alone against the three others who maximise
    /// its measure (Ramsch in the player's own frame, Bettel).
    pub(crate) fn lone_minimizer(&self) -> Option<Seat> {
        let seat = self.counted.iter().next()?;
        (self.counted.len() == 1 && !self.maximizers.contains(seat)).then_some(seat)
    }

    /// Whether `seat` would like to take tricks itself: in point contracts and Tout everyone
    /// does (each side takes points for itself); in Bettel and Ramsch the counted seat wants
    /// no tricks and the others want him to take them.
    #[inline]
    pub(crate) fn wants_tricks(&self, seat: Seat) -> bool {
        self.counted.contains(seat) == self.maximizers.contains(seat)
    }

    /// Whether one counted seat plays alone to make its measure high against the three
    /// others (the solos, Tout).
    pub(crate) fn lone_declarer(&self) -> bool {
        self.counted == self.maximizers && self.maximizers.len() == 1
    }

    /// Nine bits: counted seats, maximisers, and whether tricks are counted.
    fn bits(&self) -> u32 {
        ((self.measure == Measure::Tricks) as u32) << 8
            | (self.counted.0 as u32) << 4
            | self.maximizers.0 as u32
    }
}

/// Search techniques that can be switched off, to test each against the plain search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Techniques {
    pub table: bool,
    pub merging: bool,
    pub ordering: bool,
    pub bounds: bool,
    /// The exact value two tricks from the end by enumeration instead of search.
    pub endgame: bool,
    /// Bounds from positions that differ only in the points of their cards (needs `table`).
    pub similar: bool,
}

impl Default for Techniques {
    fn default() -> Techniques {
        Techniques {
            table: true,
            merging: true,
            ordering: true,
            bounds: true,
            endgame: true,
            similar: true,
        }
    }
}

/// Counters of one solver's work.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions visited (cards played in the search).
    pub nodes: u64,
    /// Zero-window searches started.
    pub probes: u64,
}

/// The value of a position and of every legal card of the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solution {
    pub id: Option<String>,
    pub to_move: u8,
    pub measure: &'static str,
    pub declarers: Vec<u8>,
    pub value: i64,
    /// Each legal card and the value after it, in card order.
    #[serde(serialize_with = "cards_map")]
    pub cards: Vec<(Card, i64)>,
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
    table: Table,
    /// The similar positions' bounds, by shape ([`similar`]).
    shapes: Table<Shape, 2>,
    techniques: Techniques,
    stats: Stats,
    /// Deal generation: entries of other deals never match.
    generation: u32,
    last_deal: Option<(crate::cards::Deck, [Cards; 4], Contract)>,
    history: [[u16; 32]; 4],
    /// The Ramsch settlement search's bounds ([`ramsch`]), cleared with every new deal.
    ramsch: ramsch::Table,
    /// Entries the Ramsch table may hold within the budget.
    ramsch_entries: usize,
    ramsch_history: ramsch::History,
    ramsch_tricks: ramsch::TricksTable,
    /// The node count at which searches stop (see [`Solver::limit_nodes`]).
    node_limit: u64,
    /// A search ran into the limit: its results are void until a new limit is set.
    aborted: bool,
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

    /// A solver whose tables take at most `bytes` together: half each for the exact and
    /// the similar positions' table (at least one cache line each); Ramsch, which uses
    /// neither, searches with a table of its own of the same budget, grown as needed.
    pub fn with_budget(bytes: usize) -> Solver {
        Solver {
            table: Table::with_budget(bytes / 2),
            shapes: Table::with_budget(bytes / 2),
            ramsch: ramsch::Table::default(),
            ramsch_entries: (bytes / ramsch::ENTRY_BYTES).max(1024),
            ramsch_history: [[0; 32]; 4],
            ramsch_tricks: ramsch::TricksTable::default(),
            techniques: Techniques::default(),
            stats: Stats::default(),
            generation: 0,
            last_deal: None,
            history: [[0; 32]; 4],
            node_limit: u64::MAX,
            aborted: false,
        }
    }

    /// Bounds the work of what follows: once `nodes` more positions have been visited (over
    /// every search until the next call), searches stop and return
    /// [`Error::SearchBudget`]. `None` lifts the bound. Nothing a stopped search saw is kept
    /// in the table, so later searches stay exact.
    pub fn limit_nodes(&mut self, nodes: Option<u64>) {
        self.node_limit = nodes.map_or(u64::MAX, |n| self.stats.nodes.saturating_add(n));
        self.aborted = false;
    }

    /// The budget error, if a search ran into the limit.
    fn check_budget(&self) -> Result<(), Error> {
        if self.aborted {
            Err(Error::SearchBudget)
        } else {
            Ok(())
        }
    }

    /// The same solver with some techniques switched off (for tests).
    pub fn with_techniques(mut self, techniques: Techniques) -> Solver {
        self.techniques = techniques;
        self
    }

    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Starts over as if on a new deal: table entries and history no longer apply. (The
    /// table memory is kept; old entries are overwritten as the search goes.)
    pub fn forget(&mut self) {
        self.last_deal = None;
    }

    /// Bytes held by the transposition tables.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes() + self.shapes.bytes()
    }

    fn prepare(&mut self, game: &Game) -> Result<(Frame, u32), Error> {
        let frame = Frame::of(game)?;
        Ok((frame, self.tag(game, &frame)))
    }

    /// The table tag of a game and frame: the deal's generation and the frame's bits.
    fn tag(&mut self, game: &Game, frame: &Frame) -> u32 {
        let setup = game.setup();
        let deal = Some((setup.deck, setup.hands.0, setup.contract));
        if deal != self.last_deal {
            // Generations run 1..=2^23-1 (a zero tag marks an empty slot); when they wrap,
            // the table is cleared so that no entry of an old deal can ever match.
            if self.generation == 0x7f_ffff {
                self.table.clear();
                self.shapes.clear();
                self.generation = 0;
            }
            self.generation += 1;
            self.table.start(self.generation);
            self.shapes.start(self.generation);
            self.ramsch.clear();
            self.ramsch_history = [[0; 32]; 4];
            self.ramsch_tricks.clear();
            self.last_deal = deal;
            self.history = [[0; 32]; 4];
        }
        self.generation << tt::GENERATION_SHIFT | frame.bits()
    }

    fn searcher<'a>(&'a mut self, game: &Game, frame: Frame, tag: u32) -> Searcher<'a> {
        let layout = Layout::new(game.rules());
        // Where tricks are counted, the canonical position is its shape already.
        let similar =
            self.techniques.table && self.techniques.similar && frame.measure == Measure::Points;
        Searcher {
            canon: Canon::new(&layout, frame.measure),
            similar,
            shapes: &mut self.shapes,
            layout,
            frame,
            total: frame.total(game.setup().trick_count()),
            tag,
            table: &mut self.table,
            techniques: self.techniques,
            stats: &mut self.stats,
            history: &mut self.history,
            node_limit: self.node_limit,
            aborted: &mut self.aborted,
            trumps_first: frame.lone_minimizer().is_some(),
            claims: frame.counted != frame.maximizers.others(),
        }
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
        Frame::of(game)?;
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
            let reached = self.ramsch(game, me, |search, root| {
                search.search(root, units - 1, units) >= units
            });
            self.check_budget()?;
            return Ok(reached);
        }
        let total = frame.total(game.setup().trick_count()) as i64;
        if t <= 0 || t > total {
            return Ok(t <= 0);
        }
        let t = t as u8;
        let mut s = self.searcher(game, frame, tag);
        let pos = Position::of(game, &frame, &s.layout);
        let reached = s.probe(&pos, t) >= t;
        self.check_budget()?;
        Ok(reached)
    }

    /// The exact value of the position (INTERFACE.md section 2).
    pub fn value(&mut self, game: &Game) -> Result<i64, Error> {
        let (frame, tag) = self.prepare(game)?;
        if frame.measure == Measure::Settlement {
            let units = self.ramsch(game, game.to_move(), |search, root| search.exact(root));
            self.check_budget()?;
            return Ok(units as i64 * ramsch_unit(game));
        }
        let mut s = self.searcher(game, frame, tag);
        let pos = Position::of(game, &frame, &s.layout);
        let value = s.exact(&pos, None);
        self.check_budget()?;
        Ok(value as i64)
    }

    /// A Ramsch position's value for `seat`, to move or not: what he is paid at the end when
    /// he plays for the most and the other three play to make it least.
    pub fn settlement_of(&mut self, game: &Game, seat: Seat) -> Result<i64, Error> {
        if game.contract() != Contract::Ramsch {
            return Err(Error::UnsupportedFrame(
                "a settlement is the value of a Ramsch only",
            ));
        }
        self.prepare(game)?;
        let units = self.ramsch(game, seat, |search, root| search.exact(root));
        self.check_budget()?;
        Ok(units as i64 * ramsch_unit(game))
    }

    /// Runs `f` on a Ramsch settlement search from the position of `game`, valued for
    /// `me`.
    fn ramsch<R>(
        &mut self,
        game: &Game,
        me: Seat,
        f: impl FnOnce(&mut ramsch::Search, &ramsch::State) -> R,
    ) -> R {
        let layout = Layout::new(game.rules());
        let setup = game.setup();
        let trumps = layout.group_mask[layout::TRUMP];
        let top_played = setup.hands.0.map(|h| {
            let t = layout.mask(h) & trumps;
            if t == 0 {
                0
            } else {
                layout::top(t) + 1
            }
        });
        let root = ramsch::State::of(game, &layout);
        let groups = match setup.options.ramsch_tie {
            crate::options::RamschTie::MoreTricks => &layout.group_mask[..layout::TRUMP],
            crate::options::RamschTie::HighestTrumpPlayed => &layout.group_mask[..],
        };
        let canon = Canon::of_groups(&layout, Measure::Points, groups);
        let trick_canon = Canon::new(&layout, Measure::Tricks);
        let mut search = ramsch::Search {
            layout: &layout,
            canon: &canon,
            options: &setup.options,
            me: me.index(),
            top_played,
            table: &mut self.ramsch,
            trick_canon: &trick_canon,
            tricks_table: &mut self.ramsch_tricks,
            history: &mut self.ramsch_history,
            max_entries: self.ramsch_entries,
            nodes: &mut self.stats.nodes,
            node_limit: self.node_limit,
            aborted: &mut self.aborted,
        };
        f(&mut search, &root)
    }

    /// The value of the position and of every legal card of the player to move.
    pub fn solve(&mut self, game: &Game) -> Result<Solution, Error> {
        let (frame, tag) = self.prepare(game)?;
        if frame.measure == Measure::Settlement {
            return self.solve_ramsch(game, frame);
        }
        let mut s = self.searcher(game, frame, tag);
        let pos = Position::of(game, &frame, &s.layout);
        let mut cards = Vec::new();
        let value = if game.is_over() {
            s.exact(&pos, None)
        } else {
            let legal = pos.legal(&s.layout);
            let (reps, rep) = s.classes(&pos, legal);
            let mut values = [0u8; 32];
            let maximizing = frame.maximizers.contains(game.to_move());
            let value = if frame.lone_declarer() {
                // Against a lone declarer every card's value comes from the top down to
                // its one dear success (see `exact_within`) just as the position's does,
                // so the position's own chain repeats what the cards' chains find: the
                // value is their best. Measured (`cards`, 100 deals each): Farbsolo 5%
                // fewer nodes, Wenz and Geier 4%, Farbwenz 6%, Farbgeier 4%, Tout 8%; in
                // Sauspiel the position's value first is better (median 5% fewer nodes).
                // The game is not over, so there is a legal card and the fold's start
                // value is replaced.
                let mut best = if maximizing { 0 } else { u8::MAX };
                for card in bits(reps) {
                    let child = s.child(&pos, card);
                    let v = s.exact(&child, None);
                    values[card as usize] = v;
                    best = if maximizing { best.max(v) } else { best.min(v) };
                }
                best
            } else {
                let value = s.exact(&pos, None);
                for card in bits(reps) {
                    let child = s.child(&pos, card);
                    values[card as usize] = s.exact_after(&child, maximizing, value);
                }
                value
            };
            for card in bits(legal) {
                cards.push((
                    s.layout.card(card),
                    values[rep[card as usize] as usize] as i64,
                ));
            }
            cards.sort_by_key(|(c, _)| *c);
            value
        };
        self.check_budget()?;
        Ok(Solution {
            id: game.setup().id.clone(),
            to_move: game.to_move() as u8,
            measure: frame.measure.name(),
            declarers: game.setup().declarers().iter().map(|s| s as u8).collect(),
            value: value as i64,
            cards,
        })
    }

    /// [`Solver::solve`] for Ramsch: the settlement of the player to move, and after each
    /// of his cards.
    fn solve_ramsch(&mut self, game: &Game, frame: Frame) -> Result<Solution, Error> {
        let unit = ramsch_unit(game);
        let legal = game.legal_cards();
        let (value, after) = self.ramsch(game, game.to_move(), |search, root| {
            let value = search.exact(root);
            let after: Vec<(Card, i32)> = legal
                .into_iter()
                .map(|card| (card, search.exact(&root.after(card, search.layout))))
                .collect();
            (value, after)
        });
        self.check_budget()?;
        let mut cards: Vec<(Card, i64)> = after
            .into_iter()
            .map(|(c, v)| (c, v as i64 * unit))
            .collect();
        cards.sort_by_key(|(c, _)| *c);
        Ok(Solution {
            id: game.setup().id.clone(),
            to_move: game.to_move() as u8,
            measure: frame.measure.name(),
            declarers: Vec::new(),
            value: value as i64 * unit,
            cards,
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
        game.clone()
            .play(played)
            .map_err(|reason| Error::IllegalPlay {
                index: game.played_count(),
                card: played,
                reason,
            })?;
        let (frame, tag) = self.prepare(game)?;
        if frame.measure == Measure::Settlement {
            return self.judge_ramsch(game, played);
        }
        let mut s = self.searcher(game, frame, tag);
        let pos = Position::of(game, &frame, &s.layout);
        let value = s.exact(&pos, None);
        let legal = pos.legal(&s.layout);
        let played = s.layout.index(played);
        let (reps, rep) = s.classes(&pos, legal);
        let maximizing = frame.maximizers.contains(game.to_move());
        let mut after = value;
        let mut keeps = 0u32;
        for card in bits(reps) {
            let child = s.child(&pos, card);
            let best = if card == rep[played as usize] {
                after = s.exact_after(&child, maximizing, value);
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
            .map(|c| s.layout.card(c))
            .collect();
        best.sort();
        self.check_budget()?;
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
            let value = search.exact(root);
            let mut after = value;
            let mut best = Vec::new();
            for card in legal {
                let child = root.after(card, search.layout);
                let keeps = if card == played {
                    after = search.exact(&child);
                    after == value
                } else {
                    search.search(&child, value - 1, value) >= value
                };
                if keeps {
                    best.push(card);
                }
            }
            (value, after, best)
        });
        self.check_budget()?;
        Ok(Judgement {
            value: value as i64 * unit,
            after: after as i64 * unit,
            best,
        })
    }
}

/// What one unit of a Ramsch settlement search is worth: the price with its doublings.
fn ramsch_unit(game: &Game) -> i64 {
    let setup = game.setup();
    setup.tariff.ramsch_price() * setup.doublings.multiplier()
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

/// Whether a lone player at `seat` holding `mine` (no trump; all of `hands[seat]` or all
/// but the card he leads) never takes a trick led by someone else, `hands` being the four
/// hands on the table ([`suit_ducked`] in every plain suit; see [`Searcher::bettel_safe`]).
fn ducks_everything(layout: &Layout, mine: u32, seat: usize, hands: &[u32; 4]) -> bool {
    let others = others_of(seat, hands);
    (0..layout::TRUMP).all(|g| suit_ducked(mine, layout.group_mask[g], seat, hands, others))
}

/// The cards of every hand but `seat`'s.
fn others_of(seat: usize, hands: &[u32; 4]) -> u32 {
    (hands[0] | hands[1] | hands[2] | hands[3]) & !hands[seat]
}

/// Whether a lone player's cards `mine` of the suit `group` never take a trick led in it
/// by someone else, `others` being the other hands' cards: his i-th lowest card is below
/// their i-th lowest, as far as they have cards of it ([`ducking_cards`]); or his cards
/// that keep this are at least as many as any other hand holds of the suit. Each lead of
/// the suit takes a card of it from every hand holding one, so it is led no more often
/// than that, and he follows with those cards every time: the higher ones he keeps for a
/// trick he cannot follow, where he discards them.
fn suit_ducked(mine: u32, group: u32, seat: usize, hands: &[u32; 4], others: u32) -> bool {
    let kept = ducking_cards(mine & group, others & group);
    kept == (mine & group).count_ones()
        || (0..4)
            .filter(|&s| s != seat)
            .all(|s| (hands[s] & group).count_ones() <= kept)
}

/// [`ducks_everything`] for a lone player not on lead, where one suit may instead be
/// guarded: it is not ducked, but above his ducking cards he holds one card `h` only, and
/// the hand that plays just before him in every trick he does not lead holds a card above
/// `h`. He plays `h` to a lead of the suit with a card above it in the trick already, else
/// he ducks; so the guarding hand keeps its higher cards back, and once his ducking cards
/// are gone its one card of the suit left is above `h` and goes before his, as long as it
/// holds no more cards of the suit than his ducking ones and `h`. Each lead of the suit
/// takes one of his ducking cards and one card from each hand holding the suit. Two ways
/// to keep the guard from throwing its higher card away on a void first:
/// - it holds at least his length in every other suit he holds: it cannot run out of one
///   before he does (until then it follows every lead of it as he does), and on his own
///   first void he throws `h` away (the hands being the same size, it then holds no more
///   of the guarded suit than he does);
/// - or it may, but then the suit is outlasted ([`suit_ducked`]): it holds no more of the
///   suit than his ducking cards and one, and each other hand no more than his ducking
///   cards.
fn ducks_with_a_guard(layout: &Layout, mine: u32, seat: usize, hands: &[u32; 4]) -> bool {
    let others = others_of(seat, hands);
    let group = match spoilt_suit(layout, mine, seat, hands, others) {
        Spoilt::None => return true,
        Spoilt::Many => return false,
        Spoilt::One(group) => group,
    };
    let suit = mine & group;
    let before = (seat + 3) % 4;
    let guard = hands[before];
    let h = layout::bit(layout::top(suit));
    let kept = ducking_cards(suit, others & group);
    if suit.count_ones() != kept + 1 || guard & group & above_lowest(h) == 0 {
        return false;
    }
    let keeps_it = (0..layout::TRUMP).all(|g| {
        let other = layout.group_mask[g];
        other == group || (guard & other).count_ones() >= (mine & other).count_ones()
    });
    let outlasted_without_it = (guard & group).count_ones() <= kept + 1
        && (0..4)
            .filter(|&s| s != seat && s != before)
            .all(|s| (hands[s] & group).count_ones() <= kept);
    keeps_it || outlasted_without_it
}

/// Which plain suits a lone player does not duck ([`suit_ducked`]).
enum Spoilt {
    None,
    /// Just this one (its group mask).
    One(u32),
    Many,
}

/// The plain suits a lone player at `seat` holding `mine` does not duck, `others` being the
/// other hands' cards.
fn spoilt_suit(layout: &Layout, mine: u32, seat: usize, hands: &[u32; 4], others: u32) -> Spoilt {
    let mut spoilt = Spoilt::None;
    for g in 0..layout::TRUMP {
        let group = layout.group_mask[g];
        if !suit_ducked(mine, group, seat, hands, others) {
            if let Spoilt::One(_) = spoilt {
                return Spoilt::Many;
            }
            spoilt = Spoilt::One(group);
        }
    }
    spoilt
}

/// How many of a lone player's cards `mine` of one suit keep ducking the others' cards
/// `others` of it: his lowest, as long as his i-th lowest is below their i-th lowest (and
/// all of his once theirs are matched).
fn ducking_cards(mut mine: u32, mut others: u32) -> u32 {
    let mut kept = 0;
    while mine != 0 {
        if others == 0 {
            return kept + mine.count_ones();
        }
        if mine.trailing_zeros() > others.trailing_zeros() {
            return kept;
        }
        kept += 1;
        mine &= mine - 1;
        others &= others - 1;
    }
    kept
}

/// Whether a lone Bettel declarer at `seat` holding `mine` (as for [`ducks_everything`]),
/// not on lead, can be held to one more trick at most (see [`Searcher::bettel_one_more`]):
/// every suit but one is ducked ([`suit_ducked`]), and in that one a single card `h` spoils
/// the ducking, while the rest of the suit ducks even without its lowest card `m`.
fn one_more_trick(layout: &Layout, mine: u32, seat: usize, hands: &[u32; 4]) -> bool {
    let others = others_of(seat, hands);
    let group = match spoilt_suit(layout, mine, seat, hands, others) {
        Spoilt::None => return true,
        Spoilt::Many => return false,
        Spoilt::One(group) => group,
    };
    let (suit, theirs) = (mine & group, others & group);
    let ducks = |cards: u32| ducking_cards(cards, theirs) == cards.count_ones();
    bits(suit).any(|h| {
        let rest = suit & !layout::bit(h);
        rest != 0 && ducks(rest) && ducks(rest & (rest - 1))
    })
}

/// How many of the trumps `held` (one hand's) surely take a trick against the other side's
/// trumps `theirs`, `sure` being those above all of theirs: each of their trumps above his
/// lowest can beat one of his, at most (it falls in one trick), and none beats a sure one.
/// (The count of [`Searcher::sure_trumps`], shared with [`Searcher::forcing_lead`].)
#[inline]
fn trumps_taken(held: u32, sure: u32, theirs: u32) -> u32 {
    let contested = (theirs & above_lowest(held)).count_ones();
    held.count_ones() - contested.min((held & !sure).count_ones())
}

/// One search over one position: the fixed context and the mutable table.
struct Searcher<'a> {
    layout: Layout,
    canon: Canon,
    /// Whether similar positions are asked ([`similar`]).
    similar: bool,
    shapes: &'a mut Table<Shape, 2>,
    frame: Frame,
    total: u8,
    tag: u32,
    table: &'a mut Table,
    techniques: Techniques,
    stats: &'a mut Stats,
    history: &'a mut [[u16; 32]; 4],
    node_limit: u64,
    aborted: &'a mut bool,
    /// Whether the quick tricks and sure trumps are asked before the table, not after
    /// (see [`Searcher::search`]).
    trumps_first: bool,
    /// Whether any seat wants every trick for itself, so that a claim can be made: not
    /// where every counted seat minimises and every other maximises (Ramsch, Bettel).
    claims: bool,
}

impl Searcher<'_> {
    /// The legal cards of the player to move in classes of equal value: one card per class
    /// to search, and for every card the one whose value it shares (exact merging only, so
    /// that each card's own value is right, not only the position's).
    fn classes(&self, pos: &Position, legal: u32) -> (u32, [u8; 32]) {
        let mut rep = [0u8; 32];
        let reps = if self.techniques.merging {
            moves::representatives(&self.layout, &self.frame, pos, legal, false, Some(&mut rep))
        } else {
            for (i, r) in rep.iter_mut().enumerate() {
                *r = i as u8;
            }
            legal
        };
        (reps, rep)
    }

    /// The exact value from zero-window probes. Each probe's fail-soft answer moves one
    /// bound. After a success the next threshold bisects what is left; after a failure it
    /// is the failure's own upper bound (the maximisers' best line; it mostly hugs the
    /// threshold, see [`Searcher::exact_within`] for why the chain still pays). Plain MTD(f),
    /// stepping up from every answer, needed dozens of probes here: a success's bound is
    /// mostly just t itself. Where one player stands against three (Ramsch, Bettel, the
    /// solos, Tout) it starts from one end instead ([`Searcher::exact_within`]).
    /// `guess`, when given, is tried first (the parent's value, for card values).
    fn exact(&mut self, pos: &Position, guess: Option<u8>) -> u8 {
        let (lower, upper) = self.range(pos);
        self.exact_within(pos, lower, upper, guess)
    }

    /// The values a position can still end with: what is taken, up to all that is out too.
    fn range(&self, pos: &Position) -> (u8, u8) {
        (pos.got, pos.got + (self.total - pos.assigned))
    }

    /// The position after `card`.
    fn child(&self, pos: &Position, card: u8) -> Position {
        let mut child = *pos;
        child.play(card, &self.layout, &self.frame);
        child
    }

    /// The exact value of `child`, the position after a card of a player who maximises or
    /// not, `value` being the value before the card: no card of a maximiser is worth more
    /// than that, none of a minimiser less. With that bound a card that keeps the value
    /// takes one probe, instead of a probe above it and a chain of failures back down.
    fn exact_after(&mut self, child: &Position, maximizing: bool, value: u8) -> u8 {
        let (lower, upper) = self.range(child);
        if maximizing {
            self.exact_within(child, lower, value.clamp(lower, upper), Some(value))
        } else {
            // Known to be at least `value`: whether it is more is the one question left.
            // Against a lone declarer (solos, Tout) that question costs a success, the dear
            // answer there, whenever the card gives him more; and his value after the card
            // then takes a second one. Starting at the top instead ([`Searcher::exact_within`]
            // without a guess), the chain of cheap failures ends at that one success, or at
            // the failure just above `value`. Measured (`cards`, 100 deals each): medians
            // Farbsolo 13% fewer nodes, Farbgeier 7%, Farbwenz 6%, Wenz 2%; real solo games'
            // batch 5% less time.
            let guess = (!self.frame.lone_declarer()).then_some(value + 1);
            self.exact_within(child, value.clamp(lower, upper), upper, guess)
        }
    }

    /// [`Searcher::exact`] of a position whose value is known to lie in `lower..=upper`.
    fn exact_within(
        &mut self,
        pos: &Position,
        mut lower: u8,
        mut upper: u8,
        guess: Option<u8>,
    ) -> u8 {
        // Without a guess the first question depends on who plays alone. Where one player
        // stands against three, a probe the three must refute searches every card of three
        // players against one card of his: several times the cost of the other answer.
        // So the driver aims to pay for that answer once, just beside the value, and to
        // reach it through the cheap ones:
        // - a lone counted player minimising against the rest (Ramsch, Bettel): start at
        //   the bottom and climb through cheap successes to the one failure just above the
        //   value (far below it a success's bound also jumps ahead). Ramsch started at 61
        //   before, paying for a second failure whenever the value lay below: whole Ramsch
        //   analyses now 6% fewer nodes, 10 to 12% less time;
        // - a lone declarer (solos, Tout): start at the top and follow the cheap failures'
        //   bounds down to the one success at the value. Against a start at 61 (which
        //   paid for a second success whenever the value lay above): exact values, 100
        //   deals each, 2% (Farbsolo, Geier) to 18% (Farbwenz) fewer nodes in all; the
        //   analyses of the real solo games 4 to 12% (medians);
        // - partnerships (Sauspiel): both answers cost alike; ask whether the declarers
        //   reach 61, the question that usually settles the game (starting at the top
        //   there: p90 13% more nodes).
        let lone = self.frame.counted != self.frame.maximizers;
        let one_declarer = self.frame.lone_declarer();
        let mut next = guess.or(Some(match (lone, self.frame.measure) {
            (true, _) => lower + 1,
            (false, Measure::Tricks) => upper,
            (false, Measure::Points | Measure::Settlement) if one_declarer => upper,
            (false, Measure::Points | Measure::Settlement) => 61,
        }));
        while lower < upper {
            let mid = lower + (upper - lower).div_ceil(2);
            let t = match next.take() {
                Some(g) if g > lower && g <= upper => g,
                _ => mid,
            };
            let g = self.probe(pos, t);
            if g >= t {
                lower = g;
                // Where a lone counted player minimises against the rest (Ramsch, Bettel),
                // climb: test just above the success's bound (the only failure wanted is
                // the one just above the value, see above).
                if lone {
                    next = Some(g + 1);
                }
            } else {
                upper = g;
                // Against a lone declarer a failed probe's bound is the best line he found:
                // test it next (if that fails too, its own bound, and so on). The chain
                // often goes down a point at a time, but its probes far above the value are
                // cheap and fill the table for the dear ones near it (bisecting instead:
                // Farbsolo and Wenz 13 to 18% more nodes). Elsewhere bisect: where a lone
                // counted player minimises against the rest (Ramsch, Bettel) these bounds
                // are loose, and in partnerships (Sauspiel) both answers cost alike, so the
                // chain's many steps cost more than they save (following the bound there:
                // Sauspiel exact values 6% more nodes, real Sauspiel games 10%).
                if one_declarer {
                    next = Some(g);
                }
            }
        }
        lower
    }

    /// Fail-soft zero-window search: returns `v` with `v >= t` and the value at least `v`,
    /// or `v < t` and the value at most `v`.
    fn probe(&mut self, pos: &Position, t: u8) -> u8 {
        self.stats.probes += 1;
        self.settled_or_search(pos, t)
    }

    /// [`Searcher::settled`]'s answer, else the search's.
    #[inline(always)]
    fn settled_or_search(&mut self, pos: &Position, t: u8) -> u8 {
        match self.settled(pos, t) {
            Some(v) => v,
            None => self.search(pos, t),
        }
    }

    /// The cheapest bounds, from the totals alone: what is taken is taken, what is out is
    /// the most to come. The answer for `t` when they settle it. They change only when a
    /// trick completes, so [`Searcher::search`] asks them of the positions after a trick
    /// (and [`Searcher::probe`] of where it starts) before searching them: an answer costs
    /// no call.
    #[inline(always)]
    fn settled(&self, pos: &Position, t: u8) -> Option<u8> {
        let still = self.total - pos.assigned;
        if self.techniques.bounds || still == 0 {
            if pos.got >= t {
                return Some(pos.got);
            }
            if pos.got + still < t {
                return Some(pos.got + still);
            }
        }
        None
    }

    /// The search proper, of a position [`Searcher::settled`] leaves open.
    fn search(&mut self, pos: &Position, t: u8) -> u8 {
        if *self.aborted {
            return pos.got;
        }
        let still = self.total - pos.assigned;
        let boundary = pos.trick_len == 0;
        if boundary && pos.hands[0].count_ones() == 1 {
            // The last trick plays itself.
            let mut p = *pos;
            for _ in 0..4 {
                let card = p.hands[p.to_move().index()].trailing_zeros() as u8;
                p.play(card, &self.layout, &self.frame);
            }
            self.stats.nodes += 4;
            return p.got;
        }
        // Two tricks from the end the exact value below costs less than these bounds
        // (measured: Sauspiel 7% fewer instructions without them there), except the Bettel
        // safety.
        let outright = boundary && self.techniques.endgame && pos.hands[0].count_ones() == 2;
        // Only a lone counted minimiser can duck (Ramsch, Bettel: `trumps_first` says the
        // same); the checks stay out of the other frames' search and out of line (asked
        // in every frame, they cost the Sauspiel benchmark 5% more instructions).
        if boundary && self.techniques.bounds && self.trumps_first {
            if let Some(v) = self.ducking_bounds(pos, t) {
                return v;
            }
        }
        if boundary && self.techniques.bounds {
            // The claims, quick tricks and sure trumps cost more than a table hit where
            // most positions are in the table already (chains of probes over the same
            // tree): asked after the table, Sauspiel benchmark 10% less time, real
            // Sauspiel and solo batches 4% (the claims moved after it later: 1 to 2%
            // fewer instructions, the same nodes). Where one counted player minimises
            // against three (Ramsch, Bettel; nobody claims there) the trick bounds settle
            // more positions than the table does: asked after it, Ramsch analyses took 5
            // to 8% more time, so there they still come first.
            if !outright && self.trumps_first {
                if let Some(v) = self.trick_bounds(pos, t) {
                    return v;
                }
            }
        }
        let meta = pos.leader | (pos.searched as u8) << 2;
        let mut lower = pos.got;
        let mut upper = pos.got + still;
        let key = if boundary && self.techniques.table {
            self.canon.key(&pos.hands)
        } else {
            [0; 3]
        };
        let mut hint = None;
        if boundary && self.techniques.table {
            if let Some(b) = self.table.get(&key, self.tag, meta) {
                hint = b.best;
                lower = pos.got + b.lower;
                upper = pos.got + b.upper;
                if lower >= t {
                    return lower;
                }
                if upper < t {
                    return upper;
                }
            }
        }
        // Positions of the same shape, their bounds widened by what the points can change
        // ([`similar`]): asked where the exact table left it open, before the claims and
        // trick bounds, which cost more (measured, callgrind, 20 deals: Farbsolo 11% and
        // Sauspiel 6% fewer instructions than asked after them, the same nodes).
        let shape = if self.similar && boundary && !outright {
            let cards = pos.remaining();
            let shape = shape_of(&self.layout, &key, cards);
            if let Some(b) = self
                .shapes
                .similar(&self.layout, &shape, self.tag, meta, cards)
            {
                lower = lower.max(pos.got + b.lower.min(still));
                upper = upper.min(pos.got + b.upper.min(still));
                hint = hint.or(b.best);
                if lower >= t {
                    return lower;
                }
                if upper < t {
                    return upper;
                }
            }
            Some((shape, cards))
        } else {
            None
        };
        if boundary && self.techniques.bounds && !outright && !self.trumps_first {
            if self.claims {
                if let Some(v) = self.claim(pos) {
                    return v;
                }
            }
            if let Some(v) = self.trick_bounds(pos, t) {
                return v;
            }
        }
        if outright {
            let v = self.last_two(pos);
            if self.techniques.table {
                let exact = v - pos.got;
                let bounds = Bounds {
                    lower: exact,
                    upper: exact,
                    best: None,
                };
                self.table.put(&key, self.tag, meta, bounds);
            }
            return v;
        }
        let seat = pos.to_move();
        let legal = pos.legal(&self.layout);
        let tries = if self.techniques.merging && legal & (legal - 1) != 0 {
            moves::representatives(&self.layout, &self.frame, pos, legal, true, None)
        } else {
            legal
        };
        let mut list = [0u8; 8];
        // A forced card needs no ordering.
        let n = if self.techniques.ordering && tries & (tries - 1) != 0 {
            moves::order_moves(
                &self.layout,
                &self.frame,
                pos,
                tries,
                self.history,
                &mut list,
            )
        } else {
            let mut n = 0;
            for card in bits(tries) {
                list[n] = card;
                n += 1;
            }
            n
        };
        if let Some(h) = hint {
            // The card that decided this position last time goes first.
            if let Some(i) = list[..n].iter().position(|&c| c == h) {
                list[..=i].rotate_right(1);
            }
        }
        let maximizing = self.frame.maximizers.contains(seat);
        let mut best = if maximizing { 0 } else { u8::MAX };
        let mut decided = None;
        for &card in &list[..n] {
            let mut child = *pos;
            child.play(card, &self.layout, &self.frame);
            self.stats.nodes += 1;
            if self.stats.nodes > self.node_limit {
                *self.aborted = true;
            }
            let v = if child.trick_len == 0 {
                self.settled_or_search(&child, t)
            } else {
                self.search(&child, t)
            };
            if *self.aborted {
                // Out of budget: the value is void and nothing may enter the table.
                return v;
            }
            if maximizing {
                best = best.max(v);
                if v >= t {
                    self.reward(seat, card, pos);
                    decided = Some(card);
                    break;
                }
            } else {
                best = best.min(v);
                if v < t {
                    self.reward(seat, card, pos);
                    decided = Some(card);
                    break;
                }
            }
        }
        // Never claim more than the bounds already known.
        let best = best.clamp(lower, upper);
        if boundary && self.techniques.table {
            // The search tightens one bound; the other stays what the table and the
            // similar positions said (those widened bounds are proven too, and otherwise
            // lost: exact values 0.1 to 0.4% fewer nodes, `solve` 0.3 to 0.7%).
            let bounds = if best >= t {
                Bounds {
                    lower: best - pos.got,
                    upper: upper - pos.got,
                    best: decided,
                }
            } else {
                Bounds {
                    lower: lower - pos.got,
                    upper: best - pos.got,
                    best: decided,
                }
            };
            self.table.put(&key, self.tag, meta, bounds);
            if let Some((shape, cards)) = shape {
                self.shapes.put_shape(shape, self.tag, meta, cards, bounds);
            }
        }
        best
    }

    /// The exact final value two tricks from the end (two cards a hand, at a trick
    /// boundary): at most sixteen ways to play the first of the two tricks, after which the
    /// last one plays itself. Cheaper outright than searched, and exact, so that one table
    /// entry answers every threshold.
    fn last_two(&mut self, pos: &Position) -> u8 {
        let layout = &self.layout;
        let frame = &self.frame;
        let seats = [0u8, 1, 2, 3].map(|k| Seat::wrapping(pos.leader + k));
        let hands = seats.map(|s| pos.hands[s.index()]);
        let counted = seats.map(|s| frame.counted.contains(s));
        let maxi = seats.map(|s| frame.maximizers.contains(s));
        let points = frame.measure == Measure::Points;
        let both = if points {
            layout.points_of(pos.remaining()) as u8
        } else {
            2
        };
        let worth = |c: u8| if points { layout.points[c as usize] } else { 0 };
        let got = pos.got;
        let searched = pos.searched;
        // Each place's best value so far: the maximisers' starts low, the minimisers' high.
        let start = maxi.map(|m| if m { 0 } else { u8::MAX });
        let better = |k: usize, acc: u8, v: u8| if maxi[k] { acc.max(v) } else { acc.min(v) };
        // The value once the first trick's cards are `cards` (by place from the leader),
        // worth `first` together, and place `win` took it: the last trick plays itself.
        let leaf = |cards: [u8; 4], first: u8, win: usize| -> u8 {
            let first = if points { first } else { 1 };
            let mut best = win;
            let mut top = (hands[win] & !layout::bit(cards[win])).trailing_zeros() as u8;
            for k in 1..4 {
                let i = (win + k) & 3;
                let c = (hands[i] & !layout::bit(cards[i])).trailing_zeros() as u8;
                if layout.beats(c, top) {
                    best = i;
                    top = c;
                }
            }
            let mut v = got;
            if counted[win] {
                v += first;
            }
            if counted[best] {
                v += both - first;
            }
            v
        };
        let mut nodes = 0u64;
        let mut v0 = start[0];
        for a in bits(layout.legal(seats[0], hands[0], None, searched)) {
            let mut v1 = start[1];
            for b in bits(layout.legal(seats[1], hands[1], Some((a, a)), searched)) {
                let (w1, top1) = if layout.beats(b, a) { (1, b) } else { (0, a) };
                let mut v2 = start[2];
                for c in bits(layout.legal(seats[2], hands[2], Some((a, top1)), searched)) {
                    let (w2, top2) = if layout.beats(c, top1) {
                        (2, c)
                    } else {
                        (w1, top1)
                    };
                    let so_far = worth(a) + worth(b) + worth(c);
                    let mut v3 = start[3];
                    for d in bits(layout.legal(seats[3], hands[3], Some((a, top2)), searched)) {
                        let w3 = if layout.beats(d, top2) { 3 } else { w2 };
                        nodes += 5;
                        v3 = better(3, v3, leaf([a, b, c, d], so_far + worth(d), w3));
                    }
                    nodes += 1;
                    v2 = better(2, v2, v3);
                }
                nodes += 1;
                v1 = better(1, v1, v2);
            }
            nodes += 1;
            v0 = better(0, v0, v1);
        }
        self.stats.nodes += nodes;
        v0
    }

    /// A claim (quick tricks, as DDS's `QuickTricks.cpp` for the simplest case): when the
    /// leader's cards are masters that nobody can beat, he takes every remaining trick by
    /// leading his trumps first (drawing every other trump) and then his plain cards. Needs:
    /// his trumps are the highest left; nobody holds more trumps than he does; in each plain
    /// suit he holds, his cards are above every other card of it; or a seat after him
    /// claims ([`Searcher::claim_following`]). Returns the final value.
    ///
    /// Taking every trick is the best the claimer can do only when he wants the tricks: a
    /// counted maximiser (the value becomes the highest possible) or an uncounted
    /// minimiser (the lowest possible). In Ramsch and Bettel nobody claims.
    fn claim(&self, pos: &Position) -> Option<u8> {
        self.claim_leading(pos).or_else(|| {
            (1..4u8).find_map(|k| self.claim_following(pos, Seat::wrapping(pos.leader + k)))
        })
    }

    /// A claim by a seat that does not lead: he holds every trump left and only masters
    /// (each card above every other card of its group), and whatever the leader leads he can
    /// follow with a master of it or, void, ruff (nobody else can). So he takes this trick
    /// and is left on lead with masters: he takes every trick ([`Searcher::claim_leading`]).
    /// Measured: exact values over the benchmark, Wenz 17% fewer nodes, Geier 17%, Tout 6%,
    /// the other solos 1 to 1.5%, Sauspiel 0.3%.
    #[inline(never)]
    fn claim_following(&self, pos: &Position, seat: Seat) -> Option<u8> {
        if !self.frame.wants_tricks(seat) {
            return None;
        }
        let layout = &self.layout;
        let mine = pos.hands[seat.index()];
        let trumps = layout.group_mask[layout::TRUMP];
        let others = pos.remaining() & !mine;
        if others & trumps != 0 {
            return None;
        }
        // The leader holds no trump (they are all his): he leads a plain suit.
        let leads = pos.hands[pos.leader as usize];
        let answers = |&g: &u32| leads & g == 0 || mine & g != 0;
        if mine & trumps == 0 && !layout.group_mask[..layout::TRUMP].iter().all(answers) {
            return None;
        }
        self.masters_take_all(pos, seat, mine, others)
    }

    /// The leader's claim (see [`Searcher::claim`]).
    fn claim_leading(&self, pos: &Position) -> Option<u8> {
        let seat = Seat::wrapping(pos.leader);
        if !self.frame.wants_tricks(seat) {
            return None;
        }
        let trumps = self.layout.group_mask[layout::TRUMP];
        let leader = pos.leader as usize;
        let mine = pos.hands[leader];
        let my_trumps = mine & trumps;
        let mut others = 0u32;
        for (s, h) in pos.hands.iter().enumerate() {
            if s != leader {
                if (h & trumps).count_ones() > my_trumps.count_ones() {
                    return None;
                }
                others |= h;
            }
        }
        self.masters_take_all(pos, seat, mine, others)
    }

    /// What both claims end with: if every card of `seat` (holding `mine`) is above every
    /// card of `others` in its group, the final value with every remaining trick his.
    #[inline]
    fn masters_take_all(&self, pos: &Position, seat: Seat, mine: u32, others: u32) -> Option<u8> {
        let masters = |&g: &u32| above_all(mine & g, others & g) == mine & g;
        if !self.layout.group_mask.iter().all(masters) {
            return None;
        }
        let still = self.total - pos.assigned;
        Some(if self.frame.counted.contains(seat) {
            pos.got + still
        } else {
            pos.got
        })
    }

    /// The answer for `t` when the quick tricks or the sure trumps settle it, each bound
    /// counted only while the ones before it leave `t` open. In the solos the lower bounds
    /// settle 99% of the answers either side settles (the declarer reaching t), the quick
    /// tricks alone six in ten of those: measured against counting all four (callgrind, 30
    /// deals, the three benchmark questions), Farbwenz 7.8% fewer instructions, Farbsolo
    /// 4.3%, Sauspiel 0.2%; node counts within 0.1% (a bound that settles may be less
    /// tight than the best of both, so fail-soft answers move a little). Where a lone
    /// counted player minimises (Ramsch, Bettel) nobody takes quick tricks and the upper
    /// bound settles 99.8% of those answers (the others' trumps keeping his points down):
    /// his own sure trumps are not counted at all there (10 real Ramsch games, every
    /// question: 5.7% fewer instructions than both bounds, nodes within 0.05%).
    #[inline]
    fn trick_bounds(&self, pos: &Position, t: u8) -> Option<u8> {
        let (lo, hi) = self.quick_tricks(pos);
        if lo >= t {
            return Some(lo);
        }
        if !self.trumps_first {
            let lo = lo.max(self.sure_trumps(pos, false));
            if lo >= t {
                return Some(lo);
            }
            if self.frame.lone_declarer() {
                let lo = lo.max(self.forcing_lead(pos));
                if lo >= t {
                    return Some(lo);
                }
            }
        }
        let hi = hi.min(self.sure_trumps(pos, true));
        (hi < t).then_some(hi)
    }

    /// Quick tricks (DDS `QuickTricks.cpp`, for card points): the leader's unbroken run of
    /// top trumps takes one trick each, and every other seat must follow to those tricks
    /// with its lowest trumps at least. After the run his other trumps take tricks too, as
    /// far as the other side's trumps left cannot beat them (all of them, and his plain
    /// masters besides, once the run has drawn every other trump). A leader who wants
    /// tricks thus secures those points: a lower bound when he is counted, an upper bound
    /// when he is not.
    fn quick_tricks(&self, pos: &Position) -> (u8, u8) {
        let still = self.total - pos.assigned;
        let none = (pos.got, pos.got + still);
        let seat = Seat::wrapping(pos.leader);
        if !self.frame.wants_tricks(seat) {
            return none;
        }
        let counted = self.frame.counted.contains(seat);
        let layout = &self.layout;
        let trumps = layout.group_mask[layout::TRUMP];
        let left = pos.remaining() & trumps;
        let mine = pos.hands[pos.leader as usize] & trumps;
        // The leader's run of top trumps: from the highest trump left down to the first
        // trump someone else holds.
        let run = above_all(mine, left & !mine);
        let k = run.count_ones();
        let mut secured: u32 = 0;
        let mut tricks = k;
        // Once the run has drawn every other trump, the leader's other trumps and his
        // masters in the plain suits (his cards above every other card of their suit) win
        // too, one trick each, and he keeps the lead. What the followers give to those
        // tricks is counted as their cheapest cards outside the trumps, since which suit
        // each of them gives up is theirs to choose.
        let drawn = pos
            .hands
            .iter()
            .enumerate()
            .all(|(s, h)| s == pos.leader as usize || (h & trumps).count_ones() <= k);
        let others = mine & !run;
        if drawn {
            tricks += others.count_ones();
            secured += layout.points_of(others);
            let hand = pos.hands[pos.leader as usize];
            let rest = pos.remaining() & !hand;
            for g in 0..layout::TRUMP {
                let group = layout.group_mask[g];
                let masters = above_all(hand & group, rest & group);
                tricks += masters.count_ones();
                secured += layout.points_of(masters);
            }
        } else if others != 0 {
            // Else each of the other side's trumps left after the run can beat one of his
            // other trumps, at most: of them, at least as many as exceed those trumps take
            // tricks. The run has taken k trumps from every seat, and the other side keeps
            // its highest; only those above his lowest count. (Trumps counted the same way
            // without the run, for any seat: [`Searcher::sure_trumps`].)
            let above = above_lowest(others);
            let mut contested = 0;
            for (s, h) in pos.hands.iter().enumerate() {
                if self.frame.counted.contains(Seat::wrapping(s as u8)) != counted {
                    let theirs = h & trumps;
                    let kept = theirs.count_ones().saturating_sub(k);
                    contested += kept.min((theirs & above).count_ones());
                }
            }
            let taken = others.count_ones().saturating_sub(contested);
            tricks += taken;
            secured += layout.lowest_points(others, taken);
        }
        if tricks == 0 {
            return none;
        }
        secured += layout.points_of(run);
        for (s, h) in pos.hands.iter().enumerate() {
            if s == pos.leader as usize {
                continue;
            }
            // The min(k, count) trumps worth least: what it must give at the least.
            let mine = h & trumps;
            secured += layout.lowest_points(mine, k);
            if mine.count_ones() > k {
                // It may give trumps to the tricks after the run: only the run's are sure.
                continue;
            }
            // Short of trumps, it discards to the rest of the run, and to every trick the
            // leader's trumps and masters take after it (it has no trump left then).
            secured += layout.lowest_points(h & !trumps, tricks.saturating_sub(mine.count_ones()));
        }
        let secured = match self.frame.measure {
            Measure::Points | Measure::Settlement => secured as u8,
            Measure::Tricks => tricks as u8,
        };
        if counted {
            (pos.got + secured, pos.got + still)
        } else {
            (pos.got, pos.got + still - secured)
        }
    }

    /// Bettel and Ramsch: whether the lone counted minimiser (the Bettel declarer, the
    /// Ramsch player to move in his own frame) can be sure to take no further trick.
    /// Someone else leads, he holds no trump, and in every plain suit his i-th lowest card
    /// is below the i-th lowest card the others hold, as far as the others have cards of it.
    /// Then, whenever the suit is led, he plays his highest card below the best card of the
    /// suit already in the trick (a trump in it only makes him safer), and the condition
    /// still holds for what is left (the others lose at least the card that beat him, at or
    /// below that card's place); void, he discards a suit's highest card, which keeps it
    /// too, and a trump lead he cannot follow. He never takes a trick, so he never leads.
    /// A suit whose highest cards break the condition is safe too while the cards of it
    /// that keep it are at least as many as any other hand holds of the suit
    /// ([`suit_ducked`]): every lead of the suit takes one from each hand that holds it, so
    /// he follows with those every time, and the high ones go first on any void. Measured
    /// on 100 Bettel deals: exact values 1.83 M to 1.54 M nodes, or with
    /// [`Searcher::bettel_one_more`] 0.46 M to 0.26 M; the median deal is settled at once.
    /// On lead himself he is safe too if he holds a card that one of the others must beat
    /// (every card that player could play to it beats it) and the condition holds for the
    /// rest of his hand: the trick goes to someone else, and the cards the others give to
    /// it only raise their i-th lowest cards. Not under Stichzwang (he must beat if he can).
    /// Measured: 100 Bettel deals, p90 of the exact value 61.7 k to 49.5 k nodes; Ramsch
    /// analyses 3% fewer.
    fn bettel_safe(&self, pos: &Position) -> bool {
        let Some((declarer, mine)) = self.lone_ducker(pos) else {
            return false;
        };
        let layout = &self.layout;
        let seat = declarer.index();
        if pos.leader as usize != seat {
            return ducks_with_a_guard(layout, mine, seat, &pos.hands);
        }
        self.led_away(pos, declarer, mine, |rest| {
            ducks_everything(layout, rest, seat, &pos.hands)
        })
    }

    /// The lone ducker on lead: whether he holds a card one of the others must beat (every
    /// card that player could play to it beats it) such that `rule`, a rule for a hand that
    /// does not lead, holds of the rest of his hand. The trick goes to someone else, and
    /// the others' cards that fall to it only make such rules easier to meet (their i-th
    /// lowest card of a suit can only rise, and no hand holds more of a suit).
    fn led_away(
        &self,
        pos: &Position,
        declarer: Seat,
        mine: u32,
        rule: impl Fn(u32) -> bool,
    ) -> bool {
        bits(mine).any(|c| {
            moves::another_must_beat(&self.layout, pos, declarer, c) && rule(mine & !layout::bit(c))
        })
    }

    /// The Bettel safety, then one more Bettel trick: the answer for `t` where they settle
    /// it.
    #[inline(never)]
    fn ducking_bounds(&self, pos: &Position, t: u8) -> Option<u8> {
        if self.bettel_safe(pos) {
            return Some(pos.got);
        }
        (pos.got + 1 < t && self.bettel_one_more(pos)).then_some(pos.got + 1)
    }

    /// The lone counted minimiser and his hand, where he may duck as [`Searcher::bettel_safe`]
    /// and [`Searcher::bettel_one_more`] assume: one counted seat only (with two, a frame of
    /// one's own choosing, both would have to be safe), not under Stichzwang (he must beat
    /// if he can), no trump in his hand, and no called ace (he could not keep it back).
    fn lone_ducker(&self, pos: &Position) -> Option<(Seat, u32)> {
        let layout = &self.layout;
        let declarer = self.frame.lone_minimizer()?;
        let mine = pos.hands[declarer.index()];
        let called = layout.called.map_or(0, |c| c.ace);
        let ok = !layout.stichzwang && mine & (layout.group_mask[layout::TRUMP] | called) == 0;
        ok.then_some((declarer, mine))
    }

    /// Bettel: whether the declarer can be held to one more trick at most, where he is not
    /// safe ([`Searcher::bettel_safe`]) but one card `h` alone spoils his ducking. He ducks
    /// with the rest as there, and discards `h` as soon as he is void in a led suit (then
    /// he is safe). The first time `h`'s suit is led, he sees whether one of the others
    /// holds two cards of it or more. If so, he plays `h`; should it take the trick, he
    /// leads his lowest card `m` of the suit, which he still holds (the suit was never
    /// led), which is below all of theirs, and to which that player must give one: he
    /// loses it, and ducks everything after (the rest of the suit without `m` ducks: it is
    /// checked). If not, he ducks with the suit's rest, and after that trick the others hold
    /// none of it: it is never led again, and `h` goes on a void. On lead he is held to one
    /// more trick too by a card one of the others must beat, if the rest of his hand is.
    /// Not under Stichzwang, and only for tricks (Ramsch counts points). Measured on 100
    /// Bettel deals: exact values 1.83 M to 0.46 M nodes, the lost Bettels held to one
    /// trick (92 k to 242 k nodes each) settled at the root or nearly.
    fn bettel_one_more(&self, pos: &Position) -> bool {
        if self.frame.measure != Measure::Tricks {
            return false;
        }
        let Some((declarer, mine)) = self.lone_ducker(pos) else {
            return false;
        };
        let layout = &self.layout;
        let seat = declarer.index();
        if pos.leader as usize != seat {
            return one_more_trick(layout, mine, seat, &pos.hands);
        }
        self.led_away(pos, declarer, mine, |rest| {
            one_more_trick(layout, rest, seat, &pos.hands)
        })
    }

    /// Sure trumps. Every trump a seat holds will be played, each to a trick of its own,
    /// and that trick goes to his side unless the other side plays a higher trump to it;
    /// each trump of the other side can do that once. So of the k trumps a seat holds, at
    /// least k minus the other side's trumps above his lowest take a trick for his side,
    /// and at least those above every trump of the other side (the *sure* ones). Those
    /// tricks bring his side, besides their points:
    /// - the sure trumps' points, and of his others as many worth least as it takes;
    /// - from each seat of the other side one card a trick: its cards worth least;
    /// - from a partner one card a trick, the sure trumps among them counted already.
    ///
    /// A lower bound from the counted seats' trumps, or with `upper` an upper bound from
    /// the others'. (For tricks: the most tricks any one seat's trumps surely take.)
    /// Measured over the exact values of the benchmark (100 deals a contract), against the
    /// sure trumps' points alone (and with the followers' discards in
    /// [`Searcher::quick_tricks`]): Farbsolo 29% fewer nodes, Wenz 24%, Farbwenz 41%,
    /// Farbgeier 29%, Geier 18%, Tout 25%, Sauspiel 5%; real Ramsch games' analyses 12%
    /// less time, Sauspiel 8%.
    fn sure_trumps(&self, pos: &Position, upper: bool) -> u8 {
        let still = self.total - pos.assigned;
        let trumps = self.layout.group_mask[layout::TRUMP];
        let mut counted = 0u32;
        for (s, h) in pos.hands.iter().enumerate() {
            // All ones for a counted seat, else zero: no branch per seat.
            let mine = 0u32.wrapping_sub((self.frame.counted.0 >> s) as u32 & 1);
            counted |= h & mine;
        }
        let counted = counted & trumps;
        let others = pos.remaining() & trumps & !counted;
        let seats = self.frame.counted;
        if upper {
            pos.got + still - self.trumps_bring(pos, seats.others(), others, counted)
        } else {
            pos.got + self.trumps_bring(pos, seats, counted, others)
        }
    }

    /// A lone declarer on lead who leads his highest trump: every other hand holding a
    /// trump must give one to that trick, a trump that then cannot beat one of his later
    /// ([`Searcher::sure_trumps`] counts each of them as beating one). The other side
    /// either beats the lead (one hand spends its lowest trump above it, keeping its top;
    /// the others their lowest), or lets it win (every hand holding trumps loses its
    /// lowest); either way the sure trumps' contest counts the rest. The worse of the two
    /// for him is his lower bound. (The other side's cards he takes are counted from their
    /// whole hands, all the distinct cards they give to his tricks: this one's and the
    /// later ones'.) Measured over the benchmark's exact values (100 deals each): Farbwenz
    /// 4.1% fewer nodes, its largest deal 9%, Farbsolo 3.2%, Farbgeier 2.3%, Geier 1.8%;
    /// instructions the same (callgrind, 30 Farbwenz deals). Committing to further leads
    /// from the top the same way saved another 1 to 8% of the nodes for 3 to 5% more
    /// instructions.
    fn forcing_lead(&self, pos: &Position) -> u8 {
        let layout = &self.layout;
        let d = pos.leader as usize;
        let trumps = layout.group_mask[layout::TRUMP];
        let mine = pos.hands[d] & trumps;
        if mine == 0 || !self.frame.counted.contains(Seat::wrapping(pos.leader)) {
            return pos.got;
        }
        let lead = layout::top(mine);
        let rest = mine & !layout::bit(lead);
        // What his other trumps surely bring against the other side's `theirs`, with
        // `won` (0 or 1) the lead's trick: each other hand gives its cheapest cards to
        // all of his tricks.
        let future = |theirs: u32, won: u32| -> u32 {
            let sure = above_all(rest, theirs);
            let taken = trumps_taken(rest, sure, theirs);
            if self.frame.measure == Measure::Tricks {
                return taken + won;
            }
            let mut v = layout.points_of(sure)
                + layout.lowest_points(rest & !sure, taken.saturating_sub(sure.count_ones()));
            if won == 1 {
                v += layout.points[lead as usize] as u32;
            }
            for (s, h) in pos.hands.iter().enumerate() {
                if s != d {
                    v += layout.lowest_points(*h, taken + won);
                }
            }
            v
        };
        // Every other hand's trumps without their lowest: what is left after the lead.
        let mut left = 0u32;
        for (s, h) in pos.hands.iter().enumerate() {
            if s != d {
                let t = h & trumps;
                left |= t & t.wrapping_sub(1);
            }
        }
        let mut worst = future(left, 1);
        let above = above_lowest(layout::bit(lead));
        for (s, h) in pos.hands.iter().enumerate() {
            let t = h & trumps;
            let win = t & above;
            if s == d || win == 0 {
                continue;
            }
            // This hand spends its lowest trump above the lead (its only one, or not its
            // top) and keeps all the others.
            let spent = win & win.wrapping_neg();
            worst = worst.min(future((left & !t) | (t & !spent), 0));
        }
        pos.got + worst as u8
    }

    /// What the trumps `mine` of the seats `side` surely bring that side against the other
    /// side's trumps `theirs` (see [`Searcher::sure_trumps`]), in the frame's measure,
    /// counted for the holder whose trumps surely take the most tricks.
    #[inline]
    fn trumps_bring(&self, pos: &Position, side: Seats, mine: u32, theirs: u32) -> u8 {
        if mine == 0 {
            return 0;
        }
        let layout = &self.layout;
        let sure = above_all(mine, theirs);
        let (mut tricks, mut holder) = (0, 0);
        for (s, hand) in pos.hands.iter().enumerate() {
            // `mine` holds the side's trumps only: nothing for the other seats.
            let taken = trumps_taken(hand & mine, sure, theirs);
            if taken > tricks {
                (tricks, holder) = (taken, s);
            }
        }
        if self.frame.measure == Measure::Tricks || tricks == 0 {
            return tricks as u8;
        }
        // His tricks bring the sure trumps' points, of his other trumps as many worth least as
        // it takes, and one card a trick from every other seat: a partner's sure trumps are
        // counted already, the rest are his cards worth least.
        let mut brought = layout.points_of(sure);
        for (s, hand) in pos.hands.iter().enumerate() {
            // His own cards in these tricks are trumps; a partner's may be anything.
            let candidates = if s == holder { hand & mine } else { *hand };
            brought += if side.0 >> s & 1 != 0 {
                let own = (hand & sure).count_ones();
                layout.lowest_points(candidates & !sure, tricks.saturating_sub(own))
            } else {
                layout.lowest_points(*hand, tricks)
            };
        }
        brought as u8
    }

    /// History heuristic: a card that caused a cutoff is tried earlier next time.
    fn reward(&mut self, seat: Seat, card: u8, pos: &Position) {
        let depth = pos.remaining().count_ones() as u16;
        let h = &mut self.history[seat.index()][card as usize];
        *h = h.saturating_add(depth * depth);
    }
}
