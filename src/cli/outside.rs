//! Engines from outside in Burrow's matches: a program that speaks the
//! engine protocol (docs/engine-protocol.md), run as a child process, and
//! the games it plays against the levels and other engines with Burrow's
//! rules as the referee. An engine that plays an illegal turn, runs out of
//! time, ends, writes what the protocol does not say or says nothing at all
//! loses that game, with the reason; its process is always reaped.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::ai::{self, Level};
use crate::rules::{History, PlayedTurn, Position, Rules, Side};

/// How long an engine may take to start and answer `ugi` and `isready`.
const HANDSHAKE: Duration = Duration::from_secs(10);

/// What an engine's clock may run over by before it has lost on time: the
/// time for its answer to come through the pipe.
const GRACE: Duration = Duration::from_millis(200);

/// How long an engine may take to end after `quit` before it is killed.
const QUIT_WAIT: Duration = Duration::from_millis(500);

/// Why an engine lost a game (or could not start).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    #[error("could not start `{command}`: {why}")]
    Start { command: String, why: String },
    #[error("played an illegal turn `{turn}`: {why}")]
    Illegal { turn: String, why: String },
    #[error("ran out of time")]
    Time,
    #[error("ended (its process exited)")]
    Crash,
    #[error("wrote what the protocol does not say: `{0}`")]
    Garbage(String),
    #[error("did not answer `{0}` in time")]
    Silent(&'static str),
}

/// An engine from outside, running.
pub struct OutsideEngine {
    pub name: String,
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl OutsideEngine {
    /// Starts `command` (a program and its arguments, separated by spaces)
    /// and greets it; it plays `rules` on `start`'s board.
    pub fn start(
        name: &str,
        command: &str,
        rules: &Rules,
        start: &Position,
    ) -> Result<OutsideEngine, Fault> {
        // The program and its arguments, split at spaces; no shell between
        // (so the process reaped is the engine itself).
        let mut words = command.split_whitespace();
        let program = words.next().ok_or_else(|| Fault::Start {
            command: command.to_string(),
            why: "the command is empty".into(),
        })?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Fault::Start {
                command: command.to_string(),
                why: e.to_string(),
            })?;
        let out = child.stdout.take().expect("piped");
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut out = BufReader::new(out);
            let mut bytes = Vec::new();
            while matches!(out.read_until(b'\n', &mut bytes), Ok(n) if n > 0) {
                let line = String::from_utf8_lossy(&bytes).trim_end().to_string();
                bytes.clear();
                if send.send(line).is_err() {
                    return;
                }
            }
        });
        let input = child.stdin.take();
        let mut engine = OutsideEngine {
            name: name.to_string(),
            child,
            input,
            lines,
        };
        engine.send("ugi")?;
        engine.wait_for("ugiok", "ugi", HANDSHAKE)?;
        match rules.variant().design() {
            Some(design) => {
                engine.send(&format!("setoption name design value {}", design.code()))?
            }
            None => engine.send(&format!("setoption name variant value {}", rules.id()))?,
        }
        let size = start.size();
        engine.send(&format!(
            "setoption name size value {}x{}",
            size.files(),
            size.ranks()
        ))?;
        engine.send("isready")?;
        engine.wait_for("readyok", "isready", HANDSHAKE)?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        let input = self.input.as_mut().ok_or(Fault::Crash)?;
        writeln!(input, "{line}")
            .and_then(|()| input.flush())
            .map_err(|_| Fault::Crash)
    }

    /// Reads lines until one is `word` (or starts with it), passing over
    /// `info` and empty lines; anything else is garbage.
    fn wait_for(
        &mut self,
        word: &str,
        asked: &'static str,
        within: Duration,
    ) -> Result<String, Fault> {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => return Err(Fault::Silent(asked)),
                Err(RecvTimeoutError::Disconnected) => return Err(Fault::Crash),
            };
            let first = line.split_whitespace().next().unwrap_or_default();
            if first == word {
                return Ok(line);
            }
            let expected = matches!(first, "" | "info" | "id" | "option" | "response");
            if !expected {
                return Err(Fault::Garbage(line.chars().take(80).collect()));
            }
        }
    }

    /// The engine's turn in the game `history` (from its start), within
    /// the clocks (the mover's time left, `None` without clocks: then
    /// `think`).
    fn best_turn(
        &mut self,
        history: &History,
        clocks: Option<&Clocks>,
        think: Duration,
    ) -> Result<PlayedTurn, Fault> {
        let turns: Vec<String> = history.turns().iter().map(ToString::to_string).collect();
        let moves = if turns.is_empty() {
            String::new()
        } else {
            format!(" moves {}", turns.join(" "))
        };
        self.send(&format!("position fen {}{moves}", history.start()))?;
        let (go, within) = match clocks {
            Some(c) => (
                format!(
                    "go p1time {} p2time {} p1inc {} p2inc {}",
                    c.left[0].as_millis(),
                    c.left[1].as_millis(),
                    c.increment.as_millis(),
                    c.increment.as_millis()
                ),
                c.left[history.position().turn.index()] + GRACE,
            ),
            None => (
                format!("go movetime {}", think.as_millis()),
                think * 2 + GRACE,
            ),
        };
        self.send(&go)?;
        let line = match self.wait_for("bestmove", "go", within) {
            Err(Fault::Silent(_)) => return Err(Fault::Time),
            other => other?,
        };
        let text = line.split_whitespace().nth(1).unwrap_or_default();
        text.parse::<PlayedTurn>()
            .map_err(|_| Fault::Garbage(line.chars().take(80).collect()))
    }
}

