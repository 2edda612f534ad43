//! What the auction tells the table: a model of declaring, how likely a seat with a given
//! hand is to pass, to play a Sauspiel or to play a solo-class game (a solo, Wenz, Geier
//! or their suit forms), fitted to recorded games; and the likelihood of an auction as it
//! happened for any deal, by which the players' view weighs its worlds (RULES.md section
//! 11, "Worlds the auction allows").
//!
//! The model is a multinomial logistic regression over a few features of the hand (the
//! Sauspiel's trumps, Obers, Unters, the two black Obers, plain aces, plain suits missing;
//! for the best solo-class game the table allows, its trumps, its top trumps in a row and
//! the aces beside them), its three classes' probabilities the softmax of two linear
//! scores against passing. A record says of its seats, in bidding order from forehand
//! (seat 0): the declarer wanted his game; a seat before a Sauspiel's declarer wanted no
//! game (it would have had priority), one before a solo's no solo (a Sauspiel it may have
//! wanted, outbid); a seat after a Sauspiel's declarer wanted no solo (it would have
//! outbid him); in a Ramsch every seat passed. What a seat after a solo's declarer wanted
//! is not told, unless the record gives the auction as it happened: then each seat's call
//! says whether it wanted a game at all. The fit maximises the likelihood of those sets of classes, with a small
//! ridge, by Newton's method safeguarded by a line search (a set of wishes makes the
//! problem not quite convex).

use crate::cards::{Card, Cards, Rank, Suit};
use crate::contract::Contract;
use crate::error::Error;
use crate::game::{announceable_on, Call, Deal, Setup};
use crate::order::Order;
use crate::seat::{BySeat, Seat};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The features of a hand, in the order of a model's weights.
pub const FEATURES: [&str; 10] = [
    "bias",
    "sauspiel_trumps",
    "obers",
    "unters",
    "black_obers",
    "plain_aces",
    "plain_voids",
    "solo_trumps",
    "solo_top",
    "solo_aces",
];
const F: usize = FEATURES.len();

/// The classes of a seat's wish in the auction.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Wish {
    Pass = 0,
    Sauspiel = 1,
    Solo = 2,
}

/// A set of wishes (a bit each): what the auction tells of one seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Wishes(u8);

impl Wishes {
    const PASS: Wishes = Wishes(1);
    const NO_SOLO: Wishes = Wishes(0b011);
    /// A game, but no solo: a Sauspiel.
    const SAUSPIEL: Wishes = Wishes(0b010);
    /// A game of either class.
    const A_GAME: Wishes = Wishes(0b110);

    fn one(w: Wish) -> Wishes {
        Wishes(1 << w as u8)
    }

    fn contains(self, k: usize) -> bool {
        self.0 & 1 << k != 0
    }
}

/// The class of a declared contract, where the model knows it.
fn wish_of(contract: &Contract) -> Option<Wish> {
    match contract {
        Contract::Sauspiel { .. } => Some(Wish::Sauspiel),
        Contract::Solo { tout: false, .. } => Some(Wish::Solo),
        _ => None,
    }
}

