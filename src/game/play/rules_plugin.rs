//! The rules plugin: every intent checked against the engine and applied
//! to the [`Game`], then its facts announced. Nothing else mutates the
//! game.

use bevy::prelude::*;

use crate::ai::learned::{Weights, attach_weights, weights_of};
use crate::game::platform::weights_store;
use crate::game::sets::GameSet;
use crate::rules::{Design, GameRecord, RegistryError};

use super::game::Game;
use super::messages::{
    BoardReset, CaptureIntent, CaptureMade, GameEnded, GameIntent, GameStarted, Refused,
};
use super::refusal::Refusal;
use super::setup::{GameMode, Variants};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<CaptureIntent>()
        .add_message::<GameIntent>()
        .add_message::<CaptureMade>()
        .add_message::<BoardReset>()
        .add_message::<GameStarted>()
        .add_message::<GameEnded>()
        .add_message::<Refused>()
        .add_systems(
            Update,
            (apply_game_intents, apply_capture_intents)
                .chain()
                .in_set(GameSet::Rules),
        );
}

fn apply_capture_intents(
    mut intents: MessageReader<CaptureIntent>,
    mut game: ResMut<Game>,
    mut made: MessageWriter<CaptureMade>,
    mut ended: MessageWriter<GameEnded>,
    mut refused: MessageWriter<Refused>,
) {
    for CaptureIntent(capture) in intents.read() {
        let mover = game.to_move();
        match game.apply_capture(capture) {
            Ok((path, turn_over)) => {
                made.write(CaptureMade {
                    mover,
                    capture: *capture,
                    path,
                    turn_over,
                });
                if let Some(outcome) = game.outcome.filter(|_| turn_over) {
                    ended.write(GameEnded(outcome));
                }
            }
            Err(reason) => {
                refused.write(Refused(reason));
            }
        }
    }
}

/// A record of a game described by a file brings the game along: it joins
/// the games here (and the title screen's cards) unless it is there.
fn adopt_design(variants: &mut Variants, record: &GameRecord) -> Result<(), Refusal> {
    match &record.design {
        Some(design) => variants
            .0
            .adopt((**design).clone())
            .map(|_| ())
            .map_err(Refusal::Design),
        None => Ok(()),
    }
}

fn apply_game_intents(
    mut intents: MessageReader<GameIntent>,
    mut game: ResMut<Game>,
    mut variants: ResMut<Variants>,
    mut reset: MessageWriter<BoardReset>,
    mut started: MessageWriter<GameStarted>,
    mut refused: MessageWriter<Refused>,
    mut ended: MessageWriter<GameEnded>,
) {
    for intent in intents.read() {
        if let GameIntent::PutDesign { design, play: None } = intent {
            if let Err(e) = put_design(&mut variants, design) {
                refused.write(Refused(Refusal::Design(e)));
            }
            continue;
        }
        if let GameIntent::PutWeights(weights) = intent {
            let attached = match variants.0.get_mut(&weights.game) {
                Some(rules) => attach_weights(rules, (**weights).clone()).map(|_| ()),
                None => Err(RegistryError::Refused {
                    variant: weights.game.clone(),
                    reason: "no such game here".into(),
                }),
            };
            if let Err(e) = attached {
                refused.write(Refused(Refusal::Design(e)));
            }
            continue;
        }
        let starts_a_game = matches!(
            intent,
            GameIntent::NewGame(_)
                | GameIntent::LoadRecord(_)
                | GameIntent::Load { .. }
                | GameIntent::PutDesign { .. }
        );
        let result: Result<bool, Refusal> = match intent {
            GameIntent::Undo | GameIntent::Redo if game.is_online() => {
                Err(Refusal::Online(crate::tr!("online-no-undo")))
            }
            GameIntent::Undo => Ok(game.undo()),
            GameIntent::Redo => game.redo(),
            GameIntent::NewGame(setup) => Game::new(&variants, setup.clone()).map(|s| {
                *game = s;
                true
            }),
            GameIntent::LoadRecord(text) => text
                .parse::<GameRecord>()
                .map_err(Refusal::BadRecord)
                .and_then(|record| {
                    adopt_design(&mut variants, &record)?;
                    let white = game.setup.white.kept_for_local();
                    let black = game.setup.black.kept_for_local();
                    Game::from_record(&variants, &record, white, black, GameMode::Local)
                })
                .map(|s| {
                    *game = s;
                    true
                }),
            GameIntent::Load {
                record,
                white,
                black,
                mode,
            } => adopt_design(&mut variants, record).and_then(|()| {
                Game::from_record(&variants, record, *white, *black, mode.clone()).map(|s| {
                    *game = s;
                    true
                })
            }),
            GameIntent::Resign(side) => game.resign(*side).map(|()| true),
            // Taken above: it changes no game.
            GameIntent::PutWeights(_) => Ok(false),
            GameIntent::Review(index) => {
                game.review = index.filter(|&i| i < game.history.ply());
                Ok(true)
            }
            GameIntent::PutDesign { design, play } => put_design(&mut variants, design)
                .map_err(Refusal::Design)
                .and_then(|()| match play {
                    Some(setup) => Game::new(&variants, setup.clone()).map(|s| {
                        *game = s;
                        true
                    }),
                    None => Ok(true),
                }),
        };
        match result {
            Ok(true) => {
                reset.write(BoardReset);
                if starts_a_game {
                    started.write(GameStarted);
                }
                if let (GameIntent::Resign(_), Some(outcome)) = (intent, game.outcome) {
                    ended.write(GameEnded(outcome));
                }
            }
            Ok(false) => {
                refused.write(Refused(Refusal::NothingToUndo));
            }
            Err(reason) => {
                refused.write(Refused(reason));
            }
        }
    }
}

/// Puts a design among the games, with the learned weights it had (if its
/// rules did not change) or the ones kept for it ([`weights_store`]).
fn put_design(variants: &mut Variants, design: &Design) -> Result<(), RegistryError> {
    let before = variants.0.get(&design.id).and_then(weights_of);
    variants.0.put_design(design.clone())?;
    let Some(rules) = variants.0.get_mut(&design.id) else {
        return Ok(());
    };
    if weights_of(rules).is_some() {
        return Ok(());
    }
    let kept = || {
        let bytes = weights_store::kept(&design.id, designs_folder().as_deref())?;
        Weights::from_bytes(&bytes).ok()
    };
    for weights in [before.map(|w| (*w).clone()), kept()].into_iter().flatten() {
        if attach_weights(rules, weights).is_ok() {
            break;
        }
    }
    Ok(())
}

/// The designs folder, where their weights are kept (none on the page).
fn designs_folder() -> Option<std::path::PathBuf> {
    #[cfg(not(target_arch = "wasm32"))]
    return crate::places::designs_dir();
    #[cfg(target_arch = "wasm32")]
    None
}
