//! The turn level: every distinct complete turn of a position, found without
//! walking every capture order (the states of a turn in progress are
//! memoised).

use std::sync::Arc;

use super::fxhash::FxHashMap;
use super::state_memo::{EnemyIndex, StateMemo};
use super::{
    Bitboard, Board, CaptureView, Position, Route, RouteCandidates, Rules, Side, Square, Template,
    Turn, Variant, VariantError,
};

/// Why a turn search ended early.
pub(super) enum Halt {
    Variant(VariantError),
    /// The caller's stop check said so.
    Stopped,
}

impl From<VariantError> for Halt {
    fn from(e: VariantError) -> Halt {
        Halt::Variant(e)
    }
}

/// How many expanded states pass between two stop checks.
pub(super) const STATES_PER_STOP_CHECK: usize = 1024;

/// A stop check for [`Rules::turns_until`] that stops a listing once it
/// has walked about `max_states` turn states (a turn in progress: the
/// piece's square and what it has captured). A position of a few hundred
/// thousand turns takes a few million; a lone piece whose template every
/// capture fits can chain through an astronomical number, and this is what
/// keeps a front end from waiting on it for ever.
pub fn state_budget(max_states: u64) -> impl FnMut() -> bool {
    let mut checks = 0u64;
    move || {
        checks += 1;
        checks.saturating_mul(STATES_PER_STOP_CHECK as u64) >= max_states
    }
}

/// A stop check that never stops.
pub(super) fn never() -> bool {
    false
}

/// Unwraps a search that was never asked to stop.
pub(super) fn unstoppable<T>(result: Result<T, Halt>) -> Result<T, VariantError> {
    match result {
        Ok(value) => Ok(value),
        Err(Halt::Variant(e)) => Err(e),
        Err(Halt::Stopped) => unreachable!("`never` does not stop a search"),
    }
}

/// Where one memoised walk of a turn can stop.
#[derive(Copy, Clone, Debug)]
pub(super) struct Ending {
    pub(super) destination: Square,
    pub(super) captured: Bitboard,
    route: Option<Route>,
    /// This ending's capture order in `Search::orders`.
    order_start: u32,
    order_len: u8,
}

/// A turn in progress as the memo sees it.
#[derive(Copy, Clone)]
struct State {
    at: Square,
    captured: Bitboard,
    /// `captured` packed by [`EnemyIndex`], the memo's key.
    packed: u64,
    template_index: u32,
}

/// What stays the same through one walk of a turn from its initial capture.
#[derive(Copy, Clone)]
struct Walk<'a> {
    mover: Side,
    template: &'a Template,
    /// The template's candidate routes, when the variant offers them.
    candidates: Option<&'a RouteCandidates>,
    route: Option<Route>,
    index: &'a EnemyIndex,
}

/// Memory a turn search reuses from one position to the next, so that a
/// caller listing the turns of many positions (the AI) allocates only as
/// its buffers grow. See [`Rules::turns_with`].
#[derive(Default)]
pub struct TurnScratch {
    search: Search,
}

/// Reusable buffers of a turn search, so generation allocates only as the
/// buffers grow.
#[derive(Default)]
pub(crate) struct Search {
    /// Expanded states (and, in a game whose fit reads only the landing,
    /// landings that do not fit).
    visited: StateMemo,
    /// States of the current origin expanded, and arrivals at dead ends:
    /// the stop check's clock.
    expanded: usize,
    /// The numbering of the enemies the memo packs, and whose it is.
    enemy_index: (Bitboard, EnemyIndex),
    /// The current origin's initial captures with their templates' indices.
    initial: Vec<(Square, Option<Route>, u32)>,
    /// The distinct templates of the current origin; states refer to them by index.
    templates: Vec<Template>,
    /// The candidate routes of those templates that have some, by index.
    routes: Vec<(u32, Arc<RouteCandidates>)>,
    stack: Vec<Square>,
    pub(super) endings: Vec<Ending>,
    orders: Vec<Square>,
    /// Each template's checked candidate routes: a Path Burrow position
    /// starts hundreds of turns, and their templates recur from position
    /// to position.
    candidates: FxHashMap<Template, Option<Arc<RouteCandidates>>>,
    /// Which variant `candidates` belongs to (held, so that its address
    /// cannot pass to another variant).
    candidates_of: Option<Arc<dyn Variant>>,
}

