//! What keeps the service safe on an open network (INTERFACE.md section 4, "Security"):
//!
//! - every answer carries the security headers ([`HEADERS`]): a Content-Security-Policy
//!   that runs scripts only from the service's own files, no framing, no sniffing, no
//!   referrer;
//! - a request that would change or cost something (any method but `GET`, `HEAD` and
//!   `OPTIONS`) coming from another site's page is refused ([`cross_site`]): browsers say
//!   where a request comes from (`Sec-Fetch-Site`, `Origin`), and a `text/plain` POST needs
//!   no preflight, so only the server can refuse it. Clients that are not browsers (curl,
//!   scripts) send neither header and are served;
//! - bound to loopback, a request whose `Host` names another machine is refused
//!   ([`Hosts`]): a page whose name is made to resolve to 127.0.0.1 (DNS rebinding) reads
//!   and writes nothing. `--allow-host NAME` adds a public name;
//! - a request body that stops arriving is answered 408 once the body's time is up
//!   ([`deadline`]).

use crate::problem::ApiError;
use actix_web::dev::{Payload, ServiceRequest};
use actix_web::http::header::{self, HeaderMap};
use actix_web::http::{Method, StatusCode};
use actix_web::web::Bytes;
use actix_web::HttpMessage;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

/// A Content-Security-Policy whose styles come from `$styles`: everything else only from
/// the service itself (Swagger UI draws its icons as `data:` images), nothing inline, no
/// framing, no plugins, forms only back to the service.
macro_rules! policy {
    ($styles:literal) => {
        concat!(
            "default-src 'none'; script-src 'self'; style-src ",
            $styles,
            "; img-src 'self' data:; connect-src 'self'; font-src 'self'; \
             form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
        )
    };
}

/// The Content-Security-Policy of every answer: styles, like scripts, only from files.
pub const CSP: &str = policy!("'self'");

/// The policy of the interactive docs (`/docs/`): the same, but Swagger UI sets styles
/// inline as it draws (its scripts still come only from the service).
pub const DOCS_CSP: &str = policy!("'self' 'unsafe-inline'");

/// The headers every answer carries (added where an answer has not set its own).
pub const HEADERS: [(&str, &str); 4] = [
    ("Content-Security-Policy", CSP),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
];

/// Whether a method only reads (a browser may send it from anywhere: links, images).
fn reads_only(method: &Method) -> bool {
    matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// Refuses a request that would change or cost something and comes from another site's
/// page. `Sec-Fetch-Site` (sent by every current browser) is `same-origin` for the
/// service's own pages and `none` for what the user typed; failing that, an `Origin` must
/// name the host the request was sent to.
pub fn cross_site(method: &Method, headers: &HeaderMap) -> Result<(), ApiError> {
    if reads_only(method) {
        return Ok(());
    }
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let refuse = |from: String| {
        Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "cross_site",
            format!(
                "a {method} from another site ({from}) is refused: the service takes such \
                 requests only from its own pages and from clients that are not browsers"
            ),
        ))
    };
    if let Some(site) = text("sec-fetch-site") {
        return match site {
            "same-origin" | "none" => Ok(()),
            other => refuse(format!("Sec-Fetch-Site: {other}")),
        };
    }
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let origin = origin.to_str().unwrap_or("");
    // `scheme://host[:port]`, compared with the Host the request was sent to.
    let host = origin.split_once("://").map(|(_, rest)| rest);
    match (host, text("host")) {
        (Some(from), Some(to)) if from.eq_ignore_ascii_case(to) => Ok(()),
        _ => refuse(format!("Origin: {origin}")),
    }
}

/// The host names a service answers to: on loopback its own addresses and `localhost`,
/// plus the names `--allow-host` gives; `None` where any name goes (bound to a public
/// address with no `--allow-host`).
#[derive(Clone, Debug)]
pub struct Hosts(Vec<String>);

impl Hosts {
    /// The names a service bound to `addrs` answers to.
    pub fn for_bind(addrs: &[SocketAddr], allowed: &[String]) -> Option<Hosts> {
        let loopback = !addrs.is_empty() && addrs.iter().all(|a| a.ip().is_loopback());
        if !loopback && allowed.is_empty() {
            return None;
        }
        let mut names: Vec<String> = allowed.iter().map(|n| normal(n)).collect();
        names.extend(addrs.iter().map(|a| normal(&a.ip().to_string())));
        if loopback {
            names.extend(["localhost", "127.0.0.1", "::1"].map(String::from));
        }
        // Each once (the bound address may be one of the loopback names), in this order.
        let mut seen = std::collections::HashSet::new();
        names.retain(|n| seen.insert(n.clone()));
        Some(Hosts(names))
    }

    /// Refuses a request whose `Host` is none of the names (a request without one, from an
    /// HTTP/1.0 client, names no other machine and is served).
    pub fn check(&self, headers: &HeaderMap) -> Result<(), ApiError> {
        let Some(host) = headers.get(header::HOST) else {
            return Ok(());
        };
        let text = host.to_str().unwrap_or("");
        if self.0.contains(&normal(name_of(text))) {
            return Ok(());
        }
        Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "host_not_allowed",
            format!(
                "Host '{text}' is not a name this service answers to ({}); start it with \
                 --allow-host {} to serve that name",
                self.0.join(", "),
                name_of(text)
            ),
        ))
    }
}

