//! Hand-built positions for every edge of RULES.md.

use std::sync::Arc;

use burrow::ai::play_random_game;
use burrow::rules::sight::friends_in_sight;
use burrow::rules::*;

use crate::support::{capture, fitting_after, pos, rules, sq, turn_texts};

// ---- Box Burrow ----

#[test]
fn box_paths_may_wind_inside_the_box() {
    // a1 reaches e4 only by a path that steps south (c4 → c3) inside the box.
    let position = pos("8/8/8/8/3WB3/1W6/1W6/WW6 W");
    let boxed = rules("box");
    assert!(
        boxed
            .initial_targets(&position, sq("a1"))
            .contains(sq("e4"))
    );
    let path = boxed.path(&position.board, &capture("a1", "e4")).unwrap();
    assert!(
        path.windows(2).any(|w| w[1].y() < w[0].y()),
        "expected a winding path, got {path:?}"
    );
    assert!(
        path.iter().all(|s| s.x() <= 4 && s.y() <= 3),
        "the path left the box: {path:?}"
    );
    // No staircase exists, so Sweep Burrow (staircases only) cannot make it.
    assert!(
        !rules("sweep")
            .initial_targets(&position, sq("a1"))
            .contains(sq("e4"))
    );
}

#[test]
fn box_paths_may_not_leave_the_box() {
    // a1 → c1 is a line; b1 blocks it, and the way round over rank 2 leaves the box.
    let position = pos("8/8/8/8/8/8/8/WWB5 W");
    assert!(rules("box").initial_targets(&position, sq("a1")).is_empty());
    assert!(
        rules("box")
            .initial_targets(&position, sq("b1"))
            .contains(sq("c1"))
    );
}

#[test]
fn box_width_and_height_are_never_swapped() {
    // d4xf5 fixes a 2×1 box: d6 and h6 fit, e7 (1×2) does not.
    let position = pos("8/4B3/3B3B/5B2/3W4/8/8/8 W");
    assert_eq!(
        fitting_after(&rules("box"), &position, capture("d4", "f5")),
        ["d6", "h6"]
    );
}

#[test]
fn box_templates_of_zero_width_are_straight_lines_of_that_length() {
    // a1xa3 fixes 0×2: only a5 (two further north) fits, not c3 and not a4.
    let position = pos("8/8/8/B7/8/B1B5/8/W7 W");
    assert_eq!(
        fitting_after(&rules("box"), &position, capture("a1", "a3")),
        ["a5"]
    );
}

// ---- Path Burrow ----

fn route(text: &str) -> Option<Route> {
    Some(text.parse().unwrap())
}

#[test]
fn path_templates_fit_all_symmetries_but_the_way_back() {
    // d1 NNE e3 fixes N N E; from e3 the 8 images end on the knight squares.
    // d1, the eighth, is the vacated origin.
    let position = pos("8/8/8/3B1B2/2B3B1/4B3/2B3B1/3W1B2 W");
    let first = Capture {
        from: sq("d1"),
        to: sq("e3"),
        route: route("NNE"),
    };
    assert_eq!(
        fitting_after(&rules("path"), &position, first),
        ["c2", "c4", "d5", "f1", "f5", "g2", "g4"]
    );
}

#[test]
fn path_templates_are_never_reversed() {
    // With e4 blocked, N N E cannot reach f5; E N N (its reversal) could, but
    // the ends of a path are never swapped.
    let position = pos("8/8/8/3B1B2/2B1W1B1/4B3/2B3B1/3W1B2 W");
    let first = Capture {
        from: sq("d1"),
        to: sq("e3"),
        route: route("NNE"),
    };
    assert_eq!(
        fitting_after(&rules("path"), &position, first),
        ["c2", "c4", "f1", "g2", "g4"]
    );
}

