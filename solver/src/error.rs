//! The library's errors: each variant names the fault in words a player understands.

use crate::cards::{Card, Suit};
use crate::order::Group;
use crate::seat::Seat;
use std::fmt;
use thiserror::Error;

/// Why a card may not be played (the rule it breaks).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum IllegalReason {
    /// The seat does not hold the card (or played it already).
    NotHeld { seat: Seat },
    /// The seat holds cards of the led group and must play one.
    MustFollow { seat: Seat, group: Group },
    /// The called suit was led: the partner must play the called ace.
    MustPlayCalledAce { seat: Seat, ace: Card },
    /// The partner may not discard the called ace before its suit has been led.
    MayNotDiscardCalledAce { seat: Seat, ace: Card },
    /// The partner may not lead a small card of the called suit unless he runs away.
    MayNotLeadUnderAce { seat: Seat, ace: Card },
    /// Stichzwang: the follower could beat the trick and must.
    MustBeat { seat: Seat },
    /// All cards have been played.
    HandOver,
    /// The hand ended with this seat's revoke (`rules.revoke: loses`).
    Revoked { seat: Seat },
}

impl IllegalReason {
    /// Whether the card breaks a rule of play (follow, the called ace, Stichzwang): a
    /// revoke. A card the seat does not hold, or one after the hand is over, is none: the
    /// record is wrong, not the play.
    pub fn is_revoke(&self) -> bool {
        matches!(
            self,
            IllegalReason::MustFollow { .. }
                | IllegalReason::MustPlayCalledAce { .. }
                | IllegalReason::MayNotDiscardCalledAce { .. }
                | IllegalReason::MayNotLeadUnderAce { .. }
                | IllegalReason::MustBeat { .. }
        )
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::NotHeld { seat } => write!(f, "seat {seat} does not hold it"),
            IllegalReason::MustFollow { seat, group } => {
                write!(f, "seat {seat} must follow {}", group.name())
            }
            IllegalReason::MustPlayCalledAce { seat, ace } => {
                write!(
                    f,
                    "seat {seat} must play the called ace {ace} when its suit is led"
                )
            }
            IllegalReason::MayNotDiscardCalledAce { seat, ace } => write!(
                f,
                "seat {seat} may not discard the called ace {ace} before its suit has been led"
            ),
            IllegalReason::MayNotLeadUnderAce { seat, ace } => write!(
                f,
                "seat {seat} holds the called ace {ace} and may lead no other card of its suit \
                 (too few to run away)"
            ),
            IllegalReason::MustBeat { seat } => {
                write!(f, "seat {seat} can beat the trick and must (Stichzwang)")
            }
            IllegalReason::HandOver => write!(f, "every card has already been played"),
            IllegalReason::Revoked { seat } => {
                write!(f, "the hand ended with seat {seat}'s revoke")
            }
        }
    }
}

