//! How the screen shows a game: its rules in words, its template in words
//! and as marks and lines drawn over the board. A game's rules say nothing
//! of this; the presentation sits beside them, attached at registration
//! ([`attach`]), and the board overlay draws whatever it supplies, so a
//! mod's template is drawn as the mod asks and never as a built-in game's.
//! This module is plain Rust: the drawing is a list of squares and lines.

use std::sync::Arc;

use crate::tr;

use crate::rules::sight::{first_piece_seen, sight_lines};
use crate::rules::{
    Bitboard, Board, BoardSize, CaptureView, Design, Position, Rules, Square, Step, Template,
    state_budget,
};

/// What a game's template looks like on the board around the capturing
/// piece: each field is drawn in the template's colour, empty ones not at all.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TemplateDrawing {
    /// Squares to frame.
    pub marks: Bitboard,
    /// Rectangles given by two opposite corner squares (both inside).
    pub boxes: Vec<(Square, Square)>,
    /// Paths through square centres, the first one stronger than the rest.
    pub paths: Vec<Vec<Square>>,
    /// Arrows from the piece, one per direction.
    pub arrows: Vec<Step>,
    /// Straight lines from the piece to these squares (strong to a
    /// counted piece, faint otherwise).
    pub lines: Vec<Square>,
    /// Pieces the template counts (Tumburrow's friends in sight), ringed.
    pub counted: Bitboard,
    /// Pieces that end a line without counting, crossed.
    pub blocking: Bitboard,
    /// A short text on the capturing piece (Tumburrow's count).
    pub label: Option<String>,
}

/// A turn that shows how a game plays, for the rules help's diagrams: a
/// position (in the position notation), a complete legal turn from it, and
/// a note on what the picture shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    pub position: String,
    pub turn: String,
    pub caption: String,
}

impl Example {
    fn new(position: &str, turn: &str, caption: &str) -> Example {
        Example {
            position: position.to_string(),
            turn: turn.to_string(),
            caption: caption.to_string(),
        }
    }
}

/// A guided first game ([`crate::game::lesson::Tutorial`]): a position
/// with White to move, the turns of the lesson (White's taught, Black's
/// played for the player; the last one wins), and a square whose capture does not fit the
/// template of the first turn, for the player to try.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonText {
    pub position: String,
    pub turns: Vec<String>,
    pub misfit: Option<String>,
}

impl LessonText {
    fn new(position: &str, turns: &[&str], misfit: &str) -> LessonText {
        LessonText {
            position: position.to_string(),
            turns: turns.iter().map(|t| t.to_string()).collect(),
            misfit: Some(misfit.to_string()),
        }
    }
}

/// How one game is shown. Every method has a plain default, so a mod may
/// supply only what it wants to change.
pub trait Presentation: Send + Sync + 'static {
    /// The rules in words, for the in-game help.
    fn rules_text(&self) -> &str {
        ""
    }

    /// The rules in words as the rules help and the designer show them:
    /// [`Presentation::rules_text`] unless a presentation writes its text
    /// when asked (a design's words come from its file).
    fn rules_words(&self) -> std::borrow::Cow<'_, str> {
        self.rules_text().into()
    }

    /// The game in one line, for the New game window.
    fn summary(&self) -> &str {
        ""
    }

    /// The line as the New game window shows it: [`Presentation::summary`]
    /// unless a presentation writes it when asked (the built-in games'
    /// come from the catalogue, in the player's language).
    fn summary_words(&self) -> std::borrow::Cow<'_, str> {
        self.summary().into()
    }

    /// An example turn for the rules help's diagrams (none by default).
    fn example(&self) -> Option<Example> {
        None
    }

    /// A guided first game (none by default).
    fn lesson(&self) -> Option<LessonText> {
        None
    }

    /// The template in words, for the side panel.
    fn describe_template(&self, template: &Template) -> String {
        template.to_string()
    }

    /// What to draw for `template` around the piece on `at` of `board`.
    fn template_drawing(
        &self,
        _template: &Template,
        _board: &Board,
        _at: Square,
    ) -> TemplateDrawing {
        TemplateDrawing::default()
    }

    /// A note for the square under the pointer: what the capture onto it
    /// would make of the template (`template` is the turn's, `None` before
    /// the initial capture). Tumburrow tells the count the piece would see.
    fn target_note(&self, _template: Option<&Template>, _capture: &CaptureView) -> Option<String> {
        None
    }
}

