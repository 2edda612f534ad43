//! A played game at a wide table card by card (as [`crate::analyze`] for four seats):
//! each card's value before and after, the best cards, its cost in card points and its
//! severity by what it lost its player in game points (at three, in money), within the
//! request's limits; a card whose question ran out of its budget carries what was proved.

use super::deal::Deal;
use super::faces::Face;
use super::game::{Game, Position};
use super::questions::{Limits, Questions};
use super::record::TableRecord;
use super::score::{outcome_of, paid, targets, Score};
use super::shown::{sorted, title, tricks, TableTrick};
use crate::advice::{Advice, Severities};
use crate::analysis::{is_double_dummy, AnalysisView, Changed, SingleDummy, SingleDummySummary};
use crate::error::Error;
use crate::settle::DeclaredOutcome;
use serde::Serialize;

/// One card judged.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TablePlay {
    /// The card's number in the play, from 0.
    pub index: usize,
    /// The trick it went to, from 0.
    pub trick: usize,
    pub seat: u8,
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub card: Face,
    /// The declarers' card points of the whole game under perfect play before the card
    /// and after it (absent where the question ran out of its budget).
    pub before: Option<u32>,
    pub after: Option<u32>,
    /// Where the question ran out of its budget: what was proved of the value before the
    /// card.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bounds: Option<Proved>,
    /// The best cards (each face once).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub best: Vec<Face>,
    /// Card points the card gave away, for its player's side.
    pub cost: Option<u32>,
    /// What it lost its player: game points at von Alvensleben's tables, money at three.
    pub loss: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub advice: Option<Advice>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub changed: Option<Changed>,
    /// The card judged by what its player could know (the players' view only, at three).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub single_dummy: Option<SingleDummy>,
}

/// What a question out of its budget proved: the value before the card lies in
/// `value[0]..=value[1]` (as the four-seat analysis' `bounds.value`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Proved {
    pub value: [u32; 2],
}

/// The card points at which the game's outcome changes, for the pages' graph: the
/// declarers win from `win`, schneider from `schneider`, and are out of schneider from
/// `free`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Levels {
    pub win: u32,
    pub schneider: u32,
    pub free: u32,
}

/// One seat's cards together.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TablePlayer {
    pub seat: u8,
    pub cards: u32,
    #[serde(flatten)]
    pub advice: Severities,
    pub cost: u32,
    pub loss: i64,
    /// The players' view only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub single_dummy: Option<SingleDummySummary>,
}

/// The analysis of a game at a wide table.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TableAnalysis {
    pub id: Option<String>,
    /// Von Alvensleben's letter, or `three`.
    pub table: &'static str,
    pub seats: u8,
    /// The game in words.
    pub title: String,
    pub declarer: u8,
    pub declarers: Vec<u8>,
    /// Always `points`: the declarers' card points, out of `total`.
    pub measure: &'static str,
    pub total: u32,
    pub levels: Levels,
    /// The value before the first card, where proved.
    pub start: Option<u32>,
    /// Cards whose question ran out of its budget.
    pub unsettled: usize,
    pub plays: Vec<TablePlay>,
    pub players: Vec<TablePlayer>,
    /// Each hand as dealt, sorted as a player sorts it.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Vec<String>>))]
    pub hands: Vec<Vec<Face>>,
    pub tricks: Vec<TableTrick>,
    /// The result as played, and in words (absent while cards are to be played).
    pub result: Option<Score>,
    pub result_text: Option<String>,
    /// `players` where each card is also judged by what its player could know (absent:
    /// double dummy).
    #[serde(skip_serializing_if = "is_double_dummy")]
    pub view: AnalysisView,
    /// The worlds asked for per decision and their seed (the players' view only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub samples: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

impl Levels {
    fn of(deal: &Deal) -> Levels {
        let t = targets(deal);
        Levels {
            win: t.win,
            schneider: t.schneider,
            free: t.free,
        }
    }
}

impl TablePlayer {
    fn new(seat: u8) -> TablePlayer {
        TablePlayer {
            seat,
            cards: 0,
            advice: Severities::default(),
            cost: 0,
            loss: 0,
            single_dummy: None,
        }
    }

    /// Adds a card the seat played.
    fn count(&mut self, play: &TablePlay) {
        self.cards += 1;
        self.advice.count(play.advice);
        self.cost += play.cost.unwrap_or(0);
        self.loss += play.loss.unwrap_or(0);
    }
}

