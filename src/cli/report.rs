//! `burrow report`: what a designer wants to know of a game (see
//! [`crate::ai::report`]), as text and, with `--html`, as a page with its
//! plots (the length of the games, the first player's wins by level).

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::ai::Level;
use crate::ai::report::{
    LevelRow, Report, ReportConfig, ReportRun, captures, percent, text, value_text,
};
use crate::rules::{BoardSize, VariantRegistry};

use super::args::{CliError, rules_for};
use super::progress::Progress;

/// Measure a game: its tree from the start, games between computer levels,
/// its exact value on small boards, and warnings for a degenerate design.
#[derive(clap::Args, Debug)]
pub struct ReportArgs {
    /// The game (with one --game-file, that file's game when left out).
    #[arg(long)]
    pub variant: Option<String>,
    /// Games a level.
    #[arg(long, default_value_t = 300)]
    games: u32,
    /// The levels whose games are measured, each against itself.
    #[arg(long, value_delimiter = ',', default_value = "greedy,easy")]
    levels: Vec<Level>,
    /// The board of the games.
    #[arg(long, default_value = "6x6")]
    board: BoardSize,
    /// The deepest count of turn sequences from the start.
    #[arg(long, default_value_t = 3)]
    depth: u32,
    /// The boards solved from the start.
    #[arg(long, value_delimiter = ',', default_value = "4x4,5x4")]
    solve: Vec<BoardSize>,
    /// The solver's seconds a board.
    #[arg(long, default_value_t = 20.0)]
    solve_time: f64,
    /// Worker threads (games, counts and the solver share them).
    #[arg(long)]
    threads: Option<usize>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also write the report as an HTML page with plots to this file.
    #[arg(long)]
    html: Option<PathBuf>,
}

impl ReportArgs {
    pub fn run(self, registry: &VariantRegistry, out: &mut impl Write) -> Result<(), CliError> {
        let id = self.variant.clone().ok_or_else(|| {
            CliError::Failed("say which game: --variant ID, or one --game-file FILE".into())
        })?;
        let rules = rules_for(registry, &id)?;
        if !(0.0..=86_400.0).contains(&self.solve_time) {
            return Err(CliError::Failed(
                "--solve-time is seconds from 0 to 86400".into(),
            ));
        }
        let defaults = ReportConfig::default();
        let config = ReportConfig {
            perft_boards: defaults.perft_boards,
            perft_depth: self.depth.min(4),
            perft_max: defaults.perft_max,
            levels: self.levels.clone(),
            games: self.games,
            board: self.board,
            solve_boards: self.solve.clone(),
            solve_time: Duration::from_secs_f64(self.solve_time),
            threads: self.threads.unwrap_or(defaults.threads).max(1),
            seed: self.seed,
        };
        let never = AtomicBool::new(false);
        let mut run = ReportRun::new(rules, config);
        let mut progress = Progress::new("report", run.progress().1 as u64);
        let measured = loop {
            let (done, _) = run.progress();
            progress.set(done as u64);
            progress.doing(run.next_piece());
            if let Some(measured) = run.step(&never)? {
                break measured;
            }
        };
        progress.finish();
        out.write_all(text(&measured).as_bytes())?;
        if let Some(path) = &self.html {
            std::fs::write(path, html(&measured)).map_err(|source| CliError::Write {
                path: path.clone(),
                source,
            })?;
            writeln!(out, "page: {}", path.display())?;
        }
        Ok(())
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Colours of the levels' plots, in turn.
const COLOURS: [&str; 6] = [
    "#3b7dd8", "#d8793b", "#3ba55c", "#a03bd8", "#d83b5e", "#777777",
];

/// The games' lengths as a histogram, one series of bars a level.
fn length_plot(report: &Report) -> String {
    let longest = report
        .levels
        .iter()
        .flat_map(|l| l.lengths.iter().copied())
        .max()
        .unwrap_or(0);
    if longest == 0 {
        return String::new();
    }
    let bins = longest.min(40) as usize;
    let per_bin = longest.div_ceil(bins as u32).max(1);
    let counts: Vec<Vec<u32>> = report
        .levels
        .iter()
        .map(|l| {
            let mut c = vec![0u32; bins + 1];
            for &len in &l.lengths {
                c[(len / per_bin) as usize] += 1;
            }
            c
        })
        .collect();
    let top = counts.iter().flatten().copied().max().unwrap_or(1).max(1);
    let (w, h, left, bottom) = (640.0, 240.0, 40.0, 30.0);
    let slot = (w - left) / (bins + 1) as f64;
    let bar = slot / report.levels.len().max(1) as f64;
    let mut svg = format!(
        "<svg viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\" aria-label=\"game lengths\">"
    );
    for (i, series) in counts.iter().enumerate() {
        for (b, &n) in series.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let height = (h - bottom - 10.0) * f64::from(n) / f64::from(top);
            let _ = write!(
                svg,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{height:.1}\" fill=\"{}\"><title>{} turns: {n} games</title></rect>",
                left + b as f64 * slot + i as f64 * bar,
                h - bottom - height,
                bar.max(1.0),
                COLOURS[i % COLOURS.len()],
                b as u32 * per_bin,
            );
        }
    }
    let _ = write!(
        svg,
        "<line x1=\"{left}\" y1=\"{0}\" x2=\"{w}\" y2=\"{0}\" stroke=\"#444\"/>",
        h - bottom
    );
    for b in (0..=bins).step_by((bins / 8).max(1)) {
        let _ = write!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\">{}</text>",
            left + b as f64 * slot,
            h - bottom + 16.0,
            b as u32 * per_bin
        );
    }
    let _ = write!(
        svg,
        "<text x=\"0\" y=\"14\" font-size=\"11\">{top} games</text><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\">turns a game</text></svg>",
        w - 80.0,
        h - 2.0
    );
    svg
}

