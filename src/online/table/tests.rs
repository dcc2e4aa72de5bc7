//! The judge of one table, without a server.

use super::*;
use crate::online::protocol::{self, ClientMessage, DAY_MS, ServerMessage};
use crate::rules::{Design, VariantRegistry};

fn table(clock: Option<ClockSetting>) -> Table {
    let registry = VariantRegistry::builtin();
    let setup = GameSetup {
        variant: "box".into(),
        size: "5x5".parse().unwrap(),
        start: None,
        clock,
        design: None,
    };
    let mut table = Table::new("ABCDEF".into(), check_setup(&registry, &setup).unwrap(), 0);
    table.seats[0].key = Some("w".into());
    table.seats[1].key = Some("b".into());
    table
}

fn first_turn(table: &Table) -> PlayedTurn {
    table.rules.turns(table.position()).unwrap()[0].played()
}

#[test]
fn clocks_charge_the_mover_and_add_the_gain() {
    let clock = ClockSetting {
        initial_ms: 10_000,
        increment_ms: 1_000,
        per_move: false,
    };
    let mut t = table(Some(clock));
    t.start_clock_if_ready(1_000);
    let turn = first_turn(&t);
    t.play(Side::White, 0, turn, 4_000).unwrap();
    // White used 3 s and gained 1 s; Black's clock runs from 4 s.
    assert_eq!(t.clocks.unwrap().left_ms, [8_000, 10_000]);
    let view = t.clock_view(6_500).unwrap();
    assert_eq!((view.white_ms, view.black_ms), (8_000, 7_500));
    assert_eq!(view.running, Some(Side::Black));
    assert_eq!(t.deadline_ms(), Some(14_000));
    assert_eq!(t.flag(13_999), None);
    let finish = t.flag(14_000).unwrap();
    assert_eq!(
        (finish.winner, finish.reason),
        (Side::White, EndReason::Time)
    );
    // A turn after the flag is refused and changes nothing.
    let turn = first_turn(&t);
    let err = t.play(Side::Black, 1, turn, 14_001).unwrap_err();
    assert_eq!(err.kind, ErrorKind::GameOver);
    assert_eq!(t.ply(), 1);
}

#[test]
fn refusals_change_nothing() {
    let mut t = table(None);
    let before = t.clone();
    let turn = first_turn(&t);
    let text = turn.to_string();
    for (side, ply, text, kind) in [
        (Side::Black, 0, text.as_str(), ErrorKind::NotYourTurn),
        (Side::White, 3, text.as_str(), ErrorKind::StaleTurn),
        (Side::White, 0, "a1xa1", ErrorKind::IllegalTurn),
        (Side::White, 0, "zz", ErrorKind::IllegalTurn),
    ] {
        let refused = read_turn(text).and_then(|turn| t.play(side, ply, turn, 0));
        assert_eq!(refused.unwrap_err().kind, kind, "{text}");
        assert_eq!(t.history, before.history);
    }
    t.seats[1].key = None;
    let err = t.play(Side::White, 0, turn.clone(), 0).unwrap_err();
    assert_eq!(err.kind, ErrorKind::NotYourTurn, "{err}");
}

#[test]
fn a_resigned_game_records_its_end_in_a_tag() {
    let mut t = table(None);
    let turn = first_turn(&t);
    t.play(Side::White, 0, turn, 0).unwrap();
    t.resign(Side::Black, 0).unwrap();
    let record = t.record();
    assert_eq!(record.result, GameResult::Unfinished);
    assert!(
        record
            .other_tags
            .contains(&("Termination".into(), "White won: the loser resigned".into()))
    );
    // The record replays (its result is the board's).
    let text = record.to_string();
    let read: GameRecord = text.parse().unwrap();
    read.replay(&VariantRegistry::builtin()).unwrap();
    assert!(t.resign(Side::White, 0).is_err());
    assert!(!t.offer_rematch(Side::White).unwrap());
    assert!(t.offer_rematch(Side::Black).unwrap());
}

