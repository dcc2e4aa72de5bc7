//! Capture generation for a [`Movement`]: bitboard floods for the common
//! questions ("which enemies can this piece reach?"), route enumeration when a
//! template depends on the exact path, and one representative path for the UI.

use super::{Bitboard, Board, Movement, PathShape, Route, Side, Square, Step};

/// A movement rule prepared for fast generation.
#[derive(Clone, Debug)]
pub(crate) struct MoveGen {
    movement: Movement,
    /// Each step as a precomputed shift of a whole bitboard.
    shifts: Vec<Shift>,

    /// Each step reversed.
    backward: Vec<Shift>,
    /// Pairs of step indices a two-step path may combine (`(i, i)` when the
    /// movement has a single step).
    pairs: Vec<(usize, usize)>,
    /// For [`PathShape::TwoSteps`]: for each square and pair, every square
    /// the pair's steps reach from it on an empty grid (`pairs.len()`
    /// entries a square). A pair whose cone holds no enemy still to find
    /// needs no flood.
    cones: Vec<Bitboard>,
    /// For [`PathShape::WithinBox`]: the steps of each quadrant (a bit per
    /// step index), those that never go west (or east) and never south (or
    /// north). A path of one quadrant's steps stays inside the box of its
    /// ends, so an enemy it reaches needs no check of its own.
    quadrants: [u32; 4],
}

/// What one listing of staircase routes knows of the board: the enemies,
/// the squares a route may cross, and, for each pair of directions asked
/// about so far, the squares from which they reach an enemy.
struct Ahead {
    enemy: Bitboard,
    passable: Bitboard,
    steps: usize,
    known: [Option<Bitboard>; Ahead::PAIRS],
}

impl Ahead {
    /// Pairs of directions kept: enough for eight steps.
    const PAIRS: usize = 36;

    fn new(enemy: Bitboard, passable: Bitboard, steps: usize) -> Ahead {
        Ahead {
            enemy,
            passable,
            steps,
            known: [None; Ahead::PAIRS],
        }
    }

    /// Where the pair of steps `a <= b` is kept, if there is room.
    fn slot(&self, a: usize, b: usize) -> Option<usize> {
        // Pairs (a, b) with a <= b, row by row.
        let slot = a * self.steps - a * (a + 1) / 2 + b;
        (self.steps <= 8 && slot < Ahead::PAIRS).then_some(slot)
    }
}

/// A step applied to a whole bitboard: drop the squares whose step would
/// leave the grid, then move the bits. With those gone no bit wraps around,
/// so a rotation does the shift in either direction without a branch.
#[derive(Copy, Clone, Debug)]
struct Shift {
    keep: u64,
    rotation: u32,
}

impl Shift {
    fn new(step: Step) -> Shift {
        let keep = Bitboard::FULL.shifted(-step.dx, -step.dy).0;
        let amount = step.dy as i32 * 8 + step.dx as i32;
        Shift {
            keep,
            rotation: amount.rem_euclid(64) as u32,
        }
    }

    #[inline]
    fn apply(self, bb: Bitboard) -> Bitboard {
        Bitboard((bb.0 & self.keep).rotate_left(self.rotation))
    }
}

impl MoveGen {
    pub(crate) fn new(movement: Movement) -> MoveGen {
        let steps = movement.steps.as_slice();
        let mut pairs = Vec::new();
        if steps.len() == 1 {
            pairs.push((0, 0));
        }
        for i in 0..steps.len() {
            for j in i + 1..steps.len() {
                if !steps[i].is_opposite(steps[j]) {
                    pairs.push((i, j));
                }
            }
        }
        // A step with no partner (only its opposite exists) still moves alone.
        for i in 0..steps.len() {
            if !pairs.iter().any(|&(a, b)| a == i || b == i) {
                pairs.push((i, i));
            }
        }
        let shifts: Vec<Shift> = steps.iter().map(|&s| Shift::new(s)).collect();
        let backward = steps
            .iter()
            .map(|&s| Shift::new(Step::new(-s.dx, -s.dy)))
            .collect();
        let cones = if movement.shape == PathShape::TwoSteps {
            Square::all()
                .flat_map(|from| {
                    let shifts = &shifts;
                    pairs.iter().map(move |&(i, j)| {
                        let (a, b) = (shifts[i], shifts[j]);
                        let mut reached = Bitboard::from(from);
                        loop {
                            let grown = reached | a.apply(reached) | b.apply(reached);
                            if grown == reached {
                                break reached - Bitboard::from(from);
                            }
                            reached = grown;
                        }
                    })
                })
                .collect()
        } else {
            Vec::new()
        };
        let mut quadrants = [0u32; 4];
        if movement.shape == PathShape::WithinBox {
            for (q, (sx, sy)) in [(1, 1), (-1, 1), (1, -1), (-1, -1)].into_iter().enumerate() {
                for (k, step) in steps.iter().enumerate() {
                    if sx * step.dx >= 0 && sy * step.dy >= 0 {
                        quadrants[q] |= 1 << k;
                    }
                }
            }
        }
        MoveGen {
            movement,
            shifts,
            backward,
            pairs,
            cones,
            quadrants,
        }
    }

