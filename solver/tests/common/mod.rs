//! Helpers shared by the solver's integration tests.
#![allow(dead_code)]

use solver::Rng;
use solver::*;
use solver::{options::*, rules::*};

pub fn card(t: &str) -> Card {
    t.parse().unwrap()
}

pub fn cards(t: &str) -> Cards {
    t.parse().unwrap()
}

pub fn hands(t: [&str; 4]) -> BySeat<Cards> {
    BySeat(t.map(cards))
}

/// The deal of these hands (as dealt) for `contract`'s variant, with default options and
/// prices.
pub fn deal(hands: BySeat<Cards>, contract: Contract, deck: Deck) -> Deal {
    Deal::new(contract.variant(), deck, hands).expect("a complete deal")
}

/// A setup with default options and prices (`hands` as dealt).
pub fn setup(hands: BySeat<Cards>, contract: Contract, deck: Deck) -> Setup {
    Setup::new(deal(hands, contract, deck), contract).expect("a contract the declarer may play")
}

/// Plays random legal cards until the game is over.
pub fn finish_randomly(game: &mut Game, rng: &mut Rng) {
    while !game.is_over() {
        let legal = game.legal_cards();
        assert!(!legal.is_empty(), "no legal card at {:?}", game.plays());
        let card = rng.pick(legal);
        game.play(card).expect("a legal card is accepted");
    }
}

/// A game of `contract` on `deal` played out with random legal cards until the declaring
/// side took exactly `points`.
pub fn play_until(deal: BySeat<Cards>, contract: Contract, points: u32) -> Game {
    for seed in 0..200_000 {
        let mut game = Game::new(setup(deal, contract, Deck::Long));
        finish_randomly(&mut game, &mut Rng::new(seed));
        let side = game.setup().declarers();
        let got: u32 = side.iter().map(|s| game.points()[s]).sum();
        if got == points {
            return game;
        }
    }
    panic!("no random game reached {points} points");
}

/// Parses a JSON record and validates it.
pub fn record(json: &str) -> Record {
    Record::from_json(json).unwrap()
}

/// A seat, by number.
pub fn seat(i: u8) -> Seat {
    Seat::new(i).unwrap()
}

/// The kinds of contract the random tests draw.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ContractKind {
    Sauspiel,
    Farbsolo,
    Wenz,
    Geier,
    Farbwenz,
    Farbgeier,
    /// A solo-class game as Tout.
    Tout,
    /// Bettel or Bettel ouvert.
    Bettel,
    Ramsch,
    Hochzeit,
    German,
    /// König or Farbkönig.
    Koenig,
    /// Eisenbahner or Farbeisenbahner.
    Eisenbahner,
    ObersUnters,
    /// Bettel with the Ramsch trumps.
    RamschTout,
    Kreuzbock,
    /// Von Alvensleben's B: every player for himself, tricks count.
    SchellenSchafkopf,
    /// German Schafkopf's Blattla: no Wenzels, Herz always trumps.
    Blattla,
    Sie,
}

impl ContractKind {
    pub const ALL: [ContractKind; 19] = [
        ContractKind::Sauspiel,
        ContractKind::Farbsolo,
        ContractKind::Wenz,
        ContractKind::Geier,
        ContractKind::Farbwenz,
        ContractKind::Farbgeier,
        ContractKind::Tout,
        ContractKind::Bettel,
        ContractKind::Ramsch,
        ContractKind::Hochzeit,
        ContractKind::German,
        ContractKind::Koenig,
        ContractKind::Eisenbahner,
        ContractKind::ObersUnters,
        ContractKind::RamschTout,
        ContractKind::Kreuzbock,
        ContractKind::SchellenSchafkopf,
        ContractKind::Blattla,
        ContractKind::Sie,
    ];

    /// The kind a seed's tests take in turn: every kind but the Sie (one deal in millions
    /// allows it; the tests that want one ask for it by name).
    pub fn of_seed(seed: u64) -> ContractKind {
        ContractKind::ALL[(seed % (ContractKind::ALL.len() as u64 - 1)) as usize]
    }
}

