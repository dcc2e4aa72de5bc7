//! The game file: TOML read with serde (the `toml` crate, whose spans say
//! where a value stands), then checked against the rules of the system. A
//! wrong file gets one error naming its line, its field and what is
//! allowed.

use serde::Deserialize;
use toml::Spanned;

use super::error::{DesignError, bare_message, error_at, kind, whole};
use super::{
    Compare, Count, Counted, Design, Distance, FORMAT, Lines, MAX_FILE_BYTES, Symmetry,
    TemplateRule,
};
use crate::rules::{
    BoardSize, EndRule, Movement, PathShape, RowPattern, Side, SizeRange, Start, StartLayout, Step,
    StepSet, is_valid_variant_id,
};

/// A value as the file has it, with where it stands: each choice is read
/// by [`choice`], so its error lists the choices.
type Raw = Spanned<toml::Value>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDesign {
    format: Spanned<i64>,
    id: Spanned<String>,
    name: Spanned<String>,
    #[serde(default)]
    summary: Option<Spanned<String>>,
    #[serde(default)]
    end: Option<Raw>,
    #[serde(default)]
    board: Option<Spanned<RawBoard>>,
    movement: Spanned<RawMovement>,
    template: Spanned<RawTemplate>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    start: Option<Raw>,
    smallest: Option<Raw>,
    largest: Option<Raw>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMovement {
    steps: Raw,
    path: Raw,
    #[serde(default)]
    jumping: Option<Raw>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTemplate {
    #[serde(rename = "box")]
    bounding_box: Option<Raw>,
    route: Option<Raw>,
    directions: Option<Raw>,
    count: Option<Spanned<RawCount>>,
    offset: Option<Raw>,
    distance: Option<Raw>,
    line: Option<Raw>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCount {
    of: Raw,
    lines: Raw,
    compare: Option<Raw>,
}

/// The words a file may use for a symmetry group.
const SYMMETRIES: [(&str, Symmetry); 4] = [
    ("exact", Symmetry::Exact),
    ("turned", Symmetry::Turned),
    ("mirrored", Symmetry::Mirrored),
    ("any", Symmetry::All),
];

/// One of `choices`, by its word.
fn choice<T: Copy>(text: &str, value: &Raw, choices: &[(&str, T)]) -> Result<T, DesignError> {
    let found = match value.get_ref() {
        toml::Value::String(word) => choices.iter().find(|(w, _)| w == word).map(|(_, t)| *t),
        _ => None,
    };
    found.ok_or_else(|| {
        let words: Vec<&str> = choices.iter().map(|(w, _)| *w).collect();
        error_at(
            text,
            value.span(),
            format!(
                "expected one of {}; found {}",
                words.join(", "),
                kind(value.get_ref())
            ),
        )
    })
}

fn flag(text: &str, value: &Option<Raw>) -> Result<bool, DesignError> {
    match value {
        None => Ok(false),
        Some(value) => value.get_ref().as_bool().ok_or_else(|| {
            error_at(
                text,
                value.span(),
                format!("expected true or false; found {}", kind(value.get_ref())),
            )
        }),
    }
}

/// The named step sets a file may use instead of listing vectors.
const NAMED_STEPS: [(&str, &[Step]); 4] = [
    ("orthogonal", &Step::ORTHOGONAL),
    ("diagonal", &[Step::NE, Step::SE, Step::SW, Step::NW]),
    ("king", &Step::KING),
    ("knight", &Step::KNIGHT),
];

/// The file's word for a step set, when it is one of the named ones.
pub(super) fn steps_name(steps: &StepSet) -> Option<&'static str> {
    let steps = steps.as_slice();
    NAMED_STEPS
        .iter()
        .find(|(_, set)| set.len() == steps.len() && set.iter().all(|s| steps.contains(s)))
        .map(|(name, _)| *name)
}

/// The largest step along either axis a listed vector may take.
const MAX_STEP: i64 = 7;

fn steps_from(text: &str, value: &Spanned<toml::Value>) -> Result<StepSet, DesignError> {
    let at = |message: String| error_at(text, value.span(), message);
    let names = NAMED_STEPS.map(|(name, _)| name).join(", ");
    match value.get_ref() {
        toml::Value::String(name) => NAMED_STEPS
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, steps)| StepSet::from_slice(steps))
            .ok_or_else(|| {
                at(format!(
                    "expected one of {names}, or a list of [across, up] vectors; found '{name}'"
                ))
            }),
        toml::Value::Array(list) => {
            if list.is_empty() {
                return Err(at("the list of steps is empty".into()));
            }
            if list.len() > StepSet::CAPACITY {
                return Err(at(format!(
                    "at most {} steps, found {}",
                    StepSet::CAPACITY,
                    list.len()
                )));
            }
            let mut steps = Vec::new();
            for (i, item) in list.iter().enumerate() {
                let pair = item.as_array().filter(|p| p.len() == 2);
                let parts = pair.and_then(|p| Some((p[0].as_integer()?, p[1].as_integer()?)));
                let Some((dx, dy)) = parts else {
                    return Err(at(format!(
                        "step {} is not an [across, up] pair of whole numbers",
                        i + 1
                    )));
                };
                if dx.abs() > MAX_STEP || dy.abs() > MAX_STEP {
                    return Err(at(format!(
                        "step {} [{dx}, {dy}] is longer than {MAX_STEP} squares along an axis",
                        i + 1
                    )));
                }
                if (dx, dy) == (0, 0) {
                    return Err(at(format!("step {} [0, 0] does not move", i + 1)));
                }
                let step = Step::new(dx as i8, dy as i8);
                if steps.contains(&step) {
                    return Err(at(format!("step {} [{dx}, {dy}] is listed twice", i + 1)));
                }
                steps.push(step);
            }
            Ok(StepSet::from_slice(&steps))
        }
        other => Err(at(format!(
            "expected one of {names}, or a list of [across, up] vectors; found {}",
            kind(other)
        ))),
    }
}

