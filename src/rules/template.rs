//! The template a turn's initial capture fixes for the rest of the turn,
//! and the [`Measures`] a game file's template holds.

use std::fmt;

use super::{Directions, Route};

/// What the initial capture of a turn leaves behind for the later captures
/// to match. The four designer's games each use one kind; a mod may use any,
/// or keep its own data in [`Template::Custom`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Template {
    /// A bounding box of `width × height` (Box Burrow).
    Box { width: u8, height: u8 },
    /// An exact sequence of steps (Path Burrow).
    Route(Route),
    /// A set of absolute directions (Sweep Burrow).
    Directions(Directions),
    /// A number, such as friendly pieces in sight (Tumburrow).
    Count(u8),
    /// Any other value a mod variant defines; only that variant reads it.
    Custom(u64),
    /// A game file's template: the route (empty unless the file measures
    /// it) and the other measures it names ([`super::design`]).
    Design { route: Route, measures: Measures },
}

impl fmt::Display for Template {
    /// A short description in words, for panels and the CLI.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Template::Box { width, height } => write!(f, "box {width}×{height}"),
            Template::Route(route) => write!(f, "path {route}"),
            Template::Directions(dirs) => write!(f, "directions {dirs}"),
            Template::Count(n) => write!(f, "count {n}"),
            Template::Custom(v) => write!(f, "custom {v}"),
            Template::Design { route, measures } => {
                let mut parts = Vec::new();
                if !route.is_empty() {
                    parts.push(format!("path {route}"));
                }
                parts.extend(measures.parts());
                write!(f, "{}", parts.join(", "))
            }
        }
    }
}

/// What the initial capture measured, for every measure the game file's
/// template rule names (the others stay zero). Kept beside the route in
/// [`Template::Design`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Measures {
    pub width: u8,
    pub height: u8,
    pub directions: Directions,
    pub count: u8,
    pub dx: i8,
    pub dy: i8,
    pub distance: u8,
    /// The line's direction, its first non-zero part positive.
    pub line: (i8, i8),
    /// Which of the measures were taken ([`Measures::BOX`] and the rest).
    pub named: u8,
}

impl Measures {
    pub const BOX: u8 = 1;
    pub const DIRECTIONS: u8 = 2;
    pub const COUNT: u8 = 4;
    pub const OFFSET: u8 = 8;
    pub const DISTANCE: u8 = 16;
    pub const LINE: u8 = 32;

    /// Whether the measure `flag` was taken.
    pub fn has(&self, flag: u8) -> bool {
        self.named & flag != 0
    }

    /// The measures taken, in words, for panels and the CLI.
    pub fn parts(&self) -> Vec<String> {
        let mut parts = Vec::new();
        if self.has(Measures::BOX) {
            parts.push(format!("box {}×{}", self.width, self.height));
        }
        if self.has(Measures::DIRECTIONS) {
            parts.push(format!("directions {}", self.directions));
        }
        if self.has(Measures::COUNT) {
            parts.push(format!("count {}", self.count));
        }
        if self.has(Measures::OFFSET) {
            parts.push(format!("jump {:+} {:+}", self.dx, self.dy));
        }
        if self.has(Measures::DISTANCE) {
            parts.push(format!("distance {}", self.distance));
        }
        if self.has(Measures::LINE) {
            parts.push(format!("line {:+} {:+}", self.line.0, self.line.1));
        }
        parts
    }
}
