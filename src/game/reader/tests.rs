//! The command field against the rules: whole games typed in every game,
//! each answer and announcement checked against the position it speaks of.

use super::*;
use crate::rules::{BoardSize, VariantRegistry};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn rules(id: &str) -> Rules {
    VariantRegistry::builtin().get(id).unwrap().clone()
}

fn scene<'a>(
    rules: &'a Rules,
    position: &'a Position,
    turn: Option<&'a TurnInProgress>,
    last: Option<(&'a Position, &'a PlayedTurn)>,
) -> Scene<'a> {
    Scene {
        rules,
        position,
        turn,
        last,
        clocks: None,
        players: ["Ann", "Computer (hard)"],
        you: None,
        blocked: None,
        analysis: None,
    }
}

/// Makes `captures` as the game would, announcing each; returns the turn.
fn make(
    rules: &Rules,
    pos: &Position,
    mut turn: Option<TurnInProgress>,
    captures: &[Capture],
) -> (TurnInProgress, Vec<String>) {
    let mut said = Vec::new();
    for capture in captures {
        match &mut turn {
            None => turn = Some(rules.begin_turn(pos, capture).unwrap()),
            Some(t) => rules.continue_turn(t, capture.to).unwrap(),
        }
        said.push(announce_capture(rules, turn.as_ref().unwrap()));
    }
    (turn.expect("at least one capture"), said)
}

/// Checks one announcement against the turn it speaks of.
fn check_announcement(rules: &Rules, turn: &TurnInProgress, words: &str) {
    let side = if turn.mover() == Side::White {
        "White"
    } else {
        "Black"
    };
    let to = turn.current();
    assert!(
        words.starts_with(&format!("{side} ")) && words.contains(&format!(" takes {to}.")),
        "{words}"
    );
    assert_eq!(
        words.contains("Template:"),
        turn.captures().len() == 1,
        "{words}"
    );
    let fitting = rules.fitting_captures(turn).unwrap();
    if fitting.is_empty() {
        assert!(words.ends_with("The turn ends."), "{words}");
    } else {
        assert!(words.contains("The turn goes on:"), "{words}");
        for c in fitting {
            assert!(words.contains(&c.to.to_string()), "{words} lacks {}", c.to);
        }
    }
}

/// Plays a whole game from the command field alone: each turn typed
/// whole (even plies) or a capture at a time (odd plies), the computer's
/// part played by the first listed turn.
fn play_a_game_by_commands(id: &str, size: &str) -> usize {
    let rules = rules(id);
    let size: BoardSize = size.parse().unwrap();
    let mut pos = rules.start(size);
    let mut last: Option<(Position, PlayedTurn)> = None;
    let mut plies = 0;
    loop {
        let turns = rules.turns(&pos).unwrap();
        let here = scene(&rules, &pos, None, last.as_ref().map(|(p, t)| (p, t)));
        let capturers = here.answer("p").words;
        let Some(chosen) = turns.first() else {
            assert!(capturers.contains("no capture"), "{capturers}");
            break;
        };
        for from in rules.capturers(&pos.board, pos.turn) {
            assert!(capturers.contains(&from.to_string()), "{capturers}");
        }
        let played = chosen.played();
        let (turn, said) = if plies % 2 == 0 {
            let answer = here.answer(&played.to_string());
            assert!(answer.words.is_empty(), "{}", answer.words);
            make(&rules, &pos, None, &answer.captures)
        } else {
            let first = format!("{}x{}", played.origin, played.captures[0]);
            let first = match played.route {
                Some(route) => format!("{first}/{route}"),
                None => first,
            };
            let answer = here.answer(&first);
            assert!(answer.words.is_empty(), "{first}: {}", answer.words);
            let (mut turn, mut said) = make(&rules, &pos, None, &answer.captures);
            let rest = &played.captures[1..];
            if rest.len() >= 2 {
                // The rest typed at once: checked, then played.
                let mid = scene(&rules, &pos, Some(&turn), None);
                let template = mid.answer("t").words;
                assert!(template.contains(&rest[0].to_string()), "{template}");
                let line: String = rest.iter().map(|sq| format!("x{sq}")).collect();
                let answer = mid.answer(&line);
                assert!(answer.words.is_empty(), "{line}: {}", answer.words);
                assert_eq!(answer.captures.len(), rest.len());
                let (t, more) = make(&rules, &pos, Some(turn), &answer.captures);
                turn = t;
                said.extend(more);
            } else if let [next] = rest {
                // One square: a click on it, which the game plays.
                let mid = scene(&rules, &pos, Some(&turn), None);
                let answer = mid.answer(&next.to_string());
                assert!(answer.words.is_empty(), "{next}: {}", answer.words);
                assert_eq!(answer.click, Some(*next));
                let capture = Capture {
                    from: turn.current(),
                    to: *next,
                    route: None,
                };
                let (t, more) = make(&rules, &pos, Some(turn), &[capture]);
                turn = t;
                said.extend(more);
            }
            (turn, said)
        };
        // Replaying announces each capture of the turn, the last ending it.
        assert_eq!(said.len(), played.captures.len());
        let mut replay: Option<TurnInProgress> = None;
        for (capture, words) in played.steps().zip(&said) {
            let (t, _) = make(&rules, &pos, replay.take(), &[capture]);
            check_announcement(&rules, &t, words);
            replay = Some(t);
        }
        assert!(said.last().unwrap().ends_with("The turn ends."));
        assert_eq!(turn.result(), chosen.result, "{id}: {played}");
        last = Some((pos, played));
        pos = turn.result();
        plies += 1;
        let told = scene(&rules, &pos, None, last.as_ref().map(|(p, t)| (p, t)))
            .answer("l")
            .words;
        assert!(
            told.contains(&last.as_ref().unwrap().1.to_string()),
            "{told}"
        );
    }
    plies
}

