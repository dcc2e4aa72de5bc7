//! The one authoritative game state ([`Game`]): the game being played on
//! this machine's board, what the rest of the game reads of it, and the
//! checked changes the rules plugin (`rules_plugin.rs`) makes to it.

use bevy::prelude::*;

use crate::rules::{
    Capture, GameRecord, GameResult, History, PlayedTurn, Position, Rules, Side, Square,
    TurnInProgress, VariantRegistry,
};

use super::refusal::Refusal;
use super::setup::{GameMode, NewGame, Player};

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub winner: Side,
    /// The side with no capture had no pieces at all (rather than pieces
    /// with no capture).
    pub annihilation: bool,
    /// The loser resigned (the board did not decide).
    pub resigned: bool,
}

/// The route a finished turn took, kept on screen until the next turn starts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnTrail {
    pub origin: Option<Square>,
    /// Every square the piece passed through, in order.
    pub path: Vec<Square>,
    pub captured: Vec<Square>,
}

/// The authoritative state of the game on screen. Only the rules plugin
/// changes it (through the intents it checks); everything else reads it.
#[derive(Resource, Clone, Debug)]
pub struct Game {
    rules: Rules,
    pub(super) setup: NewGame,
    /// The turns played and the position after each; the last is current.
    pub(super) history: History,
    /// Turns undone, most recent last, for redo.
    undone: Vec<PlayedTurn>,
    /// The turn being played, once its initial capture is made.
    turn: Option<TurnInProgress>,
    trail: TurnTrail,
    pub(super) outcome: Option<Outcome>,
    /// The side that resigned, if one did.
    resigned: Option<Side>,
    /// A past position being looked at (index into `positions`), read-only.
    pub(super) review: Option<usize>,
}

/// What the rest of the game reads of the game.
impl Game {
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// What the game was started with.
    pub fn setup(&self) -> &NewGame {
        &self.setup
    }

    /// A new local game from `start` with the players of this game (a
    /// puzzle's defender or an online opponent becomes a person).
    pub fn local_game_from(&self, start: Position) -> NewGame {
        NewGame {
            start: Some(start),
            size: start.size(),
            white: self.setup.white.kept_for_local(),
            black: self.setup.black.kept_for_local(),
            mode: GameMode::Local,
            ..self.setup.clone()
        }
    }

    /// The game so far: its turns and the position after each.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// `positions()[i]` is the position after `i` turns; the last one is
    /// current.
    pub fn positions(&self) -> &[Position] {
        self.history.positions()
    }

    /// The turns played, in order.
    pub fn played(&self) -> &[PlayedTurn] {
        self.history.turns()
    }

    /// Turns undone, most recent last, that redo plays again.
    pub fn undone(&self) -> &[PlayedTurn] {
        &self.undone
    }

    /// The turn being played, once its initial capture is made.
    pub fn turn(&self) -> &Option<TurnInProgress> {
        &self.turn
    }

    /// Where the last turn (or the one in progress) went.
    pub fn trail(&self) -> &TurnTrail {
        &self.trail
    }

    /// The winner, once there is one.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The past position being looked at (turns played before it), if any.
    pub fn review(&self) -> Option<usize> {
        self.review
    }
}

impl Game {
    /// A new game, or an error naming what is wrong with the setup.
    pub fn new(variants: &VariantRegistry, setup: NewGame) -> Result<Game, Refusal> {
        let rules = variants
            .get(&setup.variant)
            .ok_or_else(|| Refusal::UnknownVariant(setup.variant.clone()))?
            .clone();
        let start = match setup.start {
            Some(start) => start,
            None => rules.start(setup.size),
        };
        rules.check_size(start.size()).map_err(Refusal::BadSetup)?;
        let mut game = Game {
            rules,
            setup,
            history: History::new(start),
            undone: Vec::new(),
            turn: None,
            trail: TurnTrail::default(),
            outcome: None,
            resigned: None,
            review: None,
        };
        game.update_outcome();
        Ok(game)
    }

