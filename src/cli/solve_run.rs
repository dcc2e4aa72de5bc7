//! One `burrow solve` run: the analysis with its progress lines and the
//! checkpoint it keeps as it goes ([`Kept`]), and its printing. Used by
//! the plain solve (`solve.rs`) and by a work unit's (`solve_units.rs`).

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

use crate::ai::{Analysis, Distances, Knowledge, Progress, SolveLimits, Solver, Value};
use crate::rules::{Position, Rules, Turn};

use super::args::CliError;
use super::checkpoint::{Kind, Problem, SolveFile};

/// What is proven of the turns' results of the position being solved, and
/// the checkpoint file it is written to (whole, each time it grows).
pub(super) struct Kept<'r> {
    pub(super) rules: &'r Rules,
    pub(super) position: Position,
    path: Option<PathBuf>,
    results: Mutex<HashMap<Position, Knowledge>>,
}

/// Bounds that say nothing: a turn's result not worth a line.
const NOTHING: (i32, i32) = (-1000, 1000);

impl<'r> Kept<'r> {
    pub(super) fn new(rules: &'r Rules, position: Position, path: Option<PathBuf>) -> Kept<'r> {
        Kept {
            rules,
            position,
            path,
            results: Mutex::new(HashMap::new()),
        }
    }

    fn results(&self) -> std::sync::MutexGuard<'_, HashMap<Position, Knowledge>> {
        self.results.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Keeps what is now proven of a result, and writes the checkpoint. A
    /// checkpoint that cannot be written is said, not fatal: the solve
    /// goes on.
    pub(super) fn found(&self, result: &Position, knowledge: Knowledge) {
        let mut results = self.results();
        narrow(&mut results, result, knowledge);
        if let Err(e) = self.write(&results) {
            eprintln!("{e}");
        }
    }

    /// Keeps every turn's result the analysis knows anything of, and writes
    /// the checkpoint.
    pub(super) fn all(&self, analysis: &Analysis) -> Result<(), CliError> {
        let mut results = self.results();
        for (turn, knowledge) in &analysis.turns {
            if knowledge.bounds() != NOTHING {
                narrow(&mut results, &turn.result, knowledge.after());
            }
        }
        self.write(&results)
    }

    fn write(&self, results: &HashMap<Position, Knowledge>) -> Result<(), CliError> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        let results = results.iter().map(|(p, k)| (*p, *k)).collect();
        SolveFile::new(self.rules, self.position, Kind::Checkpoint(results))
            .write(path)
            .map_err(|source| CliError::Write {
                path: path.clone(),
                source,
            })
    }

    /// Takes what a checkpoint or a unit's result proves, unless it
    /// contradicts what is known already (then nothing of it).
    pub(super) fn take(
        &self,
        solver: &Solver,
        results: Vec<(Position, Knowledge)>,
    ) -> Result<(), Problem> {
        let mut kept = self.results();
        let mut taken: HashMap<Position, Knowledge> = HashMap::new();
        for (pos, knowledge) in results {
            let before = taken
                .get(&pos)
                .or(kept.get(&pos))
                .copied()
                .unwrap_or_else(|| solver.known(&pos));
            let now = before.meet(knowledge);
            if !now.is_consistent() {
                return Err(Problem::Contradicts(pos.to_string()));
            }
            taken.insert(pos, now);
        }
        for (pos, knowledge) in taken {
            solver.remember(&pos, knowledge);
            kept.insert(pos, knowledge);
        }
        Ok(())
    }
}

/// Narrows what `results` holds of `result` by `knowledge` (a newer proof
/// never loses what an older one said).
fn narrow(results: &mut HashMap<Position, Knowledge>, result: &Position, knowledge: Knowledge) {
    results
        .entry(*result)
        .and_modify(|known| *known = known.meet(knowledge))
        .or_insert(knowledge);
}

