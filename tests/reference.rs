//! A plain, obviously-correct reference implementation of the four games:
//! arrays of cells, explicit path walks, no bitboards, nothing shared with
//! the engine but the position parser. The differential tests compare it
//! with the engine.

use std::collections::{BTreeSet, HashSet};

use burrow::rules::{Position, Side, Square};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Game {
    Box,
    Path,
    Sweep,
    Tumburrow,
}

impl Game {
    pub const ALL: [Game; 4] = [Game::Box, Game::Path, Game::Sweep, Game::Tumburrow];

    pub fn id(self) -> &'static str {
        match self {
            Game::Box => "box",
            Game::Path => "path",
            Game::Sweep => "sweep",
            Game::Tumburrow => "tumburrow",
        }
    }
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Template {
    Box(i32, i32),
    Path(Vec<(i32, i32)>),
    Sweep(Vec<(i32, i32)>),
    Count(usize),
}

type Cell = (i32, i32);
/// A capture found by walking: its target and its steps.
type Walked = (Cell, Vec<Cell>);

#[derive(Clone, PartialEq, Eq, Hash)]
struct Grid {
    w: i32,
    h: i32,
    cells: Vec<Option<Side>>,
}

const ORTHO: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const KING: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

impl Grid {
    fn from_position(pos: &Position) -> Grid {
        let (w, h) = (pos.size().files() as i32, pos.size().ranks() as i32);
        let mut cells = vec![None; (w * h) as usize];
        for y in 0..h {
            for x in 0..w {
                cells[(y * w + x) as usize] =
                    pos.board.side_at(Square::new(x as u8, y as u8).unwrap());
            }
        }
        Grid { w, h, cells }
    }

    fn on(&self, (x, y): (i32, i32)) -> bool {
        x >= 0 && y >= 0 && x < self.w && y < self.h
    }

    fn at(&self, (x, y): (i32, i32)) -> Option<Side> {
        self.cells[(y * self.w + x) as usize]
    }

    fn set(&mut self, (x, y): (i32, i32), c: Option<Side>) {
        self.cells[(y * self.w + x) as usize] = c;
    }

    fn is_enemy(&self, sq: (i32, i32), mover: Side) -> bool {
        self.on(sq) && self.at(sq) == Some(mover.opponent())
    }

    fn is_empty(&self, sq: (i32, i32)) -> bool {
        self.on(sq) && self.at(sq).is_none()
    }
}

/// Is `to` reachable from `from` by orthogonal steps through empty squares,
/// staying inside their bounding box? (Breadth-first search.)
fn box_path_exists(g: &Grid, from: (i32, i32), to: (i32, i32)) -> bool {
    let (x0, x1) = (from.0.min(to.0), from.0.max(to.0));
    let (y0, y1) = (from.1.min(to.1), from.1.max(to.1));
    let inside = |(x, y): (i32, i32)| x >= x0 && x <= x1 && y >= y0 && y <= y1;
    let mut seen = vec![from];
    let mut queue = vec![from];
    while let Some(sq) = queue.pop() {
        for (dx, dy) in ORTHO {
            let n = (sq.0 + dx, sq.1 + dy);
            if n == to {
                return true;
            }
            if inside(n) && g.is_empty(n) && !seen.contains(&n) {
                seen.push(n);
                queue.push(n);
            }
        }
    }
    false
}

/// Every path from `from` made of `steps`, with at most two distinct
/// directions that are not opposite, through empty squares, ending on an
/// enemy: (target, the path's steps).
fn two_direction_paths(
    g: &Grid,
    mover: Side,
    from: (i32, i32),
    steps: &[(i32, i32)],
) -> Vec<Walked> {
    fn walk(
        g: &Grid,
        mover: Side,
        at: (i32, i32),
        steps: &[(i32, i32)],
        path: &mut Vec<(i32, i32)>,
        out: &mut Vec<Walked>,
    ) {
        for &s in steps {
            let mut dirs: Vec<(i32, i32)> = path.clone();
            dirs.push(s);
            dirs.sort();
            dirs.dedup();
            if dirs.len() > 2
                || (dirs.len() == 2 && dirs[0].0 == -dirs[1].0 && dirs[0].1 == -dirs[1].1)
            {
                continue;
            }
            let n = (at.0 + s.0, at.1 + s.1);
            if g.is_enemy(n, mover) {
                let mut p = path.clone();
                p.push(s);
                out.push((n, p));
            } else if g.is_empty(n) {
                path.push(s);
                walk(g, mover, n, steps, path, out);
                path.pop();
            }
        }
    }
    let mut out = Vec::new();
    walk(g, mover, from, steps, &mut Vec::new(), &mut out);
    out
}

