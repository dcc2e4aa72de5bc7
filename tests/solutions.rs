//! The solutions table (`tests/data/solutions.txt`, written by `burrow
//! solve-boards`): every line reads, and the boards that solve in seconds
//! are solved again and must say the same.

use burrow::ai::{Distances, SolveLimits, Solver, SolverConfig};
use burrow::rules::{BoardSize, Position, builtin_rules};

const TABLE: &str = include_str!("data/solutions.txt");

struct Line<'a> {
    game: &'a str,
    board: BoardSize,
    value: &'a str,
    turns: &'a str,
    winning: &'a str,
}

fn lines() -> Vec<Line<'static>> {
    TABLE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            assert!(f.len() >= 7, "{l}");
            f[5].parse::<u64>()
                .unwrap_or_else(|_| panic!("positions in {l}"));
            f[6].parse::<f64>()
                .unwrap_or_else(|_| panic!("seconds in {l}"));
            Line {
                game: f[0],
                board: f[1].parse().unwrap(),
                value: f[2],
                turns: f[3],
                winning: f[4],
            }
        })
        .collect()
}

#[test]
fn the_cheap_boards_of_the_solutions_table_solve_the_same_again() {
    let table = lines();
    for game in ["box", "path", "sweep", "tumburrow"] {
        assert!(
            table.iter().any(|l| l.game == game),
            "{game} is in the table"
        );
    }
    let cheap = |l: &Line| {
        let squares = l.board.files() as u32 * l.board.ranks() as u32;
        squares <= 16 || (squares <= 20 && l.game != "tumburrow")
    };
    let mut checked = 0;
    for line in table.iter().filter(|l| cheap(l)) {
        let rules = builtin_rules(line.game).unwrap();
        let solver = Solver::new(
            &rules,
            SolverConfig {
                table_bytes: 256 << 20,
                threads: 2,
                ..SolverConfig::default()
            },
        );
        let start = Position::start(line.board);
        let analysis = solver
            .analyse(&start, &SolveLimits::none(), Distances::Winning, None)
            .unwrap();
        let mine = burrow::cli::solution_line(&rules, line.board, &analysis);
        let f: Vec<&str> = mine.split_whitespace().collect();
        assert_eq!(
            (f[2], f[3], f[4]),
            (line.value, line.turns, line.winning),
            "{} {}",
            line.game,
            line.board
        );
        checked += 1;
    }
    assert!(checked >= 10, "{checked} boards solved again");
}
