//! What a game says besides its captures: how the pieces stand at the start
//! ([`Start`]), which boards it is played on ([`SizeRange`]) and who wins
//! when the side to move has no capture left ([`EndRule`]). The four
//! designer's games use the defaults: the checkerboard, every size, and the
//! player with no capture loses.

use std::fmt;

use super::{Board, BoardSize, Side, StartLayout};

/// Rows of pieces written out, repeated to fill any board: row 1 is rank
/// 1, and a row shorter than the board repeats along its rank; fewer rows
/// than ranks repeat up the board. A cell holds White, Black or nothing.
///
/// ```
/// use burrow::rules::{BoardSize, Side, RowPattern, Square};
/// let pairs: RowPattern = "WWBB/BBWW".parse().unwrap();
/// let board = pairs.board(BoardSize::new(6, 4).unwrap());
/// assert_eq!(board.side_at("c1".parse().unwrap()), Some(Side::Black));
/// assert_eq!(board.side_at("e2".parse().unwrap()), Some(Side::Black));
/// assert_eq!(pairs.to_string(), "WWBB/BBWW");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RowPattern {
    /// Each row's cells, rank 1 first; only the first `lengths[r]` count.
    cells: [[Option<Side>; 8]; 8],
    lengths: [u8; 8],
    rows: u8,
}

/// A row text that is no row pattern.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RowPatternError(pub String);

impl RowPattern {
    /// The pattern from its rows (rank 1 first), each a text of `W`, `B`
    /// and `.` (an empty square), 1 to 8 cells; 1 to 8 rows.
    pub fn new<S: AsRef<str>>(rows: &[S]) -> Result<RowPattern, RowPatternError> {
        if rows.is_empty() || rows.len() > 8 {
            return Err(RowPatternError(format!(
                "expected 1 to 8 rows, found {}",
                rows.len()
            )));
        }
        let mut pattern = RowPattern {
            cells: [[None; 8]; 8],
            lengths: [0; 8],
            rows: rows.len() as u8,
        };
        for (r, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            let count = row.chars().count();
            if count == 0 || count > 8 {
                return Err(RowPatternError(format!(
                    "row {} has {count} cells; a row has 1 to 8",
                    r + 1
                )));
            }
            for (x, c) in row.chars().enumerate() {
                pattern.cells[r][x] = match c {
                    'W' => Some(Side::White),
                    'B' => Some(Side::Black),
                    '.' => None,
                    other => {
                        return Err(RowPatternError(format!(
                            "row {} has '{other}'; a cell is W (White), B (Black) or . (empty)",
                            r + 1
                        )));
                    }
                };
            }
            pattern.lengths[r] = count as u8;
        }
        Ok(pattern)
    }

