//! A design's rules in words: what the window's rules help, the designer
//! and the command line show for a game described by a file. Each choice
//! of the file has one sentence here, so any design reads as a rules text.
//! The words are the catalogue's (`design.ftl`), in the language in force;
//! step vectors (`[1, 2]`), rows (`WWBB`) and board sizes (`6x6`) are
//! notation, handed to the messages as they are written in a game file.

use super::{Compare, Count, Counted, Design, Distance, Lines, Symmetry, TemplateRule};
use crate::rules::{EndRule, Movement, PathShape, SizeRange, Start, StartLayout};
use crate::tr;

impl Design {
    /// The rules particular to this game, as a short text: how a capture
    /// moves, then what the initial capture fixes and what a later capture
    /// must match. (What every Burrow game shares is said elsewhere.)
    pub fn rules_text(&self) -> String {
        let measures = template_words(&self.template)
            .into_iter()
            .reduce(|list, next| tr!("design-words-and", list = list, next = next))
            .unwrap_or_default();
        let mut text = format!(
            "{}\n\n{}",
            tr!(
                "design-words-movement",
                steps = steps_words(&self.movement),
                path = path_words(self.movement.shape),
                jumping = jumping_words(self.movement.jumping)
            ),
            tr!("design-words-template", measures = measures)
        );
        for line in [
            start_words(&self.start),
            sizes_words(self.sizes),
            end_words(self.end),
        ]
        .into_iter()
        .flatten()
        {
            text.push_str("\n\n");
            text.push_str(&line);
        }
        text
    }
}

/// The start in words, when it is not the usual checkerboard.
pub fn start_words(start: &Start) -> Option<String> {
    match start {
        Start::Layout(StartLayout::Checkerboard) => None,
        Start::Layout(StartLayout::Pairs) => Some(tr!("design-words-start-pairs")),
        Start::Rows(rows) => {
            let full = rows.rows().iter().all(|r| !r.contains('.'));
            Some(tr!(
                "design-words-start-rows",
                rows = rows.rows().join(" / "),
                empty = if full { "none" } else { "some" }
            ))
        }
    }
}

/// The boards in words, when the game is not played on every size.
pub fn sizes_words(sizes: SizeRange) -> Option<String> {
    (sizes != SizeRange::ALL).then(|| {
        if sizes.smallest == sizes.largest {
            tr!("design-words-boards-one", size = sizes.smallest.to_string())
        } else {
            tr!(
                "design-words-boards-range",
                smallest = sizes.smallest.to_string(),
                largest = sizes.largest.to_string()
            )
        }
    })
}

/// The end rule in words, when it is not the usual one.
pub fn end_words(end: EndRule) -> Option<String> {
    match end {
        EndRule::LastCaptureWins => None,
        EndRule::LastCaptureLoses => Some(tr!("design-words-end-last-capture-loses")),
    }
}

/// The step set in words.
pub fn steps_words(movement: &Movement) -> String {
    match super::file::steps_name(&movement.steps) {
        Some("orthogonal") => tr!("design-words-steps-orthogonal"),
        Some("diagonal") => tr!("design-words-steps-diagonal"),
        Some("king") => tr!("design-words-steps-king"),
        Some("knight") => tr!("design-words-steps-knight"),
        _ => {
            let list: Vec<String> = movement
                .steps
                .as_slice()
                .iter()
                .map(|s| format!("[{}, {}]", s.dx, s.dy))
                .collect();
            tr!("design-words-steps-listed", steps = list.join(", "))
        }
    }
}

/// The path shape in words.
pub fn path_words(shape: PathShape) -> String {
    match shape {
        PathShape::Single => tr!("design-words-path-single"),
        PathShape::Straight => tr!("design-words-path-straight"),
        PathShape::TwoSteps => tr!("design-words-path-two-steps"),
        PathShape::WithinBox => tr!("design-words-path-within-box"),
    }
}

/// Whether the path may pass pieces, in words.
pub fn jumping_words(jumping: bool) -> String {
    if jumping {
        tr!("design-words-jumping")
    } else {
        tr!("design-words-no-jumping")
    }
}

/// A group of symmetries as the messages select on it (`$symmetry`: what
/// the group allows beside the measure itself).
fn symmetry_key(symmetry: Symmetry) -> &'static str {
    match symmetry {
        Symmetry::Exact => "exact",
        Symmetry::Turned => "turned",
        Symmetry::Mirrored => "mirrored",
        Symmetry::All => "all",
    }
}

/// One phrase per measure the template names, in the file's order.
pub fn template_words(rule: &TemplateRule) -> Vec<String> {
    let mut words = Vec::new();
    if let Some(b) = rule.bounding_box {
        words.push(match b {
            Symmetry::Exact => tr!("design-words-box-exact"),
            _ => tr!("design-words-box-either-way"),
        });
    }
    if let Some(r) = rule.route {
        words.push(tr!("design-words-route", symmetry = symmetry_key(r)));
    }
    if let Some(d) = rule.directions {
        words.push(tr!("design-words-directions", symmetry = symmetry_key(d)));
    }
    if let Some(count) = &rule.count {
        words.push(count_words(count));
    }
    if let Some(o) = rule.offset {
        words.push(tr!("design-words-offset", symmetry = symmetry_key(o)));
    }
    if let Some(d) = rule.distance {
        words.push(match d {
            Distance::King => tr!("design-words-distance-king"),
            Distance::Steps => tr!("design-words-distance-steps"),
        });
    }
    if rule.line {
        words.push(tr!("design-words-line"));
    }
    words
}

