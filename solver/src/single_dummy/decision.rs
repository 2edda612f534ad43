//! One decision judged single dummy: in every world the player's view allows, every legal
//! card solved double dummy and its ending read as the player is paid (won, schneider,
//! schwarz, money), then averaged per card ([`decide`]). The analysis of a played card
//! (`judge.rs`) reads the same worlds.

use super::ending::{difference, paid, Ending};
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
    /// Each world's weight in the averages, in the order drawn (the likelihood of the
    /// auction where every world is listed and the view infers from it; else 1).
    pub weights: Vec<f64>,
    /// The endings' values are exact; otherwise each is the lowest value of the outcome
    /// the card reaches (what it pays is exact, its expectation unknown).
    pub exact: bool,
    /// Each world's four hands as dealt, in the order drawn: those read.
    pub dealt: Vec<BySeat<Cards>>,
    /// The verdict of each judged card (the cards whose severity was asked for): settled
    /// at the look where its class was (a card that may no longer be the best), or given
    /// at the end over all its worlds (then perhaps unsettled); none for the others.
    pub verdicts: Vec<Option<Verdict>>,
    /// The cards that may still be the best at the end (a bit each).
    pub contenders: u32,
    /// The largest difference between two cards' endings in one world judged, in shares
    /// of the stake, at least a plain game's (won against lost: 1): what a world unseen is
    /// taken to swing ([`stopping::unseen_share`]).
    pub swing: f64,
    /// The money a share of the stake is worth (twice the stake), summed over the worlds
    /// read: what turns a swing into money.
    pub units: f64,
}

impl Outlook {
    /// The worlds of the view of the player to move in `position` (`sampling.ceiling`,
    /// or all of them where they are fewer), every legal card solved in each on `solvers`,
    /// and a verdict for each card of `judged`; where `sampling.sequential`, a sample
    /// judged in rounds, each card until it is set aside or settled, and all until the
    /// judged are settled and the best is clear (`stopping.rs`).
    pub fn of(
        position: &Game,
        sampling: Sampling,
        judged: Cards,
        solvers: &mut [Solver],
    ) -> Result<Outlook, Error> {
        Ok(Outlook::of_each(&[(position, sampling, judged)], solvers)?.remove(0))
    }

    /// [`Outlook::of`] for each of `decisions` (a position, its sampling and the cards
    /// judged), all judged on `solvers` at once ([`Outlook::judge_each`]): each outlook is
    /// that of its position alone.
    pub fn of_each(
        decisions: &[(&Game, Sampling, Cards)],
        solvers: &mut [Solver],
    ) -> Result<Vec<Outlook>, Error> {
        let judgings = decisions
            .iter()
            .map(|&(position, sampling, judged)| {
                let worlds = SeatWorlds::new(position, sampling)?;
                Ok((worlds, judged, sampling.sequential))
            })
            .collect::<Result<Vec<_>, Error>>()?;
        Outlook::judge_each(judgings, solvers)
    }

    /// The decisions of `decisions` (the worlds of each, whatever table deals them, the
    /// cards whose verdict is asked and whether a sample is judged in rounds), all judged on
    /// `solvers` at once ([`parallel::each_until_in_groups`]: no thread waits for the
    /// slowest world of a decision), each by the same stopping rule (`stopping.rs`).
    pub(crate) fn judge_each<W: DecisionWorlds>(
        decisions: Vec<(W, Cards, bool)>,
        solvers: &mut [Solver],
    ) -> Result<Vec<Outlook>, Error> {
        let judgings: Vec<Judging<W>> = decisions
            .into_iter()
            .map(|(worlds, judged, sequential)| Judging::new(worlds, judged, sequential))
            .collect();
        let mut readings: Vec<Reading> = judgings.iter().map(Judging::reading).collect();
        let groups: Vec<usize> = judgings.iter().map(|j| j.worlds.len()).collect();
        parallel::each_until_in_groups(
            solvers,
            &groups,
            |solver, g, i| judgings[g].values(solver, i),
            |g, values| judgings[g].take(&mut readings[g], &values),
        )?;
        Ok(readings.into_iter().map(Reading::finish).collect())
    }

