//! A design's rules in words: what the window's rules help, the designer
//! and the command line show for a game described by a file. Each choice
//! of the file has one sentence here, so any design reads as a rules text.

use super::{Compare, Count, Counted, Design, Distance, Lines, Symmetry, TemplateRule};
use crate::rules::{EndRule, Movement, PathShape, SizeRange, Start, StartLayout};

impl Design {
    /// The rules particular to this game, as a short text: how a capture
    /// moves, then what the initial capture fixes and what a later capture
    /// must match. (What every Burrow game shares is said elsewhere.)
    pub fn rules_text(&self) -> String {
        let mut text = format!(
            "Movement: {} {} {}\n\nTemplate: a later capture fits when it has {}.",
            steps_words(&self.movement),
            path_words(self.movement.shape),
            jumping_words(self.movement.jumping),
            template_words(&self.template).join("; and ")
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
        Start::Layout(StartLayout::Pairs) => Some(
            "Start: pieces in pairs; rank 1 reads W W B B W W B B, and each rank swaps the \
             colours of the one below."
                .into(),
        ),
        Start::Rows(rows) => {
            let full = rows.rows().iter().all(|r| !r.contains('.'));
            Some(format!(
                "Start: the rows {} (rank 1 first; W White, B Black{}), each repeated along its \
                 rank and the rows up the board.",
                rows.rows().join(" / "),
                if full { "" } else { ", . empty" }
            ))
        }
    }
}

/// The boards in words, when the game is not played on every size.
pub fn sizes_words(sizes: SizeRange) -> Option<String> {
    (sizes != SizeRange::ALL).then(|| format!("Boards: {sizes}."))
}

/// The end rule in words, when it is not the usual one.
pub fn end_words(end: EndRule) -> Option<String> {
    match end {
        EndRule::LastCaptureWins => None,
        EndRule::LastCaptureLoses => Some(
            "End: a player with no capture at the start of their turn wins (whoever makes the \
             last capture loses), unlike the usual end."
                .into(),
        ),
    }
}

/// The step set in words.
pub fn steps_words(movement: &Movement) -> String {
    match super::file::steps_name(&movement.steps) {
        Some("orthogonal") => "a piece steps north, east, south or west.".into(),
        Some("diagonal") => "a piece steps diagonally.".into(),
        Some("king") => "a piece steps in any of the eight directions.".into(),
        Some("knight") => "a piece jumps as a knight (two squares one way, one the other).".into(),
        _ => {
            let list: Vec<String> = movement
                .steps
                .as_slice()
                .iter()
                .map(|s| format!("[{}, {}]", s.dx, s.dy))
                .collect();
            format!("a piece takes the steps {} (across, up).", list.join(", "))
        }
    }
}

/// The path shape in words.
pub fn path_words(shape: PathShape) -> &'static str {
    match shape {
        PathShape::Single => "A capture is one step onto an enemy.",
        PathShape::Straight => {
            "A capture repeats one step in a straight line, as far as it likes, onto an enemy."
        }
        PathShape::TwoSteps => {
            "A capture mixes at most two kinds of step that are not opposite (a staircase), \
             any number of each in any order, onto an enemy."
        }
        PathShape::WithinBox => {
            "A capture takes any steps that keep inside the box whose corners are the piece \
             and its target."
        }
    }
}

/// Whether the path may pass pieces, in words.
pub fn jumping_words(jumping: bool) -> &'static str {
    if jumping {
        "The path may pass over pieces."
    } else {
        "Every square the path crosses before the target must be empty (squares emptied \
         earlier in the turn count as empty)."
    }
}

/// What a group of symmetries allows beside the measure itself.
fn images(symmetry: Symmetry) -> &'static str {
    match symmetry {
        Symmetry::Exact => "",
        Symmetry::Turned => ", or a quarter turn of it",
        Symmetry::Mirrored => ", or a mirror image of it",
        Symmetry::All => ", or any turn or mirror image of it",
    }
}

/// One phrase per measure the template names, in the file's order.
pub fn template_words(rule: &TemplateRule) -> Vec<String> {
    let mut words = Vec::new();
    if let Some(b) = rule.bounding_box {
        words.push(match b {
            Symmetry::Exact => {
                "the initial capture's box: as many squares across and as many up or down".into()
            }
            _ => "the initial capture's box, either way round".into(),
        });
    }
    if let Some(r) = rule.route {
        words.push(format!(
            "the initial capture's route, step for step{}",
            images(r)
        ));
    }
    if let Some(d) = rule.directions {
        words.push(format!(
            "only the compass directions the initial capture went (east or west, north or south){}",
            images(d)
        ));
    }
    if let Some(count) = &rule.count {
        words.push(count_words(count));
    }
    if let Some(o) = rule.offset {
        words.push(format!(
            "the initial capture's offset (so many across, so many up){}",
            images(o)
        ));
    }
    if let Some(d) = rule.distance {
        words.push(
            match d {
                Distance::King => "the initial capture's length, counted as a king walks",
                Distance::Steps => "the initial capture's length in steps across plus up or down",
            }
            .into(),
        );
    }
    if rule.line {
        words.push(
            "a target on the line through the initial capture's start and target, either way"
                .into(),
        );
    }
    words
}

fn count_words(count: &Count) -> String {
    let how = match count.compare {
        Compare::Equal => "as many",
        Compare::AtLeast => "at least as many",
        Compare::AtMost => "at most as many",
    };
    let what = match count.of {
        Counted::Friends => "friendly pieces",
        Counted::Enemies => "enemy pieces",
        Counted::Pieces => "pieces",
    };
    let lines = match count.lines {
        Lines::Queen => "the eight lines",
        Lines::Rook => "the ranks and files",
        Lines::Bishop => "the diagonals",
    };
    format!(
        "{how} {what} in sight along {lines} from where the piece lands as after the initial capture"
    )
}

#[cfg(test)]
mod tests {
    use crate::rules::{BUILTIN_FILES, Design};

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
}
