use crate::rules::{CaptureView, Directions, Movement, Step, Template, Variant};

/// Sweep Burrow: the directions the initial capture used are the template.
pub struct SweepBurrow;

const RULES: &str = "\
Movement: a staircase of orthogonal steps through empty squares: at most one horizontal \
and one vertical direction, mixed in any order.

Template: the set of directions the initial capture used: one direction for a straight \
capture, two for a bent one. Directions are absolute (north stays north).

Later captures: any staircase through empty squares that uses only directions of the \
template, in any amounts and order. After a straight capture the piece keeps to that one \
direction.";

/// The absolute directions a staircase capture uses, read from its offset.
fn directions_of(capture: &CaptureView) -> Directions {
    let (dx, dy) = capture.offset();
    let mut dirs = Directions::empty();
    if dx > 0 {
        dirs = dirs.with(Step::E);
    } else if dx < 0 {
        dirs = dirs.with(Step::W);
    }
    if dy > 0 {
        dirs = dirs.with(Step::N);
    } else if dy < 0 {
        dirs = dirs.with(Step::S);
    }
    dirs
}

impl Variant for SweepBurrow {
    fn id(&self) -> &str {
        "sweep"
    }

    fn name(&self) -> &str {
        "Sweep Burrow"
    }

    fn rules_text(&self) -> &str {
        RULES
    }

    fn movement(&self) -> Movement {
        Movement::ORTHOGONAL_STAIRCASE
    }

    fn template(&self, capture: &CaptureView) -> Template {
        Template::Directions(directions_of(capture))
    }

    /// A staircase reaching the target exists (the engine checked); it only
    /// uses template directions exactly when the target lies in their quadrant.
    fn fits(&self, template: &Template, capture: &CaptureView) -> bool {
        let Template::Directions(allowed) = *template else {
            return false;
        };
        directions_of(capture).iter().all(|d| allowed.contains(d))
    }

    fn describe_template(&self, template: &Template) -> String {
        match template {
            Template::Directions(dirs) => {
                let names: Vec<String> = dirs.iter().map(|d| d.to_string()).collect();
                format!("only {}", names.join(" and "))
            }
            other => other.to_string(),
        }
    }
}