/// The name of a `Host` header: without its port, an IPv6 address without brackets.
fn name_of(host: &str) -> &str {
    if let Some(rest) = host.strip_prefix('[') {
        return rest.split(']').next().unwrap_or(rest);
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}

/// A host name as compared: lower case, without a final dot.
fn normal(name: &str) -> String {
    name.trim_end_matches('.').to_ascii_lowercase()
}

/// The request's body, cut off with an error once `limit` has passed since the request
/// came; the flag says that it was (the answer is then 408, see [`timed_out`]).
pub fn deadline(req: &mut ServiceRequest, limit: Duration) -> Arc<AtomicBool> {
    let expired = Arc::new(AtomicBool::new(false));
    let body = Deadline {
        inner: req.take_payload(),
        timer: Box::pin(tokio::time::sleep(limit)),
        expired: Arc::clone(&expired),
    };
    let stream: Pin<Box<dyn futures_core::Stream<Item = BodyChunk>>> = Box::pin(body);
    req.set_payload(Payload::from(stream));
    expired
}

/// The 408 of a body that did not arrive in time.
pub fn timed_out(limit: Duration) -> ApiError {
    ApiError::new(
        StatusCode::REQUEST_TIMEOUT,
        "body_timeout",
        format!(
            "the request body did not arrive within {} seconds (--body-timeout)",
            limit.as_secs()
        ),
    )
}

/// A body stream with a deadline.
struct Deadline {
    inner: Payload,
    timer: Pin<Box<tokio::time::Sleep>>,
    expired: Arc<AtomicBool>,
}

/// What a body stream yields.
type BodyChunk = Result<Bytes, actix_web::error::PayloadError>;

impl futures_core::Stream for Deadline {
    type Item = BodyChunk;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if let Poll::Ready(item) = Pin::new(&mut self.inner).poll_next(cx) {
            return Poll::Ready(item);
        }
        if self.timer.as_mut().poll(cx).is_ready() {
            self.expired.store(true, Ordering::Relaxed);
            let e = std::io::Error::new(std::io::ErrorKind::TimedOut, "the body stopped arriving");
            return Poll::Ready(Some(Err(e.into())));
        }
        Poll::Pending
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::http::header::{HeaderName, HeaderValue};

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (k, v) in pairs {
            map.insert(HeaderName::from_static(k), HeaderValue::from_static(v));
        }
        map
    }

    #[test]
    fn a_write_from_another_site_is_refused_and_one_from_the_service_taken() {
        let post = Method::POST;
        let own = headers(&[
            ("host", "127.0.0.1:8080"),
            ("sec-fetch-site", "same-origin"),
        ]);
        assert!(cross_site(&post, &own).is_ok());
        let typed = headers(&[("sec-fetch-site", "none")]);
        assert!(cross_site(&post, &typed).is_ok());
        let other = headers(&[("host", "127.0.0.1:8080"), ("sec-fetch-site", "cross-site")]);
        assert_eq!(cross_site(&post, &other).unwrap_err().code, "cross_site");
        let sibling = headers(&[("sec-fetch-site", "same-site")]);
        assert!(cross_site(&post, &sibling).is_err());
        // An older browser sends only Origin.
        let origin = headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:8080"),
        ]);
        assert!(cross_site(&post, &origin).is_ok());
        let evil = headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "https://evil.example"),
        ]);
        assert!(cross_site(&post, &evil).is_err());
        let null = headers(&[("host", "127.0.0.1:8080"), ("origin", "null")]);
        assert!(cross_site(&post, &null).is_err());
        // curl sends neither; a GET may come from anywhere.
        assert!(cross_site(&post, &headers(&[("host", "x")])).is_ok());
        assert!(cross_site(&Method::GET, &other).is_ok());
        assert!(cross_site(&Method::DELETE, &other).is_err());
    }

    #[test]
    fn on_loopback_only_its_own_names_are_served() {
        let loopback: SocketAddr = "127.0.0.1:8080".parse().unwrap();
        let hosts = Hosts::for_bind(&[loopback], &[]).unwrap();
        for ok in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST",
            "[::1]:8080",
            "localhost.",
        ] {
            let h = HeaderMap::from_iter([(header::HOST, HeaderValue::from_static(ok))]);
            assert!(hosts.check(&h).is_ok(), "{ok}");
        }
        let evil =
            HeaderMap::from_iter([(header::HOST, HeaderValue::from_static("evil.example:8080"))]);
        let e = hosts.check(&evil).unwrap_err();
        assert_eq!(e.code, "host_not_allowed");
        assert!(
            e.detail.contains("(127.0.0.1, localhost, ::1)"),
            "{}",
            e.detail
        );
        assert!(
            e.detail.contains("--allow-host evil.example"),
            "{}",
            e.detail
        );
        let named = Hosts::for_bind(&[loopback], &["Schafkopf.Example.org".into()]).unwrap();
        let public = HeaderMap::from_iter([(
            header::HOST,
            HeaderValue::from_static("schafkopf.example.org"),
        )]);
        assert!(named.check(&public).is_ok());
        // Bound to every address with no names given: any name goes.
        let any: SocketAddr = "0.0.0.0:8080".parse().unwrap();
        assert!(Hosts::for_bind(&[any], &[]).is_none());
        assert!(Hosts::for_bind(&[any], &["a.example".into()]).is_some());
    }
}
