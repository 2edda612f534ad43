//! The game store: storing records and whole logs, listing, reading, deleting, and each
//! stored game's analysis and contracts (computed once, then kept).

use super::common::*;
use crate::client::Client;
use crate::pool::Lane;
use crate::problem::{ApiError, Problem};
use crate::query::{GameFilters, Paging, Query};
use crate::query::{PackParams, ViewParams};
use crate::schema::{Created, Failed, Imported, Stored};
use crate::store::{GameList, Listed, StoreError};
use actix_web::http::header;
use actix_web::http::StatusCode;
use actix_web::{delete, get, post, web, HttpRequest, HttpResponse};
use solver::defaults::{TABLE_ANALYSIS_NODES, TABLE_NODES};
use solver::formats;
use solver::wide::{Limits, TableAnalysis, TableRecord};
use solver::{Analysis, ContractsReport, Pack, Record};

/// Store a record, or a whole log
///
/// Stores a record, validated first (deal, contract and every card of `play`) and kept as
/// given; its `id` is the record's own, or a new one when it has none: `201` with `{"id"}`.
/// With `from=netschafkopf` or `from=openschafkopf` the body is a whole log: every game is
/// converted, validated and stored, and the answer lists the ids stored and the games that
/// failed (by line); `201` if at least one was stored. JSON lines of records (more than one
/// record in the body) are such a log too.
#[utoipa::path(tag = "games", params(BodyParams, PackParams), request_body(content(
        (Record = "application/json"),
        (String = "text/plain", example = plain_example))),
    responses((status = 201, body = Stored, headers(("Location" = String, description = "The stored game's URL (one record)"))),
    (status = 409, description = "A game with this id is already stored", body = Problem, content_type = "application/problem+json"),
    RecordErrors))]
#[post("/games")]
pub(crate) async fn create_game(
    state: web::Data<State>,
    request: RecordRequest,
) -> Result<HttpResponse, ApiError> {
    let RecordRequest {
        body, from, pack, ..
    } = request;
    if let Some(format) = from.format() {
        let games = from.read(format, &body).into_iter();
        let checked = games.map(|(line, game)| {
            let record = game.map_err(|e| format_error(&e, pack));
            (
                line,
                record.and_then(|r| ToStore::of_record(r.to_json(), r, pack)),
            )
        });
        return import_games(state, checked.collect()).await;
    }
    // JSON lines of records are a log too: each line stored as a game.
    if holds_several_values(&body) {
        let text = formats::decode(&body);
        let lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty());
        let checked = lines.map(|(i, line)| (i + 1, ToStore::of_text(line, pack)));
        return import_games(state, checked.collect()).await;
    }
    let game = ToStore::of_text(utf8(&body)?, pack)?;
    let id = game.id.clone();
    blocking(move || state.store.insert(&game.id, &game.text, &game.listed)).await?;
    Ok(HttpResponse::Created()
        .insert_header((
            header::LOCATION,
            format!("/api/v1/games/{}", url_segment(&id)),
        ))
        .json(Created { id }))
}

/// Whether a body holds more than one JSON value, as JSON lines of records do (one record
/// spread over several lines is one value).
fn holds_several_values(body: &[u8]) -> bool {
    let mut values =
        serde_json::Deserializer::from_slice(body).into_iter::<serde::de::IgnoredAny>();
    values.next().is_some_and(|v| v.is_ok()) && values.next().is_some()
}

/// A game validated for the store: the id it is stored under (the record's own, or a new
/// one), its text as given, what the listing shows of it.
pub(crate) struct ToStore {
    id: String,
    text: String,
    listed: Listed,
}

impl ToStore {
    /// A record's text, of four seats or of another table; a fault names cards in `pack`.
    fn of_text(text: &str, pack: Pack) -> Result<ToStore, ApiError> {
        let fault = |e| ApiError::solver(&e, pack);
        match Record::from_json(text) {
            Err(solver::Error::FourSeatsOnly) => {
                let record = TableRecord::from_json(text).map_err(fault)?;
                let game = record.game().map_err(fault)?;
                Ok(ToStore {
                    id: store_id(record.id.as_deref())?,
                    text: text.to_string(),
                    listed: Listed::of_table(&record, game.deal()),
                })
            }
            read => Self::of_record(text.to_string(), read.map_err(fault)?, pack),
        }
    }

    /// A four-seat record (`text` as it is kept), validated: deal, contract and every card
    /// of `play`.
    fn of_record(text: String, record: Record, pack: Pack) -> Result<ToStore, ApiError> {
        record.check().map_err(|e| ApiError::solver(&e, pack))?;
        Ok(ToStore {
            id: store_id(record.id.as_deref())?,
            text,
            listed: Listed::of_record(&record),
        })
    }
}

/// The id a record is stored under: its own (never empty), or a new one.
fn store_id(id: Option<&str>) -> Result<String, ApiError> {
    match id {
        Some("") => Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_record",
            "invalid record: `id` must not be empty",
        )),
        Some(id) => Ok(id.to_string()),
        None => Ok(new_id()),
    }
}

