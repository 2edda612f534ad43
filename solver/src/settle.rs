//! The result of a finished hand and its settlement (RULES.md sections 4, 5, 6 and 8).

use crate::cards::{Card, Cards, Deck, Rank, Suit};
use crate::contract::{Contract, Solo};
use crate::error::Error;
use crate::game::{Game, Revoke, Setup};
use crate::options::{
    Doublings, Durchmarsch, Jungfrau, Options, RamschForm, RamschTie, SchieberThrownIn, Schwarz,
    ShortSie, SieValue, StockRule, Tariff,
};
use crate::round::Round;
use crate::seat::{BySeat, Seat, Seats};
use serde::Serialize;

/// Who won what in a finished hand, and what each seat receives (negative: pays).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Score {
    pub id: Option<String>,
    /// The declaring side (empty in Ramsch).
    pub declarers: Vec<Seat>,
    pub points: [u32; 4],
    pub tricks: [u32; 4],
    #[serde(flatten)]
    pub outcome: Outcome,
    /// Laufende that count (0 below the minimum and in games without Laufende).
    pub laufende: u32,
    pub payouts: [i64; 4],
    /// Paid into the stock (negative: taken out); always minus the sum of the payouts.
    pub stock_payout: i64,
    /// The revoke the hand ended with (`rules.revoke: loses`): it decided the outcome.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub revoke: Option<Revoke>,
    /// Bauerchen: each seat's melds (its King-Ober pairs as dealt), which count for its
    /// side beside the card points ([`melds`]).
    #[serde(skip_serializing_if = "no_melds")]
    pub melds: [u32; 4],
}

fn no_melds(melds: &[u32; 4]) -> bool {
    melds.iter().all(|m| *m == 0)
}

/// Bauerchen's melds (RULES.md section 8; the seed: "melds for a King-Queen pair earn
/// extra points"): each seat's King and Ober of one suit, held as dealt, 20 points a pair
/// and 40 in the trump suit (a reading: the seed names no value). None outside Bauerchen.
pub fn melds(setup: &Setup) -> [u32; 4] {
    if !setup.options().bauerchen {
        return [0; 4];
    }
    let trump = setup.contract().suit();
    let dealt = setup.dealt_hands();
    let pair = |suit: Suit| -> Cards {
        [Rank::King, Rank::Ober]
            .map(|rank| Card::new(suit, rank))
            .into_iter()
            .collect()
    };
    BySeat::from_fn(|seat| {
        Suit::ALL
            .into_iter()
            .filter(|&suit| pair(suit).is_subset(dealt[seat]))
            .map(|suit| if Some(suit) == trump { 40 } else { 20 })
            .sum()
    })
    .0
}

/// The outcome: of the declaring side, or of a Ramsch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Outcome {
    Declared {
        won: bool,
        schneider: bool,
        schwarz: bool,
    },
    /// Nobody played (`"thrown_in": true`).
    ThrownIn {
        #[serde(serialize_with = "always_true")]
        #[cfg_attr(feature = "openapi", schema(value_type = bool))]
        thrown_in: (),
    },
    Ramsch {
        /// The seat with the most points, who loses (none after a Durchmarsch).
        loser: Option<Seat>,
        /// Every seat that pays: the loser, and under `ramsch_form: two_highest_pay` the
        /// seat with the second most points too (none after a Durchmarsch).
        payers: Vec<Seat>,
        /// Seats that took no trick.
        jungfrau: Vec<Seat>,
        /// The seat that won alone.
        durchmarsch: Option<Seat>,
    },
    /// Schellen-Schafkopf, every player for himself: who took the most tricks.
    PlainTrick {
        /// The seats with the most tricks (none when all four took as many).
        most_tricks: Vec<Seat>,
    },
}

fn always_true<S: serde::Serializer>(_: &(), s: S) -> Result<S::Ok, S::Error> {
    s.serialize_bool(true)
}

/// How a declared contract ended for the declaring side (RULES.md section 4): won or lost,
/// schneider, schwarz. What the payment of every contract but Ramsch depends on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct DeclaredOutcome {
    pub won: bool,
    pub schneider: bool,
    pub schwarz: bool,
}

