//! Whether the client of a request is still there: a search nobody waits for is cancelled
//! ([`crate::pool::Pool::run`]).
//!
//! actix-web does not always drop a handler whose client has closed its connection (it
//! notices only when it next reads or writes), so the service keeps its own handle on each
//! connection: a duplicate of the socket taken when the connection opens. Peeking at it
//! without waiting tells a closed connection (end of stream, or reset) from an open one.
//! A client that shuts down only its sending side and still waits for the answer would be
//! taken for gone; HTTP clients do not do that.

use std::any::Any;
use std::io::ErrorKind;
use std::net::TcpStream;
use std::os::fd::AsFd;
use std::sync::Arc;

/// A connection's own handle on its socket (the connection's data, see [`remember`]).
#[derive(Clone)]
pub struct Client(Arc<TcpStream>);

/// Stores the [`Client`] of a new connection in its data ([`crate::listen::server`]). A
/// socket that cannot be duplicated (out of descriptors) leaves none: its requests run to
/// the end whatever the client does.
pub fn remember(connection: &dyn Any, data: &mut actix_web::dev::Extensions) {
    let Some(socket) = connection.downcast_ref::<actix_web::rt::net::TcpStream>() else {
        return;
    };
    match socket.as_fd().try_clone_to_owned() {
        Ok(fd) => {
            data.insert(Client(Arc::new(TcpStream::from(fd))));
        }
        Err(e) => tracing::warn!("cannot watch a connection for its client leaving: {e}"),
    }
}

impl Client {
    /// Whether the client has closed the connection. The socket is non-blocking (the
    /// server's), so the peek returns at once: data or "nothing yet" mean an open
    /// connection, the end of the stream or an error a closed one.
    pub fn gone(&self) -> bool {
        let mut byte = [0u8; 1];
        match self.0.peek(&mut byte) {
            Ok(0) => true,
            Ok(_) => false,
            Err(e) => !matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::Interrupted),
        }
    }
}