    /// Nothing read yet of a decision of `cards` (the legal cards of its player) in
    /// `measure`: whether its worlds are every consistent one, each world's weight, and
    /// whether the values will be exact.
    pub(crate) fn empty(
        measure: Measure,
        cards: Vec<Card>,
        exhaustive: bool,
        weights: Vec<f64>,
        exact: bool,
    ) -> Outlook {
        let all = (0..cards.len()).fold(0u32, |mask, c| mask | 1 << c);
        Outlook {
            measure,
            by_card: vec![Vec::new(); cards.len()],
            verdicts: vec![None; cards.len()],
            cards,
            exhaustive,
            weights,
            exact,
            dealt: Vec::new(),
            contenders: all,
            swing: 1.0,
            units: 0.0,
        }
    }

    /// The worlds judged: those of the cards judged to the end.
    pub fn worlds(&self) -> usize {
        self.by_card.iter().map(Vec::len).max().unwrap_or(0)
    }

    /// The mean over the worlds both were judged in of `f` of `a`'s ending less `f` of
    /// `b`'s, weighted by each world's weight, and its standard error as [`difference`]
    /// gives it (weights are other than 1 only where every world is listed, and then no
    /// margin is read).
    fn difference(&self, a: &[Ending], b: &[Ending], f: impl Fn(&Ending) -> f64) -> (f64, f64) {
        let (plain, error) = difference(a, b, &f);
        if self.weights.iter().all(|&w| w == 1.0) {
            return (plain, error);
        }
        let (mut sum, mut total) = (0.0, 0.0);
        for ((x, y), w) in a.iter().zip(b).zip(&self.weights) {
            sum += (f(x) - f(y)) * w;
            total += w;
        }
        (if total > 0.0 { sum / total } else { 0.0 }, error)
    }

    /// The index of `card` among the legal cards.
    pub fn index(&self, card: Card) -> Option<usize> {
        self.cards.iter().position(|&c| c == card)
    }

