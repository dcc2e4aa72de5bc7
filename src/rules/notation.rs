//! The two turn texts of RULES.md §6: the canonical text naming a distinct
//! turn (`d4xf6(b6,d6)`) and the played text of a move list (`d4xd6xb6xf6`,
//! with `/NNE` after it when the route matters).

use std::fmt;
use std::str::FromStr;

use super::{Bitboard, Capture, Position, Route, Square};

/// A turn's identity: origin, final square and every captured square.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TurnKey {
    pub origin: Square,
    pub destination: Square,
    /// All captured squares, the destination included.
    pub captured: Bitboard,
}

impl TurnKey {
    /// The key of the turn that took `before` to `after`, one of its
    /// distinct turns' results (as [`super::Rules::turn_results_with`]
    /// lists them): a distinct turn is its result, so the squares that
    /// changed name it.
    ///
    /// # Panics
    ///
    /// If `after` is not the result of a turn of `before` (no piece of the
    /// mover's left its square, or none arrived on a new one).
    pub fn between(before: &Position, after: &Position) -> TurnKey {
        let mover = before.turn;
        let (was, now) = (before.board.pieces(mover), after.board.pieces(mover));
        let square = |b: Bitboard| b.first().expect("a turn moves one piece to a new square");
        TurnKey {
            origin: square(was - now),
            destination: square(now - was),
            captured: before.theirs() - after.board.pieces(mover.opponent()),
        }
    }
}

/// A turn as played: the origin and every capture in order, plus the initial
/// route for variants whose template depends on it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlayedTurn {
    pub origin: Square,
    pub captures: Vec<Square>,
    pub route: Option<Route>,
}

/// What is wrong with a turn text, and where (a character offset).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseTurnError {
    pub at: usize,
    pub problem: TurnTextProblem,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnTextProblem {
    BadSquare(String),
    MissingCapture,
    UnclosedList,
    TextAfterList,
    CapturedTwice(Square),
    ListHoldsDestination(Square),
    ListNeedsTwoCaptures,
    BadRoute(String),
}

impl fmt::Display for ParseTurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad turn at character {}: ", self.at + 1)?;
        match &self.problem {
            TurnTextProblem::BadSquare(s) => write!(f, "`{s}` is not a square like d4"),
            TurnTextProblem::MissingCapture => {
                f.write_str("a turn needs an origin, `x` and a captured square")
            }
            TurnTextProblem::UnclosedList => {
                f.write_str("the list of captured squares has no closing `)`")
            }
            TurnTextProblem::TextAfterList => {
                f.write_str("unexpected text after the captured list")
            }
            TurnTextProblem::CapturedTwice(sq) => write!(f, "{sq} is captured twice"),
            TurnTextProblem::ListHoldsDestination(sq) => {
                write!(f, "the list must not repeat the final square {sq}")
            }
            TurnTextProblem::ListNeedsTwoCaptures => {
                f.write_str("an empty captured list is written without ()")
            }
            TurnTextProblem::BadRoute(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ParseTurnError {}

fn square_at(text: &str, at: usize) -> Result<Square, ParseTurnError> {
    text.parse().map_err(|_| ParseTurnError {
        at,
        problem: TurnTextProblem::BadSquare(text.to_string()),
    })
}

impl fmt::Display for TurnKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.origin, self.destination)?;
        let others = self.captured - Bitboard::from(self.destination);
        if others.has_any() {
            let names: Vec<String> = others.map(|s| s.to_string()).collect();
            write!(f, "({})", names.join(","))?;
        }
        Ok(())
    }
}

/// Turn text is ASCII; the error points at the first other character.
fn ascii_only(text: &str) -> Result<(), ParseTurnError> {
    match text.char_indices().find(|(_, c)| !c.is_ascii()) {
        None => Ok(()),
        Some((at, _)) => Err(ParseTurnError {
            at,
            problem: TurnTextProblem::BadSquare(text.to_string()),
        }),
    }
}

impl FromStr for TurnKey {
    type Err = ParseTurnError;

    /// Reads the canonical text, such as `a2xa1` or `d4xf6(b6,d6)`.
    fn from_str(text: &str) -> Result<TurnKey, ParseTurnError> {
        let err = |at, problem| ParseTurnError { at, problem };
        ascii_only(text)?;
        let (head, list) = match text.find('(') {
            Some(open) => {
                let Some(inner) = text[open + 1..].strip_suffix(')') else {
                    let problem = if text[open..].contains(')') {
                        TurnTextProblem::TextAfterList
                    } else {
                        TurnTextProblem::UnclosedList
                    };
                    return Err(err(text.len(), problem));
                };
                (&text[..open], Some((open + 1, inner)))
            }
            None => (text, None),
        };
        let Some((from_text, to_text)) = head.split_once('x') else {
            return Err(err(head.len(), TurnTextProblem::MissingCapture));
        };
        let origin = square_at(from_text, 0)?;
        let destination = square_at(to_text, from_text.len() + 1)?;
        let mut captured = Bitboard::from(destination);
        if let Some((mut at, inner)) = list {
            if inner.is_empty() {
                return Err(err(at, TurnTextProblem::ListNeedsTwoCaptures));
            }
            for name in inner.split(',') {
                let sq = square_at(name, at)?;
                if sq == destination {
                    return Err(err(at, TurnTextProblem::ListHoldsDestination(sq)));
                }
                if captured.contains(sq) {
                    return Err(err(at, TurnTextProblem::CapturedTwice(sq)));
                }
                captured.insert(sq);
                at += name.len() + 1;
            }
        }
        Ok(TurnKey {
            origin,
            destination,
            captured,
        })
    }
}

