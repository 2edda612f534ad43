//! Judging the cards of a played hand by what their players could know: in every world a
//! player's view allows (drawn from [`super::Worlds`]), every legal card solved double
//! dummy, the card's expectation against the best one's (RULES.md section 11); and a hand
//! played out that way.

use super::decision::{decision_seed, Outlook};
use super::parallel;
use super::{round, Sampling};
use crate::analysis::{analyze, Analysis, AnalysisView, SingleDummy, SingleDummySummary};
use crate::cards::{Card, Cards};
use crate::error::Error;
use crate::game::Game;
use crate::search::Solver;

/// [`analyze`], and every card with a choice also judged single dummy: the worlds its
/// player's view allows ([`View`]; `sampling.ceiling` per decision, or all of them where
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
    // The ceiling where judging starts: the first card, or a Strixner's first after its
    // opening tricks (before them nothing is judged).
    let mut start = Game::new(game.setup().clone());
    for play in &analysis.plays {
        if !start.in_opening() {
            break;
        }
        start.play_unchecked(play.card);
    }
    analysis.samples = match start.in_opening() {
        true => None,
        false => Some(sampling.ceiling(&start)?),
    };
    analysis.seed = Some(sampling.seed);
    analysis.inference = Some(sampling.inference.on(game.setup()).name());
    if analysis.plays.is_empty() {
        return Ok(analysis);
    }
    let mut summaries = vec![SingleDummySummary::default(); 4];
    // Every decision with a choice, judged all at once: a decision's worlds start while
    // the slowest of the decision before are still under way.
    let mut position = Game::new(game.setup().clone());
    let mut positions = Vec::new();
    let mut chosen = Vec::with_capacity(analysis.plays.len());
    for play in &analysis.plays {
        position.clone().play_named(play.card)?;
        // A Strixner's opening cards are not judged (`None`): no sides yet.
        let choice = position.legal_cards().len() > 1;
        chosen.push((!position.in_opening()).then_some(choice));
        if choice && !position.in_opening() {
            // Each decision draws from a stream of its own: the same worlds whatever came
            // before, and as `decide` draws them for this position alone.
            let seed = decision_seed(sampling.seed, play.index);
            let judged = Cards::EMPTY.with(play.card);
            positions.push((position.clone(), Sampling { seed, ..sampling }, judged));
        }
        position.play_unchecked(play.card);
    }
    let decisions: Vec<(&Game, Sampling, Cards)> =
        positions.iter().map(|(p, s, j)| (p, *s, *j)).collect();
    let mut outlooks = Outlook::of_each(&decisions, solvers)?.into_iter();
    for (play, chosen) in analysis.plays.iter_mut().zip(chosen) {
        // The plays with a choice take the outlooks in turn.
        let judged = match chosen {
            None => continue,
            Some(true) => {
                let outlook = outlooks.next().ok_or(Error::Internal(
                    "single dummy: a decision was not judged".to_string(),
                ))?;
                judge_over_worlds(&outlook, play.card)
            }
            Some(false) => only_card(play.card),
        };
        summaries[play.seat.index()].count(&judged);
        play.single_dummy = Some(judged);
    }
    for (p, s) in analysis.players.iter_mut().zip(summaries) {
        p.single_dummy = Some(s);
    }
    Ok(analysis)
}

impl SingleDummySummary {
    /// Adds a card of the seat's, judged single dummy.
    pub(crate) fn count(&mut self, judged: &SingleDummy) {
        self.decisions += (judged.worlds > 0) as u32;
        self.advice.count(judged.advice);
        self.unsettled += judged.unsettled as u32;
        if let Some(cost) = judged.cost {
            self.cost = Some(round(self.cost.unwrap_or(0.0) + cost, 2));
        }
        self.loss = round(self.loss + judged.loss.unwrap_or(0.0), 2);
    }
}