    /// The cards that pay the player most in expectation (money; in Schellen-Schafkopf
    /// the measure), points (or tricks) breaking ties between them: of the contenders
    /// (judged in every world) those of the top sums, in card order, then each card set
    /// aside that paid the first of them the same in every world it was judged in (a tie
    /// no world broke).
    pub fn best(&self) -> Vec<usize> {
        let key = |e: &Ending| (e.money.unwrap_or(0), e.favour);
        // Sums weighted by each world's weight (1 but where every world is listed and the
        // auction weighs them), compared exactly: cards that pay alike everywhere tie.
        let sums = |c: usize| {
            let endings = self.by_card[c].iter().zip(&self.weights);
            let (money, favour) = endings.fold((0.0, 0.0), |(m, f), (e, w)| {
                (m + key(e).0 as f64 * w, f + key(e).1 as f64 * w)
            });
            (Total(money), Total(favour))
        };
        let worlds = self.worlds();
        let cards = 0..self.cards.len();
        let judged: Vec<usize> = cards
            .clone()
            .filter(|&c| self.contenders & 1 << c != 0 && self.by_card[c].len() == worlds)
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
            let aside = |c: usize| self.contenders & 1 << c == 0;
            best.extend(cards.filter(|&c| aside(c) && tied(c)));
        }
        best
    }

    /// Card `card` against the best over the worlds it was judged in: what it gave away
    /// against `leader` (the card that pays most) in the measure (where the values are
    /// exact) and in money, the interval of that loss, and its severity ([`Advice`]) where
    /// the interval settles it. The interval runs from the loss against the leader less
    /// [`stopping::SETTLING_Z`] standard errors to the most it may lose against any of
    /// `rivals` (the cards that may still be the best, a bit each) by as many above; its
    /// class is settled where both ends name the same one (always where the worlds were
    /// every consistent one: the averages are exact).
    pub fn against(&self, leader: usize, card: usize, rivals: u32) -> Verdict {
        self.against_by(leader, card, rivals, stopping::SETTLING_Z)
    }

    /// [`Outlook::against`] with an interval of `z` standard errors either side.
    fn against_by(&self, leader: usize, card: usize, rivals: u32, z: f64) -> Verdict {
        let z = if self.exhaustive { 0.0 } else { z };
        let endings = &self.by_card[card];
        let others: Vec<usize> = (0..self.cards.len())
            .filter(|&k| k != card && (k == leader || rivals & 1 << k != 0))
            .collect();
        // Against a card this one never paid less than, a world unseen may still hold
        // the difference: at most `swing` in a share of the worlds (`unseen_share`).
        let unseen = match self.exhaustive {
            true => 0.0,
            false => stopping::unseen_share(endings.len()),
        };
        let never_less = |k: usize| {
            let pairs = self.by_card[k].iter().zip(endings);
            pairs.into_iter().all(|(r, e)| paid(r) <= paid(e))
        };
        // The mean of a difference between the leader and this card over the worlds, its
        // margin, and the interval from the mean less it to the highest of the rivals'.
        let range = |f: &dyn Fn(&Ending) -> f64, swing: f64| -> Range {
            let upper = |k: usize| {
                let (m, e) = self.difference(&self.by_card[k], endings, f);
                let guard = if never_less(k) { unseen * swing } else { 0.0 };
                (m + z * e).max(guard)
            };
            let (mean, error) = self.difference(&self.by_card[leader], endings, f);
            let high = others.iter().map(|&k| upper(k)).fold(f64::MIN, f64::max);
            Range {
                mean,
                margin: z * error,
                high: high.max(mean + z * error),
            }
        };
        // The measure given away, and points as the smallest severity, only where the
        // values are exact.
        // Card points alone make at most an inaccuracy, named only beyond doubt: no world
        // unseen is guarded against.
        let given = self.exact.then(|| range(&|e| e.favour as f64, 0.0));
        let share = range(&|e| e.share, self.swing);
        let points = match (self.measure, given) {
            (Measure::Points, Some(r)) => (r.low(), r.high),
            _ => (0.0, 0.0),
        };
        let is_paid = endings.first().is_some_and(|e| e.money.is_some());
        // A share is worth twice the stake, on average over the worlds.
        let unit = self.units / self.worlds().max(1) as f64;
        let money = is_paid.then(|| range(&|e| e.money.unwrap_or(0) as f64, self.swing * unit));
        let margin = match money {
            Some(r) => r.margin,
            None => share.margin / advice::TRICK_SHARE,
        };
        let (low, high) = (
            Advice::of(share.low(), points.0),
            Advice::of(share.high, points.1),
        );
        // An inaccuracy is named only beyond doubt: a card that may be one, and no more,
        // is named none.
        let settled = low == high || (low.is_none() && high == Some(Advice::Inaccuracy));
        Verdict {
            leader,
            worlds: endings.len(),
            cost: given.map(|r| round(r.mean, 2)),
            loss: money.map(|r| round(r.mean, 2)),
            margin: round(margin, 2),
            loss_interval: money
                .filter(|_| !self.exhaustive)
                .map(|r| (round(r.low(), 2), round(r.high, 2))),
            advice: settled.then_some(low).flatten(),
            unsettled: !settled,
            between: (!settled).then_some([low, high]),
        }
    }

    /// The verdict of `card`, one of the cards judged: as judging left it, against the
    /// first of the best over its worlds (judging gives every judged card one: this
    /// judges it again only where it was not asked for).
    pub fn verdict(&self, card: usize) -> Verdict {
        self.verdicts[card].unwrap_or_else(|| {
            let leader = self.best().first().copied().unwrap_or(card);
            self.against(leader, card, self.contenders)
        })
    }

    /// Every legal card over the worlds its verdict read, with that verdict: its loss
    /// against the best, the interval and its severity where settled.
    pub fn card_outlooks(&self) -> Vec<CardOutlook> {
        let each = |c: usize| {
            let verdict = self.verdict(c);
            CardOutlook {
                loss: verdict.loss,
                loss_interval: verdict.loss_interval.map(|(low, high)| [low, high]),
                advice: verdict.advice,
                unsettled: verdict.unsettled,
                between: verdict.between,
                ..self.card_over(c, verdict.worlds)
            }
        };
        (0..self.cards.len()).map(each).collect()
    }

    /// Card `card`'s averages over the first `worlds` worlds it was judged in (those its
    /// verdict read, to compare the best card with it over the same).
    pub fn card_over(&self, card: usize, worlds: usize) -> CardOutlook {
        let endings = &self.by_card[card][..worlds.min(self.by_card[card].len())];
        // Weighted by each world's likelihood where every world is listed (else all 1).
        let weighted = || endings.iter().zip(&self.weights);
        // Sums from +0 (a float sum starts from -0, which would print as `-0`).
        let add = |a: f64, b: f64| a + b;
        let n = weighted().map(|(_, w)| *w).fold(0.0, add);
        let n = if n > 0.0 { n } else { 1.0 };
        let mean = |f: fn(&Ending) -> i64| {
            round(
                weighted().map(|(e, w)| f(e) as f64 * w).fold(0.0, add) / n,
                2,
            )
        };
        let share = |k: usize| {
            let count = weighted().filter(|(e, _)| e.ours.is_some_and(|o| o[k]));
            round(count.map(|(_, w)| *w).fold(0.0, add) / n, 4)
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
            loss_interval: None,
            advice: None,
            unsettled: false,
            between: None,
        }
    }
}

