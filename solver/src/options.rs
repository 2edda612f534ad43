//! Table options, prices and doublings (RULES.md sections 6 and 9), with their defaults.
//!
//! These are the `rules`, `tariff` and `doublings` objects of the hand record; every field
//! is optional and a missing one takes the default of RULES.md.

use crate::contract::{Partners, Wenzels};
use crate::error::Error;
use serde::{Deserialize, Serialize};

/// Money amounts are whole numbers from 0 to this (RULES.md section 6). With at most 4
/// Klopfen and 16 Kontra/Re (x 2^20), 14 Laufende and the Tout and Sie factors, every
/// settlement stays below 2^50, far inside an `i64`.
pub const MAX_AMOUNT: i64 = 1_000_000;

/// Refuses an amount outside 0 to [`MAX_AMOUNT`].
pub(crate) fn check_amount(what: &'static str, value: i64) -> Result<(), Error> {
    if (0..=MAX_AMOUNT).contains(&value) {
        Ok(())
    } else {
        Err(Error::OutOfRange {
            what,
            value,
            min: 0,
            max: MAX_AMOUNT,
        })
    }
}

/// Where the run-away count of the called suit is taken (RULES.md 3.1 rule 4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum RunAwayCount {
    /// Counted in the dealt hand.
    #[default]
    Dealt,
    /// Counted in the hand at the moment of the lead.
    Current,
}

/// When a side is schwarz.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Schwarz {
    /// The side took no trick.
    #[default]
    NoTrick,
    /// The side took no card points.
    AllPoints,
}

/// How a tie for most points in Ramsch is broken.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum RamschTie {
    /// More tricks loses, then more trumps among the cards taken, then the highest trump taken.
    #[default]
    MoreTricks,
    /// The tied player who played the highest trump loses.
    HighestTrumpPlayed,
}

/// What a Jungfrau (a Ramsch player who took no trick) does to the payment.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Jungfrau {
    None,
    /// The loser pays each player without a trick double.
    #[default]
    DoubleIndividuallyOnce,
    /// The loser pays each such player x 2 per player without a trick.
    DoubleIndividuallyMultiple,
    /// Everything x 2 per player without a trick.
    DoubleAll,
}

/// When one Ramsch player wins alone.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Durchmarsch {
    /// Taking every trick.
    #[default]
    #[serde(alias = "all")]
    AllTricks,
    /// Taking at least `durchmarsch_points` points.
    AtLeast,
    None,
}

/// How the last round is played (RULES.md section 12): as any other, at double value, or
/// with solos only.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum LastRound {
    #[default]
    Plain,
    Double,
    Solos,
}

/// What a card played against the rules of play does to a record (RULES.md section 3.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum RevokeRule {
    /// The record is refused, naming the card and the rule it breaks.
    #[default]
    Refused,
    /// The seed's "usually results in the loss of the game": the hand ends with the card,
    /// lost for the side that played it.
    Loses,
}

/// What happens when everyone passes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum AllPass {
    #[default]
    ThrowIn,
    Ramsch,
    /// The tournament's Muss: the holder of `EO` must declare (RULES.md section 7).
    Muss,
    /// The Muss game's other form: the players across the table play the hand together,
    /// a Kreuzbock (RULES.md section 7).
    Kreuzbock,
}

impl AllPass {
    /// The option's value as the rules name it (`throw_in`).
    pub fn name(self) -> &'static str {
        match self {
            AllPass::ThrowIn => "throw_in",
            AllPass::Ramsch => "ramsch",
            AllPass::Muss => "muss",
            AllPass::Kreuzbock => "kreuzbock",
        }
    }
}

/// Who pays when a Schieber round is thrown in (forehand will not play the suit solo).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum SchieberThrownIn {
    /// Nobody (the seed names no payment).
    #[default]
    NobodyPays,
    /// Forehand and the dealer each pay the solo price to middlehand and rearhand
    /// (NetSchafkopf: "Der Erste und der Letzte zahlen an die beiden anderen Spieler").
    FirstAndLastPay,
}

