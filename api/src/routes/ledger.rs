//! `GET /api/v1/ledger`: the ledger over the stored games the filters let through.

use super::common::*;
use crate::pool::Lane;
use crate::problem::{ApiError, Problem};
use crate::query::{GameFilters, LedgerQuery, PackParams, Query};
use crate::schema::{LedgerFault, LedgerReport, Ledgered, TableLedgerReport};
use actix_web::{get, web, HttpRequest, HttpResponse};
use solver::wide::TableRecord;

/// Games one ledger counts at most (about a second of work and some MiB of answer).
pub(crate) const LEDGER_MOST: u64 = 100_000;

/// Each player's money over the stored games
///
/// Each player's money over the stored games the filters let through, oldest first (the
/// order of the list): every game's payouts and running totals, the stock carried, and
/// every player's account; with `double_dummy=true` also what perfect play would have
/// paid. A game that cannot be counted is listed under `failed`. Where the first game is
/// of von Alvensleben's tables or of three, the evening is that table's: game points
/// towards the match to nine, or at three money.
#[utoipa::path(tag = "games", params(GameFilters, LedgerQuery, PackParams),
    responses((status = 200, body = Ledgered),
    (status = 400, description = "A bad filter or stock, or too many games", body = Problem, content_type = "application/problem+json"),
    (status = 503, description = "Every solver worker is busy; retry later", body = Problem, content_type = "application/problem+json")))]
#[get("/ledger")]
pub(crate) async fn ledger(
    state: web::Data<State>,
    req: HttpRequest,
    filters: Query<GameFilters>,
    query: Query<LedgerQuery>,
    pack: Query<PackParams>,
) -> Result<HttpResponse, ApiError> {
    let pack = pack.pack(state.pack);
    let stock = query.stock();
    let filter = filters.filter()?;
    let double = query.double_dummy();
    let single = query.single_dummy(state.auction_model)?;
    let played_out = single.is_some();
    let store = state.clone();
    let records = blocking(move || store.store.records(&filter, LEDGER_MOST)).await?;
    // An evening at another table: its first game's (the list's order, oldest first).
    if records
        .first()
        .is_some_and(|(_, text)| TableRecord::is_one(text))
    {
        if double || played_out || stock != 0 {
            return Err(four_seats_question(
                "double_dummy, single_dummy and stock: the ledger of four seats; an evening \
                 at von Alvensleben's tables or at three is counted as played",
            ));
        }
        return json(&table_ledger(records, pack), pack);
    }
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
            single_dummy: single.map(|sampling| (sampling, own.as_mut_slice())),
        };
        ledger.count_all(records, judges, |id, counted| match counted {
            Ok(entry) => games.push(entry),
            Err(e) => failed.push(LedgerFault {
                id,
                code: e.code().to_string(),
                detail: pack.text(&e),
            }),
        });
        Ok(LedgerReport {
            games,
            failed,
            totals: ledger.totals(),
        })
    };
    let report = if double || played_out {
        state
            .pool
            .run(Lane::Main, client_of(&req), move |s| count(Some(s)))
            .await?
    } else {
        count(None)
    }
    .map_err(|e| ApiError::solver(&e, pack))?;
    json(&report, pack)
}

/// The ledger of an evening at one of von Alvensleben's tables or at three: every stored
/// game counted in turn, a game of another table (or of four seats) listed as failed by
/// the ledger's own check.
fn table_ledger(records: Vec<(String, String)>, pack: solver::Pack) -> TableLedgerReport {
    let mut evening = solver::ledger::TableLedger::new();
    let (mut games, mut failed) = (Vec::new(), Vec::new());
    for (id, text) in records {
        match evening.add_line(&text) {
            Ok(entry) => games.push(entry),
            Err(e) => failed.push(LedgerFault {
                id,
                code: e.code().to_string(),
                detail: pack.text(&e),
            }),
        }
    }
    TableLedgerReport {
        games,
        failed,
        totals: evening.totals(),
    }
}
