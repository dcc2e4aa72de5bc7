//! Perft figures kept as data (tests/data/perft.txt).

use std::collections::BTreeMap;

use burrow::rules::{Position, turn_orbits};

use crate::reference::{self, Game};
use crate::support::rules;

struct Entry {
    id: String,
    variant: String,
    position: Position,
    counts: Vec<(u32, u64)>,
    /// Figures too costly for a test run (hours), counted once by
    /// `examples/perft_symmetric.rs`: depth, count, and the file holding
    /// each orbit's representative with its count.
    orbit_counts: Vec<(u32, u64, String)>,
}

fn entries() -> Vec<Entry> {
    let text = include_str!("data/perft.txt");
    let mut entries: Vec<Entry> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("line {}: `{line}`", n + 1));
        match key {
            "id" => entries.push(Entry {
                id: value.into(),
                variant: String::new(),
                position: Position::start_standard(),
                counts: Vec::new(),
                orbit_counts: Vec::new(),
            }),
            "variant" => entries.last_mut().unwrap().variant = value.into(),
            "position" => entries.last_mut().unwrap().position = value.parse().unwrap(),
            "perft" => {
                let (depth, count) = value.split_once(' ').unwrap();
                entries
                    .last_mut()
                    .unwrap()
                    .counts
                    .push((depth.parse().unwrap(), count.parse().unwrap()));
            }
            "orbits" => {
                let fields: Vec<&str> = value.split(' ').collect();
                let [depth, count, file] = fields[..] else {
                    panic!("line {}: `orbits DEPTH COUNT FILE`", n + 1);
                };
                entries.last_mut().unwrap().orbit_counts.push((
                    depth.parse().unwrap(),
                    count.parse().unwrap(),
                    file.to_string(),
                ));
            }
            other => panic!("line {}: unknown key {other}", n + 1),
        }
    }
    entries
}

#[test]
fn perft_figures_match_the_data_file() {
    let entries = entries();
    assert!(entries.len() >= 4);
    for entry in entries {
        let rules = rules(&entry.variant);
        for &(depth, expected) in &entry.counts {
            let got = rules.perft_parallel(&entry.position, depth, 2).unwrap();
            assert_eq!(got, expected, "{} perft({depth})", entry.id);
        }
    }
}

#[test]
fn small_board_entries_agree_with_the_reference() {
    for entry in entries()
        .into_iter()
        .filter(|e| e.position.size().files() < 8 || e.position.size().ranks() < 8)
    {
        let game = Game::ALL
            .into_iter()
            .find(|g| g.id() == entry.variant)
            .unwrap();
        for &(depth, expected) in entry.counts.iter().filter(|(d, _)| *d <= 2) {
            assert_eq!(
                reference::perft(game, &entry.position, depth),
                expected,
                "{} perft({depth})",
                entry.id
            );
        }
    }
}

#[test]
fn parallel_and_serial_perft_agree() {
    let rules = rules("box");
    let start = Position::start_standard();
    assert_eq!(
        rules.perft(&start, 2).unwrap(),
        rules.perft_parallel(&start, 2, 3).unwrap()
    );
}

/// How many orbits of a costly figure a test run counts again (the lightest).
const ORBITS_RECOUNTED: usize = 4;

/// A figure counted by orbits: its orbits are exactly the root's, their
/// counts add up to it, and the lightest of them count the same again.
#[test]
fn orbit_counted_figures_add_up_and_their_lightest_orbits_recount() {
    let mut checked = 0;
    for entry in entries() {
        let rules = rules(&entry.variant);
        for (depth, expected, file) in &entry.orbit_counts {
            let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap();
            // position, count, seconds the count took
            let mut recorded: BTreeMap<String, (u64, f64)> = BTreeMap::new();
            for line in text.lines().filter(|l| !l.starts_with('#')) {
                let fields: Vec<&str> = line.split('\t').collect();
                let [position, count, seconds] = fields[..] else {
                    panic!("{file}: `{line}`");
                };
                recorded.insert(
                    position.to_string(),
                    (count.parse().unwrap(), seconds.parse().unwrap()),
                );
            }
            let orbits = turn_orbits(&rules, &entry.position).unwrap();
            let mut total = 0;
            for (representative, size) in &orbits {
                let Some((count, _)) = recorded.get(&representative.to_string()) else {
                    panic!("{file}: no count for the orbit of {representative}");
                };
                total += size * count;
            }
            assert_eq!(
                recorded.len(),
                orbits.len(),
                "{file}: orbits that are not the root's"
            );
            assert_eq!(total, *expected, "{} perft({depth}) by orbits", entry.id);
            let mut lightest: Vec<(&String, &(u64, f64))> = recorded.iter().collect();
            lightest.sort_by(|a, b| a.1.1.total_cmp(&b.1.1));
            for (position, (count, _)) in lightest.into_iter().take(ORBITS_RECOUNTED) {
                let position: Position = position.parse().unwrap();
                let got = rules.perft_parallel(&position, depth - 1, 2).unwrap();
                assert_eq!(got, *count, "{file}: orbit of {position}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 1, "no figure counted by orbits");
}

/// The engine's pairs layout is the position the pairs entries count from.
#[test]
fn the_pairs_layout_is_the_one_the_data_counts() {
    use burrow::rules::{BoardSize, StartLayout};
    let entries = entries();
    for (id, size) in [
        ("box-pairs", BoardSize::STANDARD),
        ("box-pairs-6x6", BoardSize::new(6, 6).unwrap()),
    ] {
        let entry = entries.iter().find(|e| e.id == id).expect("a pairs entry");
        assert_eq!(
            Position::start_with(size, StartLayout::Pairs),
            entry.position,
            "{id}"
        );
    }
    assert_eq!(
        Position::start_with(BoardSize::STANDARD, StartLayout::Checkerboard),
        Position::start_standard()
    );
    assert_eq!("pairs".parse::<StartLayout>(), Ok(StartLayout::Pairs));
    assert!("stripes".parse::<StartLayout>().is_err());
}
