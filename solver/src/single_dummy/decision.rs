//! One decision judged single dummy: in every world the player's view allows, every legal
//! card solved double dummy and its ending read as the player is paid (won, schneider,
//! schwarz, money), then averaged per card ([`decide`]). The analysis of a played card
//! (`judge.rs`) reads the same worlds.

use super::ending::{difference, Ending};
use super::parallel;
use super::{round, stopping, thresholds, Sampling, View};
use crate::advice::{self, outcome, Advice, OutcomeClass};
use crate::cards::{Card, Cards};
use crate::contract::Measure;
use crate::deal::Rng;
use crate::error::Error;
use crate::game::Game;
use crate::search::{Frame, Solver};
use crate::seat::{BySeat, Seat};
use crate::settle::Targets;
use crate::shown::cards_text;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use std::sync::atomic::{AtomicU32, Ordering};

/// Every legal card of a decision in the worlds drawn: `by_card[card][world]`.
#[derive(Clone, Debug)]
pub(crate) struct Outlook {
    pub measure: Measure,
    pub cards: Vec<Card>,
    /// Each card's endings, world by world: in every world judged, but for a card set
    /// aside at a look before the last (`stopping.rs`), in those up to that look.
    pub by_card: Vec<Vec<Ending>>,
    /// The worlds were every consistent one, once each: averages are exact.
    pub exhaustive: bool,
    /// The endings' values are exact; otherwise each is the lowest value of the outcome
    /// the card reaches (what it pays is exact, its expectation unknown).
    pub exact: bool,
    /// Each world's four hands as dealt, in the order drawn (the first [`Outlook::worlds`]
    /// are those judged).
    pub dealt: Vec<BySeat<Cards>>,
}

impl Outlook {
    /// The worlds of the view of the player to move in `position` (`sampling.samples`,
    /// or all of them where they are fewer), every legal card solved in each on `solvers`;
    /// where `sampling.sequential`, a sample judged in rounds, each card until it is set
    /// aside and all until one is left (`stopping.rs`).
    pub fn of(
        position: &Game,
        sampling: Sampling,
        solvers: &mut [Solver],
    ) -> Result<Outlook, Error> {
        Ok(Outlook::of_each(&[(position, sampling)], solvers)?.remove(0))
    }

    /// [`Outlook::of`] for each of `decisions` (a position and its sampling), all judged
    /// on `solvers` at once ([`parallel::each_until_in_groups`]: no thread waits for the
    /// slowest world of a decision): each outlook is that of its position alone.
    pub fn of_each(
        decisions: &[(&Game, Sampling)],
        solvers: &mut [Solver],
    ) -> Result<Vec<Outlook>, Error> {
        let judgings = decisions
            .iter()
            .map(|&(position, sampling)| Judging::new(position, sampling))
            .collect::<Result<Vec<_>, Error>>()?;
        let mut readings: Vec<Reading> = judgings.iter().map(Judging::reading).collect();
        let groups: Vec<usize> = judgings.iter().map(|j| j.worlds.games.len()).collect();
        parallel::each_until_in_groups(
            solvers,
            &groups,
            |solver, g, i| judgings[g].values(solver, i),
            |g, values| judgings[g].take(&mut readings[g], &values),
        )?;
        Ok(readings.into_iter().map(|r| r.outlook).collect())
    }

    /// The endings of the legal cards in `world` (of the view of `position`'s player to
    /// move), from their values there (none for a card not judged in it).
    fn endings_of(
        &self,
        position: &Game,
        world: &Game,
        values: &[Option<i64>],
    ) -> Result<Vec<Option<Ending>>, Error> {
        let seat = position.to_move();
        let measure = self.measure;
        let tricks = position.setup().trick_count() as u8;
        // The player's part differs between worlds only where partnerships follow cards
        // he cannot see (German Schafkopf with black-Ober partners).
        let maximizes = Frame::of(world)?.maximizers.contains(seat);
        let declares = world.setup().declarers().contains(seat);
        let setup = world.setup();
        let (contract, targets) = (setup.contract(), Targets::of(setup));
        let stake = advice::stake(setup, seat);
        let ending = |value: i64| {
            let favour = if maximizes { value } else { -value };
            let class = outcome(&contract, targets, measure, value, tricks);
            let ours = match class {
                OutcomeClass::Declared(o) => {
                    let won = o.won == declares;
                    Some([won, won && o.schneider, won && o.schwarz])
                }
                OutcomeClass::Settlement(_) => None,
            };
            let money = advice::money(setup, seat, class, favour, measure);
            Ending {
                value,
                favour,
                ours,
                money,
                share: advice::share(stake, money, favour),
            }
        };
        Ok(values.iter().map(|&v| v.map(ending)).collect())
    }