/// One decision's worlds, whatever table deals them: the legal cards of the player to move
/// (the same in every world), and in each world their values and what those pay him.
/// [`Outlook::judge_each`] judges any of them by one stopping rule.
pub(crate) trait DecisionWorlds: Sync {
    /// Nothing read yet ([`Outlook::empty`]): the measure, the legal cards, whether the
    /// worlds are every consistent one, their weights, whether the values are exact.
    fn empty(&self) -> Outlook;

    /// The number of worlds.
    fn len(&self) -> usize;

    /// The values of the legal cards whose bits `open` holds in world `i` (none for the
    /// others), on `solver`.
    fn values(&self, solver: &mut Solver, i: usize, open: u32) -> Result<Values, Error>;

    /// World `i`'s endings of those values ([`Ending`], none for a card not valued), the
    /// money a share of the stake is worth there, and its hands as dealt where shown.
    fn endings(&self, i: usize, values: &[Option<i64>]) -> Result<WorldRead, Error>;
}

/// The values of a world's legal cards: none for a card not asked.
pub(crate) type Values = Vec<Option<i64>>;

/// What one world says of a decision ([`DecisionWorlds::endings`]).
pub(crate) struct WorldRead {
    pub endings: Vec<Option<Ending>>,
    pub unit: f64,
    pub dealt: Option<BySeat<Cards>>,
}

/// The worlds of a four-seat decision: the view of the player to move in `position`.
struct SeatWorlds<'a> {
    position: &'a Game,
    worlds: super::Worlds,
    cards: Vec<Card>,
    measure: Measure,
    bounds: Option<Vec<i64>>,
}

impl<'a> SeatWorlds<'a> {
    /// The worlds of the view of the player to move in `position` (`sampling.ceiling`,
    /// or all of them where they are fewer, from `sampling.seed`).
    fn new(position: &'a Game, sampling: Sampling) -> Result<SeatWorlds<'a>, Error> {
        let seat = position.to_move();
        let measure = Frame::of(position)?.measure;
        let bounds = match sampling.points {
            true => None,
            false => thresholds::boundaries(position, measure),
        };
        // Without boundaries every card is solved exactly: `Sampling::ceiling`.
        let worlds = View::of(position, seat)
            .assuming(&sampling.assume.list())?
            .inferring(sampling.inference)
            .worlds(sampling.ceiling_for(bounds.is_none()), sampling.seed)?;
        Ok(SeatWorlds {
            position,
            worlds,
            cards: position.legal_cards().into_iter().collect(),
            measure,
            bounds,
        })
    }
}

impl DecisionWorlds for SeatWorlds<'_> {
    fn empty(&self) -> Outlook {
        Outlook::empty(
            self.measure,
            self.cards.clone(),
            self.worlds.exhaustive,
            self.worlds.weights.clone(),
            self.bounds.is_none(),
        )
    }

    fn len(&self) -> usize {
        self.worlds.len()
    }

