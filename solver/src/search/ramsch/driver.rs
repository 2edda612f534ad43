//! The node search, fail-soft alpha-beta over settlements in units, and the exact value
//! from its zero-window tests (MTD(f), Plaat et al. 1996). At a trick boundary everything
//! that may answer without trying a card comes first ([`SettlementSearch::boundary`]): the ways the
//! hand can still end ([`super::outcomes`]), the table, and the cheap questions.

use super::outcomes::{outcomes, sure_tricks, Outcomes};
use super::table::{Bounds, Key};
use super::tricks::Takers;
use super::{proved, take, SettlementSearch, State, INF};
use crate::options::{Durchmarsch, RamschForm};
use crate::seat::Seat;
use crate::settle::{jungfrau_share, ramsch_decided, RamschTally};

/// The questions of points with a seat kept without a trick ([`super::virgin`]) are asked
/// with at most four tricks left: higher up they cost more than the settlement's own
/// search saves (performance-log.md, "The Ramsch settlement search").
const VIRGIN_UP_TO: u32 = 16;

/// The question whether he loses for sure ([`super::points`], "can the others force the
/// losing points on him") is asked with at most four tricks left: higher up it mostly fails
/// (few are forced to the losing points that early) and its failures cost more than its
/// answers save (performance-log.md, "Escaping beside a Jungfrau").
const LOSING_UP_TO: u32 = 16;

/// The node budgets of iterative widening ([`SettlementSearch::widened`]): the first
/// round's, the factor of the card tried first (the ordering's choice, mostly right), and
/// the rounds before the open cards are searched without a budget (none: no widening).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Widening {
    pub first: u64,
    pub lead: u64,
    pub rounds: u32,
}

impl Widening {
    /// The budgets in use (performance-log.md, "Iterative widening").
    pub const DEFAULT: Widening = Widening {
        first: 50_000,
        lead: 4,
        rounds: 4,
    };
}

/// A node's search so far: its window as the cards tried narrowed it, and the best of
/// them for the side to move.
struct Node {
    maximizing: bool,
    alpha: i32,
    beta: i32,
    best: i32,
    best_card: u8,
}

impl Node {
    /// Takes a card's fail-soft value; whether it cuts the node off.
    fn take(&mut self, card: u8, v: i32) -> bool {
        if take(
            self.maximizing,
            v,
            &mut self.best,
            &mut self.alpha,
            &mut self.beta,
        ) {
            self.best_card = card;
        }
        self.alpha >= self.beta
    }
}

/// What a trick boundary leaves open for the cards to decide.
struct Open {
    lower: i32,
    upper: i32,
    /// The card that decided this position last time.
    hint: Option<u8>,
    key: Option<Key>,
}

