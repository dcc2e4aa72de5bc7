//! The messages of online play: JSON objects over a WebSocket, each with the
//! protocol version `v` and a `type`. docs/online.md lists them with examples.
//!
//! A client sends [`ClientMessage`]s; the server answers with
//! [`ServerMessage`]s, to that client only (`seat`, `error`, `pong`) or to
//! everyone at the table (`game`, `turn`, `rematch`).

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::rules::{BoardSize, Design, StartLayout, VariantRegistry};

/// The version every message carries as `v`; a message of another version
/// is answered with an error and otherwise ignored.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest message a server reads; larger ones get an error.
pub const MAX_MESSAGE_BYTES: usize = 8192;

/// The largest message a client reads: a table's whole view (every turn,
/// and a designed game's share code) fits well inside it.
pub const MAX_SERVER_MESSAGE_BYTES: usize = 64 * 1024;

/// The longest design share code a table takes (a design's file is a few
/// hundred bytes; this leaves room for long summaries and rule lists
/// while a table's messages stay small).
pub const MAX_DESIGN_CODE_CHARS: usize = 6144;

/// A game's clock: time for the whole game plus a gain per turn played
/// (a live game), or, with `per_move`, a time for each turn
/// (correspondence: the mover's clock is full again after every turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSetting {
    pub initial_ms: u64,
    pub increment_ms: u64,
    /// Correspondence: `initial_ms` is the time for each turn.
    #[serde(default)]
    pub per_move: bool,
}

/// A day, in milliseconds.
pub const DAY_MS: u64 = 24 * 60 * 60 * 1000;

impl ClockSetting {
    /// The longest game time a server accepts (a day).
    pub const MAX_MS: u64 = DAY_MS;
    /// The longest and the shortest time per turn of a correspondence
    /// game: two weeks, an hour.
    pub const MAX_PER_MOVE_MS: u64 = 14 * DAY_MS;
    pub const MIN_PER_MOVE_MS: u64 = 60 * 60 * 1000;

    /// A correspondence clock of `days` per turn.
    pub fn days_per_move(days: u64) -> ClockSetting {
        ClockSetting {
            initial_ms: days * DAY_MS,
            increment_ms: 0,
            per_move: true,
        }
    }
    /// The longest gain per turn a server takes: ten minutes.
    pub const MAX_INCREMENT_MS: u64 = 10 * 60 * 1000;

    /// Reads `5+3` (minutes + seconds per turn), as the menus and the CLI
    /// write it, or `3d` (days per turn, correspondence).
    pub fn parse(text: &str) -> Result<ClockSetting, ClockError> {
        let bad = || ClockError::NotAClock(text.to_string());
        if let Some(days) = text.trim().strip_suffix('d') {
            let days: u64 = days.trim().parse().map_err(|_| bad())?;
            let clock = ClockSetting::days_per_move(days);
            return clock.check().map(|()| clock);
        }
        let (minutes, seconds) = text.split_once('+').ok_or_else(bad)?;
        let minutes: f64 = minutes.trim().parse().map_err(|_| bad())?;
        let seconds: f64 = seconds.trim().parse().map_err(|_| bad())?;
        if !(minutes > 0.0 && seconds >= 0.0 && minutes.is_finite() && seconds.is_finite()) {
            return Err(bad());
        }
        let clock = ClockSetting {
            initial_ms: (minutes * 60_000.0).round() as u64,
            increment_ms: (seconds * 1000.0).round() as u64,
            per_move: false,
        };
        clock.check().map(|()| clock)
    }

    /// Whether a server takes this clock.
    pub fn check(&self) -> Result<(), ClockError> {
        if self.per_move {
            if !(Self::MIN_PER_MOVE_MS..=Self::MAX_PER_MOVE_MS).contains(&self.initial_ms) {
                return Err(ClockError::PerMoveOutOfRange);
            }
            if self.increment_ms != 0 {
                return Err(ClockError::IncrementPerMove);
            }
            return Ok(());
        }
        if self.initial_ms == 0 || self.initial_ms > Self::MAX_MS {
            return Err(ClockError::TimeOutOfRange);
        }
        if self.increment_ms > Self::MAX_INCREMENT_MS {
            return Err(ClockError::IncrementTooLong);
        }
        Ok(())
    }
}

