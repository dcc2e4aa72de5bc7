//! Small helpers shared by the behaviour tests.

use burrow::rules::{
    Capture, CaptureView, Movement, Position, RouteCandidates, Rules, Square, Template, Variant,
    builtin_rules,
};

/// Whether a program from outside Cargo that a test needs is here. When it
/// is not, the test says what is missing and how to get it, and returns
/// without checking anything; with `BURROW_TEST_REQUIRE_ALL` set (the test
/// command `bash .ci/test` sets it, so CI runs every test) it fails instead.
pub fn needs(what: &str, found: bool, how: &str) -> bool {
    if found {
        return true;
    }
    assert!(
        std::env::var_os("BURROW_TEST_REQUIRE_ALL").is_none(),
        "this test needs {what}, which is missing: {how}"
    );
    eprintln!("not run: this test needs {what}, which is missing: {how}");
    false
}

/// Whether `program` is on the PATH.
pub fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).is_file()))
}

/// The command of the example engine in Python (`examples/engine.py`,
/// with this build's `burrow` as its referee), or None where python3 is
/// missing (see [`needs`]).
pub fn python_example_engine() -> Option<String> {
    needs(
        "python3",
        on_path("python3"),
        "install python3 (bash .ci/setup does)",
    )
    .then(|| {
        format!(
            "python3 {} {}",
            concat!(env!("CARGO_MANIFEST_DIR"), "/examples/engine.py"),
            env!("CARGO_BIN_EXE_burrow")
        )
    })
}

/// The window tests' display: Xvfb (through `xvfb-run`).
#[cfg(feature = "checks")]
pub fn xvfb() -> bool {
    needs(
        "Xvfb (xvfb-run) and a Vulkan driver",
        on_path("xvfb-run"),
        "bash .ci/setup installs them (apt packages xvfb, xauth, mesa-vulkan-drivers)",
    )
}

pub fn rules(id: &str) -> Rules {
    builtin_rules(id).unwrap_or_else(|| panic!("no built-in variant {id}"))
}

pub fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

pub fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// The canonical texts of every distinct turn, sorted.
pub fn turn_texts(rules: &Rules, position: &Position) -> Vec<String> {
    let mut texts: Vec<String> = rules
        .turns(position)
        .unwrap()
        .iter()
        .map(|t| t.key().to_string())
        .collect();
    texts.sort();
    texts
}

/// The squares reachable by a fitting capture after the initial capture `from → to`.
pub fn fitting_after(rules: &Rules, position: &Position, capture: Capture) -> Vec<String> {
    let turn = rules.begin_turn(position, &capture).unwrap();
    let mut targets: Vec<String> = rules
        .fitting_captures(&turn)
        .unwrap()
        .iter()
        .map(|c| c.to.to_string())
        .collect();
    targets.sort();
    targets
}

pub fn capture(from: &str, to: &str) -> Capture {
    Capture {
        from: sq(from),
        to: sq(to),
        route: None,
    }
}

/// Proposes, once a turn has begun, routes its own movement rule does not
/// allow: the engine catches it as a variant error mid-turn.
pub struct Liar;

impl Variant for Liar {
    fn id(&self) -> &str {
        "liar"
    }
    fn name(&self) -> &str {
        "Liar"
    }
    fn movement(&self) -> Movement {
        Movement::ORTHOGONAL_STAIRCASE
    }
    fn template(&self, _: &CaptureView) -> Template {
        Template::Count(0)
    }
    fn fits(&self, _: &Template, _: &CaptureView) -> bool {
        true
    }
    fn candidate_routes(&self, _: &Template) -> Option<RouteCandidates> {
        let mut routes = RouteCandidates::default();
        routes.add("N.NE".parse().unwrap());
        Some(routes)
    }
}
