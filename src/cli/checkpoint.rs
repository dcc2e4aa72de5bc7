//! The files a long `burrow solve` keeps: a **checkpoint** (what is proven
//! of each turn of the position being solved, rewritten as each is settled
//! and read back to resume), a **work unit** (one turn's result, to be
//! solved anywhere: `solve --split` writes them, `solve --unit` runs one)
//! and a unit's **result** (a checkpoint of the same position with the one
//! turn in it, which `solve --merge` reads).
//!
//! All three are text, line by line:
//!
//! ```text
//! # burrow solve checkpoint, format 2
//! game box 0000000000000000
//! position WBWB/BWBW/WBWB/BWBW W
//! result 1BWB/WWBW/WBWB/BWBW B 987 987
//! result …                        (a line for each result proven)
//! checksum 9e378a42d751da29
//! ```
//!
//! The game line carries the rules' fingerprint (a design's rules change
//! it; 0 for a built-in game); `position` is the position being solved;
//! each `result` line is a position one of its turns leaves and the bounds
//! proven on its score for the side to move there (`1000 - d` for a win in
//! d turns, `d - 1000` for a loss in d). A unit has `unit POSITION` and
//! `distances none|winning` lines instead of results. The checksum (64-bit
//! FNV-1a of every line before it, each ended by `\n` whatever line ends
//! a copy of the file was given) finds a file cut short or changed, and
//! a file of another game, rules or position, or a result that is not one
//! of the position's turns, is refused with the reason: a solve builds on
//! what a checkpoint says, so it trusts nothing else.

use std::collections::{BTreeSet, HashSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::ai::Knowledge;
use crate::ai::learned::{hash64, rules_fingerprint};
use crate::rules::{Position, Rules};

/// The format these files are written in.
const FORMAT: u32 = 2;

/// The largest file read: far beyond any position's turns at a line each.
const MAX_BYTES: u64 = 64 << 20;

/// What a solve file holds besides its game and position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// What is proven of the position's turns' results.
    Checkpoint(Vec<(Position, Knowledge)>),
    /// One turn's result to solve, and whether its distance is asked.
    Unit { result: Position, distances: bool },
}

impl Kind {
    fn word(&self) -> &'static str {
        match self {
            Kind::Checkpoint(_) => "checkpoint",
            Kind::Unit { .. } => "work unit",
        }
    }
}

/// A checkpoint, unit or result file of one game's position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveFile {
    pub game: String,
    pub fingerprint: u64,
    pub position: Position,
    pub kind: Kind,
}

impl SolveFile {
    /// A file for `position` in `rules`' game.
    pub fn new(rules: &Rules, position: Position, kind: Kind) -> SolveFile {
        SolveFile {
            game: rules.id().to_string(),
            fingerprint: rules_fingerprint(rules),
            position,
            kind,
        }
    }

    /// The file's text, its checksum last.
    pub fn text(&self) -> String {
        let mut text = format!(
            "# burrow solve {}, format {FORMAT}\ngame {} {:016x}\nposition {}\n",
            self.kind.word(),
            self.game,
            self.fingerprint,
            self.position
        );
        match &self.kind {
            Kind::Checkpoint(results) => {
                // One line a result, in a fixed order.
                let lines: BTreeSet<String> = results
                    .iter()
                    .map(|(pos, k)| {
                        let (lower, upper) = k.bounds();
                        format!("result {pos} {lower} {upper}\n")
                    })
                    .collect();
                lines.iter().for_each(|l| text.push_str(l));
            }
            Kind::Unit { result, distances } => {
                let distances = if *distances { "winning" } else { "none" };
                let _ = write!(text, "unit {result}\ndistances {distances}\n");
            }
        }
        let sum = hash64(text.as_bytes());
        let _ = writeln!(text, "checksum {sum:016x}");
        text
    }

