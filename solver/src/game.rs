//! A validated deal ([`Deal`]), the contract played on it ([`Setup`]) and a game in
//! progress ([`Game`]).
//!
//! Unchecked data becomes checked data in one typed step each: a [`Deal`] only comes out of
//! [`Deal::new`] and [`Deal::with_table`] (a complete deal of its pack, options, prices,
//! doublings and stock in range), and a [`Setup`] only out of [`Setup::new`] (a contract
//! the declarer may play on that deal). Their fields are private, so a `Setup` always holds
//! a complete deal and a playable contract. A [`Game`] plays cards on it, each checked
//! ([`Game::play`]) or, in the search, unchecked.

use crate::announce::{
    announceable, callable_aces, german_declaration, renonce_holdings, CALLABLE,
};
use crate::cards::{Card, Cards, Deck, Rank, Suit};
use crate::contract::{
    holds_sie, CalledRank, Contract, GameName, Partners, Solo, Variant, Wenzels,
};
use crate::error::{Error, IllegalReason};
use crate::legal::{CalledAce, PlayRules, RunAway};
use crate::options::check_amount;
use crate::options::{
    AllPass, Doublings, GermanTrump, Options, RevokeRule, RunAwayCount, StockRule, Tariff,
};
use crate::order::{Group, Order};
use crate::round::{undo_passes, Pass, Round, STRIXNER_TRICKS};
use crate::seat::{BySeat, Seat, Seats};
use std::fmt;
use std::sync::Arc;

/// A validated deal: the hands as dealt and everything fixed before a contract is chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    id: Option<String>,
    variant: Variant,
    deck: Deck,
    /// The hands the contract is chosen on: as dealt, after any passes of a Schieber
    /// round or Teufelsrunde.
    hands: BySeat<Cards>,
    /// The round whose passes made `hands`, with the passes in order.
    round: Option<(Round, Vec<Pass>)>,
    /// Everyone passed at a table that plays Muss: the holder of `EO` must declare, and
    /// the declarers' targets are lower (RULES.md section 7).
    muss: bool,
    options: Options,
    tariff: Tariff,
    doublings: Doublings,
    stock: i64,
    players: Option<Vec<String>>,
    /// The first round of the auction as it happened, where the record gives it: each
    /// seat's call from forehand. It changes no play or payment, only what the calls tell.
    auction: Option<[Call; 4]>,
}

impl Deal {
    /// A deal of `deck` with these hands as dealt, with the default options and prices, no
    /// doublings and no stock. Refuses a card outside the pack, a card twice and a hand of
    /// the wrong size.
    pub fn new(variant: Variant, deck: Deck, hands: BySeat<Cards>) -> Result<Deal, Error> {
        let mut seen = Cards::EMPTY;
        for seat in Seat::ALL {
            for card in hands[seat] {
                deal_card(deck, &mut seen, card)?;
            }
        }
        check_hand_sizes(deck, &hands, seen)?;
        if deck == Deck::Kop && variant == Variant::German {
            return Err(Error::Conflict(
                "deck kop: Kop is a pack of Bavarian Schafkopf (the Bavarian seed's Poland); \
                 German Schafkopf is not played with it"
                    .to_string(),
            ));
        }
        Ok(Deal {
            id: None,
            variant,
            deck,
            hands,
            round: None,
            muss: false,
            options: Options::default(),
            tariff: Tariff::default(),
            doublings: Doublings::default(),
            stock: 0,
            players: None,
            auction: None,
        })
    }

