//! Text formats: positions, turns and game records, with their errors.

use burrow::ai::play_random_game;
use burrow::rules::*;

use crate::support::{pos, rules};

#[test]
fn a_random_game_record_round_trips_and_replays() {
    let registry = VariantRegistry::builtin();
    for id in ["box", "path", "sweep", "tumburrow"] {
        let mut record = play_random_game(&rules(id), Position::start_standard(), 42).unwrap();
        record.white = "Ada \"the\" tester".into();
        record.date = "2026.11.29".into();
        record.other_tags.push(("Event".into(), "Test".into()));
        let text = record.to_string();
        let parsed: GameRecord = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(parsed, record);
        let positions = parsed.replay(&registry).unwrap();
        assert_eq!(positions.len(), record.turns.len() + 1);
        if id == "path" {
            assert!(
                text.contains('/'),
                "Path Burrow records carry routes:\n{text}"
            );
        }
    }
}

#[test]
fn records_with_a_start_position_and_black_to_move_round_trip() {
    let start = pos("4/1W2/2B1/B3 B");
    let mut record = play_random_game(&rules("sweep"), start, 3).unwrap();
    record.black = "Bo".into();
    let text = record.to_string();
    assert!(
        text.contains("[Start \"4/1W2/2B1/B3 B\"]") && text.contains("1... "),
        "{text}"
    );
    assert_eq!(text.parse::<GameRecord>().unwrap(), record);
    assert!(record.replay(&VariantRegistry::builtin()).is_ok());
}

#[test]
fn record_errors_name_the_line_and_the_problem() {
    let bad_turn = "[Variant \"box\"]\n\n1. b1xa1 c1x?? *\n";
    let e = bad_turn.parse::<GameRecord>().unwrap_err();
    assert_eq!((e.line, e.column), (3, 13), "{e}");
    assert!(matches!(e.problem, RecordProblem::BadTurn(_)));

    let missing = "[Size \"8x8\"]\n\n*\n".parse::<GameRecord>().unwrap_err();
    assert_eq!(missing.problem, RecordProblem::MissingTag("Variant"));

    let size = "[Variant \"box\"]\n[Size \"9x9\"]\n*"
        .parse::<GameRecord>()
        .unwrap_err();
    assert_eq!(size.line, 2);

    let no_result = "[Variant \"box\"]\n\n1. b1xa1"
        .parse::<GameRecord>()
        .unwrap_err();
    assert_eq!(no_result.problem, RecordProblem::MissingResult);

    let after = "[Variant \"box\"]\n\n1. b1xa1 * b2xa2"
        .parse::<GameRecord>()
        .unwrap_err();
    assert_eq!(after.problem, RecordProblem::TextAfterResult);
}

#[test]
fn replay_rejects_illegal_turns_and_wrong_results() {
    let registry = VariantRegistry::builtin();
    let illegal: GameRecord = "[Variant \"box\"]\n\n1. b1xd1 *".parse().unwrap();
    let e = illegal.replay(&registry).unwrap_err();
    assert!(
        matches!(e, ReplayError::IllegalTurn { index: 0, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("b1xd1"));

    let wrong: GameRecord = "[Variant \"box\"]\n\n1. b1xa1 1-0".parse().unwrap();
    assert!(matches!(
        wrong.replay(&registry),
        Err(ReplayError::WrongResult { .. })
    ));

    // Won by resignation: the Termination tag says who resigned, and the
    // result must name the other side.
    let resigned: GameRecord =
        "[Variant \"box\"]\n[Termination \"White won: Black resigned\"]\n\n1. b1xa1 1-0"
            .parse()
            .unwrap();
    assert_eq!(resigned.resigned(), Some(Side::Black));
    assert!(resigned.replay(&registry).is_ok());
    let contradicts: GameRecord =
        "[Variant \"box\"]\n[Termination \"White won: White resigned\"]\n\n1. b1xa1 1-0"
            .parse()
            .unwrap();
    assert!(matches!(
        contradicts.replay(&registry),
        Err(ReplayError::WrongResult { .. })
    ));
    // An online table's wording.
    let online: GameRecord =
        "[Variant \"box\"]\n[Termination \"Black won: the loser resigned\"]\n\n1. b1xa1 0-1"
            .parse()
            .unwrap();
    assert_eq!(online.resigned(), Some(Side::White));
    assert!(online.replay(&registry).is_ok());

    let unknown: GameRecord = "[Variant \"chess\"]\n\n*".parse().unwrap();
    assert_eq!(
        unknown.replay(&registry),
        Err(ReplayError::UnknownVariant("chess".into()))
    );

    // A turn that stops while a capture still fits.
    let position = pos("8/8/5B2/4B3/3W1B2/8/8/8 W");
    let stopped: PlayedTurn = "d4xe5".parse().unwrap();
    assert!(matches!(
        rules("box").play(&position, &stopped),
        Err(MoveError::TurnNotOver { .. })
    ));
}

#[test]
fn played_turns_of_every_generated_turn_replay_to_the_same_position() {
    for id in ["box", "path", "sweep", "tumburrow"] {
        let rules = rules(id);
        let start = Position::start(BoardSize::new(6, 6).unwrap());
        for turn in rules.turns(&start).unwrap() {
            let text = turn.played().to_string();
            let replayed = rules.play(&start, &text.parse().unwrap()).unwrap();
            assert_eq!(replayed.result(), turn.result, "{id} {text}");
            assert_eq!(
                turn.key().to_string().parse::<TurnKey>().unwrap(),
                turn.key()
            );
        }
    }
}
