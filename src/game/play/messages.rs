//! The game's messages: the intents that ask the rules plugin for a
//! change, and the facts it announces once it has made one (or refused).

use bevy::prelude::*;

use crate::rules::{Capture, GameRecord, Side, Square};

use super::game::Outcome;
use super::refusal::Refusal;
use super::setup::{GameMode, NewGame, Player};

/// Intent: make this capture (initial, or the next of the turn).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct CaptureIntent(pub Capture);

/// Intent: change the game as a whole.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum GameIntent {
    Undo,
    Redo,
    NewGame(NewGame),
    /// Replace the game by one read from record text (kept if the text is bad).
    LoadRecord(String),
    /// Replace the game by a record's, with these players (kept if the
    /// record does not replay).
    Load {
        record: GameRecord,
        white: Player,
        black: Player,
        mode: GameMode,
    },
    /// Look at the position after this many turns; `None` returns to play.
    Review(Option<usize>),
    /// This side resigns (a local game; online, the server takes it).
    Resign(Side),
    /// Put a design among the games (in place of an earlier version of it:
    /// the designer's game changes and keeps its id), then start `play`
    /// with it if given.
    PutDesign {
        design: Box<crate::rules::Design>,
        play: Option<NewGame>,
    },
    /// Give a game learned weights (the designer's training): its
    /// `strongest` level and the hint play with them from the next turn.
    PutWeights(Box<crate::ai::learned::Weights>),
}

/// Fact: a capture was made and the board must show it.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct CaptureMade {
    pub mover: Side,
    pub capture: Capture,
    /// Every square the piece passes through, origin and target included.
    pub path: Vec<Square>,
    pub turn_over: bool,
}

/// Fact: the game changed as a whole; rebuild the board from the game.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardReset;

/// Fact: a new game is on the board (a new one, a record loaded, a puzzle,
/// a lesson or an online table); the screens follow it to the board.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameStarted;

/// Fact: the game has a winner.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnded(pub Outcome);

/// Fact: an intent was refused; nothing changed. The UI shows the reason gently.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Refused(pub Refusal);