/// What the auction tells of each seat of `setup`, in bidding order (forehand, seat 0,
/// first): `None` where the model has nothing to say (a German deal, a Muss game, a Tout,
/// a Bettel, a Hochzeit, a round with passes).
fn evidence(setup: &Setup) -> Option<Vec<(Seat, Wishes)>> {
    let deal = setup.deal();
    if deal.fixed_bidding().is_some() {
        return None;
    }
    let contract = setup.contract();
    if contract == Contract::Ramsch {
        return Some(Seat::ALL.iter().map(|&s| (s, Wishes::PASS)).collect());
    }
    let wish = wish_of(&contract)?;
    let declarer = contract.declarer()?;
    // The auction as it happened, where the record gives it, says more: a seat that
    // passed wanted no game, and one that said "I play" wanted one, lower than the
    // declarer's (before him) or no higher (after him).
    if let Some(calls) = deal.auction() {
        let told = Seat::ALL.iter().map(|&s| {
            let before = s.index() < declarer.index();
            let w = match (s == declarer, calls[s.index()], before, wish) {
                (true, ..) => Wishes::one(wish),
                (false, Call::Play, _, Wish::Sauspiel) => Wishes::SAUSPIEL,
                (false, Call::Play, true, _) => Wishes::SAUSPIEL,
                (false, Call::Play, false, _) => Wishes::A_GAME,
                (false, ..) => Wishes::PASS,
            };
            (s, w)
        });
        return Some(told.collect());
    }
    let told = Seat::ALL.iter().filter_map(|&s| {
        let before = s.index() < declarer.index();
        let w = match (s == declarer, before, wish) {
            (true, _, _) => Wishes::one(wish),
            (false, true, Wish::Sauspiel) => Wishes::PASS,
            (false, true, _) => Wishes::NO_SOLO,
            (false, false, Wish::Sauspiel) => Wishes::NO_SOLO,
            (false, false, _) => return None,
        };
        Some((s, w))
    });
    Some(told.collect())
}

/// What [`features`] reads of a deal's table, the same for every deal at it (the worlds
/// of a view, the deals of `odds`): the orders of the solo-class games each seat may
/// announce there.
#[derive(Clone, Debug)]
pub struct Table {
    solos: BySeat<Vec<Order>>,
}

impl Table {
    /// The table `deal` is played at.
    pub fn of(deal: &Deal) -> Table {
        Table {
            solos: BySeat::from_fn(|seat| solo_orders(deal, seat)),
        }
    }
}

/// The orders of the solo-class games the table of `deal` lets `seat` announce (which
/// depend on the table's rules and the seat, not on the hands).
fn solo_orders(deal: &Deal, seat: Seat) -> Vec<Order> {
    announceable_on(deal, seat)
        .iter()
        .filter(|c| matches!(c, Contract::Solo { tout: false, .. }))
        .map(|c| c.order(deal.deck()))
        .collect()
}

/// The features of `seat`'s hand in `deal` (its hands as the contract is chosen on).
pub fn features(deal: &Deal, seat: Seat) -> [f64; F] {
    features_at(deal, seat, &solo_orders(deal, seat))
}

/// [`features`], `solos` the orders of the solo-class games the seat may announce.
fn features_at(deal: &Deal, seat: Seat, solos: &[Order]) -> [f64; F] {
    let hand = deal.hands()[seat];
    let obers = hand.intersect(Cards::OBERS);
    let unters = hand.intersect(Cards::UNTERS);
    let herz = Suit::Herz.cards();
    let sauspiel_trumps = (obers | unters | hand.intersect(herz)).len();
    let black = [Suit::Eichel, Suit::Gras]
        .iter()
        .filter(|&&s| hand.contains(Card::new(s, Rank::Ober)))
        .count();
    let plain = |s: Suit| s.cards().without(Cards::OBERS | Cards::UNTERS);
    let plain_suits = [Suit::Eichel, Suit::Gras, Suit::Schellen];
    let plain_aces = plain_suits
        .iter()
        .filter(|&&s| hand.contains(Card::new(s, Rank::Ace)))
        .count();
    let voids = plain_suits
        .iter()
        .filter(|&&s| hand.intersect(plain(s)).is_empty())
        .count();
    let (solo_trumps, solo_top, solo_aces) = best_solo(hand, solos);
    [
        1.0,
        sauspiel_trumps as f64,
        obers.len() as f64,
        unters.len() as f64,
        black as f64,
        plain_aces as f64,
        voids as f64,
        solo_trumps as f64,
        solo_top as f64,
        solo_aces as f64,
    ]
}