/// The trump suit of German Schafkopf (RULES.md section 8).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum GermanTrump {
    /// The declarer names it (the original game, von Alvensleben's A, C and D).
    #[default]
    Declared,
    /// Schellen are always trumps (von Alvensleben's E; the East German "remaining
    /// trumps"): the declaration counts Wenzels and Schellen only.
    Schellen,
    /// Herz are always trumps, with no Wenzels (Blattla, `german_wenzels: 0`): the
    /// declaration counts Herz only.
    Herz,
}

impl GermanTrump {
    /// Its name in a record's rules.
    pub fn name(self) -> &'static str {
        match self {
            GermanTrump::Declared => "declared",
            GermanTrump::Schellen => "schellen",
            GermanTrump::Herz => "herz",
        }
    }
}

/// Who pays in a Ramsch (RULES.md section 6).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum RamschForm {
    /// The one with the most points pays each of the others.
    #[default]
    LoserPays,
    /// The two with the most points each pay each of the two others.
    TwoHighestPay,
    /// Schieberamsch (the seed: "the tricks are passed on clockwise at the end of the
    /// game"): each seat's tricks count for the seat on its left, then the most points
    /// pay as in `loser_pays`.
    Schieberamsch,
}

/// Who takes the stock (RULES.md section 6).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum StockRule {
    /// A Sauspiel's two declarers take it in halves if they win, or each pay half of it in
    /// if they lose; other games leave it.
    #[default]
    Split,
    /// The seed's: in any game with a declarer, he alone takes it if he wins, and alone
    /// pays its amount in (doubling it) if he loses; his partner has no part in it.
    Declarer,
}

/// What happens in a game that may start a round at the table (RULES.md section 13; the
/// seed: a Bock round "after a throw-in, a lost solo, a schwarz or a Re, as the table
/// agrees"; a Kreuzbock round "when all have passed, after a Herz solo or after a lost
/// solo").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum RoundEvent {
    /// A hand thrown in (all passed).
    ThrownIn,
    /// A solo-class game lost, its Tout included.
    LostSolo,
    /// Either side schwarz.
    Schwarz,
    /// A Re said.
    Re,
    /// A Farbsolo in Herz, its Tout included, won or lost.
    HerzSolo,
}

impl RoundEvent {
    /// The event as the rules name it (`thrown_in`).
    pub fn name(self) -> &'static str {
        match self {
            RoundEvent::ThrownIn => "thrown_in",
            RoundEvent::LostSolo => "lost_solo",
            RoundEvent::Schwarz => "schwarz",
            RoundEvent::Re => "re",
            RoundEvent::HerzSolo => "herz_solo",
        }
    }
}

/// How a Sie is valued.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum SieValue {
    /// 4 x (solo + Laufende).
    #[default]
    WithLaufende,
    /// 4 x solo.
    BaseOnly,
}

/// How a short-deck Sie (the four Obers and the two highest Unters) is paid.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum ShortSie {
    /// As a Tout, as the seed says.
    #[default]
    Tout,
    /// As a Sie.
    Sie,
}

