//! Why a card cost what it cost: the best line after the best card and after the card
//! played, and the trick where they part (`analyze --lines`); and the analysis of a game in
//! every view with those lines, what the command line and the service ask.

use crate::analysis::{analyze, Analysis, CostLines, PlayAnalysis, Taken, Why};
use crate::cards::Card;
use crate::contract::Measure;
use crate::error::Error;
use crate::game::Game;
use crate::search::Solver;
use crate::single_dummy::parallel;
use crate::single_dummy::{analyze_players, Sampling};

/// The analysis of `game` in a view: double dummy ([`analyze`]), or with `sampling` the
/// players' view too ([`analyze_players`]); with `lines` each costly card's two lines
/// ([`explain`]). What `analyze` asks on the command line and the service.
pub fn analyze_in(
    game: &Game,
    sampling: Option<Sampling>,
    lines: bool,
    solvers: &mut [Solver],
) -> Result<Analysis, Error> {
    let mut analysis = match sampling {
        None => analyze(game, parallel::first(solvers)?)?,
        Some(s) => analyze_players(game, s, solvers)?,
    };
    if lines {
        explain(game, &mut analysis, parallel::first(solvers)?)?;
    }
    Ok(analysis)
}

/// The tricks completed from `position` on along `line`.
fn tricks_along(position: &Game, line: &[Card]) -> Vec<Taken> {
    let mut g = position.clone();
    let before = g.tricks().len();
    for &c in line {
        g.play_unchecked(c);
    }
    g.tricks()[before..]
        .iter()
        .map(|t| Taken {
            winner: t.winner,
            points: t.points(),
        })
        .collect()
}

/// Adds to every costly card of `analysis` (of `game`) its two lines ([`CostLines`]).
pub fn explain(game: &Game, analysis: &mut Analysis, solver: &mut Solver) -> Result<(), Error> {
    let declarers = game.setup().declarers();
    let measure = analysis.measure;
    let mut position = Game::new(game.setup().clone());
    for play in analysis.plays.iter_mut() {
        if play.cost.is_some_and(|c| c > 0) {
            if let Some(&best) = play.best.first() {
                // A line whose questions run out of their node budget is not drawn.
                let lines = solver
                    .best_line(&position, Some(best))
                    .and_then(|b| Ok((b, solver.best_line(&position, Some(play.card))?)));
                let (best_line, played) = match lines {
                    Ok(lines) => lines,
                    Err(Error::Unsettled(_)) => {
                        position.play_unchecked(play.card);
                        continue;
                    }
                    Err(e) => return Err(e),
                };
                let a = tricks_along(&position, &best_line);
                let b = tricks_along(&position, &played);
                let first = position.tricks().len();
                let part = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(0);
                let why = why(
                    play,
                    best,
                    measure,
                    declarers,
                    first + part,
                    a[part],
                    b[part],
                );
                play.lines = Some(CostLines {
                    best: best_line,
                    played,
                    trick: first + part,
                    with_best: a[part],
                    with_card: b[part],
                    why,
                });
            }
        }
        position.play_unchecked(play.card);
    }
    Ok(())
}

/// The [`CostLines::why`] of a costly card.
fn why(
    play: &PlayAnalysis,
    best: Card,
    measure: Measure,
    declarers: crate::seat::Seats,
    trick: usize,
    with_best: Taken,
    with_card: Taken,
) -> Why {
    let side = if measure == Measure::Settlement {
        format!("seat {}", play.seat)
    } else if declarers.contains(play.seat) {
        if declarers.len() == 1 {
            "the declarer".to_string()
        } else {
            "the declarers".to_string()
        }
    } else {
        "the defenders".to_string()
    };
    // Asked of costly cards only, whose cost is known.
    let cost = match (measure, play.cost.unwrap_or_default()) {
        (Measure::Points, 1) => "1 point".to_string(),
        (Measure::Points, n) => format!("{n} points"),
        (Measure::Tricks, 1) => "1 trick".to_string(),
        (Measure::Tricks, n) => format!("{n} tricks"),
        (Measure::Settlement, n) => format!("{n} in money"),
    };
    Why {
        card: play.card,
        best,
        side,
        cost,
        trick,
        with_best,
        with_card,
    }
}
