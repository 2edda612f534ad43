//! `GET /api/v1/auction-model`: the model of declaring fitted to the stored games.

use super::common::*;
use super::ledger::LEDGER_MOST;
use crate::problem::{ApiError, Problem};
use crate::query::{GameFilters, Query};
use actix_web::http::StatusCode;
use actix_web::{get, web, HttpResponse};
use solver::auction::AuctionModel;

/// The model of declaring fitted to the stored games
///
/// The model of declaring fitted to the stored games the filters let through, as
/// `schafkopf auction-model` fits it to a club's logs: how likely a seat with a given hand
/// is to pass, to play a Sauspiel or a solo-class game. Start the service with it (`serve
/// --auction-model FILE`) and its players' view weighs the worlds by this club's
/// auctions. A stored game that does not replay is left out.
#[utoipa::path(tag = "games", params(GameFilters),
    responses((status = 200, body = AuctionModel),
    (status = 400, description = "A bad filter, or too many games", body = Problem, content_type = "application/problem+json"),
    (status = 422, description = "No stored game the filters let through tells of an auction", body = Problem, content_type = "application/problem+json")))]
#[get("/auction-model")]
pub(crate) async fn auction_model(
    state: web::Data<State>,
    filters: Query<GameFilters>,
) -> Result<HttpResponse, ApiError> {
    let filter = filters.filter()?;
    let store = state.clone();
    let records = blocking(move || store.store.records(&filter, LEDGER_MOST)).await?;
    let model = blocking(move || fitted(&records)).await?;
    json(&model, state.pack)
}

/// The model fitted to `records` (each an id and its text), those that replay.
fn fitted(records: &[(String, String)]) -> Result<AuctionModel, ApiError> {
    let setups: Vec<solver::Setup> = records
        .iter()
        .filter_map(|(_, text)| solver::Record::from_json(text).ok()?.game().ok())
        .map(|game| game.setup().clone())
        .collect();
    let model = AuctionModel::fit(&setups, &format!("{} stored games", setups.len()));
    if model.rows == 0 {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "no_auction",
            format!(
                "none of the {} stored games the filters let through tells of an auction \
                 (a Bavarian game with a Sauspiel, a solo or a Ramsch): nothing to fit",
                records.len()
            ),
        ));
    }
    Ok(model)
}
