//! Games described in a file: a Burrow game as a few lines of TOML that the
//! engine reads at run time, so a designer makes a new game without writing
//! Rust. The file names the movement and builds the template from a small
//! set of measures (the bounding box, the exact route up to a group of
//! symmetries, the compass directions, a count of pieces in sight, the
//! offset, the distance, the line); a later capture fits when every measure
//! the file names matches the initial capture's. The four designer's games
//! are such files too (`assets/games/`), proved equal to their hand-written
//! engines by the tests. This module is the file: what it holds, how it is
//! read and written, and its words; the game it describes plays beside the
//! others in [`variants`](super::variants).
//!
//! ```
//! use burrow::rules::{Design, Position, Rules};
//! let design: Design = r#"
//! format = 1
//! id = "measure"
//! name = "Measure Burrow"
//! [movement]
//! steps = "orthogonal"
//! path = "straight"
//! [template]
//! distance = "king"
//! "#.parse().unwrap();
//! let rules = Rules::new(std::sync::Arc::new(design)).unwrap();
//! assert_eq!(rules.perft(&Position::start_standard(), 1).unwrap(), 112);
//! ```
//!
//! A file that is wrong gets one [`DesignError`] naming the line, the field
//! and what is allowed, or the rule of the system it breaks.

mod error;
mod file;
pub mod words;

use std::fmt;
use std::str::FromStr;

pub use super::template::Measures;
pub use error::DesignError;

use super::{EndRule, Movement, SizeRange, Start};

/// The version of the file format this engine reads and writes.
pub const FORMAT: u32 = 1;

/// The four designer's games as game files, by id: what a designer starts
/// from, and what the tests hold equal to the hand-written engines.
pub const BUILTIN_FILES: [(&str, &str); 4] = [
    ("box", include_str!("../../../assets/games/box.toml")),
    ("path", include_str!("../../../assets/games/path.toml")),
    ("sweep", include_str!("../../../assets/games/sweep.toml")),
    (
        "tumburrow",
        include_str!("../../../assets/games/tumburrow.toml"),
    ),
];

/// The largest game file read, in bytes (a design is a few hundred).
pub const MAX_FILE_BYTES: usize = 16 * 1024;

/// Which images of a measure count as the same: the measure itself only, or
/// any of its images under a group of the square's symmetries.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Exactly as the initial capture made it.
    Exact,
    /// Any quarter turn of it.
    Turned,
    /// Any mirror image of it (left-right, up-down, or both).
    Mirrored,
    /// Any turn or mirror image.
    All,
}

impl Symmetry {
    /// The symmetries of the group (see [`Step::transformed`](super::Step::transformed)).
    pub fn members(self) -> &'static [u8] {
        match self {
            Symmetry::Exact => &[0],
            Symmetry::Turned => &[0, 1, 2, 3],
            // Mirrors in x (4) and in y (a mirror in x then a half turn, 6),
            // and the half turn both make.
            Symmetry::Mirrored => &[0, 2, 4, 6],
            Symmetry::All => &[0, 1, 2, 3, 4, 5, 6, 7],
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Symmetry::Exact => "exact",
            Symmetry::Turned => "turned",
            Symmetry::Mirrored => "mirrored",
            Symmetry::All => "any",
        }
    }
}

/// Whose pieces a count counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Counted {
    Friends,
    Enemies,
    Pieces,
}

/// The lines a count looks along from the square the piece lands on; on
/// each, the first piece met (of either side) ends the line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Lines {
    /// The eight lines of a queen.
    Queen,
    /// Ranks and files.
    Rook,
    /// Diagonals.
    Bishop,
}

impl Lines {
    /// The king directions (indices into [`Step::KING`](super::Step::KING)) of these lines.
    pub fn directions(self) -> &'static [usize] {
        match self {
            Lines::Queen => &[0, 1, 2, 3, 4, 5, 6, 7],
            Lines::Rook => &[0, 2, 4, 6],
            Lines::Bishop => &[1, 3, 5, 7],
        }
    }
}

/// How a later capture's count compares with the initial capture's.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Compare {
    Equal,
    AtLeast,
    AtMost,
}

/// A count of pieces in sight once the piece has landed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Count {
    pub of: Counted,
    pub lines: Lines,
    pub compare: Compare,
}

/// How far a capture goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Distance {
    /// The longer side of its offset (a king's count of steps).
    King,
    /// Across plus up or down (a rook's count of single steps).
    Steps,
}

/// The measures a template is built from; a later capture fits when every
/// one named matches. At least one is named.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TemplateRule {
    /// The bounding box: its width and height, or (turned) either way round.
    pub bounding_box: Option<Symmetry>,
    /// The exact route, or any of its images under the group.
    pub route: Option<Symmetry>,
    /// The compass directions of the offset (east or west, north or south):
    /// a later capture may use only these, or (not exact) an image of them.
    pub directions: Option<Symmetry>,
    pub count: Option<Count>,
    /// The offset vector, or any of its images under the group.
    pub offset: Option<Symmetry>,
    pub distance: Option<Distance>,
    /// The line through origin and target, either way along it.
    pub line: bool,
}