/// The options of RULES.md section 9. A missing field takes its default, which may depend on
/// the deck or the contract (the methods of `Options` resolve it).
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Options {
    #[serde(skip_serializing_if = "is_default")]
    pub run_away_count: RunAwayCount,
    /// Plain cards of the called suit, ace included, needed to run away (4 long, 3 short).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run_away_min: Option<u8>,
    /// Fewest Laufende paid; default 3, Wenz and Geier 2.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub laufende_min: Option<u8>,
    /// Most Laufende paid (tournaments pay at most 4); default: no cap.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub laufende_max: Option<u8>,
    /// In Bettel and Ramsch a follower must beat the best card if he can.
    #[serde(skip_serializing_if = "is_default")]
    pub stichzwang: bool,
    /// Most Kontra/Re (default 4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stoss_max: Option<u8>,
    #[serde(skip_serializing_if = "is_default")]
    pub schwarz: Schwarz,
    #[serde(skip_serializing_if = "is_default")]
    pub ramsch_tie: RamschTie,
    #[serde(skip_serializing_if = "is_default")]
    pub ramsch_form: RamschForm,
    #[serde(skip_serializing_if = "is_default")]
    pub jungfrau: Jungfrau,
    #[serde(skip_serializing_if = "is_default")]
    pub durchmarsch: Durchmarsch,
    /// Points for a Durchmarsch under `durchmarsch: at_least` (default 120).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub durchmarsch_points: Option<u8>,
    /// The pot carried into the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stock: Option<i64>,
    #[serde(skip_serializing_if = "is_default")]
    pub stock_rule: StockRule,
    /// What starts a Bock round (the next four hands at double tariff; rounds overlapping
    /// double again): the ledger applies them from game to game.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bock_after: Vec<RoundEvent>,
    /// What starts a Ramsch round: the next four hands are each played as a Ramsch.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ramsch_after: Vec<RoundEvent>,
    /// What starts a Kreuzbock round: the next four hands are each played as a Kreuzbock.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub kreuzbock_after: Vec<RoundEvent>,
    /// What each player pays into the stock when a hand is thrown in (default 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thrown_in_stock: Option<i64>,
    #[serde(skip_serializing_if = "is_default")]
    pub all_pass: AllPass,
    #[serde(skip_serializing_if = "is_default")]
    pub schieber_thrown_in: SchieberThrownIn,
    #[serde(skip_serializing_if = "is_default")]
    pub sie_value: SieValue,
    #[serde(skip_serializing_if = "is_default")]
    pub short_sie: ShortSie,
    /// Whether a Hochzeit's value is doubled (default true).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hochzeit_double: Option<bool>,
    /// Whether the Hochzeit's trump is offered face up (everyone sees which it is); by
    /// default face down, as the seed tells it: only the two who exchange see the cards.
    #[serde(skip_serializing_if = "is_default")]
    pub hochzeit_face_up: bool,
    /// Whether a hand dealt two trumps may offer both in a Bauernhochzeit (two non-trumps
    /// come back); default false.
    #[serde(skip_serializing_if = "is_default")]
    pub bauernhochzeit: bool,
    /// Whether solos are paid schneider and schwarz (default true; some tables pay a solo
    /// its price and Laufende only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solo_schneider: Option<bool>,
    /// Kontra übernimmt: a game doubled by Kontra is taken over by the defenders, who need
    /// 61 as declarers do; the declarers then win with 60 (default false).
    #[serde(skip_serializing_if = "is_default")]
    pub kontra_takes_over: bool,
    /// How the last round is played: `plain` (default), `double` (at double value, counted
    /// as a Bock) or `solos` (only solos).
    #[serde(skip_serializing_if = "is_default")]
    pub last_round: LastRound,
    /// Bauerchen (the German seed's Palatinate game; RULES.md section 8): German
    /// Schafkopf with the twenty-card pack and four Wenzels, in which forehand names the
    /// trumps and a King-Ober pair held counts for its side (default false).
    #[serde(skip_serializing_if = "is_default")]
    pub bauerchen: bool,
    /// Bierkopf (the German seed's Franconian variant of modern Schafkopf, "with fixed
    /// teams and no solos"): nobody bids, and every hand is played by the players across
    /// the table, team against team, as a Kreuzbock (default false).
    #[serde(skip_serializing_if = "is_default")]
    pub bierkopf: bool,
    /// A card played against the rules of play: `refused` (default: the record is) or
    /// `loses` (the hand ends with it, lost for its player's side).
    #[serde(skip_serializing_if = "is_default")]
    pub revoke: RevokeRule,
    /// Solo-class games this table plays beside the usual ones: `koenig`, `farbkoenig`,
    /// `eisenbahner`, `farbeisenbahner`, `obers_unters`, `ramsch_tout` (what `contracts` and
    /// `odds` offer;
    /// a record may name any of them regardless).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub extra_solos: Vec<String>,
    /// The usual games this table plays, where it plays fewer than all: `sauspiel`,
    /// `solo`, `wenz`, `geier`, `farbwenz`, `farbgeier`, `bettel`, `bettel_ouvert`, and a
    /// solo's Tout as `solo_tout`, `wenz_tout`, ... (what `contracts` and `odds` offer; a
    /// record may name any game regardless). Empty: all of them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub games: Vec<String>,
    /// Wenzels in German Schafkopf when the contract does not say (0, 4, 6 or 8; 0 only
    /// in Blattla, with `german_trump: herz`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub german_wenzels: Option<u8>,
    /// German Schafkopf: `across` (the seating, default) or `black_obers` (the holders of
    /// `EO` and `GO` play together that deal).
    #[serde(skip_serializing_if = "is_default")]
    pub german_partners: Partners,
    /// German Schafkopf: `declared` (default) or `schellen` (always trumps).
    #[serde(skip_serializing_if = "is_default")]
    pub german_trump: GermanTrump,
}

