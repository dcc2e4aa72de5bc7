//! Computer players: legal turns only, reproducible with a seed, the
//! search levels find a win in one when there is one, and a narrow search
//! looks deeper only where it says it does.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use std::sync::Arc;

use burrow::ai::Level;
use burrow::ai::{
    AiProfile, DEFAULT_TABLE_BYTES, EvaluationWeights, IterativeSearch, LOSS, LevelLookahead,
    Lookahead, SearchConfig, SearchReport, Thinker, attach_profile, choose, evaluate, opening,
    play_random_game, search, worth_proving,
};
use burrow::rules::variants::BoxBurrow;
use burrow::rules::{
    BoardSize, CaptureView, Movement, Position, RegistryError, Rules, Template, Variant,
    VariantRegistry,
};

use crate::support::rules;

const GAMES: [&str; 4] = ["box", "path", "sweep", "tumburrow"];

/// Positions from seeded random games (Tumburrow's heaviest ones skipped to
/// keep the test quick).
pub(crate) fn positions(rules: &Rules, size: BoardSize, games: u64) -> Vec<Position> {
    let mut out = Vec::new();
    for seed in 0..games {
        let record = play_random_game(rules, Position::start(size), seed).unwrap();
        out.extend(record.replay(&VariantRegistry::builtin()).unwrap());
    }
    out.retain(|p| rules.turns(p).unwrap().len() <= 600);
    out
}

#[test]
fn every_level_plays_only_legal_turns() {
    let never = AtomicBool::new(false);
    let think = Duration::from_millis(15);
    for id in GAMES {
        let rules = rules(id);
        for size in [BoardSize::STANDARD, BoardSize::new(6, 5).unwrap()] {
            for (i, pos) in positions(&rules, size, 2).iter().enumerate() {
                let legal: Vec<_> = rules.turns(pos).unwrap().iter().map(|t| t.key()).collect();
                // The slower levels on a sample of the positions.
                let levels: &[Level] = if i % 20 == 0 {
                    &Level::ALL
                } else {
                    &[Level::Random, Level::Greedy, Level::Easy, Level::Strongest]
                };
                for &level in levels {
                    let decision = choose(&rules, pos, level, think, i as u64, &never).unwrap();
                    match decision {
                        Some(d) => assert!(
                            legal.contains(&d.turn.key()),
                            "{id} {level} played {} at {pos}",
                            d.turn.key()
                        ),
                        None => assert!(legal.is_empty(), "{id} {level} passed at {pos}"),
                    }
                }
            }
        }
    }
}

#[test]
fn seeded_choices_are_reproducible() {
    let never = AtomicBool::new(false);
    let rules = rules("path");
    let pos = positions(&rules, BoardSize::STANDARD, 1)[4];
    for level in [Level::Random, Level::Greedy] {
        let a = choose(&rules, &pos, level, Duration::ZERO, 99, &never)
            .unwrap()
            .unwrap();
        let b = choose(&rules, &pos, level, Duration::ZERO, 99, &never)
            .unwrap()
            .unwrap();
        assert_eq!(a.turn, b.turn, "{level}");
    }
    // A depth-limited search does not depend on the clock.
    let config = SearchConfig {
        time: Duration::from_secs(60),
        max_depth: 2,
        table: true,
        table_bytes: DEFAULT_TABLE_BYTES,
        root_width: None,
        reductions: false,
        learned: false,
        width: None,
    };
    let a = search(&rules, &pos, &config, &never).unwrap().unwrap();
    let b = search(&rules, &pos, &config, &never).unwrap().unwrap();
    assert_eq!(
        (a.turn, a.report.score, a.report.nodes),
        (b.turn, b.report.score, b.report.nodes)
    );
}

/// An exact search of four turns with the hand-set evaluation, whatever
/// the clock: what the tests of a search's shortcuts compare them with.
fn four_turns() -> SearchConfig {
    SearchConfig {
        time: Duration::from_secs(600),
        max_depth: 4,
        table: true,
        table_bytes: DEFAULT_TABLE_BYTES,
        root_width: None,
        reductions: false,
        learned: false,
        width: None,
    }
}

