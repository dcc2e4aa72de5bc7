use crate::rules::{
    Bitboard, CaptureView, LevelLookahead, Movement, PathShape, Square, StepSet, Template, Variant,
};

/// Box Burrow: the bounding box of the initial capture is the template.
pub struct BoxBurrow;

const RULES: &str = "\
Movement: orthogonal single steps through empty squares, every square of the path inside \
the box whose opposite corners are the piece and its target. Any such path counts, winding \
ones too, not only staircases [project's reading].

Template: the size of that box, width × height (the horizontal and vertical distance of \
the initial capture).

Later captures: an enemy exactly width across and height up or down from the piece (any \
of the four corners; width and height are never swapped), reached the same way inside its \
own box. A box of width 0 or height 0 is a straight line of that exact length.";

fn box_of(capture: &CaptureView) -> Template {
    let (dx, dy) = capture.offset();
    Template::Box {
        width: dx.unsigned_abs(),
        height: dy.unsigned_abs(),
    }
}

impl Variant for BoxBurrow {
    fn id(&self) -> &str {
        "box"
    }

    fn name(&self) -> &str {
        "Box Burrow"
    }

    fn rules_text(&self) -> &str {
        RULES
    }

    fn movement(&self) -> Movement {
        Movement {
            steps: StepSet::ORTHOGONAL,
            shape: PathShape::WithinBox,
            jumping: false,
        }
    }

    fn template(&self, capture: &CaptureView) -> Template {
        box_of(capture)
    }

    fn fits(&self, template: &Template, capture: &CaptureView) -> bool {
        *template == box_of(capture)
    }

    fn candidate_targets(&self, template: &Template, from: Square) -> Bitboard {
        let Template::Box { width, height } = *template else {
            return Bitboard::EMPTY;
        };
        let (w, h) = (width as i8, height as i8);
        [(w, h), (-w, h), (w, -h), (-w, -h)]
            .into_iter()
            .filter_map(|(dx, dy)| from.offset(dx, dy))
            .collect()
    }

    fn describe_template(&self, template: &Template) -> String {
        match template {
            Template::Box { width, height } => format!("a box {width} wide and {height} high"),
            other => other.to_string(),
        }
    }

    /// The default levels; `strongest` reduces late turns, which in Box
    /// lifted its score against `hard` from 75% to 85% (40 games each).
    fn level_lookahead(&self) -> LevelLookahead {
        LevelLookahead {
            strongest_reduces: true,
            ..LevelLookahead::default()
        }
    }
}