#[test]
fn path_turns_with_different_routes_are_chosen_by_route() {
    let position = pos("8/8/8/3B1B2/2B3B1/4B3/2B3B1/3W1B2 W");
    let path = rules("path");
    let to_e3: Vec<Capture> = path
        .initial_captures(&position)
        .into_iter()
        .filter(|c| c.from == sq("d1") && c.to == sq("e3"))
        .collect();
    // N N E, N E N and E N N all reach e3.
    assert_eq!(to_e3.len(), 3);
    let no_route = capture("d1", "e3");
    assert_eq!(
        path.begin_turn(&position, &no_route),
        Err(MoveError::RouteNeeded {
            from: sq("d1"),
            to: sq("e3")
        })
    );
}

// ---- Sweep Burrow ----

#[test]
fn sweep_templates_keep_absolute_directions() {
    // d4xf5 used E and N: f7 and g6 fit; d6, e6 (west) and f3 (south) do not.
    let position = pos("8/5B2/3BB1B1/5B2/3W4/5B2/8/8 W");
    assert_eq!(
        fitting_after(&rules("sweep"), &position, capture("d4", "f5")),
        ["f7", "g6"]
    );
}

#[test]
fn a_straight_sweep_keeps_to_one_direction() {
    let position = pos("8/3BB3/2BB4/8/3W4/8/8/8 W");
    assert_eq!(
        fitting_after(&rules("sweep"), &position, capture("d4", "d6")),
        ["d7"]
    );
}

// ---- Tumburrow ----

/// Tumburrow without its speed-up: the engine checks every capture order's
/// fit instead of each landing once.
struct TumburrowEveryCapture;

impl Variant for TumburrowEveryCapture {
    fn id(&self) -> &str {
        "tumburrow-every-capture"
    }
    fn name(&self) -> &str {
        "Tumburrow, every capture checked"
    }
    fn movement(&self) -> Movement {
        variants::Tumburrow.movement()
    }
    fn template(&self, capture: &CaptureView) -> Template {
        variants::Tumburrow.template(capture)
    }
    fn fits(&self, template: &Template, capture: &CaptureView) -> bool {
        variants::Tumburrow.fits(template, capture)
    }
}

#[test]
fn checking_each_landing_once_finds_the_turns_every_capture_does() {
    let fast = rules("tumburrow");
    let slow = Rules::new(Arc::new(TumburrowEveryCapture)).unwrap();
    assert!(variants::Tumburrow.fit_reads_only_the_landing());
    assert!(!TumburrowEveryCapture.fit_reads_only_the_landing());
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut compared = 0;
    // Whole games on small boards; the openings of bigger ones, whose
    // middle games can have hundreds of thousands of turns.
    for (size, plies) in [("4x4", 100), ("5x5", 100), ("6x6", 100), ("8x8", 2)] {
        for _game in 0..4 {
            let mut position = fast.start(size.parse().unwrap());
            for _ply in 0..plies {
                let turns = fast.turns(&position).unwrap();
                let mut expected: Vec<_> = slow
                    .turns(&position)
                    .unwrap()
                    .iter()
                    .map(|t| (t.key(), t.result))
                    .collect();
                let mut found: Vec<_> = turns.iter().map(|t| (t.key(), t.result)).collect();
                expected.sort_by_key(|(key, _)| key.to_string());
                found.sort_by_key(|(key, _)| key.to_string());
                assert_eq!(found, expected, "{size}: {position}");
                compared += 1;
                if turns.is_empty() {
                    break;
                }
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                position = turns[(seed >> 33) as usize % turns.len()].result;
            }
        }
    }
    assert!(compared > 50, "only {compared} positions compared");
}

