//! The games a training run plays: self-play for positions, and the
//! candidate's match against the current weights.

use std::sync::atomic::AtomicBool;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::rules::{BoardSize, Position, Rules, Side, Turn, VariantError};

use super::super::learned::{Features, Weights, attach_weights};
use super::super::matches::OPENING_TURNS;
use super::super::search::{SearchConfig, search, turn_by_steps};
use super::super::solver::{SolveLimits, Solver, SolverConfig};
use super::fit::Sample;
use super::{TrainConfig, think};

/// Random turns after the opening, in the first this-many turns of a
/// self-play game, happen with [`EXPLORE`] chance.
const EXPLORE_TURNS: usize = 12;
const EXPLORE: f64 = 0.1;

/// The seed of game `i` of `generation`, for a purpose (`salt`).
fn game_seed(config: &TrainConfig, generation: u32, i: usize, salt: u64) -> u64 {
    config
        .seed
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(u64::from(generation) << 32)
        .wrapping_add(i as u64)
        ^ salt
}

/// `rules` playing with `weights` as their learned evaluation.
fn with_weights(rules: &Rules, weights: &Weights) -> Rules {
    let mut rules = rules.clone();
    // The trainer makes its weights for these very rules.
    let _ = attach_weights(&mut rules, weights.clone());
    rules
}

/// A start: the game's start on `size`, then the opening's random turns
/// (built capture by capture, which stays cheap where a position has
/// thousands of turns).
fn opening(rules: &Rules, size: BoardSize, rng: &mut StdRng) -> Result<Position, VariantError> {
    let mut pos = rules.start(size);
    for _ in 0..OPENING_TURNS {
        match random_turn(rules, &pos, rng)? {
            Some(turn) => pos = turn.result,
            None => break,
        }
    }
    Ok(pos)
}

fn random_turn(
    rules: &Rules,
    pos: &Position,
    rng: &mut StdRng,
) -> Result<Option<Turn>, VariantError> {
    turn_by_steps(rules, pos, &mut |n| rng.random_range(0..n.max(1)))
}

/// The search every training game uses: `config.depth` turns, the learned
/// evaluation of the rules it is given.
fn search_config(config: &TrainConfig) -> SearchConfig {
    SearchConfig {
        time: think(config),
        max_depth: config.depth.max(1),
        table: true,
        table_bytes: 1 << 20,
        root_width: None,
        reductions: false,
        learned: true,
        width: None,
    }
}

/// The search's choice in `pos` and its score, for the side to move.
fn decide(
    rules: &Rules,
    pos: &Position,
    config: &TrainConfig,
) -> Result<Option<(Turn, i32)>, VariantError> {
    let never = AtomicBool::new(false);
    Ok(search(rules, pos, &search_config(config), &never)?.map(|d| (d.turn, d.report.score)))
}

/// A self-play game under way, a turn at a time: a host without threads
/// (the page) plays one turn a step, so a frame waits for at most one
/// turn's search (and, at the game's end, the labelling of its positions),
/// never for a whole game.
pub(super) struct SelfPlay {
    rules: Rules,
    rng: StdRng,
    pos: Position,
    met: Vec<(Features, Side, i32)>,
    positions: Vec<Position>,
}

impl SelfPlay {
    /// Self-play game `i` of `generation` with `weights`, at the end of its
    /// opening.
    pub(super) fn new(
        rules: &Rules,
        size: BoardSize,
        config: &TrainConfig,
        weights: &Weights,
        generation: u32,
        i: usize,
    ) -> Result<SelfPlay, VariantError> {
        let rules = with_weights(rules, weights);
        let mut rng = StdRng::seed_from_u64(game_seed(config, generation, i, 0x7365_6c66));
        let pos = opening(&rules, size, &mut rng)?;
        Ok(SelfPlay {
            rules,
            rng,
            pos,
            met: Vec::new(),
            positions: Vec::new(),
        })
    }

    /// Plays the game to its end: every position met after the opening,
    /// labelled.
    pub(super) fn play_out(mut self, config: &TrainConfig) -> Result<Vec<Sample>, VariantError> {
        loop {
            if let Some(samples) = self.step(config)? {
                return Ok(samples);
            }
        }
    }