/// Of the solo-class games `solos` (their orders), the strongest for `hand` by trumps,
/// top trumps in a row and the aces beside them (their sum, ties to the first): those
/// three.
fn best_solo(hand: Cards, solos: &[Order]) -> (u32, u32, u32) {
    solos
        .iter()
        .map(|order| {
            let trumps = hand.intersect(order.trumps()).len();
            let top = order
                .trump_list()
                .iter()
                .take_while(|&&t| hand.contains(t))
                .count() as u32;
            let aces = hand
                .without(order.trumps())
                .intersect(Rank::Ace.cards())
                .len();
            (trumps, top, aces)
        })
        .fold((0, 0, 0), |best, x| {
            match x.0 + x.1 + x.2 > best.0 + best.1 + best.2 {
                true => x,
                false => best,
            }
        })
}

/// A fitted model of declaring.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AuctionModel {
    /// The features the weights follow, by name ([`FEATURES`]).
    pub features: Vec<String>,
    /// Each class's weights against passing: the Sauspiel's, then the solo's.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Vec<f64>>))]
    pub weights: [Vec<f64>; 2],
    /// The seats' wishes the model was fitted to, and where they came from.
    pub rows: usize,
    pub fitted_on: String,
}

/// The model shipped, fitted to the NetSchafkopf log of `tests/data/netschafkopf/`
/// (`schafkopf auction-model`, INTERFACE.md section 3).
const SHIPPED: &str = include_str!("auction/netschafkopf.json");

/// The ridge on every weight but the bias: keeps the fit finite where a feature separates
/// the classes in the data.
const RIDGE: f64 = 0.01;

/// The most steps of the fit: far more than a fit of real games takes.
const FIT_STEPS: usize = 200;

