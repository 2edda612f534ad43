//! The shapes of requests and answers, for the OpenAPI document. The service sends the
//! library's own objects (the same as the command line prints); these types describe them.

// The library's answers (records, solutions, analyses, reports) are only described here:
// the service sends the library's own objects. The service's own answers (`Created`,
// `Imported`, `Health`) are built from these types.
#![allow(dead_code)]

use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// A hand record (INTERFACE.md section 1). Only `hands` and `contract` are required
/// (`contracts` needs only `hands`); an unknown field or a key given twice is refused by
/// name; missing options take the defaults of RULES.md; your own data goes in `meta`.
#[derive(Serialize, ToSchema)]
#[schema(example = json!({
    "id": "sauspiel-1180324214",
    "hands": ["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7",
              "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"],
    "contract": {"game": "sauspiel", "suit": "G", "declarer": 0},
    "play": "H8 H7 HK HZ G7 G8 HU SO SA S8 HA S7",
    "players": ["Sepp", "Resi", "Hans", "Vroni"]
}))]
pub struct Record {
    pub id: Option<String>,
    /// `bavarian` (default) or `german`.
    #[schema(pattern = "^(bavarian|german)$")]
    pub variant: Option<String>,
    /// `long` (32 cards, default) or `short` (24, no 8s and 7s).
    #[schema(pattern = "^(long|short)$")]
    pub deck: Option<String>,
    /// Seat 0 (forehand, leads first) to seat 3 (dealer): each a string of 8 cards (6 with
    /// the short deck) such as `"EO GA S7 ..."` (suit E, G, H, S; rank A, Z, K, O, U, 9, 8,
    /// 7; any case, the ten also `10` or `X`). An array of card strings is accepted too.
    /// Every card of the deck exactly once.
    #[schema(min_items = 4, max_items = 4, inline)]
    pub hands: Vec<Hand>,
    pub contract: Option<Contract>,
    /// The cards in order of play from the first lead; may stop anywhere.
    pub play: Option<String>,
    pub doublings: Option<Doublings>,
    pub tariff: Option<Tariff>,
    /// The options of RULES.md section 9 (`run_away_count`, `laufende_min`, `stichzwang`,
    /// `stoss_max`, `schwarz`, `ramsch_tie`, `jungfrau`, `durchmarsch`, `stock`, ...).
    #[schema(value_type = Option<Object>)]
    pub rules: Option<serde_json::Value>,
    /// The stock before the game (Sauspiel).
    pub stock: Option<i64>,
    /// Player names by seat.
    pub players: Option<Vec<String>>,
    /// Your own data (any JSON object): carried along and stored untouched, never read.
    #[schema(value_type = Option<Object>)]
    pub meta: Option<serde_json::Value>,
}

/// One hand: 8 cards (6 with the short deck), separated by spaces.
#[derive(Serialize, ToSchema)]
#[schema(
    value_type = String,
    pattern = r"^\s*([EGHSeghs]([AZKOUXazkoux987]|10)\s+){5}[EGHSeghs]([AZKOUXazkoux987]|10)(\s+[EGHSeghs]([AZKOUXazkoux987]|10)\s+[EGHSeghs]([AZKOUXazkoux987]|10))?\s*$",
    example = "HO GU SU HA H9 H8 GK G8"
)]
pub struct Hand(String);

/// The contract played.
#[derive(Serialize, ToSchema)]
pub struct Contract {
    /// `sauspiel`, `solo`, `wenz`, `geier`, `farbwenz`, `farbgeier`, `bettel`,
    /// `bettel_ouvert`, `ramsch`, `sie`, `hochzeit`, `german`.
    #[schema(
        pattern = "^(sauspiel|solo|wenz|geier|farbwenz|farbgeier|bettel|bettel_ouvert|ramsch|sie|hochzeit|german)$"
    )]
    pub game: String,
    /// E, G, H or S: the called ace (Sauspiel) or the trump suit.
    #[schema(pattern = "^[EGHSeghs]$")]
    pub suit: Option<String>,
    /// The declarer's seat (absent in Ramsch).
    #[schema(maximum = 3)]
    pub declarer: Option<u8>,
    /// Hochzeit: the partner's seat (the seat who took the Hochzeiter's trump). Sauspiel:
    /// if given, the holder of the called ace.
    #[schema(maximum = 3)]
    pub partner: Option<u8>,
    /// Hochzeit: the non-trump card the partner gave back (`hands` are as dealt).
    pub returned: Option<String>,
    /// A solo-class game played as Tout.
    pub tout: Option<bool>,
    /// German Schafkopf: 4, 6 or 8 Wenzels.
    pub wenzels: Option<u8>,
    /// German Schafkopf: nobody counted 5 trumps, so the holder of EU must play.
    pub forced: Option<bool>,
}

/// Doublings before play: each doubles the value.
#[derive(Serialize, ToSchema)]
pub struct Doublings {
    pub klopfen: Option<u8>,
    pub kontra: Option<u8>,
    pub re: Option<u8>,
}

/// Prices (RULES.md section 6).
#[derive(Serialize, ToSchema)]
pub struct Tariff {
    pub base: Option<i64>,
    pub solo: Option<i64>,
    pub extra: Option<i64>,
    pub laufende_price: Option<i64>,
    pub bettel_price: Option<i64>,
    pub bettel_ouvert_price: Option<i64>,
    pub ramsch_price: Option<i64>,
}

/// The value of a position and of every legal card (INTERFACE.md sections 2 and 3).
#[derive(Serialize, ToSchema)]
#[schema(example = json!({"id": "sauspiel-1180324214", "to_move": 0, "measure": "points",
    "declarers": [0, 3], "value": 91, "cards": {"GK": 60, "GU": 91, "HO": 90, "H9": 91, "SU": 91}}))]
