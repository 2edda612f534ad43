//! Which contract to play (INTERFACE.md section 3, `contracts`): every contract each seat may
//! announce, its double-dummy value from the first card, the outcome the declaring side can
//! force, and what the declarer would receive.

use crate::announce::{announceable, german_declaration};
use crate::contract::{Contract, Measure, Variant, Wenzels};
use crate::error::Error;
use crate::game::{Game, Setup};
use crate::options::Schwarz;
use crate::record::{ContractSpec, Record};
use crate::search::{Frame, Solver};
use crate::seat::Seat;
use crate::settle::{declared_payouts, lost_schneider_threshold};
use serde::Serialize;

/// One contract of one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ContractValue {
    pub contract: ContractSpec,
    pub measure: &'static str,
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

/// Every contract a seat may announce, and the one that pays it most.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatContracts {
    pub seat: u8,
    pub contracts: Vec<ContractValue>,
    pub best: Option<ContractValue>,
}

/// For a played record: the declarer's choice against his best.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Declared {
    pub contract: ContractSpec,
    /// Whether the declaring side can force a win in it, double dummy.
    pub won: bool,
    pub settlement: i64,
    pub best_settlement: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ContractsReport {
    pub id: Option<String>,
    pub seats: Vec<SeatContracts>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declared: Option<Declared>,
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
    let contract = setup.contract;
    let declarer = contract.declarer().ok_or(Error::NothingToSolve)?;
    let spec = ContractSpec::of(&contract);
    if let Contract::Sie { .. } = contract {
        let payouts = declared_payouts(&setup, true, false, false);
        return Ok(ContractValue {
            contract: spec,
            measure: Measure::Points.name(),
            value: Some(120),
            won: true,
            schneider: false,
            schwarz: false,
            settlement: payouts[declarer.index()],
        });
    }
    let total = setup.trick_count() as u8;
    let schwarz_rule = setup.options.schwarz;
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
    let (won, schneider, schwarz) = match contract {
        Contract::Solo { tout: true, .. } => (at_least(solver, total)?, false, false),
        Contract::Bettel { .. } => (!at_least(solver, 1)?, false, false),
        _ => {
            let won = at_least(solver, 61)?;
            let schneider = if won {
                at_least(solver, 91)?
            } else {
                !at_least(solver, lost_schneider_threshold(&contract))?
            };
            // Schwarz implies schneider (the side without a trick has no points).
            let schwarz = schneider
                && match schwarz_rule {
                    Schwarz::AllPoints => {
                        if won {
                            at_least(solver, 120)?
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
            (won, schneider, schwarz)
        }
    };
    let payouts = declared_payouts(game.setup(), won, schneider, schwarz);
    Ok(ContractValue {
        contract: spec,
        measure: contract.measure().name(),
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
    report(record, solver, &Seat::ALL, Valuation::Exact, None)
}

/// The contracts of the declarer of a played record only, with their outcomes but no values
/// ([`Valuation::Outcome`]): what a batch over a log asks. Empty for Ramsch.
///
/// `declared_value`, when known, is the double-dummy value of the contract as declared
/// from the first card ([`crate::Analysis::start`] of the record's game): its outcome is
/// then read off it instead of searched again. The answer is the same either way.
pub fn declarer_contracts(
    record: &Record,
    solver: &mut Solver,
    declared_value: Option<i64>,
) -> Result<ContractsReport, Error> {
    let declarer = record.setup()?.contract.declarer();
    let seats: Vec<Seat> = declarer.into_iter().collect();
    report(record, solver, &seats, Valuation::Outcome, declared_value)
}

fn report(
    record: &Record,
    solver: &mut Solver,
    which: &[Seat],
    valuation: Valuation,
    declared_value: Option<i64>,
) -> Result<ContractsReport, Error> {
    let (variant, deck, hands) = record.deal()?;
    let declared = record
        .contract
        .as_ref()
        .map(|_| record.setup())
        .transpose()?;
    let declared_spec = declared.as_ref().map(|s| ContractSpec::of(&s.contract));
    let mut seats = Vec::with_capacity(4);
    for &seat in which {
        let options: Vec<Contract> = match variant {
            Variant::Bavarian => announceable(seat, hands[seat], deck),
            Variant::German => {
                let wenzels = record
                    .contract
                    .as_ref()
                    .and_then(|c| c.wenzels)
                    .or(record.rules.german_wenzels.map(u64::from))
                    .and_then(Wenzels::from_count)
                    .unwrap_or_default();
                let d = german_declaration(&hands, wenzels);
                if d.declarer == seat {
                    vec![d.contract(wenzels)]
                } else {
                    Vec::new()
                }
            }
        };
        let mut values = Vec::with_capacity(options.len());
        for contract in options {
            let mut setup = record.setup_with(deck, hands, contract)?;
            setup.doublings.kontra = 0;
            setup.doublings.re = 0;
            let known =
                declared_value.filter(|_| declared_spec == Some(ContractSpec::of(&contract)));
            values.push(evaluate_knowing(setup, solver, valuation, known)?);
        }
        let best = values
            .iter()
            .fold(None::<&ContractValue>, |best, v| match best {
                Some(b) if b.settlement >= v.settlement => Some(b),
                _ => Some(v),
            })
            .cloned();
        seats.push(SeatContracts {
            seat: seat as u8,
            contracts: values,
            best,
        });
    }
    let declared = match declared {
        Some(mut setup) => match setup.contract.declarer() {
            Some(d) => {
                let spec = ContractSpec::of(&setup.contract);
                let own = seats.iter().find(|s| s.seat == d as u8);
                let known = own
                    .and_then(|s| s.contracts.iter().find(|v| v.contract == spec))
                    .cloned();
                let value = match known {
                    Some(v) => v,
                    None => {
                        setup.doublings.kontra = 0;
                        setup.doublings.re = 0;
                        evaluate_knowing(setup, solver, valuation, declared_value)?
                    }
                };
                let best_settlement = own
                    .and_then(|s| s.best.as_ref())
                    .map_or(value.settlement, |b| b.settlement.max(value.settlement));
                Some(Declared {
                    contract: spec,
                    won: value.won,
                    settlement: value.settlement,
                    best_settlement,
                })
            }
            None => None,
        },
        None => None,
    };
    Ok(ContractsReport {
        id: record.id.clone(),
        seats,
        declared,
    })
}