    fn values(&self, solver: &mut Solver, i: usize, open: u32) -> Result<Values, Error> {
        let world = self.worlds.get(i)?;
        world_values(solver, world, &self.cards, open, self.bounds.as_deref())
    }

    /// The endings of the legal cards in world `i` from their values there, and the money
    /// a share of the stake is worth there.
    fn endings(&self, i: usize, values: &[Option<i64>]) -> Result<WorldRead, Error> {
        let world = self.worlds.get(i)?;
        let seat = self.position.to_move();
        let measure = self.measure;
        let tricks = self.position.setup().trick_count() as u8;
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
        Ok(WorldRead {
            endings: values.iter().map(|&v| v.map(ending)).collect(),
            unit: 2.0 * stake as f64,
            dealt: Some(setup.dealt_hands()),
        })
    }
}

/// A decision's worlds as they are judged: what every search reads (the worlds, and the
/// cards still open, which only shrinks).
struct Judging<W> {
    worlds: W,
    cards: Vec<Card>,
    /// The cards whose verdict is asked for, a bit each.
    judged: u32,
    /// The cards still solved (a bit each: a hand holds at most eight) in the worlds not
    /// yet started: the contenders and the judged cards not yet settled. Cards are only
    /// ever dropped, so a world started earlier solved every card still open when its
    /// turn to be read comes.
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
    /// The judged cards not yet settled.
    unsettled: u32,
}

impl Reading {
    /// The outlook once judging has stopped: every judged card not settled at a look
    /// judged over all its worlds against the best and the contenders left.
    fn finish(mut self) -> Outlook {
        let outlook = &mut self.outlook;
        if let Some(&leader) = outlook.best().first() {
            for c in (0..outlook.cards.len()).filter(|&c| self.unsettled & 1 << c != 0) {
                outlook.verdicts[c] = Some(outlook.against(leader, c, outlook.contenders));
            }
        }
        self.outlook
    }
}

impl<W: DecisionWorlds> Judging<W> {
    /// The decision of `worlds`, none judged yet; a verdict is asked for each of
    /// `judged` (legal cards of it); a sample is judged in rounds where `sequential`.
    fn new(worlds: W, judged: Cards, sequential: bool) -> Judging<W> {
        let empty = worlds.empty();
        let cards = empty.cards;
        let judged = (0..cards.len())
            .filter(|&c| judged.contains(cards[c]))
            .fold(0u32, |mask, c| mask | 1 << c);
        // Every world at once where they are all of them (exact averages) or all asked for.
        let sequential = sequential && !empty.exhaustive;
        Judging {
            worlds,
            judged,
            open: AtomicU32::new(empty.contenders),
            cards,
            sequential,
        }
    }

    /// Nothing read yet.
    fn reading(&self) -> Reading {
        let total = self.worlds.len();
        Reading {
            outlook: self.worlds.empty(),
            read: 0,
            look: match self.sequential {
                true => stopping::next_look(0, total),
                false => total,
            },
            unsettled: self.judged,
        }
    }

    /// The values of the cards still open in world `i`.
    fn values(&self, solver: &mut Solver, i: usize) -> Result<Values, Error> {
        let open = self.open.load(Ordering::Relaxed);
        self.worlds.values(solver, i, open)
    }