    /// Writes the file whole or not at all (a stop mid-write leaves the
    /// old file).
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        let partial = with_suffix(path, ".partial");
        let mut file = std::fs::File::create(&partial)?;
        std::io::Write::write_all(&mut file, self.text().as_bytes())?;
        file.sync_all()?;
        std::fs::rename(partial, path)
    }

    /// Reads a file and checks it belongs to `rules`' game and to
    /// `position` (any position when `None`: a unit names its own).
    pub fn read(
        path: &Path,
        rules: &Rules,
        position: Option<&Position>,
    ) -> Result<SolveFile, SolveFileError> {
        let failed = |problem| SolveFileError {
            path: path.to_path_buf(),
            problem,
        };
        let size = std::fs::metadata(path)
            .map_err(|e| failed(Problem::Read(e.to_string())))?
            .len();
        if size > MAX_BYTES {
            return Err(failed(Problem::TooBig(size)));
        }
        let text =
            std::fs::read_to_string(path).map_err(|e| failed(Problem::Read(e.to_string())))?;
        SolveFile::parse(&text, rules, position).map_err(|problem| SolveFileError {
            path: path.to_path_buf(),
            problem,
        })
    }

    /// [`SolveFile::read`] from the text.
    pub fn parse(
        text: &str,
        rules: &Rules,
        position: Option<&Position>,
    ) -> Result<SolveFile, Problem> {
        // Line ends as written (`\n`), whatever a copy made of them.
        let mut all: Vec<&str> = text.lines().collect();
        while all.last().is_some_and(|l| l.trim().is_empty()) {
            all.pop();
        }
        let sum = all
            .pop()
            .and_then(|last| last.trim_end().strip_prefix("checksum "))
            .and_then(|hex| u64::from_str_radix(hex, 16).ok())
            .ok_or(Problem::Damaged)?;
        let body: String = all.iter().map(|l| format!("{l}\n")).collect();
        if sum != hash64(body.as_bytes()) {
            return Err(Problem::Damaged);
        }
        let mut lines = body.lines().enumerate().map(|(n, l)| (n + 1, l));
        let (_, first) = lines.next().ok_or(Problem::NotASolveFile)?;
        let (word, format) = first
            .strip_prefix("# burrow solve ")
            .and_then(|rest| rest.rsplit_once(", format "))
            .ok_or(Problem::NotASolveFile)?;
        if format != FORMAT.to_string() {
            return Err(Problem::Format(format.to_string()));
        }
        let mut field = |name: &str| -> Result<(usize, String), Problem> {
            let (n, line) = lines.next().ok_or(Problem::Missing(name.to_string()))?;
            line.strip_prefix(name)
                .and_then(|rest| rest.strip_prefix(' '))
                .map(|rest| (n, rest.to_string()))
                .ok_or(Problem::Line {
                    line: n,
                    what: LineProblem::Expected(name.to_string()),
                })
        };
        let (n, game) = field("game")?;
        let (game, fingerprint) = game
            .split_once(' ')
            .and_then(|(g, f)| Some((g.to_string(), u64::from_str_radix(f, 16).ok()?)))
            .ok_or(Problem::Line {
                line: n,
                what: LineProblem::Expected("game".into()),
            })?;
        if game != rules.id() {
            return Err(Problem::OtherGame {
                file: game,
                game: rules.id().to_string(),
            });
        }
        if fingerprint != rules_fingerprint(rules) {
            return Err(Problem::OtherRules { game });
        }
        let parse_position = |n: usize, text: &str| parse_position(rules, n, text);
        let (n, root) = field("position")?;
        let root = parse_position(n, &root)?;
        if let Some(expected) = position
            && *expected != root
        {
            return Err(Problem::OtherPosition {
                file: root.to_string(),
                solving: expected.to_string(),
            });
        }
        let kind = match word {
            "checkpoint" => Kind::Checkpoint(parse_results(rules, &root, n, lines)?),
            "work unit" => {
                let (n, unit) = field("unit")?;
                let result = parse_position(n, &unit)?;
                if !turn_results(rules, &root, n)?.contains(&result) {
                    return Err(Problem::Line {
                        line: n,
                        what: LineProblem::NotATurn,
                    });
                }
                let (n, distances) = field("distances")?;
                let distances = match distances.as_str() {
                    "winning" => true,
                    "none" => false,
                    _ => {
                        return Err(Problem::Line {
                            line: n,
                            what: LineProblem::Expected("distances none|winning".into()),
                        });
                    }
                };
                if let Some((n, _)) = lines.next() {
                    return Err(Problem::Line {
                        line: n,
                        what: LineProblem::Expected("checksum".into()),
                    });
                }
                Kind::Unit { result, distances }
            }
            _ => return Err(Problem::NotASolveFile),
        };
        Ok(SolveFile {
            game,
            fingerprint,
            position: root,
            kind,
        })
    }
}

