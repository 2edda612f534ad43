//! `GET /api/v1/ledger`: the ledger over the stored games the filters let through.

use super::common::*;
use crate::pool::Lane;
use crate::problem::{ApiError, Problem};
use crate::query::GameFilters;
use crate::query::PackParams;
use crate::schema::{LedgerFault, LedgerReport};
use crate::store::StoreError;
use actix_web::http::StatusCode;
use actix_web::{get, web, HttpRequest, HttpResponse};
use serde::Deserialize;
use utoipa::IntoParams;

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
pub(crate) const LEDGER_MOST: u64 = 100_000;

/// Each player's money over the stored games the filters let through, oldest first (the
/// order of the list): every game's payouts and running totals, the stock carried, and
/// every player's account; with `double_dummy=true` also what perfect play would have
/// paid. A game that cannot be counted is listed under `failed`.
#[utoipa::path(tag = "games", params(GameFilters, LedgerQuery, PackParams),
    responses((status = 200, body = LedgerReport),
    (status = 400, description = "A bad filter or stock, or too many games", body = Problem, content_type = "application/problem+json"),
    (status = 503, description = "Every solver worker is busy; retry later", body = Problem, content_type = "application/problem+json")))]
#[get("/ledger")]
pub(crate) async fn ledger(
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
        samples: crate::query::bounded(
            "samples",
            q.samples.as_deref(),
            solver::defaults::LEDGER_WORLDS as u64,
            1,
            1000,
        )
        .map_err(StoreError::BadQuery)? as usize,
        seed: crate::query::seed(q.seed.as_deref())?,
    };
    let store = state.clone();
    let records = blocking(move || store.store.records(&filter, LEDGER_MOST)).await?;
    // `bounded` kept the stock within what a ledger starts with.
    let count = move |solver: Option<&mut solver::Solver>| -> Result<LedgerReport, solver::Error> {
        let mut ledger = solver::ledger::Ledger::with_stock(stock)?;
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
        let judges = solver::ledger::LedgerJudging {
            double_dummy: solver.filter(|_| double),
            single_dummy: played_out.then_some((sampling, own.as_mut_slice())),
        };
        ledger.count_all(records, judges, |id, counted| match counted {
            Ok(entry) => games.push(entry),
            Err(e) => failed.push(LedgerFault {
                id,
                code: e.code().to_string(),
                detail: e.to_string(),
            }),
        });
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
