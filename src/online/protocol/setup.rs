//! What a game is set up with: its clock, the creator's side, the game
//! and board, and the computer's level as it travels.

use serde::{Deserialize, Serialize};

use crate::rules::{BoardSize, Design, StartLayout, VariantRegistry};

use super::as_text;

/// The longest design share code a table takes (a design's file is a few
/// hundred bytes; this leaves room for long summaries and rule lists
/// while a table's messages stay small).
pub const MAX_DESIGN_CODE_CHARS: usize = 6144;

/// A game's clock: time for the whole game plus a gain per turn played
/// (a live game), or, with `per_move`, a time for each turn
/// (correspondence: the mover's clock is full again after every turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSetting {
    pub initial_ms: u64,
    pub increment_ms: u64,
    /// Correspondence: `initial_ms` is the time for each turn.
    #[serde(default)]
    pub per_move: bool,
}

/// A day, in milliseconds.
pub const DAY_MS: u64 = 24 * 60 * 60 * 1000;

impl ClockSetting {
    /// The longest game time a server accepts (a day).
    pub const MAX_MS: u64 = DAY_MS;
    /// The longest and the shortest time per turn of a correspondence
    /// game: two weeks, an hour.
    pub const MAX_PER_MOVE_MS: u64 = 14 * DAY_MS;
    pub const MIN_PER_MOVE_MS: u64 = 60 * 60 * 1000;

    /// A correspondence clock of `days` per turn.
    pub fn days_per_move(days: u64) -> ClockSetting {
        ClockSetting {
            initial_ms: days * DAY_MS,
            increment_ms: 0,
            per_move: true,
        }
    }
    /// The longest gain per turn a server takes: ten minutes.
    pub const MAX_INCREMENT_MS: u64 = 10 * 60 * 1000;

    /// Reads `5+3` (minutes + seconds per turn), as the menus and the CLI
    /// write it, or `3d` (days per turn, correspondence).
    pub fn parse(text: &str) -> Result<ClockSetting, ClockError> {
        let bad = || ClockError::NotAClock(text.to_string());
        if let Some(days) = text.trim().strip_suffix('d') {
            let days: u64 = days.trim().parse().map_err(|_| bad())?;
            let clock = ClockSetting::days_per_move(days);
            return clock.check().map(|()| clock);
        }
        let (minutes, seconds) = text.split_once('+').ok_or_else(bad)?;
        let minutes: f64 = minutes.trim().parse().map_err(|_| bad())?;
        let seconds: f64 = seconds.trim().parse().map_err(|_| bad())?;
        if !(minutes > 0.0 && seconds >= 0.0 && minutes.is_finite() && seconds.is_finite()) {
            return Err(bad());
        }
        let clock = ClockSetting {
            initial_ms: (minutes * 60_000.0).round() as u64,
            increment_ms: (seconds * 1000.0).round() as u64,
            per_move: false,
        };
        clock.check().map(|()| clock)
    }

    /// Whether a server takes this clock.
    pub fn check(&self) -> Result<(), ClockError> {
        if self.per_move {
            if !(Self::MIN_PER_MOVE_MS..=Self::MAX_PER_MOVE_MS).contains(&self.initial_ms) {
                return Err(ClockError::PerMoveOutOfRange);
            }
            if self.increment_ms != 0 {
                return Err(ClockError::IncrementPerMove);
            }
            return Ok(());
        }
        if self.initial_ms == 0 || self.initial_ms > Self::MAX_MS {
            return Err(ClockError::TimeOutOfRange);
        }
        if self.increment_ms > Self::MAX_INCREMENT_MS {
            return Err(ClockError::IncrementTooLong);
        }
        Ok(())
    }
}

/// Why a clock is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    #[error("`{0}` is not a clock (minutes+seconds, like 5+3)")]
    NotAClock(String),
    #[error(
        "the clock's time must be between 1 ms and {} ms",
        ClockSetting::MAX_MS
    )]
    TimeOutOfRange,
    #[error("the clock's gain per turn must be at most {} minutes", ClockSetting::MAX_INCREMENT_MS / 60_000)]
    IncrementTooLong,
    #[error("a correspondence game has an hour to two weeks per turn")]
    PerMoveOutOfRange,
    #[error("a correspondence game's clock has no gain per turn")]
    IncrementPerMove,
}