    /// Plays the next turn; once the game is over, every position met,
    /// labelled.
    pub(super) fn step(
        &mut self,
        config: &TrainConfig,
    ) -> Result<Option<Vec<Sample>>, VariantError> {
        let Some((turn, score)) = decide(&self.rules, &self.pos, config)? else {
            return self.labelled(config).map(Some);
        };
        let pos = self.pos;
        self.met
            .push((Features::compute(&self.rules, &pos), pos.turn, score));
        self.positions.push(pos);
        let explore = self.met.len() <= EXPLORE_TURNS && self.rng.random_bool(EXPLORE);
        self.pos = match explore.then(|| random_turn(&self.rules, &pos, &mut self.rng)) {
            Some(Ok(Some(random))) => random.result,
            Some(Err(e)) => return Err(e),
            _ => turn.result,
        };
        Ok(None)
    }

    /// The positions met, each with its label, the side to move having
    /// no capture.
    fn labelled(&mut self, config: &TrainConfig) -> Result<Vec<Sample>, VariantError> {
        let loser = self.pos.turn;
        let winner = if self.rules.end().stuck_wins() {
            loser
        } else {
            loser.opponent()
        };
        let exact = exact_values(&self.rules, &self.positions, config.exact_positions)?;
        Ok(std::mem::take(&mut self.met)
            .into_iter()
            .zip(exact)
            .map(|((features, mover, score), exact)| match exact {
                Some(wins) => Sample::exact(features, wins),
                None => Sample::new(features, mover == winner, score, config.result_share),
            })
            .collect())
    }
}

/// Whether the side to move wins each of `positions`, where the solver
/// proves it within `budget` positions searched (latest first, so the
/// earlier ones find the later ones in its table).
fn exact_values(
    rules: &Rules,
    positions: &[Position],
    budget: u64,
) -> Result<Vec<Option<bool>>, VariantError> {
    let mut exact = vec![None; positions.len()];
    if budget == 0 {
        return Ok(exact);
    }
    let solver = Solver::new(
        rules,
        SolverConfig {
            table_bytes: 4 << 20,
            threads: 1,
            ..SolverConfig::default()
        },
    );
    for (i, pos) in positions.iter().enumerate().rev() {
        let solved = solver.prove(pos, &SolveLimits::positions(budget))?;
        exact[i] = solved.knowledge.wins();
    }
    Ok(exact)
}

/// Game `i` of a match between `players[0]` (the candidate) and
/// `players[1]`, under way a turn at a time (as [`SelfPlay`]): in each pair
/// of games both start from the same opening, the candidate White in the
/// first.
pub(super) struct MatchGame {
    /// The candidate's rules, then its opponent's: each with its weights.
    sides: [Rules; 2],
    pos: Position,
    candidate_white: bool,
}

impl MatchGame {
    /// The game, at the end of its opening.
    pub(super) fn new(
        rules: &Rules,
        size: BoardSize,
        config: &TrainConfig,
        players: [&Weights; 2],
        generation: u32,
        i: usize,
    ) -> Result<MatchGame, VariantError> {
        let mut rng = StdRng::seed_from_u64(game_seed(config, generation, i / 2, 0x6d61_7463));
        Ok(MatchGame {
            sides: [
                with_weights(rules, players[0]),
                with_weights(rules, players[1]),
            ],
            pos: opening(rules, size, &mut rng)?,
            candidate_white: i.is_multiple_of(2),
        })
    }

    /// Plays the game to its end: whether the candidate won.
    pub(super) fn play_out(mut self, config: &TrainConfig) -> Result<bool, VariantError> {
        loop {
            if let Some(won) = self.step(config)? {
                return Ok(won);
            }
        }
    }

    /// Plays the next turn; once the game is over, whether the candidate
    /// won.
    pub(super) fn step(&mut self, config: &TrainConfig) -> Result<Option<bool>, VariantError> {
        let candidate_moves = (self.pos.turn == Side::White) == self.candidate_white;
        let player = &self.sides[usize::from(!candidate_moves)];
        match decide(player, &self.pos, config)? {
            Some((turn, _)) => {
                self.pos = turn.result;
                Ok(None)
            }
            None => {
                let mover_wins = player.end().stuck_wins();
                Ok(Some(candidate_moves == mover_wins))
            }
        }
    }
}
