use crate::rules::{
    CaptureView, Movement, RouteCandidates, Template, Variant, default_misfit, route_squares,
};

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
        // An image of the template's route, found without listing them all
        // (a turn search asks this of every candidate route it walks).
        let (Template::Route(route), Some(taken)) = (*template, capture.route) else {
            return false;
        };
        taken.len() == route.len() && (0..8).any(|symmetry| route.transformed(symmetry) == taken)
    }

    /// Names the image of the path that ends on the target but crosses a
    /// piece, or says that none ends there.
    fn misfit(&self, template: &Template, capture: &CaptureView) -> String {
        let (Template::Route(route), Some(candidates)) = (*template, images(template)) else {
            return default_misfit(template, capture);
        };
        let (from, to) = (capture.from, capture.to);
        for &image in candidates.as_slice() {
            let squares = route_squares(from, image);
            if squares.len() == image.len() + 1 && squares.last() == Some(&to) {
                let inner = &squares[1..squares.len() - 1];
                if let Some(block) = inner.iter().find(|s| capture.board.side_at(**s).is_some()) {
                    return crate::tr!(
                        "misfit-path-crosses",
                        path = image.to_string(),
                        from = from.to_string(),
                        square = block.to_string()
                    );
                }
            }
        }
        crate::tr!(
            "misfit-path",
            path = route.to_string(),
            from = from.to_string(),
            to = to.to_string()
        )
    }
    fn template_uses_route(&self) -> bool {
        true
    }

    fn candidate_routes(&self, template: &Template) -> Option<RouteCandidates> {
        images(template)
    }
}
