//! Card-by-card analysis of a played hand (INTERFACE.md section 3, `analyze`): the value
//! before each card, the card's own value, the best cards, and what the card cost its side;
//! with the players' view, also each card judged by what its player could know
//! ([`analyze_players`]).

use crate::advice::{self, outcome, Advice, OutcomeClass, Severities};
use crate::cards::Card;
use crate::contract::{Contract, Measure};
use crate::error::Error;
use crate::game::{Game, Setup};
use crate::search::{Frame, Judgement, Solver};
use crate::seat::Seat;
use crate::settle::{Score, Targets};
use crate::shown::{cards_text, hands_text, sorted_hands, TrickTaken};
use serde::Serialize;

/// One played card, judged double dummy.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayAnalysis {
    /// Position in the play, from 0.
    pub index: usize,
    /// Trick number, from 0.
    pub trick: usize,
    pub seat: Seat,
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    #[serde(serialize_with = "crate::cards::as_text")]
    pub card: Card,
    /// The value of the position before the card (as `solve` prints it there); absent
    /// where the question ran out of its node budget (then `bounds`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<i64>,
    /// The card's own value (as `solve` prints it for this card); absent with `bounds`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<i64>,
    /// In place of `before` and `after`, what the question proved of them before its node
    /// budget ran out (`--node-budget`): `{"value": [low, high], "after": [low, high]}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bounds: Option<crate::error::Unsettled>,
    /// The cards that keep `before` (none known with `bounds`).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    #[serde(serialize_with = "cards_text")]
    pub best: Vec<Card>,
    /// What the card cost its own side in the measure: points (or tricks, or in Ramsch
    /// the player's own money) given away; 0 for a best card; absent with `bounds`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<i64>,
    /// What the card cost its player in money: what best play from here pays him less
    /// what it pays after the card (0 where the outcome is the same); absent with
    /// `bounds` and in Schellen-Schafkopf (paid by the tricks of all four).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loss: Option<i64>,
    /// The card's severity by the share of its player's stake it lost ([`Advice`]);
    /// absent for a card that lost nothing that counts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub advice: Option<Advice>,
    /// Whether the card turned the game: won to lost for its side (in Ramsch: from not
    /// paying to paying; in Schellen-Schafkopf: any trick); absent with `bounds`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turned: Option<bool>,
    /// What the card changed of its side's outcome against the best card: `game` (it
    /// turned the game, as `turned`), else `schneider` or `schwarz` (won or lost, avoided or
    /// suffered); absent where it changed none of them, in Ramsch but for `game`, and with
    /// `bounds`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub changed: Option<Changed>,
    /// The card judged by what its player could know (the players' view only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub single_dummy: Option<SingleDummy>,
    /// A costly card's best line and its own, and where they part (where asked for:
    /// [`explain`](crate::explain())).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lines: Option<CostLines>,
    /// A card of a Strixner's opening tricks, played each for himself before the solo was
    /// announced: not judged, no side being there to judge it for.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub opening: bool,
}

/// What a card changed of its side's outcome ([`PlayAnalysis::changed`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Changed {
    /// Won to lost (it turned the game).
    Game,
    /// The same win or loss, with or without schneider.
    Schneider,
    /// The same win or loss and schneider, with or without schwarz.
    Schwarz,
}

impl Changed {
    /// What differs between the outcome after the best card and after the card played.
    fn between(best: OutcomeClass, card: OutcomeClass, turned: bool) -> Option<Changed> {
        match (best, card) {
            _ if turned => Some(Changed::Game),
            (OutcomeClass::Declared(b), OutcomeClass::Declared(a))
                if b.schneider != a.schneider =>
            {
                Some(Changed::Schneider)
            }
            (OutcomeClass::Declared(b), OutcomeClass::Declared(a)) if b.schwarz != a.schwarz => {
                Some(Changed::Schwarz)
            }
            _ => None,
        }
    }
}