/// A plain depth-limited negamax over the hand-set evaluation, scoring a
/// side that cannot capture as the search does: the value every exact
/// search of that depth must find, whatever its shortcuts.
fn plain_negamax(rules: &Rules, pos: &Position, depth: u32, ply: i32) -> i32 {
    if depth == 0 {
        return match evaluate(rules, pos) {
            LOSS => LOSS + ply,
            won if won == -LOSS => -(LOSS + ply),
            score => score,
        };
    }
    let turns = rules.turns(pos).unwrap();
    if turns.is_empty() {
        return if rules.end().stuck_wins() {
            -(LOSS + ply)
        } else {
            LOSS + ply
        };
    }
    turns
        .iter()
        .map(|t| -plain_negamax(rules, &t.result, depth - 1, ply + 1))
        .max()
        .unwrap()
}

#[test]
fn an_exact_search_scores_what_a_plain_minimax_does() {
    // Without the table (whose deeper entries may answer a shallower
    // question), every shortcut of the exact search (empty windows, the
    // turns above the horizon listed a piece at a time and left at the
    // first refutation, killers) must leave the score alone.
    let never = AtomicBool::new(false);
    for (id, depth) in [("box", 3), ("path", 3), ("sweep", 3), ("tumburrow", 2)] {
        let rules = rules(id);
        let positions = positions(&rules, "6x6".parse().unwrap(), 2);
        for pos in positions.iter().step_by(3) {
            let config = SearchConfig {
                max_depth: depth,
                table: false,
                ..four_turns()
            };
            let Some(found) = search(&rules, pos, &config, &never).unwrap() else {
                continue;
            };
            let depth = found.report.depth;
            assert_eq!(
                found.report.score,
                plain_negamax(&rules, pos, depth, 0),
                "{id} at depth {depth}: {pos}"
            );
        }
    }
}

#[test]
fn reductions_search_the_same_depth_with_fewer_nodes() {
    let never = AtomicBool::new(false);
    let rules = rules("box");
    let pos = positions(&rules, BoardSize::STANDARD, 1)[8];
    let legal: Vec<_> = rules.turns(&pos).unwrap().iter().map(|t| t.key()).collect();
    let at_depth_four = |reductions| {
        let config = SearchConfig {
            reductions,
            ..four_turns()
        };
        search(&rules, &pos, &config, &never).unwrap().unwrap()
    };
    let (full, reduced) = (at_depth_four(false), at_depth_four(true));
    assert_eq!((full.report.depth, reduced.report.depth), (4, 4));
    assert!(legal.contains(&reduced.turn.key()));
    assert!(
        reduced.report.nodes * 4 < full.report.nodes * 3,
        "reductions visited {} nodes, the full search {}",
        reduced.report.nodes,
        full.report.nodes
    );
    // Only the strongest level trades exactness for depth, and only where
    // the game asks for it (Box does, Path does not).
    for (id, reduces) in [("box", true), ("path", false)] {
        let lookahead = AiProfile::of(&crate::support::rules(id)).levels;
        for level in Level::ALL {
            let config = level.search_config(lookahead, Duration::from_secs(1));
            assert_eq!(
                config.is_some_and(|c| c.reductions),
                reduces && level == Level::Strongest,
                "{id} {level}"
            );
        }
    }
}

