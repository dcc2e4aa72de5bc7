//! Why a capture is not allowed, in words a player reads (the catalogue's,
//! [`crate::lang`]): the target, the movement rule, or the template (each
//! game says in its own terms how a capture misses its template,
//! [`super::Variant::misfit`]).

use crate::tr;

use super::{Bitboard, Board, CaptureView, PathShape, Position, Rules, Side, Square, Template};

/// A list of squares for a sentence: `d4`, `d4 and e4`, `d4, e4 and e5`
/// (nothing for none).
pub fn square_list(squares: impl Iterator<Item = Square>) -> String {
    let names: Vec<String> = squares.map(|s| s.to_string()).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => tr!("list-and", list = rest.join(", "), last = last.as_str()),
    }
}

impl Rules {
    /// Why the piece on `from` may not capture on `to` now; `template` is
    /// the turn's template once its initial capture is made. `None` when
    /// the capture is allowed.
    pub fn why_not(
        &self,
        board: &Board,
        mover: Side,
        from: Square,
        to: Square,
        template: Option<&Template>,
    ) -> Option<String> {
        if board.side_at(from) != Some(mover) {
            return Some(tr!("why-no-piece", square = from.to_string()));
        }
        match board.side_at(to) {
            None => return Some(tr!("why-empty", square = to.to_string())),
            Some(c) if c == mover => {
                return Some(tr!("why-own-piece", square = to.to_string()));
            }
            Some(_) => {}
        }
        let pos = Position {
            board: *board,
            turn: mover,
        };
        let reaches = self.initial_targets(&pos, from).contains(to);
        let Some(template) = template else {
            return (!reaches).then(|| self.unreachable(board, from, to));
        };
        match self.fitting_targets(board, mover, from, template) {
            Ok(fitting) if fitting.contains(to) => return None,
            Ok(_) => {}
            Err(e) => return Some(e.to_string()),
        }
        let view = CaptureView::new(board, mover, from, to, None);
        // A route game explains itself (its template is the path); in the
        // others a capture whose shape fits is refused by the movement.
        if self.uses_route() || !self.variant().fits(template, &view) {
            Some(self.variant().misfit(template, &view))
        } else {
            Some(self.unreachable(board, from, to))
        }
    }

    /// Why the movement rule does not take the piece on `from` to `to`.
    fn unreachable(&self, board: &Board, from: Square, to: Square) -> String {
        let movement = self.variant().movement();
        let (dx, dy) = (to.x() as i8 - from.x() as i8, to.y() as i8 - from.y() as i8);
        let steps = movement.steps.as_slice();
        match movement.shape {
            PathShape::Single => {
                return tr!("why-one-step", from = from.to_string(), to = to.to_string());
            }
            PathShape::Straight => {
                let Some(step) = steps.iter().find(|s| {
                    let n = dx.abs().max(dy.abs());
                    n > 0 && s.dx * n == dx && s.dy * n == dy
                }) else {
                    return tr!(
                        "why-not-on-line",
                        from = from.to_string(),
                        to = to.to_string()
                    );
                };
                let mut at = from;
                while let Some(next) = at.offset(step.dx, step.dy) {
                    if next == to {
                        break;
                    }
                    if board.side_at(next).is_some() && !movement.jumping {
                        return tr!(
                            "why-line-crosses",
                            from = from.to_string(),
                            to = to.to_string(),
                            square = next.to_string()
                        );
                    }
                    at = next;
                }
            }
            PathShape::TwoSteps | PathShape::WithinBox if !movement.jumping => {
                // The empty squares of the box the piece could get to, and
                // the pieces on their edge that stop it going further.
                let area = Bitboard::bounding_box(from, to);
                let toward = |s: &&super::Step| {
                    movement.shape == PathShape::WithinBox || (s.dx * dx >= 0 && s.dy * dy >= 0)
                };
                let mut reached = Bitboard::from(from);
                let mut blockers = Bitboard::EMPTY;
                let mut frontier = vec![from];
                while let Some(at) = frontier.pop() {
                    for step in steps.iter().filter(toward) {
                        let Some(next) = at.offset(step.dx, step.dy) else {
                            continue;
                        };
                        if !area.contains(next) || reached.contains(next) || next == to {
                            continue;
                        }
                        if board.side_at(next).is_some() {
                            blockers.insert(next);
                        } else {
                            reached.insert(next);
                            frontier.push(next);
                        }
                    }
                }
                if blockers.has_any() {
                    return tr!(
                        "why-blocked",
                        from = from.to_string(),
                        to = to.to_string(),
                        squares = square_list(blockers)
                    );
                }
            }
            PathShape::TwoSteps | PathShape::WithinBox => {}
        }
        tr!("why-no-path", from = from.to_string(), to = to.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Capture, builtin_rules};

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    /// A board from its rows, top rank first.
    fn board(rows: &[&str]) -> Board {
        let text = format!("{} W", rows.join("/"));
        text.parse::<Position>().unwrap().board
    }

    #[test]
    fn targets_and_lists_are_named() {
        let rules = builtin_rules("box").unwrap();
        let b = board(&["WB2", "4", "4", "4"]);
        let (a4, b4, c4) = (sq("a4"), sq("b4"), sq("c4"));
        assert_eq!(
            rules.why_not(&b, Side::White, a4, c4, None).unwrap(),
            "c4 is empty: a capture lands on an enemy piece"
        );
        assert!(rules.why_not(&b, Side::White, a4, b4, None).is_none());
        assert_eq!(
            rules.why_not(&b, Side::Black, b4, b4, None).unwrap(),
            "b4 holds a piece of the same side"
        );
        assert_eq!(square_list([a4, b4, c4].into_iter()), "a4, b4 and c4");
        assert_eq!(square_list([a4].into_iter()), "a4");
    }

    #[test]
    fn a_blocked_capture_names_the_pieces_in_the_way() {
        let rules = builtin_rules("sweep").unwrap();
        let rows = ["W2B", "WB2", "1WWW", "4"];
        let b = board(&rows);
        let why = rules
            .why_not(&b, Side::White, sq("b2"), sq("d4"), None)
            .unwrap();
        assert_eq!(why, "every way from b2 to d4 is blocked (by c2 and b3)");
        // The capture the explanation is about is really refused.
        let pos: Position = format!("{} W", rows.join("/")).parse().unwrap();
        let capture = Capture {
            from: sq("b2"),
            to: sq("d4"),
            route: None,
        };
        assert!(rules.begin_turn(&pos, &capture).is_err());
    }
}