/// White's share of the wins by level, with the 95% interval.
fn win_plot(report: &Report) -> String {
    let (w, row, left) = (640.0, 28.0, 90.0);
    let h = row * report.levels.len() as f64 + 30.0;
    let scale = |x: f64| left + x * (w - left - 20.0);
    let mut svg = format!(
        "<svg viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\" aria-label=\"White's wins by level\">"
    );
    for (i, games) in report.levels.iter().enumerate() {
        let y = 10.0 + i as f64 * row;
        let (low, high) = games.white_interval();
        let _ = write!(
            svg,
            "<text x=\"0\" y=\"{:.1}\" font-size=\"12\">{}</text><rect x=\"{left}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"16\" fill=\"{}\"/><line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#222\" stroke-width=\"2\"/><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\">{}</text>",
            y + 12.0,
            games.level.name(),
            scale(games.white_share()) - left,
            COLOURS[i % COLOURS.len()],
            scale(low),
            y + 8.0,
            scale(high),
            y + 8.0,
            scale(high) + 4.0,
            y + 12.0,
            percent(games.white_share()),
        );
    }
    let half = scale(0.5);
    let _ = write!(
        svg,
        "<line x1=\"{half:.1}\" y1=\"4\" x2=\"{half:.1}\" y2=\"{:.1}\" stroke=\"#888\" stroke-dasharray=\"4 3\"/><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\">50%</text></svg>",
        h - 14.0,
        half - 10.0,
        h - 2.0
    );
    svg
}

/// The report as a page: the text's figures in tables, and two plots.
pub fn html(report: &Report) -> String {
    let mut s = String::new();
    page_head(&mut s, report);
    perft_table(&mut s, report);
    if !report.levels.is_empty() {
        level_table(&mut s, report);
        level_plots(&mut s, report);
    }
    solved_list(&mut s, report);
    warning_list(&mut s, report);
    let _ = writeln!(
        s,
        "<p><small>Measured in {:.1} s. Burrow's report: see docs/designing.md for what each figure means.</small></p></body></html>",
        report.elapsed.as_secs_f64()
    );
    s
}

