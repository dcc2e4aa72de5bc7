//! Steps, sets of steps and routes: the vocabulary of movement rules.

use std::fmt;

use super::{Bitboard, Square};

/// One step of a piece: a vector `(dx, dy)`, each in -7..=7, not both zero.
/// The eight king steps have names (N, NE, E, …); any other vector (a knight's
/// leap, say) is written `(dx,dy)`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    pub dx: i8,
    pub dy: i8,
}

impl Step {
    pub const N: Step = Step { dx: 0, dy: 1 };
    pub const NE: Step = Step { dx: 1, dy: 1 };
    pub const E: Step = Step { dx: 1, dy: 0 };
    pub const SE: Step = Step { dx: 1, dy: -1 };
    pub const S: Step = Step { dx: 0, dy: -1 };
    pub const SW: Step = Step { dx: -1, dy: -1 };
    pub const W: Step = Step { dx: -1, dy: 0 };
    pub const NW: Step = Step { dx: -1, dy: 1 };

    /// The four orthogonal steps, in the order N, E, S, W.
    pub const ORTHOGONAL: [Step; 4] = [Step::N, Step::E, Step::S, Step::W];
    /// The eight king steps, clockwise from N.
    pub const KING: [Step; 8] = [
        Step::N,
        Step::NE,
        Step::E,
        Step::SE,
        Step::S,
        Step::SW,
        Step::W,
        Step::NW,
    ];
    /// The eight knight leaps, clockwise from the one up and to the right.
    pub const KNIGHT: [Step; 8] = [
        Step::new(1, 2),
        Step::new(2, 1),
        Step::new(2, -1),
        Step::new(1, -2),
        Step::new(-1, -2),
        Step::new(-2, -1),
        Step::new(-2, 1),
        Step::new(-1, 2),
    ];

    /// The step's compass name in a sentence ("north"), or "diagonally".
    pub const fn compass(self) -> &'static str {
        match (self.dx, self.dy) {
            (0, 1) => "north",
            (0, -1) => "south",
            (1, 0) => "east",
            (-1, 0) => "west",
            _ => "diagonally",
        }
    }

    pub const fn new(dx: i8, dy: i8) -> Step {
        Step { dx, dy }
    }

    /// Whether the vector can be a step at all (non-zero, within the board).
    pub const fn is_valid(self) -> bool {
        (self.dx != 0 || self.dy != 0) && self.dx.abs() <= 7 && self.dy.abs() <= 7
    }

    /// Whether `other` points the opposite way (a path using both could
    /// turn back on itself).
    pub const fn is_opposite(self, other: Step) -> bool {
        let cross = self.dx as i32 * other.dy as i32 - self.dy as i32 * other.dx as i32;
        let dot = self.dx as i32 * other.dx as i32 + self.dy as i32 * other.dy as i32;
        cross == 0 && dot < 0
    }

    /// The name of a king step, if this is one.
    pub const fn king_name(self) -> Option<&'static str> {
        Some(match (self.dx, self.dy) {
            (0, 1) => "N",
            (1, 1) => "NE",
            (1, 0) => "E",
            (1, -1) => "SE",
            (0, -1) => "S",
            (-1, -1) => "SW",
            (-1, 0) => "W",
            (-1, 1) => "NW",
            _ => return None,
        })
    }

    /// This step after one of the eight symmetries of the square
    /// (`symmetry` 0..8: bit 2 mirrors x, then the rest rotates by quarter turns).
    pub const fn transformed(self, symmetry: u8) -> Step {
        let (mut dx, mut dy) = (self.dx, self.dy);
        if symmetry & 4 != 0 {
            dx = -dx;
        }
        let mut turns = symmetry & 3;
        while turns > 0 {
            // A quarter turn clockwise: N becomes E.
            let t = dx;
            dx = dy;
            dy = -t;
            turns -= 1;
        }
        Step { dx, dy }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.king_name() {
            Some(name) => f.write_str(name),
            None => write!(f, "({},{})", self.dx, self.dy),
        }
    }
}

/// The steps a movement rule allows, at most [`StepSet::CAPACITY`].
/// Small and `Copy` so a movement rule can be passed around freely.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct StepSet {
    steps: [Step; StepSet::CAPACITY],
    len: u8,
}

impl StepSet {
    pub const CAPACITY: usize = 16;

