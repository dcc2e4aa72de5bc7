//! A computer player at an online table: `burrow bot` takes a table's free
//! seat and plays it to the end with a level of [`crate::ai`], following
//! the game through [`crate::online`]'s messages ([`play`]).
//!
//! The messages carry their own level ([`ComputerLevel`], `"hard"` on the
//! wire), so the online layer needs nothing of the AI; the two convert here,
//! in one place, for the bot, the server's computer and the game's menus
//! alike (`ComputerLevel::from(level)`, `Level::from(level)`). This part is
//! built for every target (the web page's game converts too); the playing
//! part needs a native runtime.

use crate::ai::Level;
use crate::online::protocol::ComputerLevel;

#[cfg(not(target_arch = "wasm32"))]
mod account;
#[cfg(not(target_arch = "wasm32"))]
mod error;
#[cfg(not(target_arch = "wasm32"))]
mod play;

#[cfg(not(target_arch = "wasm32"))]
pub use account::Identity;
#[cfg(not(target_arch = "wasm32"))]
pub use error::BotError;
#[cfg(not(target_arch = "wasm32"))]
pub use play::{Brain, Plan, Played, Seating, play, seats_taken, think};

impl From<Level> for ComputerLevel {
    fn from(level: Level) -> ComputerLevel {
        match level {
            Level::Random => ComputerLevel::Random,
            Level::Greedy => ComputerLevel::Greedy,
            Level::Easy => ComputerLevel::Easy,
            Level::Medium => ComputerLevel::Medium,
            Level::Hard => ComputerLevel::Hard,
            Level::Strongest => ComputerLevel::Strongest,
        }
    }
}

impl From<ComputerLevel> for Level {
    fn from(level: ComputerLevel) -> Level {
        match level {
            ComputerLevel::Random => Level::Random,
            ComputerLevel::Greedy => Level::Greedy,
            ComputerLevel::Easy => Level::Easy,
            ComputerLevel::Medium => Level::Medium,
            ComputerLevel::Hard => Level::Hard,
            ComputerLevel::Strongest => Level::Strongest,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_convert_both_ways_under_the_same_word() {
        assert_eq!(Level::ALL.len(), ComputerLevel::ALL.len());
        for (level, wire) in Level::ALL.into_iter().zip(ComputerLevel::ALL) {
            assert_eq!(ComputerLevel::from(level), wire);
            assert_eq!(Level::from(wire), level);
            assert_eq!(level.name(), wire.name());
            assert_eq!(wire.name().parse::<ComputerLevel>(), Ok(wire));
        }
        let unknown = "grandmaster".parse::<ComputerLevel>().unwrap_err();
        let ai_unknown = "grandmaster".parse::<Level>().unwrap_err();
        assert_eq!(unknown.to_string(), ai_unknown.to_string());
    }
}
