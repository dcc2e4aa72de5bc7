use crate::rules::{CaptureView, Movement, PathShape, StepSet, Template, Variant};

/// Tumburrow: the number of friends the piece sees after its initial capture
/// is the template.
pub struct Tumburrow;

impl Variant for Tumburrow {
    fn symmetric(&self) -> bool {
        true
    }

    fn id(&self) -> &str {
        "tumburrow"
    }

    fn name(&self) -> &str {
        "Tumburrow"
    }

    fn movement(&self) -> Movement {
        Movement {
            steps: StepSet::KING,
            shape: PathShape::TwoSteps,
            jumping: false,
        }
    }

    fn template(&self, capture: &CaptureView) -> Template {
        Template::Count(capture.friends_in_sight_after())
    }

    fn fits(&self, template: &Template, capture: &CaptureView) -> bool {
        *template == Template::Count(capture.friends_in_sight_after())
    }

    fn fit_reads_only_the_landing(&self) -> bool {
        true
    }

    fn misfit(&self, template: &Template, capture: &CaptureView) -> String {
        let Template::Count(count) = *template else {
            return crate::rules::default_misfit(template, capture);
        };
        let seen = capture.friends_in_sight_after();
        crate::tr!(
            "misfit-count",
            count = count,
            to = capture.to.to_string(),
            seen = seen
        )
    }
}
