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
        // The box's far corners: the files `width` either side of `from`'s
        // and the ranks `height` above and below, those on the grid (the
        // hottest question of a Box turn search, so no list is built).
        let line = |at: u32, of: fn(u8) -> Bitboard| {
            if at < 8 {
                of(at as u8)
            } else {
                Bitboard::EMPTY
            }
        };
        let (x, y) = (from.x() as u32, from.y() as u32);
        let (w, h) = (width as u32, height as u32);
        let files = line(x + w, Bitboard::file) | line(x.wrapping_sub(w), Bitboard::file);
        let ranks = line(y + h, Bitboard::rank) | line(y.wrapping_sub(h), Bitboard::rank);
        files & ranks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidate_targets_are_the_boxs_far_corners_on_the_grid() {
        for from in Square::all() {
            for (width, height) in (0..8).flat_map(|w| (0..8).map(move |h| (w, h))) {
                let (w, h) = (width as i8, height as i8);
                let corners: Bitboard = [(w, h), (-w, h), (w, -h), (-w, -h)]
                    .into_iter()
                    .filter_map(|(dx, dy)| from.offset(dx, dy))
                    .collect();
                let template = Template::Box { width, height };
                assert_eq!(
                    BoxBurrow.candidate_targets(&template, from),
                    corners,
                    "{from} {width}x{height}"
                );
            }
        }
        assert!(
            BoxBurrow
                .candidate_targets(&Template::Count(1), Square::all().next().unwrap())
                .is_empty()
        );
    }
}