#[test]
fn a_narrow_search_looks_as_far_for_fewer_nodes_in_tumburrow_only() {
    let never = AtomicBool::new(false);
    let rules = rules("tumburrow");
    // A middle game: more than 24 pieces, the most turns.
    let pos = positions(&rules, "6x6".parse().unwrap(), 1)
        .into_iter()
        .filter(|p| !worth_proving(p))
        .max_by_key(|p| rules.turns(p).unwrap().len())
        .expect("a random game's first turns keep most pieces");
    let legal: Vec<_> = rules.turns(&pos).unwrap().iter().map(|t| t.key()).collect();
    // Narrowed (the root too) or not, four turns deep.
    let at_depth_four = |pos: &Position, width| {
        let config = SearchConfig {
            width,
            root_width: width,
            ..four_turns()
        };
        search(&rules, pos, &config, &never).unwrap().unwrap()
    };
    let (full, narrow) = (at_depth_four(&pos, None), at_depth_four(&pos, Some(2)));
    assert_eq!((full.report.depth, narrow.report.depth), (4, 4));
    assert!(legal.contains(&narrow.turn.key()));
    assert!(
        narrow.report.nodes * 3 < full.report.nodes,
        "the narrow search visited {} nodes, the full one {}",
        narrow.report.nodes,
        full.report.nodes
    );
    // An endgame (24 pieces or fewer) is searched in full all the same:
    // the same tree, node for node.
    let endgame = positions(&rules, BoardSize::STANDARD, 4)
        .into_iter()
        .filter(worth_proving)
        .max_by_key(|p| rules.turns(p).unwrap().len())
        .expect("random games reach an endgame");
    assert!(rules.turns(&endgame).unwrap().len() > 4, "{endgame}");
    let (full, narrow) = (
        at_depth_four(&endgame, None),
        at_depth_four(&endgame, Some(2)),
    );
    assert_eq!(
        narrow.report,
        SearchReport {
            elapsed_ms: narrow.report.elapsed_ms,
            ..full.report
        }
    );
    for (id, narrows) in [("tumburrow", true), ("box", false), ("sweep", false)] {
        let lookahead = AiProfile::of(&crate::support::rules(id)).levels;
        for level in Level::ALL {
            let config = level.search_config(lookahead, Duration::from_secs(1));
            assert_eq!(
                config.is_some_and(|c| c.width.is_some()),
                narrows && level == Level::Strongest,
                "{id} {level}"
            );
        }
    }
}

#[test]
fn the_search_levels_find_a_win_in_one() {
    let never = AtomicBool::new(false);
    for id in GAMES {
        let rules = rules(id);
        // A position where some turns, but not all, leave the opponent without a capture.
        let found = positions(&rules, BoardSize::new(6, 6).unwrap(), 30)
            .into_iter()
            .find_map(|pos| {
                let turns = rules.turns(&pos).unwrap();
                let winning: Vec<_> = turns
                    .iter()
                    .filter(|t| !rules.has_initial_capture(&t.result))
                    .map(|t| t.key())
                    .collect();
                (!winning.is_empty() && winning.len() < turns.len()).then_some((pos, winning))
            });
        let (pos, winning) = found.unwrap_or_else(|| panic!("{id}: no position with a win in one"));
        // Sliced thinking, as the web build runs it, finds it too.
        let mut thinker =
            Thinker::new(&rules, &pos, Level::Medium, Duration::from_millis(200), 1).unwrap();
        let mut slices = 0;
        let decision = loop {
            slices += 1;
            if let Some(decision) = thinker.think_for(Duration::from_micros(300)).unwrap() {
                break decision.unwrap();
            }
        };
        assert!(
            winning.contains(&decision.turn.key()) && decision.report.score > 900_000,
            "{id}: sliced search missed the win at {pos} after {slices} slices"
        );
        for level in [Level::Easy, Level::Medium, Level::Strongest] {
            let decision = choose(&rules, &pos, level, Duration::from_millis(200), 1, &never)
                .unwrap()
                .unwrap();
            assert!(
                winning.contains(&decision.turn.key()),
                "{id} {level} missed the win at {pos}"
            );
            assert!(
                decision.report.score > 900_000,
                "{id} {level} did not see the win: {:?}",
                decision.report
            );
        }
    }
}

