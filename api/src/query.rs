//! Query parameters shared by several endpoints, read by name with their bounds.

use crate::problem::ApiError;
use crate::store::{Filter, Page};
use actix_web::http::StatusCode;
use serde::Deserialize;
use solver::{single_dummy::Sampling, Pack};
use utoipa::IntoParams;

/// A whole number of a query, by name: `limit must be a whole number from 1 to 500, not
/// 'abc'`.
pub fn bounded(
    name: &str,
    text: Option<&str>,
    default: u64,
    min: u64,
    max: u64,
) -> Result<u64, String> {
    let Some(text) = text else {
        return Ok(default);
    };
    match text.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "{name} must be a whole number from {min} to {max}, not '{text}'"
        )),
    }
}

fn bad_query(message: String) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, "bad_query", message)
}

/// Worlds per decision at most (a whole Sauspiel at 100 takes seconds; the node budget
/// bounds the rest).
const MAX_WORLDS: u64 = 1000;
/// Deals of hand odds at most.
const MAX_DEALS: u64 = 100_000;

/// Whose knowledge an analysis judges the cards by (`analyze`, a stored game's analysis).
#[derive(Clone, Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ViewParams {
    /// `double_dummy` (the default: every player sees all four hands; also spelt
    /// `double-dummy`, as on the command line) or `players` (each card also by what its
    /// player could know, over sampled worlds).
    #[param(pattern = "^(double_dummy|double-dummy|players)$")]
    pub view: Option<String>,
    /// The players' view: worlds per decision (default 100).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 1000)]
    pub samples: Option<String>,
    /// The players' view: the seed of the worlds drawn (0 to 2^63 - 1; default 0).
    #[param(value_type = Option<i64>, minimum = 0)]
    pub seed: Option<String>,
    /// `true`: each costly card also gets its best line and its own, and the trick where
    /// they part (`lines`); default `false`.
    #[param(value_type = Option<bool>)]
    pub lines: Option<String>,
}

impl ViewParams {
    /// Whether each costly card gets its lines.
    pub fn lines(&self) -> Result<bool, ApiError> {
        flag("lines", self.lines.as_deref())
    }

    /// The sampling of the players' view, or none for double dummy.
    pub fn sampling(&self) -> Result<Option<Sampling>, ApiError> {
        match self.view.as_deref() {
            None | Some("double_dummy" | "double-dummy") => {
                if self.samples.is_some() || self.seed.is_some() {
                    return Err(bad_query(
                        "samples and seed belong to view=players".to_string(),
                    ));
                }
                Ok(None)
            }
            Some("players") => Ok(Some(Sampling {
                samples: bounded(
                    "samples",
                    self.samples.as_deref(),
                    solver::defaults::ANALYSIS_WORLDS as u64,
                    1,
                    MAX_WORLDS,
                )
                .map_err(bad_query)? as usize,
                seed: seed(self.seed.as_deref())?,
            })),
            Some(other) => Err(bad_query(format!(
                "view must be double_dummy or players, not '{other}'"
            ))),
        }
    }

    /// The name a stored analysis is kept under: `double_dummy`, or
    /// `players:<samples>:<seed>`, with `+lines` where the lines were asked for.
    pub fn key(sampling: Option<Sampling>, lines: bool) -> String {
        let view = match sampling {
            None => "double_dummy".to_string(),
            Some(s) => format!("players:{}:{}", s.samples, s.seed),
        };
        if lines {
            view + "+lines"
        } else {
            view
        }
    }
}

/// A seed of the worlds or deals drawn: 0 to 2^63 - 1, the integers the document's
/// `int64` holds (default 0).
pub fn seed(text: Option<&str>) -> Result<u64, ApiError> {
    bounded("seed", text, 0, 0, i64::MAX as u64).map_err(bad_query)
}

/// The question of `POST /api/v1/odds`.
#[derive(Clone, Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OddsParams {
    /// Whose hand: needed where the record shows more than one hand (the others are
    /// hidden).
    #[param(value_type = Option<u8>, minimum = 0, maximum = 3)]
    pub seat: Option<String>,
    /// Deals of the unseen cards (default 1000).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100000)]
    pub samples: Option<String>,
    /// The seed of the deals drawn (0 to 2^63 - 1; default 0).
    #[param(value_type = Option<i64>, minimum = 0)]
    pub seed: Option<String>,
}

