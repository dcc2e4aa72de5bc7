//! Several server processes on one PostgreSQL database: each change a
//! process stores is announced with `NOTIFY burrow_games, 'PROCESS:CODE'`;
//! every process LISTENs, reloads a game it has in memory when another
//! process changed it, and tells its own connections. A notice that is lost
//! (a dropped listening connection) only delays watchers: the next change
//! either process tries finds the stored version moved and reloads.

use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::PgListener;

use super::{Hub, ServeError};

const CHANNEL: &str = "burrow_games";

/// Starts listening for other processes' changes.
pub(super) async fn listen(hub: Arc<Hub>, url: &str) -> Result<(), ServeError> {
    let mut listener = PgListener::connect(url)
        .await
        .map_err(ServeError::Notices)?;
    listener
        .listen(CHANNEL)
        .await
        .map_err(ServeError::Notices)?;
    let me = hub.process.to_string();
    tokio::spawn(async move {
        loop {
            match listener.recv().await {
                Ok(notice) => {
                    if let Some((process, code)) = notice.payload().split_once(':')
                        && process != me
                    {
                        hub.refresh(code).await;
                        // Another process's table may have opened or
                        // filled a seek.
                        hub.announce_lobby().await;
                    }
                }
                // The listener reconnects on the next call.
                Err(e) => {
                    tracing::warn!("change notices interrupted: {e}");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            }
        }
    });
    Ok(())
}

/// Tells the other processes that this one changed `code`.
pub(super) async fn notify(hub: &Hub, code: &str) {
    if !hub.store.is_postgres() {
        return;
    }
    let payload = format!("{}:{code}", hub.process);
    if let Err(e) = sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(payload)
        .execute(hub.store.pool())
        .await
    {
        tracing::warn!("could not announce a change of {code}: {e}");
    }
}