#[test]
fn a_narrow_search_weighs_replies_only_to_its_most_promising_turns() {
    let never = AtomicBool::new(false);
    let rules = rules("box");
    let config = |max_depth, root_width| SearchConfig {
        time: Duration::from_secs(60),
        max_depth,
        table: true,
        table_bytes: DEFAULT_TABLE_BYTES,
        root_width,
        reductions: false,
        learned: false,
        width: None,
    };
    let mut deeper_changed_its_mind = false;
    for pos in positions(&rules, BoardSize::STANDARD, 1).iter().step_by(3) {
        let decide = |max_depth, root_width| {
            search(&rules, pos, &config(max_depth, root_width), &never)
                .unwrap()
                .map(|d| (d.turn.key(), d.report.nodes, d.report.score))
        };
        let (Some(one_turn), Some(narrow), Some(full)) =
            (decide(1, None), decide(2, Some(1)), decide(2, None))
        else {
            continue;
        };
        // A result one turn proves needs no second turn: nothing to compare.
        if one_turn.2.abs() > 900_000 {
            continue;
        }
        // Width one checks the replies to the one-turn favourite only, so it
        // keeps that choice, having searched fewer positions than a full look.
        assert_eq!(narrow.0, one_turn.0, "at {pos}");
        assert!(narrow.1 < full.1, "at {pos}: {narrow:?} vs {full:?}");
        deeper_changed_its_mind |= full.0 != one_turn.0;
    }
    assert!(
        deeper_changed_its_mind,
        "two turns never chose differently from one"
    );
}

/// Box Burrow under another name, with the computer players tuned as a mod
/// might tune them: through a profile attached at registration.
struct TunedBox;

impl TunedBox {
    fn rules(
        weights: EvaluationWeights,
        lookahead: LevelLookahead,
    ) -> Result<Rules, RegistryError> {
        let mut registry = VariantRegistry::empty();
        let rules = registry.register(Arc::new(TunedBox))?;
        let profile = AiProfile {
            evaluation: weights,
            levels: lookahead,
        };
        Ok(attach_profile(rules, profile)?.clone())
    }
}

impl Variant for TunedBox {
    fn id(&self) -> &str {
        "tuned-box"
    }
    fn name(&self) -> &str {
        "Tuned Box"
    }
    fn movement(&self) -> Movement {
        BoxBurrow.movement()
    }
    fn template(&self, capture: &CaptureView) -> Template {
        BoxBurrow.template(capture)
    }
    fn fits(&self, template: &Template, capture: &CaptureView) -> bool {
        BoxBurrow.fits(template, capture)
    }
}

#[test]
fn the_games_profile_sets_what_the_evaluation_counts() {
    let standard = rules("box");
    let small_captures = EvaluationWeights {
        material: -100,
        mobility: 0,
    };
    let modded = TunedBox::rules(small_captures, LevelLookahead::default()).unwrap();
    let pos = positions(&standard, BoardSize::STANDARD, 1)
        .into_iter()
        .find(|p| {
            let sizes: Vec<usize> = standard
                .turns(p)
                .unwrap()
                .iter()
                .map(|t| t.captures.len())
                .collect();
            p.ours().count() != p.theirs().count() && sizes.iter().min() != sizes.iter().max()
        })
        .expect("some position with unequal material and captures of several sizes");
    let lead = pos.ours().count() as i32 - pos.theirs().count() as i32;
    let active = |side| standard.capturers(&pos.board, side).count() as i32;
    let mobility = active(pos.turn) - active(pos.turn.opponent());
    assert_eq!(evaluate(&standard, &pos), 100 * lead + 20 * mobility);
    assert_eq!(evaluate(&modded, &pos), -100 * lead);
    // Greedy, weighing with the mod's values, takes a smallest capture.
    let never = AtomicBool::new(false);
    let turns = modded.turns(&pos).unwrap();
    let fewest = turns.iter().map(|t| t.captures.len()).min().unwrap();
    let chosen = choose(&modded, &pos, Level::Greedy, Duration::ZERO, 5, &never)
        .unwrap()
        .unwrap();
    assert_eq!(chosen.turn.captures.len(), fewest, "at {pos}");
}

