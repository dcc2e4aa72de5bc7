//! Perft from the start position for each built-in game, reported as turns
//! (perft leaves) per second. Tumburrow runs at depth 2: its long forced
//! chains make each position far costlier (its depth-3 time is measured with
//! the CLI, see docs/performance.md).

use std::hint::black_box;

use burrow::rules::{Position, builtin_rules};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn perft_from_the_start(c: &mut Criterion) {
    let start = Position::start_standard();
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (id, depth) in [("box", 3), ("path", 3), ("sweep", 3), ("tumburrow", 2)] {
        let rules = builtin_rules(id).expect("built-in variant");
        let leaves = rules.perft(&start, depth).expect("built-ins are valid");
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("{id}/{depth}"), |b| {
            b.iter(|| {
                rules
                    .perft(black_box(&start), depth)
                    .expect("built-ins are valid")
            })
        });
    }
    group.finish();
}

criterion_group!(benches, perft_from_the_start);
criterion_main!(benches);