/// Why a clock is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    #[error("`{0}` is not a clock (minutes+seconds, like 5+3)")]
    NotAClock(String),
    #[error(
        "the clock's time must be between 1 ms and {} ms",
        ClockSetting::MAX_MS
    )]
    TimeOutOfRange,
    #[error("the clock's gain per turn must be at most {} minutes", ClockSetting::MAX_INCREMENT_MS / 60_000)]
    IncrementTooLong,
    #[error("a correspondence game has an hour to two weeks per turn")]
    PerMoveOutOfRange,
    #[error("a correspondence game's clock has no gain per turn")]
    IncrementPerMove,
}

impl std::fmt::Display for ClockSetting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.per_move {
            let days = self.initial_ms as f64 / DAY_MS as f64;
            return write!(f, "{days}d");
        }
        let minutes = self.initial_ms as f64 / 60_000.0;
        let seconds = self.increment_ms as f64 / 1000.0;
        write!(f, "{minutes}+{seconds}")
    }
}

/// Which seat a game's creator takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideChoice {
    #[default]
    White,
    Black,
    Random,
}

/// A side in messages: `"white"` or `"black"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn of(color: crate::rules::Color) -> Side {
        match color {
            crate::rules::Color::White => Side::White,
            crate::rules::Color::Black => Side::Black,
        }
    }

    pub fn color(self) -> crate::rules::Color {
        match self {
            Side::White => crate::rules::Color::White,
            Side::Black => crate::rules::Color::Black,
        }
    }

    pub fn index(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

/// Values that travel as text (a board size `"6x6"`, a start `"pairs"`, a
/// level `"hard"`) and are typed in the code: written with `Display`, read
/// with `FromStr`, so a bad one is refused where the message is read, with
/// the parser's reason, and nobody parses it again.
mod as_text {
    use std::fmt::Display;
    use std::str::FromStr;

    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<T: Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(value)
    }

    pub fn deserialize<'de, T, D>(d: D) -> Result<T, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }

    /// The same for a field that may be left out or `null`.
    pub mod option {
        use super::*;

        pub fn serialize<T: Display, S: Serializer>(
            value: &Option<T>,
            s: S,
        ) -> Result<S::Ok, S::Error> {
            match value {
                Some(value) => s.collect_str(value),
                None => s.serialize_none(),
            }
        }

        pub fn deserialize<'de, T, D>(d: D) -> Result<Option<T>, D::Error>
        where
            T: FromStr,
            T::Err: Display,
            D: Deserializer<'de>,
        {
            Option::<String>::deserialize(d)?
                .map(|text| text.parse().map_err(D::Error::custom))
                .transpose()
        }
    }
}

/// What a new game is made of.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSetup {
    /// A variant id the server knows (`box`, `path`, `sweep`, `tumburrow`).
    pub variant: String,
    /// `FILESxRANKS`, each 4 to 8.
    #[serde(with = "as_text")]
    pub size: BoardSize,
    /// `checkerboard` or `pairs`; left out, the game's own start (the
    /// checkerboard for the four designer's games).
    #[serde(default, with = "as_text::option")]
    pub start: Option<StartLayout>,
    /// No clock when left out.
    #[serde(default)]
    pub clock: Option<ClockSetting>,
    /// A designed game's share code (`Design::code`): the table plays it
    /// and every client builds its rules from it, so neither side needs
    /// the game installed. Its id is `variant`. The server fills it in for
    /// a design it loaded itself; the built-in games have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub design: Option<String>,
}

