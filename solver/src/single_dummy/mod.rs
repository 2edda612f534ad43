//! Single dummy: what one player could know at a point of a game, the deals that agree
//! with it (the worlds single-dummy judgement averages over, RULES.md section 11), and the
//! cards judged over them: one decision ([`decide`], in `decision.rs`) and a whole played
//! hand ([`analyze_players`], in `judge.rs`); `parallel.rs` spreads the worlds over several
//! solvers (a whole hand's decisions at once, so that no thread waits for the slowest world
//! of one).
//!
//! A player sees his own hand, every card played and by whom, and the contract. The rules
//! tell him more: a player who did not follow a led group holds none of it; in a Sauspiel
//! the declarer holds no called ace and a player who followed the first search of the
//! called suit with another card does not hold it (the ace must come); a Bettel ouvert's
//! hand lies open; a Hochzeit's exchanged cards are known to the two who exchanged them
//! (and the trump to all where it was offered face up). Those
//! narrow the hidden cards' [`Arrangements`]; every arrangement drawn is then checked the
//! way a record is, by dealing it and replaying the play card by card, so a world that the
//! narrowing lets through but some rule forbids (a partner who ran away without the cards
//! for it, a German declaration the deal would not make) is drawn again. Drawing uniformly
//! from the narrowed arrangements and keeping those that pass is drawing uniformly from
//! the consistent worlds.

mod arrange;
pub(crate) mod assume;
mod decision;
mod ending;
mod judge;
pub(crate) mod parallel;
mod stopping;
mod thresholds;
mod worlds;

pub use arrange::Arrangements;
pub use assume::{Assumption, Assumptions, Counted};
pub use decision::{decide, CardOutlook, Decision, ShownWorld};
pub(crate) use decision::{
    decision_seed, outlooks_map, DecisionWorlds, Outlook, Values, WorldRead,
};
pub(crate) use ending::Ending;
pub use judge::{analyze_players, best_card, judge_single_dummy, play_single_dummy};
pub(crate) use judge::{judge_over_worlds, only_card};
pub(crate) use thresholds::{floor_of, reached};
pub use worlds::Worlds;

use crate::announce::renonce_holdings;
use crate::auction::AuctionModel;
use crate::cards::{Card, Cards, Rank, Suit};
use crate::contract::Contract;
use crate::deal::Rng;
use crate::error::Error;
use crate::game::{Game, Setup};
use crate::order::Group;
use crate::round::Pass;
use crate::seat::{BySeat, Seat, Seats};

/// Whether a world of likelihood `weight` is kept, `most` the largest expected: with
/// chance `weight / most` (always where it is at least the largest).
pub(crate) fn keep(rng: &mut Rng, weight: f64, most: f64) -> bool {
    if weight >= most {
        return true;
    }
    // 53 random bits: a uniform number in [0, 1).
    let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    u * most < weight
}

/// Passes before the contract (a Schieber round): a seat sees its own passes, those handed
/// to it and the cards set aside (everyone knows forehand gets them); of the other passes
/// it knows only who gave to whom. Each hidden card it saw move is followed through the
/// later passes to the seats that may hold it now, and `allowed` narrowed to those. (Any
/// arrangement that keeps to this has contents for the unseen passes that fit: tested
/// against an enumeration of them.)
pub(crate) fn narrow_by_passes(
    passes: &[Pass],
    seat: Seat,
    hidden: Cards,
    allowed: &mut BySeat<Cards>,
) {
    let seen = |p: &Pass| p.from.is_none() || p.from == Some(seat) || p.to == seat;
    for (i, pass) in passes.iter().enumerate().filter(|(_, p)| seen(p)) {
        for card in pass.cards.intersect(hidden) {
            let mut holders = Seats::one(pass.to);
            for later in &passes[i + 1..] {
                let Some(from) = later.from.filter(|f| holders.contains(*f)) else {
                    continue;
                };
                if !seen(later) {
                    holders = holders.with(later.to);
                } else if later.cards.contains(card) {
                    // Passed on in a pass it saw: the card was with the giver.
                    holders = Seats::one(later.to);
                } else {
                    // Not in a pass it saw: wherever it was, it stayed.
                    debug_assert!(holders.contains(from));
                }
            }
            for s in holders.others().iter() {
                allowed[s].remove(card);
            }
        }
    }
}

