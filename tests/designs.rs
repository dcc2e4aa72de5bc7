//! Games described in files: the four designer's games and both example
//! mods written as game files play exactly as their hand-written engines
//! (the same perft, the same distinct turns on thousands of positions from
//! random games of every board size), and a corpus of broken files each
//! gets its one clear error.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;

use burrow::ai::play_random_game;
use burrow::rules::design::BUILTIN_FILES;
use burrow::rules::{BoardSize, Design, Position, Rules, Variant, VariantRegistry};

use crate::modding::{leapfrog, stride};

fn design_rules(text: &str) -> Rules {
    let design: Design = text.parse().unwrap_or_else(|e| panic!("{e}"));
    Rules::new(Arc::new(design)).expect("a design makes rules")
}

/// The board sizes the positions come from, with the random games played
/// on each.
const BOARDS: [(u8, u8, u64); 6] = [
    (8, 8, 6),
    (6, 5, 12),
    (4, 4, 30),
    (5, 7, 8),
    (4, 6, 20),
    (7, 4, 20),
];

/// Every position of seeded random games of `engine` on `BOARDS`.
fn positions(
    engine: &Rules,
    registry: &VariantRegistry,
    boards: &[(u8, u8, u64)],
) -> Vec<Position> {
    let mut positions = Vec::new();
    for &(files, ranks, games) in boards {
        let size = BoardSize::new(files, ranks).unwrap();
        for seed in 0..games {
            let record =
                play_random_game(engine, Position::start(size), seed * 104_729 + files as u64)
                    .unwrap();
            positions.extend(record.replay(registry).unwrap());
        }
    }
    positions
}

/// `file` against `engine`: perft from the start of several boards to
/// `depth`, then the distinct turns of every position of random games
/// (those with more than `max_turns` turns left out: Tumburrow's
/// middle games list tens of thousands). Returns the positions compared.
fn check_equal(
    file: &Rules,
    engine: &Rules,
    depth: u32,
    max_turns: usize,
    boards: &[(u8, u8, u64)],
) -> usize {
    let id = engine.id();
    for (files, ranks) in [(8, 8), (6, 6), (5, 4)] {
        let start = Position::start(BoardSize::new(files, ranks).unwrap());
        // Leapfrog's 8x8 perft(3) is 640 million turns: one ply less there.
        let depth = if files == 8 && engine.id() == "leapfrog" {
            depth.min(2)
        } else {
            depth
        };
        for d in 1..=depth {
            assert_eq!(
                file.perft(&start, d).unwrap(),
                engine.perft(&start, d).unwrap(),
                "{id}: perft({d}) on {files}x{ranks}"
            );
        }
    }
    let mut registry = VariantRegistry::empty();
    registry.register(engine.variant_arc()).unwrap();
    let mut compared = 0;
    for position in positions(engine, &registry, boards) {
        let expected = engine.turns(&position).unwrap();
        if expected.len() > max_turns {
            continue;
        }
        let expected: BTreeSet<String> = expected.iter().map(|t| t.key().to_string()).collect();
        let found: BTreeSet<String> = file
            .turns(&position)
            .unwrap()
            .iter()
            .map(|t| t.key().to_string())
            .collect();
        assert_eq!(found, expected, "{id} at {position}");
        compared += 1;
    }
    compared
}

fn builtin_file(id: &str) -> &'static str {
    BUILTIN_FILES
        .iter()
        .find(|(i, _)| *i == id)
        .map(|(_, text)| *text)
        .unwrap()
}

#[test]
fn the_box_file_is_box_burrow() {
    let engine = burrow::rules::builtin_rules("box").unwrap();
    let compared = check_equal(
        &design_rules(builtin_file("box")),
        &engine,
        3,
        usize::MAX,
        &BOARDS,
    );
    assert!(compared > 1000, "{compared} positions compared");
}

#[test]
fn the_path_file_is_path_burrow() {
    let engine = burrow::rules::builtin_rules("path").unwrap();
    let compared = check_equal(
        &design_rules(builtin_file("path")),
        &engine,
        3,
        usize::MAX,
        &BOARDS,
    );
    assert!(compared > 1000, "{compared} positions compared");
}

#[test]
fn the_sweep_file_is_sweep_burrow() {
    let engine = burrow::rules::builtin_rules("sweep").unwrap();
    let compared = check_equal(
        &design_rules(builtin_file("sweep")),
        &engine,
        3,
        usize::MAX,
        &BOARDS,
    );
    assert!(compared > 1000, "{compared} positions compared");
}

