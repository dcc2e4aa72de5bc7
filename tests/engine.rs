//! `burrow engine` through its protocol, as a match runner talks to it:
//! a real process, its standard input and output, every command and every
//! kind of bad input.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// A running `burrow engine` and the lines it has written.
struct Engine {
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
}

/// Long enough for a slow test machine; a line that never comes fails.
const PATIENCE: Duration = Duration::from_secs(20);

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_burrow"))
            .arg("engine")
            .env(
                "XDG_CONFIG_HOME",
                std::env::temp_dir().join("burrow-engine-no-config"),
            )
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("burrow engine starts");
        let out = child.stdout.take().expect("its output");
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let input = child.stdin.take();
        Engine {
            child,
            input,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        let input = self.input.as_mut().expect("the input is open");
        writeln!(input, "{line}").expect("the engine reads");
        input.flush().expect("sent");
    }

    /// The next line, within `PATIENCE`.
    fn next(&self) -> String {
        self.lines
            .recv_timeout(PATIENCE)
            .expect("the engine answers in time")
    }

    /// Every line up to and including the first that starts with `prefix`.
    fn until(&self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self.next();
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// Sends `line` and reads the one line that answers it.
    fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.next()
    }

    /// The lines written within `wait`.
    fn lines_for(&self, wait: Duration) -> Vec<String> {
        let end = Instant::now() + wait;
        let mut seen = Vec::new();
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) => seen.push(line),
                Err(_) => break,
            }
        }
        seen
    }

    /// Waits for the process to end; whether it did within `PATIENCE`.
    fn ends(&mut self) -> bool {
        let start = Instant::now();
        while start.elapsed() < PATIENCE {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.success();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        false
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn moves_of(response: &str) -> Vec<String> {
    response
        .strip_prefix("response")
        .expect("a response")
        .split_whitespace()
        .map(String::from)
        .collect()
}

#[test]
fn a_session_covers_every_command() {
    let mut engine = Engine::start();
    engine.send("ugi");
    let hello = engine.until("ugiok");
    assert!(hello[0].starts_with("id name Burrow"), "{hello:?}");
    for option in ["variant", "design", "size", "level", "threads", "hash"] {
        assert!(
            hello
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} type"))),
            "{option}: {hello:?}"
        );
    }
    assert_eq!(engine.ask("isready"), "readyok");
    engine.send("setoption name variant value sweep");
    engine.send("setoption name size value 6x6");
    engine.send("setoption name hash value 16");
    engine.send("setoption name threads value 1");
    engine.send("uginewgame");
    engine.send("position startpos");
    assert_eq!(engine.ask("query p1turn"), "response true");
    assert_eq!(engine.ask("query gameover"), "response false");
    assert_eq!(engine.ask("query result"), "response none");
    let first = moves_of(&engine.ask("query moves"));
    assert!(!first.is_empty());
    engine.send(&format!("position startpos moves {}", first[0]));
    assert_eq!(engine.ask("query p1turn"), "response false");
    let replies = moves_of(&engine.ask("query moves"));

    // A search to depth 2: an `info` line a depth, then the turn.
    engine.send("go depth 2");
    let answer = engine.until("bestmove");
    let best = answer.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(replies.iter().any(|t| t == best), "{best} of {replies:?}");
    let infos: Vec<&String> = answer
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(!infos.is_empty(), "{answer:?}");
    for info in &infos {
        for word in [" score ", " nodes ", " time ", " pv "] {
            assert!(info.contains(word), "{info}");
        }
    }
    assert!(
        infos.iter().any(|l| l.starts_with("info depth 2 ")),
        "{answer:?}"
    );

    // The clocks and a set time.
    engine.send("go p1time 3000 p2time 3000 p1inc 100 p2inc 100 movestogo 10");
    assert!(engine.until("bestmove").last().unwrap().len() > "bestmove ".len());
    engine.send("go movetime 100 nodes 5000");
    engine.until("bestmove");

    // `infinite` waits for `stop`, and `isready` is answered meanwhile.
    engine.send("go infinite");
    engine.send("isready");
    let meanwhile = engine.until("readyok");
    let mut meanwhile = meanwhile
        .into_iter()
        .chain(engine.lines_for(Duration::from_millis(300)));
    assert!(
        meanwhile.all(|l| !l.starts_with("bestmove")),
        "no answer before stop"
    );
    let asked = Instant::now();
    engine.send("stop");
    let stopped = engine.until("bestmove");
    // At once (a few milliseconds here; the bound leaves room for a loaded
    // machine, against a search that would otherwise run for a day).
    assert!(
        asked.elapsed() < Duration::from_secs(3),
        "stop took {:?}: {stopped:?}",
        asked.elapsed()
    );
    // `stop`, then at once a new position and `go`: the stopped search
    // answers first, then the new one.
    engine.send("go infinite");
    engine.send("stop");
    engine.send(&format!("position startpos moves {}", first[0]));
    engine.send("go depth 1");
    let first_answer = engine.until("bestmove");
    let second_answer = engine.until("bestmove");
    let second = second_answer
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .unwrap();
    assert!(
        replies.iter().any(|t| t == second),
        "{first_answer:?} {second_answer:?}"
    );

    // Another level plays through the same protocol.
    engine.send("setoption name level value greedy");
    engine.send("position startpos");
    engine.send("go movetime 200");
    let greedy = engine.until("bestmove");
    let best = greedy.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(first.iter().any(|t| t == best), "{best}");

    engine.send("quit");
    assert!(engine.ends(), "quit ends the engine");
}

#[test]
fn bad_input_is_named_and_the_engine_goes_on() {
    let mut engine = Engine::start();
    // `go` before any position: refused, and still answered.
    let refused = engine.ask("go depth 1");
    assert!(
        refused.starts_with("info string go needs a position"),
        "{refused}"
    );
    assert_eq!(engine.next(), "bestmove (none)");
    for (line, says) in [
        ("dance", "unknown command `dance`"),
        ("go sideways 3", "unknown `go` limit"),
        ("position fen 9/9 W", "does not read"),
        ("position startpos moves b1xa1 zz9", "the turn `zz9`"),
        ("position startpos moves b1xa1 b1xa1", "position refused"),
        ("query weather", "unknown query"),
        ("setoption name colour value red", "unknown option `colour`"),
        ("setoption name variant value chess", "unknown game `chess`"),
        ("setoption name size value 12x12", "not a board size"),
        ("setoption name level value godlike", "unknown level"),
        (
            "setoption name design value nonsense",
            "the design does not read",
        ),
        ("setoption name hash value 0", "hash is a size"),
        // The runner's own words come back written out, on one line.
        (
            "\u{1b}[2Jdance\u{200b}\0",
            "unknown command `\\u{1b}[2Jdance\\u{200b}\\u{0}`",
        ),
    ] {
        let answer = engine.ask(line);
        assert!(answer.starts_with("info string"), "{line}: {answer}");
        assert!(answer.contains(says), "{line}: {answer}");
        if line.starts_with("go") {
            assert_eq!(engine.next(), "bestmove (none)", "{line}");
        }
    }
    assert_eq!(engine.ask("isready"), "readyok");
    // After a refused position, `go` waits for one that stands.
    let waits = engine.ask("go depth 1");
    assert!(
        waits.starts_with("info string go needs a position"),
        "{waits}"
    );
    assert_eq!(engine.next(), "bestmove (none)");
    // The refused position left the game as it was: at the start.
    engine.send("position startpos");
    assert_eq!(engine.ask("query p1turn"), "response true");
    // A game that is over has no best turn.
    engine.send("position fen 4/4/4/W3 B");
    assert_eq!(engine.ask("query gameover"), "response true");
    assert_eq!(engine.ask("query result"), "response p1win");
    engine.send("go depth 3");
    assert_eq!(engine.until("bestmove").last().unwrap(), "bestmove (none)");
    // Only isready, stop and quit while a search runs.
    engine.send("position startpos");
    engine.send("go infinite");
    let busy = engine.ask("position startpos moves b1xa1");
    let busy = if busy.starts_with("info depth") {
        engine.until("info string").pop().unwrap()
    } else {
        busy
    };
    assert!(busy.contains("a search is running"), "{busy}");
    engine.send("stop");
    engine.until("bestmove");
    // The end of the input ends the engine, as quit does.
    drop(engine.input.take());
    assert!(engine.ends(), "the end of input ends the engine");
}

/// The solver as a level of its own, and `strongest`'s proof first: of
/// Box's start on 4x4 (lost for White in 14 turns) both tell the proven
/// loss and play a turn; under `infinite` the solver proves until `stop`
/// and then answers at once. A bad level names the choices.
#[test]
fn the_solver_proves_and_strongest_proves_first() {
    let mut engine = Engine::start();
    let level = engine.ask("setoption name level value grandmaster");
    assert!(level.contains("or solver"), "{level}");
    engine.send("setoption name size value 4x4");
    engine.send("position startpos");
    let moves = moves_of(&engine.ask("query moves"));
    for level in ["solver", "strongest"] {
        engine.send(&format!("setoption name level value {level}"));
        engine.send("go movetime 5000");
        let lines = engine.until("bestmove");
        assert!(
            lines.iter().any(|l| l.contains(" score loss 14 ")),
            "{level}: {lines:?}"
        );
        let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
        assert!(moves.iter().any(|t| t == best), "{level}: {best}");
    }
    // A board too big to prove quickly: `infinite` waits for `stop`, and
    // the answer follows it.
    engine.send("setoption name level value solver");
    engine.send("setoption name size value 8x8");
    engine.send("position startpos");
    engine.send("go infinite");
    assert!(
        !engine
            .lines_for(Duration::from_millis(500))
            .iter()
            .any(|l| l.starts_with("bestmove")),
        "no answer before stop"
    );
    let asked = Instant::now();
    engine.send("stop");
    let best = engine.until("bestmove").pop().unwrap();
    assert!(best != "bestmove (none)", "{best}");
    assert!(
        asked.elapsed() < Duration::from_secs(3),
        "{:?}",
        asked.elapsed()
    );
}

#[test]
fn a_design_plays_by_its_share_code() {
    let design: burrow::rules::Design = burrow::rules::BUILTIN_FILES[2].1.parse().unwrap();
    let mut engine = Engine::start();
    engine.send(&format!("setoption name design value {}", design.code()));
    engine.send("position startpos");
    let moves = moves_of(&engine.ask("query moves"));
    engine.send("go depth 1");
    let best = engine.until("bestmove").pop().unwrap();
    let best = best.strip_prefix("bestmove ").unwrap();
    assert!(moves.iter().any(|t| t == best), "{best} of {moves:?}");
}

/// An engine that greets properly and then misbehaves at `go` as `act`
/// says (a line of shell), written to a script of its own.
fn broken_engine(name: &str, act: &str) -> String {
    let dir = std::env::temp_dir().join(format!("burrow-broken-engines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let script = dir.join(format!("{name}.sh"));
    std::fs::write(
        &script,
        format!(
            "while read -r line; do\n  case \"$line\" in\n    ugi) echo 'id name {name}'; echo ugiok ;;\n    isready) echo readyok ;;\n    go*) {act} ;;\n    quit) exit 0 ;;\n  esac\ndone\n"
        ),
    )
    .expect("the script is written");
    format!("sh {}", script.display())
}

/// The engine `command`, named `name`, plays `random` two games of Box at
/// `clock` in `burrow tournament`.
fn against_random(name: &str, command: &str, clock: &str) -> (bool, String, String) {
    let engine = format!("{name}={command}");
    tournament(&[
        "--variant",
        "box",
        "--engine",
        &engine,
        "--player",
        name,
        "--player",
        "random",
        "--games",
        "2",
        "--clock",
        clock,
    ])
}

fn tournament(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_burrow"))
        .arg("tournament")
        .args(args)
        .env(
            "XDG_CONFIG_HOME",
            std::env::temp_dir().join("burrow-engine-no-config"),
        )
        .output()
        .expect("burrow tournament runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn outside_engines_play_the_levels_and_each_other() {
    let burrow = env!("CARGO_BIN_EXE_burrow");
    let greedy = format!("one={burrow} engine --level greedy");
    let random = format!("two={burrow} engine --level random");
    let (ok, out, err) = tournament(&[
        "--variant",
        "box",
        "--engine",
        &greedy,
        "--engine",
        &random,
        "--player",
        "one",
        "--player",
        "two",
        "--player",
        "random",
        "--games",
        "2",
        "--think-ms",
        "100",
        "--clock",
        "20+0.5",
    ]);
    assert!(ok, "{out}{err}");
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("box: ")).collect();
    assert_eq!(lines.len(), 3, "three pairs: {out}");
    for pair in ["one vs two", "one vs random", "two vs random"] {
        assert!(
            lines
                .iter()
                .any(|l| l.contains(pair) && l.contains("2 games")),
            "{pair}: {out}"
        );
    }
    assert!(!out.contains(" lost: it "), "no engine broke: {out}");
}

#[test]
fn a_broken_engine_loses_each_game_with_its_reason_and_is_reaped() {
    let cases = [
        (
            "illegal",
            "echo 'bestmove a1xh8'",
            "played an illegal turn `a1xh8`",
        ),
        ("slow", "sleep 6; echo 'bestmove a1xh8'", "ran out of time"),
        ("crash", "exit 3", "ended"),
        (
            "garbage",
            "echo 'the best move is a secret'",
            "wrote what the protocol does not say",
        ),
        (
            "hang",
            "trap '' TERM; while :; do sleep 1; done",
            "ran out of time",
        ),
        // A helper of its own that hangs too (its command line names the
        // script, for pgrep below): killed with the engine's group.
        (
            "forks",
            "sh -c 'trap \"\" TERM; while :; do sleep 1; done' \"$0\" & trap '' TERM; while :; do sleep 1; done",
            "ran out of time",
        ),
        // An answer holding a NUL, a clear-screen escape sequence, a
        // zero-width space and a right-to-left override: printed with each
        // written out.
        (
            "controls",
            r"printf 'bestmove a1\000\033[2J\342\200\213\342\200\256\n'",
            r"wrote what the protocol does not say: `bestmove a1\u{0}\u{1b}[2J\u{200b}\u{202e}`",
        ),
    ];
    for (name, act, says) in cases {
        let (ok, out, err) = against_random(name, &broken_engine(name, act), "3+0");
        assert!(ok, "{name}: {out}{err}");
        assert!(
            out.contains(&format!("{name} vs random, 2 games: {name} won 0, lost 2")),
            "{name}: {out}"
        );
        let faults: Vec<&str> = out.lines().filter(|l| l.contains(" lost: it ")).collect();
        assert_eq!(faults.len(), 2, "{name}: {out}");
        for fault in faults {
            assert!(
                fault.contains(&format!("{name} lost: it {says}")),
                "{name}: {fault:?}"
            );
        }
        // Nothing an engine wrote reaches the terminal raw.
        let raw = |c: char| (c.is_control() && c != '\n') || matches!(c, '\u{200b}' | '\u{202e}');
        assert!(!out.contains(raw), "{name}: {out:?}");
    }
    // Every engine's process is gone (the hanging ones killed, with the
    // helper).
    std::thread::sleep(Duration::from_millis(300));
    let left = Command::new("pgrep")
        .args([
            "-f",
            &format!("burrow-broken-engines-{}", std::process::id()),
        ])
        .output();
    if let Ok(left) = left {
        assert!(
            left.stdout.is_empty(),
            "engine processes left behind: {}",
            String::from_utf8_lossy(&left.stdout)
        );
    }
}

#[test]
fn the_python_example_engine_plays_a_level_through_the_protocol() {
    let Some(command) = crate::support::python_example_engine() else {
        return;
    };
    let (ok, out, err) = against_random("fewest", &command, "30+1");
    assert!(ok, "{out}{err}");
    assert!(out.contains("fewest vs random, 2 games"), "{out}");
    assert!(
        !out.contains(" lost: it "),
        "the example broke no rule: {out}"
    );
}
