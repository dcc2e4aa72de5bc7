use crate::rules::{CaptureView, Directions, Movement, Step, Template, Variant};

/// Sweep Burrow: the directions the initial capture used are the template.
pub struct SweepBurrow;

/// The absolute directions a staircase capture uses, read from its offset.
fn directions_of(capture: &CaptureView) -> Directions {
    let (dx, dy) = capture.offset();
    Directions::of_offset(dx, dy)
}

impl Variant for SweepBurrow {
    fn symmetric(&self) -> bool {
        true
    }

    fn id(&self) -> &str {
        "sweep"
    }

    fn name(&self) -> &str {
        "Sweep Burrow"
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
    fn misfit(&self, template: &Template, capture: &CaptureView) -> String {
        let Template::Directions(allowed) = *template else {
            return crate::rules::default_misfit(template, capture);
        };
        let allowed: Vec<String> = allowed
            .iter()
            .map(|s| crate::tr!("compass", way = s.compass()))
            .collect();
        let allowed = match allowed.split_last() {
            Some((last, rest)) if !rest.is_empty() => {
                crate::tr!("list-and", list = rest.join(", "), last = last.as_str())
            }
            _ => allowed.concat(),
        };
        // North or south first: "north-east".
        let mut needed: Vec<Step> = directions_of(capture).iter().collect();
        needed.sort_by_key(|s| s.dx != 0);
        let needed: Vec<&str> = needed.into_iter().map(Step::compass).collect();
        crate::tr!(
            "misfit-sweep",
            allowed = allowed,
            to = capture.to.to_string(),
            needed = crate::tr!("compass-of", way = needed.join("-")),
            from = capture.from.to_string()
        )
    }
}
