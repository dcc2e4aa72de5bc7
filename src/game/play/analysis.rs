//! The analysis board: with analysis on, the solver works on the position
//! shown (the live one, or the one under review) off the main thread, and
//! each legal turn gets what is known of it: a proven win or loss with its
//! number of turns to the end, or, where no proof came in time, the
//! engine's evaluation. The board marks each piece with the best of its
//! turns; the panel lists the turns and draws an evaluation bar.
//!
//! The solver runs as a background job (see [`crate::game::platform::background`]): on the
//! desktop in rounds of growing budgets, each round's findings shown as it
//! ends; on the web a few milliseconds each frame. Its proof table is kept
//! for the game, so the next position (one turn on) starts with most of the
//! work done.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use bevy::prelude::*;
use web_time::{Duration, Instant};

use crate::ai::{self, Analysis, Distances, Knowledge, SolveLimits, Solver, SolverConfig};
use crate::rules::{PlayedTurn, Position, Rules, Side, Square, TurnKey};

use super::Game;
use crate::game::platform::background::{Background, Job, Step, Work};
use crate::game::screens::InGame;
use crate::game::sets::GameSet;
use crate::game::ui::words;
use crate::tr;

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
    /// The engine's chance of winning for the turn's player, 0 to 1 (the
    /// game's learned evaluation where it has one).
    pub chance: f32,
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
    /// The engine's chance of winning for the side to move: its best
    /// turn's.
    pub chance: f32,
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
                chance: 1.0 - ai::winning_chance(rules, &turn.result) as f32,
            })
            .collect();
        turns.sort_by_key(|m| {
            let (lower, upper) = m.knowledge.bounds();
            (
                std::cmp::Reverse(lower),
                std::cmp::Reverse(upper),
                std::cmp::Reverse(per_million(m.chance)),
            )
        });
        // The position's evaluation is its best turn's, so the verdict and
        // the list below it read the same way round.
        let chance = turns
            .iter()
            .map(|m| m.chance)
            .reduce(f32::max)
            .unwrap_or_else(|| ai::winning_chance(rules, &position) as f32);
        AnalysisReport {
            position,
            knowledge: analysis.knowledge,
            chance,
            turns,
            finished,
            positions: analysis.positions,
        }
    }

    /// What the analysis says of the position, in words: a proven win or
    /// loss for the side to move (in so many turns, where known), or who
    /// the engine's evaluation favours.
    pub fn verdict(&self) -> String {
        let mover = self.position.turn;
        let side = words::side_key(mover);
        match (self.knowledge.value(), self.knowledge.wins()) {
            (Some(ai::Value::Win(d)), _) => tr!("analysis-wins-in", side = side, count = d),
            (Some(ai::Value::Loss(d)), _) => tr!("analysis-loses-in", side = side, count = d),
            (None, Some(true)) => tr!("analysis-wins", side = side),
            (None, Some(false)) => tr!("analysis-loses", side = side),
            (None, None) => tr!("analysis-not-proven", ahead = ahead(mover, self.chance)),
        }
    }

    /// White's share of the evaluation bar, 0 to 1: all of it for a proven
    /// White win, none for a proven Black win, otherwise White's chance of
    /// winning as the engine sees it.
    pub fn white_share(&self) -> f32 {
        let for_mover = match self.knowledge.wins() {
            Some(true) => 1.0,
            Some(false) => 0.0,
            None => self.chance,
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

/// A chance in millionths, to order turns by.
fn per_million(chance: f32) -> i64 {
    (f64::from(chance) * 1e6) as i64
}

type Found = Result<AnalysisReport, crate::rules::VariantError>;

/// The solver at work on one position, as background work.
struct Analyse {
    solver: Arc<Solver>,
    position: Position,
    begin: Instant,
    /// A worker thread's next round: quick marks first, then more.
    round: Duration,
}

impl Work for Analyse {
    type Output = Found;

    fn step(&mut self, slice: Option<Duration>, cancel: &AtomicBool) -> Step<Found> {
        let left = ANALYSIS_BUDGET.saturating_sub(self.begin.elapsed());
        let span = slice.unwrap_or(self.round).min(left);
        if slice.is_none() {
            self.round *= 2;
        }
        let limits = SolveLimits {
            deadline: Some(Instant::now() + span),
            cancel: Some(cancel),
            ..SolveLimits::default()
        };
        let found = self
            .solver
            .analyse(&self.position, &limits, Distances::All, None);
        match found {
            Err(e) => Step::Done(Err(e)),
            Ok(a) => {
                let finished = !a.stopped || self.begin.elapsed() >= ANALYSIS_BUDGET;
                let report = AnalysisReport::new(self.solver.rules(), self.position, &a, finished);
                if finished {
                    Step::Done(Ok(report))
                } else {
                    Step::Partial(Ok(report))
                }
            }
        }
    }
}

/// A solver job and the position it works on.
struct Running {
    position: Position,
    job: Job<Found>,
}

/// The analysis board's state.
#[derive(Resource, Default)]
pub struct BoardAnalysis {
    pub enabled: bool,
    /// The latest findings, for the report's position.
    pub report: Option<AnalysisReport>,
    /// Why the analysis stopped, if the variant broke the engine's rules.
    pub failed: Option<String>,
    job: Option<Running>,
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
pub fn analysed_position(game: &Game) -> Position {
    match game.review() {
        Some(_) => game.shown(),
        None => *game.position(),
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

fn restart_on_change(
    game: Res<Game>,
    background: Res<Background>,
    mut analysis: ResMut<BoardAnalysis>,
) {
    if !analysis.enabled {
        return;
    }
    let position = analysed_position(&game);
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
        .is_some_and(|s| s.rules().id() == game.rules().id());
    if !same_game {
        analysis.solver = Some(Arc::new(Solver::new(
            game.rules(),
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
    analysis.job = Some(Running {
        position,
        job: background.start(Analyse {
            solver,
            position,
            begin: Instant::now(),
            round: Duration::from_millis(150),
        }),
    });
}

/// Takes the solver's latest findings.
fn advance(mut analysis: ResMut<BoardAnalysis>) {
    let Some(running) = analysis.job.as_mut() else {
        return;
    };
    let latest = match running.job.poll() {
        Step::Working => None,
        Step::Partial(found) | Step::Done(found) => Some(found),
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

/// Who the engine's evaluation favours, in words, with the side to move's
/// chance of winning as the turns below show theirs.
pub fn ahead(mover: Side, chance: f32) -> String {
    const EVEN: f32 = 0.05;
    let score = format!("{:.0}%", 100.0 * chance);
    let key = words::side_key(mover);
    match chance - 0.5 {
        e if e > EVEN => tr!("ahead", side = key, score = score, mover = key),
        e if e < -EVEN => tr!(
            "ahead",
            side = words::side_key(mover.opponent()),
            score = score,
            mover = key
        ),
        _ => tr!("about-even", score = score, mover = key),
    }
}
