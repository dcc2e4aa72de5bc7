//! What a screen reader is given: the real game under Xvfb writes its
//! accessibility tree (egui's widgets as AccessKit nodes, each with a role
//! and a name; `--accessibility FILE`, src/game/checks/access.rs) beside its
//! screenshot, and every control of the screen must have a name in the
//! player's language: words or numbers (`4×4`, `75%`), not a bare symbol
//! or nothing, and not an English message
//! left in a French or German window. The look test (tests/look.rs) checks
//! the trees of all its screens this way; the test here opens the screens
//! and languages it does not.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The roles a player acts on, which must be named. (Panels, windows,
/// labels, scroll bars and resize handles are not controls a screen reader
/// names.)
const CONTROLS: [&str; 9] = [
    "Button",
    "CheckBox",
    "RadioButton",
    "ComboBox",
    "Slider",
    "SpinButton",
    "TextInput",
    "Link",
    "MenuItem",
];

/// One node of a written tree: its depth, role, name and value, and
/// whether it can be clicked.
#[derive(Debug)]
pub struct Node {
    pub depth: usize,
    pub role: String,
    pub name: String,
    pub value: String,
    pub clickable: bool,
}

/// Reads a tree written by `--accessibility`.
pub fn parse(tree: &str) -> Vec<Node> {
    tree.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let depth = (line.len() - line.trim_start().len()) / 2;
            let fields: Vec<&str> = line.trim_start().split('\t').collect();
            let field = |i: usize| fields.get(i).copied().unwrap_or("").to_string();
            Node {
                depth,
                role: field(0),
                name: field(1),
                value: field(2),
                clickable: fields[3.min(fields.len())..].contains(&"click"),
            }
        })
        .collect()
}

/// Whether a node is a control: one of the [`CONTROLS`] roles, or a
/// widget of no known role that can be clicked (a game's card, say).
/// (Labels and windows take clicks too, for selecting text and raising
/// the window; their words are their value.)
pub fn is_control(node: &Node) -> bool {
    CONTROLS.contains(&node.role.as_str()) || (node.role == "Unknown" && node.clickable)
}

/// A language's messages that are a single line of plain text (no
/// arguments), by id, from `assets/lang/LANGUAGE/*.ftl`.
pub fn messages(language: &str) -> HashMap<String, String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/lang")
        .join(language);
    let mut messages = HashMap::new();
    for entry in std::fs::read_dir(&dir).expect("a language's folder") {
        let path = entry.expect("a file").path();
        if path.extension().is_none_or(|e| e != "ftl") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a catalogue");
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let continued = lines.get(i + 1).is_some_and(|next| next.starts_with(' '));
            if let Some((id, value)) = line.split_once(" = ")
                && !id.starts_with([' ', '#', '-'])
                && !value.contains('{')
                && !continued
            {
                messages.insert(id.to_string(), value.trim().to_string());
            }
        }
    }
    messages
}

/// What is wrong with the tree of `screen` in `language` ("en", "fr",
/// "de"): controls without a name, named by a symbol alone, or named by
/// an English message whose translation differs.
pub fn problems(screen: &str, language: &str, tree: &str) -> Vec<String> {
    let nodes = parse(tree);
    if nodes.iter().filter(|node| is_control(node)).count() == 0 {
        return vec![format!(
            "{screen} ({language}): no control in the accessibility tree: {}",
            tree.lines().next().unwrap_or("(empty)")
        )];
    }
    let english = messages("en");
    let translated = messages(language);
    let untranslated: Vec<&str> = if language == "en" {
        Vec::new()
    } else {
        english
            .iter()
            .filter(|(id, text)| translated.get(*id).is_some_and(|own| own != *text))
            .map(|(_, text)| text.as_str())
            .collect()
    };
    let mut problems = Vec::new();
    for (i, node) in nodes.iter().enumerate() {
        if !is_control(node) {
            continue;
        }
        // egui's own title bar of a window: a click area beside its close
        // button, not a control of the game's.
        let title_bar = i > 0
            && node.role == "Unknown"
            && nodes[i - 1].depth == node.depth
            && translated.get("window-close") == Some(&nodes[i - 1].name);
        if title_bar {
            continue;
        }
        if !node.name.chars().any(char::is_alphanumeric) {
            problems.push(format!(
                "{screen} ({language}): a {} named {:?} (value {:?}): no words a screen reader can say",
                node.role, node.name, node.value
            ));
        } else if untranslated.contains(&node.name.as_str()) {
            problems.push(format!(
                "{screen} ({language}): a {} named in English: {:?}",
                node.role, node.name
            ));
        }
    }
    problems
}

