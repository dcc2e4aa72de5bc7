use crate::rules::{CaptureView, Movement, RouteCandidates, Template, Variant};

/// Path Burrow: the exact step sequence of the initial capture is the template.
pub struct PathBurrow;

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
    fn symmetric(&self) -> bool {
        true
    }

    fn id(&self) -> &str {
        "path"
    }

    fn name(&self) -> &str {
        "Path Burrow"
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
}
