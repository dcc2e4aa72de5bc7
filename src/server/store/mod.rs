//! Where the server keeps its games: one interface (sqlx's `Any` driver)
//! over an SQLite file or a PostgreSQL database, chosen by the URL.
//!
//! Every change to a table is one transaction that checks the table's
//! `version` first, so two server processes sharing a PostgreSQL database
//! never both apply a change to the same game: the second finds the version
//! moved, reloads the game and judges again.
//!
//! A file per domain, as the queries of each keep to their own tables:
//! `games` (a table's state and turns, the game list, the clocks due),
//! `ratings` (Glicko-2 ratings, their history, a player's page),
//! `seeks` (the lobby) and `players` (accounts and sessions). This
//! module opens the database, brings an older one's tables up to date,
//! and reads the columns the domains share.

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};

use crate::online::protocol::ClockSetting;
use crate::rules::BoardSize;

use super::keys::{KEY_PREFIX, token_key};

mod games;
mod players;
mod ratings;
mod seeks;
#[cfg(test)]
mod tests;

pub use games::Listed;
pub use players::StoredPlayer;

const SCHEMA: [&str; 6] = [
    "CREATE TABLE IF NOT EXISTS games (
        code TEXT PRIMARY KEY,
        version BIGINT NOT NULL,
        variant TEXT NOT NULL,
        size TEXT NOT NULL,
        start TEXT NOT NULL,
        clock_initial_ms BIGINT,
        clock_increment_ms BIGINT,
        white_ms BIGINT,
        black_ms BIGINT,
        clock_started_ms BIGINT,
        white_token TEXT,
        white_name TEXT,
        white_computer TEXT,
        black_token TEXT,
        black_name TEXT,
        black_computer TEXT,
        ply BIGINT NOT NULL,
        winner TEXT,
        reason TEXT,
        rematch_offers TEXT NOT NULL,
        rematch_code TEXT,
        created_ms BIGINT NOT NULL,
        updated_ms BIGINT NOT NULL,
        design TEXT,
        public BIGINT NOT NULL DEFAULT 0,
        white_player TEXT,
        black_player TEXT,
        rated BIGINT NOT NULL DEFAULT 0,
        clock_per_move BIGINT NOT NULL DEFAULT 0,
        deadline_ms BIGINT,
        to_move TEXT,
        white_bot BIGINT NOT NULL DEFAULT 0,
        black_bot BIGINT NOT NULL DEFAULT 0
    )",
    "CREATE TABLE IF NOT EXISTS ratings (
        player TEXT NOT NULL,
        game TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games BIGINT NOT NULL,
        updated_ms BIGINT NOT NULL,
        PRIMARY KEY (player, game)
    )",
    "CREATE TABLE IF NOT EXISTS rating_history (
        player TEXT NOT NULL,
        game TEXT NOT NULL,
        code TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        at_ms BIGINT NOT NULL,
        PRIMARY KEY (player, code)
    )",
    "CREATE TABLE IF NOT EXISTS players (
        key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        password TEXT NOT NULL,
        created_ms BIGINT NOT NULL,
        bot BIGINT NOT NULL DEFAULT 0,
        refuse_bots BIGINT NOT NULL DEFAULT 0
    )",
    "CREATE TABLE IF NOT EXISTS sessions (
        key TEXT PRIMARY KEY,
        player TEXT NOT NULL,
        created_ms BIGINT NOT NULL
    )",
    "CREATE TABLE IF NOT EXISTS turns (
        code TEXT NOT NULL,
        ply BIGINT NOT NULL,
        turn TEXT NOT NULL,
        PRIMARY KEY (code, ply)
    )",
];

/// A change could not be stored.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Another process changed the game first; reload and judge again.
    #[error("the game changed meanwhile")]
    Conflict,
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// A stored game no longer reads (a variant gone, a turn the engine now
    /// refuses): `code` names the game, `source` says what does not read.
    #[error("stored game does not read: {code}: {source}")]
    Corrupt {
        code: String,
        source: Box<dyn std::error::Error + Send + Sync>,
    },
}

/// The database connection pool.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    postgres: bool,
}