impl OddsParams {
    pub fn seat(&self) -> Result<Option<solver::Seat>, ApiError> {
        match self.seat.as_deref() {
            None => Ok(None),
            Some(text) => {
                let n = bounded("seat", Some(text), 0, 0, 3).map_err(bad_query)?;
                Ok(solver::Seat::new(n as u8))
            }
        }
    }

    pub fn sampling(&self) -> Result<Sampling, ApiError> {
        Ok(Sampling {
            samples: bounded(
                "samples",
                self.samples.as_deref(),
                solver::defaults::ODDS_DEALS as u64,
                1,
                MAX_DEALS,
            )
            .map_err(bad_query)? as usize,
            seed: seed(self.seed.as_deref())?,
        })
    }
}

/// Whether `solve` adds the best line.
#[derive(Clone, Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LineParams {
    /// `true`: also the best line from the position, the rest of the hand under perfect
    /// play (`line`); default `false`.
    #[param(value_type = Option<bool>)]
    pub line: Option<String>,
}

impl LineParams {
    pub fn wanted(&self) -> Result<bool, ApiError> {
        flag("line", self.line.as_deref())
    }
}

/// A yes-or-no query parameter, by name (absent: no).
pub(crate) fn flag(name: &str, text: Option<&str>) -> Result<bool, ApiError> {
    match text {
        None | Some("false") => Ok(false),
        Some("true") => Ok(true),
        Some(other) => Err(bad_query(format!(
            "{name} must be true or false, not '{other}'"
        ))),
    }
}

/// How the answer writes cards (every endpoint that answers with cards).
#[derive(Clone, Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PackParams {
    /// `german` (`EO SZ`), `french` (`CQ D10`) or `symbols` (`♣Q ♦10`); by default the
    /// pack the service was started with (`serve --pack`, German unless told). A record
    /// posted says its own pack in its `pack` field.
    #[param(pattern = "^(german|french|symbols)$")]
    pub pack: Option<String>,
}

impl PackParams {
    /// The pack asked for, else the service's (`default`: `serve --pack`).
    pub fn pack(&self, default: Pack) -> Result<Pack, ApiError> {
        match self.pack.as_deref() {
            None => Ok(default),
            Some(text) => Pack::from_name(text).ok_or_else(|| {
                bad_query(format!(
                    "pack must be german, french or symbols, not '{text}'"
                ))
            }),
        }
    }
}

/// The filters of `GET /api/v1/games` and `GET /api/v1/ledger`.
#[derive(Clone, Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GameFilters {
    /// Only games with a player of this name.
    pub player: Option<String>,
    /// Only games of this contract (`sauspiel`, `solo`, `wenz`, ..., `ramsch`).
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
    #[param(value_type = Option<u32>, minimum = 1, maximum = 500)]
    pub limit: Option<String>,
    /// Games to skip (default 0).
    #[param(value_type = Option<u64>, maximum = 1_000_000_000)]
    pub offset: Option<String>,
}

impl Paging {
    /// The page asked for: `limit` 1 to 500 (50 by default), `offset` from 0.
    pub fn page(&self) -> Result<Page, ApiError> {
        let limit = bounded("limit", self.limit.as_deref(), 50, 1, 500).map_err(bad_query)?;
        let offset =
            bounded("offset", self.offset.as_deref(), 0, 0, 1_000_000_000).map_err(bad_query)?;
        Ok(Page {
            limit: limit as u32,
            offset: offset as i64,
        })
    }
}

