//! [`Rules`]: one variant bound to the shared engine. Everything that plays,
//! analyses or draws a game asks a `Rules` value. What it refuses is named
//! here too: a variant it cannot bind ([`VariantError`]), a board the game
//! is not played on ([`WrongSize`]), a capture or a turn ([`MoveError`]).

use std::any::{Any, TypeId};
use std::fmt;
use std::sync::Arc;

use super::movegen::{MoveGen, route_squares};
use super::{
    Bitboard, Board, BoardSize, Capture, CaptureView, EndRule, MovementProblem, PathShape,
    Position, Route, RouteCandidates, Side, SizeRange, Square, Template, Variant,
    is_valid_variant_id,
};

/// A variant ready to play: its movement rule compiled for fast generation.
/// Cheap to clone (the variant and its attachments are shared).
#[derive(Clone)]
pub struct Rules {
    variant: Arc<dyn Variant>,
    movegen: MoveGen,
    uses_route: bool,
    /// The variant's fit reads only where a capture lands
    /// ([`Variant::fit_reads_only_the_landing`]) and its turns have no routes.
    pub(super) fit_by_landing: bool,
    attachments: Attachments,
}

/// Values other layers keep beside a game's rules, one per type: the
/// computer players' profile of the game, the screen's presentation of it.
/// The engine never reads them; whoever defines a type looks it up with
/// [`Rules::attachment`], so a mod hands each layer what it needs through
/// one registration.
#[derive(Clone, Default)]
struct Attachments(Arc<Vec<(TypeId, Arc<dyn Any + Send + Sync>)>>);

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rules")
            .field("variant", &self.variant.id())
            .finish()
    }
}

/// A board a game is not played on ([`Rules::check_size`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{game} is played on {sizes}, not on {size}")]
pub struct WrongSize {
    /// The game's name.
    pub game: String,
    /// The boards it is played on.
    pub sizes: SizeRange,
    pub size: BoardSize,
}

/// A variant that breaks the rules of the engine: caught, named, never a panic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantError {
    pub variant: String,
    pub problem: VariantProblem,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantProblem {
    BadId,
    BadMovement(MovementProblem),
    RouteTemplateWithBoxPaths,
    RouteNotInMovement(Route),
    /// The start leaves a side without pieces on a board of the game's sizes.
    StartWithoutPieces(BoardSize),
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "variant `{}`: ", self.variant)?;
        match &self.problem {
            VariantProblem::BadId => f.write_str(
                "its id must be 1 to 32 characters of a-z, 0-9 and -, starting with a letter",
            ),
            VariantProblem::BadMovement(p) => write!(f, "{p}"),
            VariantProblem::RouteTemplateWithBoxPaths => f.write_str(
                "a template that uses the route needs a movement shape other than WithinBox",
            ),
            VariantProblem::RouteNotInMovement(r) => {
                write!(
                    f,
                    "it proposed the route {r}, which its own movement rule does not allow"
                )
            }
            VariantProblem::StartWithoutPieces(size) => write!(
                f,
                "its start leaves a side without pieces on {size}; each side needs one on every \
                 board the game is played on"
            ),
        }
    }
}

impl std::error::Error for VariantError {}

