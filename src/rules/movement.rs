//! How a piece travels to make a capture: a description a variant hands to
//! the engine. The engine's [`super::movegen`] turns it into bitboard code.

use std::fmt;

use super::{Step, StepSet};

/// The shape of the path a capture may take, built from the movement's steps.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PathShape {
    /// Exactly one step (a leaper, such as a knight).
    Single,
    /// One step repeated any number of times in a straight line (a rider).
    Straight,
    /// Steps of at most two different kinds that are not opposite, in any
    /// order and any number (orthogonal steps give a "staircase").
    TwoSteps,
    /// Any sequence of steps, as long as every square of the path lies in the
    /// bounding box whose opposite corners are the origin and the target.
    WithinBox,
}

/// A movement rule: which steps, which path shape, and whether the path may
/// pass over pieces.
///
/// ```
/// use burrow::rules::{Movement, PathShape, StepSet};
/// let staircase = Movement { steps: StepSet::ORTHOGONAL, shape: PathShape::TwoSteps, jumping: false };
/// assert!(staircase.check().is_ok());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Movement {
    pub steps: StepSet,
    pub shape: PathShape,
    /// Whether squares along the path (not the target) may hold pieces.
    /// Off in all four of the designer's games.
    pub jumping: bool,
}

impl Movement {
    /// Orthogonal staircases through empty squares (Path and Sweep Burrow).
    pub const ORTHOGONAL_STAIRCASE: Movement = Movement {
        steps: StepSet::ORTHOGONAL,
        shape: PathShape::TwoSteps,
        jumping: false,
    };

    /// Checks that the rule is well formed and, as the designer asks of every
    /// Burrow game, allows unlimited translation in both dimensions for the
    /// initial capture.
    pub fn check(&self) -> Result<(), MovementProblem> {
        let steps = self.steps.as_slice();
        if steps.is_empty() {
            return Err(MovementProblem::NoSteps);
        }
        for (i, &step) in steps.iter().enumerate() {
            if !step.is_valid() {
                return Err(MovementProblem::InvalidStep(step));
            }
            if steps[..i].contains(&step) {
                return Err(MovementProblem::RepeatedStep(step));
            }
        }
        if !self.translates_freely() {
            return Err(MovementProblem::LimitedTranslation);
        }
        Ok(())
    }

    /// On an empty 8×8 board, can captures from a corner reach every
    /// horizontal distance and every vertical distance?
    fn translates_freely(&self) -> bool {
        let mut reach_x = [false; 8];
        let mut reach_y = [false; 8];
        let steps = self.steps.as_slice();
        let mut mark = |dx: i32, dy: i32| {
            if (0..8).contains(&dx) && (0..8).contains(&dy) {
                reach_x[dx as usize] = true;
                reach_y[dy as usize] = true;
            }
        };
        // Corner (0, 0) shifted so that negative steps also count: try all
        // four corners by mirroring the offsets.
        for &(sx, sy) in &[(1, 1), (-1, 1), (1, -1), (-1, -1)] {
            match self.shape {
                PathShape::Single => {
                    for s in steps {
                        mark(s.dx as i32 * sx, s.dy as i32 * sy);
                    }
                }
                PathShape::Straight => {
                    for s in steps {
                        for k in 1..8 {
                            mark(s.dx as i32 * k * sx, s.dy as i32 * k * sy);
                        }
                    }
                }
                PathShape::TwoSteps => {
                    for a in steps {
                        for b in steps {
                            if a.is_opposite(*b) {
                                continue;
                            }
                            for i in 0..8 {
                                for j in 0..8 {
                                    if i + j > 0 {
                                        let dx = (a.dx as i32 * i + b.dx as i32 * j) * sx;
                                        let dy = (a.dy as i32 * i + b.dy as i32 * j) * sy;
                                        mark(dx, dy);
                                    }
                                }
                            }
                        }
                    }
                }
                // Within a box any point is reachable when the steps can
                // cover both axes; the flood check below is exact enough.
                PathShape::WithinBox => {
                    for dx in 0..8 {
                        for dy in 0..8 {
                            if (dx, dy) != (0, 0) && self.box_reachable(dx, dy) {
                                mark(dx, dy);
                            }
                        }
                    }
                }
            }
        }
        reach_x[1..].iter().all(|&r| r) && reach_y[1..].iter().all(|&r| r)
    }

    /// Whether an empty box of `dx × dy` can be crossed corner to corner.
    fn box_reachable(&self, dx: i32, dy: i32) -> bool {
        let inside = |x: i32, y: i32| (0..=dx).contains(&x) && (0..=dy).contains(&y);
        let mut seen = vec![(0, 0)];
        let mut i = 0;
        while i < seen.len() {
            let (x, y) = seen[i];
            i += 1;
            for s in self.steps.as_slice() {
                let next = (x + s.dx as i32, y + s.dy as i32);
                if inside(next.0, next.1) && !seen.contains(&next) {
                    seen.push(next);
                }
            }
        }
        seen.contains(&(dx, dy))
    }
}

/// What is wrong with a movement rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MovementProblem {
    NoSteps,
    InvalidStep(Step),
    RepeatedStep(Step),
    LimitedTranslation,
}

impl fmt::Display for MovementProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MovementProblem::NoSteps => f.write_str("the movement rule has no steps"),
            MovementProblem::InvalidStep(s) => {
                write!(
                    f,
                    "step ({},{}) is not a step (zero, or longer than the board)",
                    s.dx, s.dy
                )
            }
            MovementProblem::RepeatedStep(s) => write!(f, "step {s} is listed twice"),
            MovementProblem::LimitedTranslation => f.write_str(
                "the movement rule cannot reach every distance in both dimensions; \
                 every Burrow game allows unlimited translation for the initial capture",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_movements_translate_freely() {
        assert!(Movement::ORTHOGONAL_STAIRCASE.check().is_ok());
        let king = Movement {
            steps: StepSet::KING,
            shape: PathShape::TwoSteps,
            jumping: false,
        };
        assert!(king.check().is_ok());
        let boxed = Movement {
            steps: StepSet::ORTHOGONAL,
            shape: PathShape::WithinBox,
            jumping: false,
        };
        assert!(boxed.check().is_ok());
    }

    #[test]
    fn a_plain_king_step_is_not_enough() {
        let king_step = Movement {
            steps: StepSet::KING,
            shape: PathShape::Single,
            jumping: false,
        };
        assert_eq!(king_step.check(), Err(MovementProblem::LimitedTranslation));
    }

    #[test]
    fn malformed_step_lists_are_named() {
        let none = Movement {
            steps: StepSet::from_slice(&[]),
            shape: PathShape::Straight,
            jumping: false,
        };
        assert_eq!(none.check(), Err(MovementProblem::NoSteps));
        let zero = Movement {
            steps: StepSet::from_slice(&[Step::new(0, 0)]),
            shape: PathShape::Straight,
            jumping: false,
        };
        assert!(matches!(zero.check(), Err(MovementProblem::InvalidStep(_))));
        let twice = Movement {
            steps: StepSet::from_slice(&[Step::N, Step::N]),
            shape: PathShape::Straight,
            jumping: false,
        };
        assert_eq!(twice.check(), Err(MovementProblem::RepeatedStep(Step::N)));
    }
}
