//! The screen reader's command field: a whole game against the computer
//! played by typed lines alone, every capture announced (the player's and
//! the computer's) and checked against the game's record.

use super::*;

use burrow::ai::Level;
use burrow::game::reader::{ReaderLine, Spoken};
use burrow::rules::Square;

/// The game's app with the screen reader switched on.
fn reader_app() -> App {
    let mut app = app();
    app.world_mut()
        .resource_mut::<settings::Settings>()
        .screen_reader = true;
    app
}

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
    let mut app = reader_app();
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

/// A resignation is announced with its winner, not as a new board.
#[test]
fn a_resignation_is_announced() {
    let mut app = reader_app();
    start(&mut app, humans("box", Some("WBWB/BWBW/WBWB/BWBW W")));
    let mut heard = Vec::new();
    let mut seen = 0;
    listen(&app, &mut heard, &mut seen);
    let before = heard.len();
    app.world_mut()
        .write_message(GameIntent::Resign(Side::White));
    settle(&mut app);
    listen(&app, &mut heard, &mut seen);
    assert_eq!(heard[before..], ["Black wins: White resigned"]);
}

/// Two windows of this machine at one online table of `address` (5x5
/// Box with clocks), the first White, the second Black, both with the
/// screen reader on.
fn two_windows_at_a_table(address: &str) -> [App; 2] {
    use burrow::game::online::{Online, OnlineIntent};
    use burrow::online::protocol::{ClockSetting, GameSetup};

    let mut apps = [reader_app(), reader_app()];
    let setup = GameSetup {
        variant: "box".into(),
        size: "5x5".parse().unwrap(),
        start: None,
        clock: Some(ClockSetting {
            initial_ms: 300_000,
            increment_ms: 3_000,
            per_move: false,
        }),
        design: None,
    };
    online::open_table(&mut apps[0], address, setup);
    let code = apps[0]
        .world()
        .resource::<Online>()
        .code
        .clone()
        .expect("a code");
    apps[1].world_mut().write_message(OnlineIntent::Join {
        server: address.to_string(),
        code,
        name: "Bo".into(),
    });
    pump(&mut apps[1], "Black seated", |app| {
        app.world().resource::<Online>().side() == Some(Side::Black)
            && *app.world().resource::<State<Screen>>().get() == Screen::Playing
    });
    apps
}

/// Two players of this machine, each in a window of their own, play a
/// whole online game (5x5 Box with clocks) by typed lines alone: each
/// hears every capture, its own and the other's, and the clocks.
#[test]
fn an_online_game_between_two_windows_is_played_by_commands_alone() {
    let (_server, _database, address) = online::online_server("reader-online");
    let mut apps = two_windows_at_a_table(&address);
    let mut heard = [Vec::new(), Vec::new()];
    let mut seen = [0, 0];
    let clocks = type_line(&mut apps[1], "c", &mut heard[1], &mut seen[1]);
    assert!(
        clocks[0].starts_with("White 5:00, Black 5:00") || clocks[0].starts_with("White 4:"),
        "{clocks:?}"
    );
    let mut played = 0;
    while apps[0].world().resource::<Game>().outcome().is_none() {
        let mover = usize::from(!apps[0].world().resource::<Game>().person_to_move());
        let turn = {
            let game = apps[mover].world().resource::<Game>();
            assert!(game.person_to_move(), "the mover's window has the turn");
            let turns = game.rules().turns(game.position()).unwrap();
            turns[turns.len() / 2].played()
        };
        // The other window refuses to play for the mover.
        let other = 1 - mover;
        let refused = type_line(
            &mut apps[other],
            &turn.to_string(),
            &mut heard[other],
            &mut seen[other],
        );
        assert!(refused[0].ends_with("turn, not yours."), "{refused:?}");
        type_line(
            &mut apps[mover],
            &turn.to_string(),
            &mut heard[mover],
            &mut seen[mover],
        );
        played += 1;
        for (i, app) in apps.iter_mut().enumerate() {
            pump(app, "the turn on both boards", |app| {
                let game = app.world().resource::<Game>();
                game.played().len() == played
                    && app.world().resource::<AnimationQueue>().is_idle()
                    && app.world().resource::<PlannedTurn>().is_idle()
            });
            settle(app);
            listen(app, &mut heard[i], &mut seen[i]);
        }
        assert!(played < 40, "the game ends");
    }
    // Each window heard every capture of the game, both sides', in order,
    // and the winner.
    let game = apps[0].world().resource::<Game>();
    let captures: Vec<Square> = game
        .played()
        .iter()
        .flat_map(|t| t.captures.clone())
        .collect();
    let winner = if game.outcome().unwrap().winner == Side::White {
        "White"
    } else {
        "Black"
    };
    for (i, heard) in heard.iter().enumerate() {
        let announced: Vec<&String> = heard.iter().filter(|w| w.contains(" takes ")).collect();
        assert_eq!(
            announced.len(),
            captures.len(),
            "window {i}: {announced:#?}"
        );
        for (words, to) in announced.iter().zip(&captures) {
            assert!(
                words.contains(&format!(" takes {to}.")),
                "window {i}: {words}"
            );
        }
        assert!(
            heard
                .iter()
                .any(|w| w.starts_with(winner) && w.contains("wins")),
            "window {i} heard no winner: {heard:#?}"
        );
    }
    let clocks = type_line(&mut apps[0], "c", &mut heard[0].clone(), &mut seen[0]);
    assert!(clocks[0].starts_with("White "), "{clocks:?}");
}

