//! The analysis of a posted record: `solve`, `analyze`, `odds`, `contracts`; and `board`,
//! what the analysis board shows of it (no search).

use super::common::*;
use crate::pool::Lane;
use crate::problem::ApiError;
use crate::query::{OddsParams, PackParams, Query, SolveParams, SolveQuestion, ViewParams};
use crate::schema::{Analysed, Boarded, Posted, Solved};
use actix_web::{post, web, HttpResponse};
use solver::board::Board;
use solver::defaults::{TABLE_ANALYSIS_NODES, TABLE_NODES};
use solver::wide::{Limits, TableBoard, TableRecord};
use solver::{odds::HandOdds, ContractsReport};

/// Solve a position: its value and each legal card's
///
/// The value of the position after `play`, and of every legal card of the player to move
/// (the same object as `schafkopf solve`); with `line=true` also the best line. With
/// `view=players` the decision judged by what the player to move could know (as `schafkopf
/// solve --view players`): each legal card's expectation, chance to win, schneider,
/// schwarz and expected settlement over the worlds of his view, and the best cards. A game
/// at von Alvensleben's tables (`table`) gets its values double dummy, one at three also
/// the players' view.
#[utoipa::path(tag = "analysis", params(BodyParams, SolveParams, PackParams), request_body(content(
        (Posted = "application/json"),
        (String = "text/plain", example = plain_example))),
    responses((status = 200, body = Solved), RecordErrors))]
#[post("/solve")]
pub(crate) async fn solve(
    state: web::Data<State>,
    params: Query<SolveParams>,
    request: RecordRequest,
) -> Result<HttpResponse, ApiError> {
    let question = params.question(request.pack, state.auction_model)?;
    let record = match request.read()? {
        Body::Four(record) => record,
        Body::Table(table) => {
            let (pack, client) = (request.pack, request.client.clone());
            let solved = match question {
                SolveQuestion::DoubleDummy { line: false } => {
                    let solve = |r: TableRecord, s: &mut solver::Solver| {
                        r.solve(Limits::of_solver(s, TABLE_NODES))
                            .map(Solved::Table)
                    };
                    table_search(&state, client, pack, (table, played), solve).await?
                }
                // At three, the decision by what the player to move could know.
                SolveQuestion::Players {
                    seat,
                    sampling,
                    shown: None,
                } if sampling.assume.list().is_empty() => {
                    let seat = seat.map(|s| s.index() as u8);
                    let decide = move |r: TableRecord, s: &mut solver::Solver| {
                        let solvers = std::slice::from_mut(s);
                        r.decide(seat, &sampling, TABLE_NODES, solvers)
                            .map(Solved::TablePlayers)
                    };
                    table_search(&state, client, pack, (table, played), decide).await?
                }
                _ => {
                    return Err(four_seats_question(
                        "the best line, the worlds shown and assumptions are given at four \
                         seats with one pack; at the other tables `solve` gives the values \
                         (and at three the players' view)",
                    ))
                }
            };
            return json(&solved, pack);
        }
    };
    // A late double-dummy position takes the quick lane; a decision solves many worlds.
    let lane: fn(&solver::Game) -> Lane = match question {
        SolveQuestion::DoubleDummy { .. } => Lane::of,
        SolveQuestion::Players { .. } => main_lane,
    };
    let search = move |g: solver::Game, s: &mut solver::Solver| match question {
        SolveQuestion::DoubleDummy { line: true } => s.solve_with_line(&g).map(Solved::DoubleDummy),
        SolveQuestion::DoubleDummy { line: false } => s.solve(&g).map(Solved::DoubleDummy),
        SolveQuestion::Players {
            seat,
            sampling,
            shown,
        } => {
            let solvers = std::slice::from_mut(s);
            solver::single_dummy::decide(&g, seat, sampling, solvers)
                .map(|d| Solved::Players(d.showing_worlds(shown)))
        }
    };
    analysis_endpoint(&state, (request, record), lane, |r| r.game(), search).await
}

/// What the analysis board shows of a record
///
/// What the analysis board shows of a record, without any search: each hand left (trumps
/// first, as a player sorts it), the legal cards of the player to move, the tricks so far
/// with who led and who took them, and the score once every card is played. A record
/// without a contract (and without play) gets each seat's hand and the contracts it may
/// announce on the deal; a game at another table (`table`) its game and result in words.
/// The cards' values come from `solve`.
#[utoipa::path(tag = "analysis", params(BodyParams, PackParams), request_body(content(
        (Posted = "application/json"),
        (String = "text/plain", example = plain_example))),
    responses((status = 200, body = Boarded), RecordErrors))]
#[post("/board")]
pub(crate) async fn board(request: RecordRequest) -> Result<HttpResponse, ApiError> {
    let pack = request.pack;
    let fault = |e| ApiError::solver(&e, pack);
    match request.read()? {
        Body::Four(record) => json(&Board::of_record(&record).map_err(fault)?, pack),
        Body::Table(table) => json(&TableBoard::of_record(&table).map_err(fault)?, pack),
    }
}

/// Analyse a played hand card by card
///
/// A played hand card by card: each card's value, the best cards, its cost (the same object
/// as `schafkopf analyze`); with `view=players` also each card by what its player could
/// know (single dummy, over sampled worlds, on one solver worker within the budget). A game
/// at von Alvensleben's tables (`table`) is judged double dummy; one at three also by the
/// players' view.
#[utoipa::path(tag = "analysis", params(BodyParams, ViewParams, PackParams), request_body(content(
        (Posted = "application/json"),
        (String = "text/plain", example = plain_example))),
    responses((status = 200, body = Analysed), RecordErrors))]
