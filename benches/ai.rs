//! The search's speed for each built-in game, as nodes (positions visited)
//! per second: a fixed-depth alpha-beta search with the transposition table
//! from a position a few random turns into a game.

use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use burrow::ai::{DEFAULT_TABLE_BYTES, SearchConfig, search};
use burrow::rules::{Position, builtin_rules};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// The position after `plies` turns picked by a fixed rule (no randomness
/// needed to get the same mixed middle game every run).
fn midgame(id: &str, plies: usize) -> Position {
    let rules = builtin_rules(id).expect("built-in variant");
    let mut pos = Position::start_standard();
    for ply in 0..plies {
        let turns = rules.turns(&pos).expect("built-ins are valid");
        if turns.is_empty() {
            break;
        }
        pos = turns[(ply * 7919 + 13) % turns.len()].result;
    }
    pos
}

fn search_nodes_per_second(c: &mut Criterion) {
    let never = AtomicBool::new(false);
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (id, depth) in [("box", 4), ("path", 4), ("sweep", 4), ("tumburrow", 3)] {
        let rules = builtin_rules(id).expect("built-in variant");
        let pos = midgame(id, 6);
        let config = SearchConfig {
            time: Duration::from_secs(3600),
            max_depth: depth,
            table: true,
            table_bytes: DEFAULT_TABLE_BYTES,
            root_width: None,
            reductions: false,
        };
        let run = || {
            search(&rules, black_box(&pos), &config, &never)
                .expect("built-ins are valid")
                .expect("the position has turns")
        };
        let nodes = run().report.nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{id}/depth {depth}"), |b| b.iter(run));
    }
    group.finish();
}

criterion_group!(benches, search_nodes_per_second);
criterion_main!(benches);