/// Stores every game of a log that validated; each fault is listed with its line.
pub(crate) async fn import_games(
    state: web::Data<State>,
    games: Vec<(usize, Result<ToStore, ApiError>)>,
) -> Result<HttpResponse, ApiError> {
    let imported = blocking(move || store_all(&state, games)).await?;
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

/// Stores every game that validated; the others, and those the store refuses, are listed
/// with their lines.
pub(crate) fn store_all(
    state: &State,
    games: Vec<(usize, Result<ToStore, ApiError>)>,
) -> Result<Imported, ApiError> {
    let mut imported = Imported {
        ids: Vec::new(),
        failed: Vec::new(),
    };
    for (line, game) in games {
        let stored = game.and_then(|g| {
            state.store.insert(&g.id, &g.text, &g.listed)?;
            Ok(g.id)
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

/// List the stored games
///
/// Stored games, oldest first, filtered by player, contract and date, a page at a time.
#[utoipa::path(tag = "games", params(GameFilters, Paging),
    responses((status = 200, body = GameList),
    (status = 400, description = "A bad filter or page", body = Problem, content_type = "application/problem+json")))]
#[get("/games")]
pub(crate) async fn list_games(
    state: web::Data<State>,
    filters: Query<GameFilters>,
    paging: Query<Paging>,
) -> Result<HttpResponse, ApiError> {
    // Checked in this order: the page, then the filters.
    let page = paging.page();
    let filter = filters.filter()?;
    let list = blocking(move || state.store.list(&filter, page)).await?;
    json(&list, Pack::German)
}

/// A stored record
///
/// A stored record, exactly as it was given where it was given in the pack asked for
/// (`pack`, default German); otherwise its cards rewritten in that pack.
#[utoipa::path(tag = "games", params(("id" = String, Path, description = "The game's id"), PackParams),
    responses((status = 200, body = Record), GameErrors))]
#[get("/games/{id}")]
pub(crate) async fn get_game(
    state: web::Data<State>,
    id: web::Path<String>,
    pack: Query<PackParams>,
) -> Result<HttpResponse, ApiError> {
    let pack = pack.pack(state.pack);
    let id = id.into_inner();
    let text = blocking(move || state.store.get(&id)).await?;
    let fault = |e| ApiError::solver(&e, pack);
    match Record::from_json(&text) {
        Err(solver::Error::FourSeatsOnly) => {
            let record = TableRecord::from_json(&text).map_err(fault)?;
            if record.pack.unwrap_or_default() == pack {
                return Ok(raw_json(text));
            }
            Ok(raw_json(record.in_pack(pack).map_err(fault)?.to_json()))
        }
        record => {
            let record = record.map_err(fault)?;
            if record.pack.unwrap_or_default() == pack {
                return Ok(raw_json(text));
            }
            Ok(raw_json(record.in_pack(pack).map_err(fault)?.to_json()))
        }
    }
}

/// Delete a stored game and its analysis
#[utoipa::path(tag = "games", params(("id" = String, Path, description = "The game's id")),
    responses((status = 204, description = "Deleted"), GameErrors))]
#[delete("/games/{id}")]
pub(crate) async fn delete_game(
    state: web::Data<State>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    blocking(move || state.store.delete(&id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// A stored game's analysis
///
/// The stored game's analysis in a view: computed on the first request, then served from
/// the database (each view kept apart). The players' view is kept at its default worlds and
/// seed without assumptions; other settings are computed for each request and not kept, so
/// that requests (a GET anyone's page may send) cannot fill the store.
#[utoipa::path(tag = "games", params(("id" = String, Path, description = "The game's id"), ViewParams, PackParams),
    responses((status = 200, body = Analysis), GameErrors,
    (status = 422, description = "The stored record has no contract to analyse, or its search exceeds the budget", body = Problem, content_type = "application/problem+json"),
    (status = 503, description = "Every solver worker is busy; retry later", body = Problem, content_type = "application/problem+json")))]
#[get("/games/{id}/analysis")]
pub(crate) async fn game_analysis(
    state: web::Data<State>,
    req: HttpRequest,
    id: web::Path<String>,
    view: Query<ViewParams>,
    pack: Query<PackParams>,
) -> Result<HttpResponse, ApiError> {
    let model = state.auction_model;
    let (sampling, lines) = (view.sampling(pack.pack(state.pack), model)?, view.lines());
    let kept = sampling.is_none_or(|s| {
        s.samples == solver::defaults::ANALYSIS_WORLDS
            && s.exact_samples == Some(solver::defaults::EXACT_VALUE_WORLDS)
            && s.seed == 0
            && s.assume.is_empty()
            && s.inference == solver::single_dummy::Inference::Auction(model)
    });
    let key = kept.then(|| ViewParams::key(sampling, lines));
    let search = move |g: solver::Game, s: &mut solver::Solver| {
        solver::analyze_in(&g, sampling, lines, std::slice::from_mut(s))
    };
    // A game at another table is judged double dummy; at three also by the players' view.
    let table: TableQuestion<TableAnalysis> = match sampling {
        None => Ok(Box::new(|r, s| {
            r.analyze(Limits::of_solver(s, TABLE_ANALYSIS_NODES))
        })),
        Some(sampling) if sampling.assume.is_empty() => Ok(Box::new(move |r, s| {
            let per_card = Limits::of_solver(s, TABLE_ANALYSIS_NODES);
            r.analyze_players(per_card, &sampling, TABLE_NODES, std::slice::from_mut(s))
        })),
        Some(_) => Err(four_seats_question(
            "assume: assumptions narrow the worlds at four seats with one pack",
        )),
    };
    stored_or_computed(
        state,
        client_of(&req),
        (id.into_inner(), key),
        &pack,
        (|r: solver::Record| r.game(), search),
        table,
    )
    .await
}

/// The contracts of a stored game's deal
///
/// The contracts of a stored game's deal (the object of `schafkopf contracts`): computed on
/// the first request, then served from the database.
#[utoipa::path(tag = "games", params(("id" = String, Path, description = "The game's id"), PackParams),
    responses((status = 200, body = ContractsReport), GameErrors,
    (status = 422, description = "The search exceeds the budget", body = Problem, content_type = "application/problem+json"),
    (status = 503, description = "Every solver worker is busy; retry later", body = Problem, content_type = "application/problem+json")))]
