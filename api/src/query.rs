//! Query parameters shared by several endpoints: typed, each type holding its bounds once
//! (read, checked and documented from the same constants), and read by [`Query`], which
//! names the parameter in every fault.

use crate::problem::ApiError;
use crate::store::{Filter, Order, Page};
use actix_web::dev::Payload;
use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpRequest};
use serde::de::{DeserializeOwned, Deserializer, Error as _};
use serde::Deserialize;
use solver::analysis::AnalysisView;
use solver::auction::AuctionModel;
use solver::formats::LogFormat;
use solver::single_dummy::{Assumption, Assumptions, Inference, Sampling};
use solver::Pack;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type};
use utoipa::openapi::RefOr;
use utoipa::IntoParams;

/// A request's query string read into `T`: a parameter out of its form or range is a 400
/// `bad_query` that names it (`samples must be a whole number from 1 to 16000, not 'abc'`).
pub struct Query<T>(pub T);

impl<T> std::ops::Deref for Query<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: DeserializeOwned> FromRequest for Query<T> {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Query<T>, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(read_query(req.query_string()).map(Query))
    }
}

/// `text` (a query string) read into `T`; a fault names the parameter it is about.
pub fn read_query<T: DeserializeOwned>(text: &str) -> Result<T, ApiError> {
    let pairs = form_urlencoded::parse(text.as_bytes());
    serde_path_to_error::deserialize(serde_urlencoded::Deserializer::new(pairs)).map_err(|e| {
        let name = e.path().to_string();
        let fault = e.into_inner().to_string();
        // The path is `.` for a fault of the whole string: serde's only such fault here is
        // a parameter given twice, said as the record reader says a key given twice.
        let twice = fault
            .strip_prefix("duplicate field `")
            .and_then(|f| f.strip_suffix('`'));
        bad_query(match (name.as_str(), twice) {
            (".", Some(field)) => format!("parameter '{field}' given twice"),
            (".", None) => fault,
            _ => format!("{name} {fault}"),
        })
    })
}

fn bad_query(message: String) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, "bad_query", message)
}

/// The largest integer every JSON reader holds exactly: a bound beyond it is left to the
/// schema's format (`int64`) rather than written as a number some readers would round.
const JSON_EXACT: u64 = 1 << 53;

/// A whole-number parameter within its bounds: the type, its reading (the fault says the
/// bounds), and its schema, all from one `MIN` and `MAX`.
macro_rules! bounded {
    ($(#[$doc:meta])* $name:ident($int:ty, $format:ident): $min:expr, $max:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name(pub $int);

        impl $name {
            pub const MIN: $int = $min;
            pub const MAX: $int = $max;
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$name, D::Error> {
                let text = String::deserialize(d)?;
                match text.parse::<$int>() {
                    Ok(n) if ($name::MIN..=$name::MAX).contains(&n) => Ok($name(n)),
                    _ => Err(D::Error::custom(format!(
                        "must be a whole number from {} to {}, not '{text}'",
                        $name::MIN,
                        $name::MAX
                    ))),
                }
            }
        }

        impl utoipa::PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                let max = ($name::MAX as u64 <= JSON_EXACT).then_some($name::MAX);
                ObjectBuilder::new()
                    .schema_type(Type::Integer)
                    .format(Some(SchemaFormat::KnownFormat(KnownFormat::$format)))
                    .minimum(Some($name::MIN))
                    .maximum(max)
                    .into()
            }
        }

        impl utoipa::ToSchema for $name {}
    };
}

bounded!(
    /// Worlds per decision of the players' view at most (judging mostly stops long
    /// before, once the verdicts are settled; the node budget bounds the rest).
    Worlds(u32, Int32): 1, 16_000
);
bounded!(
    /// Deals of hand odds.
    Deals(u32, Int32): 1, 100_000
);
bounded!(
    /// A seed of the worlds or deals drawn: the integers the document's `int64` holds.
    Seed(u64, Int64): 0, i64::MAX as u64
);
bounded!(
    /// Whose hand: a seat, 0 to 3.
    SeatNumber(u8, Int32): 0, 3
);
bounded!(
    /// Games per page.
    PageSize(u32, Int32): 1, 500
);
bounded!(
    /// Games skipped before a page.
    Offset(u64, Int64): 0, 1_000_000_000
);
bounded!(
    /// The stock before the first game: up to the largest amount a record holds.
    Stock(i64, Int64): 0, solver::options::MAX_AMOUNT
);