/// The cards every player knows the declarer was dealt, by the rules of his declaration:
/// `EO` in a Muss game, and what a Renonce call requires ([`renonce_holdings`]).
fn declared_holdings(setup: &Setup) -> Cards {
    if !setup.deal().muss() {
        return Cards::EMPTY;
    }
    let renonce = match setup.contract() {
        Contract::Sauspiel { rank, .. } => renonce_holdings(rank),
        _ => Cards::EMPTY,
    };
    renonce.with(Card::new(Suit::Eichel, Rank::Ober))
}

/// One seat's knowledge of a game in progress.
#[derive(Clone, Debug)]
pub struct View {
    seat: Seat,
    /// The game's setup: its table and contract are public; of its hands only `known` is
    /// read.
    setup: Setup,
    plays: Vec<Card>,
    /// Cards each seat is known to hold now.
    known: BySeat<Cards>,
    /// Cards each seat has played.
    played: BySeat<Cards>,
    /// The cards nobody in view is known to hold, where each seat may hold them, and how
    /// many each holds.
    hidden: Cards,
    allowed: BySeat<Cards>,
    need: BySeat<u8>,
    /// What the seat assumes beyond the rules ([`View::assuming`]).
    assumptions: Vec<Assumption>,
    /// The hands as played in the game viewed (the one world known to be true).
    actual: BySeat<Cards>,
    arrangements: Arrangements,
    /// The model of declaring the worlds are weighed by ([`View::inferring`]), with what
    /// it reads of the table (the same in every world); none where the view does not infer.
    auction: Option<(&'static AuctionModel, crate::auction::Table)>,
}

/// How the worlds of a view read the auction (`--inference`).
#[derive(Copy, Clone, Debug)]
pub enum Inference {
    /// Every consistent world alike: the auction says nothing.
    None,
    /// Each world by the likelihood of the auction as it happened, under this model.
    Auction(&'static AuctionModel),
}

impl PartialEq for Inference {
    fn eq(&self, other: &Inference) -> bool {
        match (self, other) {
            (Inference::None, Inference::None) => true,
            (Inference::Auction(a), Inference::Auction(b)) => std::ptr::eq(*a, *b),
            _ => false,
        }
    }
}

impl Eq for Inference {}

impl Inference {
    /// The shipped model of declaring ([`AuctionModel::shipped`]).
    pub fn auction() -> Inference {
        Inference::Auction(AuctionModel::shipped())
    }

    /// The inference a game of `setup` allows: none in a Strixner, whose solo was chosen
    /// after three tricks, with no auction to read; else this one.
    pub fn on(self, setup: &Setup) -> Inference {
        match setup.opening_tricks() {
            0 => self,
            _ => Inference::None,
        }
    }

