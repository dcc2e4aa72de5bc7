//! The protocol's lines read, and the referee's answers.

use std::time::Duration;

use super::*;
use crate::rules::VariantRegistry;

fn read(line: &str) -> Result<Command, CommandError> {
    line.parse()
}

#[test]
fn every_command_reads() {
    assert_eq!(read("ugi"), Ok(Command::Ugi));
    assert_eq!(read("  isready  "), Ok(Command::IsReady));
    assert_eq!(read("uginewgame"), Ok(Command::NewGame));
    assert_eq!(read("stop"), Ok(Command::Stop));
    assert_eq!(read("quit"), Ok(Command::Quit));
    assert_eq!(
        read("setoption name variant value sweep"),
        Ok(Command::SetOption {
            name: "variant".into(),
            value: Some("sweep".into())
        })
    );
    assert_eq!(
        read("setoption name Clear Hash"),
        Ok(Command::SetOption {
            name: "Clear Hash".into(),
            value: None
        })
    );
    assert_eq!(
        read("position startpos moves b1xa1 a2xb2"),
        Ok(Command::Position {
            start: StartFrom::StartPos,
            turns: vec!["b1xa1".parse().unwrap(), "a2xb2".parse().unwrap()],
        })
    );
    assert_eq!(
        read("position fen 8/8/5B2/4B3/3W1B2/8/8/8 W"),
        Ok(Command::Position {
            start: StartFrom::Position("8/8/5B2/4B3/3W1B2/8/8/8 W".parse().unwrap()),
            turns: Vec::new(),
        })
    );
    assert_eq!(
        read("go movetime 250 depth 3 nodes 1000 p1time 60000 p2time 59000 p1inc 1000 p2inc 0"),
        Ok(Command::Go(GoLimits {
            movetime: Some(Duration::from_millis(250)),
            depth: Some(3),
            nodes: Some(1000),
            p1time: Some(Duration::from_secs(60)),
            p2time: Some(Duration::from_secs(59)),
            p1inc: Some(Duration::from_secs(1)),
            p2inc: Some(Duration::ZERO),
            movestogo: None,
            infinite: false,
        }))
    );
    assert_eq!(
        read("go infinite"),
        Ok(Command::Go(GoLimits {
            infinite: true,
            ..GoLimits::default()
        }))
    );
    for (line, query) in [
        ("query gameover", Query::GameOver),
        ("query p1turn", Query::P1Turn),
        ("query result", Query::Result),
        ("query moves", Query::Moves),
    ] {
        assert_eq!(read(line), Ok(Command::Query(query)));
    }
}

#[test]
fn a_bad_line_is_named_and_why() {
    assert_eq!(read("dance"), Err(CommandError::Unknown("dance".into())));
    assert_eq!(read(""), Err(CommandError::Unknown(String::new())));
    assert!(matches!(
        read("go movetime"),
        Err(CommandError::Missing { .. })
    ));
    assert!(matches!(
        read("go depth deep"),
        Err(CommandError::NotANumber { .. })
    ));
    assert_eq!(
        read("go sideways 3"),
        Err(CommandError::UnknownLimit("sideways".into()))
    );
    assert_eq!(
        read("query weather"),
        Err(CommandError::UnknownQuery("weather".into()))
    );
    assert!(matches!(read("query"), Err(CommandError::Missing { .. })));
    assert!(matches!(
        read("position fen 9/9 W"),
        Err(CommandError::BadPosition { .. })
    ));
    assert!(matches!(
        read("position fen"),
        Err(CommandError::Missing { .. })
    ));
    assert!(matches!(
        read("position startpos moves b1xa1 zz9"),
        Err(CommandError::BadTurn { .. })
    ));
    assert_eq!(
        read("position somewhere"),
        Err(CommandError::BadStart("somewhere".into()))
    );
    assert!(matches!(
        read("setoption value 3"),
        Err(CommandError::Missing { .. })
    ));
    assert!(matches!(
        read("setoption name"),
        Err(CommandError::Missing { .. })
    ));
}

fn referee() -> Referee {
    Referee::new(VariantRegistry::builtin())
}

#[test]
fn the_referee_answers_from_the_game_set_up() {
    let mut referee = referee();
    assert_eq!(referee.rules().id(), "box");
    assert_eq!(referee.answer(Query::P1Turn).unwrap(), "true");
    assert_eq!(referee.answer(Query::GameOver).unwrap(), "false");
    assert_eq!(referee.answer(Query::Result).unwrap(), "none");
    let moves = referee.answer(Query::Moves).unwrap();
    assert!(moves.split(' ').any(|t| t == "b1xa1"), "{moves}");
    referee
        .set_position(&StartFrom::StartPos, vec!["b1xa1".parse().unwrap()])
        .unwrap();
    assert_eq!(referee.answer(Query::P1Turn).unwrap(), "false");
    // A lone white piece: Black, to move, has no capture and has lost.
    referee
        .set_position(&StartFrom::Position("4/4/4/W3 B".parse().unwrap()), vec![])
        .unwrap();
    assert_eq!(referee.answer(Query::GameOver).unwrap(), "true");
    assert_eq!(referee.answer(Query::Result).unwrap(), "p1win");
    assert_eq!(referee.answer(Query::Moves).unwrap(), "");
}

