//! Sequential judging: a decision's sampled worlds are judged in rounds, and at each look
//! two questions are asked of the worlds so far (RULES.md section 11). Which cards may
//! still be the best (the contenders): every card clearly no better than the one that
//! pays most so far (the leader) is set aside for good, judged in no later world. And
//! whether each card whose severity is wanted (the judged cards: the card played, or every
//! card of a decision) has its class settled: the interval of what it loses against the
//! best lies within one class ([`Settling`]). Judging stops once every judged card is
//! settled and no contender but the leader is left, save cards that paid exactly what the
//! leader paid in every world, or, past [`CLEARING_WORLDS`], once every judged card is.
//! Each world is the same whenever it is drawn (`worlds.rs`) and the looks are fixed, so
//! what is set aside and where judging stops depend on the worlds alone: the same answer
//! for any number of threads. A look before the last settles a class only at
//! [`INTERIM_Z`] standard errors either side, the last at [`SETTLING_Z`]: with many looks,
//! few classes are settled by chance (a group-sequential test after Haybittle and Peto).
//!
//! Every test states its error in money, as shares of the stake (`advice::share`). A card
//! that paid more than the leader somewhere is set aside once its advantage is below an
//! inaccuracy by [`Z`] standard errors. A card that never paid more in `n` worlds pays
//! more in a share of the worlds below [`unseen_share`]`(n)` (95%: about `3/n`), each
//! time by at most the largest swing one world can make (from the worst ending to the
//! best): it is set aside once that bound, less what it lost where seen, is below an
//! inaccuracy. Either way the leader gives away less than an inaccuracy to a card set
//! aside, at about 95% or better.

use super::ending::{difference, paid, Ending};

/// Worlds judged before the first look.
pub(crate) const FIRST_LOOK: usize = 20;

/// Each look comes after half as many worlds again as the one before (rounded up to ten):
/// a look each time the standard errors have shrunk by about a fifth, so that the few
/// looks leave little room for a verdict settled by chance.
const GROWTH: (usize, usize) = (3, 2);

/// Standard errors by which a card's advantage over the leader must stay below
/// [`INDIFFERENCE`] to set it aside.
pub(crate) const Z: f64 = 3.0;

/// Standard errors either side of a card's loss that its class must hold to be settled
/// (about 95%): the interval [`Settling`] reads and the answer's `loss_interval`.
pub(crate) const SETTLING_Z: f64 = 2.0;

/// Worlds past which judging goes on only for the judged cards not yet settled: cards
/// that stay contenders so long pay within a few standard errors of an inaccuracy of each
/// other, and the best among them is the one the worlds so far name.
pub(crate) const CLEARING_WORLDS: usize = 400;

/// Standard errors either side that settle a class at a look before the last.
pub(crate) const INTERIM_Z: f64 = 3.0;

/// The advantage (in shares of the stake) the leader may give away to a card set aside:
/// less than an inaccuracy.
pub(crate) const INDIFFERENCE: f64 = crate::advice::INACCURACY_SHARE;

/// The chance of a world in which a card paid more than the leader is left unseen in
/// [`unseen_share`]: 5%.
const UNSEEN_RISK: f64 = 0.05;

/// How many worlds the judging has reached after `judged` of `total`: the next look.
pub(crate) fn next_look(judged: usize, total: usize) -> usize {
    let next = if judged < FIRST_LOOK {
        FIRST_LOOK
    } else {
        (judged * GROWTH.0 / GROWTH.1).div_ceil(10) * 10
    };
    next.min(total)
}

/// The share of worlds `p` in which an event seen in none of `n` worlds may still happen,
/// at [`UNSEEN_RISK`]: the `p` with `(1 - p)^n` equal to it (the rule of three: about
/// `3/n`).
pub(crate) fn unseen_share(n: usize) -> f64 {
    1.0 - UNSEEN_RISK.powf(1.0 / n.max(1) as f64)
}

/// The contenders after a look: of `open` (a mask of card indices, the leader among
/// them), the leader and every card not set aside against it. `by_card[c]` holds card
/// `c`'s endings world by world (the open cards' cover the same worlds); `swing` is the
/// largest difference in shares one world can make.
pub(crate) fn contenders(by_card: &[Vec<Ending>], open: u32, leader: usize, swing: f64) -> u32 {
    (0..by_card.len())
        .filter(|&c| open & 1 << c != 0)
        .filter(|&c| c == leader || !set_aside(&by_card[leader], &by_card[c], swing))
        .fold(0, |mask, c| mask | 1 << c)
}

/// Whether every contender but the leader paid what the leader paid in every world: the
/// best card is then clear as far as the worlds tell.
pub(crate) fn only_ties(by_card: &[Vec<Ending>], open: u32, leader: usize) -> bool {
    (0..by_card.len())
        .filter(|&c| open & 1 << c != 0 && c != leader)
        .all(|c| {
            let pairs = by_card[leader].iter().zip(&by_card[c]);
            pairs.into_iter().all(|(l, e)| paid(l) == paid(e))
        })
}

