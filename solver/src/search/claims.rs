//! Claims (the simplest case of DDS's `QuickTricks.cpp`): a seat whose cards are masters
//! nobody can beat takes every remaining trick. Asked only where someone wants the tricks
//! ([`super::Sides::claims`]).

use super::context::Context;
use super::layout::{self, above_all};
use super::position::Position;
use crate::seat::Seat;

/// A claim (quick tricks, as DDS's `QuickTricks.cpp` for the simplest case): when the
/// leader's cards are masters that nobody can beat, he takes every remaining trick by
/// leading his trumps first (drawing every other trump) and then his plain cards. Needs:
/// his trumps are the highest left; nobody holds more trumps than he does; in each plain
/// suit he holds, his cards are above every other card of it; or a seat after him
/// claims ([`claim_following`]). Returns the final value.
///
/// Taking every trick is the best the claimer can do only when he wants the tricks: a
/// counted maximiser (the value becomes the highest possible) or an uncounted
/// minimiser (the lowest possible). In Ramsch and Bettel nobody claims.
pub(super) fn claim(cx: &Context, pos: &Position) -> Option<u8> {
    claim_leading(cx, pos)
        .or_else(|| (1..4u8).find_map(|k| claim_following(cx, pos, pos.leader.plus(k))))
}

/// A claim by a seat that does not lead: he holds every trump left and only masters
/// (each card above every other card of its group), and whatever the leader leads he can
/// follow with a master of it or, void, ruff (nobody else can). So he takes this trick
/// and is left on lead with masters: he takes every trick ([`claim_leading`]).
/// (Figures: `docs/performance-log.md`, "What moved the numbers", "Claims".)
#[inline(never)]
fn claim_following(cx: &Context, pos: &Position, seat: Seat) -> Option<u8> {
    if !cx.frame.wants_tricks(seat) {
        return None;
    }
    let layout = &cx.layout;
    let mine = pos.hands[seat.index()];
    let trumps = layout.group_mask[layout::TRUMP];
    let others = pos.remaining() & !mine;
    if others & trumps != 0 {
        return None;
    }
    // The leader holds no trump (they are all his): he leads a plain suit.
    let leads = pos.hands[pos.leader.index()];
    let answers = |&g: &u32| leads & g == 0 || mine & g != 0;
    if mine & trumps == 0 && !layout.group_mask[..layout::TRUMP].iter().all(answers) {
        return None;
    }
    masters_take_all(cx, pos, seat, mine, others)
}

/// The leader's claim (see [`claim`]).
fn claim_leading(cx: &Context, pos: &Position) -> Option<u8> {
    let seat = pos.leader;
    if !cx.frame.wants_tricks(seat) {
        return None;
    }
    let trumps = cx.layout.group_mask[layout::TRUMP];
    let leader = pos.leader.index();
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
    masters_take_all(cx, pos, seat, mine, others)
}

/// What both claims end with: if every card of `seat` (holding `mine`) is above every
/// card of `others` in its group, the final value with every remaining trick his.
#[inline]
fn masters_take_all(
    cx: &Context,
    pos: &Position,
    seat: Seat,
    mine: u32,
    others: u32,
) -> Option<u8> {
    let masters = |&g: &u32| above_all(mine & g, others & g) == mine & g;
    if !cx.layout.group_mask.iter().all(masters) {
        return None;
    }
    let still = cx.still(pos);
    Some(if cx.frame.counted.contains(seat) {
        pos.got + still
    } else {
        pos.got
    })
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{contexts, leading, minimax, random_position, solo_of_seat_0};
    use super::*;
    use crate::contract::Solo;
    use crate::deal::Rng;

    #[test]
    fn masters_and_the_top_trumps_take_every_trick() {
        // A Wenz: seat 0 leads with EU and GU, the only Unters, and EA over every Eichel.
        let (layout, frame) = solo_of_seat_0(Solo::Wenz);
        let cx = super::super::fixtures::context(layout, frame, 8);
        let hands = ["EU GU EA", "EZ E7 G7", "E9 GA S7", "E8 GK SA"];
        let mut pos = leading(&cx.layout, hands, 0);
        pos.assigned = 120 - cx.layout.points_of(pos.remaining()) as u8;
        assert_eq!(claim(&cx, &pos), Some(2 + 2 + 11 + 10 + 11 + 4 + 11));
        // With EK instead of EA, seat 1's EZ beats it: no claim.
        let hands = ["EU GU EK", "EZ E7 G7", "E9 GA S7", "E8 GK SA"];
        let pos = leading(&cx.layout, hands, 0);
        assert_eq!(claim(&cx, &pos), None);
    }

    #[test]
    fn a_seat_after_the_leader_claims_with_every_trump_and_masters() {
        // Seat 1 defends a Wenz and holds both Unters left and the top Schellen; seat 0 leads
        // a plain card, which seat 1 ruffs or follows with a master.
        let (layout, frame) = solo_of_seat_0(Solo::Wenz);
        let cx = super::super::fixtures::context(layout, frame, 8);
        let hands = ["E7 G7", "EU SA", "E8 G8", "E9 G9"];
        let mut pos = leading(&cx.layout, hands, 0);
        pos.assigned = 120 - cx.layout.points_of(pos.remaining()) as u8;
        // Every trick is the defenders': the declarer ends with what he had.
        assert_eq!(claim(&cx, &pos), Some(0));
    }

    #[test]
    fn a_claim_is_the_exact_value() {
        let mut rng = Rng::new(7);
        let mut claimed = 0;
        for cx in contexts(8) {
            for round in 0..300 {
                let each = 2 + round % 2;
                let leader = rng.below(4) as u8;
                let pos = random_position(&cx, &mut rng, each, leader);
                if let Some(v) = claim(&cx, &pos) {
                    assert!(cx.sides.claims(), "{:?}", cx.sides);
                    assert_eq!(v, minimax(&cx, &pos), "{pos:?} in {:?}", cx.frame);
                    claimed += 1;
                }
            }
        }
        assert!(claimed > 100, "{claimed}");
    }
}
