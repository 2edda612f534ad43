//! A world's cards judged by what pays alone, without their exact values: in a point or
//! trick contract a card's outcome (won, schneider, schwarz; a Tout or Bettel won or lost)
//! only changes at a few values of the measure, so a few threshold questions
//! ([`Solver::at_least`], far cheaper than an exact value) find which outcome each card
//! reaches. Ramsch and Schellen-Schafkopf pay by the exact value: there every value is an
//! outcome of its own, and the cards are solved exactly.

use crate::advice::{outcome, OutcomeClass};
use crate::cards::Card;
use crate::contract::Measure;
use crate::error::Error;
use crate::game::Game;
use crate::search::Solver;
use crate::settle::Targets;

/// The values of the measure at which the outcome changes in `position`'s contract, in
/// order (a final value `v` lies in the outcome of the highest boundary at most `v`, or
/// below them all); none where every value pays differently.
pub(crate) fn boundaries(position: &Game, measure: Measure) -> Option<Vec<i64>> {
    let setup = position.setup();
    let contract = setup.contract();
    let tricks = setup.trick_count() as u8;
    let targets = Targets::of(setup);
    let total: i64 = match measure {
        Measure::Points => targets.total as i64,
        Measure::Tricks => tricks as i64,
        Measure::Settlement => return None,
    };
    let class = |v: i64| outcome(&contract, targets, measure, v, tricks);
    let mut bounds = Vec::new();
    for v in 1..=total {
        match class(v) {
            OutcomeClass::Settlement(_) => return None,
            c if c != class(v - 1) => bounds.push(v),
            _ => {}
        }
    }
    Some(bounds)
}

/// Every one of `cards` (legal for the player to move in `world`) judged in `world`: the
/// lowest value of the outcome each reaches (its exact value's outcome), by threshold
/// questions after the card. Most cards of a world share an outcome, so each card's first
/// question asks whether it reaches the previous card's; the first card's starts at the
/// middle boundary. The position's own outcome is not asked: a question at the root
/// searches every card, the cards set aside included, and costs more than the one
/// question a card of the same outcome would save (performance-log.md).
pub(crate) fn floors(
    solver: &mut Solver,
    world: &Game,
    cards: &[Card],
    bounds: &[i64],
) -> Result<Vec<i64>, Error> {
    let mut previous = None;
    cards
        .iter()
        .map(|&card| {
            let mut after = world.clone();
            after.play_unchecked(card);
            let guess = previous.map(|k: usize| k.saturating_sub(1));
            let k = reached(bounds, guess, |t| solver.at_least(&after, t))?;
            previous = Some(k);
            Ok(floor_of(bounds, k))
        })
        .collect()
}

/// How many of `bounds` ([`boundaries`]) a value reaches, by threshold questions
/// (`at_least(t)`: whether it is at least `t`): the first at `first` where given, else at
/// the middle boundary, then one boundary at a time towards the answer. Outcomes lie
/// mostly next to the first guess (a game won or lost without schneider), so stepping asks
/// fewer questions than bisection, which would ask about schwarz second.
pub(crate) fn reached(
    bounds: &[i64],
    first: Option<usize>,
    mut at_least: impl FnMut(i64) -> Result<bool, Error>,
) -> Result<usize, Error> {
    // Every boundary below lo is reached, none from hi on.
    let (mut lo, mut hi) = (0, bounds.len());
    if lo >= hi {
        return Ok(lo);
    }
    let mut i = first
        .filter(|&i| lo <= i && i < hi)
        .unwrap_or((lo + hi) / 2);
    loop {
        if at_least(bounds[i])? {
            lo = i + 1;
            i = lo;
        } else {
            hi = i;
            i = hi.saturating_sub(1);
        }
        if lo >= hi {
            return Ok(lo);
        }
    }
}

/// The lowest value of the outcome that reaches `k` of `bounds`.
pub(crate) fn floor_of(bounds: &[i64], k: usize) -> i64 {
    match k {
        0 => 0,
        k => bounds[k - 1],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Record;
    use crate::search::Frame;

    fn game(contract: &str, play: &str) -> Game {
        let line = format!(
            r#"{{"hands": ["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7",
              "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"],
              "contract": {contract}, "play": "{play}"}}"#
        );
        Record::from_json(&line).unwrap().game().unwrap()
    }

    #[test]
    fn a_point_game_changes_outcome_at_schneider_win_and_schwarz() {
        let g = game(r#"{"game": "sauspiel", "suit": "G", "declarer": 0}"#, "");
        // Declarers' points: 0 (schwarz lost), 1..30 (schneider lost), 31..60, 61..90,
        // 91..119 (schneider won), 120 (schwarz won).
        assert_eq!(
            boundaries(&g, Measure::Points),
            Some(vec![1, 31, 61, 91, 120])
        );
        let bettel = game(r#"{"game": "bettel", "declarer": 0}"#, "");
        assert_eq!(boundaries(&bettel, Measure::Tricks), Some(vec![1]));
        let ramsch = game(r#"{"game": "ramsch"}"#, "");
        assert_eq!(boundaries(&ramsch, Measure::Settlement), None);
    }

    #[test]
    fn the_floor_is_the_exact_value_s_outcome() {
        // Every card of the positions of the example Sauspiel's first three tricks: the
        // floor found by threshold questions is the lowest value of the exact value's
        // outcome, for the declarers (who maximise) and the defenders alike.
        let plays = "H8 H7 HK HZ G7 G8 HU SO SA S8 HA S7";
        let words: Vec<&str> = plays.split(' ').collect();
        let contract = r#"{"game": "sauspiel", "suit": "G", "declarer": 0}"#;
        let bounds = boundaries(&game(contract, ""), Measure::Points).unwrap();
        let floor_of = |v: i64| bounds.iter().rev().find(|&&b| b <= v).copied().unwrap_or(0);
        let mut solver = Solver::new();
        let mut checked = 0;
        for n in 0..=words.len() {
            let position = game(contract, &words[..n].join(" "));
            assert_eq!(Frame::of(&position).unwrap().measure, Measure::Points);
            let solution = solver.solve(&position).unwrap();
            let cards: Vec<Card> = solution.cards.iter().map(|&(c, _)| c).collect();
            let found = floors(&mut Solver::new(), &position, &cards, &bounds).unwrap();
            for (&(card, value), floor) in solution.cards.iter().zip(found) {
                assert_eq!(floor, floor_of(value), "after {n} cards, {card}");
                checked += 1;
            }
        }
        assert!(checked > 40, "{checked}");
    }
}