    /// Why the seats do not bid freely on this deal, if they do not: the German game
    /// declares by the count, a Muss game's holder of `EO` must declare, a special round
    /// has its own way to its game, and nobody bids in Bierkopf. Only where they do is there
    /// an auction to hold, to record and to read, and a Hochzeit to offer.
    pub fn fixed_bidding(&self) -> Option<&'static str> {
        match (self.variant, self.muss, self.round()) {
            (Variant::German, ..) => Some("German Schafkopf declares by the count"),
            (_, true, _) => Some("in a Muss game the holder of EO must declare"),
            (_, _, Some(_)) => Some("a special round has its own way to its game"),
            _ if self.options.bierkopf => Some("nobody bids in Bierkopf"),
            _ => None,
        }
    }

    /// The same deal with the first round of its auction as it happened (`calls`, seat 0
    /// first), checked against the contract by [`Setup::new`]. Only a deal the seats bid on
    /// freely has one ([`Deal::fixed_bidding`]).
    pub fn with_auction(self, calls: [Call; 4]) -> Result<Deal, Error> {
        if let Some(why) = self.fixed_bidding() {
            return Err(Error::Conflict(format!(
                "auction: {why}, so no auction is held"
            )));
        }
        if let Some(i) = (0..3).find(|&i| calls[i] == Call::Ramsch) {
            return Err(Error::Conflict(format!(
                "auction: only the last seat (3) may call Ramsch, after three passes, not \
                 seat {i}"
            )));
        }
        if calls[3] == Call::Ramsch && calls[..3].iter().any(|c| *c != Call::Pass) {
            return Err(Error::Conflict(
                "auction: the last seat calls Ramsch only after three passes".to_string(),
            ));
        }
        Ok(Deal {
            auction: Some(calls),
            ..self
        })
    }

    /// The first round of the auction as it happened, if the record gives it.
    pub fn auction(&self) -> Option<[Call; 4]> {
        self.auction
    }

    /// The same deal without the auction as it happened.
    pub(crate) fn without_auction(self) -> Deal {
        Deal {
            auction: None,
            ..self
        }
    }

    /// Whether `contract` is what the auction, if given, could end in (RULES.md section
    /// 7): its declarer said "I play"; a seat before him that said so wanted a lower game
    /// (between equal games the seat nearer forehand wins), so he needs a game above the
    /// lowest; a Ramsch or another game nobody bids follows three passes and the last
    /// seat's pass or Ramsch, a Ramsch called only where one is played.
    fn check_auction(&self, contract: &Contract) -> Result<(), Error> {
        let Some(calls) = self.auction else {
            return Ok(());
        };
        let said = |s: Seat| calls[s.index()];
        match (contract.declarer(), contract.bid_rank()) {
            (Some(declarer), Some(rank)) => {
                if said(declarer) != Call::Play {
                    return Err(Error::Conflict(format!(
                        "auction: seat {declarer} declares {contract}, but said '{}'",
                        said(declarer).name()
                    )));
                }
                let before = Seat::ALL[..declarer.index()]
                    .iter()
                    .find(|s| said(**s) == Call::Play);
                if let (Some(s), 0) = (before, rank) {
                    return Err(Error::Conflict(format!(
                        "auction: seat {s} said 'play' before seat {declarer}, and between \
                         equal games the seat nearer forehand plays: {contract} cannot \
                         outbid him"
                    )));
                }
                Ok(())
            }
            _ => {
                if let Some(s) = Seat::ALL.into_iter().find(|s| said(*s) == Call::Play) {
                    return Err(Error::Conflict(format!(
                        "auction: seat {s} said 'play', but nobody declared ({contract})"
                    )));
                }
                if calls[3] == Call::Ramsch && *contract != Contract::Ramsch {
                    return Err(Error::Conflict(format!(
                        "auction: the last seat called Ramsch, but the game is {contract}"
                    )));
                }
                let ramsch_played =
                    calls[3] == Call::Ramsch || self.options.all_pass == AllPass::Ramsch;
                if *contract == Contract::Ramsch && !ramsch_played {
                    return Err(Error::Conflict(
                        "auction: everyone passed at a table that plays no Ramsch then \
                         (rules.all_pass), and the last seat called none"
                            .to_string(),
                    ));
                }
                Ok(())
            }
        }
    }

    /// The same deal at a table with these options, prices, doublings and stock: refuses an
    /// option, price or stock out of range and doublings that cannot happen (RULES.md
    /// sections 6 and 9).
    pub fn with_table(
        self,
        options: Options,
        tariff: Tariff,
        doublings: Doublings,
        stock: i64,
    ) -> Result<Deal, Error> {
        check_table(self.deck, &options, &tariff, &doublings, stock)?;
        if self.variant == Variant::German {
            check_german_table(&tariff, &doublings)?;
            if options.bierkopf {
                return Err(Error::Conflict(
                    "rules.bierkopf: Bierkopf is a variant of modern (Bavarian) Schafkopf, \
                     not of German Schafkopf"
                        .to_string(),
                ));
            }
        }
        if options.bauerchen {
            check_bauerchen(self.variant, self.deck, &options)?;
        }
        Ok(Deal {
            options,
            tariff,
            doublings,
            stock,
            ..self
        })
    }

    /// A deal of a Schieber round or Teufelsrunde: the hands as dealt (`dealt`, some
    /// short by the cards set aside) and the passes that complete them, each checked
    /// ([`Round::pass`]).
    pub fn passed(
        variant: Variant,
        deck: Deck,
        round: Round,
        dealt: BySeat<Cards>,
        passes: Vec<Pass>,
    ) -> Result<Deal, Error> {
        let hands = round.pass(deck, &dealt, &passes, true)?;
        let mut deal = Deal::new(variant, deck, hands)?;
        deal.round = Some((round, passes));
        Ok(deal)
    }

    /// The same table (options, prices, doublings, stock, names) with other hands,
    /// checked as [`Deal::new`] checks them: a world of single-dummy judgement. A round's
    /// passes are not carried over: the judging seat did not see them all, and its view
    /// has narrowed the hands by those it saw.
    pub fn redealt(&self, hands: BySeat<Cards>) -> Result<Deal, Error> {
        let checked = Deal::new(self.variant, self.deck, hands)?;
        Ok(Deal {
            hands: checked.hands,
            round: None,
            ..self.clone()
        })
    }

    /// The same deal as a Muss game (everyone passed, the holder of `EO` must declare), if
    /// the table plays Muss (`rules.all_pass: muss`).
    pub fn with_muss(self, muss: bool) -> Result<Deal, Error> {
        if muss && self.options.all_pass != AllPass::Muss {
            return Err(Error::Conflict(
                "contract.forced: a Muss game needs a table that plays it (rules.all_pass: muss)"
                    .to_string(),
            ));
        }
        Ok(Deal { muss, ..self })
    }

    /// Whether this is a Muss game.
    pub fn muss(&self) -> bool {
        self.muss
    }

    /// Whether a seat must declare, passing being no choice: in a Muss game (the holder of
    /// `EO`) and in a Hadsch (forehand).
    pub fn must_declare(&self) -> bool {
        self.muss || self.round().is_some_and(Round::must_declare)
    }

    /// The same deal with an id and the players' names (carried along, never read).
    pub fn named(self, id: Option<String>, players: Option<Vec<String>>) -> Deal {
        Deal {
            id,
            players,
            ..self
        }
    }

    /// The same deal without Kontra and Re: what a contract is worth before anyone doubles
    /// it (Klopfen, before the contract, stays; so does a Hadsch's own Kontra, which comes
    /// with the round).
    pub fn without_stoesse(&self) -> Deal {
        let mut deal = self.clone();
        deal.doublings.kontra = u8::from(self.round().is_some_and(Round::must_declare));
        deal.doublings.re = 0;
        deal
    }

    pub fn id(&self) -> Option<&str> {
        self.id.as_deref()
    }
    pub fn variant(&self) -> Variant {
        self.variant
    }
    pub fn deck(&self) -> Deck {
        self.deck
    }
    /// The hands the contract is chosen on (as dealt, after any passes).
    pub fn hands(&self) -> &BySeat<Cards> {
        &self.hands
    }
    /// What is played when every seat passes, where the table plays a game then, at a
    /// Bavarian table (not in a Muss game, where the holder of `EO` must declare, nor in a
    /// round that allows only forehand's solos): a Ramsch under `all_pass: ramsch`; under
    /// `all_pass: kreuzbock` a Kreuzbock of the team that leads to the first trick, seats 0
    /// and 2 (a deal before play knows no Kontra, nor who knocked: a record of the game
    /// names the knocking team). In Bierkopf, where nobody bids, that Kreuzbock is every
    /// hand's game. A German deal always has a declarer (a forced game where nobody counts
    /// five).
    pub fn all_pass_game(&self) -> Option<Contract> {
        let game = match (self.options.bierkopf, self.options.all_pass) {
            (true, _) | (false, AllPass::Kreuzbock) => Contract::Kreuzbock { declarer: Seat::S0 },
            (false, AllPass::Ramsch) => Contract::Ramsch,
            (false, AllPass::ThrowIn | AllPass::Muss) => return None,
        };
        let played =
            self.variant == Variant::Bavarian && !self.muss && self.check_round(&game).is_ok();
        played.then_some(game)
    }

    /// Whether the table and the deal's round, if any, allow `contract`: Bierkopf's one
    /// game, the round's games, a Zupf-Solo's giver, and what the table's rules and the
    /// doublings ask of the round. The one check behind a setup, a seat's choices and the
    /// all-pass game.
    pub(crate) fn check_round(&self, contract: &Contract) -> Result<(), Error> {
        if self.options.bierkopf && !matches!(contract, Contract::Kreuzbock { .. }) {
            return Err(Error::Conflict(format!(
                "rules.bierkopf: every hand is played by the teams across the table as a \
                 Kreuzbock, not {contract}"
            )));
        }
        let Some(round) = self.round() else {
            return Ok(());
        };
        round.check_contract(contract)?;
        round.check_giver(contract, self.passes())?;
        round.check_rules(contract, self.options.last_round, &self.doublings)
    }

    /// Whether a game is chosen on this deal before the first card, as `contracts` and
    /// `odds` ask: not in a Strixner, whose solo is chosen after the third trick by
    /// whoever takes it.
    pub fn check_chosen_before_play(&self) -> Result<(), Error> {
        match self.round() {
            Some(Round::Strixner) => Err(Error::Conflict(
                "round strixner: nobody chooses a game before the first card: the solo is \
                 chosen after the third trick, by whoever takes it"
                    .to_string(),
            )),
            _ => Ok(()),
        }
    }

    /// The round whose passes made the hands, if any.
    pub fn round(&self) -> Option<Round> {
        self.round.as_ref().map(|(r, _)| *r)
    }
    /// The passes before the contract, in order (none outside a Schieber or Teufelsrunde).
    pub fn passes(&self) -> &[Pass] {
        self.round.as_ref().map_or(&[], |(_, p)| p.as_slice())
    }
    /// The hands as dealt, before any passes (the dealer, or forehand in a Teufelsrunde,
    /// short by the cards set aside).
    pub fn dealt(&self) -> BySeat<Cards> {
        undo_passes(&self.hands, self.passes())
    }
    pub fn options(&self) -> &Options {
        &self.options
    }
    pub fn tariff(&self) -> &Tariff {
        &self.tariff
    }
    pub fn doublings(&self) -> &Doublings {
        &self.doublings
    }
    pub fn stock(&self) -> i64 {
        self.stock
    }
    pub fn players(&self) -> Option<&[String]> {
        self.players.as_deref()
    }
}

