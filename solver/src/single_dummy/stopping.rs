//! Sequential stopping: a decision's sampled worlds are judged in rounds, and judging stops
//! once the card that pays most is clear (RULES.md section 11). The worlds are drawn
//! before any is judged and the rounds are fixed, so where judging stops depends on the
//! worlds alone: the same answer for any number of threads.
//!
//! Every other card must be set aside: the leader paid at least as much in every world
//! judged, or the card's advantage over the leader (in shares of the stake, the measure of
//! a card's severity) is below an inaccuracy by [`Z`] standard errors: whichever of the
//! two is truly better, naming the leader costs less than an inaccuracy. The stated error:
//! a card that would pay more than the leader in a share `p` of the worlds goes unseen in
//! [`FIRST_LOOK`] worlds with chance `(1 - p)^20`, under 5% for `p` of 14% or more; a card
//! set aside by its difference pays at most an inaccuracy more, at about three standard
//! errors at each look.

use super::ending::{difference, Ending};

/// Worlds judged before the first look.
pub(crate) const FIRST_LOOK: usize = 20;

/// Worlds judged between looks.
pub(crate) const ROUND: usize = 10;

/// Standard errors by which a card's advantage over the leader must stay below
/// [`INDIFFERENCE`] to set it aside.
pub(crate) const Z: f64 = 3.0;

/// The advantage (in shares of the stake) the leader may give away to a card set aside:
/// less than an inaccuracy.
pub(crate) const INDIFFERENCE: f64 = crate::advice::INACCURACY_SHARE;

/// How many worlds the judging has reached after `judged` of `total`: the next look.
pub(crate) fn next_look(judged: usize, total: usize) -> usize {
    let next = if judged < FIRST_LOOK {
        FIRST_LOOK
    } else {
        judged + ROUND
    };
    next.min(total)
}

/// Whether `leader` (the card that pays most over `endings`, `endings[world][card]`) is
/// clear of every other card.
pub(crate) fn clear(endings: &[Vec<Ending>], leader: usize) -> bool {
    let cards = endings.first().map_or(0, Vec::len);
    (0..cards)
        .filter(|&c| c != leader)
        .all(|c| set_aside(endings, leader, c))
}

/// Whether `card` is set aside against `leader`: paid no more in any world, or its
/// advantage is below [`INDIFFERENCE`] by [`Z`] standard errors.
fn set_aside(endings: &[Vec<Ending>], leader: usize, card: usize) -> bool {
    let paid = |e: &Ending| e.money.unwrap_or(e.favour);
    if endings.iter().all(|e| paid(&e[leader]) >= paid(&e[card])) {
        return true;
    }
    if endings.len() < 2 {
        return false;
    }
    let (mean, error) = difference(endings, leader, card, |e| e.share);
    // `mean` is the leader's advantage; the card's is its negative.
    -mean + Z * error < INDIFFERENCE
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

    #[test]
    fn looks_come_after_twenty_worlds_then_every_ten() {
        assert_eq!(next_look(0, 100), 20);
        assert_eq!(next_look(20, 100), 30);
        assert_eq!(next_look(90, 100), 100);
        assert_eq!(next_look(0, 7), 7);
    }

    #[test]
    fn a_card_never_paying_more_is_set_aside() {
        // The leader pays 20 everywhere; the other card 20 or -20.
        let worlds: Vec<Vec<Ending>> = (0..20)
            .map(|w| vec![ending(20), ending(if w % 7 == 0 { -20 } else { 20 })])
            .collect();
        assert!(clear(&worlds, 0));
    }

    #[test]
    fn a_card_paying_more_somewhere_needs_a_clear_difference() {
        // The other card pays more in one world of twenty and less in two: unclear.
        let mut worlds: Vec<Vec<Ending>> = (0..20).map(|_| vec![ending(20), ending(20)]).collect();
        worlds[3][1] = ending(60);
        worlds[5][1] = ending(-20);
        worlds[9][1] = ending(-20);
        assert!(!clear(&worlds, 0));
        // Less in most worlds: clear by its difference.
        for w in worlds.iter_mut().skip(10) {
            w[1] = ending(-20);
        }
        assert!(clear(&worlds, 0));
    }

    #[test]
    fn a_card_better_by_less_than_an_inaccuracy_is_set_aside() {
        // The other card pays 1 more in every world (a share of 0.025: no inaccuracy to
        // give away); 4 more (0.1, a mistake) is not given away.
        let slightly: Vec<Vec<Ending>> = (0..20).map(|_| vec![ending(20), ending(21)]).collect();
        assert!(clear(&slightly, 0));
        let more: Vec<Vec<Ending>> = (0..20).map(|_| vec![ending(20), ending(24)]).collect();
        assert!(!clear(&more, 0));
    }
}
