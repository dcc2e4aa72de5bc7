use crate::rules::{Bitboard, CaptureView, Directions, Movement, Square, Step, Template, Variant};

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
        directions_of(capture).is_subset_of(allowed)
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

    fn candidate_targets(&self, template: &Template, from: Square) -> Bitboard {
        let Template::Directions(allowed) = *template else {
            return Bitboard::EMPTY;
        };
        allowed.squares_from(from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Board, BoardSize, Side};

    #[test]
    fn candidate_targets_are_the_squares_whose_directions_fit() {
        let board = Board::from_pieces(BoardSize::STANDARD, Bitboard::EMPTY, Bitboard::EMPTY)
            .expect("an empty board");
        let ways = [Step::N, Step::E, Step::S, Step::W];
        for set in 0..16u32 {
            let allowed = ways
                .iter()
                .enumerate()
                .filter(|(i, _)| set & (1 << i) != 0)
                .fold(Directions::empty(), |d, (_, &s)| d.with(s));
            let template = Template::Directions(allowed);
            for from in Square::all() {
                let fitting: Bitboard = Square::all()
                    .filter(|&to| to != from)
                    .filter(|&to| {
                        let view = CaptureView::new(&board, Side::White, from, to, None);
                        SweepBurrow.fits(&template, &view)
                    })
                    .collect();
                assert_eq!(
                    SweepBurrow.candidate_targets(&template, from),
                    fitting,
                    "{from} {allowed}"
                );
            }
        }
    }
}
