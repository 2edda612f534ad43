//! How much a card gave away, named once for every view and contract (as lichess names a
//! move's cost): an inaccuracy, a mistake or a blunder, by the share of the game's stake it
//! lost its player (RULES.md section 11). The table, the JSON, the batch summary and the
//! pages all read [`Advice`]; none of them classifies a cost itself.

use crate::contract::{Contract, Measure};
use crate::game::Setup;
use crate::seat::Seat;
use crate::settle::{declared_payouts, DeclaredOutcome, Targets};
use serde::Serialize;

/// A card's severity: what it lost its player, beyond any doubt the sampling leaves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Advice {
    /// A small share of the stake, or card points that change nothing paid.
    Inaccuracy,
    /// A tenth of the stake or more: a schneider given away in a solo.
    Mistake,
    /// Three tenths of the stake or more: a game turned from won to lost, a schneider
    /// given away in a Sauspiel.
    Blunder,
}

/// The shares of the stake lost ([`share`]) from which a card is an inaccuracy, a mistake
/// and a blunder. A game turned from won to lost loses the share 1; at the default tariff
/// (Sauspiel 10, solo 50, schneider 10) a schneider lost in a Sauspiel the share 0.5,
/// in a solo 0.1.
pub const INACCURACY_SHARE: f64 = 0.05;
pub const MISTAKE_SHARE: f64 = 0.10;
pub const BLUNDER_SHARE: f64 = 0.30;

/// Card points given away where nothing paid changes make at most an inaccuracy, and
/// only from this many (a Zehn's worth).
pub const INACCURACY_POINTS: f64 = 10.0;

/// Schellen-Schafkopf pays each player by the tricks of all four, not by a value of his
/// own: each trick given away counts as this share of a stake.
pub const TRICK_SHARE: f64 = 0.1;

impl Advice {
    /// The severity of a card that lost `share` of its player's stake and `points` card
    /// points (both already less the sampling's margin; points only in point contracts):
    /// none below every threshold.
    pub fn of(share: f64, points: f64) -> Option<Advice> {
        // Shares are ratios of whole amounts: a loss of exactly a threshold may land a
        // rounding error below it, and still counts.
        let share = share + 1e-9;
        if share >= BLUNDER_SHARE {
            Some(Advice::Blunder)
        } else if share >= MISTAKE_SHARE {
            Some(Advice::Mistake)
        } else if share >= INACCURACY_SHARE || points >= INACCURACY_POINTS {
            Some(Advice::Inaccuracy)
        } else {
            None
        }
    }
}

impl Advice {
    /// The class's name as the JSON writes it.
    pub fn name(self) -> &'static str {
        match self {
            Advice::Inaccuracy => "inaccuracy",
            Advice::Mistake => "mistake",
            Advice::Blunder => "blunder",
        }
    }
}

/// Two classes as names, `none` for no class: the ends of an unsettled verdict.
pub(crate) fn classes_text<S: serde::Serializer>(
    classes: &Option<[Option<Advice>; 2]>,
    s: S,
) -> Result<S::Ok, S::Error> {
    let name = |a: &Option<Advice>| a.map_or("none", Advice::name);
    match classes {
        Some(pair) => s.collect_seq(pair.iter().map(name)),
        None => s.serialize_none(),
    }
}

/// A seat's cards counted by severity.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Severities {
    pub inaccuracies: u32,
    pub mistakes: u32,
    pub blunders: u32,
}

impl Severities {
    pub fn count(&mut self, advice: Option<Advice>) {
        match advice {
            Some(Advice::Inaccuracy) => self.inaccuracies += 1,
            Some(Advice::Mistake) => self.mistakes += 1,
            Some(Advice::Blunder) => self.blunders += 1,
            None => {}
        }
    }
}

/// The outcome a final value stands for, for `turned` and for what it pays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum OutcomeClass {
    /// Won or lost, schneider, schwarz.
    Declared(DeclaredOutcome),
    /// In Ramsch the settlement itself: each one is an outcome (loser or not, Jungfrau,
    /// Durchmarsch); in Schellen-Schafkopf the tricks, each of which is paid.
    Settlement(i64),
}

/// The outcome class of a final value (see [`OutcomeClass`]).
pub(crate) fn outcome(
    contract: &Contract,
    targets: Targets,
    measure: Measure,
    value: i64,
    tricks: u8,
) -> OutcomeClass {
    match (contract, measure) {
        (_, Measure::Settlement) | (Contract::SchellenSchafkopf, _) => {
            OutcomeClass::Settlement(value)
        }
        (Contract::Bettel { .. }, _) => OutcomeClass::Declared(DeclaredOutcome::plain(value == 0)),
        (_, Measure::Tricks) => {
            OutcomeClass::Declared(DeclaredOutcome::plain(value == tricks as i64))
        }
        (_, Measure::Points) => {
            let (won, schneider) = targets.won_schneider(value as u32);
            let schwarz = if won {
                value == targets.total as i64
            } else {
                value == 0
            };
            OutcomeClass::Declared(DeclaredOutcome {
                won,
                schneider,
                schwarz,
            })
        }
    }
}

/// What `seat` is paid when the hand ends in `class` (its value in `measure`, `favour` the
/// same in the seat's favour): the declared payouts of a declared contract, in Ramsch the
/// value itself (the seat's own money); none in Schellen-Schafkopf, whose payment follows
/// all four players' tricks.
pub(crate) fn money(
    setup: &Setup,
    seat: Seat,
    class: OutcomeClass,
    favour: i64,
    measure: Measure,
) -> Option<i64> {
    match class {
        OutcomeClass::Declared(o) => Some(declared_payouts(setup, o)[seat.index()]),
        OutcomeClass::Settlement(_) if measure == Measure::Settlement => Some(favour),
        OutcomeClass::Settlement(_) => None,
    }
}