    /// The worlds judged: those of the cards judged to the end.
    pub fn worlds(&self) -> usize {
        self.by_card.iter().map(Vec::len).max().unwrap_or(0)
    }

    /// The index of `card` among the legal cards.
    pub fn index(&self, card: Card) -> Option<usize> {
        self.cards.iter().position(|&c| c == card)
    }

    /// The cards that pay the player most in expectation (money; in Schellen-Schafkopf
    /// the measure), points (or tricks) breaking ties between them: of the cards judged
    /// in every world those of the top sums, in card order, then each card set aside
    /// that paid the first of them the same in every world it was judged in (a tie no
    /// world broke).
    pub fn best(&self) -> Vec<usize> {
        let key = |e: &Ending| (e.money.unwrap_or(0), e.favour);
        let sums = |c: usize| {
            let endings = &self.by_card[c];
            (
                endings.iter().map(|e| key(e).0).sum::<i64>(),
                endings.iter().map(|e| key(e).1).sum::<i64>(),
            )
        };
        let worlds = self.worlds();
        let cards = 0..self.cards.len();
        let judged: Vec<usize> = cards
            .clone()
            .filter(|&c| self.by_card[c].len() == worlds)
            .collect();
        let top = judged.iter().map(|&c| sums(c)).max();
        let mut best: Vec<usize> = judged
            .iter()
            .copied()
            .filter(|&c| Some(sums(c)) == top)
            .collect();
        if let Some(&leader) = best.first() {
            let tied = |c: usize| {
                let (endings, leader) = (&self.by_card[c], &self.by_card[leader]);
                endings.iter().zip(leader).all(|(e, l)| key(e) == key(l))
            };
            best.extend(cards.filter(|&c| self.by_card[c].len() < worlds && tied(c)));
        }
        best
    }

    /// Card `card` against `leader` (the best card) over the worlds the card was judged
    /// in: what it gave away in the measure (where the values are exact) and in money, and
    /// its severity ([`Advice`]) by the share of the stake lost less two standard errors
    /// (none where the worlds were every consistent one: the averages are exact).
    pub fn against(&self, leader: usize, card: usize) -> Verdict {
        // The mean of a difference between the leader and this card over the worlds, and
        // two standard errors of it where the worlds are a sample.
        let (leader_endings, card_endings) = (&self.by_card[leader], &self.by_card[card]);
        let beyond_doubt = |f: &dyn Fn(&Ending) -> f64| -> (f64, f64) {
            let (mean, error) = difference(leader_endings, card_endings, f);
            (mean, if self.exhaustive { 0.0 } else { 2.0 * error })
        };
        // The measure given away, and points as the smallest severity, only where the
        // values are exact.
        let given = self.exact.then(|| beyond_doubt(&|e| e.favour as f64));
        let cost = given.map(|(mean, _)| round(mean, 2));
        let (share, share_margin) = beyond_doubt(&|e| e.share);
        let points = match (self.measure, given) {
            (Measure::Points, Some((mean, margin))) => mean - margin,
            _ => 0.0,
        };
        let paid = card_endings.first().is_some_and(|e| e.money.is_some());
        let (loss, margin) = match paid {
            true => {
                let (loss, margin) = beyond_doubt(&|e| e.money.unwrap_or(0) as f64);
                (Some(round(loss, 2)), round(margin, 2))
            }
            false => (None, round(share_margin / advice::TRICK_SHARE, 2)),
        };
        Verdict {
            cost,
            loss,
            margin,
            advice: Advice::of(share - share_margin, points),
        }
    }

    /// Card `card`'s averages over the worlds it was judged in.
    pub fn card(&self, card: usize) -> CardOutlook {
        self.card_over(card, self.by_card[card].len())
    }

    /// Card `card`'s averages over the first `worlds` worlds it was judged in (those of a
    /// card set aside, to compare the best card with it).
    pub fn card_over(&self, card: usize, worlds: usize) -> CardOutlook {
        let endings = &self.by_card[card][..worlds.min(self.by_card[card].len())];
        let n = endings.len().max(1) as f64;
        let mean = |f: fn(&Ending) -> i64| round(endings.iter().map(f).sum::<i64>() as f64 / n, 2);
        let share = |k: usize| {
            let count = endings.iter().filter(|e| e.ours.is_some_and(|o| o[k]));
            round(count.count() as f64 / n, 4)
        };
        let declared = endings.first().is_some_and(|e| e.ours.is_some());
        let points = self.measure == Measure::Points;
        let paid = endings.first().is_some_and(|e| e.money.is_some());
        CardOutlook {
            card: self.cards[card],
            worlds: (endings.len() < self.worlds()).then_some(endings.len()),
            expected: self.exact.then(|| mean(|e| e.value)),
            win: declared.then(|| share(0)),
            schneider: (declared && points).then(|| share(1)),
            schwarz: (declared && points).then(|| share(2)),
            settlement: paid.then(|| mean(|e| e.money.unwrap_or(0))),
            loss: None,
            advice: None,
        }
    }
}

