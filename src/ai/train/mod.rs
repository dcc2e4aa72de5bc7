//! Learning a game's evaluation by self-play, generation by generation.
//!
//! A generation:
//! 1. **plays** [`TrainConfig::games`] games of the current weights against
//!    themselves, each from a few random turns, a fixed-depth search
//!    choosing every turn (with a small share of random turns early on, so
//!    the games differ), and keeps every position it met with two labels:
//!    who went on to win, and what the search thought of it;
//! 2. **fits** a candidate: the weights of a logistic model of the chance
//!    of winning over the inputs ([`super::learned::features`]), from the
//!    current ones, on the positions of this generation and the last, the
//!    target a blend of the result and the search's opinion
//!    ([`TrainConfig::result_share`]);
//! 3. **measures** the candidate against the current weights
//!    ([`TrainConfig::match_games`] games in pairs from the same openings,
//!    the same search on each side), and keeps it if it scored at least
//!    half.
//!
//! Where the solver proves a position within [`TrainConfig::exact_positions`]
//! (endgames, and every position of a small board), its exact value is the
//! target instead.
//!
//! Every game of a generation is a function of the seed, the generation
//! and its number, so a run is repeatable and the games can be shared among
//! threads in any order ([`Trainer::run_generation`]) or played a turn at
//! a time between frames ([`Trainer::step`]). What a run has learnt after each
//! generation is a small [`Checkpoint`] to resume from.

mod fit;
mod games;

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use serde::{Deserialize, Serialize};
use web_time::Duration;

use crate::rules::{BoardSize, Rules, VariantError};

use super::learned::{FEATURES, Weights, rules_fingerprint};
use super::profile::AiProfile;

pub use fit::Sample;

/// How a training run plays and learns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrainConfig {
    /// The board the games are played on.
    pub files: u8,
    pub ranks: u8,
    /// Self-play games a generation.
    pub games: u32,
    /// Games of each generation's candidate against the current weights.
    pub match_games: u32,
    /// Turns the search looks ahead in every game.
    pub depth: u32,
    /// The most a search may think about one turn, in milliseconds (a cap
    /// for heavy positions; the games stay repeatable while no search
    /// reaches it, nor half of it listing a position's turns).
    pub think_ms: u64,
    /// How much of a position's target is the game's result (the rest is
    /// what the search thought of it), 0 to 1.
    pub result_share: f64,
    /// The solver's budget for each position, in positions searched: a
    /// position it proves within it gets its exact value as its target (0:
    /// none is tried). A budget of positions, not of time, keeps runs
    /// repeatable.
    pub exact_positions: u64,
    pub seed: u64,
}

impl TrainConfig {
    /// The defaults for `rules`: searches two turns deep (one in a game
    /// whose turn lists are huge). A built-in game or a mod trains on its
    /// usual board; a design on the board the designer tries it on (6x6,
    /// or the nearest it has) with fewer games a generation, so that a
    /// generation takes a minute or two on a laptop and the page.
    pub fn for_game(rules: &Rules) -> TrainConfig {
        let heavy = AiProfile::of(rules).levels.hard.turns > 3;
        let design = rules.variant().design().is_some();
        let size = if design {
            rules
                .sizes()
                .nearest(BoardSize::new(6, 6).unwrap_or(BoardSize::STANDARD))
        } else {
            rules.usual_size()
        };
        TrainConfig {
            files: size.files(),
            ranks: size.ranks(),
            games: if design { 32 } else { 64 },
            match_games: if design { 16 } else { 32 },
            depth: if heavy { 1 } else { 2 },
            think_ms: if design { 500 } else { 2_000 },
            result_share: 0.5,
            exact_positions: if design { 2_000 } else { 20_000 },
            seed: 1,
        }
    }

    /// The board, if the game is played on it.
    pub fn size(&self) -> Option<BoardSize> {
        BoardSize::new(self.files, self.ranks)
    }
}

/// What one generation came to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GenerationReport {
    /// Counting from 1.
    pub generation: u32,
    /// Positions the candidate was fitted on.
    pub positions: usize,
    /// The fit's mean log loss before and after (lower is better).
    pub loss_before: f64,
    pub loss_after: f64,
    /// The candidate's wins out of `games` against the weights before it.
    pub wins: u64,
    pub games: u64,
    /// Whether the candidate became the current weights.
    pub kept: bool,
    /// The candidate's wins out of `games` against the hand-set
    /// evaluation (today's levels' judgement), the same search on each
    /// side.
    pub hand_wins: u64,
}

