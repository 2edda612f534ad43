//! A card in one world of a decision, as the single-dummy judgement reads it: its value,
//! what it pays and how it counts towards a severity. `decision.rs` fills them,
//! `stopping.rs` and the judging read them.

/// A card in one world, played and then perfect play to the end.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Ending {
    /// The position's value after the card, as `solve` gives it.
    pub value: i64,
    /// The same in the player's favour (higher is better for him).
    pub favour: i64,
    /// Won, schneider and schwarz for the player's side (declared contracts only).
    pub ours: Option<[bool; 3]>,
    /// What the player is paid (absent in Schellen-Schafkopf, whose payment follows all
    /// four players' tricks, not the value).
    pub money: Option<i64>,
    /// The ending as a share of twice the player's stake in this world, which a card's
    /// severity compares (`advice::share`).
    pub share: f64,
}
