//! A set of squares packed into a `u64`, bit `y * 8 + x` for each square.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};

use super::Square;

/// A set of squares. Cheap to copy; the hot paths of move generation work on it.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard(!0);

    /// The squares of file `x` (0..8).
    pub const fn file(x: u8) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << x)
    }

    /// The squares of rank `y` (0..8).
    pub const fn rank(y: u8) -> Bitboard {
        Bitboard(0xff << (8 * y))
    }

    /// Files `x0..=x1` (inclusive), on every rank.
    pub const fn files_between(x0: u8, x1: u8) -> Bitboard {
        let width = x1 - x0 + 1;
        let row = ((1u64 << width) - 1) << x0;
        Bitboard(row * 0x0101_0101_0101_0101)
    }

    /// Ranks `y0..=y1` (inclusive), on every file.
    pub const fn ranks_between(y0: u8, y1: u8) -> Bitboard {
        let height = y1 - y0 + 1;
        let bits = if height == 8 {
            !0
        } else {
            (1u64 << (8 * height)) - 1
        };
        Bitboard(bits << (8 * y0))
    }

    /// The smallest rectangle holding both squares (the "bounding box").
    pub fn bounding_box(a: Square, b: Square) -> Bitboard {
        let (x0, x1) = (a.x().min(b.x()), a.x().max(b.x()));
        let (y0, y1) = (a.y().min(b.y()), a.y().max(b.y()));
        Bitboard::files_between(x0, x1) & Bitboard::ranks_between(y0, y1)
    }

    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(sq.bit())
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn has_any(self) -> bool {
        self.0 != 0
    }

    pub const fn contains(self, sq: Square) -> bool {
        self.0 & sq.bit() != 0
    }

    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    pub fn insert(&mut self, sq: Square) {
        self.0 |= sq.bit();
    }

    pub fn remove(&mut self, sq: Square) {
        self.0 &= !sq.bit();
    }

    /// The lowest square in board order, if any.
    pub fn first(self) -> Option<Square> {
        (self.0 != 0).then(|| Square::from_index_unchecked(self.0.trailing_zeros()))
    }

    /// The highest square in board order, if any.
    pub fn last(self) -> Option<Square> {
        (self.0 != 0).then(|| Square::from_index_unchecked(63 - self.0.leading_zeros()))
    }

    /// Shifts every square by `(dx, dy)`, dropping squares that leave the
    /// 8×8 grid (no wrap-around between files).
    pub const fn shifted(self, dx: i8, dy: i8) -> Bitboard {
        let mut bits = self.0;
        // Drop the squares that would leave through the left or right edge.
        if dx > 0 {
            bits &= !Bitboard::files_between(8 - dx as u8, 7).0;
        } else if dx < 0 {
            bits &= !Bitboard::files_between(0, (-dx) as u8 - 1).0;
        }
        let shift = dy as i32 * 8 + dx as i32;
        if shift >= 64 || shift <= -64 {
            Bitboard(0)
        } else if shift >= 0 {
            Bitboard(bits << shift)
        } else {
            Bitboard(bits >> -shift)
        }
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::from_index_unchecked(self.0.trailing_zeros());
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for sq in iter {
            bb.insert(sq);
        }
        bb
    }
}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

macro_rules! bit_op {
    ($trait:ident, $fn:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            fn $fn(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
    };
}

bit_op!(BitAnd, bitand, &);
bit_op!(BitOr, bitor, |);
bit_op!(BitXor, bitxor, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Set difference.
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl BitAndAssign for Bitboard {
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for Bitboard {
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn shifting_never_wraps_between_files() {
        let h1 = Bitboard::from(sq("h1"));
        assert!(h1.shifted(1, 0).is_empty());
        assert!(Bitboard::from(sq("a2")).shifted(-1, 0).is_empty());
        assert_eq!(h1.shifted(-2, 1), Bitboard::from(sq("f2")));
        assert!(Bitboard::from(sq("g8")).shifted(1, 1).is_empty());
        assert_eq!(
            Bitboard::from(sq("b1")).shifted(-1, 2),
            Bitboard::from(sq("a3"))
        );
    }

    #[test]
    fn bounding_box_holds_both_corners_and_nothing_outside() {
        let bb = Bitboard::bounding_box(sq("f2"), sq("c4"));
        assert_eq!(bb.count(), 4 * 3);
        assert!(bb.contains(sq("c2")) && bb.contains(sq("f4")));
        assert!(!bb.contains(sq("b3")) && !bb.contains(sq("d5")));
        assert_eq!(Bitboard::bounding_box(sq("a1"), sq("h8")), Bitboard::FULL);
    }

    #[test]
    fn iteration_is_in_board_order() {
        let bb: Bitboard = [sq("c3"), sq("a1"), sq("h8")].into_iter().collect();
        let order: Vec<Square> = bb.collect();
        assert_eq!(order, vec![sq("a1"), sq("c3"), sq("h8")]);
    }
}
