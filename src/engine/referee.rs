//! The game an engine is asked about: which game (a built-in or a mod's,
//! or a design by its share code), on which board, from which position
//! and through which turns, each checked by the rules; and the referee's
//! answers to `query`.

use std::sync::Arc;

use crate::rules::{
    BoardSize, Design, DesignError, History, IllegalTurn, PlayedTurn, Rules, Side, VariantError,
    VariantRegistry, WrongSize, state_budget,
};

use super::{Query, StartFrom};

/// Most turn states `query moves` walks before it gives up on a position
/// (a Tumburrow position can have hundreds of thousands of turns).
pub const MOVES_BUDGET: u64 = 5_000_000;

/// What the referee refused, and why; the game is as it was. The rules'
/// own error is kept whole where there is one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RefereeError {
    #[error("unknown game `{id}` (known: {known})")]
    UnknownGame { id: String, known: String },
    /// Not a share code, or not a game file inside.
    #[error("the design does not read: {0}")]
    BadDesign(#[from] DesignError),
    /// A design that reads but breaks the engine's rules.
    #[error("the design is not a game the engine can play: {0}")]
    BadDesignRules(#[source] VariantError),
    /// A size text that is neither `FILESxRANKS` nor one side's length.
    #[error("`{0}` is not a board size (such as 8x8)")]
    BadSize(String),
    /// A board the game is not played on.
    #[error(transparent)]
    WrongSize(#[from] WrongSize),
    /// A turn of `position` the rules refuse.
    #[error(transparent)]
    IllegalTurn(#[from] Box<IllegalTurn>),
    #[error("the turns of this position are too many to list")]
    TooManyTurns,
    /// The game broke the engine's rules while its turns were listed.
    #[error(transparent)]
    Rules(#[from] VariantError),
}

/// The game the runner set up, as the rules judge it.
#[derive(Clone, Debug)]
pub struct Referee {
    registry: VariantRegistry,
    rules: Rules,
    size: BoardSize,
    history: History,
}

impl Referee {
    /// Box Burrow (or the registry's first game) on 8x8, at its start.
    pub fn new(registry: VariantRegistry) -> Referee {
        let rules = registry
            .get("box")
            .or_else(|| registry.ids().first().and_then(|id| registry.get(id)))
            .cloned()
            .unwrap_or_else(|| crate::rules::builtin_rules("box").expect("Box Burrow is built in"));
        let size = BoardSize::STANDARD;
        let history = History::new(rules.start(size));
        Referee {
            registry,
            rules,
            size,
            history,
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn history(&self) -> &History {
        &self.history
    }

    /// Plays game `id` of the registry from now on, at its start.
    pub fn set_game(&mut self, id: &str) -> Result<(), RefereeError> {
        let rules = self
            .registry
            .get(id)
            .cloned()
            .ok_or_else(|| RefereeError::UnknownGame {
                id: id.to_string(),
                known: self.registry.ids().join(", "),
            })?;
        self.use_rules(rules)
    }

    /// Plays the design whose share code is `code` from now on.
    pub fn set_design(&mut self, code: &str) -> Result<(), RefereeError> {
        let design = Design::from_code(code)?;
        // The engine's own copy of this game (from a game file it was
        // started with) keeps what is attached to it: its learned weights.
        let known = self.registry.get(&design.id).filter(|known| {
            known
                .variant()
                .design()
                .is_some_and(|d| d.same_rules(&design))
        });
        let rules = match known {
            Some(known) => known.clone(),
            None => Rules::new(Arc::new(design)).map_err(RefereeError::BadDesignRules)?,
        };
        self.use_rules(rules)
    }

    /// Plays on boards of `text` (`8x8`, or `6` for 6x6) from now on.
    pub fn set_size(&mut self, text: &str) -> Result<(), RefereeError> {
        let size = match text.trim().parse::<u8>() {
            Ok(side) => BoardSize::new(side, side),
            Err(_) => text.trim().parse().ok(),
        }
        .ok_or_else(|| RefereeError::BadSize(text.to_string()))?;
        self.rules.check_size(size)?;
        self.size = size;
        self.history = History::new(self.rules.start(size));
        Ok(())
    }

    /// The game from `start` through `turns`; nothing changes if a turn is
    /// illegal or the position is not one of this game's boards.
    pub fn set_position(
        &mut self,
        start: &StartFrom,
        turns: Vec<PlayedTurn>,
    ) -> Result<(), RefereeError> {
        let start = match start {
            StartFrom::StartPos => self.rules.start(self.size),
            StartFrom::Position(position) => {
                self.rules.check_size(position.size())?;
                *position
            }
        };
        self.history = History::replay(&self.rules, start, turns)?;
        Ok(())
    }

    fn use_rules(&mut self, rules: Rules) -> Result<(), RefereeError> {
        let size = if rules.check_size(self.size).is_ok() {
            self.size
        } else {
            rules.sizes().sizes().last().unwrap_or(BoardSize::STANDARD)
        };
        self.history = History::new(rules.start(size));
        self.size = size;
        self.rules = rules;
        Ok(())
    }

    /// Whether the side to move has no capture left: it has lost (or won,
    /// in a game whose last capture loses).
    pub fn game_over(&self) -> bool {
        !self.rules.has_initial_capture(self.history.position())
    }

    /// The winner once the game is over.
    pub fn winner(&self) -> Option<Side> {
        self.game_over()
            .then(|| self.rules.winner_when_stuck(self.history.position()))
    }

    /// Every legal turn of the side to move, as played texts.
    pub fn legal_turns(&self) -> Result<Vec<PlayedTurn>, RefereeError> {
        let mut stop = state_budget(MOVES_BUDGET);
        let turns = self
            .rules
            .turns_until(self.history.position(), &mut stop)?
            .ok_or(RefereeError::TooManyTurns)?;
        Ok(turns.iter().map(|t| t.played()).collect())
    }

    /// The answer to `query`, as the `response` line carries it.
    pub fn answer(&self, query: Query) -> Result<String, RefereeError> {
        Ok(match query {
            Query::GameOver => self.game_over().to_string(),
            Query::P1Turn => (self.history.position().turn == Side::White).to_string(),
            Query::Result => match self.winner() {
                Some(Side::White) => "p1win".into(),
                Some(Side::Black) => "p2win".into(),
                None => "none".into(),
            },
            Query::Moves => self
                .legal_turns()?
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        })
    }
}
