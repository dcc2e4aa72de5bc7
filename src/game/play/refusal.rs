//! Why the game turned down what was asked ([`Refusal`]); its `Display` is
//! the message the player sees, in the player's language (the catalogue's
//! `refusal-*` messages; an engine's own reason is the rules' words).

use crate::game::platform::FileError;
use crate::game::ui::words::side_key;
use crate::rules::{
    MoveError, ParsePositionError, ParseRecordError, ReplayError, Side, Square, VariantError,
    WrongSize,
};
use crate::tr;

/// Why the game turned down what a player (or a panel, or the computer)
/// asked for. Nothing changed; the message is what the player sees.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A capture is still being shown.
    Animating,
    /// An earlier position is on show.
    Reviewing,
    GameOver,
    /// Resigning where nobody on this machine can (the game is over, is
    /// online, or is a puzzle or a lesson; or that side is not a person's).
    CannotResign,
    ComputersTurn,
    /// An online game's other player is to move.
    OpponentsTurn,
    /// Online play: what the server or the connection said.
    Online(String),
    /// A click on a square no fitting capture reaches, mid-turn.
    DoesNotFit {
        square: Square,
        piece: Square,
        /// Why, in the game's terms ([`crate::rules::Rules::why_not`]).
        why: String,
    },
    /// A capture from another piece than the one in the middle of its turn.
    MustKeepCapturing {
        piece: Square,
    },
    NothingToCapture(Square),
    /// A new game the game's rules do not allow (a board it is not played on).
    BadSetup(WrongSize),
    /// A click the selected piece cannot capture on, and why.
    NotACaptureForSelected {
        square: Square,
        why: String,
    },
    /// A click on an empty or enemy square with no piece selected.
    ChooseOwnPiece(Side),
    NothingToUndo,
    UnknownVariant(String),
    /// A game without a guided first game (or with one that does not read).
    NoLesson(String),
    /// The engine turned the capture down.
    Move(MoveError),
    BadRecord(ParseRecordError),
    RecordDoesNotReplay(ReplayError),
    /// A record's (or a link's, or a table's) design cannot join the games
    /// here.
    Design(crate::rules::RegistryError),
    BadPosition(ParsePositionError),
    /// A record file could not be read or written.
    File {
        path: String,
        error: FileError,
    },
    /// The game's variant broke the engine's rules while the computer
    /// thought; the computer stops playing.
    ComputerStopped(VariantError),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let words = match self {
            Refusal::Animating => tr!("refusal-animating"),
            Refusal::Reviewing => tr!("refusal-reviewing"),
            Refusal::GameOver => tr!("refusal-game-over"),
            Refusal::CannotResign => tr!("refusal-cannot-resign"),
            Refusal::ComputersTurn => tr!("refusal-computers-turn"),
            Refusal::OpponentsTurn => tr!("refusal-opponents-turn"),
            Refusal::Online(why)
            | Refusal::DoesNotFit { why, .. }
            | Refusal::NotACaptureForSelected { why, .. } => why.clone(),
            Refusal::MustKeepCapturing { piece } => {
                tr!("refusal-must-keep-capturing", square = piece.to_string())
            }
            Refusal::NothingToCapture(square) => {
                tr!("refusal-nothing-to-capture", square = square.to_string())
            }
            Refusal::BadSetup(e) => e.to_string(),
            Refusal::ChooseOwnPiece(side) => tr!("refusal-choose-own", side = side_key(*side)),
            Refusal::NothingToUndo => tr!("refusal-nothing-to-undo"),
            Refusal::UnknownVariant(id) => tr!("refusal-unknown-game", game = id.as_str()),
            Refusal::NoLesson(game) => tr!("refusal-no-lesson", game = game.as_str()),
            Refusal::Move(e) => e.to_string(),
            Refusal::BadRecord(e) => e.to_string(),
            Refusal::RecordDoesNotReplay(e) => e.to_string(),
            Refusal::Design(e) => e.to_string(),
            Refusal::BadPosition(e) => e.to_string(),
            Refusal::File { path, error } => format!("{path}: {error}"),
            Refusal::ComputerStopped(e) => tr!("computer-stopped", why = e.to_string()),
        };
        f.write_str(&words)
    }
}

impl std::error::Error for Refusal {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Refusal::File { error, .. } => Some(error),
            Refusal::BadSetup(e) => Some(e),
            Refusal::Move(e) => Some(e),
            Refusal::BadRecord(e) => Some(e),
            Refusal::RecordDoesNotReplay(e) => Some(e),
            Refusal::Design(e) => Some(e),
            Refusal::BadPosition(e) => Some(e),
            Refusal::ComputerStopped(e) => Some(e),
            _ => None,
        }
    }
}

impl Refusal {
    /// A file of `path` that could not be read or written.
    pub fn file(path: &std::path::Path, error: std::io::Error) -> Refusal {
        Refusal::File {
            path: path.display().to_string(),
            error: error.into(),
        }
    }
}

impl From<MoveError> for Refusal {
    fn from(e: MoveError) -> Refusal {
        Refusal::Move(e)
    }
}

impl From<VariantError> for Refusal {
    fn from(e: VariantError) -> Refusal {
        Refusal::Move(MoveError::Variant(e))
    }
}