impl AuctionModel {
    /// A name of the model's weights, the same on every machine: 16 hex digits of the
    /// FNV-1a hash of its JSON (which rounds each weight to six places).
    pub fn fingerprint(&self) -> String {
        let hash = self
            .to_json()
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
            });
        format!("{hash:016x}")
    }

    /// The model shipped with the library.
    pub fn shipped() -> &'static AuctionModel {
        static MODEL: OnceLock<AuctionModel> = OnceLock::new();
        // The shipped text is checked by a test to parse and to be the fit of the log.
        MODEL.get_or_init(|| AuctionModel::from_json(SHIPPED).expect("the shipped model parses"))
    }

    /// A model from its JSON, checked: its features must be [`FEATURES`], in order.
    pub fn from_json(text: &str) -> Result<AuctionModel, Error> {
        let model: AuctionModel = serde_json::from_str(text)
            .map_err(|e| Error::BadModel(format!("not an auction model: {e}")))?;
        if model.features != FEATURES || model.weights.iter().any(|w| w.len() != F) {
            return Err(Error::BadModel(format!(
                "an auction model has the features {} and a weight for each",
                FEATURES.join(", ")
            )));
        }
        if model.weights.iter().flatten().any(|w| !w.is_finite()) {
            return Err(Error::BadModel(
                "a weight is not a finite number".to_string(),
            ));
        }
        Ok(model)
    }

    pub fn to_json(&self) -> String {
        // Serialising plain numbers and strings cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The probabilities of passing, a Sauspiel and a solo for a hand of features `x`.
    pub fn wishes(&self, x: &[f64; F]) -> [f64; 3] {
        let score = |w: &[f64]| w.iter().zip(x).map(|(w, x)| w * x).sum::<f64>();
        softmax([0.0, score(&self.weights[0]), score(&self.weights[1])])
    }

    /// How likely the auction of `setup` was with the hands its deal holds, the seats of
    /// `skip` left out (a seat's own hand is the same in every world it imagines): the
    /// product over the other seats of the chance of what the auction tells of them. 1
    /// where the model says nothing ([`evidence`]).
    pub fn likelihood(&self, setup: &Setup, skip: Seat) -> f64 {
        self.likelihood_at(setup, skip, &Table::of(setup.deal()))
    }

    /// [`AuctionModel::likelihood`], `table` that of `setup`'s deal (worked out once for
    /// many deals at it).
    pub fn likelihood_at(&self, setup: &Setup, skip: Seat, table: &Table) -> f64 {
        let Some(told) = evidence(setup) else {
            return 1.0;
        };
        told.iter()
            .filter(|(s, _)| *s != skip)
            .map(|&(s, w)| {
                let p = self.wishes(&features_at(setup.deal(), s, &table.solos[s]));
                (0..3).filter(|&k| w.contains(k)).map(|k| p[k]).sum::<f64>()
            })
            .product()
    }

    /// How likely the seats before `seat` in the bidding order (forehand, seat 0, first)
    /// were to pass with the hands of `deal`, where `seat` is still to speak
    /// ([`AuctionModel::spoke_before_at`] with every call a pass).
    pub fn passed_before(&self, deal: &Deal, seat: Seat) -> f64 {
        let said = vec![Call::Pass; seat.index()];
        self.spoke_before_at(deal, &said, &Table::of(deal))
    }

    /// How likely the seats before the one still to speak were to say what they said
    /// (`said`: their calls, forehand first) with the hands of `deal`, `table` that of
    /// `deal` (worked out once for many deals at it): the product of their chances of it,
    /// a pass by wanting no game, "I play" by wanting one (a Sauspiel or a solo-class game,
    /// whichever was to come). 1 where the model says nothing: where the seats do not bid
    /// freely ([`Deal::fixed_bidding`]).
    pub fn spoke_before_at(&self, deal: &Deal, said: &[Call], table: &Table) -> f64 {
        if deal.fixed_bidding().is_some() {
            return 1.0;
        }
        Seat::ALL
            .iter()
            .zip(said)
            .map(|(&s, call)| {
                let p = self.wishes(&features_at(deal, s, &table.solos[s]));
                match call {
                    Call::Play => p[Wish::Sauspiel as usize] + p[Wish::Solo as usize],
                    Call::Pass | Call::Ramsch => p[Wish::Pass as usize],
                }
            })
            .product()
    }

    /// The model fitted to `setups` (each a recorded game's deal and contract; those the
    /// model says nothing of are skipped), named `fitted_on`.
    pub fn fit(setups: &[Setup], fitted_on: &str) -> AuctionModel {
        let rows = rows(setups);
        let mut w = [[0.0; F]; 2];
        let mut loss = objective(&rows, &w);
        // Newton's method, safeguarded: what an auction tells of a seat may be a set of
        // wishes, and the log of a sum of probabilities is not concave, so where the
        // Newton step does not descend the gradient's is taken, and either is halved until
        // the loss falls by a part of what its slope promises (Armijo). Near the optimum
        // the full Newton step is taken and a few dozen steps converge to rounding.
        for _ in 0..FIT_STEPS {
            let (gradient, hessian) = derivatives(&rows, &w);
            let descends = |s: &[f64; 2 * F]| dot(s, &gradient) > 0.0;
            let step = solve(hessian, gradient)
                .filter(descends)
                .unwrap_or(gradient);
            let slope = dot(&step, &gradient);
            let mut t = 1.0;
            let taken = loop {
                let tried = moved(&w, &step, t);
                let l = objective(&rows, &tried);
                if l <= loss - 1e-4 * t * slope {
                    break Some((tried, l));
                }
                t /= 2.0;
                if t < 1e-12 {
                    break None;
                }
            };
            let Some((next, l)) = taken else {
                break;
            };
            let change = step.iter().map(|s| (s * t).abs()).fold(0.0, f64::max);
            (w, loss) = (next, l);
            if change < 1e-10 {
                break;
            }
        }
        // Rounded, so that the model's text is the same on every machine.
        let round = |x: f64| (x * 1e6).round() / 1e6;
        AuctionModel {
            features: FEATURES.iter().map(|f| f.to_string()).collect(),
            weights: [
                w[0].iter().map(|&x| round(x)).collect(),
                w[1].iter().map(|&x| round(x)).collect(),
            ],
            rows: rows.len(),
            fitted_on: fitted_on.to_string(),
        }
    }

    /// The mean log likelihood of what the auctions of `setups` tell, each seat's wishes
    /// given its hand: how well the model foresees held-out games.
    pub fn mean_log_likelihood(&self, setups: &[Setup]) -> f64 {
        let rows = rows(setups);
        let total: f64 = rows
            .iter()
            .map(|(x, w)| {
                let p = self.wishes(x);
                (0..3)
                    .filter(|&k| w.contains(k))
                    .map(|k| p[k])
                    .sum::<f64>()
                    .ln()
            })
            .sum();
        total / rows.len().max(1) as f64
    }
}