/// The count as one phrase: the message selects on the comparison, what
/// is counted and the lines, so that each language writes whole phrases.
fn count_words(count: &Count) -> String {
    let compare = match count.compare {
        Compare::Equal => "equal",
        Compare::AtLeast => "at-least",
        Compare::AtMost => "at-most",
    };
    let counted = match count.of {
        Counted::Friends => "friends",
        Counted::Enemies => "enemies",
        Counted::Pieces => "pieces",
    };
    let lines = match count.lines {
        Lines::Queen => "queen",
        Lines::Rook => "rook",
        Lines::Bishop => "bishop",
    };
    tr!(
        "design-words-count",
        compare = compare,
        counted = counted,
        lines = lines
    )
}

#[cfg(test)]
mod tests {
    use super::super::{Compare, Count, Counted, Distance, Lines, Symmetry, TemplateRule};
    use crate::rules::{
        BUILTIN_FILES, BoardSize, Design, EndRule, PathShape, SizeRange, Start, StartLayout, Step,
        StepSet,
    };

    #[test]
    fn every_builtin_design_reads_in_words() {
        for (id, text) in BUILTIN_FILES {
            let design: Design = text.parse().unwrap();
            let words = design.rules_text();
            assert!(words.starts_with("Movement: "), "{id}: {words}");
            assert!(words.contains("Template: a later capture fits"), "{id}");
            assert!(!words.contains("{"), "{id}: {words}");
        }
        let tumburrow: Design = BUILTIN_FILES[3].1.parse().unwrap();
        assert!(
            tumburrow.rules_text().contains("friendly pieces in sight"),
            "{}",
            tumburrow.rules_text()
        );
        let path: Design = BUILTIN_FILES[1].1.parse().unwrap();
        assert!(
            path.rules_text()
                .contains("route, step for step, or any turn or mirror")
        );
    }

    /// Every sentence is the catalogue's: a message the catalogue lacked
    /// would show as its id (`design-words-…`).
    #[test]
    fn every_builtin_design_reads_from_the_catalogue() {
        for (id, text) in BUILTIN_FILES {
            let design: Design = text.parse().unwrap();
            let words = design.rules_text();
            assert!(!words.contains("design-words-"), "{id}: {words}");
        }
    }

    /// Every choice a file can make has its words, each from the catalogue.
    #[test]
    fn every_choice_reads_from_the_catalogue() {
        let mut design: Design = BUILTIN_FILES[0].1.parse().unwrap();
        design.movement.steps = StepSet::from_slice(&[Step::new(1, 2), Step::new(2, 1)]);
        design.movement.jumping = true;
        design.start = Start::Layout(StartLayout::Pairs);
        let six = BoardSize::new(6, 6).unwrap();
        design.sizes = SizeRange::new(six, six).unwrap();
        design.end = EndRule::LastCaptureLoses;
        design.template = TemplateRule {
            bounding_box: Some(Symmetry::Turned),
            route: Some(Symmetry::Mirrored),
            directions: Some(Symmetry::Exact),
            count: Some(Count {
                of: Counted::Enemies,
                lines: Lines::Bishop,
                compare: Compare::AtMost,
            }),
            offset: Some(Symmetry::All),
            distance: Some(Distance::Steps),
            line: true,
        };
        let mut texts = vec![design.rules_text()];
        let first = texts[0].clone();
        assert!(
            first.contains("a piece takes the steps [1, 2], [2, 1] (across, up)."),
            "{first}"
        );
        assert!(first.contains("The path may pass over pieces."), "{first}");
        assert!(first.contains("Boards: 6x6."), "{first}");
        assert!(first.contains("last capture loses"), "{first}");
        assert!(
            first.contains("either way round; and the initial capture's route"),
            "{first}"
        );
        assert!(
            first.contains("at most as many enemy pieces in sight along the diagonals"),
            "{first}"
        );
        design.start = Start::Rows("W.B/B.W".parse().unwrap());
        design.sizes = SizeRange::new(BoardSize::new(5, 5).unwrap(), BoardSize::STANDARD).unwrap();
        design.template.bounding_box = Some(Symmetry::Exact);
        design.template.distance = Some(Distance::King);
        design.template.count = Some(Count {
            of: Counted::Pieces,
            lines: Lines::Rook,
            compare: Compare::AtLeast,
        });
        texts.push(design.rules_text());
        let second = texts[1].clone();
        assert!(second.contains("Boards: 5x5 to 8x8."), "{second}");
        assert!(second.contains("W.B / B.W"), "{second}");
        assert!(second.contains(", . empty"), "{second}");
        for (shape, steps) in [
            (PathShape::Single, StepSet::ORTHOGONAL),
            (PathShape::Straight, StepSet::KING),
            (PathShape::TwoSteps, StepSet::from_slice(&Step::KNIGHT)),
            (
                PathShape::WithinBox,
                StepSet::from_slice(&[Step::NE, Step::SE, Step::SW, Step::NW]),
            ),
        ] {
            design.movement.shape = shape;
            design.movement.steps = steps;
            design.movement.jumping = false;
            texts.push(design.rules_text());
        }
        for text in &texts {
            assert!(!text.contains("design-words-"), "{text}");
            assert!(!text.contains('{'), "{text}");
        }
    }
}