/// The hand played out from where `position` stands with every card the best by what its
/// player could know (the only card without search; the first of the best where several
/// tie): what single-dummy play makes of the deal.
pub fn play_single_dummy(
    position: &Game,
    sampling: Sampling,
    solvers: &mut [Solver],
) -> Result<Game, Error> {
    let mut game = position.clone();
    while !game.is_over() {
        let legal = game.legal_cards();
        let card = match legal.len() {
            1 => legal
                .first()
                .ok_or(Error::Internal("no legal card".to_string()))?,
            _ => best_card(&game, sampling, solvers)?,
        };
        game.play_named(card)?;
    }
    Ok(game)
}

/// The card the player to move in `position` should play by what he could know: the
/// first of the best over the worlds of his view (no card's severity asked: the worlds
/// are judged until the best is clear, `sampling.ceiling` at most).
pub fn best_card(
    position: &Game,
    sampling: Sampling,
    solvers: &mut [Solver],
) -> Result<Card, Error> {
    let here = Sampling {
        seed: decision_seed(sampling.seed, position.plays().len()),
        ..sampling
    };
    let outlook = Outlook::of(position, here, Cards::EMPTY, solvers)?;
    let best = outlook.best().first().map(|&c| outlook.cards[c]);
    best.ok_or(Error::Internal(
        "single dummy: no card named best".to_string(),
    ))
}

/// `played`, a legal card of the player to move in `position`, judged single dummy: the
/// worlds of his view ([`View`]; `sampling.ceiling`, or all of them where they are fewer,
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
    if position.legal_cards().len() == 1 {
        return Ok(only_card(played));
    }
    let outlook = Outlook::of(position, sampling, Cards::EMPTY.with(played), solvers)?;
    Ok(judge_over_worlds(&outlook, played))
}

/// The judgement of the only legal card: best, without search (`worlds` 0).
pub(crate) fn only_card(played: Card) -> SingleDummy {
    SingleDummy {
        worlds: 0,
        card_worlds: None,
        exhaustive: true,
        expected: None,
        best_expected: None,
        best: vec![played],
        cost: None,
        settlement: None,
        best_settlement: None,
        loss: None,
        margin: 0.0,
        loss_interval: None,
        advice: None,
        unsettled: false,
        between: None,
        win: None,
        schneider: None,
        schwarz: None,
    }
}

/// The single-dummy judgement of `played` (one of the cards `outlook` judged) over the
/// worlds of `outlook`: against the card that pays the player most ([`Outlook::best`]),
/// what it gave away in the measure and in money, the interval of that loss and its
/// severity ([`Advice`]) where the interval settles it ([`Outlook::against`]).
pub(crate) fn judge_over_worlds(outlook: &Outlook, played: Card) -> SingleDummy {
    let best: Vec<Card> = outlook
        .best()
        .into_iter()
        .map(|c| outlook.cards[c])
        .collect();
    // `played` was checked legal, and every legal card is among the outlook's.
    let mine = outlook.index(played).unwrap_or(0);
    let verdict = outlook.verdict(mine);
    // The card and the one it was judged against over the worlds its verdict read, so
    // that the loss is the difference of the two settlements shown.
    let card = outlook.card_over(mine, verdict.worlds);
    let best_card = outlook.card_over(verdict.leader, verdict.worlds);
    SingleDummy {
        worlds: outlook.worlds(),
        card_worlds: card.worlds,
        exhaustive: outlook.exhaustive,
        expected: card.expected,
        best_expected: best_card.expected,
        best,
        cost: verdict.cost,
        settlement: card.settlement,
        best_settlement: best_card.settlement,
        loss: verdict.loss,
        margin: verdict.margin,
        loss_interval: verdict.loss_interval.map(|(low, high)| [low, high]),
        advice: verdict.advice,
        unsettled: verdict.unsettled,
        between: verdict.between,
        win: card.win,
        schneider: card.schneider,
        schwarz: card.schwarz,
    }
}