impl Store {
    /// Connects (an SQLite file is created if missing) and makes the tables.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let postgres = url.starts_with("postgres:") || url.starts_with("postgresql:");
        // SQLite allows one writer; more connections only queue behind it.
        let connections = if postgres { 16 } else { 1 };
        let pool = AnyPoolOptions::new()
            .max_connections(connections)
            .connect(url)
            .await?;
        if !postgres {
            sqlx::query("PRAGMA journal_mode = WAL")
                .execute(&pool)
                .await?;
            sqlx::query("PRAGMA synchronous = NORMAL")
                .execute(&pool)
                .await?;
        }
        for statement in SCHEMA {
            sqlx::query(statement).execute(&pool).await?;
        }
        for column in [
            "design TEXT",
            "public BIGINT NOT NULL DEFAULT 0",
            "white_player TEXT",
            "black_player TEXT",
            "rated BIGINT NOT NULL DEFAULT 0",
            "clock_per_move BIGINT NOT NULL DEFAULT 0",
            "deadline_ms BIGINT",
            "to_move TEXT",
            "white_bot BIGINT NOT NULL DEFAULT 0",
            "black_bot BIGINT NOT NULL DEFAULT 0",
        ] {
            add_column(&pool, postgres, "games", column).await?;
        }
        for column in [
            "bot BIGINT NOT NULL DEFAULT 0",
            "refuse_bots BIGINT NOT NULL DEFAULT 0",
        ] {
            add_column(&pool, postgres, "players", column).await?;
        }
        hash_plain_tokens(&pool).await?;
        Ok(Store { pool, postgres })
    }

    pub fn is_postgres(&self) -> bool {
        self.postgres
    }

    /// The PostgreSQL pool's URL is needed for LISTEN; see `server::share`.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }
}

/// Adds a column that a newer server keeps (`name TYPE…`) to `table` of
/// an older one's database (games stored before designs could be played
/// online have no `design` column, accounts made before bot accounts no
/// `bot`); the default fills the rows already there.
async fn add_column(
    pool: &AnyPool,
    postgres: bool,
    table: &str,
    column: &str,
) -> Result<(), StoreError> {
    let name = column.split(' ').next().unwrap_or(column);
    if postgres {
        sqlx::query(&format!(
            "ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column}"
        ))
        .execute(pool)
        .await?;
    } else if sqlx::query(&format!("SELECT {name} FROM {table} LIMIT 1"))
        .fetch_optional(pool)
        .await
        .is_err()
    {
        sqlx::query(&format!("ALTER TABLE {table} ADD COLUMN {column}"))
            .execute(pool)
            .await?;
    }
    Ok(())
}

/// Replaces the seat tokens an older server stored in plain text by their
/// keys ([`token_key`]), so the players keep their seats and the database
/// holds no token.
async fn hash_plain_tokens(pool: &AnyPool) -> Result<(), StoreError> {
    for side in ["white", "black"] {
        let column = format!("{side}_token");
        let plain: Vec<(String, String)> = sqlx::query(&format!(
            "SELECT code, {column} FROM games WHERE {column} IS NOT NULL AND {column} NOT LIKE '{KEY_PREFIX}%'"
        ))
        .fetch_all(pool)
        .await?
        .iter()
        .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
        .collect::<Result<_, sqlx::Error>>()?;
        for (code, token) in plain {
            sqlx::query(&format!(
                "UPDATE games SET {column} = $1 WHERE code = $2 AND {column} = $3"
            ))
            .bind(token_key(&token))
            .bind(&code)
            .bind(&token)
            .execute(pool)
            .await?;
        }
    }
    Ok(())
}

/// How a stored seat (`white`/`black`) is shown: its player's name, or
/// `computer (LEVEL)`; None while free.
fn seat_shown(row: &AnyRow, side: &str) -> Result<Option<String>, sqlx::Error> {
    Ok(row
        .try_get::<Option<String>, _>(format!("{side}_name").as_str())?
        .or(row
            .try_get::<Option<String>, _>(format!("{side}_computer").as_str())?
            .map(|level| format!("computer ({level})"))))
}

/// A stored game's board size (`code` names the game if it does not read).
fn stored_size(row: &AnyRow, code: &str) -> Result<BoardSize, StoreError> {
    let size: String = row.try_get("size")?;
    size.parse().map_err(|e| StoreError::Corrupt {
        code: code.to_string(),
        source: Box::new(e),
    })
}

/// A stored game's clock setting.
fn stored_clock(row: &AnyRow) -> Result<Option<ClockSetting>, sqlx::Error> {
    let get = |name: &str| row.try_get::<Option<i64>, _>(name);
    Ok(
        match (get("clock_initial_ms")?, get("clock_increment_ms")?) {
            (Some(initial), Some(increment)) => Some(ClockSetting {
                initial_ms: initial.max(0) as u64,
                increment_ms: increment.max(0) as u64,
                per_move: get("clock_per_move")?.unwrap_or(0) != 0,
            }),
            _ => None,
        },
    )
}
