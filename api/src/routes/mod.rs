//! The endpoints (INTERFACE.md section 4). Each takes the body as bytes and reads the record
//! with the library's own parser, so a fault is named exactly as on the command line.
//!
//! A file per resource: `analysis.rs` (a posted record), `games.rs` (the store),
//! `ledger.rs`, `auction.rs` (the model of declaring fitted to the store), `health.rs`;
//! `common.rs` what they share.

mod analysis;
mod auction;
mod common;
mod games;
mod health;
mod ledger;

pub use common::State;

use crate::problem::ApiError;
use actix_web::{web, HttpResponse};
use analysis::{analyze, board, contracts, odds, solve};
use games::{create_game, delete_game, game_analysis, game_contracts, get_game, list_games};
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(health::health).service(
        utoipa_actix_web::scope("/api/v1")
            .service(solve)
            .service(analyze)
            .service(contracts)
            .service(odds)
            .service(board)
            .service(create_game)
            .service(list_games)
            .service(get_game)
            .service(delete_game)
            .service(game_analysis)
            .service(game_contracts)
            .service(ledger::ledger)
            .service(auction::auction_model),
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