pub struct Solution {
    pub id: Option<String>,
    pub to_move: u8,
    /// `points`, `tricks`, or (Ramsch) `settlement`: what the player to move is paid.
    pub measure: String,
    pub declarers: Vec<u8>,
    pub value: i64,
    /// Each legal card and the value after it.
    pub cards: BTreeMap<String, i64>,
}

/// The result of a finished hand as played (`schafkopf score`).
#[derive(Serialize, ToSchema)]
pub struct Score {
    pub id: Option<String>,
    pub declarers: Vec<u8>,
    pub points: Vec<u32>,
    pub tricks: Vec<u32>,
    /// Point contracts, Tout, Bettel: the declaring side's outcome.
    pub won: Option<bool>,
    pub schneider: Option<bool>,
    pub schwarz: Option<bool>,
    /// Ramsch: the seat that pays, the seats without a trick, a Durchmarsch.
    pub loser: Option<u8>,
    pub jungfrau: Option<Vec<u8>>,
    pub durchmarsch: Option<u8>,
    pub laufende: u32,
    pub payouts: Vec<i64>,
    pub stock_payout: i64,
}

/// One card of a played hand, judged.
#[derive(Serialize, ToSchema)]
pub struct PlayAnalysis {
    pub index: usize,
    pub trick: usize,
    pub seat: u8,
    pub card: String,
    /// The position's value before the card.
    pub before: i64,
    /// The card's own value.
    pub after: i64,
    /// The cards that keep `before`.
    pub best: Vec<String>,
    /// What the card cost its own side (0 for a best card), in the analysis' measure.
    pub cost: i64,
    /// Whether it changed the outcome (won/lost, schneider, schwarz).
    pub turned: bool,
}

/// A player's cards, mistakes and points lost.
#[derive(Serialize, ToSchema)]
pub struct PlayerSummary {
    pub seat: u8,
    pub cards: u32,
    pub mistakes: u32,
    pub cost: i64,
}

/// A played hand card by card (`schafkopf analyze`).
#[derive(Serialize, ToSchema)]
pub struct Analysis {
    pub id: Option<String>,
    /// The result as played (when the hand is finished).
    pub result: Option<Score>,
    /// What the values count: `points`, `tricks` or (Ramsch) `settlement`.
    pub measure: String,
    /// The value before the first card (a Sie, won without play, has no plays: 120).
    pub start: i64,
    pub plays: Vec<PlayAnalysis>,
    pub players: Vec<PlayerSummary>,
}

/// One contract a seat could announce, valued double dummy.
#[derive(Serialize, ToSchema)]
pub struct ContractValue {
    pub contract: Contract,
    pub measure: String,
    pub value: Option<i64>,
    pub won: bool,
    pub schneider: bool,
    pub schwarz: bool,
    /// What the declarer receives (negative: pays).
    pub settlement: i64,
}

/// A seat's contracts and its best choice.
#[derive(Serialize, ToSchema)]
pub struct SeatContracts {
    pub seat: u8,
    pub contracts: Vec<ContractValue>,
    /// The choice that pays most, passing (settlement 0) included; absent where the seat
    /// has no choice (German Schafkopf).
    pub best: Option<Choice>,
}

/// A contract, or passing.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum Choice {
    Contract(ContractValue),
    Pass(Pass),
}

/// The seat passes: always allowed, settles 0.
#[derive(Serialize, ToSchema)]
pub struct Pass {
    /// Always true.
    pub pass: bool,
    /// Always 0.
    pub settlement: i64,
}

/// With `all_pass: ramsch`: what the Ramsch that follows gives each seat, double dummy.
#[derive(Serialize, ToSchema)]
pub struct AllPass {
    /// `ramsch`.
    pub game: String,
    /// Per seat, what it is paid (negative: pays).
    pub settlements: Vec<i64>,
}

/// The declarer's choice against his best (played records).
#[derive(Serialize, ToSchema)]
pub struct Declared {
    pub contract: Contract,
    pub won: bool,
    pub settlement: i64,
    pub best_settlement: i64,
}

/// Every contract of every seat (`schafkopf contracts`).
#[derive(Serialize, ToSchema)]
pub struct ContractsReport {
    pub id: Option<String>,
    pub seats: Vec<SeatContracts>,
    pub all_pass: Option<AllPass>,
    pub declared: Option<Declared>,
}

/// What `POST /api/v1/games` stored: one record's id, or for a log the ids stored and the
/// games that failed.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum Stored {
    One(Created),
    Log(Imported),
}

/// A stored game's id.
#[derive(Serialize, ToSchema)]
#[schema(example = json!({"id": "sauspiel-1180324214"}))]
pub struct Created {
    pub id: String,
}

/// The games of a log: the ids stored, and each game that could not be, by line.
#[derive(Serialize, ToSchema)]
#[schema(example = json!({"ids": ["upload:1"], "failed": []}))]
pub struct Imported {
    pub ids: Vec<String>,
    pub failed: Vec<Failed>,
}

/// A game of a log that was not stored.
#[derive(Serialize, ToSchema)]
pub struct Failed {
    pub line: usize,
    pub code: String,
    pub detail: String,
}

/// The service is up.
#[derive(Serialize, ToSchema)]
#[schema(example = json!({"status": "ok", "workers": 2, "pending": 0}))]
pub struct Health {
    pub status: String,
    /// Solver worker threads.
    pub workers: usize,
    /// Solve requests accepted and not yet finished.
    pub pending: usize,
}