/// `a`, `a or b`, `a, b or c`: the names a fault offers.
fn one_of(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// The schema of a parameter that is one of `names`.
fn names_schema(names: &[&str]) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(format!("^({})$", names.join("|"))))
        .into()
}

/// A parameter read by name: `read` finds the value of a name; a fault offers `names`.
fn by_name<'de, D: Deserializer<'de>, T>(
    d: D,
    names: &[&str],
    read: impl Fn(&str) -> Option<T>,
) -> Result<T, D::Error> {
    let text = String::deserialize(d)?;
    read(&text).ok_or_else(|| D::Error::custom(format!("must be {}, not '{text}'", one_of(names))))
}

/// A yes-or-no parameter: `true` or `false` (absent: no).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flag(pub bool);

impl<'de> Deserialize<'de> for Flag {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Flag, D::Error> {
        let read = |text: &str| match text {
            "true" => Some(Flag(true)),
            "false" => Some(Flag(false)),
            _ => None,
        };
        by_name(d, &["true", "false"], read)
    }
}

impl utoipa::PartialSchema for Flag {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new().schema_type(Type::Boolean).into()
    }
}

impl utoipa::ToSchema for Flag {}

/// A parameter that names one of a set: `$names` lists them (for faults and the schema),
/// `$read` finds the value of a name.
macro_rules! named {
    ($(#[$doc:meta])* $name:ident($inner:ty), $names:expr, $read:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name(pub $inner);

        impl $name {
            fn names() -> Vec<&'static str> {
                Vec::from($names)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$name, D::Error> {
                let read: fn(&str) -> Option<$inner> = $read;
                by_name(d, &$name::names(), |t| read(t).map($name))
            }
        }

        impl utoipa::PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                names_schema(&$name::names())
            }
        }

        impl utoipa::ToSchema for $name {}
    };
}

named!(
    /// A pack by name: `german`, `french` or `symbols` (any case, as the command line reads).
    PackName(Pack),
    Pack::ALL.map(Pack::name),
    Pack::from_name
);

named!(
    /// A log format by name: `records`, `netschafkopf` or `openschafkopf`.
    FormatName(LogFormat),
    LogFormat::ALL.map(LogFormat::name),
    |t| t.parse().ok()
);

named!(
    /// How the players' view reads the auction: `auction` (each world by the likelihood of
    /// the auction under the shipped model of declaring) or `none` (every world alike).
    InferenceName(bool),
    ["auction", "none"],
    |t| match t {
        "auction" => Some(true),
        "none" => Some(false),
        _ => None,
    }
);

/// Whose knowledge an analysis takes: `double_dummy` (also spelt `double-dummy`, as on
/// the command line) or `players`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViewName(pub AnalysisView);

impl ViewName {
    /// Every spelling read, the command line's included.
    const SPELLINGS: [(&'static str, AnalysisView); 3] = [
        ("double_dummy", AnalysisView::DoubleDummy),
        ("double-dummy", AnalysisView::DoubleDummy),
        ("players", AnalysisView::Players),
    ];
}

impl<'de> Deserialize<'de> for ViewName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ViewName, D::Error> {
        let read = |text: &str| {
            let spelt = ViewName::SPELLINGS.iter().find(|(name, _)| *name == text);
            spelt.map(|&(_, view)| ViewName(view))
        };
        by_name(d, &["double_dummy", "players"], read)
    }
}

impl utoipa::PartialSchema for ViewName {
    fn schema() -> RefOr<Schema> {
        names_schema(&ViewName::SPELLINGS.map(|(name, _)| name))
    }
}

impl utoipa::ToSchema for ViewName {}

