//! A long `burrow solve` in pieces: its checkpoint kept as each turn is
//! settled and read back to resume, the turns still to solve written out as
//! work units (`--split`) for any machine to run (`--unit`), and their
//! results read back (`--merge`). The files are [`super::checkpoint`]'s.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::ai::learned::hash64;
use crate::ai::{Distances, Knowledge, Solver, SolverConfig};
use crate::rules::{Position, Rules, Turn};

use super::args::CliError;
use super::checkpoint::{
    Kind, Problem, SolveFile, SolveFileError, read_checkpoint, read_unit, set_aside,
};
use super::solve_run::{Kept, analyse, print_analysis, turn_groups};

/// Resumes from the checkpoint at `path`, if there is one. One that cannot
/// be trusted is said, set aside and not used: the solve starts clean. One
/// that cannot be read, or set aside, stops the solve (the run would
/// write over it).
pub(super) fn resume(solver: &Solver, kept: &Kept, path: &Path) -> Result<(), CliError> {
    if !path.exists() {
        return Ok(());
    }
    match read_into(solver, kept, path) {
        Ok(count) => {
            eprintln!("resumed {count} turns' results from {}", path.display());
            Ok(())
        }
        Err(
            e @ SolveFileError {
                problem: Problem::Read(_),
                ..
            },
        ) => Err(e.into()),
        Err(e) => {
            let aside = set_aside(path).map_err(|io| {
                CliError::Failed(format!(
                    "checkpoint refused: {e}; and it could not be moved aside ({io}), so the solve stops rather than write over it"
                ))
            })?;
            eprintln!(
                "checkpoint refused: {e}\n  the solve starts clean; the file is kept as {}",
                aside.display()
            );
            Ok(())
        }
    }
}

/// Reads the checkpoint or result at `path` and takes what it proves;
/// how many results it held.
fn read_into(solver: &Solver, kept: &Kept, path: &Path) -> Result<usize, SolveFileError> {
    let results = read_checkpoint(path, kept.rules, &kept.position)?;
    let count = results.len();
    kept.take(solver, results)
        .map_err(|problem| SolveFileError {
            path: path.to_path_buf(),
            problem,
        })?;
    Ok(count)
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
        match read_into(solver, kept, file) {
            Ok(count) => merged += count,
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
    let mut taken = HashMap::new();
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
        // Named after the result, so a second split into the same folder
        // gives a turn the same file (and the same result file).
        let name = format!(
            "unit-{:016x}.txt",
            hash64(turn.result.to_string().as_bytes())
        );
        if let Some(other) = taken.insert(name.clone(), turn.result) {
            return Err(CliError::Failed(format!(
                "two turns' results ({other} and {}) would share the unit file {name}",
                turn.result
            )));
        }
        let path = dir.join(name);
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
        let like = if like > 1 {
            format!(" ({like} turns like it)")
        } else {
            String::new()
        };
        writeln!(out, "{} {}{like}", path.display(), turn.played())?;
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
    config: SolverConfig,
    limit: Option<Duration>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let (root, result, want_distance) = read_unit(path, rules)?;
    let solver = Solver::new(rules, config);
    let checkpoint = path.with_extension("checkpoint");
    let kept = Kept::new(rules, result, Some(checkpoint.clone()));
    resume(&solver, &kept, &checkpoint)?;
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
