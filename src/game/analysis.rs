//! The analysis board: with analysis on, the solver works on the position
//! shown (the live one, or the one under review) off the main thread, and
//! each legal turn gets what is known of it: a proven win or loss with its
//! number of turns to the end, or, where no proof came in time, the
//! engine's evaluation. The board marks each piece with the best of its
//! turns; the panel lists the turns and draws an evaluation bar.
//!
//! On the desktop the solver runs on Bevy's async compute pool in rounds of
//! growing budgets, each round's findings shown as it ends; on the web it
//! runs a few milliseconds each frame. Its proof table is kept for the
//! game, so the next position (one turn on) starts with most of the work
//! done.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::prelude::*;
use web_time::{Duration, Instant};

use crate::ai::{self, Analysis, Distances, Knowledge, SolveLimits, Solver, SolverConfig};
use crate::rules::{Color as Side, PlayedTurn, Position, Rules, Square, TurnKey};

use super::GameSet;
use super::screens::InGame;
use super::session::GameSession;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardAnalysis>()
        .add_message::<AnalysisIntent>()
        .add_systems(
            Update,
            (follow_intents, restart_on_change, advance)
                .chain()
                .in_set(GameSet::Sync)
                .run_if(in_state(InGame)),
        );
}

/// Intent: show the analysis or hide it.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisIntent(pub bool);

/// The most time the solver spends on one position.
pub const ANALYSIS_BUDGET: Duration = Duration::from_secs(4);

/// The solver's proof table in the game (smaller in a browser tab).
#[cfg(not(target_arch = "wasm32"))]
const TABLE_BYTES: usize = 64 << 20;
#[cfg(target_arch = "wasm32")]
const TABLE_BYTES: usize = 16 << 20;

/// What is known of one legal turn.
#[derive(Clone, Debug)]
pub struct TurnMark {
    pub turn: PlayedTurn,
    pub key: TurnKey,
    /// For the player making the turn.
    pub knowledge: Knowledge,
    /// The engine's evaluation of the turn for its player (higher is better).
    pub evaluation: i32,
}

impl TurnMark {
    /// A short label: `W5` a win in 5 turns, `L8` a loss in 8, `W` a win
    /// whose distance is not yet proven, `?` nothing proven.
    pub fn label(&self) -> String {
        knowledge_label(self.knowledge)
    }
}

/// [`TurnMark::label`] for any knowledge.
pub fn knowledge_label(knowledge: Knowledge) -> String {
    match (knowledge.value(), knowledge.wins()) {
        (Some(ai::Value::Win(d)), _) => format!("W{d}"),
        (Some(ai::Value::Loss(d)), _) => format!("L{d}"),
        (None, Some(true)) => "W".to_string(),
        (None, Some(false)) => "L".to_string(),
        (None, None) => "?".to_string(),
    }
}

/// The analysis of one position, as far as it has got.
#[derive(Clone, Debug)]
pub struct AnalysisReport {
    pub position: Position,
    /// For the side to move.
    pub knowledge: Knowledge,
    /// The engine's evaluation for the side to move.
    pub evaluation: i32,
    /// Every legal turn, best first.
    pub turns: Vec<TurnMark>,
    /// The solver has finished (every turn exact) or spent its budget.
    pub finished: bool,
    pub positions: u64,
}

impl AnalysisReport {
    fn new(rules: &Rules, position: Position, analysis: &Analysis, finished: bool) -> Self {
        let mut turns: Vec<TurnMark> = analysis
            .turns
            .iter()
            .map(|(turn, knowledge)| TurnMark {
                turn: turn.played(),
                key: turn.key(),
                knowledge: *knowledge,
                evaluation: -ai::evaluate(rules, &turn.result),
            })
            .collect();
        turns.sort_by_key(|m| {
            let (lower, upper) = m.knowledge.bounds();
            (
                std::cmp::Reverse(lower),
                std::cmp::Reverse(upper),
                std::cmp::Reverse(m.evaluation),
            )
        });
        AnalysisReport {
            position,
            knowledge: analysis.knowledge,
            evaluation: ai::evaluate(rules, &position),
            turns,
            finished,
            positions: analysis.positions,
        }
    }

    /// White's share of the evaluation bar, 0 to 1: all of it for a proven
    /// White win, none for a proven Black win, otherwise the evaluation
    /// squashed onto the bar.
    pub fn white_share(&self) -> f32 {
        let for_mover = match self.knowledge.wins() {
            Some(true) => 1.0,
            Some(false) => 0.0,
            None => 1.0 / (1.0 + (-(self.evaluation as f32) / 300.0).exp()),
        };
        match self.position.turn {
            Side::White => for_mover,
            Side::Black => 1.0 - for_mover,
        }
    }

    /// The best of each piece's turns, for the marks on the board.
    pub fn best_by_origin(&self) -> Vec<(Square, &TurnMark)> {
        let mut best: Vec<(Square, &TurnMark)> = Vec::new();
        // `turns` is best first: the first turn met from a square is its best.
        for mark in &self.turns {
            if !best.iter().any(|(sq, _)| *sq == mark.turn.origin) {
                best.push((mark.turn.origin, mark));
            }
        }
        best
    }
}

#[cfg(not(target_arch = "wasm32"))]
type Found = Result<AnalysisReport, crate::rules::VariantError>;

