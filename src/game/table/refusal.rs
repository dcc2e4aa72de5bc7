//! Why the game turned down what was asked ([`Refusal`]); its `Display` is
//! the message the player sees.

use crate::rules::{
    MoveError, ParsePositionError, ParseRecordError, ReplayError, Side, Square, VariantError,
    WrongSize,
};

/// Why the game turned down what a player (or a panel, or the computer)
/// asked for. Nothing changed; the message is what the player sees.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// A capture is still being shown.
    #[error("wait for the capture to finish")]
    Animating,
    /// An earlier position is on show.
    #[error("you are looking at an earlier position")]
    Reviewing,
    #[error("the game is over")]
    GameOver,
    /// Resigning where nobody on this machine can (the game is over, is
    /// online, or is a puzzle or a lesson; or that side is not a person's).
    #[error("there is no game of yours to resign here")]
    CannotResign,
    #[error("it is the computer's turn")]
    ComputersTurn,
    /// An online game's other player is to move.
    #[error("it is your opponent's turn")]
    OpponentsTurn,
    /// Online play: what the server or the connection said.
    #[error("{0}")]
    Online(String),
    /// A click on a square no fitting capture reaches, mid-turn.
    #[error("{why}")]
    DoesNotFit {
        square: Square,
        piece: Square,
        /// Why, in the game's terms ([`crate::rules::Rules::why_not`]).
        why: String,
    },
    /// A capture from another piece than the one in the middle of its turn.
    #[error("{piece} must keep capturing")]
    MustKeepCapturing { piece: Square },
    #[error("the piece on {0} has nothing to capture")]
    NothingToCapture(Square),
    /// A new game the game's rules do not allow (a board it is not played on).
    #[error("{0}")]
    BadSetup(WrongSize),
    /// A click the selected piece cannot capture on, and why.
    #[error("{why}")]
    NotACaptureForSelected { square: Square, why: String },
    /// A click on an empty or enemy square with no piece selected.
    #[error("choose one of your own pieces ({0})")]
    ChooseOwnPiece(Side),
    #[error("nothing to undo or redo")]
    NothingToUndo,
    #[error("unknown variant `{0}`")]
    UnknownVariant(String),
    /// A game without a guided first game (or with one that does not read).
    #[error("no guided first game for {0}")]
    NoLesson(String),
    /// The engine turned the capture down.
    #[error("{0}")]
    Move(MoveError),
    #[error("{0}")]
    BadRecord(ParseRecordError),
    #[error("{0}")]
    RecordDoesNotReplay(ReplayError),
    /// A record's (or a link's, or a table's) design cannot join the games
    /// here.
    #[error("{0}")]
    Design(crate::rules::RegistryError),
    #[error("{0}")]
    BadPosition(ParsePositionError),
    /// A record file could not be read or written.
    #[error("{path}: {error}")]
    File { path: String, error: String },
    /// The game's variant broke the engine's rules while the computer
    /// thought; the computer stops playing.
    #[error("the computer stopped playing: {0}")]
    ComputerStopped(VariantError),
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
