//! The endpoints (INTERFACE.md section 4). Each takes the body as bytes and reads the record
//! with the library's own parser, so a fault is named exactly as on the command line.

use crate::client::Client;
use crate::pool::{Lane, Pool};
use crate::problem::{ApiError, Problem};
use crate::query::{GameFilters, Paging};
use crate::query::{LineParams, OddsParams, PackParams, ViewParams};
use crate::schema::{Created, Failed, Health, Imported, LedgerFault, LedgerReport, Stored};
use crate::store::{GameList, Store, StoreError};
use actix_web::http::header;
use actix_web::http::StatusCode;
use actix_web::{delete, get, post, web, HttpRequest, HttpResponse};
use serde::Deserialize;
use solver::formats::{self, LogFormat};
use solver::{odds::HandOdds, Analysis, ContractsReport, Pack, Record, Solution};
use utoipa::IntoParams;
use utoipa::IntoResponses;
use utoipa_actix_web::service_config::ServiceConfig;

/// What the handlers share.
pub struct State {
    pub store: Store,
    pub pool: Pool,
}

/// A game in openschafkopf's plain format, the example of every `text/plain` body.
fn plain_example() -> serde_json::Value {
    "Rufspiel Gras von 0: h8 h7 hk hz g7 g8 hu so sa s8 ha s7 su go eo g9 e7 ek h9 e9 ho eu s9 \
     sz gk sk e8 ga gz gu ea ez"
        .into()
}

/// A hand of its own, the others hidden: the example of `odds` (with four hands shown it
/// needs `seat`).
fn odds_example() -> serde_json::Value {
    serde_json::json!({
        "id": "wenz-hand",
        "hands": [null, "EU GU SU EA EZ GA GZ S7", null, null],
        "contract": {"game": "wenz", "declarer": 1}
    })
}

/// The errors a request with a record can meet.
#[derive(IntoResponses)]
#[allow(dead_code)] // Described, never built: the answers are `ApiError`s.
enum RecordErrors {
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
enum GameErrors {
    /// A query parameter out of its form or range (`pack`, `view`, `samples`, ...).
    #[response(status = 400, content_type = "application/problem+json")]
    BadQuery(Problem),
    /// No stored game has this id.
    #[response(status = 404, content_type = "application/problem+json")]
    NotFound(Problem),
}

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(health).service(
        utoipa_actix_web::scope("/api/v1")
            .service(solve)
            .service(analyze)
            .service(contracts)
            .service(odds)
            .service(create_game)
            .service(list_games)
            .service(get_game)
            .service(delete_game)
            .service(game_analysis)
            .service(game_contracts)
            .service(ledger),
    );
}

/// The endpoints' paths and their methods (`GET, POST`), for answering a wrong method with
/// 405 and `Allow`: read off the OpenAPI document, the one list of routes.
pub struct Routes(Vec<(String, String)>);

impl Routes {
    pub fn of(doc: &utoipa::openapi::OpenApi) -> Routes {
        let routes = doc
            .paths
            .paths
            .iter()
            .map(|(path, item)| {
                let methods: Vec<&str> = [
                    ("GET", item.get.is_some()),
                    ("POST", item.post.is_some()),
                    ("PUT", item.put.is_some()),
                    ("PATCH", item.patch.is_some()),
                    ("DELETE", item.delete.is_some()),
                ]
                .into_iter()
                .filter(|(_, present)| *present)
                .map(|(m, _)| m)
                .collect();
                (path.clone(), methods.join(", "))
            })
            .collect();
        Routes(routes)
    }

    /// The methods of the endpoint whose path pattern `path` matches, if any.
    pub fn allowed(&self, path: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(p, _)| matches(p, path))
            .map(|(_, allow)| allow.as_str())
    }
}

/// Whether a request path matches an endpoint pattern (`{id}` is one segment).
fn matches(pattern: &str, path: &str) -> bool {
    let (mut p, mut q) = (pattern.split('/'), path.split('/'));
    loop {
        match (p.next(), q.next()) {
            (None, None) => return true,
            (Some(a), Some(b)) if a == b || (a.starts_with('{') && !b.is_empty()) => {}
            _ => return false,
        }
    }
}

