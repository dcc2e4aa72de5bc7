//! The open interface every Burrow game implements. A variant states only
//! what makes it different: its movement rule, how the template comes from
//! the initial capture, and when a later capture fits. The engine does the rest.

use crate::tr;

use super::sight::friends_in_sight;
use super::{Bitboard, Board, Movement, Route, Side, Square, Template};

/// A capture as the variant sees it when taking or checking a template. The
/// engine has already checked it against the movement rule.
#[derive(Copy, Clone, Debug)]
pub struct CaptureView<'a> {
    /// The board just before this capture.
    pub board: &'a Board,
    pub mover: Side,
    pub from: Square,
    pub to: Square,
    /// The exact steps, when the variant asked for routes
    /// ([`Variant::template_uses_route`]); otherwise `None`.
    pub route: Option<Route>,
}

impl<'a> CaptureView<'a> {
    /// The capture from `from` onto `to` by `mover` on `board`, by `route`
    /// when the variant asked for routes.
    pub fn new(
        board: &'a Board,
        mover: Side,
        from: Square,
        to: Square,
        route: Option<Route>,
    ) -> CaptureView<'a> {
        CaptureView {
            board,
            mover,
            from,
            to,
            route,
        }
    }

    /// The vector from origin to target.
    pub fn offset(&self) -> (i8, i8) {
        (
            self.to.x() as i8 - self.from.x() as i8,
            self.to.y() as i8 - self.from.y() as i8,
        )
    }

    /// The board just after this capture.
    pub fn board_after(&self) -> Board {
        let mut after = *self.board;
        after.capture(self.mover, self.from, self.to);
        after
    }

    /// How many of the mover's pieces the capturing piece sees along the
    /// eight queen lines once it has landed (it never counts itself; the
    /// square it left is empty).
    pub fn friends_in_sight_after(&self) -> u8 {
        friends_in_sight(&self.board_after(), self.to, self.mover)
    }
}

/// Up to 16 routes a template allows; see [`Variant::candidate_routes`].
#[derive(Copy, Clone, Debug, Default)]
pub struct RouteCandidates {
    routes: [Route; 16],
    len: usize,
}

impl RouteCandidates {
    /// Adds a route unless it is already there or the list is full.
    pub fn add(&mut self, route: Route) {
        if self.len < self.routes.len() && !self.as_slice().contains(&route) {
            self.routes[self.len] = route;
            self.len += 1;
        }
    }

    pub fn as_slice(&self) -> &[Route] {
        &self.routes[..self.len]
    }
}

/// A Burrow game's rules. Implement this (a few methods) and register it to
/// get the engine, the AI, the notation and the UI for free. It states rules
/// only: how the computer plays the game and how the screen shows it are
/// the other layers' business, attached beside the rules at registration
/// ([`Rules::attach`](super::Rules::attach)).
///
/// ```
/// use burrow::rules::*;
///
/// /// Rook-like captures; later captures must cover the same distance.
/// struct Measure;
///
/// impl Variant for Measure {
///     fn id(&self) -> &str { "measure" }
///     fn name(&self) -> &str { "Measure Burrow" }
///     fn movement(&self) -> Movement {
///         Movement { steps: StepSet::ORTHOGONAL, shape: PathShape::Straight, jumping: false }
///     }
///     fn template(&self, capture: &CaptureView) -> Template {
///         let (dx, dy) = capture.offset();
///         Template::Count(dx.unsigned_abs().max(dy.unsigned_abs()))
///     }
///     fn fits(&self, template: &Template, capture: &CaptureView) -> bool {
///         *template == self.template(capture)
///     }
/// }
///
/// let rules = Rules::new(std::sync::Arc::new(Measure)).unwrap();
/// assert_eq!(rules.perft(&Position::start_standard(), 1).unwrap(), 112);
/// ```
pub trait Variant: Send + Sync + 'static {
    /// A short, unique, lower-case id (`box`, `path`, …) used by the CLI and
    /// game records.
    fn id(&self) -> &str;

    /// The name shown to players.
    fn name(&self) -> &str;

    /// How a piece travels for every capture of the turn.
    fn movement(&self) -> Movement;

    /// The template fixed by the initial capture.
    fn template(&self, capture: &CaptureView) -> Template;

    /// Whether a later capture of the same turn fits the template.
    fn fits(&self, template: &Template, capture: &CaptureView) -> bool;

    /// Why `capture` does not fit `template`, in the game's own terms, for
    /// a player whose click was refused: "the box is 2 wide and 1 high;
    /// c3xd5 spans 1 by 2". Asked only of captures that do not fit (for a
    /// route game, `capture.route` is `None`: the template is the path, so
    /// say which image of it fails, and where). The default names the
    /// template.
    fn misfit(&self, template: &Template, capture: &CaptureView) -> String {
        default_misfit(template, capture)
    }

    /// Whether the template depends on the exact route and not only on the
    /// target. If so the engine lists every route separately (each may be a
    /// different turn) and passes it in [`CaptureView::route`]. Needs a
    /// movement whose shape is not [`crate::rules::PathShape::WithinBox`].
    fn template_uses_route(&self) -> bool {
        false
    }

    /// Optional speed-up: whether [`Variant::fits`] reads nothing of a
    /// capture but where it lands: the board just after it
    /// ([`CaptureView::board_after`]), its target and the mover, never the
    /// square it came from or its route (Tumburrow's count of friends in
    /// sight). A turn search may then check a landing once, however many
    /// capture orders reach it. Saying true of a game whose fit reads more
    /// makes its turns wrong.
    fn fit_reads_only_the_landing(&self) -> bool {
        false
    }

    /// Whether the rules treat the board's eight symmetries alike (mirrors
    /// and quarter turns, the latter on square boards): a position and its
    /// images then have the same value and the same number of turns. The
    /// solver looks at one image of each position only when this is true;
    /// a game with a forward direction, say, must leave it false.
    fn symmetric(&self) -> bool {
        false
    }

    /// How the pieces stand at the start (White moves first). Default: the
    /// checkerboard every designer's game starts from.
    fn start(&self) -> super::Start {
        super::Start::default()
    }

    /// The boards the game is played on. Default: every size, 4×4 to 8×8.
    /// The start must give both sides pieces on each of them.
    fn sizes(&self) -> super::SizeRange {
        super::SizeRange::ALL
    }

    /// Who wins when the side to move has no capture. Default: the player
    /// with no capture loses.
    fn end(&self) -> super::EndRule {
        super::EndRule::LastCaptureWins
    }

    /// The game file this variant was read from, if it was: records and
    /// online tables carry it (as its share code), so a designed game
    /// replays and plays where its file is not installed.
    fn design(&self) -> Option<&super::Design> {
        None
    }

    /// Optional speed-up: the only squares (relative to nothing; absolute
    /// squares) where a capture from `from` could fit. Default: anywhere.
    fn candidate_targets(&self, _template: &Template, _from: Square) -> Bitboard {
        Bitboard::FULL
    }

    /// Optional speed-up for route templates: the only routes that can fit.
    /// The engine walks each one on the board and still asks [`Variant::fits`].
    fn candidate_routes(&self, _template: &Template) -> Option<RouteCandidates> {
        None
    }
}

/// The sentence [`Variant::misfit`] gives when a game does not say more.
pub fn default_misfit(template: &Template, capture: &CaptureView) -> String {
    tr!(
        "why-misfit",
        capture = format!("{}x{}", capture.from, capture.to),
        template = template.to_string()
    )
}