impl GameFilters {
    /// The filters read and checked, for the store: each fault named.
    pub fn filter(&self) -> Result<Filter, ApiError> {
        let GameFilters {
            player,
            game,
            since,
            until,
        } = self;
        let game = game
            .as_deref()
            .map(|g| {
                g.parse::<solver::GameName>()
                    .map(solver::GameName::name)
                    .map_err(|e| bad_query(format!("game: {e}")))
            })
            .transpose()?;
        if let Some(c) = player
            .iter()
            .flat_map(|p| p.chars())
            .find(|c| c.is_control())
        {
            return Err(bad_query(format!(
                "player holds a control character (U+{:04X}); no stored name does",
                c as u32
            )));
        }
        Ok(Filter {
            player: player.clone(),
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

/// A date (`2026-11-29`) or RFC 3339 UTC time, as stored timestamps compare: text in the
/// same format (`2026-11-29T10:00:00.000Z`).
fn timestamp(text: &str, name: &str) -> Result<String, ApiError> {
    let bad = || {
        bad_query(format!("{name} must be a date like 2026-11-29 or a UTC time like 2026-11-29T10:00:00Z, not '{text}'"),
        )
    };
    let b = text.as_bytes();
    let digits = |r: std::ops::Range<usize>| {
        b.get(r.clone())
            .is_some_and(|s| s.iter().all(u8::is_ascii_digit))
    };
    let number = |r: std::ops::Range<usize>| -> u32 {
        text.get(r).and_then(|s| s.parse().ok()).unwrap_or(0)
    };
    let date_ok = b.len() >= 10
        && digits(0..4)
        && b[4] == b'-'
        && digits(5..7)
        && b[7] == b'-'
        && digits(8..10);
    if !date_ok {
        return Err(bad());
    }
    // A date that exists: month 1 to 12, the day within the month.
    let (year, month, day) = (number(0..4), number(5..7), number(8..10));
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => 0,
    };
    if day == 0 || day > days {
        return Err(bad_query(format!("{name}: there is no day {text:.10}")));
    }
    if b.len() == 10 {
        return Ok(format!("{text}T00:00:00.000Z"));
    }
    let time_ok = b.len() >= 20
        && b[10] == b'T'
        && digits(11..13)
        && b[13] == b':'
        && digits(14..16)
        && b[16] == b':'
        && digits(17..19)
        && text.ends_with('Z')
        && (b.len() == 20 || (b[19] == b'.' && b.len() > 21 && digits(20..b.len() - 1)));
    if !time_ok {
        return Err(bad());
    }
    if number(11..13) > 23 || number(14..16) > 59 || number(17..19) > 59 {
        return Err(bad_query(format!(
            "{name}: there is no time {}",
            &text[11..19]
        )));
    }
    // Stored times have milliseconds: `...:00Z` becomes `...:00.000Z` to compare right.
    if b[19] == b'Z' {
        return Ok(format!("{}.000Z", &text[..19]));
    }
    Ok(text.to_string())
}

/// What `GET /api/v1/ledger` takes beside the game list's filters.
#[derive(Clone, Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LedgerQuery {
    /// The stock before the first game (0 to 1,000,000; default 0).
    #[param(value_type = Option<i64>, minimum = 0, maximum = 1_000_000)]
    pub stock: Option<String>,
    /// `true`: also judge each declared game double dummy (on one solver worker, within
    /// the request's node budget).
    #[param(value_type = Option<bool>)]
    pub double_dummy: Option<String>,
    /// `true`: also play each game out single dummy (every card the best by what its
    /// player could know; on one solver worker, within the request's node budget).
    #[param(value_type = Option<bool>)]
    pub single_dummy: Option<String>,
    /// Single dummy: worlds per decision (1 to 1,000; default 20).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 1000)]
    pub samples: Option<String>,
    /// Single dummy: the seed of the worlds drawn (0 to 2^63 - 1; default 0).
    #[param(value_type = Option<i64>, minimum = 0)]
    pub seed: Option<String>,
}

impl LedgerQuery {
    /// The stock before the first game: 0 to the largest amount a record holds.
    pub fn stock(&self) -> Result<i64, ApiError> {
        let most = solver::options::MAX_AMOUNT as u64;
        Ok(bounded("stock", self.stock.as_deref(), 0, 0, most).map_err(bad_query)? as i64)
    }

    /// Whether each declared game is also judged double dummy.
    pub fn double_dummy(&self) -> Result<bool, ApiError> {
        flag("double_dummy", self.double_dummy.as_deref())
    }

    /// The sampling of the games played out single dummy, or none where they are not.
    pub fn single_dummy(&self) -> Result<Option<Sampling>, ApiError> {
        if !flag("single_dummy", self.single_dummy.as_deref())? {
            if self.samples.is_some() || self.seed.is_some() {
                return Err(bad_query(
                    "samples and seed belong to single_dummy=true".to_string(),
                ));
            }
            return Ok(None);
        }
        Ok(Some(Sampling {
            samples: bounded(
                "samples",
                self.samples.as_deref(),
                solver::defaults::LEDGER_WORLDS as u64,
                1,
                MAX_WORLDS,
            )
            .map_err(bad_query)? as usize,
            seed: seed(self.seed.as_deref())?,
        }))
    }
}
