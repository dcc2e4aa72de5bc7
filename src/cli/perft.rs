//! `burrow perft`: counts the distinct turn sequences of a depth.

use std::io::Write;

use crate::rules::{PerftCount, Position, VariantRegistry};

use super::DEFAULT_MAX_STATES;
use super::args::{CliError, GameArg, position_or_start};

/// Count the distinct turn sequences of a given depth.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    game: GameArg,
    #[arg(long)]
    depth: u32,
    /// A position text; the start position when left out.
    #[arg(long)]
    position: Option<Position>,
    /// Worker threads (the root's turns are shared among them).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Give up once listing any one position's turns walks this many
    /// turn states.
    #[arg(long, default_value_t = DEFAULT_MAX_STATES)]
    max_states: u64,
}

impl PerftArgs {
    pub fn run(self, registry: &VariantRegistry, out: &mut impl Write) -> Result<(), CliError> {
        let rules = self.game.rules(registry)?;
        let pos = position_or_start(self.position);
        match rules.perft_limited(&pos, self.depth, self.threads, self.max_states)? {
            PerftCount::Done(count) => writeln!(out, "{count}")?,
            PerftCount::Stopped {
                partial,
                root_turns_counted,
                root_turns,
            } => {
                let progress = if root_turns == 0 {
                    "it stopped while listing the position's own turns".to_string()
                } else {
                    format!(
                        "{root_turns_counted} of the root's {root_turns} turns were counted \
                         in full, {partial} sequences"
                    )
                };
                return Err(CliError::TooManyStates {
                    what: "perft",
                    max_states: self.max_states,
                    progress: Some(progress),
                });
            }
        }
        Ok(())
    }
}