/// The page's head, its style and its title.
fn page_head(s: &mut String, report: &Report) {
    let title = format!("{} ({}): report", report.name, report.id);
    let _ = write!(
        s,
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>body{{font-family:sans-serif;max-width:760px;margin:2em auto;color:#222}}table{{border-collapse:collapse}}td,th{{padding:2px 10px;text-align:right;white-space:nowrap}}th:first-child,td:first-child{{text-align:left}}.warn{{color:#a33}}</style></head><body><h1>{}</h1>",
        escape(&title),
        escape(&title)
    );
}

/// The counts from the start, a board a row, and the longest chain met.
fn perft_table(s: &mut String, report: &Report) {
    let _ = write!(
        s,
        "<h2>From the start</h2><table><tr><th>board</th><th>depth 1</th><th>2</th><th>3</th><th>longest first turn</th></tr>"
    );
    for row in &report.perft {
        let _ = write!(s, "<tr><td>{}</td>", row.size);
        for d in 0..3 {
            match row.counts.get(d) {
                Some(c) => {
                    let _ = write!(s, "<td>{c}</td>");
                }
                None if row.exploded => s.push_str("<td>exploded</td>"),
                None => s.push_str("<td>-</td>"),
            }
        }
        let _ = write!(s, "<td>{}</td></tr>", row.longest_first_chain);
    }
    let _ = write!(
        s,
        "</table><p>Longest chain met: {} in one turn.</p>",
        captures(report.longest_chain())
    );
}

/// The levels' games, a level a row (the text's figures, [`LevelRow`]).
fn level_table(s: &mut String, report: &Report) {
    let _ = write!(
        s,
        "<h2>Games on {}</h2><table><tr><th>level</th><th>games</th><th>White wins</th><th>95%</th><th>median turns</th><th>lead changes</th><th>decided late</th><th>turns/position</th></tr>",
        report.board
    );
    for games in &report.levels {
        let row = LevelRow::of(games);
        let interval = format!("{}–{}", row.white_low, row.white_high);
        let cells = [
            row.level,
            &row.games,
            &row.white_share,
            &interval,
            &row.median_length,
            &row.lead_changes,
            &row.decided_late,
            &row.turns_per_position,
        ];
        s.push_str("<tr>");
        for cell in cells {
            let _ = write!(s, "<td>{cell}</td>");
        }
        s.push_str("</tr>");
    }
}

/// The two plots of the levels' games, with their legend.
fn level_plots(s: &mut String, report: &Report) {
    let legend: Vec<String> = report
        .levels
        .iter()
        .enumerate()
        .map(|(i, l)| {
            format!(
                "<span style=\"color:{}\">■ {}</span>",
                COLOURS[i % COLOURS.len()],
                l.level.name()
            )
        })
        .collect();
    let _ = write!(
        s,
        "</table><h3>Length of the games</h3><p>{}</p>{}<h3>White's share of the wins</h3>{}",
        legend.join(" "),
        length_plot(report),
        win_plot(report)
    );
}

/// The boards solved from the start, with their values.
fn solved_list(s: &mut String, report: &Report) {
    if report.solved.is_empty() {
        return;
    }
    s.push_str("<h2>Solved</h2><ul>");
    for board in &report.solved {
        let _ = write!(
            s,
            "<li>{}: {}",
            board.size,
            escape(&value_text(board.value))
        );
        if board.value.is_some() {
            let _ = write!(
                s,
                " ({} of {} first turns win)",
                board.winning_turns.len(),
                board.first_turns
            );
        }
        s.push_str("</li>");
    }
    s.push_str("</ul>");
}

fn warning_list(s: &mut String, report: &Report) {
    s.push_str("<h2>Warnings</h2>");
    if report.warnings.is_empty() {
        s.push_str("<p>None.</p>");
    } else {
        s.push_str("<ul>");
        for w in &report.warnings {
            let _ = write!(s, "<li class=\"warn\">{}</li>", escape(w));
        }
        s.push_str("</ul>");
    }
}
