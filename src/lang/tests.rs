//! The catalogue's checks: every language reads and defines the same
//! messages with the same arguments as English; every message the code
//! names exists, with the arguments the code gives it; the languages'
//! plurals and numbers; the fallback to English; and a scan of the panels
//! for words written into the code rather than taken from the catalogue.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fluent_syntax::ast;

use super::*;

/// A catalogue's messages and, for each, the file it is in (`game.ftl`,
/// …) and the names of the arguments it uses (in its value, its selectors
/// and every variant).
fn messages(language: Language) -> BTreeMap<String, (String, BTreeSet<String>)> {
    let mut found = BTreeMap::new();
    for (name, text) in language.sources() {
        let resource = fluent_syntax::parser::parse(*text)
            .unwrap_or_else(|(_, errors)| panic!("{name} does not read: {errors:?}"));
        let file = name.rsplit('/').next().unwrap_or(name).to_string();
        for entry in resource.body {
            if let ast::Entry::Message(message) = entry {
                let mut arguments = BTreeSet::new();
                if let Some(value) = &message.value {
                    pattern_arguments(value, &mut arguments);
                }
                let id = message.id.name.to_string();
                assert!(
                    found
                        .insert(id.clone(), (file.clone(), arguments))
                        .is_none(),
                    "{name}: {id} is defined twice in the catalogue"
                );
            }
        }
    }
    found
}

fn pattern_arguments(pattern: &ast::Pattern<&str>, into: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_arguments(expression, into);
        }
    }
}

/// CLDR's plural categories: which of them a language's plurals use is the
/// language's own.
const PLURAL_CATEGORIES: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

fn expression_arguments(expression: &ast::Expression<&str>, into: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_arguments(selector, into);
            for variant in variants {
                // A variant chosen by a word the code gives (`[white]`,
                // `[at-least]`) must be in every language, or that choice
                // falls silently to the default: kept among the arguments,
                // in brackets. Plural categories differ by language.
                if let ast::VariantKey::Identifier { name } = &variant.key
                    && !PLURAL_CATEGORIES.contains(name)
                {
                    into.insert(format!("[{name}]"));
                }
                pattern_arguments(&variant.value, into);
            }
        }
        ast::Expression::Inline(inline) => inline_arguments(inline, into),
    }
}

fn inline_arguments(inline: &ast::InlineExpression<&str>, into: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            into.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => expression_arguments(expression, into),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for positional in &arguments.positional {
                inline_arguments(positional, into);
            }
        }
        _ => {}
    }
}

#[test]
fn every_language_defines_the_same_messages_with_the_same_arguments() {
    let english = messages(Language::English);
    assert!(english.len() > 100, "{} messages", english.len());
    for language in Language::ALL {
        let other = messages(language);
        let missing: Vec<&String> = english
            .keys()
            .filter(|id| !other.contains_key(*id))
            .collect();
        let extra: Vec<&String> = other
            .keys()
            .filter(|id| !english.contains_key(*id))
            .collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{}: missing {missing:?}, not in English {extra:?}",
            language.own_name()
        );
        for (id, (file, arguments)) in &english {
            let (other_file, other_arguments) = &other[id];
            assert_eq!(
                other_file,
                file,
                "{}: {id} is in another file than in English",
                language.own_name()
            );
            assert_eq!(
                other_arguments,
                arguments,
                "{}: {id} takes other arguments (or chooses among other variants) than in English",
                language.own_name()
            );
        }
    }
}