impl GenerationReport {
    /// The candidate's score against the weights before it, 0 to 1.
    pub fn score(&self) -> f64 {
        self.wins as f64 / self.games.max(1) as f64
    }

    /// Wilson's 95% interval around the score.
    pub fn interval(&self) -> (f64, f64) {
        super::MatchResult {
            wins: self.wins,
            losses: self.games - self.wins,
            ..Default::default()
        }
        .interval()
    }

    /// The Elo difference the score means (clamped at ±800 for a clean
    /// sweep), with the interval's ends.
    pub fn elo(&self) -> (f64, f64, f64) {
        let (low, high) = self.interval();
        (elo(self.score()), elo(low), elo(high))
    }

    /// The candidate's score against the hand-set evaluation, with Wilson's
    /// 95% interval.
    pub fn hand_score(&self) -> (f64, f64, f64) {
        let result = super::MatchResult {
            wins: self.hand_wins,
            losses: self.games - self.hand_wins,
            ..Default::default()
        };
        let (low, high) = result.interval();
        (result.score(), low, high)
    }
}

/// The Elo difference a score means, within ±800.
pub fn elo(score: f64) -> f64 {
    let s = score.clamp(0.01, 0.99);
    (-400.0 * (1.0 / s - 1.0).log10()).clamp(-800.0, 800.0)
}

/// The version of [`Checkpoint`]'s layout.
const CHECKPOINT_VERSION: u32 = 1;

/// What a run has learnt, after each finished generation: enough to resume
/// it exactly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    pub version: u32,
    pub game: String,
    pub fingerprint: u64,
    pub config: TrainConfig,
    /// Generations finished.
    pub generation: u32,
    /// The current weights, unrounded: full board, then emptied board.
    pub weights: Vec<f64>,
    pub reports: Vec<GenerationReport>,
}

/// Why training cannot start or resume.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    #[error(transparent)]
    Variant(#[from] VariantError),
    #[error("the game is not played on a {files}x{ranks} board")]
    Size { files: u8, ranks: u8 },
    #[error(
        "the checkpoint is of layout version {0}; this version of Burrow reads {CHECKPOINT_VERSION}"
    )]
    CheckpointVersion(u32),
    #[error("the checkpoint is for the game `{checkpoint}`, not `{game}`")]
    OtherGame { checkpoint: String, game: String },
    #[error("the checkpoint was made under other rules of `{0}` (the design has changed)")]
    OtherRules(String),
    #[error("the checkpoint holds {found} weights where {expected} are needed")]
    WeightCount { found: usize, expected: usize },
}

/// What a generation has done so far: its games' positions, the candidate
/// once fitted, and its match.
#[derive(Default)]
struct Underway {
    samples: Vec<Option<Vec<Sample>>>,
    candidate: Option<(Vec<f64>, f64, f64, usize)>,
    results: Vec<Option<bool>>,
    /// The game [`Trainer::step`] is playing a turn at a time, with its
    /// slot.
    playing: Option<(usize, Playing)>,
}

/// A game of a generation under way.
enum Playing {
    SelfPlay(Box<games::SelfPlay>),
    Match(Box<games::MatchGame>),
}

/// A training run of one game.
pub struct Trainer {
    rules: Rules,
    size: BoardSize,
    state: Checkpoint,
    /// The last finished generation's positions (fitted again with the
    /// next one's).
    previous: Vec<Sample>,
    underway: Underway,
}

impl Trainer {
    /// A new run, from the weights that score as the hand-set evaluation
    /// does.
    pub fn new(rules: &Rules, config: TrainConfig) -> Result<Trainer, TrainError> {
        let hand = AiProfile::of(rules).evaluation;
        let start = Weights::from_hand(rules.id(), 0, hand.material, hand.mobility);
        let weights = fit::unrounded(&start);
        Trainer::resume(
            rules,
            Checkpoint {
                version: CHECKPOINT_VERSION,
                game: rules.id().to_string(),
                fingerprint: rules_fingerprint(rules),
                config,
                generation: 0,
                weights,
                reports: Vec::new(),
            },
        )
    }