/// The start a file names: a layout's word, or rows written out (rank 1
/// first).
fn start_from(text: &str, value: &Raw) -> Result<Start, DesignError> {
    let at = |message: String| error_at(text, value.span(), message);
    let layouts = StartLayout::ALL.map(StartLayout::name).join(", ");
    match value.get_ref() {
        toml::Value::String(word) => word.parse().map(Start::Layout).map_err(|_| {
            at(format!(
                "expected one of {layouts}, or a list of rows like [\"WB\", \"BW\"] (rank 1 \
                 first); found '{word}'"
            ))
        }),
        toml::Value::Array(list) => {
            let rows: Option<Vec<&str>> = list.iter().map(toml::Value::as_str).collect();
            let rows = rows
                .ok_or_else(|| at("each row is a text of W, B and . like \"WB.\"".to_string()))?;
            RowPattern::new(&rows)
                .map(Start::Rows)
                .map_err(|e| at(e.to_string()))
        }
        other => Err(at(format!(
            "expected one of {layouts}, or a list of rows like [\"WB\", \"BW\"]; found {}",
            kind(other)
        ))),
    }
}

fn size_from(text: &str, value: &Raw) -> Result<BoardSize, DesignError> {
    let size = value
        .get_ref()
        .as_str()
        .and_then(|s| s.parse::<BoardSize>().ok());
    size.ok_or_else(|| {
        error_at(
            text,
            value.span(),
            format!(
                "expected a board size FILESxRANKS, each {} to {}, like \"6x6\"; found {}",
                BoardSize::MIN,
                BoardSize::MAX,
                kind(value.get_ref())
            ),
        )
    })
}

/// The `[board]` table: the start and the sizes, each checked against the
/// other (every board of the range starts with pieces of both sides).
fn board_from(
    text: &str,
    board: &Option<Spanned<RawBoard>>,
) -> Result<(Start, SizeRange), DesignError> {
    let Some(board) = board else {
        return Ok((Start::default(), SizeRange::ALL));
    };
    let span = board.span();
    let board = board.get_ref();
    let start = match &board.start {
        Some(start) => start_from(text, start)?,
        None => Start::default(),
    };
    let smallest = match &board.smallest {
        Some(size) => size_from(text, size)?,
        None => SizeRange::ALL.smallest,
    };
    let largest = match &board.largest {
        Some(size) => size_from(text, size)?,
        None => SizeRange::ALL.largest,
    };
    let sizes = SizeRange::new(smallest, largest).ok_or_else(|| {
        error_at(
            text,
            board.largest.as_ref().map_or(span.clone(), |l| l.span()),
            format!("the largest board ({largest}) is smaller than the smallest ({smallest})"),
        )
    })?;
    for size in sizes.sizes() {
        let at_start = start.board(size);
        for side in [Side::White, Side::Black] {
            if at_start.pieces(side).is_empty() {
                return Err(error_at(
                    text,
                    board.start.as_ref().map_or(span.clone(), |s| s.span()),
                    format!(
                        "the start leaves {side} without pieces on {size}; each side needs \
                         one on every board from {sizes}"
                    ),
                ));
            }
        }
    }
    Ok((start, sizes))
}