impl DeclaredOutcome {
    /// Won or lost, without schneider or schwarz (Tout, Bettel, Sie: nothing else counts).
    pub const fn plain(won: bool) -> DeclaredOutcome {
        DeclaredOutcome {
            won,
            schneider: false,
            schwarz: false,
        }
    }
}

impl Outcome {
    /// How a declared contract ended; none for a Ramsch or a hand thrown in.
    pub fn declared(&self) -> Option<DeclaredOutcome> {
        match *self {
            Outcome::Declared {
                won,
                schneider,
                schwarz,
            } => Some(DeclaredOutcome {
                won,
                schneider,
                schwarz,
            }),
            Outcome::Ramsch { .. } | Outcome::ThrownIn { .. } | Outcome::PlainTrick { .. } => None,
        }
    }

    /// The seats that won: the declaring side or its opponents, the players with the most
    /// tricks in Schellen-Schafkopf; none in a Ramsch or a hand thrown in.
    pub fn winners(&self, declarers: Seats) -> Seats {
        match self {
            Outcome::Declared { won: true, .. } => declarers,
            Outcome::Declared { won: false, .. } => declarers.others(),
            Outcome::PlainTrick { most_tricks } => {
                most_tricks.iter().fold(Seats::NONE, |s, w| s.with(*w))
            }
            Outcome::Ramsch { .. } | Outcome::ThrownIn { .. } => Seats::NONE,
        }
    }
}

impl From<DeclaredOutcome> for Outcome {
    fn from(o: DeclaredOutcome) -> Outcome {
        Outcome::Declared {
            won: o.won,
            schneider: o.schneider,
            schwarz: o.schwarz,
        }
    }
}

/// The Laufende of the deal: how many top trumps in unbroken order the side holding the
/// highest trump holds (before the contract's minimum is applied).
pub fn laufende_held(setup: &Setup) -> u32 {
    let order = setup.order();
    let declarers = setup.declarers();
    let side_of = |card: Card| {
        let holder = setup.hands().holder(card);
        holder.map(|h| declarers.contains(h))
    };
    let trumps = order.trump_list();
    let Some(first) = trumps.first().and_then(|c| side_of(*c)) else {
        return 0;
    };
    trumps
        .iter()
        .take_while(|c| side_of(**c) == Some(first))
        .count() as u32
}

/// Laufende that are paid: those held, if at least the minimum, and at most the table's
/// cap (`laufende_max`, tournaments 4).
pub fn laufende_paid(setup: &Setup) -> u32 {
    if !setup.contract().has_laufende() {
        return 0;
    }
    let held = laufende_held(setup);
    let options = setup.options();
    let min = options
        .laufende_min
        .unwrap_or_else(|| setup.contract().default_laufende_min()) as u32;
    if held < min {
        return 0;
    }
    options
        .laufende_max
        .map_or(held, |max| held.min(max as u32))
}

