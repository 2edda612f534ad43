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

/// What an ending pays: money where the hand pays by it, else the measure in the
/// player's favour.
pub(crate) fn paid(e: &Ending) -> i64 {
    e.money.unwrap_or(e.favour)
}

/// The mean over the worlds of `f` of the leader's ending less `f` of the card's (each
/// card's endings world by world; the worlds both were judged in), and the standard error
/// of that mean (0 with fewer than two worlds): what the stopping rule and a card's
/// severity both weigh.
pub(crate) fn difference(
    leader: &[Ending],
    card: &[Ending],
    f: impl Fn(&Ending) -> f64,
) -> (f64, f64) {
    let diffs: Vec<f64> = leader.iter().zip(card).map(|(l, c)| f(l) - f(c)).collect();
    let n = diffs.len();
    let mean = diffs.iter().sum::<f64>() / n.max(1) as f64;
    if n < 2 {
        return (mean, 0.0);
    }
    let var = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    (mean, (var / n as f64).sqrt())
}
