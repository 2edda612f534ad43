//! Ramsch valued by what a player is paid (INTERFACE.md section 2, `measure: settlement`):
//! the player to move at the root ("me") plays for the highest settlement, the other three
//! play to make it least, and the final settlement is `ramsch_decided`, the very function
//! that scores a finished Ramsch (loser and its tie rules, Jungfrau, Durchmarsch).
//!
//! A settlement is not a sum over tricks (who loses depends on everyone's points), so this
//! is a search of its own: fail-soft alpha-beta over settlements counted in units of the
//! price (every Ramsch payment is a multiple of it), with
//! - bounds: the settlements still possible, from what each seat has taken and what is
//!   left ([`Search::bounds`]): a Durchmarsch only for a seat that took every trick so far
//!   (or can still reach its points), a loser only among those not surely passed;
//! - a table of bounds at trick boundaries, keyed by the hands, the leader and every
//!   seat's tally (the tally decides the ending, so it is part of the position);
//! - equivalent cards merged (neighbours of one suit, one hand, equal points) and an
//!   ordering that sheds points onto others' tricks for "me" and feeds "me" for the rest.
//!
//! The tests hold it against the naive minimax over the rules engine's own scoring.

use super::canon::Canon;
use super::context::cancelled;
use super::layout::{bit, bits, Layout, TRUMP};
use super::position::lay;
use crate::game::Game;
use crate::options::{Options, RamschTie};
use crate::settle::{jungfrau_share, ramsch_decided, ramsch_taker, RamschTally};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Above every settlement in units (a loser pays at most 3 x 8 under `double_all`).
pub(crate) const INF: i32 = 1_000;

/// The compact state: hands, the open trick and every seat's tally so far.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct State {
    hands: [u32; 4],
    trick: [u8; 4],
    trick_len: u8,
    win: u8,
    leader: u8,
    points: [u8; 4],
    tricks: [u8; 4],
    trumps: [u8; 4],
    /// The highest trump taken, as its layout index + 1 (0: none).
    top: [u8; 4],
}

impl State {
    pub fn of(game: &Game, layout: &Layout) -> State {
        let mut s = State {
            hands: game.hands().0.map(|h| layout.mask(h)),
            trick: [0; 4],
            trick_len: 0,
            win: 0,
            leader: game.leader() as u8,
            points: [0; 4],
            tricks: [0; 4],
            trumps: [0; 4],
            top: [0; 4],
        };
        for t in game.tricks() {
            let w = t.winner.index();
            let cards = t.cards.map(|c| layout.index(c));
            s.take(w, &cards, layout);
        }
        for (i, card) in game.current_trick().iter().enumerate() {
            let c = layout.index(*card);
            s.trick[i] = c;
            if i > 0 && layout.beats(c, s.trick[s.win as usize]) {
                s.win = i as u8;
            }
        }
        s.trick_len = game.current_trick().len() as u8;
        s
    }

    fn take(&mut self, winner: usize, cards: &[u8; 4], layout: &Layout) {
        self.points[winner] += cards.iter().map(|&c| layout.points[c as usize]).sum::<u8>();
        self.tricks[winner] += 1;
        for &c in cards {
            if bit(c) & layout.group_mask[TRUMP] != 0 {
                self.trumps[winner] += 1;
                self.top[winner] = self.top[winner].max(c + 1);
            }
        }
    }

    /// The state after `card` (a legal card of the player to move).
    pub fn after(&self, card: crate::cards::Card, layout: &Layout) -> State {
        let mut child = *self;
        child.play(layout.index(card), layout);
        child
    }

    #[inline]
    fn to_move(self) -> usize {
        (self.leader + self.trick_len) as usize % 4
    }

    fn play(&mut self, card: u8, layout: &Layout) {
        let complete = lay(
            &mut self.hands,
            &mut self.trick,
            &mut self.trick_len,
            &mut self.win,
            card,
            layout,
        );
        if complete {
            let winner = (self.leader + self.win) as usize % 4;
            let cards = self.trick;
            self.take(winner, &cards, layout);
            self.leader = winner as u8;
            self.trick_len = 0;
            self.win = 0;
        }
    }

    fn remaining(&self) -> u32 {
        self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
    }