/// Whose knowledge an analysis judges the cards by (`analyze`, a stored game's analysis).
#[derive(Clone, Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ViewParams {
    /// `double_dummy` (the default: every player sees all four hands; also spelt
    /// `double-dummy`, as on the command line) or `players` (each card also by what its
    /// player could know, over sampled worlds).
    #[param(inline)]
    pub view: Option<ViewName>,
    /// The players' view: the most worlds a decision judges (default 16,000, 100 where
    /// every card is solved exactly: a Ramsch, Schellen-Schafkopf, `points=true`).
    #[param(inline)]
    pub samples: Option<Worlds>,
    /// The players' view: the seed of the worlds drawn (0 to 2^63 - 1; default 0).
    #[param(inline)]
    pub seed: Option<Seed>,
    /// The players' view: `true` also asks each card's exact expectation in the measure
    /// (`expected`, `cost`; several times the work); default `false`, each world judged by
    /// what the cards pay alone.
    #[param(inline)]
    pub points: Option<Flag>,
    /// The players' view: what the players assume beyond the cards, `;` between
    /// assumptions (`seat 2: at least 4 trumps; seat 3 holds EO`; also `no`, `at most`,
    /// `exactly`, of the hands as played; cards in the answer's pack): the worlds are
    /// drawn only among those that keep them.
    #[param(inline)]
    pub assume: Option<String>,
    /// The players' view: `auction` (the default) weighs each world by the likelihood of
    /// the auction as it happened under the model of declaring; `none` takes every world
    /// consistent with the cards alike.
    #[param(inline)]
    pub inference: Option<InferenceName>,
    /// `true`: each costly card also gets its best line and its own, and the trick where
    /// they part (`lines`); default `false`.
    #[param(inline)]
    #[serde(default)]
    pub lines: Flag,
}

impl ViewParams {
    /// Whether each costly card gets its lines.
    pub fn lines(&self) -> bool {
        self.lines.0
    }

    /// The sampling of the players' view, or none for double dummy; the auction read by
    /// `model` unless `inference=none`.
    pub fn sampling(
        &self,
        pack: Pack,
        model: &'static AuctionModel,
    ) -> Result<Option<Sampling>, ApiError> {
        match self.view.map_or(AnalysisView::DoubleDummy, |v| v.0) {
            AnalysisView::DoubleDummy => {
                if self.samples.is_some()
                    || self.seed.is_some()
                    || self.points.is_some()
                    || self.assume.is_some()
                    || self.inference.is_some()
                {
                    return Err(bad_query(
                        "samples, seed, points, assume and inference belong to view=players"
                            .to_string(),
                    ));
                }
                Ok(None)
            }
            AnalysisView::Players => {
                let default = solver::defaults::ANALYSIS_WORLDS;
                let sampling = players_sampling(self.samples, self.seed, self.points, default)
                    .inferring(inference(self.inference, model));
                Ok(Some(
                    sampling.assuming(assumptions(self.assume.as_deref(), pack)?),
                ))
            }
        }
    }

    /// The name a stored analysis is kept under: `double_dummy`, or the players' view's
    /// ([`Sampling::key`]: `players:<samples>:<seed>`, `:points` where exact values were
    /// asked), with `+lines` where the lines were asked for.
    pub fn key(sampling: Option<Sampling>, lines: bool) -> String {
        let view = match sampling {
            None => "double_dummy".to_string(),
            Some(s) => s.key(),
        };
        if lines {
            view + "+lines"
        } else {
            view
        }
    }
}

/// The question of `POST /api/v1/odds`.
#[derive(Clone, Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OddsParams {
    /// Whose hand: needed where the record shows more than one hand (the others are
    /// hidden).
    #[param(inline)]
    pub seat: Option<SeatNumber>,
    /// Deals of the unseen cards (default 1000).
    #[param(inline)]
    pub samples: Option<Deals>,
    /// The seed of the deals drawn (0 to 2^63 - 1; default 0).
    #[param(inline)]
    pub seed: Option<Seed>,
    /// What the seat assumes of the hidden hands, `;` between assumptions (`seat 2: at
    /// least 4 trumps; seat 3 holds EO`; trumps and suits as in a Sauspiel; cards in the
    /// answer's pack): the deals are drawn only among those that keep them.
    #[param(inline)]
    pub assume: Option<String>,
    /// `auction` (the default) keeps each deal in proportion to how likely the seats
    /// before this one in the bidding order were to pass (or to say what the record's
    /// `auction` says they said); `none` takes every deal alike.
    #[param(inline)]
    pub inference: Option<InferenceName>,
}

impl OddsParams {
    pub fn seat(&self) -> Option<solver::Seat> {
        self.seat.and_then(|n| solver::Seat::new(n.0))
    }

    /// The deals asked for; assumed cards read in `pack`; the passes read by `model`
    /// unless `inference=none`.
    pub fn sampling(&self, pack: Pack, model: &'static AuctionModel) -> Result<Sampling, ApiError> {
        let sampling = Sampling::new(
            self.samples
                .map_or(solver::defaults::ODDS_DEALS, |d| d.0 as usize),
            self.seed.map_or(0, |s| s.0),
        );
        Ok(sampling
            .assuming(assumptions(self.assume.as_deref(), pack)?)
            .inferring(inference(self.inference, model)))
    }
}