fn is_default<T: Default + PartialEq>(t: &T) -> bool {
    *t == T::default()
}

/// The most Kontra/Re `stoss_max` may allow.
pub const MAX_STOSS: u8 = 16;

impl Options {
    pub fn stoss_max(&self) -> u8 {
        self.stoss_max.unwrap_or(4)
    }
    /// The Wenzels a German game counts where the contract does not say: the table's
    /// (checked to be 0, 4, 6 or 8), else 4.
    pub fn wenzels(&self) -> Wenzels {
        self.german_wenzels
            .map(u64::from)
            .and_then(Wenzels::from_count)
            .unwrap_or_default()
    }
    pub fn durchmarsch_points(&self) -> u8 {
        self.durchmarsch_points.unwrap_or(120)
    }
    pub fn hochzeit_double(&self) -> bool {
        self.hochzeit_double.unwrap_or(true)
    }
    pub fn solo_schneider(&self) -> bool {
        self.solo_schneider.unwrap_or(true)
    }

    /// The games of `extra_solos`, each an extra solo-class game's name.
    pub fn extra_solos(&self) -> Result<Vec<crate::contract::GameName>, Error> {
        use crate::contract::GameName;
        self.extra_solos
            .iter()
            .map(|text| {
                let game: GameName = text.parse()?;
                if GameName::EXTRA_SOLOS.contains(&game) {
                    Ok(game)
                } else {
                    Err(Error::BadValue {
                        what: "rules.extra_solos entry (koenig, farbkoenig, eisenbahner, \
                               farbeisenbahner, obers_unters, ramsch_tout)",
                        text: text.clone(),
                    })
                }
            })
            .collect()
    }

    /// The usual games of `games`, each with whether it is the Tout; none where the table
    /// plays them all.
    pub fn games(&self) -> Result<Option<Vec<(crate::contract::GameName, bool)>>, Error> {
        use crate::contract::GameName;
        if self.games.is_empty() {
            return Ok(None);
        }
        // The usual games: the first of every game's names, before Ramsch.
        let usual = &GameName::ALL[..8];
        let read = |text: &String| -> Option<(GameName, bool)> {
            let lower = text.to_lowercase();
            let (name, tout) = match lower.strip_suffix("_tout") {
                Some(name) => (name.to_string(), true),
                None => (lower, false),
            };
            let game: GameName = name.parse().ok()?;
            let solo = game.solo_class();
            (usual.contains(&game) && (solo || !tout)).then_some((game, tout))
        };
        self.games
            .iter()
            .map(|text| {
                read(text).ok_or_else(|| Error::BadValue {
                    what: "rules.games entry (sauspiel, solo, wenz, geier, farbwenz, \
                           farbgeier, bettel, bettel_ouvert; a solo's Tout as solo_tout, \
                           wenz_tout, geier_tout, farbwenz_tout, farbgeier_tout)",
                    text: text.clone(),
                })
            })
            .collect::<Result<Vec<_>, Error>>()
            .map(Some)
    }

    /// Refuses a cap on the Laufende below their minimum (`rules.laufende_min`, or
    /// `default_min`, the contract's where none is given): the cap would pay fewer than the
    /// minimum a table asks for, which no table means. One check for an explicit minimum
    /// and a default one.
    pub(crate) fn check_laufende(&self, default_min: u8) -> Result<(), Error> {
        let Some(max) = self.laufende_max else {
            return Ok(());
        };
        let (min, given) = match self.laufende_min {
            Some(min) => (min, "rules.laufende_min"),
            None => (default_min, "the contract's default minimum"),
        };
        if max < min {
            return Err(Error::Conflict(format!(
                "rules.laufende_max {max} is below {given}, {min}: it would pay fewer \
                 Laufende than the least that count"
            )));
        }
        Ok(())
    }