    /// Reads the next world's values into `reading`: at each look the contenders are
    /// narrowed and the judged cards whose class is clear settled (`stopping.rs`);
    /// whether to go on (judging stops once every judged card is settled and the best is
    /// clear).
    fn take(&self, reading: &mut Reading, values: &[Option<i64>]) -> Result<bool, Error> {
        let total = self.worlds.len();
        let mask = self.open.load(Ordering::Relaxed);
        let world = self.worlds.endings(reading.read, values)?;
        let outlook = &mut reading.outlook;
        outlook.dealt.extend(world.dealt);
        outlook.units += world.unit;
        reading.read += 1;
        // Only the cards open are read: a world started before a look may have judged
        // more, depending on the threads' timing, and what is read must not.
        let (mut low, mut high) = (f64::MAX, f64::MIN);
        for (c, ending) in world.endings.into_iter().enumerate() {
            match ending {
                Some(e) if mask & 1 << c != 0 => {
                    (low, high) = (low.min(e.share), high.max(e.share));
                    outlook.by_card[c].push(e)
                }
                None if mask & 1 << c != 0 => {
                    return Err(Error::Internal(format!(
                        "single dummy: card {} was not judged in world {}",
                        self.cards[c], reading.read
                    )))
                }
                _ => {}
            }
        }
        // The world's swing: the widest difference between the open cards' endings.
        outlook.swing = outlook.swing.max(high - low);
        if reading.read < reading.look {
            return Ok(true);
        }
        reading.look = stopping::next_look(reading.look, total);
        if !self.sequential {
            return Ok(true);
        }
        // The open cards cover every world read: the leader is among them.
        let leader = outlook.best()[0];
        outlook.contenders =
            stopping::contenders(&outlook.by_card, outlook.contenders, leader, outlook.swing);
        // A judged card settled here keeps this verdict, and is judged no more, unless it
        // may still be the best: then it is judged in every world read, and its verdict
        // given over all of them at the end.
        let (unsettled, mut pending) = (reading.unsettled, 0u32);
        for c in (0..self.cards.len()).filter(|&c| unsettled & 1 << c != 0) {
            let interim = outlook.against_by(leader, c, outlook.contenders, stopping::INTERIM_Z);
            if interim.unsettled {
                pending |= 1 << c;
            } else if outlook.contenders & 1 << c == 0 {
                outlook.verdicts[c] = Some(outlook.against(leader, c, outlook.contenders));
                reading.unsettled &= !(1 << c);
            }
        }
        self.open
            .store(outlook.contenders | reading.unsettled, Ordering::Relaxed);
        let clear = stopping::only_ties(&outlook.by_card, outlook.contenders, leader)
            || reading.read >= stopping::CLEARING_WORLDS;
        Ok(pending != 0 || !clear)
    }
}

/// A card against the best over the worlds of a decision ([`Outlook::against`]).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Verdict {
    /// The card it was judged against: the one that paid most where it was judged.
    pub leader: usize,
    /// The worlds it was judged over (the first ones drawn).
    pub worlds: usize,
    pub cost: Option<f64>,
    pub loss: Option<f64>,
    pub margin: f64,
    /// The interval of the money lost, where the worlds are a sample.
    pub loss_interval: Option<(f64, f64)>,
    pub advice: Option<Advice>,
    /// The interval's ends name different classes: no class is named.
    pub unsettled: bool,
    /// Where unsettled, the classes its ends name (none below an inaccuracy).
    pub between: Option<[Option<Advice>; 2]>,
}

/// A weighted sum, ordered as its number (never NaN: sums of finite products).
#[derive(Copy, Clone, Debug)]
struct Total(f64);

impl PartialEq for Total {
    fn eq(&self, other: &Total) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for Total {}

impl PartialOrd for Total {
    fn partial_cmp(&self, other: &Total) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Total {
    fn cmp(&self, other: &Total) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// A difference's mean over the worlds, its margin, and the highest it may be against
/// any card that may be the best ([`Outlook::against`]).
#[derive(Copy, Clone, Debug)]
struct Range {
    mean: f64,
    margin: f64,
    high: f64,
}

impl Range {
    fn low(&self) -> f64 {
        self.mean - self.margin
    }
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
    /// The interval of that loss at about 95%, where the worlds are a sample (as
    /// `analyze --view players` gives a card played).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<[f64; 2]>))]
    pub loss_interval: Option<[f64; 2]>,
    /// Its severity against the best ([`Advice`], as `analyze --view players` judges a
    /// card played), where both ends of the interval name it; absent for none, and where
    /// the card is `unsettled`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub advice: Option<Advice>,
    /// The worlds judged left the interval's ends in two classes: no severity is named.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unsettled: bool,
    /// Where unsettled, the two classes the interval's ends name.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::advice::classes_text"
    )]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<[String; 2]>))]
    pub between: Option<[Option<Advice>; 2]>,
}

