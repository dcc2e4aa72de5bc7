//! Burrow: the digital home of the Burrow family of capture-template games.
//!
//! [`rules`] is the Bevy-free engine; [`cli`] is the command-line front end.

pub mod cli;
pub mod rules;
