//! The double-dummy solver: the value of a position when all four hands are known and
//! everyone plays perfectly (INTERFACE.md section 2).
//!
//! `docs/SOLVER.md` describes the search as pseudo-code; each technique has its file, named
//! for it as DDS names its files:
//!
//! | technique | file |
//! |---|---|
//! | the public solver: tables kept per deal, node budget, `value`/`solve`/`judge`/`at_least` | [`solver`] |
//! | one search's fixed context and the solver's mutable state it borrows | [`context`] |
//! | exact value from zero-window tests (MTD(f), Plaat et al. 1996, with bisection) | [`driver`] |
//! | zero-window test "can the maximisers reach at least t?" (fail-soft alpha-beta), by phases | [`alphabeta`] |
//! | cheap bounds: measure taken so far and still out | [`alphabeta::settled`] |
//! | transposition table of bounds at trick boundaries, fixed budget, reused per deal | [`tt`] |
//! | canonical keys: positions differing only in interchangeable gone cards | [`canon`] |
//! | similar positions: bounds of a position that differs only in points, widened (payoff similarity) | [`similar`] |
//! | claims: masters that take every trick | [`claims`] |
//! | quick tricks, sure trumps, the forcing lead (DDS's `QuickTricks`/`LaterTricks`) | [`trumps`] |
//! | Bettel and Ramsch: the lone player who ducks every trick, or all but one | [`ducking`] |
//! | the last two tricks evaluated outright, exact | [`endgame`] |
//! | merging of equivalent cards, dominance within a class, move ordering, history | [`moves`] |
//! | Ramsch valued by the settlement: a search of its own | [`ramsch`] |
//! | the naive oracle the tests hold all of this against | [`naive`] |

mod alphabeta;
mod canon;
mod claims;
mod context;
mod driver;
mod ducking;
mod endgame;
#[cfg(test)]
mod fixtures;
mod layout;
mod moves;
pub mod naive;
mod position;
mod ramsch;
mod similar;
mod solver;
mod trumps;
mod tt;

use crate::cards::Deck;
use crate::contract::{Contract, Measure};
use crate::error::Error;
use crate::game::Game;
use crate::seat::{Seat, Seats};
pub use solver::{Judgement, Solution, Solver};
pub use tt::DEFAULT_TABLE_BYTES;

/// What a value counts and who wants it high.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Whose points (or tricks) the value counts.
    pub counted: Seats,
    /// The seats that play to make the value high; the others play to make it low.
    pub maximizers: Seats,
    pub measure: Measure,
}

impl Frame {
    /// The frame of INTERFACE.md section 2 for a game in progress: the declaring side's
    /// points; the declarer's tricks in Tout (he maximises) and Bettel (he minimises); in
    /// Ramsch the settlement of the player to move, who maximises it against the other
    /// three (`search/ramsch.rs`); in Schellen-Schafkopf the tricks of the player to move,
    /// likewise (his payment grows with his tricks alone, RULES.md 8).
    pub fn of(game: &Game) -> Result<Frame, Error> {
        if game.in_opening() {
            return Err(Error::BeforeAnnouncement {
                played: game.played_count(),
                opening: game.setup().opening_tricks() * 4,
            });
        }
        let contract = game.contract();
        let declarers = game.setup().declarers();
        let frame = match contract {
            Contract::Sie { .. } => return Err(Error::NothingToSolve),
            Contract::Ramsch => {
                let me = Seats::one(game.to_move());
                Frame {
                    counted: me,
                    maximizers: me,
                    measure: Measure::Settlement,
                }
            }
            Contract::SchellenSchafkopf => {
                let me = Seats::one(game.to_move());
                Frame {
                    counted: me,
                    maximizers: me,
                    measure: Measure::Tricks,
                }
            }
            Contract::Bettel { .. } => Frame {
                counted: declarers,
                maximizers: declarers.others(),
                measure: Measure::Tricks,
            },
            _ => Frame {
                counted: declarers,
                maximizers: declarers,
                measure: contract.measure(),
            },
        };
        Ok(frame)
    }

    /// The total of the measure in a game of `deck`: its card points (120; Kop's 104) or
    /// one per trick. (Settlement frames are searched by [`ramsch`], never by the points
    /// search.)
    fn total(&self, deck: Deck) -> u8 {
        match self.measure {
            Measure::Points | Measure::Settlement => deck.points() as u8,
            Measure::Tricks => deck.hand_size() as u8,
        }
    }

