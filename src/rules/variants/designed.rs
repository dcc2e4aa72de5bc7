//! A game read from a file ([`Design`]) as the engine plays it: the
//! measures its template rule names are taken from the initial capture,
//! compared with each later one, and explained when one does not fit. It
//! is a [`Variant`] like the hand-written games beside it.

use crate::rules::design::{
    Compare, Count, Counted, Design, Distance, Lines, Measures, Symmetry, TemplateRule,
};
use crate::rules::sight::{first_piece_seen, friends_in_sight};
use crate::rules::{
    Bitboard, CaptureView, Directions, EndRule, Movement, Route, RouteCandidates, SizeRange,
    Square, Start, Step, Template, Variant,
};

impl Design {
    /// Whether the movement's steps look the same under every symmetry of
    /// the square (then, every measure commuting with the symmetries, so do
    /// the rules).
    fn steps_symmetric(&self) -> bool {
        let steps = self.movement.steps.as_slice();
        (0..8).all(|s| {
            steps
                .iter()
                .all(|step| steps.contains(&step.transformed(s)))
        })
    }

    /// The images of `route` the template allows.
    fn route_images(&self, route: Route) -> Option<RouteCandidates> {
        let group = self.template.route?;
        let mut candidates = RouteCandidates::default();
        for &s in group.members() {
            candidates.add(route.transformed(s));
        }
        Some(candidates)
    }
}

impl Variant for Design {
    fn id(&self) -> &str {
        &self.id
    }

    fn design(&self) -> Option<&Design> {
        Some(self)
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn movement(&self) -> Movement {
        self.movement
    }

    fn template(&self, capture: &CaptureView) -> Template {
        take(&self.template, capture)
    }

    fn fits(&self, template: &Template, capture: &CaptureView) -> bool {
        fits_rule(&self.template, template, capture)
    }

    fn misfit(&self, template: &Template, capture: &CaptureView) -> String {
        misfit_sentence(&self.template, template, capture)
    }

    fn template_uses_route(&self) -> bool {
        self.template.route.is_some()
    }

    fn fit_reads_only_the_landing(&self) -> bool {
        // A count looks from where the piece lands on the board after the
        // capture; every other measure reads the capture's offset or path.
        // Every field named, so a new measure must be placed here.
        let TemplateRule {
            bounding_box,
            route,
            directions,
            count: _,
            offset,
            distance,
            line,
        } = self.template;
        bounding_box.is_none()
            && route.is_none()
            && directions.is_none()
            && offset.is_none()
            && distance.is_none()
            && !line
    }

    fn start(&self) -> Start {
        self.start
    }

    fn sizes(&self) -> SizeRange {
        self.sizes
    }

    fn end(&self) -> EndRule {
        self.end
    }

    fn symmetric(&self) -> bool {
        self.steps_symmetric()
    }

    fn candidate_targets(&self, template: &Template, from: Square) -> Bitboard {
        candidate_targets_of(&self.template, template, from)
    }

    fn candidate_routes(&self, template: &Template) -> Option<RouteCandidates> {
        let Template::Design { route, .. } = *template else {
            return None;
        };
        self.route_images(route)
    }
}

fn gcd(a: i8, b: i8) -> i8 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a as i8
}

/// The direction of the line through the origin and `(dx, dy)`.
fn line_of(dx: i8, dy: i8) -> (i8, i8) {
    let g = gcd(dx, dy).max(1);
    let (ux, uy) = (dx / g, dy / g);
    if ux < 0 || (ux == 0 && uy < 0) {
        (-ux, -uy)
    } else {
        (ux, uy)
    }
}

fn directions_of(dx: i8, dy: i8) -> Directions {
    Directions::of_offset(dx, dy)
}

fn transformed_directions(dirs: Directions, s: u8) -> Directions {
    dirs.iter()
        .fold(Directions::empty(), |d, step| d.with(step.transformed(s)))
}

fn distance_of(distance: Distance, dx: i8, dy: i8) -> u8 {
    let (x, y) = (dx.unsigned_abs(), dy.unsigned_abs());
    match distance {
        Distance::King => x.max(y),
        Distance::Steps => x + y,
    }
}

