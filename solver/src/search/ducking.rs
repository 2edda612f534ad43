//! Bettel and Ramsch: bounds for the lone counted player who keeps his measure low
//! ([`super::Sides::LoneMinimizer`]): he can duck every trick led by someone else
//! ([`bettel_safe`]), or all but one ([`bettel_one_more`]). The lemmas over one suit
//! ([`suit_ducked`], [`ducking_cards`], [`ducks_with_a_guard`], [`one_more_trick`]) are
//! pure functions of the hands, each with its proof.

use super::context::Context;
use super::layout::{self, above_lowest, bits, Layout};
use super::moves;
use super::position::Position;
use crate::contract::Measure;
use crate::seat::Seat;

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
/// he follows with those every time, and the high ones go first on any void.
/// On lead himself he is safe too if he holds a card that one of the others must beat
/// (every card that player could play to it beats it) and the condition holds for the
/// rest of his hand: the trick goes to someone else, and the cards the others give to
/// it only raise their i-th lowest cards. Not under Stichzwang (he must beat if he can).
/// (Figures: `docs/performance-log.md`, "What moved the numbers", "Ducking".)
fn bettel_safe(cx: &Context, pos: &Position) -> bool {
    let Some((declarer, mine)) = lone_ducker(cx, pos) else {
        return false;
    };
    let layout = &cx.layout;
    let seat = declarer.index();
    if pos.leader.index() != seat {
        return ducks_with_a_guard(layout, mine, seat, &pos.hands);
    }
    led_away(cx, pos, declarer, mine, |rest| {
        ducks_everything(layout, rest, seat, &pos.hands)
    })
}

/// The lone ducker on lead: whether he holds a card one of the others must beat (every
/// card that player could play to it beats it) such that `rule`, a rule for a hand that
/// does not lead, holds of the rest of his hand. The trick goes to someone else, and
/// the others' cards that fall to it only make such rules easier to meet (their i-th
/// lowest card of a suit can only rise, and no hand holds more of a suit).
fn led_away(
    cx: &Context,
    pos: &Position,
    declarer: Seat,
    mine: u32,
    rule: impl Fn(u32) -> bool,
) -> bool {
    bits(mine).any(|c| {
        moves::another_must_beat(&cx.layout, pos, declarer, c) && rule(mine & !layout::bit(c))
    })
}

/// The Bettel safety, then one more Bettel trick: the answer for `t` where they settle
/// it.
#[inline(never)]
pub(super) fn ducking_bounds(cx: &Context, pos: &Position, t: u8) -> Option<u8> {
    if bettel_safe(cx, pos) {
        return Some(pos.got);
    }
    (pos.got + 1 < t && bettel_one_more(cx, pos)).then_some(pos.got + 1)
}

/// The lone counted minimiser and his hand, where he may duck as [`bettel_safe`]
/// and [`bettel_one_more`] assume: one counted seat only (with two, a frame of
/// one's own choosing, both would have to be safe), not under Stichzwang (he must beat
/// if he can), no trump in his hand, and no called ace (he could not keep it back).
fn lone_ducker(cx: &Context, pos: &Position) -> Option<(Seat, u32)> {
    let layout = &cx.layout;
    let declarer = cx.sides.lone_minimizer()?;
    let mine = pos.hands[declarer.index()];
    let called = layout.called.map_or(0, |c| c.ace);
    let ok = !layout.stichzwang && mine & (layout.group_mask[layout::TRUMP] | called) == 0;
    ok.then_some((declarer, mine))
}

/// Bettel: whether the declarer can be held to one more trick at most, where he is not
/// safe ([`bettel_safe`]) but one card `h` alone spoils his ducking. He ducks
/// with the rest as there, and discards `h` as soon as he is void in a led suit (then
/// he is safe). The first time `h`'s suit is led, he sees whether one of the others
/// holds two cards of it or more. If so, he plays `h`; should it take the trick, he
/// leads his lowest card `m` of the suit, which he still holds (the suit was never
/// led), which is below all of theirs, and to which that player must give one: he
/// loses it, and ducks everything after (the rest of the suit without `m` ducks: it is
/// checked). If not, he ducks with the suit's rest, and after that trick the others hold
/// none of it: it is never led again, and `h` goes on a void. On lead he is held to one
/// more trick too by a card one of the others must beat, if the rest of his hand is.
/// Not under Stichzwang, and only for tricks (Ramsch counts points). (Figures:
/// `docs/performance-log.md`, "What moved the numbers", "Ducking".)
fn bettel_one_more(cx: &Context, pos: &Position) -> bool {
    if cx.frame.measure != Measure::Tricks {
        return false;
    }
    let Some((declarer, mine)) = lone_ducker(cx, pos) else {
        return false;
    };
    let layout = &cx.layout;
    let seat = declarer.index();
    if pos.leader.index() != seat {
        return one_more_trick(layout, mine, seat, &pos.hands);
    }
    led_away(cx, pos, declarer, mine, |rest| {
        one_more_trick(layout, rest, seat, &pos.hands)
    })
}

/// Whether a lone player at `seat` holding `mine` (no trump; all of `hands[seat]` or all
/// but the card he leads) never takes a trick led by someone else, `hands` being the four
/// hands on the table ([`suit_ducked`] in every plain suit; see [`bettel_safe`]).
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
/// not on lead, can be held to one more trick at most (see [`bettel_one_more`]):
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

