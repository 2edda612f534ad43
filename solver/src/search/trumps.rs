//! Trick bounds from the trumps (DDS's `QuickTricks.cpp` and `LaterTricks.cpp`, for card
//! points): the leader's quick tricks, every seat's sure trumps, a lone declarer's forcing
//! lead; [`trick_bounds`] asks them lazily, each while the ones before leave `t` open.

use super::context::Context;
use super::layout::{self, above_all, above_lowest};
use super::position::Position;
use super::Sides;
use crate::contract::Measure;
use crate::seat::{Seat, Seats};

/// The answer for `t` when the quick tricks or the sure trumps settle it, each bound
/// counted only while the ones before it leave `t` open: in the solos the lower bounds
/// settle nearly every answer either side settles. Where a lone counted player minimises
/// (Ramsch, Bettel) nobody takes quick tricks and the upper bound settles nearly all, so
/// his own sure trumps are not counted there. (A bound that settles may be less tight
/// than the best of all, so fail-soft answers move a little. Figures: `docs/performance-log.md`,
/// "What moved the numbers", "Trick bounds".)
#[inline]
pub(super) fn trick_bounds(cx: &Context, pos: &Position, t: u8) -> Option<u8> {
    let (lo, hi) = quick_tricks(cx, pos);
    if lo >= t {
        return Some(lo);
    }
    if cx.sides.lone_minimizer().is_none() {
        let lo = lo.max(sure_trumps(cx, pos, false));
        if lo >= t {
            return Some(lo);
        }
        if cx.sides == Sides::LoneDeclarer {
            let lo = lo.max(forcing_lead(cx, pos));
            if lo >= t {
                return Some(lo);
            }
        }
    }
    let hi = hi.min(sure_trumps(cx, pos, true));
    (hi < t).then_some(hi)
}

