//! Query parameters shared by several endpoints, read by name with their bounds.

use crate::problem::ApiError;
use actix_web::http::StatusCode;
use serde::Deserialize;
use solver::{Pack, Sampling};
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
                samples: bounded("samples", self.samples.as_deref(), 100, 1, MAX_WORLDS)
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
            samples: bounded("samples", self.samples.as_deref(), 1000, 1, MAX_DEALS)
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
    pub fn pack(&self) -> Result<Pack, ApiError> {
        match self.pack.as_deref() {
            // Outside any scope: the process's pack, `serve --pack`.
            None => Ok(Pack::current()),
            Some(text) => Pack::from_name(text).ok_or_else(|| {
                bad_query(format!(
                    "pack must be german, french or symbols, not '{text}'"
                ))
            }),
        }
    }
}
