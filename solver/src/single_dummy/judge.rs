//! Judging the cards of a played hand by what their players could know: in every world a
//! player's view allows (drawn from [`super::Worlds`]), every legal card solved double
//! dummy, the card's expectation against the best one's (RULES.md section 11); and a hand
//! played out that way.

use super::parallel;
use super::{round, Sampling, View};
use crate::analysis::{
    analyze, outcome, Analysis, AnalysisView, OutcomeClass, SingleDummy, SingleDummySummary,
};
use crate::cards::Card;
use crate::contract::{Contract, Measure};
use crate::deal::Rng;
use crate::error::Error;
use crate::game::Game;
use crate::search::{Frame, Solver};
use crate::settle::Targets;

/// [`analyze`], and every card with a choice also judged single dummy: the worlds its
/// player's view allows ([`View`]; `sampling.samples` per decision, or all of them where
/// they are fewer), every legal card solved in each (on `solvers`, one thread each), the
/// card's expectation against the best one's. The answer does not depend on the number
/// of solvers.
pub fn analyze_players(
    game: &Game,
    sampling: Sampling,
    solvers: &mut [Solver],
) -> Result<Analysis, Error> {
    let mut analysis = analyze(game, parallel::first(solvers)?)?;
    analysis.view = AnalysisView::Players;
    analysis.samples = Some(sampling.samples);
    analysis.seed = Some(sampling.seed);
    if analysis.plays.is_empty() {
        return Ok(analysis);
    }
    let mut summaries: Vec<SingleDummySummary> = (0..4)
        .map(|_| SingleDummySummary {
            decisions: 0,
            mistakes: 0,
            cost: 0.0,
        })
        .collect();
    let mut position = Game::new(game.setup().clone());
    for play in analysis.plays.iter_mut() {
        // Each decision draws from a stream of its own: the same worlds whatever came before.
        let seed = Rng::stream(sampling.seed, play.index as u64).next_u64();
        let here = Sampling {
            samples: sampling.samples,
            seed,
        };
        let judged = judge_single_dummy(&position, play.card, here, solvers)?;
        let summary = &mut summaries[play.seat.index()];
        summary.decisions += (judged.worlds > 0) as u32;
        summary.mistakes += judged.mistake as u32;
        summary.cost = round(summary.cost + judged.cost, 2);
        play.single_dummy = Some(judged);
        position.play_unchecked(play.card);
    }
    for (p, s) in analysis.players.iter_mut().zip(summaries) {
        p.single_dummy = Some(s);
    }
    Ok(analysis)
}

/// The hand played out from where `position` stands with every card the best by what its
/// player could know ([`judge_single_dummy`], which judges the only card without search;
/// the first of the best where several tie): what single-dummy play makes of the deal.
pub fn play_single_dummy(
    position: &Game,
    sampling: Sampling,
    solvers: &mut [Solver],
) -> Result<Game, Error> {
    let mut game = position.clone();
    while let Some(first) = game.legal_cards().first().filter(|_| !game.is_over()) {
        // `judge_single_dummy` names at least one best card.
        let card = judge_single_dummy(&game, first, sampling, solvers)?.best[0];
        game.play_named(card)?;
    }
    Ok(game)
}

/// `played`, a legal card of the player to move in `position`, judged single dummy: the
/// worlds of his view ([`View`]; `sampling.samples`, or all of them where they are fewer,
/// drawn from `sampling.seed`), every legal card solved in each on `solvers` (one thread
/// each; the answer does not depend on how many), the card's mean against the best mean.
/// The only legal card is judged without search (`worlds` 0).
pub fn judge_single_dummy(
    position: &Game,
    played: Card,
    sampling: Sampling,
    solvers: &mut [Solver],
) -> Result<SingleDummy, Error> {
    position.clone().play_named(played)?;
    let legal = position.legal_cards();
    if legal.len() == 1 {
        return Ok(SingleDummy {
            worlds: 0,
            exhaustive: true,
            expected: None,
            best_expected: None,
            best: vec![played],
            cost: 0.0,
            margin: 0.0,
            mistake: false,
            win: None,
            schneider: None,
        });
    }
    let setup = position.setup();
    let contract = setup.contract();
    let seat = position.to_move();
    let worlds = View::of(position, seat).worlds(sampling.samples, sampling.seed)?;
    let solutions = parallel::each(solvers, worlds.games.len(), |solver, i| {
        solver.solve(&worlds.games[i])
    })?;
    let frame = Frame::of(position)?;
    // The player's side in each world: the same in all but where the partnerships follow
    // cards he cannot see (German Schafkopf with black-Ober partners).
    let sides = worlds
        .games
        .iter()
        .map(|world| {
            Ok(Side {
                maximizes: Frame::of(world)?.maximizers.contains(seat),
                declares: world.setup().declarers().contains(seat),
            })
        })
        .collect::<Result<Vec<Side>, Error>>()?;
    let tricks = setup.trick_count() as u8;
    Ok(judge_over_worlds(
        &solutions,
        worlds.exhaustive,
        played,
        &sides,
        (&contract, Targets::of(setup)),
        frame.measure,
        tricks,
    ))
}