    fn steps(&self) -> &[Step] {
        self.movement.steps.as_slice()
    }

    /// Squares a path may pass over (never the target).
    fn passable(&self, board: &Board, from: Square) -> Bitboard {
        let area = board.size().squares();
        let open = if self.movement.jumping {
            area
        } else {
            board.empty_squares()
        };
        open | Bitboard::from(from)
    }

    fn shift_all(&self, bb: Bitboard) -> Bitboard {
        self.shifts
            .iter()
            .fold(Bitboard::EMPTY, |acc, s| acc | s.apply(bb))
    }

    /// The enemies of `mover` among `among` that the piece on `from` can capture.
    pub(crate) fn targets(
        &self,
        board: &Board,
        mover: Side,
        from: Square,
        among: Bitboard,
    ) -> Bitboard {
        let enemy = board.pieces(mover.opponent()) & among;
        if enemy.is_empty() {
            return Bitboard::EMPTY;
        }
        let passable = self.passable(board, from);
        let origin = Bitboard::from(from);
        match self.movement.shape {
            PathShape::Single => self.shift_all(origin) & enemy,
            PathShape::Straight => {
                let mut found = Bitboard::EMPTY;
                for &shift in &self.shifts {
                    let mut ray = origin;
                    loop {
                        ray = shift.apply(ray);
                        found |= ray & enemy;
                        ray &= passable;
                        if ray.is_empty() {
                            break;
                        }
                    }
                }
                found
            }
            PathShape::TwoSteps => self.two_step_targets(from, enemy, passable, false),
            PathShape::WithinBox => {
                // Only enemies next to the freely reachable region can be
                // reached inside their box; those that paths of one
                // quadrant's steps reach are (the paths stay in the box),
                // and each of the others is tested exactly.
                let region = self.flood(origin, passable);
                let near = self.shift_all(region) & enemy;
                // A neighbour needs no flood: one step stays in its box.
                let direct = self.shift_all(origin) & enemy;
                let far = near - direct;
                if far.is_empty() {
                    return direct;
                }
                let sure = self.quadrant_targets(origin, far, passable, false);
                direct
                    | sure
                    | (far - sure)
                        .filter(|&t| self.reaches_in_box(from, t, passable))
                        .collect()
            }
        }
    }

    /// [`PathShape::TwoSteps`]' targets among `enemy`: every enemy a path
    /// of at most two kinds of step reaches over `passable` squares; with
    /// `first` only as far as the first one found (enough to know the piece
    /// can capture).
    fn two_step_targets(
        &self,
        from: Square,
        enemy: Bitboard,
        passable: Bitboard,
        first: bool,
    ) -> Bitboard {
        let origin = Bitboard::from(from);
        // Single steps first; then only pairs with an open first step can
        // reach further (crowded boards skip most pairs).
        let mut found = self.shift_all(origin) & enemy;
        if first && found.has_any() {
            return found;
        }
        let mut open_steps = 0u32;
        for (k, shift) in self.shifts.iter().enumerate() {
            if (shift.apply(origin) & passable).has_any() {
                open_steps |= 1 << k;
            }
        }
        // A crowded board's usual answer: no empty square next to the piece.
        if open_steps == 0 {
            return found;
        }
        let pairs = self.pairs.len();
        let cones = &self.cones[from.index() * pairs..(from.index() + 1) * pairs];
        for (&(i, j), &cone) in self.pairs.iter().zip(cones) {
            // Only enemies not found yet, inside this pair's cone, are
            // worth a flood.
            if open_steps & (1 << i | 1 << j) == 0 || ((enemy - found) & cone).is_empty() {
                continue;
            }
            // No two steps of a pair cancel out (opposite steps are never
            // paired), so every step moves the walk further along some
            // direction: it cannot come back to a square, and the flood
            // needs no record of the squares it has reached. The first
            // steps' enemies are found above: the flood starts beyond.
            let (a, b) = (self.shifts[i], self.shifts[j]);
            let mut frontier = (a.apply(origin) | b.apply(origin)) & passable;
            while frontier.has_any() {
                let next = a.apply(frontier) | b.apply(frontier);
                found |= next & enemy;
                if first && found.has_any() {
                    return found;
                }
                frontier = next & passable;
            }
        }
        found
    }

