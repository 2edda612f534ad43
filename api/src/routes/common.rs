//! What the handlers share: the state, reading a body into a record, running a search on
//! the pool, answering JSON, and the examples and errors the document shows.

use crate::client::Client;
use crate::pool::{Lane, Pool};
use crate::problem::{ApiError, Problem};
use crate::query::{read_query, FormatName, PackParams};
use crate::store::Store;
use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::http::StatusCode;
use actix_web::{web, FromRequest, HttpRequest, HttpResponse};
use futures_core::future::LocalBoxFuture;
use serde::Deserialize;
use solver::formats::{self, LogFormat};
use solver::wide::TableRecord;
use solver::Pack;
use utoipa::IntoParams;
use utoipa::IntoResponses;

/// What the handlers share.
pub struct State {
    pub store: Store,
    pub pool: Pool,
    /// The pack of answers that do not ask for one (`serve --pack`).
    pub pack: Pack,
    /// The model of declaring the players' view reads the auction by (`serve
    /// --auction-model`; the shipped one by default).
    pub auction_model: &'static solver::auction::AuctionModel,
}

/// A game in openschafkopf's plain format, the example of every `text/plain` body.
pub(crate) fn plain_example() -> serde_json::Value {
    "Rufspiel Gras von 0: h8 h7 hk hz g7 g8 hu so sa s8 ha s7 su go eo g9 e7 ek h9 e9 ho eu s9 \
     sz gk sk e8 ga gz gu ea ez"
        .into()
}

/// A hand of its own, the others hidden: the example of `odds` (with four hands shown it
/// needs `seat`).
pub(crate) fn odds_example() -> serde_json::Value {
    serde_json::json!({
        "id": "wenz-hand",
        "hands": [null, "EU GU SU EA EZ GA GZ S7", null, null],
        "contract": {"game": "wenz", "declarer": 1}
    })
}

/// The errors a request with a record can meet.
#[derive(IntoResponses)]
#[allow(dead_code)] // Described, never built: the answers are `ApiError`s.
pub(crate) enum RecordErrors {
    /// The body is not JSON.
    #[response(status = 400, content_type = "application/problem+json")]
    Malformed(Problem),
    /// The body is larger than the service accepts.
    #[response(status = 413, content_type = "application/problem+json")]
    TooLarge(Problem),
    /// The record breaks the rules or the record format (a card twice, an illegal play, a
    /// missing field), or its search exceeds the request's budget.
    #[response(status = 422, content_type = "application/problem+json")]
    Unprocessable(Problem),
    /// Every solver worker is busy and the queue is full; retry after `Retry-After` seconds.
    #[response(status = 503, content_type = "application/problem+json")]
    Busy(Problem),
}

/// The errors of a request naming a stored game.
#[derive(IntoResponses)]
#[allow(dead_code)]
pub(crate) enum GameErrors {
    /// A query parameter out of its form or range (`pack`, `view`, `samples`, ...).
    #[response(status = 400, content_type = "application/problem+json")]
    BadQuery(Problem),
    /// No stored game has this id.
    #[response(status = 404, content_type = "application/problem+json")]
    NotFound(Problem),
}

/// The body's format, for every endpoint that takes records (`--from` on the command line).
#[derive(Clone, Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BodyParams {
    /// `records` (a hand record as JSON; the default), `netschafkopf` (a NetSchafkopf game
    /// protocol, Latin-1 or UTF-8 text) or `openschafkopf` (plain lines). The analysis
    /// endpoints take exactly one game; `POST /api/v1/games` stores every game of a log.
    #[param(inline)]
    pub from: Option<FormatName>,
    /// The name imported games' ids start with (`<name>#<game number>` for protocols,
    /// `<name>:<line>` for plain lines, e.g. `club-night-2026-11-29`); default `upload-`
    /// and the first 8 hex digits of the body's SHA-256, so that two different logs never
    /// share ids and the same log posted again is refused as stored. At most 184
    /// characters and no control character (`400 bad_query` before the body is read).
    pub name: Option<String>,
}