/// A lesson followed by typed lines alone: each step is said as it comes,
/// a piece is picked up by naming its square, the capture the lesson asks
/// to try is refused by the game with its reason, and the lesson ends in
/// White's win.
#[test]
fn a_lesson_is_followed_by_commands_alone() {
    use burrow::game::lesson::{Goal, Tutorial, TutorialIntent};
    let mut app = reader_app();
    app.world_mut()
        .write_message(TutorialIntent::Start("box".into()));
    settle(&mut app);
    let (steps, lesson) = {
        let active = app.world().resource::<Tutorial>().active.clone().unwrap();
        (active.steps, active.lesson)
    };
    let mut heard = Vec::new();
    let mut seen = 0;
    listen(&app, &mut heard, &mut seen);
    let count = steps.len();
    assert!(
        heard
            .iter()
            .any(|w| w.starts_with(&format!("Step 1 of {count}. "))),
        "{heard:#?}"
    );
    let mut misfits = 0;
    for (i, step) in steps.iter().enumerate() {
        let at = app
            .world()
            .resource::<Tutorial>()
            .active
            .as_ref()
            .unwrap()
            .at;
        if at > i {
            continue;
        }
        let said = match step.goal {
            Goal::Select { square, .. } => {
                type_line(&mut app, &square.to_string(), &mut heard, &mut seen)
            }
            Goal::Capture { turn, index: 0 } => {
                // The piece is picked up (the step before): its target
                // alone makes the capture, as a click on it would.
                let line = lesson.turns[turn].captures[0].to_string();
                type_line(&mut app, &line, &mut heard, &mut seen)
            }
            Goal::Capture { turn, index } => {
                let line = format!("x{}", lesson.turns[turn].captures[index]);
                type_line(&mut app, &line, &mut heard, &mut seen)
            }
            Goal::Misfit(square) => {
                misfits += 1;
                let said = type_line(&mut app, &format!("x{square}"), &mut heard, &mut seen);
                assert!(
                    said.iter().any(|w| w.starts_with("Not played:")),
                    "step {i}: {said:#?}"
                );
                said
            }
            Goal::Reply(_) => continue,
            Goal::Win => break,
        };
        let active = app.world().resource::<Tutorial>().active.clone().unwrap();
        assert!(
            !active.off_script,
            "step {i} ({}): off script: {said:#?}",
            step.text
        );
        assert!(
            active.at > i,
            "step {i} ({}) not done: {said:#?}",
            step.text
        );
        let next = format!("Step {} of {count}. ", active.at + 1);
        assert!(
            said.iter().any(|w| w.starts_with(&next)),
            "step {i}: {next} not said: {said:#?}"
        );
    }
    assert!(
        misfits > 0,
        "the lesson asks to try a capture that does not fit"
    );
    let game = app.world().resource::<Game>();
    assert_eq!(game.outcome().map(|o| o.winner), Some(Side::White));
    assert!(
        heard.iter().any(|w| w.starts_with("White wins")),
        "{heard:#?}"
    );
}

/// A puzzle solved by typed lines alone: its task is said when it starts,
/// the defender's reply is announced capture by capture, and the verdict
/// is said.
#[test]
fn a_puzzle_is_solved_by_commands_alone() {
    use burrow::ai::{Band, Distances, SolveLimits, Solver, SolverConfig};
    use burrow::game::puzzles::PuzzleIntent;
    let mut app = reader_app();
    let (index, puzzle) = app
        .world()
        .resource::<Puzzles>()
        .of("box")
        .into_iter()
        .find(|(_, p)| p.band == Band::Easy)
        .map(|(i, p)| (i, p.clone()))
        .expect("an easy Box puzzle");
    app.world_mut().write_message(PuzzleIntent::Start(index));
    settle(&mut app);
    let mut heard = Vec::new();
    let mut seen = 0;
    listen(&app, &mut heard, &mut seen);
    assert!(
        heard.iter().any(|w| w.starts_with("Puzzle: ")),
        "{heard:#?}"
    );
    type_line(
        &mut app,
        &puzzle.solution.to_string(),
        &mut heard,
        &mut seen,
    );
    for _ in 0..2 {
        settle(&mut app);
    }
    listen(&app, &mut heard, &mut seen);
    let (reply, now) = {
        let game = app.world().resource::<Game>();
        assert_eq!(game.played().len(), 2, "the defender replied");
        (game.played()[1].clone(), *game.position())
    };
    let defender = if puzzle.position.turn == Side::White {
        "Black "
    } else {
        "White "
    };
    for to in &reply.captures {
        assert!(
            heard
                .iter()
                .any(|w| w.starts_with(defender) && w.contains(&format!(" takes {to}."))),
            "{to}: {heard:#?}"
        );
    }
    let rules = burrow::rules::builtin_rules("box").unwrap();
    let solver = Solver::new(&rules, SolverConfig::default());
    let finish = solver
        .analyse(&now, &SolveLimits::none(), Distances::Winning, None)
        .unwrap();
    let finish = finish.best_win().expect("the player still wins").0.played();
    type_line(&mut app, &finish.to_string(), &mut heard, &mut seen);
    settle(&mut app);
    listen(&app, &mut heard, &mut seen);
    assert!(heard.iter().any(|w| w == "Solved!"), "{heard:#?}");
}