    /// A run picked up where its checkpoint left it.
    pub fn resume(rules: &Rules, checkpoint: Checkpoint) -> Result<Trainer, TrainError> {
        if checkpoint.version != CHECKPOINT_VERSION {
            return Err(TrainError::CheckpointVersion(checkpoint.version));
        }
        if checkpoint.game != rules.id() {
            return Err(TrainError::OtherGame {
                checkpoint: checkpoint.game,
                game: rules.id().to_string(),
            });
        }
        if checkpoint.fingerprint != rules_fingerprint(rules) {
            return Err(TrainError::OtherRules(checkpoint.game));
        }
        if checkpoint.weights.len() != 2 * FEATURES {
            return Err(TrainError::WeightCount {
                found: checkpoint.weights.len(),
                expected: 2 * FEATURES,
            });
        }
        let config = &checkpoint.config;
        let size = config
            .size()
            .filter(|&s| rules.check_size(s).is_ok())
            .ok_or(TrainError::Size {
                files: config.files,
                ranks: config.ranks,
            })?;
        Ok(Trainer {
            rules: rules.clone(),
            size,
            state: checkpoint,
            previous: Vec::new(),
            underway: Underway::default(),
        })
    }

    pub fn checkpoint(&self) -> &Checkpoint {
        &self.state
    }

    pub fn config(&self) -> &TrainConfig {
        &self.state.config
    }

    /// Generations finished.
    pub fn generation(&self) -> u32 {
        self.state.generation
    }

    /// The current weights, as the search uses them.
    pub fn weights(&self) -> Weights {
        fit::rounded(&self.rules, &self.state.weights)
    }

    /// The games of one generation (its self-play and its two matches):
    /// the units the progress counts.
    pub fn units(&self) -> u64 {
        u64::from(self.state.config.games) + 2 * u64::from(self.state.config.match_games)
    }

    /// The units of this generation done so far.
    pub fn units_done(&self) -> u64 {
        let u = &self.underway;
        (u.samples.iter().flatten().count() + u.results.iter().flatten().count()) as u64
    }

    /// Does one step of the generation underway: one turn of one of its
    /// games (the fit comes with the first turn of the match). Returns the
    /// generation's report when it ends. A game's turns are the same
    /// whether it is played here or by [`Trainer::run_generation`].
    pub fn step(&mut self) -> Result<Option<GenerationReport>, VariantError> {
        self.prepare();
        if self.underway.playing.is_none() {
            self.underway.playing = self.next_game()?;
        }
        let config = &self.state.config;
        let underway = &mut self.underway;
        match &mut underway.playing {
            Some((i, Playing::SelfPlay(game))) => {
                if let Some(samples) = game.step(config)? {
                    underway.samples[*i] = Some(samples);
                    underway.playing = None;
                }
                Ok(None)
            }
            Some((i, Playing::Match(game))) => {
                if let Some(won) = game.step(config)? {
                    underway.results[*i] = Some(won);
                    underway.playing = None;
                }
                Ok(None)
            }
            None => Ok(Some(self.finish_generation())),
        }
    }

    /// The generation's first game not yet played, at its start (the
    /// candidate fitted once every self-play game is in); `None` when every
    /// game is.
    fn next_game(&mut self) -> Result<Option<(usize, Playing)>, VariantError> {
        let config = &self.state.config;
        if let Some(i) = self.underway.samples.iter().position(Option::is_none) {
            let current = fit::rounded(&self.rules, &self.state.weights);
            let game = games::SelfPlay::new(
                &self.rules,
                self.size,
                config,
                &current,
                self.state.generation,
                i,
            )?;
            return Ok(Some((i, Playing::SelfPlay(Box::new(game)))));
        }
        self.fit_candidate();
        let Some(i) = self.underway.results.iter().position(Option::is_none) else {
            return Ok(None);
        };
        Ok(Some((i, Playing::Match(Box::new(self.match_game(i)?)))))
    }

    /// Plays the rest of the generation underway on `threads` threads (the
    /// same games as [`Trainer::step`] would), calling `done` with the
    /// units done after each; `None` if `cancel` stopped it (the
    /// generation's games so far are kept for the next call).
    pub fn run_generation(
        &mut self,
        threads: usize,
        cancel: &AtomicBool,
        done: &(dyn Fn(u64) + Sync),
    ) -> Result<Option<GenerationReport>, VariantError> {
        self.prepare();
        // A game [`Trainer::step`] left half played is played whole here.
        self.underway.playing = None;
        let current = fit::rounded(&self.rules, &self.state.weights);
        let (rules, size, config, generation) = (
            &self.rules,
            self.size,
            &self.state.config,
            self.state.generation,
        );
        let count = AtomicU64::new(self.units_done());
        let samples = Mutex::new(std::mem::take(&mut self.underway.samples));
        parallel(threads, config.games as usize, cancel, &|i| {
            if samples.lock().expect("no panic holding it")[i].is_some() {
                return Ok(());
            }
            let played = games::SelfPlay::new(rules, size, config, &current, generation, i)?
                .play_out(config)?;
            samples.lock().expect("no panic holding it")[i] = Some(played);
            done(count.fetch_add(1, Ordering::Relaxed) + 1);
            Ok(())
        })?;
        self.underway.samples = samples.into_inner().expect("threads are done");
        if cancel.load(Ordering::Relaxed) {
            return Ok(None);
        }
        self.fit_candidate();
        let results = Mutex::new(std::mem::take(&mut self.underway.results));
        let this = &*self;
        parallel(
            threads,
            2 * this.state.config.match_games as usize,
            cancel,
            &|i| {
                if results.lock().expect("no panic holding it")[i].is_some() {
                    return Ok(());
                }
                let won = this.match_game(i)?.play_out(&this.state.config)?;
                results.lock().expect("no panic holding it")[i] = Some(won);
                done(count.fetch_add(1, Ordering::Relaxed) + 1);
                Ok(())
            },
        )?;
        self.underway.results = results.into_inner().expect("threads are done");
        if cancel.load(Ordering::Relaxed) {
            return Ok(None);
        }
        Ok(Some(self.finish_generation()))
    }

