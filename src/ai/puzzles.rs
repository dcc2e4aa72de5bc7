//! Puzzles: positions the solver proves a win for the side to move, to be
//! played out against the solver's best defence. The game ships them as
//! text (`assets/puzzles.txt`), one per line:
//!
//! ```text
//! box medium 5 1W1B/B2W/4/WB1B W b4xa4xa3
//! ```
//!
//! the game, the band, the turns the win takes, the position and one winning
//! first turn.

use std::fmt;
use std::str::FromStr;

use crate::rules::{ParsePositionError, ParseTurnError, PlayedTurn, Position, Rules, VariantError};

use super::solver::{Distances, SolveLimits, Solver, Value};

/// How hard a puzzle is, by the turns its win takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Band {
    /// A win in 3 turns: one turn, the reply, the last turn.
    Easy,
    /// A win in 5.
    Medium,
    /// A win in 7 to 11.
    Hard,
}

impl Band {
    pub const ALL: [Band; 3] = [Band::Easy, Band::Medium, Band::Hard];

    /// The band of a win in `turns` turns; `None` for a win in 1 (no
    /// puzzle), beyond 11 (too long to play out) or an even number (not a
    /// win).
    pub fn of(turns: u32) -> Option<Band> {
        match turns {
            3 => Some(Band::Easy),
            5 => Some(Band::Medium),
            7 | 9 | 11 => Some(Band::Hard),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Band::Easy => "easy",
            Band::Medium => "medium",
            Band::Hard => "hard",
        }
    }
}

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub variant: String,
    pub band: Band,
    /// The side to move wins in this many turns (its own and the replies).
    pub turns: u32,
    pub position: Position,
    /// One winning first turn.
    pub solution: PlayedTurn,
}

impl Puzzle {
    /// A name for progress lists: the game and the position.
    pub fn id(&self) -> String {
        format!("{} {}", self.variant, self.position)
    }

    /// "White to move wins in 5 turns".
    pub fn task(&self) -> String {
        format!(
            "{} to move wins in {} turns",
            self.position.turn, self.turns
        )
    }
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {} {}",
            self.variant,
            self.band.name(),
            self.turns,
            self.position,
            self.solution
        )
    }
}

/// A puzzle line that does not read, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePuzzleError {
    #[error("expected `GAME BAND TURNS POSITION SIDE SOLUTION`")]
    Fields,
    #[error("`{text}` is not a number of turns")]
    Turns {
        text: String,
        source: std::num::ParseIntError,
    },
    #[error("unknown band `{0}` (easy, medium, hard)")]
    Band(String),
    #[error("a win in {turns} turns is not {}", .band.name())]
    WrongBand { turns: u32, band: Band },
    #[error(transparent)]
    Position(#[from] ParsePositionError),
    #[error("solution `{text}`: {source}")]
    Solution {
        text: String,
        source: ParseTurnError,
    },
}

/// A line of a puzzle file that does not read: its number from 1, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {source}")]
pub struct PuzzleFileError {
    pub line: usize,
    pub source: ParsePuzzleError,
}

impl FromStr for Puzzle {
    type Err = ParsePuzzleError;

    fn from_str(line: &str) -> Result<Puzzle, ParsePuzzleError> {
        let parts: Vec<&str> = line.split_whitespace().collect();
        let [variant, band, turns, board, side, solution] = parts[..] else {
            return Err(ParsePuzzleError::Fields);
        };
        let turns: u32 = turns.parse().map_err(|source| ParsePuzzleError::Turns {
            text: turns.to_string(),
            source,
        })?;
        let band = Band::ALL
            .into_iter()
            .find(|b| b.name() == band)
            .ok_or_else(|| ParsePuzzleError::Band(band.to_string()))?;
        if Band::of(turns) != Some(band) {
            return Err(ParsePuzzleError::WrongBand { turns, band });
        }
        let position: Position = format!("{board} {side}").parse()?;
        let solution: PlayedTurn =
            solution
                .parse()
                .map_err(|source| ParsePuzzleError::Solution {
                    text: solution.to_string(),
                    source,
                })?;
        Ok(Puzzle {
            variant: variant.to_string(),
            band,
            turns,
            position,
            solution,
        })
    }
}

