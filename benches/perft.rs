//! Perft from the start position for each built-in game, hand-written and
//! as its game file (`box-file` and so on: the same game read from
//! `assets/games/`), reported as turns (perft leaves) per second. Tumburrow runs at depth 2: its long forced
//! chains make each position far costlier (its depth-3 time is measured with
//! the CLI, see docs/performance.md).

use std::hint::black_box;

use std::sync::Arc;

use burrow::rules::design::BUILTIN_FILES;
use burrow::rules::{Design, Position, Rules, builtin_rules};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn perft_from_the_start(c: &mut Criterion) {
    let start = Position::start_standard();
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (id, depth) in [("box", 3), ("path", 3), ("sweep", 3), ("tumburrow", 2)] {
        let file = BUILTIN_FILES
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, text)| text.parse::<Design>().expect("the built-in files read"))
            .expect("a file for every built-in game");
        let from_file = Rules::new(Arc::new(file)).expect("the built-in files are valid");
        let engines = [
            (id.to_string(), builtin_rules(id).expect("built-in variant")),
            (format!("{id}-file"), from_file),
        ];
        for (name, rules) in engines {
            let leaves = rules.perft(&start, depth).expect("built-ins are valid");
            group.throughput(Throughput::Elements(leaves));
            group.bench_function(format!("{name}/{depth}"), |b| {
                b.iter(|| {
                    rules
                        .perft(black_box(&start), depth)
                        .expect("built-ins are valid")
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, perft_from_the_start);
criterion_main!(benches);
