//! Burrow: the digital home of the Burrow family of capture-template games.
//!
//! The layers, each using only those before it:
//! - [`lang`]: the player's language, the message catalogue every word a
//!   player reads comes from;
//! - [`rules`]: the Bevy-free engine (board, variants, turns, text formats);
//! - [`ai`]: the computer players, their per-game tuning, self-play and
//!   match statistics;
//! - [`online`]: the messages of online play and the server's judge of one
//!   game (the rules only), shared by the server, the bot, the load tool
//!   and the game;
//! - [`engine`]: the engine protocol (UGI's way, Burrow's texts) and its
//!   referee (the rules only), which `burrow engine` speaks;
//! - [`bot`]: a computer player at an online table (`burrow bot`; not on
//!   the web page), and the one conversion between the AI's levels and
//!   the messages' (built everywhere: the game converts too);
//! - `server`: `burrow serve`, online play over HTTP and WebSocket with the
//!   games in SQLite or PostgreSQL (not on the web page);
//! - `load`: `burrow load`, many scripted games through a running server,
//!   measured (not on the web page);
//! - [`cli`]: the command-line front end;
//! - `game`: the Bevy game (cargo feature `game`, on by default);
//! - [`launch`]: what the `burrow` binary runs: it builds the variant
//!   registry (built-ins, mods and the designs folder), then runs a command
//!   or opens the window.

pub mod ai;
pub mod bot;
pub mod cli;
pub mod engine;
#[cfg(feature = "game")]
pub mod game;
pub mod lang;
pub mod launch;
#[cfg(not(target_arch = "wasm32"))]
pub mod load;
pub mod online;
#[cfg(not(target_arch = "wasm32"))]
pub mod places;
pub mod rules;
#[cfg(not(target_arch = "wasm32"))]
pub mod server;