impl TemplateRule {
    fn is_empty(&self) -> bool {
        *self == TemplateRule::default()
    }
}

/// A game described by a file: its names, movement and template rule. It is
/// a [`Variant`](super::Variant) like any other, so the engine, the AI, the
/// solver and the tools play it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Design {
    pub id: String,
    pub name: String,
    /// One line on how it plays.
    pub summary: String,
    pub movement: Movement,
    pub template: TemplateRule,
    /// How the pieces stand at the start (`[board] start`).
    pub start: Start,
    /// The boards it is played on (`[board] smallest`, `largest`).
    pub sizes: SizeRange,
    /// Who wins when the side to move has no capture (`end`).
    pub end: EndRule,
}

impl FromStr for Design {
    type Err = DesignError;

    fn from_str(text: &str) -> Result<Design, DesignError> {
        file::read(text)
    }
}

impl fmt::Display for Design {
    /// The design as a game file (what [`Design::from_str`] reads back).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&file::write(self))
    }
}

/// What opens a design's share code: the code's version (this is the
/// first), so a later format can be told apart.
pub const CODE_PREFIX: &str = "1.";

impl Design {
    /// Whether `other` is this game: the same id and every rule the same,
    /// whatever each is called and however it is summed up.
    pub fn same_rules(&self, other: &Design) -> bool {
        let bare = |d: &Design| Design {
            name: String::new(),
            summary: String::new(),
            ..d.clone()
        };
        bare(self) == bare(other)
    }

    /// The design as a share code: the version, then the game file in
    /// URL-safe base64 (no padding). It fits in a link (`?design=`), a
    /// record's `Design` tag and an online table's setup, and
    /// [`Design::from_code`] reads it back to the same design.
    ///
    /// ```
    /// use burrow::rules::{Design, BUILTIN_FILES};
    /// let design: Design = BUILTIN_FILES[0].1.parse().unwrap();
    /// let code = design.code();
    /// assert!(code.starts_with("1.") && !code.contains(['+', '/', '=', '\n']));
    /// assert_eq!(Design::from_code(&code).unwrap(), design);
    /// ```
    pub fn code(&self) -> String {
        use base64::Engine;
        let text = file::write(self);
        format!(
            "{CODE_PREFIX}{}",
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(text)
        )
    }

    /// Reads a share code ([`Design::code`]); a code that is not one, or
    /// whose file is wrong, gets an error saying which.
    pub fn from_code(code: &str) -> Result<Design, DesignError> {
        use base64::Engine;
        let whole = |message: String| DesignError {
            line: None,
            field: None,
            message,
        };
        let code = code.trim();
        let Some(body) = code.strip_prefix(CODE_PREFIX) else {
            let shown: String = code.chars().take(12).collect();
            return Err(whole(format!(
                "a design code starts with `{CODE_PREFIX}` (its version); this one starts with `{shown}`"
            )));
        };
        if body.len() > MAX_FILE_BYTES * 4 / 3 + 4 {
            return Err(whole(format!(
                "the design code is {} characters; a design's file may have at most {MAX_FILE_BYTES} bytes",
                code.len()
            )));
        }
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(body)
            .map_err(|e| whole(format!("the design code is damaged ({e})")))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| whole("the design code's file is not UTF-8 text".to_string()))?;
        text.parse().map_err(|e: DesignError| DesignError {
            message: format!("in the design code's file: {}", e.message),
            ..e
        })
    }
}

/// The word a file uses for `value`, from its list of `words`.
fn word_of<T: PartialEq + Copy>(words: &[(&'static str, T)], value: T) -> &'static str {
    words
        .iter()
        .find(|(_, v)| *v == value)
        .map_or("", |(word, _)| word)
}

impl Counted {
    /// The words a file uses, each with its value (reader, writer and
    /// messages share them).
    pub const WORDS: [(&'static str, Counted); 3] = [
        ("friends", Counted::Friends),
        ("enemies", Counted::Enemies),
        ("pieces", Counted::Pieces),
    ];

    pub fn word(self) -> &'static str {
        word_of(&Counted::WORDS, self)
    }
}

impl Lines {
    pub const WORDS: [(&'static str, Lines); 3] = [
        ("queen", Lines::Queen),
        ("rook", Lines::Rook),
        ("bishop", Lines::Bishop),
    ];

    pub fn word(self) -> &'static str {
        word_of(&Lines::WORDS, self)
    }
}

impl Compare {
    pub const WORDS: [(&'static str, Compare); 3] = [
        ("equal", Compare::Equal),
        ("at-least", Compare::AtLeast),
        ("at-most", Compare::AtMost),
    ];

    pub fn word(self) -> &'static str {
        word_of(&Compare::WORDS, self)
    }
}

impl Distance {
    pub const WORDS: [(&'static str, Distance); 2] =
        [("king", Distance::King), ("steps", Distance::Steps)];

    pub fn word(self) -> &'static str {
        word_of(&Distance::WORDS, self)
    }
}

#[cfg(test)]
mod tests;