/// How many pieces the count sees from where the piece lands.
fn count_after(count: &Count, capture: &CaptureView) -> u8 {
    let board = capture.board_after();
    if count.of == Counted::Friends && count.lines == Lines::Queen {
        // Tumburrow's count, on its fast path.
        return friends_in_sight(&board, capture.to, capture.mover);
    }
    let wanted = |sq: Square| match count.of {
        Counted::Friends => board.side_at(sq) == Some(capture.mover),
        Counted::Enemies => board.side_at(sq) == Some(capture.mover.opponent()),
        Counted::Pieces => true,
    };
    count
        .lines
        .directions()
        .iter()
        .filter(|&&d| first_piece_seen(&board, capture.to, d).is_some_and(wanted))
        .count() as u8
}

/// The template the initial `capture` fixes under `rule`.
fn take(rule: &TemplateRule, capture: &CaptureView) -> Template {
    let (dx, dy) = capture.offset();
    let mut m = Measures::default();
    if rule.bounding_box.is_some() {
        (m.width, m.height) = (dx.unsigned_abs(), dy.unsigned_abs());
        m.named |= Measures::BOX;
    }
    if rule.directions.is_some() {
        m.directions = directions_of(dx, dy);
        m.named |= Measures::DIRECTIONS;
    }
    if let Some(count) = &rule.count {
        m.count = count_after(count, capture);
        m.named |= Measures::COUNT;
    }
    if rule.offset.is_some() {
        (m.dx, m.dy) = (dx, dy);
        m.named |= Measures::OFFSET;
    }
    if let Some(distance) = rule.distance {
        m.distance = distance_of(distance, dx, dy);
        m.named |= Measures::DISTANCE;
    }
    if rule.line {
        m.line = line_of(dx, dy);
        m.named |= Measures::LINE;
    }
    let route = match rule.route {
        Some(_) => capture.route.unwrap_or_default(),
        None => Route::empty(),
    };
    Template::Design { route, measures: m }
}

/// The first measure `capture` misses, with what the template holds and
/// what the capture would make of it; `None` when it fits.
fn first_miss(
    rule: &TemplateRule,
    template: &Template,
    capture: &CaptureView,
    explain: bool,
) -> Option<String> {
    let Template::Design { route, measures } = *template else {
        return words(explain, || {
            format!("the template {template} is not this game's")
        });
    };
    let check = Check {
        capture,
        route,
        m: measures,
        offset: capture.offset(),
        explain,
    };
    rule.bounding_box
        .and_then(|group| check.bounding_box(group))
        .or_else(|| rule.route.and_then(|group| check.route(group)))
        .or_else(|| rule.directions.and_then(|group| check.directions(group)))
        .or_else(|| rule.count.as_ref().and_then(|count| check.count(count)))
        .or_else(|| rule.offset.and_then(|group| check.offset(group)))
        .or_else(|| rule.distance.and_then(|distance| check.distance(distance)))
        .or_else(|| rule.line.then(|| check.line()).flatten())
}

/// A miss, in words when they are asked for: a turn search asks whether
/// captures fit millions of times, and most do not.
fn words(explain: bool, say: impl FnOnce() -> String) -> Option<String> {
    Some(if explain { say() } else { String::new() })
}

/// One capture checked against the template's measures, a measure at a
/// time; each check is `None` when the capture fits it.
struct Check<'a, 'b> {
    capture: &'a CaptureView<'b>,
    route: Route,
    m: Measures,
    /// The capture's offset, across and up.
    offset: (i8, i8),
    explain: bool,
}

impl Check<'_, '_> {
    fn miss(&self, say: impl FnOnce() -> String) -> Option<String> {
        words(self.explain, say)
    }

    fn bounding_box(&self, group: Symmetry) -> Option<String> {
        let (dx, dy) = self.offset;
        let m = &self.m;
        let (w, h) = (dx.unsigned_abs(), dy.unsigned_abs());
        let turned = matches!(group, Symmetry::Turned | Symmetry::All);
        let fits = (w, h) == (m.width, m.height) || (turned && (h, w) == (m.width, m.height));
        if fits {
            return None;
        }
        let way = if turned { " (either way round)" } else { "" };
        self.miss(|| {
            format!(
                "the box is {} wide and {} high{way}, this capture spans {w} by {h}",
                m.width, m.height
            )
        })
    }