    /// Its name in the answers: `auction` or `none`.
    pub fn name(&self) -> &'static str {
        match self {
            Inference::None => "none",
            Inference::Auction(_) => "auction",
        }
    }
}

impl View {
    /// What `seat` knows of `game` as it stands.
    pub fn of(game: &Game, seat: Seat) -> View {
        let setup = game.setup().clone();
        let contract = setup.contract();
        let hands = *game.hands();
        let mut known = BySeat([Cards::EMPTY; 4]);
        known[seat] = hands[seat];
        match contract {
            Contract::Bettel {
                declarer,
                ouvert: true,
                trumps: false,
            } => known[declarer] = hands[declarer],
            Contract::Hochzeit {
                declarer,
                partner,
                given,
                returned,
            } => {
                // The two who exchanged know the cards; the others the trumps only when
                // they were offered face up. Everyone knows the Hochzeiter gave away his
                // trumps (one; two in a Bauernhochzeit) for as many cards that are none.
                let sees = seat == declarer || seat == partner;
                if sees || setup.options().hochzeit_face_up {
                    known[partner] |= hands[partner].intersect(given);
                }
                if sees {
                    known[declarer] |= hands[declarer].intersect(returned);
                }
            }
            _ => {}
        }
        // What the declaration itself tells the table: a Muss game's declarer holds EO,
        // and one who called a ten (Renonce) holds the three callable aces, a king the
        // three tens too (RULES.md section 7). Those not yet played are known his.
        if let Some(declarer) = contract.declarer() {
            known[declarer] |= hands[declarer].intersect(declared_holdings(&setup));
        }
        let all_known = Seat::ALL
            .into_iter()
            .fold(Cards::EMPTY, |a, s| a | known[s]);
        let held = Seat::ALL
            .into_iter()
            .fold(Cards::EMPTY, |a, s| a | hands[s]);
        let hidden = held.without(all_known);
        let need = BySeat::from_fn(|s| (hands[s].len() - known[s].len()) as u8);
        let mut allowed = BySeat::from_fn(|s| if need[s] > 0 { hidden } else { Cards::EMPTY });
        if let Contract::Hochzeit { declarer, .. } = contract {
            allowed[declarer] = allowed[declarer].without(game.order().trumps());
        }
        let order = game.order();
        let plays = game.plays();
        let mut played = BySeat([Cards::EMPTY; 4]);
        for &(s, card) in &plays {
            played[s].insert(card);
        }
        // Voids: a follower who did not follow the led group holds none of it.
        for trick in plays.chunks(4) {
            let led = order.group_of(trick[0].1);
            for &(s, card) in &trick[1..] {
                if !led.contains(card) {
                    allowed[s] = allowed[s].without(led);
                }
            }
        }
        narrow_by_passes(setup.deal().passes(), seat, hidden, &mut allowed);
        if let Some(ace) = contract.called_ace().filter(|a| hidden.contains(*a)) {
            if let Some(d) = contract.declarer() {
                allowed[d].remove(ace);
            }
            // The first search of the called suit: the ace had to come from its holder.
            let suit = order.group_cards(Group::Plain(ace.suit()));
            if let Some(trick) = plays.chunks(4).find(|t| suit.contains(t[0].1)) {
                for &(s, card) in &trick[1..] {
                    if card != ace {
                        allowed[s].remove(ace);
                    }
                }
            }
        }
        View {
            seat,
            setup,
            plays: plays.iter().map(|&(_, c)| c).collect(),
            known,
            played,
            hidden,
            allowed,
            need,
            assumptions: Vec::new(),
            actual: BySeat::from_fn(|s| hands[s] | played[s]),
            arrangements: Arrangements::new(hidden, &allowed, need),
            auction: None,
        }
    }

    /// The same view, its worlds weighed by `inference`: drawn in proportion to the
    /// likelihood of the auction as it happened, or weighted by it where all are listed.
    pub fn inferring(self, inference: Inference) -> View {
        let auction = match inference.on(&self.setup) {
            Inference::None => None,
            Inference::Auction(model) => {
                Some((model, crate::auction::Table::of(self.setup.deal())))
            }
        };
        View { auction, ..self }
    }

    /// Whether the worlds are weighed by the auction.
    fn infers(&self) -> bool {
        self.auction.is_some()
    }

    /// The likelihood of `world`'s auction, the seat's own hand left out (1 where the view
    /// does not infer).
    fn weight(&self, world: &Game) -> f64 {
        match &self.auction {
            None => 1.0,
            Some((model, table)) => model.likelihood_at(world.setup(), self.seat, table),
        }
    }