/// Reads and checks a game file.
pub fn read(text: &str) -> Result<Design, DesignError> {
    let raw = parse(text)?;
    let id = id_from(text, &raw.id)?;
    let name = name_from(text, &raw.name)?;
    let summary = match &raw.summary {
        Some(summary) => summary_from(text, summary)?,
        None => String::new(),
    };
    let end = match &raw.end {
        Some(end) => choice(text, end, &EndRule::WORDS)?,
        None => EndRule::default(),
    };
    let (start, sizes) = board_from(text, &raw.board)?;
    let movement = movement_from(text, raw.movement)?;
    let template = template_from(text, raw.template, &movement)?;
    Ok(Design {
        id,
        name,
        summary,
        movement,
        template,
        start,
        sizes,
        end,
    })
}

/// The file's TOML, in the tables and fields of this format.
fn parse(text: &str) -> Result<RawDesign, DesignError> {
    if text.len() > MAX_FILE_BYTES {
        return Err(whole(format!(
            "the file is {} bytes; a game file may have at most {MAX_FILE_BYTES}",
            text.len()
        )));
    }
    let raw: RawDesign = toml::from_str(text).map_err(|e| match e.span() {
        Some(span) => error_at(text, span, bare_message(&e)),
        None => whole(bare_message(&e)),
    })?;
    if *raw.format.get_ref() != i64::from(FORMAT) {
        return Err(error_at(
            text,
            raw.format.span(),
            format!(
                "this game reads format {FORMAT}, found {}",
                raw.format.get_ref()
            ),
        ));
    }
    Ok(raw)
}

fn id_from(text: &str, id: &Spanned<String>) -> Result<String, DesignError> {
    if !is_valid_variant_id(id.get_ref()) {
        return Err(error_at(
            text,
            id.span(),
            "expected lower-case letters, digits and dashes, starting with a letter, at most 32",
        ));
    }
    Ok(id.get_ref().clone())
}

fn name_from(text: &str, name: &Spanned<String>) -> Result<String, DesignError> {
    let trimmed = name.get_ref().trim();
    if trimmed.is_empty() || trimmed.chars().count() > 40 || trimmed.chars().any(char::is_control) {
        return Err(error_at(
            text,
            name.span(),
            "expected a name of 1 to 40 characters on one line",
        ));
    }
    Ok(trimmed.to_string())
}

fn summary_from(text: &str, summary: &Spanned<String>) -> Result<String, DesignError> {
    let line = summary.get_ref().trim();
    if line.chars().count() > 120 || line.chars().any(char::is_control) {
        return Err(error_at(
            text,
            summary.span(),
            "expected one line of at most 120 characters",
        ));
    }
    Ok(line.to_string())
}

/// The `[movement]` table: the steps, the path and jumping, checked
/// together.
fn movement_from(text: &str, raw: Spanned<RawMovement>) -> Result<Movement, DesignError> {
    let span = raw.span();
    let raw = raw.into_inner();
    let movement = Movement {
        steps: steps_from(text, &raw.steps)?,
        shape: choice(
            text,
            &raw.path,
            &[
                ("single", PathShape::Single),
                ("straight", PathShape::Straight),
                ("two-directions", PathShape::TwoSteps),
                ("within-box", PathShape::WithinBox),
            ],
        )?,
        jumping: flag(text, &raw.jumping)?,
    };
    movement
        .check()
        .map_err(|problem| error_at(text, span, problem.to_string()))?;
    Ok(movement)
}

