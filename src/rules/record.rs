//! Game records: a small PGN-like text with tags, an optional start position
//! and numbered turns in played text. Records round-trip and replay.
//!
//! ```text
//! [Variant "box"]
//! [Size "8x8"]
//! [White "Ada"]
//! [Black "random"]
//! [Date "2026.11.29"]
//! [Result "0-1"]
//!
//! 1. b1xa1 a2xb2 2. …
//! 0-1
//! ```
//!
//! A game described by a file carries it in a `Design` tag (its share
//! code, [`Design::code`]), so the record replays where the file is not
//! installed.

use std::fmt;
use std::str::FromStr;

use std::sync::Arc;

use super::{
    BoardSize, Color, Design, History, MoveError, PlayedTurn, Position, Rules, VariantRegistry,
};

/// How a game ended, or that it has not.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    Win(Color),
    Unfinished,
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameResult::Win(Color::White) => "1-0",
            GameResult::Win(Color::Black) => "0-1",
            GameResult::Unfinished => "*",
        })
    }
}

/// A result text other than `1-0`, `0-1` or `*`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseGameResultError(pub String);

impl fmt::Display for ParseGameResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a result (1-0, 0-1 or *)", self.0)
    }
}

impl std::error::Error for ParseGameResultError {}

impl FromStr for GameResult {
    type Err = ParseGameResultError;

    fn from_str(s: &str) -> Result<GameResult, ParseGameResultError> {
        match s {
            "1-0" => Ok(GameResult::Win(Color::White)),
            "0-1" => Ok(GameResult::Win(Color::Black)),
            "*" => Ok(GameResult::Unfinished),
            other => Err(ParseGameResultError(other.to_string())),
        }
    }
}

/// A whole game as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The variant's id.
    pub variant: String,
    pub size: BoardSize,
    pub white: String,
    pub black: String,
    pub date: String,
    pub result: GameResult,
    /// A start other than the standard one, if any.
    pub start: Option<Position>,
    /// The game's file, for a game described by one: the record replays
    /// by it, whatever the reader has installed.
    pub design: Option<Box<Design>>,
    pub turns: Vec<PlayedTurn>,
    /// Tags this format does not interpret, kept in order.
    pub other_tags: Vec<(String, String)>,
}

impl GameRecord {
    /// An empty record of a new game.
    pub fn new(variant: &str, size: BoardSize) -> GameRecord {
        GameRecord {
            variant: variant.to_string(),
            size,
            white: "?".into(),
            black: "?".into(),
            date: "?".into(),
            result: GameResult::Unfinished,
            start: None,
            design: None,
            turns: Vec::new(),
            other_tags: Vec::new(),
        }
    }

    /// An empty record of a new game of `rules`: a game described by a
    /// file brings its design along.
    pub fn of(rules: &Rules, size: BoardSize) -> GameRecord {
        GameRecord {
            design: rules.variant().design().cloned().map(Box::new),
            ..GameRecord::new(rules.id(), size)
        }
    }

    /// The position the game of `rules` starts from: the `Start` tag, or
    /// without one the game's own start.
    pub fn start_position(&self, rules: &Rules) -> Position {
        self.start.unwrap_or_else(|| rules.start(self.size))
    }

    /// Replays every turn against the rules: the positions after each turn,
    /// the start first. Fails on the first turn that is not legal, or when
    /// the result tag contradicts how the game ended.
    pub fn replay(&self, registry: &VariantRegistry) -> Result<Vec<Position>, ReplayError> {
        self.history(registry).map(History::into_positions)
    }

    /// The game the record holds, every turn checked by the rules and the
    /// result tag by how the game ended.
    pub fn history(&self, registry: &VariantRegistry) -> Result<History, ReplayError> {
        let own;
        let rules = match &self.design {
            Some(design) => {
                own = Rules::new(Arc::new((**design).clone()))
                    .map_err(|e| ReplayError::BadDesign(e.to_string()))?;
                &own
            }
            None => registry
                .get(&self.variant)
                .ok_or_else(|| ReplayError::UnknownVariant(self.variant.clone()))?,
        };
        rules
            .check_size(self.size)
            .map_err(ReplayError::WrongBoard)?;
        let history = History::replay(
            rules,
            self.start_position(rules),
            self.turns.iter().cloned(),
        )
        .map_err(|e| ReplayError::IllegalTurn {
            index: e.index,
            text: e.turn.to_string(),
            error: e.error,
        })?;
        let last = history.position();
        if !rules.has_initial_capture(last) {
            let winner = GameResult::Win(rules.winner_when_stuck(last));
            if self.result != winner {
                return Err(ReplayError::WrongResult {
                    recorded: self.result,
                    actual: winner,
                });
            }
        } else if self.result != GameResult::Unfinished {
            return Err(ReplayError::WrongResult {
                recorded: self.result,
                actual: GameResult::Unfinished,
            });
        }
        Ok(history)
    }
}

