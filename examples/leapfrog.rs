//! Leapfrog Burrow, an example mod: knight leaps that may jump over pieces,
//! and a template taken from the exact jump of the first capture.
//!
//! Run it with `cargo run --example leapfrog` (the game, with Leapfrog in the
//! menu) or `cargo run --example leapfrog -- perft --variant leapfrog --depth 2`.

use std::process::ExitCode;
use std::sync::Arc;

#[cfg(feature = "game")]
use burrow::game::presentation::{self, Presentation, TemplateDrawing};
#[cfg(feature = "game")]
use burrow::rules::Board;
use burrow::rules::{
    Bitboard, CaptureView, Movement, PathShape, RegistryError, Square, Step, StepSet, Template,
    Variant, VariantRegistry,
};

/// Knight leaps, up to two kinds per capture, over anything in the way.
pub struct Leapfrog;

#[cfg_attr(not(feature = "game"), allow(dead_code))]
const RULES: &str = "\
Movement: knight leaps (two squares one way, one square the other). A capture may chain \
leaps of at most two kinds that do not point back at each other, and leaps fly over any \
piece; the last leap lands on the enemy.

Template: the jump of the initial capture: how far across and how far up or down it went, \
directions included.

Later captures: the very same jump again, from where the piece landed (by any chain of \
leaps that gets there). The piece hops on in a straight line of equal jumps, clearing out \
a diagonal or a file of enemies.";

/// The capture's vector, packed as two offset bytes.
fn jump(capture: &CaptureView) -> Template {
    let (dx, dy) = capture.offset();
    Template::Custom(((dx + 8) as u64) << 8 | (dy + 8) as u64)
}

fn unpack(template: &Template) -> Option<(i8, i8)> {
    let Template::Custom(packed) = *template else {
        return None;
    };
    Some((((packed >> 8) & 0xff) as i8 - 8, (packed & 0xff) as i8 - 8))
}

impl Variant for Leapfrog {
    fn id(&self) -> &str {
        "leapfrog"
    }

    fn name(&self) -> &str {
        "Leapfrog Burrow"
    }

    fn movement(&self) -> Movement {
        Movement {
            steps: StepSet::from_slice(&Step::KNIGHT),
            shape: PathShape::TwoSteps,
            jumping: true,
        }
    }

    fn template(&self, capture: &CaptureView) -> Template {
        jump(capture)
    }

    fn fits(&self, template: &Template, capture: &CaptureView) -> bool {
        *template == jump(capture)
    }

    /// Only one square can fit: one more equal jump.
    fn candidate_targets(&self, template: &Template, from: Square) -> Bitboard {
        unpack(template)
            .and_then(|(dx, dy)| from.offset(dx, dy))
            .map_or(Bitboard::EMPTY, Bitboard::from)
    }
}

/// How the game shows the mod (built with the game only).
#[cfg(feature = "game")]
struct LeapfrogLook;

#[cfg(feature = "game")]
impl Presentation for LeapfrogLook {
    fn rules_text(&self) -> &str {
        RULES
    }

    fn describe_template(&self, template: &Template) -> String {
        match unpack(template) {
            Some((dx, dy)) => format!("the same jump again: {dx:+} across, {dy:+} up"),
            None => template.to_string(),
        }
    }

    /// Marks the square one more equal jump away.
    fn template_drawing(&self, template: &Template, _board: &Board, at: Square) -> TemplateDrawing {
        TemplateDrawing {
            marks: Leapfrog.candidate_targets(template, at),
            ..TemplateDrawing::default()
        }
    }
}

/// The mod's registration: the game, and how the screen shows it.
pub fn register(registry: &mut VariantRegistry) -> Result<(), RegistryError> {
    #[allow(unused_variables)]
    let rules = registry.register(Arc::new(Leapfrog))?;
    #[cfg(feature = "game")]
    presentation::attach(rules, LeapfrogLook);
    Ok(())
}

#[allow(dead_code)]
fn main() -> ExitCode {
    burrow::launch::run(std::env::args_os(), &[register])
}
