//! Which solo to play at three (`contracts`, RULES.md section 16): every seat's six solos
//! (a suit solo in each suit, the Wenz, the Geier) valued double dummy from the first card,
//! what each would pay its soloist, and each seat's best choice, passing included; for a
//! record that names its solo, that choice against its seat's best. The four-seat report's
//! types (`crate::valuation`) carry it.
//!
//! Schwarz is read from the points (all 120 or none, as the analysis reads it): a trick of
//! three Nines, worth nothing, is not told apart.

use super::deal::{Deal, TableGame};
use super::faces::Face;
use super::game::Position;
use super::questions::{Limits, Questions};
use super::record::TableRecord;
use super::score::{outcome_of, paid};
use crate::cards::Suit;
use crate::contract::{Contract, Measure, Solo};
use crate::error::Error;
use crate::seat::Seat;
use crate::valuation::{
    Choice, ContractValue, ContractsReport, Declared, SeatContracts, UnsettledContract,
};

/// The solos a seat may play at three, in the order the report lists them.
pub(crate) fn solos(declarer: Seat) -> impl Iterator<Item = Contract> {
    let suits = Suit::ALL.map(Solo::Farbsolo);
    suits
        .into_iter()
        .chain([Solo::Wenz, Solo::Geier])
        .map(move |game| Contract::Solo {
            declarer,
            game,
            tout: false,
        })
}

impl TableRecord {
    /// Every seat's solos at three valued within `limits` (each contract a question of its
    /// own); at von Alvensleben's tables the deal declares the game and there is no choice.
    pub fn contracts(&self, limits: Limits) -> Result<ContractsReport, Error> {
        let declared = match self.table_game()? {
            TableGame::Three(contract) => contract,
            TableGame::Alvensleben(letter) => {
                return Err(Error::Conflict(format!(
                    "contracts: at von Alvensleben's {} the deal declares the game; there is \
                     no contract to choose",
                    letter.name()
                )))
            }
        };
        // The record's own deal, checked (its hands, its solo, its names): each solo is
        // dealt the same hands.
        let hands: Vec<Vec<Face>> = self
            .deal()?
            .hands()
            .iter()
            .map(|h| h.iter().collect())
            .collect();
        let mut seats = Vec::new();
        let mut unsettled = Vec::new();
        for seat in (0..3).filter_map(Seat::new) {
            let mut contracts = Vec::new();
            for contract in solos(seat) {
                let deal = Deal::three(contract, &hands)?;
                match value(&deal, contract, limits.clone())? {
                    Ok(v) => contracts.push(v),
                    Err(bounds) => unsettled.push(UnsettledContract {
                        contract,
                        seat,
                        measure: Measure::Points,
                        bounds,
                    }),
                }
            }
            let best = Some(Choice::best(&contracts, true));
            seats.push(SeatContracts {
                seat,
                contracts,
                best,
            });
        }
        // The solo the record names against its seat's best (absent where its question ran
        // out of budget).
        let declared = declared.declarer().and_then(|d| {
            let seat = &seats[d.index()];
            let value = seat.contracts.iter().find(|v| v.contract == declared)?;
            Some(Declared {
                contract: declared,
                won: value.won,
                settlement: value.settlement,
                best_settlement: seat.best.as_ref().map_or(0, Choice::settlement),
            })
        });
        Ok(ContractsReport {
            id: self.id.clone(),
            seats,
            all_pass: None,
            declared,
            unsettled,
        })
    }
}

/// `contract`'s value from the first card of `deal` (its deal), its outcome and what it
/// pays the soloist; or the bounds proved where its question ran out of its budget.
fn value(
    deal: &Deal,
    contract: Contract,
    limits: Limits,
) -> Result<Result<ContractValue, [i64; 2]>, Error> {
    let mut questions = Questions::new(deal, limits);
    let points = match questions.value(&Position::start(deal))? {
        Ok(points) => points,
        Err([low, high]) => return Ok(Err([low as i64, high as i64])),
    };
    let outcome = outcome_of(deal, points);
    Ok(Ok(ContractValue {
        contract,
        measure: Measure::Points,
        value: Some(points as i64),
        won: outcome.won,
        schneider: outcome.schneider,
        schwarz: outcome.schwarz,
        settlement: paid(deal, outcome)[deal.declarer() as usize],
    }))
}