/// The `[template]` table: at least one measure, and a route only with a
/// path that has one.
fn template_from(
    text: &str,
    raw: Spanned<RawTemplate>,
    movement: &Movement,
) -> Result<TemplateRule, DesignError> {
    let span = raw.span();
    let t = raw.into_inner();
    let group = |value: &Option<Raw>| {
        value
            .as_ref()
            .map(|v| choice(text, v, &SYMMETRIES))
            .transpose()
    };
    let count = t.count.as_ref().map(|c| count_from(text, c)).transpose()?;
    let rule = TemplateRule {
        bounding_box: t
            .bounding_box
            .as_ref()
            .map(|b| {
                choice(
                    text,
                    b,
                    &[("exact", Symmetry::Exact), ("turned", Symmetry::Turned)],
                )
            })
            .transpose()?,
        route: group(&t.route)?,
        directions: group(&t.directions)?,
        count,
        offset: group(&t.offset)?,
        distance: t
            .distance
            .as_ref()
            .map(|d| choice(text, d, &Distance::WORDS))
            .transpose()?,
        line: flag(text, &t.line)?,
    };
    if rule.is_empty() {
        return Err(error_at(
            text,
            span,
            "name at least one measure: box, route, directions, count, offset, distance or line",
        ));
    }
    if let Some(route) = &t.route
        && movement.shape == PathShape::WithinBox
    {
        return Err(error_at(
            text,
            route.span(),
            "a route template needs a path other than within-box (a within-box capture has \
             many routes, none of them its own)",
        ));
    }
    Ok(rule)
}

/// The `[template.count]` table.
fn count_from(text: &str, count: &Spanned<RawCount>) -> Result<Count, DesignError> {
    let count = count.get_ref();
    Ok(Count {
        of: choice(text, &count.of, &Counted::WORDS)?,
        lines: choice(text, &count.lines, &Lines::WORDS)?,
        compare: match &count.compare {
            None => Compare::Equal,
            Some(compare) => choice(text, compare, &Compare::WORDS)?,
        },
    })
}

/// A TOML string: quoted, with quotes, backslashes and control characters
/// escaped.
pub fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn symmetry_name(symmetry: Symmetry) -> &'static str {
    symmetry.name()
}

/// The design as a game file.
pub fn write(design: &Design) -> String {
    let mut out = format!(
        "format = {FORMAT}\nid = {}\nname = {}\n",
        quoted(&design.id),
        quoted(&design.name)
    );
    if !design.summary.is_empty() {
        out.push_str(&format!("summary = {}\n", quoted(&design.summary)));
    }
    if design.end != EndRule::default() {
        out.push_str(&format!("end = {}\n", quoted(design.end.word())));
    }
    if design.start != Start::default() || design.sizes != SizeRange::ALL {
        out.push_str("\n[board]\n");
        match &design.start {
            Start::Layout(layout) => out.push_str(&format!("start = {}\n", quoted(layout.name()))),
            Start::Rows(rows) => {
                let rows: Vec<String> = rows.rows().iter().map(|r| quoted(r)).collect();
                out.push_str(&format!("start = [{}]\n", rows.join(", ")));
            }
        }
        out.push_str(&format!(
            "smallest = {}\nlargest = {}\n",
            quoted(&design.sizes.smallest.to_string()),
            quoted(&design.sizes.largest.to_string())
        ));
    }
    let steps = match steps_name(&design.movement.steps) {
        Some(name) => quoted(name),
        None => {
            let list: Vec<String> = design
                .movement
                .steps
                .as_slice()
                .iter()
                .map(|s| format!("[{}, {}]", s.dx, s.dy))
                .collect();
            format!("[{}]", list.join(", "))
        }
    };
    let path = match design.movement.shape {
        PathShape::Single => "single",
        PathShape::Straight => "straight",
        PathShape::TwoSteps => "two-directions",
        PathShape::WithinBox => "within-box",
    };
    out.push_str(&format!(
        "\n[movement]\nsteps = {steps}\npath = {}\njumping = {}\n",
        quoted(path),
        design.movement.jumping
    ));
    let t = &design.template;
    out.push_str("\n[template]\n");
    if let Some(b) = t.bounding_box {
        out.push_str(&format!("box = {}\n", quoted(symmetry_name(b))));
    }
    if let Some(r) = t.route {
        out.push_str(&format!("route = {}\n", quoted(symmetry_name(r))));
    }
    if let Some(d) = t.directions {
        out.push_str(&format!("directions = {}\n", quoted(symmetry_name(d))));
    }
    if let Some(o) = t.offset {
        out.push_str(&format!("offset = {}\n", quoted(symmetry_name(o))));
    }
    if let Some(d) = t.distance {
        out.push_str(&format!(
            "distance = {}
",
            quoted(d.word())
        ));
    }
    if t.line {
        out.push_str("line = true\n");
    }
    if let Some(c) = &t.count {
        let (of, lines, compare) = (c.of.word(), c.lines.word(), c.compare.word());
        out.push_str(&format!(
            "\n[template.count]\nof = {}\nlines = {}\ncompare = {}\n",
            quoted(of),
            quoted(lines),
            quoted(compare)
        ));
    }
    out
}
