//! Puzzles: positions the solver proves a win for the side to move ("White
//! to move wins in 5 turns"), played against the solver's best defence.
//! The player's every turn is judged by the solver: one that keeps the win
//! within the turns left plays on, one that wins too slowly or lets the
//! opponent win is explained and taken back. Solved puzzles are kept with
//! the settings.

use std::collections::VecDeque;
use std::sync::Arc;

use bevy::prelude::*;
use tracing::error;
use web_time::Duration;

use crate::ai::{self, Distances, Puzzle, SolveLimits, Solver, SolverConfig, Value, Verdict};
use crate::rules::Position;
use crate::rules::{Capture, Color as Side};

use super::GameSet;
use super::computer::turn_steps;
use super::screens::{InGame, Phase, Screen};
use super::session::{CaptureIntent, CaptureMade, GameSession, NewGame, Player, SessionIntent};
use super::settings::Settings;

/// The puzzles the game ships, found and proven by `burrow puzzles`.
pub const PUZZLES: &str = include_str!("../../assets/puzzles.txt");

pub(super) fn plugin(app: &mut App) {
    let all = ai::parse_puzzles(PUZZLES).unwrap_or_else(|e| {
        error!("the shipped puzzles do not read: {e}");
        Vec::new()
    });
    app.insert_resource(Puzzles {
        all,
        active: None,
        plan: VecDeque::new(),
        solver: None,
    })
    .add_message::<PuzzleIntent>()
    .add_systems(Update, start_puzzles.in_set(GameSet::Input))
    .add_systems(
        Update,
        (
            defend.run_if(in_state(Phase::ComputerToMove)),
            play_defence.run_if(not(in_state(Phase::Animating))),
        )
            .chain()
            .in_set(GameSet::Input)
            .run_if(in_state(InGame)),
    )
    .add_systems(Update, judge_turns.in_set(GameSet::Sync));
}

/// Intent: play a puzzle (its index in [`Puzzles::all`]), or leave the one
/// on the board.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleIntent {
    Start(usize),
    Leave,
}

/// How the puzzle on the board is going.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleStatus {
    Playing,
    Solved,
    /// The last turn was taken back; why.
    TakenBack(String),
}

/// The puzzle being played.
#[derive(Clone, Debug)]
pub struct ActivePuzzle {
    pub index: usize,
    pub puzzle: Puzzle,
    /// Turns the win may still take, the opponent's included.
    pub turns_left: u32,
    pub status: PuzzleStatus,
}

/// The shipped puzzles and the one on the board.
#[derive(Resource)]
pub struct Puzzles {
    pub all: Vec<Puzzle>,
    pub active: Option<ActivePuzzle>,
    plan: VecDeque<Capture>,
    solver: Option<Arc<Solver>>,
}

impl Puzzles {
    /// The puzzles of one game, with their indices, easiest first.
    pub fn of(&self, variant: &str) -> Vec<(usize, &Puzzle)> {
        let mut list: Vec<(usize, &Puzzle)> = self
            .all
            .iter()
            .enumerate()
            .filter(|(_, p)| p.variant == variant)
            .collect();
        list.sort_by_key(|(i, p)| (p.band, p.turns, *i));
        list
    }

    fn solver(&mut self, session: &GameSession) -> Arc<Solver> {
        match &self.solver {
            Some(s) if s.rules().id() == session.rules.id() => s.clone(),
            _ => {
                let solver = Arc::new(Solver::new(
                    &session.rules,
                    SolverConfig {
                        table_bytes: 16 << 20,
                        threads: 1,
                        ..SolverConfig::default()
                    },
                ));
                self.solver = Some(solver.clone());
                solver
            }
        }
    }
}

/// How long the solver may take for one judgement or defence (the puzzles
/// are proven in a fraction of this).
const SOLVER_TIME: Duration = Duration::from_secs(2);

fn start_puzzles(
    mut intents: MessageReader<PuzzleIntent>,
    mut puzzles: ResMut<Puzzles>,
    mut session_intents: MessageWriter<SessionIntent>,
    mut next: ResMut<NextState<Screen>>,
) {
    for intent in intents.read() {
        puzzles.plan.clear();
        match *intent {
            PuzzleIntent::Leave => puzzles.active = None,
            PuzzleIntent::Start(index) => {
                let Some(puzzle) = puzzles.all.get(index).cloned() else {
                    continue;
                };
                let mover = puzzle.position.turn;
                let side = |s: Side| {
                    if s == mover {
                        Player::Human
                    } else {
                        Player::Defender
                    }
                };
                session_intents.write(SessionIntent::NewGame(NewGame {
                    variant: puzzle.variant.clone(),
                    size: puzzle.position.size(),
                    white: side(Side::White),
                    black: side(Side::Black),
                    start: Some(puzzle.position),
                }));
                next.set(Screen::Playing);
                puzzles.active = Some(ActivePuzzle {
                    index,
                    turns_left: puzzle.turns,
                    puzzle,
                    status: PuzzleStatus::Playing,
                });
            }
        }
    }
}