    /// A game replayed from a record; nothing changes if the record is bad.
    pub fn from_record(
        variants: &VariantRegistry,
        record: &GameRecord,
        white: Player,
        black: Player,
        mode: GameMode,
    ) -> Result<Game, Refusal> {
        let history = record
            .history(variants)
            .map_err(Refusal::RecordDoesNotReplay)?;
        let setup = NewGame {
            variant: record.variant.clone(),
            size: record.size,
            white,
            black,
            start: record.start,
            mode,
        };
        let mut game = Game::new(variants, setup)?;
        game.history = history;
        game.resigned = record.resigned();
        game.update_outcome();
        Ok(game)
    }

    /// The position at the start of the current turn.
    pub fn position(&self) -> &Position {
        self.history.position()
    }

    /// The position shown: a reviewed one, or the live board mid-turn.
    pub fn shown(&self) -> Position {
        match (self.review, &self.turn) {
            (Some(i), _) => self.positions()[i.min(self.history.ply())],
            (None, Some(turn)) => Position {
                board: *turn.board(),
                turn: turn.mover(),
            },
            (None, None) => *self.position(),
        }
    }

    pub fn to_move(&self) -> Side {
        self.position().turn
    }

    pub fn player(&self, side: Side) -> Player {
        match side {
            Side::White => self.setup.white,
            Side::Black => self.setup.black,
        }
    }

    /// Who the game waits for: the player of the side to move, or nobody
    /// (the game is over, or a past position is on show). This is the one
    /// place that decides whose turn it is; [`Phase`](crate::game::screens::Phase)
    /// is read from it.
    pub fn waiting_for(&self) -> Option<Player> {
        (self.outcome.is_none() && self.review.is_none()).then(|| self.player(self.to_move()))
    }

    /// Whether a person on this machine plays now.
    pub fn person_to_move(&self) -> bool {
        self.waiting_for() == Some(Player::Human)
    }

    /// What kind of game this is.
    pub fn mode(&self) -> &GameMode {
        &self.setup.mode
    }

    /// An online game: a side's turns come from the server, so the game
    /// is changed only by turns (no undo, redo or loading over it).
    pub fn is_online(&self) -> bool {
        matches!(self.setup.mode, GameMode::Online(_))
    }

    /// The game as a record (turns so far; a turn in progress is left out).
    pub fn record(&self) -> GameRecord {
        let mut record = GameRecord::of(&self.rules, self.position().size());
        let start = *self.history.start();
        record.start = (start != Position::start(start.size())).then_some(start);
        record.white = self.setup.white.label();
        record.black = self.setup.black.label();
        record.turns = self.played().to_vec();
        record.result = self
            .outcome
            .map_or(GameResult::Unfinished, |o| GameResult::Win(o.winner));
        if let Some(loser) = self.resigned {
            record.other_tags.push((
                "Termination".into(),
                format!("{} won: {loser} resigned", loser.opponent()),
            ));
        }
        record
    }

    fn update_outcome(&mut self) {
        let pos = *self.position();
        self.outcome = match self.resigned {
            Some(loser) => Some(Outcome {
                winner: loser.opponent(),
                annihilation: false,
                resigned: true,
            }),
            None => (!self.rules.has_initial_capture(&pos)).then(|| Outcome {
                winner: self.rules.winner_when_stuck(&pos),
                annihilation: pos.ours().is_empty(),
                resigned: false,
            }),
        };
    }

    /// The side a resignation now would be for: the side to move if a
    /// person on this machine plays it, else the one side people play
    /// (against the computer). None in an online game (its server takes
    /// resignations), a finished game, a puzzle or a lesson.
    pub fn resigning_side(&self) -> Option<Side> {
        if self.outcome.is_some() || self.setup.mode != GameMode::Local {
            return None;
        }
        let to_move = self.to_move();
        if self.player(to_move) == Player::Human {
            return Some(to_move);
        }
        let other = to_move.opponent();
        (self.player(other) == Player::Human).then_some(other)
    }

    /// `side` resigns: the game ends, its opponent the winner. A turn in
    /// progress is taken back first. Undo takes the resignation back.
    pub fn resign(&mut self, side: Side) -> Result<(), Refusal> {
        if self.resigning_side() != Some(side) {
            return Err(Refusal::CannotResign);
        }
        self.turn = None;
        self.trail = TurnTrail::default();
        self.review = None;
        self.resigned = Some(side);
        self.update_outcome();
        Ok(())
    }