#[test]
fn the_games_profile_sets_how_far_each_level_looks() {
    let one_turn = Lookahead::full(1);
    let shallow = LevelLookahead {
        easy: one_turn,
        medium: one_turn,
        hard: Lookahead::full(2),
        strongest_reduces: false,
        strongest_width: None,
    };
    let standard = rules("box");
    let modded = TunedBox::rules(EvaluationWeights::default(), shallow).unwrap();
    let pos = opening(&standard, 3).unwrap();
    let never = AtomicBool::new(false);
    let depth_reached = |rules: &Rules, level: Level| {
        let config = SearchConfig {
            // Only the look-ahead may stop the search, not a busy machine.
            time: Duration::from_secs(600),
            ..level
                .search_config(AiProfile::of(rules).levels, Duration::ZERO)
                .unwrap()
        };
        search(rules, &pos, &config, &never)
            .unwrap()
            .unwrap()
            .report
            .depth
    };
    let levels = [Level::Easy, Level::Medium, Level::Hard];
    let depths = |rules: &Rules| levels.map(|level| depth_reached(rules, level));
    assert_eq!(depths(&standard), [2, 2, 3]);
    assert_eq!(depths(&modded), [1, 1, 2]);
    // Tumburrow spaces its levels a turn deeper than the other games.
    let tumburrow = AiProfile::of(&rules("tumburrow")).levels;
    assert_eq!(tumburrow.easy, Lookahead::full(2));
    assert!(tumburrow.hard.turns > AiProfile::of(&standard).levels.hard.turns);
}

#[test]
fn a_look_ahead_the_search_cannot_run_is_refused_by_name() {
    let weights = EvaluationWeights::default();
    let zero_turns = LevelLookahead {
        hard: Lookahead::full(0),
        ..LevelLookahead::default()
    };
    let zero_width = LevelLookahead {
        easy: Lookahead {
            turns: 2,
            width: Some(0),
        },
        ..LevelLookahead::default()
    };
    for broken in [zero_turns, zero_width] {
        let error = TunedBox::rules(weights, broken).unwrap_err();
        assert!(
            matches!(&error, RegistryError::Refused { variant, .. } if variant == "tuned-box"),
            "{error:?}"
        );
        let message = error.to_string();
        assert!(
            message.contains("tuned-box") && message.contains("look-ahead"),
            "{message}"
        );
    }
}

#[test]
fn a_short_tournament_runs_and_the_stronger_side_wins() {
    let rules = rules("sweep");
    let result = burrow::ai::run_match(
        &rules,
        Level::Greedy,
        Level::Random,
        std::num::NonZeroU64::new(6).unwrap(),
        3,
        2,
        Duration::from_millis(10),
    )
    .unwrap();
    assert_eq!(result.games(), 6);
    assert!(result.wins >= 4, "greedy should beat random: {result:?}");
}

/// A Tumburrow position of about 136,000 distinct turns, which take
/// seconds to list.
const HEAVY: &str = "WBWBWBWB/B1B1B1BW/WB1B1B1B/B1B1B1BW/WB1B1B1B/BWB1B1BW/W2BBB1B/BWWWBWBW W";

#[test]
fn quick_levels_answer_huge_positions_with_a_legal_turn() {
    // Far too many turns to list within the 50 ms a thread-less page gives
    // `random` and `greedy`.
    let tumburrow = rules("tumburrow");
    let heavy: Position = HEAVY.parse().unwrap();
    for (level, seed) in [(Level::Random, 1), (Level::Random, 2), (Level::Greedy, 1)] {
        let mut thinker = Thinker::new(&tumburrow, &heavy, level, Duration::ZERO, seed).unwrap();
        let decision = thinker
            .think_for(Duration::ZERO)
            .unwrap()
            .expect("these levels decide at once")
            .expect("the position has turns");
        let replayed = tumburrow
            .play(&heavy, &decision.turn.played())
            .unwrap_or_else(|e| panic!("{level} played an illegal turn: {e}"));
        assert_eq!(replayed.result(), decision.turn.result);
    }
    // With threads the budget is longer, but this position still exceeds it.
    let never = AtomicBool::new(false);
    let decision = choose(&tumburrow, &heavy, Level::Greedy, Duration::ZERO, 3, &never)
        .unwrap()
        .expect("the position has turns");
    let replayed = tumburrow.play(&heavy, &decision.turn.played()).unwrap();
    assert_eq!(replayed.result(), decision.turn.result);
}