    /// The rows as texts, rank 1 first.
    pub fn rows(&self) -> Vec<String> {
        (0..self.rows as usize)
            .map(|r| {
                self.cells[r][..self.lengths[r] as usize]
                    .iter()
                    .map(|c| match c {
                        Some(Side::White) => 'W',
                        Some(Side::Black) => 'B',
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// The piece the pattern puts on file `x`, rank `y` (from 0).
    pub fn at(&self, x: u8, y: u8) -> Option<Side> {
        let r = (y % self.rows) as usize;
        self.cells[r][(x % self.lengths[r]) as usize]
    }

    /// The pattern repeated over a board of `size`.
    pub fn board(&self, size: BoardSize) -> Board {
        let mut board = Board::empty(size);
        for sq in size.squares() {
            board.set(sq, self.at(sq.x(), sq.y()));
        }
        board
    }
}

impl fmt::Display for RowPattern {
    /// The rows joined by `/`, rank 1 first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.rows().join("/"))
    }
}

impl std::str::FromStr for RowPattern {
    type Err = RowPatternError;
    /// Rows joined by `/`, rank 1 first.
    fn from_str(s: &str) -> Result<RowPattern, RowPatternError> {
        let rows: Vec<&str> = s.trim().split('/').collect();
        RowPattern::new(&rows)
    }
}

/// How a game's pieces stand at the start; White moves first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Start {
    /// One of the engine's full-board layouts.
    Layout(StartLayout),
    /// Rows written out by the game.
    Rows(RowPattern),
}

impl Default for Start {
    fn default() -> Start {
        Start::Layout(StartLayout::Checkerboard)
    }
}

impl Start {
    /// The board at the start on `size`.
    pub fn board(&self, size: BoardSize) -> Board {
        match self {
            Start::Layout(layout) => Board::start_with(size, *layout),
            Start::Rows(rows) => rows.board(size),
        }
    }

    /// The start as rows written out (a layout as the rows that repeat to
    /// make it).
    pub fn rows_of(&self) -> RowPattern {
        let text = match self {
            Start::Layout(StartLayout::Checkerboard) => "BW/WB",
            Start::Layout(StartLayout::Pairs) => "WWBB/BBWW",
            Start::Rows(rows) => return *rows,
        };
        text.parse().expect("the layouts' rows read")
    }

    /// What players call it: the layout's name, or "its own rows".
    pub fn name(&self) -> &'static str {
        match self {
            Start::Layout(layout) => layout.name(),
            Start::Rows(_) => "its own rows",
        }
    }
}

/// The boards a game is played on: every size from `smallest` to `largest`
/// in both files and ranks.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SizeRange {
    pub smallest: BoardSize,
    pub largest: BoardSize,
}

impl Default for SizeRange {
    fn default() -> SizeRange {
        SizeRange::ALL
    }
}

impl SizeRange {
    /// Every size the engine has, 4×4 to 8×8.
    pub const ALL: SizeRange = SizeRange {
        smallest: match BoardSize::new(BoardSize::MIN, BoardSize::MIN) {
            Some(size) => size,
            None => BoardSize::STANDARD,
        },
        largest: BoardSize::STANDARD,
    };

    /// The range from `smallest` to `largest`; `None` if `smallest` is
    /// larger along either side.
    pub fn new(smallest: BoardSize, largest: BoardSize) -> Option<SizeRange> {
        (smallest.files() <= largest.files() && smallest.ranks() <= largest.ranks())
            .then_some(SizeRange { smallest, largest })
    }

    pub fn contains(&self, size: BoardSize) -> bool {
        (self.smallest.files()..=self.largest.files()).contains(&size.files())
            && (self.smallest.ranks()..=self.largest.ranks()).contains(&size.ranks())
    }

    /// Every size of the range, smallest first, files before ranks.
    pub fn sizes(&self) -> impl Iterator<Item = BoardSize> + '_ {
        (self.smallest.ranks()..=self.largest.ranks()).flat_map(move |ranks| {
            (self.smallest.files()..=self.largest.files())
                .filter_map(move |files| BoardSize::new(files, ranks))
        })
    }

    /// The square sizes of the range (4×4, 5×5, …), smallest first.
    pub fn squares(&self) -> impl Iterator<Item = BoardSize> + '_ {
        self.sizes().filter(|s| s.files() == s.ranks())
    }

    /// `size` if the range has it, else the nearest size it has (each side
    /// moved into the range).
    pub fn nearest(&self, size: BoardSize) -> BoardSize {
        let files = size
            .files()
            .clamp(self.smallest.files(), self.largest.files());
        let ranks = size
            .ranks()
            .clamp(self.smallest.ranks(), self.largest.ranks());
        BoardSize::new(files, ranks).unwrap_or(self.largest)
    }
}

impl fmt::Display for SizeRange {
    /// `8x8`, or `6x6 to 8x8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.smallest == self.largest {
            write!(f, "{}", self.smallest)
        } else {
            write!(f, "{} to {}", self.smallest, self.largest)
        }
    }
}

/// Who wins when the side to move has no initial capture. Every turn
/// removes a piece, so under either rule a game ends and is never drawn.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum EndRule {
    /// The player with no capture loses: the last to capture wins (the
    /// four designer's games).
    #[default]
    LastCaptureWins,
    /// The player with no capture wins: whoever makes the last capture
    /// loses (a misère game).
    LastCaptureLoses,
}

