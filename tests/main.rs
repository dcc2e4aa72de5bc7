//! Behaviour tests, gathered in one test binary (one link of the crate).

#[cfg(feature = "checks")]
mod access;
mod ai;
mod architecture;
mod cli;
mod designs;
mod differential;
mod docs;
mod engine;
mod formats;
#[cfg(feature = "game")]
mod game;
mod learned;
#[cfg(feature = "checks")]
mod look;
mod minimax;
mod modding;
mod online;
mod perft;
mod properties;
mod puzzles;
mod reference;
mod rule_edges;
mod solutions;
mod solver;
mod support;
#[cfg(feature = "checks")]
mod window;
