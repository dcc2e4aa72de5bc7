//! A table's setup as a client asks for it, checked against the engine:
//! a built-in game or a design sent as its share code, a board the game is
//! played on, a clock a server takes.

use std::sync::Arc;

use crate::rules::{
    Design, DesignError, PlayedTurn, Position, Rules, VariantError, VariantRegistry, WrongSize,
};

use super::Refused;
use crate::online::protocol::{ClockError, ErrorKind, GameSetup, MAX_DESIGN_CODE_CHARS};

/// A game's setup read and checked against the registry.
#[derive(Clone, Debug)]
pub struct CheckedSetup {
    pub setup: GameSetup,
    pub rules: Rules,
    pub start: Position,
}

/// Reads a turn a client sent (`c3xd4xd5`); the judge then checks it
/// against the game ([`Table::play`](super::Table::play)).
pub fn read_turn(text: &str) -> Result<PlayedTurn, Refused> {
    text.parse()
        .map_err(|e| Refused::new(ErrorKind::IllegalTurn, format!("{e}")))
}

/// Checks what a client asked to play. A setup with a design plays that
/// design (checked like a game file) whether or not `registry` has it; one
/// without names a game of `registry`. The checked setup carries the
/// design's share code whenever the game is a design, so every client of
/// the table can build its rules.
pub fn check_setup(
    registry: &VariantRegistry,
    setup: &GameSetup,
) -> Result<CheckedSetup, SetupError> {
    let rules = match &setup.design {
        None => {
            registry
                .get(&setup.variant)
                .cloned()
                .ok_or_else(|| SetupError::UnknownVariant {
                    variant: setup.variant.clone(),
                    known: registry.ids().join(", "),
                })?
        }
        Some(code) => rules_of_design(registry, &setup.variant, code)?,
    };
    rules.check_size(setup.size)?;
    if let Some(clock) = &setup.clock {
        clock.check()?;
    }
    let mut setup = setup.clone();
    setup.design = rules.variant().design().map(Design::code);
    Ok(CheckedSetup {
        start: match setup.start {
            Some(layout) => Position::start_with(setup.size, layout),
            None => rules.start(setup.size),
        },
        setup,
        rules,
    })
}

/// Why a setup does not seat a table; a client is told it as a
/// [`Refused`] of kind `BadSetup`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("unknown variant `{variant}` (known: {known})")]
    UnknownVariant { variant: String, known: String },
    #[error(transparent)]
    Design(#[from] DesignRefused),
    /// A board the game is not played on.
    #[error(transparent)]
    WrongSize(#[from] WrongSize),
    /// A clock a server does not take.
    #[error(transparent)]
    Clock(#[from] ClockError),
}

impl From<SetupError> for Refused {
    fn from(error: SetupError) -> Refused {
        Refused::new(ErrorKind::BadSetup, error.to_string())
    }
}

/// Why a design sent as a share code does not seat a table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DesignRefused {
    /// Longer than a table's messages leave room for.
    #[error("the design code has {0} characters; a table takes at most {MAX_DESIGN_CODE_CHARS}")]
    TooLong(usize),
    /// Not a share code, or not a game file inside.
    #[error("the design: {0}")]
    Unreadable(#[from] DesignError),
    /// The design is another game than the setup names.
    #[error("the design is the game `{design}`, the setup names `{variant}`")]
    OtherGame { design: String, variant: String },
    /// Another game has that id here.
    #[error("`{0}` is another game here; give the design an id of its own")]
    IdTaken(String),
    /// The design's rules break the engine's.
    #[error("the design: {0}")]
    Rules(#[from] VariantError),
}

/// The rules of a design sent as a share code, for the game `variant`
/// names. A game of that id in `registry` must be this very design: two
/// different games never share an id at one table's server or client.
fn rules_of_design(
    registry: &VariantRegistry,
    variant: &str,
    code: &str,
) -> Result<Rules, DesignRefused> {
    if code.len() > MAX_DESIGN_CODE_CHARS {
        return Err(DesignRefused::TooLong(code.len()));
    }
    let design = Design::from_code(code)?;
    if design.id != variant {
        return Err(DesignRefused::OtherGame {
            design: design.id,
            variant: variant.to_string(),
        });
    }
    if let Some(known) = registry.get(variant) {
        return if known.variant().design() == Some(&design) {
            Ok(known.clone())
        } else {
            Err(DesignRefused::IdTaken(variant.to_string()))
        };
    }
    Ok(Rules::new(Arc::new(design))?)
}
