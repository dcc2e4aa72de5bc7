//! The messages of online play: JSON objects over a WebSocket, each with the
//! protocol version `v` and a `type`. docs/online.md lists them with examples.
//!
//! A client sends [`ClientMessage`]s; the server answers with
//! [`ServerMessage`]s, to that client only (`seat`, `error`, `pong`) or to
//! everyone at the table (`game`, `turn`, `rematch`).

//!
//! The types live by concern: what a game is set up with (`setup`: the
//! clock, the side, the computer's level), the messages of each direction
//! and their errors (`messages`), and what the server shows of its
//! tables, games and players (`views`); this module reads and writes
//! them as they travel.

use serde::Serialize;

mod messages;
mod setup;
mod views;

pub use messages::{ClientMessage, ErrorKind, ServerMessage};
pub use setup::{
    BOT_WAIT_S, ClockError, ClockSetting, ComputerLevel, DAY_MS, GameSetup, MAX_DESIGN_CODE_CHARS,
    SideChoice, UnknownLevel,
};
pub use views::{
    ClockView, EndReason, Finish, GameRating, GameView, MAX_SEEKS, MyGame, PlayedGame, PlayerPage,
    Ranked, Rating, RatingPoint, SeatView, Seek,
};

/// The version every message carries as `v`; a message of another version
/// is answered with an error and otherwise ignored.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest message a server reads; larger ones get an error.
pub const MAX_MESSAGE_BYTES: usize = 8192;

/// The largest message a client reads: a table's whole view (every turn,
/// and a designed game's share code) fits well inside it.
pub const MAX_SERVER_MESSAGE_BYTES: usize = 64 * 1024;

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
