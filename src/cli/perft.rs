//! `burrow perft`: counts the distinct turn sequences of a depth.

use std::io::Write;

use crate::rules::{PerftCount, VariantRegistry};

use super::args::{CliError, GameArg, ListingArgs, position_or_start};

/// Count the distinct turn sequences of a given depth.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    game: GameArg,
    #[arg(long)]
    depth: u32,
    #[command(flatten)]
    listing: ListingArgs,
    /// Worker threads (the root's turns are shared among them).
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

impl PerftArgs {
    pub fn run(self, registry: &VariantRegistry, out: &mut impl Write) -> Result<(), CliError> {
        let rules = self.game.rules(registry)?;
        let pos = position_or_start(rules, self.listing.position)?;
        match rules.perft_limited(&pos, self.depth, self.threads, self.listing.max_states)? {
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
                    max_states: self.listing.max_states,
                    progress: Some(progress),
                });
            }
        }
        Ok(())
    }
}