impl Score {
    /// Scores a finished game. A Sie is scored without play; every other game must be over.
    pub fn of(game: &Game) -> Result<Score, Error> {
        let setup = game.setup();
        if let Some(revoke) = game.revoke() {
            return Ok(Score::revoked(game, revoke));
        }
        let is_sie = matches!(setup.contract(), Contract::Sie { .. });
        if !game.is_over() && !is_sie {
            return Err(Error::Incomplete {
                played: game.played_count(),
                total: setup.trick_count() * 4,
            });
        }
        let points = game.points();
        let tricks = game.trick_counts();
        let declarers = setup.declarers();
        let multiplier = setup.doublings().multiplier();
        let laufende = laufende_paid(setup);
        let (outcome, payouts) = match setup.contract() {
            Contract::Ramsch => {
                let (outcome, units) = ramsch_units(setup.options(), &RamschTally::of(game));
                let price = setup.tariff().ramsch_price() * multiplier;
                (outcome, units.map(|u| u * price))
            }
            Contract::SchellenSchafkopf => plain_trick(&tricks.0, multiplier),
            contract => {
                let side_points: u32 = declarers.iter().map(|s| points[s]).sum();
                let side_tricks: u32 = declarers.iter().map(|s| tricks[s]).sum();
                let all = setup.deck().points();
                let other_points = all - side_points.min(all);
                let other_tricks = setup.trick_count() as u32 - side_tricks;
                let declared = match contract {
                    Contract::Sie { .. } => DeclaredOutcome::plain(true),
                    Contract::Solo { tout: true, .. } => DeclaredOutcome::plain(other_tricks == 0),
                    Contract::Bettel { .. } => DeclaredOutcome::plain(side_tricks == 0),
                    _ => {
                        let (won, schneider) = Targets::of(setup).won_schneider(side_points);
                        let schwarz = match setup.options().schwarz {
                            Schwarz::NoTrick => {
                                if won {
                                    other_tricks == 0
                                } else {
                                    side_tricks == 0
                                }
                            }
                            Schwarz::AllPoints => {
                                if won {
                                    other_points == 0
                                } else {
                                    side_points == 0
                                }
                            }
                        };
                        DeclaredOutcome {
                            won,
                            schneider,
                            schwarz,
                        }
                    }
                };
                (declared.into(), declared_payouts(setup, declared))
            }
        };
        Ok(Score {
            id: setup.id().map(str::to_string),
            declarers: declarers.iter().collect(),
            points: points.0,
            tricks: tricks.0,
            outcome,
            laufende,
            payouts,
            stock_payout: -payouts.iter().sum::<i64>(),
            revoke: None,
            melds: melds(setup),
        })
    }

    /// A hand that ended with a revoke (RULES.md section 3.2): lost for the side of the
    /// seat that played it, as a plain loss (no schneider, no schwarz; the Laufende and
    /// doublings count as in any game). In a Ramsch the revoker is its loser, paying each
    /// of the three alone (no Jungfrau, no Durchmarsch); in Schellen-Schafkopf he pays
    /// each of the three one trick's worth. The points and tricks are those taken before.
    fn revoked(game: &Game, revoke: &Revoke) -> Score {
        let setup = game.setup();
        let declarers = setup.declarers();
        let multiplier = setup.doublings().multiplier();
        let others: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|s| *s != revoke.seat)
            .collect();
        let alone = |price: i64| -> [i64; 4] {
            std::array::from_fn(|i| match i == revoke.seat.index() {
                true => -3 * price,
                false => price,
            })
        };
        let (outcome, payouts) = match setup.contract() {
            Contract::Ramsch => (
                Outcome::Ramsch {
                    loser: Some(revoke.seat),
                    payers: vec![revoke.seat],
                    jungfrau: Vec::new(),
                    durchmarsch: None,
                },
                alone(setup.tariff().ramsch_price() * multiplier),
            ),
            Contract::SchellenSchafkopf => (
                Outcome::PlainTrick {
                    most_tricks: others,
                },
                alone(multiplier),
            ),
            _ => {
                let declared = DeclaredOutcome::plain(!declarers.contains(revoke.seat));
                (declared.into(), declared_payouts(setup, declared))
            }
        };
        Score {
            id: setup.id().map(str::to_string),
            declarers: declarers.iter().collect(),
            points: game.points().0,
            tricks: game.trick_counts().0,
            outcome,
            laufende: laufende_paid(setup),
            payouts,
            stock_payout: -payouts.iter().sum::<i64>(),
            revoke: Some(revoke.clone()),
            melds: melds(setup),
        }
    }
}