#[post("/analyze")]
pub(crate) async fn analyze(
    state: web::Data<State>,
    view: Query<ViewParams>,
    request: RecordRequest,
) -> Result<HttpResponse, ApiError> {
    let (sampling, lines) = (
        view.sampling(request.pack, state.auction_model)?,
        view.lines(),
    );
    let record = match request.read()? {
        Body::Four(record) => record,
        Body::Table(table) => {
            if sampling.is_some_and(|s| !s.assume.list().is_empty()) {
                return Err(four_seats_question(
                    "assume: assumptions narrow the worlds at four seats with one pack",
                ));
            }
            let (pack, client) = (request.pack, request.client.clone());
            // At three with `view=players`, each card also by what its player could know.
            let analyze = move |r: TableRecord, s: &mut solver::Solver| {
                let per_card = Limits::of_solver(s, TABLE_ANALYSIS_NODES);
                match sampling {
                    None => r.analyze(per_card),
                    Some(sampling) => {
                        let solvers = std::slice::from_mut(s);
                        r.analyze_players(per_card, &sampling, TABLE_NODES, solvers)
                    }
                }
            };
            let analysis = table_search(&state, client, pack, (table, played), analyze).await?;
            return json(&analysis, pack);
        }
    };
    let search = move |g: solver::Game, s: &mut solver::Solver| {
        solver::analyze_in(&g, sampling, lines, std::slice::from_mut(s))
    };
    analysis_endpoint(&state, (request, record), main_lane, |r| r.game(), search).await
}

/// How a hand's contracts fare over the cards it cannot see
///
/// How a hand's contracts fare over the deals of the cards its seat cannot see (the same
/// object as `schafkopf odds`): the record shows the seat's hand and hides the others
/// (`null`), or shows all four and `seat` says whose view to take. At three (`"table":
/// "three"`) the record shows every hand and `seat` names whose six solos to weigh.
#[utoipa::path(tag = "analysis", params(BodyParams, OddsParams, PackParams), request_body(content(
        (Posted = "application/json", example = odds_example),
        (String = "text/plain", example = plain_example))),
    responses((status = 200, body = HandOdds), RecordErrors))]
#[post("/odds")]
pub(crate) async fn odds(
    state: web::Data<State>,
    params: Query<OddsParams>,
    request: RecordRequest,
) -> Result<HttpResponse, ApiError> {
    let (seat, sampling) = (
        params.seat(),
        params.sampling(request.pack, state.auction_model)?,
    );
    let record = match request.read()? {
        Body::Four(record) => record,
        Body::Table(table) => {
            // At three, the seat's solos (nobody bids there, nothing is assumed).
            if !sampling.assume.list().is_empty() {
                return Err(four_seats_question(
                    "assume: assumptions are read at four seats with one pack",
                ));
            }
            let (pack, client) = (request.pack, request.client.clone());
            let drawn = (sampling.samples, sampling.seed);
            let odds = move |r: TableRecord, s: &mut solver::Solver| {
                r.odds(seat, drawn, TABLE_NODES, std::slice::from_mut(s))
            };
            // The deal alone: the play is not read.
            let dealt = |r: &TableRecord| r.deal().map(drop);
            let answer = table_search(&state, client, pack, (table, dealt), odds).await?;
            return json(&answer, pack);
        }
    };
    let check = move |r: solver::Record| solver::odds::HandQuestion::of_record(&r, seat);
    let search = move |q: solver::odds::HandQuestion, s: &mut solver::Solver| {
        solver::odds::odds(&q, sampling, std::slice::from_mut(s))
    };
    analysis_endpoint(&state, (request, record), main_lane, check, search).await
}

/// Every contract each seat may announce, valued
///
/// Every contract each seat may announce, valued double dummy, the best per seat, and for
/// a played record the declarer's choice against his best (the same object as
/// `schafkopf contracts`; `hands` alone are enough). At three (`"table": "three"`) each
/// seat's six solos.
#[utoipa::path(tag = "analysis", params(BodyParams, PackParams), request_body(content(
        (Posted = "application/json"),
        (String = "text/plain", example = plain_example))),
    responses((status = 200, body = ContractsReport), RecordErrors))]
#[post("/contracts")]
pub(crate) async fn contracts(
    state: web::Data<State>,
    request: RecordRequest,
) -> Result<HttpResponse, ApiError> {
    let record = match request.read()? {
        Body::Four(record) => record,
        Body::Table(table) => {
            // At three, its solos; at von Alvensleben's tables refused by name.
            let (pack, client) = (request.pack, request.client.clone());
            let contracts = |r: TableRecord, s: &mut solver::Solver| {
                r.contracts(Limits::of_solver(s, TABLE_NODES))
            };
            let report = table_search(&state, client, pack, (table, played), contracts).await?;
            return json(&report, pack);
        }
    };
    let check = |r: solver::Record| r.deal().map(|_| r);
    let search = |r: solver::Record, s: &mut solver::Solver| solver::contracts(&r, s);
    analysis_endpoint(&state, (request, record), main_lane, check, search).await
}