/// A decision judged by what its player could know (`solve --view players`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(example = json!({"id": "sauspiel-1180324214", "seat": 0,
    "measure": "points", "samples": 400, "seed": 3, "inference": "auction", "worlds": 50,
    "exhaustive": false,
    "cards": {"GK": {"win": 0.8, "schneider": 0.2, "schwarz": 0.0, "settlement": 10.8,
    "loss": 0.2, "loss_interval": [-0.2, 0.6]}, "G8": {"win": 0.8, "schneider": 0.22,
    "schwarz": 0.0, "settlement": 11.0, "loss": 0.0, "loss_interval": [0.0, 0.0]}},
    "best": ["G8"]})))]
pub struct Decision {
    pub id: Option<String>,
    /// The player to move, whose view the worlds keep to.
    pub seat: Seat,
    pub measure: Measure,
    /// Worlds asked for, and the seed they were drawn from.
    pub samples: usize,
    pub seed: u64,
    /// How the worlds read the auction: `auction` (weighed by its likelihood) or `none`.
    pub inference: &'static str,
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
    /// Every world judged, its hands as dealt and its weight (what `shown_worlds`
    /// shows).
    #[serde(skip)]
    judged_worlds: Vec<(BySeat<Cards>, f64)>,
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
    /// Its weight in the averages, 1 on average: 1 where every world weighs alike (a
    /// sample, drawn in proportion to the likelihood of the auction where the view infers
    /// from it); where every world is listed and the auction weighs them, its likelihood
    /// over their mean.
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
                .map(|&(hands, weight)| ShownWorld { hands, weight })
                .collect()
        });
        self
    }
}