/// Every enemy reachable from `from` by a path of `steps` using at most two
/// directions that are not opposite, through empty squares: one search per
/// allowed pair of directions.
fn two_direction_targets(
    g: &Grid,
    mover: Side,
    from: (i32, i32),
    steps: &[(i32, i32)],
) -> BTreeSet<(i32, i32)> {
    let mut targets = BTreeSet::new();
    for &a in steps {
        for &b in steps {
            if a.0 == -b.0 && a.1 == -b.1 {
                continue;
            }
            let mut seen = vec![false; (g.w * g.h) as usize];
            let mut queue = vec![from];
            while let Some(sq) = queue.pop() {
                for s in [a, b] {
                    let n = (sq.0 + s.0, sq.1 + s.1);
                    if g.is_enemy(n, mover) {
                        targets.insert(n);
                    } else if g.is_empty(n) && !seen[(n.1 * g.w + n.0) as usize] {
                        seen[(n.1 * g.w + n.0) as usize] = true;
                        queue.push(n);
                    }
                }
            }
        }
    }
    targets
}

/// Friendly pieces seen from `sq` along the 8 queen lines (first piece per line).
fn friends_seen(g: &Grid, sq: (i32, i32), mover: Side) -> usize {
    let mut count = 0;
    for (dx, dy) in KING {
        let mut p = (sq.0 + dx, sq.1 + dy);
        while g.on(p) {
            if let Some(c) = g.at(p) {
                if c == mover {
                    count += 1;
                }
                break;
            }
            p = (p.0 + dx, p.1 + dy);
        }
    }
    count
}

fn after(g: &Grid, mover: Side, from: (i32, i32), to: (i32, i32)) -> Grid {
    let mut next = g.clone();
    next.set(from, None);
    next.set(to, Some(mover));
    next
}

/// The 8 symmetries of the square as maps of a step.
fn symmetries() -> Vec<fn(Cell) -> Cell> {
    vec![
        |(x, y)| (x, y),
        |(x, y)| (-x, y),
        |(x, y)| (x, -y),
        |(x, y)| (-x, -y),
        |(x, y)| (y, x),
        |(x, y)| (-y, x),
        |(x, y)| (y, -x),
        |(x, y)| (-y, -x),
    ]
}

/// Initial captures from `from`: (target, template).
fn initial(game: Game, g: &Grid, mover: Side, from: (i32, i32)) -> Vec<((i32, i32), Template)> {
    match game {
        Game::Box => {
            let mut out = Vec::new();
            for y in 0..g.h {
                for x in 0..g.w {
                    if g.is_enemy((x, y), mover) && box_path_exists(g, from, (x, y)) {
                        out.push((
                            (x, y),
                            Template::Box((x - from.0).abs(), (y - from.1).abs()),
                        ));
                    }
                }
            }
            out
        }
        Game::Path => two_direction_paths(g, mover, from, &ORTHO)
            .into_iter()
            .map(|(t, p)| (t, Template::Path(p)))
            .collect(),
        Game::Sweep => two_direction_targets(g, mover, from, &ORTHO)
            .into_iter()
            .map(|t| {
                // A staircase to t uses exactly the directions of its offset.
                let mut dirs = Vec::new();
                if t.0 != from.0 {
                    dirs.push(((t.0 - from.0).signum(), 0));
                }
                if t.1 != from.1 {
                    dirs.push((0, (t.1 - from.1).signum()));
                }
                dirs.sort();
                (t, Template::Sweep(dirs))
            })
            .collect(),
        Game::Tumburrow => two_direction_targets(g, mover, from, &KING)
            .into_iter()
            .map(|t| {
                (
                    t,
                    Template::Count(friends_seen(&after(g, mover, from, t), t, mover)),
                )
            })
            .collect(),
    }
}