impl Score {
    /// A hand thrown in: nobody pays, but in a Schieber round thrown in under
    /// `schieber_thrown_in: first_and_last_pay` forehand and the dealer each pay the solo
    /// price (with the doublings) to middlehand and rearhand; and each player pays
    /// `thrown_in_stock` into the stock.
    pub fn thrown_in(
        id: Option<String>,
        round: Option<Round>,
        options: &Options,
        tariff: &Tariff,
        doublings: &Doublings,
    ) -> Score {
        let mut payouts = match (round, options.schieber_thrown_in) {
            (Some(Round::Schieber), SchieberThrownIn::FirstAndLastPay) => {
                let price = tariff.solo() * doublings.multiplier();
                [-price, price, price, -price]
            }
            _ => [0; 4],
        };
        // The table's sweetener: each player pays it into the stock.
        let into_stock = options.thrown_in_stock.unwrap_or(0);
        for p in &mut payouts {
            *p -= into_stock;
        }
        Score {
            id,
            declarers: Vec::new(),
            points: [0; 4],
            tricks: [0; 4],
            outcome: Outcome::ThrownIn { thrown_in: () },
            laufende: 0,
            payouts,
            stock_payout: -payouts.iter().sum::<i64>(),
            revoke: None,
            melds: [0; 4],
        }
    }
}

impl Score {
    /// The result in a sentence, as a table prints it: who won with how much (schneider,
    /// schwarz), who pays in a Ramsch, a hand thrown in; then what each seat was paid.
    pub fn in_words(&self) -> String {
        let seats = |seats: &[Seat]| match seats {
            [one] => format!("seat {one}"),
            many => {
                let list: Vec<String> = many.iter().map(Seat::to_string).collect();
                format!("seats {}", list.join(" and "))
            }
        };
        let result = match (&self.outcome, &self.revoke) {
            // A revoke decided the game, whatever the points so far.
            (_, Some(r)) => {
                let (who, how) = match &self.outcome {
                    Outcome::Declared { won, .. } => (
                        format!("the declarers ({})", seats(&self.declarers)),
                        if *won { "won" } else { "lost" },
                    ),
                    Outcome::Ramsch { .. } => (format!("Ramsch: seat {}", r.seat), "loses"),
                    _ => (format!("seat {}", r.seat), "loses"),
                };
                format!("{who} {how} by a revoke: {r}")
            }
            (
                Outcome::Declared {
                    won,
                    schneider,
                    schwarz,
                },
                None,
            ) => {
                let side = &self.declarers;
                let points: u32 = side.iter().map(|s| self.points[s.index()]).sum();
                let tricks: u32 = side.iter().map(|s| self.tricks[s.index()]).sum();
                let extra = match (schwarz, schneider) {
                    (true, _) => ", schwarz",
                    (false, true) => ", schneider",
                    _ => "",
                };
                // Bauerchen's melds count beside the cards: say both sides'.
                let melds = match no_melds(&self.melds) {
                    true => String::new(),
                    false => {
                        let ours: u32 = side.iter().map(|s| self.melds[s.index()]).sum();
                        let all: u32 = self.melds.iter().sum();
                        format!(" and melds {ours} to {}", all - ours)
                    }
                };
                format!(
                    "the declarers ({}) {} with {points} points in {tricks} tricks{melds}{extra}",
                    seats(side),
                    if *won { "won" } else { "lost" }
                )
            }
            (Outcome::ThrownIn { .. }, None) => "thrown in: nobody played it".to_string(),
            (
                Outcome::Ramsch {
                    durchmarsch: Some(d),
                    ..
                },
                None,
            ) => format!("Ramsch: a Durchmarsch by seat {d}"),
            (
                Outcome::Ramsch {
                    payers, jungfrau, ..
                },
                None,
            ) => {
                let maidens = match jungfrau.as_slice() {
                    [] => String::new(),
                    some => format!(" (without a trick: {})", seats(some)),
                };
                format!(
                    "Ramsch: {} {}{maidens}",
                    seats(payers),
                    match payers.len() {
                        1 => "pays",
                        _ => "pay",
                    }
                )
            }
            (Outcome::PlainTrick { most_tricks }, None) if most_tricks.is_empty() => {
                "every seat took as many tricks".to_string()
            }
            (Outcome::PlainTrick { most_tricks }, None) => {
                format!("the most tricks: {}", seats(most_tricks))
            }
        };
        let paid: Vec<String> = self.payouts.iter().map(|p| format!("{p:+}")).collect();
        format!("{result}; payouts {}", paid.join(" "))
    }
}