/// Requests no endpoint takes: 405 with `Allow` on a known path, else 404.
pub async fn fallback(
    req: actix_web::HttpRequest,
    routes: web::Data<Routes>,
) -> Result<HttpResponse, ApiError> {
    let path = req.path();
    Err(match routes.allowed(path) {
        Some(allow) => ApiError::method_not_allowed(req.method(), path, Some(allow)),
        None => ApiError::no_endpoint(req.method(), path),
    })
}

/// The body's format, for every endpoint that takes records (`--from` on the command line).
#[derive(Clone, Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BodyParams {
    /// `records` (a hand record as JSON; the default), `netschafkopf` (a NetSchafkopf game
    /// protocol, Latin-1 or UTF-8 text) or `openschafkopf` (plain lines). The analysis
    /// endpoints take exactly one game; `POST /api/v1/games` stores every game of a log.
    #[param(pattern = "^(records|netschafkopf|openschafkopf)$")]
    pub from: Option<String>,
    /// The name imported games' ids start with (`<name>#<game number>` for protocols,
    /// `<name>:<line>` for plain lines, e.g. `club-night-2026-11-29`); default `upload`.
    pub name: Option<String>,
}

impl BodyParams {
    /// The parameters as the request gives them: a `text/plain` body without `from` is
    /// openschafkopf's plain lines (the format the document shows for `text/plain`).
    fn for_request(&self, req: &HttpRequest) -> BodyParams {
        let plain = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| {
                v.trim_start()
                    .to_ascii_lowercase()
                    .starts_with("text/plain")
            });
        let mut params = self.clone();
        if plain && params.from.is_none() {
            params.from = Some(LogFormat::Openschafkopf.name().to_string());
        }
        params
    }

    /// The foreign format asked for, if any (`records` is the service's own).
    fn format(&self) -> Result<Option<LogFormat>, ApiError> {
        let Some(text) = self.from.as_deref() else {
            return Ok(None);
        };
        match text.parse::<LogFormat>() {
            Ok(LogFormat::Records) => Ok(None),
            Ok(format) => Ok(Some(format)),
            Err(_) => Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "bad_query",
                format!("from must be records, netschafkopf or openschafkopf, not '{text}'"),
            )),
        }
    }

    /// The games of a foreign body, each with its line, as records or faults.
    fn read(&self, format: LogFormat, body: &[u8]) -> Vec<formats::Read> {
        let name = self.name.as_deref().unwrap_or("upload");
        formats::read(&formats::decode(body), format, name)
    }
}

/// A foreign format's fault as an answer (422, the format error's code).
fn format_error(e: &formats::FormatError) -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e.code(), e.to_string())
}

/// The one record of a body, in the format asked for.
fn one_record(body: &[u8], from: &BodyParams) -> Result<solver::Record, ApiError> {
    let Some(format) = from.format()? else {
        return Ok(record_of(body)?.1);
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
    game.map_err(|e| format_error(&e))
}

/// Reads a record from the body, as the command line reads a line.
fn record_of(body: &[u8]) -> Result<(String, solver::Record), ApiError> {
    let text = std::str::from_utf8(body).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "malformed_json",
            format!("malformed JSON: the body is not UTF-8 ({e})"),
        )
    })?;
    let record = solver::Record::from_json(text)?;
    Ok((text.to_string(), record))
}

/// Runs store work on actix's blocking threads, off the HTTP workers.
async fn blocking<T, E, F>(f: F) -> Result<T, ApiError>
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
fn json<T: serde::Serialize>(value: &T, pack: Pack) -> Result<HttpResponse, ApiError> {
    Ok(raw_json(to_json(value, pack)?))
}

fn to_json<T: serde::Serialize>(value: &T, pack: Pack) -> Result<String, ApiError> {
    pack.scope(|| serde_json::to_string(value))
        .map_err(|e| ApiError::internal(format!("could not serialize the answer: {e}")))
}

fn raw_json(text: String) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(text)
}