    fn route(&self, group: Symmetry) -> Option<String> {
        let route = self.route;
        let fits = self
            .capture
            .route
            .is_some_and(|r| group.members().iter().any(|&s| route.transformed(s) == r));
        if fits {
            return None;
        }
        let images = match group {
            Symmetry::Exact => "",
            Symmetry::Turned => "turn of the ",
            Symmetry::Mirrored => "mirror image of the ",
            Symmetry::All => "turn or mirror image of the ",
        };
        let (from, to) = (self.capture.from, self.capture.to);
        self.miss(|| format!("no {images}path {route} leads from {from} to {to}"))
    }

    fn directions(&self, group: Symmetry) -> Option<String> {
        let (dx, dy) = self.offset;
        let allowed = self.m.directions;
        let used = directions_of(dx, dy);
        let fits = match group {
            Symmetry::Exact => used.is_subset_of(allowed),
            _ => group
                .members()
                .iter()
                .any(|&s| transformed_directions(used, s).is_subset_of(allowed)),
        };
        if fits {
            return None;
        }
        self.miss(|| {
            let allowed: Vec<&str> = allowed.iter().map(Step::compass).collect();
            let mut needed: Vec<Step> = used.iter().collect();
            needed.sort_by_key(|s| s.dx != 0);
            let needed: Vec<&str> = needed.into_iter().map(Step::compass).collect();
            let images = if group == Symmetry::Exact {
                ""
            } else {
                " (or a turn or mirror of that)"
            };
            let (from, to) = (self.capture.from, self.capture.to);
            format!(
                "this turn goes only {}{images}, and {to} lies {} of {from}",
                allowed.join(" and "),
                needed.join("-"),
            )
        })
    }

    fn count(&self, count: &Count) -> Option<String> {
        let seen = count_after(count, self.capture);
        let wanted = self.m.count;
        let fits = match count.compare {
            Compare::Equal => seen == wanted,
            Compare::AtLeast => seen >= wanted,
            Compare::AtMost => seen <= wanted,
        };
        if fits {
            return None;
        }
        let what = count.of.word();
        let compare = match count.compare {
            Compare::Equal => "",
            Compare::AtLeast => "at least ",
            Compare::AtMost => "at most ",
        };
        let to = self.capture.to;
        self.miss(|| {
            format!(
                "the count is {compare}{wanted} {what} in sight, and on {to} the piece would see {seen}"
            )
        })
    }

    fn offset(&self, group: Symmetry) -> Option<String> {
        let (dx, dy) = self.offset;
        let m = &self.m;
        let fits = group
            .members()
            .iter()
            .any(|&s| Step::new(dx, dy).transformed(s) == Step::new(m.dx, m.dy));
        if fits {
            return None;
        }
        let images = if group == Symmetry::Exact {
            ""
        } else {
            " (or a turn or mirror of it)"
        };
        self.miss(|| {
            format!(
                "the jump is {:+} across and {:+} up{images}, this capture is {dx:+} and {dy:+}",
                m.dx, m.dy
            )
        })
    }

    fn distance(&self, distance: Distance) -> Option<String> {
        let (dx, dy) = self.offset;
        let went = distance_of(distance, dx, dy);
        let wanted = self.m.distance;
        (went != wanted)
            .then(|| self.miss(|| format!("the distance is {wanted}, this capture goes {went}")))
            .flatten()
    }

    fn line(&self) -> Option<String> {
        let (dx, dy) = self.offset;
        if line_of(dx, dy) == self.m.line {
            return None;
        }
        let (across, up) = self.m.line;
        let (from, to) = (self.capture.from, self.capture.to);
        self.miss(|| {
            format!("the line runs {across:+} across for {up:+} up, and {from} to {to} does not")
        })
    }
}

/// Whether `capture` fits every measure `rule` names.
fn fits_rule(rule: &TemplateRule, template: &Template, capture: &CaptureView) -> bool {
    first_miss(rule, template, capture, false).is_none()
}

/// Why `capture` does not fit, for [`Variant::misfit`].
fn misfit_sentence(rule: &TemplateRule, template: &Template, capture: &CaptureView) -> String {
    match first_miss(rule, template, capture, true) {
        Some(why) => format!("does not fit: {why}"),
        None => crate::rules::default_misfit(template, capture),
    }
}

