//! Several server processes on one PostgreSQL database: each change a
//! process stores is announced with `NOTIFY burrow_games, 'PROCESS:CODE'`;
//! every process LISTENs, reloads a game it has in memory when another
//! process changed it, and tells its own connections. When the listening
//! connection drops, the notices meanwhile are lost: the process reads
//! every table it holds again once it is back. A change judged on a table
//! whose notice has not come yet finds the stored version moved (a
//! conflict, or a refusal checked against the stored table) and is judged
//! again.

use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::PgListener;

use super::Hub;
use crate::server::ServeError;

const CHANNEL: &str = "burrow_games";

/// Starts listening for other processes' changes.
pub(crate) async fn listen(hub: Arc<Hub>, url: &str) -> Result<(), ServeError> {
    let mut listener = connect(url).await.map_err(ServeError::Notices)?;
    let me = hub.process.to_string();
    let url = url.to_string();
    tokio::spawn(async move {
        loop {
            follow(&hub, &me, &mut listener).await;
            // The connection is broken in a way the listener does not mend
            // by itself: a new one, then every table read again (the
            // notices meanwhile are gone).
            listener = loop {
                tokio::time::sleep(Duration::from_secs(1)).await;
                match connect(&url).await {
                    Ok(listener) => break listener,
                    Err(e) => tracing::warn!("change notices: cannot listen again: {e}"),
                }
            };
            hub.refresh_all().await;
            hub.announce_lobby().await;
        }
    });
    Ok(())
}

async fn connect(url: &str) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect(url).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

/// Handles the notices until the listener fails.
async fn follow(hub: &Hub, me: &str, listener: &mut PgListener) {
    loop {
        match listener.try_recv().await {
            Ok(Some(notice)) => {
                if let Some((process, code)) = notice.payload().split_once(':')
                    && process != me
                {
                    hub.refresh(code).await;
                    // Another process's table may have opened or filled a
                    // seek.
                    hub.announce_lobby().await;
                }
            }
            // The connection was lost and made again: the notices
            // meanwhile are gone, so every table in memory is read again.
            Ok(None) => {
                tracing::warn!("change notices interrupted; reloading the tables in memory");
                hub.refresh_all().await;
                hub.announce_lobby().await;
            }
            Err(e) => {
                tracing::warn!("change notices: {e}");
                return;
            }
        }
    }
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
