//! Perft figures kept as data (tests/data/perft.txt).

use burrow::rules::Position;

use crate::reference::{self, Game};
use crate::support::rules;

struct Entry {
    id: String,
    variant: String,
    position: Position,
    counts: Vec<(u32, u64)>,
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