#[test]
fn strongest_judges_a_sample_of_the_turns_it_cannot_list_in_time() {
    // Half of 800 ms is far too little to list every turn of these
    // positions. The search then builds a sample of their turns and
    // searches those (before, it played the first turn it could build,
    // unjudged).
    let tumburrow = rules("tumburrow");
    let config = Level::Strongest
        .search_config(AiProfile::of(&tumburrow).levels, Duration::from_millis(800))
        .unwrap();
    for text in [HEAVY, LONE_PIECE] {
        let pos: Position = text.parse().unwrap();
        let decision = search(&tumburrow, &pos, &config, &AtomicBool::new(false))
            .unwrap()
            .expect("the position has turns");
        let report = decision.report;
        assert!(report.depth >= 1, "no iteration finished: {report:?}");
        assert!(report.nodes > 100, "too few turns weighed: {report:?}");
        let replayed = tumburrow.play(&pos, &decision.turn.played()).unwrap();
        assert_eq!(replayed.result(), decision.turn.result);
        // Some turns of the lone piece leave White no capture, and the
        // sample finds one: a win, but a sample proves no distance (a
        // faster win may be among the turns left out), so no forced result
        // may be claimed.
        assert!(
            report.score.abs() < 900_000,
            "a forced result claimed: {report:?}"
        );
    }
}

/// The position the issue tracker met: one black piece among 63 white ones
/// in Tumburrow, whose zero-friends template every capture fits, so it can
/// chain through the whites in astronomically many distinct turns.
const LONE_PIECE: &str =
    "WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWB B";

#[test]
fn every_level_and_the_hint_answer_a_position_of_astronomically_many_turns() {
    let tumburrow = rules("tumburrow");
    let pos: Position = LONE_PIECE.parse().unwrap();
    let never = AtomicBool::new(false);
    for level in Level::ALL {
        let started = std::time::Instant::now();
        // The hint is the strongest level with the player's think time.
        let decision = choose(
            &tumburrow,
            &pos,
            level,
            Duration::from_millis(300),
            1,
            &never,
        )
        .unwrap()
        .unwrap_or_else(|| panic!("{level}: the lone piece has captures"));
        let replayed = tumburrow
            .play(&pos, &decision.turn.played())
            .unwrap_or_else(|e| panic!("{level} played an illegal turn: {e}"));
        assert_eq!(replayed.result(), decision.turn.result);
        // Not a speed target: a level that listed every turn would never
        // come back at all.
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{level} took {:?}",
            started.elapsed()
        );
    }
    // The web build's sliced search too.
    let mut thinker = Thinker::new(
        &tumburrow,
        &pos,
        Level::Strongest,
        Duration::from_millis(300),
        1,
    )
    .unwrap();
    let decision = loop {
        if let Some(decision) = thinker.think_for(Duration::from_millis(12)).unwrap() {
            break decision.unwrap();
        }
    };
    assert!(tumburrow.play(&pos, &decision.turn.played()).is_ok());
}