#[test]
fn the_tumburrow_file_is_tumburrow() {
    let engine = burrow::rules::builtin_rules("tumburrow").unwrap();
    // Tumburrow's 8x8 random games are the costliest to list (a middle game
    // has thousands of turns): two of them, and more small boards.
    let boards = [
        (8, 8, 2),
        (6, 5, 20),
        (4, 4, 60),
        (5, 7, 12),
        (4, 6, 30),
        (7, 4, 30),
    ];
    let compared = check_equal(
        &design_rules(builtin_file("tumburrow")),
        &engine,
        2,
        1500,
        &boards,
    );
    assert!(compared > 1000, "{compared} positions compared");
}

fn example_file(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("examples/{name}.toml"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_leapfrog_file_is_the_leapfrog_mod() {
    let leap = Rules::new(Arc::new(leapfrog::Leapfrog)).unwrap();
    let file = design_rules(&example_file("leapfrog"));
    let compared = check_equal(&file, &leap, 3, usize::MAX, &BOARDS);
    assert!(compared > 500, "{compared} positions compared");
}

#[test]
fn the_stride_file_is_the_stride_mod() {
    let stride = Rules::new(Arc::new(stride::Stride)).unwrap();
    let file = design_rules(&example_file("stride"));
    let compared = check_equal(&file, &stride, 3, usize::MAX, &BOARDS);
    assert!(compared > 500, "{compared} positions compared");
}

#[test]
fn a_file_game_keeps_its_names_and_symmetry() {
    for (id, text) in BUILTIN_FILES {
        let design: Design = text.parse().unwrap();
        let engine = burrow::rules::builtin_rules(id).unwrap();
        assert_eq!(design.name(), engine.variant().name());
        assert_eq!(design.symmetric(), engine.variant().symmetric(), "{id}");
        assert_eq!(
            design.template_uses_route(),
            engine.variant().template_uses_route()
        );
    }
}

/// Every file of `tests/data/designs/broken/` starts with a comment line
/// `# error: TEXT`: reading it must fail with an error that contains TEXT
/// (and names a line whenever the file has one to name).
#[test]
fn every_broken_file_gets_its_clear_error() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/designs/broken");
    let mut checked = 0;
    let mut failures = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let text = std::fs::read_to_string(&path).unwrap();
        let expected = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("# error: "))
            .unwrap_or_else(|| panic!("{}: no '# error: ' line", path.display()))
            .trim();
        match text.parse::<Design>() {
            Ok(_) => failures.push(format!("{} was read, and should not be", path.display())),
            Err(error) if !error.to_string().contains(expected) => failures.push(format!(
                "{}: expected an error containing {expected:?}, got: {error}",
                path.display()
            )),
            Err(_) => {}
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 100, "only {checked} broken files");
}

/// A design's share code is compact and versioned, reads back to the same
/// design, and a damaged one gets a clear error, never a panic.
#[test]
fn a_design_code_round_trips_and_damage_is_named() {
    for (_, text) in BUILTIN_FILES {
        let design: Design = text.parse().unwrap();
        let code = design.code();
        assert!(code.starts_with(burrow::rules::CODE_PREFIX), "{code}");
        assert!(
            code.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)),
            "a link may carry it as it is: {code}"
        );
        assert!(code.len() < 600, "{} characters: {code}", code.len());
        assert_eq!(Design::from_code(&code).unwrap(), design);
    }
    let code = design_rules(&example_file("stride"))
        .variant()
        .design()
        .unwrap()
        .code();
    // Cut on a whole group of four characters: valid base64, half a file.
    let cut = format!("1.{}", &code[2..2 + (code.len() - 10) / 4 * 4]);
    let cases = [
        ("", "starts with `1.`"),
        ("2.abc", "starts with `1.`"),
        ("1.@@@", "damaged"),
        (cut.as_str(), "in the design code's file"),
        ("1.__8", "not UTF-8"),
    ];
    for (bad, expected) in cases {
        let error = Design::from_code(bad).expect_err(bad).to_string();
        assert!(error.contains(expected), "{bad}: {error}");
    }
    let huge = format!("1.{}", "A".repeat(40_000));
    assert!(
        Design::from_code(&huge)
            .unwrap_err()
            .to_string()
            .contains("at most")
    );
}