    /// The table key: the canonical hands ([`Canon`]: which of several cards of equal
    /// worth are gone does not matter), leader, "me" and the parts of every seat's tally that can
    /// still decide the ending. Under `more_tricks` ties read the tricks, the trumps taken
    /// and the highest trump taken; otherwise of the tricks only whether a seat has one
    /// counts (a Jungfrau; a Durchmarsch is one seat having all of them, so the same).
    fn key(&self, me: usize, tally_ties: bool, canon: &Canon) -> (u128, u128) {
        let [left, low, high] = canon.key(&self.hands);
        let hands = left as u128 | (low as u128) << 32 | (high as u128) << 64;
        let mut rest = (self.leader as u128) | (me as u128) << 2;
        for i in 0..4 {
            let mut seat = self.points[i] as u128;
            if tally_ties {
                seat |= (self.tricks[i] as u128) << 7
                    | (self.trumps[i] as u128) << 11
                    | (self.top[i] as u128) << 16;
            } else {
                seat |= ((self.tricks[i] > 0) as u128) << 7;
            }
            rest |= seat << (4 + 24 * i);
        }
        (hands, rest)
    }
}

/// The cards to try at a node, at most one hand's worth.
struct Moves {
    cards: [u8; 8],
    len: usize,
}

/// A multiplicative hash for the table's keys, which are well spread already.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u128(&mut self, v: u128) {
        let folded = (v as u64) ^ ((v >> 64) as u64).rotate_left(29);
        self.0 = (self.0 ^ folded).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 ^= self.0 >> 31;
    }
}

/// What the table keeps of a position: bounds (lower, upper) in units, and the card that
/// decided it last (tried first when the position comes again).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Entry {
    lower: i32,
    upper: i32,
    best: u8,
}

/// The table, by position and tally.
pub(crate) type Table = HashMap<(u128, u128), Entry, BuildHasherDefault<KeyHasher>>;

/// Whether "me" can see every other seat take a trick, by position and who has one.
pub(crate) type TricksTable = HashMap<(u128, u128), bool, BuildHasherDefault<KeyHasher>>;

/// The least "me" is paid where every other seat ends with a trick: losing, he pays each one
/// price (nobody doubles it as a Jungfrau); another's Durchmarsch is impossible then (under
/// `at_least` it costs him 1), and escaping pays him at least 1.
const ALL_TAKE_A_TRICK: i32 = -3;

/// Per seat and card, how often the card cut a search off, weighted by the cards left
/// (the history heuristic, Schaeffer 1989).
pub(crate) type History = [[u32; 32]; 4];

/// Bytes one table entry takes, about (key, bounds and the map's own overhead).
pub(crate) const ENTRY_BYTES: usize = 48;

pub(crate) struct Search<'a> {
    pub layout: &'a Layout,
    /// Canonical hands for the table: every plain suit's runs, and the trumps' too where
    /// the trumps taken decide no tie (under `more_tricks` a trump's own rank can).
    pub canon: &'a Canon,
    pub options: &'a Options,
    /// The seat whose settlement is the value.
    pub me: usize,
    /// The highest trump each seat was dealt (all are played by the end), index + 1.
    pub top_played: [u8; 4],
    pub table: &'a mut Table,
    /// Canonical hands by tricks alone (every group one run), for [`Search::all_take_a_trick`].
    pub trick_canon: &'a Canon,
    /// [`Search::all_take_a_trick`]'s answers at trick boundaries.
    pub tricks_table: &'a mut TricksTable,
    pub history: &'a mut History,
    pub max_entries: usize,
    pub nodes: &'a mut u64,
    pub node_limit: u64,
    pub aborted: &'a mut bool,
    /// The flag that cancels the search ([`cancelled`]).
    pub cancel: Option<&'a std::sync::atomic::AtomicBool>,
}