#[test]
fn the_transposition_table_keeps_to_its_memory_budget() {
    let rules = rules("box");
    let pos = opening(&rules, 7).unwrap();
    let budget = 1 << 20;
    let config = SearchConfig {
        time: Duration::from_secs(600),
        max_depth: 4,
        table: true,
        table_bytes: budget,
        root_width: None,
        reductions: false,
        learned: false,
        width: None,
    };
    let mut search = IterativeSearch::new(&rules, &pos, &config, None).unwrap();
    let before = search.table_memory();
    while !search.run_until(search.deadline()).unwrap() {}
    assert!(before > budget / 2 && before <= budget, "{before}");
    assert_eq!(search.table_memory(), before);
    let decision = search.into_decision().unwrap();
    assert!(
        decision.report.nodes as usize > before / 40,
        "the search outgrew the table"
    );
}

#[test]
fn forced_results_score_the_same_with_and_without_the_table() {
    // Endgames on a small board, where wins and losses are within reach:
    // the table (with transpositions met at different plies) must report
    // the same distance to the end as a search without it.
    let never = AtomicBool::new(false);
    let mut forced = 0;
    for id in GAMES {
        let rules = rules(id);
        for pos in positions(&rules, BoardSize::new(5, 5).unwrap(), 6) {
            if pos.board.occupied().count() > 12 {
                continue;
            }
            let score = |table| {
                let config = SearchConfig {
                    time: Duration::from_secs(600),
                    max_depth: 6,
                    table,
                    table_bytes: 1 << 16,
                    root_width: None,
                    reductions: false,
                    learned: false,
                    width: None,
                };
                search(&rules, &pos, &config, &never)
                    .unwrap()
                    .map(|d| d.report.score)
            };
            let (with, without) = (score(true), score(false));
            if without.is_some_and(|s| s.abs() > 900_000) {
                forced += 1;
                assert_eq!(with, without, "{id} at {pos}");
            }
        }
    }
    assert!(forced > 20, "only {forced} forced positions met");
}

/// `strongest` asks the solver first: in the shipped hard puzzles (wins in
/// 7 to 11 turns) it plays a proven winning turn, found well within its
/// think time.
#[test]
fn strongest_plays_a_proven_win_when_the_solver_finds_one() {
    use burrow::ai::{Band, SolveLimits, Solver, SolverConfig, parse_puzzles};
    let puzzles = parse_puzzles(include_str!("../assets/puzzles.txt")).unwrap();
    let never = AtomicBool::new(false);
    for variant in ["box", "sweep"] {
        let rules = burrow::rules::builtin_rules(variant).unwrap();
        let solver = Solver::new(&rules, SolverConfig::default());
        for puzzle in puzzles
            .iter()
            .filter(|p| p.variant == variant && p.band == Band::Hard)
            .take(3)
        {
            let decision = choose(
                &rules,
                &puzzle.position,
                Level::Strongest,
                Duration::from_secs(2),
                1,
                &never,
            )
            .unwrap()
            .expect("a won position has turns");
            let after = solver
                .solve(&decision.turn.result, &SolveLimits::none())
                .unwrap();
            assert_eq!(
                after.knowledge.wins(),
                Some(false),
                "{puzzle}: {}",
                decision.turn.played()
            );
            assert!(
                decision.report.score > 900_000,
                "{puzzle}: reported as a forced win"
            );
        }
    }
}

/// The solver's proof as a player asks it (`burrow engine`'s `solver`
/// level): of a lost start, the turn that holds out longest, with the
/// loss's length as a forced score; of a won puzzle, a winning turn.
#[test]
fn the_proven_turn_of_a_lost_start_is_the_longest_defence() {
    use burrow::ai::{LOSS, PROOF_TABLE_BYTES, proven_turn};
    let rules = burrow::rules::builtin_rules("box").unwrap();
    let start = rules.start("4x4".parse().unwrap());
    let never = AtomicBool::new(false);
    let proven = proven_turn(
        &rules,
        &start,
        Duration::from_secs(20),
        Some(&never),
        PROOF_TABLE_BYTES,
    )
    .unwrap()
    .expect("Box on 4x4 is proven within the time");
    // White to move loses in 14 turns (`burrow solve` says so too).
    assert_eq!(proven.report.score, LOSS + 14, "{:?}", proven.report);
}