/// A contract of `kind` for a deal (None when the deal does not allow it, e.g. a Sauspiel
/// for a blocked declarer). A German game sets the table's German rules it is played
/// under in `table`.
pub fn contract_for(
    kind: ContractKind,
    rng: &mut Rng,
    hands: &BySeat<Cards>,
    deck: Deck,
    table: &mut Options,
) -> Option<Contract> {
    let declarer = Seat::wrapping(rng.below(4) as u8);
    let suit = Suit::ALL[rng.below(4)];
    let solo = |game, tout| Contract::Solo {
        declarer,
        game,
        tout,
    };
    Some(match kind {
        ContractKind::Sauspiel => {
            let aces = callable_aces(hands[declarer], deck);
            if aces.is_empty() {
                return None;
            }
            Contract::sauspiel(declarer, aces[rng.below(aces.len())])
        }
        ContractKind::Farbsolo => solo(Solo::Farbsolo(suit), false),
        ContractKind::Wenz => solo(Solo::Wenz, false),
        ContractKind::Geier => solo(Solo::Geier, false),
        ContractKind::Farbwenz => solo(Solo::Farbwenz(suit), false),
        ContractKind::Farbgeier => solo(Solo::Farbgeier(suit), false),
        ContractKind::Tout => {
            let extra = GameName::EXTRA_SOLOS.iter().flat_map(|g| Solo::forms(*g));
            let games: Vec<Solo> = Solo::all().chain(extra).collect();
            solo(games[rng.below(games.len())], true)
        }
        ContractKind::Bettel => Contract::Bettel {
            declarer,
            ouvert: rng.below(2) == 1,
            trumps: false,
        },
        ContractKind::Ramsch => Contract::Ramsch,
        ContractKind::Hochzeit => {
            // `deal_for` gave one seat exactly one trump, or two for a Bauernhochzeit.
            let declarer = Seat::ALL.into_iter().find(|s| {
                may_offer_hochzeit(hands[*s], deck) || may_offer_bauernhochzeit(hands[*s], deck)
            })?;
            let partner = declarer.plus(1 + rng.below(3) as u8);
            let trumps = Contract::Ramsch.order(deck).trumps();
            let given = hands[declarer].intersect(trumps).len();
            table.bauernhochzeit = given == 2;
            let mut plain = hands[partner].without(trumps);
            let mut returned = Cards::EMPTY;
            for _ in 0..given {
                if plain.is_empty() {
                    return None;
                }
                let card = rng.pick(plain);
                plain.remove(card);
                returned.insert(card);
            }
            Contract::hochzeit(hands, deck, declarer, partner, returned).ok()?
        }
        ContractKind::German => {
            let w = [Wenzels::Four, Wenzels::Six, Wenzels::Eight][rng.below(3)];
            table.german_trump = [GermanTrump::Declared, GermanTrump::Schellen][rng.below(2)];
            table.german_partners = [Partners::Across, Partners::BlackObers][rng.below(2)];
            let partners = match rng.below(3) {
                0 => Partners::Solo,
                _ => table.german_partners,
            };
            german_declaration(hands, w, table.german_trump).contract(w, partners)
        }
        ContractKind::Blattla => {
            table.german_trump = GermanTrump::Herz;
            table.german_wenzels = Some(0);
            table.german_partners = [Partners::Across, Partners::BlackObers][rng.below(2)];
            let partners = match rng.below(3) {
                0 => Partners::Solo,
                _ => table.german_partners,
            };
            german_declaration(hands, Wenzels::Zero, GermanTrump::Herz)
                .contract(Wenzels::Zero, partners)
        }
        ContractKind::Koenig => match rng.below(2) {
            0 => solo(Solo::Koenig, false),
            _ => solo(Solo::Farbkoenig(suit), false),
        },
        ContractKind::Eisenbahner => match rng.below(2) {
            0 => solo(Solo::Eisenbahner, false),
            _ => solo(Solo::Farbeisenbahner(suit), false),
        },
        ContractKind::ObersUnters => solo(Solo::ObersUnters, false),
        // Without a Kontra or Klopfen only forehand's team (seats 0 and 2) may declare.
        ContractKind::Kreuzbock => Contract::Kreuzbock {
            declarer: Seat::ALL[declarer.index() & 2],
        },
        ContractKind::SchellenSchafkopf => Contract::SchellenSchafkopf,
        ContractKind::RamschTout => Contract::Bettel {
            declarer,
            ouvert: false,
            trumps: true,
        },
        ContractKind::Sie => {
            let holder = Seat::ALL.into_iter().find(|s| holds_sie(hands[*s], deck))?;
            Contract::Sie { declarer: holder }
        }
    })
}

