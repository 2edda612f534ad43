//! Sequential stopping: a decision's sampled worlds are judged in rounds; at each look
//! every card clearly no better than the one that pays most so far (the leader) is set
//! aside for good, judged in no later world, and judging stops once the leader is the
//! only card left (RULES.md section 11). The worlds are drawn before any is judged and
//! the rounds are fixed, so what is set aside and where judging stops depend on the worlds
//! alone: the same answer for any number of threads.
//!
//! A card is set aside where the leader paid at least as much in every world judged, or
//! the card's advantage over the leader (in shares of the stake, the measure of a card's
//! severity) is below an inaccuracy by [`Z`] standard errors: whichever of the two is
//! truly better, naming the leader costs less than an inaccuracy. The stated error: a
//! card that would pay more than the leader in a share `p` of the worlds goes unseen in
//! [`FIRST_LOOK`] worlds with chance `(1 - p)^20`, under 5% for `p` of 14% or more; a card
//! set aside by its difference pays at most an inaccuracy more than the leader of its
//! look, at about three standard errors.

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

/// The cards still open after a look: of `open` (a mask of card indices, the leader
/// among them), the leader and every card not set aside against it. `by_card[c]` holds
/// card `c`'s endings world by world; the open cards' cover the same worlds.
pub(crate) fn still_open(by_card: &[Vec<Ending>], open: u32, leader: usize) -> u32 {
    (0..by_card.len())
        .filter(|&c| open & 1 << c != 0)
        .filter(|&c| c == leader || !set_aside(&by_card[leader], &by_card[c]))
        .fold(0, |mask, c| mask | 1 << c)
}

/// Whether a card (its endings `card`) is set aside against the leader's (`leader`, over
/// the same worlds): paid no more in any world, or its advantage is below
/// [`INDIFFERENCE`] by [`Z`] standard errors.
fn set_aside(leader: &[Ending], card: &[Ending]) -> bool {
    let paid = |e: &Ending| e.money.unwrap_or(e.favour);
    if leader.iter().zip(card).all(|(l, c)| paid(l) >= paid(c)) {
        return true;
    }
    if card.len() < 2 {
        return false;
    }
    let (mean, error) = difference(leader, card, |e| e.share);
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

    /// Two cards' endings, world by world, from each card's money.
    fn columns(leader: &[i64], card: &[i64]) -> Vec<Vec<Ending>> {
        [leader, card]
            .iter()
            .map(|m| m.iter().map(|&m| ending(m)).collect())
            .collect()
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
        let other: Vec<i64> = (0..20).map(|w| if w % 7 == 0 { -20 } else { 20 }).collect();
        let worlds = columns(&[20; 20], &other);
        assert_eq!(still_open(&worlds, 0b11, 0), 0b01);
    }

    #[test]
    fn a_card_paying_more_somewhere_needs_a_clear_difference() {
        // The other card pays more in one world of twenty and less in two: unclear.
        let mut other = [20; 20];
        other[3] = 60;
        other[5] = -20;
        other[9] = -20;
        assert_eq!(still_open(&columns(&[20; 20], &other), 0b11, 0), 0b11);
        // Less in most worlds: clear by its difference.
        for m in other.iter_mut().skip(10) {
            *m = -20;
        }
        assert_eq!(still_open(&columns(&[20; 20], &other), 0b11, 0), 0b01);
    }

    #[test]
    fn a_card_better_by_less_than_an_inaccuracy_is_set_aside() {
        // The other card pays 1 more in every world (a share of 0.025: no inaccuracy to
        // give away); 4 more (0.1, a mistake) is not given away.
        assert_eq!(still_open(&columns(&[20; 20], &[21; 20]), 0b11, 0), 0b01);
        assert_eq!(still_open(&columns(&[20; 20], &[24; 20]), 0b11, 0), 0b11);
    }

    #[test]
    fn only_open_cards_are_looked_at_and_the_leader_stays() {
        // Card 1 was set aside before (not in the mask): it stays aside, whatever it paid;
        // the leader stays open even against itself.
        let worlds = columns(&[20; 20], &[60; 20]);
        assert_eq!(still_open(&worlds, 0b01, 0), 0b01);
        assert_eq!(still_open(&worlds, 0b10, 1), 0b10);
    }
}
