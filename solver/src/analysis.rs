//! Card-by-card analysis of a played hand (INTERFACE.md section 3, `analyze`): the value
//! before each card, the card's own value, the best cards, and what the card cost its side.

use crate::cards::Card;
use crate::contract::{Contract, Measure};
use crate::error::Error;
use crate::game::Game;
use crate::search::{Frame, Judgement, Solver};
use crate::seat::Seat;
use crate::settle::{won_schneider, DeclaredOutcome, Score};
use serde::Serialize;

/// One played card, judged double dummy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayAnalysis {
    /// Position in the play, from 0.
    pub index: usize,
    /// Trick number, from 0.
    pub trick: usize,
    pub seat: Seat,
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    #[serde(serialize_with = "card_text")]
    pub card: Card,
    /// The value of the position before the card (as `solve` prints it there).
    pub before: i64,
    /// The card's own value (as `solve` prints it for this card).
    pub after: i64,
    /// The cards that keep `before`.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    #[serde(serialize_with = "cards_text")]
    pub best: Vec<Card>,
    /// What the card cost its own side in the measure: points (or tricks, or in Ramsch
    /// the player's own money) given away; 0 for a best card.
    pub cost: i64,
    /// Whether the card changed the outcome: won or lost, schneider, schwarz (for Tout
    /// and Bettel: won or lost; in Ramsch: what the player is paid).
    pub turned: bool,
}

/// One seat's summary.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerSummary {
    pub seat: Seat,
    /// Cards played.
    pub cards: u32,
    /// Cards that cost something.
    pub mistakes: u32,
    /// The sum of their costs, in the analysis' measure.
    pub cost: i64,
}

/// The analysis of a hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Analysis {
    pub id: Option<String>,
    /// The result as played (absent while the hand is unfinished).
    pub result: Option<Score>,
    /// What the values count: `points`, `tricks` or (Ramsch) `settlement`.
    pub measure: Measure,
    /// The value before the first card (a Sie, won without play: 120 points).
    pub start: i64,
    pub plays: Vec<PlayAnalysis>,
    pub players: Vec<PlayerSummary>,
}

fn card_text<S: serde::Serializer>(card: &Card, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(card)
}

/// A card set as card text, in card order.
pub(crate) fn cards_set_text<S: serde::Serializer>(
    cards: &crate::cards::Cards,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_str(
        &cards
            .into_iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" "),
    )
}

fn cards_text<S: serde::Serializer>(cards: &[Card], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(cards.iter().map(|c| c.to_string()))
}

/// The outcome a final value stands for, for `turned`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum OutcomeClass {
    /// Won or lost, schneider, schwarz.
    Declared(DeclaredOutcome),
    /// In Ramsch the settlement itself: each one is an outcome (loser or not, Jungfrau,
    /// Durchmarsch).
    Settlement(i64),
}

/// The outcome class of a final value (see [`OutcomeClass`]).
fn outcome(contract: &Contract, measure: Measure, value: i64, tricks: u8) -> OutcomeClass {
    match (contract, measure) {
        (_, Measure::Settlement) => OutcomeClass::Settlement(value),
        (Contract::Bettel { .. }, _) => OutcomeClass::Declared(DeclaredOutcome::plain(value == 0)),
        (_, Measure::Tricks) => {
            OutcomeClass::Declared(DeclaredOutcome::plain(value == tricks as i64))
        }
        (_, Measure::Points) => {
            let (won, schneider) = won_schneider(contract, value as u32);
            let schwarz = if won { value == 120 } else { value == 0 };
            OutcomeClass::Declared(DeclaredOutcome {
                won,
                schneider,
                schwarz,
            })
        }
    }
}

/// Analyses every card of `game` (its play so far), solving every position with `solver`.
/// One solver serves the whole game, so later positions reuse the table of the first.
///
/// In point contracts `turned` reads schwarz from the points (120 or 0), the measure the
/// values count; a schwarz won with a trick worth no points is not told apart.
pub fn analyze(game: &Game, solver: &mut Solver) -> Result<Analysis, Error> {
    let setup = game.setup().clone();
    let plays = game.plays();
    let contract = setup.contract();
    let summaries = || -> Vec<PlayerSummary> {
        Seat::ALL
            .into_iter()
            .map(|seat| PlayerSummary {
                seat,
                cards: 0,
                mistakes: 0,
                cost: 0,
            })
            .collect()
    };
    if let Contract::Sie { .. } = contract {
        // Won without play: the result, and nothing to judge.
        return Ok(Analysis {
            id: setup.id().map(str::to_string),
            result: Some(Score::of(game)?),
            measure: Measure::Points,
            start: 120,
            plays: Vec::new(),
            players: summaries(),
        });
    }
    let tricks = setup.trick_count() as u8;
    let mut position = Game::new(setup.clone());
    let mut out = Vec::with_capacity(plays.len());
    let mut start = None;
    let mut players = summaries();
    for (index, &(seat, card)) in plays.iter().enumerate() {
        let frame = Frame::of(&position)?;
        let Judgement {
            value: before,
            after,
            best,
        } = solver.judge(&position, card)?;
        start.get_or_insert(before);
        let cost = if frame.maximizers.contains(seat) {
            before - after
        } else {
            after - before
        };
        let turned = outcome(&contract, frame.measure, before, tricks)
            != outcome(&contract, frame.measure, after, tricks);
        let summary = &mut players[seat.index()];
        summary.cards += 1;
        summary.mistakes += (cost > 0) as u32;
        summary.cost += cost;
        out.push(PlayAnalysis {
            index,
            trick: index / 4,
            seat,
            card,
            before,
            after,
            best,
            cost,
            turned,
        });
        position.play_unchecked(card);
    }
    let start = match start {
        Some(v) => v,
        None => solver.value(&position)?,
    };
    let result = if game.is_over() {
        Some(Score::of(game)?)
    } else {
        None
    };
    Ok(Analysis {
        id: setup.id().map(str::to_string),
        result,
        measure: contract.measure(),
        start,
        plays: out,
        players,
    })
}