/// The squares one of whose offsets from `from` is among `offsets`.
fn squares_at(from: Square, offsets: impl Iterator<Item = (i8, i8)>) -> Bitboard {
    offsets.filter_map(|(dx, dy)| from.offset(dx, dy)).collect()
}

/// The only squares a later capture from `from` could reach and fit: what
/// the box, the offset, or the distance along the line leave open.
fn candidate_targets_of(rule: &TemplateRule, template: &Template, from: Square) -> Bitboard {
    let Template::Design { measures: m, .. } = *template else {
        return Bitboard::EMPTY;
    };
    let mut open = Bitboard::FULL;
    if let Some(group) = rule.bounding_box {
        let (w, h) = (m.width as i8, m.height as i8);
        let corners = |w: i8, h: i8| [(w, h), (-w, h), (w, -h), (-w, -h)];
        let mut sides = squares_at(from, corners(w, h).into_iter());
        if matches!(group, Symmetry::Turned | Symmetry::All) {
            sides |= squares_at(from, corners(h, w).into_iter());
        }
        open &= sides;
    }
    if let Some(group) = rule.offset {
        let jump = Step::new(m.dx, m.dy);
        open &= squares_at(
            from,
            group.members().iter().map(|&s| {
                let image = jump.transformed(s);
                (image.dx, image.dy)
            }),
        );
    }
    if rule.directions == Some(Symmetry::Exact) {
        open &= m.directions.squares_from(from);
    }
    if let (Some(distance), true) = (rule.distance, rule.line) {
        let (ux, uy) = m.line;
        let unit = distance_of(distance, ux, uy).max(1);
        if m.distance % unit == 0 {
            let k = (m.distance / unit) as i8;
            open &= squares_at(from, [(ux * k, uy * k), (-ux * k, -uy * k)].into_iter());
        } else {
            open = Bitboard::EMPTY;
        }
    }
    open
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_directions_are_read_from_the_offset() {
        assert_eq!(line_of(-2, -4), (1, 2));
        assert_eq!(line_of(0, -3), (0, 1));
        assert_eq!(line_of(3, -3), (1, -1));
        assert_eq!(gcd(0, 0), 0);
        let dirs = directions_of(-1, 2);
        assert!(dirs.contains(Step::W) && dirs.contains(Step::N) && dirs.len() == 2);
        assert_eq!(distance_of(Distance::Steps, -2, 3), 5);
        assert_eq!(distance_of(Distance::King, -2, 3), 3);
    }

    #[test]
    fn a_count_looks_along_its_lines_only() {
        use crate::rules::{Board, Position, Side};
        let pos: Position = "3B/W3/4/BW2 W".parse().unwrap();
        let board: Board = pos.board;
        let a1: Square = "a1".parse().unwrap();
        let b1: Square = "b1".parse().unwrap();
        // White b1 takes Black a1 and lands there: a3 (friend) north, b1 is
        // now empty so the rank is open, d4 (enemy) on the diagonal.
        let capture = CaptureView::new(&board, Side::White, b1, a1, None);
        let count = |of, lines| {
            count_after(
                &Count {
                    of,
                    lines,
                    compare: Compare::Equal,
                },
                &capture,
            )
        };
        assert_eq!(count(Counted::Friends, Lines::Queen), 1);
        assert_eq!(count(Counted::Friends, Lines::Bishop), 0);
        assert_eq!(count(Counted::Enemies, Lines::Bishop), 1);
        assert_eq!(count(Counted::Enemies, Lines::Rook), 0);
        assert_eq!(count(Counted::Pieces, Lines::Queen), 2);
    }

    #[test]
    fn listed_steps_no_symmetry_keeps_make_a_game_without_symmetry() {
        let text = r#"format = 1
id = "lopsided"
name = "Lopsided"

[movement]
steps = [[1, 2], [2, 1], [0, 1]]
path = "two-directions"
jumping = true

[template]
distance = "steps"
line = true
"#;
        let design: Design = text.parse().unwrap();
        assert!(!design.symmetric(), "three listed steps are not symmetric");
    }
}