/// The question of `POST /api/v1/solve`: the double-dummy value (with the best line where
/// asked for), or with `view=players` the decision judged by what the player to move could
/// know.
#[derive(Clone, Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SolveParams {
    /// `true`: also the best line from the position, the rest of the hand under perfect
    /// play (`line`); default `false`; not with `view=players`.
    #[param(inline)]
    #[serde(default)]
    pub line: Flag,
    /// `double_dummy` (the default: every hand seen) or `players`: each legal card's
    /// expectation, chance to win, schneider, schwarz and expected settlement over the
    /// worlds the player to move could be in.
    #[param(inline)]
    pub view: Option<ViewName>,
    /// With `view=players`: whose decision; it must be the player to move (the default).
    #[param(inline)]
    pub seat: Option<SeatNumber>,
    /// With `view=players`: the most worlds judged (default 400, 100 where every card is
    /// solved exactly; all of them where they are fewer).
    #[param(inline)]
    pub samples: Option<Worlds>,
    /// With `view=players`: the seed of the worlds (0 to 2^63 - 1; default 0), drawn as
    /// the analysis of the whole game draws this decision's.
    #[param(inline)]
    pub seed: Option<Seed>,
    /// With `view=players`: `true` also asks each card's exact expectation in the measure
    /// (`expected`; several times the work); default `false`, each world judged by what
    /// the cards pay alone.
    #[param(inline)]
    pub points: Option<Flag>,
    /// With `view=players`: what the player assumes beyond the cards, `;` between
    /// assumptions (`seat 2: at least 4 trumps; seat 3 holds EO`; cards in the answer's
    /// pack): the worlds are drawn only among those that keep them.
    #[param(inline)]
    pub assume: Option<String>,
    /// With `view=players`: also up to this many of the worlds the verdict averaged over
    /// (`shown_worlds`: all four hands as dealt, each world's weight), 1 to 16,000.
    #[param(inline)]
    pub show_worlds: Option<Worlds>,
    /// With `view=players`: `auction` (the default) weighs each world by the likelihood of
    /// the auction as it happened under the model of declaring; `none` takes every world
    /// consistent with the cards alike.
    #[param(inline)]
    pub inference: Option<InferenceName>,
}

/// The assumptions of a question's `assume` (`;` between them), cards read in `pack`.
fn assumptions(text: Option<&str>, pack: Pack) -> Result<Assumptions, ApiError> {
    let list: Result<Vec<Assumption>, solver::Error> = text
        .unwrap_or_default()
        .split(';')
        .filter(|t| !t.trim().is_empty())
        .map(|t| Assumption::parse(t, pack))
        .collect();
    list.and_then(|l| Assumptions::new(&l))
        .map_err(|e| bad_query(format!("assume: {e}")))
}

/// How the players' view reads the auction (default: by `model`, the service's).
fn inference(name: Option<InferenceName>, model: &'static AuctionModel) -> Inference {
    match name {
        Some(InferenceName(false)) => Inference::None,
        _ => Inference::Auction(model),
    }
}

/// The players' view's sampling: the most worlds a decision (default `default`, and
/// [`solver::defaults::EXACT_VALUE_WORLDS`] where every card is solved exactly), their
/// seed (default 0), and whether each card's exact values are asked (default: only what
/// it pays).
fn players_sampling(
    samples: Option<Worlds>,
    seed: Option<Seed>,
    points: Option<Flag>,
    default: usize,
) -> Sampling {
    let sampling = match samples {
        Some(w) => Sampling::new(w.0 as usize, seed.map_or(0, |s| s.0)),
        None => Sampling::new(default, seed.map_or(0, |s| s.0))
            .exact_at_most(solver::defaults::EXACT_VALUE_WORLDS),
    };
    match points {
        Some(Flag(true)) => sampling,
        _ => sampling.paying_only(),
    }
}

/// What `solve` is asked.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SolveQuestion {
    /// The double-dummy solution, with the best line or not.
    DoubleDummy { line: bool },
    /// The decision of the player to move (`seat`, where named, must be he).
    Players {
        seat: Option<solver::Seat>,
        sampling: Sampling,
        /// Worlds to show beside the verdict.
        shown: Option<usize>,
    },
}