impl EndRule {
    /// The words a game file uses, each with its rule.
    pub const WORDS: [(&'static str, EndRule); 2] = [
        ("last-capture-wins", EndRule::LastCaptureWins),
        ("last-capture-loses", EndRule::LastCaptureLoses),
    ];

    pub fn word(self) -> &'static str {
        match self {
            EndRule::LastCaptureWins => "last-capture-wins",
            EndRule::LastCaptureLoses => "last-capture-loses",
        }
    }

    /// The winner when `stuck` is to move and has no initial capture.
    pub fn winner(self, stuck: Side) -> Side {
        match self {
            EndRule::LastCaptureWins => stuck.opponent(),
            EndRule::LastCaptureLoses => stuck,
        }
    }

    /// How a game under this rule ended, said of the loser: "the loser had
    /// no capture".
    pub fn ending(self) -> &'static str {
        match self {
            EndRule::LastCaptureWins => "the loser had no capture",
            EndRule::LastCaptureLoses => "the winner had no capture (the last capture loses)",
        }
    }

    /// Whether the side to move with no capture wins.
    pub fn stuck_wins(self) -> bool {
        self == EndRule::LastCaptureLoses
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_are_row_patterns() {
        for layout in StartLayout::ALL {
            let start = Start::Layout(layout);
            assert_eq!(
                start.rows_of().board(BoardSize::STANDARD),
                start.board(BoardSize::STANDARD)
            );
        }
        let checker: RowPattern = "BW/WB".parse().unwrap();
        let pairs: RowPattern = "WWBB/BBWW".parse().unwrap();
        for size in SizeRange::ALL.sizes() {
            assert_eq!(checker.board(size), Board::start(size), "{size}");
            assert_eq!(
                pairs.board(size),
                Board::start_with(size, StartLayout::Pairs),
                "{size}"
            );
        }
    }

    #[test]
    fn rows_repeat_and_may_leave_squares_empty() {
        let rows: RowPattern = "W.B/BBBB/....".parse().unwrap();
        let board = rows.board(BoardSize::new(5, 4).unwrap());
        let at = |s: &str| board.side_at(s.parse().unwrap());
        assert_eq!(at("a1"), Some(Side::White));
        assert_eq!(at("b1"), None);
        assert_eq!(at("d1"), Some(Side::White));
        assert_eq!(at("e2"), Some(Side::Black));
        assert_eq!(at("c3"), None);
        assert_eq!(at("a4"), Some(Side::White));
        assert_eq!(rows.to_string(), "W.B/BBBB/....");
    }

    #[test]
    fn bad_rows_are_named() {
        for (text, says) in [
            ("", "row 1 has 0 cells"),
            ("WBWBWBWBW", "row 1 has 9 cells"),
            ("WB/Wx", "row 2 has 'x'"),
            ("W/B/W/B/W/B/W/B/W", "1 to 8 rows, found 9"),
        ] {
            let error = text.parse::<RowPattern>().unwrap_err().to_string();
            assert!(error.contains(says), "{text}: {error}");
        }
    }

    #[test]
    fn size_ranges() {
        let six = BoardSize::new(6, 6).unwrap();
        let range = SizeRange::new(six, BoardSize::STANDARD).unwrap();
        assert!(range.contains(BoardSize::new(7, 6).unwrap()));
        assert!(!range.contains(BoardSize::new(5, 8).unwrap()));
        assert_eq!(range.sizes().count(), 9);
        assert_eq!(range.squares().count(), 3);
        assert_eq!(
            range.nearest(BoardSize::new(4, 7).unwrap()).to_string(),
            "6x7"
        );
        assert_eq!(range.to_string(), "6x6 to 8x8");
        assert!(SizeRange::new(BoardSize::STANDARD, six).is_none());
        assert_eq!(SizeRange::ALL.sizes().count(), 25);
    }

    #[test]
    fn end_rules_name_the_winner() {
        assert_eq!(EndRule::default().winner(Side::White), Side::Black);
        assert_eq!(EndRule::LastCaptureLoses.winner(Side::White), Side::White);
    }
}
