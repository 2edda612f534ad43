//! The last two tricks evaluated outright (the tail of DDS's `ABsearch.cpp`): two cards a
//! hand at a trick boundary leave at most sixteen ways to play the first trick, after
//! which the last plays itself. Exact, so one table entry answers every threshold.

use super::context::Context;
use super::layout::{self, bits};
use super::position::Position;
use crate::contract::Measure;

/// The exact final value two tricks from the end (two cards a hand, at a trick
/// boundary): at most sixteen ways to play the first of the two tricks, after which the
/// last one plays itself. Cheaper outright than searched, and exact, so that one table
/// entry answers every threshold. Returns the value and the cards enumerated (the
/// nodes it counts).
pub(super) fn last_two(cx: &Context, pos: &Position) -> (u8, u64) {
    let layout = &cx.layout;
    let frame = &cx.frame;
    let seats = [0u8, 1, 2, 3].map(|k| pos.leader.plus(k));
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
        let last: [u8; 4] =
            std::array::from_fn(|i| (hands[i] & !layout::bit(cards[i])).trailing_zeros() as u8);
        let best = layout.takes(&last, win);
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
    (v0, nodes)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{contexts, minimax, random_position};
    use super::*;
    use crate::deal::Rng;

    #[test]
    fn the_last_two_tricks_are_valued_exactly() {
        let mut rng = Rng::new(2);
        for cx in contexts(8) {
            for _ in 0..300 {
                let leader = rng.below(4) as u8;
                let pos = random_position(&cx, &mut rng, 2, leader);
                let (v, nodes) = last_two(&cx, &pos);
                assert_eq!(v, minimax(&cx, &pos), "{pos:?} in {:?}", cx.frame);
                assert!(nodes >= 8, "{nodes}");
            }
        }
    }
}