/// One card judged single dummy: every legal card solved in each world the player's view
/// allows, and averaged (each world is still decided double dummy).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SingleDummy {
    /// Worlds judged (0: the only legal card, nothing to choose); fewer than asked for
    /// where the best card was clear before (sequential stopping, RULES.md section 11).
    pub worlds: usize,
    /// The worlds the card was judged in, where it was set aside before the last look
    /// (sequential stopping): its figures, and its loss against the best, are over these.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card_worlds: Option<usize>,
    /// The worlds were every consistent one, once each: the averages are exact.
    pub exhaustive: bool,
    /// The card's expected value, in the analysis' measure (as `after`); absent for a
    /// card that was the only legal one, and where only what the cards pay was asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<f64>,
    /// The best card's expected value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_expected: Option<f64>,
    /// The cards that pay the player most in expectation, points (or tricks) breaking
    /// ties.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    #[serde(serialize_with = "cards_text")]
    pub best: Vec<Card>,
    /// The best card's expected value less this card's, in the player's favour: the
    /// measure given away (negative where the best-paying card gives away more); absent
    /// where only what the cards pay was asked, and for the only legal card.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<f64>,
    /// What the player is paid in expectation after this card and after the best one
    /// (absent in Schellen-Schafkopf and for the only legal card).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub settlement: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_settlement: Option<f64>,
    /// `best_settlement` less `settlement`: the money the card lost in expectation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loss: Option<f64>,
    /// Two standard errors of that loss over the worlds (0 where exhaustive).
    pub margin: f64,
    /// The interval of the money lost, at about 95% (where the worlds are a sample): from
    /// the loss less the margin to the most the card may lose against any card that may
    /// still be the best, as many standard errors above ([RULES.md] section 11).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<[f64; 2]>))]
    pub loss_interval: Option<[f64; 2]>,
    /// The card's severity ([`Advice`]) by the share of the stake lost, where both ends
    /// of the interval name it; absent where that is none, and where the card is
    /// `unsettled`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub advice: Option<Advice>,
    /// The worlds judged (at most `samples`) left the interval's ends in two classes:
    /// no severity is named.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unsettled: bool,
    /// Where unsettled, the two classes the interval's ends name (`none` below an
    /// inaccuracy).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::advice::classes_text"
    )]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<[String; 2]>))]
    pub between: Option<[Option<Advice>; 2]>,
    /// How often the player's side wins after this card (declared contracts).
    pub win: Option<f64>,
    /// How often the player's side wins with schneider, and schwarz (point contracts).
    pub schneider: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schwarz: Option<f64>,
}

/// A seat's single-dummy summary.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SingleDummySummary {
    /// Cards with a choice (more than one legal card).
    pub decisions: u32,
    /// Its cards by severity.
    #[serde(flatten)]
    pub advice: Severities,
    /// Its cards whose severity the worlds left unsettled.
    pub unsettled: u32,
    /// The sum of its cards' costs, in the analysis' measure (absent where only what the
    /// cards pay was asked).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<f64>,
    /// The sum of its cards' losses in money.
    pub loss: f64,
}

/// One seat's summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerSummary {
    pub seat: Seat,
    /// Cards played.
    pub cards: u32,
    /// Its cards by severity ([`Advice`]).
    #[serde(flatten)]
    pub advice: Severities,
    /// The sum of its cards' costs, in the analysis' measure.
    pub cost: i64,
    /// The sum of its cards' losses in money (absent in Schellen-Schafkopf).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loss: Option<i64>,
    /// The players' view only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub single_dummy: Option<SingleDummySummary>,
}

/// Whose knowledge the cards are judged by.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum AnalysisView {
    /// Every player sees all four hands.
    #[default]
    DoubleDummy,
    /// Each card also by what its player could know, over sampled worlds.
    Players,
}

/// The analysis of a hand.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Analysis {
    pub id: Option<String>,
    /// The result as played (absent while the hand is unfinished).
    pub result: Option<Score>,
    /// What the values count: `points`, `tricks` or (Ramsch) `settlement`.
    pub measure: Measure,
    /// The value before the first card (a Sie, won without play: 120 points); absent
    /// where that question ran out of its node budget (the first card's `bounds`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<i64>,
    /// Cards whose question ran out of its node budget (`--node-budget`): they carry
    /// `bounds`, and count in no seat's severities, cost or loss.
    #[serde(skip_serializing_if = "is_zero")]
    pub unsettled: usize,
    pub plays: Vec<PlayAnalysis>,
    pub players: Vec<PlayerSummary>,
    /// Each hand at the first card (after a Hochzeit's exchange or a round's passes), as a
    /// player sorts it for the contract: trumps first from the highest, then each suit.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Vec<String>>))]
    #[serde(serialize_with = "hands_text")]
    pub hands: [Vec<Card>; 4],
    /// The tricks finished as played: who led, the cards, who took each, its points.
    pub tricks: Vec<TrickTaken>,
    /// `players` where each card is also judged single dummy (absent: double dummy).
    #[serde(skip_serializing_if = "is_double_dummy")]
    pub view: AnalysisView,
    /// The worlds asked for per decision and their seed (the players' view only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub samples: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// How the worlds read the auction (the players' view only): `auction` or `none`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inference: Option<&'static str>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

pub(crate) fn is_double_dummy(v: &AnalysisView) -> bool {
    *v == AnalysisView::DoubleDummy
}