/// Every `.rs` file under `folder`.
fn sources(folder: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(folder).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            files.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// Each `tr!(…)` in `text`: the message id and the argument names given.
fn uses(text: &str) -> Vec<(String, BTreeSet<String>)> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("tr!(") {
        // `tr!` itself, not the end of another macro's name.
        let whole = !rest[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_');
        rest = &rest[at + 4..];
        if !whole {
            continue;
        }
        // The call's text up to its closing parenthesis.
        let mut depth = 1;
        let mut end = 0;
        let mut in_string = false;
        for (i, c) in rest.char_indices() {
            match c {
                '"' => in_string = !in_string,
                '(' if !in_string => depth += 1,
                ')' if !in_string => {
                    depth -= 1;
                    if depth == 0 {
                        end = i;
                        break;
                    }
                }
                _ => {}
            }
        }
        let call = &rest[..end];
        let Some(id) = call
            .trim_start()
            .strip_prefix('"')
            .and_then(|s| s.split_once('"'))
            .map(|(id, _)| id.to_string())
        else {
            // The macro's own definition.
            continue;
        };
        // Top-level `name = value` pairs after the id.
        let mut arguments = BTreeSet::new();
        let (mut depth, mut in_string, mut start) = (0, false, 0);
        let mut parts = Vec::new();
        for (i, c) in call.char_indices() {
            match c {
                '"' => in_string = !in_string,
                '(' | '[' | '{' if !in_string => depth += 1,
                ')' | ']' | '}' if !in_string => depth -= 1,
                ',' if !in_string && depth == 0 => {
                    parts.push(&call[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        parts.push(&call[start..]);
        for part in parts.iter().skip(1) {
            if let Some((name, _)) = part.split_once('=') {
                let name = name.trim();
                if !name.is_empty() {
                    arguments.insert(name.to_string());
                }
            }
        }
        found.push((id, arguments));
    }
    found
}

#[test]
fn every_message_the_code_names_is_in_the_catalogue_with_its_arguments() {
    let english = messages(Language::English);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut named = 0;
    let mut problems = Vec::new();
    for file in sources(&root) {
        if file.ends_with("lang/tests.rs") {
            continue;
        }
        // Code only: comments may show the macro with made-up ids.
        let text: String = std::fs::read_to_string(&file)
            .expect("a source file")
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        for (id, given) in uses(&text) {
            named += 1;
            let wanted = english.get(&id).map(|(_, wanted)| {
                wanted
                    .iter()
                    .filter(|a| !a.starts_with('['))
                    .cloned()
                    .collect::<BTreeSet<String>>()
            });
            match wanted.as_ref() {
                None => problems.push(format!("{}: no message {id}", file.display())),
                Some(wanted) if *wanted != given => problems.push(format!(
                    "{}: {id} is given {given:?}, uses {wanted:?}",
                    file.display()
                )),
                Some(_) => {}
            }
        }
    }
    assert!(
        named > 50,
        "only {named} messages named: is the scan broken?"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_scan_reads_ids_and_argument_names() {
    let found = uses(
        r#"let a = tr!("one"); let b = tr!(
            "two",
            count = f(x, y),
            side = words::side_key(side)
        ); include_str!("x"); macro_rules! tr { ($id:literal) => {} }"#,
    );
    assert_eq!(found.len(), 2);
    assert_eq!(found[0], ("one".to_string(), BTreeSet::new()));
    assert_eq!(
        found[1],
        (
            "two".to_string(),
            ["count", "side"].into_iter().map(String::from).collect()
        )
    );
}

/// Calls of egui that show a literal text a player reads, as they are
/// written in the panels.
const SHOWS_TEXT: [&str; 12] = [
    ".label(\"",
    ".button(\"",
    ".heading(\"",
    ".strong(\"",
    ".weak(\"",
    "RichText::new(\"",
    "Button::new(\"",
    "on_hover_text(\"",
    "menu_button(\"",
    "Window::new(\"",
    "selectable_label(",
    ".small_button(\"",
];

/// Panels whose words are still written in the code, in English: each is
/// to take its words from the catalogue (and leave this list).
const NOT_YET: &[&str] = &[];

/// A literal a player reads in `line`: text with a letter in it, after one
/// of [`SHOWS_TEXT`] (an empty text or one of digits and signs is none).
fn shown_literal(line: &str) -> Option<&str> {
    SHOWS_TEXT.iter().find_map(|call| {
        let at = line.find(call)? + call.len();
        let rest = &line[at..];
        let rest = rest.strip_prefix('"').unwrap_or(rest);
        let open = if call.ends_with('"') {
            0
        } else {
            rest.find(", \"")? + 3
        };
        let text = &rest[open..];
        let text = &text[..text.find('"')?];
        text.chars().any(char::is_alphabetic).then_some(text)
    })
}

#[test]
fn the_translated_panels_take_every_word_from_the_catalogue() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game");
    let mut found = Vec::new();
    let mut still = BTreeSet::new();
    for file in sources(&root) {
        let name = file
            .strip_prefix(&root)
            .expect("under src/game")
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(&file).expect("a source file");
        let literals: Vec<String> = text
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .filter_map(shown_literal)
            .map(str::to_string)
            .collect();
        if NOT_YET.contains(&name.as_str()) {
            if !literals.is_empty() {
                still.insert(name);
            }
        } else {
            found.extend(literals.into_iter().map(|l| format!("{name}: \"{l}\"")));
        }
    }
    assert!(
        found.is_empty(),
        "words in the code, not the catalogue:\n{}",
        found.join("\n")
    );
    let done: Vec<&&str> = NOT_YET.iter().filter(|n| !still.contains(**n)).collect();
    assert!(
        done.is_empty(),
        "these take their words from the catalogue now: take them off NOT_YET: {done:?}"
    );
}

#[test]
fn the_literal_scan_finds_words_and_passes_over_the_rest() {
    assert_eq!(shown_literal(r#"ui.label("Moves")"#), Some("Moves"));
    assert_eq!(
        shown_literal(r#"ui.selectable_label(on, "Easy")"#),
        Some("Easy")
    );
    assert_eq!(shown_literal(r#"ui.label(tr!("moves"))"#), None);
    assert_eq!(shown_literal(r#"ui.label("×")"#), None);
    assert_eq!(shown_literal(r#"ui.label(format!("{}.", n))"#), None);
}

fn args(pairs: &[(&'static str, FluentValue<'static>)]) -> Args<'static> {
    let mut args = Args::new();
    for (name, value) in pairs {
        args.set(*name, value.clone());
    }
    args
}

#[test]
fn plurals_follow_each_language() {
    let count = |language, n: i64| {
        text_in(
            language,
            "pieces-count",
            Some(&args(&[("count", n.into())])),
        )
    };
    assert_eq!(count(Language::English, 1), "1 piece");
    assert_eq!(count(Language::English, 0), "0 pieces");
    assert_eq!(count(Language::English, 3), "3 pieces");
    // French counts 0 and 1 as one; German only 1.
    assert_eq!(count(Language::French, 0), "0 pièce");
    assert_eq!(count(Language::French, 1), "1 pièce");
    assert_eq!(count(Language::French, 2), "2 pièces");
    assert_eq!(count(Language::German, 1), "1 Stein");
    assert_eq!(count(Language::German, 0), "0 Steine");
}

#[test]
fn numbers_are_written_as_each_language_writes_them() {
    assert_eq!(format_number("12345.5", '.', ','), "12,345.5");
    assert_eq!(format_number("1234", ',', '.'), "1234");
    assert_eq!(format_number("-1234567", ',', '.'), "-1.234.567");
    assert_eq!(format_number("0.25", ',', '.'), "0,25");
    assert_eq!(format_number("inf", ',', '.'), "inf");
    let searched = |language| {
        text_in(
            language,
            "analysis-positions",
            Some(&args(&[("count", 123_456.into())])),
        )
    };
    assert!(searched(Language::English).starts_with("123,456 "));
    assert!(searched(Language::French).starts_with("123\u{202f}456 "));
    assert!(searched(Language::German).starts_with("123.456 "));
}

#[test]
fn a_message_a_language_lacks_comes_from_english_and_an_unknown_one_is_its_id() {
    let partial = bundle_of(
        Language::French,
        [("fr/test.ftl", "only-here = seulement ici\n".to_string())],
    );
    let english = bundle_of(
        Language::English,
        [
            ("en/test.ftl", "only-here = only here\n".to_string()),
            ("en/more.ftl", "both = both\n".to_string()),
        ],
    );
    assert_eq!(
        format([&partial, &english], "only-here", None),
        Some("seulement ici".into())
    );
    assert_eq!(
        format([&partial, &english], "both", None),
        Some("both".into())
    );
    assert_eq!(format([&partial, &english], "neither", None), None);
    assert_eq!(
        text_in(Language::French, "no-such-message", None),
        "no-such-message"
    );
}

#[test]
fn a_language_is_found_from_a_system_or_browser_tag() {
    assert_eq!(Language::from_code("fr-CA"), Some(Language::French));
    assert_eq!(Language::from_code("de_AT.UTF-8"), Some(Language::German));
    assert_eq!(Language::from_code("EN"), Some(Language::English));
    assert_eq!(Language::from_code("tlh"), None);
    assert_eq!(Language::from_code(""), None);
}

#[test]
fn every_file_of_a_language_s_folder_is_in_its_catalogue() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/lang");
    let mut on_disk: Vec<String> = Vec::new();
    for language in std::fs::read_dir(&folder).expect("assets/lang") {
        let language = language.expect("a folder").path();
        for file in std::fs::read_dir(&language).expect("a language's folder") {
            let file = file.expect("a file").path();
            if file.extension().is_some_and(|e| e == "ftl") {
                let relative = file.strip_prefix(&folder).expect("under assets/lang");
                on_disk.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    on_disk.sort();
    let mut read: Vec<String> = Language::ALL
        .iter()
        .flat_map(|l| l.sources().iter().map(|(name, _)| name.to_string()))
        .collect();
    read.sort();
    assert_eq!(
        on_disk, read,
        "the files in assets/lang and Language::sources"
    );
}

#[test]
fn the_catalogue_is_carried_without_its_comments_and_nothing_else_lost() {
    for language in Language::ALL {
        for (name, kept) in language.sources() {
            let path = format!("{}/assets/lang/{name}", env!("CARGO_MANIFEST_DIR"));
            let file = std::fs::read_to_string(&path).expect("the catalogue file");
            let expected: String = file
                .split_inclusive('\n')
                .filter(|line| !line.starts_with('#'))
                .collect();
            assert!(file.lines().any(|l| l.starts_with('#')), "{name} has notes");
            assert_eq!(*kept, expected, "{name}");
        }
    }
}
