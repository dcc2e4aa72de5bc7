use crate::rules::{CaptureView, Movement, RouteCandidates, Template, Variant};

/// Path Burrow: the exact step sequence of the initial capture is the template.
pub struct PathBurrow;

const RULES: &str = "\
Movement: a staircase of orthogonal steps through empty squares: at most one horizontal \
and one vertical direction, mixed in any order.

Template: the exact sequence of steps, such as N N E. Different paths to the same enemy \
are different templates, so you choose the path, not only the target.

Later captures: the same sequence turned or mirrored in any of the 8 ways of the square, \
walked from where the piece stands; every square but the last must be empty and the last \
must hold an enemy. The sequence is never walked backwards: N N E allows E E N but not E N N.";

/// The eight images of a route template under the symmetries of the square.
fn images(template: &Template) -> Option<RouteCandidates> {
    let Template::Route(route) = *template else {
        return None;
    };
    let mut candidates = RouteCandidates::default();
    for symmetry in 0..8 {
        candidates.add(route.transformed(symmetry));
    }
    Some(candidates)
}

impl Variant for PathBurrow {
    fn id(&self) -> &str {
        "path"
    }

    fn name(&self) -> &str {
        "Path Burrow"
    }

    fn rules_text(&self) -> &str {
        RULES
    }

    fn movement(&self) -> Movement {
        Movement::ORTHOGONAL_STAIRCASE
    }

    fn template(&self, capture: &CaptureView) -> Template {
        Template::Route(capture.route.unwrap_or_default())
    }

    fn fits(&self, template: &Template, capture: &CaptureView) -> bool {
        let Some(route) = capture.route else {
            return false;
        };
        images(template).is_some_and(|c| c.as_slice().contains(&route))
    }

    fn template_uses_route(&self) -> bool {
        true
    }

    fn candidate_routes(&self, template: &Template) -> Option<RouteCandidates> {
        images(template)
    }

    fn describe_template(&self, template: &Template) -> String {
        match template {
            Template::Route(route) => format!("the path {route}, turned or mirrored"),
            other => other.to_string(),
        }
    }
}