/// A costly card's two lines and where they part.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CostLines {
    /// From the position: the first best card, then perfect play to the end.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    #[serde(serialize_with = "cards_text")]
    pub best: Vec<Card>,
    /// The card played, then perfect play to the end.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    #[serde(serialize_with = "cards_text")]
    pub played: Vec<Card>,
    /// The trick (from 0) where the two lines first differ in who takes it or what it
    /// holds.
    pub trick: usize,
    /// That trick along the best line, and along the played one: who takes it, its points.
    pub with_best: Taken,
    pub with_card: Taken,
    /// The same in words: `HK costs the defenders 27 points: in trick 1 SO would have
    /// taken it for seat 2 (20 points); after HK seat 3 takes it (29 points)`.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    #[serde(serialize_with = "crate::cards::as_text")]
    pub why: Why,
}

/// Why a card cost what it cost: the trick where the best card's line and the card's part.
/// Its words are written with the answer (`Display`), so they name cards in its pack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Why {
    pub card: Card,
    pub best: Card,
    /// Who pays the cost: `seat 2` (in money), `the declarer(s)` or `the defenders`.
    pub side: String,
    /// The cost in its measure: `27 points`, `1 trick`, `30 in money`.
    pub cost: String,
    /// The trick (from 0) where the lines part.
    pub trick: usize,
    /// That trick after the best card, and after the card played.
    pub with_best: Taken,
    pub with_card: Taken,
}

/// One trick of a line: who took it and what it held.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Taken {
    pub winner: Seat,
    pub points: u32,
}

impl std::fmt::Display for Why {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let points = |n: u32| {
            if n == 1 {
                "1 point".to_string()
            } else {
                format!("{n} points")
            }
        };
        write!(
            f,
            "{} costs {} {}: in trick {} {} would have let seat {} take it ({}); \
             after {} seat {} takes it ({})",
            self.card,
            self.side,
            self.cost,
            self.trick + 1,
            self.best,
            self.with_best.winner,
            points(self.with_best.points),
            self.card,
            self.with_card.winner,
            points(self.with_card.points)
        )
    }
}

impl PlayAnalysis {
    /// Card `index` of the play, `card` by `seat`, not yet judged (`opening`: in a
    /// Strixner's opening tricks, where nothing is).
    fn unjudged(index: usize, seat: Seat, card: Card, opening: bool) -> PlayAnalysis {
        PlayAnalysis {
            index,
            trick: index / 4,
            seat,
            card,
            before: None,
            after: None,
            bounds: None,
            best: Vec::new(),
            cost: None,
            loss: None,
            advice: None,
            turned: None,
            changed: None,
            single_dummy: None,
            lines: None,
            opening,
        }
    }

    /// The card judged double dummy (`judgement`, in the `frame` of its position in a game
    /// of `setup`): its values before and after, the best cards, what it cost in the
    /// measure and in money, its severity by the shares of the stake, and whether it
    /// turned the game or changed its schneider or schwarz.
    fn judge(&mut self, judgement: Judgement, setup: &Setup, frame: Frame) {
        let Judgement {
            value: before,
            after,
            best,
        } = judgement;
        let (seat, contract) = (self.seat, setup.contract());
        let (tricks, targets) = (setup.trick_count() as u8, Targets::of(setup));
        let maximizes = frame.maximizers.contains(seat);
        let favour = |value: i64| if maximizes { value } else { -value };
        let cost = favour(before) - favour(after);
        let class = |value| outcome(&contract, targets, frame.measure, value, tricks);
        let (best_class, card_class) = (class(before), class(after));
        let paid = |class, value| advice::money(setup, seat, class, favour(value), frame.measure);
        let (best_paid, card_paid) = (paid(best_class, before), paid(card_class, after));
        let stake = advice::stake(setup, seat);
        let share = |paid, value| advice::share(stake, paid, favour(value));
        let points = if frame.measure == Measure::Points {
            cost
        } else {
            0
        };
        let judged = (cost > 0)
            .then(|| {
                Advice::of(
                    share(best_paid, before) - share(card_paid, after),
                    points as f64,
                )
            })
            .flatten();
        let turned = match (best_class, card_class) {
            (OutcomeClass::Declared(b), OutcomeClass::Declared(a)) => b.won != a.won,
            _ => match (best_paid, card_paid) {
                (Some(b), Some(a)) => (b >= 0) != (a >= 0),
                _ => best_class != card_class,
            },
        };
        self.before = Some(before);
        self.after = Some(after);
        self.best = best;
        self.cost = Some(cost);
        self.loss = best_paid.zip(card_paid).map(|(b, a)| b - a);
        self.advice = judged;
        self.turned = Some(turned);
        self.changed = Changed::between(best_class, card_class, turned);
    }
}

impl PlayerSummary {
    /// Nothing counted yet for `seat` in `contract`.
    fn new(seat: Seat, contract: Contract) -> PlayerSummary {
        PlayerSummary {
            seat,
            cards: 0,
            advice: Severities::default(),
            cost: 0,
            // Schellen-Schafkopf pays by the tricks of all four: no loss of one's own.
            loss: (contract != Contract::SchellenSchafkopf).then_some(0),
            single_dummy: None,
        }
    }

