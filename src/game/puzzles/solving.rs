//! Puzzles: positions the solver proves a win for the side to move ("White
//! to move wins in 5 turns"), played against the solver's best defence.
//! The player's every turn is judged by the solver: one that keeps the win
//! within the turns left plays on, one that wins too slowly or lets the
//! opponent win is explained and taken back. Solved puzzles are kept with
//! the settings. The solver's defence and judgements are background jobs:
//! the window keeps drawing while it works.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use bevy::prelude::*;
use tracing::error;
use web_time::{Duration, Instant};

use crate::ai::{self, Distances, Puzzle, SolveLimits, Solver, SolverConfig, Value, Verdict};
use crate::rules::{PlayedTurn, Position, Side, VariantError};

use crate::game::platform::background::{Background, Job, Step, Work};
use crate::game::play::{BoardReset, CaptureMade, Game, GameIntent, GameMode, NewGame, Player};
use crate::game::play::{PlannedTurn, PlaysPlannedTurn};
use crate::game::screens::{InGame, Phase};
use crate::game::sets::GameSet;
use crate::game::settings::Settings;

/// The puzzles the game ships, found and proven by `burrow puzzles`.
pub const PUZZLES: &str = include_str!("../../../assets/puzzles.txt");

pub(super) fn plugin(app: &mut App) {
    let all = ai::parse_puzzles(PUZZLES).unwrap_or_else(|e| {
        error!("the shipped puzzles do not read: {e}");
        Vec::new()
    });
    app.insert_resource(Puzzles {
        all,
        active: None,
        defending: None,
        judging: None,
        solver: None,
    })
    .add_message::<PuzzleIntent>()
    .add_systems(Update, start_puzzles.in_set(GameSet::Input))
    .add_systems(
        Update,
        (defend.run_if(in_state(Phase::ComputerToMove)), play_defence)
            .chain()
            .in_set(GameSet::Input)
            .before(PlaysPlannedTurn)
            .run_if(in_state(InGame)),
    )
    .add_systems(
        Update,
        (start_judging, apply_verdicts, forget_on_reset)
            .chain()
            .in_set(GameSet::Sync),
    );
}

/// Intent: play a puzzle (its index in [`Puzzles::all`]). A game of
/// another mode started later ends it.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleIntent {
    Start(usize),
    /// Take back the refuted turn on the board and try again.
    TakeBack,
}

/// How the puzzle on the board is going.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleStatus {
    Playing,
    Solved,
    /// The last turn was taken back; why.
    TakenBack(String),
    /// The last turn lets the opponent win: it stays on the board with
    /// the opponent's winning reply drawn on it (`why` says so) until the
    /// player takes it back.
    Refuted {
        why: String,
        reply: PlayedTurn,
    },
}

impl ActivePuzzle {
    /// The opponent's winning reply to show on the board, if the last
    /// turn was refuted.
    pub fn refutation(&self) -> Option<&PlayedTurn> {
        match &self.status {
            PuzzleStatus::Refuted { reply, .. } => Some(reply),
            _ => None,
        }
    }
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
    /// The solver choosing the defender's turn.
    defending: Option<Job<Option<Defence>>>,
    /// The solver judging the player's last turn.
    judging: Option<Job<Result<Verdict, VariantError>>>,
    solver: Option<Arc<Solver>>,
}

impl Puzzles {
    /// Whether the solver is judging the player's last turn.
    pub fn is_judging(&self) -> bool {
        self.judging.is_some()
    }

    /// Whether the solver is at work (judging or choosing a defence).
    pub fn is_busy(&self) -> bool {
        self.judging.is_some() || self.defending.is_some()
    }

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

