use crate::rules::{
    Bitboard, CaptureView, Movement, PathShape, Square, StepSet, Template, Variant,
};

/// Box Burrow: the bounding box of the initial capture is the template.
pub struct BoxBurrow;

fn box_of(capture: &CaptureView) -> Template {
    let (dx, dy) = capture.offset();
    Template::Box {
        width: dx.unsigned_abs(),
        height: dy.unsigned_abs(),
    }
}

impl Variant for BoxBurrow {
    fn symmetric(&self) -> bool {
        true
    }

    fn id(&self) -> &str {
        "box"
    }

    fn name(&self) -> &str {
        "Box Burrow"
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
    fn misfit(&self, template: &Template, capture: &CaptureView) -> String {
        let (
            Template::Box { width, height },
            Template::Box {
                width: w,
                height: h,
            },
        ) = (*template, box_of(capture))
        else {
            return crate::rules::default_misfit(template, capture);
        };
        crate::tr!(
            "misfit-box",
            width = width,
            height = height,
            spans_width = w,
            spans_height = h
        )
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
}