#[test]
fn sight_counts_first_pieces_through_the_vacated_origin_to_the_edge() {
    // After d2xd4: south sees d1 through the empty d2; east sees e4 (f4 is
    // hidden); north-east sees h8; c5 (Black) hides b6; b2 is Black; the
    // west line runs to the edge. Three friends.
    let position = pos("7W/8/1W6/2B5/3BWW2/8/1B1W4/3W4 W");
    let tumburrow = rules("tumburrow");
    assert_eq!(
        tumburrow.template_of(&position, &capture("d2", "d4")),
        Template::Count(3)
    );
    // Before the move, d2 itself blocks the south line.
    let mut before = position.board;
    before.set(sq("d4"), None);
    assert_eq!(friends_in_sight(&before, sq("d4"), Side::White), 3);
    before.set(sq("d3"), Some(Side::Black));
    assert_eq!(friends_in_sight(&before, sq("d4"), Side::White), 2);
}

#[test]
fn tumburrow_paths_use_at_most_two_directions() {
    // a1 → c1 around b1 by NE then SE: two directions, allowed.
    assert!(
        rules("tumburrow")
            .initial_targets(&pos("8/8/8/8/8/8/8/WWB5 W"), sq("a1"))
            .contains(sq("c1"))
    );
    // With b2 also blocked the only way is N, E, S: three directions.
    assert!(
        !rules("tumburrow")
            .initial_targets(&pos("8/8/8/8/8/8/1W6/WWB5 W"), sq("a1"))
            .contains(sq("c1"))
    );
}

#[test]
fn squares_emptied_earlier_in_the_turn_are_empty() {
    // b2xc3 fixes count 0 (White has no other piece). From c3, a1 is reached
    // only through the vacated b2; from a1, d4 only through b2 and the
    // captured c3.
    let position = pos("3B/1BB1/BWB1/BB2 W");
    let tumburrow = rules("tumburrow");
    let mut turn = tumburrow
        .begin_turn(&position, &capture("b2", "c3"))
        .unwrap();
    assert_eq!(turn.template(), &Template::Count(0));
    let next: Vec<Square> = tumburrow
        .fitting_captures(&turn)
        .unwrap()
        .iter()
        .map(|c| c.to)
        .collect();
    assert!(next.contains(&sq("a1")), "{next:?}");
    tumburrow.continue_turn(&mut turn, sq("a1")).unwrap();
    let next: Vec<Square> = tumburrow
        .fitting_captures(&turn)
        .unwrap()
        .iter()
        .map(|c| c.to)
        .collect();
    assert!(next.contains(&sq("d4")), "{next:?}");
}

// ---- All games ----

#[test]
fn continuation_is_forced_and_the_player_chooses() {
    // d4xe5 fixes a 1×1 box; f4 and f6 both fit, so the player picks one,
    // and stopping on e5 is not a turn.
    let position = pos("8/8/5B2/4B3/3W1B2/8/8/8 W");
    let boxed = rules("box");
    assert_eq!(
        fitting_after(&boxed, &position, capture("d4", "e5")),
        ["f4", "f6"]
    );
    let texts = turn_texts(&boxed, &position);
    assert!(texts.contains(&"d4xf4(e5)".to_string()) && texts.contains(&"d4xf6(e5)".to_string()));
    assert!(!texts.contains(&"d4xe5".to_string()));

    let mut turn = boxed.begin_turn(&position, &capture("d4", "e5")).unwrap();
    assert!(!boxed.is_turn_over(&turn).unwrap());
    assert!(matches!(
        boxed.continue_turn(&mut turn, sq("h8")),
        Err(MoveError::DoesNotFit { .. })
    ));
    boxed.continue_turn(&mut turn, sq("f6")).unwrap();
    assert!(boxed.is_turn_over(&turn).unwrap());
    assert_eq!(turn.result().to_string(), "8/8/5W2/8/5B2/8/8/8 B");
    assert_eq!(turn.played().to_string(), "d4xe5xf6");
}