/// Every puzzle of a puzzle file (`#` lines and blank lines skipped); the
/// first bad line is named.
pub fn parse_puzzles(text: &str) -> Result<Vec<Puzzle>, PuzzleFileError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(n, l)| {
            l.parse().map_err(|source| PuzzleFileError {
                line: n + 1,
                source,
            })
        })
        .collect()
}

/// The puzzle `pos` makes, if the solver proves within `limits` that its
/// side to move wins in 3 to 11 turns, at most two first turns (up to the
/// position's symmetries) win that fast, and at least half of its turns
/// lose: a position where the answer has to be found.
pub fn puzzle_at(
    rules: &Rules,
    solver: &Solver,
    pos: &Position,
    limits: &SolveLimits,
) -> Result<Option<Puzzle>, VariantError> {
    let analysis = solver.analyse(pos, limits, Distances::Winning, None)?;
    let Some(Value::Win(turns)) = analysis.knowledge.value() else {
        return Ok(None);
    };
    let Some(band) = Band::of(turns) else {
        return Ok(None);
    };
    let symmetries = pos.symmetries();
    let mut fastest: Vec<String> = analysis
        .turns
        .iter()
        .filter(|(_, k)| k.value() == Some(Value::Win(turns)))
        .map(|(t, _)| t.result.canonical_image(&symmetries).to_string())
        .collect();
    fastest.sort();
    fastest.dedup();
    let losing = analysis
        .turns
        .iter()
        .filter(|(_, k)| k.wins() == Some(false))
        .count();
    if fastest.len() > 2 || losing * 2 < analysis.turns.len() {
        return Ok(None);
    }
    let (turn, _) = analysis
        .best_win()
        .expect("a won position has a winning turn");
    Ok(Some(Puzzle {
        variant: rules.id().to_string(),
        band,
        turns,
        position: *pos,
        solution: turn.played(),
    }))
}

/// What a puzzle's player should know of a turn they played: it keeps the
/// fastest win (go on), or it does not, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The turn wins in the turns still allowed.
    OnTrack { turns_left: u32 },
    /// It still wins, but slower than the puzzle asks.
    TooSlow { wins_in: u32, allowed: u32 },
    /// It lets the opponent win; `reply` is a turn of theirs that wins
    /// (the fastest the solver proved in its time), so the player can be
    /// shown the way out they left.
    Loses { reply: Option<PlayedTurn> },
    /// Not proven within the limits.
    Unknown,
}

/// Judges a turn into `result` when `allowed` turns remained for the win.
pub fn judge(
    solver: &Solver,
    result: &Position,
    allowed: u32,
    limits: &SolveLimits,
) -> Result<Verdict, VariantError> {
    let solved = solver.solve(result, limits)?;
    Ok(match solved.knowledge.value().map(Value::before) {
        Some(Value::Win(d)) if d <= allowed => Verdict::OnTrack { turns_left: d - 1 },
        Some(Value::Win(d)) => Verdict::TooSlow {
            wins_in: d,
            allowed,
        },
        Some(Value::Loss(_)) => Verdict::Loses {
            reply: winning_reply(solver, result, limits)?,
        },
        None => Verdict::Unknown,
    })
}

/// A turn the side to move in `pos` (a position it wins) wins with: the
/// fastest proven within `limits`, or `None` if none was proven in time.
fn winning_reply(
    solver: &Solver,
    pos: &Position,
    limits: &SolveLimits,
) -> Result<Option<PlayedTurn>, VariantError> {
    let analysis = solver.analyse(pos, limits, Distances::All, None)?;
    Ok(analysis.best_win().map(|(turn, _)| turn.played()))
}
