//! Which contract to play (INTERFACE.md section 3, `contracts`): every contract each seat may
//! announce, its double-dummy value from the first card, the outcome the declaring side can
//! force, and what the declarer would receive.

use crate::announce::{may_offer_bauernhochzeit, may_offer_hochzeit};
use crate::contract::{Contract, Measure, Variant, Wenzels};
use crate::error::Error;
use crate::game::{choices_with, Deal, Game, Setup};
use crate::options::Schwarz;
use crate::record::Record;
use crate::search::{Frame, Solver};
use crate::seat::Seat;
use crate::settle::{declared_payouts, DeclaredOutcome, Targets};
use serde::Serialize;

/// One contract of one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ContractValue {
    #[cfg_attr(feature = "openapi", schema(value_type = crate::record::ContractSpec))]
    pub contract: Contract,
    pub measure: Measure,
    /// The double-dummy value from the first card (INTERFACE.md section 2); absent when only
    /// the outcome was asked for ([`Valuation::Outcome`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<i64>,
    /// What the declaring side can force: a win, schneider, schwarz (a won or lost one, with
    /// `won`). Schwarz is decided by a search of its own: can the declarers take every trick,
    /// or can the defenders keep them from taking any.
    pub won: bool,
    pub schneider: bool,
    pub schwarz: bool,
    /// What the declarer receives (negative: pays) with that outcome.
    pub settlement: i64,
}

/// Every contract a seat may announce, and its best choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SeatContracts {
    pub seat: Seat,
    pub contracts: Vec<ContractValue>,
    /// The choice that pays the seat most, passing included (absent where the seat has no
    /// choice: German Schafkopf's other seats).
    pub best: Option<Choice>,
}

/// A seat's choice: a contract, or passing (RULES.md section 7: always allowed, settles 0).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Choice {
    Contract(ContractValue),
    Pass {
        /// Always true: the seat passes.
        pass: bool,
        /// Always 0.
        settlement: i64,
    },
}

impl Choice {
    pub fn settlement(&self) -> i64 {
        match self {
            Choice::Contract(c) => c.settlement,
            Choice::Pass { settlement, .. } => *settlement,
        }
    }

    /// The contract chosen, if the choice is not to pass.
    pub fn chosen(&self) -> Option<&ContractValue> {
        match self {
            Choice::Contract(c) => Some(c),
            Choice::Pass { .. } => None,
        }
    }

    /// The best of `contracts` by settlement (the first of equals), or passing where every
    /// one of them loses money and `may_pass`.
    pub(crate) fn best(contracts: &[ContractValue], may_pass: bool) -> Choice {
        let best = contracts
            .iter()
            .fold(None::<&ContractValue>, |best, v| match best {
                Some(b) if b.settlement >= v.settlement => Some(b),
                _ => Some(v),
            });
        match best {
            Some(b) if b.settlement >= 0 || !may_pass => Choice::Contract(b.clone()),
            _ => Choice::Pass {
                pass: true,
                settlement: 0,
            },
        }
    }
}

/// When every seat passes and the table plays a game then ([`Deal::all_pass_game`]): what
/// the deal gives each seat in it, double dummy from the first card. In a Ramsch
/// (`all_pass: ramsch`) each seat plays for the most, the other three against him; in a
/// Kreuzbock (`all_pass: kreuzbock`, and in Bierkopf every hand) the two teams across
/// the table play against each other.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AllPassGame {
    /// `ramsch` or `kreuzbock`.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub game: &'static str,
    /// Per seat, its settlement.
    pub settlements: [i64; 4],
    /// Bierkopf (`rules.bierkopf`): the game of every hand, nobody bidding.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub every_hand: bool,
}

/// For a played record: the declarer's choice against his best.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Declared {
    #[cfg_attr(feature = "openapi", schema(value_type = crate::record::ContractSpec))]
    pub contract: Contract,
    /// Whether the declaring side can force a win in it, double dummy.
    pub won: bool,
    pub settlement: i64,
    pub best_settlement: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ContractsReport {
    pub id: Option<String>,
    pub seats: Vec<SeatContracts>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub all_pass: Option<AllPassGame>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declared: Option<Declared>,
    /// The contracts whose question ran out of its node budget (`--node-budget`), with the
    /// bounds it proved: they are in no seat's `contracts`, its `best` is chosen among the
    /// others, and where the declared contract or a seat of the all-pass Ramsch is among
    /// them, `declared` or `all_pass` is absent.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unsettled: Vec<UnsettledContract>,
}

