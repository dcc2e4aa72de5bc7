//! Where the server keeps its games: one interface (sqlx's `Any` driver)
//! over an SQLite file or a PostgreSQL database, chosen by the URL.
//!
//! Every change to a table is one transaction that checks the table's
//! `version` first, so two server processes sharing a PostgreSQL database
//! never both apply a change to the same game: the second finds the version
//! moved, reloads the game and judges again.

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};

use crate::online::protocol::{
    ClockSetting, EndReason, Finish, GameSetup, MAX_SEEKS, MyGame, Seek, Side,
};
use crate::online::table::{Clocks, Seat, Table, check_setup};
use crate::rules::{BoardSize, History, PlayedTurn, StartLayout, VariantRegistry};

use super::ratings;
use super::tables::{KEY_PREFIX, token_key};
use crate::online::protocol::{GameRating, PlayedGame, PlayerPage, Ranked, Rating, RatingPoint};

/// The `start` column of a table that starts as its game says (no layout
/// chosen).
const GAME_START: &str = "game";

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
        to_move TEXT
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
        created_ms BIGINT NOT NULL
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
    /// refuses).
    #[error("stored game does not read: {0}")]
    Corrupt(String),
}

/// One line of the game list.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Listed {
    pub code: String,
    pub variant: String,
    pub size: String,
    pub white: Option<String>,
    pub black: Option<String>,
    pub turns: i64,
    pub winner: Option<String>,
    pub reason: Option<String>,
    pub created_ms: i64,
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
        add_column(&pool, postgres, "design TEXT").await?;
        add_column(&pool, postgres, "public BIGINT NOT NULL DEFAULT 0").await?;
        add_column(&pool, postgres, "white_player TEXT").await?;
        add_column(&pool, postgres, "black_player TEXT").await?;
        add_column(&pool, postgres, "rated BIGINT NOT NULL DEFAULT 0").await?;
        add_column(&pool, postgres, "clock_per_move BIGINT NOT NULL DEFAULT 0").await?;
        add_column(&pool, postgres, "deadline_ms BIGINT").await?;
        add_column(&pool, postgres, "to_move TEXT").await?;
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

    /// Stores a new table; false if its code is taken.
    pub async fn insert(&self, table: &Table, now_ms: i64) -> Result<bool, StoreError> {
        let clock = table.clocks.map(|c| c.setting);
        let result = sqlx::query(
            "INSERT INTO games (code, version, variant, size, start, clock_initial_ms,
                clock_increment_ms, white_ms, black_ms, clock_started_ms, white_token,
                white_name, white_computer, black_token, black_name, black_computer, ply,
                winner, reason, rematch_offers, rematch_code, created_ms, updated_ms, design,
                public, white_player, black_player, rated, clock_per_move, deadline_ms,
                to_move)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
                $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31)
             ON CONFLICT (code) DO NOTHING",
        )
        .bind(&table.code)
        .bind(table.version)
        .bind(&table.setup.variant)
        .bind(table.setup.size.to_string())
        .bind(table.setup.start.map_or(GAME_START, StartLayout::name))
        .bind(clock.map(|c| c.initial_ms as i64))
        .bind(clock.map(|c| c.increment_ms as i64))
        .bind(table.clocks.map(|c| c.left_ms[0] as i64))
        .bind(table.clocks.map(|c| c.left_ms[1] as i64))
        .bind(table.clocks.and_then(|c| c.started_ms))
        .bind(table.seats[0].key.clone())
        .bind(table.seats[0].name.clone())
        .bind(table.seats[0].computer.map(|level| level.name()))
        .bind(table.seats[1].key.clone())
        .bind(table.seats[1].name.clone())
        .bind(table.seats[1].computer.map(|level| level.name()))
        .bind(i64::from(table.ply()))
        .bind(table.result.map(|f| side_name(f.winner).to_string()))
        .bind(table.result.map(|f| reason_name(f.reason).to_string()))
        .bind(offers_text(&table.rematch_offers))
        .bind(table.rematch_code.clone())
        .bind(table.created_ms)
        .bind(now_ms)
        .bind(table.setup.design.clone())
        .bind(i64::from(table.public))
        .bind(table.seats[0].player.clone())
        .bind(table.seats[1].player.clone())
        .bind(i64::from(table.rated))
        .bind(i64::from(clock.is_some_and(|c| c.per_move)))
        .bind(table.deadline_ms())
        .bind(running_side(table))
        .execute(&self.pool)
        .await?;
        Ok(result.rows_affected() == 1)
    }

    /// Stores every change from `old` (the table as loaded, with its
    /// version) to `new`: its state, and its turns past `old`'s. Fails with
    /// [`StoreError::Conflict`] if the stored version is no longer `old`'s.
    pub async fn update(&self, old: &Table, new: &Table, now_ms: i64) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let changed = sqlx::query(
            "UPDATE games SET version = $1, white_ms = $2, black_ms = $3,
                clock_started_ms = $4, white_token = $5, white_name = $6, black_token = $7,
                black_name = $8, ply = $9, winner = $10, reason = $11, rematch_offers = $12,
                rematch_code = $13, updated_ms = $14, white_player = $15, black_player = $16,
                deadline_ms = $17, to_move = $18
             WHERE code = $19 AND version = $20",
        )
        .bind(new.version)
        .bind(new.clocks.map(|c| c.left_ms[0] as i64))
        .bind(new.clocks.map(|c| c.left_ms[1] as i64))
        .bind(new.clocks.and_then(|c| c.started_ms))
        .bind(new.seats[0].key.clone())
        .bind(new.seats[0].name.clone())
        .bind(new.seats[1].key.clone())
        .bind(new.seats[1].name.clone())
        .bind(i64::from(new.ply()))
        .bind(new.result.map(|f| side_name(f.winner).to_string()))
        .bind(new.result.map(|f| reason_name(f.reason).to_string()))
        .bind(offers_text(&new.rematch_offers))
        .bind(new.rematch_code.clone())
        .bind(now_ms)
        .bind(new.seats[0].player.clone())
        .bind(new.seats[1].player.clone())
        .bind(new.deadline_ms())
        .bind(running_side(new))
        .bind(&new.code)
        .bind(old.version)
        .execute(&mut *tx)
        .await?;
        if changed.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        for (ply, turn) in new.history.turns_since(old.history.ply()) {
            sqlx::query("INSERT INTO turns (code, ply, turn) VALUES ($1, $2, $3)")
                .bind(&new.code)
                .bind(ply as i64)
                .bind(turn.to_string())
                .execute(&mut *tx)
                .await?;
        }
        if new.rated
            && old.result.is_none()
            && let Some(finish) = new.result
        {
            rate_game(&mut tx, new, finish.winner, now_ms).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The stored game of that code, replayed against the engine.
    pub async fn load(
        &self,
        registry: &VariantRegistry,
        code: &str,
    ) -> Result<Option<Table>, StoreError> {
        let Some(row) = sqlx::query("SELECT * FROM games WHERE code = $1")
            .bind(code)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        let turns: Vec<String> = sqlx::query("SELECT turn FROM turns WHERE code = $1 ORDER BY ply")
            .bind(code)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| r.try_get::<String, _>("turn"))
            .collect::<Result<_, _>>()?;
        table_of(registry, &row, &turns).map(Some)
    }

    /// The most recent games first, optionally only running or finished ones.
    pub async fn list(
        &self,
        finished: Option<bool>,
        limit: i64,
    ) -> Result<Vec<Listed>, StoreError> {
        // Private tables (for a friend, by code) are never listed.
        let filter = match finished {
            None => "WHERE public = 1",
            Some(true) => "WHERE public = 1 AND winner IS NOT NULL",
            Some(false) => "WHERE public = 1 AND winner IS NULL",
        };
        let rows = sqlx::query(&format!(
            "SELECT code, variant, size, white_name, white_computer, black_name, black_computer,
                ply, winner, reason, created_ms FROM games {filter}
             ORDER BY created_ms DESC, code LIMIT $1"
        ))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(Listed {
                    code: r.try_get("code")?,
                    variant: r.try_get("variant")?,
                    size: r.try_get("size")?,
                    white: seat_shown(r, "white")?,
                    black: seat_shown(r, "black")?,
                    turns: r.try_get("ply")?,
                    winner: r.try_get("winner")?,
                    reason: r.try_get("reason")?,
                    created_ms: r.try_get("created_ms")?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// The codes of games not finished, for the clock watch after a restart.
    pub async fn running_codes(&self) -> Result<Vec<String>, StoreError> {
        // The games the server must hold at start: a computer at a seat,
        // a clock that runs out soon, or a running clock whose deadline
        // an older server did not store.
        let rows = sqlx::query(
            "SELECT code FROM games WHERE winner IS NULL
               AND (white_computer IS NOT NULL OR black_computer IS NOT NULL
                    OR deadline_ms <= $1
                    OR (deadline_ms IS NULL AND clock_started_ms IS NOT NULL))",
        )
        .bind(super::now_ms() + super::tables::HORIZON_MS)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| r.try_get::<String, _>("code").map_err(StoreError::from))
            .collect()
    }

    /// The running games whose clock runs out by `before_ms`.
    pub async fn due_codes(&self, before_ms: i64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT code FROM games WHERE winner IS NULL AND deadline_ms <= $1")
            .bind(before_ms)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| r.try_get::<String, _>("code").map_err(StoreError::from))
            .collect()
    }
}