impl BodyParams {
    /// The parameters as the request gives them: a `text/plain` body without `from` is
    /// openschafkopf's plain lines (the format the document shows for `text/plain`).
    fn for_request(mut self, req: &HttpRequest) -> BodyParams {
        let plain = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| {
                v.trim_start()
                    .to_ascii_lowercase()
                    .starts_with("text/plain")
            });
        if plain && self.from.is_none() {
            self.from = Some(FormatName(LogFormat::Openschafkopf));
        }
        self
    }

    /// The parameters, once the name is one every game's id may start with
    /// ([`solver::record::check_log_name`]): a fault is answered before the body is read.
    fn checked(self) -> Result<BodyParams, ApiError> {
        if let Some(name) = self.name.as_deref().filter(|n| !n.trim().is_empty()) {
            solver::record::check_log_name(name)
                .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, "bad_query", e.to_string()))?;
        }
        Ok(self)
    }

    /// The foreign format asked for, if any (`records` is the service's own).
    pub(crate) fn format(&self) -> Option<LogFormat> {
        self.from.map(|f| f.0).filter(|&f| f != LogFormat::Records)
    }

    /// The games of a foreign body, each with its line, as records or faults.
    pub(crate) fn read(&self, format: LogFormat, body: &[u8]) -> Vec<formats::Read> {
        let name = match self.name.as_deref().filter(|n| !n.trim().is_empty()) {
            Some(name) => name.to_string(),
            None => upload_name(body),
        };
        formats::read(&formats::decode(body), format, &name)
    }
}

/// The name of an upload that brings none: `upload-` and the first 8 hex digits of the
/// body's SHA-256.
fn upload_name(body: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(body);
    let hex: String = digest[..4].iter().map(|b| format!("{b:02x}")).collect();
    format!("upload-{hex}")
}

/// What every endpoint taking a record reads from its request: the body, its format
/// (`from`; a `text/plain` body without one is plain lines), the pack of the answer (`pack`,
/// else `serve --pack`) and the client, whose leaving cancels the search.
pub(crate) struct RecordRequest {
    pub body: web::Bytes,
    pub from: BodyParams,
    pub pack: Pack,
    pub client: Option<Client>,
}

impl FromRequest for RecordRequest {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<RecordRequest, actix_web::Error>>;

    /// The query is read first: a bad parameter is answered without reading the body.
    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let query = read_query::<BodyParams>(req.query_string())
            .and_then(|from| from.checked())
            .and_then(|from| Ok((from, read_query::<PackParams>(req.query_string())?)));
        let (from, pack) = match query {
            Ok(query) => query,
            Err(e) => return Box::pin(std::future::ready(Err(e.into()))),
        };
        let default = req
            .app_data::<web::Data<State>>()
            .map_or(Pack::German, |s| s.pack);
        let (from, pack) = (from.for_request(req), pack.pack(default));
        let client = client_of(req);
        let body = web::Bytes::from_request(req, payload);
        Box::pin(async move {
            Ok(RecordRequest {
                body: body.await?,
                from,
                pack,
                client,
            })
        })
    }
}

/// A foreign format's fault as an answer (422, the format error's code), naming cards in
/// `pack`.
pub(crate) fn format_error(e: &formats::FormatError, pack: Pack) -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e.code(), pack.text(e))
}

/// The one record of a body, in the format asked for; faults name cards in `pack`.
pub(crate) fn one_record(
    body: &[u8],
    from: &BodyParams,
    pack: Pack,
) -> Result<solver::Record, ApiError> {
    let Some(format) = from.format() else {
        return Ok(record_of(body, pack)?.1);
    };
    let mut games = from.read(format, body);
    if games.len() != 1 {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "game_count",
            format!(
                "the body holds {} games; this endpoint takes one (POST /api/v1/games?from=... stores a whole log)",
                games.len()
            ),
        ));
    }
    let (_, game) = games.remove(0);
    game.map_err(|e| format_error(&e, pack))
}

/// A body's one record: the four-seat game's, or a game at another table (a JSON record
/// with `table`: von Alvensleben's F to I, or three players).
#[allow(clippy::large_enum_variant)] // One a request, moved once: no box is worth its read.
pub(crate) enum Body {
    Four(solver::Record),
    Table(TableRecord),
}

impl RecordRequest {
    /// The body's one record, of whichever table (read once where it is a four-seat
    /// record: the four-seat reader names another table's, which is then read as one).
    pub(crate) fn read(&self) -> Result<Body, ApiError> {
        match one_record(&self.body, &self.from, self.pack) {
            Err(e) if e.code == solver::Error::FourSeatsOnly.code() => {
                let text = utf8(&self.body)?;
                TableRecord::from_json(text)
                    .map(Body::Table)
                    .map_err(|e| ApiError::solver(&e, self.pack))
            }
            read => read.map(Body::Four),
        }
    }
}

/// The body as text, or a fault naming why it is not.
pub(crate) fn utf8(body: &[u8]) -> Result<&str, ApiError> {
    std::str::from_utf8(body).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "malformed_json",
            format!("malformed JSON: the body is not UTF-8 ({e})"),
        )
    })
}

/// A question asked at four seats only, of another table's record (422, `conflict`).
pub(crate) fn four_seats_question(detail: &str) -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "conflict", detail)
}

