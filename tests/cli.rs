//! The `burrow` command line, run as a real process.

use std::process::{Command, Output};

use burrow::rules::{GameRecord, VariantRegistry};

/// Runs `burrow` with no user folder of its own (so no designs folder: a
/// user's designs on this machine cannot change what the tests see).
fn burrow(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_burrow"))
        .args(args)
        .env(
            "XDG_CONFIG_HOME",
            std::env::temp_dir().join("burrow-cli-no-config"),
        )
        .output()
        .expect("the burrow binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn moves_prints_sorted_canonical_turns() {
    let out = burrow(&["moves", "--variant", "tumburrow"]);
    assert!(out.status.success());
    let lines: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(lines.len(), 172);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(lines.contains(&"a2xc1(b2)".to_string()));
}

#[test]
fn moves_with_steps_prints_paths() {
    let out = burrow(&[
        "moves",
        "--variant",
        "path",
        "--position",
        "8/8/8/8/8/8/8/W1B5 W",
        "--steps",
    ]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "a1xc1/EE a1-b1-c1\n");
}

#[test]
fn perft_prints_the_count() {
    let out = burrow(&["perft", "--variant", "box", "--depth", "2"]);
    assert_eq!(stdout(&out), "12140\n");
}

#[test]
fn play_prints_a_replayable_record() {
    let out = burrow(&[
        "play",
        "--variant",
        "sweep",
        "--white",
        "random",
        "--black",
        "random",
        "--seed",
        "5",
    ]);
    assert!(out.status.success());
    let record: GameRecord = stdout(&out).parse().unwrap();
    assert_eq!(record.variant, "sweep");
    assert!(record.replay(&VariantRegistry::builtin()).is_ok());
    // Same seed, same game.
    assert_eq!(
        stdout(&out),
        stdout(&burrow(&["play", "--variant", "sweep", "--seed", "5"]))
    );
}

#[test]
fn bad_input_gives_one_line_and_a_failure_code() {
    for args in [
        vec!["moves", "--variant", "chess"],
        vec!["moves", "--variant", "box", "--position", "WB/xx W"],
        vec!["perft", "--variant", "box"],
        vec!["perft", "--variant", "box", "--depth", "two"],
        vec!["play", "--variant", "box", "--white", "grandmaster"],
        vec!["frobnicate"],
    ] {
        let out = burrow(&args);
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

const LONE_PIECE: &str =
    "WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWB B";

#[test]
fn moves_and_perft_stop_at_their_limit_and_say_how_far_they_got() {
    for args in [
        vec!["moves", "--variant", "tumburrow", "--position", LONE_PIECE],
        vec![
            "perft",
            "--variant",
            "tumburrow",
            "--depth",
            "2",
            "--position",
            LONE_PIECE,
        ],
    ] {
        let mut args = args.clone();
        args.extend(["--max-states", "200000"]);
        let out = burrow(&args);
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("200000 turn states") && err.contains("--max-states"),
            "{args:?}: {err}"
        );
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
    // A limit that ordinary positions stay far under changes nothing.
    let out = burrow(&[
        "perft",
        "--variant",
        "box",
        "--depth",
        "2",
        "--max-states",
        "100000",
    ]);
    assert_eq!(stdout(&out), "12140\n");
}

#[test]
fn a_tournament_of_no_games_is_refused() {
    let out = burrow(&[
        "tournament",
        "--variant",
        "box",
        "--a",
        "random",
        "--b",
        "greedy",
        "--games",
        "0",
    ]);
    assert!(!out.status.success());
    assert!(stdout(&out).is_empty(), "no score for no games");
    let out = burrow(&[
        "tournament",
        "--variant",
        "box",
        "--a",
        "random",
        "--b",
        "greedy",
        "--think-ms",
        "5",
    ]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("100 to 10000 ms")
    );
}

#[test]
fn solve_prints_the_value_and_every_winning_turn() {
    let out = burrow(&[
        "solve",
        "--variant",
        "sweep",
        "--size",
        "4x4",
        "--memory",
        "64",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    assert!(
        text.contains("value: White to move wins in 15 turns"),
        "{text}"
    );
    assert!(
        text.contains("b1xa1 win in 15 turns (4 turns like it)"),
        "{text}"
    );
    assert!(text.contains("b1xb2 win in 15 turns"), "{text}");
    assert!(!text.contains("stopped"), "{text}");
    let lost = burrow(&[
        "solve",
        "--variant",
        "box",
        "--size",
        "4x4",
        "--memory",
        "64",
    ]);
    assert!(stdout(&lost).contains("value: White to move loses in 14 turns"));
}

#[test]
fn solve_refuses_bad_requests_and_resumes_from_its_checkpoint() {
    for args in [
        &["solve", "--variant", "box"][..],
        &[
            "solve",
            "--variant",
            "box",
            "--size",
            "4x4",
            "--position",
            "4/4/4/WB2 W",
        ],
        &[
            "solve",
            "--variant",
            "box",
            "--size",
            "4x4",
            "--memory",
            "0",
        ],
        &[
            "solve",
            "--variant",
            "box",
            "--size",
            "4x4",
            "--time-limit",
            "-1",
        ],
        &["solve", "--variant", "nope", "--size", "4x4"],
    ] {
        let out = burrow(args);
        assert!(!out.status.success(), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
    let dir = std::env::temp_dir().join(format!("burrow-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let checkpoint = dir.join("box-5x4.ck");
    let path = checkpoint.to_str().unwrap();
    // A run stopped by its limit says so and keeps what it proved.
    let stopped = burrow(&[
        "solve",
        "--variant",
        "box",
        "--size",
        "5x4",
        "--time-limit",
        "0.3",
        "--checkpoint",
        path,
    ]);
    assert!(stopped.status.success());
    assert!(
        stdout(&stopped).contains("stopped by its limit"),
        "{}",
        stdout(&stopped)
    );
    assert!(checkpoint.exists());
    let box_5x4 = || {
        burrow(&[
            "solve",
            "--variant",
            "box",
            "--size",
            "5x4",
            "--checkpoint",
            path,
        ])
    };
    let resumed = box_5x4();
    assert!(resumed.status.success());
    assert!(String::from_utf8_lossy(&resumed.stderr).contains("resumed"));
    assert!(stdout(&resumed).contains("value: White to move loses in 18 turns"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_refused_checkpoint_is_set_aside_and_the_solve_starts_clean() {
    let dir = std::env::temp_dir().join(format!("burrow-refused-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let checkpoint = dir.join("box-4x4.ck");
    let path = checkpoint.to_str().unwrap();
    let box_4x4 = [
        "solve",
        "--variant",
        "box",
        "--size",
        "4x4",
        "--checkpoint",
        path,
    ];
    assert!(burrow(&box_4x4).status.success());
    // A checkpoint changed by hand, cut short, of another game or of
    // another position is refused with the reason and set aside, and the
    // solve starts clean and still finds the value.
    let good = std::fs::read_to_string(&checkpoint).unwrap();
    let changed = good.replacen("0000000000000000", "0000000000000001", 1);
    assert_ne!(changed, good);
    let cut = good.lines().take(3).collect::<Vec<_>>().join("\n");
    // Another position: the same file claims to be of the start with the
    // other side to move.
    let other = resum(&good.replacen("BWBW W\n", "BWBW B\n", 1));
    assert_ne!(other, good);
    let cases = [
        (changed, "damaged", "box"),
        (cut, "damaged", "box"),
        (good, "for the game `box`, not `path`", "path"),
        (other, "it is for the position", "box"),
    ];
    for (text, reason, game) in cases {
        std::fs::write(&checkpoint, &text).unwrap();
        let out = burrow(&[
            "solve",
            "--variant",
            game,
            "--size",
            "4x4",
            "--checkpoint",
            path,
        ]);
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(out.status.success(), "{reason}: {err}");
        assert!(
            err.contains("checkpoint refused")
                && err.contains(reason)
                && err.contains("starts clean"),
            "{reason}: {err}"
        );
        assert!(
            stdout(&out).contains("White to move loses in"),
            "{reason}: {}",
            stdout(&out)
        );
        let aside = dir.join("box-4x4.ck.refused");
        assert_eq!(
            std::fs::read_to_string(&aside).unwrap(),
            text,
            "the refused file is kept"
        );
        std::fs::remove_file(&aside).unwrap();
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `text` with its checksum line made right again (a file changed by
/// someone who knew the format: refused for what it says, not for damage).
fn resum(text: &str) -> String {
    let body: String = text
        .lines()
        .filter(|l| !l.starts_with("checksum "))
        .map(|l| format!("{l}\n"))
        .collect();
    let sum = body.bytes().fold(0xcbf2_9ce4_8422_2325u64, |hash, b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("{body}checksum {sum:016x}\n")
}

#[test]
fn a_solve_split_into_work_units_merges_to_the_same_value() {
    let dir = std::env::temp_dir().join(format!("burrow-units-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let units = dir.to_str().unwrap();
    let split = burrow(&[
        "solve",
        "--variant",
        "box",
        "--size",
        "4x4",
        "--split",
        units,
    ]);
    assert!(
        split.status.success(),
        "{}",
        String::from_utf8_lossy(&split.stderr)
    );
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    // Box 4x4 has 24 first turns, 4 up to the board's symmetries.
    assert!(files.len() >= 4, "{files:?}");
    assert_eq!(stdout(&split).lines().count(), files.len() + 1);
    for file in &files {
        let out = burrow(&[
            "solve",
            "--variant",
            "box",
            "--unit",
            file.to_str().unwrap(),
            "--memory",
            "64",
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(file.with_extension("result").exists());
    }
    // A unit of another game, or changed by hand, is refused by name.
    let wrong = burrow(&[
        "solve",
        "--variant",
        "path",
        "--unit",
        files[0].to_str().unwrap(),
    ]);
    assert!(!wrong.status.success());
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("not `path`"));
    // One result damaged: the merge says so, leaves it out, and solves that
    // turn itself.
    let damaged = files[1].with_extension("result");
    let text = std::fs::read_to_string(&damaged).unwrap();
    std::fs::write(&damaged, text.replace("result ", "result  ")).unwrap();
    let merged = burrow(&[
        "solve",
        "--variant",
        "box",
        "--size",
        "4x4",
        "--merge",
        units,
    ]);
    let err = String::from_utf8_lossy(&merged.stderr).to_string();
    assert!(merged.status.success(), "{err}");
    assert!(
        err.contains("result refused") && err.contains("damaged"),
        "{err}"
    );
    assert!(err.contains(&format!("({} refused)", 1)), "{err}");
    assert!(
        stdout(&merged).contains("value: White to move loses in 14 turns"),
        "{}",
        stdout(&merged)
    );
    // With every result good the merge searches nothing.
    std::fs::write(&damaged, text).unwrap();
    let merged = burrow(&[
        "solve",
        "--variant",
        "box",
        "--size",
        "4x4",
        "--merge",
        units,
    ]);
    assert!(stdout(&merged).contains("value: White to move loses in 14 turns"));
    assert!(
        stdout(&merged).contains("positions 0 "),
        "{}",
        stdout(&merged)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_command_with_a_think_time_keeps_to_the_same_range() {
    let commands = [
        "tournament --variant box --a random --b easy",
        "accuracy --variant box",
        "serve --listen 127.0.0.1:0",
        "bot --server 127.0.0.1:9 --join ABCDEF",
    ];
    for command in commands {
        for too_much in ["5", "20000", "soon"] {
            let mut args: Vec<&str> = command.split(' ').collect();
            args.extend(["--think-ms", too_much]);
            let out = burrow(&args);
            assert!(!out.status.success(), "{args:?} was taken");
            let stderr = String::from_utf8(out.stderr).unwrap();
            assert!(stderr.contains("--think-ms"), "{args:?}: {stderr}");
            if too_much != "soon" {
                assert!(stderr.contains("100 to 10000 ms"), "{args:?}: {stderr}");
            }
        }
    }
}

#[test]
fn an_unknown_game_is_named_with_the_known_ones() {
    for command in [&["moves"][..], &["perft", "--depth", "1"], &["play"]] {
        let mut args = command.to_vec();
        args.extend(["--variant", "chess"]);
        let out = burrow(&args);
        assert!(!out.status.success());
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(
            stderr.contains("unknown variant `chess` (known: box, path, sweep, tumburrow"),
            "{stderr}"
        );
    }
}

/// `--game-file` adds a designed game to every command, before or after
/// the command's name; the file's game plays as the mod it describes.
#[test]
fn a_game_file_adds_its_game_to_the_commands() {
    let stride = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/stride.toml");
    let before = burrow(&[
        "--game-file",
        stride,
        "perft",
        "--variant",
        "stride",
        "--depth",
        "2",
    ]);
    assert!(
        before.status.success(),
        "{}",
        String::from_utf8_lossy(&before.stderr)
    );
    let after = burrow(&[
        "perft",
        "--variant",
        "stride",
        "--depth",
        "2",
        "--game-file",
        stride,
    ]);
    assert_eq!(stdout(&before), stdout(&after));
    // The same count as the compiled mod's.
    let rules =
        burrow::rules::Rules::new(std::sync::Arc::new(crate::modding::stride::Stride)).unwrap();
    let expected = rules
        .perft(&burrow::rules::Position::start_standard(), 2)
        .unwrap();
    assert_eq!(stdout(&before).trim(), expected.to_string());
    let played = burrow(&[
        "--game-file",
        stride,
        "play",
        "--variant",
        "stride",
        "--white",
        "random",
        "--black",
        "random",
        "--seed",
        "3",
    ]);
    assert!(played.status.success());
    assert!(
        stdout(&played).contains("[Variant \"stride\"]"),
        "{}",
        stdout(&played)
    );
}

/// A broken game file stops the command with the file's name, the line and
/// the field, and a game file may not take a loaded game's id.
#[test]
fn a_broken_game_file_is_refused_with_its_line() {
    let dir = std::env::temp_dir().join(format!("burrow-cli-design-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let broken = dir.join("broken.toml");
    std::fs::write(
        &broken,
        "format = 1\nid = \"wide\"\nname = \"Wide\"\n[movement]\nsteps = \"king\"\npath = \"sideways\"\n[template]\nbox = \"exact\"\n",
    )
    .unwrap();
    let out = burrow(&[
        "--game-file",
        broken.to_str().unwrap(),
        "perft",
        "--variant",
        "wide",
        "--depth",
        "1",
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("broken.toml: line 6, movement.path: expected one of single"),
        "{err}"
    );
    let box_file = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/games/box.toml");
    let out = burrow(&["--game-file", box_file, "moves", "--variant", "box"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("box.toml") && err.contains("box"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The designs folder (`$XDG_CONFIG_HOME/burrow/designs`): its game files
/// join every command's games at start; a broken one is left out with a
/// line naming it, and the others still load.
#[test]
fn the_designs_folder_adds_its_games() {
    let config = std::env::temp_dir().join(format!("burrow-cli-designs-{}", std::process::id()));
    let designs = config.join("burrow").join("designs");
    std::fs::create_dir_all(&designs).unwrap();
    let stride = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/stride.toml");
    std::fs::copy(stride, designs.join("stride.toml")).unwrap();
    std::fs::write(designs.join("broken.toml"), "format = 1\nid = 7\n").unwrap();
    std::fs::write(designs.join("notes.txt"), "not a game file").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_burrow"))
        .args(["perft", "--variant", "stride", "--depth", "1"])
        .env("XDG_CONFIG_HOME", &config)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let rules =
        burrow::rules::Rules::new(std::sync::Arc::new(crate::modding::stride::Stride)).unwrap();
    let expected = rules
        .perft(&burrow::rules::Position::start_standard(), 1)
        .unwrap();
    assert_eq!(stdout(&out).trim(), expected.to_string());
    assert!(
        err.contains("design not loaded") && err.contains("broken.toml") && err.contains("id"),
        "{err}"
    );
    assert!(!err.contains("notes.txt"), "{err}");
    let _ = std::fs::remove_dir_all(&config);
}

/// `burrow report` on a game file's game (no --variant needed with one
/// file): the counts are perft's, the games and the solver ran, and the
/// HTML page holds the figures and both plots.
#[test]
fn report_measures_a_game_file_and_writes_its_page() {
    let stride = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/stride.toml");
    let page = std::env::temp_dir().join(format!("burrow-report-{}.html", std::process::id()));
    let out = burrow(&[
        "--game-file",
        stride,
        "report",
        "--games",
        "24",
        "--depth",
        "2",
        "--board",
        "5x5",
        "--solve",
        "4x4",
        "--solve-time",
        "20",
        "--html",
        page.to_str().unwrap(),
    ]);
    let text = stdout(&out);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.starts_with("Stride Burrow (stride)"), "{text}");
    let rules =
        burrow::rules::Rules::new(std::sync::Arc::new(crate::modding::stride::Stride)).unwrap();
    let start = burrow::rules::Position::start_standard();
    let counts = format!(
        "8x8  {}  {}",
        rules.perft(&start, 1).unwrap(),
        rules.perft(&start, 2).unwrap()
    );
    assert!(text.contains(&counts), "{counts} in\n{text}");
    assert!(text.contains("games on 5x5 (24 a level"), "{text}");
    assert!(
        text.contains("\n  greedy ") && text.contains("\n  easy "),
        "{text}"
    );
    assert!(
        text.contains("4x4  White") || text.contains("4x4  Black"),
        "{text}"
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!doctype html>"));
    assert_eq!(html.matches("<svg").count(), 2, "two plots");
    assert!(html.contains("Stride Burrow (stride): report"));
    let _ = std::fs::remove_file(&page);

    let out = burrow(&["report"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--variant ID, or one --game-file FILE"),
        "{err}"
    );
}

/// `burrow train` on a game file: the weights beside it, a line a
/// generation, a resumed run, a checkpoint of another kind refused; the
/// weights then read by every command with the file, and a damaged file
/// named with the game playing on without it.
#[test]
fn train_learns_a_game_file_resumes_and_its_weights_are_read_back() {
    let dir = std::env::temp_dir().join(format!("burrow-cli-train-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("stride.toml");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/examples/stride.toml"),
        &file,
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let train = |generations: &str| {
        burrow(&[
            "--game-file",
            file,
            "train",
            "--generations",
            generations,
            "--games",
            "4",
            "--match-games",
            "2",
            "--board",
            "5x5",
        ])
    };
    let first = train("1");
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let text = stdout(&first);
    assert!(text.contains("generation 1: "), "{text}");
    assert!(text.contains("against the hand-set evaluation"), "{text}");
    let weights = dir.join("stride.brwt");
    let checkpoint = dir.join("stride.checkpoint.json");
    assert!(weights.exists() && checkpoint.exists(), "{text}");
    let second = train("2");
    let text = stdout(&second);
    assert!(
        text.contains("resuming stride after generation 1"),
        "{text}"
    );
    assert!(
        text.contains("generation 2: ") && !text.contains("generation 1: "),
        "{text}"
    );
    // The weights are read back with the file: no warning.
    let moves = burrow(&["--game-file", file, "moves", "--variant", "stride"]);
    assert!(moves.status.success());
    assert!(
        moves.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&moves.stderr)
    );
    // Damaged, they are named and left out; the command still runs.
    let mut bytes = std::fs::read(&weights).unwrap();
    bytes.truncate(bytes.len() - 3);
    std::fs::write(&weights, &bytes).unwrap();
    let moves = burrow(&["--game-file", file, "moves", "--variant", "stride"]);
    assert!(moves.status.success());
    let warning = String::from_utf8_lossy(&moves.stderr).to_string();
    assert!(
        warning.contains("stride.brwt") && warning.contains("cut short"),
        "{warning}"
    );
    assert!(warning.contains("not used"), "{warning}");
    // `--weights` for another game than any here is named too.
    let box_weights = dir.join("other.brwt");
    std::fs::write(
        &box_weights,
        burrow::ai::learned::Weights::from_hand("nowhere", 0, 1, 1).to_bytes(),
    )
    .unwrap();
    let moves = burrow(&[
        "--weights",
        box_weights.to_str().unwrap(),
        "moves",
        "--variant",
        "box",
    ]);
    assert!(moves.status.success());
    let warning = String::from_utf8_lossy(&moves.stderr).to_string();
    assert!(
        warning.contains("`nowhere`, which is not here"),
        "{warning}"
    );
    // A checkpoint that is not one is refused by name.
    std::fs::write(&checkpoint, "{ \"not\": 1 }").unwrap();
    let refused = train("3");
    assert!(!refused.status.success());
    let error = String::from_utf8_lossy(&refused.stderr).to_string();
    assert!(
        error.contains("not a training checkpoint") && error.contains("--fresh"),
        "{error}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