    /// Sets up the generation's slots if it has just begun.
    fn prepare(&mut self) {
        let config = &self.state.config;
        if self.underway.samples.is_empty() {
            self.underway.samples = vec![None; config.games as usize];
            self.underway.results = vec![None; 2 * config.match_games as usize];
        }
    }

    /// Fits the candidate once every self-play game is in.
    fn fit_candidate(&mut self) {
        if self.underway.candidate.is_some() {
            return;
        }
        let mut samples: Vec<Sample> = self.previous.clone();
        samples.extend(self.underway.samples.iter().flatten().flatten().copied());
        let (weights, before, after) = fit::fit(&self.state.weights, &samples);
        self.underway.candidate = Some((weights, before, after, samples.len()));
    }

    /// Game `i` of the candidate's matches (the first `match_games`
    /// against the current weights, the rest against the hand-set
    /// evaluation), at its start.
    fn match_game(&self, i: usize) -> Result<games::MatchGame, VariantError> {
        let (candidate, ..) = self.underway.candidate.as_ref().expect("fitted first");
        let candidate = fit::rounded(&self.rules, candidate);
        let games = self.state.config.match_games as usize;
        let opponent = if i < games {
            fit::rounded(&self.rules, &self.state.weights)
        } else {
            let hand = AiProfile::of(&self.rules).evaluation;
            Weights {
                fingerprint: rules_fingerprint(&self.rules),
                ..Weights::from_hand(self.rules.id(), 0, hand.material, hand.mobility)
            }
        };
        games::MatchGame::new(
            &self.rules,
            self.size,
            &self.state.config,
            [&candidate, &opponent],
            self.state.generation,
            i % games.max(1),
        )
    }

    fn finish_generation(&mut self) -> GenerationReport {
        let underway = std::mem::take(&mut self.underway);
        let (weights, loss_before, loss_after, positions) =
            underway.candidate.expect("fitted before the match");
        let games = self.state.config.match_games as usize;
        let (previous, hand) = underway.results.split_at(games.min(underway.results.len()));
        let wins = previous.iter().flatten().filter(|&&w| w).count() as u64;
        let hand_wins = hand.iter().flatten().filter(|&&w| w).count() as u64;
        let games = games as u64;
        let kept = 2 * wins >= games;
        self.state.generation += 1;
        let report = GenerationReport {
            generation: self.state.generation,
            positions,
            loss_before,
            loss_after,
            wins,
            games,
            kept,
            hand_wins,
        };
        if kept {
            self.state.weights = weights;
        }
        self.previous = underway.samples.into_iter().flatten().flatten().collect();
        self.state.reports.push(report.clone());
        report
    }
}

/// Runs `work(i)` for every `i` below `count` on `threads` threads (inline
/// with one), stopping early once `cancel` is set.
fn parallel(
    threads: usize,
    count: usize,
    cancel: &AtomicBool,
    work: &(dyn Fn(usize) -> Result<(), VariantError> + Sync),
) -> Result<(), VariantError> {
    let next = AtomicU64::new(0);
    let run = || -> Result<(), VariantError> {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed) as usize;
            if i >= count || cancel.load(Ordering::Relaxed) {
                return Ok(());
            }
            work(i)?;
        }
    };
    if threads <= 1 {
        return run();
    }
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads).map(|_| scope.spawn(run)).collect();
        workers
            .into_iter()
            .try_for_each(|w| w.join().expect("a training thread panicked"))
    })
}

/// The think time cap of a config.
fn think(config: &TrainConfig) -> Duration {
    Duration::from_millis(config.think_ms.max(1))
}