/// Schellen-Schafkopf (RULES.md 8): every two players settle the difference of their
/// tricks, one game point a trick (times the doublings), so each is paid four times his
/// tricks less all the tricks; the players with the most tricks win (nobody, in a tie of
/// all four).
fn plain_trick(tricks: &[u32; 4], multiplier: i64) -> (Outcome, [i64; 4]) {
    let total: i64 = tricks.iter().map(|&t| t as i64).sum();
    let most = tricks.iter().copied().max().unwrap_or(0);
    let most_tricks = match tricks.iter().all(|&t| t == most) {
        true => Vec::new(),
        false => Seat::ALL
            .into_iter()
            .filter(|s| tricks[s.index()] == most)
            .collect(),
    };
    let payouts = tricks.map(|t| (4 * t as i64 - total) * multiplier);
    (Outcome::PlainTrick { most_tricks }, payouts)
}

/// What the declaring side's card points must reach (RULES.md sections 4, 7 and 8): `win`
/// to win, `schneider` to win schneider, and `free` not to lose schneider; out of `total`,
/// the pack's card points (120; Kop's 104).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Targets {
    pub win: u32,
    pub schneider: u32,
    pub free: u32,
    pub total: u32,
}

impl Targets {
    /// More than half wins, more than three quarters wins schneider, a quarter or less
    /// loses schneider: of 120, 61, 91 and 30 or less.
    pub const fn normal(total: u32) -> Targets {
        Targets {
            win: total / 2 + 1,
            schneider: total - total / 4 + 1,
            free: total / 4 + 1,
            total,
        }
    }
    /// German Schafkopf: schneider is "more than 90" for either side, so the declarers
    /// lose schneider only under 30.
    pub const fn german(total: u32) -> Targets {
        Targets {
            free: total / 4,
            ..Targets::normal(total)
        }
    }
    /// A Muss game, and a game a Kontra took over (`kontra_takes_over`: the defenders need
    /// 61): the declarers win with 60, are free of schneider with 30, and win schneider
    /// with 90 (of 120).
    pub const fn muss(total: u32) -> Targets {
        Targets {
            win: total / 2,
            schneider: total - total / 4,
            free: total / 4,
            total,
        }
    }

    /// The targets of a game set up.
    pub fn of(setup: &Setup) -> Targets {
        let total = setup.deck().points();
        match setup.contract() {
            Contract::German { .. } if setup.options().bauerchen => {
                Targets::german(total).with_melds(setup)
            }
            Contract::German { .. } => Targets::german(total),
            _ if setup.deal().muss() => Targets::muss(total),
            _ if setup.deal().options().kontra_takes_over
                && setup.deal().doublings().kontra > 0 =>
            {
                Targets::muss(total)
            }
            _ => Targets::normal(total),
        }
    }

    /// Bauerchen: the side with more points, cards and melds together, wins (a tie loses
    /// the declarers, as 60 does), so the declarers' melds less the others' lower the card
    /// points they need to win by half the difference; schneider and schwarz stay the
    /// cards' (a reading, RULES.md section 8).
    fn with_melds(self, setup: &Setup) -> Targets {
        let melds = melds(setup);
        let declarers = setup.declarers();
        let (ours, theirs) = Seat::ALL
            .into_iter()
            .fold((0i64, 0i64), |(o, t), s| match declarers.contains(s) {
                true => (o + melds[s.index()] as i64, t),
                false => (o, t + melds[s.index()] as i64),
            });
        let win = (self.total as i64 / 2 + 1 - (ours - theirs) / 2).clamp(0, self.total as i64 + 1);
        Targets {
            win: win as u32,
            ..self
        }
    }

    /// Won, and schneider (won or lost), for the declaring side's card points.
    pub fn won_schneider(self, points: u32) -> (bool, bool) {
        let won = points >= self.win;
        (
            won,
            if won {
                points >= self.schneider
            } else {
                points < self.free
            },
        )
    }
}