/// Every seat the auctions of `setups` tell of: its features and its wishes.
fn rows(setups: &[Setup]) -> Vec<([f64; F], Wishes)> {
    setups
        .iter()
        .filter_map(|s| Some((s, evidence(s)?)))
        .flat_map(|(s, told)| {
            told.into_iter()
                .map(|(seat, w)| (features(s.deal(), seat), w))
        })
        .collect()
}

/// The negative log likelihood of what `rows` tell under the weights `w`, plus the
/// ridge: what the fit makes least.
fn objective(rows: &[([f64; F], Wishes)], w: &[[f64; F]; 2]) -> f64 {
    let told: f64 = rows
        .iter()
        .map(|(x, wishes)| {
            let score = |k: usize| w[k].iter().zip(x).map(|(a, b)| a * b).sum::<f64>();
            let z = [0.0, score(0), score(1)];
            log_sum_exp(z, Wishes(0b111)) - log_sum_exp(z, *wishes)
        })
        .sum();
    let ridge: f64 = w.iter().flat_map(|c| &c[1..]).map(|x| x * x).sum();
    told + RIDGE * ridge
}

/// `log(sum over k in wishes of exp(z_k))`, computed without overflow or underflow.
fn log_sum_exp(z: [f64; 3], wishes: Wishes) -> f64 {
    let chosen = || (0..3).filter(move |&k| wishes.contains(k)).map(|k| z[k]);
    let top = chosen().fold(f64::MIN, f64::max);
    top + chosen().map(|v| (v - top).exp()).sum::<f64>().ln()
}

/// The weights `w` less `t` times `step` (laid out as the fit's 2F unknowns).
fn moved(w: &[[f64; F]; 2], step: &[f64; 2 * F], t: f64) -> [[f64; F]; 2] {
    let mut out = *w;
    for (i, s) in step.iter().enumerate() {
        out[i / F][i % F] -= t * s;
    }
    out
}