    /// A set from a list of steps (at most 16; extra steps are dropped, which
    /// [`crate::rules::Movement::check`] reports).
    pub const fn from_slice(list: &[Step]) -> StepSet {
        let mut steps = [Step { dx: 0, dy: 0 }; StepSet::CAPACITY];
        let mut i = 0;
        while i < list.len() && i < StepSet::CAPACITY {
            steps[i] = list[i];
            i += 1;
        }
        StepSet {
            steps,
            len: i as u8,
        }
    }

    pub const ORTHOGONAL: StepSet = StepSet::from_slice(&Step::ORTHOGONAL);
    pub const KING: StepSet = StepSet::from_slice(&Step::KING);

    pub fn as_slice(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The index of `step` in the set.
    pub fn index_of(&self, step: Step) -> Option<usize> {
        self.as_slice().iter().position(|&s| s == step)
    }
}

/// A set of absolute step directions (king steps only), as a Sweep-style
/// template stores it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Directions(u8);

impl Directions {
    pub const fn empty() -> Directions {
        Directions(0)
    }

    /// The bit of a king step (its place in [`Step::KING`]), 0 for any
    /// other step.
    const fn bit(step: Step) -> u8 {
        let mut i = 0;
        while i < Step::KING.len() {
            if Step::KING[i].dx == step.dx && Step::KING[i].dy == step.dy {
                return 1 << i;
            }
            i += 1;
        }
        0
    }

    pub fn with(self, step: Step) -> Directions {
        Directions(self.0 | Directions::bit(step))
    }

    pub fn contains(self, step: Step) -> bool {
        let bit = Directions::bit(step);
        bit != 0 && self.0 & bit != 0
    }

    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The compass directions of an offset: east or west, north or south
    /// (what a staircase to it walks).
    pub fn of_offset(dx: i8, dy: i8) -> Directions {
        const E: u8 = Directions::bit(Step::E);
        const W: u8 = Directions::bit(Step::W);
        const N: u8 = Directions::bit(Step::N);
        const S: u8 = Directions::bit(Step::S);
        let across = match dx.signum() {
            1 => E,
            -1 => W,
            _ => 0,
        };
        let along = match dy.signum() {
            1 => N,
            -1 => S,
            _ => 0,
        };
        Directions(across | along)
    }

    /// The squares whose offset from `from` uses only directions of this
    /// set ([`Directions::of_offset`]), `from` left out: where a capture
    /// that must keep to them can land.
    pub fn squares_from(self, from: Square) -> Bitboard {
        // The files and ranks the directions lead to, `from`'s own
        // included; the squares where both meet.
        let (x, y) = (from.x(), from.y());
        let west = if self.contains(Step::W) { 0 } else { x };
        let east = if self.contains(Step::E) { 7 } else { x };
        let south = if self.contains(Step::S) { 0 } else { y };
        let north = if self.contains(Step::N) { 7 } else { y };
        (Bitboard::files_between(west, east) & Bitboard::ranks_between(south, north))
            - Bitboard::from(from)
    }

    /// Whether every direction of this set is in `other`.
    pub fn is_subset_of(self, other: Directions) -> bool {
        self.0 & !other.0 == 0
    }

    /// The steps in the set, clockwise from N.
    pub fn iter(self) -> impl Iterator<Item = Step> {
        Step::KING
            .into_iter()
            .enumerate()
            .filter(move |(i, _)| self.0 & (1 << i) != 0)
            .map(|(_, s)| s)
    }
}

impl fmt::Display for Directions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.iter().map(|s| s.to_string()).collect();
        write!(f, "{{{}}}", names.join(", "))
    }
}

/// An exact sequence of steps (at most [`Route::CAPACITY`]), packed so that
/// routes are `Copy`, hashable and allocation-free.
///
/// ```
/// use burrow::rules::{Route, Step};
/// let route: Route = "NNE".parse().unwrap();
/// assert_eq!(route.steps().collect::<Vec<_>>(), [Step::N, Step::N, Step::E]);
/// assert_eq!(route.to_string(), "NNE");
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Route {
    packed: u128,
    len: u8,
    /// The sum of the steps, kept as they are pushed (a function of the
    /// two fields above, so equality and order are unchanged by it).
    dx: i8,
    dy: i8,
}

impl Route {
    pub const CAPACITY: usize = 16;

    pub const fn empty() -> Route {
        Route {
            packed: 0,
            len: 0,
            dx: 0,
            dy: 0,
        }
    }

    pub const fn len(self) -> usize {
        self.len as usize
    }

    pub const fn is_empty(self) -> bool {
        self.len == 0
    }