impl SettlementSearch<'_> {
    /// "Me"'s settlement once every card is played.
    pub(super) fn settled(&self, s: &State) -> i32 {
        let tally = RamschTally {
            points: s.points.map(u32::from),
            tricks: s.tricks.map(u32::from),
            trumps_taken: s.trumps.map(u32::from),
            top_taken: s.top,
            top_played: self.cx.top_played,
        };
        ramsch_decided(self.cx.options, &tally).units[self.cx.me.index()] as i32
    }

    /// The settlement once the last trick is played out: every seat still to play holds
    /// one card, so nothing is left to choose.
    fn last_trick(&self, s: &State) -> i32 {
        let mut end = *s;
        while !end.over() {
            let hand = end.pos.hands[end.to_move().index()];
            end.play(hand.trailing_zeros() as u8, &self.cx.layout, self.cx.me);
        }
        self.settled(&end)
    }

    /// The settlements still possible (the tallies change only as a trick completes, so
    /// within a trick they are those of its start).
    pub(crate) fn bounds(&self, s: &State) -> (i32, i32) {
        outcomes(&self.cx, s).range()
    }

    /// The settlement of "me" within the window (alpha, beta), fail-soft: a value at or
    /// below alpha is an upper bound, at or above beta a lower bound.
    pub fn search(&mut self, s: &State, alpha: i32, beta: i32) -> i32 {
        // At a trick boundary the node works its bounds out itself.
        let range = match s.pos.trick_len {
            0 => (-INF, INF),
            _ => self.bounds(s),
        };
        self.search_within(s, alpha, beta, range)
    }

    /// What a trick boundary settles before any card: the outcomes' bounds, the table's,
    /// and the cheap questions, each asked only where its answer decides the window.
    fn boundary(&mut self, s: &State, alpha: i32, beta: i32) -> Result<i32, Open> {
        let o = outcomes(&self.cx, s);
        let (mut lo, mut hi) = o.range();
        if lo >= hi || lo >= beta || hi <= alpha {
            return Ok(if hi <= alpha { hi } else { lo });
        }
        let key = Key::of(&self.cx, s);
        let mut hint = None;
        if let Some(e) = self.tables.get(&key) {
            lo = lo.max(e.lower);
            hi = hi.min(e.upper);
            hint = Some(e.best);
        }
        let undecided = lo < hi && lo < beta && hi > alpha;
        // Two tricks from the end the position is played out ([`super::endgame`]), cheaper
        // than any question (performance-log.md, "The last two tricks played out"), and what
        // that proved kept. The questions are asked from three tricks left (the last trick
        // is played out before a boundary is reached).
        if undecided && s.remaining().count_ones() == 8 {
            let window = (alpha.max(lo - 1), beta.min(hi + 1));
            let v = self.last_two(s, window.0, window.1).clamp(lo, hi);
            let (lower, upper) = proved(v, window, (lo, hi));
            let best = hint.unwrap_or(0);
            self.tables.put(&key, Bounds { lower, upper, best });
            return Ok(v);
        }
        let mut learnt = false;
        if undecided {
            let before = (lo, hi);
            self.ask(s, &o, (alpha, beta), &mut lo, &mut hi);
            if self.aborted() {
                return Ok(0);
            }
            learnt = (lo, hi) != before;
        }
        if lo >= hi || lo >= beta || hi <= alpha {
            // What the questions proved is kept, so that they are not asked again.
            if learnt {
                self.tables.put(
                    &key,
                    Bounds {
                        lower: lo,
                        upper: hi,
                        best: hint.unwrap_or(0),
                    },
                );
            }
            return Ok(if hi <= alpha { hi } else { lo });
        }
        Err(Open {
            lower: lo,
            upper: hi,
            hint,
            key: Some(key),
        })
    }

    /// The cheap questions: first the tricks questions that raise the lower bound (mostly
    /// a table probe, where a points question proves a whole strategy; where either
    /// decides the window, as in "does he avoid a doubled share", the cheaper answers),
    /// then whether he loses at all (the points search's thresholds), then the rest of
    /// what the Jungfrau rule makes of it.
    fn ask(&mut self, s: &State, o: &Outcomes, window: (i32, i32), lo: &mut i32, hi: &mut i32) {
        let (alpha, beta) = window;
        let questions = self.cx.questions;
        // Every other seat takes a trick: no Jungfrau doubles what he pays as the loser.
        let least_others = self.least_if_others_take_one(o);
        let mut others_take_one = None;
        if *lo < least_others && least_others >= beta {
            let yes = self.everyone_takes_one(s, Takers::Others);
            if yes {
                *lo = least_others;
            }
            others_take_one = Some(yes);
            if self.aborted() || *lo >= beta {
                return;
            }
        }
        // Every seat takes a trick, he too: where the two highest pay he may pay as a
        // Jungfrau himself, which the question above leaves open. (It cannot succeed
        // where that one failed: its seats are more.)
        let least = o.if_all_take_one(&self.cx).range().0;
        if *lo < least && least >= beta && others_take_one != Some(false) {
            if self.everyone_takes_one(s, Takers::AllForMe) {
                *lo = least;
            }
            if self.aborted() || *lo >= beta {
                return;
            }
        }
        // All seats that double his payment but one take a trick: he pays at most one
        // doubled share.
        let least = o.least_if_one_takes_none(&self.cx);
        if *lo < least && least >= beta {
            if self.all_but_one_take_one(s) {
                *lo = least;
            }
            if self.aborted() || *lo >= beta {
                return;
            }
        }
        // He escapes for sure: at least the least of what is left.
        let least = o.least_unless_losing();
        if questions && o.loses.is_some() && *lo < least && least >= beta {
            if self.escapes_for_sure(s) {
                *lo = least;
            }
            if self.aborted() || *lo >= beta {
                return;
            }
        }
        // He escapes, or every other seat takes a trick (the first question failed): where
        // a seat ends without a trick, the two left beside him share the rest of the 120,
        // so he escapes with fewer points than one of them holds. Enough that the others
        // cannot force points on him while keeping one seat without a trick; asked, as
        // the questions of points with a seat kept without, from four tricks left.
        let least = least_others.min(o.least_unless_losing());
        let cards = s.remaining().count_ones();
        let asked = questions && others_take_one == Some(false) && cards <= VIRGIN_UP_TO;
        if asked && *lo < least && least >= beta {
            if let Some(t) = self.escaping_beside_a_virgin(s) {
                let lacking = self.virgin_candidates(s).fold(0, |m, x| m | 1 << x.index());
                if !self.forced_to_keeping(s, lacking, t + 1) && !self.aborted() {
                    *lo = least;
                }
                if self.aborted() || *lo >= beta {
                    return;
                }
            }
        }
        // He loses for sure: at most the most of what is left. Another's Durchmarsch stays
        // possible only by points, with enough left beside his. Asked from four tricks
        // left ([`LOSING_UP_TO`]).
        if questions && o.escapes.is_some() && cards <= LOSING_UP_TO {
            let t = self.losing_points(s);
            let options = self.cx.options;
            let by_points = options.durchmarsch == Durchmarsch::AtLeast
                && options.durchmarsch_points() as u32 + t <= 120;
            let most = o.most_unless_escaping(by_points);
            if *hi > most && most <= alpha {
                if self.forced_to(s, t) {
                    *hi = most;
                }
                if self.aborted() || *hi <= alpha {
                    return;
                }
            }
        }
        // He takes no trick: he escapes as a Jungfrau.
        let least = self.least_as_jungfrau(o);
        if *lo < least && least >= beta {
            if !self.everyone_takes_one(s, Takers::Me) && !self.aborted() {
                *lo = least;
            }
            if self.aborted() || *lo >= beta {
                return;
            }
        }
        // Every seat takes a trick: nobody is paid a doubled share.
        let most = o.if_all_take_one(&self.cx).range().1;
        if *hi > most && most <= alpha && self.everyone_takes_one(s, Takers::All) {
            *hi = most;
        }
        if self.aborted() || *hi <= alpha || !questions || cards > VIRGIN_UP_TO {
            return;
        }
        // He escapes and another seat takes no trick: paid double where everything doubles.
        let least = self.least_escaping_beside_a_virgin(s, o);
        if *lo < least && least >= beta {
            // He must escape for that, asked first of the points search alone.
            let escaping = self.escaping_points(s).filter(|&t| self.holds_to(s, t));
            if let Some(t) = escaping {
                for x in self.virgin_candidates(s) {
                    if self.holds_to_keeping(s, x, t) {
                        *lo = least;
                        break;
                    }
                }
            }
            if self.aborted() || *lo >= beta {
                return;
            }
        }
        // He loses and another seat takes no trick: he pays that seat a doubled share.
        let most = self.most_losing_beside_a_virgin(s, o);
        if *hi > most && most <= alpha {
            let t = self.losing_points(s);
            // He must lose for that, asked first of the points search alone; and he must
            // not be able to make the seat take a trick, a question of tricks alone.
            if self.forced_to(s, t) {
                for x in self.virgin_candidates(s) {
                    if !self.everyone_takes_one(s, Takers::Seat(x))
                        && self.forced_to_keeping(s, 1 << x.index(), t)
                    {
                        *hi = most;
                        break;
                    }
                }
            }
        }
    }

    /// The other seats that may still end without a trick.
    fn virgin_candidates(&self, s: &State) -> impl Iterator<Item = Seat> {
        let sure = sure_tricks(&self.cx, s);
        let me = self.cx.me;
        let tricks = s.tricks;
        Seat::ALL
            .into_iter()
            .filter(move |&x| x != me && tricks[x.index()] == 0 && !sure[x.index()])
    }

    /// The least "me" is paid where he escapes and another seat ends without a trick: a
    /// share with one seat without (with two, himself one of them, where he has no trick
    /// yet); -1 where another's Durchmarsch is possible. Not asked where the two highest
    /// pay.
    fn least_escaping_beside_a_virgin(&self, s: &State, o: &Outcomes) -> i32 {
        let options = self.cx.options;
        if options.ramsch_form == RamschForm::TwoHighestPay || o.escapes.is_none() {
            return -INF;
        }
        let rule = options.jungfrau;
        let mut least = jungfrau_share(rule, false, 1);
        if s.tricks[self.cx.me.index()] == 0 {
            least = least.min(jungfrau_share(rule, true, 2));
        }
        if o.theirs {
            least = least.min(-1);
        }
        least
    }

    /// The most "me" is paid where he loses and another seat ends without a trick: he
    /// pays that seat a doubled share and the two others a share each, at least; 3 where
    /// his own Durchmarsch is possible, -1 where another's by points is. Not asked where
    /// the two highest pay.
    fn most_losing_beside_a_virgin(&self, s: &State, o: &Outcomes) -> i32 {
        let options = self.cx.options;
        let Some((_, most)) = o.loses else {
            return INF;
        };
        if options.ramsch_form == RamschForm::TwoHighestPay {
            return INF;
        }
        let rule = options.jungfrau;
        let pays_one = jungfrau_share(rule, true, 1) + 2 * jungfrau_share(rule, false, 1);
        let mut most = most.min(-pays_one);
        if o.mine {
            most = most.max(3);
        }
        let by_points = options.durchmarsch == Durchmarsch::AtLeast
            && options.durchmarsch_points() as u32 + self.losing_points(s) <= 120;
        if o.theirs && by_points {
            most = most.max(-1);
        }
        most
    }

    /// The least "me" is paid where he takes no trick (his tally none): not the loser,
    /// unless the two highest pay, and a Jungfrau himself; or another's Durchmarsch.
    fn least_as_jungfrau(&self, o: &Outcomes) -> i32 {
        let options = self.cx.options;
        if options.ramsch_form == RamschForm::TwoHighestPay || o.escapes.is_none() {
            return -INF;
        }
        let escapes = jungfrau_share(options.jungfrau, true, 1);
        match o.theirs {
            true => escapes.min(-1),
            false => escapes,
        }
    }

    /// The least "me" is paid where every seat but the one whose tricks count for him takes
    /// a trick: losing, he pays each payee one plain share (where the two highest pay he
    /// may be the one Jungfrau himself); nobody else takes every trick, though another may
    /// still reach a Durchmarsch's points; escaping, what escaping pays at least.
    fn least_if_others_take_one(&self, o: &Outcomes) -> i32 {
        let options = self.cx.options;
        let rule = options.jungfrau;
        let loses = match options.ramsch_form {
            RamschForm::TwoHighestPay => -2 * jungfrau_share(rule, false, 1),
            RamschForm::LoserPays | RamschForm::Schieberamsch => {
                -3 * jungfrau_share(rule, false, 0)
            }
        };
        let theirs = o.theirs && options.durchmarsch == Durchmarsch::AtLeast;
        [
            o.loses.map(|_| loses),
            o.escapes.map(|(lo, _)| lo),
            o.mine.then_some(3),
            theirs.then_some(-1),
        ]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(INF)
    }

    /// [`SettlementSearch::search`] given the bounds of the tally, which stay the same within a
    /// trick (the tally changes only as a trick completes), so they are worked out at trick
    /// boundaries only.
    fn search_within(
        &mut self,
        s: &State,
        mut alpha: i32,
        mut beta: i32,
        range: (i32, i32),
    ) -> i32 {
        if self.stop() {
            return 0;
        }
        if s.over() {
            return self.settled(s);
        }
        if s.remaining().count_ones() + s.pos.trick_len as u32 <= 4 {
            return self.last_trick(s);
        }
        let open = if s.pos.trick_len == 0 {
            match self.boundary(s, alpha, beta) {
                Ok(v) => return v,
                Err(open) => open,
            }
        } else {
            Open {
                lower: range.0,
                upper: range.1,
                hint: None,
                key: None,
            }
        };
        let range = (open.lower, open.upper);
        let (lo, hi) = range;
        alpha = alpha.max(lo - 1);
        beta = beta.min(hi + 1);
        let (alpha0, beta0) = (alpha, beta);
        let maximizing = s.to_move() == self.cx.me;
        let mut node = Node {
            maximizing,
            alpha,
            beta,
            best: if maximizing { -INF } else { INF },
            best_card: 0,
        };
        let moves = self.moves(s, open.hint);
        let widen = !maximizing
            && !self.budgeted
            && beta - alpha == 1
            && moves.len > 1
            && s.tricks.iter().all(|&t| t == 0);
        let settled = match widen {
            true => self.widened(s, moves.as_slice(), range, &mut node),
            false => Some(0),
        };
        let Some(settled) = settled else {
            return 0;
        };
        for (k, &card) in moves.as_slice().iter().enumerate() {
            if node.alpha >= node.beta {
                break;
            }
            if settled & 1 << k != 0 {
                continue;
            }
            let child = self.child(s, card);
            let v = self.search_within(&child, node.alpha, node.beta, range);
            if node.take(card, v) {
                self.reward(s, card);
            }
        }
        if self.aborted() {
            return 0;
        }
        let (best, best_card) = (node.best.clamp(lo, hi), node.best_card);
        if let Some(key) = open.key {
            let (lower, upper) = proved(best, (alpha0, beta0), (lo, hi));
            self.tables.put(
                &key,
                Bounds {
                    lower,
                    upper,
                    best: best_card,
                },
            );
        }
        best
    }

    /// Iterative widening over the cards of a node of the others' in the first trick: each
    /// card that is still open is searched within a node budget, the budget growing
    /// fourfold each round ([`Widening`]). Where the order of the cards is wrong (the
    /// first card tried fails, at great cost, and a later one would answer cheaply) the
    /// cheap answer comes first; where it is right, the first card's larger budget mostly
    /// suffices. What a budget cut short leaves in the table (the positions it completed)
    /// serves the next round. The cards settled, by their place in `cards` (a cut-off
    /// settles the node), or `None` where the search as a whole stopped.
    fn widened(
        &mut self,
        s: &State,
        cards: &[u8],
        range: (i32, i32),
        node: &mut Node,
    ) -> Option<u32> {
        let mut settled = 0u32;
        let widening = self.widen;
        let mut budget = widening.first;
        for _ in 0..widening.rounds {
            for (k, &card) in cards.iter().enumerate() {
                if settled & 1 << k != 0 {
                    continue;
                }
                let child = self.child(s, card);
                let within = if k == 0 {
                    budget * widening.lead
                } else {
                    budget
                };
                let Some(v) = self.search_budgeted(&child, node, range, within) else {
                    if self.aborted() {
                        return None;
                    }
                    continue;
                };
                settled |= 1 << k;
                if node.take(card, v) {
                    self.reward(s, card);
                    return Some(settled);
                }
            }
            if settled.count_ones() as usize == cards.len() {
                break;
            }
            budget *= 4;
        }
        Some(settled)
    }

    /// The search of `child` in the window of `node`, within `budget` nodes: `None`
    /// where it ran out (the search goes on; what it completed stays in the table) or the
    /// search as a whole stopped (out of its own budget, cancelled: then `aborted`).
    fn search_budgeted(
        &mut self,
        child: &State,
        node: &Node,
        range: (i32, i32),
        budget: u64,
    ) -> Option<i32> {
        let st = &mut *self.points.st;
        let limit = st.node_limit;
        let local = st.stats.nodes.saturating_add(budget);
        let local_limit = local < limit;
        if local_limit {
            st.node_limit = local;
        }
        self.budgeted = true;
        let v = self.search_within(child, node.alpha, node.beta, range);
        self.budgeted = false;
        let st = &mut *self.points.st;
        st.node_limit = limit;
        if !st.aborted {
            return Some(v);
        }
        // Out of the local budget alone: the search goes on (a raised cancel flag, or the
        // search's own limit, stops it).
        if local_limit && !st.cancel_raised() && st.stats.nodes <= limit {
            st.aborted = false;
        }
        None
    }

    /// The exact settlement of "me" in units, from zero-window tests (MTD(f), Plaat et
    /// al. 1996): each fail-soft answer moves one bound. The first asks whether "me"
    /// escapes paying (at least 1), the question that mostly decides a Ramsch.
    pub fn exact(&mut self, s: &State) -> i32 {
        self.exact_bounds(s).0
    }

    /// [`SettlementSearch::exact`], as the bounds it has proved: equal, unless the search stopped
    /// early (out of budget, cancelled), when they are what the tests before the stop
    /// proved.
    pub fn exact_bounds(&mut self, s: &State) -> (i32, i32) {
        self.exact_bounds_near(s, 1)
    }

    /// [`SettlementSearch::exact_bounds`] with the first test at `guess` (the value of a
    /// like position: the fewer tests, the nearer it is).
    pub fn exact_bounds_near(&mut self, s: &State, guess: i32) -> (i32, i32) {
        self.tests(s, -INF, guess)
    }

    /// [`SettlementSearch::exact_bounds`] of a position known to be worth at least `known` (the
    /// first test asks whether it is worth more).
    pub fn exact_bounds_above(&mut self, s: &State, known: i32) -> (i32, i32) {
        self.tests(s, known, known)
    }

    /// The zero-window tests of MTD(f) for a position worth at least `known`, the first at
    /// `guess` (where it is the lower bound, whether the position is worth more).
    fn tests(&mut self, s: &State, known: i32, guess: i32) -> (i32, i32) {
        if s.over() {
            let v = self.settled(s);
            return (v, v);
        }
        let (mut lower, mut upper) = self.bounds(s);
        lower = lower.max(known.min(upper));
        let mut g = guess.clamp(lower, upper);
        while lower < upper && !self.aborted() {
            let beta = if g == lower { g + 1 } else { g };
            g = self.search(s, beta - 1, beta);
            if self.aborted() {
                break;
            }
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
        }
        (lower, upper)
    }
}