/// Renonce (RULES.md section 7): a ten is called only in a Muss game by a declarer holding
/// all three callable aces, a king only by one holding their tens too.
fn check_renonce_rank(deal: &Deal, declarer: Seat, rank: CalledRank) -> Result<(), Error> {
    let hand = deal.hands[declarer];
    let fault = match rank {
        CalledRank::Ace => return Ok(()),
        _ if !deal.muss => "only a Muss game allows it",
        _ if !renonce_holdings(CalledRank::Ten).is_subset(hand) => {
            "the declarer must hold all three callable aces"
        }
        CalledRank::King if !renonce_holdings(CalledRank::King).is_subset(hand) => {
            "a king is called only by a declarer holding those three tens too"
        }
        _ => return Ok(()),
    };
    Err(Error::Conflict(format!(
        "contract.rank: calling a {} (Renonce): {fault}",
        rank.name()
    )))
}

/// A Muss game: declared by the holder of `EO` (as dealt), in a game that has a declarer,
/// without Kontra (RULES.md section 7).
fn check_muss(deal: &Deal, contract: &Contract) -> Result<(), Error> {
    if contract.variant() != Variant::Bavarian {
        return Ok(());
    }
    let eo = Card::new(Suit::Eichel, Rank::Ober);
    let holder = deal.hands.holder(eo);
    let Some(declarer) = contract.declarer() else {
        return Err(Error::Conflict(
            "contract.forced: a Muss game is declared; a Ramsch is no Muss game".to_string(),
        ));
    };
    if holder != Some(declarer) {
        return Err(Error::MussDeclarer {
            declarer,
            holder: holder.unwrap_or(declarer),
        });
    }
    if deal.doublings.kontra > 0 {
        return Err(Error::BadDoublings(
            "a Muss game has no Kontra (the defenders chose nothing)".to_string(),
        ));
    }
    Ok(())
}

/// Refuses what the German game does not have (RULES.md section 8): it is paid in game
/// points towards the match to nine, not by a tariff, and the seed knows no doubling of
/// them: nobody knocks, gives Kontra or Re, and no Bock round doubles them.
fn check_german_table(tariff: &Tariff, doublings: &Doublings) -> Result<(), Error> {
    if *tariff != Tariff::default() {
        return Err(Error::Conflict(
            "tariff: the German game has no tariff; it is paid in game points towards the \
             match to nine (RULES.md section 8)"
                .to_string(),
        ));
    }
    let given: Vec<String> = [
        ("Klopfen", doublings.klopfen),
        ("Kontra", doublings.kontra),
        ("Re", doublings.re),
        ("Bock", doublings.bock),
    ]
    .into_iter()
    .filter(|&(_, n)| n > 0)
    .map(|(name, n)| format!("{n} {name}"))
    .collect();
    if !given.is_empty() {
        return Err(Error::BadDoublings(format!(
            "{} in a German game: the German game doubles nothing; it is paid in game points \
             towards the match to nine (RULES.md section 8)",
            given.join(", ")
        )));
    }
    Ok(())
}