/// A position on line `n`, on a board `rules`' game is played on.
fn parse_position(rules: &Rules, n: usize, text: &str) -> Result<Position, Problem> {
    let pos: Position = text.parse().map_err(|e| Problem::Line {
        line: n,
        what: LineProblem::Position(e),
    })?;
    rules.check_size(pos.size()).map_err(|e| Problem::Line {
        line: n,
        what: LineProblem::Board(e.to_string()),
    })?;
    Ok(pos)
}

/// The positions `root`'s turns leave (a problem with `root` is said to be
/// on line `n`).
fn turn_results(rules: &Rules, root: &Position, n: usize) -> Result<HashSet<Position>, Problem> {
    let turns = rules.turns(root).map_err(|e| Problem::Line {
        line: n,
        what: LineProblem::Board(e.to_string()),
    })?;
    Ok(turns.into_iter().map(|t| t.result).collect())
}

/// A checkpoint's `result` lines: each a position a turn of `root` leaves
/// (`root` is on line `root_line`) and proven bounds.
fn parse_results<'t>(
    rules: &Rules,
    root: &Position,
    root_line: usize,
    lines: impl Iterator<Item = (usize, &'t str)>,
) -> Result<Vec<(Position, Knowledge)>, Problem> {
    let results = turn_results(rules, root, root_line)?;
    let mut found = Vec::new();
    for (n, line) in lines {
        let bad = |what| Problem::Line { line: n, what };
        let rest = line
            .strip_prefix("result ")
            .ok_or_else(|| bad(LineProblem::Expected("result".into())))?;
        let parts: Vec<&str> = rest.split(' ').collect();
        let [board, side, lower, upper] = parts[..] else {
            return Err(bad(LineProblem::Expected(
                "result POSITION SIDE LOWER UPPER".into(),
            )));
        };
        let pos = parse_position(rules, n, &format!("{board} {side}"))?;
        if !results.contains(&pos) {
            return Err(bad(LineProblem::NotATurn));
        }
        let number = |t: &str| t.parse::<i32>().map_err(|_| LineProblem::NotNumbers);
        let knowledge =
            Knowledge::from_bounds(number(lower).map_err(bad)?, number(upper).map_err(bad)?)
                .ok_or(bad(LineProblem::OutOfRange))?;
        found.push((pos, knowledge));
    }
    Ok(found)
}

/// The results a checkpoint (or a unit's result) of `position` holds.
pub fn read_checkpoint(
    path: &Path,
    rules: &Rules,
    position: &Position,
) -> Result<Vec<(Position, Knowledge)>, SolveFileError> {
    match SolveFile::read(path, rules, Some(position))?.kind {
        Kind::Checkpoint(results) => Ok(results),
        Kind::Unit { .. } => Err(SolveFileError {
            path: path.to_path_buf(),
            problem: Problem::Unit,
        }),
    }
}

/// A work unit: the position it is part of, the turn's result to solve,
/// and whether its distance is asked.
pub fn read_unit(path: &Path, rules: &Rules) -> Result<(Position, Position, bool), SolveFileError> {
    let file = SolveFile::read(path, rules, None)?;
    match file.kind {
        Kind::Unit { result, distances } => Ok((file.position, result, distances)),
        Kind::Checkpoint(_) => Err(SolveFileError {
            path: path.to_path_buf(),
            problem: Problem::NotAUnit,
        }),
    }
}