/// How long `/health` waits for the database's answer.
const HEALTH_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// Whether the service can serve, with the database's state and the solver queue's. Never
/// waits for a search, nor more than two seconds for the database: while the database
/// cannot be reached (or was found so in the last 30 seconds by a request) the answer is
/// 503 with `"status": "degraded"`, so a load balancer can route around the instance.
#[utoipa::path(tag = "service", responses((status = 200, body = Health),
    (status = 503, description = "The database cannot be reached", body = Health)))]
#[get("/health")]
async fn health(state: web::Data<State>) -> HttpResponse {
    let store = state.clone();
    let ping = web::block(move || store.store.health());
    let store = match tokio::time::timeout(HEALTH_WAIT, ping).await {
        Ok(Ok(Ok(()))) => None,
        Ok(Ok(Err(fault))) => Some(fault),
        Ok(Err(e)) => Some(e.to_string()),
        Err(_) => Some(format!(
            "the database did not answer within {} s",
            HEALTH_WAIT.as_secs()
        )),
    };
    let (mut answer, status) = match store {
        None => (HttpResponse::Ok(), "ok"),
        Some(_) => {
            let mut degraded = HttpResponse::ServiceUnavailable();
            degraded.insert_header((
                header::RETRY_AFTER,
                crate::problem::STORE_RETRY_SECONDS.to_string(),
            ));
            (degraded, "degraded")
        }
    };
    answer.json(Health {
        status: status.to_string(),
        store: store.unwrap_or_else(|| "ok".to_string()),
        workers: state.pool.workers(),
        pending: state.pool.pending(),
    })
}

/// The value of the position after `play`, and of every legal card of the player to move
/// (the same object as `schafkopf solve`); with `line=true` also the best line.
#[utoipa::path(tag = "analysis", params(BodyParams, LineParams, PackParams), request_body(content(
        (Record = "application/json"),
        (String = "text/plain", example = plain_example))),
    responses((status = 200, body = Solution), RecordErrors))]
#[post("/solve")]
async fn solve(
    state: web::Data<State>,
    req: HttpRequest,
    from: web::Query<BodyParams>,
    line: web::Query<LineParams>,
    pack: web::Query<PackParams>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let with_line = line.wanted()?;
    let search = move |g: solver::Game, s: &mut solver::Solver| match with_line {
        true => s.solve_with_line(&g),
        false => s.solve(&g),
    };
    let endpoint = (&*from, &*pack, Lane::of as fn(&solver::Game) -> Lane);
    analysis_endpoint(&state, &req, endpoint, &body, |r| r.game(), search).await
}

/// What the three analysis endpoints share: one record of the body, in the format asked
/// for, checked on the HTTP worker (`check`: a bad record is answered at once, even when
/// every solver is busy), then searched on a solver worker (`search`) within the budget.
async fn analysis_endpoint<P, T>(
    state: &State,
    req: &HttpRequest,
    (from, pack, lane): (&BodyParams, &PackParams, fn(&P) -> Lane),
    body: &[u8],
    check: impl FnOnce(solver::Record) -> Result<P, solver::Error>,
    search: impl FnOnce(P, &mut solver::Solver) -> Result<T, solver::Error> + Send + 'static,
) -> Result<HttpResponse, ApiError>
where
    P: Send + 'static,
    T: serde::Serialize + Send + 'static,
{
    let pack = pack.pack()?;
    let from = from.for_request(req);
    let record = || one_record(body, &from);
    let check = |r| check(r).map(|p| (lane(&p), p));
    let answer = checked_search(state, client_of(req), pack, record, check, search).await?;
    json(&answer, pack)
}

/// The lane of the searches that may be dear whatever the position: the pool's workers.
fn main_lane<P>(_: &P) -> Lane {
    Lane::Main
}

/// The request's [`Client`], where its connection has one.
fn client_of(req: &HttpRequest) -> Option<Client> {
    req.conn_data::<Client>().cloned()
}

/// A record read (`record`) and checked (`check`) here, then searched on a solver worker
/// (`search`); the messages of each part name cards in `pack`.
async fn checked_search<P, T>(
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
    let (lane, checked) = pack.scope(|| Ok::<_, ApiError>(check(record()?)?))?;
    state
        .pool
        .run(lane, client, move |s| {
            pack.scope(|| search(checked, s).map_err(ApiError::from))
        })
        .await?
}