/// Refuses an option, price or stock out of range, an option the pack does not have, and
/// doublings that cannot happen (RULES.md sections 6 and 9).
pub(crate) fn check_table(
    deck: Deck,
    options: &Options,
    tariff: &Tariff,
    doublings: &Doublings,
    stock: i64,
) -> Result<(), Error> {
    options.check()?;
    // The seed: in Wenz and suit solo schneider and schwarz "do not always score in long
    // Schafkopf, but they always do in short Schafkopf" (and so in the shorter twenty).
    if options.solo_schneider == Some(false) && deck != Deck::Long {
        return Err(Error::Conflict(format!(
            "rules.solo_schneider: false is a rule of the long pack; with deck {} schneider \
             and schwarz always count in a solo (RULES.md section 6)",
            deck.name()
        )));
    }
    if deck == Deck::Kop && options.all_pass == AllPass::Ramsch {
        return Err(kop_ramsch());
    }
    tariff.check()?;
    doublings.check(options.stoss_max())?;
    check_amount("stock", stock)
}

/// A Sauspiel's call (RULES.md section 3.1): not the Herz ace, not an ace the declarer
/// holds, of a suit he holds a plain card of (but in a Muss game's Renonce); and a stock
/// the declarers can share in halves.
fn check_sauspiel(
    deal: &Deal,
    declarer: Seat,
    called: Suit,
    rank: CalledRank,
) -> Result<(), Error> {
    if called == Suit::Herz {
        return Err(Error::UncallableAce(called));
    }
    check_renonce_rank(deal, declarer, rank)?;
    let hand = deal.hands[declarer];
    let ace = Card::new(called, rank.rank());
    if hand.contains(ace) {
        return Err(Error::DeclarerHoldsCalledAce {
            seat: declarer,
            ace,
        });
    }
    let sauspiel = Contract::Sauspiel {
        declarer,
        called,
        rank,
    };
    let plain = sauspiel.order(deal.deck).group_cards(Group::Plain(called));
    // Renonce: a Muss declarer who could call no ace may call one of a suit he holds no
    // card of.
    let renonce = deal.muss && callable_aces(hand, deal.deck).is_empty() || rank != CalledRank::Ace;
    if hand.intersect(plain).is_empty() && !renonce {
        return Err(Error::CalledSuitNotHeld {
            seat: declarer,
            ace,
        });
    }
    if deal.stock % 2 != 0 && deal.options.stock_rule == StockRule::Split {
        return Err(Error::StockNotSplit(deal.stock));
    }
    Ok(())
}

/// A Hochzeit as RULES.md section 7 has it, the deal making it ([`Contract::hochzeit`]);
/// two cards exchanged only where the table plays the Bauernhochzeit.
fn check_hochzeit(deal: &Deal, contract: Contract) -> Result<(), Error> {
    let Contract::Hochzeit {
        declarer,
        partner,
        returned,
        ..
    } = contract
    else {
        return Ok(());
    };
    let checked = Contract::hochzeit(&deal.hands, deal.deck, declarer, partner, returned)?;
    if returned.len() == 2 && !deal.options.bauernhochzeit {
        return Err(Error::Conflict(
            "the Hochzeit exchanges two cards, a Bauernhochzeit, which the table plays only \
             with rules.bauernhochzeit: true"
                .to_string(),
        ));
    }
    if checked != contract {
        return Err(Error::Conflict(format!(
            "the Hochzeit is {contract:?}, but the deal makes it {checked:?}"
        )));
    }
    Ok(())
}

/// The German game the deal declares (RULES.md section 8), with the table's partnership
/// or alone; in Bauerchen forehand's game with any trump, with his partner across.
fn check_german(deal: &Deal, contract: Contract) -> Result<(), Error> {
    let Contract::German {
        declarer,
        trump,
        wenzels,
        forced,
        partners,
    } = contract
    else {
        return Ok(());
    };
    let rules = &deal.options;
    crate::options::check_blattla(wenzels, rules.german_trump)?;
    if rules.bauerchen {
        if declarer != Seat::S0 || forced || partners != Partners::Across {
            return Err(Error::Conflict(format!(
                "rules.bauerchen: forehand (seat 0) names the trumps and plays with seat 2, \
                 not {contract}"
            )));
        }
        return Ok(());
    }
    let declaration = german_declaration(&deal.hands, wenzels, rules.german_trump);
    // A forced game's trump is the forced player's to name (unless Schellen are always
    // trumps); every other part of the contract follows from the deal.
    let names_trump = forced && rules.german_trump == GermanTrump::Declared;
    let matches = declarer == declaration.declarer
        && forced == declaration.forced
        && (names_trump || trump == declaration.trump);
    if !matches {
        return Err(Error::NotTheDeclaration {
            declaration: declaration.to_string(),
            given: contract.to_string(),
        });
    }
    // The declarer plays with the table's partnership, or alone.
    if partners != Partners::Solo && partners != rules.german_partners {
        return Err(Error::Conflict(format!(
            "the game is played with {} partners, but the table's rule \
             (rules.german_partners) is {}",
            partners.name(),
            rules.german_partners.name()
        )));
    }
    Ok(())
}

/// A Kreuzbock's declaring team (RULES.md section 7): the seed's order, the team of the
/// last Kontra, else of the first Klopfen, else the team that leads to the first trick
/// (forehand's, seats 0 and 2). A record counts doublings but not who gave them, so with a
/// Kontra or a Klopfen its `declarer` says which team that was.
fn check_kreuzbock(deal: &Deal, declarer: Seat) -> Result<(), Error> {
    let doubled = deal.doublings.kontra > 0 || deal.doublings.klopfen > 0;
    if !doubled && !declarer.index().is_multiple_of(2) {
        return Err(Error::Conflict(format!(
            "a Kreuzbock without Kontra or Klopfen is declared by the team that leads to the \
             first trick, seats 0 and 2, not seat {declarer}'s"
        )));
    }
    Ok(())
}

/// Bauerchen is German Schafkopf's Palatinate form (RULES.md section 8): the twenty-card
/// pack, the four Unters as the Wenzels, a trump suit named, partners across the table.
fn check_bauerchen(variant: Variant, deck: Deck, options: &Options) -> Result<(), Error> {
    let fits = variant == Variant::German
        && deck == Deck::Twenty
        && options.wenzels() == Wenzels::Four
        && options.german_trump == GermanTrump::Declared
        && options.german_partners == Partners::Across;
    match fits {
        true => Ok(()),
        false => Err(Error::Conflict(
            "rules.bauerchen: Bauerchen is German Schafkopf (variant german) with the \
             twenty-card pack (deck twenty), four Wenzels, a declared trump and partners \
             across the table"
                .to_string(),
        )),
    }
}