/// Analyses `pos` with the request's limits and distances, each turn's
/// result kept (in the checkpoint, if one is asked) as it is settled, and a
/// progress line on stderr every ten seconds.
pub(super) fn analyse(
    solver: &Solver,
    pos: &Position,
    limit: Option<Duration>,
    distances: Distances,
    kept: &Kept,
) -> Result<Analysis, CliError> {
    let limits = limit.map_or_else(SolveLimits::none, SolveLimits::time);
    let report = |p: &Progress| {
        let what = match p.pass {
            1 => "who wins",
            2 => "distances",
            _ => "the longest defence",
        };
        eprintln!(
            "… {what}: {} of {} turns (up to symmetry), {} positions, {:.0} s",
            p.done,
            p.classes,
            p.positions,
            p.elapsed.as_secs_f64()
        );
    };
    let found = |result: &Position, knowledge: Knowledge| kept.found(result, knowledge);
    let watch = crate::ai::Watch {
        progress: Some((&report, Duration::from_secs(10))),
        found: Some(&found),
    };
    let analysis = solver.analyse(pos, &limits, distances, Some(&watch))?;
    // A checkpoint that cannot be written is said; the answer still is.
    if let Err(e) = kept.all(&analysis) {
        eprintln!("{e}");
    }
    Ok(analysis)
}

/// Turns grouped by the position's own symmetries (the turns of one group
/// are images of each other), one representative each.
pub(super) fn turn_groups<'a>(
    pos: &Position,
    turns: &'a [(Turn, Knowledge)],
) -> Vec<(&'a Turn, Knowledge, usize)> {
    let symmetries = pos.symmetries();
    let mut groups: BTreeMap<String, (&Turn, Knowledge, usize)> = BTreeMap::new();
    for (turn, knowledge) in turns {
        let image = turn.result.canonical_image(&symmetries).to_string();
        groups
            .entry(image)
            .and_modify(|g| g.2 += 1)
            .or_insert((turn, *knowledge, 1));
    }
    let mut groups: Vec<_> = groups.into_values().collect();
    groups.sort_by_key(|g| (std::cmp::Reverse(g.1.bounds().0), g.0.key().to_string()));
    groups
}

pub(super) fn print_analysis(
    rules: &Rules,
    pos: &Position,
    analysis: &Analysis,
    stored: usize,
    capacity: usize,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let mover = pos.turn;
    let summary = match (analysis.knowledge.value(), analysis.knowledge.wins()) {
        (Some(Value::Win(d)), _) => format!("{mover} to move wins in {d} turns"),
        (Some(Value::Loss(d)), _) => format!("{mover} to move loses in {d} turns"),
        (None, Some(true)) => format!("{mover} to move wins ({})", analysis.knowledge),
        (None, Some(false)) => format!("{mover} to move loses ({})", analysis.knowledge),
        (None, None) => "not proven".to_string(),
    };
    writeln!(out, "{} {} {pos}", rules.id(), pos.size())?;
    writeln!(out, "value: {summary}")?;
    let groups = turn_groups(pos, &analysis.turns);
    let winning: Vec<_> = groups.iter().filter(|g| g.1.wins() == Some(true)).collect();
    writeln!(
        out,
        "turns: {} distinct, {} up to symmetry, {} winning ({} up to symmetry)",
        analysis.turns.len(),
        groups.len(),
        winning.iter().map(|g| g.2).sum::<usize>(),
        winning.len()
    )?;
    for (turn, knowledge, count) in &winning {
        let like = if *count > 1 {
            format!(" ({count} turns like it)")
        } else {
            String::new()
        };
        writeln!(out, "  {} {knowledge}{like}", turn.played())?;
    }
    if analysis.knowledge.wins() == Some(false)
        && let Some((turn, knowledge, _)) = groups.first()
        && knowledge.value().is_some()
    {
        writeln!(out, "  longest defence: {} {knowledge}", turn.played())?;
    }
    let unproven = groups.iter().filter(|g| g.1.value().is_none()).count();
    writeln!(
        out,
        "positions {} time {:.2} s table {stored} of {capacity} entries",
        analysis.positions,
        analysis.elapsed.as_secs_f64()
    )?;
    if analysis.stopped {
        writeln!(
            out,
            "stopped by its limit: {unproven} of {} turns (up to symmetry) without an exact value",
            groups.len()
        )?;
    }
    Ok(())
}
