//! The service's sockets and connections: HTTP/1.1 over TCP.
//!
//! actix-web's `HttpServer` serves each connection's bytes as they are; here each passes
//! through [`Answered`], because the HTTP codec answers some requests by itself, before any
//! handler or middleware runs: a head it cannot read (a URL over 65,534 characters, a
//! `Content-Length` that is no number) is 400, a head over its buffer 431, a head that does
//! not arrive in time 408. Those answers have no body and none of the security headers;
//! [`Answered`] completes them (a problem report, the headers every answer carries) as they
//! are written.

use crate::problem::{ApiError, PROBLEM_JSON};
use crate::security;
use actix_service::ServiceFactoryExt;
use actix_web::body::MessageBody;
use actix_web::dev::{AppConfig, Extensions, Server, ServiceFactory};
use actix_web::http::StatusCode;
use actix_web::rt::net::TcpStream;
use actix_web::Error;
use std::io;
use std::net::{TcpListener, ToSocketAddrs};
use std::pin::Pin;
use std::task::{ready, Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// How many connections may wait to be accepted on each socket.
const BACKLOG: i32 = 1024;

/// Binds every address `addr` names (HOST:PORT; port 0 picks a free port), as a restarted
/// service must: `SO_REUSEADDR`, so that connections of the last run still closing do
/// not hold the port.
pub fn bind(addr: &str) -> io::Result<Vec<TcpListener>> {
    let mut listeners = Vec::new();
    for a in addr.to_socket_addrs().map_err(|e| listen_error(addr, e))? {
        let socket = socket2::Socket::new(
            socket2::Domain::for_address(a),
            socket2::Type::STREAM,
            Some(socket2::Protocol::TCP),
        )?;
        socket.set_reuse_address(true)?;
        socket
            .bind(&a.into())
            .and_then(|()| socket.listen(BACKLOG))
            .map_err(|e| listen_error(addr, e))?;
        listeners.push(socket.into());
    }
    if listeners.is_empty() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("'{addr}' names no address to listen on"),
        ));
    }
    Ok(listeners)
}

/// What a failure to listen on `addr` means, in words.
fn listen_error(addr: &str, e: io::Error) -> io::Error {
    match e.kind() {
        io::ErrorKind::AddrInUse => io::Error::new(
            e.kind(),
            format!(
                "{addr}: {e}: another program (or another schafkopf serve) listens there; \
                 stop it or give another --addr"
            ),
        ),
        io::ErrorKind::InvalidInput => io::Error::new(
            e.kind(),
            format!(
                "'{addr}' is not an address to listen on: give HOST:PORT, such as \
                 127.0.0.1:8080, localhost:8080 or 0.0.0.0:8080 ({e})"
            ),
        ),
        _ => io::Error::new(e.kind(), format!("{addr}: {e}")),
    }
}

/// The server over `listeners`, each worker with its own app from `app` (as
/// `HttpServer::new` takes it), every connection's bytes through [`Answered`], each
/// connection remembered for [`crate::client`].
pub fn server<F, I, S, B>(listeners: Vec<TcpListener>, app: F) -> io::Result<Server>
where
    F: Fn() -> I + Send + Clone + 'static,
    I: actix_service::IntoServiceFactory<S, actix_http::Request>,
    S: ServiceFactory<actix_http::Request, Config = AppConfig> + 'static,
    S::Error: Into<Error> + 'static,
    S::InitError: std::fmt::Debug,
    S::Response: Into<actix_http::Response<B>> + 'static,
    <S::Service as actix_web::dev::Service<actix_http::Request>>::Future: 'static,
    S::Service: 'static,
    B: MessageBody + 'static,
{
    let mut builder = Server::build();
    for listener in listeners {
        let addr = listener.local_addr()?;
        let app = app.clone();
        builder = builder.listen(format!("schafkopf-{addr}"), listener, move || {
            let app = actix_service::map_config(
                app().into_factory().map_err(|e| e.into().error_response()),
                |()| AppConfig::default(),
            );
            // As actix-web's `HttpServer` sets them.
            let http = actix_http::HttpService::build()
                .client_disconnect_timeout(Duration::from_secs(1))
                .local_addr(addr)
                .on_connect_ext(|io: &Answered<TcpStream>, data: &mut Extensions| {
                    crate::client::remember(&io.io, data)
                })
                .finish(app);
            actix_service::fn_service(|io: TcpStream| {
                let peer = io.peer_addr().ok();
                std::future::ready(Ok::<_, actix_http::error::DispatchError>((
                    Answered::new(io),
                    actix_http::Protocol::Http1,
                    peer,
                )))
            })
            .and_then(http)
        })?;
    }
    Ok(builder.run())
}

/// A connection whose error answers without a body are completed as they are written.
pub struct Answered<T> {
    io: T,
    /// A completed answer not yet written whole, and how much of it is.
    pending: Vec<u8>,
    sent: usize,
}

impl<T> Answered<T> {
    fn new(io: T) -> Answered<T> {
        Answered {
            io,
            pending: Vec::new(),
            sent: 0,
        }
    }
}