/// A played hand card by card: each card's value, the best cards, its cost (the same object
/// as `schafkopf analyze`); with `view=players` also each card by what its player could
/// know (single dummy, over sampled worlds, on one solver worker within the budget).
#[utoipa::path(tag = "analysis", params(BodyParams, ViewParams, PackParams), request_body(content(
        (Record = "application/json"),
        (String = "text/plain", example = plain_example))),
    responses((status = 200, body = Analysis), RecordErrors))]
#[post("/analyze")]
async fn analyze(
    state: web::Data<State>,
    req: HttpRequest,
    from: web::Query<BodyParams>,
    view: web::Query<ViewParams>,
    pack: web::Query<PackParams>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let (sampling, lines) = (view.sampling()?, view.lines()?);
    let search = move |g: solver::Game, s: &mut solver::Solver| {
        solver::analyze_in(&g, sampling, lines, std::slice::from_mut(s))
    };
    analysis_endpoint(
        &state,
        &req,
        (&from, &pack, main_lane),
        &body,
        |r| r.game(),
        search,
    )
    .await
}

/// How a hand's contracts fare over the deals of the cards its seat cannot see (the same
/// object as `schafkopf odds`): the record shows the seat's hand and hides the others
/// (`null`), or shows all four and `seat` says whose view to take.
#[utoipa::path(tag = "analysis", params(BodyParams, OddsParams, PackParams), request_body(content(
        (Record = "application/json", example = odds_example),
        (String = "text/plain", example = plain_example))),
    responses((status = 200, body = HandOdds), RecordErrors))]
#[post("/odds")]
async fn odds(
    state: web::Data<State>,
    req: HttpRequest,
    from: web::Query<BodyParams>,
    params: web::Query<OddsParams>,
    pack: web::Query<PackParams>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let (seat, sampling) = (params.seat()?, params.sampling()?);
    let check = move |r: solver::Record| solver::odds::HandQuestion::of_record(&r, seat);
    let search = move |q: solver::odds::HandQuestion, s: &mut solver::Solver| {
        solver::odds::odds(&q, sampling, std::slice::from_mut(s))
    };
    let endpoint = (&*from, &*pack, main_lane as fn(&_) -> Lane);
    analysis_endpoint(&state, &req, endpoint, &body, check, search).await
}

/// Every contract each seat may announce, valued double dummy, the best per seat, and for
/// a played record the declarer's choice against his best (the same object as
/// `schafkopf contracts`; `hands` alone are enough).
#[utoipa::path(tag = "analysis", params(BodyParams, PackParams), request_body(content(
        (Record = "application/json"),
        (String = "text/plain", example = plain_example))),
    responses((status = 200, body = ContractsReport), RecordErrors))]
#[post("/contracts")]
async fn contracts(
    state: web::Data<State>,
    req: HttpRequest,
    from: web::Query<BodyParams>,
    pack: web::Query<PackParams>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let check = |r: solver::Record| r.deal().map(|_| r);
    let search = |r: solver::Record, s: &mut solver::Solver| solver::contracts(&r, s);
    let endpoint = (&*from, &*pack, main_lane as fn(&_) -> Lane);
    analysis_endpoint(&state, &req, endpoint, &body, check, search).await
}

/// Stores a record, validated first (deal, contract and every card of `play`) and kept as
/// given; its `id` is the record's own, or a new one when it has none: `201` with `{"id"}`.
/// With `from=netschafkopf` or `from=openschafkopf` the body is a whole log: every game is
/// converted, validated and stored, and the answer lists the ids stored and the games that
/// failed (by line); `201` if at least one was stored.
#[utoipa::path(tag = "games", params(BodyParams, PackParams), request_body(content(
        (Record = "application/json"),
        (String = "text/plain", example = plain_example))),
    responses((status = 201, body = Stored, headers(("Location" = String, description = "The stored game's URL (one record)"))),
    (status = 409, description = "A game with this id is already stored", body = Problem, content_type = "application/problem+json"),
    RecordErrors))]
