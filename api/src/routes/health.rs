//! `GET /health`: whether the service and its store answer, never behind a search.

use super::common::*;
use crate::schema::Health;
use actix_web::http::header;
use actix_web::{get, web, HttpResponse};

/// How long `/health` waits for the database's answer.
pub(crate) const HEALTH_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// Whether the service can serve
///
/// Whether the service can serve, with the database's state and the solver queue's. Never
/// waits for a search, nor more than two seconds for the database: while the database
/// cannot be reached (or was found so in the last 30 seconds by a request) the answer is
/// 503 with `"status": "degraded"`, so a load balancer can route around the instance.
#[utoipa::path(tag = "service", responses((status = 200, body = Health),
    (status = 503, description = "The database cannot be reached", body = Health)))]
#[get("/health")]
pub(crate) async fn health(state: web::Data<State>) -> HttpResponse {
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