/// A game at another table checked here (`check`: a fault of the record is answered at
/// once, even when every solver is busy), then searched on a solver worker (`search`,
/// which takes its limits from the worker's solver: `Limits::of_solver`).
pub(crate) async fn table_search<T, C>(
    state: &State,
    client: Option<Client>,
    pack: Pack,
    (record, check): (TableRecord, C),
    search: impl FnOnce(TableRecord, &mut solver::Solver) -> Result<T, solver::Error> + Send + 'static,
) -> Result<T, ApiError>
where
    T: Send + 'static,
    C: FnOnce(&TableRecord) -> Result<(), solver::Error>,
{
    check(&record).map_err(|e| ApiError::solver(&e, pack))?;
    state
        .pool
        .run(Lane::Main, client, move |s| {
            search(record, s).map_err(|e| ApiError::solver(&e, pack))
        })
        .await?
}

/// The check of a search of a game at another table that plays its cards: the deal and
/// every card of `play`.
pub(crate) fn played(record: &TableRecord) -> Result<(), solver::Error> {
    record.game().map(drop)
}

/// Reads a record from the body, as the command line reads a line; a fault names cards in
/// `pack`.
pub(crate) fn record_of(body: &[u8], pack: Pack) -> Result<(String, solver::Record), ApiError> {
    let text = utf8(body)?;
    let record = solver::Record::from_json(text).map_err(|e| ApiError::solver(&e, pack))?;
    Ok((text.to_string(), record))
}

/// Runs store work on actix's blocking threads, off the HTTP workers.
pub(crate) async fn blocking<T, E, F>(f: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    E: Into<ApiError> + Send + 'static,
    F: FnOnce() -> Result<T, E> + Send + 'static,
{
    web::block(f)
        .await
        .map_err(|e| ApiError::internal(e.to_string()))?
        .map_err(Into::into)
}

/// The answer as JSON, its cards written in `pack`.
pub(crate) fn json<T: serde::Serialize>(value: &T, pack: Pack) -> Result<HttpResponse, ApiError> {
    Ok(raw_json(to_json(value, pack)?))
}

pub(crate) fn to_json<T: serde::Serialize>(value: &T, pack: Pack) -> Result<String, ApiError> {
    pack.json(value)
        .map_err(|e| ApiError::internal(format!("could not serialize the answer: {e}")))
}

pub(crate) fn raw_json(text: String) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(text)
}

/// What the analysis endpoints share: the body's record (read by [`RecordRequest::read`]),
/// checked on the HTTP worker (`check`: a bad record is answered at once, even when
/// every solver is busy), then searched on a solver worker (`search`) within the budget.
pub(crate) async fn analysis_endpoint<P, T>(
    state: &State,
    (request, record): (RecordRequest, solver::Record),
    lane: fn(&P) -> Lane,
    check: impl FnOnce(solver::Record) -> Result<P, solver::Error>,
    search: impl FnOnce(P, &mut solver::Solver) -> Result<T, solver::Error> + Send + 'static,
) -> Result<HttpResponse, ApiError>
where
    P: Send + 'static,
    T: serde::Serialize + Send + 'static,
{
    let RecordRequest { pack, client, .. } = request;
    let check = |r| check(r).map(|p| (lane(&p), p));
    let answer = checked_search(state, client, pack, || Ok(record), check, search).await?;
    json(&answer, pack)
}

/// The lane of the searches that may be dear whatever the position: the pool's workers.
pub(crate) fn main_lane<P>(_: &P) -> Lane {
    Lane::Main
}

/// The request's [`Client`], where its connection has one.
pub(crate) fn client_of(req: &HttpRequest) -> Option<Client> {
    req.conn_data::<Client>().cloned()
}

/// A record read (`record`) and checked (`check`) here, then searched on a solver worker
/// (`search`); the messages of each part name cards in `pack`.
pub(crate) async fn checked_search<P, T>(
    state: &State,
    client: Option<Client>,
    pack: Pack,
    record: impl FnOnce() -> Result<solver::Record, ApiError>,
    check: impl FnOnce(solver::Record) -> Result<(Lane, P), solver::Error>,
    search: impl FnOnce(P, &mut solver::Solver) -> Result<T, solver::Error> + Send + 'static,
) -> Result<T, ApiError>
where
    P: Send + 'static,
    T: Send + 'static,
{
    let (lane, checked) = check(record()?).map_err(|e| ApiError::solver(&e, pack))?;
    state
        .pool
        .run(lane, client, move |s| {
            search(checked, s).map_err(|e| ApiError::solver(&e, pack))
        })
        .await?
}
