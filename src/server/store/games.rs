//! The games: a table's state and its turns, stored and read back; the
//! public game list; the running games the clock watch must hold.

use sqlx::Row;
use sqlx::any::AnyRow;

use crate::online::protocol::{EndReason, Finish, GameSetup, MyGame};
use crate::online::table::{Clocks, Seat, Table, check_setup};
use crate::rules::{History, ParseTurnError, PlayedTurn, Side, StartLayout, VariantRegistry};

use super::ratings::rate_game;
use super::{Store, StoreError, seat_shown, stored_clock, stored_size};

/// The `start` column of a table that starts as its game says (no layout
/// chosen).
const GAME_START: &str = "game";

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

impl Store {
    /// Stores a new table; false if its code is taken.
    pub async fn insert(&self, table: &Table, now_ms: i64) -> Result<bool, StoreError> {
        let clock = table.clocks.map(|c| c.setting);
        let result = sqlx::query(
            "INSERT INTO games (code, version, variant, size, start, clock_initial_ms,
                clock_increment_ms, white_ms, black_ms, clock_started_ms, white_token,
                white_name, white_computer, black_token, black_name, black_computer, ply,
                winner, reason, rematch_offers, rematch_code, created_ms, updated_ms, design,
                public, white_player, black_player, rated, clock_per_move, deadline_ms,
                to_move, white_bot, black_bot)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
                $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31,
                $32, $33)
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
        .bind(table.result.map(|f| f.winner.word().to_string()))
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
        .bind(i64::from(table.seats[0].bot))
        .bind(i64::from(table.seats[1].bot))
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
                deadline_ms = $17, to_move = $18, white_bot = $19, black_bot = $20
             WHERE code = $21 AND version = $22",
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
        .bind(new.result.map(|f| f.winner.word().to_string()))
        .bind(new.result.map(|f| reason_name(f.reason).to_string()))
        .bind(offers_text(&new.rematch_offers))
        .bind(new.rematch_code.clone())
        .bind(now_ms)
        .bind(new.seats[0].player.clone())
        .bind(new.seats[1].player.clone())
        .bind(new.deadline_ms())
        .bind(running_side(new))
        .bind(i64::from(new.seats[0].bot))
        .bind(i64::from(new.seats[1].bot))
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

    /// The codes of games not finished that the server holds from its
    /// start: for the clock watch after a restart, those whose clocks run
    /// out by `before_ms`.
    pub async fn running_codes(&self, before_ms: i64) -> Result<Vec<String>, StoreError> {
        // The games the server must hold at start: a computer at a seat,
        // a clock that runs out soon, or a running clock whose deadline
        // an older server did not store.
        self.codes(
            "SELECT code FROM games WHERE winner IS NULL
               AND (white_computer IS NOT NULL OR black_computer IS NOT NULL
                    OR deadline_ms <= $1
                    OR (deadline_ms IS NULL AND clock_started_ms IS NOT NULL))",
            before_ms,
        )
        .await
    }

    /// The running games whose clock runs out by `before_ms`.
    pub async fn due_codes(&self, before_ms: i64) -> Result<Vec<String>, StoreError> {
        self.codes(
            "SELECT code FROM games WHERE winner IS NULL AND deadline_ms <= $1",
            before_ms,
        )
        .await
    }

    /// The codes a query of games by a time (`$1`) selects.
    async fn codes(&self, query: &str, before_ms: i64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(query)
            .bind(before_ms)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| r.try_get::<String, _>("code").map_err(StoreError::from))
            .collect()
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
                deadline_ms, to_move, updated_ms, white_bot, black_bot FROM games
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
            let other = side.opponent().word();
            let opponent = seat_shown(row, other)?;
            let to_move: Option<String> = row.try_get("to_move")?;
            games.push(MyGame {
                size: stored_size(row, &code)?,
                variant: row.try_get("variant")?,
                side,
                your_turn: opponent.is_some() && to_move.as_deref() == Some(side.word()),
                opponent,
                opponent_bot: row.try_get::<i64, _>(format!("{other}_bot").as_str())? != 0,
                clock: stored_clock(row)?,
                deadline_ms: row.try_get("deadline_ms")?,
                code,
            });
        }
        // Your turn first, the nearest deadline first among them.
        games.sort_by_key(|g| (!g.your_turn, g.deadline_ms.unwrap_or(i64::MAX)));
        Ok(games)
    }
}

/// The side to move of a running game (`white`/`black`), for the "your
/// turn" lists; None once it is over.
fn running_side(table: &Table) -> Option<&'static str> {
    table.result.is_none().then(|| table.to_move().word())
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
        .map(|s| s.word())
        .collect::<Vec<_>>()
        .join(",")
}

