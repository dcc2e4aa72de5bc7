//! `burrow serve`: online play. HTTP and WebSocket (axum on tokio), the
//! games in a database ([`store`]), every turn judged by the same engine
//! the game uses ([`crate::online::table`]).
//!
//! - `GET /ws`: the WebSocket of [`crate::online::protocol`];
//! - `GET /games` (`?status=running|finished`): the game list as JSON;
//! - `GET /games/CODE.txt`: a game's record, in the save-file format;
//! - `GET /health`: `ok`;
//! - `GET /stats`: the tables in memory and the open connections, as JSON;
//! - `GET /players?game=ID`: a game's leaderboard ([`ratings`]);
//! - `GET /players/NAME`: a player's ratings, rating history and games;
//! - anything else: the files of `--site` (the web build), if given.
//!
//! A table lives in memory while anyone uses it ([`LiveTable`]) and in the
//! database always: one nobody follows, no computer thinks for and no clock
//! runs at is let go within seconds. A restarted server loads each game
//! when it is next asked for (and the running clocks at once).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use axum::Router;
use axum::routing::get;

use crate::rules::VariantRegistry;

pub mod accounts;
mod http;
mod keys;
pub mod limits;
mod pairing;
pub mod ratings;
mod socket;
pub mod store;
mod tables;

pub use limits::ConnectionLimits;
pub use tables::{Hub, LiveTable};

/// What `burrow serve` was asked for.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    pub listen: SocketAddr,
    /// `sqlite://FILE?mode=rwc` or `postgres://…`.
    pub database: String,
    /// The web build's folder, served at `/`.
    pub site: Option<PathBuf>,
    /// How long the server's computer thinks per turn.
    pub think: Duration,
    /// Deadlines and limits on connections.
    pub limits: ConnectionLimits,
    /// The certificate chain and key (PEM files) to serve over TLS with;
    /// none: plain HTTP (behind a proxy that does TLS, or on a private
    /// network).
    pub tls: Option<(PathBuf, PathBuf)>,
}

/// The database a server uses when none is named: a file in the current
/// folder, created on first use.
pub const DEFAULT_DATABASE: &str = "sqlite://burrow-games.sqlite?mode=rwc";

/// Why a server did not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot start the server's runtime: {0}")]
    Runtime(#[source] std::io::Error),
    #[error("cannot open the database {database}: {source}")]
    Open {
        database: String,
        source: store::StoreError,
    },
    #[error("cannot read the games: {0}")]
    Resume(#[source] store::StoreError),
    #[error("cannot listen on the database: {0}")]
    Notices(#[source] sqlx::Error),
    #[error(transparent)]
    Tls(#[from] crate::online::tls::TlsError),
    #[error("cannot listen on {address}: {source}")]
    Listen {
        address: SocketAddr,
        source: std::io::Error,
    },
}

/// Runs the server until Ctrl-C.
pub fn serve(registry: VariantRegistry, options: ServeOptions) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    runtime.block_on(run(registry, options))
}

/// How often `burrow serve` looks whether its certificate's files changed.
const CERTIFICATE_LOOK: Duration = Duration::from_secs(5);

async fn run(registry: VariantRegistry, options: ServeOptions) -> Result<(), ServeError> {
    // The certificate first: a wrong file stops the server before it opens
    // the database.
    let tls = match &options.tls {
        Some((certificate, key)) => {
            let served = crate::online::tls::ServerCertificate::load(certificate, key)?;
            let config = served.config()?;
            tokio::spawn(async move {
                let mut every = tokio::time::interval(CERTIFICATE_LOOK);
                loop {
                    every.tick().await;
                    match served.refresh() {
                        Ok(true) => tracing::info!("the certificate's files changed: read again"),
                        Ok(false) => {}
                        Err(e) => tracing::warn!(
                            "the certificate's files changed but {e}; the old one stays in use"
                        ),
                    }
                }
            });
            Some(tokio_rustls::TlsAcceptor::from(config))
        }
        None => None,
    };
    let scheme = if tls.is_some() { "https" } else { "http" };
    let app = router(registry, &options).await?;
    let listen = |source| ServeError::Listen {
        address: options.listen,
        source,
    };
    let listener = tokio::net::TcpListener::bind(options.listen)
        .await
        .map_err(listen)?;
    let address = listener.local_addr().map_err(listen)?;
    // Tests and scripts read this line for the port.
    println!("burrow server listening on {scheme}://{address}");
    use std::io::Write;
    let _ = std::io::stdout().flush();
    let total = options
        .limits
        .total
        .unwrap_or_else(limits::connections_that_fit);
    tracing::info!(
        "listening on {scheme}://{address}, games in {}, at most {total} connections",
        options.database
    );
    let gate = limits::Gate::new(options.limits.per_address, total);
    limits::serve(listener, app, options.limits, gate, tls, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await;
    Ok(())
}

/// The whole server as an axum [`Router`], its store opened and its
/// background tasks (the clock watch, the change notices of a shared
/// PostgreSQL, the computers of running games) started on the current
/// tokio runtime. `burrow serve` binds it to `--listen`; a test can serve
/// it on any listener in its own process.
pub async fn router(
    registry: VariantRegistry,
    options: &ServeOptions,
) -> Result<Router, ServeError> {
    let hub = Hub::open(
        registry,
        &options.database,
        options.think,
        options.limits.idle,
    )
    .await?;
    if hub.is_postgres() {
        tables::listen(hub.clone(), &options.database).await?;
    }
    hub.clone().resume_running().await?;
    tokio::spawn(tables::watch_clocks(hub.clone()));

    let mut app = Router::new()
        .route("/ws", get(socket::websocket))
        .route("/games", get(http::list_games))
        .route("/games/{file}", get(http::game_file))
        .route("/players", get(http::leaderboard))
        .route("/players/{name}", get(http::player_page))
        .route("/health", get(|| async { "ok" }))
        .route("/stats", get(http::stats));
    if let Some(site) = &options.site {
        app = app.fallback_service(
            tower_http::services::ServeDir::new(site)
                .precompressed_br()
                .precompressed_gzip(),
        );
    }
    Ok(app.with_state(hub))
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}
