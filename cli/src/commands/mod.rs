//! One module per command: each resolves its arguments and runs.

pub mod analyze;
pub mod auction;
pub mod batch;
pub mod contracts;
pub mod import;
pub mod ledger;
pub mod odds;
pub mod play_match;
pub mod score;
pub mod serve;
pub mod solve;