#[test]
fn a_whole_game_is_played_by_commands_alone_in_every_game() {
    for (id, size) in [
        ("box", "4x4"),
        ("path", "4x4"),
        ("sweep", "5x4"),
        ("tumburrow", "4x4"),
        ("box", "8x8"),
    ] {
        let plies = play_a_game_by_commands(id, size);
        assert!(plies >= 3, "{id} {size}: {plies} turns");
    }
}

#[test]
fn the_board_is_read_by_ranks_files_squares_and_pieces() {
    let rules = rules("box");
    let pos = rules.start("4x4".parse().unwrap());
    let s = scene(&rules, &pos, None, None);
    // The start's checkerboard: a1 black, b1 white, …
    assert_eq!(
        s.answer("r 1").words,
        "Rank 1: a1 black, b1 white, c1 black, d1 white."
    );
    assert_eq!(
        s.answer("f a").words,
        "File a: a1 black, a2 white, a3 black, a4 white."
    );
    assert!(s.answer("r 5").words.contains("no line 5"));
    let board = s.answer("b").words;
    assert!(board.starts_with("White to move."), "{board}");
    assert!(board.contains("White has 8 pieces"), "{board}");
    // Every piece next to an enemy can capture at the start.
    let moves = s.answer("m b1").words;
    for target in rules.initial_targets(&pos, "b1".parse().unwrap()) {
        assert!(moves.contains(&target.to_string()), "{moves}");
    }
    assert!(s.answer("m a1").words.contains("Black's"));
    let square = s.answer("s a1").words;
    assert!(square.starts_with("a1: black piece."), "{square}");
    assert!(
        square.contains("Enemies on b1 and a2 can take it"),
        "{square}"
    );
    assert!(s.answer("s h8").words.contains("not on this board"));
    assert!(s.answer("t").words.starts_with("No turn is under way"));
    assert!(s.answer("l").words.contains("No turn"));
    assert!(s.answer("c").words.contains("no clocks"));
    let timed = Scene {
        clocks: Some([Duration::from_secs(272), Duration::from_secs(9)]),
        you: Some(Side::Black),
        ..s.clone()
    };
    assert_eq!(timed.answer("c").words, "White 4:32, Black 9.0.");
    // A slow game's clocks in days and hours, as its seats show them.
    let slow = Scene {
        clocks: Some([
            Duration::from_secs(2 * 86_400 + 3 * 3_600),
            Duration::from_secs(5 * 3_600),
        ]),
        ..s.clone()
    };
    assert_eq!(slow.answer("c").words, "White 2d 03h, Black 5h 00m.");
    assert_eq!(timed.answer("o").words, "You play Black against Ann.");
    assert!(s.answer("h").words.contains("d4xd6xb6"));
    // The analysis: working until it has a report, then its words.
    assert!(s.answer("a").words.starts_with("The analysis is working"));
    let analysed = Scene {
        analysis: Some("White wins in 3 turns (proven).".into()),
        ..s.clone()
    };
    assert_eq!(
        analysed.answer("a").words,
        "White wins in 3 turns (proven)."
    );
}