/// The price of a solo-class game: the Wenz class's own where the table sets one
/// (`tariff.wenz`; Wenz, Geier, König, Eisenbahner and their suit forms), else the solo
/// price.
fn solo_price(t: &crate::options::Tariff, game: Solo) -> i64 {
    if game.wenz_class() {
        t.wenz()
    } else {
        t.solo()
    }
}

/// The payouts of a declared contract (anything but Ramsch) with this outcome for the
/// declaring side, under the setup's prices, doublings and stock (RULES.md section 6).
pub fn declared_payouts(setup: &Setup, outcome: DeclaredOutcome) -> [i64; 4] {
    let DeclaredOutcome {
        won,
        schneider,
        schwarz,
    } = outcome;
    let contract = setup.contract();
    let declarers = setup.declarers();
    let t = &setup.tariff();
    let laufende = laufende_paid(setup) as i64;
    let value = match contract {
        Contract::Sie { .. } => {
            let l = match setup.options().sie_value {
                SieValue::WithLaufende => laufende,
                SieValue::BaseOnly => 0,
            };
            // The short packs' Sie (the short deck's four Obers and two Unters, the twenty
            // cards' four Obers and EU) is paid as a Tout by default (RULES.md section 1).
            let factor = match (setup.deck(), setup.options().short_sie) {
                (Deck::Short | Deck::Twenty | Deck::Kop, ShortSie::Tout) => 2,
                _ => 4,
            };
            factor * (t.solo() + t.laufende_price() * l)
        }
        Contract::Solo {
            tout: true, game, ..
        } => 2 * (solo_price(t, game) + t.laufende_price() * laufende),
        Contract::Bettel { ouvert: true, .. } => t.bettel_ouvert_price(),
        Contract::Bettel { ouvert: false, .. } => t.bettel_price(),
        Contract::German { forced, .. } => german_game_points(won, schneider, schwarz, forced),
        _ => {
            let price = match contract {
                Contract::Sauspiel { .. }
                | Contract::Hochzeit { .. }
                | Contract::Kreuzbock { .. } => t.base(),
                Contract::Solo { game, .. } => solo_price(t, game),
                _ => t.solo(),
            };
            // A table may pay solos without schneider and schwarz (`solo_schneider`).
            let extras = match contract {
                Contract::Solo { .. } if !setup.options().solo_schneider() => 0,
                _ => schneider as i64 + schwarz as i64,
            };
            let value = price + t.extra() * extras + t.laufende_price() * laufende;
            // The seed's table: "Hochzeit x 2".
            let doubled =
                matches!(contract, Contract::Hochzeit { .. }) && setup.options().hochzeit_double();
            value * if doubled { 2 } else { 1 }
        }
    };
    // Every amount is at most MAX_AMOUNT and the doublings are bounded (options.rs), so no
    // product here overflows.
    let value = value * setup.doublings().multiplier();
    let mut payouts = [0i64; 4];
    // One player against three settles with each of them: he is paid or pays three times
    // (a solo; in German Schafkopf with black-Ober partners, the lone defender too).
    for seat in Seat::ALL {
        let declaring = declarers.contains(seat);
        let sign = if declaring == won { 1 } else { -1 };
        let side = if declaring {
            declarers.len()
        } else {
            4 - declarers.len()
        };
        let factor = if side == 1 { 3 } else { 1 };
        payouts[seat.index()] = sign * factor * value;
    }
    let stock = setup.stock();
    match (setup.options().stock_rule, contract.declarer()) {
        (StockRule::Split, _) if matches!(contract, Contract::Sauspiel { .. }) && stock != 0 => {
            let half = stock / 2;
            let stock_share = if won { half } else { -half };
            for seat in declarers.iter() {
                payouts[seat.index()] += stock_share;
            }
        }
        (StockRule::Declarer, Some(declarer)) => {
            payouts[declarer.index()] += if won { stock } else { -stock };
        }
        _ => {}
    }
    payouts
}