#[test]
fn same_origin_end_and_captures_is_one_turn() {
    let tumburrow = rules("tumburrow");
    let texts = turn_texts(&tumburrow, &Position::start_standard());
    for expected in ["a2xa1", "a2xa1(a3)", "a2xc1(b2)"] {
        assert!(texts.contains(&expected.to_string()), "{expected}");
    }
    let mut deduped = texts.clone();
    deduped.dedup();
    assert_eq!(deduped, texts);
    // The other three games have only the 112 single orthogonal captures.
    for id in ["box", "path", "sweep"] {
        let texts = turn_texts(&rules(id), &Position::start_standard());
        assert_eq!(texts.len(), 112);
        assert!(texts.iter().all(|t| !t.contains('(')));
    }
}

#[test]
fn a_player_with_no_pieces_has_lost() {
    let position = pos("4/4/4/BBBB W");
    for id in ["box", "path", "sweep", "tumburrow"] {
        let rules = rules(id);
        assert!(!rules.has_initial_capture(&position));
        assert!(rules.turns(&position).unwrap().is_empty());
        let record = play_random_game(&rules, position, 1).unwrap();
        assert_eq!(record.result, GameResult::Win(Side::Black));
        assert!(record.turns.is_empty());
    }
}

/// Knight steps combined in pairs: enough to translate freely, yet a knight
/// in the corner can be left with nothing to capture.
struct Knightly;

impl Variant for Knightly {
    fn id(&self) -> &str {
        "knightly"
    }
    fn name(&self) -> &str {
        "Knightly"
    }
    fn movement(&self) -> Movement {
        let knight = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ]
        .map(|(x, y)| Step::new(x, y));
        Movement {
            steps: StepSet::from_slice(&knight),
            shape: PathShape::TwoSteps,
            jumping: false,
        }
    }
    fn template(&self, _: &CaptureView) -> Template {
        Template::Count(0)
    }
    fn fits(&self, _: &Template, _: &CaptureView) -> bool {
        true
    }
}

#[test]
fn a_player_with_pieces_but_no_capture_has_lost() {
    let rules = Rules::new(Arc::new(Knightly)).unwrap();
    let position = pos("8/8/8/8/8/8/1B6/W7 W");
    assert!(!rules.has_initial_capture(&position));
    let record = play_random_game(&rules, position, 7).unwrap();
    assert_eq!(record.result, GameResult::Win(Side::Black));
    // The same pieces a knight's leap apart: White captures and wins.
    let position = pos("8/8/8/8/8/8/2B5/W7 W");
    assert_eq!(turn_texts(&rules, &position), ["a1xc2"]);
}

/// A Tumburrow position with about 136,000 distinct turns (Black has just
/// emptied much of the board), the kind that takes seconds to list.
const HEAVY_TUMBURROW: &str =
    "WBWBWBWB/B1B1B1BW/WB1B1B1B/B1B1B1BW/WB1B1B1B/BWB1B1BW/W2BBB1B/BWWWBWBW W";

#[test]
fn a_turn_search_stops_when_asked_and_otherwise_finds_every_turn() {
    let tumburrow = rules("tumburrow");
    let heavy = pos(HEAVY_TUMBURROW);
    let mut checks = 0;
    let stopped = tumburrow
        .turns_until(&heavy, &mut || {
            checks += 1;
            checks >= 3
        })
        .unwrap();
    assert_eq!(stopped, None, "the search went on after being told to stop");
    assert_eq!(checks, 3);
    // A search that is never stopped gives exactly the turns of `turns`.
    let start = Position::start_standard();
    let all = tumburrow.turns(&start).unwrap();
    let until = tumburrow.turns_until(&start, &mut || false).unwrap();
    assert_eq!(until, Some(all));
}

