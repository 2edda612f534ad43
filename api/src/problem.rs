//! Errors as `application/problem+json` (RFC 9457): every error the service answers names
//! its fault in `detail`, with a stable `code`.

use actix_web::body::BoxBody;
use actix_web::dev::ServiceResponse;
use actix_web::http::header;
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::ErrorHandlerResponse;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use std::fmt;
use utoipa::ToSchema;

/// The media type of every error answer.
pub const PROBLEM_JSON: &str = "application/problem+json";

/// A problem report (RFC 9457).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "type": "about:blank",
    "title": "Unprocessable Content",
    "status": 422,
    "detail": "card GA appears twice",
    "code": "duplicate_card"
}))]
pub struct Problem {
    /// Always `about:blank`: the status and `code` say what kind of problem it is.
    #[serde(rename = "type")]
    pub kind: String,
    /// The status's reason phrase.
    pub title: String,
    pub status: u16,
    /// What is wrong, in words: names the card, the play, the field, the id.
    pub detail: String,
    /// A stable machine-readable code (`malformed_json`, `duplicate_card`, `illegal_play`,
    /// `not_found`, `busy`, ...).
    pub code: String,
}

/// An error answer of the service.
#[derive(Clone, Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: String,
    pub detail: String,
    /// Seconds after which a retry may succeed (503 when the queue is full).
    pub retry_after: Option<u32>,
    /// The methods a path takes (405).
    pub allow: Option<String>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &str, detail: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code: code.to_string(),
            detail: detail.into(),
            retry_after: None,
            allow: None,
        }
    }

    pub fn not_found(what: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", what)
    }

    /// No endpoint has this path.
    pub fn no_endpoint(method: &Method, path: &str) -> ApiError {
        ApiError::not_found(format!("no endpoint at {method} {path}"))
    }

    /// The path exists, but not with this method; `allow` lists the methods it takes.
    pub fn method_not_allowed(method: &Method, path: &str, allow: Option<&str>) -> ApiError {
        let listed = allow.map_or_else(String::new, |a| format!("; allowed: {a}"));
        let mut e = ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            format!("{method} is not allowed on {path}{listed}"),
        );
        e.allow = allow.map(str::to_string);
        e
    }

    /// The client closed its connection before the answer (499, as nginx logs it); nobody
    /// reads it, but the log does.
    pub fn client_gone() -> ApiError {
        // 499 is within 100..=999, the only codes `from_u16` refuses.
        let status = StatusCode::from_u16(499).expect("a three-digit status code");
        ApiError::new(
            status,
            "client_gone",
            "the client closed the connection before the answer; the search was cancelled",
        )
    }

    pub fn internal(detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", detail)
    }

    pub(crate) fn problem(&self) -> Problem {
        Problem {
            kind: "about:blank".to_string(),
            title: self
                .status
                .canonical_reason()
                .unwrap_or("Error")
                .to_string(),
            status: self.status.as_u16(),
            detail: self.detail.clone(),
            code: self.code.clone(),
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}): {}", self.status, self.code, self.detail)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse<BoxBody> {
        let mut response = HttpResponse::build(self.status);
        response.content_type(PROBLEM_JSON);
        if let Some(seconds) = self.retry_after {
            response.insert_header((header::RETRY_AFTER, seconds.to_string()));
        }
        if let Some(allow) = &self.allow {
            response.insert_header((header::ALLOW, allow.as_str()));
        }
        response.json(self.problem())
    }
}

/// Seconds a client is asked to wait while the database is unavailable.
pub const STORE_RETRY_SECONDS: u32 = 5;

/// The store's faults: an unknown id is 404, an id taken 409, a filter that cannot mean
/// anything 400, a database that cannot be reached 503 with `Retry-After`, and the
/// database's own failure 500 (both logged: the service's fault).
impl From<crate::store::StoreError> for ApiError {
    fn from(e: crate::store::StoreError) -> ApiError {
        use crate::store::StoreError;
        match e {
            StoreError::NotFound(_) => ApiError::not_found(e.to_string()),
            StoreError::Duplicate(_) => {
                ApiError::new(StatusCode::CONFLICT, "duplicate_id", e.to_string())
            }
            StoreError::BadQuery(_) => {
                ApiError::new(StatusCode::BAD_REQUEST, "bad_query", e.to_string())
            }
            StoreError::Unavailable(_) => {
                tracing::error!("{e}");
                let mut answer = ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "store_unavailable",
                    e.to_string(),
                );
                answer.retry_after = Some(STORE_RETRY_SECONDS);
                answer
            }
            StoreError::Db(_) | StoreError::Open { .. } => {
                tracing::error!("{e}");
                ApiError::internal(e.to_string())
            }
        }
    }
}

impl ApiError {
    /// A fault of the library, its cards named in `pack`: malformed JSON is a bad request
    /// (400); everything else about a record breaks the rules or the record format (422);
    /// a search over its budget is 422 too (the same request will not fit later either).
    pub fn solver(e: &solver::Error, pack: solver::Pack) -> ApiError {
        let status = match e {
            solver::Error::MalformedJson(_) => StatusCode::BAD_REQUEST,
            solver::Error::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        };
        ApiError::new(status, e.code(), pack.text(e))
    }
}

/// Turns actix's own error answers (unknown route, wrong method, body too large, ...), which
/// are plain text, into problem reports. Answers that already are problems, and the
/// service's own JSON (a degraded `/health`), pass unchanged.
pub fn rewrite<B>(res: ServiceResponse<B>) -> actix_web::Result<ErrorHandlerResponse<B>> {
    let ours = res.headers().get(header::CONTENT_TYPE).is_some_and(|v| {
        let v = v.as_bytes();
        v.starts_with(PROBLEM_JSON.as_bytes()) || v.starts_with(b"application/json")
    });
    if ours {
        return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
    let status = res.status();
    let (method, path) = (res.request().method(), res.request().path());
    let error = match status {
        StatusCode::NOT_FOUND => ApiError::no_endpoint(method, path),
        StatusCode::METHOD_NOT_ALLOWED => ApiError::method_not_allowed(method, path, None),
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::new(
            status,
            "body_too_large",
            "the request body is larger than the service accepts",
        ),
        _ => ApiError::new(
            status,
            "http_error",
            res.response()
                .error()
                .map_or_else(|| status.to_string(), |e| e.to_string()),
        ),
    };
    let problem = error.error_response();
    let (req, _) = res.into_parts();
    Ok(ErrorHandlerResponse::Response(
        ServiceResponse::new(req, problem).map_into_right_body(),
    ))
}