/// A contract whose question ran out of its node budget, and what it proved of its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UnsettledContract {
    #[cfg_attr(feature = "openapi", schema(value_type = crate::record::ContractSpec))]
    pub contract: Contract,
    /// Whose value: the declarer's; in the all-pass Ramsch, the seat whose settlement it is.
    pub seat: Seat,
    pub measure: Measure,
    /// The bounds proved of the value from the first card, in the measure (in Ramsch the
    /// seat's settlement).
    pub bounds: [i64; 2],
}

/// A contract's value, or the bounds its question proved before the budget ran out; any
/// other fault stays a fault.
fn settled(
    contract: Contract,
    seat: Seat,
    result: Result<ContractValue, Error>,
) -> Result<Result<ContractValue, UnsettledContract>, Error> {
    match result {
        Ok(v) => Ok(Ok(v)),
        Err(Error::Unsettled(proved)) => Ok(Err(UnsettledContract {
            contract,
            seat,
            measure: contract.measure(),
            bounds: proved.value,
        })),
        Err(e) => Err(e),
    }
}

/// How much to find out about a contract.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Valuation {
    /// The exact value, and the outcome.
    Exact,
    /// Only the outcome (won, schneider, schwarz), by threshold searches: much cheaper, all
    /// the settlement needs.
    Outcome,
}

/// The value, forced outcome and settlement of the contract of `setup`, from the first card.
pub fn evaluate(
    setup: Setup,
    solver: &mut Solver,
    valuation: Valuation,
) -> Result<ContractValue, Error> {
    evaluate_knowing(setup, solver, valuation, None)
}