impl Search<'_> {
    /// The seat whose tricks count for seat `seat`: itself, but in a Schieberamsch the
    /// seat on its right (whose tricks are passed on to it).
    fn taker(&self, seat: usize) -> usize {
        ramsch_taker(self.options.ramsch_form, seat)
    }

    /// Whether the tie rules read the trumps taken (else the table leaves them out).
    fn tally_ties(&self) -> bool {
        self.options.ramsch_tie == RamschTie::MoreTricks
    }

    /// "Me"'s settlement once every card is played.
    fn settled(&self, s: &State) -> i32 {
        let tally = RamschTally {
            points: s.points.map(u32::from),
            tricks: s.tricks.map(u32::from),
            trumps_taken: s.trumps.map(u32::from),
            top_taken: s.top,
            top_played: self.top_played,
        };
        ramsch_decided(self.options, &tally).units[self.me] as i32
    }

    /// The lowest and the highest settlement of "me" still possible (RULES.md section 6):
    /// - a Durchmarsch (all tricks) only for a seat that took every trick so far, or (at
    ///   least N points) for a seat that can still reach N; it is sure once a seat has N;
    /// - without one, "me" may still lose unless another seat has more points than "me"
    ///   can reach, and may still escape unless he has more than anyone else can reach;
    /// - every payment grows with the seats left without a trick, so the extremes are
    ///   none of them and all that have none yet.
    ///
    /// In a Schieberamsch the same holds of the tallies as passed on: each seat's tally
    /// grows by the tricks the seat on its right takes, so the seat's tally, and whether
    /// it is sure to grow, are that seat's ([`Search::taker`]).
    fn bounds(&self, s: &State) -> (i32, i32) {
        use crate::options::{Durchmarsch, RamschForm};
        if self.options.ramsch_form == RamschForm::TwoHighestPay {
            // Two payers: each pays (or is paid) at most two shares, a Durchmarsch 3 or -1;
            // the proofs below are for one loser, so only the plain range is claimed.
            let rule = self.options.jungfrau;
            let most = jungfrau_share(rule, true, 3).max(jungfrau_share(rule, false, 3));
            return (-2 * most, (2 * most).max(3));
        }
        let me = self.me;
        let taken_sure = self.sure_tricks(s);
        let points: [u8; 4] = std::array::from_fn(|i| s.points[self.taker(i)]);
        let tricks: [u8; 4] = std::array::from_fn(|i| s.tricks[self.taker(i)]);
        let sure: [bool; 4] = std::array::from_fn(|i| taken_sure[self.taker(i)]);
        let taken: u32 = points.iter().map(|&p| p as u32).sum();
        let left = 120 - taken;
        let tricks_taken: u8 = tricks.iter().sum();
        let (mut lo, mut hi) = (INF, -INF);
        let mut add = |v: i32| {
            lo = lo.min(v);
            hi = hi.max(v);
        };
        let mut sure_durchmarsch = false;
        for x in 0..4 {
            let possible = match self.options.durchmarsch {
                Durchmarsch::AllTricks => {
                    tricks[x] == tricks_taken && (0..4).all(|i| i == x || !sure[i])
                }
                Durchmarsch::AtLeast => {
                    let n = self.options.durchmarsch_points() as u32;
                    sure_durchmarsch |= points[x] as u32 >= n;
                    points[x] as u32 + left >= n
                }
                Durchmarsch::None => false,
            };
            if possible {
                add(if x == me { 3 } else { -1 });
            }
        }
        if !sure_durchmarsch {
            let mine = points[me] as u32;
            let others = (0..4).filter(|&i| i != me);
            let passed = others.clone().any(|i| points[i] as u32 > mine + left);
            let ahead = others.clone().all(|i| mine > points[i] as u32 + left);
            // Seats without a trick so far may end without one; each trick still to play
            // gives one of them at most its first, so some stay without one when they
            // outnumber the tricks left.
            let tricks_left = ((s.remaining().count_ones() + s.trick_len as u32) / 4) as i32;
            let virgin = |i: usize| tricks[i] == 0 && !sure[i];
            let virgins = (0..4).filter(|&i| virgin(i)).count() as i32;
            let share = |is_virgin: bool, n: i32| -> i32 {
                jungfrau_share(self.options.jungfrau, is_virgin, n as u32)
            };
            // What a loser pays with `j` of the other three without a trick.
            let pays = |j: i32| -> i32 { share(true, j) * j + share(false, j) * (3 - j) };
            // "Me" loses only with a trick of his own: one of the tricks left if he has none.
            let loses_possible = !passed && (tricks_left > 0 || !virgin(me));
            if loses_possible {
                let others_virgin = virgins - virgin(me) as i32;
                let spare = tricks_left - virgin(me) as i32;
                let fewest = (others_virgin - spare).max(0);
                add(-pays(others_virgin));
                add(-pays(fewest));
            }
            if !ahead {
                let fewest = (virgins - tricks_left).max(0);
                add(share(virgin(me), virgins));
                add(share(virgin(me) && tricks_left == 0, fewest));
            }
        }
        (lo, hi)
    }

    /// Per seat, whether it will take a trick from here on whatever anyone plays (asked at
    /// trick boundaries only): it holds more trumps than the others hold trumps above its
    /// lowest. A trump of his loses a trick only to a higher one played to the same trick,
    /// each such trump beats at most one of his, and every card is played by the end.
    /// (The holder of the highest trump is the case of none above.)
    fn sure_tricks(&self, s: &State) -> [bool; 4] {
        let mut sure = [false; 4];
        if s.trick_len != 0 {
            return sure;
        }
        let trumps = self.layout.group_mask[TRUMP];
        for (i, sure) in sure.iter_mut().enumerate() {
            let mine = s.hands[i] & trumps;
            if mine == 0 {
                continue;
            }
            let lowest = mine & mine.wrapping_neg();
            let above = !(lowest | (lowest - 1));
            let theirs = (s.remaining() & !s.hands[i]) & trumps & above;
            *sure = mine.count_ones() > theirs.count_ones();
        }
        sure
    }

    /// The legal cards, one of each set of equivalent ones: neighbours in one suit of one
    /// hand with no card left between them (any card of the trick counts as left) that
    /// `alike` says are worth the same play alike.
    fn representatives(&self, s: &State, alike: impl Fn(u8, u8) -> bool) -> Moves {
        let seat = s.to_move();
        let hand = s.hands[seat];
        let open = (s.trick_len > 0).then(|| (s.trick[0], s.trick[s.win as usize]));
        let legal = self
            .layout
            .legal(crate::seat::Seat::wrapping(seat as u8), hand, open, false);
        let mut present = s.remaining();
        for &c in &s.trick[..s.trick_len as usize] {
            present |= bit(c);
        }
        let mut out = Moves {
            cards: [0; 8],
            len: 0,
        };
        let mut last: Option<u8> = None;
        for c in bits(legal) {
            let same = last.is_some_and(|p| {
                // The cards strictly between p and c (p below c).
                let between = (bit(c) - 1) & !(bit(p) | (bit(p) - 1));
                self.layout.group_of(c) == self.layout.group_of(p)
                    && present & between == 0
                    && alike(p, c)
            });
            last = Some(c);
            if !same {
                out.cards[out.len] = c;
                out.len += 1;
            }
        }
        out
    }

    /// The cards to try, in order: one of each set of equivalent ones, where equal points
    /// make neighbours alike (trumps only under `highest_trump_played`, where the trumps
    /// taken decide no tie); the table's card first.
    fn moves(&self, s: &State, first: Option<u8>) -> Moves {
        let merge_trumps = !self.tally_ties();
        let points = &self.layout.points;
        let trumps = self.layout.group_mask[TRUMP];
        let mut out = self.representatives(s, |p, c| {
            points[p as usize] == points[c as usize] && (merge_trumps || bit(c) & trumps == 0)
        });
        let cards = &mut out.cards[..out.len];
        self.order(s, cards);
        if let Some(i) = first.and_then(|f| cards.iter().position(|&c| c == f)) {
            cards[..=i].rotate_right(1);
        }
        out
    }

    /// "Me" sheds points onto tricks he does not take and takes his tricks cheaply; the
    /// others feed points to a trick "me" takes and keep them off their own. In a
    /// Schieberamsch the seat fed is the one whose tricks count for "me" (the seat on his
    /// right), and "me" keeps points off its tricks and puts them on the others'.
    fn order(&self, s: &State, cards: &mut [u8]) {
        let seat = s.to_move();
        let layout = self.layout;
        let best =
            (s.trick_len > 0).then(|| (s.trick[s.win as usize], (s.leader + s.win) as usize % 4));
        let target = self.taker(self.me);
        let target_hand = s.hands[target];
        let key = |c: u8| -> i32 {
            let points = layout.points[c as usize] as i32;
            let beats = best.is_none_or(|(b, _)| layout.beats(c, b));
            match (seat == self.me, best) {
                // "Me" leads: a card someone can beat first, the most points with it.
                (true, None) => c as i32,
                (true, Some(_)) if target == self.me && !beats => -100 - points,
                (true, Some(_)) if target == self.me => points,
                // Passed on: the trick's winner after this card decides where points go.
                (true, Some((_, w))) => {
                    let winner = if beats { seat } else { w };
                    if winner == target {
                        points
                    } else {
                        -100 - points
                    }
                }
                // The others lead what the fed seat must follow with higher cards only.
                (false, None) => {
                    let follow = target_hand & layout.group_of(c);
                    if follow != 0 && follow & !layout.beaters[c as usize] == 0 {
                        -100 - points
                    } else {
                        points
                    }
                }
                (false, Some((_, w))) if w == target && !beats => -100 - points,
                (false, Some(_)) if !beats => points - 50,
                (false, Some(_)) => points,
            }
        };
        let history = &self.history[seat];
        let mut keyed = [(0i32, 0u32, 0u8); 8];
        for (k, &c) in keyed.iter_mut().zip(cards.iter()) {
            *k = (key(c), u32::MAX - history[c as usize], c);
        }
        let keyed = &mut keyed[..cards.len()];
        keyed.sort_unstable();
        for (c, k) in cards.iter_mut().zip(keyed.iter()) {
            *c = k.2;
        }
    }

    /// The settlement of "me" within the window (alpha, beta), fail-soft: a value at or
    /// below alpha is an upper bound, at or above beta a lower bound.
    pub fn search(&mut self, s: &State, alpha: i32, beta: i32) -> i32 {
        let range = self.bounds(s);
        self.search_within(s, alpha, beta, range)
    }

    /// [`Search::search`] given the bounds of the tally, which stay the same within a
    /// trick (the tally changes only as a trick completes), so they are worked out at trick
    /// boundaries only.
    fn search_within(
        &mut self,
        s: &State,
        mut alpha: i32,
        mut beta: i32,
        range: (i32, i32),
    ) -> i32 {
        if *self.aborted {
            return 0;
        }
        *self.nodes += 1;
        if *self.nodes >= self.node_limit || cancelled(self.cancel, *self.nodes) {
            *self.aborted = true;
            return 0;
        }
        if s.hands.iter().all(|&h| h == 0) && s.trick_len == 0 {
            return self.settled(s);
        }
        let boundary = s.trick_len == 0;
        let range = if boundary { self.bounds(s) } else { range };
        let (mut lo, mut hi) = range;
        let key = boundary.then(|| s.key(self.me, self.tally_ties(), self.canon));
        let mut first = None;
        if let Some(k) = &key {
            if let Some(e) = self.table.get(k) {
                lo = lo.max(e.lower);
                hi = hi.min(e.upper);
                first = Some(e.best);
            }
        }
        // Asked whether he reaches -3 or less (what a loser pays where nobody doubles it):
        // that he can make every other seat take a trick is enough, and it is a question of
        // tricks alone, far cheaper than the settlement's. Asked with four tricks or more to
        // go: later the settlement's own search is as cheap (PERFORMANCE.md, "Ramsch
        // settlements").
        if boundary
            && s.remaining().count_ones() >= 16
            && beta <= ALL_TAKE_A_TRICK
            && lo < ALL_TAKE_A_TRICK
            && hi >= ALL_TAKE_A_TRICK
        {
            if self.all_take_a_trick(s) {
                lo = ALL_TAKE_A_TRICK;
            }
            if *self.aborted {
                return 0;
            }
        }
        if lo >= hi {
            return lo;
        }
        if lo >= beta {
            return lo;
        }
        if hi <= alpha {
            return hi;
        }
        alpha = alpha.max(lo - 1);
        beta = beta.min(hi + 1);
        let (alpha0, beta0) = (alpha, beta);
        let maximizing = s.to_move() == self.me;
        let mut best = if maximizing { -INF } else { INF };
        let mut best_card = 0;
        let seat = s.to_move();
        let moves = self.moves(s, first);
        for &card in &moves.cards[..moves.len] {
            let mut child = *s;
            child.play(card, self.layout);
            let v = self.search_within(&child, alpha, beta, range);
            let better = if maximizing { v > best } else { v < best };
            if better {
                best = v;
                best_card = card;
            }
            if maximizing {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                let left = s.remaining().count_ones();
                self.history[seat][card as usize] += left * left;
                break;
            }
        }
        if *self.aborted {
            return 0;
        }
        let best = best.clamp(lo, hi);
        if let Some(k) = key {
            // What the window proved: an upper bound below it, a lower one above it, the
            // value within it.
            let (mut nlo, mut nhi) = (lo, hi);
            if best <= alpha0 {
                nhi = nhi.min(best);
            } else if best >= beta0 {
                nlo = nlo.max(best);
            } else {
                nlo = best;
                nhi = best;
            }
            if self.table.len() >= self.max_entries {
                self.table.clear();
            }
            self.table.insert(
                k,
                Entry {
                    lower: nlo,
                    upper: nhi,
                    best: best_card,
                },
            );
        }
        best
    }

    /// Whether "me" can make every other seat take at least one trick, whatever they do
    /// (they play to keep one of them without). Tricks alone decide it, so positions that
    /// differ in which cards of a suit are gone, or in points, share an answer. In a
    /// Schieberamsch the tricks that count for the other seats are those of every seat but
    /// the one on "me"'s right, so those must each take one.
    fn all_take_a_trick(&mut self, s: &State) -> bool {
        if *self.aborted {
            return false;
        }
        *self.nodes += 1;
        if *self.nodes >= self.node_limit || cancelled(self.cancel, *self.nodes) {
            *self.aborted = true;
            return false;
        }
        let me = self.me;
        // The seat whose tricks count for "me": it need not take one.
        let own = self.taker(me);
        let boundary = s.trick_len == 0;
        let sure = self.sure_tricks(s);
        let lacking = (0..4)
            .filter(|&i| i != own && s.tricks[i] == 0 && !sure[i])
            .count() as u32;
        if lacking == 0 {
            return true;
        }
        let tricks_left = (s.remaining().count_ones() + s.trick_len as u32) / 4;
        if lacking > tricks_left {
            return false;
        }
        let key = boundary.then(|| {
            let [left, low, high] = self.trick_canon.key(&s.hands);
            let hands = left as u128 | (low as u128) << 32 | (high as u128) << 64;
            let has = (0..4).fold(0u128, |m, i| m | ((s.tricks[i] > 0) as u128) << i);
            (hands, s.leader as u128 | (me as u128) << 2 | has << 4)
        });
        if let Some(k) = &key {
            if let Some(&answer) = self.tricks_table.get(k) {
                return answer;
            }
        }
        let seat = s.to_move();
        // Where only tricks count, neighbours of a suit are alike whatever their points.
        let mut moves = self.representatives(s, |_, _| true);
        let n = moves.len;
        let cards = &mut moves.cards;
        // "Me" ducks, leaving the trick to a seat without one; the others beat such a
        // seat's card, highest first, and else duck.
        let best =
            (s.trick_len > 0).then(|| (s.trick[s.win as usize], (s.leader + s.win) as usize % 4));
        let virgin_wins = best.is_some_and(|(_, w)| w != own && s.tricks[w] == 0);
        cards[..n].sort_by_key(|&c| {
            let beats = best.is_some_and(|(b, _)| self.layout.beats(c, b));
            if seat == me {
                (beats as u8, c)
            } else if virgin_wins {
                (!beats as u8, u8::MAX - c)
            } else {
                (beats as u8, c)
            }
        });
        let maximizing = seat == me;
        let mut answer = !maximizing;
        for &card in &cards[..n] {
            let mut child = *s;
            child.play(card, self.layout);
            if self.all_take_a_trick(&child) == maximizing {
                answer = maximizing;
                break;
            }
        }
        if *self.aborted {
            return false;
        }
        if let Some(k) = key {
            if self.tricks_table.len() >= self.max_entries {
                self.tricks_table.clear();
            }
            self.tricks_table.insert(k, answer);
        }
        answer
    }

    /// The exact settlement of "me" in units, from zero-window tests (MTD(f), Plaat et
    /// al. 1996): each fail-soft answer moves one bound. The first asks whether "me"
    /// escapes paying (at least 1), the question that mostly decides a Ramsch.
    pub fn exact(&mut self, s: &State) -> i32 {
        let (mut lower, mut upper) = self.bounds(s);
        if s.hands.iter().all(|&h| h == 0) && s.trick_len == 0 {
            return self.settled(s);
        }
        let mut g = 1.clamp(lower, upper);
        while lower < upper && !*self.aborted {
            let beta = if g == lower { g + 1 } else { g };
            g = self.search(s, beta - 1, beta);
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
        }
        lower
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::Contract;

    /// Runs `f` on a search of a long-deck Ramsch under default rules, for seat 0.
    fn with_search(f: impl FnOnce(&Search, &Layout)) {
        let layout = Layout::of_contract(Contract::Ramsch);
        let canon = Canon::new(&layout, crate::contract::Measure::Points);
        let options = Options::default();
        let trick_canon = Canon::new(&layout, crate::contract::Measure::Tricks);
        let (mut table, mut history, mut nodes, mut aborted) =
            (Table::default(), [[0; 32]; 4], 0, false);
        let mut tricks_table = TricksTable::default();
        let search = Search {
            layout: &layout,
            canon: &canon,
            trick_canon: &trick_canon,
            tricks_table: &mut tricks_table,
            options: &options,
            me: 0,
            top_played: [0; 4],
            table: &mut table,
            history: &mut history,
            max_entries: 1 << 16,
            nodes: &mut nodes,
            node_limit: u64::MAX,
            aborted: &mut aborted,
            cancel: None,
        };
        f(&search, &layout);
    }

    fn state(layout: &Layout, hands: [&str; 4]) -> State {
        State {
            hands: layout.hands(hands),
            trick: [0; 4],
            trick_len: 0,
            win: 0,
            leader: 0,
            points: [0; 4],
            tricks: [0; 4],
            trumps: [0; 4],
            top: [0; 4],
        }
    }

    #[test]
    fn a_seat_with_more_trumps_than_the_others_hold_above_his_lowest_takes_a_trick() {
        with_search(|search, layout| {
            // Seat 0 holds the top trump: sure. Seat 1 holds GO and H8, and the others hold
            // three trumps above H8 (EO, HZ, H9): not sure; nor seat 2 (H7) nor seat 3 (HZ H9
            // against EO and GO above H9).
            let s = state(layout, ["EO EA", "GO H8", "H7 GA", "HZ H9"]);
            assert_eq!(search.sure_tricks(&s), [true, false, false, false]);
            let s = state(layout, ["EO EA", "GO HA", "H7 GA", "E7 G7"]);
            // Seat 1: GO and HA; above HA the others hold EO only: 2 > 1.
            assert_eq!(search.sure_tricks(&s), [true, true, false, false]);
        });
    }

    #[test]
    fn bounds_know_a_loser_and_a_seat_passed_for_sure() {
        with_search(|search, layout| {
            // Two tricks left worth 6 (GO and SO): seat 1 has 80, more than seat 0 can reach,
            // so seat 0 does not lose, and with every seat holding a trick he is paid 1.
            let mut s = state(layout, ["E7 E8", "G7 G8", "S7 S8", "GO SO"]);
            s.points = [10, 80, 24, 0];
            s.tricks = [1, 3, 1, 1];
            assert_eq!(search.bounds(&s), (1, 1));
            // Seat 0 has 70: nobody else can reach it, so he loses. Seat 3 has no trick yet
            // and may stay without one (he pays him double then): -4 to -3; holding the top
            // trump he surely takes one: -3.
            s.points = [70, 26, 18, 0];
            s.tricks = [3, 2, 1, 0];
            let mut s2 = s;
            s2.hands = layout.hands(["E7 E8", "G7 G8", "GO SO", "S7 S8"]);
            assert_eq!(search.bounds(&s2), (-4, -3));
            assert_eq!(search.bounds(&s), (-3, -3));
        });
    }
}