/// A stored game's text column, a sign of a corrupt game if it does not
/// read (`code` names the game; `why` is the column's own error, or words).
fn corrupt(code: &str, why: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> StoreError {
    StoreError::Corrupt {
        code: code.to_string(),
        source: why.into(),
    }
}

/// A stored turn that does not read, by its number from 1.
#[derive(Debug, thiserror::Error)]
#[error("turn {number}: {source}")]
struct UnreadTurn {
    number: usize,
    source: ParseTurnError,
}

/// A stored side (`white`/`black`).
fn stored_side(code: &str, text: &str) -> Result<Side, StoreError> {
    match text {
        "white" => Ok(Side::White),
        "black" => Ok(Side::Black),
        other => Err(corrupt(code, format!("`{other}` is not a side"))),
    }
}

/// A stored game's setup, as its table was opened with.
fn stored_setup(row: &AnyRow, code: &str) -> Result<GameSetup, StoreError> {
    let text = |name: &str| -> Result<String, StoreError> { Ok(row.try_get(name)?) };
    Ok(GameSetup {
        variant: text("variant")?,
        size: text("size")?.parse().map_err(|e| corrupt(code, e))?,
        start: match text("start")?.as_str() {
            GAME_START => None,
            layout => Some(layout.parse().map_err(|e| corrupt(code, e))?),
        },
        clock: stored_clock(row)?,
        design: row.try_get("design")?,
    })
}

/// A stored seat (`white`/`black`).
fn stored_seat(row: &AnyRow, code: &str, side: &str) -> Result<Seat, StoreError> {
    let computer: Option<String> = row.try_get(format!("{side}_computer").as_str())?;
    Ok(Seat {
        key: row.try_get(format!("{side}_token").as_str())?,
        name: row.try_get(format!("{side}_name").as_str())?,
        player: row.try_get(format!("{side}_player").as_str())?,
        computer: computer
            .map(|level| level.parse())
            .transpose()
            .map_err(|e| corrupt(code, e))?,
        bot: row.try_get::<i64, _>(format!("{side}_bot").as_str())? != 0,
    })
}

/// A stored game's clocks as they were last stored, if it has a clock.
fn stored_clocks(row: &AnyRow, clocks: &mut Option<Clocks>) -> Result<(), StoreError> {
    let get_i64 = |name: &str| -> Result<Option<i64>, StoreError> {
        row.try_get::<Option<i64>, _>(name)
            .map_err(StoreError::from)
    };
    if let (Some(clocks), Some(white), Some(black)) =
        (clocks, get_i64("white_ms")?, get_i64("black_ms")?)
    {
        *clocks = Clocks {
            setting: clocks.setting,
            left_ms: [white.max(0) as u64, black.max(0) as u64],
            started_ms: get_i64("clock_started_ms")?,
        };
    }
    Ok(())
}

/// A stored game's result, once it is over.
fn stored_result(row: &AnyRow, code: &str) -> Result<Option<Finish>, StoreError> {
    let winner: Option<String> = row.try_get("winner")?;
    let reason: Option<String> = row.try_get("reason")?;
    Ok(match (winner, reason) {
        (Some(w), Some(r)) => Some(Finish {
            winner: stored_side(code, &w)?,
            reason: match r.as_str() {
                "no-capture" => EndReason::NoCapture,
                "time" => EndReason::Time,
                "resigned" => EndReason::Resigned,
                other => return Err(corrupt(code, format!("`{other}` is not an ending"))),
            },
        }),
        _ => None,
    })
}

/// A stored game as its table, its turns replayed against the engine.
fn table_of(
    registry: &VariantRegistry,
    row: &AnyRow,
    turns: &[String],
) -> Result<Table, StoreError> {
    let code: String = row.try_get("code")?;
    let code = code.as_str();
    let setup = stored_setup(row, code)?;
    let checked = check_setup(registry, &setup).map_err(|e| corrupt(code, e))?;
    let created_ms: i64 = row.try_get("created_ms")?;
    let mut table = Table::new(code.to_string(), checked, created_ms);
    table.public = row.try_get::<i64, _>("public")? != 0;
    table.rated = row.try_get::<i64, _>("rated")? != 0;
    let played = turns
        .iter()
        .enumerate()
        .map(|(i, text)| {
            text.parse::<PlayedTurn>().map_err(|source| {
                corrupt(
                    code,
                    UnreadTurn {
                        number: i + 1,
                        source,
                    },
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    table.history = History::replay(&table.rules, *table.history.start(), played)
        .map_err(|e| corrupt(code, e))?;
    table.seats = [
        stored_seat(row, code, "white")?,
        stored_seat(row, code, "black")?,
    ];
    stored_clocks(row, &mut table.clocks)?;
    table.result = stored_result(row, code)?;
    let offers: String = row.try_get("rematch_offers")?;
    table.rematch_offers = offers
        .split(',')
        .filter(|s| !s.is_empty())
        .map(|s| stored_side(code, s))
        .collect::<Result<_, _>>()?;
    table.rematch_code = row.try_get("rematch_code")?;
    table.version = row.try_get("version")?;
    if i64::from(table.ply()) != row.try_get::<i64, _>("ply")? {
        return Err(corrupt(code, "the turn count differs from its turns"));
    }
    Ok(table)
}
