//! The documentation against the project: every relative link in the
//! README and `docs/` leads to a file (and a heading) that exists, and every
//! `burrow` command line they show names commands and options the binary
//! has, and every default their synopses show (`[--proof-ms 300]`) is the
//! one the binary has.

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

/// The project paths a page names in its text (`src/game/play/board.rs`,
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

/// The defaults a page's command synopses show: `[--proof-ms 300]` on a
/// `burrow puzzles …` line of a code block (or on the indented lines that
/// go on with it), as (command, option, value). The command is empty for
/// the window's options; a placeholder (`[--seed S]`) or a choice
/// (`[--steps | --played]`) is no default and is left out.
fn quoted_defaults(text: &str) -> Vec<(String, String, String)> {
    let mut found = Vec::new();
    let mut in_code = false;
    let mut command: Option<String> = None;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            command = None;
            continue;
        }
        if !in_code {
            continue;
        }
        let line = line.split(" #").next().unwrap_or(line);
        if let Some(rest) = line
            .trim_start()
            .trim_start_matches("$ ")
            .strip_prefix("burrow ")
        {
            let first = rest.split_whitespace().next().unwrap_or("");
            command = Some(if first.starts_with('-') {
                String::new()
            } else {
                first.to_string()
            });
        } else if !line.starts_with(char::is_whitespace) {
            command = None;
        }
        let Some(command) = &command else {
            continue;
        };
        let mut rest = line;
        while let Some(at) = rest.find("[--") {
            rest = &rest[at + 3..];
            let Some(end) = rest.find(']') else {
                break;
            };
            if let Some((option, value)) = rest[..end].split_once(' ') {
                let literal = !value.is_empty()
                    && !value.contains(char::is_whitespace)
                    && !value.contains(|c: char| c.is_ascii_uppercase() || c == '|');
                if literal {
                    found.push((command.clone(), option.to_string(), value.to_string()));
                }
            }
            rest = &rest[end..];
        }
    }
    found
}

/// What is wrong with a default a page shows, if anything: a number must
/// be the option's default; other words are checked where the option has
/// a default (elsewhere they are examples, like `[--clock 3d]`).
fn check_quoted_default(
    cli: &clap::Command,
    command: &str,
    option: &str,
    value: &str,
) -> Option<String> {
    let shown = format!("`burrow {command} [--{option} {value}]`");
    let sub = if command.is_empty() {
        cli
    } else {
        match cli.find_subcommand(command) {
            Some(sub) => sub,
            None => return Some(format!("{shown}: no command `{command}`")),
        }
    };
    let Some(arg) = sub
        .get_arguments()
        .chain(cli.get_arguments().filter(|a| a.is_global_set()))
        .find(|a| a.get_long() == Some(option))
    else {
        return Some(format!("{shown}: no option --{option}"));
    };
    let defaults: Vec<String> = arg
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    if defaults.is_empty() {
        let number = value.chars().all(|c| c.is_ascii_digit());
        return number.then(|| format!("{shown}: the option has no default"));
    }
    let default = defaults.join(",");
    (default != value).then(|| format!("{shown}: the default is {default}"))
}

#[test]
fn every_default_the_docs_show_is_the_codes() {
    let cli = burrow::cli::command();
    let mut wrong = Vec::new();
    let mut shown = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).expect("reads");
        for (command, option, value) in quoted_defaults(&text) {
            if let Some(problem) = check_quoted_default(&cli, &command, &option, &value) {
                wrong.push(format!("{}: {problem}", page.display()));
            }
            shown.push(format!("{command} --{option}"));
        }
    }
    // The synopses of docs/computer.md and docs/online.md show these.
    for expected in [
        "puzzles --proof-ms",
        "accuracy --positions",
        "serve --think-ms",
    ] {
        assert!(
            shown.iter().any(|s| s == expected),
            "the docs show the default of {expected} ({shown:?})"
        );
    }
    assert!(
        wrong.is_empty(),
        "defaults the docs show that are not the code's:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_default_check_reads_synopses_and_catches_a_wrong_default() {
    let text = "```text\nburrow puzzles --variant V [--seed S] [--proof-ms 1]\n      \
                [--steps | --played] [--budget 600]\nnot burrow [--games 3]\n```\n\
                burrow reach [--games 4]\n";
    let pairs: Vec<(String, String)> = quoted_defaults(text)
        .into_iter()
        .map(|(command, option, value)| (format!("{command} --{option}"), value))
        .collect();
    assert_eq!(
        pairs,
        [
            ("puzzles --proof-ms".to_string(), "1".to_string()),
            ("puzzles --budget".to_string(), "600".to_string()),
        ]
    );
    let cli = burrow::cli::command();
    let puzzles = cli.find_subcommand("puzzles").expect("a command");
    let proof_ms = puzzles
        .get_arguments()
        .find(|a| a.get_long() == Some("proof-ms"))
        .expect("an option");
    let default = proof_ms.get_default_values()[0]
        .to_string_lossy()
        .into_owned();
    assert_eq!(
        check_quoted_default(&cli, "puzzles", "proof-ms", &default),
        None
    );
    let other = (default.parse::<u64>().expect("a number") + 1).to_string();
    assert!(check_quoted_default(&cli, "puzzles", "proof-ms", &other).is_some());
    assert!(check_quoted_default(&cli, "puzzles", "speed", "3").is_some());
    assert!(check_quoted_default(&cli, "serve", "max-connections", "9").is_some());
}
