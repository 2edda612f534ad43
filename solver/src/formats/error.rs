//! What is wrong with one game of a foreign log, or with a record to export.

use crate::error::Error;
use thiserror::Error;

/// What is wrong with one game of a foreign log.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum FormatError {
    /// The text does not have the shape the format prescribes.
    #[error("line {line}: expected {expected}, found '{found}'")]
    Syntax {
        line: usize,
        expected: &'static str,
        found: String,
    },
    /// A game the format can hold but hand records cannot (named, never imported wrongly).
    #[error("line {line}: {what} cannot be expressed as a hand record")]
    Unsupported { line: usize, what: String },
    /// The parts of a game contradict each other.
    #[error("line {line}: {fault}")]
    Inconsistent { line: usize, fault: String },
    /// The game read breaks the rules (a duplicate card, an illegal play, ...).
    #[error("line {line}: {error}")]
    Record { line: usize, error: Error },
    /// A record the target format cannot express (export).
    #[error("{0} cannot be written in the openschafkopf plain format")]
    NotExpressible(String),
    /// A record to export that breaks the rules itself: its own fault.
    #[error("{0}")]
    Invalid(Error),
}

impl FormatError {
    /// The line of the input the fault is on (none for export).
    pub fn line(&self) -> Option<usize> {
        match self {
            FormatError::Syntax { line, .. }
            | FormatError::Unsupported { line, .. }
            | FormatError::Inconsistent { line, .. }
            | FormatError::Record { line, .. } => Some(*line),
            FormatError::NotExpressible(_) | FormatError::Invalid(_) => None,
        }
    }

    /// A stable machine-readable code for the kind of fault.
    pub fn code(&self) -> &'static str {
        match self {
            FormatError::Syntax { .. } => "bad_syntax",
            FormatError::Unsupported { .. } => "unsupported_game",
            FormatError::Inconsistent { .. } => "inconsistent",
            FormatError::Record { error, .. } => error.code(),
            FormatError::NotExpressible(_) => "not_expressible",
            FormatError::Invalid(error) => error.code(),
        }
    }
}
