//! The learned evaluation: its inputs and score against a plain square by
//! square computation, its weights files (every kind of bad file refused
//! with its problem, the game then playing as without), a short training
//! run that learns, and the search's forced results against the solver.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use burrow::ai::learned::{
    FEATURES, Features, Weights, WeightsError, attach_weights, attach_weights_beside,
    rules_fingerprint, weights_file_beside, weights_of,
};
use burrow::ai::train::{TrainConfig, Trainer};
use burrow::ai::{
    FORCED, LOSS, SearchConfig, SolveLimits, Solver, SolverConfig, Value, play_random_game, search,
};
use burrow::rules::{
    BUILTIN_FILES, BoardSize, Design, Position, Rules, Side, Square, VariantRegistry,
};

use crate::ai::positions;
use crate::support::rules;

const GAMES: [&str; 4] = ["box", "path", "sweep", "tumburrow"];

/// The inputs, computed square by square.
fn reference_features(rules: &Rules, pos: &Position) -> ([i64; FEATURES], f64) {
    let size = pos.size();
    let (files, ranks) = (i32::from(size.files()), i32::from(size.ranks()));
    let sides = [pos.turn, pos.turn.opponent()];
    let active = sides.map(|s| rules.capturers(&pos.board, s));
    let side_at = |x: i32, y: i32| -> Option<Option<Side>> {
        if x < 0 || y < 0 || x >= files || y >= ranks {
            return None;
        }
        Some(pos.board.side_at(Square::new(x as u8, y as u8).unwrap()))
    };
    let mut counts = [0i64; FEATURES];
    const PER_SIDE: usize = 25;
    for (block, &side) in sides.iter().enumerate() {
        let out = &mut counts[block * PER_SIDE..(block + 1) * PER_SIDE];
        for y in 0..ranks {
            for x in 0..files {
                if side_at(x, y) != Some(Some(side)) {
                    continue;
                }
                let sq = Square::new(x as u8, y as u8).unwrap();
                let (mut enemies, mut friends, mut empties, mut enemy_capturers) = (0, 0, 0, 0);
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        if (dx, dy) == (0, 0) {
                            continue;
                        }
                        match side_at(x + dx, y + dy) {
                            Some(Some(s)) if s == side => friends += 1,
                            Some(Some(_)) => {
                                enemies += 1;
                                let n = Square::new((x + dx) as u8, (y + dy) as u8).unwrap();
                                if active[1 - block].contains(n) {
                                    enemy_capturers += 1;
                                }
                            }
                            Some(None) => empties += 1,
                            None => {}
                        }
                    }
                }
                let on_file_edge = x == 0 || x == files - 1;
                let on_rank_edge = y == 0 || y == ranks - 1;
                out[0] += 1;
                if active[block].contains(sq) {
                    out[1] += 1;
                    if enemies == 0 {
                        out[24] += 1;
                    }
                }
                if on_file_edge && on_rank_edge {
                    out[2] += 1;
                } else if on_file_edge || on_rank_edge {
                    out[3] += 1;
                }
                out[4 + enemies] += 1;
                out[13 + friends] += 1;
                if empties > 0 {
                    out[22] += 1;
                }
                if enemy_capturers > 0 {
                    out[23] += 1;
                }
            }
        }
    }
    counts[FEATURES - 1] = 1;
    let covered = pos.board.occupied().count() as f64;
    let squares = f64::from(files * ranks);
    (counts, covered / squares)
}

/// Weights with every input weighted, differently on a full and an empty
/// board.
fn busy_weights(rules: &Rules) -> Weights {
    let mut full = [0i16; FEATURES];
    let mut empty = [0i16; FEATURES];
    for i in 0..FEATURES {
        full[i] = (i as i16 * 37 % 201) - 100;
        empty[i] = (i as i16 * 53 % 151) - 75;
    }
    Weights {
        game: rules.id().to_string(),
        fingerprint: rules_fingerprint(rules),
        full,
        empty,
    }
}