/// The attachment that carries a game's presentation beside its rules.
#[derive(Clone)]
pub struct AttachedPresentation(pub Arc<dyn Presentation>);

/// Shows `rules`' game with `presentation`.
pub fn attach(rules: &mut Rules, presentation: impl Presentation) -> &mut Rules {
    rules.attach(AttachedPresentation(Arc::new(presentation)))
}

/// A game shown with no presentation of its own: its template in the
/// engine's words, no drawing.
struct Plain;

impl Presentation for Plain {}

/// A game described by a file is shown by its own words: its summary, its
/// rules written out from its choices, and an example turn found by
/// playing it.
impl Presentation for Design {
    fn summary(&self) -> &str {
        &self.summary
    }

    fn rules_words(&self) -> std::borrow::Cow<'_, str> {
        self.rules_text().into()
    }

    fn example(&self) -> Option<Example> {
        design_example(self)
    }
}

/// The most states one search for an example may visit: a design whose
/// chains explode gets a shorter example, not a stalled window.
const EXAMPLE_STATES: u64 = 20_000;

/// A turn of `design` that shows its template at work: the longest chain
/// (up to four captures) met from the start of a 5×5 board and from a few
/// positions some random turns in; found the same way every time.
pub fn design_example(design: &Design) -> Option<Example> {
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;
    let rules = Rules::new(Arc::new(design.clone())).ok()?;
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let size = rules.sizes().nearest(BoardSize::new(5, 5)?);
    let mut best: Option<(usize, Position, crate::rules::PlayedTurn)> = None;
    'search: for attempt in 0..12 {
        let mut pos = rules.start(size);
        for _ in 0..attempt.min(6) {
            let Ok(Some(turns)) = rules.turns_until(&pos, &mut state_budget(EXAMPLE_STATES)) else {
                continue 'search;
            };
            let Some(turn) = turns.choose(&mut rng) else {
                continue 'search;
            };
            pos = turn.result;
        }
        let Ok(Some(turns)) = rules.turns_until(&pos, &mut state_budget(EXAMPLE_STATES)) else {
            continue;
        };
        for turn in turns.iter().filter(|t| t.captures.len() <= 4) {
            if best
                .as_ref()
                .is_none_or(|(chain, _, _)| turn.captures.len() > *chain)
            {
                best = Some((turn.captures.len(), pos, turn.played()));
            }
        }
        if best.as_ref().is_some_and(|(chain, _, _)| *chain >= 3) {
            break;
        }
    }
    let (chain, pos, turn) = best?;
    let caption = if chain > 1 {
        tr!("example-design-chain", count = chain)
    } else {
        tr!("example-design-single")
    };
    Some(Example {
        position: pos.to_string(),
        turn: turn.to_string(),
        caption,
    })
}

/// How `rules`' game is shown: its attached presentation, else the built-in
/// game's, else a design's own, else plainly.
pub fn of(rules: &Rules) -> &dyn Presentation {
    if let Some(AttachedPresentation(presentation)) = rules.attachment() {
        return presentation.as_ref();
    }
    if let Some(design) = rules.variant().design() {
        return design;
    }
    builtin(rules.id()).unwrap_or(&Plain)
}

/// The built-in game `id`'s presentation, if `id` is one.
pub fn builtin(id: &str) -> Option<&'static dyn Presentation> {
    Some(match id {
        "box" => &BoxLook,
        "path" => &PathLook,
        "sweep" => &SweepLook,
        "tumburrow" => &TumburrowLook,
        _ => return None,
    })
}

struct BoxLook;