/// A solve file that cannot be used, and why.
#[derive(Debug, thiserror::Error)]
#[error("{}: {problem}", path.display())]
pub struct SolveFileError {
    pub path: PathBuf,
    pub problem: Problem,
}

/// What is wrong with a solve file.
#[derive(Debug, thiserror::Error)]
pub enum Problem {
    #[error("cannot read it: {0}")]
    Read(String),
    #[error("it is {0} bytes: too big for a solve's file")]
    TooBig(u64),
    #[error("it contradicts what is already known of {0}")]
    Contradicts(String),
    #[error(
        "it is damaged: its last line is not the checksum of the lines before it (cut short, or changed by hand)"
    )]
    Damaged,
    #[error("it is not a checkpoint, work unit or result of `burrow solve`")]
    NotASolveFile,
    #[error("it is in format {0}; this build reads format {FORMAT}")]
    Format(String),
    #[error("it ends before its `{0}` line")]
    Missing(String),
    #[error("it is for the game `{file}`, not `{game}`")]
    OtherGame { file: String, game: String },
    #[error("it was made under other rules of `{game}` (the design has changed since)")]
    OtherRules { game: String },
    #[error("it is for the position {file}, not {solving}")]
    OtherPosition { file: String, solving: String },
    #[error("it is a work unit, not a checkpoint or result")]
    Unit,
    #[error("it is a checkpoint or result, not a work unit")]
    NotAUnit,
    #[error("line {line}: {what}")]
    Line { line: usize, what: LineProblem },
}

/// What is wrong with one line of a solve file.
#[derive(Debug, thiserror::Error)]
pub enum LineProblem {
    #[error("expected `{0}`")]
    Expected(String),
    #[error(transparent)]
    Position(crate::rules::ParsePositionError),
    #[error("{0}")]
    Board(String),
    #[error("the position is not the result of any turn of the position solved")]
    NotATurn,
    #[error("bounds must be numbers")]
    NotNumbers,
    #[error("bounds must satisfy -1000 <= LOWER <= UPPER <= 1000")]
    OutOfRange,
}

