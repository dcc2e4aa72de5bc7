//! What the server shows: a table (its seats, clocks and result), a
//! game's ratings and a player's page, the lobby's seeks and a player's
//! running games.

use serde::{Deserialize, Serialize};

use crate::rules::{BoardSize, Side};

use super::as_text;
use super::setup::{ClockSetting, ComputerLevel, GameSetup};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// The loser had no capture at the start of their turn.
    NoCapture,
    /// The loser's clock ran out.
    Time,
    Resigned,
}

/// A finished game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finish {
    pub winner: Side,
    pub reason: EndReason,
}

impl Finish {
    /// The result in words ("White won: the loser had no capture"), under
    /// the game's end rule: the game's result line, the record's
    /// Termination tag and the server's log.
    pub fn text(self, end: crate::rules::EndRule) -> String {
        let winner = self.winner;
        match self.reason {
            EndReason::NoCapture => format!("{winner} won: {}", end.ending()),
            EndReason::Time => format!("{winner} won on time"),
            EndReason::Resigned => format!("{winner} won: the loser resigned"),
        }
    }
}

/// The clocks as the server last set them: what each side had left when
/// the message was written, and which one is running.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    pub white_ms: u64,
    pub black_ms: u64,
    pub running: Option<Side>,
}

/// One side of a table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// The player's name; `None` while the seat is free.
    pub name: Option<String>,
    /// A computer level, when the server plays this seat.
    #[serde(default, with = "as_text::option")]
    pub computer: Option<ComputerLevel>,
    /// Whether the seat's player has a connection to the server now.
    pub connected: bool,
    /// Whether the name is a signed-in account's (a guest's name is
    /// whatever the guest typed).
    #[serde(default)]
    pub account: bool,
    /// The account is a bot's (a program plays it).
    #[serde(default)]
    pub bot: bool,
}

/// A whole table, sent on joining, watching, resuming and when the game
/// ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameView {
    pub code: String,
    pub setup: GameSetup,
    pub white: SeatView,
    pub black: SeatView,
    /// Every turn so far, in played text.
    pub turns: Vec<String>,
    pub clock: Option<ClockView>,
    pub result: Option<Finish>,
    /// The sides that offered a rematch.
    #[serde(default)]
    pub rematch_offers: Vec<Side>,
    /// Whether the result changes the players' ratings.
    #[serde(default)]
    pub rated: bool,
}

/// A rating: the Glicko-2 number, its deviation (how sure it is) and its
/// volatility, and the rated games behind it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: i64,
}

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ranked {
    /// The account's name, or `computer (LEVEL)`.
    pub name: String,
    #[serde(flatten)]
    pub rating: Rating,
    /// Too few games for the rating to say much (shown with a `?`).
    pub provisional: bool,
    /// A bot account's rating.
    #[serde(default)]
    pub bot: bool,
}

/// A player's page: ratings per game, their history, recent games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerPage {
    pub name: String,
    /// A bot account's page.
    #[serde(default)]
    pub bot: bool,
    pub ratings: Vec<GameRating>,
    pub history: Vec<RatingPoint>,
    pub games: Vec<PlayedGame>,
}

/// A player's rating in one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRating {
    pub game: String,
    #[serde(flatten)]
    pub rating: Rating,
    pub provisional: bool,
}

/// A player's rating after one rated game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingPoint {
    pub game: String,
    pub code: String,
    pub rating: f64,
    pub deviation: f64,
    pub at_ms: i64,
}

/// A game on a player's page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayedGame {
    pub code: String,
    pub variant: String,
    pub size: String,
    pub side: Side,
    pub opponent: Option<String>,
    /// The opponent's account is a bot's.
    #[serde(default)]
    pub opponent_bot: bool,
    /// `white` or `black`; none while the game runs.
    pub winner: Option<String>,
    pub reason: Option<String>,
    pub rated: bool,
    pub turns: i64,
    pub created_ms: i64,
}

/// One of a player's running games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MyGame {
    pub code: String,
    pub variant: String,
    #[serde(with = "as_text")]
    pub size: BoardSize,
    pub side: Side,
    /// None while the table waits for an opponent.
    pub opponent: Option<String>,
    /// The opponent's account is a bot's.
    #[serde(default)]
    pub opponent_bot: bool,
    pub your_turn: bool,
    pub clock: Option<ClockSetting>,
    /// When the running clock runs out (ms since the Unix epoch).
    pub deadline_ms: Option<i64>,
}

/// The most seeks a `lobby` message lists.
pub const MAX_SEEKS: usize = 100;

/// A public table waiting for a player: join it by its code.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seek {
    pub code: String,
    pub variant: String,
    #[serde(with = "as_text")]
    pub size: BoardSize,
    pub clock: Option<ClockSetting>,
    pub rated: bool,
    /// A designed game (its rules come with the table on joining).
    pub design: bool,
    /// The waiting player's name, and whether it is an account's.
    pub name: String,
    pub account: bool,
    /// The waiting account is a bot's.
    #[serde(default)]
    pub bot: bool,
    /// The side the joiner gets.
    pub side: Side,
    /// The waiting player's rating in this game (an account that has one).
    #[serde(default)]
    pub rating: Option<f64>,
}
