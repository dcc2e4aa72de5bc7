//! The pieces' components, shared by the board (which spawns them) and the
//! animation (which moves them).

use bevy::prelude::*;

use crate::rules::{Side, Square};

/// A piece, with the side it belongs to.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece(pub Side);

/// The square a piece stands on (between animations).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnSquare(pub Square);

/// Marks a piece whose transform an animation drives.
#[derive(Component, Clone, Copy, Debug)]
pub struct Animating;