/// Runs the game with `args` to its screenshot and returns its tree.
pub fn tree_of(name: &str, args: &[&str]) -> String {
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("access");
    std::fs::create_dir_all(&out).expect("the target folder");
    let shot = out.join(format!("{name}.png"));
    let tree = out.join(format!("{name}.txt"));
    let _ = std::fs::remove_file(&shot);
    let _ = std::fs::remove_file(&tree);
    let status = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_burrow"))
        .args(args)
        .arg("--screenshot")
        .arg(&shot)
        .arg("--accessibility")
        .arg(&tree)
        .status()
        .expect("xvfb-run runs (bash .ci/setup installs it)");
    assert!(status.success(), "{name}: the game exited with {status}");
    std::fs::read_to_string(&tree).unwrap_or_else(|e| panic!("{name}: no tree written: {e}"))
}

#[test]
fn every_control_is_named_in_each_language() {
    if !crate::support::xvfb() {
        return;
    }
    let screens: [(&str, &[&str]); 6] = [
        ("title", &[]),
        ("settings", &["--variant", "box", "--settings"]),
        ("lesson", &["--variant", "sweep", "--lesson"]),
        ("puzzle", &["--puzzle", "1"]),
        (
            "analysis",
            &[
                "--variant",
                "box",
                "--position",
                "WBWB/BWBW/WBWB/BWBW W",
                "--analysis",
            ],
        ),
        ("reader", &["--variant", "box", "--screen-reader"]),
    ];
    let mut failures = Vec::new();
    for (screen, args) in screens {
        for language in ["en", "fr", "de"] {
            let mut all = args.to_vec();
            all.extend(["--language", language]);
            let tree = tree_of(&format!("{screen}-{language}"), &all);
            failures.extend(problems(screen, language, &tree));
            let own = messages(language);
            let nodes = parse(&tree);
            if screen == "title" {
                // The first control (the first Tab's) is the reader's switch.
                let first = nodes.iter().find(|node| is_control(node));
                let switch = &own["menu-screen-reader"];
                if first.is_none_or(|node| node.role != "CheckBox" || &node.name != switch) {
                    failures.push(format!(
                        "title ({language}): the first control is {first:?}, not the {switch:?} switch"
                    ));
                }
            }
            if screen == "reader" {
                let field = &own["reader-title"];
                if !nodes
                    .iter()
                    .any(|node| node.role == "TextInput" && &node.name == field)
                {
                    failures.push(format!(
                        "reader ({language}): no text field named {field:?}"
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_tree_is_read_and_its_unnamed_controls_found() {
    let tree = "Window\t\t\n  Button\tNew game\t\tclick\n  Button\t⏮\t\tclick\n  TextInput\t\tb1\n  CheckBox\tScreen reader\t\tclick\tdisabled\n  Label\t\tSome words\n  Unknown\t\t\tclick\n  Button\t4×4\t\n";
    let nodes = parse(tree);
    assert_eq!(nodes.len(), 8);
    assert_eq!(nodes[1].depth, 1);
    assert_eq!(nodes[3].value, "b1");
    assert!(nodes[4].clickable && !nodes[5].clickable);
    let found = problems("test", "en", tree);
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(found[0].contains("⏮"), "{found:?}");
    assert!(found[1].contains("TextInput"), "{found:?}");
    assert!(found[2].contains("Unknown"), "{found:?}");
    // An English message in a French window.
    let english = &messages("en")["menu-screen-reader"];
    let tree = format!("Window\t\t\n  CheckBox\t{english}\t\n");
    let found = problems("test", "fr", &tree);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("in English"), "{found:?}");
    assert_eq!(problems("test", "en", &tree), Vec::<String>::new());
}
