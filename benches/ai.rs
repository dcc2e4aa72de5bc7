//! The search's speed for each built-in game, as nodes (positions visited)
//! per second: a fixed-depth alpha-beta search with the transposition table
//! from a position a few random turns into a game.

use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use burrow::ai::learned::{Features, weights_of};
use burrow::ai::{DEFAULT_TABLE_BYTES, SearchConfig, evaluate, search};
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
            learned: false,
            width: None,
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

/// One static evaluation, hand-set against learned, over the positions of
/// a middle game and an end game: what a leaf of the search costs with each.
fn evaluation_per_position(c: &mut Criterion) {
    let mut group = c.benchmark_group("evaluation");
    for id in ["box", "tumburrow"] {
        let rules = builtin_rules(id).expect("built-in variant");
        let positions = [midgame(id, 6), midgame(id, 14)];
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(format!("{id}/hand"), |b| {
            b.iter(|| {
                positions
                    .iter()
                    .map(|p| evaluate(&rules, black_box(p)))
                    .sum::<i32>()
            })
        });
        let weights = weights_of(&rules).expect("the built-in games ship weights");
        group.bench_function(format!("{id}/learned"), |b| {
            b.iter(|| {
                positions
                    .iter()
                    .map(|p| weights.score(&Features::compute(&rules, black_box(p))))
                    .sum::<i32>()
            })
        });
    }
    group.finish();
}

/// The same fixed-depth search with each evaluation, in nodes a second:
/// the learned inputs cost a little more at each leaf.
fn search_with_each_evaluation(c: &mut Criterion) {
    let never = AtomicBool::new(false);
    let mut group = c.benchmark_group("search by evaluation");
    group.sample_size(10);
    for (id, depth) in [("box", 4), ("tumburrow", 3)] {
        let rules = builtin_rules(id).expect("built-in variant");
        let pos = midgame(id, 6);
        for learned in [false, true] {
            let config = SearchConfig {
                time: Duration::from_secs(3600),
                max_depth: depth,
                table: true,
                table_bytes: DEFAULT_TABLE_BYTES,
                root_width: None,
                reductions: false,
                learned,
                width: None,
            };
            let run = || {
                search(&rules, black_box(&pos), &config, &never)
                    .expect("built-ins are valid")
                    .expect("the position has turns")
            };
            group.throughput(Throughput::Elements(run().report.nodes));
            let name = if learned { "learned" } else { "hand" };
            group.bench_function(format!("{id}/depth {depth}/{name}"), |b| b.iter(run));
        }
    }
    group.finish();
}

criterion_group!(
    benches,
    search_nodes_per_second,
    evaluation_per_position,
    search_with_each_evaluation
);
criterion_main!(benches);
