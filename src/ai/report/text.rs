//! The report in words: the text the command line prints and the designer
//! shows, and the figures of a level's row that the page lays out too.

use std::fmt::Write as _;

use super::{LevelGames, Report};
use crate::ai::Value;
use crate::rules::Side;

pub fn captures(n: usize) -> String {
    format!("{n} capture{}", if n == 1 { "" } else { "s" })
}

pub fn percent(x: f64) -> String {
    format!("{:.0}%", 100.0 * x)
}

pub fn value_text(value: Option<Value>) -> String {
    match value {
        Some(Value::Win(d)) => format!("{} (first to move) wins in {d} turns", Side::White),
        Some(Value::Loss(d)) => format!("{} wins in {d} turns", Side::Black),
        None => "not proven in the time given".to_string(),
    }
}

/// A level's row of the report, each figure written once: the text and
/// the page lay out these cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelRow {
    pub level: &'static str,
    pub games: String,
    /// White's share of the wins, and the ends of its 95% interval.
    pub white_share: String,
    pub white_low: String,
    pub white_high: String,
    /// The median and mean game length in turns.
    pub median_length: String,
    pub mean_length: String,
    pub lead_changes: String,
    pub decided_late: String,
    pub turns_per_position: String,
    pub longest_chain: String,
}

impl LevelRow {
    pub fn of(games: &LevelGames) -> LevelRow {
        let (low, high) = games.white_interval();
        LevelRow {
            level: games.level.name(),
            games: games.games().to_string(),
            white_share: percent(games.white_share()),
            white_low: percent(low),
            white_high: percent(high),
            median_length: games.median_length().to_string(),
            mean_length: format!("{:.1}", games.mean_length()),
            lead_changes: format!("{:.1}", games.lead_changes),
            decided_late: percent(games.decided_late),
            turns_per_position: format!("{:.1}", games.turns_per_position),
            longest_chain: games.longest_chain.to_string(),
        }
    }
}

fn level_line(games: &LevelGames) -> String {
    let row = LevelRow::of(games);
    format!(
        "  {:<9} {:>5}  {:>4} ({}-{})   {:>3} {:>6}  {:>9}  {:>6}  {:>10}  {:>5}",
        row.level,
        row.games,
        row.white_share,
        row.white_low,
        row.white_high,
        row.median_length,
        row.mean_length,
        row.lead_changes,
        row.decided_late,
        row.turns_per_position,
        row.longest_chain,
    )
}

/// The report as text (the command line prints it; the designer shows
/// it).
pub fn text(report: &Report) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{} ({})", report.name, report.id);
    let _ = writeln!(s, "\nturn sequences from the start (depth 1, 2, …):");
    for row in &report.perft {
        let counts: Vec<String> = row.counts.iter().map(u64::to_string).collect();
        let _ = writeln!(
            s,
            "  {:<4} {}{}   longest first turn: {}",
            row.size.to_string(),
            counts.join("  "),
            if row.exploded { "  (exploded)" } else { "" },
            captures(row.longest_first_chain)
        );
    }
    if let Some(branching) = report.branching() {
        let _ = writeln!(s, "  branching at the start: {branching} turns");
    }
    let _ = writeln!(
        s,
        "  longest chain met: {} in one turn",
        captures(report.longest_chain())
    );
    if let Some(first) = report.levels.first() {
        let _ = writeln!(
            s,
            "\ngames on {} ({} a level, one random turn each first, then the level on both sides):",
            report.board,
            first.games()
        );
        let _ = writeln!(
            s,
            "  level     games  White wins (95%)  median  mean  lead changes  decided late  turns/position  chain"
        );
        for games in &report.levels {
            let _ = writeln!(s, "{}", level_line(games));
        }
    }
    if !report.solved.is_empty() {
        let _ = writeln!(s, "\nsolved from the start:");
    }
    for board in &report.solved {
        let _ = write!(
            s,
            "  {:<4} {}",
            board.size.to_string(),
            value_text(board.value)
        );
        if board.value.is_some() {
            let _ = write!(
                s,
                "; {} of {} first turns win",
                board.winning_turns.len(),
                board.first_turns
            );
            let fastest: Vec<String> = board
                .winning_turns
                .iter()
                .take(4)
                .map(|(t, d)| format!("{t} ({d})"))
                .collect();
            if !fastest.is_empty() {
                let _ = write!(s, ": {}", fastest.join(", "));
            }
        }
        let _ = writeln!(
            s,
            " [{} positions, {:.1} s]",
            board.positions,
            board.elapsed.as_secs_f64()
        );
    }
    let _ = writeln!(s, "\nwarnings:");
    if report.warnings.is_empty() {
        let _ = writeln!(s, "  none");
    }
    for warning in &report.warnings {
        let _ = writeln!(s, "  - {warning}");
    }
    let _ = writeln!(s, "\n(measured in {:.1} s)", report.elapsed.as_secs_f64());
    s
}