/// Templates whose candidate routes a [`Search`] remembers at most.
const CANDIDATE_CACHE_SIZE: usize = 4096;

impl Search {
    /// Starts loading the memo's slots of the states capturing each of
    /// `targets` leads to, so their cache misses overlap.
    fn prefetch_next(&self, state: &State, index: &EnemyIndex, targets: Bitboard) {
        for to in targets {
            self.visited
                .prefetch(state.packed | index.bit(to), to, state.template_index);
        }
    }

    /// Counts one more state of the current origin's search, asking `stop`
    /// now and then.
    #[inline]
    fn count_state(&mut self, stop: &mut dyn FnMut() -> bool) -> Result<(), Halt> {
        self.expanded += 1;
        if self.expanded.is_multiple_of(STATES_PER_STOP_CHECK) && stop() {
            return Err(Halt::Stopped);
        }
        Ok(())
    }

    /// Records the turn in progress as complete: no capture fits from here.
    fn end_here(&mut self, walk: &Walk, state: State) {
        let order_start = self.orders.len() as u32;
        self.orders.extend_from_slice(&self.stack);
        self.endings.push(Ending {
            destination: state.at,
            captured: state.captured,
            route: walk.route,
            order_start,
            order_len: self.stack.len() as u8,
        });
    }

    /// The candidate routes of `template` (shared: a list is hundreds of
    /// bytes, and a route game asks for hundreds a position).
    fn candidate_routes(
        &mut self,
        rules: &Rules,
        template: &Template,
    ) -> Result<Option<Arc<RouteCandidates>>, VariantError> {
        // Only route templates have costly candidates (their images); the
        // others are cheaper to ask for than to look up.
        let routed = match template {
            Template::Route(_) => true,
            Template::Design { route, .. } => !route.is_empty(),
            _ => false,
        };
        if !routed {
            // Most games have none: their `None` is answered without moving
            // a list of routes around.
            if rules.variant().candidate_routes(template).is_none() {
                return Ok(None);
            }
            return Ok(rules.checked_candidate_routes(template)?.map(Arc::new));
        }
        if !self
            .candidates_of
            .as_ref()
            .is_some_and(|v| std::ptr::addr_eq(Arc::as_ptr(v), rules.variant()))
        {
            self.candidates.clear();
            self.candidates_of = Some(rules.variant_arc());
        }
        if let Some(known) = self.candidates.get(template) {
            return Ok(known.clone());
        }
        let checked = rules.checked_candidate_routes(template)?.map(Arc::new);
        if self.candidates.len() >= CANDIDATE_CACHE_SIZE {
            self.candidates.clear();
        }
        self.candidates.insert(*template, checked.clone());
        Ok(checked)
    }
}

/// The board after `mover` moved from `origin` to `destination`, capturing `captured`.
pub(crate) fn board_after(
    board: &Board,
    mover: Side,
    origin: Square,
    destination: Square,
    captured: Bitboard,
) -> Board {
    let ours = (board.pieces(mover) - Bitboard::from(origin)) | Bitboard::from(destination);
    let theirs = board.pieces(mover.opponent()) - captured;
    let (white, black) = match mover {
        Side::White => (ours, theirs),
        Side::Black => (theirs, ours),
    };
    Board::from_pieces(board.size(), white, black)
        .expect("a turn keeps pieces apart and on the board")
}

