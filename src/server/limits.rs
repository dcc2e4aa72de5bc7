//! The server's connections: its own accept loop, with a deadline for a
//! request's head and a limit on open connections, per address and in all.
//!
//! A socket that opens and sends nothing costs the server a file. Without
//! limits, enough of them (a thousand on a machine with the usual limit of
//! 1,024 files) leave no file for a new player, the health check or the
//! database. So:
//! - a connection must send a whole request head within
//!   [`ConnectionLimits::handshake`] (hyper's header timeout; the same
//!   deadline holds between two requests of a kept-alive connection), or
//!   it is closed;
//! - a WebSocket that sends nothing for [`ConnectionLimits::idle`] is
//!   closed (the server pings it every third of that time, and every
//!   browser and WebSocket library answers pings by itself, so only a dead
//!   or silent peer is cut);
//! - one address holds at most [`ConnectionLimits::per_address`]
//!   connections and the server at most [`ConnectionLimits::total`]; a
//!   connection over either is closed as soon as it is accepted;
//! - at start the soft limit on open files is raised to the hard one, and
//!   the total stays below it with room for the database and the site's
//!   files.

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tower::ServiceExt;

/// The limits on the server's connections.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// Time a connection has to send a request's head.
    pub handshake: Duration,
    /// Time a WebSocket may stay silent (no frame at all) before it is
    /// closed.
    pub idle: Duration,
    /// Connections one IP address may hold open (0: no limit; a server
    /// behind a reverse proxy sees every player at the proxy's address).
    pub per_address: usize,
    /// Connections the server holds open in all (None: as many as its
    /// open-file limit allows, less [`FILES_KEPT`]).
    pub total: Option<usize>,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            handshake: Duration::from_secs(10),
            idle: Duration::from_secs(60),
            per_address: 256,
            total: None,
        }
    }
}

/// Files the server keeps for itself below its open-file limit: the
/// database's connections and files, the site's files being read, the log.
pub const FILES_KEPT: u64 = 64;

/// Raises the soft limit on open files to the hard one (where the system
/// has such limits) and says how many connections fit below it.
pub fn connections_that_fit() -> usize {
    #[cfg(unix)]
    {
        match rlimit::increase_nofile_limit(u64::MAX) {
            Ok(files) => files.saturating_sub(FILES_KEPT).max(1) as usize,
            Err(e) => {
                tracing::warn!("cannot read the open-file limit: {e}");
                1024 - FILES_KEPT as usize
            }
        }
    }
    #[cfg(not(unix))]
    {
        // Windows has no per-process limit of this kind worth asking for.
        16_384
    }
}

/// The connections open now, by address: a connection is admitted while
/// both limits allow, and counted until its [`Admitted`] is dropped (the
/// HTTP connection's and, after an upgrade, the WebSocket's).
#[derive(Debug)]
pub struct Gate {
    per_address: usize,
    total: usize,
    open: Mutex<(usize, HashMap<IpAddr, usize>)>,
}

/// One admitted connection, let go when the last holder drops it.
#[derive(Debug)]
pub struct Admitted {
    gate: Arc<Gate>,
    address: IpAddr,
}

impl Gate {
    pub fn new(per_address: usize, total: usize) -> Arc<Gate> {
        Arc::new(Gate {
            per_address,
            total,
            open: Mutex::new((0, HashMap::new())),
        })
    }

    /// Admits a connection from `address`, or None if a limit is reached.
    pub fn admit(self: &Arc<Self>, address: IpAddr) -> Option<Admitted> {
        let mut open = self.open.lock().expect("not poisoned");
        let (total, by_address) = &mut *open;
        let here = by_address.get(&address).copied().unwrap_or(0);
        if *total >= self.total || (self.per_address > 0 && here >= self.per_address) {
            return None;
        }
        *total += 1;
        by_address.insert(address, here + 1);
        Some(Admitted {
            gate: self.clone(),
            address,
        })
    }

    /// Connections open now.
    pub fn open(&self) -> usize {
        self.open.lock().expect("not poisoned").0
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut open = self.gate.open.lock().expect("not poisoned");
        let (total, by_address) = &mut *open;
        *total -= 1;
        if let Some(here) = by_address.get_mut(&self.address) {
            *here -= 1;
            if *here == 0 {
                by_address.remove(&self.address);
            }
        }
    }
}

/// A WebSocket's share of its connection's admission: the upgrade handler
/// finds it in the request's extensions and keeps it while the socket is
/// open.
#[derive(Clone, Debug)]
pub struct Admission(#[allow(dead_code)] pub Arc<Admitted>);

/// Whether an accept error concerns one connection only (the listener is
/// fine and the next accept may succeed at once).
fn is_connection_error(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        e.kind(),
        ConnectionRefused | ConnectionAborted | ConnectionReset
    )
}

