//! The shape of the code, read from `src/` as a newcomer would read it:
//! which module uses which (`use` declarations and paths written out,
//! followed through re-exports to the file that defines the item), and
//! what the code promises of itself in docs/architecture.md:
//!
//! - no module uses one that uses it back, directly or around a circle
//!   (among the files, and among the children of any one module);
//! - a feature folder of the game is used by the others only through what
//!   its `mod.rs` makes public (its intents, facts and resources), never
//!   through its files;
//! - no `Result<_, String>` outside tests: errors are types that keep
//!   their cause.
//!
//! (Functions over 100 lines are clippy's `too_many_lines`, denied for the
//! whole crate in Cargo.toml.)

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// A module's path in the crate: `["game", "play", "input"]`.
type Module = Vec<String>;

/// The crate's modules, each with its file's text (comments, strings and
/// `#[cfg(test)]` modules taken out).
struct Crate {
    modules: BTreeMap<Module, String>,
    /// Names each module makes public from elsewhere (`pub use a::b::C`):
    /// the name and the path it stands for.
    reexports: HashMap<Module, HashMap<String, String>>,
}

fn source_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/ reads") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            source_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The text without comments, string contents and test modules.
fn code_of(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if text[i..].starts_with("//") {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
        } else if text[i..].starts_with("/*") {
            i += text[i..].find("*/").map_or(bytes.len() - i, |end| end + 2);
        } else if text[i..].starts_with("r#\"") {
            i += text[i + 3..]
                .find("\"#")
                .map_or(bytes.len() - i, |end| end + 5);
            out.push_str("\"\"");
        } else if bytes[i] == b'"' && !text[..i].ends_with('\'') {
            i += 1;
            while i < bytes.len() && bytes[i] != b'"' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else {
            let c = text[i..].chars().next().expect("a character");
            out.push(c);
            i += c.len_utf8();
        }
    }
    without_test_modules(&out)
}

