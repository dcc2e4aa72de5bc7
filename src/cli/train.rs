//! `burrow train`: learns a game's evaluation by self-play
//! ([`crate::ai::train`]), writing the weights and a checkpoint after every
//! generation; run again, it resumes from the checkpoint.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use crate::ai::learned::weights_file_beside;
use crate::ai::train::{Checkpoint, GenerationReport, TrainConfig, TrainError, Trainer};
use crate::rules::{BoardSize, Rules, VariantRegistry};

use super::args::{CliError, rules_for};
use super::progress::Progress;

/// Learn a game's evaluation by self-play (a built-in game, a mod's, or
/// a --game-file's), for the `strongest` level and the hint.
#[derive(clap::Args, Debug)]
pub struct TrainArgs {
    /// The game (with one --game-file, that file's game when left out).
    #[arg(long)]
    pub variant: Option<String>,
    /// Generations to reach (a resumed run goes on to this many).
    #[arg(long, default_value_t = 4)]
    generations: u32,
    /// Self-play games a generation.
    #[arg(long)]
    games: Option<u32>,
    /// Games of each new generation against the one before.
    #[arg(long)]
    match_games: Option<u32>,
    /// Turns every search looks ahead (two by default; one where turn lists
    /// are huge).
    #[arg(long)]
    depth: Option<u32>,
    /// The board the games are played on (the game's usual one by default).
    #[arg(long)]
    board: Option<BoardSize>,
    /// How much of each position's target is the game's result (the rest is
    /// the search's opinion), 0 to 1.
    #[arg(long)]
    result_share: Option<f64>,
    /// The solver's budget for each position, in positions searched: what
    /// it proves gets its exact value as its target (0: none tried).
    #[arg(long)]
    exact_positions: Option<u64>,
    /// The same seed gives the same run.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Where the weights go (by default beside the game file, or ID.brwt
    /// here for a game without one).
    #[arg(long)]
    out: Option<PathBuf>,
    /// The run's checkpoint, read to resume if it is there (by default the
    /// weights' path with `.checkpoint.json`).
    #[arg(long)]
    checkpoint: Option<PathBuf>,
    /// Start afresh even if a checkpoint is there.
    #[arg(long)]
    fresh: bool,
    /// Stop after the generation under way when this many minutes have
    /// passed (the designer's Train the computer stops at 10).
    #[arg(long)]
    minutes: Option<f64>,
}

impl TrainArgs {
    pub fn run(
        self,
        registry: &VariantRegistry,
        game_files: &[(String, PathBuf)],
        out: &mut impl Write,
    ) -> Result<(), CliError> {
        let id = match (&self.variant, game_files) {
            (Some(id), _) => id.clone(),
            (None, [(only, _)]) => only.clone(),
            (None, _) => {
                return Err(CliError::Failed(
                    "say which game: --variant ID, or one --game-file FILE".into(),
                ));
            }
        };
        let rules = rules_for(registry, &id)?;
        let weights_path = match (&self.out, game_files.iter().find(|(g, _)| *g == id)) {
            (Some(path), _) => path.clone(),
            (None, Some((_, file))) => weights_file_beside(file),
            (None, None) => PathBuf::from(format!("{id}.brwt")),
        };
        let checkpoint_path = self
            .checkpoint
            .clone()
            .unwrap_or_else(|| weights_path.with_extension("checkpoint.json"));
        let mut trainer = self.trainer(rules, &checkpoint_path, out)?;
        let started = std::time::Instant::now();
        let time_up = |minutes: Option<f64>| {
            minutes.is_some_and(|m| started.elapsed().as_secs_f64() >= m.max(0.0) * 60.0)
        };
        while trainer.generation() < self.generations && !time_up(self.minutes) {
            let report = generation(&mut trainer, self.threads, self.generations)?;
            writeln!(out, "{}", report_line(&report))?;
            write_atomically(&weights_path, &trainer.weights().to_bytes())?;
            let json = serde_json::to_string_pretty(trainer.checkpoint())
                .map_err(|e| CliError::Failed(format!("cannot write the checkpoint: {e}")))?;
            write_atomically(&checkpoint_path, json.as_bytes())?;
        }
        writeln!(out, "{}", trainer.weights())?;
        writeln!(
            out,
            "weights: {} ({} bytes); checkpoint: {}",
            weights_path.display(),
            trainer.weights().to_bytes().len(),
            checkpoint_path.display()
        )?;
        Ok(())
    }