/// Everything that can be wrong with a hand record or a request on it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Error {
    /// The text is not JSON.
    #[error("malformed JSON: {0}")]
    MalformedJson(String),
    /// The JSON does not have the shape of a hand record.
    #[error("invalid record: {0}")]
    InvalidRecord(String),
    /// A token is not a card.
    #[error("{place}: '{text}' is not a card")]
    BadCard { place: String, text: String },
    #[error("expected 4 hands, found {0}")]
    HandCount(usize),
    /// A record of a table other than four seats with one pack (RULES.md section 15) is
    /// wrong; `code` is the four-seat record's code for the same fault.
    #[error("{message}")]
    Table { code: &'static str, message: String },
    /// A question asked only of four seats with one pack, of another table's record.
    #[error(
        "table: a record of another table than four seats with one pack (von \
        Alvensleben's F to I, or three players) is scored, solved, analysed double dummy, \
        shown on the board and stored, and kept in the ledger of its evening (F to I); this \
        question is asked of four seats with one pack"
    )]
    FourSeatsOnly,
    #[error("card {0} appears twice")]
    DuplicateCard(Card),
    #[error("card {card} is not in the {deck} deck")]
    CardNotInDeck { card: Card, deck: &'static str },
    #[error("seat {seat} has {found} cards, but every hand has {expected}{}",
        missing.map(|c| format!(" (card {c} is missing from the hands)")).unwrap_or_default())]
    HandSize {
        seat: Seat,
        expected: usize,
        found: usize,
        /// A card of the deck no hand holds, if any (a short hand, not a long one).
        missing: Option<Card>,
    },
    #[error("unknown game '{name}'; {}", match suggestion {
        Some(s) => format!("did you mean {s}?"),
        None => format!("the games are {names}"),
    })]
    UnknownGame {
        name: String,
        suggestion: Option<&'static str>,
        names: String,
    },
    #[error("unknown {what} '{text}'; expected one of {names}{}",
        suggestion.map(|s| format!("; did you mean {s}?")).unwrap_or_default())]
    UnknownName {
        what: &'static str,
        text: String,
        suggestion: Option<&'static str>,
        names: String,
    },
    #[error("'{text}' is not a valid {what}")]
    BadValue { what: &'static str, text: String },
    #[error("{what} is {value}; it must be a whole number from {min} to {max}")]
    OutOfRange {
        what: &'static str,
        value: i64,
        min: i64,
        max: i64,
    },
    #[error("a {game} takes no '{field}'")]
    FieldNotTaken {
        game: &'static str,
        field: &'static str,
    },
    #[error("{0}")]
    Conflict(String),
    #[error("a stock of {0} cannot be split in halves between the Sauspiel's two declarers")]
    StockNotSplit(i64),
    #[error("the contract is {given}, but the deal declares {declaration}")]
    NotTheDeclaration { declaration: String, given: String },
    #[error("seat {seat} offers a Hochzeit but was dealt {trumps} trumps (it takes exactly one; two in a Bauernhochzeit)")]
    HochzeitTrumps { seat: Seat, trumps: u32 },
    #[error(
        "contract.returned: as many cards come back as trumps were given ({given}), not {returned}"
    )]
    HochzeitCount { given: u32, returned: u32 },
    #[error("the card given back in the Hochzeit, {card}, {fault}")]
    HochzeitReturned { card: Card, fault: &'static str },
    #[error("doublings: {0}")]
    BadDoublings(String),
    #[error("contract '{game}' needs '{field}'")]
    MissingField {
        game: &'static str,
        field: &'static str,
    },
    #[error("the {variant} variant has no contract '{game}'")]
    UnsupportedContract {
        variant: &'static str,
        game: &'static str,
    },
    #[error("the ace of {suit} cannot be called (only Eichel, Gras or Schellen)", suit = .0.name())]
    UncallableAce(Suit),
    #[error("the declarer (seat {seat}) holds the called ace {ace} himself")]
    DeclarerHoldsCalledAce { seat: Seat, ace: Card },
    #[error("the declarer (seat {seat}) cannot call {ace}: he holds no plain {suit} card", suit = .ace.suit().name())]
    CalledSuitNotHeld { seat: Seat, ace: Card },
    #[error("seat {seat} does not hold Sie (all Obers and Unters)")]
    NoSie { seat: Seat },
    #[error("the Hochzeit partner must be another seat than the declarer ({0})")]
    HochzeitPartner(Seat),
    #[error("play {index} ({card}) is illegal: {reason}")]
    IllegalPlay {
        index: usize,
        card: Card,
        reason: IllegalReason,
    },
    #[error("the hand is not finished: {played} of {total} cards played")]
    Incomplete { played: usize, total: usize },
    #[error("a Sie is won without play: there is nothing to solve")]
    NothingToSolve,
    /// A Strixner's position before its solo is announced: the first three tricks are
    /// played each for himself, so no side is there to search for.
    #[error("a Strixner's solo is announced after the third trick, by whoever takes it: a position before it ({played} of {opening} cards played) has no sides to search for")]
    BeforeAnnouncement { played: usize, opening: usize },
    #[error("the record has no contract")]
    NoContract,
    #[error("{0}")]
    UnsupportedFrame(&'static str),
    #[error("the search ran out of its budget of positions before it was done")]
    SearchBudget,
    #[error("the search was cancelled before it was done (nobody waits for its answer)")]
    Cancelled,
    #[error("{0}")]
    Unsettled(Unsettled),
    #[error(
        "no deal of the hidden cards agrees with what seat {seat} has seen and assumes \
         ({tried} deals tried)"
    )]
    NoConsistentWorld { seat: Seat, tried: u64 },
    /// A question of the players' view or of hand odds that the record cannot answer
    /// (a seat not to move, a hidden hand, a game whose hand has no choice): the user's.
    #[error("{0}")]
    BadView(String),
    /// A fault of this program, not of its input: a step that a rule of the code says
    /// cannot fail did (reported, never a panic).
    #[error("internal fault of schafkopf (not of the input): {0}")]
    Internal(String),
    /// An `--assume` that cannot be read, or that names a card its seat cannot hold.
    #[error("assumption {0}")]
    BadAssumption(String),
    /// An auction model (`--auction-model FILE`) that does not read as one.
    #[error("auction model: {0}")]
    BadModel(String),
    #[error("hand of seat {0} is hidden (null): only `odds` reads a record with hidden hands")]
    HiddenHand(Seat),
    #[error("in a Muss game the holder of EO declares: seat {holder}, not seat {declarer}")]
    MussDeclarer { declarer: Seat, holder: Seat },
    #[error("the ledger follows players by name: the record has no `players`")]
    NoPlayers,
    #[error("the hand was thrown in: nobody played it")]
    ThrownIn,
    #[error("{field} {fault}")]
    BadName { field: String, fault: String },
    #[error(
        "the {round} round was thrown in after {made} of its {total} passes: the hands \
             were never complete, so {}",
        if *.forehand_passed {
            "only forehand's view once he had passed can be judged (odds --seat 0)"
        } else {
            "nothing can be judged (forehand had not passed yet: not even his hand was final)"
        }
    )]
    IncompleteRound {
        round: &'static str,
        made: usize,
        total: usize,
        /// Forehand had made his own pass: his view can be judged.
        forehand_passed: bool,
    },
    #[error("passes[{index}]: {fault}")]
    BadPass { index: usize, fault: String },
    #[error("the {round} round is played as {rule}, not {contract}")]
    RoundContract {
        round: &'static str,
        /// What the round allows, in words.
        rule: &'static str,
        contract: String,
    },
}

