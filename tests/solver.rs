//! The solver against a plain minimax that anyone can check by reading it:
//! every position of the 4x4 games and hundreds of random small-board
//! positions, in the four games and a mod without symmetries.

use std::collections::HashMap;

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};

use burrow::ai::{Distances, Search, SolveLimits, Solver, SolverConfig, Value};
use burrow::rules::{Bitboard, Board, BoardSize, Position, Rules, Square};

use crate::minimax::{games, minimax};
use crate::support::rules;

fn solver(rules: &Rules) -> Solver {
    solver_with(rules, Search::AlphaBeta)
}

fn solver_with(rules: &Rules, search: Search) -> Solver {
    Solver::new(
        rules,
        SolverConfig {
            table_bytes: 64 << 20,
            threads: 2,
            search,
        },
    )
}

/// Checks the solver on every position the minimax met, deepest first.
fn agrees_on_every_position(rules: &Rules, solver: &Solver, memo: &HashMap<Position, Value>) {
    let mut positions: Vec<(&Position, &Value)> = memo.iter().collect();
    positions.sort_by_key(|(p, _)| (p.board.occupied().count(), p.to_string()));
    for (pos, value) in positions {
        let solved = solver.solve(pos, &SolveLimits::none()).unwrap();
        assert!(!solved.stopped);
        assert_eq!(
            solved.knowledge.value(),
            Some(*value),
            "{} {pos}",
            rules.id()
        );
    }
}

/// Every position below a few 4x4 positions of 11 pieces or fewer met in
/// random games
/// (`examples/solver_check.rs` checks every position of the 4x4 games:
/// about 20 million, six minutes).
#[test]
fn every_position_below_4x4_games_has_the_minimax_value() {
    let size: BoardSize = "4x4".parse().unwrap();
    let mut rng = StdRng::seed_from_u64(4);
    for rules in games() {
        let solver = solver(&rules);
        let mut memo = HashMap::new();
        let mut checked = 0;
        for _ in 0..3 {
            let mut pos = Position::start(size);
            while pos.board.occupied().count() > 11 {
                let turns = rules.turns(&pos).unwrap();
                let Some(turn) = turns.choose(&mut rng) else {
                    break;
                };
                pos = turn.result;
            }
            minimax(&rules, &pos, &mut memo);
            let analysis = solver
                .analyse(&pos, &SolveLimits::none(), Distances::All, None)
                .unwrap();
            assert_eq!(analysis.knowledge.value(), Some(memo[&pos]));
            for (turn, knowledge) in &analysis.turns {
                assert_eq!(knowledge.value(), Some(memo[&turn.result].before()));
            }
            checked += 1;
        }
        assert_eq!(checked, 3);
        assert!(memo.len() > 100, "{}: {}", rules.id(), memo.len());
        agrees_on_every_position(&rules, &solver, &memo);
    }
}

/// A random position on a small board: each square empty, White or Black.
fn random_position(rng: &mut StdRng) -> Position {
    let files = rng.random_range(4..=5u8);
    let ranks = rng.random_range(4..=5u8);
    let size = BoardSize::new(files, ranks).unwrap();
    let fill = rng.random_range(0.2..0.42);
    let (mut white, mut black) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for y in 0..ranks {
        for x in 0..files {
            let sq = Square::new(x, y).unwrap();
            if rng.random_bool(fill) {
                if rng.random_bool(0.5) {
                    white |= Bitboard::from(sq);
                } else {
                    black |= Bitboard::from(sq);
                }
            }
        }
    }
    Position {
        board: Board::from_pieces(size, white, black).unwrap(),
        turn: if rng.random_bool(0.5) {
            burrow::rules::Side::White
        } else {
            burrow::rules::Side::Black
        },
    }
}

#[test]
fn random_small_board_positions_have_the_minimax_value() {
    let mut rng = StdRng::seed_from_u64(15);
    let mut wins = 0;
    for rules in games() {
        let solver = solver(&rules);
        let numbers = solver_with(&rules, Search::ProofNumber);
        let mut memo = HashMap::new();
        for _ in 0..100 {
            let pos = random_position(&mut rng);
            let expected = minimax(&rules, &pos, &mut memo);
            wins += usize::from(expected.is_win());
            let solved = solver.solve(&pos, &SolveLimits::none()).unwrap();
            assert_eq!(
                solved.knowledge.value(),
                Some(expected),
                "{} {pos}",
                rules.id()
            );
            let proved = solver.prove(&pos, &SolveLimits::none()).unwrap();
            assert_eq!(proved.knowledge.wins(), Some(expected.is_win()));
            let proved = numbers.prove(&pos, &SolveLimits::none()).unwrap();
            assert_eq!(
                proved.knowledge.wins(),
                Some(expected.is_win()),
                "proof-number search, {} {pos}",
                rules.id()
            );
            // Its bounds on the distance are true ones.
            let (least, most) = proved.knowledge.turns_between().unwrap();
            assert!((least..=most).contains(&expected.turns()), "{pos}");
        }
    }
    // Both outcomes are well represented.
    assert!((100..400).contains(&wins), "{wins} wins of 500");
}