/// German Schafkopf: the game points each winner of this game draws (RULES.md 8; the
/// German game doubles nothing); a lone winner is paid them by each of the three. In
/// Schellen-Schafkopf the players with the most tricks draw one; a Ramsch or a hand thrown
/// in draws none.
pub fn german_points(setup: &Setup, outcome: &Outcome) -> i64 {
    match (setup.contract(), outcome.declared()) {
        (Contract::SchellenSchafkopf, _) => 1,
        (Contract::German { forced, .. }, Some(o)) => {
            german_game_points(o.won, o.schneider, o.schwarz, forced)
        }
        _ => 0,
    }
}

/// German Schafkopf game points to each player of the winning side (RULES.md 8).
pub(crate) fn german_game_points(
    declarers_won: bool,
    schneider: bool,
    schwarz: bool,
    forced: bool,
) -> i64 {
    if schwarz {
        9
    } else if declarers_won || forced {
        if schneider {
            2
        } else {
            1
        }
    } else if schneider {
        4
    } else {
        2
    }
}

/// What a finished Ramsch is decided by, per seat: points, tricks, and for the tie rules
/// the trumps among the cards taken, the highest trump taken and the highest trump played
/// (as comparable powers, 0 for none).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub(crate) struct RamschTally {
    pub points: [u32; 4],
    pub tricks: [u32; 4],
    pub trumps_taken: [u32; 4],
    pub top_taken: [u8; 4],
    pub top_played: [u8; 4],
}

impl RamschTally {
    /// The tally of a finished game.
    fn of(game: &Game) -> RamschTally {
        let order = game.order();
        let highest = |cards: Cards| -> u8 {
            cards
                .intersect(order.trumps())
                .into_iter()
                .map(|c| order.power(c))
                .max()
                .unwrap_or(0)
        };
        let taken = game.taken();
        let played = BySeat::from_fn(|seat| {
            game.plays()
                .into_iter()
                .filter(|(s, _)| *s == seat)
                .map(|(_, c)| c)
                .collect::<Cards>()
        });
        RamschTally {
            points: game.points().0,
            tricks: game.trick_counts().0,
            trumps_taken: taken.0.map(|t| t.intersect(order.trumps()).len()),
            top_taken: taken.0.map(highest),
            top_played: played.0.map(highest),
        }
    }
}

/// Ramsch: the loser pays each other player the price (here 1: the amounts scale with
/// price and doublings), Jungfrau and Durchmarsch as the options say (RULES.md section 6).
pub(crate) fn ramsch_units(opts: &Options, tally: &RamschTally) -> (Outcome, [i64; 4]) {
    let decided = ramsch_decided(opts, tally);
    let jungfrau = Seat::ALL
        .into_iter()
        .filter(|s| decided.jungfrau.contains(*s))
        .collect();
    let outcome = Outcome::Ramsch {
        loser: decided.loser,
        payers: decided
            .loser
            .into_iter()
            .chain(decided.second_payer)
            .collect(),
        jungfrau,
        durchmarsch: decided.durchmarsch,
    };
    (outcome, decided.units)
}

/// How a finished Ramsch ends: a Durchmarsch or a loser, the seats without a trick, and the
/// payments in units of the price.
pub(crate) struct RamschDecided {
    pub durchmarsch: Option<Seat>,
    pub loser: Option<Seat>,
    /// Under `two_highest_pay`, the seat with the second most points, who pays too.
    pub second_payer: Option<Seat>,
    pub jungfrau: Seats,
    pub units: [i64; 4],
}

/// [`ramsch_units`] without the outcome's lists: what the search values its leaves by.
pub(crate) fn ramsch_decided(opts: &Options, tally: &RamschTally) -> RamschDecided {
    if opts.ramsch_form == RamschForm::Schieberamsch {
        return decided_on(opts, &tally.passed_on());
    }
    decided_on(opts, tally)
}

/// The seat whose tricks count for `seat` in a Ramsch: itself; in a Schieberamsch the seat
/// on its right, whose tricks are passed on to it at the end (seat 3's to seat 0).
pub(crate) fn ramsch_taker(form: RamschForm, seat: usize) -> usize {
    match form {
        RamschForm::Schieberamsch => (seat + 3) % 4,
        RamschForm::LoserPays | RamschForm::TwoHighestPay => seat,
    }
}