    /// The route with one more step, or `None` when full.
    pub const fn push(self, step: Step) -> Option<Route> {
        if self.len as usize >= Route::CAPACITY {
            return None;
        }
        let code = ((step.dx as u8 & 0xf) as u128) | (((step.dy as u8 & 0xf) as u128) << 4);
        Some(Route {
            packed: self.packed | (code << (8 * self.len as u32)),
            len: self.len + 1,
            // Wrapping: a sum past ±127 is off any board either way, and
            // one back within range is exact.
            dx: self.dx.wrapping_add(step.dx),
            dy: self.dy.wrapping_add(step.dy),
        })
    }

    pub const fn step(self, i: usize) -> Step {
        let code = (self.packed >> (8 * i)) as u8;
        // Sign-extend the two 4-bit halves.
        let dx = ((code << 4) as i8) >> 4;
        let dy = (code as i8) >> 4;
        Step { dx, dy }
    }

    pub fn steps(self) -> impl Iterator<Item = Step> {
        (0..self.len()).map(move |i| self.step(i))
    }

    /// The sum of the steps.
    pub const fn offset(self) -> (i8, i8) {
        (self.dx, self.dy)
    }

    /// The route after one of the 8 symmetries (see [`Step::transformed`]).
    pub fn transformed(self, symmetry: u8) -> Route {
        self.steps().fold(Route::empty(), |r, s| {
            r.push(s.transformed(symmetry)).expect("same length")
        })
    }

    /// The set of directions the route uses (king steps only).
    pub fn directions(self) -> Directions {
        self.steps().fold(Directions::empty(), Directions::with)
    }

    /// Whether every step is a king step, so the route has a letter form.
    pub fn is_nameable(self) -> bool {
        self.steps().all(|s| s.king_name().is_some())
    }
}

impl fmt::Debug for Route {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Route({self})")
    }
}

impl fmt::Display for Route {
    /// Orthogonal routes are plain letters (`NNE`); routes with diagonal or
    /// other steps separate their steps with dots (`N.NE.NE`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let orthogonal = self.steps().all(|s| s.dx == 0 || s.dy == 0)
            && self.steps().all(|s| s.dx.abs() + s.dy.abs() == 1);
        for (i, step) in self.steps().enumerate() {
            if i > 0 && !orthogonal {
                f.write_str(".")?;
            }
            write!(f, "{step}")?;
        }
        Ok(())
    }
}

/// Why a route text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRouteError(pub String);

impl fmt::Display for ParseRouteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad route: {}", self.0)
    }
}

impl std::error::Error for ParseRouteError {}

impl std::str::FromStr for Route {
    type Err = ParseRouteError;

    fn from_str(s: &str) -> Result<Route, ParseRouteError> {
        let parse_step = |name: &str| -> Result<Step, ParseRouteError> {
            Step::KING
                .into_iter()
                .find(|st| st.king_name() == Some(name))
                .ok_or_else(|| {
                    ParseRouteError(format!(
                        "`{name}` is not a step (N, NE, E, SE, S, SW, W, NW)"
                    ))
                })
        };
        let names: Vec<String> = if s.contains('.') {
            s.split('.').map(str::to_string).collect()
        } else {
            s.chars().map(String::from).collect()
        };
        if names.is_empty() || s.is_empty() {
            return Err(ParseRouteError("the route is empty".into()));
        }
        let mut route = Route::empty();
        for name in names {
            let step = parse_step(&name)?;
            route = route
                .push(step)
                .ok_or_else(|| ParseRouteError(format!("longer than {} steps", Route::CAPACITY)))?;
        }
        Ok(route)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_symmetries_of_a_step_are_distinct() {
        let knight = Step::new(1, 2);
        let mut images: Vec<Step> = (0..8).map(|s| knight.transformed(s)).collect();
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 8);
        assert_eq!(Step::N.transformed(1), Step::E);
        assert_eq!(Step::E.transformed(4), Step::W);
    }

    #[test]
    fn routes_pack_negative_steps() {
        let r = Route::empty()
            .push(Step::new(-7, 7))
            .unwrap()
            .push(Step::SW)
            .unwrap();
        assert_eq!(r.step(0), Step::new(-7, 7));
        assert_eq!(r.step(1), Step::SW);
        assert_eq!(r.offset(), (-8, 6));
    }

    #[test]
    fn route_text_round_trips() {
        for text in ["NNE", "W", "N.NE.NE", "SSSSWWWW"] {
            let r: Route = text.parse().unwrap();
            assert_eq!(r.to_string(), text);
        }
        assert!("NXE".parse::<Route>().is_err());
        assert!("".parse::<Route>().is_err());
        assert!("NNNNNNNNNNNNNNNNN".parse::<Route>().is_err());
    }
}