    /// Whether the piece on `from` reaches `target` by a path inside their
    /// bounding box, over `passable` squares.
    fn reaches_in_box(&self, from: Square, target: Square, passable: Bitboard) -> bool {
        let inside = self.flood(
            Bitboard::from(from),
            passable & Bitboard::bounding_box(from, target),
        );
        self.shift_all(inside).contains(target)
    }

    /// Whether the piece on `from` has any capture: [`MoveGen::targets`]
    /// without working out the rest once one is found (the evaluation asks
    /// this of every piece of a searched position).
    fn has_target(&self, board: &Board, mover: Side, from: Square) -> bool {
        match self.movement.shape {
            PathShape::WithinBox => {}
            PathShape::TwoSteps => {
                let enemy = board.pieces(mover.opponent());
                let passable = self.passable(board, from);
                return self.two_step_targets(from, enemy, passable, true).has_any();
            }
            _ => return self.targets(board, mover, from, Bitboard::FULL).has_any(),
        }
        let enemy = board.pieces(mover.opponent());
        let passable = self.passable(board, from);
        let origin = Bitboard::from(from);
        if self
            .quadrant_targets(origin, enemy, passable, true)
            .has_any()
        {
            return true;
        }
        let region = self.flood(origin, passable);
        (self.shift_all(region) & enemy).any(|t| self.reaches_in_box(from, t, passable))
    }

    /// The enemies among `enemy` that a path of one quadrant's steps (see
    /// [`MoveGen::quadrants`]) reaches from `origin` over `passable`
    /// squares: each is reached inside its box. With `first`, only as far
    /// as the first one found.
    fn quadrant_targets(
        &self,
        origin: Bitboard,
        enemy: Bitboard,
        passable: Bitboard,
        first: bool,
    ) -> Bitboard {
        let mut found = Bitboard::EMPTY;
        for &steps in &self.quadrants {
            // Every step of a quadrant moves away from the origin in its
            // sense, so no square comes back and no record of the reached
            // squares is needed.
            let mut frontier = origin;
            while frontier.has_any() {
                let mut next = Bitboard::EMPTY;
                for (k, shift) in self.shifts.iter().enumerate() {
                    if steps & (1 << k) != 0 {
                        next |= shift.apply(frontier);
                    }
                }
                found |= next & enemy;
                if first && found.has_any() {
                    return found;
                }
                frontier = next & passable;
            }
        }
        found
    }

    /// The pieces of `mover` that have at least one capture. Any movement
    /// captures a neighbour one step away, so only pieces without an enemy
    /// next to them need their targets worked out.
    pub(crate) fn capturers(&self, board: &Board, mover: Side) -> Bitboard {
        let ours = board.pieces(mover);
        let enemy = board.pieces(mover.opponent());
        // Shifting the enemies one step back finds who stands next to them.
        let mut found = self
            .backward
            .iter()
            .fold(Bitboard::EMPTY, |acc, s| acc | s.apply(enemy))
            & ours;
        for from in ours - found {
            if self.has_target(board, mover, from) {
                found.insert(from);
            }
        }
        found
    }