/// Kop is read as a game of declared contracts (RULES.md section 1): no Ramsch.
fn kop_ramsch() -> Error {
    Error::Conflict(
        "deck kop: a Ramsch is not played with Kop's pack (a reading: its games are the \
         declared ones; all passing throws the hand in)"
            .to_string(),
    )
}

/// Counts `card` into the cards dealt so far (`seen`): refused if it is not of the pack or
/// was dealt already.
pub(crate) fn deal_card(deck: Deck, seen: &mut Cards, card: Card) -> Result<(), Error> {
    if !deck.cards().contains(card) {
        return Err(Error::CardNotInDeck {
            card,
            deck: deck.name(),
        });
    }
    if seen.contains(card) {
        return Err(Error::DuplicateCard(card));
    }
    seen.insert(card);
    Ok(())
}

/// Refuses a hand of the wrong size for the pack, naming a card nobody holds.
pub(crate) fn check_hand_sizes(
    deck: Deck,
    hands: &BySeat<Cards>,
    seen: Cards,
) -> Result<(), Error> {
    let expected = deck.hand_size();
    match Seat::ALL
        .into_iter()
        .find(|s| hands[*s].len() as usize != expected)
    {
        Some(seat) => Err(Error::HandSize {
            seat,
            expected,
            found: hands[seat].len() as usize,
            missing: deck.cards().without(seen).first(),
        }),
        None => Ok(()),
    }
}

/// Everything fixed before the first card: a deal and the contract played on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    deal: Deal,
    contract: Contract,
    /// The hands as played (see [`Setup::dealt_hands`]).
    hands: BySeat<Cards>,
}

impl Setup {
    /// The contract `contract` played on `deal`, if the declarer may play it there: a called
    /// ace he does not hold, of a suit he holds (RULES.md 3.1); a Sie he holds; a Hochzeit as
    /// RULES.md section 7 has it; the German game the deal declares (section 8); a
    /// Sauspiel's stock in halves.
    pub fn new(deal: Deal, contract: Contract) -> Result<Setup, Error> {
        deal.check_auction(&contract)?;
        if deal.deck == Deck::Kop && contract == Contract::Ramsch {
            return Err(kop_ramsch());
        }
        if contract.variant() != deal.variant {
            return Err(Error::UnsupportedContract {
                variant: deal.variant.name(),
                game: contract.game_name(),
            });
        }
        deal.check_round(&contract)?;
        if deal.muss {
            check_muss(&deal, &contract)?;
        }
        if contract.has_laufende() {
            deal.options
                .check_laufende(contract.default_laufende_min())?;
        }
        match contract {
            Contract::Sauspiel {
                declarer,
                called,
                rank,
            } => check_sauspiel(&deal, declarer, called, rank)?,
            Contract::Sie { declarer } => {
                if !holds_sie(deal.hands[declarer], deal.deck) {
                    return Err(Error::NoSie { seat: declarer });
                }
            }
            Contract::Hochzeit { .. } => check_hochzeit(&deal, contract)?,
            Contract::German { .. } => check_german(&deal, contract)?,
            Contract::Kreuzbock { declarer } => check_kreuzbock(&deal, declarer)?,
            Contract::Solo { .. }
            | Contract::Bettel { .. }
            | Contract::Ramsch
            | Contract::SchellenSchafkopf => {}
        }
        Ok(Setup {
            hands: contract.played_hands(deal.hands),
            deal,
            contract,
        })
    }

    /// Whether every position of `other` plays and pays as the same position of this setup:
    /// the same hands, contract, rules, prices, doublings and stock, so that a search's
    /// value, legal cards and settlement are the same under both. Only the names a record
    /// carries (its id, the players) may differ. The deal is taken apart field by field so
    /// that a field added to it must be placed on one side or the other here.
    pub fn plays_and_pays_as(&self, other: &Setup) -> bool {
        let Deal {
            id: _,
            players: _,
            variant,
            deck,
            hands,
            round,
            muss,
            options,
            tariff,
            doublings,
            stock,
            // What the bidding tells, not how the hand plays or pays.
            auction: _,
        } = &self.deal;
        let o = &other.deal;
        self.hands == other.hands
            && self.contract == other.contract
            && *hands == o.hands
            && *deck == o.deck
            && *variant == o.variant
            && *round == o.round
            && *muss == o.muss
            && *stock == o.stock
            && *doublings == o.doublings
            && *tariff == o.tariff
            && *options == o.options
    }

    pub fn deal(&self) -> &Deal {
        &self.deal
    }
    pub fn id(&self) -> Option<&str> {
        self.deal.id.as_deref()
    }
    pub fn deck(&self) -> Deck {
        self.deal.deck
    }
    /// The hands as played (see [`Setup::dealt_hands`]).
    pub fn hands(&self) -> &BySeat<Cards> {
        &self.hands
    }
    pub fn contract(&self) -> Contract {
        self.contract
    }
    pub fn options(&self) -> &Options {
        &self.deal.options
    }
    pub fn tariff(&self) -> &Tariff {
        &self.deal.tariff
    }
    pub fn doublings(&self) -> &Doublings {
        &self.deal.doublings
    }
    /// Stock before the game (a Sauspiel's declarers win or pay half of it each).
    pub fn stock(&self) -> i64 {
        self.deal.stock
    }
    pub fn players(&self) -> Option<&[String]> {
        self.deal.players.as_deref()
    }

    pub fn order(&self) -> Order {
        self.contract.order(self.deal.deck)
    }

    /// The hands the contract was chosen on (`hands` are the hands as played: in a
    /// Hochzeit two cards have changed hands before the first trick).
    pub fn dealt_hands(&self) -> BySeat<Cards> {
        self.deal.hands
    }

    /// The declaring side (empty in Ramsch).
    pub fn declarers(&self) -> Seats {
        self.contract.declarers(&self.hands)
    }

    /// Number of tricks in the game.
    pub fn trick_count(&self) -> usize {
        self.deal.deck.hand_size()
    }

    /// Tricks played before the contract's rules apply: a Strixner's first three, played
    /// each for himself under the normal rules before its solo is announced; else none.
    pub fn opening_tricks(&self) -> usize {
        match self.deal.round() {
            Some(Round::Strixner) => STRIXNER_TRICKS,
            _ => 0,
        }
    }

