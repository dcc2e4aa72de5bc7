//! Deep perft counts that take hours, computed once for the record
//! (Tumburrow's perft(3) from the start is the reason this exists).
//!
//! Two savings over `burrow perft`:
//! - the symmetries of the board that leave the root position unchanged map
//!   its turns onto each other, so only one turn of each orbit is counted
//!   and its count multiplied by the orbit's size (this assumes the variant
//!   treats the eight symmetries of the square alike, which the four
//!   built-in games do; each orbit is checked one ply deep before use);
//! - every finished count (of an orbit, and of each turn after an orbit's
//!   representative) is appended to a checkpoint file, so a stopped run
//!   picks up where it was.
//!
//! ```text
//! cargo run --release --example perft_symmetric -- tumburrow 3 tumburrow-perft3.txt 2
//! ```

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use burrow::rules::{Position, Rules, builtin_rules, turn_orbits};

/// One representative per orbit of the root's turns with the orbit's size,
/// after checking one ply deep that every turn of an orbit has as many
/// turns after it as the representative (the variant treats the
/// symmetries alike).
fn orbits(rules: &Rules, root: &Position) -> Result<BTreeMap<String, (Position, u64)>, String> {
    println!("symmetries of the root: {:?}", root.symmetries());
    let orbits = turn_orbits(rules, root).map_err(|e| e.to_string())?;
    let symmetries = root.symmetries();
    for turn in rules.turns(root).map_err(|e| e.to_string())? {
        let image = turn.result.canonical_image(&symmetries);
        let here = rules.perft(&turn.result, 1).map_err(|e| e.to_string())?;
        let there = rules.perft(&image, 1).map_err(|e| e.to_string())?;
        if here != there {
            return Err(format!(
                "the variant is not symmetric: {} has {here} turns, its image {there}",
                turn.result
            ));
        }
    }
    Ok(orbits
        .into_iter()
        .map(|(p, n)| (p.to_string(), (p, n)))
        .collect())
}

/// perft(`depth` - 1) of an orbit's representative: the turns after it
/// shared among `threads` threads, each finished one written to the
/// checkpoint at once (an orbit can take hours). Returns the count and the
/// CPU-seconds it took.
fn count_orbit(
    rules: &Rules,
    key: &str,
    pos: &Position,
    depth: u32,
    threads: usize,
    parts: &BTreeMap<String, (u64, f64)>,
    file: &std::sync::Mutex<std::fs::File>,
) -> Result<(u64, f64), String> {
    if depth == 1 {
        return Ok((1, 0.0));
    }
    let children = rules.turns(pos).map_err(|e| e.to_string())?;
    let next = AtomicUsize::new(0);
    let results: Vec<Result<(u64, f64), String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let (mut count, mut secs) = (0, 0.0);
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(child) = children.get(i) else {
                            return Ok((count, secs));
                        };
                        let part = format!("{key}#{i}");
                        if let Some((c, s)) = parts.get(&part) {
                            (count, secs) = (count + c, secs + s);
                            continue;
                        }
                        let start = Instant::now();
                        let c = rules
                            .perft(&child.result, depth - 2)
                            .map_err(|e| e.to_string())?;
                        let s = start.elapsed().as_secs_f64();
                        let mut out = file.lock().map_err(|_| "a counting thread failed")?;
                        writeln!(out, "part\t{part}\t{c}\t{s:.2}").map_err(|e| e.to_string())?;
                        (count, secs) = (count + c, secs + s);
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| {
                w.join()
                    .unwrap_or_else(|_| Err("a counting thread panicked".into()))
            })
            .collect()
    });
    results
        .into_iter()
        .try_fold((0, 0.0), |(c, s), r| r.map(|(c2, s2)| (c + c2, s + s2)))
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [variant, depth, checkpoint, threads] = args.as_slice() else {
        return Err("usage: perft_symmetric VARIANT DEPTH CHECKPOINT_FILE THREADS".into());
    };
    let rules = builtin_rules(variant).ok_or(format!("unknown variant `{variant}`"))?;
    let depth: u32 = depth.parse().map_err(|_| "DEPTH must be a number")?;
    let threads: usize = threads.parse().map_err(|_| "THREADS must be a number")?;
    if depth == 0 {
        return Err("DEPTH must be at least 1".into());
    }
    let root = Position::start_standard();
    let orbits = orbits(&rules, &root)?;
    println!(
        "{} turns in {} orbits",
        orbits.values().map(|o| o.1).sum::<u64>(),
        orbits.len()
    );

    // Finished orbits: `position<TAB>count<TAB>seconds`; finished turns of an
    // orbit still being counted: `part<TAB>position#index<TAB>count<TAB>seconds`.
    let mut done: BTreeMap<String, (u64, f64)> = BTreeMap::new();
    let mut parts: BTreeMap<String, (u64, f64)> = BTreeMap::new();
    if let Ok(text) = std::fs::read_to_string(checkpoint) {
        for line in text.lines() {
            let bad = || format!("bad checkpoint line: {line}");
            let fields: Vec<&str> = line.split('\t').collect();
            match fields.as_slice() {
                [pos, count, secs] => {
                    done.insert(
                        pos.to_string(),
                        (
                            count.parse().map_err(|_| bad())?,
                            secs.parse().map_err(|_| bad())?,
                        ),
                    );
                }
                ["part", part, count, secs] => {
                    parts.insert(
                        part.to_string(),
                        (
                            count.parse().map_err(|_| bad())?,
                            secs.parse().map_err(|_| bad())?,
                        ),
                    );
                }
                _ => return Err(bad()),
            }
        }
    }
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(checkpoint)
        .map_err(|e| format!("cannot open {checkpoint}: {e}"))?;
    let file = std::sync::Mutex::new(file);
    for (i, (key, (pos, _))) in orbits.iter().enumerate() {
        if done.contains_key(key) {
            continue;
        }
        let (count, secs) = count_orbit(&rules, key, pos, depth, threads, &parts, &file)?;
        let mut out = file.lock().map_err(|_| "a counting thread failed")?;
        writeln!(out, "{key}\t{count}\t{secs:.1}").map_err(|e| e.to_string())?;
        println!(
            "[{}/{}] {key}: {count} in {secs:.1} CPU-s",
            i + 1,
            orbits.len()
        );
        done.insert(key.clone(), (count, secs));
    }
    let total: u64 = orbits.iter().map(|(k, (_, n))| n * done[k].0).sum();
    let seconds: f64 = done
        .iter()
        .filter(|(k, _)| orbits.contains_key(*k))
        .map(|(_, v)| v.1)
        .sum();
    println!(
        "{variant} perft({depth}) = {total} ({seconds:.0} s of counting, {} of {} turns counted by symmetry)",
        orbits.values().map(|o| o.1 - 1).sum::<u64>(),
        orbits.values().map(|o| o.1).sum::<u64>()
    );
    Ok(())
}

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}