/// Why a well-formed record does not replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    UnknownVariant(String),
    /// The record's design is not a game the engine can play.
    BadDesign(String),
    /// The game is not played on the record's board.
    WrongBoard(String),
    IllegalTurn {
        index: usize,
        text: String,
        error: MoveError,
    },
    WrongResult {
        recorded: GameResult,
        actual: GameResult,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::UnknownVariant(id) => {
                write!(f, "the record's variant `{id}` is not known here")
            }
            ReplayError::BadDesign(e) => write!(f, "the record's design: {e}"),
            ReplayError::WrongBoard(e) => write!(f, "the record's board: {e}"),
            ReplayError::IllegalTurn { index, text, error } => {
                write!(f, "turn {} ({text}) is illegal: {error}", index + 1)
            }
            ReplayError::WrongResult { recorded, actual } => {
                write!(
                    f,
                    "the record says the result is {recorded}, but the turns give {actual}"
                )
            }
        }
    }
}

impl std::error::Error for ReplayError {}

impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tag = |f: &mut fmt::Formatter<'_>, name: &str, value: &str| {
            writeln!(
                f,
                "[{name} \"{}\"]",
                value.replace('\\', "\\\\").replace('"', "\\\"")
            )
        };
        tag(f, "Variant", &self.variant)?;
        tag(f, "Size", &self.size.to_string())?;
        tag(f, "White", &self.white)?;
        tag(f, "Black", &self.black)?;
        tag(f, "Date", &self.date)?;
        tag(f, "Result", &self.result.to_string())?;
        if let Some(start) = &self.start {
            tag(f, "Start", &start.to_string())?;
        }
        if let Some(design) = &self.design {
            tag(f, "Design", &design.code())?;
        }
        for (name, value) in &self.other_tags {
            tag(f, name, value)?;
        }
        writeln!(f)?;
        // Every game's start has White to move; a start tag may say otherwise.
        let first = self.start.map_or(Color::White, |s| s.turn);
        let mut line = String::new();
        for (i, played) in self.turns.iter().enumerate() {
            // Number the turns in pairs, White's first; a Black start opens with "1...".
            let ply = i + usize::from(first == Color::Black);
            if ply % 2 == 0 {
                line.push_str(&format!("{}. ", ply / 2 + 1));
            } else if i == 0 {
                line.push_str("1... ");
            }
            line.push_str(&played.to_string());
            line.push(' ');
            if line.len() > 72 {
                writeln!(f, "{}", line.trim_end())?;
                line.clear();
            }
        }
        line.push_str(&self.result.to_string());
        writeln!(f, "{line}")
    }
}

/// What is wrong with a record text, and where (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRecordError {
    pub line: usize,
    pub column: usize,
    pub problem: RecordProblem,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordProblem {
    BadTag(String),
    MissingTag(&'static str),
    BadTagValue { tag: String, message: String },
    BadTurn(String),
    MissingResult,
    TextAfterResult,
    StartSizeDiffers,
}

impl fmt::Display for ParseRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad game record at line {}, column {}: ",
            self.line, self.column
        )?;
        match &self.problem {
            RecordProblem::BadTag(t) => write!(f, "`{t}` is not a tag like [Name \"value\"]"),
            RecordProblem::MissingTag(t) => write!(f, "the {t} tag is missing"),
            RecordProblem::BadTagValue { tag, message } => write!(f, "the {tag} tag: {message}"),
            RecordProblem::BadTurn(e) => write!(f, "{e}"),
            RecordProblem::MissingResult => {
                f.write_str("the turns must end with the result (1-0, 0-1 or *)")
            }
            RecordProblem::TextAfterResult => f.write_str("unexpected text after the result"),
            RecordProblem::StartSizeDiffers => {
                f.write_str("the Start position's size differs from the Size tag")
            }
        }
    }
}

impl std::error::Error for ParseRecordError {}

/// Reads `[Name "value"]`, with `\"` and `\\` escapes.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(' ')?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?),
            '"' => return None,
            c => value.push(c),
        }
    }
    Some((name.to_string(), value))
}

