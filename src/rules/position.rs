//! A position: the board and the side to move, with its text form (RULES.md §6).

use std::fmt;
use std::str::FromStr;

use super::{Bitboard, Board, BoardSize, Side, Square};

/// Everything the rules need to know between turns.
///
/// ```
/// use burrow::rules::Position;
/// let start = Position::start_standard();
/// let text = start.to_string();
/// assert_eq!(text, "WBWBWBWB/BWBWBWBW/WBWBWBWB/BWBWBWBW/WBWBWBWB/BWBWBWBW/WBWBWBWB/BWBWBWBW W");
/// assert_eq!(text.parse::<Position>().unwrap(), start);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub board: Board,
    pub turn: Side,
}

impl Position {
    /// The start position on a board of `size`, White to move.
    pub fn start(size: BoardSize) -> Position {
        Position {
            board: Board::start(size),
            turn: Side::White,
        }
    }

    /// The start of a board in `layout`, White to move.
    pub fn start_with(size: BoardSize, layout: super::StartLayout) -> Position {
        Position {
            board: Board::start_with(size, layout),
            turn: Side::White,
        }
    }

    /// The start position on the standard 8×8 board.
    pub fn start_standard() -> Position {
        Position::start(BoardSize::STANDARD)
    }

    pub fn size(&self) -> BoardSize {
        self.board.size()
    }

    /// The pieces of the side to move.
    pub fn ours(&self) -> Bitboard {
        self.board.pieces(self.turn)
    }

    /// The pieces of the side waiting.
    pub fn theirs(&self) -> Bitboard {
        self.board.pieces(self.turn.opponent())
    }
}

/// What is wrong with a position text, and where (a character offset).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePositionError {
    pub at: usize,
    pub problem: PositionProblem,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionProblem {
    MissingSideToMove,
    BadSideToMove(String),
    TrailingText,
    UnexpectedCharacter(char),
    ZeroEmptyRun,
    RankTooLong {
        rank: usize,
        files: usize,
    },
    RankWidthDiffers {
        rank: usize,
        files: usize,
        expected: usize,
    },
    BadRankCount(usize),
    BadFileCount(usize),
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad position at character {}: ", self.at + 1)?;
        match &self.problem {
            PositionProblem::MissingSideToMove => {
                f.write_str("missing the side to move (a space, then W or B)")
            }
            PositionProblem::BadSideToMove(s) => {
                write!(f, "side to move must be W or B, not `{s}`")
            }
            PositionProblem::TrailingText => f.write_str("unexpected text after the side to move"),
            PositionProblem::UnexpectedCharacter(c) => {
                write!(f, "unexpected `{c}` (expected W, B, a digit 1-8 or /)")
            }
            PositionProblem::ZeroEmptyRun => {
                f.write_str("an empty run must be 1 to 8 squares, not 0")
            }
            PositionProblem::RankTooLong { rank, files } => {
                write!(f, "rank {rank} is {files} squares wide; the most is 8")
            }
            PositionProblem::RankWidthDiffers {
                rank,
                files,
                expected,
            } => write!(
                f,
                "rank {rank} is {files} squares wide but the top rank is {expected}"
            ),
            PositionProblem::BadRankCount(n) => {
                write!(f, "the board has {n} ranks; it must have 4 to 8")
            }
            PositionProblem::BadFileCount(n) => {
                write!(f, "the board is {n} files wide; it must be 4 to 8")
            }
        }
    }
}

impl std::error::Error for ParsePositionError {}

impl FromStr for Position {
    type Err = ParsePositionError;

    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        let err = |at: usize, problem| ParsePositionError { at, problem };
        let text = text.trim_end_matches(['\n', '\r']);
        let Some((placement, side)) = text.split_once(' ') else {
            return Err(err(
                text.chars().count(),
                PositionProblem::MissingSideToMove,
            ));
        };
        let side_at = placement.chars().count() + 1;
        let turn = match side {
            "W" => Side::White,
            "B" => Side::Black,
            "" => return Err(err(side_at, PositionProblem::MissingSideToMove)),
            s if s.len() > 1 && Side::from_letter(s.chars().next().unwrap_or(' ')).is_some() => {
                return Err(err(side_at + 1, PositionProblem::TrailingText));
            }
            s => return Err(err(side_at, PositionProblem::BadSideToMove(s.to_string()))),
        };

