use crate::rules::{
    CaptureView, EvaluationWeights, LevelLookahead, Lookahead, Movement, PathShape, StepSet,
    Template, Variant,
};

/// Tumburrow: the number of friends the piece sees after its initial capture
/// is the template.
pub struct Tumburrow;

const RULES: &str = "\
Movement, for every capture: king steps through empty squares along a path of at most two \
different directions that are not opposite [project's reading], mixed in any order. The \
directions carry no template data.

Template: once the initial capture is made, count your own pieces the capturing piece sees \
along the eight queen lines from its new square. On each line only the first piece met \
counts, and only if it is yours; any piece blocks the line. The piece never counts itself, \
and the square it left is empty [project's reading].

Later captures: any capture (same movement) after which the same count, taken the same \
way, equals the template.";

impl Variant for Tumburrow {
    fn id(&self) -> &str {
        "tumburrow"
    }

    fn name(&self) -> &str {
        "Tumburrow"
    }

    fn rules_text(&self) -> &str {
        RULES
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

    fn describe_template(&self, template: &Template) -> String {
        match template {
            Template::Count(n) => format!("{n} friendly pieces in sight"),
            other => other.to_string(),
        }
    }

    /// Fewer pieces than the opponent is better: measured with one-turn
    /// players, preferring small captures beat random play 92% of the time
    /// and preferring big ones lost 65% (the big capture opens the board
    /// for a bigger reply).
    fn evaluation_weights(&self) -> EvaluationWeights {
        EvaluationWeights {
            material: -100,
            ..EvaluationWeights::default()
        }
    }

    /// One turn deeper per level than the other games: here two turns ahead
    /// beat one only 80% of the time, too little to fit a narrower `easy`
    /// between them, while each further turn still wins about 75%.
    fn level_lookahead(&self) -> LevelLookahead {
        LevelLookahead {
            easy: Lookahead::full(2),
            medium: Lookahead::full(3),
            hard: Lookahead::full(4),
            strongest_reduces: false,
        }
    }
}
