//! What can still happen to "me" (RULES.md section 6), read off the tallies and the cards
//! left without search: the ways the hand can end for him (he loses, he escapes, a
//! Durchmarsch of his or of another), each with the settlements it can still bring. Their
//! union bounds every search; the cheap questions ([`super::points`], [`super::tricks`])
//! rule ways out, and what is left bounds it tighter.

use super::super::layout::TRUMP;
use super::{SettlementContext, State, INF};
use crate::options::{Durchmarsch, RamschForm};
use crate::seat::Seat;
use crate::settle::jungfrau_share;

/// The ways a Ramsch can still end for "me", in units.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Outcomes {
    /// He may still lose (in `two_highest_pay`: be one of the two who pay), paying between
    /// these (both negative).
    pub loses: Option<(i32, i32)>,
    /// He may still escape, paid between these.
    pub escapes: Option<(i32, i32)>,
    /// He may still make a Durchmarsch (paid 3).
    pub mine: bool,
    /// Another seat may still make one (he pays 1).
    pub theirs: bool,
}

impl Outcomes {
    /// The least and the most he can still be paid (`(INF, -INF)` where nothing can
    /// happen, which no position reaches).
    pub fn range(&self) -> (i32, i32) {
        let mut r = (INF, -INF);
        let mut add = |lo: i32, hi: i32| {
            r = (r.0.min(lo), r.1.max(hi));
        };
        if let Some((lo, hi)) = self.loses {
            add(lo, hi);
        }
        if let Some((lo, hi)) = self.escapes {
            add(lo, hi);
        }
        if self.mine {
            add(3, 3);
        }
        if self.theirs {
            add(-1, -1);
        }
        r
    }

    /// The least he is paid once it is known that he does not lose.
    pub fn least_unless_losing(&self) -> i32 {
        Outcomes {
            loses: None,
            ..*self
        }
        .range()
        .0
    }

    /// The most he is paid once it is known that he loses or makes a Durchmarsch
    /// (`theirs`: whether another's Durchmarsch stays possible with that).
    pub fn most_unless_escaping(&self, theirs: bool) -> i32 {
        Outcomes {
            escapes: None,
            theirs: self.theirs && theirs,
            ..*self
        }
        .range()
        .1
    }

    /// What is left once it is known that every seat, "me" too, takes a trick: no Jungfrau
    /// doubles anything (a loser pays, and one who escapes is paid, a plain share each)
    /// and only a Durchmarsch by points stays possible.
    pub fn if_all_take_one(&self, cx: &SettlementContext) -> Outcomes {
        let durchmarsch_by_points = cx.options.durchmarsch == Durchmarsch::AtLeast;
        // A plain payment `v`, where it is within what was still possible.
        let plain = |range: Option<(i32, i32)>, v: i32| {
            range.filter(|&(lo, hi)| lo <= v && v <= hi).map(|_| (v, v))
        };
        Outcomes {
            loses: plain(self.loses, -payers_share(cx, 0)),
            escapes: plain(self.escapes, paid_share(cx, 0)),
            mine: self.mine && durchmarsch_by_points,
            theirs: self.theirs && durchmarsch_by_points,
        }
    }

    /// The least he is paid once it is known that at most one seat of those whose missing
    /// trick doubles what he pays ([`SettlementContext::doubling_seats`]) ends without a
    /// trick: losing, he pays that seat a doubled share and the others a plain one (4
    /// under the default rules, 6 where everything doubles; where the two highest pay, 3
    /// and 4), and only a Durchmarsch by points stays possible.
    pub fn least_if_one_takes_none(&self, cx: &SettlementContext) -> i32 {
        let rule = cx.options.jungfrau;
        let pays =
            jungfrau_share(rule, true, 1) + (payees(cx) - 1) * jungfrau_share(rule, false, 1);
        let durchmarsch_by_points = cx.options.durchmarsch == Durchmarsch::AtLeast;
        Outcomes {
            loses: self.loses.map(|(lo, hi)| (lo.max(-pays), hi)),
            escapes: self.escapes,
            mine: self.mine && durchmarsch_by_points,
            theirs: self.theirs && durchmarsch_by_points,
        }
        .range()
        .0
    }
}

