//! The ratings: a rated game's result changes both players' ratings in
//! the transaction that stores it; the leaderboards and a player's page
//! read them back.

use sqlx::Row;
use sqlx::any::AnyRow;

use crate::online::protocol::{GameRating, PlayedGame, PlayerPage, Ranked, Rating, RatingPoint};
use crate::online::table::Table;
use crate::rules::Side;

use super::{Store, StoreError, seat_shown};
use crate::server::{accounts, ratings};

/// Changes the ratings of a rated game's players by its result, in the
/// transaction that stores the result (so a result is rated once, even
/// with several server processes).
pub(super) async fn rate_game(
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
            "SELECT r.player, p.name, r.rating, r.deviation, r.volatility, r.games, p.bot
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
                    bot: row.try_get::<Option<i64>, _>(6)?.unwrap_or(0) != 0,
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
        let Some(player) = self.player(&accounts::name_key(name)).await? else {
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
        // Games with both seats taken, running or finished: a waiting
        // table's code is not shown (it could be a friend's seat), nor a
        // table given up before anyone came.
        let games = sqlx::query(
            "SELECT code, variant, size, white_player, white_name, white_computer, black_name,
                black_computer, winner, reason, rated, ply, created_ms, white_bot, black_bot
             FROM games
             WHERE (white_player = $1 OR black_player = $1)
               AND (white_token IS NOT NULL OR white_computer IS NOT NULL)
               AND (black_token IS NOT NULL OR black_computer IS NOT NULL)
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
            let other = side.opponent().word();
            let opponent = seat_shown(row, other)?;
            Ok(PlayedGame {
                code: row.try_get("code")?,
                variant: row.try_get("variant")?,
                size: row.try_get("size")?,
                side,
                opponent,
                opponent_bot: row.try_get::<i64, _>(format!("{other}_bot").as_str())? != 0,
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
            bot: player.bot,
            ratings,
            history,
            games,
        }))
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