    /// The rules of a Strixner's opening tricks: the normal game's trumps (the
    /// Sauspiel's), no called ace, no Stichzwang (RULES.md section 12).
    fn opening_rules(&self) -> PlayRules {
        PlayRules {
            order: Contract::Ramsch.order(self.deal.deck),
            called: None,
            stichzwang: false,
        }
    }

    /// The rules of legal play for this deal.
    pub fn play_rules(&self) -> PlayRules {
        let order = self.order();
        let options = &self.deal.options;
        let called = self.contract.called_ace().and_then(|ace| {
            let partner = self.hands.holder(ace)?;
            let suit_cards = order.group_cards(Group::Plain(ace.suit()));
            let min = options.run_away_min.unwrap_or(match self.deal.deck {
                Deck::Long => 4,
                Deck::Short => 3,
                // Three plain cards a suit: the ace and one more, as the short deck's
                // three of four; Kop's two (ace and ten): both.
                Deck::Twenty | Deck::Kop => 2,
            });
            let run_away = match options.run_away_count {
                RunAwayCount::Dealt => {
                    RunAway::Dealt(self.hands[partner].intersect(suit_cards).len() >= min as u32)
                }
                RunAwayCount::Current => RunAway::Current(min),
            };
            Some(CalledAce {
                ace,
                partner,
                suit_cards,
                run_away,
            })
        });
        let stichzwang = options.stichzwang
            && matches!(self.contract, Contract::Bettel { .. } | Contract::Ramsch);
        PlayRules {
            order,
            called,
            stichzwang,
        }
    }
}

/// One finished trick.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Trick {
    pub leader: Seat,
    pub cards: [Card; 4],
    pub winner: Seat,
}

impl Trick {
    pub fn points(&self) -> u32 {
        self.cards.iter().map(|c| c.points() as u32).sum()
    }
    /// The seat that played the `i`-th card of the trick.
    pub fn seat_of(&self, i: usize) -> Seat {
        self.leader.plus(i as u8)
    }
}

/// A card played against the rules of play where the table's `rules.revoke` is `loses`:
/// the hand ends with it, lost for the side of the seat that played it (RULES.md section
/// 3.2).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Revoke {
    /// The card's place in the play, from 0.
    pub index: usize,
    pub seat: Seat,
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    #[serde(serialize_with = "crate::cards::as_text")]
    pub card: Card,
    /// The rule it breaks, in words (`seat 2 must follow Schellen`).
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    #[serde(serialize_with = "crate::cards::as_text")]
    pub fault: IllegalReason,
}

impl fmt::Display for Revoke {
    /// `play 5 (HA), seat 0 must follow Gras`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "play {} ({}), {}", self.index, self.card, self.fault)
    }
}

/// What a seat said in the first round of the auction, as it happened (RULES.md section 7):
/// "weiter", "I play" (a later seat's "I play too" alike), or, the last seat after three
/// passes, "Ramsch".
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Call {
    Pass,
    Play,
    Ramsch,
}

impl Call {
    /// The call as a record writes it (`pass`, `play`, `ramsch`).
    pub fn name(self) -> &'static str {
        match self {
            Call::Pass => "pass",
            Call::Play => "play",
            Call::Ramsch => "ramsch",
        }
    }
}

/// A game in progress: hands left, tricks taken, the trick on the table.
#[derive(Clone, Debug)]
pub struct Game {
    /// Shared, so that cloning a game (as the naive search does at every node) is cheap.
    setup: Arc<Setup>,
    rules: PlayRules,
    hands: BySeat<Cards>,
    /// Finished tricks (the first `trick_count`): fixed arrays, so a clone allocates nothing.
    tricks: [Trick; 8],
    trick_count: u8,
    /// Cards of the current, unfinished trick (the first `current_len`).
    current: [Card; 4],
    current_len: u8,
    leader: Seat,
    searched: bool,
    /// The revoke the hand ended with, if it did.
    revoke: Option<Revoke>,
    /// Tricks played under the opening rules before the contract's (a Strixner's three).
    opening: u8,
}

impl Game {
    /// The game before the first card.
    pub fn new(setup: Setup) -> Game {
        let opening = setup.opening_tricks() as u8;
        let rules = match opening {
            0 => setup.play_rules(),
            _ => setup.opening_rules(),
        };
        let hands = *setup.hands();
        Game {
            setup: Arc::new(setup),
            rules,
            hands,
            tricks: [Trick {
                leader: Seat::S0,
                cards: [Card::from_index(0); 4],
                winner: Seat::S0,
            }; 8],
            trick_count: 0,
            current: [Card::from_index(0); 4],
            current_len: 0,
            leader: Seat::S0,
            searched: false,
            revoke: None,
            opening,
        }
    }

    /// The game after playing `cards` from the start, each checked.
    /// Under `rules.revoke: loses` a card that breaks a rule of play ends the hand
    /// ([`Game::revoke`]), and must be the last of `cards`.
    pub fn replay(setup: Setup, cards: &[Card]) -> Result<Game, Error> {
        let loses = setup.options().revoke == RevokeRule::Loses;
        let mut game = Game::new(setup);
        for (i, &card) in cards.iter().enumerate() {
            match game.play_named(card) {
                Err(Error::IllegalPlay {
                    index,
                    card,
                    reason,
                }) if loses && reason.is_revoke() => {
                    let after = cards.len() - i - 1;
                    if after > 0 {
                        return Err(Error::Conflict(format!(
                            "play: the revoke at play {index} ({card}: {reason}) ends the \
                             hand, but {after} more {}",
                            if after == 1 {
                                "card follows it"
                            } else {
                                "cards follow it"
                            }
                        )));
                    }
                    let seat = game.to_move();
                    game.revoke = Some(Revoke {
                        index,
                        seat,
                        card,
                        fault: reason,
                    });
                }
                played => played?,
            }
        }
        // A Strixner's solo is announced by whoever took the last opening trick.
        let last_opening = (game.opening as usize).checked_sub(1);
        let announcer = last_opening
            .and_then(|t| game.tricks().get(t))
            .map(|t| t.winner);
        if let (Some(winner), Some(declarer)) = (announcer, game.contract().declarer()) {
            if winner != declarer {
                return Err(Error::Conflict(format!(
                    "round strixner: seat {winner} took the third trick, so the solo is his \
                     to announce, not seat {declarer}'s"
                )));
            }
        }
        Ok(game)
    }

