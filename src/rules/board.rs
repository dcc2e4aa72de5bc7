//! Board size and the placement of pieces.

use std::fmt;

use super::{Bitboard, Side, Square};

/// The playing area: `files × ranks`, each from 4 to 8. Squares outside it
/// exist in the shared 8×8 layout but never hold a piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    files: u8,
    ranks: u8,
}

impl BoardSize {
    pub const MIN: u8 = 4;
    pub const MAX: u8 = 8;
    /// The board every Burrow game is played on.
    pub const STANDARD: BoardSize = BoardSize { files: 8, ranks: 8 };

    /// A board of `files × ranks`, if both are within 4..=8.
    pub const fn new(files: u8, ranks: u8) -> Option<BoardSize> {
        if files >= Self::MIN && files <= Self::MAX && ranks >= Self::MIN && ranks <= Self::MAX {
            Some(BoardSize { files, ranks })
        } else {
            None
        }
    }

    pub const fn files(self) -> u8 {
        self.files
    }

    pub const fn ranks(self) -> u8 {
        self.ranks
    }

    /// Every square of the playing area.
    pub const fn squares(self) -> Bitboard {
        Bitboard(
            Bitboard::files_between(0, self.files - 1).0
                & Bitboard::ranks_between(0, self.ranks - 1).0,
        )
    }

    pub const fn contains(self, sq: Square) -> bool {
        sq.x() < self.files && sq.y() < self.ranks
    }
}

impl Default for BoardSize {
    fn default() -> BoardSize {
        BoardSize::STANDARD
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.files, self.ranks)
    }
}

/// A board size text that does not read as one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseBoardSizeError(pub String);

impl fmt::Display for ParseBoardSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a board size (expected FILESxRANKS, each {} to {}, like 8x8)",
            self.0,
            BoardSize::MIN,
            BoardSize::MAX
        )
    }
}

impl std::error::Error for ParseBoardSizeError {}

impl std::str::FromStr for BoardSize {
    type Err = ParseBoardSizeError;

    /// Reads `8x8`, `6x5`, …
    fn from_str(s: &str) -> Result<BoardSize, ParseBoardSizeError> {
        let bad = || ParseBoardSizeError(s.to_string());
        let (f, r) = s.split_once(['x', 'X']).ok_or_else(bad)?;
        let files: u8 = f.trim().parse().map_err(|_| bad())?;
        let ranks: u8 = r.trim().parse().map_err(|_| bad())?;
        BoardSize::new(files, ranks).ok_or_else(bad)
    }
}

/// Where the pieces stand. Both colours' sets never overlap and never leave
/// the playing area.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    white: Bitboard,
    black: Bitboard,
    size: BoardSize,
}

/// How the pieces stand at the start; in every layout each square holds a
/// piece.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum StartLayout {
    /// A checkerboard, Black where `x + y` is even (so on a1): this
    /// project's reading of the designer's description.
    #[default]
    Checkerboard,
    /// Pairs: rank 1 reads `W W B B W W B B`, and each rank is the one
    /// below with the colours swapped (the layout Ludii's Sweep Burrow
    /// starts from).
    Pairs,
}

impl StartLayout {
    pub const ALL: [StartLayout; 2] = [StartLayout::Checkerboard, StartLayout::Pairs];

    /// The layout's name in commands and menus.
    pub fn name(self) -> &'static str {
        match self {
            StartLayout::Checkerboard => "checkerboard",
            StartLayout::Pairs => "pairs",
        }
    }

    /// Whether the square holds a Black piece at the start.
    fn black_at(self, sq: Square) -> bool {
        match self {
            StartLayout::Checkerboard => (sq.x() + sq.y()).is_multiple_of(2),
            StartLayout::Pairs => (sq.x() / 2 + sq.y()) % 2 == 1,
        }
    }
}

impl fmt::Display for StartLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no start layout.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a start layout (checkerboard or pairs)")]
pub struct UnknownLayout(pub String);

impl std::str::FromStr for StartLayout {
    type Err = UnknownLayout;
    fn from_str(s: &str) -> Result<StartLayout, UnknownLayout> {
        StartLayout::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| UnknownLayout(s.to_string()))
    }
}

impl Board {
    /// The Burrow start: every square holds a piece, Black where `x + y` is
    /// even, White where it is odd.
    pub fn start(size: BoardSize) -> Board {
        Board::start_with(size, StartLayout::Checkerboard)
    }

    /// A full board in `layout`.
    pub fn start_with(size: BoardSize, layout: StartLayout) -> Board {
        let area = size.squares();
        let black: Bitboard = area.filter(|&sq| layout.black_at(sq)).collect();
        Board {
            white: area - black,
            black,
            size,
        }
    }

    /// An empty board.
    pub fn empty(size: BoardSize) -> Board {
        Board {
            white: Bitboard::EMPTY,
            black: Bitboard::EMPTY,
            size,
        }
    }

    /// A board from the two piece sets; `None` if they overlap or leave the area.
    pub fn from_pieces(size: BoardSize, white: Bitboard, black: Bitboard) -> Option<Board> {
        let area = size.squares();
        if (white & black).has_any() || (white - area).has_any() || (black - area).has_any() {
            None
        } else {
            Some(Board { white, black, size })
        }
    }

    pub fn size(&self) -> BoardSize {
        self.size
    }

    pub fn pieces(&self, side: Side) -> Bitboard {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }

    pub fn occupied(&self) -> Bitboard {
        self.white | self.black
    }

    /// Squares of the playing area holding no piece.
    pub fn empty_squares(&self) -> Bitboard {
        self.size.squares() - self.occupied()
    }

    pub fn side_at(&self, sq: Square) -> Option<Side> {
        if self.white.contains(sq) {
            Some(Side::White)
        } else if self.black.contains(sq) {
            Some(Side::Black)
        } else {
            None
        }
    }

    /// Puts `piece` (a side's piece, or none) on `sq`, replacing whatever
    /// stood there.
    /// Squares outside the playing area are left untouched.
    pub fn set(&mut self, sq: Square, piece: Option<Side>) {
        if !self.size.contains(sq) {
            return;
        }
        self.white.remove(sq);
        self.black.remove(sq);
        match piece {
            Some(Side::White) => self.white.insert(sq),
            Some(Side::Black) => self.black.insert(sq),
            None => {}
        }
    }

    /// Moves the piece of `mover` from `from` to `to`, removing whatever enemy
    /// stood on `to`: one capture by replacement.
    pub(crate) fn capture(&mut self, mover: Side, from: Square, to: Square) {
        let (own, enemy) = match mover {
            Side::White => (&mut self.white, &mut self.black),
            Side::Black => (&mut self.black, &mut self.white),
        };
        own.remove(from);
        own.insert(to);
        enemy.remove(to);
    }
}
