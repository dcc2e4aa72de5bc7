//! The Burrow rules engine: plain Rust, no Bevy. The game, the AI, the CLI
//! and the tests all drive this one engine.
//!
//! - Values: [`Square`], [`Color`], [`Bitboard`], [`Board`], [`Position`].
//! - Games: the [`Variant`] trait, the four built-ins in [`variants`], and the
//!   [`VariantRegistry`] a mod adds to.
//! - Play: [`Rules`] binds a variant to the engine; its step level
//!   ([`Rules::begin_turn`], [`Rules::continue_turn`]) serves the UI, its turn
//!   level ([`Rules::turns`], [`Rules::perft`]) serves the AI and tools.
//! - Text: positions, turns ([`TurnKey`], [`PlayedTurn`]) and [`GameRecord`]s.

mod ai_tuning;
mod bitboard;
mod board;
mod engine;
mod fxhash;
mod movegen;
mod movement;
mod notation;
mod position;
mod record;
mod registry;
pub mod sight;
mod square;
mod state_memo;
mod step;
mod symmetry;
mod template;
mod turn;
mod turns;
mod variant;
pub mod variants;

pub use ai_tuning::{EvaluationWeights, LevelLookahead, Lookahead, MAX_LOOKAHEAD};
pub use bitboard::Bitboard;
pub use board::{Board, BoardSize};
pub use engine::{Capture, Rules, VariantError, VariantProblem, is_valid_variant_id};
pub use movegen::route_squares;
pub use movement::{Movement, MovementProblem, PathShape};
pub use notation::{ParseTurnError, PlayedTurn, TurnKey, TurnTextProblem};
pub use position::{ParsePositionError, Position, PositionProblem};
pub use record::{GameRecord, GameResult, ParseRecordError, RecordProblem, ReplayError};
pub use registry::{RegistryError, VariantRegistry, builtin_rules};
pub use square::{Color, ParseSquareError, Square};
pub use step::{Directions, ParseRouteError, Route, Step, StepSet};
pub use symmetry::{SYMMETRIES, turn_orbits};
pub use template::Template;
pub use turn::{MoveError, TurnInProgress};
pub use turns::{Turn, TurnScratch};
pub use variant::{CaptureView, RouteCandidates, Variant};