#[test]
fn the_path_of_a_capture_from_an_empty_square_is_refused() {
    let rules = rules("box");
    let board = pos("8/8/8/8/8/8/8/1B6 W").board;
    assert_eq!(
        rules.path(&board, &capture("a1", "b1")),
        Err(MoveError::EmptySquare(sq("a1")))
    );
    // A capture the movement rule does not allow has no path either.
    let board = pos("8/8/8/8/8/8/8/W2B4 W").board;
    assert!(matches!(
        rules.path(&board, &capture("a1", "d2")),
        Err(MoveError::NotACapture { .. })
    ));
    assert_eq!(
        rules.path(&pos("8/8/8/8/8/8/8/WB6 W").board, &capture("a1", "b1")),
        Ok(vec![sq("a1"), sq("b1")])
    );
}

// ---- Refusals ----

/// The positions of a random game from the start.
fn random_game(rules: &Rules, size: BoardSize, seed: u64) -> Vec<Position> {
    use rand::seq::IndexedRandom;
    use rand::{SeedableRng, rngs::StdRng};
    let mut rng = StdRng::seed_from_u64(seed);
    let mut positions = vec![Position::start(size)];
    loop {
        let turns = rules.turns(positions.last().unwrap()).unwrap();
        match turns.choose(&mut rng) {
            Some(turn) => positions.push(turn.result),
            None => return positions,
        }
    }
}

/// The template a capture would fix, compared with the turn's, in the terms
/// the refusal must give.
fn expected_misfit(rules: &Rules, template: &Template, view: &CaptureView) -> Option<String> {
    let (dx, dy) = view.offset();
    match (rules.id(), *template) {
        ("box", Template::Box { width, height })
            if (dx.unsigned_abs(), dy.unsigned_abs()) != (width, height) =>
        {
            Some(format!(
                "the box is {width} wide and {height} high, this capture spans {} by {}",
                dx.unsigned_abs(),
                dy.unsigned_abs()
            ))
        }
        ("tumburrow", Template::Count(n)) if view.friends_in_sight_after() != n => Some(format!(
            "the piece would see {}",
            view.friends_in_sight_after()
        )),
        ("sweep", Template::Directions(allowed)) => {
            let needs = |step: Step| {
                (step.dx != 0 && step.dx.signum() == dx.signum())
                    || (step.dy != 0 && step.dy.signum() == dy.signum())
            };
            let outside = Step::ORTHOGONAL
                .into_iter()
                .any(|s| needs(s) && !allowed.contains(s));
            outside.then(|| "this turn goes only".to_string())
        }
        _ => None,
    }
}

/// Every square a piece cannot capture on, at the start of a turn and in
/// the middle of one, is refused with the reason that holds: the target,
/// the template (the numbers of the game's own template) or the pieces in
/// the way, and every square it can capture on is not refused at all.
#[test]
fn every_refusal_names_the_rule_that_caused_it() {
    let mut rng_seed = 0;
    for id in ["box", "path", "sweep", "tumburrow"] {
        let rules = rules(id);
        let mut misfits = 0;
        let mut blocked = 0;
        for _ in 0..4 {
            rng_seed += 1;
            let size = BoardSize::new(6, 6).unwrap();
            for position in random_game(&rules, size, rng_seed).iter().step_by(3) {
                for from in position.ours() {
                    initial_refusals_name_their_rule(&rules, position, from, size, &mut blocked);
                    // Mid-turn: after each initial capture of this piece.
                    for capture in rules
                        .initial_captures_from(position, from)
                        .into_iter()
                        .take(3)
                    {
                        let turn = rules.begin_turn(position, &capture).unwrap();
                        mid_turn_refusals_name_their_rule(
                            &rules,
                            id,
                            position,
                            &turn,
                            size,
                            (&mut misfits, &mut blocked),
                        );
                    }
                }
            }
        }
        assert!(
            misfits > 20 && blocked > 5,
            "{id}: {misfits} misfits, {blocked} blocked"
        );
    }
}

