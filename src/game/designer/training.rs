//! "Train the computer": the draft's evaluation learnt by self-play
//! ([`crate::ai::train`]) in the background, a turn of its games a step
//! (as many as the page's slice of a frame holds), with its progress in
//! the designer. After each generation the weights join
//! the draft's game (`GameIntent::PutWeights`) and are kept beside the
//! design (`platform::weights_store`): in the designs folder as `ID.brwt`
//! on the desktop, in the page's storage on the web. The computer's `strongest` level and the
//! hint then play with them.

use std::sync::atomic::AtomicBool;

use bevy::prelude::*;
use web_time::{Duration, Instant};

use crate::ai::learned::Weights;
use crate::ai::train::{GenerationReport, TrainConfig, Trainer};
use crate::rules::{Design, Rules, VariantError};

use crate::game::platform::background::{Job, Step, Work};

/// How long a training run from the designer goes on at most.
pub const TRAINING_BUDGET: Duration = Duration::from_secs(10 * 60);

/// Generations a run from the designer aims for (it stops sooner if its
/// time is up).
pub const GENERATIONS: u32 = 8;

/// What one step of the training told.
pub struct TrainNews {
    pub generation: u32,
    pub units: (u64, u64),
    /// The last generation that ended, with the weights it left: told
    /// again with every step until the next one ends, since a worker
    /// thread's job keeps only its latest news for the window to read.
    pub finished: Option<(GenerationReport, Weights)>,
}

/// The training as background work: turns of its games a step.
pub struct TrainWork {
    trainer: Trainer,
    last: u32,
    deadline: Instant,
    finished: Option<(GenerationReport, Weights)>,
}

impl Work for TrainWork {
    type Output = Result<TrainNews, VariantError>;

    /// Turns of the training's games until `slice` is spent (one where
    /// the work has a thread of its own) or a generation ends.
    fn step(&mut self, slice: Option<Duration>, cancel: &AtomicBool) -> Step<Self::Output> {
        let until = slice.map(|slice| Instant::now() + slice);
        let report = loop {
            match self.trainer.step() {
                Ok(Some(report)) => break Some(report),
                Ok(None) => {}
                Err(e) => return Step::Done(Err(e)),
            }
            if until.is_none_or(|until| Instant::now() >= until)
                || cancel.load(std::sync::atomic::Ordering::Relaxed)
            {
                break None;
            }
        };
        let ended = report.is_some();
        if let Some(report) = report {
            self.finished = Some((report, self.trainer.weights()));
        }
        let news = TrainNews {
            generation: self.trainer.generation(),
            units: (self.trainer.units_done(), self.trainer.units()),
            finished: self.finished.clone(),
        };
        let over =
            self.trainer.generation() >= self.last || (ended && Instant::now() >= self.deadline);
        if over {
            Step::Done(Ok(news))
        } else {
            Step::Partial(Ok(news))
        }
    }
}

impl TrainWork {
    pub fn new(
        rules: &Rules,
        config: TrainConfig,
        generations: u32,
    ) -> Result<TrainWork, crate::ai::train::TrainError> {
        Ok(TrainWork {
            trainer: Trainer::new(rules, config)?,
            last: generations.max(1),
            deadline: Instant::now() + TRAINING_BUDGET,
            finished: None,
        })
    }
}

/// A training run of one design, as the designer shows it.
pub struct TrainingState {
    pub design: Design,
    pub job: Option<Job<Result<TrainNews, VariantError>>>,
    pub started: Instant,
    pub generation: u32,
    pub units: (u64, u64),
    pub reports: Vec<GenerationReport>,
    pub failed: Option<String>,
}

impl TrainingState {
    pub fn new(design: Design, job: Job<Result<TrainNews, VariantError>>) -> TrainingState {
        TrainingState {
            design,
            job: Some(job),
            started: Instant::now(),
            generation: 0,
            units: (0, 0),
            reports: Vec::new(),
            failed: None,
        }
    }

    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// Takes what the job has told since the last frame: the weights of a
    /// generation just ended, if any.
    pub fn poll(&mut self) -> Option<Weights> {
        let job = self.job.as_mut()?;
        let (news, done) = match job.poll() {
            Step::Working => return None,
            Step::Partial(news) => (news, false),
            Step::Done(news) => (news, true),
        };
        if done {
            self.job = None;
        }
        match news {
            Ok(news) => {
                self.generation = news.generation;
                self.units = news.units;
                let (report, weights) = news.finished?;
                // Told again until the next generation ends.
                if self
                    .reports
                    .last()
                    .is_some_and(|r| r.generation >= report.generation)
                {
                    return None;
                }
                self.reports.push(report);
                Some(weights)
            }
            Err(e) => {
                self.failed = Some(e.to_string());
                self.job = None;
                None
            }
        }
    }
}
