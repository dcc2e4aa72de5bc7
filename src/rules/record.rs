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
    BoardSize, Design, History, MoveError, PlayedTurn, Position, Rules, Side, VariantRegistry,
    WrongSize,
};

/// How a game ended, or that it has not.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    Win(Side),
    Unfinished,
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameResult::Win(Side::White) => "1-0",
            GameResult::Win(Side::Black) => "0-1",
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
            "1-0" => Ok(GameResult::Win(Side::White)),
            "0-1" => Ok(GameResult::Win(Side::Black)),
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

    /// The side that resigned, if the `Termination` tag says one did
    /// (`Black resigned`, or an online table's `the loser resigned`, the
    /// loser then being the side the result does not name).
    pub fn resigned(&self) -> Option<Side> {
        let (_, ending) = self
            .other_tags
            .iter()
            .find(|(name, _)| name == "Termination")?;
        let said = ending.rsplit(": ").next()?.trim();
        let side = said.strip_suffix(" resigned")?;
        match side {
            "White" => Some(Side::White),
            "Black" => Some(Side::Black),
            "the loser" => match self.result {
                GameResult::Win(winner) => Some(winner.opponent()),
                _ => None,
            },
            _ => None,
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
        if let (Some(loser), GameResult::Win(winner)) = (self.resigned(), self.result)
            && rules.has_initial_capture(last)
            && loser != winner
        {
            // Won by resignation, the board not yet decided.
            return Ok(history);
        }
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
    WrongBoard(WrongSize),
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
        let first = self.start.map_or(Side::White, |s| s.turn);
        let mut line = String::new();
        for (i, played) in self.turns.iter().enumerate() {
            // Number the turns in pairs, White's first; a Black start opens with "1...".
            let ply = i + usize::from(first == Side::Black);
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
        let read = RecordText::split(text)?;
        let (variant, _) = read
            .tag("Variant")
            .ok_or_else(|| at(0, 0, RecordProblem::MissingTag("Variant")))?;
        let size = read
            .parsed::<BoardSize>("Size")?
            .map_or(BoardSize::STANDARD, |(size, _)| size);
        let start = match read.parsed::<Position>("Start")? {
            Some((pos, line)) if pos.size() != size => {
                return Err(at(line, 0, RecordProblem::StartSizeDiffers));
            }
            Some((pos, _)) => Some(pos),
            None => None,
        };
        let tag_result = read.parsed::<GameResult>("Result")?.map(|(r, _)| r);
        let design = read.design(&variant)?;
        let mut record = GameRecord {
            variant,
            size,
            white: read.tag("White").map_or("?".into(), |t| t.0),
            black: read.tag("Black").map_or("?".into(), |t| t.0),
            date: read.tag("Date").map_or("?".into(), |t| t.0),
            result: GameResult::Unfinished,
            start,
            design,
            turns: Vec::new(),
            other_tags: read.other_tags(),
        };
        let (turns, result) = read.turns()?;
        record.turns = turns;
        record.result = settled_result(result, tag_result, read.last_line)?;
        Ok(record)
    }
}

/// A record's problem at `line` and `column`, both counted from 0.
fn at(line: usize, column: usize, problem: RecordProblem) -> ParseRecordError {
    ParseRecordError {
        line: line + 1,
        column: column + 1,
        problem,
    }
}

/// The value of tag `tag` (on `line`, from 0) is wrong.
fn bad_value(line: usize, tag: &str, message: String) -> ParseRecordError {
    at(
        line,
        0,
        RecordProblem::BadTagValue {
            tag: tag.into(),
            message,
        },
    )
}

/// The tags this format reads; the others are kept as they are.
const KNOWN_TAGS: [&str; 8] = [
    "Variant", "Size", "White", "Black", "Date", "Result", "Start", "Design",
];

/// A record's text split into its tags and the tokens of its turns.
struct RecordText<'a> {
    /// Each tag's name, value and line (from 0), in order.
    tags: Vec<(String, String, usize)>,
    /// Each token after the tags, with its line and column (from 0).
    body: Vec<(usize, usize, &'a str)>,
    /// The text's last line (from 0).
    last_line: usize,
}

impl<'a> RecordText<'a> {
    fn split(text: &'a str) -> Result<RecordText<'a>, ParseRecordError> {
        let mut tags = Vec::new();
        let mut body = Vec::new();
        let mut in_tags = true;
        for (n, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if in_tags && line.starts_with('[') {
                let (name, value) = parse_tag(line)
                    .ok_or_else(|| at(n, 0, RecordProblem::BadTag(line.to_string())))?;
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
        Ok(RecordText {
            tags,
            body,
            last_line: text.lines().count().saturating_sub(1),
        })
    }

    /// The first tag called `name`: its value and its line.
    fn tag(&self, name: &str) -> Option<(String, usize)> {
        self.tags
            .iter()
            .find(|t| t.0 == name)
            .map(|t| (t.1.clone(), t.2))
    }

    /// Tag `name` read as a `T`, with its line.
    fn parsed<T>(&self, name: &str) -> Result<Option<(T, usize)>, ParseRecordError>
    where
        T: FromStr,
        T::Err: fmt::Display,
    {
        let Some((text, line)) = self.tag(name) else {
            return Ok(None);
        };
        match text.parse::<T>() {
            Ok(value) => Ok(Some((value, line))),
            Err(e) => Err(bad_value(line, name, e.to_string())),
        }
    }

    /// The game file of the `Design` tag, which must be the game `variant`.
    fn design(&self, variant: &str) -> Result<Option<Box<Design>>, ParseRecordError> {
        let Some((code, line)) = self.tag("Design") else {
            return Ok(None);
        };
        let design =
            Design::from_code(&code).map_err(|e| bad_value(line, "Design", e.to_string()))?;
        if design.id != variant {
            return Err(bad_value(
                line,
                "Design",
                format!(
                    "the design is the game `{}`, but the Variant tag says `{variant}`",
                    design.id
                ),
            ));
        }
        Ok(Some(Box::new(design)))
    }

    fn other_tags(&self) -> Vec<(String, String)> {
        self.tags
            .iter()
            .filter(|t| !KNOWN_TAGS.contains(&t.0.as_str()))
            .map(|t| (t.0.clone(), t.1.clone()))
            .collect()
    }

    /// The turns, and the result they end with if they do (nothing may
    /// follow it).
    fn turns(&self) -> Result<(Vec<PlayedTurn>, Option<GameResult>), ParseRecordError> {
        let mut turns = Vec::new();
        let mut result = None;
        for &(line, column, token) in &self.body {
            if result.is_some() {
                return Err(at(line, column, RecordProblem::TextAfterResult));
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
                .map_err(|e| at(line, column + e.at, RecordProblem::BadTurn(e.to_string())))?;
            turns.push(played);
        }
        Ok((turns, result))
    }
}

/// The record's result: the one its turns end with, else its tag's; the
/// two must agree.
fn settled_result(
    ended: Option<GameResult>,
    tagged: Option<GameResult>,
    last_line: usize,
) -> Result<GameResult, ParseRecordError> {
    let result = ended
        .or(tagged)
        .ok_or_else(|| at(last_line, 0, RecordProblem::MissingResult))?;
    if let Some(tagged) = tagged.filter(|&t| t != result) {
        let message = format!("says {tagged} but the turns end with {result}");
        return Err(bad_value(0, "Result", message));
    }
    Ok(result)
}
