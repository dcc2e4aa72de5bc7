//! The HTTP side: the game list, a game's record, the server's figures.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::online::protocol::ErrorKind;

use super::tables::Hub;

/// What the server holds now: tables in memory and open connections.
pub(super) async fn stats(State(hub): State<Arc<Hub>>) -> Response {
    let tables = hub.live_tables.lock().expect("not poisoned").len();
    let connections = hub.connections.load(Ordering::Relaxed);
    axum::Json(serde_json::json!({ "tables": tables, "connections": connections })).into_response()
}

#[derive(serde::Deserialize)]
pub(super) struct ListQuery {
    status: Option<String>,
}

pub(super) async fn list_games(
    State(hub): State<Arc<Hub>>,
    Query(query): Query<ListQuery>,
) -> Response {
    let finished = match query.status.as_deref() {
        None | Some("all") => None,
        Some("running") => Some(false),
        Some("finished") => Some(true),
        Some(other) => {
            return (
                StatusCode::BAD_REQUEST,
                format!("status `{other}` is not one of all, running, finished"),
            )
                .into_response();
        }
    };
    match hub.store.list(finished, 500).await {
        Ok(games) => axum::Json(serde_json::json!({ "games": games })).into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

#[derive(serde::Deserialize)]
pub(super) struct BoardQuery {
    game: String,
}

/// A game's leaderboard: the best 100 ratings.
pub(super) async fn leaderboard(
    State(hub): State<Arc<Hub>>,
    Query(query): Query<BoardQuery>,
) -> Response {
    if hub.registry.get(&query.game).is_none() {
        return (
            StatusCode::NOT_FOUND,
            format!("no game `{}` here", query.game),
        )
            .into_response();
    }
    match hub.store.leaderboard(&query.game, 100).await {
        Ok(players) => axum::Json(serde_json::json!({ "game": query.game, "players": players }))
            .into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

/// A player's page as JSON: ratings, rating history, recent games.
pub(super) async fn player_page(State(hub): State<Arc<Hub>>, Path(name): Path<String>) -> Response {
    if name.chars().count() > 64 {
        return (StatusCode::NOT_FOUND, "no such player").into_response();
    }
    match hub.store.player_page(&name).await {
        Ok(Some(page)) => axum::Json(page).into_response(),
        Ok(None) => (StatusCode::NOT_FOUND, "no such player").into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

pub(super) async fn game_file(State(hub): State<Arc<Hub>>, Path(file): Path<String>) -> Response {
    let Some(code) = file
        .strip_suffix(".txt")
        .filter(|code| super::keys::is_code(&code.to_ascii_uppercase()))
    else {
        return (StatusCode::NOT_FOUND, "records are at /games/CODE.txt").into_response();
    };
    match hub.live(code).await {
        Ok(live) => {
            let (record, code) = {
                let table = live.table.lock().await;
                (table.record().to_string(), table.code.clone())
            };
            (
                [
                    (
                        header::CONTENT_TYPE,
                        "text/plain; charset=utf-8".to_string(),
                    ),
                    (
                        header::CONTENT_DISPOSITION,
                        format!("attachment; filename=\"burrow-{code}.txt\""),
                    ),
                ],
                record,
            )
                .into_response()
        }
        Err(e) if e.kind == ErrorKind::UnknownGame => {
            (StatusCode::NOT_FOUND, e.message).into_response()
        }
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.message).into_response(),
    }
}
