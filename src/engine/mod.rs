//! The engine protocol: how a program that plays Burrow (an engine) and a
//! program that runs games (a graphical board, a match runner, Burrow's
//! own `tournament` and `bot`) talk, a line of text at a time over the
//! engine's standard input and output. It follows UGI, the universal game
//! interface (UCI, chess's protocol, made for any two-player game: `p1`
//! and `p2` for the sides, `query` for the referee's questions), with
//! Burrow's own position and turn texts (docs/engine-protocol.md).
//!
//! This layer knows the rules only: [`Command`] reads what the runner
//! sends, [`Referee`] keeps the game the runner set up and answers its
//! questions, and `OutsideEngine` is the runner's side, an engine run as a
//! child process (not on the web page); the searching is the caller's
//! (`burrow engine`, in `cli::engine`, with the AI's levels).

#[cfg(not(target_arch = "wasm32"))]
mod outside;
mod referee;

#[cfg(not(target_arch = "wasm32"))]
pub use outside::{Clocks, Fault, GRACE, OutsideEngine, kill_group};
pub use referee::{Referee, RefereeError};

use std::fmt;
use std::time::Duration;

use crate::rules::{ParsePositionError, ParseTurnError, PlayedTurn, Position};

/// Where `position` starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartFrom {
    /// The game's usual start on the board size set.
    StartPos,
    /// A position text (`8/8/5B2/4B3/3W1B2/8/8/8 W`).
    Position(Position),
}

/// What `go` asks for: how long, how deep, how many positions, or until
/// `stop`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoLimits {
    pub movetime: Option<Duration>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// The sides' clocks and increments (`p1` is White, who moves first).
    pub p1time: Option<Duration>,
    pub p2time: Option<Duration>,
    pub p1inc: Option<Duration>,
    pub p2inc: Option<Duration>,
    /// Turns to the next time control (UCI's `movestogo`).
    pub movestogo: Option<u32>,
    pub infinite: bool,
}

/// The referee's questions (`query …`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// Whether the game is over (the side to move has no capture).
    GameOver,
    /// Whether White (`p1`) is to move.
    P1Turn,
    /// `p1win`, `p2win` or `none` (Burrow has no draws).
    Result,
    /// Every legal turn of the side to move.
    Moves,
}

/// A line the runner sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `ugi`: say who you are and what options you take.
    Ugi,
    /// `isready`: answer `readyok` once ready.
    IsReady,
    /// `setoption name NAME [value VALUE]`.
    SetOption { name: String, value: Option<String> },
    /// `uginewgame`: the next position belongs to a new game.
    NewGame,
    /// `position startpos|fen TEXT [moves TURN…]`.
    Position {
        start: StartFrom,
        turns: Vec<PlayedTurn>,
    },
    /// `go [movetime MS] [depth N] [nodes N] [p1time MS] … [infinite]`.
    Go(GoLimits),
    /// `stop`: answer with the best turn found so far, now.
    Stop,
    /// `quit`.
    Quit,
    /// `query gameover|p1turn|result|moves`.
    Query(Query),
}

/// A line that is not a command, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    #[error("unknown command `{0}`")]
    Unknown(String),
    #[error("`{command}` needs {what}")]
    Missing {
        command: &'static str,
        what: &'static str,
    },
    #[error("`{word}` is not a number ({what})")]
    NotANumber {
        word: String,
        what: String,
        source: std::num::ParseIntError,
    },
    #[error("unknown `go` limit `{0}`")]
    UnknownLimit(String),
    #[error("unknown query `{0}` (gameover, p1turn, result or moves)")]
    UnknownQuery(String),
    #[error("the position `{text}` does not read: {source}")]
    BadPosition {
        text: String,
        source: ParsePositionError,
    },
    #[error("the turn `{text}` does not read: {source}")]
    BadTurn {
        text: String,
        source: ParseTurnError,
    },
    #[error("`position` takes startpos or fen, not `{0}`")]
    BadStart(String),
}

impl std::str::FromStr for Command {
    type Err = CommandError;

    /// Reads one line; extra spaces between words do not matter.
    fn from_str(line: &str) -> Result<Command, CommandError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            return Err(CommandError::Unknown(String::new()));
        };
        match first {
            "ugi" => Ok(Command::Ugi),
            "isready" => Ok(Command::IsReady),
            "uginewgame" => Ok(Command::NewGame),
            "stop" => Ok(Command::Stop),
            "quit" => Ok(Command::Quit),
            "setoption" => set_option(rest),
            "position" => position(rest),
            "go" => go(rest).map(Command::Go),
            "query" => query(rest),
            other => Err(CommandError::Unknown(other.to_string())),
        }
    }
}

