//! The lobby: the public tables waiting for a player, read from the
//! games (so every server process on one database lists the same seeks).

use sqlx::Row;

use crate::online::protocol::{MAX_SEEKS, Seek};
use crate::rules::Side;

use super::{Store, StoreError, stored_clock, stored_size};

impl Store {
    /// The public tables waiting for a player, newest first.
    pub async fn seeks(&self) -> Result<Vec<Seek>, StoreError> {
        let rows = sqlx::query(
            "SELECT g.code, g.variant, g.size, g.clock_initial_ms, g.clock_increment_ms,
                g.clock_per_move, g.rated, g.design IS NOT NULL AS designed, g.white_name,
                g.white_player, g.white_token, g.white_computer, g.black_name, g.black_player,
                g.black_token, g.black_computer, g.white_bot, g.black_bot, r.rating AS rating
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
                bot: row.try_get::<i64, _>(format!("{waiting}_bot").as_str())? != 0,
                side,
                rating: row.try_get("rating")?,
                code,
            });
        }
        Ok(seeks)
    }
}