/// The defender's turn: the one that puts off the loss longest.
fn defend(session: Res<GameSession>, mut puzzles: ResMut<Puzzles>) {
    let waiting = puzzles.active.as_ref().is_some_and(|a| {
        a.status != PuzzleStatus::Solved && !matches!(a.status, PuzzleStatus::TakenBack(_))
    });
    if session.player(session.to_move()) != Player::Defender
        || session.turn.is_some()
        || !puzzles.plan.is_empty()
        || !waiting
        || session.outcome.is_some()
    {
        return;
    }
    let solver = puzzles.solver(&session);
    let limits = SolveLimits::time(SOLVER_TIME);
    let Ok(analysis) = solver.analyse(session.position(), &limits, Distances::All, None) else {
        return;
    };
    // Should the solver run out of time, any legal turn keeps the game going.
    let longest = analysis
        .longest_defence()
        .or_else(|| analysis.turns.first().map(|(turn, _)| turn))
        .map(|turn| turn.played());
    if let Some(turn) = longest {
        puzzles.plan = turn_steps(&turn);
        if let Some(active) = &mut puzzles.active
            && let Some(Value::Loss(d)) = analysis.knowledge.value()
        {
            active.turns_left = d.saturating_sub(1);
        }
    }
}

fn play_defence(mut puzzles: ResMut<Puzzles>, mut intents: MessageWriter<CaptureIntent>) {
    if let Some(step) = puzzles.plan.pop_front() {
        intents.write(CaptureIntent(step));
    }
}

/// Each of the player's turns, judged once it ends.
fn judge_turns(
    mut made: MessageReader<CaptureMade>,
    session: Res<GameSession>,
    mut puzzles: ResMut<Puzzles>,
    mut settings: ResMut<Settings>,
    mut session_intents: MessageWriter<SessionIntent>,
) {
    let Some(active) = &puzzles.active else {
        made.clear();
        return;
    };
    let mover = active.puzzle.position.turn;
    let ended = made.read().any(|m| m.turn_over && m.mover == mover);
    if !ended || session.rules.id() != active.puzzle.variant || session.positions.len() < 2 {
        return;
    }
    let solver = puzzles.solver(&session);
    // The turns the win may take from the position the player moved in (so
    // an undo by hand keeps the count right).
    let before: Position = session.positions[session.positions.len() - 2];
    let allowed = match solver.solve(&before, &SolveLimits::time(SOLVER_TIME)) {
        Ok(solved) => match solved.knowledge.value() {
            Some(Value::Win(d)) => d,
            _ => 0,
        },
        Err(_) => 0,
    };
    let verdict = ai::judge(
        &solver,
        session.position(),
        allowed,
        &SolveLimits::time(SOLVER_TIME),
    );
    let Some(active) = &mut puzzles.active else {
        return;
    };
    match verdict {
        Ok(Verdict::OnTrack { turns_left: 0 }) => {
            active.turns_left = 0;
            active.status = PuzzleStatus::Solved;
            let id = active.puzzle.id();
            if !settings.solved_puzzles.contains(&id) {
                settings.solved_puzzles.push(id);
            }
        }
        Ok(Verdict::OnTrack { turns_left }) => {
            active.turns_left = turns_left;
            active.status = PuzzleStatus::Playing;
        }
        Ok(verdict) => {
            let why = match verdict {
                Verdict::TooSlow { wins_in, allowed } => format!(
                    "That still wins, but in {wins_in} turns, and this puzzle wants it in {allowed}. Try again."
                ),
                Verdict::Loses => {
                    "That lets the opponent win: they have a way out. Try again.".to_string()
                }
                _ => "The solver could not judge that turn in time. Try another.".to_string(),
            };
            active.status = PuzzleStatus::TakenBack(why);
            session_intents.write(SessionIntent::Undo);
        }
        Err(e) => active.status = PuzzleStatus::TakenBack(e.to_string()),
    }
}