    /// The same view, its worlds also keeping `assumptions` about the hands as played
    /// (`assume.rs`): a card assumed held is drawn for no one else, and a world that
    /// breaks a count is drawn again. A card assumed held that the view shows elsewhere is
    /// refused, and so is an assumption the game viewed breaks (its own deal is one of the
    /// worlds).
    pub fn assuming(mut self, assumptions: &[Assumption]) -> Result<View, Error> {
        let order = self.setup.order();
        if let Some(false_one) = assumptions.iter().find(|a| !a.kept(&self.actual, &order)) {
            return Err(Error::BadAssumption(format!(
                "'{false_one}' is false in this game (seat {} played it with {})",
                false_one.seat(),
                self.actual[false_one.seat()]
            )));
        }
        assume::check_held(assumptions, &mut self.allowed, &self.known, &self.played)?;
        self.assumptions.extend_from_slice(assumptions);
        self.arrangements = Arrangements::new(self.hidden, &self.allowed, self.need);
        Ok(self)
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The arrangements of the hidden cards left after the narrowing (an upper bound on
    /// the consistent worlds).
    pub fn candidates(&self) -> u64 {
        self.arrangements.count()
    }

    /// The world that gives the hidden cards as `hidden`, if it agrees with everything
    /// seen: dealt, set up and replayed as a record is.
    pub fn world(&self, hidden: &BySeat<Cards>) -> Result<Game, Error> {
        let played_hands = BySeat::from_fn(|s| self.known[s] | hidden[s] | self.played[s]);
        // The assumptions first: they need the hands alone, not the replay.
        if !assume::all_kept(&self.assumptions, &played_hands, &self.setup.order()) {
            return Err(Error::BadAssumption("the world breaks one".to_string()));
        }
        let contract = self.exchange_in(&played_hands)?;
        let deal = self
            .setup
            .deal()
            .redealt(contract.dealt_hands(played_hands))?;
        let setup = Setup::new(deal, contract)?;
        Game::replay(setup, &self.plays)
    }

    /// The contract of a world with these hands as played. A Hochzeit's exchanged cards
    /// are the contract's where this seat saw them (the trump also where it was offered
    /// face up); otherwise any that fit the world: a trump of the partner's as the one
    /// given and a card of the Hochzeiter's as the one returned. The hands played, and so
    /// the game, are the same whichever fit.
    fn exchange_in(&self, played: &BySeat<Cards>) -> Result<Contract, Error> {
        let contract = self.setup.contract();
        let Contract::Hochzeit {
            declarer,
            partner,
            given,
            returned,
        } = contract
        else {
            return Ok(contract);
        };
        if self.seat == declarer || self.seat == partner {
            return Ok(contract);
        }
        let trumps = Contract::Ramsch.order(self.setup.deck()).trumps();
        let first =
            |cards: Cards, n: u32| -> Cards { cards.into_iter().take(n as usize).collect() };
        let given = if self.setup.options().hochzeit_face_up {
            given
        } else {
            first(played[partner].intersect(trumps), given.len())
        };
        let returned = first(played[declarer].without(trumps), returned.len());
        Ok(Contract::Hochzeit {
            declarer,
            partner,
            given,
            returned,
        })
    }

    /// One world drawn by rejection, for the uniformity test.
    #[cfg(test)]
    fn draw_one(&mut self, rng: &mut Rng) -> Game {
        loop {
            let hidden = self.arrangements.draw(rng).expect("a world exists");
            if let Ok(game) = self.world(&hidden) {
                return game;
            }
        }
    }
}

/// How many worlds (deals consistent with a view) to draw, and from which seed: the
/// single-dummy analysis and `odds` alike.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Sampling {
    /// The most worlds (or deals) drawn: single dummy judges a decision's worlds in rounds
    /// and mostly stops long before (`stopping.rs`).
    pub samples: usize,
    /// Single dummy: the most worlds where every card is solved to its exact value (a
    /// Ramsch or Schellen-Schafkopf, which pay by it, or `points` asked), each world far
    /// dearer than a threshold question; none for `samples`.
    pub exact_samples: Option<usize>,
    pub seed: u64,
    /// Single dummy: judge a decision's sampled worlds in rounds and stop once its best
    /// card is clear (`stopping.rs`); otherwise every world drawn. (`odds` stops a
    /// contract by its own rule.)
    pub sequential: bool,
    /// Single dummy: each card's exact value in every world (points or tricks: its
    /// expectation, and points breaking ties between cards that pay alike); otherwise
    /// only what it pays, found by threshold questions (`thresholds.rs`), several times
    /// cheaper.
    pub points: bool,
    /// What the player assumes beyond the rules (`assume.rs`): the worlds (and `odds`'s
    /// deals) are drawn uniformly from those that keep it.
    pub assume: Assumptions,
    /// Single dummy: whether the worlds are weighed by the auction (`--inference`).
    pub inference: Inference,
}

impl Sampling {
    /// `samples` worlds at most from `seed`, stopping once the best card is clear, each
    /// card's exact value asked.
    pub const fn new(samples: usize, seed: u64) -> Sampling {
        Sampling {
            samples,
            exact_samples: None,
            seed,
            sequential: true,
            points: true,
            assume: Assumptions([None; Assumptions::MAX]),
            inference: Inference::None,
        }
    }

