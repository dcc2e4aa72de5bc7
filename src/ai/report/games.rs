//! A level's games for the report: each played from a random opening to
//! its end, with the figures of who led, how late it was decided and how
//! many turns each position had.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Duration;

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

use crate::rules::{BoardSize, Position, Rules, Side, VariantError, state_budget};

use super::{EXPLOSION_STATES, LevelGames, ReportConfig};
use crate::ai::{Level, choose};

/// The think time of a level that takes one (only `strongest` does).
const THINK: Duration = Duration::from_millis(100);
/// What one game showed.
struct GameFigures {
    white_won: bool,
    length: u32,
    lead_changes: u32,
    decided_late: bool,
    turns_listed: u64,
    positions_listed: u64,
    longest_chain: usize,
    exploded: u32,
}

/// Turns played at random before the levels take over, one each, so the
/// games of a level differ (its search is deterministic) and White still
/// moves first.
const OPENING_TURNS: usize = 2;

fn one_game(
    rules: &Rules,
    level: Level,
    board: BoardSize,
    seed: u64,
) -> Result<GameFigures, VariantError> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = rules.start(board);
    let mut opening = Vec::new();
    for _ in 0..OPENING_TURNS {
        let Some(turns) = rules.turns_until(&pos, &mut state_budget(EXPLOSION_STATES))? else {
            break;
        };
        let Some(turn) = turns.choose(&mut rng) else {
            break;
        };
        opening.push((turn.result, turn.captures.len()));
        pos = turn.result;
    }
    // The levels play on; every position's turns are listed for the figures.
    let never = AtomicBool::new(false);
    let mut figures = GameFigures {
        white_won: false,
        length: opening.len() as u32,
        lead_changes: 0,
        decided_late: false,
        turns_listed: 0,
        positions_listed: 0,
        longest_chain: opening.iter().map(|(_, chain)| *chain).max().unwrap_or(0),
        exploded: 0,
    };
    let mut after = Vec::new();
    let winner = loop {
        match rules.turns_until(&pos, &mut state_budget(EXPLOSION_STATES))? {
            Some(list) => {
                figures.turns_listed += list.len() as u64;
                figures.positions_listed += 1;
            }
            None => figures.exploded += 1,
        }
        let seed = seed
            .wrapping_mul(1_000_003)
            .wrapping_add(u64::from(figures.length));
        let Some(decision) = choose(rules, &pos, level, THINK, seed, &never)? else {
            break rules.winner_when_stuck(&pos);
        };
        figures.length += 1;
        figures.longest_chain = figures.longest_chain.max(decision.turn.captures.len());
        pos = decision.turn.result;
        after.push(pos);
    };
    figures.white_won = winner == Side::White;
    // Who is ahead in pieces after each turn, the opening's included.
    let positions: Vec<Position> = opening.iter().map(|(p, _)| *p).chain(after).collect();
    let mut lead: Option<Side> = None;
    let mut winner_took_lead_at = 0;
    for (ply, pos) in positions.iter().enumerate() {
        let white = pos.board.pieces(Side::White).count();
        let black = pos.board.pieces(Side::Black).count();
        let ahead = match white.cmp(&black) {
            std::cmp::Ordering::Greater => Some(Side::White),
            std::cmp::Ordering::Less => Some(Side::Black),
            std::cmp::Ordering::Equal => lead,
        };
        if ahead != lead {
            if lead.is_some() {
                figures.lead_changes += 1;
            }
            if ahead == Some(winner) {
                winner_took_lead_at = ply + 1;
            }
            lead = ahead;
        }
    }
    figures.decided_late = winner_took_lead_at * 4 > positions.len() * 3;
    Ok(figures)
}

pub(super) fn level_games(
    rules: &Rules,
    level: Level,
    config: &ReportConfig,
    cancel: &AtomicBool,
) -> Result<LevelGames, VariantError> {
    let next = AtomicU32::new(0);
    let figures: Mutex<Vec<(u32, GameFigures)>> = Mutex::new(Vec::new());
    let failure: Mutex<Option<VariantError>> = Mutex::new(None);
    let work = || {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= config.games || cancel.load(Ordering::Relaxed) {
                break;
            }
            let seed = config.seed.wrapping_mul(7_919).wrapping_add(u64::from(i));
            match one_game(rules, level, config.board, seed) {
                Ok(f) => figures
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .push((i, f)),
                Err(e) => {
                    *failure.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                    next.store(config.games, Ordering::Relaxed);
                }
            }
        }
    };
    // On this thread where there are no others (the web page, whose build
    // then leaves the threaded branch out).
    if config.threads <= 1 || cfg!(target_arch = "wasm32") {
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..config.threads {
                scope.spawn(work);
            }
        });
    }
    if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    let mut figures = figures.into_inner().unwrap_or_else(|p| p.into_inner());
    figures.sort_by_key(|(i, _)| *i);
    let games = figures.len().max(1) as f64;
    let listed: u64 = figures.iter().map(|(_, f)| f.positions_listed).sum();
    Ok(LevelGames {
        level,
        white_wins: figures.iter().filter(|(_, f)| f.white_won).count() as u32,
        lengths: figures.iter().map(|(_, f)| f.length).collect(),
        lead_changes: figures
            .iter()
            .map(|(_, f)| f64::from(f.lead_changes))
            .sum::<f64>()
            / games,
        decided_late: figures.iter().filter(|(_, f)| f.decided_late).count() as f64 / games,
        turns_per_position: figures.iter().map(|(_, f)| f.turns_listed).sum::<u64>() as f64
            / listed.max(1) as f64,
        longest_chain: figures
            .iter()
            .map(|(_, f)| f.longest_chain)
            .max()
            .unwrap_or(0),
        exploded_positions: figures.iter().map(|(_, f)| f.exploded).sum(),
    })
}