fn without_test_modules(code: &str) -> String {
    let mut out = String::new();
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "#[cfg(test)]".len()..];
        let trimmed = after.trim_start();
        if trimmed.starts_with("mod ") && trimmed.split(['{', ';']).next().is_some() {
            let open = trimmed.find(['{', ';']).expect("a module's end");
            if trimmed.as_bytes()[open] == b';' {
                rest = &trimmed[open + 1..];
                continue;
            }
            let mut depth = 0;
            let mut end = trimmed.len();
            for (j, c) in trimmed.char_indices().skip(open) {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = j + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            rest = &trimmed[end..];
        } else {
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// The paths a `use` tree names: `a::{b, c::{d, e}}` is `a::b`, `a::c::d`,
/// `a::c::e` (`self` is the prefix itself, `x as y` is `x`).
fn expand(tree: &str) -> Vec<String> {
    let tree: String = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        return vec![tree.split(" as ").next().unwrap_or(tree).trim().to_string()];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut depth, mut current) = (0, String::new());
    for c in inner.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    parts.push(current);
    parts
        .iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(|p| expand(p))
        .map(|p| {
            if p == "self" {
                prefix.trim_end_matches("::").to_string()
            } else {
                format!("{prefix}{p}")
            }
        })
        .collect()
}

/// `use` declarations (with their visibility) and paths written out
/// (`crate::a::b`, `super::c`) in `code`.
fn used_paths(code: &str) -> (Vec<String>, Vec<String>) {
    let (mut all, mut public) = (Vec::new(), Vec::new());
    let mut rest = code;
    while let Some(at) = find_word(rest, "use") {
        let before = rest[..at].trim_end();
        let statement = &rest[at + 3..];
        let end = statement.find(';').unwrap_or(statement.len());
        let paths = expand(&statement[..end]);
        if before.ends_with("pub") || before.ends_with(')') && before.contains("pub(") {
            public.extend(paths.iter().cloned());
        }
        all.extend(paths);
        rest = &statement[end..];
    }
    for start in ["crate::", "super::"] {
        let mut rest = code;
        while let Some(at) = rest.find(start) {
            let boundary = rest[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == ':'));
            let path: String = rest[at..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            if boundary {
                all.push(path.trim_end_matches(':').to_string());
            }
            rest = &rest[at + start.len()..];
        }
    }
    (all, public)
}

fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = text[from..].find(word) {
        let at = from + at;
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        let letter = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        if !letter(before) && !letter(after) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

impl Crate {
    fn read() -> Crate {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        source_files(&src, &mut files);
        let mut modules = BTreeMap::new();
        for file in files {
            let relative = file.strip_prefix(&src).expect("under src/");
            let mut module: Module = relative
                .with_extension("")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if module.last().is_some_and(|m| m == "mod") {
                module.pop();
            }
            if module == ["lib"] || module == ["main"] {
                module.clear();
            }
            let text = std::fs::read_to_string(&file).expect("a source file reads");
            modules.insert(module, code_of(&text));
        }
        let mut reexports = HashMap::new();
        for (module, code) in &modules {
            let names: HashMap<String, String> = used_paths(code)
                .1
                .into_iter()
                .filter_map(|path| {
                    let name = path.rsplit("::").next()?.trim().to_string();
                    Some((name, path))
                })
                .collect();
            reexports.insert(module.clone(), names);
        }
        Crate { modules, reexports }
    }

    /// The file (module) that `path`, written in `from`, leads to; none for
    /// another crate's.
    fn resolve(&self, from: &Module, path: &str, depth: u32) -> Option<Module> {
        let segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
        let (mut at, rest): (Module, &[&str]) = match segments.first()? {
            &"crate" => (Vec::new(), &segments[1..]),
            &"super" => {
                let mut base = from.clone();
                let mut rest = &segments[..];
                while rest.first() == Some(&"super") {
                    base.pop();
                    rest = &rest[1..];
                }
                (base, rest)
            }
            &"self" => (from.clone(), &segments[1..]),
            first => {
                let mut child = from.clone();
                child.push(first.to_string());
                if !self.modules.contains_key(&child) {
                    return None;
                }
                (from.clone(), &segments[..])
            }
        };
        for segment in rest {
            let mut child = at.clone();
            child.push(segment.to_string());
            if self.modules.contains_key(&child) {
                at = child;
                continue;
            }
            if depth < 6
                && let Some(target) = self.reexports.get(&at).and_then(|r| r.get(*segment))
            {
                return self.resolve(&at, target, depth + 1).or(Some(at));
            }
            break;
        }
        Some(at)
    }

    /// Which modules each module uses (itself left out).
    fn uses(&self) -> BTreeMap<Module, BTreeSet<Module>> {
        let mut uses = BTreeMap::new();
        for (module, code) in &self.modules {
            let targets: BTreeSet<Module> = used_paths(code)
                .0
                .iter()
                .filter_map(|path| self.resolve(module, path, 0))
                .filter(|target| target != module)
                .collect();
            uses.insert(module.clone(), targets);
        }
        uses
    }
}

fn name(module: &Module) -> String {
    if module.is_empty() {
        "crate".into()
    } else {
        module.join("::")
    }
}

/// The circles of a graph: its strongly connected parts of more than one
/// node (Tarjan's algorithm).
fn circles<N: Ord + Clone>(graph: &BTreeMap<N, BTreeSet<N>>) -> Vec<Vec<N>> {
    struct Walk<'g, N: Ord> {
        graph: &'g BTreeMap<N, BTreeSet<N>>,
        index: BTreeMap<N, usize>,
        low: BTreeMap<N, usize>,
        stack: Vec<N>,
        found: Vec<Vec<N>>,
    }
    impl<N: Ord + Clone> Walk<'_, N> {
        fn visit(&mut self, node: &N) {
            let at = self.index.len();
            self.index.insert(node.clone(), at);
            self.low.insert(node.clone(), at);
            self.stack.push(node.clone());
            for next in self.graph.get(node).into_iter().flatten() {
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next]);
                    self.low.insert(node.clone(), low);
                } else if self.stack.contains(next) {
                    let low = self.low[node].min(self.index[next]);
                    self.low.insert(node.clone(), low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut part = Vec::new();
                while let Some(top) = self.stack.pop() {
                    let done = top == *node;
                    part.push(top);
                    if done {
                        break;
                    }
                }
                if part.len() > 1 {
                    self.found.push(part);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for node in graph.keys() {
        if !walk.index.contains_key(node) {
            walk.visit(node);
        }
    }
    walk.found
}

/// Whether one module holds the other (a module and its own files may use
/// each other: a parent declares and re-exports its children).
fn related(a: &Module, b: &Module) -> bool {
    a.starts_with(b) || b.starts_with(a)
}

#[test]
fn no_module_uses_one_that_uses_it_back() {
    let uses = Crate::read().uses();
    // Between files.
    let files: BTreeMap<Module, BTreeSet<Module>> = uses
        .iter()
        .map(|(a, targets)| {
            let targets = targets.iter().filter(|b| !related(a, b)).cloned().collect();
            (a.clone(), targets)
        })
        .collect();
    let found: Vec<String> = circles(&files)
        .iter()
        .map(|part| part.iter().map(name).collect::<Vec<_>>().join(", "))
        .collect();
    assert!(found.is_empty(), "files that use each other: {found:#?}");
    // Between the children of one module (a folder's files and folders).
    let mut siblings: BTreeMap<Module, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for (a, targets) in &uses {
        for b in targets.iter().filter(|b| !related(a, b)) {
            let shared = a.iter().zip(b).take_while(|(x, y)| x == y).count();
            let parent = a[..shared].to_vec();
            siblings
                .entry(parent)
                .or_default()
                .entry(a[shared].clone())
                .or_default()
                .insert(b[shared].clone());
        }
    }
    for (parent, graph) in &siblings {
        let found = circles(graph);
        assert!(
            found.is_empty(),
            "parts of {} that use each other: {found:?}",
            name(parent)
        );
    }
    // The check sees real uses: the game's board uses the rules.
    assert!(
        uses[&vec!["game".to_string(), "play".into(), "game".into()]]
            .iter()
            .any(|m| m.first().is_some_and(|m| m == "rules"))
    );
}

/// The game's feature folders: each is used by the others only through its
/// `mod.rs`.
const FEATURES: [&str; 10] = [
    "designer", "lesson", "online", "play", "puzzles", "review", "saved", "panels", "checks",
    "reader",
];

#[test]
fn a_game_feature_is_used_only_through_what_it_makes_public() {
    let krate = Crate::read();
    let mut reached_inside = Vec::new();
    for (module, code) in &krate.modules {
        for path in used_paths(code).0 {
            let segments: Vec<&str> = path.split("::").collect();
            // crate::game::FEATURE::FILE::… from outside FEATURE.
            if segments.len() >= 4
                && segments[..2] == ["crate", "game"]
                && FEATURES.contains(&segments[2])
                && !module.starts_with(&["game".to_string(), segments[2].to_string()])
            {
                let mut file = vec!["game".to_string(), segments[2].into(), segments[3].into()];
                if krate.modules.contains_key(&file) {
                    file.truncate(3);
                    reached_inside.push(format!("{} uses {path}", name(module)));
                }
            }
        }
    }
    assert!(reached_inside.is_empty(), "{reached_inside:#?}");
    // What the features make public is there to be used.
    assert!(krate.reexports[&vec!["game".to_string(), "play".into()]].contains_key("Game"));
}

#[test]
fn errors_are_types_not_strings() {
    let krate = Crate::read();
    let stringly: Vec<String> = krate
        .modules
        .iter()
        .flat_map(|(module, code)| {
            code.lines()
                .filter(|line| {
                    let line: String = line.split_whitespace().collect();
                    line.contains("Result<") && line.contains(",String>")
                })
                .map(move |line| format!("{}: {}", name(module), line.trim()))
        })
        .collect();
    assert!(stringly.is_empty(), "{stringly:#?}");
}

#[test]
fn the_reading_of_the_code_sees_what_it_should() {
    assert_eq!(
        expand("crate::a::{b, c::{d, self}, e as f}"),
        [
            "crate::a::b",
            "crate::a::c::d",
            "crate::a::c",
            "crate::a::e"
        ]
    );
    let code =
        code_of("use x::y; // use z;\nfn f() { \"use w;\" }\n#[cfg(test)]\nmod tests { use q; }");
    assert_eq!(used_paths(&code).0, ["x::y"]);
    let graph = BTreeMap::from([
        (1, BTreeSet::from([2])),
        (2, BTreeSet::from([3])),
        (3, BTreeSet::from([1])),
        (4, BTreeSet::from([1])),
    ]);
    let mut found = circles(&graph);
    found[0].sort();
    assert_eq!(found, [vec![1, 2, 3]]);
}
