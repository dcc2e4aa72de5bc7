//! The two sides of a Burrow game.

use std::fmt;

/// The two sides. White moves first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    /// The other side.
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The letter used by the position text (`W` or `B`).
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }

    /// Reads a position-text letter.
    pub const fn from_letter(c: char) -> Option<Color> {
        match c {
            'W' => Some(Color::White),
            'B' => Some(Color::Black),
            _ => None,
        }
    }

    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}