impl SolveParams {
    /// The question asked; `line` with the players' view, and `seat`, `samples` or `seed`
    /// without it, are faults.
    pub fn question(
        &self,
        pack: Pack,
        model: &'static AuctionModel,
    ) -> Result<SolveQuestion, ApiError> {
        let view = self.view.map_or(AnalysisView::DoubleDummy, |v| v.0);
        match view {
            AnalysisView::DoubleDummy => {
                if self.seat.is_some()
                    || self.samples.is_some()
                    || self.seed.is_some()
                    || self.points.is_some()
                    || self.assume.is_some()
                    || self.show_worlds.is_some()
                    || self.inference.is_some()
                {
                    return Err(bad_query(
                        "seat, samples, seed, points, assume, show_worlds and inference belong \
                         to view=players"
                            .to_string(),
                    ));
                }
                Ok(SolveQuestion::DoubleDummy { line: self.line.0 })
            }
            AnalysisView::Players => {
                if self.line.0 {
                    return Err(bad_query(
                        "line belongs to the double-dummy view, not to view=players".to_string(),
                    ));
                }
                Ok(SolveQuestion::Players {
                    seat: self.seat.and_then(|n| solver::Seat::new(n.0)),
                    sampling: players_sampling(
                        self.samples,
                        self.seed,
                        self.points,
                        solver::defaults::DECISION_WORLDS,
                    )
                    .assuming(assumptions(self.assume.as_deref(), pack)?)
                    .inferring(inference(self.inference, model)),
                    shown: self.show_worlds.map(|w| w.0 as usize),
                })
            }
        }
    }
}

/// How the answer writes cards (every endpoint that answers with cards).
#[derive(Clone, Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PackParams {
    /// `german` (`EO SZ`), `french` (`CQ D10`) or `symbols` (`♣Q ♦10`); by default the
    /// pack the service was started with (`serve --pack`, German unless told). A record
    /// posted says its own pack in its `pack` field.
    #[param(inline)]
    pub pack: Option<PackName>,
}

impl PackParams {
    /// The pack asked for, else the service's (`default`: `serve --pack`).
    pub fn pack(&self, default: Pack) -> Pack {
        self.pack.map_or(default, |p| p.0)
    }
}

/// The filters of `GET /api/v1/games` and `GET /api/v1/ledger`.
#[derive(Clone, Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GameFilters {
    /// Only games with a player of this name.
    pub player: Option<String>,
    /// Only games whose id contains this text (case as stored: `club-night`).
    pub id: Option<String>,
    /// Only games of this contract (`sauspiel`, `solo`, `wenz`, ..., `ramsch`), or the
    /// hands thrown in (`thrown_in`).
    pub game: Option<String>,
    /// Only games stored on or after this date or time (`2026-11-29` or RFC 3339, UTC).
    #[param(pattern = r"^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?Z)?$")]
    pub since: Option<String>,
    /// Only games stored before this date or time (`2026-11-30` or RFC 3339, UTC).
    #[param(pattern = r"^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?Z)?$")]
    pub until: Option<String>,
}

/// The paging of `GET /api/v1/games`.
#[derive(Clone, Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Paging {
    /// Games per page (1 to 500, default 50).
    #[param(inline)]
    pub limit: Option<PageSize>,
    /// Games to skip (default 0).
    #[param(inline)]
    pub offset: Option<Offset>,
    /// `oldest` first (the default) or `newest` first, by the time each game was stored.
    #[param(inline)]
    pub order: Option<OrderName>,
}

named!(
    /// The order of a listing by name: `oldest` or `newest` (first).
    OrderName(Order),
    ["oldest", "newest"],
    |t| match t {
        "oldest" => Some(Order::OldestFirst),
        "newest" => Some(Order::NewestFirst),
        _ => None,
    }
);

impl Paging {
    /// The page asked for: 50 games by default, from the first.
    pub fn page(&self) -> Page {
        Page {
            limit: self.limit.map_or(50, |l| l.0),
            offset: self.offset.map_or(0, |o| o.0 as i64),
            order: self.order.map_or(Order::OldestFirst, |o| o.0),
        }
    }
}