        // Read rows top to bottom as lists of cells; the size is known only at the end.
        let mut rows: Vec<Vec<Option<Side>>> = vec![Vec::new()];
        for (at, c) in placement.chars().enumerate() {
            let row = rows.last_mut().expect("rows starts non-empty");
            match c {
                '/' => {
                    let rank = rows.len();
                    let files = rows[rank - 1].len();
                    if rank > 1 && files != rows[0].len() {
                        let expected = rows[0].len();
                        return Err(err(
                            at,
                            PositionProblem::RankWidthDiffers {
                                rank,
                                files,
                                expected,
                            },
                        ));
                    }
                    if rows.len() == 8 {
                        return Err(err(at, PositionProblem::BadRankCount(9)));
                    }
                    rows.push(Vec::new());
                }
                'W' | 'B' => row.push(Side::from_letter(c)),
                '0' => return Err(err(at, PositionProblem::ZeroEmptyRun)),
                '1'..='8' => row.extend(std::iter::repeat_n(None, c as usize - '0' as usize)),
                other => return Err(err(at, PositionProblem::UnexpectedCharacter(other))),
            }
            let files = rows.last().map_or(0, Vec::len);
            if files > 8 {
                return Err(err(
                    at,
                    PositionProblem::RankTooLong {
                        rank: rows.len(),
                        files,
                    },
                ));
            }
        }
        let end = placement.chars().count();
        let files = rows[0].len();
        if let Some((i, row)) = rows.iter().enumerate().find(|(_, r)| r.len() != files) {
            let problem = PositionProblem::RankWidthDiffers {
                rank: i + 1,
                files: row.len(),
                expected: files,
            };
            return Err(err(end, problem));
        }
        let size = BoardSize::new(files as u8, rows.len() as u8).ok_or_else(|| {
            if !(4..=8).contains(&rows.len()) {
                err(end, PositionProblem::BadRankCount(rows.len()))
            } else {
                err(end, PositionProblem::BadFileCount(files))
            }
        })?;
        let mut board = Board::empty(size);
        let top = rows.len() - 1;
        for (i, row) in rows.iter().enumerate() {
            for (x, cell) in row.iter().enumerate() {
                let sq = Square::new(x as u8, (top - i) as u8).expect("size checked above");
                board.set(sq, *cell);
            }
        }
        Ok(Position { board, turn })
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.size();
        for y in (0..size.ranks()).rev() {
            let mut empty_run = 0;
            for x in 0..size.files() {
                let sq = Square::new(x, y).expect("within 8x8");
                match self.board.side_at(sq) {
                    None => empty_run += 1,
                    Some(color) => {
                        if empty_run > 0 {
                            write!(f, "{empty_run}")?;
                            empty_run = 0;
                        }
                        write!(f, "{}", color.letter())?;
                    }
                }
            }
            if empty_run > 0 {
                write!(f, "{empty_run}")?;
            }
            if y > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {}", self.turn.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_has_a1_black_and_b1_white() {
        let start = Position::start_standard();
        assert_eq!(
            start.board.side_at("a1".parse().unwrap()),
            Some(Side::Black)
        );
        assert_eq!(
            start.board.side_at("b1".parse().unwrap()),
            Some(Side::White)
        );
        assert_eq!(
            start.board.side_at("a2".parse().unwrap()),
            Some(Side::White)
        );
        assert_eq!(start.ours().count(), 32);
    }

    #[test]
    fn small_boards_round_trip() {
        let pos = Position::start(BoardSize::new(5, 4).unwrap());
        let text = pos.to_string();
        assert_eq!(text, "WBWBW/BWBWB/WBWBW/BWBWB W");
        assert_eq!(text.parse::<Position>().unwrap(), pos);
    }

    #[test]
    fn errors_name_the_problem_and_place() {
        let e = "WB2/4/4/4 X".parse::<Position>().unwrap_err();
        assert_eq!(e.problem, PositionProblem::BadSideToMove("X".into()));
        let e = "WB3/4/4/4 W".parse::<Position>().unwrap_err();
        assert_eq!(
            e.problem,
            PositionProblem::RankWidthDiffers {
                rank: 2,
                files: 4,
                expected: 5
            }
        );
        let e = "4/4/4 W".parse::<Position>().unwrap_err();
        assert_eq!(e.problem, PositionProblem::BadRankCount(3));
        let e = "4/4/4/4".parse::<Position>().unwrap_err();
        assert_eq!(e.problem, PositionProblem::MissingSideToMove);
        let e = "4/4/4/4x W".parse::<Position>().unwrap_err();
        assert_eq!(
            e,
            ParsePositionError {
                at: 7,
                problem: PositionProblem::UnexpectedCharacter('x')
            }
        );
        let e = "9/4/4/4 W".parse::<Position>().unwrap_err();
        assert_eq!(e.problem, PositionProblem::UnexpectedCharacter('9'));
        assert!("8/8/8/8/8/8/8/8/8 W".parse::<Position>().is_err());
    }
}