pub(crate) fn outlooks_map<S: Serializer>(cards: &[CardOutlook], s: S) -> Result<S::Ok, S::Error> {
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
        Error::Internal(format!(
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
/// judged over the worlds of his view: `sampling.ceiling` of them (all where they are
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
    let outlook = Outlook::of(position, here, position.legal_cards(), solvers)?;
    // The worlds deal the player his legal cards, so at least one is best.
    let best = outlook.best();
    Ok(Decision {
        id: position.setup().id().map(str::to_string),
        seat: to_move,
        measure: outlook.measure,
        samples: sampling.ceiling_for(outlook.exact),
        seed: sampling.seed,
        inference: sampling.inference.name(),
        worlds: outlook.worlds(),
        exhaustive: outlook.exhaustive,
        cards: outlook.card_outlooks(),
        best: best.into_iter().map(|c| outlook.cards[c]).collect(),
        shown_worlds: None,
        judged_worlds: {
            let n = outlook.worlds();
            let mean = outlook.weights[..n].iter().sum::<f64>() / n.max(1) as f64;
            let relative = |w: f64| if mean > 0.0 { round(w / mean, 4) } else { 1.0 };
            let weights = outlook.weights[..n].iter().map(|&w| relative(w));
            outlook.dealt[..n].iter().copied().zip(weights).collect()
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An ending paying `money` with a stake of 20 (so a share of `money / 40`).
    fn ending(money: i64) -> Ending {
        Ending {
            value: 0,
            favour: money,
            ours: None,
            money: Some(money),
            share: money as f64 / 40.0,
        }
    }

    /// An outlook of two cards (the leader first) from each card's money world by world,
    /// the widest swing seen `swing` (shares).
    fn outlook(leader: &[i64], card: &[i64], swing: f64) -> Outlook {
        let column = |m: &[i64]| m.iter().map(|&m| ending(m)).collect();
        Outlook {
            measure: Measure::Points,
            cards: vec![
                Card::new(Suit::Eichel, Rank::Ace),
                Card::new(Suit::Eichel, Rank::Ten),
            ],
            by_card: vec![column(leader), column(card)],
            exhaustive: false,
            weights: vec![1.0; leader.len()],
            exact: false,
            dealt: Vec::new(),
            verdicts: vec![None, None],
            contenders: 0b11,
            swing,
            units: 40.0 * leader.len() as f64,
        }
    }

    use crate::cards::{Rank, Suit};

    #[test]
    fn a_loss_well_inside_a_class_is_settled() {
        // The card loses 20 (the share 0.5: a blunder) in every world: settled, the
        // interval the loss itself.
        let o = outlook(&[20; 30], &[0; 30], 1.0);
        let v = o.against(0, 1, 0b01);
        assert_eq!((v.advice, v.unsettled), (Some(Advice::Blunder), false));
        assert_eq!((v.loss, v.loss_interval), (Some(20.0), Some((20.0, 20.0))));
    }

    #[test]
    fn a_loss_straddling_two_classes_is_unsettled_between_them() {
        // Loses 40 (the share 1) in 4 of 20 worlds: a mean of 0.2 (a mistake), two
        // standard errors of about 0.18 either side: from none to a blunder.
        let card: Vec<i64> = (0..20).map(|w| if w % 5 == 0 { -20 } else { 20 }).collect();
        let v = outlook(&[20; 20], &card, 1.0).against(0, 1, 0b01);
        assert!(v.unsettled);
        assert_eq!(v.advice, None);
        assert_eq!(v.between, Some([None, Some(Advice::Blunder)]));
        let (low, high) = v.loss_interval.unwrap();
        assert!(low < 1.0 && high > 12.0, "{low} {high}");
    }

    #[test]
    fn a_card_never_worse_is_not_cleared_by_few_worlds_against_a_large_swing() {
        // Tied with the leader in 20 worlds: the worlds unseen (13.9%) may each swing
        // the share 3 (a Sauspiel's schwarz both ways): up to 0.42, a blunder: unsettled.
        let v = outlook(&[20; 20], &[20; 20], 3.0).against(0, 1, 0b01);
        assert_eq!(v.between, Some([None, Some(Advice::Blunder)]));
        // A plain game's swing after 30 worlds: up to 0.095, at most an inaccuracy,
        // which is named only beyond doubt: settled, none.
        let v = outlook(&[20; 30], &[20; 30], 1.0).against(0, 1, 0b01);
        assert_eq!((v.advice, v.unsettled), (None, false));
        // The card is itself the leader: nothing to lose.
        let v = outlook(&[20; 20], &[20; 20], 3.0).against(0, 0, 0b01);
        assert_eq!((v.loss, v.unsettled), (Some(0.0), false));
    }

    #[test]
    fn the_high_end_is_the_most_lost_against_any_card_that_may_be_best() {
        // Card 1 ties the leader (card 0) everywhere but card 2, still a contender,
        // pays 8 more than both in every world (the share 0.2: a mistake).
        let mut o = outlook(&[20; 30], &[20; 30], 1.0);
        o.cards.push(Card::new(Suit::Eichel, Rank::King));
        o.by_card.push((0..30).map(|_| ending(28)).collect());
        o.verdicts.push(None);
        let alone = o.against(0, 1, 0b001);
        assert_eq!((alone.advice, alone.unsettled), (None, false));
        let v = o.against(0, 1, 0b101);
        assert_eq!(v.between, Some([None, Some(Advice::Mistake)]));
        assert_eq!(v.loss_interval, Some((0.0, 8.0)));
    }

    #[test]
    fn a_look_before_the_ceiling_settles_only_at_three_standard_errors() {
        // Loses 40 (the share 1) in 16 of 80 worlds: a mean of 8 (the share 0.2, a
        // mistake), a standard error of 1.8: two either side stay within a mistake,
        // three reach an inaccuracy and a blunder.
        let card: Vec<i64> = (0..80).map(|w| if w % 5 == 0 { -20 } else { 20 }).collect();
        let o = outlook(&[20; 80], &card, 1.0);
        let v = o.against(0, 1, 0b01);
        assert_eq!((v.advice, v.unsettled), (Some(Advice::Mistake), false));
        let interim = o.against_by(0, 1, 0b01, stopping::INTERIM_Z);
        assert_eq!(
            interim.between,
            Some([Some(Advice::Inaccuracy), Some(Advice::Blunder)])
        );
    }

    #[test]
    fn every_world_listed_settles_every_class() {
        let card: Vec<i64> = (0..20).map(|w| if w % 5 == 0 { -20 } else { 20 }).collect();
        let mut o = outlook(&[20; 20], &card, 3.0);
        o.exhaustive = true;
        let v = o.against(0, 1, 0b01);
        assert_eq!(
            (v.advice, v.unsettled, v.loss_interval),
            (Some(Advice::Mistake), false, None)
        );
        assert_eq!(v.loss, Some(8.0));
    }
}