#[test]
fn a_stopped_solve_says_so_and_keeps_what_it_proved() {
    let rules = rules("box");
    let solver = solver(&rules);
    let start = Position::start("5x4".parse().unwrap());
    let stopped = solver
        .analyse(&start, &SolveLimits::positions(2_000), Distances::All, None)
        .unwrap();
    assert!(stopped.stopped);
    assert!(stopped.knowledge.value().is_none());
    assert!(stopped.positions < 20_000, "{}", stopped.positions);
    // What was proved is kept: solving on finds the same value a fresh solver does.
    let fresh = solver_value(&rules, &start);
    let resumed = solver.solve(&start, &SolveLimits::none()).unwrap();
    assert_eq!(resumed.knowledge.value(), Some(fresh));
}

/// Proof-number search proves the 4x4 starts, and every turn's value it
/// gives agrees with alpha-beta's, distances included (those are always
/// alpha-beta's).
#[test]
fn proof_number_search_agrees_on_the_4x4_starts() {
    let start = Position::start("4x4".parse().unwrap());
    for rules in games() {
        let by_numbers = solver_with(&rules, Search::ProofNumber)
            .analyse(&start, &SolveLimits::none(), Distances::All, None)
            .unwrap();
        let by_bounds = solver(&rules)
            .analyse(&start, &SolveLimits::none(), Distances::All, None)
            .unwrap();
        assert!(!by_numbers.stopped);
        assert_eq!(by_numbers.knowledge, by_bounds.knowledge, "{}", rules.id());
        assert_eq!(by_numbers.turns, by_bounds.turns, "{}", rules.id());
    }
    // A limit stops it as it stops alpha-beta.
    let rules = rules("box");
    let stopped = solver_with(&rules, Search::ProofNumber)
        .prove(
            &Position::start("5x4".parse().unwrap()),
            &SolveLimits::positions(2_000),
        )
        .unwrap();
    assert!(stopped.stopped);
    assert_eq!(stopped.knowledge.wins(), None);
}

/// The web runs the analysis in slices of a few milliseconds: slice after
/// slice builds on the last (the root's turns listed once, every proof
/// kept) and ends where one analysis does.
#[test]
fn an_analysis_in_slices_ends_where_one_analysis_does() {
    let rules = rules("sweep");
    let start = Position::start("5x4".parse().unwrap());
    let whole = solver(&rules)
        .analyse(&start, &SolveLimits::none(), Distances::All, None)
        .unwrap();
    // One thread, as on the web: the slices then run the same every time.
    let sliced = Solver::new(
        &rules,
        SolverConfig {
            threads: 1,
            ..SolverConfig::default()
        },
    );
    let mut slices = 0;
    let last = loop {
        slices += 1;
        assert!(slices < 2_000, "slices make no progress");
        let slice = sliced
            .analyse(&start, &SolveLimits::positions(5_000), Distances::All, None)
            .unwrap();
        if !slice.stopped {
            break slice;
        }
    };
    assert!(
        slices > 10,
        "the limit cut the analysis into slices: {slices}"
    );
    assert_eq!(last.knowledge, whole.knowledge);
    assert_eq!(last.turns, whole.turns);
}

/// Two threads (sharing out a position's turns, putting off what the
/// other is searching and helping with the last turn) find every turn's
/// value as one thread does, in the four games and a game without
/// symmetries: the 4x4 starts and positions of random games.
#[test]
fn two_threads_find_every_value_one_thread_finds() {
    let mut rng = StdRng::seed_from_u64(21);
    for rules in games() {
        let mut positions = vec![Position::start("4x4".parse().unwrap())];
        positions.extend((0..6).map(|_| random_position(&mut rng)));
        for pos in positions {
            let analysis = |threads| {
                Solver::new(
                    &rules,
                    SolverConfig {
                        threads,
                        ..SolverConfig::default()
                    },
                )
                .analyse(&pos, &SolveLimits::none(), Distances::All, None)
                .unwrap()
            };
            let (one, two) = (analysis(1), analysis(2));
            assert!(!two.stopped);
            assert!(
                two.turns.iter().all(|(_, k)| k.value().is_some()),
                "{} {pos}: every turn's value found",
                rules.id()
            );
            assert_eq!(two.turns, one.turns, "{} {pos}", rules.id());
            assert_eq!(two.knowledge, one.knowledge, "{} {pos}", rules.id());
        }
    }
}

fn solver_value(rules: &Rules, pos: &Position) -> Value {
    solver(rules)
        .solve(pos, &SolveLimits::none())
        .unwrap()
        .knowledge
        .value()
        .unwrap()
}
