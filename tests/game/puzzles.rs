//! Puzzles: solved against the best defence, judged in the background,
//! refuted with the opponent's winning reply, and ended by a new game.

use super::*;

fn puzzle_app(band: burrow::ai::Band) -> (App, usize, burrow::ai::Puzzle) {
    use burrow::game::puzzles::PuzzleIntent;
    let mut app = app();
    let (index, puzzle) = {
        let puzzles = app.world().resource::<Puzzles>();
        let (index, puzzle) = puzzles
            .of("box")
            .into_iter()
            .find(|(_, p)| p.band == band)
            .expect("the shipped puzzles have one");
        (index, puzzle.clone())
    };
    app.world_mut().write_message(PuzzleIntent::Start(index));
    settle(&mut app);
    (app, index, puzzle)
}

#[test]
fn a_puzzle_played_to_its_win_against_the_best_defence_is_kept_as_solved() {
    use burrow::ai::{Band, Distances, SolveLimits, Solver, SolverConfig};
    use burrow::game::puzzles::PuzzleStatus;
    use burrow::game::settings::Settings;

    let (mut app, _, puzzle) = puzzle_app(Band::Easy);
    assert_eq!(*app.world().resource::<Game>().position(), puzzle.position);
    let rules = burrow::rules::builtin_rules("box").unwrap();
    let solver = Solver::new(&rules, SolverConfig::default());
    // The first turn is the puzzle's answer; the solver defends; then the
    // player finishes with a winning turn the solver names.
    play_turn(&mut app, &puzzle.solution);
    for _ in 0..2 {
        settle(&mut app);
    }
    let session = app.world().resource::<Game>();
    assert_eq!(session.played().len(), 2, "the defender replied");
    let now = *session.position();
    let finish = solver
        .analyse(&now, &SolveLimits::none(), Distances::Winning, None)
        .unwrap();
    let (turn, _) = finish.best_win().expect("the player still wins");
    let turn = turn.played();
    play_turn(&mut app, &turn);
    let puzzles = app.world().resource::<Puzzles>();
    let active = puzzles.active.as_ref().unwrap();
    assert_eq!(active.status, PuzzleStatus::Solved);
    let session = app.world().resource::<Game>();
    assert_eq!(
        session.outcome().map(|o| o.winner),
        Some(puzzle.position.turn)
    );
    let settings = app.world().resource::<Settings>();
    assert!(settings.solved_puzzles.contains(&puzzle.id()));
}

/// The solver judges a puzzle turn in the background: the frames go on
/// while it works (none waits for it) and its verdict arrives. The puzzle
/// is the hard one whose judgement takes longest when done in one go, so a
/// frame that waited for the solver would be as long.
#[test]
fn the_window_keeps_drawing_while_a_puzzle_turn_is_judged() {
    use burrow::ai::{Band, SolveLimits, Solver, SolverConfig, judge};
    use burrow::game::puzzles::{PuzzleIntent, PuzzleStatus};

    let mut app = app();
    let hard: Vec<(usize, burrow::ai::Puzzle)> = app
        .world()
        .resource::<Puzzles>()
        .all
        .iter()
        .cloned()
        .enumerate()
        .filter(|(_, p)| p.band == Band::Hard)
        .collect();
    // How long each judgement takes in one go, as the game judged before.
    let in_one_go = |puzzle: &burrow::ai::Puzzle| {
        let rules = burrow::rules::builtin_rules(&puzzle.variant).unwrap();
        let solver = Solver::new(
            &rules,
            SolverConfig {
                table_bytes: 16 << 20,
                threads: 1,
                ..SolverConfig::default()
            },
        );
        let began = std::time::Instant::now();
        let after = rules
            .play(&puzzle.position, &puzzle.solution)
            .unwrap()
            .result();
        let limits = SolveLimits::time(Duration::from_secs(2));
        let _ = solver.solve(&puzzle.position, &limits);
        let _ = judge(&solver, &after, puzzle.turns, &limits);
        began.elapsed()
    };
    let (index, puzzle, slowest) = hard
        .into_iter()
        .map(|(i, p)| {
            let took = in_one_go(&p);
            (i, p, took)
        })
        .max_by_key(|(_, _, took)| *took)
        .expect("hard puzzles ship");
    eprintln!(
        "slowest judgement in one go: {slowest:?} ({})",
        puzzle.task()
    );
    app.world_mut().write_message(PuzzleIntent::Start(index));
    settle(&mut app);
    // The whole turn arrives in one frame, so its judgement starts there.
    for capture in puzzle.solution.steps() {
        app.world_mut().write_message(CaptureIntent(capture));
    }
    // Frames until the verdict, each timed.
    let mut frames = Vec::new();
    let begin = std::time::Instant::now();
    loop {
        assert!(
            begin.elapsed() < Duration::from_secs(30),
            "no verdict in 30 s"
        );
        let frame = std::time::Instant::now();
        app.update();
        frames.push(frame.elapsed());
        let turn_over = app.world().resource::<Game>().played().len() == 1;
        if turn_over && !app.world().resource::<Puzzles>().is_judging() {
            break;
        }
    }
    let status = app
        .world()
        .resource::<Puzzles>()
        .active
        .as_ref()
        .unwrap()
        .status
        .clone();
    assert_eq!(
        status,
        PuzzleStatus::Playing,
        "the puzzle's own answer is on track"
    );
    let longest = *frames.iter().max().expect("frames ran");
    eprintln!(
        "{} frames while judging, the longest {longest:?}",
        frames.len()
    );
    // A frame that waited for the solver would take the whole judgement.
    assert!(
        slowest >= Duration::from_millis(50),
        "the slowest judgement takes only {slowest:?}: too quick to tell a waiting frame"
    );
    assert!(
        longest < slowest / 2,
        "a frame took {longest:?} while the solver judged (in one go it takes {slowest:?})"
    );
}