/// A record of a designed game carries its design, so it replays with
/// only the built-in games installed; a record whose design and variant
/// disagree, or whose design code is damaged, is refused by name.
#[test]
fn a_record_carries_its_design_and_replays_anywhere() {
    use burrow::rules::{GameRecord, RegistryError};
    let text = example_file("stride");
    let rules = design_rules(&text);
    let start = Position::start(BoardSize::new(6, 6).unwrap());
    let played = play_random_game(&rules, start, 11).unwrap();
    assert!(played.turns.len() > 4, "a real game: {played}");
    let written = played.to_string();
    assert!(written.contains("[Design \"1."), "{written}");
    let read: GameRecord = written.parse().unwrap();
    assert_eq!(read, played);
    let builtin = VariantRegistry::builtin();
    assert!(builtin.get("stride").is_none());
    let positions = read.replay(&builtin).expect("replays by its own design");
    assert_eq!(positions.len(), played.turns.len() + 1);

    // The variant tag and the design must name the same game.
    let renamed = written.replace("[Variant \"stride\"]", "[Variant \"box\"]");
    let error = renamed.parse::<GameRecord>().unwrap_err().to_string();
    assert!(error.contains("Variant tag says `box`"), "{error}");
    // A damaged code names the tag.
    let code = rules.variant().design().unwrap().code();
    let damaged = written.replace(&code, &code[..code.len() / 2]);
    let error = damaged.parse::<GameRecord>().unwrap_err().to_string();
    assert!(error.contains("the Design tag"), "{error}");

    // A registry adopts the design once; a different game of that id is refused.
    let mut registry = VariantRegistry::builtin();
    let design = read.design.clone().unwrap();
    registry.adopt((*design).clone()).unwrap();
    registry.adopt((*design).clone()).unwrap();
    assert_eq!(registry.ids().iter().filter(|i| **i == "stride").count(), 1);
    let mut other = (*design).clone();
    other.template.line = !other.template.line;
    assert_eq!(
        registry.adopt(other.clone()).map(|_| ()),
        Err(RegistryError::OtherGameOfThatId("stride".into()))
    );
    let mut boxed = (*design).clone();
    boxed.id = "box".into();
    assert!(
        registry.adopt(boxed.clone()).is_err(),
        "box is not a design here"
    );

    // The designer's put: a changed design of that id takes the old one's
    // place (the registry keeps one game per id); a built-in is never
    // replaced.
    let before = registry.len();
    let rules = registry.put_design(other.clone()).unwrap();
    assert_eq!(rules.variant().design(), Some(&other));
    assert_eq!(registry.len(), before);
    assert_eq!(
        registry.get("stride").unwrap().variant().design(),
        Some(&other)
    );
    assert_eq!(
        registry.put_design(boxed).map(|_| ()),
        Err(RegistryError::OtherGameOfThatId("box".into()))
    );
}

/// A design's start, boards and end rule: read, written back, drawn on
/// the board, held to by the rules, and played to a result under its end
/// rule that its record replays to.
#[test]
fn a_file_sets_its_start_boards_and_end() {
    use burrow::rules::{EndRule, GameRecord, ReplayError, SizeRange, Start};
    let text = example_file("undertow");
    let design: Design = text.parse().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(design.end, EndRule::LastCaptureLoses);
    let six = BoardSize::new(6, 6).unwrap();
    assert_eq!(
        design.sizes,
        SizeRange::new(six, BoardSize::STANDARD).unwrap()
    );
    let Start::Rows(rows) = design.start else {
        panic!("rows written out, found {:?}", design.start)
    };
    assert_eq!(rows.to_string(), "WWBB/WWBB/BBWW/BBWW");
    // Written back and read again: the same game, by file and by code.
    assert_eq!(design.to_string().parse::<Design>().unwrap(), design);
    assert_eq!(Design::from_code(&design.code()).unwrap(), design);

    let rules = Rules::new(Arc::new(design.clone())).unwrap();
    let start = rules.start(six);
    assert_eq!(
        start.to_string(),
        "WWBBWW/WWBBWW/BBWWBB/BBWWBB/WWBBWW/WWBBWW W",
        "rank 1 first in the file, the top rank first in a position"
    );
    assert_eq!(rules.usual_size(), BoardSize::STANDARD);
    let refused = rules.check_size(BoardSize::new(4, 4).unwrap()).unwrap_err();
    assert!(refused.to_string().contains("6x6 to 8x8"), "{refused}");

    // Played out: the side left without a capture wins, and the record
    // (which carries its design and start) replays to that result anywhere.
    let registry = VariantRegistry::builtin();
    for seed in 0..4 {
        let record = play_random_game(&rules, start, seed).unwrap();
        let history = record.history(&registry).unwrap();
        let last = history.position();
        assert!(!rules.has_initial_capture(last));
        assert_eq!(
            record.result,
            burrow::rules::GameResult::Win(last.turn),
            "the last capture loses"
        );
        let text = record.to_string();
        let read: GameRecord = text.parse().unwrap();
        assert_eq!(read.history(&registry).unwrap().position(), last);
    }
    // A record of it on a board it is not played on is refused by name.
    let mut small = GameRecord::of(&rules, BoardSize::new(4, 4).unwrap());
    small.start = Some(Position::start(small.size));
    match small.history(&registry) {
        Err(ReplayError::WrongBoard(why)) => {
            assert!(why.to_string().contains("6x6 to 8x8"), "{why}")
        }
        other => panic!("expected the board refused, got {other:?}"),
    }
}

