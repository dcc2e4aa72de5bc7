//! The step level: a turn in progress, one capture at a time, as the game UI
//! plays it. Each step is checked against the engine before it is applied.

use super::{
    Board, Capture, MoveError, PlayedTurn, Position, Route, Rules, Side, Square, Template,
    VariantError,
};

/// A turn being played: the initial capture is made and the template fixed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnInProgress {
    start: Position,
    board: Board,
    origin: Square,
    at: Square,
    captures: Vec<Square>,
    route: Option<Route>,
    template: Template,
}

impl TurnInProgress {
    /// The position the turn started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The board as it stands mid-turn.
    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn mover(&self) -> Side {
        self.start.turn
    }

    pub fn origin(&self) -> Square {
        self.origin
    }

    /// Where the capturing piece stands now.
    pub fn current(&self) -> Square {
        self.at
    }

    /// The squares captured so far, in order.
    pub fn captures(&self) -> &[Square] {
        &self.captures
    }

    pub fn template(&self) -> &Template {
        &self.template
    }

    /// The turn so far as played text.
    pub fn played(&self) -> PlayedTurn {
        PlayedTurn {
            origin: self.origin,
            captures: self.captures.clone(),
            route: self.route,
        }
    }

    /// The position after the turn, the other side to move. Meaningful once
    /// [`Rules::is_turn_over`] says so.
    pub fn result(&self) -> Position {
        Position {
            board: self.board,
            turn: self.start.turn.opponent(),
        }
    }
}

impl Rules {
    /// Makes an initial capture and fixes the template. For route variants
    /// the capture must carry its route; otherwise a route, if given, must
    /// be a legal path to the target.
    pub fn begin_turn(
        &self,
        pos: &Position,
        capture: &Capture,
    ) -> Result<TurnInProgress, MoveError> {
        let Capture { from, to, route } = *capture;
        if !pos.ours().contains(from) {
            return Err(MoveError::NotYourPiece(from));
        }
        if !self.initial_targets(pos, from).contains(to) {
            let why = self
                .why_not(&pos.board, pos.turn, from, to, None)
                .unwrap_or_else(|| "the movement rule does not allow it".to_string());
            return Err(MoveError::NotACapture { from, to, why });
        }
        match route {
            Some(route) if self.walk_route(&pos.board, pos.turn, from, route) != Some(to) => {
                return Err(MoveError::RouteNotACapture { from, route });
            }
            None if self.uses_route() => return Err(MoveError::RouteNeeded { from, to }),
            _ => {}
        }
        let template = self.template_of(pos, capture);
        let mut board = pos.board;
        board.capture(pos.turn, from, to);
        let route = if self.uses_route() { route } else { None };
        Ok(TurnInProgress {
            start: *pos,
            board,
            origin: from,
            at: to,
            captures: vec![to],
            route,
            template,
        })
    }

    /// The captures that fit the template from where the piece stands, one
    /// per target square, each with a route when one is known.
    pub fn fitting_captures(&self, turn: &TurnInProgress) -> Result<Vec<Capture>, VariantError> {
        let targets = self.fitting_targets(&turn.board, turn.mover(), turn.at, &turn.template)?;
        Ok(targets
            .map(|to| Capture {
                from: turn.at,
                to,
                route: self.fitting_route(&turn.board, turn.mover(), turn.at, to, &turn.template),
            })
            .collect())
    }

    /// Whether no capture fits any more, so the turn is complete.
    pub fn is_turn_over(&self, turn: &TurnInProgress) -> Result<bool, VariantError> {
        Ok(self
            .fitting_targets(&turn.board, turn.mover(), turn.at, &turn.template)?
            .is_empty())
    }

    /// Makes one more capture of the turn, onto `to`.
    pub fn continue_turn(&self, turn: &mut TurnInProgress, to: Square) -> Result<(), MoveError> {
        let fitting = self.fitting_targets(&turn.board, turn.mover(), turn.at, &turn.template)?;
        if !fitting.contains(to) {
            let why = self
                .why_not(&turn.board, turn.mover(), turn.at, to, Some(&turn.template))
                .unwrap_or_else(|| "it does not fit the template".to_string());
            return Err(MoveError::DoesNotFit {
                from: turn.at,
                to,
                why,
            });
        }
        turn.board.capture(turn.mover(), turn.at, to);
        turn.at = to;
        turn.captures.push(to);
        Ok(())
    }

    /// Plays a whole turn from its played text and returns the position it
    /// leaves; every capture is checked and the turn must be complete.
    pub fn play(&self, pos: &Position, played: &PlayedTurn) -> Result<TurnInProgress, MoveError> {
        let mut steps = played.steps();
        let Some(first) = steps.next() else {
            return Err(MoveError::NotACapture {
                from: played.origin,
                to: played.origin,
                why: "a turn makes at least one capture".to_string(),
            });
        };
        let mut turn = self.begin_turn(pos, &first)?;
        for step in steps {
            self.continue_turn(&mut turn, step.to)?;
        }
        if !self.is_turn_over(&turn)? {
            return Err(MoveError::TurnNotOver { at: turn.at });
        }
        Ok(turn)
    }
}