    /// Who plays against whom, or `None` where the maximisers are neither the counted
    /// seats nor all the others (no game has such sides).
    pub(crate) fn sides(&self) -> Option<Sides> {
        let one = |seats: Seats| seats.iter().next().filter(|_| seats.len() == 1);
        if self.maximizers == self.counted {
            Some(match one(self.counted) {
                Some(_) => Sides::LoneDeclarer,
                None => Sides::Partnership,
            })
        } else if self.maximizers == self.counted.others() {
            Some(match one(self.counted) {
                Some(seat) => Sides::LoneMinimizer(seat),
                None => Sides::Minimizers,
            })
        } else {
            None
        }
    }

    /// Whether `seat` would like to take tricks itself: in point contracts and Tout everyone
    /// does (each side takes points for itself); in Bettel and Ramsch the counted seat wants
    /// no tricks and the others want him to take them.
    #[inline]
    pub(crate) fn wants_tricks(&self, seat: Seat) -> bool {
        self.counted.contains(seat) == self.maximizers.contains(seat)
    }

    /// Nine bits: counted seats, maximisers, and whether tricks are counted.
    fn bits(&self) -> u32 {
        ((self.measure == Measure::Tricks) as u32) << 8
            | (self.counted.0 as u32) << 4
            | self.maximizers.0 as u32
    }
}

/// Who plays against whom in a frame, classified once per search: the bounds, the driver
/// and the move ordering each apply to some kinds of sides only.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Sides {
    /// The counted seats make their measure high together, more than one of them (Sauspiel,
    /// Hochzeit, the German game; a pair's tricks).
    Partnership,
    /// One counted seat makes its measure high against the three others (the solos, Tout).
    LoneDeclarer,
    /// One counted seat keeps its measure low against the three others (Bettel; Ramsch in
    /// the player's own frame). Only he can duck, and nobody claims.
    LoneMinimizer(Seat),
    /// The counted seats keep their measure low, more or fewer than one of them (frames of
    /// one's own choosing): nobody claims.
    Minimizers,
}

impl Sides {
    /// Whether someone wants every trick for himself, so that a claim can be made.
    pub(crate) fn claims(self) -> bool {
        matches!(self, Sides::Partnership | Sides::LoneDeclarer)
    }

    /// Whether the counted seats play to keep their measure low.
    pub(crate) fn minimizing(self) -> bool {
        !self.claims()
    }

    /// The lone counted minimiser, if there is one.
    pub(crate) fn lone_minimizer(self) -> Option<Seat> {
        match self {
            Sides::LoneMinimizer(seat) => Some(seat),
            _ => None,
        }
    }
}

/// Search techniques that can be switched off, to test each against the plain search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Techniques {
    pub table: bool,
    pub merging: bool,
    pub ordering: bool,
    pub bounds: bool,
    /// The exact value two tricks from the end by enumeration instead of search.
    pub endgame: bool,
    /// Bounds from positions that differ only in the points of their cards (needs `table`).
    pub similar: bool,
}

impl Default for Techniques {
    fn default() -> Techniques {
        Techniques {
            table: true,
            merging: true,
            ordering: true,
            bounds: true,
            endgame: true,
            similar: true,
        }
    }
}

/// Counters of one solver's work.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions visited (cards played in the search).
    pub nodes: u64,
    /// Zero-window searches started.
    pub probes: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(counted: Seats, maximizers: Seats) -> Frame {
        Frame {
            counted,
            maximizers,
            measure: Measure::Points,
        }
    }

    #[test]
    fn sides_are_classified_from_who_is_counted_and_who_maximises() {
        let one = Seats::one(Seat::S1);
        let pair = Seats::one(Seat::S0).with(Seat::S2);
        assert_eq!(frame(pair, pair).sides(), Some(Sides::Partnership));
        assert_eq!(frame(one, one).sides(), Some(Sides::LoneDeclarer));
        assert_eq!(
            frame(one, one.others()).sides(),
            Some(Sides::LoneMinimizer(Seat::S1))
        );
        assert_eq!(frame(pair, pair.others()).sides(), Some(Sides::Minimizers));
        // Maximisers that are neither side: no game has them.
        assert_eq!(frame(one, pair).sides(), None);
        assert!(Sides::LoneDeclarer.claims() && Sides::Partnership.claims());
        assert!(Sides::Minimizers.minimizing());
        assert_eq!(
            Sides::LoneMinimizer(Seat::S1).lone_minimizer(),
            Some(Seat::S1)
        );
    }
}
