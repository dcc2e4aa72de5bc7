//! Accounts and their sign-in sessions (each kept as its token's key).

use sqlx::Row;

use super::{Store, StoreError};

/// A stored account.
#[derive(Clone, Debug)]
pub struct StoredPlayer {
    pub key: String,
    pub name: String,
    pub password: String,
    /// A bot account (fixed when it was made).
    pub bot: bool,
    /// The account refuses rated games against bots.
    pub refuse_bots: bool,
}

impl Store {
    /// Stores a new account; false if its name's key is taken.
    pub async fn add_player(&self, player: &StoredPlayer, now_ms: i64) -> Result<bool, StoreError> {
        let result = sqlx::query(
            "INSERT INTO players (key, name, password, created_ms, bot, refuse_bots)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (key) DO NOTHING",
        )
        .bind(&player.key)
        .bind(&player.name)
        .bind(&player.password)
        .bind(now_ms)
        .bind(i64::from(player.bot))
        .bind(i64::from(player.refuse_bots))
        .execute(&self.pool)
        .await?;
        Ok(result.rows_affected() == 1)
    }

    /// The account of a name's key.
    pub async fn player(&self, key: &str) -> Result<Option<StoredPlayer>, StoreError> {
        let row =
            sqlx::query("SELECT key, name, password, bot, refuse_bots FROM players WHERE key = $1")
                .bind(key)
                .fetch_optional(&self.pool)
                .await?;
        row.map(|row| {
            Ok(StoredPlayer {
                key: row.try_get(0)?,
                name: row.try_get(1)?,
                password: row.try_get(2)?,
                bot: row.try_get::<i64, _>(3)? != 0,
                refuse_bots: row.try_get::<i64, _>(4)? != 0,
            })
        })
        .transpose()
        .map_err(|e: sqlx::Error| e.into())
    }

    /// Sets whether an account refuses rated games against bots; false if
    /// there is no such account.
    pub async fn set_refuse_bots(&self, key: &str, refuse: bool) -> Result<bool, StoreError> {
        let result = sqlx::query("UPDATE players SET refuse_bots = $1 WHERE key = $2")
            .bind(i64::from(refuse))
            .bind(key)
            .execute(&self.pool)
            .await?;
        Ok(result.rows_affected() == 1)
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

    /// Ends a session (by its token's key).
    pub async fn drop_session(&self, key: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE key = $1")
            .bind(key)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
