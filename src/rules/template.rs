//! The template a turn's initial capture fixes for the rest of the turn.

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
    Design {
        route: Route,
        measures: super::design::Measures,
    },
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