/// Moves a refused file out of the way (to `NAME.refused`, or
/// `NAME.refused.2` and on when that is taken: never over another file) so
/// that a run starting clean does not write over it: whatever it held is
/// kept for a person to look at.
pub fn set_aside(path: &Path) -> std::io::Result<PathBuf> {
    for n in 1..=999 {
        let aside = match n {
            1 => with_suffix(path, ".refused"),
            n => with_suffix(path, &format!(".refused.{n}")),
        };
        // A hard link fails if the name is taken, where a rename would
        // replace it.
        match std::fs::hard_link(path, &aside) {
            Ok(()) => {
                std::fs::remove_file(path)?;
                return Ok(aside);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::other(
        "999 refused copies of it are kept already",
    ))
}

/// `path` with `suffix` added to its whole name (`a.ck` → `a.ck.partial`).
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Knowledge;
    use crate::rules::builtin_rules;

    /// `text` with its checksum made right (a file changed by someone who
    /// knew the format: refused for what it says, not as damaged).
    fn resummed(text: &str) -> String {
        let body: String = text
            .lines()
            .filter(|l| !l.starts_with("checksum "))
            .map(|l| format!("{l}\n"))
            .collect();
        format!("{body}checksum {:016x}\n", hash64(body.as_bytes()))
    }

    #[test]
    fn a_checkpoint_reads_back_and_a_wrong_one_is_refused_for_its_reason() {
        let rules = builtin_rules("box").unwrap();
        let start = rules.start("4x4".parse().unwrap());
        let turns = rules.turns(&start).unwrap();
        let proven = vec![
            (turns[0].result, Knowledge::from_bounds(980, 990).unwrap()),
            (turns[1].result, Knowledge::from_bounds(986, 986).unwrap()),
        ];
        let file = SolveFile::new(&rules, start, Kind::Checkpoint(proven.clone()));
        let text = file.text();
        let read = SolveFile::parse(&text, &rules, Some(&start)).unwrap();
        let Kind::Checkpoint(mut back) = read.kind else {
            panic!("a checkpoint reads as one");
        };
        back.sort_by_key(|(p, _)| p.to_string());
        let mut proven = proven;
        proven.sort_by_key(|(p, _)| p.to_string());
        assert_eq!(back, proven);

        let path = builtin_rules("path").unwrap();
        let other_start = rules.start("5x4".parse().unwrap());
        let refusal = |text: &str, rules: &Rules, pos: &Position| {
            SolveFile::parse(text, rules, Some(pos))
                .unwrap_err()
                .to_string()
        };
        let cut = text.lines().take(3).collect::<Vec<_>>().join("\n");
        assert!(refusal(&cut, &rules, &start).contains("damaged"));
        let changed = text.replacen("980 990", "981 990", 1);
        assert!(refusal(&changed, &rules, &start).contains("damaged"));
        assert!(refusal(&text, &path, &start).contains("for the game `box`, not `path`"));
        assert!(refusal(&text, &rules, &other_start).contains("for the position"));
        let later = resummed(&text.replace("format 2", "format 3"));
        assert!(refusal(&later, &rules, &start).contains("format 3"));
        let wide = resummed(&text.replacen("980 990", "980 1990", 1));
        assert!(refusal(&wide, &rules, &start).contains(": bounds must"));
        // A position no turn of the start leaves.
        let foreign = resummed(&text.replacen(&turns[0].result.to_string(), &start.to_string(), 1));
        assert!(
            refusal(&foreign, &rules, &start).contains("not the result of any turn"),
            "{}",
            refusal(&foreign, &rules, &start)
        );
        assert!(refusal("", &rules, &start).contains("damaged"));
    }

    #[test]
    fn a_work_unit_reads_back_and_is_not_taken_for_a_checkpoint() {
        let rules = builtin_rules("sweep").unwrap();
        let start = rules.start("4x4".parse().unwrap());
        let result = rules.turns(&start).unwrap()[2].result;
        let unit = SolveFile::new(
            &rules,
            start,
            Kind::Unit {
                result,
                distances: true,
            },
        );
        let text = unit.text();
        assert_eq!(SolveFile::parse(&text, &rules, None).unwrap(), unit);
        let dir = std::env::temp_dir().join(format!("burrow-unit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("unit-001.txt");
        unit.write(&path).unwrap();
        assert_eq!(read_unit(&path, &rules).unwrap(), (start, result, true));
        let err = read_checkpoint(&path, &rules, &start).unwrap_err();
        assert!(
            err.to_string().contains("a work unit, not a checkpoint"),
            "{err}"
        );
        assert!(err.to_string().contains("unit-001.txt"), "{err}");
        let aside = set_aside(&path).unwrap();
        assert!(aside.ends_with("unit-001.txt.refused") && aside.exists() && !path.exists());
        // A second refusal of the same name keeps the first one.
        unit.write(&path).unwrap();
        let again = set_aside(&path).unwrap();
        assert!(again.ends_with("unit-001.txt.refused.2") && aside.exists() && again.exists());
        // A unit whose position no turn leaves.
        let stray =
            resummed(&text.replacen(&format!("unit {result}"), &format!("unit {start}"), 1));
        let err = SolveFile::parse(&stray, &rules, None)
            .unwrap_err()
            .to_string();
        assert!(err.contains("not the result of any turn"), "{err}");
        // Line ends changed by a copy do not make it damaged.
        let crlf = text.replace('\n', "\r\n");
        assert_eq!(SolveFile::parse(&crlf, &rules, None).unwrap(), unit);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