/// How many seats a payer pays: the three others where the loser alone pays, the two
/// others where the two highest pay.
fn payees(cx: &SettlementContext) -> i32 {
    match cx.options.ramsch_form {
        RamschForm::TwoHighestPay => 2,
        RamschForm::LoserPays | RamschForm::Schieberamsch => 3,
    }
}

/// What a loser pays where no seat is a Jungfrau: one share to each of the others, two
/// payers one to each of the two others.
fn payers_share(cx: &SettlementContext, virgins: u32) -> i32 {
    payees(cx) * jungfrau_share(cx.options.jungfrau, false, virgins)
}

/// What a seat that escapes is paid where it took a trick: one share (two under
/// `two_highest_pay`).
fn paid_share(cx: &SettlementContext, virgins: u32) -> i32 {
    let share = jungfrau_share(cx.options.jungfrau, false, virgins);
    match cx.options.ramsch_form {
        RamschForm::TwoHighestPay => 2 * share,
        RamschForm::LoserPays | RamschForm::Schieberamsch => share,
    }
}

/// The tallies as they count for each seat: in a Schieberamsch a seat's are those of the
/// seat on its right ([`SettlementContext::taker`]); the tricks sure to come likewise.
pub(crate) struct Counted {
    pub points: [u8; 4],
    pub tricks: [u8; 4],
    pub sure: [bool; 4],
}

impl Counted {
    pub fn of(cx: &SettlementContext, s: &State) -> Counted {
        let sure = sure_tricks(cx, s);
        let from = |i: usize| cx.taker(Seat::wrapping(i as u8)).index();
        Counted {
            points: std::array::from_fn(|i| s.points[from(i)]),
            tricks: std::array::from_fn(|i| s.tricks[from(i)]),
            sure: std::array::from_fn(|i| sure[from(i)]),
        }
    }

    /// Whether the seat may end without a trick.
    fn virgin(&self, i: usize) -> bool {
        self.tricks[i] == 0 && !self.sure[i]
    }
}