#[test]
fn the_referee_refuses_and_keeps_the_game() {
    let mut referee = referee();
    referee
        .set_position(&StartFrom::StartPos, vec!["b1xa1".parse().unwrap()])
        .unwrap();
    let before = *referee.history().position();
    // b1xa1 again: Black is to move, and b1 is empty now.
    let refused = referee.set_position(
        &StartFrom::StartPos,
        vec!["b1xa1".parse().unwrap(), "b1xa1".parse().unwrap()],
    );
    assert!(
        matches!(refused, Err(RefereeError::IllegalTurn(_))),
        "{refused:?}"
    );
    assert_eq!(*referee.history().position(), before);
    assert!(matches!(
        referee.set_game("chess"),
        Err(RefereeError::UnknownGame { .. })
    ));
    assert!(matches!(
        referee.set_size("12x12"),
        Err(RefereeError::BadSize(_))
    ));
    assert!(matches!(
        referee.set_size("wide"),
        Err(RefereeError::BadSize(_))
    ));
    assert!(matches!(
        referee.set_design("nonsense"),
        Err(RefereeError::BadDesign(_))
    ));
    assert_eq!(referee.rules().id(), "box");
    referee.set_game("sweep").unwrap();
    referee.set_size("6").unwrap();
    assert_eq!(referee.history().position().size().files(), 6);
    assert_eq!(referee.rules().id(), "sweep");
}

/// A refusal keeps the rules' own error whole, as its source.
#[test]
fn the_referee_keeps_the_rules_reason() {
    use std::error::Error;
    let mut referee = referee();
    let Err(RefereeError::BadDesign(design)) = referee.set_design("nonsense") else {
        panic!("not a share code")
    };
    assert!(!design.to_string().is_empty());
    // Undertow is played on 6x6 to 8x8.
    let undertow: crate::rules::Design = include_str!("../../examples/undertow.toml")
        .parse()
        .unwrap();
    referee.set_design(&undertow.code()).unwrap();
    match referee.set_size("4x4") {
        Err(RefereeError::WrongSize(wrong)) => assert_eq!(wrong.size.files(), 4),
        other => panic!("Undertow is not played on 4x4: {other:?}"),
    }
    referee.set_game("box").unwrap();
    let refused = referee
        .set_position(
            &StartFrom::StartPos,
            vec!["b1xa1".parse().unwrap(), "b1xa1".parse().unwrap()],
        )
        .unwrap_err();
    let RefereeError::IllegalTurn(turn) = &refused else {
        panic!("{refused:?}")
    };
    assert_eq!(turn.index, 1);
    assert_eq!(refused.to_string(), turn.to_string());
    let command = "position fen 9/9 W".parse::<Command>().unwrap_err();
    assert!(command.source().is_some(), "{command}");
}

#[test]
fn a_design_is_played_by_its_share_code() {
    let mut referee = referee();
    let design: crate::rules::Design = crate::rules::BUILTIN_FILES[2].1.parse().unwrap();
    referee.set_design(&design.code()).unwrap();
    assert_eq!(referee.rules().id(), design.id);
    assert_eq!(referee.answer(Query::GameOver).unwrap(), "false");
}

#[test]
fn a_design_the_engine_knows_keeps_what_is_attached_to_it() {
    // As a game file and its weights beside it are registered at launch.
    #[derive(Debug, PartialEq)]
    struct Learned(u32);
    let design: crate::rules::Design = include_str!("../../examples/undertow.toml")
        .parse()
        .unwrap();
    let mut registry = VariantRegistry::builtin();
    registry
        .register(std::sync::Arc::new(design.clone()))
        .unwrap()
        .attach(Learned(7));
    let mut referee = Referee::new(registry);
    // The runner's copy of the game under another name is the same game.
    let renamed = crate::rules::Design {
        name: "Undertow, the runner's copy".into(),
        ..design.clone()
    };
    referee.set_design(&renamed.code()).unwrap();
    assert_eq!(referee.rules().attachment::<Learned>(), Some(&Learned(7)));
    // A design with a rule changed is another game: nothing of the
    // engine's copy applies to it.
    let mut changed = design;
    changed.end = match changed.end {
        crate::rules::EndRule::LastCaptureLoses => crate::rules::EndRule::LastCaptureWins,
        crate::rules::EndRule::LastCaptureWins => crate::rules::EndRule::LastCaptureLoses,
    };
    referee.set_design(&changed.code()).unwrap();
    assert_eq!(referee.rules().attachment::<Learned>(), None);
}

#[test]
fn scores_are_written_as_the_protocol_reads_them() {
    assert_eq!(Score::Centi(-35).to_string(), "cp -35");
    assert_eq!(Score::Win(3).to_string(), "win 3");
    assert_eq!(Score::Loss(1).to_string(), "loss 1");
}