/// Targets of later captures from `at` that fit `template`.
fn fitting(g: &Grid, mover: Side, at: (i32, i32), template: &Template) -> BTreeSet<(i32, i32)> {
    let mut out = BTreeSet::new();
    match template {
        Template::Box(w, h) => {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let t = (at.0 + sx * w, at.1 + sy * h);
                if g.is_enemy(t, mover) && box_path_exists(g, at, t) {
                    out.insert(t);
                }
            }
        }
        Template::Path(path) => {
            for f in symmetries() {
                let mut p = at;
                let mut ok = true;
                for (i, &s) in path.iter().enumerate() {
                    let s = f(s);
                    p = (p.0 + s.0, p.1 + s.1);
                    let last = i + 1 == path.len();
                    if (last && !g.is_enemy(p, mover)) || (!last && !g.is_empty(p)) {
                        ok = false;
                        break;
                    }
                }
                if ok {
                    out.insert(p);
                }
            }
        }
        Template::Sweep(dirs) => {
            out.extend(two_direction_targets(g, mover, at, dirs));
        }
        Template::Count(n) => {
            for t in two_direction_targets(g, mover, at, &KING) {
                if friends_seen(&after(g, mover, at, t), t, mover) == *n {
                    out.insert(t);
                }
            }
        }
    }
    out
}

fn name((x, y): (i32, i32)) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

/// The canonical texts of every distinct turn, by brute force over capture
/// orders (with a plain memo of whole states so long chains stay finite in time).
pub fn turns(game: Game, pos: &Position) -> BTreeSet<String> {
    let g = Grid::from_position(pos);
    let mover = pos.turn;
    let mut result = BTreeSet::new();
    for y in 0..g.h {
        for x in 0..g.w {
            if g.at((x, y)) != Some(mover) {
                continue;
            }
            let origin = (x, y);
            let mut seen: HashSet<(Template, u64, (i32, i32))> = HashSet::new();
            for (t, template) in initial(game, &g, mover, origin) {
                let next = after(&g, mover, origin, t);
                extend(
                    &next,
                    mover,
                    origin,
                    t,
                    vec![t],
                    &template,
                    &mut seen,
                    &mut result,
                );
            }
        }
    }
    result
}

#[allow(clippy::too_many_arguments)]
fn extend(
    g: &Grid,
    mover: Side,
    origin: (i32, i32),
    at: (i32, i32),
    captured: Vec<(i32, i32)>,
    template: &Template,
    seen: &mut HashSet<(Template, u64, (i32, i32))>,
    result: &mut BTreeSet<String>,
) {
    // The board is fixed by the origin (one search each) and the captured set.
    let set = captured
        .iter()
        .fold(0u64, |bits, &(x, y)| bits | 1 << (y * 8 + x));
    if !seen.insert((template.clone(), set, at)) {
        return;
    }
    let next = fitting(g, mover, at, template);
    if next.is_empty() {
        let mut others: Vec<(i32, i32)> = captured.iter().copied().filter(|&c| c != at).collect();
        others.sort_by_key(|&(x, y)| (y, x));
        let mut text = format!("{}x{}", name(origin), name(at));
        if !others.is_empty() {
            let list: Vec<String> = others.into_iter().map(name).collect();
            text.push_str(&format!("({})", list.join(",")));
        }
        result.insert(text);
        return;
    }
    for t in next {
        let mut c = captured.clone();
        c.push(t);
        extend(
            &after(g, mover, at, t),
            mover,
            origin,
            t,
            c,
            template,
            seen,
            result,
        );
    }
}

/// Reference perft, for small boards.
pub fn perft(game: Game, pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let texts = turns(game, pos);
    if depth == 1 {
        return texts.len() as u64;
    }
    // The positions left by each turn, built from the reference's own texts.
    let mut total = 0;
    for text in texts {
        let key: burrow::rules::TurnKey = text.parse().unwrap();
        let mut board = pos.board;
        board.set(key.origin, None);
        for sq in key.captured {
            board.set(sq, None);
        }
        board.set(key.destination, Some(pos.turn));
        let child = Position {
            board,
            turn: pos.turn.opponent(),
        };
        total += perft(game, &child, depth - 1);
    }
    total
}