impl std::fmt::Display for ClockSetting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.per_move {
            let days = self.initial_ms as f64 / DAY_MS as f64;
            return write!(f, "{days}d");
        }
        let minutes = self.initial_ms as f64 / 60_000.0;
        let seconds = self.increment_ms as f64 / 1000.0;
        write!(f, "{minutes}+{seconds}")
    }
}

/// Which seat a game's creator takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideChoice {
    #[default]
    White,
    Black,
    Random,
}

/// What a new game is made of.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSetup {
    /// A variant id the server knows (`box`, `path`, `sweep`, `tumburrow`).
    pub variant: String,
    /// `FILESxRANKS`, each 4 to 8.
    #[serde(with = "as_text")]
    pub size: BoardSize,
    /// `checkerboard` or `pairs`; left out, the game's own start (the
    /// checkerboard for the four designer's games).
    #[serde(default, with = "as_text::option")]
    pub start: Option<StartLayout>,
    /// No clock when left out.
    #[serde(default)]
    pub clock: Option<ClockSetting>,
    /// A designed game's share code (`Design::code`): the table plays it
    /// and every client builds its rules from it, so neither side needs
    /// the game installed. Its id is `variant`. The server fills it in for
    /// a design it loaded itself; the built-in games have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub design: Option<String>,
}

impl GameSetup {
    /// A setup of the game `variant` on `size`, checkerboard start, no
    /// clock; the share code goes along when `registry` has that game as a
    /// design, so a server without it can still seat the table.
    pub fn new(registry: &VariantRegistry, variant: &str, size: BoardSize) -> GameSetup {
        GameSetup {
            variant: variant.to_string(),
            size,
            start: None,
            clock: None,
            design: registry
                .get(variant)
                .and_then(|rules| rules.variant().design())
                .map(Design::code),
        }
    }
}

/// The shortest and longest wait before a paired player gets the
/// computer.
pub const BOT_WAIT_S: std::ops::RangeInclusive<u32> = 5..=600;

/// A computer level as it travels (`"hard"`): the server's computer at a
/// seat, or the one a table's creator asks for. The same levels as the
/// computer players', weakest first; `crate::bot` converts between the two,
/// so the messages need nothing of the AI.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ComputerLevel {
    /// Any turn, at random: the weakest.
    Random,
    Greedy,
    Easy,
    Medium,
    Hard,
    Strongest,
}

impl ComputerLevel {
    pub const ALL: [ComputerLevel; 6] = [
        ComputerLevel::Random,
        ComputerLevel::Greedy,
        ComputerLevel::Easy,
        ComputerLevel::Medium,
        ComputerLevel::Hard,
        ComputerLevel::Strongest,
    ];

    /// The level's word on the wire and in the database (`hard`).
    pub fn name(self) -> &'static str {
        match self {
            ComputerLevel::Random => "random",
            ComputerLevel::Greedy => "greedy",
            ComputerLevel::Easy => "easy",
            ComputerLevel::Medium => "medium",
            ComputerLevel::Hard => "hard",
            ComputerLevel::Strongest => "strongest",
        }
    }
}

impl std::fmt::Display for ComputerLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A level word that is not one of [`ComputerLevel::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level `{word}` (known: {known})", known = ComputerLevel::ALL.map(ComputerLevel::name).join(", "))]
pub struct UnknownLevel {
    pub word: String,
}

impl std::str::FromStr for ComputerLevel {
    type Err = UnknownLevel;

    fn from_str(word: &str) -> Result<ComputerLevel, UnknownLevel> {
        let named = |level: &ComputerLevel| level.name() == word;
        let word = word.to_string();
        ComputerLevel::ALL
            .into_iter()
            .find(named)
            .ok_or(UnknownLevel { word })
    }
}
