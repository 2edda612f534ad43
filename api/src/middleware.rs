//! The service's middleware, outermost last as `serve` wraps them: the guard (a foreign
//! Host or a cross-site write refused before any handler, a body that stops arriving
//! answered 408, the docs' own content policy) and the request log.

use crate::security;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderValue, CONNECTION, CONTENT_SECURITY_POLICY};
use actix_web::middleware::Next;
use actix_web::{web, Error, ResponseError};
use std::sync::atomic::Ordering;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// What the guard reads, held as the app's data: the host names served (known once the
/// address is bound: port 0 picks one) and how long a request body may take to arrive.
#[derive(Clone)]
pub(crate) struct Guard {
    pub hosts: Arc<OnceLock<Option<security::Hosts>>>,
    pub body_timeout: Duration,
}

/// Refusals first: a foreign Host or a cross-site write never reaches a handler; a body
/// that stops arriving is answered 408 and its connection closed; the docs' pages get the
/// policy Swagger UI needs.
pub(crate) async fn guard(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let Some(guard) = req.app_data::<web::Data<Guard>>().cloned() else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    let docs = req.path().starts_with("/docs");
    let refused = guard
        .hosts
        .get()
        .and_then(Option::as_ref)
        .map_or(Ok(()), |h| h.check(req.headers()))
        .and_then(|()| security::cross_site(req.method(), req.headers()));
    if let Err(e) = refused {
        return Ok(req.into_response(e.error_response()));
    }
    let expired = security::deadline(&mut req, guard.body_timeout);
    let mut res = next.call(req).await?.map_into_boxed_body();
    if docs {
        let policy = HeaderValue::from_static(security::DOCS_CSP);
        res.headers_mut().insert(CONTENT_SECURITY_POLICY, policy);
    }
    if expired.load(Ordering::Relaxed) {
        // The rest of the body is never read: the connection closes after.
        let answer = security::timed_out(guard.body_timeout).error_response();
        res = res.into_response(answer);
        res.headers_mut()
            .insert(CONNECTION, HeaderValue::from_static("close"));
    }
    Ok(res)
}

/// Logs each request: its method, path, status and milliseconds.
pub(crate) async fn log_request(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let start = Instant::now();
    let (method, path) = (req.method().clone(), req.path().to_string());
    let res = next.call(req).await?;
    tracing::info!(
        %method,
        %path,
        status = res.status().as_u16(),
        ms = start.elapsed().as_millis() as u64,
        "request"
    );
    Ok(res)
}
