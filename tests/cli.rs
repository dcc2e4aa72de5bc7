//! The `burrow` command line, run as a real process.

use std::process::{Command, Output};

use burrow::rules::{GameRecord, VariantRegistry};

fn burrow(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_burrow"))
        .args(args)
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