impl TableRecord {
    /// Every card of the record judged, within `limits`.
    pub fn analyze(&self, limits: Limits) -> Result<TableAnalysis, Error> {
        TableAnalysis::of(&self.game()?, self.id.clone(), limits)
    }
}

impl TableAnalysis {
    /// Every card of `game` judged within `limits` (one search for all, so a later
    /// position reuses what an earlier one proved).
    pub fn of(game: &Game, id: Option<String>, limits: Limits) -> Result<TableAnalysis, Error> {
        let deal = game.deal();
        let seats = deal.table().seats();
        let mut questions = Questions::new(deal, limits);
        let mut position = Position::start(deal);
        let mut players: Vec<TablePlayer> = (0..seats).map(TablePlayer::new).collect();
        let mut plays = Vec::with_capacity(game.played().len());
        for (index, &card) in game.played().iter().enumerate() {
            let seat = position.to_move();
            let mut play = TablePlay {
                index,
                trick: index / seats as usize,
                seat,
                card,
                before: None,
                after: None,
                bounds: None,
                best: Vec::new(),
                cost: None,
                loss: None,
                advice: None,
                changed: None,
                single_dummy: None,
            };
            let taken = position.points_of(deal.declarers());
            match questions.values(&position)? {
                Some(values) => judge(deal, &mut play, taken, &values),
                None => {
                    let value = match questions.value(&position)? {
                        Ok(v) => [taken + v; 2],
                        Err([low, high]) => [taken + low, taken + high],
                    };
                    play.bounds = Some(Proved { value })
                }
            }
            players[seat as usize].count(&play);
            plays.push(play);
            position.play(deal.order(), card);
        }
        let start = match plays.first() {
            Some(first) => first.before,
            None => questions.value(&position)?.ok(),
        };
        let result = Score::of(game, id.clone());
        Ok(TableAnalysis {
            id,
            table: deal.game().name(),
            seats,
            title: title(deal),
            declarer: deal.declarer(),
            declarers: deal.declaring_seats(),
            measure: "points",
            total: deal.table().points(),
            levels: Levels::of(deal),
            start,
            unsettled: plays.iter().filter(|p| p.before.is_none()).count(),
            plays,
            players,
            hands: deal
                .hands()
                .iter()
                .map(|&h| sorted(deal.order(), h))
                .collect(),
            tricks: tricks(game).0,
            result_text: result.as_ref().map(Score::in_words),
            result,
            view: AnalysisView::DoubleDummy,
            samples: None,
            seed: None,
        })
    }
}

/// Fills in `play`'s values from every legal card's (`values`, card points still to
/// come; `taken`, the declarers' so far): the best for its player's side, the card's,
/// what it cost in card points and in what the ending pays him, and its severity.
fn judge(deal: &Deal, play: &mut TablePlay, taken: u32, values: &[(Face, u32)]) {
    let ours = deal.declarers() & 1 << play.seat != 0;
    // The card's worth to its player's side: the declarers' points, or the others'.
    let favour = |v: u32| if ours { v } else { deal.table().points() - v };
    let of = |face: Face| {
        values
            .iter()
            .find(|(f, _)| *f == face)
            .map(|&(_, v)| taken + v)
    };
    let best = values
        .iter()
        .map(|&(_, v)| taken + v)
        .max_by_key(|&v| favour(v));
    let (Some(before), Some(after)) = (best, of(play.card)) else {
        return;
    };
    let (best_end, card_end) = (outcome_of(deal, before), outcome_of(deal, after));
    let seat = play.seat as usize;
    let (best_paid, card_paid) = (paid(deal, best_end)[seat], paid(deal, card_end)[seat]);
    let stake = paid(deal, DeclaredOutcome::plain(true))[seat].abs().max(1);
    let cost = favour(before) - favour(after);
    let loss = best_paid - card_paid;
    play.before = Some(before);
    play.after = Some(after);
    play.best = values
        .iter()
        .filter(|&&(_, v)| taken + v == before)
        .map(|&(f, _)| f)
        .collect();
    play.cost = Some(cost);
    play.loss = Some(loss);
    play.advice = (cost > 0)
        .then(|| Advice::of(loss as f64 / (2 * stake) as f64, cost as f64))
        .flatten();
    play.changed = changed(best_end, card_end);
}

/// What differs between the ending after the best card and after the card played.
fn changed(best: DeclaredOutcome, card: DeclaredOutcome) -> Option<Changed> {
    if best.won != card.won {
        Some(Changed::Game)
    } else if best.schneider != card.schneider {
        Some(Changed::Schneider)
    } else if best.schwarz != card.schwarz {
        Some(Changed::Schwarz)
    } else {
        None
    }
}
