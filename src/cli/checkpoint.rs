//! `burrow solve --checkpoint`: the solved turns kept in a file, and read
//! back to resume.

use std::path::PathBuf;

use crate::ai::{Analysis, Knowledge, Solver};
use crate::rules::{BoardSize, ParsePositionError, Position};

/// The checkpoint's first line; each line after it is a position a turn
/// leaves and the bounds proven on its score (`1000 - d` for a win in d
/// turns, `d - 1000` for a loss in d).
const CHECKPOINT_HEADER: &str = "# burrow solve checkpoint: POSITION SIDE LOWER UPPER";

pub(super) fn write_checkpoint(path: &PathBuf, analysis: &Analysis) -> std::io::Result<()> {
    let mut lines = std::collections::BTreeSet::new();
    for (turn, knowledge) in &analysis.turns {
        // The turn's knowledge is for its player; the result's side to move
        // is the other one.
        if knowledge.wins().is_some() {
            let (lower, upper) = knowledge.after().bounds();
            lines.insert(format!("{} {lower} {upper}", turn.result));
        }
    }
    let mut text = format!("{CHECKPOINT_HEADER}\n");
    for line in lines {
        text.push_str(&line);
        text.push('\n');
    }
    let partial = path.with_extension("partial");
    std::fs::write(&partial, text)?;
    std::fs::rename(partial, path)
}

pub(super) fn read_checkpoint(
    solver: &Solver,
    path: &PathBuf,
    size: BoardSize,
) -> Result<usize, CheckpointError> {
    let text = std::fs::read_to_string(path).map_err(|e| CheckpointError::Read {
        path: path.clone(),
        error: e,
    })?;
    let mut count = 0;
    for (n, line) in text.lines().enumerate() {
        if n == 0 && line == CHECKPOINT_HEADER {
            continue;
        }
        let bad = |problem| CheckpointError::Line {
            path: path.clone(),
            line: n + 1,
            problem,
        };
        let parts: Vec<&str> = line.split_whitespace().collect();
        let [board, side, lower, upper] = parts[..] else {
            return Err(bad(CheckpointProblem::NotALine));
        };
        let pos: Position = format!("{board} {side}")
            .parse()
            .map_err(|e| bad(CheckpointProblem::Position(e)))?;
        if pos.size() != size {
            return Err(bad(CheckpointProblem::OtherBoard));
        }
        let number = |t: &str| {
            t.parse::<i32>()
                .map_err(|_| bad(CheckpointProblem::NotNumbers))
        };
        let knowledge = Knowledge::from_bounds(number(lower)?, number(upper)?)
            .ok_or_else(|| bad(CheckpointProblem::OutOfRange))?;
        solver.remember(&pos, knowledge);
        count += 1;
    }
    Ok(count)
}

/// A checkpoint file that does not read.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    #[error("{}: {error}", path.display())]
    Read {
        path: PathBuf,
        error: std::io::Error,
    },
    /// A line (from 1) that is not a position with its bounds.
    #[error("{} line {line}: {problem}", path.display())]
    Line {
        path: PathBuf,
        line: usize,
        problem: CheckpointProblem,
    },
}

/// What is wrong with a line of a checkpoint.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointProblem {
    #[error("expected `POSITION SIDE LOWER UPPER`")]
    NotALine,
    #[error(transparent)]
    Position(ParsePositionError),
    #[error("the position is not on the board being solved")]
    OtherBoard,
    #[error("bounds must be numbers")]
    NotNumbers,
    #[error("bounds must satisfy -1000 <= LOWER <= UPPER <= 1000")]
    OutOfRange,
}