impl PlayedTurn {
    /// The turn's captures in the order they are made, each from where the
    /// one before it landed; the first carries the route. This is how a
    /// decided turn is played onto a board one capture at a time.
    pub fn steps(&self) -> impl Iterator<Item = Capture> + '_ {
        let froms = std::iter::once(self.origin).chain(self.captures.iter().copied());
        froms
            .zip(&self.captures)
            .enumerate()
            .map(|(i, (from, &to))| Capture {
                from,
                to,
                route: if i == 0 { self.route } else { None },
            })
    }

    /// The identity of the turn this text plays.
    pub fn key(&self) -> Option<TurnKey> {
        let destination = *self.captures.last()?;
        Some(TurnKey {
            origin: self.origin,
            destination,
            captured: self.captures.iter().copied().collect(),
        })
    }
}

impl fmt::Display for PlayedTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.origin)?;
        for sq in &self.captures {
            write!(f, "x{sq}")?;
        }
        if let Some(route) = self.route {
            write!(f, "/{route}")?;
        }
        Ok(())
    }
}

impl FromStr for PlayedTurn {
    type Err = ParseTurnError;

    /// Reads the played text, such as `d4xd6xb6xf6` or `d4xe6xf8/NNE`.
    fn from_str(text: &str) -> Result<PlayedTurn, ParseTurnError> {
        let err = |at, problem| ParseTurnError { at, problem };
        ascii_only(text)?;
        let (squares, route) = match text.split_once('/') {
            Some((squares, route_text)) => {
                let route = route_text.parse::<Route>().map_err(|e| {
                    err(squares.len() + 1, TurnTextProblem::BadRoute(e.to_string()))
                })?;
                (squares, Some(route))
            }
            None => (text, None),
        };
        let mut parts = squares.split('x');
        let origin = square_at(parts.next().unwrap_or(""), 0)?;
        let mut at = 3;
        let mut captures = Vec::new();
        let mut seen = Bitboard::EMPTY;
        for name in parts {
            let sq = square_at(name, at)?;
            if seen.contains(sq) {
                return Err(err(at, TurnTextProblem::CapturedTwice(sq)));
            }
            seen.insert(sq);
            captures.push(sq);
            at += name.len() + 1;
        }
        if captures.is_empty() {
            return Err(err(squares.len(), TurnTextProblem::MissingCapture));
        }
        Ok(PlayedTurn {
            origin,
            captures,
            route,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_text_lists_other_captures_in_board_order() {
        let key: TurnKey = "d4xf6(d6,b6)".parse().unwrap();
        assert_eq!(key.to_string(), "d4xf6(b6,d6)");
        assert_eq!(key.captured.count(), 3);
        assert_eq!("a2xa1".parse::<TurnKey>().unwrap().to_string(), "a2xa1");
    }

    #[test]
    fn canonical_text_errors_say_where() {
        let e = "d4xf6(b6,d6".parse::<TurnKey>().unwrap_err();
        assert_eq!(e.problem, TurnTextProblem::UnclosedList);
        let e = "d4xf6(b6,z9)".parse::<TurnKey>().unwrap_err();
        assert_eq!(
            e,
            ParseTurnError {
                at: 9,
                problem: TurnTextProblem::BadSquare("z9".into())
            }
        );
        let e = "d4xf6(f6)".parse::<TurnKey>().unwrap_err();
        assert!(matches!(
            e.problem,
            TurnTextProblem::ListHoldsDestination(_)
        ));
        assert!("d4".parse::<TurnKey>().is_err());
        assert!("d4xf6()".parse::<TurnKey>().is_err());
        assert!("d4xf6(b6)x".parse::<TurnKey>().is_err());
    }

    #[test]
    fn a_played_turn_steps_from_each_landing_square_with_the_route_first() {
        let turn: PlayedTurn = "d4xe6xf8xd8/NNE".parse().unwrap();
        let steps: Vec<String> = turn
            .steps()
            .map(|c| {
                format!(
                    "{}{}{}",
                    c.from,
                    c.to,
                    c.route.map_or(String::new(), |r| r.to_string())
                )
            })
            .collect();
        assert_eq!(steps, ["d4e6NNE", "e6f8", "f8d8"]);
        let lone: PlayedTurn = "b1xa1".parse().unwrap();
        assert_eq!(lone.steps().count(), 1);
    }

    #[test]
    fn played_text_round_trips_with_and_without_route() {
        for text in ["d4xd6xb6xf6", "d4xe6xf8/NNE", "a2xa1"] {
            let played: PlayedTurn = text.parse().unwrap();
            assert_eq!(played.to_string(), text);
        }
        let e = "d4xd6xd6".parse::<PlayedTurn>().unwrap_err();
        assert_eq!(
            e.problem,
            TurnTextProblem::CapturedTwice("d6".parse().unwrap())
        );
        assert!("d4".parse::<PlayedTurn>().is_err());
        assert!("d4xe6/NQ".parse::<PlayedTurn>().is_err());
    }
}