    /// The run: resumed from `checkpoint` if it is there (and not
    /// `--fresh`), else new with these options.
    fn trainer(
        &self,
        rules: &Rules,
        checkpoint: &Path,
        out: &mut impl Write,
    ) -> Result<Trainer, CliError> {
        let failed = |e: TrainError| CliError::Failed(format!("{}: {e}", checkpoint.display()));
        if checkpoint.exists() && !self.fresh {
            let text = std::fs::read_to_string(checkpoint)?;
            let saved: Checkpoint = serde_json::from_str(&text).map_err(|e| {
                CliError::Failed(format!(
                    "{}: not a training checkpoint ({e}); --fresh starts over",
                    checkpoint.display()
                ))
            })?;
            let trainer = Trainer::resume(rules, saved).map_err(failed)?;
            writeln!(
                out,
                "resuming {} after generation {} (seed {})",
                rules.id(),
                trainer.generation(),
                trainer.config().seed
            )?;
            return Ok(trainer);
        }
        let defaults = TrainConfig::for_game(rules);
        let board = self.board.unwrap_or(
            BoardSize::new(defaults.files, defaults.ranks).unwrap_or(BoardSize::STANDARD),
        );
        rules.check_size(board)?;
        let share = self.result_share.unwrap_or(defaults.result_share);
        if !(0.0..=1.0).contains(&share) {
            return Err(CliError::Failed("--result-share is from 0 to 1".into()));
        }
        let config = TrainConfig {
            files: board.files(),
            ranks: board.ranks(),
            games: self.games.unwrap_or(defaults.games).max(2),
            match_games: self.match_games.unwrap_or(defaults.match_games).max(2),
            depth: self.depth.unwrap_or(defaults.depth).clamp(1, 8),
            result_share: share,
            exact_positions: self.exact_positions.unwrap_or(defaults.exact_positions),
            seed: self.seed,
            ..defaults
        };
        Trainer::new(rules, config).map_err(failed)
    }
}

/// Plays one generation with a progress bar.
fn generation(
    trainer: &mut Trainer,
    threads: usize,
    last: u32,
) -> Result<GenerationReport, CliError> {
    let mut progress = Progress::new("train", trainer.units());
    progress.doing(format!("generation {} of {last}", trainer.generation() + 1));
    let progress = std::sync::Mutex::new(progress);
    let never = AtomicBool::new(false);
    let report = trainer.run_generation(threads, &never, &|done| {
        if let Ok(mut p) = progress.lock() {
            p.set(done);
        }
    })?;
    if let Ok(p) = progress.into_inner() {
        p.finish();
    }
    report.ok_or_else(|| CliError::Failed("training stopped".into()))
}

/// One generation in a line.
pub fn report_line(report: &GenerationReport) -> String {
    let (low, high) = report.interval();
    let (elo, elo_low, elo_high) = report.elo();
    let (hand, hand_low, hand_high) = report.hand_score();
    format!(
        "generation {}: {} positions, loss {:.4} -> {:.4}; {}/{} against the one before: \
         {:.1}% ({:.1}-{:.1}), Elo {:+.0} ({:+.0} to {:+.0}); {}; against the hand-set \
         evaluation {:.1}% ({:.1}-{:.1}), Elo {:+.0}",
        report.generation,
        report.positions,
        report.loss_before,
        report.loss_after,
        report.wins,
        report.games,
        100.0 * report.score(),
        100.0 * low,
        100.0 * high,
        elo,
        elo_low,
        elo_high,
        if report.kept { "kept" } else { "not kept" },
        100.0 * hand,
        100.0 * hand_low,
        100.0 * hand_high,
        crate::ai::train::elo(hand)
    )
}

/// Writes `bytes` to `path` through a file beside it, so an interrupted
/// write leaves the old file whole.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let failed = |source| CliError::Write {
        path: path.to_path_buf(),
        source,
    };
    let partial = path.with_extension("partial");
    std::fs::write(&partial, bytes).map_err(failed)?;
    std::fs::rename(&partial, path).map_err(failed)
}