#[post("/games")]
async fn create_game(
    state: web::Data<State>,
    req: HttpRequest,
    from: web::Query<BodyParams>,
    pack: web::Query<PackParams>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let pack = pack.pack()?;
    let from = from.for_request(&req);
    if let Some(format) = from.format()? {
        return import_games(state, from.read(format, &body), pack).await;
    }
    let (text, record) = record_of(&body)?;
    let id = pack.scope(|| validate_for_store(&record))?;
    let stored = id.clone();
    blocking(move || state.store.insert(&stored, &text, &record)).await?;
    Ok(HttpResponse::Created()
        .insert_header((
            header::LOCATION,
            format!("/api/v1/games/{}", url_segment(&id)),
        ))
        .json(Created { id }))
}

/// A record fit for the store, and the id it is stored under.
fn validate_for_store(record: &solver::Record) -> Result<String, ApiError> {
    record.check()?;
    match &record.id {
        Some(id) if id.is_empty() => Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_record",
            "invalid record: `id` must not be empty",
        )),
        Some(id) => Ok(id.clone()),
        None => Ok(new_id()),
    }
}

/// Stores every game of a converted log; each fault is listed with its line.
async fn import_games(
    state: web::Data<State>,
    games: Vec<formats::Read>,
    pack: Pack,
) -> Result<HttpResponse, ApiError> {
    // Faults name cards in the pack asked for.
    let imported = blocking(move || pack.scope(|| store_all(&state, games))).await?;
    if imported.ids.is_empty() {
        // A log posted again: every game is stored already.
        if !imported.failed.is_empty() && imported.failed.iter().all(|f| f.code == "duplicate_id") {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "duplicate_id",
                format!(
                    "every game of the log is already stored (the first: {})",
                    imported.failed[0].detail
                ),
            ));
        }
        let detail = match imported.failed.first() {
            Some(f) => format!("no game could be stored; the first fault: {}", f.detail),
            None => "the body holds no game".to_string(),
        };
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "nothing_stored",
            detail,
        ));
    }
    Ok(HttpResponse::Created().json(imported))
}

/// Stores every game that validates; the others are listed with their lines.
fn store_all(state: &State, games: Vec<formats::Read>) -> Result<Imported, ApiError> {
    let mut imported = Imported {
        ids: Vec::new(),
        failed: Vec::new(),
    };
    for (line, game) in games {
        let stored = game.map_err(|e| format_error(&e)).and_then(|record| {
            let id = validate_for_store(&record)?;
            state.store.insert(&id, &record.to_json(), &record)?;
            Ok(id)
        });
        match stored {
            Ok(id) => imported.ids.push(id),
            Err(e) => imported.failed.push(Failed {
                line,
                code: e.code,
                detail: e.detail,
            }),
        }
    }
    Ok(imported)
}

/// Stored games, oldest first, filtered by player, contract and date, a page at a time.
#[utoipa::path(tag = "games", params(GameFilters, Paging),
    responses((status = 200, body = GameList),
    (status = 400, description = "A bad filter or page", body = Problem, content_type = "application/problem+json")))]
#[get("/games")]
async fn list_games(
    state: web::Data<State>,
    filters: web::Query<GameFilters>,
    paging: web::Query<Paging>,
) -> Result<HttpResponse, ApiError> {
    // Checked in this order: the page, then the filters.
    let page = paging.page()?;
    let filter = filters.filter()?;
    let list = blocking(move || state.store.list(&filter, page)).await?;
    json(&list, Pack::German)
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

/// Games one ledger counts at most (about a second of work and some MiB of answer).
const LEDGER_MOST: u64 = 100_000;

/// Each player's money over the stored games the filters let through, oldest first (the
/// order of the list): every game's payouts and running totals, the stock carried, and
/// every player's account; with `double_dummy=true` also what perfect play would have
/// paid. A game that cannot be counted is listed under `failed`.
#[utoipa::path(tag = "games", params(GameFilters, LedgerQuery, PackParams),
    responses((status = 200, body = LedgerReport),
    (status = 400, description = "A bad filter or stock, or too many games", body = Problem, content_type = "application/problem+json"),
    (status = 503, description = "Every solver worker is busy; retry later", body = Problem, content_type = "application/problem+json")))]