/// Under "the last capture loses" the solver's values agree with a plain
/// memoised minimax on a small board (who wins and in how many turns, the
/// winner hurrying and the loser holding out), and the search's levels
/// play the end rule's way round.
#[test]
fn the_solver_and_the_search_follow_the_end_rule() {
    use burrow::ai::{Distances, SolveLimits, Solver, SolverConfig, Value};
    use std::collections::HashMap;
    let text = "format = 1\nid = \"ebb\"\nname = \"Ebb Burrow\"\nend = \"last-capture-loses\"\n\
                [board]\nstart = [\"W.B.\", \".BW.\", \"B..W\", \"....\"]\n\
                [movement]\nsteps = \"king\"\npath = \"straight\"\n[template]\ndistance = \"king\"\n";
    let misere = design_rules(text);
    let normal = design_rules(&text.replace("end = \"last-capture-loses\"\n", ""));
    fn minimax(rules: &Rules, pos: Position, memo: &mut HashMap<Position, i32>) -> i32 {
        // Scores as the solver's: a win in d turns is 1000 - d, a loss d - 1000.
        if let Some(&v) = memo.get(&pos) {
            return v;
        }
        let turns = rules.turns(&pos).unwrap();
        let value = if turns.is_empty() {
            if rules.end().stuck_wins() {
                1000
            } else {
                -1000
            }
        } else {
            turns
                .iter()
                .map(|t| {
                    let v = -minimax(rules, t.result, memo);
                    v - v.signum()
                })
                .max()
                .unwrap()
        };
        memo.insert(pos, value);
        value
    }
    let size = BoardSize::new(4, 4).unwrap();
    for rules in [&misere, &normal] {
        let start = rules.start(size);
        let expected = minimax(rules, start, &mut HashMap::new());
        let solver = Solver::new(rules, SolverConfig::default());
        let analysis = solver
            .analyse(&start, &SolveLimits::none(), Distances::Winning, None)
            .unwrap();
        let value = analysis.knowledge.value().expect("a proven value");
        assert_eq!(value.score(), expected, "{}: {value}", rules.id());
        // A position with no capture for the side to move: won or lost
        // by the end rule.
        let stuck: Position = "4/4/2B1/W3 B".parse().unwrap();
        assert!(!rules.has_initial_capture(&stuck));
        let analysis = solver
            .analyse(&stuck, &SolveLimits::none(), Distances::Winning, None)
            .unwrap();
        assert_eq!(
            analysis.knowledge.value(),
            Some(if rules.end().stuck_wins() {
                Value::Win(0)
            } else {
                Value::Loss(0)
            })
        );
        // The search's scores agree on who wins a proven position.
        let played = burrow::ai::play_levels(
            rules,
            start,
            burrow::ai::Level::Strongest,
            burrow::ai::Level::Strongest,
            1,
        )
        .unwrap();
        let winner = if value.is_win() {
            burrow::rules::Side::White
        } else {
            burrow::rules::Side::Black
        };
        assert_eq!(
            played.result,
            burrow::rules::GameResult::Win(winner),
            "{}: the strongest level on both sides plays a solved start to its value",
            rules.id()
        );
    }
}
