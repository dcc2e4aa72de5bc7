//! The documentation against the project: every relative link in the
//! README and `docs/` leads to a file (and a heading) that exists, and every
//! `burrow` command line they show names commands and options the binary
//! has.

use std::path::{Path, PathBuf};

/// The README and every page of `docs/`.
fn pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ is there")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    assert!(docs.len() >= 5, "docs/ has its pages: {docs:?}");
    pages.extend(docs);
    pages
}

/// The targets of a page's Markdown links and images: `[text](target)`.
fn links(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        if let Some(end) = rest.find(')') {
            found.push(rest[..end].trim().to_string());
            rest = &rest[end..];
        }
    }
    found
}

/// GitHub's anchor for a heading: lower case, spaces to hyphens, other
/// punctuation dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

fn anchors(text: &str) -> Vec<String> {
    let mut in_code = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        } else if !in_code && line.starts_with('#') {
            found.push(anchor(line.trim_start_matches('#')));
        }
    }
    found
}

#[test]
fn every_relative_link_in_the_docs_leads_somewhere() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).expect("reads");
        for link in links(&text) {
            if link.contains("://") || link.starts_with("mailto:") {
                continue;
            }
            let (file, fragment) = match link.split_once('#') {
                Some((file, fragment)) => (file, Some(fragment)),
                None => (link.as_str(), None),
            };
            let target = if file.is_empty() {
                page.clone()
            } else {
                page.parent().expect("a folder").join(file)
            };
            checked += 1;
            if !target.exists() {
                broken.push(format!("{}: {link} (no such file)", page.display()));
                continue;
            }
            if let Some(fragment) = fragment
                && target.extension().is_some_and(|x| x == "md")
            {
                let there = std::fs::read_to_string(&target).expect("reads");
                if !anchors(&there).iter().any(|a| a == fragment) {
                    broken.push(format!("{}: {link} (no such heading)", page.display()));
                }
            }
        }
    }
    assert!(
        checked >= 10,
        "the README links to the docs ({checked} links)"
    );
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// The `burrow` command lines a page shows: in code blocks and in inline
/// code.
fn command_lines(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            let line = line.trim_start().trim_start_matches("$ ");
            if line.starts_with("burrow ") {
                found.push(line.to_string());
            }
            continue;
        }
        // Inline code: every other piece between backticks.
        for (i, span) in line.split('`').enumerate() {
            if i % 2 == 1 && span.starts_with("burrow ") {
                found.push(span.to_string());
            }
        }
    }
    found
}

/// The window's options that only a build with the test hooks has (the
/// `checks` feature); the docs name them where they describe the tests.
const TEST_HOOKS: [&str; 4] = ["click", "screenshot", "storm", "storm-seed"];

/// What is wrong with one command line, if anything.
fn check_command_line(cli: &clap::Command, line: &str) -> Option<String> {
    let line = line.split(" #").next().unwrap_or(line);
    let words: Vec<&str> = line
        .split_whitespace()
        .skip(1)
        .map(|w| w.trim_matches(|c| matches!(c, '[' | ']' | ',' | '.' | '(' | ')')))
        .collect();
    // The command is the first plain word that is no option's value (the
    // window's and the global options come before it, or after).
    let at = words.iter().enumerate().position(|(i, word)| {
        let after_option = i > 0
            && words[i - 1].starts_with("--")
            && cli
                .get_arguments()
                .any(|a| Some(&words[i - 1][2..]) == a.get_long() && a.get_action().takes_values());
        !word.starts_with('-')
            && !after_option
            && word.chars().all(|c| c.is_ascii_lowercase() || c == '-')
    });
    let (command, rest) = match at {
        Some(at) => match cli.find_subcommand(words[at]) {
            Some(sub) => (sub, &words[..]),
            None => return Some(format!("`{line}`: no command `{}`", words[at])),
        },
        None => (cli, &words[..]),
    };
    for word in rest {
        let Some(flag) = word.strip_prefix("--") else {
            continue;
        };
        let flag = flag.split('=').next().unwrap_or(flag);
        if flag == "help"
            || flag == "version"
            || (!cfg!(feature = "checks") && TEST_HOOKS.contains(&flag))
        {
            continue;
        }
        let global = cli
            .get_arguments()
            .any(|a| a.is_global_set() && a.get_long() == Some(flag));
        if !global && !command.get_arguments().any(|a| a.get_long() == Some(flag)) {
            return Some(format!(
                "`{line}`: `{}` has no option --{flag}",
                command.get_name()
            ));
        }
    }
    None
}

#[test]
fn every_burrow_command_the_docs_show_exists() {
    let cli = burrow::cli::command();
    let mut wrong = Vec::new();
    let mut checked = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).expect("reads");
        for line in command_lines(&text) {
            checked += 1;
            if let Some(problem) = check_command_line(&cli, &line) {
                wrong.push(format!("{}: {problem}", page.display()));
            }
        }
    }
    assert!(checked >= 20, "the docs show commands ({checked} found)");
    assert!(
        wrong.is_empty(),
        "commands the binary does not have:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_command_check_catches_a_made_up_command_and_option() {
    let cli = burrow::cli::command();
    assert_eq!(
        check_command_line(&cli, "burrow perft --variant box --depth 2"),
        None
    );
    assert!(check_command_line(&cli, "burrow fly --variant box").is_some());
    assert!(check_command_line(&cli, "burrow perft --variant box --speed 2").is_some());
    assert!(check_command_line(&cli, "burrow --teleport").is_some());
}

/// The project paths a page names in its text (`src/game/table/board.rs`,
/// `tests/online/`), left out where a path is a pattern (braces, stars)
/// or a file the build makes.
fn named_paths(text: &str) -> Vec<String> {
    const ROOTS: [&str; 6] = ["src/", "tests/", "benches/", "examples/", "assets/", ".ci/"];
    let path_char = |c: char| c.is_ascii_alphanumeric() || "_-./{},*".contains(c);
    let mut found = Vec::new();
    for (at, _) in text.char_indices() {
        let rest = &text[at..];
        let starts_word = text[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !path_char(c) && c != '~' && c != '$');
        if !starts_word || !ROOTS.iter().any(|root| rest.starts_with(root)) {
            continue;
        }
        let end = rest.find(|c: char| !path_char(c)).unwrap_or(rest.len());
        let path = rest[..end].trim_end_matches(['.', ',']);
        if !path.contains(['{', '}', '*', ',']) {
            found.push(path.to_string());
        }
    }
    found
}

#[test]
fn every_source_path_the_docs_name_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut missing = Vec::new();
    let mut checked = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).expect("a page reads");
        for path in named_paths(&text) {
            checked += 1;
            if !root.join(&path).exists() {
                missing.push(format!("{}: {path}", page.display()));
            }
        }
    }
    assert!(
        checked > 50,
        "the docs name the code's files ({checked} found)"
    );
    assert!(
        missing.is_empty(),
        "paths the docs name that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_path_reader_finds_paths_and_passes_over_patterns() {
    let text = "the rules (`src/rules/side.rs`), src/game/table/, see tests/online/{a,b}.rs \
                and src/*.rs; not xsrc/a.rs nor $HOME/src/b.rs. Also .ci/run.";
    assert_eq!(
        named_paths(text),
        ["src/rules/side.rs", "src/game/table/", ".ci/run"]
    );
}