fn is_move_number(token: &str) -> bool {
    let digits = token.trim_end_matches('.');
    token.ends_with('.') && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

impl FromStr for GameRecord {
    type Err = ParseRecordError;

    fn from_str(text: &str) -> Result<GameRecord, ParseRecordError> {
        let err = |line: usize, column: usize, problem| ParseRecordError {
            line: line + 1,
            column: column + 1,
            problem,
        };
        let mut tags: Vec<(String, String, usize)> = Vec::new();
        let mut body: Vec<(usize, usize, &str)> = Vec::new();
        let mut in_tags = true;
        for (n, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if in_tags && line.starts_with('[') {
                let (name, value) = parse_tag(line)
                    .ok_or_else(|| err(n, 0, RecordProblem::BadTag(line.to_string())))?;
                tags.push((name, value, n));
                continue;
            }
            if line.is_empty() {
                continue;
            }
            in_tags = false;
            let mut column = 0;
            for token in raw.split_whitespace() {
                column = raw[column..].find(token).map_or(column, |i| column + i);
                body.push((n, column, token));
                column += token.len();
            }
        }
        let last_line = text.lines().count().saturating_sub(1);
        let take = |name: &'static str| {
            tags.iter()
                .find(|t| t.0 == name)
                .map(|t| (t.1.clone(), t.2))
        };
        let (variant, _) =
            take("Variant").ok_or_else(|| err(0, 0, RecordProblem::MissingTag("Variant")))?;
        let size = match take("Size") {
            Some((s, line)) => s.parse::<BoardSize>().map_err(|e| {
                err(
                    line,
                    0,
                    RecordProblem::BadTagValue {
                        tag: "Size".into(),
                        message: e.to_string(),
                    },
                )
            })?,
            None => BoardSize::STANDARD,
        };
        let start = match take("Start") {
            Some((s, line)) => {
                let pos = s.parse::<Position>().map_err(|e| {
                    err(
                        line,
                        0,
                        RecordProblem::BadTagValue {
                            tag: "Start".into(),
                            message: e.to_string(),
                        },
                    )
                })?;
                if pos.size() != size {
                    return Err(err(line, 0, RecordProblem::StartSizeDiffers));
                }
                Some(pos)
            }
            None => None,
        };
        let tag_result = match take("Result") {
            Some((s, line)) => Some(s.parse::<GameResult>().map_err(|e| {
                err(
                    line,
                    0,
                    RecordProblem::BadTagValue {
                        tag: "Result".into(),
                        message: e.to_string(),
                    },
                )
            })?),
            None => None,
        };
        let design = match take("Design") {
            Some((code, line)) => {
                let bad = |message: String| {
                    err(
                        line,
                        0,
                        RecordProblem::BadTagValue {
                            tag: "Design".into(),
                            message,
                        },
                    )
                };
                let design = Design::from_code(&code).map_err(|e| bad(e.to_string()))?;
                if design.id != variant {
                    return Err(bad(format!(
                        "the design is the game `{}`, but the Variant tag says `{variant}`",
                        design.id
                    )));
                }
                Some(Box::new(design))
            }
            None => None,
        };
        let known = [
            "Variant", "Size", "White", "Black", "Date", "Result", "Start", "Design",
        ];
        let mut record = GameRecord {
            variant,
            size,
            white: take("White").map_or("?".into(), |t| t.0),
            black: take("Black").map_or("?".into(), |t| t.0),
            date: take("Date").map_or("?".into(), |t| t.0),
            result: GameResult::Unfinished,
            start,
            design,
            turns: Vec::new(),
            other_tags: tags
                .iter()
                .filter(|t| !known.contains(&t.0.as_str()))
                .map(|t| (t.0.clone(), t.1.clone()))
                .collect(),
        };
        let mut result = None;
        for &(line, column, token) in &body {
            if result.is_some() {
                return Err(err(line, column, RecordProblem::TextAfterResult));
            }
            if is_move_number(token) {
                continue;
            }
            if let Ok(r) = token.parse::<GameResult>() {
                result = Some(r);
                continue;
            }
            let played = token
                .parse::<PlayedTurn>()
                .map_err(|e| err(line, column + e.at, RecordProblem::BadTurn(e.to_string())))?;
            record.turns.push(played);
        }
        let result = result
            .or(tag_result)
            .ok_or_else(|| err(last_line, 0, RecordProblem::MissingResult))?;
        if let Some(tagged) = tag_result.filter(|&t| t != result) {
            let message = format!("says {tagged} but the turns end with {result}");
            return Err(err(
                0,
                0,
                RecordProblem::BadTagValue {
                    tag: "Result".into(),
                    message,
                },
            ));
        }
        record.result = result;
        Ok(record)
    }
}
