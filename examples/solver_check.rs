//! Checks the solver against the plain minimax on every position of the
//! 4x4 games (the four built-in games and a mod without symmetries):
//! `cargo run --release --no-default-features --example solver_check`.

use std::collections::HashMap;
use std::time::Instant;

use burrow::ai::{SolveLimits, Solver, SolverConfig};
use burrow::rules::Position;

#[path = "../tests/minimax.rs"]
mod minimax;

fn main() {
    let start = Position::start("4x4".parse().expect("a board size"));
    let mut total = 0;
    for rules in minimax::games() {
        let clock = Instant::now();
        let mut memo = HashMap::new();
        minimax::minimax(&rules, &start, &mut memo);
        let solver = Solver::new(
            &rules,
            SolverConfig {
                table_bytes: 1 << 30,
                threads: 1,
                ..SolverConfig::default()
            },
        );
        let mut positions: Vec<_> = memo.iter().collect();
        positions.sort_by_key(|(p, _)| (p.board.occupied().count(), p.to_string()));
        for (pos, value) in &positions {
            let solved = solver
                .solve(pos, &SolveLimits::none())
                .expect("the games' rules hold");
            if solved.knowledge.value() != Some(**value) {
                eprintln!(
                    "{}: {pos}: minimax {value}, solver {}",
                    rules.id(),
                    solved.knowledge
                );
                std::process::exit(1);
            }
        }
        println!(
            "{}: {} positions agree ({:.0} s)",
            rules.id(),
            positions.len(),
            clock.elapsed().as_secs_f64()
        );
        total += positions.len();
    }
    println!("all {total} positions of the 4x4 games agree");
}