/// A solver at work on one position.
struct Job {
    position: Position,
    cancel: Arc<AtomicBool>,
    /// The task's latest findings, taken by the main thread.
    #[cfg(not(target_arch = "wasm32"))]
    latest: Arc<std::sync::Mutex<Option<Found>>>,
    #[cfg(target_arch = "wasm32")]
    until: Instant,
}

impl Drop for Job {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// The analysis board's state.
#[derive(Resource, Default)]
pub struct BoardAnalysis {
    pub enabled: bool,
    /// The latest findings, for the position [`AnalysisReport::position`].
    pub report: Option<AnalysisReport>,
    /// Why the analysis stopped, if the variant broke the engine's rules.
    pub failed: Option<String>,
    job: Option<Job>,
    solver: Option<Arc<Solver>>,
}

impl BoardAnalysis {
    /// Whether the solver is still at work.
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    /// The report for `position`, if it is the one analysed.
    pub fn report_for(&self, position: &Position) -> Option<&AnalysisReport> {
        self.report.as_ref().filter(|r| r.position == *position)
    }
}

/// The position the analysis is about: the reviewed one, or the start of
/// the live turn.
pub fn analysed_position(session: &GameSession) -> Position {
    match session.review {
        Some(_) => session.shown(),
        None => *session.position(),
    }
}

fn follow_intents(mut intents: MessageReader<AnalysisIntent>, mut analysis: ResMut<BoardAnalysis>) {
    for AnalysisIntent(on) in intents.read() {
        analysis.enabled = *on;
        if !*on {
            analysis.job = None;
            analysis.report = None;
        }
    }
}

fn restart_on_change(session: Res<GameSession>, mut analysis: ResMut<BoardAnalysis>) {
    if !analysis.enabled {
        return;
    }
    let position = analysed_position(&session);
    let current = analysis
        .job
        .as_ref()
        .map(|j| j.position)
        .or(analysis.report.as_ref().map(|r| r.position));
    if current == Some(position) {
        return;
    }
    let same_game = analysis
        .solver
        .as_ref()
        .is_some_and(|s| s.rules().id() == session.rules.id());
    if !same_game {
        analysis.solver = Some(Arc::new(Solver::new(
            &session.rules,
            SolverConfig {
                table_bytes: TABLE_BYTES,
                threads: 1,
                ..SolverConfig::default()
            },
        )));
    }
    let solver = analysis.solver.clone().expect("made above");
    analysis.report = None;
    analysis.failed = None;
    analysis.job = Some(start(solver, position));
}

#[cfg(not(target_arch = "wasm32"))]
fn start(solver: Arc<Solver>, position: Position) -> Job {
    use bevy::tasks::AsyncComputeTaskPool;
    let cancel = Arc::new(AtomicBool::new(false));
    let latest = Arc::new(std::sync::Mutex::new(None));
    let slot = latest.clone();
    let flag = cancel.clone();
    AsyncComputeTaskPool::get()
        .spawn(async move {
            let begin = Instant::now();
            // Rounds of growing budgets: quick marks first, then more.
            let mut round = Duration::from_millis(150);
            loop {
                let left = ANALYSIS_BUDGET.saturating_sub(begin.elapsed());
                let limits = SolveLimits {
                    deadline: Some(Instant::now() + round.min(left)),
                    cancel: Some(&flag),
                    ..SolveLimits::default()
                };
                let found = solver.analyse(&position, &limits, Distances::All, None);
                let report = found.map(|a| {
                    let finished = !a.stopped || begin.elapsed() >= ANALYSIS_BUDGET;
                    AnalysisReport::new(solver.rules(), position, &a, finished)
                });
                let done = report.as_ref().map_or(true, |r| r.finished);
                if flag.load(Ordering::Relaxed) {
                    return;
                }
                *slot.lock().unwrap_or_else(|p| p.into_inner()) = Some(report);
                if done {
                    return;
                }
                round *= 2;
            }
        })
        .detach();
    Job {
        position,
        cancel,
        latest,
    }
}

#[cfg(target_arch = "wasm32")]
fn start(_solver: Arc<Solver>, position: Position) -> Job {
    Job {
        position,
        cancel: Arc::new(AtomicBool::new(false)),
        until: Instant::now() + ANALYSIS_BUDGET,
    }
}

/// Takes the solver's latest findings (on the web, runs it a slice first).
fn advance(mut analysis: ResMut<BoardAnalysis>) {
    let analysis = &mut *analysis;
    let Some(job) = &analysis.job else {
        return;
    };
    #[cfg(not(target_arch = "wasm32"))]
    let latest = job.latest.lock().unwrap_or_else(|p| p.into_inner()).take();
    #[cfg(target_arch = "wasm32")]
    let latest = {
        let solver = analysis.solver.as_ref().expect("a job has a solver");
        // A slice that leaves the frame time to drawing.
        let limits = SolveLimits {
            deadline: Some((Instant::now() + Duration::from_millis(8)).min(job.until)),
            ..SolveLimits::default()
        };
        let found = solver.analyse(&job.position, &limits, Distances::All, None);
        Some(found.map(|a| {
            let finished = !a.stopped || Instant::now() >= job.until;
            AnalysisReport::new(solver.rules(), job.position, &a, finished)
        }))
    };
    match latest {
        Some(Ok(report)) => {
            if report.finished {
                analysis.job = None;
            }
            analysis.report = Some(report);
        }
        Some(Err(e)) => {
            analysis.failed = Some(e.to_string());
            analysis.job = None;
        }
        None => {}
    }
}