/// A decision's worlds as they are judged: what every search reads (the worlds, the
/// cards, and the cards still open, which only shrinks).
struct Judging<'a> {
    position: &'a Game,
    worlds: super::Worlds,
    cards: Vec<Card>,
    measure: Measure,
    bounds: Option<Vec<i64>>,
    /// The cards still judged, a bit each (a hand holds at most eight), for the worlds
    /// not yet started. Cards are only ever set aside, so a world started earlier judged
    /// every card still open when its turn to be read comes.
    open: AtomicU32,
    /// Whether the worlds are judged in rounds (`stopping.rs`).
    sequential: bool,
}

/// What the worlds read so far of a decision made of it.
struct Reading {
    outlook: Outlook,
    read: usize,
    /// The worlds read at the next look.
    look: usize,
}

impl<'a> Judging<'a> {
    /// The worlds of the view of the player to move in `position` (`sampling.samples`,
    /// or all of them where they are fewer, from `sampling.seed`), none judged yet.
    fn new(position: &'a Game, sampling: Sampling) -> Result<Judging<'a>, Error> {
        let seat = position.to_move();
        let worlds = View::of(position, seat)
            .assuming(&sampling.assume.list())?
            .worlds(sampling.samples, sampling.seed)?;
        let measure = Frame::of(position)?.measure;
        let bounds = match sampling.points {
            true => None,
            false => thresholds::boundaries(position, measure),
        };
        let cards: Vec<Card> = position.legal_cards().into_iter().collect();
        let all = (0..cards.len()).fold(0u32, |mask, c| mask | 1 << c);
        // Every world at once where they are all of them (exact averages) or all asked for.
        let sequential = sampling.sequential && !worlds.exhaustive;
        Ok(Judging {
            position,
            worlds,
            cards,
            measure,
            bounds,
            open: AtomicU32::new(all),
            sequential,
        })
    }

    /// Nothing read yet.
    fn reading(&self) -> Reading {
        let total = self.worlds.games.len();
        Reading {
            outlook: Outlook {
                measure: self.measure,
                by_card: vec![Vec::with_capacity(total); self.cards.len()],
                cards: self.cards.clone(),
                exhaustive: self.worlds.exhaustive,
                exact: self.bounds.is_none(),
                dealt: self
                    .worlds
                    .games
                    .iter()
                    .map(|g| g.setup().dealt_hands())
                    .collect(),
            },
            read: 0,
            look: match self.sequential {
                true => stopping::next_look(0, total),
                false => total,
            },
        }
    }

    /// The values of the cards still open in world `i` ([`world_values`]).
    fn values(&self, solver: &mut Solver, i: usize) -> Result<Vec<Option<i64>>, Error> {
        let judged = self.open.load(Ordering::Relaxed);
        let world = &self.worlds.games[i];
        world_values(solver, world, &self.cards, judged, self.bounds.as_deref())
    }

    /// Reads the next world's values into `reading`: at each look the cards set aside
    /// are judged no more; whether to go on (judging stops once one card is left).
    fn take(&self, reading: &mut Reading, values: &[Option<i64>]) -> Result<bool, Error> {
        let total = self.worlds.games.len();
        let mask = self.open.load(Ordering::Relaxed);
        let outlook = &mut reading.outlook;
        let world = &self.worlds.games[reading.read];
        let endings = outlook.endings_of(self.position, world, values)?;
        reading.read += 1;
        for (c, ending) in endings.into_iter().enumerate() {
            match ending {
                Some(e) if mask & 1 << c != 0 => outlook.by_card[c].push(e),
                None if mask & 1 << c != 0 => {
                    return Err(Error::BadView(format!(
                        "single dummy: card {} was not judged in world {}",
                        self.cards[c], reading.read
                    )))
                }
                _ => {}
            }
        }
        if reading.read < reading.look {
            return Ok(true);
        }
        reading.look = stopping::next_look(reading.look, total);
        if !self.sequential {
            return Ok(true);
        }
        let still = stopping::still_open(&outlook.by_card, mask, outlook.best()[0]);
        self.open.store(still, Ordering::Relaxed);
        Ok(still.count_ones() > 1)
    }
}

/// A card against the best over the worlds of a decision ([`Outlook::against`]).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Verdict {
    pub cost: Option<f64>,
    pub loss: Option<f64>,
    pub margin: f64,
    pub advice: Option<Advice>,
}

