//! Burrow: the digital home of the Burrow family of capture-template games.
//!
//! [`rules`] is the Bevy-free engine; [`game`] the Bevy game around it;
//! [`cli`] the command-line front end.

pub mod ai;
pub mod cli;
pub mod game;
pub mod rules;