impl Presentation for BoxLook {
    fn rules_words(&self) -> std::borrow::Cow<'_, str> {
        tr!("rules-box").into()
    }

    fn summary_words(&self) -> std::borrow::Cow<'_, str> {
        tr!("summary-box").into()
    }

    fn lesson(&self) -> Option<LessonText> {
        Some(LessonText::new(
            "WWBW/1B1B/2BW/4/4 W",
            &["a5xb4xc5xd4xc3"],
            "d4",
        ))
    }

    fn example(&self) -> Option<Example> {
        Some(Example::new(
            "1B1WB/BBBB1/BW1WB/W4/W4 W",
            "b3xc4xb5xa4",
            &tr!("example-box"),
        ))
    }

    fn describe_template(&self, template: &Template) -> String {
        match template {
            Template::Box { width, height } => {
                tr!("template-box", width = *width, height = *height)
            }
            other => other.to_string(),
        }
    }

    /// The box at every placement with the piece in a corner.
    fn template_drawing(&self, template: &Template, board: &Board, at: Square) -> TemplateDrawing {
        let Template::Box { width, height } = *template else {
            return TemplateDrawing::default();
        };
        let (w, h) = (width as i8, height as i8);
        let boxes = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
            .into_iter()
            .filter_map(|(sx, sy)| at.offset(sx * w, sy * h))
            .filter(|&corner| board.size().contains(corner))
            .map(|corner| (at, corner))
            .collect();
        TemplateDrawing {
            boxes,
            ..TemplateDrawing::default()
        }
    }
}

struct PathLook;

impl Presentation for PathLook {
    fn rules_words(&self) -> std::borrow::Cow<'_, str> {
        tr!("rules-path").into()
    }

    fn summary_words(&self) -> std::borrow::Cow<'_, str> {
        tr!("summary-path").into()
    }

    fn lesson(&self) -> Option<LessonText> {
        Some(LessonText::new(
            "1WBW/2BB/2BB/2W1/W1W1 W",
            &["d5xd4xd3xc3xc4xc5/S"],
            "c5",
        ))
    }

    fn example(&self) -> Option<Example> {
        Some(Example::new(
            "BWBWB/2B1W/B3B/3BW/1B1WB W",
            "e4xd2xc4xe3/WSS",
            &tr!("example-path"),
        ))
    }

    fn describe_template(&self, template: &Template) -> String {
        match template {
            Template::Route(route) => tr!("template-path", route = route.to_string()),
            other => other.to_string(),
        }
    }

    /// The path and its seven images, walked from the piece as far as the
    /// board goes; the path itself first.
    fn template_drawing(&self, template: &Template, board: &Board, at: Square) -> TemplateDrawing {
        let Template::Route(route) = *template else {
            return TemplateDrawing::default();
        };
        let paths = (0..8)
            .map(|symmetry| {
                let mut squares = vec![at];
                let mut sq = Some(at);
                for step in route.transformed(symmetry).steps() {
                    sq = sq
                        .and_then(|s| s.offset(step.dx, step.dy))
                        .filter(|&s| board.size().contains(s));
                    match sq {
                        Some(s) => squares.push(s),
                        None => break,
                    }
                }
                squares
            })
            .collect();
        TemplateDrawing {
            paths,
            ..TemplateDrawing::default()
        }
    }
}

struct SweepLook;

impl Presentation for SweepLook {
    fn rules_words(&self) -> std::borrow::Cow<'_, str> {
        tr!("rules-sweep").into()
    }

    fn summary_words(&self) -> std::borrow::Cow<'_, str> {
        tr!("summary-sweep").into()
    }

    fn lesson(&self) -> Option<LessonText> {
        Some(LessonText::new(
            "WW1WW/5/4B/1BB1B W",
            &["a4xc1xe1", "b1xe1", "b4xe2xe1"],
            "b1",
        ))
    }

    fn example(&self) -> Option<Example> {
        Some(Example::new(
            "1WBW1/3B1/BW3/W2BB/BWWWB W",
            "b3xd2xe2xe1",
            &tr!("example-sweep"),
        ))
    }

    fn describe_template(&self, template: &Template) -> String {
        match template {
            Template::Directions(dirs) => {
                let names: Vec<String> = dirs.iter().map(|d| d.to_string()).collect();
                match names.as_slice() {
                    [one] => tr!("template-sweep-one", first = one.as_str()),
                    [first, second] => tr!(
                        "template-sweep-two",
                        first = first.as_str(),
                        second = second.as_str()
                    ),
                    _ => tr!("template-sweep-many", directions = names.join(" ")),
                }
            }
            other => other.to_string(),
        }
    }

    fn template_drawing(&self, template: &Template, _: &Board, _: Square) -> TemplateDrawing {
        let Template::Directions(dirs) = *template else {
            return TemplateDrawing::default();
        };
        TemplateDrawing {
            arrows: dirs.iter().collect(),
            ..TemplateDrawing::default()
        }
    }
}

