//! The two sides of a Burrow game.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The two sides. White moves first. Online messages and stored games
/// write a side in lower case (`"white"`, `"black"`); [`fmt::Display`]
/// writes the name players read (`White`, `Black`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    White,
    Black,
}

impl Side {
    /// The other side.
    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// The side's place in a pair of per-side values (White's first).
    pub const fn index(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }

    /// The side in lower case, as messages and stored games write it.
    pub const fn word(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }

    /// The letter used by the position text (`W` or `B`).
    pub const fn letter(self) -> char {
        match self {
            Side::White => 'W',
            Side::Black => 'B',
        }
    }

    /// Reads a position-text letter.
    pub const fn from_letter(c: char) -> Option<Side> {
        match c {
            'W' => Some(Side::White),
            'B' => Some(Side::Black),
            _ => None,
        }
    }

    /// Both sides, White first.
    pub const ALL: [Side; 2] = [Side::White, Side::Black];
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::White => "White",
            Side::Black => "Black",
        })
    }
}
