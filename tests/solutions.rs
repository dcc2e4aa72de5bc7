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

/// The checkpoints of the long solves kept in `tests/data/solve/` (one a
/// board, `GAME-FILESxRANKS.txt`): each is read whole by the solver's own
/// reader (the game, the start position, every line a first turn's result,
/// the checksum), and where the table gives the board's value and length,
/// the first turns' proven values in the checkpoint give the same.
#[test]
fn the_kept_checkpoints_of_the_long_solves_agree_with_the_table() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/solve");
    let table = lines();
    let mut agreed = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let (game, board) = name.split_once('-').expect("GAME-BOARD.txt");
        let rules = builtin_rules(game).unwrap();
        let board: BoardSize = board.parse().unwrap();
        let start = Position::start(board);
        let results =
            burrow::cli::read_checkpoint(&path, &rules, &start).unwrap_or_else(|e| panic!("{e}"));
        let Some(line) = table.iter().find(|l| l.game == game && l.board == board) else {
            panic!("{name}: the table has no line for it");
        };
        // What each first turn is worth to White, from its result's line
        // (the checkpoint keeps one first turn of each class of turns
        // alike under the start's symmetries).
        let turns = rules.turns(&start).unwrap();
        let symmetries = start.symmetries();
        let class = |p: &Position| p.canonical_image(&symmetries);
        let values: Vec<_> = turns
            .iter()
            .map(|t| {
                results
                    .iter()
                    .find(|(p, _)| class(p) == class(&t.result))
                    .map(|(_, k)| k.before())
            })
            .collect();
        let Ok(length) = line.turns.parse::<u32>() else {
            // Who wins without how long: a second-player win has every
            // first turn proven lost, a first-player win one proven won.
            let wins: Vec<Option<bool>> = values.iter().map(|k| k.and_then(|k| k.wins())).collect();
            match line.value {
                "second-player-win" => assert!(
                    wins.iter().all(|w| *w == Some(false)),
                    "{name}: every first turn lost for White: {wins:?}"
                ),
                "first-player-win" => assert!(
                    wins.contains(&Some(true)),
                    "{name}: a first turn won for White"
                ),
                _ => continue,
            }
            agreed += 1;
            continue;
        };
        let best_lower = values.iter().flatten().map(|k| k.bounds().0).max();
        let best_upper = values
            .iter()
            .map(|k| k.map_or(1000, |k| k.bounds().1))
            .max();
        let score = match line.value {
            "first-player-win" => 1000 - length as i32,
            _ => length as i32 - 1000,
        };
        assert_eq!(
            (best_lower, best_upper),
            (Some(score), Some(score)),
            "{name}: the checkpoint proves the table's {} {length}",
            line.value
        );
        agreed += 1;
    }
    assert!(
        agreed >= 1,
        "a long solve's checkpoint backs its table line"
    );
}