#[get("/ledger")]
async fn ledger(
    state: web::Data<State>,
    req: HttpRequest,
    filters: web::Query<GameFilters>,
    query: web::Query<LedgerQuery>,
    pack: web::Query<PackParams>,
) -> Result<HttpResponse, ApiError> {
    let pack = pack.pack()?;
    let q = query.into_inner();
    let stock = crate::query::bounded("stock", q.stock.as_deref(), 0, 0, 1_000_000)
        .map_err(StoreError::BadQuery)? as i64;
    let filter = filters.filter()?;
    let double = crate::query::flag("double_dummy", q.double_dummy.as_deref())?;
    let played_out = crate::query::flag("single_dummy", q.single_dummy.as_deref())?;
    if !played_out && (q.samples.is_some() || q.seed.is_some()) {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_query",
            "samples and seed belong to single_dummy=true",
        ));
    }
    let sampling = solver::single_dummy::Sampling {
        samples: crate::query::bounded("samples", q.samples.as_deref(), 20, 1, 1000)
            .map_err(StoreError::BadQuery)? as usize,
        seed: crate::query::seed(q.seed.as_deref())?,
    };
    let store = state.clone();
    let records = blocking(move || store.store.records(&filter, LEDGER_MOST)).await?;
    // `bounded` kept the stock within what a ledger starts with.
    let count = move |solver: Option<&mut solver::Solver>| -> Result<LedgerReport, solver::Error> {
        let mut ledger = solver::ledger::Ledger::with_stock(stock)?;
        let mut solver = solver;
        // Double dummy has the worker's solver; single dummy one of its own, bounded by
        // what the worker's has left of the request's budget, and cancelled with it.
        let mut own = Vec::new();
        if played_out {
            let helper = solver.as_deref().map_or_else(solver::Solver::new, |s| {
                s.helper(solver::DEFAULT_TABLE_BYTES)
            });
            own.push(helper);
        }
        let (mut games, mut failed) = (Vec::new(), Vec::new());
        for (id, text) in records {
            let judged = Record::from_json(&text).and_then(|r| {
                let judges = solver::ledger::LedgerJudging {
                    double_dummy: solver.as_deref_mut().filter(|_| double),
                    single_dummy: played_out.then_some((sampling, own.as_mut_slice())),
                };
                ledger.add_with(&r, judges)
            });
            match judged {
                Ok(entry) => games.push(entry),
                Err(e) => failed.push(LedgerFault {
                    id,
                    code: e.code().to_string(),
                    detail: e.to_string(),
                }),
            }
        }
        Ok(LedgerReport {
            games,
            failed,
            totals: ledger.totals(),
        })
    };
    // The faults' messages name cards in the pack asked for.
    let report = if double || played_out {
        state
            .pool
            .run(Lane::Main, client_of(&req), move |s| {
                pack.scope(|| count(Some(s)))
            })
            .await??
    } else {
        pack.scope(|| count(None))?
    };
    json(&report, pack)
}

/// A stored record, exactly as it was given where it was given in the pack asked for
/// (`pack`, default German); otherwise its cards rewritten in that pack.
#[utoipa::path(tag = "games", params(("id" = String, Path, description = "The game's id"), PackParams),
    responses((status = 200, body = Record), GameErrors))]
#[get("/games/{id}")]
async fn get_game(
    state: web::Data<State>,
    id: web::Path<String>,
    pack: web::Query<PackParams>,
) -> Result<HttpResponse, ApiError> {
    let pack = pack.pack()?;
    let id = id.into_inner();
    let text = blocking(move || state.store.get(&id)).await?;
    let record = Record::from_json(&text)?;
    if record.pack.unwrap_or_default() == pack {
        return Ok(raw_json(text));
    }
    Ok(raw_json(record.in_pack(pack)?.to_json()))
}

/// Deletes a stored game and its analysis.
#[utoipa::path(tag = "games", params(("id" = String, Path, description = "The game's id")),
    responses((status = 204, description = "Deleted"), GameErrors))]
