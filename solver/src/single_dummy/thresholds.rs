//! A world's cards judged by what pays alone, without their exact values: in a point or
//! trick contract a card's outcome (won, schneider, schwarz; a Tout or Bettel won or lost)
//! only changes at a few values of the measure, so a few threshold questions
//! ([`Solver::at_least`], far cheaper than an exact value) find which outcome each card
//! reaches. Ramsch and Schellen-Schafkopf pay by the exact value: there every value is an
//! outcome of its own, and the cards are solved exactly.

use crate::analysis::{outcome, OutcomeClass};
use crate::contract::{Contract, Measure};
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
    let total: i64 = match measure {
        Measure::Points => 120,
        Measure::Tricks => tricks as i64,
        Measure::Settlement => return None,
    };
    if contract == Contract::SchellenSchafkopf {
        return None;
    }
    let targets = Targets::of(setup);
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

/// The lowest value of the outcome `world` reaches (its exact value's class), found by
/// bisection over `bounds` ([`boundaries`]) with threshold questions, starting where
/// `hint` (another card's floor in the same world, usually the same outcome) lies.
pub(crate) fn floor(
    solver: &mut Solver,
    world: &Game,
    bounds: &[i64],
    hint: Option<i64>,
) -> Result<i64, Error> {
    // The answer is bounds[lo - 1] (or 0 for lo = 0): every boundary below lo is reached,
    // none from hi on. With a hint, first whether its outcome is reached and whether the
    // next is not: two questions where the outcome is the hint's.
    let (mut lo, mut hi) = (0, bounds.len());
    let first: Vec<usize> = match hint {
        Some(h) => {
            let k = bounds.iter().filter(|&&b| b <= h).count();
            [k.checked_sub(1), (k < bounds.len()).then_some(k)]
                .into_iter()
                .flatten()
                .collect()
        }
        None => Vec::new(),
    };
    let mut first = first.into_iter();
    while lo < hi {
        let i = first
            .by_ref()
            .find(|&i| lo <= i && i < hi)
            .unwrap_or((lo + hi) / 2);
        if solver.at_least(world, bounds[i])? {
            lo = i + 1;
        } else {
            hi = i;
        }
    }
    Ok(if lo == 0 { 0 } else { bounds[lo - 1] })
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
        // Every card of a few positions of the example Sauspiel: the floor found by
        // threshold questions is the lowest value of the exact value's outcome, with any
        // hint.
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
            for &(card, value) in &solution.cards {
                let mut after = position.clone();
                after.play_unchecked(card);
                for hint in [None, Some(0), Some(31), Some(61), Some(91), Some(120)] {
                    let found = floor(&mut solver, &after, &bounds, hint).unwrap();
                    assert_eq!(found, floor_of(value), "after {n} cards, {card}, {hint:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "{checked}");
    }
}