/// Serves `app` on `listener` until `shutdown` completes, within `limits`;
/// over TLS when `tls` is given (its handshake within the deadline of a
/// request's head).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    gate: Arc<Gate>,
    tls: Option<tokio_rustls::TlsAcceptor>,
    shutdown: impl Future<Output = ()>,
) {
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, peer): (_, SocketAddr) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) if is_connection_error(&e) => continue,
                Err(e) => {
                    // Out of files (or another trouble of the listener):
                    // wait for connections to close rather than spin.
                    tracing::warn!("accepting a connection: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut shutdown => return,
        };
        let Some(admitted) = gate.admit(peer.ip()) else {
            tracing::debug!("{peer}: over the connection limits, closed");
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let admission = Admission(Arc::new(admitted));
        let app = app.clone();
        let tls = tls.clone();
        tokio::spawn(async move {
            let Some(tls) = tls else {
                return serve_connection(stream, app, admission, peer, limits).await;
            };
            match tokio::time::timeout(limits.handshake, tls.accept(stream)).await {
                Ok(Ok(stream)) => serve_connection(stream, app, admission, peer, limits).await,
                Ok(Err(e)) => tracing::debug!("{peer}: TLS handshake: {e}"),
                Err(_) => tracing::debug!("{peer}: no TLS handshake in time"),
            }
        });
    }
}

/// One HTTP/1 connection (and the WebSocket it may become) on `stream`,
/// plain or TLS.
async fn serve_connection<S>(
    stream: S,
    app: Router,
    admission: Admission,
    peer: SocketAddr,
    limits: ConnectionLimits,
) where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(admission.clone());
        request
            .extensions_mut()
            .insert(axum::extract::ConnectInfo(peer));
        let app = app.clone();
        async move {
            Ok::<_, Infallible>(
                app.oneshot(request.map(axum::body::Body::new))
                    .await
                    .unwrap_or_else(|never| match never {}),
            )
        }
    });
    let connection = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.handshake)
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    if let Err(e) = connection.await {
        tracing::debug!("{peer}: {e}");
    }
}

/// A token bucket: `rate` a second, `burst` at once. A connection's
/// frames and its sign-in attempts each take from one.
#[derive(Debug)]
pub(super) struct Bucket {
    level: f64,
    at: std::time::Instant,
    rate: f64,
    burst: f64,
}

impl Bucket {
    pub(super) fn full(rate: f64, burst: f64) -> Bucket {
        Bucket {
            level: burst,
            at: std::time::Instant::now(),
            rate,
            burst,
        }
    }

    /// Takes one token; false (and nothing taken) if none is left.
    pub(super) fn take(&mut self) -> bool {
        self.take_at(std::time::Instant::now())
    }

    /// The same at the time `now`.
    fn take_at(&mut self, now: std::time::Instant) -> bool {
        let gained = now.duration_since(self.at).as_secs_f64() * self.rate;
        self.level = (self.level + gained).min(self.burst);
        self.at = now;
        if self.level >= 1.0 {
            self.level -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gate_counts_per_address_and_in_all() {
        let gate = Gate::new(2, 3);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let first = gate.admit(a).expect("live");
        let second = gate.admit(a).expect("live");
        assert!(gate.admit(a).is_none(), "two per address");
        let third = gate.admit(b).expect("another address");
        assert!(gate.admit(b).is_none(), "three in all");
        assert_eq!(gate.open(), 3);
        drop(first);
        assert_eq!(gate.open(), 2);
        let again = gate.admit(a).expect("a place freed");
        drop((second, third, again));
        assert_eq!(gate.open(), 0);
        assert!(gate.open.lock().unwrap().1.is_empty(), "nothing kept");
        let unlimited = Gate::new(0, 10);
        let held: Vec<_> = (0..10)
            .map(|_| unlimited.admit(a).expect("no per-address limit"))
            .collect();
        assert!(unlimited.admit(b).is_none());
        drop(held);
    }

    #[test]
    fn a_bucket_gives_its_burst_then_its_rate() {
        let mut bucket = Bucket::full(0.1, 5.0);
        let start = bucket.at;
        assert!((0..5).all(|_| bucket.take_at(start)), "five at once");
        assert!(!bucket.take_at(start), "then none until it fills again");
        // Ten seconds later, one more.
        let later = start + Duration::from_secs(10);
        assert!(bucket.take_at(later));
        assert!(!bucket.take_at(later));
        // It never holds more than its burst, however long it waits.
        let much_later = later + Duration::from_secs(3600);
        assert_eq!((0..10).filter(|_| bucket.take_at(much_later)).count(), 5);
    }
}