    /// Checks and applies one capture: an initial one, or the next of the
    /// turn in progress. Returns the path taken and whether the turn ended.
    /// Refused, the game stays exactly as it was.
    pub fn apply_capture(&mut self, capture: &Capture) -> Result<(Vec<Square>, bool), Refusal> {
        if self.outcome.is_some() {
            return Err(Refusal::GameOver);
        }
        if self.review.is_some() {
            return Err(Refusal::Reviewing);
        }
        // Every check on a copy of the turn; the game changes only once
        // all of them passed.
        let (path, turn) = match &self.turn {
            None => {
                let path = self.rules.path(&self.position().board, capture)?;
                let turn = self.rules.begin_turn(self.position(), capture)?;
                (path, turn)
            }
            Some(turn) => {
                if capture.from != turn.current() {
                    return Err(Refusal::MustKeepCapturing {
                        piece: turn.current(),
                    });
                }
                let mut next = turn.clone();
                self.rules.continue_turn(&mut next, capture.to)?;
                let path = self.rules.path(turn.board(), capture)?;
                (path, next)
            }
        };
        let over = self.rules.is_turn_over(&turn)?;
        if turn.captures().len() == 1 {
            self.trail = TurnTrail {
                origin: Some(capture.from),
                path: path.clone(),
                captured: Vec::new(),
            };
        } else {
            self.trail.path.extend(path.iter().skip(1));
        }
        self.trail.captured.push(capture.to);
        if over {
            self.turn = None;
            let played = turn.played();
            if self.undone.last() == Some(&played) {
                self.undone.pop();
            } else {
                self.undone.clear();
            }
            self.history.push(played, turn.result());
            self.update_outcome();
        } else {
            self.turn = Some(turn);
        }
        Ok((path, over))
    }

    /// Where played turn `ply` (counting from 0) went: its origin, every
    /// square its piece passed through and the squares it captured.
    pub fn trail_of(&self, ply: usize) -> Option<TurnTrail> {
        let played = self.played().get(ply)?;
        let start = self.positions().get(ply)?;
        let mut board = start.board;
        let mut path = vec![played.origin];
        for capture in played.steps() {
            let step = self.rules.path(&board, &capture).ok()?;
            path.extend(step.iter().skip(1));
            board.capture(start.turn, capture.from, capture.to);
        }
        Some(TurnTrail {
            origin: Some(played.origin),
            path,
            captured: played.captures.clone(),
        })
    }

    /// The trail the board shows: the reviewed position's last turn, the
    /// turn in progress, or the last turn played.
    pub fn shown_trail(&self) -> Option<TurnTrail> {
        match self.review {
            Some(0) => None,
            Some(i) => self.trail_of(i - 1),
            None if self.turn.is_some() || self.trail.origin.is_some() => Some(self.trail.clone()),
            None => self
                .history
                .ply()
                .checked_sub(1)
                .and_then(|p| self.trail_of(p)),
        }
    }

    /// Takes back the turn in progress, or else the last turn (and, against
    /// the computer, the computer's reply too, so a person gets their move back).
    pub fn undo(&mut self) -> bool {
        if self.resigned.take().is_some() {
            self.update_outcome();
            return true;
        }
        if self.turn.take().is_some() {
            self.trail = TurnTrail::default();
            return true;
        }
        let mut undone = false;
        while let Some(played) = self.history.pop() {
            self.undone.push(played);
            undone = true;
            if self.player(self.to_move()) == Player::Human {
                break;
            }
        }
        self.trail = TurnTrail::default();
        self.review = None;
        self.update_outcome();
        undone
    }

    /// Plays again the last undone turn (and a computer reply undone with it).
    pub fn redo(&mut self) -> Result<bool, Refusal> {
        let mut redone = false;
        while let Some(played) = self.undone.last() {
            self.history.play(&self.rules, played.clone())?;
            self.undone.pop();
            redone = true;
            self.update_outcome();
            if self.player(self.to_move()) == Player::Human || self.outcome.is_some() {
                break;
            }
        }
        self.trail = TurnTrail::default();
        Ok(redone)
    }
}