#[test]
fn a_runs_of_empty_squares_is_said_once() {
    let rules = rules("box");
    let pos: Position = "4/WB2/4/B2W W".parse().unwrap();
    let s = scene(&rules, &pos, None, None);
    assert_eq!(
        s.answer("r 3").words,
        "Rank 3: a3 white, b3 black, c3 to d3 empty."
    );
    assert_eq!(s.answer("r 4").words, "Rank 4: a4 to d4 empty.");
}

#[test]
fn bad_lines_and_illegal_turns_are_answered_with_the_reason() {
    let rules = rules("box");
    let pos = rules.start("4x4".parse().unwrap());
    let s = scene(&rules, &pos, None, None);
    for (line, expected) in [
        ("", "Type a turn or a command"),
        ("zz", "“zz” is not a command"),
        ("m", "m needs a square"),
        ("s q9", "not “q9”"),
        ("r 0", "r needs a rank number"),
        ("f", "f needs a file letter"),
        ("d4xz9", "is not a turn"),
        // a1 is Black's, and White is to move.
        (
            "a1xb1",
            "Not played: there is no piece of the side to move on a1",
        ),
        // b1 and b3 are White's: not an enemy.
        ("b1xb3", "Not played:"),
        ("xb2xb3", "No turn is under way"),
    ] {
        let answer = s.answer(line);
        assert!(answer.captures.is_empty(), "{line}");
        assert!(answer.words.contains(expected), "{line}: {}", answer.words);
    }
    // A turn is not taken while the game says why not; questions still
    // are.
    let blocked = Scene {
        blocked: Some("It is White's turn, not yours.".into()),
        ..s.clone()
    };
    for line in ["b1xa1", "b2"] {
        let answer = blocked.answer(line);
        assert!(answer.captures.is_empty());
        assert_eq!(answer.words, "It is White's turn, not yours.");
    }
    assert!(blocked.answer("p").words.starts_with("White can capture"));
    // A piece of the side to move named alone is picked up, its captures
    // said.
    let picked = s.answer("b1");
    assert_eq!(picked.click, Some(sq("b1")));
    assert!(picked.captures.is_empty());
    assert_eq!(picked.words, s.answer("m b1").words);
    // Any other square alone is a click too, the game answering it.
    let enemy = s.answer("a1");
    assert_eq!(enemy.click, Some(sq("a1")));
    assert!(enemy.words.is_empty());
}

#[test]
fn a_capture_that_misses_the_template_is_refused_mid_turn() {
    let rules = rules("box");
    // d4xe5 sets a box 1 wide and 1 high: then f4 and f6 fit, f3 does not.
    let pos: Position = "8/8/5B2/4B3/3W1B2/5B2/8/8 W".parse().unwrap();
    let first = scene(&rules, &pos, None, None).answer("d4xe5");
    assert_eq!(first.captures.len(), 1);
    let (turn, said) = make(&rules, &pos, None, &first.captures);
    check_announcement(&rules, &turn, &said[0]);
    assert!(
        said[0].contains("The turn goes on: f4 and f6 fit."),
        "{}",
        said[0]
    );
    let mid = scene(&rules, &pos, Some(&turn), None);
    assert!(
        mid.answer("t")
            .words
            .contains("must capture one of f4 and f6")
    );
    // Another piece cannot start a turn while one is under way.
    assert!(mid.answer("f4xf3").words.contains("A turn is under way"));
    assert!(mid.answer("p").words.contains("Only the piece on e5"));
    // One capture is a click on its square (the game refuses it);
    // several are checked first.
    let answer = mid.answer("f3");
    assert_eq!(answer.click, Some(sq("f3")));
    assert!(answer.captures.is_empty() && answer.words.is_empty());
    let answer = mid.answer("xf3xf6");
    assert!(answer.captures.is_empty());
    assert!(answer.words.starts_with("Not played:"), "{}", answer.words);
    let answer = mid.answer("xf6");
    assert!(answer.captures.is_empty());
    assert_eq!(answer.click, Some(sq("f6")));
}

#[test]
fn path_asks_which_route_when_several_lead_to_the_target() {
    let rules = rules("path");
    // White a1 can reach the black piece on b2 by NE or EN.
    let pos: Position = "4/4/1B2/W3 W".parse().unwrap();
    let s = scene(&rules, &pos, None, None);
    let answer = s.answer("a1xb2");
    assert!(answer.captures.is_empty());
    assert!(
        answer.words.starts_with("Several paths"),
        "{}",
        answer.words
    );
    let routed = s.answer("a1xb2/NE");
    assert!(routed.words.is_empty(), "{}", routed.words);
    assert_eq!(routed.captures.len(), 1);
}