    /// Every square connected to `start` through `open` squares by the steps.
    fn flood(&self, start: Bitboard, open: Bitboard) -> Bitboard {
        let mut region = start;
        loop {
            let grown = region | (self.shift_all(region) & open);
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// Whether routes can be listed (every shape but [`PathShape::WithinBox`],
    /// whose paths are too many to list).
    pub(crate) fn has_routes(&self) -> bool {
        self.movement.shape != PathShape::WithinBox
    }

    /// Calls `visit(target, route)` for every distinct route from `from` that
    /// ends on an enemy. Needs [`MoveGen::has_routes`].
    pub(crate) fn for_each_route(
        &self,
        board: &Board,
        mover: Side,
        from: Square,
        visit: &mut dyn FnMut(Square, Route),
    ) {
        let enemy = board.pieces(mover.opponent());
        let passable = self.passable(board, from);
        let area = board.size().squares();
        match self.movement.shape {
            PathShape::Single | PathShape::Straight => {
                let max_len = if self.movement.shape == PathShape::Single {
                    1
                } else {
                    7
                };
                for &s in self.steps() {
                    let mut sq = from;
                    let mut route = Route::empty();
                    for _ in 0..max_len {
                        let Some(next) = sq.offset(s.dx, s.dy).filter(|&n| area.contains(n)) else {
                            break;
                        };
                        let Some(longer) = route.push(s) else { break };
                        route = longer;
                        if enemy.contains(next) {
                            visit(next, route);
                        }
                        if !passable.contains(next) {
                            break;
                        }
                        sq = next;
                    }
                }
            }
            PathShape::TwoSteps => {
                let mut ahead = Ahead::new(enemy, passable, self.steps().len());
                self.staircase_routes(from, Route::empty(), [None, None], &mut ahead, visit)
            }
            PathShape::WithinBox => {}
        }
    }

    /// Calls `visit` for every staircase route from `at` that goes on from
    /// `route` (its directions so far `used`) and ends on an enemy. A route
    /// goes on over a passable square only if an enemy can still be reached
    /// from there with the directions left to it. (Enemies and passable
    /// squares are all on the board, so a step off it goes nowhere.)
    fn staircase_routes(
        &self,
        at: Square,
        route: Route,
        used: [Option<usize>; 2],
        ahead: &mut Ahead,
        visit: &mut dyn FnMut(Square, Route),
    ) {
        let steps = self.steps();
        for (k, &s) in steps.iter().enumerate() {
            let now_used = match used {
                [None, _] => [Some(k), None],
                [Some(a), None] if a == k => used,
                [Some(a), None] if !steps[a].is_opposite(s) => [Some(a), Some(k)],
                [Some(a), Some(b)] if a == k || b == k => used,
                _ => continue,
            };
            let Some(next) = at.offset(s.dx, s.dy) else {
                continue;
            };
            let Some(longer) = route.push(s) else {
                continue;
            };
            if ahead.enemy.contains(next) {
                visit(next, longer);
            }
            if ahead.passable.contains(next) && self.leads_on(ahead, now_used, next) {
                self.staircase_routes(next, longer, now_used, ahead, visit);
            }
        }
    }

    /// Whether a staircase route standing on `at`, its directions so far
    /// `used` (at least one), can still end on an enemy.
    fn leads_on(&self, ahead: &mut Ahead, used: [Option<usize>; 2], at: Square) -> bool {
        let steps = self.steps();
        match used {
            [Some(a), Some(b)] => self.reaching(ahead, a, b).contains(at),
            [Some(a), None] => (0..steps.len())
                .filter(|&b| b == a || !steps[a].is_opposite(steps[b]))
                .any(|b| self.reaching(ahead, a, b).contains(at)),
            _ => true,
        }
    }

    /// The squares from which steps `a` and `b` alone (in any order, over
    /// passable squares) reach an enemy: worked out the first time a route
    /// asks.
    fn reaching(&self, ahead: &mut Ahead, a: usize, b: usize) -> Bitboard {
        let (a, b) = (a.min(b), a.max(b));
        let Some(slot) = ahead.slot(a, b) else {
            return Bitboard::FULL;
        };
        if let Some(known) = ahead.known[slot] {
            return known;
        }
        let (back_a, back_b) = (self.backward[a], self.backward[b]);
        let mut reach = back_a.apply(ahead.enemy) | back_b.apply(ahead.enemy);
        loop {
            let on = reach & ahead.passable;
            let grown = reach | back_a.apply(on) | back_b.apply(on);
            if grown == reach {
                break;
            }
            reach = grown;
        }
        ahead.known[slot] = Some(reach);
        reach
    }

    /// Whether `route` is one this movement rule allows (right steps, right
    /// shape), ignoring the pieces on the board.
    pub(crate) fn allows_route(&self, route: Route) -> bool {
        let steps = self.steps();
        if route.is_empty() || !route.steps().all(|s| steps.contains(&s)) {
            return false;
        }
        // The route's first direction, its second, and whether a third appears.
        let mut first = None;
        let mut second = None;
        let mut third = false;
        for step in route.steps() {
            if first.is_none() {
                first = Some(step);
            } else if first != Some(step) && second.is_none() {
                second = Some(step);
            } else if first != Some(step) && second != Some(step) {
                third = true;
            }
        }
        match self.movement.shape {
            PathShape::Single => route.len() == 1,
            PathShape::Straight => second.is_none(),
            PathShape::TwoSteps => match (first, second) {
                (Some(a), Some(b)) => !third && !a.is_opposite(b),
                _ => true,
            },
            PathShape::WithinBox => true,
        }
    }

    /// Follows `route` from `from` and returns the captured square if the
    /// route is a capture on this board: it stays on the board, crosses only
    /// passable squares (and, for box paths, stays in its box) and ends on
    /// an enemy.
    pub(crate) fn walk(
        &self,
        board: &Board,
        mover: Side,
        from: Square,
        route: Route,
    ) -> Option<Square> {
        // Most candidate routes do not end on an enemy: say so before walking.
        let (dx, dy) = route.offset();
        let enemy = board.pieces(mover.opponent());
        let end = from.offset(dx, dy).filter(|&end| enemy.contains(end))?;
        // The squares crossed on the way, each passable (so on the board).
        let mut sq = from;
        let mut crossed = Bitboard::EMPTY;
        for s in route.steps().take(route.len().saturating_sub(1)) {
            sq = sq.offset(s.dx, s.dy)?;
            crossed.insert(sq);
        }
        if (crossed - self.passable(board, from)).has_any() {
            return None;
        }
        if self.movement.shape == PathShape::WithinBox
            && ((crossed | Bitboard::from(end)) - Bitboard::bounding_box(from, end)).has_any()
        {
            return None;
        }
        Some(end)
    }

    /// One path (every square from `from` to `to`, both included) a capture
    /// can take, shortest first; `None` when `to` cannot be captured.
    pub(crate) fn path(
        &self,
        board: &Board,
        mover: Side,
        from: Square,
        to: Square,
    ) -> Option<Vec<Square>> {
        if !self
            .targets(board, mover, from, Bitboard::from(to))
            .contains(to)
        {
            return None;
        }
        let open = self.passable(board, from)
            & if self.movement.shape == PathShape::WithinBox {
                Bitboard::bounding_box(from, to)
            } else {
                Bitboard::FULL
            };
        if self.has_routes() {
            let mut best: Option<Route> = None;
            self.for_each_route(board, mover, from, &mut |t, r| {
                if t == to && best.is_none_or(|b| r.len() < b.len()) {
                    best = Some(r);
                }
            });
            return best.map(|r| route_squares(from, r));
        }
        // Breadth-first search inside the box.
        let mut parent: [Option<Square>; 64] = [None; 64];
        let mut queue = vec![from];
        let mut seen = Bitboard::from(from);
        let mut i = 0;
        while i < queue.len() {
            let at = queue[i];
            i += 1;
            for s in self.steps() {
                let Some(next) = at.offset(s.dx, s.dy) else {
                    continue;
                };
                if seen.contains(next) {
                    continue;
                }
                if next == to {
                    let mut path = vec![to, at];
                    let mut back = at;
                    while let Some(p) = parent[back.index()] {
                        path.push(p);
                        back = p;
                    }
                    path.reverse();
                    return Some(path);
                }
                if open.contains(next) {
                    seen.insert(next);
                    parent[next.index()] = Some(at);
                    queue.push(next);
                }
            }
        }
        None
    }
}

/// The squares a route visits, its start included.
pub fn route_squares(from: Square, route: Route) -> Vec<Square> {
    let mut squares = vec![from];
    let mut at = from;
    for s in route.steps() {
        match at.offset(s.dx, s.dy) {
            Some(next) => {
                squares.push(next);
                at = next;
            }
            None => break,
        }
    }
    squares
}