fn dot(a: &[f64; 2 * F], b: &[f64; 2 * F]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn softmax(z: [f64; 3]) -> [f64; 3] {
    let top = z.iter().copied().fold(f64::MIN, f64::max);
    let e = z.map(|z| (z - top).exp());
    let sum: f64 = e.iter().sum();
    e.map(|e| e / sum)
}

/// The gradient and Hessian of the negative log likelihood (plus the ridge) in the 2F
/// weights, class by class. For a row whose wishes are a set `S`, with `q_k = p_k / P(S)`
/// for `k` in `S` (else 0): the gradient of `-log P(S)` in class `k`'s score is
/// `p_k - q_k`, its Hessian `diag(p) - p p' - diag(q) + q q'`.
fn derivatives(rows: &[([f64; F], Wishes)], w: &[[f64; F]; 2]) -> ([f64; 2 * F], Vec<f64>) {
    let n = 2 * F;
    let mut g = [0.0; 2 * F];
    let mut h = vec![0.0; n * n];
    for (x, wishes) in rows {
        let score = |k: usize| w[k].iter().zip(x).map(|(a, b)| a * b).sum::<f64>();
        let z = [0.0, score(0), score(1)];
        let p = softmax(z);
        // The chances within the wishes told, from the scores (a sum of chances would
        // underflow where the model is sure and wrong).
        let told = log_sum_exp(z, *wishes);
        let q: Vec<f64> = (0..3)
            .map(|k| match wishes.contains(k) {
                true => (z[k] - told).exp(),
                false => 0.0,
            })
            .collect();
        // Classes 1 and 2 carry weights (0, passing, is the reference).
        for a in 0..2 {
            let ka = a + 1;
            for i in 0..F {
                g[a * F + i] += (p[ka] - q[ka]) * x[i];
            }
            for b in 0..2 {
                let kb = b + 1;
                let d = (a == b) as u8 as f64;
                let c = d * p[ka] - p[ka] * p[kb] - d * q[ka] + q[ka] * q[kb];
                for i in 0..F {
                    for j in 0..F {
                        h[(a * F + i) * n + b * F + j] += c * x[i] * x[j];
                    }
                }
            }
        }
    }
    for a in 0..2 {
        for i in 1..F {
            g[a * F + i] += 2.0 * RIDGE * w[a][i];
            h[(a * F + i) * n + a * F + i] += 2.0 * RIDGE;
        }
    }
    (g, h)
}

/// `h` (n x n, row by row) solved for `g` by Gaussian elimination with partial pivoting;
/// none where it is singular.
fn solve(mut h: Vec<f64>, g: [f64; 2 * F]) -> Option<[f64; 2 * F]> {
    let n = 2 * F;
    let mut b = g;
    for col in 0..n {
        let pivot =
            (col..n).max_by(|&a, &c| h[a * n + col].abs().total_cmp(&h[c * n + col].abs()))?;
        if h[pivot * n + col].abs() < 1e-12 {
            return None;
        }
        for k in 0..n {
            h.swap(col * n + k, pivot * n + k);
        }
        b.swap(col, pivot);
        for row in col + 1..n {
            let f = h[row * n + col] / h[col * n + col];
            for k in col..n {
                h[row * n + k] -= f * h[col * n + k];
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = [0.0; 2 * F];
    for row in (0..n).rev() {
        let rest: f64 = (row + 1..n).map(|k| h[row * n + k] * x[k]).sum();
        x[row] = (b[row] - rest) / h[row * n + row];
    }
    Some(x)
}

/// The seats a setup's auction tells of (for the tests and the benchmark).
pub fn told_seats(setup: &Setup) -> Vec<Seat> {
    evidence(setup).map_or_else(Vec::new, |t| t.into_iter().map(|(s, _)| s).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{decode, read, LogFormat};

    use crate::example_setup as setup;

    #[test]
    fn a_fit_of_a_few_games_is_a_model_that_reads() {
        // The 16 example games tell of 30 seats, some only as a set of wishes (a seat
        // before a solo's declarer wanted no solo): the fit once overflowed there, its
        // weights not numbers. Now every weight is finite and the model reads back.
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/games.jsonl");
        let text = std::fs::read_to_string(path).unwrap();
        let setups: Vec<Setup> = read(&text, LogFormat::Records, "examples")
            .into_iter()
            .filter_map(|(_, r)| r.ok()?.game().ok())
            .map(|g| g.setup().clone())
            .collect();
        for n in [3, setups.len()] {
            let model = AuctionModel::fit(&setups[..n], "a few");
            assert!(model.rows > 0);
            assert!(model.weights.iter().flatten().all(|w| w.is_finite()));
            assert_eq!(AuctionModel::from_json(&model.to_json()).unwrap(), model);
        }
    }

    #[test]
    fn the_shipped_model_is_the_fit_of_the_log() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/netschafkopf");
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "txt"))
            .collect();
        files.sort();
        let mut setups = Vec::new();
        for file in &files {
            let bytes = std::fs::read(file).unwrap();
            let name = file.file_stem().unwrap().to_string_lossy().into_owned();
            for (_, record) in read(&decode(&bytes), LogFormat::Netschafkopf, &name) {
                if let Some(game) = record.ok().and_then(|r| r.game().ok()) {
                    setups.push(game.setup().clone());
                }
            }
        }
        let fitted_on = format!("{} games of {} logs", setups.len(), files.len());
        let fitted = AuctionModel::fit(&setups, &fitted_on);
        assert_eq!(
            &fitted,
            AuctionModel::shipped(),
            "run `schafkopf auction-model`"
        );
        // More trumps make a Sauspiel likelier, more of a solo's trumps a solo.
        let w = &fitted.weights;
        assert!(w[0][1] > 1.0 && w[1][7] > 1.0, "{w:?}");
    }

    #[test]
    fn what_the_auction_tells_follows_the_bidding_order() {
        use Seat::*;
        let (pass, no_solo) = (Wishes::PASS, Wishes::NO_SOLO);
        let cases = [
            // Seat 2 declares a Sauspiel (on the Eichel ace, which seat 1 holds): seats 0
            // and 1 before him wanted no game, seat 3 after him no solo.
            (
                r#"{"game": "sauspiel", "suit": "E", "declarer": 2}"#,
                vec![
                    (S0, pass),
                    (S1, pass),
                    (S2, Wishes::one(Wish::Sauspiel)),
                    (S3, no_solo),
                ],
            ),
            // A solo by seat 3: the seats before him wanted no solo; nothing after him.
            (
                r#"{"game": "solo", "suit": "H", "declarer": 3}"#,
                vec![
                    (S0, no_solo),
                    (S1, no_solo),
                    (S2, no_solo),
                    (S3, Wishes::one(Wish::Solo)),
                ],
            ),
        ];
        for (contract, told) in cases {
            assert_eq!(evidence(&setup(contract)).unwrap(), told, "{contract}");
        }
        // A Ramsch: every seat passed. A Bettel: nothing told.
        let ramsch = setup(r#"{"game": "ramsch"}"#);
        assert!(evidence(&ramsch)
            .unwrap()
            .iter()
            .all(|&(_, w)| w == Wishes::PASS));
        let bettel = setup(r#"{"game": "bettel", "declarer": 1}"#);
        assert_eq!(evidence(&bettel), None);
        assert_eq!(AuctionModel::shipped().likelihood(&bettel, Seat::S0), 1.0);
    }

    #[test]
    fn a_strong_hand_is_likelier_to_declare_than_a_weak_one() {
        let model = AuctionModel::shipped();
        let deal = setup(r#"{"game": "ramsch"}"#).deal().clone();
        // Seat 0: four trumps and the Herz ace; seat 3: one trump.
        let strong = model.wishes(&features(&deal, Seat::S0));
        let weak = model.wishes(&features(&deal, Seat::S3));
        assert!(strong[1] > 3.0 * weak[1], "{strong:?} {weak:?}");
        assert!(weak[0] > 0.9, "{weak:?}");
        for p in [strong, weak] {
            assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
        // Features of seat 0: HO GU SU HA H9 H8 GK G8.
        let x = features(&deal, Seat::S0);
        assert_eq!(&x[..7], &[1.0, 6.0, 1.0, 2.0, 0.0, 0.0, 2.0]);
    }

    #[test]
    fn a_model_that_does_not_read_is_refused_by_name() {
        let bad = |text: &str| AuctionModel::from_json(text).unwrap_err().to_string();
        assert!(
            bad("{").starts_with("auction model: not an auction model"),
            "{}",
            bad("{")
        );
        let mut model = AuctionModel::shipped().clone();
        model.features.swap(1, 2);
        assert!(bad(&model.to_json()).contains("has the features bias, sauspiel_trumps"));
        let text = AuctionModel::shipped()
            .to_json()
            .replacen("-11.940302", "1e999", 1);
        assert!(bad(&text).contains("not an auction model") || bad(&text).contains("finite"));
        let round = AuctionModel::from_json(&AuctionModel::shipped().to_json()).unwrap();
        assert_eq!(&round, AuctionModel::shipped());
    }
}