/// At the start of a turn, every square `from` cannot capture on in
/// `position` is refused with its reason (the target, or the pieces in the
/// way, each one named a piece), and every target is not refused; counts
/// the squares refused as blocked.
fn initial_refusals_name_their_rule(
    rules: &Rules,
    position: &Position,
    from: Square,
    size: BoardSize,
    blocked: &mut usize,
) {
    let board = position.board;
    let mover = position.turn;
    let targets = rules.initial_targets(position, from);
    for to in size.squares() {
        let why = rules.why_not(&board, mover, from, to, None);
        assert_eq!(
            why.is_none(),
            targets.contains(to),
            "{position} {from}x{to}"
        );
        let Some(why) = why else { continue };
        match board.side_at(to) {
            None => assert!(why.contains("is empty"), "{why}"),
            Some(c) if c == mover => assert!(why.contains("same side"), "{why}"),
            Some(_) => {
                *blocked += 1;
                assert!(
                    why.contains("blocked") || why.contains("no path"),
                    "{position} {from}x{to}: {why}"
                );
                // Each piece named as in the way is one.
                if let Some(list) = why.split("(by ").nth(1) {
                    for name in list.trim_end_matches(')').split([',', ' ']) {
                        if let Ok(s) = name.parse::<Square>() {
                            assert!(board.side_at(s).is_some(), "{why}");
                        }
                    }
                }
            }
        }
    }
}

/// In the middle of `turn` (of game `id`, begun in `position`), every
/// square the piece cannot capture on is refused with the reason that
/// holds (the target, the template in the game's numbers, or the way), the
/// same reason the engine gives, and every fitting capture is not refused;
/// counts the misfits and the blocked squares.
fn mid_turn_refusals_name_their_rule(
    rules: &Rules,
    id: &str,
    position: &Position,
    turn: &TurnInProgress,
    size: BoardSize,
    (misfits, blocked): (&mut usize, &mut usize),
) {
    let mover = position.turn;
    let fitting: Vec<Square> = rules
        .fitting_captures(turn)
        .unwrap()
        .iter()
        .map(|c| c.to)
        .collect();
    let at = turn.current();
    for to in size.squares() {
        let why = rules.why_not(turn.board(), mover, at, to, Some(turn.template()));
        assert_eq!(why.is_none(), fitting.contains(&to), "{position} {at}x{to}");
        let Some(why) = why else { continue };
        let view = CaptureView::new(turn.board(), mover, at, to, None);
        if turn.board().side_at(to) != Some(mover.opponent()) {
            assert!(why.contains("empty") || why.contains("same side"), "{why}");
        } else if let Some(expected) = expected_misfit(rules, turn.template(), &view) {
            *misfits += 1;
            assert!(why.contains(&expected), "{at}x{to}: {why} / {expected}");
        } else if id == "path" {
            *misfits += 1;
            assert!(
                why.contains("crosses") || why.contains("no turn or mirror"),
                "{why}"
            );
        } else {
            *blocked += 1;
            assert!(why.contains("blocked") || why.contains("no path"), "{why}");
        }
        // A refusal through the engine gives the same reason.
        let mut copy = turn.clone();
        match rules.continue_turn(&mut copy, to) {
            Err(MoveError::DoesNotFit { why: engine, .. }) => {
                assert_eq!(engine, why)
            }
            other => panic!("{at}x{to} not refused: {other:?}"),
        }
    }
}

#[test]
fn a_path_that_crosses_a_piece_says_where() {
    // a1xc1 sets the path EE; its image NN from c1 would reach c3 but
    // crosses the piece on c2.
    let path = rules("path");
    let position = pos("8/8/8/8/8/2B5/2W5/W1B5 W");
    let first = Capture {
        from: sq("a1"),
        to: sq("c1"),
        route: Some("EE".parse().unwrap()),
    };
    let mut turn = path.begin_turn(&position, &first).unwrap();
    let refused = path.continue_turn(&mut turn, sq("c3")).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "c1xc3: that path (NN from c1) crosses c2"
    );
    let refused = path.continue_turn(&mut turn, sq("h8")).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "c1xh8: h8 is empty: a capture lands on an enemy piece"
    );
}