#[get("/games/{id}/contracts")]
pub(crate) async fn game_contracts(
    state: web::Data<State>,
    req: HttpRequest,
    id: web::Path<String>,
    pack: Query<PackParams>,
) -> Result<HttpResponse, ApiError> {
    // Kept beside the game's analyses, under a view name of its own.
    let key = Some("contracts".to_string());
    let check = |r: solver::Record| r.deal().map(|_| r);
    let search = |r: solver::Record, s: &mut solver::Solver| solver::contracts(&r, s);
    let table: TableQuestion<ContractsReport> = Ok(Box::new(|r, s| {
        r.contracts(Limits::of_solver(s, TABLE_NODES))
    }));
    stored_or_computed(
        state,
        client_of(&req),
        (id.into_inner(), key),
        &pack,
        (check, search),
        table,
    )
    .await
}

/// What a stored game's question asks of a game at another table: its search on a solver
/// worker, or the fault to answer.
pub(crate) type TableQuestion<U> = Result<TableSearch<U>, ApiError>;
pub(crate) type TableSearch<U> =
    Box<dyn FnOnce(TableRecord, &mut solver::Solver) -> Result<U, solver::Error> + Send>;

/// What a stored game's analyses share: the answer kept under `key` (and the pack, where
/// not German) if there is one, else the stored record checked (`check`), searched on a
/// solver worker (`search`; a game at another table by `table`), and the answer kept for
/// the next request (where `key` is none, neither looked up nor kept).
pub(crate) async fn stored_or_computed<P, T, U>(
    state: web::Data<State>,
    client: Option<Client>,
    (id, key): (String, Option<String>),
    pack: &PackParams,
    (check, search): (
        impl FnOnce(solver::Record) -> Result<P, solver::Error>,
        impl FnOnce(P, &mut solver::Solver) -> Result<T, solver::Error> + Send + 'static,
    ),
    table: TableQuestion<U>,
) -> Result<HttpResponse, ApiError>
where
    P: Send + 'static,
    T: serde::Serialize + Send + 'static,
    U: serde::Serialize + Send + 'static,
{
    let pack = pack.pack(state.pack);
    let key = key.map(|key| match pack {
        Pack::German => key,
        other => format!("{key}&pack={other}"),
    });
    let (s, game, view) = (state.clone(), id.clone(), key.clone());
    let (text, stored) = blocking(move || {
        let stored = match &view {
            Some(view) => s.store.analysis(&game, view)?,
            None => None,
        };
        Ok::<_, StoreError>((s.store.get(&game)?, stored))
    })
    .await?;
    if let Some(answer) = stored {
        return Ok(raw_json(answer));
    }
    let text = match solver::Record::from_json(&text) {
        Err(solver::Error::FourSeatsOnly) => {
            let search = table?;
            let record = TableRecord::from_json(&text).map_err(|e| ApiError::solver(&e, pack))?;
            let answer = table_search(&state, client, pack, (record, played), search).await?;
            to_json(&answer, pack)?
        }
        record => {
            let record = || record.map_err(|e| ApiError::solver(&e, pack));
            let check = |r| check(r).map(|p| (Lane::Main, p));
            let answer = checked_search(&state, client, pack, record, check, search).await?;
            to_json(&answer, pack)?
        }
    };
    if let Some(key) = key {
        let kept = text.clone();
        blocking(move || state.store.put_analysis(&id, &key, &kept)).await?;
    }
    Ok(raw_json(text))
}

/// A new game id: the time in microseconds and a counter, in hex (unique within a process,
/// and ordered).
pub(crate) fn new_id() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let micros = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() as u64);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    format!("g{micros:x}{n:04x}")
}

/// An id as a URL path segment (ids may hold `/`, `#`, spaces: record ids are free text).
pub(crate) fn url_segment(id: &str) -> String {
    id.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
