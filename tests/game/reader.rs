//! The screen reader's command field: a whole game against the computer
//! played by typed lines alone, every capture announced (the player's and
//! the computer's) and checked against the game's record.

use super::*;

use burrow::ai::Level;
use burrow::game::reader::{ReaderLine, Spoken};
use burrow::rules::Square;

/// Adds what was said since `heard` was last brought up to date.
fn listen(app: &App, heard: &mut Vec<String>, seen: &mut usize) {
    let spoken = app.world().resource::<Spoken>();
    heard.extend(spoken.since(*seen).map(str::to_string));
    *seen = spoken.total;
}

/// Types a line and lets the game play out what it starts; returns what
/// was said meanwhile (the answer first).
fn type_line(app: &mut App, line: &str, heard: &mut Vec<String>, seen: &mut usize) -> Vec<String> {
    listen(app, heard, seen);
    let before = heard.len();
    app.world_mut().write_message(ReaderLine(line.to_string()));
    settle(app);
    listen(app, heard, seen);
    heard[before..].to_vec()
}

#[test]
fn a_game_against_the_computer_is_played_by_commands_alone() {
    let mut app = app();
    app.world_mut()
        .resource_mut::<settings::Settings>()
        .screen_reader = true;
    start(
        &mut app,
        NewGame {
            variant: "box".into(),
            size: "6x6".parse().unwrap(),
            white: Player::Human,
            black: Player::Computer(Level::Greedy),
            ..NewGame::default()
        },
    );
    let mut heard = Vec::new();
    let mut seen = 0;
    // Bad lines are answered, never ignored, and change nothing.
    let answer = type_line(&mut app, "zz", &mut heard, &mut seen);
    assert_eq!(answer, ["“zz” is not a command. Type h for help."]);
    let answer = type_line(&mut app, "a1xb1", &mut heard, &mut seen);
    assert!(answer[0].starts_with("Not played:"), "{answer:?}");
    assert!(app.world().resource::<Game>().played().is_empty());
    let mut typed = 0;
    loop {
        pump(&mut app, "the computer's turn", |app| {
            let game = app.world().resource::<Game>();
            (game.person_to_move() || game.outcome().is_some())
                && app.world().resource::<PlannedTurn>().is_idle()
                && app.world().resource::<AnimationQueue>().is_idle()
        });
        settle(&mut app);
        listen(&app, &mut heard, &mut seen);
        if app.world().resource::<Game>().outcome().is_some() {
            break;
        }
        let (turn, whole) = {
            let game = app.world().resource::<Game>();
            let turns = game.rules().turns(game.position()).unwrap();
            (turns[turns.len() / 2].played(), typed % 2 == 0)
        };
        let capturers = type_line(&mut app, "p", &mut heard, &mut seen);
        assert!(
            capturers[0].contains(&turn.origin.to_string()),
            "{capturers:?}"
        );
        if whole {
            type_line(&mut app, &turn.to_string(), &mut heard, &mut seen);
        } else {
            let first = format!("{}x{}", turn.origin, turn.captures[0]);
            type_line(&mut app, &first, &mut heard, &mut seen);
            for next in &turn.captures[1..] {
                let game = app.world().resource::<Game>();
                let Some(under_way) = game.turn() else { break };
                if under_way.captures().contains(next) {
                    continue;
                }
                type_line(&mut app, &format!("x{next}"), &mut heard, &mut seen);
            }
        }
        typed += 1;
        let game = app.world().resource::<Game>();
        assert!(game.played().contains(&turn), "{turn} was played");
    }
    // Every capture of the game was announced once, in order, and each
    // turn's last one ended it; then the winner.
    let game = app.world().resource::<Game>();
    let announced: Vec<&String> = heard.iter().filter(|w| w.contains(" takes ")).collect();
    let captures: Vec<(usize, usize, Side, Square)> = game
        .played()
        .iter()
        .zip(game.positions())
        .flat_map(|(turn, before)| {
            let n = turn.captures.len();
            turn.captures
                .iter()
                .enumerate()
                .map(move |(i, &to)| (i, n, before.turn, to))
        })
        .collect();
    assert_eq!(announced.len(), captures.len(), "{announced:#?}");
    for (words, &(i, n, side, to)) in announced.iter().zip(&captures) {
        let name = if side == Side::White {
            "White "
        } else {
            "Black "
        };
        assert!(words.starts_with(name), "{words}");
        assert!(words.contains(&format!(" takes {to}.")), "{words}");
        assert_eq!(words.contains("Template:"), i == 0, "{words}");
        assert_eq!(words.ends_with("The turn ends."), i + 1 == n, "{words}");
    }
    let winner = game.outcome().unwrap().winner;
    let last = heard.last().cloned().unwrap();
    let name = if winner == Side::White {
        "White"
    } else {
        "Black"
    };
    assert!(last.starts_with(name) && last.contains("wins"), "{last}");
    assert!(typed >= 3, "{typed} turns typed");
}
