//! Squares: the smallest named value of the board.

use std::fmt;
use std::str::FromStr;

/// A square of the board, stored as `y * 8 + x` whatever the board's size,
/// so every board shares one bitboard layout.
///
/// ```
/// use burrow::rules::Square;
/// let d4: Square = "d4".parse().unwrap();
/// assert_eq!((d4.x(), d4.y()), (3, 3));
/// assert_eq!(d4.to_string(), "d4");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at file `x` and rank `y` (both 0..8), if on the 8×8 grid.
    pub const fn new(x: u8, y: u8) -> Option<Square> {
        if x < 8 && y < 8 {
            Some(Square(y * 8 + x))
        } else {
            None
        }
    }

    /// The square at a bitboard index 0..64.
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// Like [`Square::from_index`] for indices known to be valid.
    pub(crate) const fn from_index_unchecked(index: u32) -> Square {
        debug_assert!(index < 64);
        Square(index as u8)
    }

    /// The bitboard index, `y * 8 + x`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File, 0 for `a`.
    pub const fn x(self) -> u8 {
        self.0 % 8
    }

    /// Rank, 0 for `1`.
    pub const fn y(self) -> u8 {
        self.0 / 8
    }

    /// The square `(dx, dy)` away, if still on the 8×8 grid.
    pub const fn offset(self, dx: i8, dy: i8) -> Option<Square> {
        let x = self.x() as i8 + dx;
        let y = self.y() as i8 + dy;
        if x < 0 || y < 0 || x >= 8 || y >= 8 {
            None
        } else {
            Some(Square((y * 8 + x) as u8))
        }
    }

    /// The one-bit mask of this square.
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Every square of the 8×8 grid in board order (a1, b1, …, h8).
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.x()) as char, self.y() + 1)
    }
}

/// Why a square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a square (expected a file a-h and a rank 1-8, like d4)",
            self.0
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let bytes = s.as_bytes();
        if bytes.len() != 2 {
            return Err(ParseSquareError(s.to_string()));
        }
        let (file, rank) = (bytes[0], bytes[1]);
        if !(b'a'..=b'h').contains(&file) || !(b'1'..=b'8').contains(&rank) {
            return Err(ParseSquareError(s.to_string()));
        }
        Ok(Square((rank - b'1') * 8 + (file - b'a')))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
    }

    #[test]
    fn bad_square_names_are_rejected() {
        for bad in ["", "a", "i1", "a9", "a0", "A1", "a10", "é1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn offsets_stop_at_the_edge() {
        let a1: Square = "a1".parse().unwrap();
        assert_eq!(a1.offset(-1, 0), None);
        assert_eq!(a1.offset(7, 7), "h8".parse().ok());
        assert_eq!(a1.offset(8, 0), None);
    }
}