    /// Refuses an option outside what it can mean.
    pub(crate) fn check(&self) -> Result<(), Error> {
        let ranges = [
            ("rules.run_away_min", self.run_away_min, 1, 8),
            ("rules.laufende_min", self.laufende_min, 1, 14),
            ("rules.laufende_max", self.laufende_max, 1, 14),
            ("rules.stoss_max", self.stoss_max, 0, MAX_STOSS),
            ("rules.durchmarsch_points", self.durchmarsch_points, 1, 120),
        ];
        for (what, value, min, max) in ranges {
            if let Some(v) = value.filter(|v| !(min..=max).contains(v)) {
                return Err(Error::OutOfRange {
                    what,
                    value: v.into(),
                    min: min.into(),
                    max: max.into(),
                });
            }
        }
        // No contract is known here, so a cap is held only against a minimum the table
        // gives; a contract that pays Laufende checks it against its own default minimum
        // in its setup (a Ramsch or a Bettel pays none, and takes any cap).
        if self.laufende_min.is_some() {
            self.check_laufende(2)?;
        }
        self.extra_solos()?;
        self.games()?;
        if let Some(n) = self.thrown_in_stock {
            check_amount("rules.thrown_in_stock", n)?;
        }
        if let Some(n) = self.german_wenzels.filter(|n| ![0, 4, 6, 8].contains(n)) {
            return Err(Error::BadValue {
                what: "rules.german_wenzels (0, 4, 6 or 8)",
                text: n.to_string(),
            });
        }
        check_blattla(self.wenzels(), self.german_trump)?;
        if self.bierkopf && self.all_pass != AllPass::ThrowIn {
            return Err(Error::Conflict(format!(
                "rules.bierkopf: nobody bids in Bierkopf, so no hand is passed out and \
                 rules.all_pass ({}) has nothing to settle",
                self.all_pass.name()
            )));
        }
        // One event starts one kind of round: the hands after it cannot all be Ramsch
        // and all Kreuzbock.
        if let Some(e) = self
            .ramsch_after
            .iter()
            .find(|e| self.kreuzbock_after.contains(e))
        {
            return Err(Error::Conflict(format!(
                "rules.ramsch_after and rules.kreuzbock_after both name {}: the hands after \
                 it are played as a Ramsch or as a Kreuzbock, not both",
                e.name()
            )));
        }
        if self.german_partners == Partners::Solo {
            return Err(Error::BadValue {
                what: "rules.german_partners (across or black_obers; a solo is the \
                       contract's `solo: true`)",
                text: "solo".to_string(),
            });
        }
        Ok(())
    }
}

/// Prices (RULES.md section 6). Missing prices take the BSV defaults.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Tariff {
    /// Sauspiel and Hochzeit (default 10).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base: Option<i64>,
    /// Solo class (default 50).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solo: Option<i64>,
    /// The Wenz class (Wenz, Geier, Farbwenz, Farbgeier) where a table prices it between
    /// Sauspiel and solo, as 10/20/50 (default: `solo`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wenz: Option<i64>,
    /// For schneider, and again for schwarz (default 10).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extra: Option<i64>,
    /// Per Laufender (default: `extra`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub laufende_price: Option<i64>,
    /// Bettel (default 30).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bettel_price: Option<i64>,
    /// Bettel ouvert (default twice `bettel_price`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bettel_ouvert_price: Option<i64>,
    /// Ramsch (default 20).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ramsch_price: Option<i64>,
}

impl Tariff {
    pub fn base(&self) -> i64 {
        self.base.unwrap_or(10)
    }
    pub fn solo(&self) -> i64 {
        self.solo.unwrap_or(50)
    }
    pub fn wenz(&self) -> i64 {
        self.wenz.unwrap_or_else(|| self.solo())
    }
    pub fn extra(&self) -> i64 {
        self.extra.unwrap_or(10)
    }
    pub fn laufende_price(&self) -> i64 {
        self.laufende_price.unwrap_or_else(|| self.extra())
    }
    pub fn bettel_price(&self) -> i64 {
        self.bettel_price.unwrap_or(30)
    }
    pub fn bettel_ouvert_price(&self) -> i64 {
        self.bettel_ouvert_price
            .unwrap_or_else(|| 2 * self.bettel_price())
    }
    pub fn ramsch_price(&self) -> i64 {
        self.ramsch_price.unwrap_or(20)
    }