/// When the system's screen reader asks for the window's controls, the
/// field turns on by itself, once: turned off again, it stays off.
#[test]
fn the_field_turns_on_when_a_screen_reader_listens() {
    use bevy::a11y::AccessibilityRequested;
    let mut app = app();
    let requested = AccessibilityRequested::default();
    app.insert_resource(requested.clone());
    app.update();
    let on = |app: &App| app.world().resource::<settings::Settings>().screen_reader;
    assert!(!on(&app));
    requested.set(true);
    app.update();
    app.update();
    assert!(on(&app));
    app.world_mut()
        .write_message(settings::SettingsIntent::ScreenReader(false));
    app.update();
    app.update();
    assert!(!on(&app));
}

/// `a` turns the analysis on and, once it has looked, says its verdict and
/// best turns: the first is a fastest win, as the solver proves.
#[test]
fn the_analysis_is_read_by_a_command() {
    let mut app = reader_app();
    start(&mut app, humans("box", Some("W1B1/1BW1/B1WB/WB1W W")));
    let mut heard = Vec::new();
    let mut seen = 0;
    let said = type_line(&mut app, "a", &mut heard, &mut seen);
    assert!(said[0].starts_with("The analysis is working"), "{said:?}");
    review::finish_analysis(&mut app);
    settle(&mut app);
    // Asked while working: the verdict is said when it comes, after the
    // answer (on a loaded machine it may come while the answer's frames
    // are still running).
    listen(&app, &mut heard, &mut seen);
    let working = heard
        .iter()
        .position(|w| w.starts_with("The analysis is working"))
        .expect("the answer was heard");
    assert!(
        heard[working + 1..]
            .iter()
            .any(|w| w.starts_with("White wins in ") && w.contains("Best turns: ")),
        "{heard:?}"
    );
    let said = type_line(&mut app, "a", &mut heard, &mut seen);
    assert!(
        said[0].starts_with("White wins in ") && said[0].contains("(proven). Best turns: "),
        "{said:?}"
    );
    assert!(said[0].contains("(W3)"), "{said:?}");
}

/// The keyboard cursor says each square it reaches, as `s` does.
#[test]
fn the_keyboard_cursor_says_its_square() {
    let mut app = reader_app();
    start(&mut app, humans("box", Some("WBWB/BWBW/WBWB/BWBW W")));
    let mut heard = Vec::new();
    let mut seen = 0;
    listen(&app, &mut heard, &mut seen);
    // Where the arrows put it (the keys' own handling is the input's).
    for square in ["b1", "b2"] {
        app.world_mut().resource_mut::<play::Selection>().cursor = Some(sq(square));
        app.update();
    }
    listen(&app, &mut heard, &mut seen);
    let said: Vec<String> = heard.iter().rev().take(2).rev().cloned().collect();
    let expected = [
        type_line(&mut app, "s b1", &mut Vec::new(), &mut 0)[0].clone(),
        type_line(&mut app, "s b2", &mut Vec::new(), &mut 0)[0].clone(),
    ];
    assert_eq!(said, expected);
}

/// An online game ended by a resignation is announced with its reason in
/// both windows.
#[test]
fn an_online_resignation_is_announced() {
    use burrow::game::online::{Online, OnlineIntent};
    let (_server, _database, address) = online::online_server("reader-resign");
    let mut apps = two_windows_at_a_table(&address);
    let mut heard = [Vec::new(), Vec::new()];
    let mut seen = [0, 0];
    for (i, app) in apps.iter().enumerate() {
        listen(app, &mut heard[i], &mut seen[i]);
    }
    apps[1].world_mut().write_message(OnlineIntent::Resign);
    // Black's window first: it sends the resignation.
    for (i, app) in apps.iter_mut().enumerate().rev() {
        pump(app, "the table's result", |app| {
            app.world()
                .resource::<Online>()
                .table
                .as_ref()
                .is_some_and(|t| t.view.result.is_some())
        });
        settle(app);
        listen(app, &mut heard[i], &mut seen[i]);
        assert!(
            heard[i]
                .iter()
                .any(|w| w.contains("White") && w.contains("resigned")),
            "window {i}: {:#?}",
            heard[i]
        );
    }
}