/// The ways the hand can still end for "me" (RULES.md section 6):
/// - a Durchmarsch (all tricks) only for a seat that took every trick so far, holds the
///   highest trump left ([`top_trump_holders`]) and none of the others is sure to take
///   one, or (at least N points) for a seat that can still
///   reach N; it is sure once a seat has N;
/// - without one, "me" may still lose unless another seat has more points than "me" can
///   reach (two others under `two_highest_pay`), and may still escape unless he has more
///   than anyone else can reach (than all but one);
/// - every payment grows with the seats left without a trick, so the extremes are none of
///   them and all that have none yet.
///
/// In a Schieberamsch the same holds of the tallies as passed on ([`Counted`]).
pub(crate) fn outcomes(cx: &SettlementContext, s: &State) -> Outcomes {
    let me = cx.me.index();
    let c = Counted::of(cx, s);
    let taken: u32 = c.points.iter().map(|&p| p as u32).sum();
    let left = 120 - taken;
    let tricks_taken: u8 = c.tricks.iter().sum();
    let mut out = Outcomes {
        loses: None,
        escapes: None,
        mine: false,
        theirs: false,
    };
    let mut sure_durchmarsch = false;
    let holds_top = top_trump_holders(cx, s);
    for (x, holds_top) in holds_top.into_iter().enumerate() {
        let possible = match cx.options.durchmarsch {
            Durchmarsch::AllTricks => {
                c.tricks[x] == tricks_taken && holds_top && (0..4).all(|i| i == x || !c.sure[i])
            }
            Durchmarsch::AtLeast => {
                let n = cx.options.durchmarsch_points() as u32;
                sure_durchmarsch |= c.points[x] as u32 >= n;
                c.points[x] as u32 + left >= n
            }
            Durchmarsch::None => false,
        };
        if x == me {
            out.mine |= possible;
        } else {
            out.theirs |= possible;
        }
    }
    if sure_durchmarsch {
        return out;
    }
    let mine = c.points[me] as u32;
    let others = (0..4).filter(|&i| i != me);
    let above = others
        .clone()
        .filter(|&i| c.points[i] as u32 > mine + left)
        .count();
    let below = others
        .clone()
        .filter(|&i| mine > c.points[i] as u32 + left)
        .count();
    // Seats without a trick so far may end without one; each trick still to play gives one
    // of them at most its first, so some stay without one when they outnumber the tricks
    // left. Someone takes each trick, so at most three end without one; at most two where
    // a seat taking every trick makes a Durchmarsch (then nobody loses or escapes).
    let tricks_left = s.tricks_left() as i32;
    let virgins = (0..4).filter(|&i| c.virgin(i)).count() as i32;
    let cap = match cx.options.durchmarsch {
        Durchmarsch::None => 3,
        Durchmarsch::AllTricks | Durchmarsch::AtLeast => 2,
    };
    let most = virgins.min(cap);
    let fewest = (virgins - tricks_left).max(0);
    let share = |is_virgin: bool, n: i32| -> i32 {
        jungfrau_share(cx.options.jungfrau, is_virgin, n as u32)
    };
    if cx.options.ramsch_form == RamschForm::TwoHighestPay {
        // Two payers, each paying the two others a share, doubled as the Jungfrau rule
        // says: the most with `n` seats without a trick where as many of them as can be
        // are payees, the least where none is.
        let dearest = |n: i32| {
            let k = n.min(2);
            k * share(true, n) + (2 - k) * share(false, n)
        };
        if above < 2 {
            out.loses = Some((-dearest(most), -payers_share(cx, fewest as u32)));
        }
        if below < 2 {
            let virgin = c.virgin(me);
            out.escapes = Some((paid_share(cx, fewest as u32), 2 * share(virgin, most)));
        }
        return out;
    }
    // What a loser pays with `j` of the other three without a trick.
    let pays = |j: i32| -> i32 { share(true, j) * j + share(false, j) * (3 - j) };
    // "Me" loses only with a trick of his own: one of the tricks left if he has none.
    if above == 0 && (tricks_left > 0 || !c.virgin(me)) {
        let others_virgin = virgins - c.virgin(me) as i32;
        let spare = tricks_left - c.virgin(me) as i32;
        let fewest_others = (others_virgin - spare).max(0);
        out.loses = Some((-pays(others_virgin.min(cap)), -pays(fewest_others)));
    }
    if below < 3 {
        let (a, b) = (
            share(c.virgin(me), most),
            share(c.virgin(me) && tricks_left == 0, fewest),
        );
        out.escapes = Some((a.min(b), a.max(b)));
    }
    out
}

/// Per seat, whether the seat whose tricks count for it may still take every trick left
/// as far as the trumps say: at a trick boundary only the holder of the highest trump left
/// (or anyone, where none is left), since that trump takes the trick it is played to, and
/// every card is played by the end. (Within a trick every seat may.)
fn top_trump_holders(cx: &SettlementContext, s: &State) -> [bool; 4] {
    let trumps = s.remaining() & cx.layout.group_mask[TRUMP];
    if s.pos.trick_len != 0 || trumps == 0 {
        return [true; 4];
    }
    let top = 1u32 << (31 - trumps.leading_zeros());
    std::array::from_fn(|i| {
        let taker = cx.taker(Seat::wrapping(i as u8)).index();
        s.pos.hands[taker] & top != 0
    })
}

/// Per seat, whether it will take a trick from here on whatever anyone plays (asked at
/// trick boundaries only): it holds more trumps than the others hold trumps above its
/// lowest. A trump of his loses a trick only to a higher one played to the same trick,
/// each such trump beats at most one of his, and every card is played by the end. (The
/// holder of the highest trump is the case of none above.)
pub(crate) fn sure_tricks(cx: &SettlementContext, s: &State) -> [bool; 4] {
    let mut sure = [false; 4];
    if s.pos.trick_len != 0 {
        return sure;
    }
    let trumps = cx.layout.group_mask[TRUMP];
    let remaining = s.remaining();
    for (i, sure) in sure.iter_mut().enumerate() {
        let mine = s.pos.hands[i] & trumps;
        if mine == 0 {
            continue;
        }
        let lowest = mine & mine.wrapping_neg();
        let above = !(lowest | (lowest - 1));
        let theirs = (remaining & !s.pos.hands[i]) & trumps & above;
        *sure = mine.count_ones() > theirs.count_ones();
    }
    sure
}