impl GameSetup {
    /// A setup of the game `variant` on `size`, checkerboard start, no
    /// clock; the share code goes along when `registry` has that game as a
    /// design, so a server without it can still seat the table.
    pub fn new(registry: &VariantRegistry, variant: &str, size: BoardSize) -> GameSetup {
        GameSetup {
            variant: variant.to_string(),
            size,
            start: None,
            clock: None,
            design: registry
                .get(variant)
                .and_then(|rules| rules.variant().design())
                .map(Design::code),
        }
    }
}

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Open a table: the answer is a `seat` (with the code to pass on) and
    /// the `game`.
    Create {
        setup: GameSetup,
        #[serde(default)]
        side: SideChoice,
        #[serde(default)]
        name: Option<String>,
        /// A computer level to sit at the other seat (`easy` … `strongest`).
        #[serde(default, with = "as_text::option")]
        computer: Option<Level>,
        /// List the table in the lobby, where anyone may take the free
        /// seat; left out or false, the table is private: for a friend
        /// given its code, and never listed.
        #[serde(default)]
        public: bool,
        /// A rated game: both players signed in (or the server's
        /// computer), a built-in game; the result changes their ratings.
        #[serde(default)]
        rated: bool,
    },
    /// Take the free seat of a table.
    Join {
        code: String,
        #[serde(default)]
        name: Option<String>,
    },
    /// Follow a table without a seat.
    Watch {
        code: String,
    },
    /// Come back to a seat after a lost connection.
    Resume {
        code: String,
        /// The seat's token; left out or empty, the signed-in account's
        /// seat at that table (from any device).
        #[serde(default)]
        token: String,
    },
    /// A whole turn in played text (`b1xa1xa2`); `ply` is how many turns
    /// the game had when the player chose it, so a late turn is refused.
    Turn {
        code: String,
        token: String,
        ply: u32,
        turn: String,
    },
    Resign {
        code: String,
        token: String,
    },
    /// Offer (or accept) a new game with the colours swapped.
    Rematch {
        code: String,
        token: String,
    },
    /// An empty struct rather than a unit, so that an unknown field is
    /// refused here too (serde lets a unit variant of a tagged enum ignore
    /// them).
    Ping {},
    /// Make an account (a name nobody has, a password of 8 characters or
    /// more) and sign in with it.
    Register {
        name: String,
        password: String,
    },
    /// Sign in: the connection plays under the account's name from now
    /// on, and the answer carries a session to come back with.
    SignIn {
        name: String,
        password: String,
    },
    /// Sign in again with a session an earlier `signed-in` gave.
    Hello {
        session: String,
    },
    /// End this session (on every device that kept it).
    SignOut {},
    /// Follow the lobby: the open public tables now (`lobby`), and again
    /// whenever they change, until the connection closes.
    Lobby {},
    /// The signed-in player's running games, theirs to move first.
    MyGames {},
    /// A game's leaderboard (`players`).
    Players {
        game: String,
    },
    /// An account's page (`player`): ratings, their history, recent games.
    Player {
        name: String,
    },
    /// Play someone now: take the open rated (signed in) or unrated
    /// (guest) table of this game, board and clock whose player's rating
    /// is nearest, or open one; with `bot_after_s`, the server's computer
    /// of a strength near the player's takes the seat if nobody has
    /// after that many seconds (5 to 600).
    Pair {
        variant: String,
        #[serde(with = "as_text")]
        size: BoardSize,
        #[serde(default)]
        clock: Option<ClockSetting>,
        #[serde(default)]
        bot_after_s: Option<u32>,
    },
}

/// The shortest and longest wait before a paired player gets the
/// computer.
pub const BOT_WAIT_S: std::ops::RangeInclusive<u32> = 5..=600;

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
        let winner = self.winner.color();
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
    pub computer: Option<Level>,
    /// Whether the seat's player has a connection to the server now.
    pub connected: bool,
    /// Whether the name is a signed-in account's (a guest's name is
    /// whatever the guest typed).
    #[serde(default)]
    pub account: bool,
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

/// What went wrong with a client's message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorKind {
    /// Not JSON, not a message, or a field of the wrong shape.
    BadMessage,
    UnsupportedVersion,
    TooLarge,
    RateLimited,
    /// No table with that code.
    UnknownGame,
    /// The token holds no seat at this table.
    NotYourSeat,
    TableFull,
    NotYourTurn,
    /// The turn was chosen for another position (`ply` differs).
    StaleTurn,
    IllegalTurn,
    GameOver,
    BadSetup,
    /// The connection already follows as many running games as it may.
    TooManyTables,
    /// The server could not store the change; nothing changed.
    Storage,
    /// The connection sent nothing for too long and is closed.
    Idle,
    /// A name an account may not have (the message says why).
    BadName,
    NameTaken,
    /// The name or the password is wrong (which one is not said).
    WrongPassword,
    /// A password too short or too long.
    BadPassword,
    /// The session is unknown or over: sign in again.
    BadSession,
    /// Only a signed-in player may do that (a rated game).
    SignInFirst,
    /// No account by that name.
    UnknownPlayer,
}

