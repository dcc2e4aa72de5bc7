//! Computer players, beside the rules engine and, like it, free of Bevy.
//! Every level works for any variant through [`Rules`]'s turn-level API.
//!
//! - `random`: a uniformly random distinct turn;
//! - `greedy`: the turn whose resulting position evaluates best, one turn deep;
//! - `easy`, `medium`, `hard`, `strongest`: iterative-deepening alpha-beta
//!   (negamax) over distinct turns, each level as many turns ahead as the
//!   game's profile says ([`AiProfile::levels`]: by default
//!   `easy` two turns for its four most promising turns only, `medium` two
//!   turns for all, `hard` three), `strongest` as deep as its think time
//!   allows, searching poor-looking turns a turn shallower first to get
//!   there; `medium` and up add a Zobrist-keyed transposition table and
//!   best-move-first ordering.
//!
//! Beside the players: each game's tuning ([`AiProfile`]), whole games
//! played out by computer levels ([`play_out`]) and matches between two
//! levels with their statistics ([`run_match`]).

mod eval;
pub mod learned;
mod matches;
mod profile;
mod puzzles;
pub mod report;
mod scratch_pool;
mod search;
mod selfplay;
mod solver;
pub mod train;
mod transposition;
mod zobrist;

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rand::RngExt;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

use crate::rules::{Position, Rules, Turn, VariantError};

pub use eval::{FORCED, LOSS, evaluate, winning_chance};
pub use matches::{MatchResult, OPENING_TURNS, opening, run_match, run_match_watched};
pub use profile::{
    AiProfile, EvaluationWeights, LevelLookahead, Lookahead, MAX_LOOKAHEAD, attach_profile,
};
pub use puzzles::{
    Band, ParsePuzzleError, Puzzle, PuzzleFileError, Verdict, judge, parse_puzzles, puzzle_at,
};
pub use search::{DEFAULT_TABLE_BYTES, IterativeSearch, SearchConfig, SearchReport, search};
pub use selfplay::{PlayedGame, Players, ThinkTimes, play_levels, play_out, play_random_game};
pub use solver::{
    Analysis, Distances, FoundFn, Knowledge, Progress, ProgressFn, Search, SolveLimits, Solved,
    Solver, SolverConfig, Value, Watch,
};
pub use zobrist::zobrist;

/// The think times a player may set for `strongest` and the hint, in
/// seconds: the settings, the panel's slider and the CLI all keep to it.
pub const THINK_SECONDS: std::ops::RangeInclusive<f32> = 0.1..=10.0;

/// `seconds` of think time, brought into [`THINK_SECONDS`].
pub fn think_time(seconds: f32) -> Duration {
    let seconds = if seconds.is_nan() {
        1.0
    } else {
        seconds.clamp(*THINK_SECONDS.start(), *THINK_SECONDS.end())
    };
    Duration::from_secs_f32(seconds)
}

/// The computer's strength, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Random,
    Greedy,
    Easy,
    Medium,
    Hard,
    Strongest,
}