/// Whether a card (its endings `card`) is set aside against the leader's (`leader`, over
/// the same worlds): where it paid more somewhere, its advantage is below [`INDIFFERENCE`]
/// by [`Z`] standard errors; where it never did, its advantage in the worlds unseen
/// ([`unseen_share`] of them, by at most `swing` each) less its loss where seen is.
fn set_aside(leader: &[Ending], card: &[Ending], swing: f64) -> bool {
    let (mean, error) = difference(leader, card, |e| e.share);
    // `mean` is the leader's advantage; the card's is its negative.
    if leader.iter().zip(card).all(|(l, c)| paid(l) >= paid(c)) {
        return unseen_share(card.len()) * swing - mean < INDIFFERENCE;
    }
    card.len() >= 2 && -mean + Z * error < INDIFFERENCE
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ending(money: i64) -> Ending {
        Ending {
            value: 0,
            favour: 0,
            ours: None,
            money: Some(money),
            share: money as f64 / 40.0,
        }
    }

    /// Two cards' endings, world by world, from each card's money.
    fn columns(leader: &[i64], card: &[i64]) -> Vec<Vec<Ending>> {
        [leader, card]
            .iter()
            .map(|m| m.iter().map(|&m| ending(m)).collect())
            .collect()
    }

    #[test]
    fn looks_come_after_twenty_worlds_then_half_as_many_again() {
        let mut looks = vec![next_look(0, 1000)];
        while *looks.last().unwrap() < 1000 {
            looks.push(next_look(*looks.last().unwrap(), 1000));
        }
        assert_eq!(looks, [20, 30, 50, 80, 120, 180, 270, 410, 620, 930, 1000]);
        assert_eq!(next_look(0, 7), 7);
    }

    #[test]
    fn an_event_unseen_in_n_worlds_is_bounded_by_the_rule_of_three() {
        // (1 - p)^n = 5%: p about 3/n.
        assert!((unseen_share(20) - 0.139).abs() < 0.001);
        assert!((unseen_share(100) - 0.0295).abs() < 0.001);
        assert!((unseen_share(100) * 100.0 - 3.0).abs() < 0.05);
    }

    #[test]
    fn a_card_never_paying_more_is_set_aside_once_its_unseen_gain_is_bounded() {
        // The leader pays 20 everywhere; the other card -20 in 3 of 20 worlds (a share of
        // 1 each: 0.15 on average), 20 elsewhere. Where one world can swing the share 1,
        // the worlds unseen may give it at most 0.139: set aside. Where a world can swing
        // it 3 (a Sauspiel's schwarz), 0.42 less 0.15 is no bound: it stays.
        let other: Vec<i64> = (0..20).map(|w| if w % 7 == 0 { -20 } else { 20 }).collect();
        let worlds = columns(&[20; 20], &other);
        assert_eq!(contenders(&worlds, 0b11, 0, 1.0), 0b01);
        assert_eq!(contenders(&worlds, 0b11, 0, 3.0), 0b11);
    }

    #[test]
    fn a_card_tied_everywhere_stays_a_contender_but_leaves_the_leader_clear() {
        let worlds = columns(&[20; 100], &[20; 100]);
        assert_eq!(contenders(&worlds, 0b11, 0, 3.0), 0b11);
        assert!(only_ties(&worlds, 0b11, 0));
        let mut other = [20; 100];
        other[50] = -20;
        assert!(!only_ties(&columns(&[20; 100], &other), 0b11, 0));
    }

    #[test]
    fn a_card_paying_more_somewhere_needs_a_clear_difference() {
        // The other card pays more in one world of twenty and less in two: unclear.
        let mut other = [20; 20];
        other[3] = 60;
        other[5] = -20;
        other[9] = -20;
        assert_eq!(contenders(&columns(&[20; 20], &other), 0b11, 0, 1.0), 0b11);
        // Less in most worlds: clear by its difference.
        for m in other.iter_mut().skip(10) {
            *m = -20;
        }
        assert_eq!(contenders(&columns(&[20; 20], &other), 0b11, 0, 1.0), 0b01);
    }

    #[test]
    fn a_card_better_by_less_than_an_inaccuracy_is_set_aside() {
        // The other card pays 1 more in every world (a share of 0.025: no inaccuracy to
        // give away); 4 more (0.1, a mistake) is not given away.
        assert_eq!(
            contenders(&columns(&[20; 20], &[21; 20]), 0b11, 0, 1.0),
            0b01
        );
        assert_eq!(
            contenders(&columns(&[20; 20], &[24; 20]), 0b11, 0, 1.0),
            0b11
        );
    }

    #[test]
    fn only_open_cards_are_looked_at_and_the_leader_stays() {
        // Card 1 was set aside before (not in the mask): it stays aside, whatever it paid;
        // the leader stays open even against itself.
        let worlds = columns(&[20; 20], &[60; 20]);
        assert_eq!(contenders(&worlds, 0b01, 0, 1.0), 0b01);
        assert_eq!(contenders(&worlds, 0b10, 1, 1.0), 0b10);
    }
}