impl Drop for OutsideEngine {
    /// Asks the engine to quit, then kills it if it does not, and reaps it.
    fn drop(&mut self) {
        let _ = self.send("quit");
        drop(self.input.take());
        let end = Instant::now() + QUIT_WAIT;
        while Instant::now() < end {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Both sides' time left and the increment each turn adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// White's, Black's.
    pub left: [Duration; 2],
    pub increment: Duration,
}

/// A seat at a game: a level of Burrow's, or an engine from outside.
pub enum Seat<'a> {
    Level(Level),
    Outside(&'a mut OutsideEngine),
}

impl Seat<'_> {
    pub fn name(&self) -> String {
        match self {
            Seat::Level(level) => level.to_string(),
            Seat::Outside(engine) => engine.name.clone(),
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    pub winner: Side,
    /// Why the loser lost when it was not the rules' end (a fault).
    pub fault: Option<Fault>,
    pub history: History,
}

/// Plays one game from `start` with `clock` (time each, increment) for the
/// engines from outside; Burrow's rules judge every turn.
pub fn play_game(
    rules: &Rules,
    start: Position,
    seats: [&mut Seat; 2],
    clock: Option<(Duration, Duration)>,
    think: Duration,
    seed: u64,
) -> Result<GameEnd, crate::rules::VariantError> {
    let mut history = History::new(start);
    let mut clocks = clock.map(|(each, increment)| Clocks {
        left: [each; 2],
        increment,
    });
    let never = AtomicBool::new(false);
    loop {
        let position = *history.position();
        if !rules.has_initial_capture(&position) {
            return Ok(GameEnd {
                winner: rules.winner_when_stuck(&position),
                fault: None,
                history,
            });
        }
        let mover = position.turn;
        let seat: &mut Seat = &mut *seats[mover.index()];
        let began = Instant::now();
        let chosen = match seat {
            Seat::Level(level) => ai::choose(
                rules,
                &position,
                *level,
                think,
                seed ^ history.ply() as u64,
                &never,
            )?
            .map(|d| d.turn.played())
            .ok_or(Fault::Illegal {
                turn: "(none)".into(),
                why: "a level found no turn".into(),
            }),
            Seat::Outside(engine) => engine.best_turn(&history, clocks.as_ref(), think),
        };
        let lose = |fault: Fault, history: History| GameEnd {
            winner: mover.opponent(),
            fault: Some(fault),
            history,
        };
        let turn = match chosen {
            Ok(turn) => turn,
            Err(fault) => return Ok(lose(fault, history)),
        };
        if let (Some(clocks), Seat::Outside(_)) = (clocks.as_mut(), &*seat) {
            let left = &mut clocks.left[mover.index()];
            let spent = began.elapsed();
            if spent > *left + GRACE {
                return Ok(lose(Fault::Time, history));
            }
            *left = left.saturating_sub(spent) + clocks.increment;
        }
        if let Err(why) = history.play(rules, turn.clone()) {
            return Ok(lose(
                Fault::Illegal {
                    turn: turn.to_string(),
                    why: why.to_string(),
                },
                history,
            ));
        }
    }
}

/// A player of a round robin: a level, or an engine from outside by the
/// name the command line gave it and its command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    Level(Level),
    Outside { name: String, command: String },
}

impl Player {
    pub fn name(&self) -> String {
        match self {
            Player::Level(level) => level.to_string(),
            Player::Outside { name, .. } => name.clone(),
        }
    }
}

/// One pair's games: A's result, and each game an engine lost by a fault
/// (its number from 1, the loser's name, the fault).
#[derive(Clone, Debug)]
pub struct PairResult {
    pub a: String,
    pub b: String,
    pub result: ai::MatchResult,
    pub faults: Vec<(u64, String, Fault)>,
}

/// Every pair of `players` plays `games` games, colours alternating, both
/// games of a pair of games from the same opening; an engine is started
/// for each game (so a crash costs one game) and reaped after it.
pub fn round_robin(
    rules: &Rules,
    players: &[Player],
    games: u64,
    seed: u64,
    think: Duration,
    clock: Option<(Duration, Duration)>,
    mut played: impl FnMut(&str),
) -> Result<Vec<PairResult>, crate::rules::VariantError> {
    let mut results = Vec::new();
    for (i, a) in players.iter().enumerate() {
        for b in &players[i + 1..] {
            let mut pair = PairResult {
                a: a.name(),
                b: b.name(),
                result: ai::MatchResult::default(),
                faults: Vec::new(),
            };
            for game in 0..games {
                let a_white = game % 2 == 0;
                let start = ai::opening(rules, seed.wrapping_add(game / 2))?;
                let (white, black) = if a_white { (a, b) } else { (b, a) };
                let end = one_game(rules, start, [white, black], think, clock, seed ^ game)?;
                if (end.winner == Side::White) == a_white {
                    pair.result.wins += 1;
                } else {
                    pair.result.losses += 1;
                }
                if let Some(fault) = end.fault {
                    let loser = if end.winner == Side::White {
                        black
                    } else {
                        white
                    };
                    pair.faults.push((game + 1, loser.name(), fault));
                }
                played(&format!("{} vs {}", pair.a, pair.b));
            }
            results.push(pair);
        }
    }
    Ok(results)
}

/// One game between two players, their engines started for it.
fn one_game(
    rules: &Rules,
    start: Position,
    players: [&Player; 2],
    think: Duration,
    clock: Option<(Duration, Duration)>,
    seed: u64,
) -> Result<GameEnd, crate::rules::VariantError> {
    let mut engines: [Option<OutsideEngine>; 2] = [None, None];
    for (side, player) in [Side::White, Side::Black].into_iter().zip(players) {
        if let Player::Outside { name, command } = player {
            match OutsideEngine::start(name, command, rules, &start) {
                Ok(engine) => engines[side.index()] = Some(engine),
                Err(fault) => {
                    return Ok(GameEnd {
                        winner: side.opponent(),
                        fault: Some(fault),
                        history: History::new(start),
                    });
                }
            }
        }
    }
    let [white_engine, black_engine] = &mut engines;
    let mut white = seat(players[0], white_engine.as_mut());
    let mut black = seat(players[1], black_engine.as_mut());
    play_game(rules, start, [&mut white, &mut black], clock, think, seed)
}

fn seat<'a>(player: &Player, engine: Option<&'a mut OutsideEngine>) -> Seat<'a> {
    match (player, engine) {
        (_, Some(engine)) => Seat::Outside(engine),
        (Player::Level(level), None) => Seat::Level(*level),
        (Player::Outside { .. }, None) => Seat::Level(Level::Random),
    }
}