impl GameFilters {
    /// The filters read and checked, for the store: each fault named.
    pub fn filter(&self) -> Result<Filter, ApiError> {
        // An empty name, id or game (a form's field left blank) filters nothing; a date
        // keeps its documented form, so a blank one is refused by name.
        let given = |f: &Option<String>| f.clone().filter(|t| !t.is_empty());
        let [player, id, game] = [&self.player, &self.id, &self.game].map(given);
        let (since, until) = (self.since.clone(), self.until.clone());
        let game = game
            .as_deref()
            .map(|g| match g {
                crate::store::THROWN_IN => Ok(crate::store::THROWN_IN),
                g => g
                    .parse::<solver::GameName>()
                    .map(solver::GameName::name)
                    .map_err(|e| bad_query(format!("game: {e}"))),
            })
            .transpose()?;
        for (name, text, stored) in [("player", &player, "name"), ("id", &id, "id")] {
            if let Some(c) = text.iter().flat_map(|p| p.chars()).find(|c| c.is_control()) {
                return Err(bad_query(format!(
                    "{name} holds a control character (U+{:04X}); no stored {stored} does",
                    c as u32
                )));
            }
        }
        Ok(Filter {
            player,
            id,
            game,
            since: since
                .as_deref()
                .map(|t| timestamp(t, "since"))
                .transpose()?,
            until: until
                .as_deref()
                .map(|t| timestamp(t, "until"))
                .transpose()?,
        })
    }
}

/// A date (`2026-11-29`) or RFC 3339 UTC time (`2026-11-29T10:00:00Z`, a fraction of a
/// second allowed), as stored timestamps compare: text in the same format, to the
/// millisecond (`2026-11-29T10:00:00.000Z`). Text of the right shape that names no day or
/// time of the calendar (`2026-02-30`, `24:00:00`) is refused as such.
fn timestamp(text: &str, name: &str) -> Result<String, ApiError> {
    use time::format_description::well_known::Rfc3339;
    use time::macros::format_description;
    use time::{Date, OffsetDateTime};
    let day = format_description!("[year]-[month]-[day]");
    // Whether the text starts with `shape`'s digits (9) and separators.
    let shaped = |shape: &str| {
        let pairs = shape.bytes().zip(text.bytes());
        text.len() >= shape.len()
            && pairs
                .into_iter()
                .all(|(p, t)| t == p || p == b'9' && t.is_ascii_digit())
    };
    let bad = || {
        bad_query(format!(
            "{name} must be a date like 2026-11-29 or a UTC time like 2026-11-29T10:00:00Z, \
             not '{text}'"
        ))
    };
    let no_day = || bad_query(format!("{name}: there is no day {text:.10}"));
    let at = if text.len() == 10 {
        let date = Date::parse(text, day).map_err(|_| match shaped("9999-99-99") {
            true => no_day(),
            false => bad(),
        })?;
        date.midnight().assume_utc()
    } else {
        let parsed = text
            .ends_with('Z')
            .then(|| OffsetDateTime::parse(text, &Rfc3339));
        match parsed {
            Some(Ok(at)) => at,
            _ if !shaped("9999-99-99T99:99:99") => return Err(bad()),
            _ if Date::parse(&text[..10], day).is_err() => return Err(no_day()),
            Some(Err(_)) => {
                return Err(bad_query(format!(
                    "{name}: there is no time {}",
                    &text[11..19]
                )))
            }
            None => return Err(bad()),
        }
    };
    let stored =
        format_description!("[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:3]Z");
    at.format(&stored).map_err(|_| bad())
}

/// What `GET /api/v1/ledger` takes beside the game list's filters.
#[derive(Clone, Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LedgerQuery {
    /// The stock before the first game (0 to 1,000,000; default 0).
    #[param(inline)]
    pub stock: Option<Stock>,
    /// `true`: also judge each declared game double dummy (on one solver worker, within
    /// the request's node budget).
    #[param(inline)]
    #[serde(default)]
    pub double_dummy: Flag,
    /// `true`: also play each game out single dummy (every card the best by what its
    /// player could know; on one solver worker, within the request's node budget).
    #[param(inline)]
    #[serde(default)]
    pub single_dummy: Flag,
    /// Single dummy: worlds per decision (1 to 1,000; default 20).
    #[param(inline)]
    pub samples: Option<Worlds>,
    /// Single dummy: the seed of the worlds drawn (0 to 2^63 - 1; default 0).
    #[param(inline)]
    pub seed: Option<Seed>,
}

