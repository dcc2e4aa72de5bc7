//! The engine against the reference implementation, on positions from seeded
//! random games of every variant and several board sizes.

use std::collections::BTreeSet;

use burrow::ai::play_random_game;
use burrow::rules::{BoardSize, Position, VariantRegistry};

use crate::reference::{self, Game};
use crate::support::rules;

/// Every position of `games` seeded random games on a board of `size`.
fn positions_from_games(game: Game, size: BoardSize, games: u64) -> Vec<Position> {
    let rules = rules(game.id());
    let registry = VariantRegistry::builtin();
    let mut positions = Vec::new();
    for seed in 0..games {
        let record = play_random_game(
            &rules,
            Position::start(size),
            seed * 7919 + size.files() as u64,
        )
        .unwrap();
        positions.extend(record.replay(&registry).unwrap());
    }
    positions
}

const BOARDS: [(u8, u8, u64); 4] = [(8, 8, 10), (6, 5, 16), (4, 4, 30), (5, 7, 10)];

/// Compares every position of the games, except (Tumburrow only) positions
/// with more than `max_turns` distinct turns, whose tens of thousands of
/// capture chains the brute-force reference takes minutes to walk.
fn check_game(game: Game, max_turns: usize, boards: &[(u8, u8, u64)]) -> usize {
    let rules = rules(game.id());
    let mut checked = 0;
    for &(files, ranks, games) in boards {
        for position in positions_from_games(game, BoardSize::new(files, ranks).unwrap(), games) {
            let turns = rules.turns(&position).unwrap();
            if turns.len() > max_turns {
                continue;
            }
            let engine: BTreeSet<String> = turns.iter().map(|t| t.key().to_string()).collect();
            let expected = reference::turns(game, &position);
            assert_eq!(engine, expected, "{} at {position}", game.id());
            checked += 1;
        }
    }
    checked
}

#[test]
fn box_burrow_matches_the_reference() {
    assert!(check_game(Game::Box, usize::MAX, &BOARDS) > 500);
}

#[test]
fn path_burrow_matches_the_reference() {
    assert!(check_game(Game::Path, usize::MAX, &BOARDS) > 500);
}

#[test]
fn sweep_burrow_matches_the_reference() {
    assert!(check_game(Game::Sweep, usize::MAX, &BOARDS) > 500);
}

#[test]
fn tumburrow_matches_the_reference() {
    // Tumburrow's 8×8 games are the costliest; fewer of them, more small boards.
    let boards = [(8, 8, 3), (6, 5, 16), (4, 4, 40), (5, 7, 10), (6, 6, 6)];
    assert!(check_game(Game::Tumburrow, 1500, &boards) > 500);
}

/// The engine's quick answer to "which pieces can capture?" (an evaluation
/// asks it at every leaf) against the origins of the reference's turns, for
/// both sides of every position.
#[test]
fn capturers_are_the_pieces_with_a_turn() {
    for game in [Game::Box, Game::Path, Game::Sweep, Game::Tumburrow] {
        let rules = rules(game.id());
        let mut compared = 0;
        for position in positions_from_games(game, BoardSize::new(6, 5).unwrap(), 6) {
            for turn in [position.turn, position.turn.opponent()] {
                let view = Position { turn, ..position };
                let engine: BTreeSet<String> = rules
                    .capturers(&view.board, turn)
                    .map(|sq| sq.to_string())
                    .collect();
                let expected: BTreeSet<String> = reference::turns(game, &view)
                    .iter()
                    .map(|t| t.split('x').next().unwrap().to_string())
                    .collect();
                assert_eq!(engine, expected, "{} at {view}", game.id());
                compared += 1;
            }
        }
        assert!(compared > 50, "{}: {compared} positions", game.id());
    }
}