impl<T: AsyncWrite + Unpin> Answered<T> {
    /// Writes what is pending of a completed answer.
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.sent < self.pending.len() {
            let n = ready!(Pin::new(&mut self.io).poll_write(cx, &self.pending[self.sent..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.sent += n;
        }
        self.pending.clear();
        self.sent = 0;
        Poll::Ready(Ok(()))
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Answered<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Answered<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        if let Some(answer) = completed(buf) {
            // Taken whole; written by this call and the flush that follows every answer.
            this.pending = answer;
            if let Poll::Ready(Err(e)) = this.poll_pending(cx) {
                return Poll::Ready(Err(e));
            }
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut this.io).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        Pin::new(&mut this.io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        Pin::new(&mut this.io).poll_shutdown(cx)
    }
}

/// Where `bytes` begin with an error answer of the codec's own (status 400 or more, an
/// empty body, no `Content-Security-Policy`: every answer of the app has one), the answer
/// completed: its status line and headers, the security headers, and a problem report
/// that says what was wrong; the bytes after it as they were. Anything else is `None`.
fn completed(bytes: &[u8]) -> Option<Vec<u8>> {
    let rest = bytes.strip_prefix(b"HTTP/1.1 ")?;
    let status = std::str::from_utf8(rest.get(..3)?)
        .ok()?
        .parse::<u16>()
        .ok()?;
    let status = StatusCode::from_u16(status).ok()?;
    if status.as_u16() < 400 {
        return None;
    }
    let end = bytes.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = std::str::from_utf8(&bytes[..end]).ok()?;
    let mut lines = head.split("\r\n");
    let status_line = lines.next()?;
    let mut kept = Vec::new();
    for line in lines {
        let (name, value) = line.split_once(':')?;
        let name = name.trim().to_ascii_lowercase();
        match name.as_str() {
            "content-security-policy" | "content-type" => return None,
            "content-length" if value.trim() != "0" => return None,
            "content-length" => {}
            _ => kept.push(line),
        }
    }
    let body = serde_json::to_vec(&codec_error(status).problem()).ok()?;
    let mut answer = format!("{status_line}\r\n");
    for line in kept {
        answer.push_str(line);
        answer.push_str("\r\n");
    }
    for (name, value) in security::HEADERS {
        answer.push_str(&format!("{name}: {value}\r\n"));
    }
    answer.push_str(&format!(
        "content-type: {PROBLEM_JSON}\r\ncontent-length: {}\r\n\r\n",
        body.len()
    ));
    let mut answer = answer.into_bytes();
    answer.extend_from_slice(&body);
    answer.extend_from_slice(&bytes[end + 4..]);
    Some(answer)
}

/// What the codec's answer of `status` means.
fn codec_error(status: StatusCode) -> ApiError {
    let (code, detail) = match status {
        StatusCode::BAD_REQUEST => (
            "bad_request",
            "the request could not be read as HTTP/1.1: its request line or a header is \
             malformed (a URL over 65,534 characters, a Content-Length that is not a number, \
             ...)",
        ),
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => (
            "head_too_large",
            "the request's head (its URL and headers) is larger than the service reads \
             (128 KiB)",
        ),
        StatusCode::REQUEST_TIMEOUT => (
            "head_timeout",
            "the request's head did not arrive within 5 seconds",
        ),
        _ => ("http_error", "the HTTP layer refused the request"),
    };
    ApiError::new(status, code, detail)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(bytes: &[u8]) -> String {
        String::from_utf8(bytes.to_vec()).unwrap()
    }

    #[test]
    fn a_bare_answer_of_the_codec_gets_the_headers_and_a_problem() {
        let bare = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\
                     connection: close\r\ndate: Mon, 07 Dec 2026 10:54:19 GMT\r\n\r\n";
        let answer = text(&completed(bare).unwrap());
        let (head, body) = answer.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 431 Request Header Fields Too Large\r\n"));
        assert!(head.contains("\r\nconnection: close\r\n"));
        assert!(head.contains(&format!(
            "\r\nContent-Security-Policy: {}\r\n",
            security::CSP
        )));
        assert!(head.contains("\r\nX-Frame-Options: DENY\r\n"));
        assert!(head.contains(&format!("\r\ncontent-length: {}", body.len())));
        let problem: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(problem["status"], 431);
        assert_eq!(problem["code"], "head_too_large");
    }

    #[test]
    fn the_apps_answers_and_what_follows_them_pass_as_they_are() {
        // An answer of the app carries its policy; a body, a success or half a head is
        // not the codec's answer.
        for bytes in [
            &b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\
               content-security-policy: default-src 'none'\r\n\r\n"[..],
            b"HTTP/1.1 404 Not Found\r\ncontent-length: 2\r\n\r\n{}",
            b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n",
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n",
            b"{\"status\": 400}",
        ] {
            assert_eq!(completed(bytes), None, "{}", text(bytes));
        }
    }
}
