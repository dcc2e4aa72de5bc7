//! The shipped puzzles: enough of them in every game and band, and each one
//! proven again: the side to move wins in exactly the turns it says, and its
//! answer is a winning first turn.

use burrow::ai::{Band, SolveLimits, Solver, SolverConfig, Value, parse_puzzles};
use burrow::rules::builtin_rules;

const PUZZLES: &str = include_str!("../assets/puzzles.txt");

#[test]
fn every_shipped_puzzle_is_proven_again() {
    let puzzles = parse_puzzles(PUZZLES).expect("the puzzle file reads");
    for variant in ["box", "path", "sweep", "tumburrow"] {
        let rules = builtin_rules(variant).unwrap();
        let solver = Solver::new(&rules, SolverConfig::default());
        let mine: Vec<_> = puzzles.iter().filter(|p| p.variant == variant).collect();
        assert!(mine.len() >= 30, "{variant}: {} puzzles", mine.len());
        for band in Band::ALL {
            let n = mine.iter().filter(|p| p.band == band).count();
            assert!(n >= 5, "{variant}: {n} {} puzzles", band.name());
        }
        for puzzle in mine {
            let solved = solver
                .solve(&puzzle.position, &SolveLimits::none())
                .unwrap();
            assert_eq!(
                solved.knowledge.value(),
                Some(Value::Win(puzzle.turns)),
                "{puzzle}"
            );
            let turn = rules
                .turns(&puzzle.position)
                .unwrap()
                .into_iter()
                .find(|t| t.played() == puzzle.solution)
                .unwrap_or_else(|| panic!("{puzzle}: the answer is not a legal turn"));
            let after = solver.solve(&turn.result, &SolveLimits::none()).unwrap();
            assert_eq!(
                after.knowledge.value(),
                Some(Value::Loss(puzzle.turns - 1)),
                "{puzzle}: the answer wins as fast as the puzzle says"
            );
        }
    }
}

#[test]
fn a_bad_puzzle_line_is_named() {
    let error = parse_puzzles("# header\nbox easy 5 4/4/4/WB2 W a1xb1\n").unwrap_err();
    assert!(error.to_string().starts_with("line 2:"), "{error}");
    assert!(error.to_string().contains("not easy"), "{error}");
    assert!(parse_puzzles("box easy 3 4/4/4/WB2 W").is_err());
    assert!(parse_puzzles("box easy 3 4/4/4/WB2 W zz").is_err());
}