struct TumburrowLook;

impl Presentation for TumburrowLook {
    fn rules_words(&self) -> std::borrow::Cow<'_, str> {
        tr!("rules-tumburrow").into()
    }

    fn summary_words(&self) -> std::borrow::Cow<'_, str> {
        tr!("summary-tumburrow").into()
    }

    fn lesson(&self) -> Option<LessonText> {
        Some(LessonText::new(
            "WW2W/B2B1/B4/B1B1W/B4 W",
            &["b5xa4xa3xa2xa1xd4xc2"],
            "a1",
        ))
    }

    fn example(&self) -> Option<Example> {
        Some(Example::new(
            "BWWW1/W1W1W/B2B1/2W1W/WB1WB W",
            "a1xa3xa5xe1",
            &tr!("example-tumburrow"),
        ))
    }

    fn describe_template(&self, template: &Template) -> String {
        match template {
            Template::Count(n) => tr!("template-count", count = *n),
            other => other.to_string(),
        }
    }

    /// The queen lines the piece looks along, to the first piece or the
    /// edge; the friends that count ringed, the enemies that block a line
    /// crossed, and the count the piece sees now on it.
    fn template_drawing(&self, template: &Template, board: &Board, at: Square) -> TemplateDrawing {
        let Template::Count(needed) = *template else {
            return TemplateDrawing::default();
        };
        let Some(mover) = board.side_at(at) else {
            return TemplateDrawing::default();
        };
        let (mut counted, mut blocking) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for d in 0..Step::KING.len() {
            if let Some(seen) = first_piece_seen(board, at, d) {
                if board.side_at(seen) == Some(mover) {
                    counted.insert(seen);
                } else {
                    blocking.insert(seen);
                }
            }
        }
        TemplateDrawing {
            lines: sight_lines(board, at).into_iter().collect(),
            label: Some(format!("{}/{needed}", counted.count())),
            counted,
            blocking,
            ..TemplateDrawing::default()
        }
    }

    fn target_note(&self, template: Option<&Template>, capture: &CaptureView) -> Option<String> {
        let seen = capture.friends_in_sight_after();
        Some(match template {
            Some(Template::Count(needed)) if seen == *needed => tr!("note-sees-fits", seen = seen),
            Some(Template::Count(needed)) => {
                tr!("note-sees-needs", seen = seen, needed = *needed)
            }
            _ => tr!("note-sets-count", seen = seen),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Position, VariantRegistry};

    #[test]
    fn each_built_in_game_is_drawn_its_own_way_and_a_mod_plainly() {
        let registry = VariantRegistry::builtin();
        let board = Position::start_standard().board;
        let at: Square = "d4".parse().unwrap();
        let rules = |id| registry.get(id).unwrap();
        let box_drawing = of(rules("box")).template_drawing(
            &Template::Box {
                width: 1,
                height: 2,
            },
            &board,
            at,
        );
        assert_eq!(box_drawing.boxes.len(), 4);
        let sight = of(rules("tumburrow")).template_drawing(&Template::Count(1), &board, at);
        assert!(!sight.lines.is_empty() && sight.boxes.is_empty());
        // A game of another id using a count template gets no sight lines.
        let mut measure = rules("sweep").clone();
        assert!(
            of(&measure).template_drawing(&Template::Count(1), &board, at)
                == TemplateDrawing::default()
        );
        struct Marks;
        impl Presentation for Marks {
            fn template_drawing(&self, _: &Template, _: &Board, at: Square) -> TemplateDrawing {
                TemplateDrawing {
                    marks: Bitboard::from(at),
                    ..TemplateDrawing::default()
                }
            }
        }
        attach(&mut measure, Marks);
        let drawing = of(&measure).template_drawing(&Template::Count(1), &board, at);
        assert_eq!(drawing.marks, Bitboard::from(at));
    }
}
