//! A game at three judged card by card by what each player could know (`analyze --view
//! players`, RULES.md sections 11 and 16): the double-dummy analysis, and every card with
//! a choice judged over the worlds of its player's view ([`super::players`]) by the
//! four-seat stopping rule and verdict, so that a card is named a mistake only where the
//! worlds settle it.

use super::game::Game;
use super::players::{solo_at_three, ThreeWorlds};
use super::questions::Limits;
use super::record::TableRecord;
use super::TableAnalysis;
use crate::analysis::{AnalysisView, SingleDummySummary};
use crate::cards::{Card, Cards};
use crate::error::Error;
use crate::search::Solver;
use crate::single_dummy::{decision_seed, judge_over_worlds, only_card, Outlook, Sampling};

impl TableRecord {
    /// The analysis of the game at three within `limits` (double dummy), and every card
    /// with a choice also judged over at most `sampling.samples` worlds of its player's
    /// view (all where there are no more), drawn from its own stream of `sampling.seed`
    /// (as `solve --view players` draws that decision's), each world's questions within
    /// `question` nodes, on `solvers` (one thread each; the answer does not depend on how
    /// many).
    pub fn analyze_players(
        &self,
        limits: Limits,
        sampling: &Sampling,
        question: u64,
        solvers: &mut [Solver],
    ) -> Result<TableAnalysis, Error> {
        let game = self.game()?;
        let contract = solo_at_three(game.deal())?;
        let mut analysis = TableAnalysis::of(&game, self.id.clone(), limits)?;
        analysis.view = AnalysisView::Players;
        analysis.samples = Some(sampling.ceiling_for(sampling.points).max(1));
        analysis.seed = Some(sampling.seed);
        // The short pack has no Sixes: every face played is a card.
        let cards = game
            .played()
            .iter()
            .map(|f| f.card().ok_or(Error::Internal(format!("{f} at three"))))
            .collect::<Result<Vec<Card>, Error>>()?;
        // The positions before each card; those with a choice are judged, all at once.
        let mut positions = Vec::with_capacity(cards.len());
        let mut position = Game::new(game.deal().clone());
        for &face in game.played() {
            positions.push(position.clone());
            position.play(face)?;
        }
        let chosen: Vec<bool> = positions
            .iter()
            .map(|p| p.legal_cards().len() > 1)
            .collect();
        let mut decisions = Vec::new();
        for (i, position) in positions.iter().enumerate().filter(|&(i, _)| chosen[i]) {
            let drawn = (sampling, decision_seed(sampling.seed, i));
            let worlds = ThreeWorlds::new(position, contract, drawn, question)?;
            decisions.push((worlds, Cards::EMPTY.with(cards[i]), sampling.sequential));
        }
        let mut outlooks = Outlook::judge_each(decisions, solvers)?.into_iter();
        let mut summaries = vec![SingleDummySummary::default(); analysis.players.len()];
        for ((play, chosen), &card) in analysis.plays.iter_mut().zip(chosen).zip(&cards) {
            let judged = match chosen {
                true => {
                    let outlook = outlooks.next().ok_or(Error::Internal(
                        "single dummy: a decision was not judged".to_string(),
                    ))?;
                    judge_over_worlds(&outlook, card)
                }
                false => only_card(card),
            };
            summaries[play.seat as usize].count(&judged);
            play.single_dummy = Some(judged);
        }
        for (p, s) in analysis.players.iter_mut().zip(summaries) {
            p.single_dummy = Some(s);
        }
        Ok(analysis)
    }
}
