//! A long `burrow solve` in pieces: its checkpoint kept as each turn is
//! settled and read back to resume, the turns still to solve written out as
//! work units (`--split`) for any machine to run (`--unit`), and their
//! results read back (`--merge`). The files are [`super::checkpoint`]'s.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::ai::{Analysis, Distances, Knowledge, Solver};
use crate::rules::{Position, Rules, Turn};

use super::args::CliError;
use super::checkpoint::{Kind, SolveFile, read_checkpoint, read_unit, set_aside};
use super::solve::{SolveRequest, analyse, print_analysis, turn_groups};

/// What is proven of the turns' results of the position being solved, and
/// the checkpoint file it is written to (whole, each time it grows).
pub(super) struct Kept<'r> {
    rules: &'r Rules,
    position: Position,
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
        results.insert(*result, knowledge);
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
                results.insert(turn.result, knowledge.after());
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

    /// Takes what a checkpoint or a unit's result proves.
    fn take(&self, solver: &Solver, results: Vec<(Position, Knowledge)>) {
        let mut kept = self.results();
        for (pos, knowledge) in results {
            solver.remember(&pos, knowledge);
            kept.insert(pos, knowledge);
        }
    }
}

/// Resumes from the checkpoint at `path`, if there is one. One that cannot
/// be trusted is said, set aside and not used: the solve starts clean.
pub(super) fn resume(solver: &Solver, kept: &Kept, path: &Path) {
    if !path.exists() {
        return;
    }
    match read_checkpoint(path, kept.rules, &kept.position) {
        Ok(results) => {
            eprintln!(
                "resumed {} turns' results from {}",
                results.len(),
                path.display()
            );
            kept.take(solver, results);
        }
        Err(e) => {
            let kept_as = match set_aside(path) {
                Ok(aside) => format!("it is kept as {}", aside.display()),
                Err(io) => format!("it could not be moved aside ({io})"),
            };
            eprintln!("checkpoint refused: {e}\n  the solve starts clean; {kept_as}");
        }
    }
}

/// Reads every unit's result (`*.result`) in `dir`; a file that cannot be
/// trusted is said and left out.
pub(super) fn merge_results(solver: &Solver, kept: &Kept, dir: &Path) -> Result<(), CliError> {
    let read_dir = |e| CliError::Failed(format!("--merge {}: {e}", dir.display()));
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(read_dir)?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "result"))
        .collect();
    files.sort();
    let (mut merged, mut refused) = (0, 0);
    for file in &files {
        match read_checkpoint(file, kept.rules, &kept.position) {
            Ok(results) => {
                merged += results.len();
                kept.take(solver, results);
            }
            Err(e) => {
                refused += 1;
                eprintln!("result refused: {e}");
            }
        }
    }
    eprintln!(
        "merged {merged} results from {} files in {} ({refused} refused)",
        files.len() - refused,
        dir.display()
    );
    Ok(())
}

/// `--split`: writes a work unit for each turn (up to symmetry) whose
/// result is not settled yet, and says how to run them.
pub(super) fn split(
    solver: &Solver,
    pos: &Position,
    distances: Distances,
    dir: &Path,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let rules = solver.rules();
    let turns: Vec<(Turn, Knowledge)> = rules
        .turns(pos)?
        .into_iter()
        .map(|t| {
            let known = solver.known(&t.result).before();
            (t, known)
        })
        .collect();
    std::fs::create_dir_all(dir).map_err(|source| CliError::Write {
        path: dir.to_path_buf(),
        source,
    })?;
    let want_distance = distances != Distances::None;
    let mut units = 0;
    for (turn, knowledge, like) in turn_groups(pos, &turns) {
        let settled = if want_distance {
            knowledge.value().is_some()
        } else {
            knowledge.wins().is_some()
        };
        if settled {
            continue;
        }
        units += 1;
        let path = dir.join(format!("unit-{units:03}.txt"));
        let unit = Kind::Unit {
            result: turn.result,
            distances: want_distance,
        };
        SolveFile::new(rules, *pos, unit)
            .write(&path)
            .map_err(|source| CliError::Write {
                path: path.clone(),
                source,
            })?;
        writeln!(
            out,
            "{} {} ({like} turns like it)",
            path.display(),
            turn.played()
        )?;
    }
    writeln!(
        out,
        "{units} work units in {dir}; run each with `burrow solve --variant {game} --unit FILE`, then `burrow solve --variant {game} {position} --merge {dir}`",
        dir = dir.display(),
        game = rules.id(),
        position = match pos == &rules.start(pos.size()) {
            true => format!("--size {}", pos.size()),
            false => format!("--position \"{pos}\""),
        },
    )?;
    Ok(())
}

/// `--unit FILE`: solves the unit's turn result, resuming from and keeping
/// FILE.checkpoint, and once it is settled writes FILE.result for
/// `--merge`.
pub(super) fn solve_unit(
    rules: &Rules,
    path: &Path,
    request: &SolveRequest,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let (root, result, want_distance) = read_unit(path, rules)?;
    let (config, limit) = request.solver.checked()?;
    let solver = Solver::new(rules, config);
    let checkpoint = path.with_extension("checkpoint");
    let kept = Kept::new(rules, result, Some(checkpoint.clone()));
    resume(&solver, &kept, &checkpoint);
    let distances = if want_distance {
        Distances::Winning
    } else {
        Distances::None
    };
    let analysis = analyse(&solver, &result, limit, distances, &kept)?;
    print_analysis(
        rules,
        &result,
        &analysis,
        solver.stored(),
        solver.capacity(),
        out,
    )?;
    let knowledge = analysis.knowledge;
    let settled = if want_distance {
        knowledge.value().is_some()
    } else {
        knowledge.wins().is_some()
    };
    if settled {
        let done = path.with_extension("result");
        SolveFile::new(rules, root, Kind::Checkpoint(vec![(result, knowledge)]))
            .write(&done)
            .map_err(|source| CliError::Write {
                path: done.clone(),
                source,
            })?;
        writeln!(out, "result: {}", done.display())?;
    } else {
        writeln!(
            out,
            "the unit is not solved yet: run it again to go on from {}",
            checkpoint.display()
        )?;
    }
    Ok(())
}