/// What a question proved before its own node budget ran out
/// ([`crate::Solver::limit_questions`]): bounds of the value asked for (of the position, in
/// its frame's measure), and where a played card was judged, of the value after it. Equal
/// bounds are an exact value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Unsettled {
    pub value: [i64; 2],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<[i64; 2]>,
}

impl std::fmt::Display for Unsettled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [low, high] = self.value;
        write!(
            f,
            "the question ran out of its node budget: the value lies in {low}..={high}"
        )?;
        if let Some([low, high]) = self.after {
            write!(f, ", after the card in {low}..={high}")?;
        }
        Ok(())
    }
}

impl Error {
    /// A stable machine-readable code for the kind of fault.
    pub fn code(&self) -> &'static str {
        match self {
            Error::MalformedJson(_) => "malformed_json",
            Error::InvalidRecord(_) => "invalid_record",
            Error::BadCard { .. } => "bad_card",
            Error::HandCount(_) => "hand_count",
            Error::Table { code, .. } => code,
            Error::FourSeatsOnly => "four_seats_only",
            Error::DuplicateCard(_) => "duplicate_card",
            Error::CardNotInDeck { .. } => "card_not_in_deck",
            Error::HandSize { .. } => "hand_size",
            Error::UnknownGame { .. } => "unknown_game",
            Error::UnknownName { .. } => "unknown_name",
            Error::BadValue { .. } => "bad_value",
            Error::OutOfRange { .. } => "out_of_range",
            Error::FieldNotTaken { .. } => "field_not_taken",
            Error::Conflict(_) => "conflict",
            Error::StockNotSplit(_) => "stock_not_split",
            Error::NotTheDeclaration { .. } => "not_the_declaration",
            Error::HochzeitTrumps { .. } => "hochzeit_trumps",
            Error::HochzeitReturned { .. } => "hochzeit_returned",
            Error::HochzeitCount { .. } => "hochzeit_count",
            Error::BadDoublings(_) => "bad_doublings",
            Error::MissingField { .. } => "missing_field",
            Error::UnsupportedContract { .. } => "unsupported_contract",
            Error::UncallableAce(_) => "uncallable_ace",
            Error::DeclarerHoldsCalledAce { .. } => "declarer_holds_called_ace",
            Error::CalledSuitNotHeld { .. } => "called_suit_not_held",
            Error::NoSie { .. } => "no_sie",
            Error::HochzeitPartner(_) => "hochzeit_partner",
            Error::IllegalPlay { .. } => "illegal_play",
            Error::Incomplete { .. } => "incomplete",
            Error::NothingToSolve => "nothing_to_solve",
            Error::BeforeAnnouncement { .. } => "before_announcement",
            Error::NoContract => "no_contract",
            Error::UnsupportedFrame(_) => "unsupported_frame",
            Error::SearchBudget => "search_budget",
            Error::Cancelled => "cancelled",
            Error::Unsettled(_) => "unsettled",
            Error::NoConsistentWorld { .. } => "no_consistent_world",
            Error::BadView(_) => "bad_view",
            Error::Internal(_) => "internal",
            Error::BadAssumption(_) => "bad_assumption",
            Error::BadModel(_) => "bad_model",
            Error::HiddenHand(_) => "hidden_hand",
            Error::MussDeclarer { .. } => "muss_declarer",
            Error::NoPlayers => "no_players",
            Error::BadName { .. } => "bad_name",
            Error::IncompleteRound { .. } => "incomplete_round",
            Error::ThrownIn => "thrown_in",
            Error::BadPass { .. } => "bad_pass",
            Error::RoundContract { .. } => "round_contract",
        }
    }
}