/// [`evaluate`], given the value from the first card when it is already known (from an
/// analysis of the game as played): then only the schwarz test of a point contract
/// searches. `value` is reported only for [`Valuation::Exact`], so the answer is the
/// same as without it.
fn evaluate_knowing(
    setup: Setup,
    solver: &mut Solver,
    valuation: Valuation,
    known: Option<i64>,
) -> Result<ContractValue, Error> {
    let contract = setup.contract();
    let declarer = contract.declarer().ok_or(Error::NothingToSolve)?;
    if let Contract::Sie { .. } = contract {
        let payouts = declared_payouts(&setup, DeclaredOutcome::plain(true));
        return Ok(ContractValue {
            contract,
            measure: Measure::Points,
            value: Some(setup.deck().points() as i64),
            won: true,
            schneider: false,
            schwarz: false,
            settlement: payouts[declarer.index()],
        });
    }
    let total = setup.trick_count() as u8;
    let schwarz_rule = setup.options().schwarz;
    let declarers = setup.declarers();
    let game = Game::new(setup);
    let value = match (valuation, known) {
        (_, Some(v)) => Some(v),
        (Valuation::Exact, None) => Some(solver.value(&game)?),
        (Valuation::Outcome, None) => None,
    };
    // "At least t?", from the exact value when known, else by a search of its own.
    let at_least = |solver: &mut Solver, t: u8| match value {
        Some(v) => Ok(v >= t as i64),
        None => solver.at_least(&game, t as i64),
    };
    let outcome = match contract {
        Contract::Solo { tout: true, .. } => DeclaredOutcome::plain(at_least(solver, total)?),
        Contract::Bettel { .. } => DeclaredOutcome::plain(!at_least(solver, 1)?),
        _ => {
            let targets = Targets::of(game.setup());
            let won = at_least(solver, targets.win as u8)?;
            let schneider = if won {
                at_least(solver, targets.schneider as u8)?
            } else {
                !at_least(solver, targets.free as u8)?
            };
            // Schwarz implies schneider (the side without a trick has no points).
            let schwarz = schneider
                && match schwarz_rule {
                    Schwarz::AllPoints => {
                        if won {
                            at_least(solver, targets.total as u8)?
                        } else {
                            !at_least(solver, 1)?
                        }
                    }
                    Schwarz::NoTrick => {
                        let tricks = Frame {
                            counted: declarers,
                            maximizers: declarers,
                            measure: Measure::Tricks,
                        };
                        if won {
                            solver.at_least_in(&game, tricks, total as i64)?
                        } else {
                            !solver.at_least_in(&game, tricks, 1)?
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
    let payouts = declared_payouts(game.setup(), outcome);
    let DeclaredOutcome {
        won,
        schneider,
        schwarz,
    } = outcome;
    Ok(ContractValue {
        contract,
        measure: contract.measure(),
        value: value.filter(|_| valuation == Valuation::Exact),
        won,
        schneider,
        schwarz,
        settlement: payouts[declarer.index()],
    })
}

/// Every contract every seat may announce for the deal of `record`, valued double dummy.
/// Prices and options are the record's; of its doublings only Klopfen applies (it comes
/// before the choice; Kontra and Re answer the contract announced). For a record with a
/// contract, also how that choice compares with the declarer's best.
pub fn contracts(record: &Record, solver: &mut Solver) -> Result<ContractsReport, Error> {
    let (deal, declared) = read(record)?;
    deal.check_chosen_before_play()?;
    report(
        &deal,
        declared.as_ref(),
        solver,
        &Seat::ALL,
        Valuation::Exact,
        None,
    )
}

/// The contracts of the declarer of a played record only, with their outcomes but no values
/// ([`Valuation::Outcome`]): what a batch over a log asks. Empty for Ramsch and a
/// Strixner.
///
/// `declared_value`, when known, is the double-dummy value of the contract as declared
/// from the first card ([`crate::Analysis::start`] of the record's game): its outcome is
/// then read off it instead of searched again. The answer is the same either way.
pub fn declarer_contracts(
    record: &Record,
    solver: &mut Solver,
    declared_value: Option<i64>,
) -> Result<ContractsReport, Error> {
    let declarer = record.setup()?.contract().declarer();
    let seats: Vec<Seat> = declarer.into_iter().collect();
    let (deal, declared) = read(record)?;
    // A Strixner's solo is chosen after three tricks: no choice before the first card to
    // compare it with.
    if deal.check_chosen_before_play().is_err() {
        return Ok(ContractsReport {
            id: deal.id().map(str::to_string),
            seats: Vec::new(),
            all_pass: None,
            declared: None,
            unsettled: Vec::new(),
        });
    }
    report(
        &deal,
        declared.as_ref(),
        solver,
        &seats,
        Valuation::Outcome,
        declared_value,
    )
}

/// A record's deal, and its contract as declared where it has one. A played record is
/// checked card by card, as every other command checks it.
fn read(record: &Record) -> Result<(Deal, Option<Setup>), Error> {
    let deal = record.deal()?;
    let declared = match (&record.contract, record.play.is_empty()) {
        (None, true) => None,
        (_, true) => Some(record.setup()?),
        (_, false) => Some(record.game()?.setup().clone()),
    };
    Ok((deal, declared))
}

/// The contracts of the seats `which` on `deal`; `declared`, the contract declared there
/// (if any), is always among its declarer's choices and compared with his best.
fn report(
    deal: &Deal,
    declared: Option<&Setup>,
    solver: &mut Solver,
    which: &[Seat],
    valuation: Valuation,
    declared_value: Option<i64>,
) -> Result<ContractsReport, Error> {
    let unstossed = deal.without_stoesse();
    let declared_contract = declared.map(Setup::contract);
    let value_of = |solver: &mut Solver, contract: Contract| -> Result<ContractValue, Error> {
        let setup = Setup::new(unstossed.clone(), contract)?;
        let known = declared_value.filter(|_| declared_contract == Some(contract));
        evaluate_knowing(setup, solver, valuation, known)
    };
    // The German game's Wenzels: the declared contract's, else the table's.
    let wenzels = match declared_contract {
        Some(Contract::German { wenzels, .. }) => wenzels,
        _ => deal.options().wenzels(),
    };
    let mut seats = Vec::with_capacity(4);
    let mut unsettled = Vec::new();
    for &seat in which {
        let asked = (seat, declared_contract, wenzels);
        seats.push(seat_contracts(
            deal,
            asked,
            solver,
            &value_of,
            &mut unsettled,
        )?);
    }
    let all_pass = match valuation {
        Valuation::Exact => all_pass_game(deal, &unstossed, solver, &mut unsettled)?,
        Valuation::Outcome => None,
    };
    let declared = match declared {
        Some(setup) => declared_against_best(setup, &seats, solver, &value_of, &mut unsettled)?,
        None => None,
    };
    Ok(ContractsReport {
        id: deal.id().map(str::to_string),
        seats,
        all_pass,
        declared,
        unsettled,
    })
}

/// One seat's contracts on `deal` (`asked`: the seat, the contract declared if any, the
/// German game's Wenzels): every choice valued, a Hochzeit offered where the seats bid
/// freely, the declared contract where it is the seat's, and the best choice; a contract
/// out of the node budget goes to `unsettled`.
fn seat_contracts(
    deal: &Deal,
    (seat, declared_contract, wenzels): (Seat, Option<Contract>, Wenzels),
    solver: &mut Solver,
    value_of: &dyn Fn(&mut Solver, Contract) -> Result<ContractValue, Error>,
    unsettled: &mut Vec<UnsettledContract>,
) -> Result<SeatContracts, Error> {
    let (variant, deck, hands) = (deal.variant(), deal.deck(), *deal.hands());
    let options: Vec<Contract> = match variant {
        // Nobody announces Schellen-Schafkopf: every deal is played as it is.
        Variant::German if declared_contract == Some(Contract::SchellenSchafkopf) => Vec::new(),
        _ => choices_with(deal, seat, wenzels),
    };
    let mut values = Vec::with_capacity(options.len() + 3);
    for contract in options {
        match settled(contract, seat, value_of(solver, contract))? {
            Ok(v) => values.push(v),
            Err(u) => unsettled.push(u),
        }
    }
    // A Hochzeit is offered where the seats bid freely (not in the German game, a round,
    // a Muss game, where the holder of EO declares, nor in Bierkopf).
    if deal.fixed_bidding().is_none()
        && (may_offer_hochzeit(hands[seat], deck)
            || deal.options().bauernhochzeit && may_offer_bauernhochzeit(hands[seat], deck))
    {
        let (offers, out) = hochzeit_offers(seat, &hands, deck, solver, value_of)?;
        values.extend(offers);
        unsettled.extend(out);
    }
    // The contract declared is one of the declarer's choices, whichever it is.
    if let Some(contract) = declared_contract.filter(|c| c.declarer() == Some(seat)) {
        let known = values.iter().any(|v| v.contract == contract)
            || unsettled.iter().any(|u| u.contract == contract);
        if !known {
            match settled(contract, seat, value_of(solver, contract))? {
                Ok(v) => values.push(v),
                Err(u) => unsettled.push(u),
            }
        }
    }
    let best = match variant {
        Variant::German if values.is_empty() => None,
        // In a Muss game the holder of EO must declare; the others have no choice.
        _ if deal.must_declare() && values.is_empty() => None,
        _ => Some(Choice::best(&values, !deal.must_declare())),
    };
    Ok(SeatContracts {
        seat,
        contracts: values,
        best,
    })
}

/// The contract declared (`setup`) against its declarer's best among `seats` (valued here
/// where his seat was not asked); none where it ran out of the node budget.
fn declared_against_best(
    setup: &Setup,
    seats: &[SeatContracts],
    solver: &mut Solver,
    value_of: &dyn Fn(&mut Solver, Contract) -> Result<ContractValue, Error>,
    unsettled: &mut Vec<UnsettledContract>,
) -> Result<Option<Declared>, Error> {
    Ok(match setup.contract().declarer() {
        Some(d) => {
            let own = seats.iter().find(|s| s.seat == d);
            let found =
                own.and_then(|s| s.contracts.iter().find(|v| v.contract == setup.contract()));
            let value = match found {
                Some(v) => Some(v.clone()),
                // Out of the budget: listed under `unsettled`, no comparison.
                None if unsettled.iter().any(|u| u.contract == setup.contract()) => None,
                // Asked for the declarer alone this cannot happen; kept for `which`
                // without him.
                None => match settled(setup.contract(), d, value_of(solver, setup.contract()))? {
                    Ok(v) => Some(v),
                    Err(u) => {
                        unsettled.push(u);
                        None
                    }
                },
            };
            value.map(|value| {
                let best_settlement = own
                    .and_then(|s| s.best.as_ref())
                    .map_or(value.settlement.max(0), Choice::settlement);
                Declared {
                    contract: setup.contract(),
                    won: value.won,
                    settlement: value.settlement,
                    best_settlement,
                }
            })
        }
        None => None,
    })
}

/// What every seat gets in the game played when all pass ([`AllPassGame`]), where the
/// table plays one; a question out of its budget goes to `unsettled` and leaves none.
fn all_pass_game(
    deal: &Deal,
    unstossed: &Deal,
    solver: &mut Solver,
    unsettled: &mut Vec<UnsettledContract>,
) -> Result<Option<AllPassGame>, Error> {
    let mut settlements = [0i64; 4];
    match deal.all_pass_game() {
        Some(Contract::Ramsch) => {
            let game = Game::new(Setup::new(unstossed.clone(), Contract::Ramsch)?);
            let mut all = true;
            for seat in Seat::ALL {
                match solver.settlement_of(&game, seat) {
                    Ok(v) => settlements[seat.index()] = v,
                    Err(Error::Unsettled(proved)) => {
                        all = false;
                        unsettled.push(UnsettledContract {
                            contract: Contract::Ramsch,
                            seat,
                            measure: Measure::Settlement,
                            bounds: proved.value,
                        });
                    }
                    Err(e) => return Err(e),
                }
            }
            Ok(all.then_some(AllPassGame {
                game: Contract::Ramsch.game_name(),
                settlements,
                every_hand: false,
            }))
        }
        Some(contract @ Contract::Kreuzbock { declarer }) => {
            let setup = Setup::new(unstossed.clone(), contract)?;
            let declarers = setup.declarers();
            match settled(
                contract,
                declarer,
                evaluate_knowing(setup, solver, Valuation::Exact, None),
            )? {
                Ok(v) => {
                    // Team against team: each declarer receives what each defender pays.
                    for seat in Seat::ALL {
                        settlements[seat.index()] = if declarers.contains(seat) {
                            v.settlement
                        } else {
                            -v.settlement
                        };
                    }
                    Ok(Some(AllPassGame {
                        game: contract.game_name(),
                        settlements,
                        every_hand: unstossed.options().bierkopf,
                    }))
                }
                Err(u) => {
                    unsettled.push(u);
                    Ok(None)
                }
            }
        }
        _ => Ok(None),
    }
}

/// The Hochzeit a seat dealt one trump (two in a Bauernhochzeit) may offer: for each other
/// seat taking it, the card (or two cards) given back that pays the pair most (the partner
/// chooses, and he wins and loses with the Hochzeiter), the first of equals in card order.
fn hochzeit_offers(
    seat: Seat,
    hands: &crate::seat::BySeat<crate::cards::Cards>,
    deck: crate::cards::Deck,
    solver: &mut Solver,
    value_of: &dyn Fn(&mut Solver, Contract) -> Result<ContractValue, Error>,
) -> Result<(Vec<ContractValue>, Vec<UnsettledContract>), Error> {
    let trumps = Contract::Ramsch.order(deck).trumps();
    let (mut out, mut unsettled) = (Vec::with_capacity(3), Vec::new());
    for partner in Seat::ALL.into_iter().filter(|p| *p != seat) {
        let mut best: Option<ContractValue> = None;
        let plain: Vec<crate::cards::Card> = hands[partner].without(trumps).into_iter().collect();
        let given = hands[seat].intersect(trumps).len() as usize;
        // Every choice of as many of the partner's non-trumps as trumps were given.
        let choices: Vec<crate::cards::Cards> = match given {
            1 => plain.iter().map(|c| c.set()).collect(),
            _ => (0..plain.len())
                .flat_map(|i| (i + 1..plain.len()).map(move |j| (i, j)))
                .map(|(i, j)| plain[i].set().with(plain[j]))
                .collect(),
        };
        for returned in choices {
            let contract = Contract::hochzeit(hands, deck, seat, partner, returned)?;
            let v = match settled(contract, seat, value_of(solver, contract))? {
                Ok(v) => v,
                Err(u) => {
                    unsettled.push(u);
                    continue;
                }
            };
            let better = best
                .as_ref()
                .is_none_or(|b| (v.settlement, v.value) > (b.settlement, b.value));
            if better {
                best = Some(v);
            }
        }
        out.extend(best);
    }
    Ok((out, unsettled))
}