    /// The revoke the hand ended with (`rules.revoke: loses`), if it did: no card follows
    /// it, and the hand is scored lost for its player's side.
    pub fn revoke(&self) -> Option<&Revoke> {
        self.revoke.as_ref()
    }

    /// Whether no card follows: every card played, or the hand ended with a revoke.
    pub fn has_ended(&self) -> bool {
        self.is_over() || self.revoke.is_some()
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }
    pub fn contract(&self) -> Contract {
        self.setup.contract
    }
    pub fn rules(&self) -> &PlayRules {
        &self.rules
    }
    pub fn order(&self) -> &Order {
        &self.rules.order
    }
    /// Cards still held.
    pub fn hands(&self) -> &BySeat<Cards> {
        &self.hands
    }
    pub fn tricks(&self) -> &[Trick] {
        &self.tricks[..self.trick_count as usize]
    }
    /// The cards of the unfinished trick (empty at a trick boundary).
    pub fn current_trick(&self) -> &[Card] {
        &self.current[..self.current_len as usize]
    }
    pub fn leader(&self) -> Seat {
        self.leader
    }
    /// Whether a trick has been led with a plain card of the called suit.
    pub fn searched(&self) -> bool {
        self.searched
    }
    pub fn is_over(&self) -> bool {
        self.trick_count as usize == self.setup.trick_count()
    }
    /// Number of cards played so far.
    pub fn played_count(&self) -> usize {
        self.trick_count as usize * 4 + self.current_len as usize
    }

    /// All cards played so far, in order, with the seat that played each.
    pub fn plays(&self) -> Vec<(Seat, Card)> {
        let mut out = Vec::with_capacity(self.played_count());
        for t in self.tricks() {
            out.extend((0..4).map(|i| (t.seat_of(i), t.cards[i])));
        }
        out.extend(
            self.current_trick()
                .iter()
                .enumerate()
                .map(|(i, &c)| (self.leader.plus(i as u8), c)),
        );
        out
    }

    pub fn to_move(&self) -> Seat {
        self.leader.plus(self.current_len)
    }

    /// The cards the player to move may play (empty when the game is over).
    pub fn legal_cards(&self) -> Cards {
        if self.is_over() {
            return Cards::EMPTY;
        }
        let seat = self.to_move();
        self.rules
            .legal(seat, self.hands[seat], self.current_trick(), self.searched)
    }

    /// Plays `card` for the player to move, or says which rule forbids it.
    pub fn play(&mut self, card: Card) -> Result<(), IllegalReason> {
        if self.is_over() {
            return Err(IllegalReason::HandOver);
        }
        if let Some(r) = &self.revoke {
            return Err(IllegalReason::Revoked { seat: r.seat });
        }
        let seat = self.to_move();
        self.rules.check(
            seat,
            self.hands[seat],
            self.current_trick(),
            self.searched,
            card,
        )?;
        self.play_unchecked(card);
        Ok(())
    }

    /// [`Game::play`], an illegal card named as the play at its place in the game
    /// (`play 7 (S9) is illegal: ...`).
    pub fn play_named(&mut self, card: Card) -> Result<(), Error> {
        let index = self.played_count();
        self.play(card).map_err(|reason| Error::IllegalPlay {
            index,
            card,
            reason,
        })
    }

    /// Plays `card` for the player to move. The card must be legal ([`Game::legal_cards`]).
    pub fn play_unchecked(&mut self, card: Card) {
        let seat = self.to_move();
        self.hands[seat].remove(card);
        self.current[self.current_len as usize] = card;
        self.current_len += 1;
        if self.current_len == 4 {
            let cards = self.current;
            let winner = self
                .leader
                .plus(self.rules.order.winner_index(&cards) as u8);
            if let Some(c) = &self.rules.called {
                if c.suit_cards.contains(cards[0]) {
                    self.searched = true;
                }
            }
            self.tricks[self.trick_count as usize] = Trick {
                leader: self.leader,
                cards,
                winner,
            };
            self.trick_count += 1;
            self.current_len = 0;
            self.leader = winner;
            // The opening tricks over, the contract's rules apply.
            if self.trick_count == self.opening {
                self.rules = self.setup.play_rules();
            }
        }
    }

    /// Whether the hand is still in its opening tricks (a Strixner's first three), before
    /// the contract's rules apply and its sides exist.
    pub fn in_opening(&self) -> bool {
        self.trick_count < self.opening
    }

    /// Card points taken so far per seat.
    pub fn points(&self) -> BySeat<u32> {
        let mut points = BySeat([0; 4]);
        for t in self.tricks() {
            points[t.winner] += t.points();
        }
        points
    }

    /// Tricks taken so far per seat.
    pub fn trick_counts(&self) -> BySeat<u32> {
        let mut n = BySeat([0; 4]);
        for t in self.tricks() {
            n[t.winner] += 1;
        }
        n
    }

    /// Cards of the tricks each seat took.
    pub fn taken(&self) -> BySeat<Cards> {
        let mut taken = BySeat([Cards::EMPTY; 4]);
        for t in self.tricks() {
            taken[t.winner] |= t.cards.iter().copied().collect();
        }
        taken
    }
}

/// Every contract `seat` may choose on `deal`, under the table's variant and rules: the
/// one home of a seat's choices, which the board, `contracts` and `odds` all ask. In the
/// Bavarian game what it may announce ([`announceable_on`]); in the German game the
/// declaration decides (RULES.md section 8): the seat it names plays with its partners or
/// alone, with the table's Wenzels, and no other seat chooses. A Hochzeit needs a
/// partner's consent and what is played when every seat passes is the table's
/// ([`Deal::all_pass_game`]): neither is one seat's choice.
pub fn choices(deal: &Deal, seat: Seat) -> Vec<Contract> {
    choices_with(deal, seat, deal.options.wenzels())
}

