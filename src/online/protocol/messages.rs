//! The messages of each direction, and the kinds of error a client is
//! told.

use serde::{Deserialize, Serialize};

use crate::rules::{BoardSize, Side};

use super::as_text;
use super::setup::{ClockSetting, ComputerLevel, GameSetup, SideChoice};
use super::views::{ClockView, GameView, MyGame, PlayerPage, Ranked, Seek};

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
        computer: Option<ComputerLevel>,
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
        /// A bot account, played by a program (`burrow bot`): shown as a
        /// bot wherever its name is, rated like anyone, and never seated
        /// in a rated game against an account that refuses bots. An
        /// account is a bot's or a person's for good.
        #[serde(default)]
        bot: bool,
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
    /// The signed-in account's settings: with `refuse_bots`, no bot
    /// account takes a seat at its rated tables, nor it at theirs (the
    /// answer is `account`).
    Account {
        refuse_bots: bool,
    },
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
    /// A rated game between a bot account and an account that refuses
    /// bots (the message says which side refuses).
    BotsRefused,
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
        /// The account is a bot's.
        #[serde(default)]
        bot: bool,
        /// The account refuses rated games against bots.
        #[serde(default)]
        refuse_bots: bool,
    },
    /// The signed-in account's settings, as stored (after `account`).
    Account {
        refuse_bots: bool,
    },
    /// The session is over; the connection plays as a guest.
    SignedOut,
    /// The lobby: the public tables waiting for a player, newest first
    /// (at most [`MAX_SEEKS`](super::MAX_SEEKS)).
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
