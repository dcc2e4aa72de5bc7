//! Engines from outside in Burrow's matches: the games an engine from
//! outside ([`OutsideEngine`]) plays against the levels and other engines,
//! Burrow's rules the referee. An engine at fault loses that game, with the
//! reason.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::ai::{self, Level};
use crate::engine::{Clocks, Fault, OutsideEngine};
use crate::rules::{History, IllegalTurn, Position, Rules, Side};

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
#[derive(Debug)]
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
    let mut clocks = clock.map(|(each, increment)| Clocks::new(each, increment));
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
            .ok_or(Fault::NoTurn),
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
        if let (Some(clocks), Seat::Outside(_)) = (clocks.as_mut(), &*seat)
            && !clocks.spend(mover.index(), began.elapsed())
        {
            return Ok(lose(Fault::Time, history));
        }
        if let Err(error) = history.play(rules, turn.clone()) {
            let index = history.ply();
            let illegal = IllegalTurn { index, turn, error };
            return Ok(lose(Fault::Illegal(Box::new(illegal)), history));
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
#[derive(Debug)]
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