/// The player's part in a world: whether he maximises the measure, and whether he is of
/// the declaring side.
#[derive(Copy, Clone)]
struct Side {
    maximizes: bool,
    declares: bool,
}

/// The single-dummy judgement of `played` from every world's solution (`exhaustive`: the
/// worlds were every consistent one, so the averages are exact and any cost a mistake);
/// `contract`, `measure` and `tricks` class a final value ([`outcome`]).
fn judge_over_worlds(
    solutions: &[crate::search::Solution],
    exhaustive: bool,
    played: Card,
    sides: &[Side],
    (contract, targets): (&Contract, Targets),
    measure: Measure,
    tricks: u8,
) -> SingleDummy {
    let n = solutions.len();
    let cards: Vec<Card> = solutions[0].cards.iter().map(|&(c, _)| c).collect();
    // Per card and world the value in the player's favour (higher is better).
    let favour = |world: usize, v: i64| if sides[world].maximizes { v } else { -v };
    let value_of = |s: &crate::search::Solution, card: Card| {
        s.cards
            .iter()
            .find(|&&(c, _)| c == card)
            .map_or(0, |&(_, v)| v)
    };
    let sums: Vec<i64> = cards
        .iter()
        .map(|&c| {
            solutions
                .iter()
                .enumerate()
                .map(|(w, s)| favour(w, value_of(s, c)))
                .sum()
        })
        .collect();
    // Sums over the same worlds compare exactly: ties are ties.
    let top = sums.iter().copied().max().unwrap_or(0);
    let best: Vec<Card> = cards
        .iter()
        .zip(&sums)
        .filter(|&(_, &s)| s == top)
        .map(|(&c, _)| c)
        .collect();
    let leader = best[0];
    let diffs: Vec<f64> = solutions
        .iter()
        .enumerate()
        .map(|(w, s)| (favour(w, value_of(s, leader)) - favour(w, value_of(s, played))) as f64)
        .collect();
    let mean_diff = diffs.iter().sum::<f64>() / n as f64;
    let margin = if exhaustive || n < 2 {
        0.0
    } else {
        let var = diffs.iter().map(|d| (d - mean_diff).powi(2)).sum::<f64>() / (n - 1) as f64;
        2.0 * (var / n as f64).sqrt()
    };
    let mean =
        |card: Card| solutions.iter().map(|s| value_of(s, card)).sum::<i64>() as f64 / n as f64;
    let share = |f: &dyn Fn(usize, i64) -> bool| {
        let k = (0..n)
            .filter(|&w| f(w, value_of(&solutions[w], played)))
            .count();
        round(k as f64 / n as f64, 4)
    };
    let (win, schneider) = match outcome(contract, targets, measure, 0, tricks) {
        OutcomeClass::Settlement(_) => (None, None),
        OutcomeClass::Declared(_) => {
            let ours = |w: usize, v: i64| match outcome(contract, targets, measure, v, tricks) {
                OutcomeClass::Declared(o) => (
                    o.won == sides[w].declares,
                    o.schneider && o.won == sides[w].declares,
                ),
                OutcomeClass::Settlement(_) => (false, false),
            };
            let points = measure == Measure::Points;
            (
                Some(share(&|w, v| ours(w, v).0)),
                points.then(|| share(&|w, v| ours(w, v).1)),
            )
        }
    };
    let (cost, margin) = (round(mean_diff, 2), round(margin, 2));
    SingleDummy {
        worlds: n,
        exhaustive,
        expected: Some(round(mean(played), 2)),
        best_expected: Some(round(mean(leader), 2)),
        best,
        cost,
        margin,
        mistake: cost > 0.0 && (exhaustive || cost > margin),
        win,
        schneider,
    }
}