#[test]
fn messages_round_trip_and_bad_ones_are_named() {
    let message = ClientMessage::Turn {
        code: "ABCDEF".into(),
        token: "t".into(),
        ply: 3,
        turn: "b1xa1".into(),
    };
    let text = protocol::encode(&message);
    assert!(
        text.contains(r#""v":1"#) && text.contains(r#""type":"turn""#),
        "{text}"
    );
    assert_eq!(protocol::decode::<ClientMessage>(&text).unwrap(), message);
    let pong = protocol::encode(&ServerMessage::Pong);
    assert_eq!(
        protocol::decode::<ServerMessage>(&pong).unwrap(),
        ServerMessage::Pong
    );
    let bad = |text: &str| protocol::decode::<ClientMessage>(text).unwrap_err();
    assert_eq!(bad("nope").kind, ErrorKind::BadMessage);
    assert_eq!(
        bad(r#"{"v":2,"type":"ping"}"#).kind,
        ErrorKind::UnsupportedVersion
    );
    assert!(bad(r#"{"v":1,"type":"fly"}"#).message.contains("fly"));
    assert!(bad(r#"{"v":1,"type":"join"}"#).message.contains("code"));
    assert_eq!(
        bad(&"x".repeat(protocol::MAX_MESSAGE_BYTES + 1)).kind,
        ErrorKind::TooLarge
    );
}

/// A table of a design plays from the design's own start, refuses a
/// board the design is not played on, and ends under its end rule.
#[test]
fn a_designed_table_keeps_its_start_boards_and_end() {
    let design: Design = include_str!("../../../examples/undertow.toml")
        .parse()
        .unwrap();
    let registry = VariantRegistry::builtin();
    let setup = |size: &str| GameSetup {
        variant: "undertow".into(),
        size: size.parse().unwrap(),
        start: None,
        clock: None,
        design: Some(design.code()),
    };
    let refused = check_setup(&registry, &setup("4x4")).unwrap_err();
    assert!(
        matches!(&refused, SetupError::WrongSize(wrong) if wrong.size.files() == 4),
        "{refused:?}"
    );
    assert!(refused.to_string().contains("6x6 to 8x8"), "{refused}");
    let told = Refused::from(refused);
    assert_eq!(told.kind, ErrorKind::BadSetup);
    assert!(told.message.contains("6x6 to 8x8"), "{told}");
    let checked = check_setup(&registry, &setup("6x6")).unwrap();
    assert_eq!(checked.start, checked.rules.start("6x6".parse().unwrap()));
    assert_ne!(checked.start, Position::start("6x6".parse().unwrap()));
    let mut t = Table::new("UNDERT".into(), checked, 0);
    t.seats[0].key = Some("w".into());
    t.seats[1].key = Some("b".into());
    let mut finish = None;
    while finish.is_none() {
        let side = t.to_move();
        let ply = t.ply();
        finish = t.play(side, ply, first_turn(&t), 0).unwrap().finish;
    }
    let finish = finish.unwrap();
    assert_eq!(finish.reason, EndReason::NoCapture);
    assert_eq!(finish.winner, t.to_move(), "the side with no capture wins");
    let record = t.record();
    assert_eq!(record.result, GameResult::Win(finish.winner));
    assert!(record.start.is_some(), "the record names its start");
    let replayed = record.history(&registry).unwrap();
    assert_eq!(replayed.position(), t.position());
    let ending = record.other_tags.iter().find(|(k, _)| k == "Termination");
    assert!(
        ending.is_some_and(|(_, v)| v.contains("the last capture loses")),
        "{ending:?}"
    );
}

#[test]
fn dates_are_civil() {
    assert_eq!(date_of(0), "1970.01.01");
    assert_eq!(date_of(951_782_400_000), "2000.02.29");
    assert_eq!(date_of(1_796_083_200_000), "2026.12.01");
}

#[test]
fn clock_texts_read() {
    let clock = ClockSetting::parse("5+3").unwrap();
    assert_eq!((clock.initial_ms, clock.increment_ms), (300_000, 3_000));
    assert_eq!(clock.to_string(), "5+3");
    assert!(ClockSetting::parse("5").is_err());
    assert!(ClockSetting::parse("0+3").is_err());
    assert!(ClockSetting::parse("99999+0").is_err());
    let three = ClockSetting::parse("3d").unwrap();
    assert_eq!(three, ClockSetting::days_per_move(3));
    assert_eq!(three.to_string(), "3d");
    assert!(ClockSetting::parse("15d").is_err(), "two weeks at most");
    assert!(ClockSetting::parse("0d").is_err());
    let with_gain = ClockSetting {
        increment_ms: 5,
        ..three
    };
    assert!(with_gain.check().is_err());
}

#[test]
fn a_correspondence_clock_is_full_again_after_every_turn() {
    let day = DAY_MS as i64;
    let mut t = table(Some(ClockSetting::days_per_move(1)));
    t.start_clock_if_ready(0);
    assert_eq!(t.deadline_ms(), Some(day));
    let turn = first_turn(&t);
    // White took 20 hours of the day; Black has a whole day from then.
    t.play(Side::White, 0, turn, day * 5 / 6).unwrap();
    assert_eq!(t.clocks.unwrap().left_ms, [DAY_MS, DAY_MS]);
    assert_eq!(t.deadline_ms(), Some(day * 5 / 6 + day));
    assert_eq!(t.flag(day * 5 / 6 + day - 1), None);
    let finish = t.flag(day * 5 / 6 + day).unwrap();
    assert_eq!(
        (finish.winner, finish.reason),
        (Side::White, EndReason::Time)
    );
}