/// Why a capture or a played turn was refused. Nothing is changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The capture starts on an empty square.
    EmptySquare(Square),
    NotYourPiece(Square),
    NotACapture {
        from: Square,
        to: Square,
        /// Why not, for the player ([`Rules::why_not`]).
        why: String,
    },
    RouteNeeded {
        from: Square,
        to: Square,
    },
    RouteNotACapture {
        from: Square,
        route: Route,
    },
    DoesNotFit {
        from: Square,
        to: Square,
        /// Why not, in the game's terms ([`Rules::why_not`]).
        why: String,
    },
    TurnNotOver {
        at: Square,
    },
    Variant(VariantError),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::EmptySquare(sq) => write!(f, "there is no piece on {sq}"),
            MoveError::NotYourPiece(sq) => {
                write!(f, "there is no piece of the side to move on {sq}")
            }
            MoveError::NotACapture { from, to, why } => {
                write!(f, "{from} cannot capture on {to}: {why}")
            }
            MoveError::RouteNeeded { from, to } => {
                write!(
                    f,
                    "{from}x{to} needs its route (like /NNE): in this game the path is the template"
                )
            }
            MoveError::RouteNotACapture { from, route } => {
                write!(f, "the route {route} from {from} is not a capture")
            }
            MoveError::DoesNotFit { from, to, why } => write!(f, "{from}x{to}: {why}"),
            MoveError::TurnNotOver { at } => {
                write!(
                    f,
                    "the turn cannot stop on {at}: a capture that fits the template is left"
                )
            }
            MoveError::Variant(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for MoveError {}

impl From<VariantError> for MoveError {
    fn from(e: VariantError) -> MoveError {
        MoveError::Variant(e)
    }
}

impl Rules {
    /// Checks the variant and prepares its movement rule.
    pub fn new(variant: Arc<dyn Variant>) -> Result<Rules, VariantError> {
        let error = |problem| VariantError {
            variant: variant.id().to_string(),
            problem,
        };
        if !is_valid_variant_id(variant.id()) {
            return Err(error(VariantProblem::BadId));
        }
        let movement = variant.movement();
        movement
            .check()
            .map_err(|p| error(VariantProblem::BadMovement(p)))?;
        let uses_route = variant.template_uses_route();
        if uses_route && movement.shape == PathShape::WithinBox {
            return Err(error(VariantProblem::RouteTemplateWithBoxPaths));
        }
        let start = variant.start();
        if let Some(size) = variant.sizes().sizes().find(|&size| {
            let board = start.board(size);
            board.pieces(Side::White).is_empty() || board.pieces(Side::Black).is_empty()
        }) {
            return Err(error(VariantProblem::StartWithoutPieces(size)));
        }
        Ok(Rules {
            movegen: MoveGen::new(movement),
            uses_route,
            fit_by_landing: variant.fit_reads_only_the_landing() && !uses_route,
            attachments: Attachments::default(),
            variant,
        })
    }

    pub fn variant(&self) -> &dyn Variant {
        self.variant.as_ref()
    }

    /// The shared handle to the variant.
    pub fn variant_arc(&self) -> Arc<dyn Variant> {
        self.variant.clone()
    }

    pub fn id(&self) -> &str {
        self.variant.id()
    }

    /// The start position on a board of `size`, White to move (the game's
    /// own start; see [`Variant::start`]).
    pub fn start(&self, size: BoardSize) -> Position {
        Position {
            board: self.variant.start().board(size),
            turn: Side::White,
        }
    }

    /// The boards the game is played on.
    pub fn sizes(&self) -> SizeRange {
        self.variant.sizes()
    }

    /// The board the game is usually played on: 8×8, or the size nearest
    /// to it the game has.
    pub fn usual_size(&self) -> BoardSize {
        self.sizes().nearest(BoardSize::STANDARD)
    }

    /// Whether the game is played on a board of `size`; if not, says so
    /// with the sizes it is played on.
    pub fn check_size(&self, size: BoardSize) -> Result<(), WrongSize> {
        let sizes = self.sizes();
        if sizes.contains(size) {
            Ok(())
        } else {
            Err(WrongSize {
                game: self.variant.name().to_string(),
                sizes,
                size,
            })
        }
    }

    /// Who wins when the side to move has no capture.
    pub fn end(&self) -> EndRule {
        self.variant.end()
    }

    /// The winner of `pos` when its side to move has no initial capture.
    pub fn winner_when_stuck(&self, pos: &Position) -> Side {
        self.end().winner(pos.turn)
    }

    /// Whether the exact route of the initial capture is part of a turn.
    pub fn uses_route(&self) -> bool {
        self.uses_route
    }

    /// Keeps `value` beside these rules for whoever reads its type (one
    /// value per type: attaching a second replaces the first).
    pub fn attach<T: Any + Send + Sync>(&mut self, value: T) -> &mut Rules {
        let list = Arc::make_mut(&mut self.attachments.0);
        list.retain(|(id, _)| *id != TypeId::of::<T>());
        list.push((TypeId::of::<T>(), Arc::new(value)));
        self
    }

    /// The value of type `T` attached to these rules, if any.
    pub fn attachment<T: Any + Send + Sync>(&self) -> Option<&T> {
        self.attachments
            .0
            .iter()
            .find(|(id, _)| *id == TypeId::of::<T>())
            .and_then(|(_, value)| value.downcast_ref())
    }

    fn error(&self, problem: VariantProblem) -> VariantError {
        VariantError {
            variant: self.variant.id().to_string(),
            problem,
        }
    }

    /// Calls `visit` for each initial capture of the piece on `from`, with
    /// the template it would fix. Route templates give one call per route.
    pub(crate) fn for_each_initial_capture(
        &self,
        board: &Board,
        mover: Side,
        from: Square,
        visit: &mut dyn FnMut(Square, Option<Route>, Template),
    ) {
        if self.uses_route {
            self.movegen
                .for_each_route(board, mover, from, &mut |to, route| {
                    let view = CaptureView::new(board, mover, from, to, Some(route));
                    visit(to, Some(route), self.variant.template(&view));
                });
        } else {
            for to in self.movegen.targets(board, mover, from, Bitboard::FULL) {
                let view = CaptureView::new(board, mover, from, to, None);
                visit(to, None, self.variant.template(&view));
            }
        }
    }

    /// The routes a template allows (see [`Variant::candidate_routes`]),
    /// each checked against the movement rule. A turn search asks once per
    /// template rather than at every state.
    pub(crate) fn checked_candidate_routes(
        &self,
        template: &Template,
    ) -> Result<Option<RouteCandidates>, VariantError> {
        // Matched rather than passed on whole: the list is hundreds of bytes,
        // and most games' answer is `None`.
        let Some(candidates) = self.variant.candidate_routes(template) else {
            return Ok(None);
        };
        if let Some(&route) = candidates
            .as_slice()
            .iter()
            .find(|&&r| !self.movegen.allows_route(r))
        {
            return Err(self.error(VariantProblem::RouteNotInMovement(route)));
        }
        Ok(Some(candidates))
    }

    /// The squares the piece on `from` can capture next while `template` holds.
    pub(crate) fn fitting_targets(
        &self,
        board: &Board,
        mover: Side,
        from: Square,
        template: &Template,
    ) -> Result<Bitboard, VariantError> {
        let candidates = self.checked_candidate_routes(template)?;
        Ok(self.fitting_targets_with(board, mover, from, template, candidates.as_ref()))
    }

    /// [`Rules::fitting_targets`] with the template's candidate routes
    /// already known.
    pub(crate) fn fitting_targets_with(
        &self,
        board: &Board,
        mover: Side,
        from: Square,
        template: &Template,
        candidates: Option<&RouteCandidates>,
    ) -> Bitboard {
        let variant = self.variant.as_ref();
        let mut found = Bitboard::EMPTY;
        if let Some(candidates) = candidates {
            for &route in candidates.as_slice() {
                if let Some(to) = self.movegen.walk(board, mover, from, route) {
                    let view = CaptureView::new(board, mover, from, to, Some(route));
                    if variant.fits(template, &view) {
                        found.insert(to);
                    }
                }
            }
            return found;
        }
        let among = variant.candidate_targets(template, from);
        if self.uses_route {
            self.movegen
                .for_each_route(board, mover, from, &mut |to, route| {
                    if among.contains(to) && !found.contains(to) {
                        let view = CaptureView::new(board, mover, from, to, Some(route));
                        if variant.fits(template, &view) {
                            found.insert(to);
                        }
                    }
                });
            return found;
        }
        for to in self.movegen.targets(board, mover, from, among) {
            let view = CaptureView::new(board, mover, from, to, None);
            if variant.fits(template, &view) {
                found.insert(to);
            }
        }
        found
    }

    /// The captures from `from` the movement allows among the template's
    /// candidate targets, fitting or not: for a game whose fit reads only
    /// the landing, which a turn search checks once per landing.
    pub(super) fn reachable_targets(
        &self,
        board: &Board,
        mover: Side,
        from: Square,
        template: &Template,
    ) -> Bitboard {
        debug_assert!(self.fit_by_landing, "only without routes");
        let among = self.variant.candidate_targets(template, from);
        self.movegen.targets(board, mover, from, among)
    }

    /// A route that makes `from → to` fit `template`, for route variants.
    pub(crate) fn fitting_route(
        &self,
        board: &Board,
        mover: Side,
        from: Square,
        to: Square,
        template: &Template,
    ) -> Option<Route> {
        if !self.uses_route {
            return None;
        }
        let mut found = None;
        let mut consider = |t: Square, route: Route| {
            if t == to && found.is_none() {
                let view = CaptureView::new(board, mover, from, to, Some(route));
                if self.variant.fits(template, &view) {
                    found = Some(route);
                }
            }
        };
        if let Some(candidates) = self.variant.candidate_routes(template) {
            for &route in candidates.as_slice() {
                if self.movegen.walk(board, mover, from, route) == Some(to) {
                    consider(to, route);
                }
            }
        } else {
            self.movegen
                .for_each_route(board, mover, from, &mut consider);
        }
        found
    }

    /// Whether the route is one the movement rule allows and is a capture here.
    pub(crate) fn walk_route(
        &self,
        board: &Board,
        mover: Side,
        from: Square,
        route: Route,
    ) -> Option<Square> {
        if self.movegen.allows_route(route) {
            self.movegen.walk(board, mover, from, route)
        } else {
            None
        }
    }

    /// Every square the capture passes through, origin and target included:
    /// what the UI animates. A capture with no route takes the shortest
    /// legal path. Refused when `from` is empty or the capture is not one
    /// the movement rule allows on this board.
    pub fn path(&self, board: &Board, capture: &Capture) -> Result<Vec<Square>, MoveError> {
        let Capture { from, to, route } = *capture;
        let Some(mover) = board.side_at(from) else {
            return Err(MoveError::EmptySquare(from));
        };
        match route {
            Some(route) if self.walk_route(board, mover, from, route) == Some(to) => {
                Ok(route_squares(from, route))
            }
            Some(route) => Err(MoveError::RouteNotACapture { from, route }),
            None => {
                self.movegen
                    .path(board, mover, from, to)
                    .ok_or_else(|| MoveError::NotACapture {
                        from,
                        to,
                        why: self
                            .why_not(board, mover, from, to, None)
                            .unwrap_or_else(|| "the movement rule does not allow it".to_string()),
                    })
            }
        }
    }

    /// Whether the side to move has any initial capture (if not, it has lost).
    pub fn has_initial_capture(&self, pos: &Position) -> bool {
        pos.ours().any(|from| {
            self.movegen
                .targets(&pos.board, pos.turn, from, Bitboard::FULL)
                .has_any()
        })
    }

    /// The squares the piece on `from` could capture first, whatever the route.
    pub fn initial_targets(&self, pos: &Position, from: Square) -> Bitboard {
        if !pos.ours().contains(from) {
            return Bitboard::EMPTY;
        }
        self.movegen
            .targets(&pos.board, pos.turn, from, Bitboard::FULL)
    }

    /// The pieces of `side` that could start a turn (have a capture),
    /// whoever is to move: the mobility an evaluation weighs.
    pub fn capturers(&self, board: &Board, side: Side) -> Bitboard {
        self.movegen.capturers(board, side)
    }

    /// Every legal initial capture of the side to move, each with its route
    /// when the variant's template depends on it (so the UI can offer each
    /// route as its own choice).
    pub fn initial_captures(&self, pos: &Position) -> Vec<Capture> {
        pos.ours()
            .flat_map(|from| self.initial_captures_from(pos, from))
            .collect()
    }

    /// The initial captures of the piece on `from` (none if it is not the
    /// mover's).
    pub fn initial_captures_from(&self, pos: &Position, from: Square) -> Vec<Capture> {
        let mut captures = Vec::new();
        if pos.ours().contains(from) {
            self.for_each_initial_capture(&pos.board, pos.turn, from, &mut |to, route, _| {
                captures.push(Capture { from, to, route });
            });
        }
        captures
    }

    /// The template an initial capture would fix.
    pub fn template_of(&self, pos: &Position, capture: &Capture) -> Template {
        let view = CaptureView::new(
            &pos.board,
            pos.turn,
            capture.from,
            capture.to,
            capture.route,
        );
        self.variant.template(&view)
    }
}
