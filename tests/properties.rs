//! Property tests: random games, round trips, and parsers that never panic.

use burrow::ai::play_random_game;
use burrow::rules::*;
use proptest::prelude::*;

use crate::support::rules;

const GAMES: [&str; 4] = ["box", "path", "sweep", "tumburrow"];

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_end_within_63_turns_with_a_winner(seed in any::<u64>(), game in 0usize..4) {
        let rules = rules(GAMES[game]);
        let record = play_random_game(&rules, Position::start_standard(), seed).unwrap();
        prop_assert!(record.turns.len() <= 63);
        prop_assert!(matches!(record.result, GameResult::Win(_)));
        let positions = record.replay(&VariantRegistry::builtin()).unwrap();
        for pair in positions.windows(2) {
            let before = pair[0].board.occupied().count();
            let after = pair[1].board.occupied().count();
            prop_assert!(after < before, "a turn removed no piece");
        }
        // The loser is the side to move at the end, with no capture left.
        let last = positions.last().unwrap();
        prop_assert!(!rules.has_initial_capture(last));
        prop_assert_eq!(record.result, GameResult::Win(last.turn.opponent()));
    }

    #[test]
    fn a_turns_result_names_it_and_the_pieces_list_the_whole(seed in any::<u64>(), game in 0usize..4) {
        // What a search that keeps only the turns' results relies on.
        let rules = rules(GAMES[game]);
        let record = play_random_game(&rules, Position::start("6x6".parse().unwrap()), seed).unwrap();
        let mut scratch = TurnScratch::default();
        for pos in record.replay(&VariantRegistry::builtin()).unwrap() {
            let turns = rules.turns(&pos).unwrap();
            let mut by_piece = Vec::new();
            for origin in pos.ours() {
                prop_assert!(rules.origin_results_with(&pos, origin, &mut scratch, &mut || false, &mut by_piece).unwrap());
            }
            let results: Vec<Position> = turns.iter().map(|t| t.result).collect();
            prop_assert_eq!(&by_piece, &results);
            for turn in &turns {
                prop_assert_eq!(TurnKey::between(&pos, &turn.result), turn.key());
            }
        }
    }

    #[test]
    fn positions_round_trip(files in 4u8..=8, ranks in 4u8..=8, cells in prop::collection::vec(0u8..3, 64), black in any::<bool>()) {
        let size = BoardSize::new(files, ranks).unwrap();
        let mut board = Board::empty(size);
        for (i, &c) in cells.iter().enumerate() {
            let sq = Square::from_index(i as u8).unwrap();
            board.set(sq, [None, Some(Side::White), Some(Side::Black)][c as usize]);
        }
        let position = Position { board, turn: if black { Side::Black } else { Side::White } };
        let text = position.to_string();
        prop_assert_eq!(text.parse::<Position>().unwrap(), position);
    }

    #[test]
    fn turn_texts_round_trip(origin in 0u8..64, captures in prop::collection::btree_set(0u8..64, 1..10), route in prop::collection::vec(0usize..4, 0..15)) {
        let captures: Vec<Square> = captures.into_iter().map(|i| Square::from_index(i).unwrap()).collect();
        let route = (!route.is_empty()).then(|| route.iter().fold(Route::empty(), |r, &i| r.push(Step::ORTHOGONAL[i]).unwrap()));
        let played = PlayedTurn { origin: Square::from_index(origin).unwrap(), captures, route };
        prop_assert_eq!(played.to_string().parse::<PlayedTurn>().unwrap(), played.clone());
        let key = played.key().unwrap();
        prop_assert_eq!(key.to_string().parse::<TurnKey>().unwrap(), key);
    }

    #[test]
    fn parsers_never_panic(text in any::<String>()) {
        let _ = text.parse::<Position>();
        let _ = text.parse::<TurnKey>();
        let _ = text.parse::<PlayedTurn>();
        let _ = text.parse::<GameRecord>();
        let _ = text.parse::<Route>();
        let _ = text.parse::<BoardSize>();
    }

    #[test]
    fn parsers_never_panic_on_near_misses(text in "[WB1-9/ x()a-h,.NESW\\[\\]\"0-]{0,80}") {
        let _ = text.parse::<Position>();
        let _ = text.parse::<TurnKey>();
        let _ = text.parse::<PlayedTurn>();
        let _ = text.parse::<GameRecord>();
        if let Ok(record) = text.parse::<GameRecord>() {
            let _ = record.replay(&VariantRegistry::builtin());
        }
    }
}