/// Quick tricks (DDS `QuickTricks.cpp`, for card points): the leader's unbroken run of
/// top trumps takes one trick each, and every other seat must follow to those tricks
/// with its lowest trumps at least. After the run his other trumps take tricks too, as
/// far as the other side's trumps left cannot beat them (all of them, and his plain
/// masters besides, once the run has drawn every other trump). A leader who wants
/// tricks thus secures those points: a lower bound when he is counted, an upper bound
/// when he is not.
fn quick_tricks(cx: &Context, pos: &Position) -> (u8, u8) {
    let still = cx.still(pos);
    let none = (pos.got, pos.got + still);
    let seat = pos.leader;
    if !cx.frame.wants_tricks(seat) {
        return none;
    }
    let counted = cx.frame.counted.contains(seat);
    let layout = &cx.layout;
    let trumps = layout.group_mask[layout::TRUMP];
    let left = pos.remaining() & trumps;
    let mine = pos.hands[pos.leader.index()] & trumps;
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
        .all(|(s, h)| s == pos.leader.index() || (h & trumps).count_ones() <= k);
    let others = mine & !run;
    if drawn {
        tricks += others.count_ones();
        secured += layout.points_of(others);
        let hand = pos.hands[pos.leader.index()];
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
        // without the run, for any seat: [`sure_trumps`].)
        let above = above_lowest(others);
        let mut contested = 0;
        for (s, h) in pos.hands.iter().enumerate() {
            if cx.frame.counted.contains(Seat::wrapping(s as u8)) != counted {
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
        if s == pos.leader.index() {
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
    let secured = match cx.frame.measure {
        Measure::Points | Measure::Settlement => secured as u8,
        Measure::Tricks => tricks as u8,
    };
    if counted {
        (pos.got + secured, pos.got + still)
    } else {
        (pos.got, pos.got + still - secured)
    }
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
/// the others'. (For tricks: the most tricks any one seat's trumps surely take.
/// Figures: `docs/performance-log.md`, "What moved the numbers", "Trick bounds".)
fn sure_trumps(cx: &Context, pos: &Position, upper: bool) -> u8 {
    let still = cx.still(pos);
    let trumps = cx.layout.group_mask[layout::TRUMP];
    let mut counted = 0u32;
    for (s, h) in pos.hands.iter().enumerate() {
        // All ones for a counted seat, else zero: no branch per seat.
        let mine = 0u32.wrapping_sub((cx.frame.counted.0 >> s) as u32 & 1);
        counted |= h & mine;
    }
    let counted = counted & trumps;
    let others = pos.remaining() & trumps & !counted;
    let seats = cx.frame.counted;
    if upper {
        pos.got + still - trumps_bring(cx, pos, seats.others(), others, counted)
    } else {
        pos.got + trumps_bring(cx, pos, seats, counted, others)
    }
}

/// A lone declarer on lead who leads his highest trump: every other hand holding a
/// trump must give one to that trick, a trump that then cannot beat one of his later
/// ([`sure_trumps`] counts each of them as beating one). The other side
/// either beats the lead (one hand spends its lowest trump above it, keeping its top;
/// the others their lowest), or lets it win (every hand holding trumps loses its
/// lowest); either way the sure trumps' contest counts the rest. The worse of the two
/// for him is his lower bound. (The other side's cards he takes are counted from their
/// whole hands, all the distinct cards they give to his tricks: this one's and the
/// later ones'. Figures: `docs/performance-log.md`, "What moved the numbers", "Trick
/// bounds".)
fn forcing_lead(cx: &Context, pos: &Position) -> u8 {
    let layout = &cx.layout;
    let d = pos.leader.index();
    let trumps = layout.group_mask[layout::TRUMP];
    let mine = pos.hands[d] & trumps;
    if mine == 0 || !cx.frame.counted.contains(pos.leader) {
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
        if cx.frame.measure == Measure::Tricks {
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
/// side's trumps `theirs` (see [`sure_trumps`]), in the frame's measure,
/// counted for the holder whose trumps surely take the most tricks.
#[inline]
fn trumps_bring(cx: &Context, pos: &Position, side: Seats, mine: u32, theirs: u32) -> u8 {
    if mine == 0 {
        return 0;
    }
    let layout = &cx.layout;
    let sure = above_all(mine, theirs);
    let (mut tricks, mut holder) = (0, 0);
    for (s, hand) in pos.hands.iter().enumerate() {
        // `mine` holds the side's trumps only: nothing for the other seats.
        let taken = trumps_taken(hand & mine, sure, theirs);
        if taken > tricks {
            (tricks, holder) = (taken, s);
        }
    }
    if cx.frame.measure == Measure::Tricks || tricks == 0 {
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

/// How many of the trumps `held` (one hand's) surely take a trick against the other side's
/// trumps `theirs`, `sure` being those above all of theirs: each of their trumps above his
/// lowest can beat one of his, at most (it falls in one trick), and none beats a sure one.
/// (The count of [`sure_trumps`], shared with [`forcing_lead`].)
#[inline]
fn trumps_taken(held: u32, sure: u32, theirs: u32) -> u32 {
    let contested = (theirs & above_lowest(held)).count_ones();
    held.count_ones() - contested.min((held & !sure).count_ones())
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{
        context, contexts, leading, minimax, random_position, solo_of_seat_0,
    };
    use super::*;
    use crate::cards::Suit;
    use crate::contract::Solo;
    use crate::deal::Rng;

    #[test]
    fn the_leaders_run_draws_the_trumps_and_his_masters_follow() {
        // A Herz solo: seat 0 leads with EO and GO over every other trump (SO, H7), and EA
        // above every Eichel. His run of two draws both; then EA takes the last trick. The
        // others give SO and the rest to his tricks: every point left is his.
        let (layout, frame) = solo_of_seat_0(Solo::Farbsolo(Suit::Herz));
        let cx = context(layout, frame, 8);
        let hands = ["EO GO EA", "SO E7 G7", "H7 E8 G8", "G9 E9 S7"];
        let mut pos = leading(&cx.layout, hands, 0);
        pos.assigned = 120 - cx.layout.points_of(pos.remaining()) as u8;
        assert_eq!(quick_tricks(&cx, &pos), (20, 20));
        assert_eq!(trick_bounds(&cx, &pos, 20), Some(20));
    }

    #[test]
    fn trumps_above_the_lowest_are_beaten_at_most_once_each() {
        // He holds the trumps of powers 1, 3, 5 and 7; the other side 0, 2 and 6. His 7 is
        // above all of theirs (sure); their 2 and 6 are above his lowest and can beat one of
        // his three others each: two of his four take a trick at least.
        let held = 1 << 1 | 1 << 3 | 1 << 5 | 1 << 7;
        let theirs = 1 | 1 << 2 | 1 << 6;
        let sure = above_all(held, theirs);
        assert_eq!(sure, 1 << 7);
        assert_eq!(trumps_taken(held, sure, theirs), 2);
        // Against a trump below all of his, every one takes a trick.
        assert_eq!(trumps_taken(held, above_all(held, 1), 1), 4);
    }

    #[test]
    fn every_trump_bound_holds_the_exact_value_between_them() {
        let mut rng = Rng::new(3);
        for cx in contexts(8) {
            for round in 0..200 {
                let each = 2 + round % 2;
                let leader = rng.below(4) as u8;
                let pos = random_position(&cx, &mut rng, each, leader);
                let v = minimax(&cx, &pos);
                let (lo, hi) = quick_tricks(&cx, &pos);
                assert!(
                    lo <= v && v <= hi,
                    "quick tricks {lo}..{hi}, value {v}: {pos:?}"
                );
                if !cx.sides.minimizing() {
                    let lo = sure_trumps(&cx, &pos, false);
                    assert!(lo <= v, "sure trumps {lo}, value {v}: {pos:?}");
                }
                let hi = sure_trumps(&cx, &pos, true);
                assert!(v <= hi, "sure trumps' upper {hi}, value {v}: {pos:?}");
                if cx.sides == Sides::LoneDeclarer {
                    let lo = forcing_lead(&cx, &pos);
                    assert!(lo <= v, "forcing lead {lo}, value {v}: {pos:?}");
                }
                for t in 1..=cx.still(&pos) {
                    match trick_bounds(&cx, &pos, t) {
                        Some(b) if b >= t => assert!(v >= b, "t {t}: {b} > {v}"),
                        Some(b) => assert!(v <= b, "t {t}: {b} < {v}"),
                        None => {}
                    }
                }
            }
        }
    }
}
