//! What a game is set up with: the games this build knows ([`Variants`]),
//! who plays each side ([`Player`]), the kind of game ([`GameMode`]) and
//! a new game's whole setup ([`NewGame`]).

use bevy::prelude::*;

use crate::ai::Level;
use crate::game::ui::words;
use crate::rules::{BoardSize, Position, VariantRegistry};
use crate::tr;

/// The variants this build knows; mods add theirs here.
#[derive(Resource, Clone, Debug, Deref, DerefMut)]
pub struct Variants(pub VariantRegistry);

impl Default for Variants {
    fn default() -> Variants {
        Variants(VariantRegistry::builtin())
    }
}

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    Human,
    Computer(Level),
    /// The solver's best defence: the side a puzzle's player plays against.
    Defender,
    /// A guided first game's scripted replies.
    Scripted,
    /// The other side of an online game: its turns come from the server.
    Remote,
}

impl Player {
    /// Who plays a side, in the player's language (the panels' word;
    /// [`Player::label`] is the records').
    pub fn words(self) -> String {
        match self {
            Player::Human => tr!("player-human"),
            Player::Computer(level) => tr!("player-computer", level = words::level(level)),
            Player::Defender => tr!("player-defender"),
            Player::Scripted => tr!("player-scripted"),
            Player::Remote => tr!("player-remote"),
        }
    }

    pub fn label(self) -> String {
        match self {
            Player::Human => "Human".into(),
            Player::Computer(level) => format!("Computer ({level})"),
            Player::Defender => "Solver (best defence)".into(),
            Player::Scripted => "Lesson".into(),
            Player::Remote => "Online".into(),
        }
    }
}

impl Player {
    /// The player a side keeps when a game of another mode replaces this
    /// one: people and computer levels stay; a puzzle's defender, a
    /// lesson's script and an online opponent belong to their mode.
    pub fn kept_for_local(self) -> Player {
        match self {
            Player::Human | Player::Computer(_) => self,
            Player::Defender | Player::Scripted | Player::Remote => Player::Human,
        }
    }
}

/// What kind of game is on the board. Whoever starts a game names its
/// mode; the puzzle, lesson and online plugins follow it (a game of
/// another mode ends theirs), and the panels show what the mode offers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameMode {
    /// People and computer players on this machine (a new game, a record
    /// or a position loaded).
    #[default]
    Local,
    /// A shipped puzzle: its index in the puzzle list.
    Puzzle(usize),
    /// A guided first game.
    Lesson,
    /// A table on a server: its code.
    Online(String),
}

/// What a new game is made of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    pub variant: String,
    pub size: BoardSize,
    pub white: Player,
    pub black: Player,
    /// A start other than the standard one (from a pasted position).
    pub start: Option<Position>,
    pub mode: GameMode,
}

impl Default for NewGame {
    fn default() -> NewGame {
        NewGame {
            variant: "box".into(),
            size: BoardSize::STANDARD,
            white: Player::Human,
            black: Player::Computer(Level::Medium),
            start: None,
            mode: GameMode::Local,
        }
    }
}
