//! The defaults the command line and the service share: one table, so that a question asked
//! of either front end without its option gets the same answer (INTERFACE.md sections 3
//! and 4).

/// The most worlds judged per decision where the players' view judges the card played
/// (`analyze --view players`, `batch --view players`, a game's analysis with
/// `?view=players`): judging stops once the card's verdict is settled and the best card
/// clear (RULES.md section 11), mostly after a few dozen; a card whose loss lies near a
/// class boundary needs thousands to settle.
pub const ANALYSIS_WORLDS: usize = 16_000;

/// The most worlds judged per decision where the players' view judges every legal card of
/// one decision (`solve --view players`, `POST /api/v1/solve?view=players`, the board):
/// every card's verdict must settle, at an answer's wait.
pub const DECISION_WORLDS: usize = 400;

/// Either's ceiling where every card is solved to its exact value (a Ramsch or
/// Schellen-Schafkopf, which pay by it, or with `--points`): each world is several times
/// dearer than a threshold question.
pub const EXACT_VALUE_WORLDS: usize = 100;

/// Deals drawn for a hand's odds (`odds`, `POST /api/v1/odds`).
pub const ODDS_DEALS: usize = 1000;

/// Worlds drawn per decision where the ledger plays each game out single dummy
/// (`ledger --single-dummy`, `?single_dummy=true`).
pub const LEDGER_WORLDS: usize = 20;

/// The nodes a question at von Alvensleben's tables F to I may search where no budget is
/// given (`--node-budget`): their search is of its own, and twelve tricks of four (G)
/// from the first card can take far longer than an answer's wait.
pub const TABLE_NODES: u64 = 100_000_000;

/// The nodes each card's question may search in the analysis of a game at von
/// Alvensleben's tables or at three where no budget is given: a game of G to I from its
/// first card holds dozens of cards whose questions would each take an answer's wait, so
/// they are judged within this and carry the bounds proved where it runs out.
pub const TABLE_ANALYSIS_NODES: u64 = 5_000_000;

/// The revision of the answers: raised with every change to the engine that changes what
/// an answer says (a value, a verdict, a field). The service keeps each stored analysis
/// with the revision that computed it, and computes again where it is not this one.
pub const ANSWERS_REVISION: u32 = 6;