/// `seat`'s stake in `setup`: what a plain win pays him, with the Laufende, the doublings
/// and a lone player's threefold share; in Ramsch two prices (the loser pays each of
/// three the price, so turning from being paid to paying costs four, as a lost game costs
/// twice its stake). At least 1, so a table that prices a game at nothing divides safely.
pub(crate) fn stake(setup: &Setup, seat: Seat) -> i64 {
    let stake = if setup.contract().measure() == Measure::Settlement {
        2 * setup.tariff().ramsch_price() * setup.doublings().multiplier()
    } else {
        declared_payouts(setup, DeclaredOutcome::plain(true))[seat.index()].abs()
    };
    stake.max(1)
}

/// An ending as a share of twice the player's `stake` ([`stake`]; `money` where the hand
/// pays him by it, else `favour` tricks at [`TRICK_SHARE`] each): the amounts a card's
/// severity compares.
pub(crate) fn share(stake: i64, money: Option<i64>, favour: i64) -> f64 {
    match money {
        Some(m) => m as f64 / (2 * stake) as f64,
        None => favour as f64 * TRICK_SHARE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(contract: &str) -> Setup {
        crate::example_setup(contract)
    }

    #[test]
    fn thresholds_name_the_severity() {
        assert_eq!(Advice::of(1.0, 0.0), Some(Advice::Blunder));
        assert_eq!(Advice::of(0.30, 0.0), Some(Advice::Blunder));
        assert_eq!(Advice::of(0.25, 0.0), Some(Advice::Mistake));
        assert_eq!(Advice::of(0.05, 0.0), Some(Advice::Inaccuracy));
        assert_eq!(Advice::of(0.0, 10.0), Some(Advice::Inaccuracy));
        assert_eq!(Advice::of(0.0, 9.9), None);
        assert_eq!(Advice::of(0.049, 0.0), None);
        // Points never make more than an inaccuracy.
        assert_eq!(Advice::of(0.0, 120.0), Some(Advice::Inaccuracy));
    }

    #[test]
    fn a_sauspiel_stake_is_its_plain_price() {
        // Default tariff: Sauspiel 10, schneider 10; seat 0 plays with the Gras ace's
        // holder (seat 3). Won plainly: 10 each.
        let s = setup(r#"{"game": "sauspiel", "suit": "G", "declarer": 0}"#);
        assert_eq!(stake(&s, Seat::S0), 10);
        assert_eq!(stake(&s, Seat::S1), 10);
        // Won with schneider pays 20, lost without it -10: the schneider alone is half
        // of twice the stake (a blunder), the game's loss the whole.
        let won = |schneider| DeclaredOutcome {
            won: true,
            schneider,
            schwarz: false,
        };
        let pay = |o| declared_payouts(&s, o)[0];
        let share = |o| super::share(stake(&s, Seat::S0), Some(pay(o)), 0);
        assert_eq!(share(won(true)) - share(won(false)), 0.5);
        assert_eq!(
            share(won(false)) - share(DeclaredOutcome::plain(false)),
            1.0
        );
        assert_eq!(
            Advice::of(share(won(true)) - share(won(false)), 0.0),
            Some(Advice::Blunder)
        );
    }

    #[test]
    fn a_solo_stake_is_threefold_for_the_declarer() {
        // Solo 50: the declarer is paid 150 by the three, each defender pays 50; a
        // schneider (10 from each) given away is a tenth of twice that: a mistake.
        let s = setup(r#"{"game": "solo", "suit": "H", "declarer": 0}"#);
        assert_eq!(stake(&s, Seat::S0), 150);
        assert_eq!(stake(&s, Seat::S2), 50);
        let schneider = DeclaredOutcome {
            won: true,
            schneider: true,
            schwarz: false,
        };
        let pay = |o| Some(declared_payouts(&s, o)[0]);
        let declarer = stake(&s, Seat::S0);
        let lost = share(declarer, pay(schneider), 0)
            - share(declarer, pay(DeclaredOutcome::plain(true)), 0);
        assert_eq!(Advice::of(lost, 0.0), Some(Advice::Mistake));
    }

    #[test]
    fn a_ramsch_stake_is_two_prices() {
        // Price 20: the loser pays 60, the others are paid 20; turning from paid to
        // paying (+20 to -60) is the share 1.
        let s = setup(r#"{"game": "ramsch"}"#);
        assert_eq!(stake(&s, Seat::S1), 40);
        let seat = Seat::S1;
        assert_eq!(
            share(stake(&s, seat), Some(20), 20) - share(stake(&s, seat), Some(-60), -60),
            1.0
        );
    }

    #[test]
    fn schellen_schafkopf_counts_tricks() {
        let s = setup(r#"{"game": "sauspiel", "suit": "G", "declarer": 0}"#);
        assert_eq!(share(stake(&s, Seat::S0), None, 3), 3.0 * TRICK_SHARE);
    }

    #[test]
    fn severities_count_each_advice() {
        let mut s = Severities::default();
        for a in [
            None,
            Some(Advice::Inaccuracy),
            Some(Advice::Blunder),
            Some(Advice::Blunder),
        ] {
            s.count(a);
        }
        assert_eq!(
            s,
            Severities {
                inaccuracies: 1,
                mistakes: 0,
                blunders: 2
            }
        );
    }
}