/// A deal; for a Hochzeit one seat holds exactly one trump, for a Sie one seat is given the
/// Sie cards.
pub fn deal_for(kind: ContractKind, rng: &mut Rng, deck: Deck) -> BySeat<Cards> {
    let mut hands = random_deal(rng, deck);
    if kind == ContractKind::Hochzeit {
        let trumps = Contract::Ramsch.order(deck).trumps();
        let holder = Seat::wrapping(rng.below(4) as u8);
        // One trump; every third deal two, for a Bauernhochzeit.
        let keep = if rng.below(3) == 0 { 2 } else { 1 };
        // Trade the holder's trumps but `keep` for other seats' non-trumps, or take some.
        for other in Seat::ALL.into_iter().filter(|s| *s != holder) {
            loop {
                let own = hands[holder].intersect(trumps);
                let (give, take) = if own.len() > keep {
                    (own.first(), hands[other].without(trumps).first())
                } else if own.len() < keep {
                    (
                        hands[holder].without(trumps).first(),
                        hands[other].intersect(trumps).first(),
                    )
                } else {
                    break;
                };
                let (Some(give), Some(take)) = (give, take) else {
                    break;
                };
                hands[holder].remove(give);
                hands[holder].insert(take);
                hands[other].remove(take);
                hands[other].insert(give);
            }
        }
        assert_eq!(hands[holder].intersect(trumps).len(), keep);
    }
    if kind == ContractKind::Sie {
        // The top trumps, as many as a hand holds (`holds_sie`).
        let need: Cards = Contract::Ramsch.order(deck).trump_list()[..deck.hand_size()]
            .iter()
            .copied()
            .collect();
        let holder = Seat::wrapping(rng.below(4) as u8);
        // Swap the Sie cards into the holder's hand, his other cards out.
        let mut give: Vec<Card> = need.without(hands[holder]).into_iter().collect();
        let mut take: Vec<Card> = hands[holder].without(need).into_iter().collect();
        for s in Seat::ALL.into_iter().filter(|s| *s != holder) {
            for card in hands[s].intersect(need) {
                let back = take.pop().expect("the holder has as many spare cards");
                hands[s].remove(card);
                hands[s].insert(back);
                hands[holder].remove(back);
                hands[holder].insert(card);
                give.retain(|c| *c != card);
            }
        }
        assert!(give.is_empty());
    }
    hands
}

pub fn random_options(rng: &mut Rng) -> Options {
    Options {
        run_away_count: [RunAwayCount::Dealt, RunAwayCount::Current][rng.below(2)],
        stichzwang: rng.below(2) == 1,
        schwarz: [Schwarz::NoTrick, Schwarz::AllPoints][rng.below(2)],
        ramsch_tie: [RamschTie::MoreTricks, RamschTie::HighestTrumpPlayed][rng.below(2)],
        ramsch_form: [
            RamschForm::LoserPays,
            RamschForm::TwoHighestPay,
            RamschForm::Schieberamsch,
        ][rng.below(3)],
        stock_rule: [StockRule::Split, StockRule::Declarer][rng.below(2)],
        jungfrau: [
            Jungfrau::None,
            Jungfrau::DoubleIndividuallyOnce,
            Jungfrau::DoubleIndividuallyMultiple,
            Jungfrau::DoubleAll,
        ][rng.below(4)],
        durchmarsch: [
            Durchmarsch::AllTricks,
            Durchmarsch::AtLeast,
            Durchmarsch::None,
        ][rng.below(3)],
        durchmarsch_points: [None, Some(91)][rng.below(2)],
        ..Options::default()
    }
}

pub fn random_game(kind: ContractKind, seed: u64) -> Option<(Game, Rng)> {
    let mut rng = Rng::new(seed);
    let deck = match rng.below(8) {
        0 | 1 => Deck::Short,
        2 => Deck::Twenty,
        _ => Deck::Long,
    };
    let hands = deal_for(kind, &mut rng, deck);
    let mut table = Options::default();
    let contract = contract_for(kind, &mut rng, &hands, deck, &mut table)?;
    let options = Options {
        german_trump: table.german_trump,
        german_wenzels: table.german_wenzels,
        german_partners: table.german_partners,
        bauernhochzeit: table.bauernhochzeit,
        ..random_options(&mut rng)
    };
    // The German game doubles nothing (the draws are kept, so every seed deals as before).
    let (klopfen, kontra, bock) = (rng.below(3) as u8, rng.below(2) as u8, rng.below(2) as u8);
    let doublings = match contract.variant() {
        Variant::German => Doublings::default(),
        Variant::Bavarian => Doublings {
            klopfen,
            kontra,
            re: 0,
            bock,
        },
    };
    let stock = 10 * rng.below(5) as i64;
    let deal = deal(hands, contract, deck)
        .with_table(options, Tariff::default(), doublings, stock)
        .expect("random options within range");
    let setup = Setup::new(deal, contract).expect("a contract the declarer may play");
    Some((Game::new(setup), rng))
}

/// The same game (deal, contract, prices, doublings, stock; no card played) at a table with
/// the Ramsch form `form`.
pub fn with_ramsch_form(game: &Game, form: RamschForm) -> Option<Game> {
    let options = Options {
        ramsch_form: form,
        ..game.setup().options().clone()
    };
    at_table(game, options, game.setup().stock())
}

/// The same deal and contract (prices and doublings kept; no card played) at a table with
/// `options` and `stock`, where the contract is allowed there.
pub fn at_table(game: &Game, options: Options, stock: i64) -> Option<Game> {
    let setup = game.setup();
    let deal = setup
        .deal()
        .clone()
        .with_table(
            options,
            setup.tariff().clone(),
            setup.doublings().clone(),
            stock,
        )
        .ok()?;
    Some(Game::new(Setup::new(deal, setup.contract()).ok()?))
}
