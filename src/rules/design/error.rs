//! A game file's error: what is wrong and where, the line (from the
//! parser's spans) and the dotted field it belongs to.

use std::ops::Range;

/// What is wrong with a game file, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", where_(*.line, .field))]
pub struct DesignError {
    /// The line (from 1) the problem is on, when it is on one.
    pub line: Option<usize>,
    /// The field, dotted (`template.count.lines`), when it is about one.
    pub field: Option<String>,
    pub message: String,
}

fn where_(line: Option<usize>, field: &Option<String>) -> String {
    match (line, field) {
        (Some(line), Some(field)) => format!("line {line}, {field}: "),
        (Some(line), None) => format!("line {line}: "),
        (None, Some(field)) => format!("{field}: "),
        (None, None) => String::new(),
    }
}

/// What a value's type is called in an error.
pub fn kind(value: &toml::Value) -> String {
    match value {
        toml::Value::String(s) => format!("'{s}'"),
        toml::Value::Integer(i) => format!("the number {i}"),
        toml::Value::Float(f) => format!("the number {f}"),
        toml::Value::Boolean(b) => format!("{b}"),
        toml::Value::Datetime(_) => "a date".into(),
        toml::Value::Array(_) => "a list".into(),
        toml::Value::Table(_) => "a table".into(),
    }
}

/// Where `span` is in `text`: its line (from 1) and the dotted field it
/// belongs to (the table header above it, the tables opened inline on its
/// line, and its key).
fn locate(text: &str, span: Range<usize>) -> (usize, Option<String>) {
    let start = span.start.min(text.len());
    let line = text[..start].matches('\n').count() + 1;
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let header = text[..line_start]
        .lines()
        .map(str::trim)
        .rfind(|l| l.starts_with('[') && l.contains(']'))
        .map(|l| {
            l.trim_start_matches('[')
                .split(']')
                .next()
                .unwrap_or("")
                .trim()
        });
    let this_line = text[line_start..].lines().next().unwrap_or("").trim();
    let mut path: Vec<String> = header.map(|h| h.to_string()).into_iter().collect();
    if this_line.starts_with('[') {
        // The span is a table itself (a field missing from it).
        let table = this_line
            .trim_start_matches('[')
            .split(']')
            .next()
            .unwrap_or("")
            .trim();
        return (line, (!table.is_empty()).then(|| table.to_string()));
    }
    // Keys before the span on its line: `key = {` opens an inline table,
    // the last `key =` is the field.
    let before = &text[line_start..start];
    let mut rest = before;
    while let Some(eq) = rest.find('=') {
        let key: String = rest[..eq]
            .trim()
            .rsplit(['{', ',', ' '])
            .next()
            .unwrap_or("")
            .trim_matches('"')
            .to_string();
        if !key.is_empty() {
            path.push(key);
        }
        rest = &rest[eq + 1..];
        if !rest.trim_start().starts_with('{') {
            break;
        }
    }
    if before.trim().is_empty() || !before.contains('=') {
        // The span is a key (an unknown field).
        let key = text[start..span.end.min(text.len())]
            .trim()
            .trim_matches('"');
        if !key.is_empty() && !key.contains('\n') {
            path.push(key.to_string());
        }
    }
    let field = path.join(".");
    (line, (!field.is_empty()).then_some(field))
}

pub(super) fn error_at(text: &str, span: Range<usize>, message: impl Into<String>) -> DesignError {
    let (line, field) = locate(text, span);
    DesignError {
        line: Some(line),
        field,
        message: message.into(),
    }
}

/// The parser's message without its own rendering of the line (the error
/// names the line and the field instead).
pub(super) fn bare_message(error: &toml::de::Error) -> String {
    let message = error.message().trim().replace('`', "'");
    // serde names the reader's own types; a designer reads tables and numbers.
    let message = message.replace("expected i64", "expected a whole number");
    match message.find("expected struct ") {
        Some(at) => format!("{}expected a table", &message[..at]),
        None => message,
    }
}

/// An error of the whole file, on no line.
pub(super) fn whole(message: String) -> DesignError {
    DesignError {
        line: None,
        field: None,
        message,
    }
}
