//! The words for the game's everyday things (the sides, the computer's
//! levels, the start layouts, the themes) in the player's
//! language, from the catalogue ([`crate::lang`]). The rules and the
//! records keep their own English names (`Side`'s `Display`,
//! [`Level::name`]): those are the formats' words, not
//! the player's.

use crate::ai::Level;
use crate::game::settings::Theme;
use crate::rules::{Side, Start, StartLayout};
use crate::tr;

/// The catalogue's key for a side (its messages choose their words by it).
pub fn side_key(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

/// A side's name.
pub fn side(side: Side) -> String {
    tr!("side", side = side_key(side))
}

/// The end of a game: who won, and whether the other side resigned.
pub fn outcome(winner: Side, resigned: bool) -> String {
    let side = side_key(winner);
    if resigned {
        tr!("outcome-resigned", side = side)
    } else {
        tr!("outcome-wins", side = side)
    }
}

/// A computer level's name.
pub fn level(level: Level) -> String {
    match level {
        Level::Random => tr!("level-random"),
        Level::Greedy => tr!("level-greedy"),
        Level::Easy => tr!("level-easy"),
        Level::Medium => tr!("level-medium"),
        Level::Hard => tr!("level-hard"),
        Level::Strongest => tr!("level-strongest"),
    }
}

/// A start's name.
pub fn start(start: Start) -> String {
    match start {
        Start::Layout(StartLayout::Checkerboard) => tr!("start-checkerboard"),
        Start::Layout(StartLayout::Pairs) => tr!("start-pairs"),
        Start::Rows(_) => tr!("start-own"),
    }
}

/// A theme's name.
pub fn theme(theme: Theme) -> String {
    match theme {
        Theme::Classic => tr!("theme-classic"),
        Theme::HighContrast => tr!("theme-high-contrast"),
        Theme::Green => tr!("theme-green"),
    }
}

/// A puzzle's task: who is to move and in how many turns they win.
pub fn puzzle_task(puzzle: &crate::ai::Puzzle) -> String {
    tr!(
        "puzzle-task-text",
        side = side_key(puzzle.position.turn),
        count = puzzle.turns
    )
}