impl RamschTally {
    /// Schieberamsch: every seat's tricks counted for the seat on its left. The trumps
    /// each played stay his own.
    fn passed_on(&self) -> RamschTally {
        let from = |seat| ramsch_taker(RamschForm::Schieberamsch, seat);
        RamschTally {
            points: std::array::from_fn(|s| self.points[from(s)]),
            tricks: std::array::from_fn(|s| self.tricks[from(s)]),
            trumps_taken: std::array::from_fn(|s| self.trumps_taken[from(s)]),
            top_taken: std::array::from_fn(|s| self.top_taken[from(s)]),
            top_played: self.top_played,
        }
    }
}

fn decided_on(opts: &Options, tally: &RamschTally) -> RamschDecided {
    let all: u32 = tally.tricks.iter().sum();
    let durchmarsch = Seat::ALL.into_iter().find(|s| match opts.durchmarsch {
        Durchmarsch::AllTricks => tally.tricks[s.index()] == all,
        Durchmarsch::AtLeast => tally.points[s.index()] >= opts.durchmarsch_points() as u32,
        Durchmarsch::None => false,
    });
    let jungfrau: Seats = Seat::ALL
        .into_iter()
        .filter(|s| tally.tricks[s.index()] == 0)
        .fold(Seats::NONE, Seats::with);
    let mut units = [0i64; 4];
    if let Some(d) = durchmarsch {
        for seat in Seat::ALL {
            units[seat.index()] = if seat == d { 3 } else { -1 };
        }
        return RamschDecided {
            durchmarsch,
            loser: None,
            second_payer: None,
            jungfrau,
            units,
        };
    }
    let ranked = ramsch_ranking(opts, tally);
    let payers = match opts.ramsch_form {
        RamschForm::LoserPays | RamschForm::Schieberamsch => 1,
        RamschForm::TwoHighestPay => 2,
    };
    let n = jungfrau.len();
    for &payer in &ranked[..payers] {
        for &seat in &ranked[payers..] {
            let share = jungfrau_share(opts.jungfrau, jungfrau.contains(seat), n) as i64;
            units[seat.index()] += share;
            units[payer.index()] -= share;
        }
    }
    RamschDecided {
        durchmarsch: None,
        loser: Some(ranked[0]),
        second_payer: (payers == 2).then_some(ranked[1]),
        jungfrau,
        units,
    }
}

/// What the Ramsch loser pays a seat, in prices, under the Jungfrau rule: `virgin` says
/// whether that seat took no trick, `n` how many seats took none.
pub(crate) fn jungfrau_share(rule: Jungfrau, virgin: bool, n: u32) -> i32 {
    match rule {
        Jungfrau::None => 1,
        Jungfrau::DoubleIndividuallyOnce => 1 + virgin as i32,
        Jungfrau::DoubleIndividuallyMultiple if virgin => 1 << n,
        Jungfrau::DoubleIndividuallyMultiple => 1,
        Jungfrau::DoubleAll => 1 << n,
    }
}

/// The seats from the worst Ramsch to the best: most points first, ties by the
/// `ramsch_tie` option, then the seat nearest forehand (a tie that survives every rule is
/// all but impossible, but must not panic).
fn ramsch_ranking(opts: &Options, tally: &RamschTally) -> [Seat; 4] {
    // Higher is worse: the key of each seat under the tie rule.
    let key = |seat: Seat| -> (u32, u32, u32, u8) {
        let i = seat.index();
        let p = tally.points[i];
        match opts.ramsch_tie {
            RamschTie::MoreTricks => (
                p,
                tally.tricks[i],
                tally.trumps_taken[i],
                tally.top_taken[i],
            ),
            RamschTie::HighestTrumpPlayed => (p, tally.top_played[i] as u32, 0, 0),
        }
    };
    let mut seats = Seat::ALL;
    // Stable: equal keys keep the order from forehand.
    seats.sort_by_key(|s| std::cmp::Reverse(key(*s)));
    seats
}