#[cfg(test)]
mod tests {
    use super::super::fixtures::{bettel_of, context, contexts, leading, minimax, random_position};
    use super::*;
    use crate::deal::Rng;

    /// The Bettel layout (no trumps; ace, king, ober, unter, ten, 9, 8, 7).
    fn bettel() -> Layout {
        bettel_of(Seat::S1).0
    }

    #[test]
    fn his_ith_lowest_card_below_theirs_keeps_ducking() {
        let l = bettel();
        // S7 under S8 and S9 under SZ duck; SA over SK does not.
        assert_eq!(ducking_cards(l.hand("S7 S9 SA"), l.hand("S8 SZ SK")), 2);
        // His lowest above theirs: nothing ducks.
        assert_eq!(ducking_cards(l.hand("S8 SA"), l.hand("S7 SK")), 0);
        // Once theirs are matched, the rest of his duck too (the suit is never led again).
        assert_eq!(ducking_cards(l.hand("S7 SK SA"), l.hand("S8")), 3);
    }

    #[test]
    fn a_suit_is_ducked_when_the_ducking_cards_outlast_every_hand() {
        let l = bettel();
        let suit = l.group_of(l.index("S7".parse().unwrap()));
        // Seat 0 holds S7 SK: S7 ducks S8, SK does not duck SZ; but no other hand holds
        // more than one Schellen, so the suit is led once and he follows with S7.
        let hands = l.hands(["S7 SK", "S8 E7", "SZ E8", "E9 EK"]);
        let others = others_of(0, &hands);
        assert!(suit_ducked(hands[0], suit, 0, &hands, others));
        // Seat 1 holding two: the second lead finds only SK.
        let hands = l.hands(["S7 SK", "S8 S9", "SZ E8", "E9 EK"]);
        let others = others_of(0, &hands);
        assert!(!suit_ducked(hands[0], suit, 0, &hands, others));
    }

    #[test]
    fn a_guard_before_him_covers_his_one_high_card() {
        let l = bettel();
        // Seat 1 holds S7 SK; seat 2 holds S8 S9 (two leads), so SK does not duck; but
        // seat 0, who plays just before him, holds SA, his only Schellen: to the first lead
        // SA falls and SK goes under it; to the second S7 goes under S9.
        let hands = l.hands(["SA E7", "S7 SK", "S8 S9", "E8 E9"]);
        assert!(!ducks_everything(&l, hands[1], 1, &hands));
        assert!(ducks_with_a_guard(&l, hands[1], 1, &hands));
        // With SU instead of SA before him, nothing covers SK.
        let hands = l.hands(["SU E7", "S7 SK", "S8 S9", "E8 E9"]);
        assert!(!ducks_with_a_guard(&l, hands[1], 1, &hands));
    }

    #[test]
    fn one_card_spoiling_the_ducking_costs_one_trick_at_most() {
        let l = bettel();
        // Seat 0 holds S7 S8 SA against seat 1's S9 SZ SK. SA spoils the ducking (three
        // leads, two ducking cards); without it S7 S8 duck, and S8 alone too. If SA takes
        // a trick, he leads S7, which seat 1 must take.
        let hands = l.hands(["S7 S8 SA", "S9 SZ SK", "E7 E8 E9", "G7 G8 G9"]);
        assert!(!ducks_everything(&l, hands[0], 0, &hands));
        assert!(one_more_trick(&l, hands[0], 0, &hands));
        // SK and SA both spoil it against S9 SZ SO: no single card does.
        let hands = l.hands(["S7 SK SA", "S9 SZ SO", "E7 E8 E9", "G7 G8 G9"]);
        assert!(!one_more_trick(&l, hands[0], 0, &hands));
    }

    #[test]
    fn the_ducking_bounds_settle_a_bettel_declarer_not_on_lead() {
        let (layout, frame) = bettel_of(Seat::S1);
        let cx = context(layout, frame, 8);
        // The guarded hand of the test above, seat 2 on lead: he takes no trick.
        let pos = leading(&cx.layout, ["SA E7", "S7 SK", "S8 S9", "E8 E9"], 2);
        assert_eq!(ducking_bounds(&cx, &pos, 1), Some(0));
        // Unguarded, he takes one trick at most: "two or more" is answered, "one" is not.
        let pos = leading(&cx.layout, ["SU E7", "S7 SK", "S8 S9", "E8 E9"], 2);
        assert_eq!(ducking_bounds(&cx, &pos, 2), Some(1));
        assert_eq!(ducking_bounds(&cx, &pos, 1), None);
    }

    #[test]
    fn the_ducking_bounds_agree_with_the_exact_value() {
        let mut rng = Rng::new(5);
        let mut settled = 0;
        for cx in contexts(8)
            .into_iter()
            .filter(|cx| cx.sides.lone_minimizer().is_some())
        {
            for round in 0..400 {
                let each = 2 + round % 2;
                let leader = rng.below(4) as u8;
                let pos = random_position(&cx, &mut rng, each, leader);
                let v = minimax(&cx, &pos);
                for t in 1..=cx.still(&pos) {
                    match ducking_bounds(&cx, &pos, t) {
                        Some(b) if b >= t => assert!(v >= b, "t {t}: {b} > {v}: {pos:?}"),
                        Some(b) => {
                            assert!(v <= b, "t {t}: {b} < {v}: {pos:?}");
                            settled += 1;
                        }
                        None => {}
                    }
                }
            }
        }
        assert!(settled > 100, "{settled}");
    }
}
