//! The warnings of a report: the signs of a design that does not make a
//! game (one side winning, short games, exploding capture orders, lone
//! captures).

use super::{EXPLOSION_STATES, Report};
use crate::rules::Side;

/// Games this many turns long or shorter (the median) are over before
/// they begin.
const HANDFUL: u32 = 6;

/// The signs of a design that does not make a game.
pub(super) fn warnings(report: &Report) -> Vec<String> {
    let mut out = Vec::new();
    for games in &report.levels {
        let share = games.white_share();
        if games.games() >= 20 && !(0.1..=0.9).contains(&share) {
            let side = if share > 0.9 {
                Side::White
            } else {
                Side::Black
            };
            out.push(format!(
                "{side} wins almost every game at the {} level: White won {} of {} ({:.0}%)",
                games.level.name(),
                games.white_wins,
                games.games(),
                100.0 * games.white_share()
            ));
        }
        if games.games() > 0 && games.median_length() <= HANDFUL {
            out.push(format!(
                "games at the {} level are over in a handful of turns (median {})",
                games.level.name(),
                games.median_length()
            ));
        }
    }
    let exploded: Vec<String> = report
        .perft
        .iter()
        .filter(|r| r.exploded)
        .map(|r| r.size.to_string())
        .collect();
    let exploded_in_games: u32 = report.levels.iter().map(|l| l.exploded_positions).sum();
    if !exploded.is_empty() || exploded_in_games > 0 {
        let mut places = Vec::new();
        if !exploded.is_empty() {
            places.push(format!(
                "counting from the start of {}",
                exploded.join(", ")
            ));
        }
        if exploded_in_games > 0 {
            places.push(format!("{exploded_in_games} positions of the games"));
        }
        out.push(format!(
            "capture orders explode: some positions have more than {EXPLOSION_STATES} turn states to list ({}); the computer falls back to building turns step by step there",
            places.join("; ")
        ));
    }
    let met_any = report.perft.iter().any(|r| r.longest_first_chain > 0)
        || report.levels.iter().any(|l| l.games() > 0);
    if met_any && report.longest_chain() == 1 {
        out.push(
            "no second capture ever fitted the template: every turn met was a single capture"
                .to_string(),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::ai::Level;
    use crate::ai::report::{LevelGames, PerftRow};
    use crate::rules::BoardSize;

    fn games(level: Level, white_wins: u32, lengths: Vec<u32>, chain: usize) -> LevelGames {
        LevelGames {
            level,
            white_wins,
            lengths,
            lead_changes: 1.0,
            decided_late: 0.2,
            turns_per_position: 20.0,
            longest_chain: chain,
            exploded_positions: 0,
        }
    }

    fn report_of(levels: Vec<LevelGames>, perft: Vec<PerftRow>) -> Report {
        Report {
            id: "test".into(),
            name: "Test".into(),
            perft,
            board: BoardSize::new(6, 6).unwrap(),
            levels,
            solved: Vec::new(),
            warnings: Vec::new(),
            elapsed: Duration::ZERO,
        }
    }

    fn row(exploded: bool, chain: usize) -> PerftRow {
        PerftRow {
            size: BoardSize::STANDARD,
            counts: vec![100],
            exploded,
            longest_first_chain: chain,
        }
    }

    #[test]
    fn a_balanced_long_game_has_no_warning() {
        let r = report_of(
            vec![games(Level::Easy, 52, vec![30; 100], 5)],
            vec![row(false, 3)],
        );
        assert_eq!(warnings(&r), Vec::<String>::new());
    }

    #[test]
    fn a_one_sided_game_is_named_with_its_level() {
        let r = report_of(
            vec![
                games(Level::Greedy, 50, vec![30; 50], 4),
                games(Level::Easy, 2, vec![30; 50], 4),
            ],
            vec![row(false, 2)],
        );
        let w = warnings(&r);
        assert_eq!(w.len(), 2, "{w:?}");
        assert!(w[0].starts_with("White wins almost every game at the greedy level"));
        assert!(w[1].starts_with("Black wins almost every game at the easy level"));
        // Too few games say nothing.
        let r = report_of(vec![games(Level::Easy, 10, vec![30; 10], 4)], vec![]);
        assert!(warnings(&r).is_empty());
    }

    #[test]
    fn short_games_explosions_and_lone_captures_are_warned_of() {
        let r = report_of(
            vec![games(Level::Easy, 25, vec![4; 50], 1)],
            vec![row(true, 1)],
        );
        let w = warnings(&r).join("\n");
        assert!(w.contains("handful of turns (median 4)"), "{w}");
        assert!(w.contains("capture orders explode"), "{w}");
        assert!(w.contains("from the start of 8x8"), "{w}");
        assert!(w.contains("every turn met was a single capture"), "{w}");
    }
}