/// One legal card over the worlds of a decision.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CardOutlook {
    /// The card (the key it is listed under).
    #[serde(skip)]
    pub card: Card,
    /// The worlds it was judged in, where it was set aside before the last look
    /// (sequential stopping, RULES.md section 11): its figures are over these alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub worlds: Option<usize>,
    /// The expected value after the card, in the measure (as `solve` counts it: the
    /// declaring side's points or tricks; in Ramsch the player's own money); absent where
    /// only what the cards pay was asked (`points=false`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<f64>,
    /// How often the player's side wins after it (declared contracts).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win: Option<f64>,
    /// How often it wins with schneider (point contracts).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schneider: Option<f64>,
    /// How often it wins schwarz (point contracts).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schwarz: Option<f64>,
    /// What the player is paid in expectation (negative: pays), with the world's
    /// Laufende and the game's doublings; absent in Schellen-Schafkopf.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub settlement: Option<f64>,
    /// What it loses in money against the first of the best cards, in expectation (0
    /// for a best card; absent in Schellen-Schafkopf).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loss: Option<f64>,
    /// Its severity against the best ([`Advice`], as `analyze --view players` judges a
    /// card played); absent for none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub advice: Option<Advice>,
}

/// A decision judged by what its player could know (`solve --view players`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(example = json!({"id": "sauspiel-1180324214", "seat": 0,
    "measure": "points", "samples": 100, "seed": 3, "worlds": 20, "exhaustive": false,
    "cards": {"GK": {"win": 0.8, "schneider": 0.2, "schwarz": 0.0, "settlement": 12.0,
    "loss": 0.5}, "G8": {"win": 0.8, "schneider": 0.25, "schwarz": 0.0, "settlement": 12.5,
    "loss": 0.0}},
    "best": ["G8"]})))]
pub struct Decision {
    pub id: Option<String>,
    /// The player to move, whose view the worlds keep to.
    pub seat: Seat,
    pub measure: Measure,
    /// Worlds asked for, and the seed they were drawn from.
    pub samples: usize,
    pub seed: u64,
    /// Worlds judged: every consistent one where they were no more than `samples`
    /// (then `exhaustive`, and the averages are exact); fewer than `samples` where the
    /// best card was clear before (sequential stopping, RULES.md section 11).
    pub worlds: usize,
    pub exhaustive: bool,
    /// Each legal card, in card order.
    #[cfg_attr(feature = "openapi", schema(value_type = std::collections::BTreeMap<String, CardOutlook>))]
    #[serde(serialize_with = "outlooks_map")]
    pub cards: Vec<CardOutlook>,
    /// The cards that pay the player most in expectation, points (or tricks) breaking
    /// ties.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    #[serde(serialize_with = "cards_text")]
    pub best: Vec<Card>,
    /// Where asked for ([`Decision::showing_worlds`]): the first worlds the verdict averaged
    /// over, the deals it imagined.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shown_worlds: Option<Vec<ShownWorld>>,
    /// Every world judged, its hands as dealt (what `shown_worlds` shows).
    #[serde(skip)]
    judged_worlds: Vec<BySeat<Cards>>,
}

/// One world a verdict averaged over.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ShownWorld {
    /// All four hands as dealt, the viewer's own among them (before a Hochzeit's exchange
    /// or a round's passes).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    #[serde(serialize_with = "hands_line")]
    pub hands: BySeat<Cards>,
    /// Its weight in the averages: 1 where every world weighs alike, as every world does
    /// today (drawn uniformly from those the view allows).
    pub weight: f64,
}

fn hands_line<S: Serializer>(hands: &BySeat<Cards>, s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(hands.0.iter().map(|h| h.to_string()))
}

impl Decision {
    /// The same decision showing the first `n` worlds it averaged over (at most as many as
    /// it judged), each with its weight; none shown where `n` is none.
    pub fn showing_worlds(mut self, n: Option<usize>) -> Decision {
        self.shown_worlds = n.map(|n| {
            self.judged_worlds
                .iter()
                .take(n)
                .map(|&hands| ShownWorld { hands, weight: 1.0 })
                .collect()
        });
        self
    }
}

fn outlooks_map<S: Serializer>(cards: &[CardOutlook], s: S) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(cards.len()))?;
    for c in cards {
        map.serialize_entry(&c.card.to_string(), c)?;
    }
    map.end()
}