#[test]
fn inference_equals_a_plain_computation_square_by_square() {
    let mut checked = 0;
    for id in GAMES {
        let rules = rules(id);
        let weights = busy_weights(&rules);
        for size in ["8x8", "6x5", "4x4"] {
            let size: BoardSize = size.parse().unwrap();
            for pos in positions(&rules, size, 2) {
                let features = Features::compute(&rules, &pos);
                let (counts, covered) = reference_features(&rules, &pos);
                let got: Vec<i64> = features.counts.iter().map(|&c| i64::from(c)).collect();
                assert_eq!(got, counts.to_vec(), "{id} {pos}");
                // The phase is the covered share in 256ths, rounded down.
                assert_eq!(u32::from(features.phase), (covered * 256.0 + 1e-9) as u32);
                let phase = f64::from(features.phase) / 256.0;
                let reference: f64 = (0..FEATURES)
                    .map(|i| {
                        counts[i] as f64
                            * (f64::from(weights.full[i]) * phase
                                + f64::from(weights.empty[i]) * (1.0 - phase))
                    })
                    .sum();
                assert_eq!(
                    weights.score(&features),
                    reference.trunc() as i32,
                    "{id} {pos}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 300, "{checked}");
}

#[test]
fn every_kind_of_bad_weights_file_is_refused_with_its_problem() {
    let box_rules = rules("box");
    let good = weights_of(&box_rules)
        .expect("box ships weights")
        .as_ref()
        .clone();
    let bytes = good.to_bytes();
    assert_eq!(Weights::from_bytes(&bytes).unwrap(), good);
    // Cut short anywhere.
    for cut in 0..bytes.len() {
        let e = Weights::from_bytes(&bytes[..cut]).unwrap_err();
        assert!(matches!(e, WeightsError::Truncated { .. }), "{cut}: {e}");
        assert!(e.to_string().contains("cut short"), "{e}");
    }
    let changed = |at: usize, value: u8| {
        let mut b = bytes.clone();
        b[at] = value;
        Weights::from_bytes(&b).unwrap_err()
    };
    assert_eq!(changed(0, b'X'), WeightsError::NotWeights);
    assert!(matches!(
        changed(4, 9),
        WeightsError::FormatVersion { found: 9 }
    ));
    assert!(matches!(
        changed(6, 9),
        WeightsError::FeaturesVersion { found: 9, .. }
    ));
    assert!(matches!(
        changed(8, 3),
        WeightsError::FeaturesVersion { count: 3, .. }
    ));
    // A weight changed: the checksum tells.
    assert_eq!(changed(bytes.len() - 10, 0x55), WeightsError::Checksum);
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(
        Weights::from_bytes(&longer).unwrap_err(),
        WeightsError::TrailingBytes(1)
    );
    // Another game's.
    let e = Weights::for_game(&bytes, &rules("sweep")).unwrap_err();
    assert!(e.to_string().contains("`box`, not `sweep`"), "{e}");
    // A design changed since its weights were made.
    let design: Design = BUILTIN_FILES[0].1.parse().unwrap();
    let mut registry = VariantRegistry::builtin();
    let mut renamed = design.clone();
    renamed.id = "trained-design".into();
    registry
        .register(std::sync::Arc::new(renamed.clone()))
        .unwrap();
    let design_rules = registry.get("trained-design").unwrap().clone();
    let trained = Weights {
        fingerprint: rules_fingerprint(&design_rules),
        game: "trained-design".into(),
        ..good.clone()
    };
    assert!(Weights::for_game(&trained.to_bytes(), &design_rules).is_ok());
    let mut edited = renamed.clone();
    edited.end = match edited.end {
        burrow::rules::EndRule::LastCaptureWins => burrow::rules::EndRule::LastCaptureLoses,
        burrow::rules::EndRule::LastCaptureLoses => burrow::rules::EndRule::LastCaptureWins,
    };
    let mut other = VariantRegistry::builtin();
    other.register(std::sync::Arc::new(edited)).unwrap();
    let edited_rules = other.get("trained-design").unwrap();
    let e = Weights::for_game(&trained.to_bytes(), edited_rules).unwrap_err();
    assert!(matches!(e, WeightsError::OtherRules { .. }), "{e}");
    // Renaming keeps them.
    let mut renamed_again = renamed.clone();
    renamed_again.name = "Another name".into();
    let mut third = VariantRegistry::builtin();
    third.register(std::sync::Arc::new(renamed_again)).unwrap();
    assert!(Weights::for_game(&trained.to_bytes(), third.get("trained-design").unwrap()).is_ok());
    // Attaching another game's weights is refused.
    let mut sweep = rules("sweep");
    let e = attach_weights(&mut sweep, good).unwrap_err();
    assert!(e.to_string().contains("`box`, not `sweep`"), "{e}");
}

#[test]
fn a_game_file_with_bad_weights_beside_it_plays_without_them() {
    let dir = std::env::temp_dir().join(format!("burrow-weights-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (_, text) = BUILTIN_FILES[1];
    let design: Design = text.parse().unwrap();
    let file = dir.join("mine.toml");
    std::fs::write(&file, text).unwrap();
    let mut registry = VariantRegistry::builtin();
    let id = registry.add_game_file(&file).unwrap_or_else(|_| {
        // The built-in game's own id is taken: the file under another id.
        let mut copy = design.clone();
        copy.id = "mine".into();
        std::fs::write(&file, copy.to_string()).unwrap();
        registry.add_game_file(&file).unwrap()
    });
    // No file beside it: nothing attached, no error.
    assert!(!attach_weights_beside(&mut registry, &id, &file).unwrap());
    let rules = registry.get(&id).unwrap().clone();
    assert!(weights_of(&rules).is_none());
    let beside = weights_file_beside(&file);
    let right = Weights {
        game: id.clone(),
        fingerprint: rules_fingerprint(&rules),
        ..Weights::from_hand(&id, 0, 100, 20)
    };
    let bad_files: [(Vec<u8>, &str); 4] = [
        (right.to_bytes()[..20].to_vec(), "cut short"),
        (b"not weights at all".to_vec(), "not a weights file"),
        (
            Weights {
                game: "box".into(),
                ..right.clone()
            }
            .to_bytes(),
            "not `",
        ),
        (
            {
                let mut b = right.to_bytes();
                b[4] = 7;
                b
            },
            "format version 7",
        ),
    ];
    for (bytes, says) in bad_files {
        std::fs::write(&beside, bytes).unwrap();
        let mut fresh = registry.clone();
        let e = attach_weights_beside(&mut fresh, &id, &file).unwrap_err();
        assert!(e.to_string().contains(says), "{e}");
        assert!(e.to_string().contains("not used"), "{e}");
        let rules = fresh.get(&id).unwrap();
        assert!(weights_of(rules).is_none());
        // And it still plays, with the hand-set evaluation.
        let never = AtomicBool::new(false);
        let config = SearchConfig {
            time: Duration::from_secs(60),
            max_depth: 2,
            table: true,
            table_bytes: 1 << 20,
            root_width: None,
            reductions: false,
            learned: true,
            width: None,
        };
        let pos = rules.start(rules.usual_size());
        assert!(search(rules, &pos, &config, &never).unwrap().is_some());
    }
    std::fs::write(&beside, right.to_bytes()).unwrap();
    let mut fresh = registry.clone();
    assert!(attach_weights_beside(&mut fresh, &id, &file).unwrap());
    assert_eq!(
        weights_of(fresh.get(&id).unwrap()).unwrap().as_ref(),
        &right
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Won positions of the 4x4 board in which some turn throws the win away,
/// with the turns that keep it.
fn won_positions(rules: &Rules, count: usize) -> Vec<(Position, Vec<Position>)> {
    let solver = Solver::new(rules, SolverConfig::default());
    let size: BoardSize = "4x4".parse().unwrap();
    let mut found = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for seed in 100.. {
        if found.len() >= count || seed > 2_000 {
            break;
        }
        let record = play_random_game(rules, Position::start(size), seed).unwrap();
        for pos in record.replay(&VariantRegistry::builtin()).unwrap() {
            if !seen.insert(pos) {
                continue;
            }
            let turns = rules.turns(&pos).unwrap();
            if turns.len() < 2 {
                continue;
            }
            let wins: Vec<bool> = turns
                .iter()
                .map(|t| {
                    let solved = solver.solve(&t.result, &SolveLimits::none()).unwrap();
                    solved.knowledge.wins() == Some(false)
                })
                .collect();
            if wins.iter().any(|&w| w) && wins.iter().any(|&w| !w) {
                let keep = turns
                    .iter()
                    .zip(&wins)
                    .filter(|(_, w)| **w)
                    .map(|(t, _)| t.result)
                    .collect();
                found.push((pos, keep));
            }
        }
    }
    found
}

/// How many of `positions` a one-turn look with `rules`' learned weights
/// plays a winning turn in.
fn winning_picks(rules: &Rules, positions: &[(Position, Vec<Position>)]) -> usize {
    let never = AtomicBool::new(false);
    let config = SearchConfig {
        time: Duration::from_secs(60),
        max_depth: 1,
        table: false,
        table_bytes: 0,
        root_width: None,
        reductions: false,
        learned: true,
        width: None,
    };
    positions
        .iter()
        .filter(|(pos, keep)| {
            let decision = search(rules, pos, &config, &never).unwrap().unwrap();
            keep.contains(&decision.turn.result)
        })
        .count()
}

#[test]
fn a_short_seeded_training_run_on_4x4_picks_winning_turns_more_often() {
    let base = rules("box");
    let size: BoardSize = "4x4".parse().unwrap();
    let config = TrainConfig {
        files: size.files(),
        ranks: size.ranks(),
        games: 48,
        match_games: 8,
        depth: 2,
        seed: 5,
        ..TrainConfig::for_game(&base)
    };
    let mut trainer = Trainer::new(&base, config.clone()).unwrap();
    let untrained = trainer.weights();
    let never = AtomicBool::new(false);
    for _ in 0..2 {
        trainer.run_generation(2, &never, &|_| {}).unwrap().unwrap();
    }
    let trained = trainer.weights();
    assert_ne!(trained, untrained);
    // The same seed, a turn at a time: the same run.
    let mut again = Trainer::new(&base, config.clone()).unwrap();
    while again.generation() < 2 {
        again.step().unwrap();
    }
    assert_eq!(again.weights(), trained);
    assert_eq!(again.checkpoint(), trainer.checkpoint());
    // Some turns a step at a time, then the rest by threads: the same run.
    let mut mixed = Trainer::new(&base, config).unwrap();
    for _ in 0..5 {
        mixed.step().unwrap();
    }
    while mixed.generation() < 2 {
        mixed.run_generation(2, &never, &|_| {}).unwrap();
    }
    assert_eq!(mixed.checkpoint(), trainer.checkpoint());

    let positions = won_positions(&base, 60);
    assert!(positions.len() >= 40, "{}", positions.len());
    let with = |w: &Weights| {
        let mut r = base.clone();
        attach_weights(&mut r, w.clone()).unwrap();
        winning_picks(&r, &positions)
    };
    let (before, after) = (with(&untrained), with(&trained));
    assert!(
        after > before,
        "winning turns picked: {before} untrained, {after} trained"
    );
}

#[test]
fn forced_results_the_search_claims_are_the_solvers_distances() {
    let never = AtomicBool::new(false);
    let size: BoardSize = "4x4".parse().unwrap();
    let mut claimed = 0;
    for id in GAMES {
        let rules = rules(id);
        let solver = Solver::new(&rules, SolverConfig::default());
        let mut starts = vec![rules.start(size)];
        starts.extend(positions(&rules, size, 3).into_iter().step_by(3));
        for pos in starts {
            let solved = solver.solve(&pos, &SolveLimits::none()).unwrap();
            let Some(value) = solved.knowledge.value() else {
                continue;
            };
            // A narrow search (`width`, as `strongest` plays Tumburrow)
            // claims only what its narrowing cannot change.
            let narrow = Some(2);
            for (depth, learned, width) in [
                (3, false, None),
                (6, true, None),
                (30, false, None),
                (30, false, narrow),
            ] {
                let config = SearchConfig {
                    time: Duration::from_secs(600),
                    max_depth: depth,
                    table: true,
                    table_bytes: 4 << 20,
                    root_width: None,
                    reductions: id == "box",
                    learned,
                    width,
                };
                let Some(decision) = search(&rules, &pos, &config, &never).unwrap() else {
                    continue;
                };
                let score = decision.report.score;
                if score.abs() < -(LOSS + FORCED) {
                    continue;
                }
                let turns = (1_000_000 - score.abs()) as u32;
                let said = if score > 0 {
                    Value::Win(turns)
                } else {
                    Value::Loss(turns)
                };
                assert_eq!(said, value, "{id} {pos} at depth {depth}");
                claimed += 1;
            }
        }
    }
    assert!(claimed > 20, "{claimed}");
}

#[test]
fn a_win_in_one_found_at_the_horizon_is_a_win_in_one() {
    let never = AtomicBool::new(false);
    let rules = rules("box");
    let pos: Position = "8/8/8/8/8/8/8/W1B5 W".parse().unwrap();
    let config = SearchConfig {
        time: Duration::from_secs(60),
        max_depth: 3,
        table: true,
        table_bytes: 1 << 20,
        root_width: None,
        reductions: false,
        learned: false,
        width: None,
    };
    let report = search(&rules, &pos, &config, &never)
        .unwrap()
        .unwrap()
        .report;
    assert_eq!(report.score, 1_000_000 - 1);
}