/// `setoption name NAME [value VALUE]`: a name or a value may have spaces.
fn set_option(words: &[&str]) -> Result<Command, CommandError> {
    let missing = CommandError::Missing {
        command: "setoption",
        what: "name NAME",
    };
    let (&"name", rest) = words.split_first().ok_or(missing.clone())? else {
        return Err(missing);
    };
    let at_value = rest.iter().position(|w| *w == "value");
    let (name, value) = match at_value {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(missing);
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

/// `position startpos|fen TEXT [moves TURN…]`.
fn position(words: &[&str]) -> Result<Command, CommandError> {
    let at_moves = words.iter().position(|w| *w == "moves");
    let (head, turns) = match at_moves {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let start = match head.split_first() {
        Some((&"startpos", [])) => StartFrom::StartPos,
        Some((&"fen", text)) if !text.is_empty() => {
            let text = text.join(" ");
            StartFrom::Position(text.parse().map_err(|source| CommandError::BadPosition {
                text: text.clone(),
                source,
            })?)
        }
        Some((&"fen", [])) => {
            return Err(CommandError::Missing {
                command: "position fen",
                what: "a position text",
            });
        }
        Some((other, _)) => return Err(CommandError::BadStart(other.to_string())),
        None => {
            return Err(CommandError::Missing {
                command: "position",
                what: "startpos or fen",
            });
        }
    };
    let turns = turns
        .iter()
        .map(|t| {
            t.parse::<PlayedTurn>()
                .map_err(|source| CommandError::BadTurn {
                    text: t.to_string(),
                    source,
                })
        })
        .collect::<Result<_, _>>()?;
    Ok(Command::Position { start, turns })
}

/// `go`'s limits, each a word and a number of milliseconds (or of turns,
/// or of positions), and `infinite`. UCI's `wtime`, `btime`, `winc` and
/// `binc` are read as `p1time` … `p2inc`; `ponder`, `mate` and
/// `searchmoves` are refused by name.
fn go(words: &[&str]) -> Result<GoLimits, CommandError> {
    let mut limits = GoLimits::default();
    let mut words = words.iter();
    while let Some(&word) = words.next() {
        if word == "infinite" {
            limits.infinite = true;
            continue;
        }
        let number = |value: Option<&&str>| -> Result<u64, CommandError> {
            let value = value.ok_or(CommandError::Missing {
                command: "go",
                what: "a number after each limit",
            })?;
            value.parse().map_err(|source| CommandError::NotANumber {
                word: value.to_string(),
                what: word.to_string(),
                source,
            })
        };
        let ms = |value| number(value).map(Duration::from_millis);
        match word {
            "movetime" => limits.movetime = Some(ms(words.next())?),
            "depth" => {
                limits.depth = Some(u32::try_from(number(words.next())?).unwrap_or(u32::MAX))
            }
            "nodes" => limits.nodes = Some(number(words.next())?),
            "p1time" | "wtime" => limits.p1time = Some(ms(words.next())?),
            "p2time" | "btime" => limits.p2time = Some(ms(words.next())?),
            "p1inc" | "winc" => limits.p1inc = Some(ms(words.next())?),
            "p2inc" | "binc" => limits.p2inc = Some(ms(words.next())?),
            "movestogo" => {
                limits.movestogo = Some(u32::try_from(number(words.next())?).unwrap_or(u32::MAX))
            }
            other => return Err(CommandError::UnknownLimit(other.to_string())),
        }
    }
    Ok(limits)
}

fn query(words: &[&str]) -> Result<Command, CommandError> {
    let question = match words {
        ["gameover"] => Query::GameOver,
        ["p1turn"] => Query::P1Turn,
        ["result"] => Query::Result,
        ["moves"] => Query::Moves,
        [] => {
            return Err(CommandError::Missing {
                command: "query",
                what: "gameover, p1turn, result or moves",
            });
        }
        other => return Err(CommandError::UnknownQuery(other.join(" "))),
    };
    Ok(Command::Query(question))
}

/// A search's score as the protocol writes it: `cp N` (hundredths of a
/// piece, from the mover's side) or, for a proven result, `win N` / `loss
/// N` with N the turns to the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Centi(i32),
    Win(u32),
    Loss(u32),
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Centi(cp) => write!(f, "cp {cp}"),
            Score::Win(turns) => write!(f, "win {turns}"),
            Score::Loss(turns) => write!(f, "loss {turns}"),
        }
    }
}

#[cfg(test)]
mod tests;