/// The cards of `cards` (legal for the player to move in the view) whose bits `judged`
/// holds valued in `world`, none for the others: exactly, or where `bounds` are given
/// ([`thresholds::boundaries`]) by the outcome alone.
fn world_values(
    solver: &mut Solver,
    world: &Game,
    cards: &[Card],
    judged: u32,
    bounds: Option<&[i64]>,
) -> Result<Vec<Option<i64>>, Error> {
    // Every world deals the player the same hand and replays the same play, so his legal
    // cards are the same in each.
    let illegal = |card: Card| {
        Error::BadView(format!(
            "single dummy: card {card} is not legal in a world of the view"
        ))
    };
    let wanted = |c: usize| judged & 1 << c != 0;
    let legal = world.legal_cards();
    if let Some(&card) = cards.iter().find(|&&c| !legal.contains(c)) {
        return Err(illegal(card));
    }
    let Some(bounds) = bounds else {
        let frame = Frame::of(world)?;
        // Most cards of a world are worth alike: each card's search starts from the value
        // of the card before.
        let mut previous = None;
        return (0..cards.len())
            .map(|c| {
                let value = wanted(c)
                    .then(|| exact_after(solver, world, frame, cards[c], previous))
                    .transpose()?;
                previous = value.or(previous);
                Ok(value)
            })
            .collect();
    };
    let asked: Vec<Card> = (0..cards.len())
        .filter(|&c| wanted(c))
        .map(|c| cards[c])
        .collect();
    let mut floors = thresholds::floors(solver, world, &asked, bounds)?.into_iter();
    Ok((0..cards.len())
        .map(|c| if wanted(c) { floors.next() } else { None })
        .collect())
}

/// The exact value after `card` (legal for the player to move in `world`), in `world`'s
/// frame (that of its player to move): what `solve` gives the card there. A Ramsch
/// settlement's search starts from `guess` where given (the value of another card).
fn exact_after(
    solver: &mut Solver,
    world: &Game,
    frame: Frame,
    card: Card,
    guess: Option<i64>,
) -> Result<i64, Error> {
    let mut after = world.clone();
    after.play_named(card)?;
    match frame.measure {
        Measure::Settlement => solver.settlement_near(&after, world.to_move(), guess),
        _ => solver.value_in(&after, frame),
    }
}

/// The seed of the decision at play index `index` of a game analysed with `seed`: each
/// decision draws from a stream of its own, so it gets the same worlds whether it is asked
/// alone or within a whole game's analysis.
pub(crate) fn decision_seed(seed: u64, index: usize) -> u64 {
    Rng::stream(seed, index as u64).next_u64()
}

/// The decision of the player to move in `position` (`seat`, where given, must be he),
/// judged over the worlds of his view: `sampling.samples` of them (all where they are
/// fewer), drawn as `analyze --view players` draws this decision's, every legal card solved
/// in each on `solvers` (one thread each; the answer does not depend on how many).
pub fn decide(
    position: &Game,
    seat: Option<Seat>,
    sampling: Sampling,
    solvers: &mut [Solver],
) -> Result<Decision, Error> {
    if position.is_over() {
        return Err(Error::BadView(
            "the hand is over: no card is left to choose".to_string(),
        ));
    }
    let to_move = position.to_move();
    if let Some(seat) = seat.filter(|&s| s != to_move) {
        return Err(Error::BadView(format!(
            "seat {seat} is not to move: seat {to_move} is (a decision is judged by the view \
             of the player who makes it)"
        )));
    }
    let here = Sampling {
        seed: decision_seed(sampling.seed, position.plays().len()),
        ..sampling
    };
    let outlook = Outlook::of(position, here, solvers)?;
    // The worlds deal the player his legal cards, so at least one is best.
    let best = outlook.best();
    Ok(Decision {
        id: position.setup().id().map(str::to_string),
        seat: to_move,
        measure: outlook.measure,
        samples: sampling.samples,
        seed: sampling.seed,
        worlds: outlook.worlds(),
        exhaustive: outlook.exhaustive,
        cards: (0..outlook.cards.len())
            .map(|c| {
                let verdict = outlook.against(best[0], c);
                CardOutlook {
                    loss: verdict.loss,
                    advice: verdict.advice,
                    ..outlook.card(c)
                }
            })
            .collect(),
        best: best.into_iter().map(|c| outlook.cards[c]).collect(),
        shown_worlds: None,
        judged_worlds: outlook.dealt[..outlook.worlds()].to_vec(),
    })
}