/// [`choices`] where a German game counts `wenzels` (a declared contract's own).
pub(crate) fn choices_with(
    deal: &Deal,
    seat: Seat,
    wenzels: crate::contract::Wenzels,
) -> Vec<Contract> {
    match deal.variant {
        Variant::Bavarian => announceable_on(deal, seat),
        // Bauerchen: forehand names any suit trumps, with his partner across.
        Variant::German if deal.options.bauerchen => match seat {
            Seat::S0 => Suit::ALL
                .into_iter()
                .map(|trump| Contract::German {
                    declarer: Seat::S0,
                    trump,
                    wenzels,
                    forced: false,
                    partners: Partners::Across,
                })
                .collect(),
            _ => Vec::new(),
        },
        Variant::German => {
            let rules = &deal.options;
            let declared = german_declaration(&deal.hands, wenzels, rules.german_trump);
            if declared.declarer != seat {
                return Vec::new();
            }
            vec![
                declared.contract(wenzels, rules.german_partners),
                declared.contract(wenzels, Partners::Solo),
            ]
        }
    }
}

/// What `seat` may announce on `deal`: [`announceable`] (its hand alone) among the table's
/// `games`, and with its hand the table's `extra_solos`, narrowed by the deal's round (in
/// a Schieber round or Teufelsrunde only forehand's suit solos); in a Muss game only the holder of `EO` declares, and a blocked
/// one may call an ace of a suit he holds no card of (Renonce).
pub fn announceable_on(deal: &Deal, seat: Seat) -> Vec<Contract> {
    let mut out = announceable(seat, deal.hands()[seat], deal.deck());
    // The usual games the table plays (`rules.games`; all where it names none; the
    // deal's options were checked).
    if let Ok(Some(games)) = deal.options().games() {
        out.retain(|c| {
            let tout = matches!(c, Contract::Solo { tout: true, .. });
            games.contains(&(c.game(), tout))
        });
    }
    // The table's extra games, the solos with their Tout (the deal's options were
    // checked).
    let games = deal.options().extra_solos().unwrap_or_default();
    if games.contains(&GameName::RamschTout) {
        out.push(Contract::Bettel {
            declarer: seat,
            ouvert: false,
            trumps: true,
        });
    }
    let extra: Vec<Solo> = games.into_iter().flat_map(Solo::forms).collect();
    for tout in [false, true] {
        out.extend(extra.iter().map(|&game| Contract::Solo {
            declarer: seat,
            game,
            tout,
        }));
    }
    out.retain(|c| deal.check_round(c).is_ok());
    if deal.muss() {
        let hand = deal.hands()[seat];
        if !hand.contains(Card::new(Suit::Eichel, Rank::Ober)) {
            return Vec::new();
        }
        // Renonce: blocked, he may call an ace of a suit he holds no card of; holding all
        // three callable aces, a ten he does not hold; holding their tens too, a king.
        if callable_aces(hand, deal.deck()).is_empty() {
            let rank = if !renonce_holdings(CalledRank::Ten).is_subset(hand) {
                CalledRank::Ace
            } else if !renonce_holdings(CalledRank::King).is_subset(hand) {
                CalledRank::Ten
            } else {
                CalledRank::King
            };
            let renonce = CALLABLE
                .into_iter()
                .filter(|s| !hand.contains(Card::new(*s, rank.rank())))
                .map(|called| Contract::Sauspiel {
                    declarer: seat,
                    called,
                    rank,
                });
            out.splice(0..0, renonce);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hands(t: [&str; 4]) -> BySeat<Cards> {
        BySeat(t.map(|h| h.split_whitespace().map(|c| c.parse().unwrap()).collect()))
    }

    const DEALT: [&str; 4] = [
        "HO GU SU HA H9 H8 GK G8",
        "GO EU HU H7 EA E9 SK S7",
        "EO SO HK EZ E8 E7 SA S9",
        "HZ EK GA GZ G9 G7 SZ S8",
    ];

    #[test]
    fn a_deal_is_a_complete_deal_of_its_pack() {
        assert!(Deal::new(Variant::Bavarian, Deck::Long, hands(DEALT)).is_ok());
        let mut twice = DEALT;
        twice[3] = "HZ EK GA GZ G9 G7 SZ HO";
        assert_eq!(
            Deal::new(Variant::Bavarian, Deck::Long, hands(twice)),
            Err(Error::DuplicateCard("HO".parse().unwrap()))
        );
        assert!(matches!(
            Deal::new(Variant::Bavarian, Deck::Short, hands(DEALT)),
            Err(Error::CardNotInDeck { .. })
        ));
        let deal = Deal::new(Variant::Bavarian, Deck::Long, hands(DEALT)).unwrap();
        let odd = Doublings {
            re: 1,
            ..Doublings::default()
        };
        assert!(matches!(
            deal.with_table(Options::default(), Tariff::default(), odd, 0),
            Err(Error::BadDoublings(_))
        ));
    }

    #[test]
    fn a_setup_is_a_contract_the_declarer_may_play_on_the_deal() {
        let deal = || Deal::new(Variant::Bavarian, Deck::Long, hands(DEALT)).unwrap();
        // Seat 0 holds Gras but not GA: he may call it; seat 3 holds GA: he may not.
        let gras = |declarer| Contract::sauspiel(declarer, Suit::Gras);
        assert!(Setup::new(deal(), gras(Seat::S0)).is_ok());
        assert!(matches!(
            Setup::new(deal(), gras(Seat::S3)),
            Err(Error::DeclarerHoldsCalledAce { .. })
        ));
        // Seat 1 holds no Gras at all.
        assert!(matches!(
            Setup::new(deal(), gras(Seat::S1)),
            Err(Error::CalledSuitNotHeld { .. })
        ));
        // A German contract on a Bavarian deal.
        let german = Contract::German {
            declarer: Seat::S0,
            trump: Suit::Herz,
            wenzels: crate::contract::Wenzels::Four,
            forced: false,
            partners: Partners::Across,
        };
        assert!(matches!(
            Setup::new(deal(), german),
            Err(Error::UnsupportedContract { .. })
        ));
        // A Sie nobody holds.
        assert!(matches!(
            Setup::new(deal(), Contract::Sie { declarer: Seat::S2 }),
            Err(Error::NoSie { .. })
        ));
    }
}