    /// Adds a card of the seat's (judged, or out of its question's budget: then only
    /// counted).
    fn count(&mut self, play: &PlayAnalysis) {
        self.cards += 1;
        let Some(cost) = play.cost else {
            return;
        };
        self.advice.count(play.advice);
        self.cost += cost;
        if let (Some(total), Some(loss)) = (self.loss.as_mut(), play.loss) {
            *total += loss;
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
    let summaries = || {
        Seat::ALL
            .map(|seat| PlayerSummary::new(seat, contract))
            .to_vec()
    };
    if let Contract::Sie { .. } = contract {
        // Won without play: the result, and nothing to judge.
        return Ok(Analysis {
            start: Some(setup.deck().points() as i64),
            measure: Measure::Points,
            ..Analysis::of_play(game, Vec::new(), summaries(), Some(Score::of(game)?))
        });
    }
    let mut position = Game::new(setup.clone());
    let mut out = Vec::with_capacity(plays.len());
    let mut unsettled = 0;
    let mut players = summaries();
    for (index, &(seat, card)) in plays.iter().enumerate() {
        let mut play = PlayAnalysis::unjudged(index, seat, card, position.in_opening());
        // A Strixner's opening tricks have no sides yet: nothing to judge them for.
        if play.opening {
            out.push(play);
            position.play_unchecked(card);
            continue;
        }
        let frame = Frame::of(&position)?;
        match solver.judge(&position, card) {
            Ok(judgement) => play.judge(judgement, &setup, frame),
            // Out of the question's own budget: what it proved stands in for the values,
            // and the analysis goes on with the next card.
            Err(Error::Unsettled(bounds)) => {
                unsettled += 1;
                play.bounds = Some(bounds);
            }
            Err(e) => return Err(e),
        }
        players[seat.index()].count(&play);
        out.push(play);
        position.play_unchecked(card);
    }
    // The value before the first card: the first card's `before`, or for a hand not begun
    // its own question (a Strixner has none: it has no sides before its third trick).
    let start = match out.first() {
        _ if setup.opening_tricks() > 0 => None,
        Some(first) => first.before,
        None => match solver.value(&position) {
            Ok(v) => Some(v),
            Err(Error::Unsettled(_)) => {
                unsettled += 1;
                None
            }
            Err(e) => return Err(e),
        },
    };
    let result = if game.has_ended() {
        Some(Score::of(game)?)
    } else {
        None
    };
    Ok(Analysis {
        start,
        unsettled,
        ..Analysis::of_play(game, out, players, result)
    })
}

impl Analysis {
    /// The double-dummy analysis of `game` with its judged `plays`, the `players`'
    /// summaries and the `result`: the contract's measure, the hands and tricks as played,
    /// no start value and nothing out of budget yet.
    fn of_play(
        game: &Game,
        plays: Vec<PlayAnalysis>,
        players: Vec<PlayerSummary>,
        result: Option<Score>,
    ) -> Analysis {
        let setup = game.setup();
        Analysis {
            id: setup.id().map(str::to_string),
            result,
            measure: setup.contract().measure(),
            start: None,
            unsettled: 0,
            plays,
            players,
            hands: sorted_hands(game, setup.hands()),
            tricks: TrickTaken::all(game),
            view: AnalysisView::DoubleDummy,
            samples: None,
            seed: None,
            inference: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settle::DeclaredOutcome;

    fn declared(won: bool, schneider: bool, schwarz: bool) -> OutcomeClass {
        OutcomeClass::Declared(DeclaredOutcome {
            won,
            schneider,
            schwarz,
        })
    }

    #[test]
    fn a_card_changes_the_game_before_the_schneider_before_the_schwarz() {
        // 91 points instead of 61: the same win, the schneider gone.
        let (best, card) = (declared(true, true, false), declared(true, false, false));
        assert_eq!(
            Changed::between(best, card, false),
            Some(Changed::Schneider)
        );
        // Lost either way, schwarz only after the card.
        let (best, card) = (declared(false, true, false), declared(false, true, true));
        assert_eq!(Changed::between(best, card, false), Some(Changed::Schwarz));
        // Won to lost is the game, whatever else changed.
        let (best, card) = (declared(true, true, false), declared(false, false, false));
        assert_eq!(Changed::between(best, card, true), Some(Changed::Game));
        assert_eq!(Changed::between(best, best, false), None);
        // In Ramsch only a turn counts.
        let (best, card) = (OutcomeClass::Settlement(10), OutcomeClass::Settlement(-30));
        assert_eq!(Changed::between(best, card, true), Some(Changed::Game));
        assert_eq!(Changed::between(best, card, false), None);
    }
}
