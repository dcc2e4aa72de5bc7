//! `burrow moves`: every distinct legal turn of a position.

use std::io::Write;

use crate::rules::{VariantRegistry, state_budget};

use super::args::{CliError, GameArg, ListingArgs, position_or_start};

/// Print every distinct legal turn (canonical text, byte order).
#[derive(clap::Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    listing: ListingArgs,
    /// Print the legal initial captures with their paths instead.
    #[arg(long)]
    steps: bool,
    /// Print each distinct turn in played text (every capture in order,
    /// as a move list and the online server read it) instead.
    #[arg(long, conflicts_with = "steps")]
    played: bool,
}

impl MovesArgs {
    pub fn run(self, registry: &VariantRegistry, out: &mut impl Write) -> Result<(), CliError> {
        let rules = self.game.rules(registry)?;
        let pos = position_or_start(rules, self.listing.position)?;
        let mut lines: Vec<String> = if self.steps {
            let mut lines = Vec::new();
            for capture in rules.initial_captures(&pos) {
                let path = rules.path(&pos.board, &capture)?;
                let squares: Vec<String> = path.iter().map(|s| s.to_string()).collect();
                let route = capture.route.map(|r| format!("/{r}")).unwrap_or_default();
                lines.push(format!(
                    "{}x{}{route} {}",
                    capture.from,
                    capture.to,
                    squares.join("-")
                ));
            }
            lines
        } else {
            let turns = rules
                .turns_until(&pos, &mut state_budget(self.listing.max_states))?
                .ok_or(CliError::TooManyStates {
                    what: "listing the turns",
                    max_states: self.listing.max_states,
                    progress: None,
                })?;
            if self.played {
                turns.iter().map(|t| t.played().to_string()).collect()
            } else {
                turns.iter().map(|t| t.key().to_string()).collect()
            }
        };
        lines.sort();
        for line in lines {
            writeln!(out, "{line}")?;
        }
        Ok(())
    }
}
