//! The Burrow rules engine: plain Rust, no Bevy. The game, the AI, the CLI
//! and the tests all drive this one engine.
//!
//! - Values: [`Square`], [`Side`], [`Bitboard`], [`Board`], [`Position`].
//! - Games: the [`Variant`] trait, the four built-ins in [`variants`], and the
//!   [`VariantRegistry`] a mod adds to.
//! - Play: [`Rules`] binds a variant to the engine; its step level
//!   ([`Rules::begin_turn`], [`Rules::continue_turn`]) serves the UI, its turn
//!   level ([`Rules::turns`], [`Rules::perft`]) serves the AI and tools.
//! - Text: positions, turns ([`TurnKey`], [`PlayedTurn`]) and [`GameRecord`]s.

mod bitboard;
mod board;
mod capture;
pub mod design;
mod explain;
pub use explain::square_list;
mod fxhash;
mod history;
mod movegen;
mod movement;
mod notation;
mod perft;
mod position;
mod record;
mod registry;
#[allow(clippy::module_inception)]
mod rules;
mod setup;
mod side;
pub mod sight;
mod square;
mod state_memo;
mod step;
mod symmetry;
mod template;
mod turn;
mod turn_in_progress;
mod turns;
mod variant;
mod variant_id;
pub mod variants;

pub use bitboard::Bitboard;
pub use board::{Board, BoardSize, ParseBoardSizeError, StartLayout, UnknownLayout};
pub use capture::Capture;
pub use design::{BUILTIN_FILES, CODE_PREFIX, Design, DesignError};
pub use history::{History, IllegalTurn};
pub use movegen::route_squares;
pub use movement::{Movement, MovementProblem, PathShape};
pub use notation::{ParseTurnError, PlayedTurn, TurnKey, TurnTextProblem};
pub use perft::PerftCount;
pub use position::{ParsePositionError, Position, PositionProblem};
pub use record::{
    GameRecord, GameResult, ParseGameResultError, ParseRecordError, RecordProblem, ReplayError,
};
pub use registry::{
    GameFileError, GameFileProblem, Mod, RegistryError, VariantRegistry, builtin_rules,
};
pub use rules::{MoveError, Rules, VariantError, VariantProblem, WrongSize};
pub use setup::{EndRule, RowPattern, RowPatternError, SizeRange, Start};
pub use side::Side;
pub use square::{ParseSquareError, Square};
pub(crate) use state_memo::prefetch;
pub use step::{Directions, ParseRouteError, Route, Step, StepSet};
pub use symmetry::{SYMMETRIES, square_image, turn_orbits};
pub use template::Template;
pub use turn::Turn;
pub use turn_in_progress::TurnInProgress;
pub use turns::{TurnScratch, state_budget};
pub use variant::{CaptureView, RouteCandidates, Variant, default_misfit};
pub use variant_id::is_valid_variant_id;