#[delete("/games/{id}")]
async fn delete_game(
    state: web::Data<State>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    blocking(move || state.store.delete(&id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The stored game's analysis in a view: computed on the first request, then served from
/// the database (each view and sampling kept apart).
#[utoipa::path(tag = "games", params(("id" = String, Path, description = "The game's id"), ViewParams, PackParams),
    responses((status = 200, body = Analysis), GameErrors,
    (status = 422, description = "The stored record has no contract to analyse, or its search exceeds the budget", body = Problem, content_type = "application/problem+json"),
    (status = 503, description = "Every solver worker is busy; retry later", body = Problem, content_type = "application/problem+json")))]
#[get("/games/{id}/analysis")]
async fn game_analysis(
    state: web::Data<State>,
    req: HttpRequest,
    id: web::Path<String>,
    view: web::Query<ViewParams>,
    pack: web::Query<PackParams>,
) -> Result<HttpResponse, ApiError> {
    let (sampling, lines) = (view.sampling()?, view.lines()?);
    let key = ViewParams::key(sampling, lines);
    let search = move |g: solver::Game, s: &mut solver::Solver| {
        solver::analyze_in(&g, sampling, lines, std::slice::from_mut(s))
    };
    stored_or_computed(
        state,
        client_of(&req),
        (id.into_inner(), key),
        pack.pack()?,
        |r| r.game(),
        search,
    )
    .await
}

/// The contracts of a stored game's deal (the object of `schafkopf contracts`): computed on
/// the first request, then served from the database.
#[utoipa::path(tag = "games", params(("id" = String, Path, description = "The game's id"), PackParams),
    responses((status = 200, body = ContractsReport), GameErrors,
    (status = 422, description = "The search exceeds the budget", body = Problem, content_type = "application/problem+json"),
    (status = 503, description = "Every solver worker is busy; retry later", body = Problem, content_type = "application/problem+json")))]
#[get("/games/{id}/contracts")]
async fn game_contracts(
    state: web::Data<State>,
    req: HttpRequest,
    id: web::Path<String>,
    pack: web::Query<PackParams>,
) -> Result<HttpResponse, ApiError> {
    // Kept beside the game's analyses, under a view name of its own.
    let key = "contracts".to_string();
    let check = |r: solver::Record| r.deal().map(|_| r);
    let search = |r: solver::Record, s: &mut solver::Solver| solver::contracts(&r, s);
    stored_or_computed(
        state,
        client_of(&req),
        (id.into_inner(), key),
        pack.pack()?,
        check,
        search,
    )
    .await
}

/// What a stored game's analyses share: the answer kept under `key` (and the pack, where
/// not German) if there is one, else the stored record checked (`check`), searched on a
/// solver worker (`search`), and the answer kept for the next request.
async fn stored_or_computed<P, T>(
    state: web::Data<State>,
    client: Option<Client>,
    (id, key): (String, String),
    pack: Pack,
    check: impl FnOnce(solver::Record) -> Result<P, solver::Error>,
    search: impl FnOnce(P, &mut solver::Solver) -> Result<T, solver::Error> + Send + 'static,
) -> Result<HttpResponse, ApiError>
where
    P: Send + 'static,
    T: serde::Serialize + Send + 'static,
{
    let key = match pack {
        Pack::German => key,
        other => format!("{key}&pack={other}"),
    };
    let (s, game, view) = (state.clone(), id.clone(), key.clone());
    let (text, stored) = blocking(move || {
        Ok::<_, StoreError>((s.store.get(&game)?, s.store.analysis(&game, &view)?))
    })
    .await?;
    if let Some(answer) = stored {
        return Ok(raw_json(answer));
    }
    let record = || Ok(solver::Record::from_json(&text)?);
    let check = |r| check(r).map(|p| (Lane::Main, p));
    let answer = checked_search(&state, client, pack, record, check, search).await?;
    let text = to_json(&answer, pack)?;
    let kept = text.clone();
    blocking(move || state.store.put_analysis(&id, &key, &kept)).await?;
    Ok(raw_json(text))
}

/// A new game id: the time in microseconds and a counter, in hex (unique within a process,
/// and ordered).
fn new_id() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let micros = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() as u64);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    format!("g{micros:x}{n:04x}")
}

/// An id as a URL path segment (ids may hold `/`, `#`, spaces: record ids are free text).
fn url_segment(id: &str) -> String {
    id.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
