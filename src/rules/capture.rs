//! One capture, the unit every turn is made of: the step level plays them
//! one at a time, and a turn's played text lists them in order.

use super::{Route, Square};

/// One capture: a piece goes from `from` to the enemy on `to`. `route` is the
/// exact path when it matters (route templates) or is known.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Capture {
    pub from: Square,
    pub to: Square,
    pub route: Option<Route>,
}