impl Level {
    pub const ALL: [Level; 6] = [
        Level::Random,
        Level::Greedy,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Strongest,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Strongest => "strongest",
        }
    }

    /// The search this level runs in a game whose levels look as far as
    /// `lookahead` says, given the player's think-time setting (used by
    /// `strongest`); `None` for the levels that do not search.
    pub fn search_config(
        self,
        lookahead: LevelLookahead,
        think_time: Duration,
    ) -> Option<SearchConfig> {
        let config = |ms: u64, look: Lookahead| SearchConfig {
            time: Duration::from_millis(ms),
            max_depth: look.turns,
            table: true,
            // A search of a fixed few turns meets far fewer positions than
            // `strongest`, and a decision should not spend its time
            // clearing memory it never reaches.
            table_bytes: DEFAULT_TABLE_BYTES / 8,
            root_width: look.width,
            reductions: false,
            learned: false,
            width: None,
        };
        // The time budgets are the same in every game; the game spaces its
        // levels by look-ahead (see docs/computer.md, the ladder).
        match self {
            Level::Random | Level::Greedy => None,
            Level::Easy => Some(SearchConfig {
                table: false,
                ..config(100, lookahead.easy)
            }),
            Level::Medium => Some(config(250, lookahead.medium)),
            Level::Hard => Some(config(700, lookahead.hard)),
            Level::Strongest => Some(SearchConfig {
                time: think_time,
                table_bytes: DEFAULT_TABLE_BYTES,
                reductions: lookahead.strongest_reduces,
                learned: true,
                width: lookahead.strongest_width,
                root_width: lookahead.strongest_width.map(|w| 2 * w),
                ..config(0, Lookahead::full(64))
            }),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of [`Level::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLevelError(pub String);

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
        write!(
            f,
            "unknown level `{}` (known: {})",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

/// A chosen turn and how it was found.
#[derive(Clone, Debug)]
pub struct Decision {
    pub turn: Turn,
    pub report: SearchReport,
}

/// Chooses a turn for the side to move; `None` if it has none (it has lost).
/// The same seed gives the same choice for `random` and `greedy` (unless the
/// position's turns take longer than two seconds to list); the search levels
/// are deterministic for a fixed depth but stop on the clock.
pub fn choose(
    rules: &Rules,
    pos: &Position,
    level: Level,
    think_time: Duration,
    seed: u64,
    cancel: &AtomicBool,
) -> Result<Option<Decision>, VariantError> {
    match level {
        Level::Random | Level::Greedy => quick_decision(rules, pos, level, seed, LISTING_BUDGET),
        Level::Strongest => {
            let start = web_time::Instant::now();
            let proof_time = think_time / PROOF_SHARE;
            if worth_proving(pos)
                && let Some(decision) = proven_win(rules, pos, proof_time, Some(cancel))?
            {
                return Ok(Some(decision));
            }
            let config = level
                .search_config(
                    AiProfile::of(rules).levels,
                    think_time.saturating_sub(start.elapsed()),
                )
                .expect("search levels have a config");
            search(rules, pos, &config, cancel)
        }
        _ => {
            let config = level
                .search_config(AiProfile::of(rules).levels, think_time)
                .expect("search levels have a config");
            search(rules, pos, &config, cancel)
        }
    }
}

/// `strongest` (and the hint) first spends this share of its think time
/// trying to prove a win: one of 1/`PROOF_SHARE`.
const PROOF_SHARE: u32 = 5;

/// The most pieces a position may have for `strongest` to try proving a
/// win there first: on 8x8 the solver proves no position of more than 20
/// pieces within a whole second (docs/computer.md, how far the solver
/// reaches), five times the share it gets, so on a fuller board that share
/// goes to the search.
const PROOF_PIECES: u32 = 24;

/// Whether `strongest` gives the solver its share of the think time in
/// `pos`: whether it has at most 24 pieces, the most a proof within that
/// share can reach.
pub fn worth_proving(pos: &Position) -> bool {
    pos.ours().count() + pos.theirs().count() <= PROOF_PIECES
}

/// The solver's table for a decision: small, since a proof that fits in a
/// fifth of a think time meets few positions.
pub const PROOF_TABLE_BYTES: usize = 16 << 20;

/// A proven winning turn (the fastest known), if the solver finds one in
/// `time`.
fn proven_win(
    rules: &Rules,
    pos: &Position,
    time: Duration,
    cancel: Option<&AtomicBool>,
) -> Result<Option<Decision>, VariantError> {
    Ok(proven_turn(rules, pos, time, cancel, PROOF_TABLE_BYTES)?.filter(|d| d.report.score > 0))
}

/// What the solver proves of a position within `time` (and `cancel`), with
/// tables of `table_bytes`: the fastest winning turn, or, when every turn
/// loses, the one that holds out longest, each with its forced score (as
/// the search writes a forced result); `None` while neither is proven.
pub fn proven_turn(
    rules: &Rules,
    pos: &Position,
    time: Duration,
    cancel: Option<&AtomicBool>,
    table_bytes: usize,
) -> Result<Option<Decision>, VariantError> {
    let start = web_time::Instant::now();
    let solver = Solver::new(
        rules,
        SolverConfig {
            table_bytes,
            threads: 1,
            ..SolverConfig::default()
        },
    );
    let limits = SolveLimits {
        deadline: Some(start + time),
        cancel,
        ..SolveLimits::default()
    };
    let analysis = solver.analyse(pos, &limits, Distances::Winning, None)?;
    let report = |score| SearchReport {
        score,
        depth: 0,
        nodes: analysis.positions,
        elapsed_ms: start.elapsed().as_millis() as u64,
    };
    if let Some((turn, knowledge)) = analysis.best_win() {
        return Ok(Some(Decision {
            turn: turn.clone(),
            report: report(proven_score(knowledge)),
        }));
    }
    if analysis.knowledge.wins() == Some(false) {
        // Only bounds are sought for the losing turns (exact lengths would
        // be a search each): the turn whose loss is known to last longest.
        let defence = analysis
            .turns
            .iter()
            .filter(|(_, k)| k.wins() == Some(false))
            .max_by_key(|(_, k)| k.bounds().0);
        if let Some((turn, _)) = defence {
            let least = analysis
                .knowledge
                .turns_between()
                .map_or(0, |(least, _)| least);
            return Ok(Some(Decision {
                turn: turn.clone(),
                report: report(LOSS + least as i32),
            }));
        }
    }
    Ok(None)
}

/// A proven win as the search reports a forced one: the further the win, the
/// lower the score.
fn proven_score(knowledge: Knowledge) -> i32 {
    let most = knowledge.turns_between().map_or(0, |(_, most)| most);
    -LOSS - most as i32
}

/// How long `random` and `greedy` may spend listing a position's turns on a
/// host with threads. A few Tumburrow positions have over 100,000 distinct
/// turns and take seconds to list; there they build a turn step by step.
const LISTING_BUDGET: Duration = Duration::from_secs(2);

/// The longest `random` or `greedy` may hold a thread-less host at once.
const QUICK_BUDGET: Duration = Duration::from_millis(50);

/// `random` or `greedy` within `budget`: a uniformly random distinct turn,
/// or one of the turns whose results evaluate best (ties broken by the
/// seed), when the position's turns can be listed in time; otherwise a
/// random legal turn built capture by capture.
fn quick_decision(
    rules: &Rules,
    pos: &Position,
    level: Level,
    seed: u64,
    budget: Duration,
) -> Result<Option<Decision>, VariantError> {
    let deadline = web_time::Instant::now() + budget;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut stop = || web_time::Instant::now() >= deadline;
    let decided = |turn, score| Decision {
        turn,
        report: SearchReport {
            score,
            depth: u32::from(level == Level::Greedy),
            ..SearchReport::default()
        },
    };
    let Some(turns) = rules.turns_until(pos, &mut stop)? else {
        let turn = search::turn_by_steps(rules, pos, &mut |n| rng.random_range(0..n))?;
        return Ok(turn.map(|t| decided(t, 0)));
    };
    if level != Level::Greedy {
        return Ok(turns.choose(&mut rng).cloned().map(|t| decided(t, 0)));
    }
    // The opponent's view of each result, lower is better for us.
    let weights = AiProfile::of(rules).evaluation;
    let scored: Vec<(i32, &Turn)> = turns
        .iter()
        .map(|t| (-eval::evaluate_with(rules, weights, &t.result), t))
        .collect();
    let Some(best) = scored.iter().map(|s| s.0).max() else {
        return Ok(None);
    };
    let top: Vec<&Turn> = scored.iter().filter(|s| s.0 == best).map(|s| s.1).collect();
    Ok(top.choose(&mut rng).map(|t| decided((*t).clone(), best)))
}

/// A decision made a little at a time, for hosts without threads (the web
/// build): [`Thinker::think_for`] runs a slice of the search each frame.
/// `random` and `greedy` decide at once, within 50 ms; the search levels
/// spread their think time over slices and play what they have when it runs
/// out.
pub struct Thinker {
    state: ThinkerState,
}

enum ThinkerState {
    Decided(Option<Decision>),
    /// `strongest` first tries to prove a win, until `until`.
    Proving {
        solver: Box<Solver>,
        pos: Position,
        until: web_time::Instant,
        config: SearchConfig,
    },
    Searching(Box<IterativeSearch<'static>>),
}

impl Thinker {
    pub fn new(
        rules: &Rules,
        pos: &Position,
        level: Level,
        think_time: Duration,
        seed: u64,
    ) -> Result<Thinker, VariantError> {
        let state = match level.search_config(AiProfile::of(rules).levels, think_time) {
            Some(config) if level == Level::Strongest && worth_proving(pos) => {
                let proof_time = think_time / PROOF_SHARE;
                ThinkerState::Proving {
                    solver: Box::new(Solver::new(
                        rules,
                        SolverConfig {
                            table_bytes: PROOF_TABLE_BYTES,
                            threads: 1,
                            ..SolverConfig::default()
                        },
                    )),
                    pos: *pos,
                    until: web_time::Instant::now() + proof_time,
                    config: SearchConfig {
                        time: think_time.saturating_sub(proof_time),
                        ..config
                    },
                }
            }
            Some(config) => {
                ThinkerState::Searching(Box::new(IterativeSearch::new(rules, pos, &config, None)?))
            }
            None => ThinkerState::Decided(quick_decision(rules, pos, level, seed, QUICK_BUDGET)?),
        };
        Ok(Thinker { state })
    }

    /// Thinks for about `slice`; returns the decision once there is one.
    pub fn think_for(&mut self, slice: Duration) -> Result<Option<Option<Decision>>, VariantError> {
        if let ThinkerState::Proving {
            solver,
            pos,
            until,
            config,
        } = &self.state
        {
            let now = web_time::Instant::now();
            let limits = SolveLimits {
                deadline: Some((now + slice).min(*until)),
                ..SolveLimits::default()
            };
            // The proof table keeps each slice's work for the next.
            let analysis = solver.analyse(pos, &limits, Distances::Winning, None)?;
            if let Some((turn, knowledge)) = analysis.best_win() {
                let report = SearchReport {
                    score: proven_score(knowledge),
                    ..SearchReport::default()
                };
                return Ok(Some(Some(Decision {
                    turn: turn.clone(),
                    report,
                })));
            }
            if analysis.stopped && web_time::Instant::now() < *until {
                return Ok(None);
            }
            let search = IterativeSearch::new(solver.rules(), pos, config, None)?;
            self.state = ThinkerState::Searching(Box::new(search));
            return Ok(None);
        }
        if let ThinkerState::Searching(search) = &mut self.state {
            let until = web_time::Instant::now() + slice;
            if !search.run_until(until)? {
                return Ok(None);
            }
        }
        let state = std::mem::replace(&mut self.state, ThinkerState::Decided(None));
        Ok(Some(match state {
            ThinkerState::Decided(decision) => decision,
            ThinkerState::Searching(search) => search.into_decision(),
            ThinkerState::Proving { .. } => unreachable!("a proof stage returns above"),
        }))
    }
}