impl LedgerQuery {
    /// The stock before the first game.
    pub fn stock(&self) -> i64 {
        self.stock.map_or(0, |s| s.0)
    }

    /// Whether each declared game is also judged double dummy.
    pub fn double_dummy(&self) -> bool {
        self.double_dummy.0
    }

    /// The sampling of the games played out single dummy, or none where they are not.
    pub fn single_dummy(&self, model: &'static AuctionModel) -> Result<Option<Sampling>, ApiError> {
        if !self.single_dummy.0 {
            if self.samples.is_some() || self.seed.is_some() {
                return Err(bad_query(
                    "samples and seed belong to single_dummy=true".to_string(),
                ));
            }
            return Ok(None);
        }
        let sampling = Sampling::new(
            self.samples
                .map_or(solver::defaults::LEDGER_WORLDS, |w| w.0 as usize),
            self.seed.map_or(0, |s| s.0),
        );
        Ok(Some(sampling.inferring(Inference::Auction(model))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fault<T: DeserializeOwned + std::fmt::Debug>(query: &str) -> String {
        let e = read_query::<T>(query).expect_err(query);
        assert_eq!(e.status, StatusCode::BAD_REQUEST);
        e.detail
    }

    #[test]
    fn each_fault_names_its_parameter_and_its_bounds() {
        let faults = [
            (
                fault::<ViewParams>("view=players&samples=abc"),
                "samples must be a whole number from 1 to 16000, not 'abc'",
            ),
            (
                fault::<ViewParams>("samples=0"),
                "samples must be a whole number from 1 to 16000, not '0'",
            ),
            (
                fault::<OddsParams>("samples=100001"),
                "samples must be a whole number from 1 to 100000, not '100001'",
            ),
            (
                fault::<OddsParams>("seat=4"),
                "seat must be a whole number from 0 to 3, not '4'",
            ),
            (
                fault::<ViewParams>("seed=-1"),
                "seed must be a whole number from 0 to 9223372036854775807, not '-1'",
            ),
            (
                fault::<ViewParams>("lines=yes"),
                "lines must be true or false, not 'yes'",
            ),
            (
                fault::<ViewParams>("view=single"),
                "view must be double_dummy or players, not 'single'",
            ),
            (
                fault::<PackParams>("pack=tarot"),
                "pack must be german, french or symbols, not 'tarot'",
            ),
            (
                fault::<LedgerQuery>("stock=1000001"),
                "stock must be a whole number from 0 to 1000000, not '1000001'",
            ),
            (
                fault::<PackParams>("pack=german&pack=french"),
                "parameter 'pack' given twice",
            ),
        ];
        for (fault, expected) in faults {
            assert_eq!(fault, expected);
        }
    }

    #[test]
    fn absent_parameters_take_the_shared_defaults() {
        let view: ViewParams = read_query("view=players&other=ignored").unwrap();
        let sampling = view
            .sampling(Pack::German, AuctionModel::shipped())
            .unwrap()
            .unwrap();
        assert_eq!(sampling.samples, solver::defaults::ANALYSIS_WORLDS);
        assert_eq!(sampling.seed, 0);
        assert!(!view.lines());
        let view: ViewParams = read_query("view=double-dummy&lines=true").unwrap();
        assert_eq!(
            view.sampling(Pack::German, AuctionModel::shipped())
                .unwrap(),
            None
        );
        assert!(view.lines());
        let odds: OddsParams = read_query("").unwrap();
        assert_eq!(
            odds.sampling(Pack::German, AuctionModel::shipped())
                .unwrap()
                .samples,
            solver::defaults::ODDS_DEALS
        );
        assert_eq!(odds.seat(), None);
        let ledger: LedgerQuery = read_query("single_dummy=true&seed=7").unwrap();
        let sampling = ledger
            .single_dummy(AuctionModel::shipped())
            .unwrap()
            .unwrap();
        assert_eq!(sampling.samples, solver::defaults::LEDGER_WORLDS);
        assert_eq!(sampling.seed, 7);
        let page = read_query::<Paging>("limit=500&offset=1000000000")
            .unwrap()
            .page();
        assert_eq!((page.limit, page.offset), (500, 1_000_000_000));
        let pack: PackParams = read_query("pack=French").unwrap();
        assert_eq!(pack.pack(Pack::German), Pack::French);
    }

    #[test]
    fn a_filter_left_blank_filters_nothing() {
        let blank: GameFilters = read_query("player=&id=&game=").unwrap();
        let f = blank.filter().unwrap();
        assert_eq!((f.player, f.id, f.game), (None, None, None));
        // A date keeps the form the document gives it: a blank one is refused by name.
        for date in ["since=", "until="] {
            let blank: GameFilters = read_query(date).unwrap();
            let e = blank.filter().unwrap_err();
            assert_eq!(e.code, "bad_query", "{date}: {}", e.detail);
        }
        let named: GameFilters = read_query("player=Sepp&game=ramsch").unwrap();
        let f = named.filter().unwrap();
        assert_eq!(
            (f.player.as_deref(), f.game),
            (Some("Sepp"), Some("ramsch"))
        );
    }

    #[test]
    fn samples_and_seed_belong_to_the_sampled_views() {
        let view: ViewParams = read_query("samples=10").unwrap();
        let e = view
            .sampling(Pack::German, AuctionModel::shipped())
            .expect_err("double dummy takes no samples");
        assert_eq!(
            e.detail,
            "samples, seed, points, assume and inference belong to view=players"
        );
        // Assumptions are read in the request's pack, and a bad one is named.
        let view: ViewParams =
            read_query("view=players&assume=seat 3 holds CQ; seat 1: no hearts").unwrap();
        let sampling = view
            .sampling(Pack::French, AuctionModel::shipped())
            .unwrap()
            .unwrap();
        assert_eq!(
            sampling.assume.to_string(),
            "seat 3 holds EO; seat 1: no Herz"
        );
        assert!(sampling
            .key()
            .ends_with(":assume=seat 3 holds EO; seat 1: no Herz"));
        let e = view
            .sampling(Pack::German, AuctionModel::shipped())
            .unwrap_err();
        assert!(
            e.detail.starts_with("assume: assumption 'seat 3 holds CQ'"),
            "{}",
            e.detail
        );
        let view: ViewParams = read_query("points=false").unwrap();
        assert!(
            view.sampling(Pack::German, AuctionModel::shipped())
                .is_err(),
            "double dummy asks no points"
        );
        // The players' view judges by what pays unless exact values are asked.
        let view: ViewParams = read_query("view=players").unwrap();
        assert!(
            !view
                .sampling(Pack::German, AuctionModel::shipped())
                .unwrap()
                .unwrap()
                .points
        );
        let view: ViewParams = read_query("view=players&points=true").unwrap();
        let sampling = view
            .sampling(Pack::German, AuctionModel::shipped())
            .unwrap()
            .unwrap();
        assert!(sampling.points);
        assert_eq!(
            ViewParams::key(Some(sampling), true),
            "players:16000:0:exact=100:points+lines"
        );
        let ledger: LedgerQuery = read_query("seed=3").unwrap();
        let e = ledger
            .single_dummy(AuctionModel::shipped())
            .expect_err("no single dummy, no seed");
        assert_eq!(e.detail, "samples and seed belong to single_dummy=true");
    }

    #[test]
    fn a_date_or_time_is_read_as_the_stored_timestamps_are_written() {
        let read = |t: &str| timestamp(t, "since").map_err(|e| e.detail);
        assert_eq!(read("2026-11-29").unwrap(), "2026-11-29T00:00:00.000Z");
        assert_eq!(read("2024-02-29").unwrap(), "2024-02-29T00:00:00.000Z");
        assert_eq!(
            read("2026-11-29T10:00:00Z").unwrap(),
            "2026-11-29T10:00:00.000Z"
        );
        // A fraction compares to the millisecond, as the stored ones are written.
        assert_eq!(
            read("2026-11-29T10:00:00.5Z").unwrap(),
            "2026-11-29T10:00:00.500Z"
        );
        assert_eq!(
            read("2025-02-29").unwrap_err(),
            "since: there is no day 2025-02-29"
        );
        assert_eq!(
            read("2026-11-29T10:00:60Z").unwrap_err(),
            "since: there is no time 10:00:60"
        );
        for bad in [
            "2026-1-01",
            "29.11.2026",
            "2026-11-29T10:00Z",
            "2026-11-29T10:00:00+01:00",
            "2026-11-29T10:00:0é",
            "é",
        ] {
            let e = read(bad).unwrap_err();
            assert!(e.starts_with("since must be a date like"), "{bad}: {e}");
        }
    }
}