    /// Refuses a price outside 0 to [`MAX_AMOUNT`].
    pub(crate) fn check(&self) -> Result<(), Error> {
        let prices = [
            ("tariff.base", self.base),
            ("tariff.solo", self.solo),
            ("tariff.wenz", self.wenz),
            ("tariff.extra", self.extra),
            ("tariff.laufende_price", self.laufende_price),
            ("tariff.bettel_price", self.bettel_price),
            ("tariff.bettel_ouvert_price", self.bettel_ouvert_price),
            ("tariff.ramsch_price", self.ramsch_price),
        ];
        for (what, price) in prices {
            if let Some(p) = price {
                check_amount(what, p)?;
            }
        }
        Ok(())
    }
}

/// Doublings before play: each multiplies the final value by 2.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Doublings {
    /// Klopfen/Legen before the game (at most one per player).
    #[serde(skip_serializing_if = "is_default")]
    pub klopfen: u8,
    /// Kontra, each answered by at most one Re (they alternate).
    #[serde(skip_serializing_if = "is_default")]
    pub kontra: u8,
    #[serde(skip_serializing_if = "is_default")]
    pub re: u8,
    /// Bock: a Bock game or a game of a Bock round, played at double tariff (RULES.md
    /// section 6); stacked Bock rounds double again (at most 4).
    #[serde(skip_serializing_if = "is_default")]
    pub bock: u8,
}

/// Bock doublings at most (Bock rounds stacked on Bock rounds).
pub const MAX_BOCK: u8 = 4;

impl Doublings {
    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }
    /// Every doubling: each one multiplies the value by two.
    pub fn total(&self) -> u32 {
        self.klopfen as u32 + self.kontra as u32 + self.re as u32 + self.bock as u32
    }
    /// Kontra and Re together (bounded by `stoss_max`).
    pub fn stoesse(&self) -> u32 {
        self.kontra as u32 + self.re as u32
    }

    /// The final value's factor: 2 to the power of every doubling.
    pub fn multiplier(&self) -> i64 {
        // `check` bounds the doublings to 4 + MAX_STOSS + MAX_BOCK, so the shift stays far
        // inside i64.
        1i64 << self.total().min(4 + MAX_STOSS as u32 + MAX_BOCK as u32)
    }

    /// Refuses doublings that cannot happen at a table (RULES.md section 6): more Klopfen
    /// than players, a Re without the Kontra before it, a Kontra twice without a Re
    /// between, more Kontra/Re than `stoss_max`.
    pub(crate) fn check(&self, stoss_max: u8) -> Result<(), Error> {
        let fault = if self.bock > MAX_BOCK {
            format!(
                "bock {}: at most {MAX_BOCK} Bock doublings (Bock rounds stacked)",
                self.bock
            )
        } else if self.klopfen > 4 {
            format!(
                "{} Klopfen, but each of the 4 players knocks at most once",
                self.klopfen
            )
        } else if self.re > self.kontra {
            format!(
                "{} Re after {} Kontra: each Re answers a Kontra",
                self.re, self.kontra
            )
        } else if self.kontra > self.re + 1 {
            format!(
                "{} Kontra with {} Re: Kontra and Re alternate (kontra 2 is Kontra, Re: \
                 write kontra 1, re 1)",
                self.kontra, self.re
            )
        } else if self.stoesse() > stoss_max as u32 {
            format!(
                "{} Kontra/Re given, but at most {stoss_max} are allowed (stoss_max)",
                self.stoesse()
            )
        } else {
            return Ok(());
        };
        Err(Error::BadDoublings(fault))
    }
}

/// Blattla's two rules go together (RULES.md section 8): no Wenzels, and Herz always
/// trumps; neither is a game of its own.
pub(crate) fn check_blattla(wenzels: Wenzels, trump: GermanTrump) -> Result<(), Error> {
    if (wenzels == Wenzels::Zero) != (trump == GermanTrump::Herz) {
        return Err(Error::Conflict(format!(
            "Blattla plays no Wenzels with Herz always trumps, and neither without the other: \
             give rules.german_wenzels 0 with rules.german_trump herz (here {} Wenzels, \
             german_trump {})",
            wenzels.count(),
            trump.name()
        )));
    }
    Ok(())
}