impl Rules {
    /// Fills `search.endings` with the distinct turns of the piece on `origin`,
    /// sorted by (destination, captured set).
    pub(super) fn explore_origin(
        &self,
        pos: &Position,
        origin: Square,
        search: &mut Search,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<(), Halt> {
        let mover = pos.turn;
        let enemies = pos.board.pieces(mover.opponent());
        // Every origin of a position shares its enemies' numbering.
        if search.enemy_index.0 != enemies {
            search.enemy_index = (enemies, EnemyIndex::new(enemies));
        }
        let enemy_index = search.enemy_index.1.clone();
        search.visited.reset(enemies.count());
        search.expanded = 0;
        search.endings.clear();
        search.orders.clear();
        // Kept in the search between origins (taken out while the walks below
        // borrow the search); an error only costs the buffers.
        let mut initial = std::mem::take(&mut search.initial);
        initial.clear();
        search.templates.clear();
        let templates = &mut search.templates;
        self.for_each_initial_capture(&pos.board, mover, origin, &mut |to, route, template| {
            let index = match templates.iter().position(|t| *t == template) {
                Some(i) => i,
                None => {
                    templates.push(template);
                    templates.len() - 1
                }
            };
            initial.push((to, route, index as u32));
        });
        // Each template's candidate routes, asked once an origin (most games
        // have none, and then nothing is kept).
        let mut routes = std::mem::take(&mut search.routes);
        routes.clear();
        for i in 0..search.templates.len() {
            let template = search.templates[i];
            if let Some(candidates) = search.candidate_routes(self, &template)? {
                routes.push((i as u32, candidates));
            }
        }
        for &(to, route, template_index) in &initial {
            let template = search.templates[template_index as usize];
            let mut board = pos.board;
            board.capture(mover, origin, to);
            search.stack.clear();
            search.stack.push(to);
            let state = State {
                at: to,
                captured: Bitboard::from(to),
                packed: enemy_index.bit(to),
                template_index,
            };
            let walk = Walk {
                mover,
                template: &template,
                candidates: routes
                    .iter()
                    .find(|(i, _)| *i == template_index)
                    .map(|(_, candidates)| &**candidates),
                route,
                index: &enemy_index,
            };
            self.follow(search, &board, &walk, state, stop)?;
        }
        search.routes = routes;
        search.initial = initial;
        let endings = &mut search.endings;
        endings.sort_by_key(|e| (e.destination, e.captured));
        endings.dedup_by_key(|e| (e.destination, e.captured));
        Ok(())
    }

    /// Depth-first walk of a turn in progress; each state (piece square,
    /// captured set) that goes on is expanded once per template, and a
    /// dead end is ended at each arrival.
    fn follow(
        &self,
        search: &mut Search,
        board: &Board,
        walk: &Walk,
        state: State,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<(), Halt> {
        let State {
            at,
            packed,
            template_index,
            ..
        } = state;
        let Walk {
            mover,
            template,
            candidates,
            index,
            ..
        } = *walk;
        // A game that also names candidate routes keeps to them, as a
        // player's click does, so it takes the general walk.
        if self.fit_by_landing && candidates.is_none() {
            if !search.visited.insert(packed, at, template_index) {
                return Ok(());
            }
            search.count_state(stop)?;
            return self.follow_landings(search, board, walk, state, stop);
        }
        let next = self.fitting_targets_with(board, mover, at, template, candidates);
        if next.is_empty() {
            // A dead end costs less to end again than to remember (most
            // turns are one capture): the same turn met twice is merged
            // with the others once the origin is done.
            search.count_state(stop)?;
            search.end_here(walk, state);
            return Ok(());
        }
        if !search.visited.insert(packed, at, template_index) {
            return Ok(());
        }
        search.count_state(stop)?;
        search.prefetch_next(&state, index, next);
        for to in next {
            self.follow_capture(search, board, walk, state, to, stop)?;
        }
        Ok(())
    }

    /// [`Rules::follow`]'s expansion for a game whose fit reads only where
    /// a capture lands: a landing reached before is known to fit (it was
    /// expanded) or not (it was recorded as a misfit), so each is checked
    /// once however many capture orders reach it.
    fn follow_landings(
        &self,
        search: &mut Search,
        board: &Board,
        walk: &Walk,
        state: State,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<(), Halt> {
        let State {
            at,
            packed,
            template_index,
            ..
        } = state;
        let (mover, index) = (walk.mover, walk.index);
        let reachable = self.reachable_targets(board, mover, at, walk.template);
        search.prefetch_next(&state, index, reachable);
        let mut goes_on = false;
        for to in reachable {
            let landing = packed | index.bit(to);
            match search.visited.look(landing, to, template_index) {
                Some(fits) => goes_on |= fits,
                None => {
                    let view = CaptureView::new(board, mover, at, to, None);
                    if self.variant().fits(walk.template, &view) {
                        goes_on = true;
                        self.follow_capture(search, board, walk, state, to, stop)?;
                    } else {
                        search.visited.insert_misfit(landing, to, template_index);
                    }
                }
            }
        }
        if !goes_on {
            search.end_here(walk, state);
        }
        Ok(())
    }

    /// Captures `to` from the state's square and follows the turn on.
    fn follow_capture(
        &self,
        search: &mut Search,
        board: &Board,
        walk: &Walk,
        state: State,
        to: Square,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<(), Halt> {
        let mut after = *board;
        after.capture(walk.mover, state.at, to);
        search.stack.push(to);
        let next_state = State {
            at: to,
            captured: state.captured | Bitboard::from(to),
            packed: state.packed | walk.index.bit(to),
            template_index: state.template_index,
        };
        self.follow(search, &after, walk, next_state, stop)?;
        search.stack.pop();
        Ok(())
    }

    /// Every distinct complete turn of the side to move (RULES.md §6: same
    /// origin, final square and captured set = same turn). Empty when the
    /// side to move has lost.
    ///
    /// ```
    /// use burrow::rules::{builtin_rules, Position};
    /// let tumburrow = builtin_rules("tumburrow").unwrap();
    /// let turns = tumburrow.turns(&Position::start_standard()).unwrap();
    /// assert_eq!(turns.len(), 172);
    /// assert!(turns.iter().any(|t| t.key().to_string() == "a2xa1(a3)"));
    /// ```
    pub fn turns(&self, pos: &Position) -> Result<Vec<Turn>, VariantError> {
        unstoppable(self.collect_turns(pos, &mut Search::default(), &mut never))
    }

    /// [`Rules::turns`] that gives up (`Ok(None)`) once `stop` returns true.
    /// `stop` is asked every thousand or so states of the search, so a
    /// caller with a deadline (the AI) is never held long by a position
    /// with huge forced chains.
    pub fn turns_until(
        &self,
        pos: &Position,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Option<Vec<Turn>>, VariantError> {
        self.turns_with(pos, &mut TurnScratch::default(), stop)
    }

    /// [`Rules::turns_until`] reusing `scratch`'s memory.
    pub fn turns_with(
        &self,
        pos: &Position,
        scratch: &mut TurnScratch,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Option<Vec<Turn>>, VariantError> {
        match self.collect_turns(pos, &mut scratch.search, stop) {
            Ok(turns) => Ok(Some(turns)),
            Err(Halt::Stopped) => Ok(None),
            Err(Halt::Variant(e)) => Err(e),
        }
    }

    /// The position each distinct turn leaves, in the order
    /// [`Rules::turns`] lists the turns, into `out` (cleared first): what a
    /// solver needs, without building the turns themselves. `false` when
    /// `stop` ended the listing early (`out` is then incomplete).
    pub fn turn_results_with(
        &self,
        pos: &Position,
        scratch: &mut TurnScratch,
        stop: &mut dyn FnMut() -> bool,
        out: &mut Vec<Position>,
    ) -> Result<bool, VariantError> {
        out.clear();
        for origin in pos.ours() {
            if !self.origin_results_with(pos, origin, scratch, stop, out)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// [`Rules::turn_results_with`] for the piece on `origin` alone,
    /// appended to `out`: a search that meets a refutation among one
    /// piece's turns need not list the others'. `origin` must hold a piece
    /// of the side to move.
    pub fn origin_results_with(
        &self,
        pos: &Position,
        origin: Square,
        scratch: &mut TurnScratch,
        stop: &mut dyn FnMut() -> bool,
        out: &mut Vec<Position>,
    ) -> Result<bool, VariantError> {
        debug_assert!(
            pos.ours().contains(origin),
            "{origin} holds no piece to move"
        );
        match self.explore_origin(pos, origin, &mut scratch.search, stop) {
            Ok(()) => {}
            Err(Halt::Stopped) => return Ok(false),
            Err(Halt::Variant(e)) => return Err(e),
        }
        out.extend(scratch.search.endings.iter().map(|e| Position {
            board: board_after(&pos.board, pos.turn, origin, e.destination, e.captured),
            turn: pos.turn.opponent(),
        }));
        Ok(true)
    }

    fn collect_turns(
        &self,
        pos: &Position,
        search: &mut Search,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Vec<Turn>, Halt> {
        let mut turns = Vec::new();
        for origin in pos.ours() {
            self.explore_origin(pos, origin, search, stop)?;
            for e in &search.endings {
                let start = e.order_start as usize;
                let captures = search.orders[start..start + e.order_len as usize].to_vec();
                let board = board_after(&pos.board, pos.turn, origin, e.destination, e.captured);
                let result = Position {
                    board,
                    turn: pos.turn.opponent(),
                };
                turns.push(Turn {
                    origin,
                    captures,
                    route: e.route,
                    result,
                });
            }
        }
        Ok(turns)
    }
}
