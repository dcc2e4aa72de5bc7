//! Stride Burrow, an example mod: queen-line captures, and a template taken
//! from how many squares the first capture travelled.
//!
//! Run it with `cargo run --example stride` (the game, with Stride in the
//! menu) or `cargo run --example stride -- moves --variant stride`.

use std::process::ExitCode;
use std::sync::Arc;

#[cfg(feature = "game")]
use burrow::game::presentation::{self, Presentation, TemplateDrawing};
#[cfg(feature = "game")]
use burrow::rules::Board;
use burrow::rules::{
    Bitboard, CaptureView, Movement, PathShape, RegistryError, Square, StepSet, Template, Variant,
    VariantRegistry,
};

/// Straight lines in any of the 8 directions; the stride length is the template.
pub struct Stride;

#[cfg_attr(not(feature = "game"), allow(dead_code))]
const RULES: &str = "\
Movement: any distance in a straight line, orthogonal or diagonal, through empty squares.

Template: the stride of the initial capture: how many squares it travelled.

Later captures: a straight capture of exactly that stride along the same line, forwards \
or back.";

/// The stride and the line it runs on: the unit step, forwards or back.
fn stride(capture: &CaptureView) -> Template {
    let (dx, dy) = capture.offset();
    let n = dx.unsigned_abs().max(dy.unsigned_abs()) as i8;
    // One orientation per line, so forwards and back share a template.
    let (mut ux, mut uy) = (dx / n, dy / n);
    if ux < 0 || (ux == 0 && uy < 0) {
        (ux, uy) = (-ux, -uy);
    }
    Template::Custom((n as u64) << 16 | ((ux + 1) as u64) << 8 | (uy + 1) as u64)
}

fn unpack(template: &Template) -> Option<(i8, i8, i8)> {
    let Template::Custom(packed) = *template else {
        return None;
    };
    Some((
        (packed >> 16) as i8,
        ((packed >> 8) & 0xff) as i8 - 1,
        (packed & 0xff) as i8 - 1,
    ))
}

impl Variant for Stride {
    fn id(&self) -> &str {
        "stride"
    }

    fn name(&self) -> &str {
        "Stride Burrow"
    }

    fn movement(&self) -> Movement {
        Movement {
            steps: StepSet::KING,
            shape: PathShape::Straight,
            jumping: false,
        }
    }

    fn template(&self, capture: &CaptureView) -> Template {
        stride(capture)
    }

    fn fits(&self, template: &Template, capture: &CaptureView) -> bool {
        *template == stride(capture)
    }

    /// Only the two squares one stride away along the line can fit.
    fn candidate_targets(&self, template: &Template, from: Square) -> Bitboard {
        let Some((n, ux, uy)) = unpack(template) else {
            return Bitboard::EMPTY;
        };
        [1, -1]
            .into_iter()
            .filter_map(|s| from.offset(s * ux * n, s * uy * n))
            .collect()
    }
}

/// How the game shows the mod (built with the game only).
#[cfg(feature = "game")]
struct StrideLook;

#[cfg(feature = "game")]
impl Presentation for StrideLook {
    fn rules_text(&self) -> &str {
        RULES
    }

    fn describe_template(&self, template: &Template) -> String {
        match unpack(template) {
            Some((n, ux, uy)) => {
                let line = match (ux, uy) {
                    (0, _) => "file",
                    (_, 0) => "rank",
                    (1, 1) => "rising diagonal",
                    _ => "falling diagonal",
                };
                format!("a stride of exactly {n} along the same {line}")
            }
            None => template.to_string(),
        }
    }

    /// Marks the two squares one stride away along the line.
    fn template_drawing(&self, template: &Template, _board: &Board, at: Square) -> TemplateDrawing {
        TemplateDrawing {
            marks: Stride.candidate_targets(template, at),
            ..TemplateDrawing::default()
        }
    }
}

/// The mod's registration: the game, and how the screen shows it.
pub fn register(registry: &mut VariantRegistry) -> Result<(), RegistryError> {
    #[allow(unused_variables)]
    let rules = registry.register(Arc::new(Stride))?;
    #[cfg(feature = "game")]
    presentation::attach(rules, StrideLook);
    Ok(())
}

#[allow(dead_code)]
fn main() -> ExitCode {
    burrow::launch::run(std::env::args_os(), &[register])
}