#[test]
fn a_puzzle_turn_that_lets_the_opponent_escape_shows_their_winning_reply() {
    use burrow::ai::{Band, Distances, SolveLimits, Solver, SolverConfig, Value};
    use burrow::game::puzzles::{PuzzleIntent, PuzzleStatus};

    let (mut app, _, puzzle) = puzzle_app(Band::Medium);
    let rules = burrow::rules::builtin_rules("box").unwrap();
    let solver = Solver::new(&rules, SolverConfig::default());
    let analysis = solver
        .analyse(
            &puzzle.position,
            &SolveLimits::none(),
            Distances::None,
            None,
        )
        .unwrap();
    let (losing, _) = analysis
        .turns
        .iter()
        .find(|(_, k)| k.wins() == Some(false))
        .expect("a puzzle has a losing turn");
    play_turn(&mut app, &losing.played());
    settle(&mut app);
    let puzzles = app.world().resource::<Puzzles>();
    let PuzzleStatus::Refuted { why, reply } = &puzzles.active.as_ref().unwrap().status else {
        panic!(
            "the turn should be refuted, not {:?}",
            puzzles.active.as_ref().unwrap().status
        );
    };
    assert!(why.contains("lets the opponent win"), "{why}");
    assert!(why.contains(&reply.to_string()), "{why} names the reply");
    // The reply stays on the board with the turn, and it wins for them.
    let session = app.world().resource::<Game>();
    assert_eq!(
        session.position(),
        &losing.result,
        "the turn stays to be seen"
    );
    let after = rules
        .play(&losing.result, reply)
        .expect("the reply is legal after the turn")
        .result();
    let value = solver
        .solve(&after, &SolveLimits::none())
        .unwrap()
        .knowledge
        .value();
    assert!(
        matches!(value, Some(Value::Loss(_))),
        "after the reply the puzzle's side loses ({value:?})"
    );
    // Taking it back brings the puzzle's position back.
    app.world_mut().write_message(PuzzleIntent::TakeBack);
    settle(&mut app);
    let session = app.world().resource::<Game>();
    assert_eq!(*session.position(), puzzle.position, "taken back");
    assert!(session.played().is_empty());
    let active = app.world().resource::<Puzzles>().active.clone().unwrap();
    assert_eq!(active.status, PuzzleStatus::Playing);
    assert!(active.refutation().is_none(), "nothing left to draw");
}

/// The game on the board has one mode; a game of another mode started over
/// a puzzle ends the puzzle (nobody has to say so).
#[test]
fn a_new_game_over_a_puzzle_ends_the_puzzle() {
    use burrow::ai::Band;
    use burrow::game::GameMode;
    let (mut app, index, _) = puzzle_app(Band::Easy);
    assert_eq!(
        *app.world().resource::<Game>().mode(),
        GameMode::Puzzle(index)
    );
    assert!(app.world().resource::<Puzzles>().active.is_some());
    start(&mut app, humans("box", None));
    assert_eq!(*app.world().resource::<Game>().mode(), GameMode::Local);
    assert!(app.world().resource::<Puzzles>().active.is_none());
    // A record loaded over a puzzle keeps no defender: people play it.
    let (mut app, _, _) = puzzle_app(Band::Easy);
    let record = app.world().resource::<Game>().record().to_string();
    app.world_mut()
        .write_message(GameIntent::LoadRecord(record));
    settle(&mut app);
    let session = app.world().resource::<Game>();
    assert_eq!(*session.mode(), GameMode::Local);
    assert_eq!(
        (session.setup().white, session.setup().black),
        (Player::Human, Player::Human)
    );
    assert!(app.world().resource::<Puzzles>().active.is_none());
}