    /// The same, at most `exact` worlds where every card is solved exactly.
    pub const fn exact_at_most(self, exact: usize) -> Sampling {
        Sampling {
            exact_samples: Some(exact),
            ..self
        }
    }

    /// The most worlds a decision of `position` judges: `exact_samples` where every card
    /// is solved to its exact value (points asked, or a contract that pays by it), else
    /// `samples`.
    pub fn ceiling(&self, position: &Game) -> Result<usize, Error> {
        let measure = crate::search::Frame::of(position)?.measure;
        let exact = self.points || thresholds::boundaries(position, measure).is_none();
        Ok(self.ceiling_for(exact))
    }

    /// The most worlds a decision judges where every card is solved to its exact value
    /// (`exact`) or not.
    pub(crate) fn ceiling_for(&self, exact: bool) -> usize {
        match exact {
            true => self.exact_samples.unwrap_or(self.samples),
            false => self.samples,
        }
    }

    /// The same, the worlds weighed by `inference`.
    pub const fn inferring(self, inference: Inference) -> Sampling {
        Sampling { inference, ..self }
    }

    /// The same, the worlds keeping `assume`.
    pub const fn assuming(self, assume: Assumptions) -> Sampling {
        Sampling { assume, ..self }
    }

    /// The same worlds, every one of them judged.
    pub const fn every_world(self) -> Sampling {
        Sampling {
            sequential: false,
            ..self
        }
    }

    /// The same, each card judged by what it pays alone (no exact values).
    pub const fn paying_only(self) -> Sampling {
        Sampling {
            points: false,
            ..self
        }
    }

    /// The name of a single-dummy judgement's settings, which keeps stored answers apart:
    /// `players:<samples>:<seed>`, then `:exact=<n>` where exact values have a ceiling of
    /// their own, `:points` where exact values were asked, `:every`
    /// where every world was judged, the assumptions, and `:inference=none` where the
    /// auction was not read or `:model=<fingerprint>` where it was read by a model other
    /// than the shipped one.
    pub fn key(&self) -> String {
        let mut key = format!("players:{}:{}", self.samples, self.seed);
        if let Some(exact) = self.exact_samples {
            key.push_str(&format!(":exact={exact}"));
        }
        if self.points {
            key.push_str(":points");
        }
        if !self.sequential {
            key.push_str(":every");
        }
        if !self.assume.is_empty() {
            key.push_str(&format!(":assume={}", self.assume));
        }
        match self.inference {
            Inference::None => key.push_str(":inference=none"),
            Inference::Auction(model) if !std::ptr::eq(model, AuctionModel::shipped()) => {
                key.push_str(&format!(":model={}", model.fingerprint()));
            }
            Inference::Auction(_) => {}
        }
        key
    }
}

impl Default for Sampling {
    fn default() -> Sampling {
        Sampling::new(crate::defaults::ODDS_DEALS, 0)
    }
}

/// Rounds to `digits` decimals, for stable output.
pub(crate) fn round(x: f64, digits: i32) -> f64 {
    let f = 10f64.powi(digits);
    (x * f).round() / f
}

#[cfg(test)]
mod tests;