    fn solver(&mut self, game: &Game) -> Arc<Solver> {
        match &self.solver {
            Some(s) if s.rules().id() == game.rules().id() => s.clone(),
            _ => {
                let solver = Arc::new(Solver::new(
                    game.rules(),
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

/// Limits for one step of a solver job: its slice (none on a worker
/// thread) but no later than `until`.
fn step_limits<'a>(
    slice: Option<Duration>,
    until: Instant,
    cancel: &'a AtomicBool,
) -> SolveLimits<'a> {
    let deadline = slice.map_or(until, |slice| (Instant::now() + slice).min(until));
    SolveLimits {
        deadline: Some(deadline),
        cancel: Some(cancel),
        ..SolveLimits::default()
    }
}

/// The defender's answer: the turn that puts off the loss longest, and the
/// turns the win may then still take.
struct Defence {
    turn: PlayedTurn,
    turns_left: Option<u32>,
}

/// Finding the defence, as background work.
struct Defend {
    solver: Arc<Solver>,
    position: Position,
    until: Instant,
}

impl Work for Defend {
    type Output = Option<Defence>;

    fn step(&mut self, slice: Option<Duration>, cancel: &AtomicBool) -> Step<Option<Defence>> {
        let limits = step_limits(slice, self.until, cancel);
        let Ok(analysis) = self
            .solver
            .analyse(&self.position, &limits, Distances::All, None)
        else {
            return Step::Done(None);
        };
        // The proof table keeps a slice's work for the next one.
        if analysis.stopped && Instant::now() < self.until {
            return Step::Working;
        }
        // Should the solver run out of time, any legal turn keeps the game going.
        let turn = analysis
            .longest_defence()
            .or_else(|| analysis.turns.first().map(|(turn, _)| turn))
            .map(|turn| turn.played());
        let turns_left = match analysis.knowledge.value() {
            Some(Value::Loss(d)) => Some(d.saturating_sub(1)),
            _ => None,
        };
        Step::Done(turn.map(|turn| Defence { turn, turns_left }))
    }
}

/// Judging one of the player's turns, as background work: first how many
/// turns the win could take from the position the player moved in (so an
/// undo by hand keeps the count right), then what the turn left.
struct Judge {
    solver: Arc<Solver>,
    before: Position,
    after: Position,
    allowed: Option<u32>,
    until: Instant,
}

impl Work for Judge {
    type Output = Result<Verdict, VariantError>;

    fn step(&mut self, slice: Option<Duration>, cancel: &AtomicBool) -> Step<Self::Output> {
        let limits = step_limits(slice, self.until, cancel);
        let out_of_time = || Instant::now() >= self.until;
        let allowed = match self.allowed {
            Some(allowed) => allowed,
            None => {
                let allowed = match self.solver.solve(&self.before, &limits) {
                    Ok(solved) if solved.stopped && !out_of_time() => return Step::Working,
                    Ok(solved) => match solved.knowledge.value() {
                        Some(Value::Win(d)) => d,
                        _ => 0,
                    },
                    Err(_) => 0,
                };
                self.allowed = Some(allowed);
                self.until = Instant::now() + SOLVER_TIME;
                return Step::Working;
            }
        };
        match ai::judge(&self.solver, &self.after, allowed, &limits) {
            Ok(Verdict::Unknown | Verdict::Loses { reply: None }) if !out_of_time() => {
                Step::Working
            }
            verdict => Step::Done(verdict),
        }
    }
}

fn start_puzzles(
    mut intents: MessageReader<PuzzleIntent>,
    mut puzzles: ResMut<Puzzles>,
    mut game_intents: MessageWriter<GameIntent>,
) {
    for intent in intents.read() {
        if matches!(intent, PuzzleIntent::Start(_)) {
            puzzles.defending = None;
            puzzles.judging = None;
        }
        match *intent {
            PuzzleIntent::TakeBack => {
                if let Some(active) = &mut puzzles.active
                    && active.refutation().is_some()
                {
                    active.status = PuzzleStatus::Playing;
                    game_intents.write(GameIntent::Undo);
                }
            }
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
                game_intents.write(GameIntent::NewGame(NewGame {
                    variant: puzzle.variant.clone(),
                    size: puzzle.position.size(),
                    white: side(Side::White),
                    black: side(Side::Black),
                    start: Some(puzzle.position),
                    mode: GameMode::Puzzle(index),
                }));
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

/// The defender's turn: the solver looks for the one that puts off the
/// loss longest.
fn defend(
    game: Res<Game>,
    background: Res<Background>,
    planned: Res<PlannedTurn>,
    mut puzzles: ResMut<Puzzles>,
) {
    let waiting = puzzles
        .active
        .as_ref()
        .is_some_and(|a| a.status == PuzzleStatus::Playing);
    if game.player(game.to_move()) != Player::Defender
        || game.turn().is_some()
        || !planned.is_idle()
        || puzzles.is_busy()
        || !waiting
        || game.outcome().is_some()
    {
        return;
    }
    let solver = puzzles.solver(&game);
    puzzles.defending = Some(background.start(Defend {
        solver,
        position: *game.position(),
        until: Instant::now() + SOLVER_TIME,
    }));
}

/// Plays the defence once the solver has chosen it.
fn play_defence(mut puzzles: ResMut<Puzzles>, mut planned: ResMut<PlannedTurn>) {
    let Some(job) = puzzles.defending.as_mut() else {
        return;
    };
    let Step::Done(defence) = job.poll() else {
        return;
    };
    puzzles.defending = None;
    let Some(defence) = defence else {
        return;
    };
    planned.play(&defence.turn);
    if let (Some(active), Some(left)) = (&mut puzzles.active, defence.turns_left) {
        active.turns_left = left;
    }
}

/// Each of the player's turns goes to the solver to be judged once it ends.
fn start_judging(
    mut made: MessageReader<CaptureMade>,
    game: Res<Game>,
    background: Res<Background>,
    mut puzzles: ResMut<Puzzles>,
) {
    let Some(active) = &puzzles.active else {
        made.clear();
        return;
    };
    let mover = active.puzzle.position.turn;
    let ended = made.read().any(|m| m.turn_over && m.mover == mover);
    if !ended || game.rules().id() != active.puzzle.variant || game.positions().len() < 2 {
        return;
    }
    let solver = puzzles.solver(&game);
    puzzles.judging = Some(background.start(Judge {
        solver,
        before: game.positions()[game.positions().len() - 2],
        after: *game.position(),
        allowed: None,
        until: Instant::now() + SOLVER_TIME,
    }));
}

/// The solver's verdict on the player's turn: play on, solved, or taken
/// back with the reason.
fn apply_verdicts(
    mut puzzles: ResMut<Puzzles>,
    mut settings: ResMut<Settings>,
    mut game_intents: MessageWriter<GameIntent>,
) {
    let Some(job) = puzzles.judging.as_mut() else {
        return;
    };
    let Step::Done(verdict) = job.poll() else {
        return;
    };
    puzzles.judging = None;
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
        Ok(Verdict::Loses { reply: Some(reply) }) => {
            let them = active.puzzle.position.turn.opponent();
            active.status = PuzzleStatus::Refuted {
                why: format!(
                    "That lets the opponent win: {them} answers {reply} (drawn on the board) and wins. Take it back and try again."
                ),
                reply,
            };
        }
        Ok(verdict) => {
            let why = match verdict {
                Verdict::TooSlow { wins_in, allowed } => format!(
                    "That still wins, but in {wins_in} turns, and this puzzle wants it in {allowed}. Try again."
                ),
                Verdict::Loses { reply: None } => {
                    "That lets the opponent win: they have a way out. Try again.".to_string()
                }
                _ => "The solver could not judge that turn in time. Try another.".to_string(),
            };
            active.status = PuzzleStatus::TakenBack(why);
            game_intents.write(GameIntent::Undo);
        }
        Err(e) => active.status = PuzzleStatus::TakenBack(e.to_string()),
    }
}

/// A board reset (undo, a new game) makes the solver's work in progress
/// stale; a judgement's own undo comes after its verdict, so it is not lost.
/// A reset drops the solver's work; a game of another mode (a new game, a
/// record, a lesson, an online table) ends the puzzle.
fn forget_on_reset(
    mut resets: MessageReader<BoardReset>,
    game: Res<Game>,
    mut puzzles: ResMut<Puzzles>,
) {
    if resets.read().count() > 0 {
        puzzles.defending = None;
        puzzles.judging = None;
        if let Some(active) = &mut puzzles.active
            && active.refutation().is_some()
        {
            active.status = PuzzleStatus::Playing;
        }
        let index = puzzles.active.as_ref().map(|a| a.index);
        if index.is_some_and(|i| *game.mode() != GameMode::Puzzle(i)) {
            puzzles.active = None;
        }
    }
}