/// Databases made before designed games could be played online have no
/// `design` column: it is added (empty: those games are built-in ones).
/// Adds a column that a newer server keeps (`name TYPE…`) to the games
/// of an older one's database.
async fn add_column(pool: &AnyPool, postgres: bool, column: &str) -> Result<(), StoreError> {
    let name = column.split(' ').next().unwrap_or(column);
    if postgres {
        sqlx::query(&format!(
            "ALTER TABLE games ADD COLUMN IF NOT EXISTS {column}"
        ))
        .execute(pool)
        .await?;
    } else if sqlx::query(&format!("SELECT {name} FROM games LIMIT 1"))
        .fetch_optional(pool)
        .await
        .is_err()
    {
        sqlx::query(&format!("ALTER TABLE games ADD COLUMN {column}"))
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

/// Changes the ratings of a rated game's players by its result, in the
/// transaction that stores the result (so a result is rated once, even
/// with several server processes).
async fn rate_game(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    table: &Table,
    winner: Side,
    now_ms: i64,
) -> Result<(), StoreError> {
    let (Some(white), Some(black)) = (
        ratings::rated_player(&table.seats[0]),
        ratings::rated_player(&table.seats[1]),
    ) else {
        return Ok(());
    };
    let game = &table.setup.variant;
    let mut current = Vec::new();
    for player in [&white, &black] {
        let row = sqlx::query(
            "SELECT rating, deviation, volatility, games FROM ratings WHERE player = $1 AND game = $2",
        )
        .bind(player)
        .bind(game)
        .fetch_optional(&mut **tx)
        .await?;
        current.push(match row {
            Some(row) => stored_rating(&row, 0)?,
            None => Rating::default(),
        });
    }
    let (new_white, new_black) = ratings::rate(current[0], current[1], winner);
    for (player, rating) in [(&white, new_white), (&black, new_black)] {
        sqlx::query(
            "INSERT INTO ratings (player, game, rating, deviation, volatility, games, updated_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (player, game) DO UPDATE SET rating = $3, deviation = $4,
                volatility = $5, games = $6, updated_ms = $7",
        )
        .bind(player)
        .bind(game)
        .bind(rating.rating)
        .bind(rating.deviation)
        .bind(rating.volatility)
        .bind(rating.games)
        .bind(now_ms)
        .execute(&mut **tx)
        .await?;
        sqlx::query(
            "INSERT INTO rating_history (player, game, code, rating, deviation, at_ms)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(player)
        .bind(game)
        .bind(&table.code)
        .bind(rating.rating)
        .bind(rating.deviation)
        .bind(now_ms)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// How a rated player is named on a leaderboard.
fn shown_player(key: &str, name: Option<String>) -> String {
    match key.strip_prefix("computer:") {
        Some(level) => format!("computer ({level})"),
        None => name.unwrap_or_else(|| key.to_string()),
    }
}

impl Store {
    /// The best ratings of a game, at most `limit`.
    pub async fn leaderboard(&self, game: &str, limit: i64) -> Result<Vec<Ranked>, StoreError> {
        let rows = sqlx::query(
            "SELECT r.player, p.name, r.rating, r.deviation, r.volatility, r.games
             FROM ratings r LEFT JOIN players p ON p.key = r.player
             WHERE r.game = $1 ORDER BY r.rating DESC, r.player LIMIT $2",
        )
        .bind(game)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let rating = stored_rating(row, 2)?;
                Ok(Ranked {
                    name: shown_player(&row.try_get::<String, _>(0)?, row.try_get(1)?),
                    provisional: rating.provisional(),
                    rating,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// A player's rating in `game`, if they have one.
    pub async fn rating(&self, player: &str, game: &str) -> Result<Option<Rating>, StoreError> {
        let row = sqlx::query(
            "SELECT rating, deviation, volatility, games FROM ratings
             WHERE player = $1 AND game = $2",
        )
        .bind(player)
        .bind(game)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|row| stored_rating(&row, 0)).transpose()?)
    }

    /// The page of the account whose name reads as `name`.
    pub async fn player_page(&self, name: &str) -> Result<Option<PlayerPage>, StoreError> {
        let Some(player) = self.player(&super::accounts::name_key(name)).await? else {
            return Ok(None);
        };
        let ratings = sqlx::query(
            "SELECT game, rating, deviation, volatility, games FROM ratings
             WHERE player = $1 ORDER BY game",
        )
        .bind(&player.key)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|row| {
            let rating = stored_rating(row, 1)?;
            Ok(GameRating {
                game: row.try_get(0)?,
                provisional: rating.provisional(),
                rating,
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;
        let history = sqlx::query(
            "SELECT game, code, rating, deviation, at_ms FROM rating_history
             WHERE player = $1 ORDER BY at_ms, code",
        )
        .bind(&player.key)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|row| {
            Ok(RatingPoint {
                game: row.try_get(0)?,
                code: row.try_get(1)?,
                rating: row.try_get(2)?,
                deviation: row.try_get(3)?,
                at_ms: row.try_get(4)?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;
        // Finished games and games with both seats taken: a waiting
        // table's code is not shown (it could be a friend's seat).
        let games = sqlx::query(
            "SELECT code, variant, size, white_player, white_name, white_computer, black_name,
                black_computer, winner, reason, rated, ply, created_ms FROM games
             WHERE (white_player = $1 OR black_player = $1)
               AND (winner IS NOT NULL OR ((white_token IS NOT NULL OR white_computer IS NOT NULL)
                    AND (black_token IS NOT NULL OR black_computer IS NOT NULL)))
             ORDER BY created_ms DESC, code LIMIT 100",
        )
        .bind(&player.key)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|row| {
            let white_player: Option<String> = row.try_get("white_player")?;
            let side = if white_player.as_deref() == Some(player.key.as_str()) {
                Side::White
            } else {
                Side::Black
            };
            let other = side_name(side.other());
            let opponent = seat_shown(row, other)?;
            Ok(PlayedGame {
                code: row.try_get("code")?,
                variant: row.try_get("variant")?,
                size: row.try_get("size")?,
                side,
                opponent,
                winner: row.try_get("winner")?,
                reason: row.try_get("reason")?,
                rated: row.try_get::<i64, _>("rated")? != 0,
                turns: row.try_get("ply")?,
                created_ms: row.try_get("created_ms")?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;
        Ok(Some(PlayerPage {
            name: player.name,
            ratings,
            history,
            games,
        }))
    }
}

impl Store {
    /// The public tables waiting for a player, newest first.
    pub async fn seeks(&self) -> Result<Vec<Seek>, StoreError> {
        let rows = sqlx::query(
            "SELECT g.code, g.variant, g.size, g.clock_initial_ms, g.clock_increment_ms,
                g.clock_per_move, g.rated, g.design IS NOT NULL AS designed, g.white_name,
                g.white_player, g.white_token, g.white_computer, g.black_name, g.black_player,
                g.black_token, g.black_computer, r.rating AS rating
             FROM games g LEFT JOIN ratings r
               ON r.game = g.variant AND r.player = COALESCE(g.white_player, g.black_player)
             WHERE g.public = 1 AND g.winner IS NULL
               AND ((g.white_token IS NULL AND g.white_computer IS NULL)
                    OR (g.black_token IS NULL AND g.black_computer IS NULL))
             ORDER BY g.created_ms DESC, g.code LIMIT $1",
        )
        .bind(MAX_SEEKS as i64)
        .fetch_all(&self.pool)
        .await?;
        let mut seeks = Vec::new();
        for row in &rows {
            let code: String = row.try_get("code")?;
            let white_free = row.try_get::<Option<String>, _>("white_token")?.is_none()
                && row
                    .try_get::<Option<String>, _>("white_computer")?
                    .is_none();
            let (side, waiting) = if white_free {
                (Side::White, "black")
            } else {
                (Side::Black, "white")
            };
            let clock = stored_clock(row)?;
            seeks.push(Seek {
                size: stored_size(row, &code)?,
                variant: row.try_get("variant")?,
                clock,
                rated: row.try_get::<i64, _>("rated")? != 0,
                design: row
                    .try_get::<bool, _>("designed")
                    .or_else(|_| row.try_get::<i64, _>("designed").map(|d| d != 0))?,
                name: row
                    .try_get::<Option<String>, _>(format!("{waiting}_name").as_str())?
                    .unwrap_or_default(),
                account: row
                    .try_get::<Option<String>, _>(format!("{waiting}_player").as_str())?
                    .is_some(),
                side,
                rating: row.try_get("rating")?,
                code,
            });
        }
        Ok(seeks)
    }
}

/// A rating stored in four columns from `first`: rating, deviation,
/// volatility, games.
fn stored_rating(row: &AnyRow, first: usize) -> Result<Rating, sqlx::Error> {
    Ok(Rating {
        rating: row.try_get(first)?,
        deviation: row.try_get(first + 1)?,
        volatility: row.try_get(first + 2)?,
        games: row.try_get(first + 3)?,
    })
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
    size.parse()
        .map_err(|e| StoreError::Corrupt(format!("{code}: {e}")))
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

/// A stored account.
#[derive(Clone, Debug)]
pub struct StoredPlayer {
    pub key: String,
    pub name: String,
    pub password: String,
}

impl Store {
    /// Stores a new account; false if its name's key is taken.
    pub async fn add_player(&self, player: &StoredPlayer, now_ms: i64) -> Result<bool, StoreError> {
        let result = sqlx::query(
            "INSERT INTO players (key, name, password, created_ms) VALUES ($1, $2, $3, $4)
             ON CONFLICT (key) DO NOTHING",
        )
        .bind(&player.key)
        .bind(&player.name)
        .bind(&player.password)
        .bind(now_ms)
        .execute(&self.pool)
        .await?;
        Ok(result.rows_affected() == 1)
    }

    /// The account of a name's key.
    pub async fn player(&self, key: &str) -> Result<Option<StoredPlayer>, StoreError> {
        let row = sqlx::query("SELECT key, name, password FROM players WHERE key = $1")
            .bind(key)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|row| {
            Ok(StoredPlayer {
                key: row.try_get(0)?,
                name: row.try_get(1)?,
                password: row.try_get(2)?,
            })
        })
        .transpose()
        .map_err(|e: sqlx::Error| e.into())
    }

    /// Stores a session (by its token's key) for an account.
    pub async fn add_session(
        &self,
        key: &str,
        player: &str,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO sessions (key, player, created_ms) VALUES ($1, $2, $3)")
            .bind(key)
            .bind(player)
            .bind(now_ms)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The account a session (by its token's key) signs in.
    pub async fn session(&self, key: &str) -> Result<Option<StoredPlayer>, StoreError> {
        let row = sqlx::query("SELECT player FROM sessions WHERE key = $1")
            .bind(key)
            .fetch_optional(&self.pool)
            .await?;
        match row {
            Some(row) => self.player(&row.try_get::<String, _>(0)?).await,
            None => Ok(None),
        }
    }

    /// Stores when a game's clock runs out and whose turn it is (for a
    /// game an older server stored without them).
    pub async fn store_deadline(&self, table: &Table) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET deadline_ms = $1, to_move = $2 WHERE code = $3")
            .bind(table.deadline_ms())
            .bind(running_side(table))
            .bind(&table.code)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// An account's running games (those with both seats taken or waiting
    /// for a player), most urgent first.
    pub async fn games_of(&self, player: &str) -> Result<Vec<MyGame>, StoreError> {
        let rows = sqlx::query(
            "SELECT code, variant, size, white_player, white_name, white_computer, black_name,
                black_computer, clock_initial_ms, clock_increment_ms, clock_per_move,
                deadline_ms, to_move, updated_ms FROM games
             WHERE winner IS NULL AND (white_player = $1 OR black_player = $1)
             ORDER BY updated_ms DESC, code LIMIT 200",
        )
        .bind(player)
        .fetch_all(&self.pool)
        .await?;
        let mut games = Vec::new();
        for row in &rows {
            let code: String = row.try_get("code")?;
            let white: Option<String> = row.try_get("white_player")?;
            let side = if white.as_deref() == Some(player) {
                Side::White
            } else {
                Side::Black
            };
            let other = side_name(side.other());
            let opponent = seat_shown(row, other)?;
            let to_move: Option<String> = row.try_get("to_move")?;
            games.push(MyGame {
                size: stored_size(row, &code)?,
                variant: row.try_get("variant")?,
                side,
                your_turn: opponent.is_some() && to_move.as_deref() == Some(side_name(side)),
                opponent,
                clock: stored_clock(row)?,
                deadline_ms: row.try_get("deadline_ms")?,
                code,
            });
        }
        // Your turn first, the nearest deadline first among them.
        games.sort_by_key(|g| (!g.your_turn, g.deadline_ms.unwrap_or(i64::MAX)));
        Ok(games)
    }

    pub async fn drop_session(&self, key: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE key = $1")
            .bind(key)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

/// The side to move of a running game (`white`/`black`), for the "your
/// turn" lists; None once it is over.
fn running_side(table: &Table) -> Option<&'static str> {
    table.result.is_none().then(|| side_name(table.to_move()))
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

fn reason_name(reason: EndReason) -> &'static str {
    match reason {
        EndReason::NoCapture => "no-capture",
        EndReason::Time => "time",
        EndReason::Resigned => "resigned",
    }
}

fn offers_text(offers: &[Side]) -> String {
    offers
        .iter()
        .map(|&s| side_name(s))
        .collect::<Vec<_>>()
        .join(",")
}

fn table_of(
    registry: &VariantRegistry,
    row: &AnyRow,
    turns: &[String],
) -> Result<Table, StoreError> {
    let corrupt = |m: String| StoreError::Corrupt(m);
    let get_i64 = |name: &str| -> Result<Option<i64>, StoreError> {
        row.try_get::<Option<i64>, _>(name)
            .map_err(StoreError::from)
    };
    let code: String = row.try_get("code")?;
    let clock = stored_clock(row)?;
    let text = |name: &str| -> Result<String, StoreError> { Ok(row.try_get(name)?) };
    let setup = GameSetup {
        variant: text("variant")?,
        size: text("size")?
            .parse()
            .map_err(|e| corrupt(format!("{code}: {e}")))?,
        start: match text("start")?.as_str() {
            GAME_START => None,
            layout => Some(
                layout
                    .parse()
                    .map_err(|e| corrupt(format!("{code}: {e}")))?,
            ),
        },
        clock,
        design: row.try_get("design")?,
    };
    let checked = check_setup(registry, &setup).map_err(|e| corrupt(format!("{code}: {e}")))?;
    let created_ms: i64 = row.try_get("created_ms")?;
    let mut table = Table::new(code.clone(), checked, created_ms);
    table.public = row.try_get::<i64, _>("public")? != 0;
    table.rated = row.try_get::<i64, _>("rated")? != 0;
    let played = turns
        .iter()
        .enumerate()
        .map(|(i, text)| {
            text.parse::<PlayedTurn>()
                .map_err(|e| corrupt(format!("{code} turn {}: {e}", i + 1)))
        })
        .collect::<Result<Vec<_>, _>>()?;
    table.history = History::replay(&table.rules, *table.history.start(), played)
        .map_err(|e| corrupt(format!("{code}: {e}")))?;
    let seat = |side: &str| -> Result<Seat, StoreError> {
        let computer: Option<String> = row.try_get(format!("{side}_computer").as_str())?;
        Ok(Seat {
            key: row.try_get(format!("{side}_token").as_str())?,
            name: row.try_get(format!("{side}_name").as_str())?,
            player: row.try_get(format!("{side}_player").as_str())?,
            computer: computer
                .map(|level| level.parse())
                .transpose()
                .map_err(|e| corrupt(format!("{code}: {e}")))?,
        })
    };
    table.seats = [seat("white")?, seat("black")?];
    if let (Some(clocks), Some(white), Some(black)) = (
        &mut table.clocks,
        get_i64("white_ms")?,
        get_i64("black_ms")?,
    ) {
        *clocks = Clocks {
            setting: clocks.setting,
            left_ms: [white.max(0) as u64, black.max(0) as u64],
            started_ms: get_i64("clock_started_ms")?,
        };
    }
    let side = |s: &str| match s {
        "white" => Ok(Side::White),
        "black" => Ok(Side::Black),
        other => Err(corrupt(format!("{code}: `{other}` is not a side"))),
    };
    let winner: Option<String> = row.try_get("winner")?;
    let reason: Option<String> = row.try_get("reason")?;
    table.result = match (winner, reason) {
        (Some(w), Some(r)) => Some(Finish {
            winner: side(&w)?,
            reason: match r.as_str() {
                "no-capture" => EndReason::NoCapture,
                "time" => EndReason::Time,
                "resigned" => EndReason::Resigned,
                other => return Err(corrupt(format!("{code}: `{other}` is not an ending"))),
            },
        }),
        _ => None,
    };
    let offers: String = row.try_get("rematch_offers")?;
    table.rematch_offers = offers
        .split(',')
        .filter(|s| !s.is_empty())
        .map(side)
        .collect::<Result<_, _>>()?;
    table.rematch_code = row.try_get("rematch_code")?;
    table.version = row.try_get("version")?;
    if i64::from(table.ply()) != row.try_get::<i64, _>("ply")? {
        return Err(corrupt(format!(
            "{code}: the turn count differs from its turns"
        )));
    }
    Ok(table)
}