/// A message from the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ServerMessage {
    /// This client holds a seat: keep the token to move and to come back.
    Seat {
        code: String,
        side: Side,
        token: String,
    },
    Game {
        game: Box<GameView>,
    },
    /// A turn the server accepted, with the clocks after it.
    Turn {
        code: String,
        /// The turn's number, counting from 0.
        ply: u32,
        turn: String,
        clock: Option<ClockView>,
    },
    /// Both players asked for a rematch: the new table's code.
    Rematch {
        code: String,
        new_code: String,
    },
    Error {
        kind: ErrorKind,
        message: String,
    },
    Pong,
    /// The connection plays under this account; keep `session` to sign in
    /// again without the password (`hello`).
    SignedIn {
        name: String,
        session: String,
    },
    /// The session is over; the connection plays as a guest.
    SignedOut,
    /// The lobby: the public tables waiting for a player, newest first
    /// (at most [`MAX_SEEKS`]).
    Lobby {
        seeks: Vec<Seek>,
    },
    /// The signed-in player's running games (`my-games`).
    MyGames {
        games: Vec<MyGame>,
    },
    /// It is the signed-in player's turn at `code` (sent to each of the
    /// account's connections, whatever tables they follow).
    YourTurn {
        code: String,
    },
    /// A game's leaderboard: the best ratings, highest first.
    Players {
        game: String,
        players: Vec<Ranked>,
    },
    /// An account's page.
    Player {
        page: Box<PlayerPage>,
    },
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
}

/// A player's page: ratings per game, their history, recent games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerPage {
    pub name: String,
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
    /// The side the joiner gets.
    pub side: Side,
    /// The waiting player's rating in this game (an account that has one).
    #[serde(default)]
    pub rating: Option<f64>,
}

/// A message with its version, as it travels.
#[derive(Serialize)]
struct Outgoing<'a, T> {
    v: u32,
    #[serde(flatten)]
    body: &'a T,
}

/// The JSON text of a message (either direction).
pub fn encode<T: Serialize>(message: &T) -> String {
    serde_json::to_string(&Outgoing {
        v: PROTOCOL_VERSION,
        body: message,
    })
    .expect("protocol messages always serialize")
}

/// Why a text is not a message this side reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    pub kind: ErrorKind,
    pub message: String,
}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DecodeError {}

/// A message of one direction, with the most bytes its reader takes.
pub trait Message: serde::de::DeserializeOwned {
    const MAX_BYTES: usize;
}

impl Message for ClientMessage {
    const MAX_BYTES: usize = MAX_MESSAGE_BYTES;
}

impl Message for ServerMessage {
    const MAX_BYTES: usize = MAX_SERVER_MESSAGE_BYTES;
}

/// Reads a message of either direction: checks the size, that it is a JSON
/// object, its version, then its body.
pub fn decode<T: Message>(text: &str) -> Result<T, DecodeError> {
    let bad = |message: String| DecodeError {
        kind: ErrorKind::BadMessage,
        message,
    };
    if text.len() > T::MAX_BYTES {
        return Err(DecodeError {
            kind: ErrorKind::TooLarge,
            message: format!(
                "the message has {} bytes; at most {} are read",
                text.len(),
                T::MAX_BYTES
            ),
        });
    }
    let mut value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| bad(format!("not JSON: {e}")))?;
    let object = value
        .as_object_mut()
        .ok_or_else(|| bad("a message is a JSON object".into()))?;
    match object.remove("v").map(|v| v.as_u64()) {
        Some(Some(v)) if v == u64::from(PROTOCOL_VERSION) => {}
        Some(Some(v)) => {
            return Err(DecodeError {
                kind: ErrorKind::UnsupportedVersion,
                message: format!(
                    "protocol version {v} is not spoken here (only {PROTOCOL_VERSION})"
                ),
            });
        }
        _ => return Err(bad("the message has no version `v`".into())),
    }
    serde_json::from_value(value).map_err(|e| bad(format!("not a message: {e}")))
}
