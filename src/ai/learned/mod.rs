//! The learned evaluation: inputs that see the board as the rules do
//! ([`features`]), a linear model over them blended between a full board
//! and an emptied one ([`Weights`]), trained per game by self-play
//! ([`super::train`]).
//!
//! Where a game's weights come from: those attached to its rules (a mod at
//! registration, a design's trained file, [`attach_weights`]), else the
//! four built-in games' own, shipped in `assets/weights/`. A game without
//! weights plays with the hand-set evaluation, as every level below
//! `strongest` does.

pub mod features;
mod weights;

use std::sync::{Arc, OnceLock};

use crate::rules::{RegistryError, Rules};

pub use features::{FEATURES, Features};
pub use weights::{
    BOUND, FEATURES_VERSION, FORMAT_VERSION, SCALE, Weights, WeightsError, chance, hash64,
    rules_fingerprint,
};

/// Weights attached to a game's rules.
#[derive(Clone, Debug)]
struct Attached(Arc<Weights>);

/// Attaches learned weights to a game's rules, once they are checked to be
/// this game's (its id, and for a design its rules).
pub fn attach_weights(rules: &mut Rules, weights: Weights) -> Result<&mut Rules, RegistryError> {
    weights
        .check_game(rules)
        .map_err(|e| RegistryError::Refused {
            variant: rules.id().to_string(),
            reason: e.to_string(),
        })?;
    Ok(rules.attach(Attached(Arc::new(weights))))
}

/// The built-in games' weights files, as shipped.
pub const BUILTIN_WEIGHTS: [(&str, &[u8]); 4] = [
    ("box", include_bytes!("../../../assets/weights/box.brwt")),
    ("path", include_bytes!("../../../assets/weights/path.brwt")),
    (
        "sweep",
        include_bytes!("../../../assets/weights/sweep.brwt"),
    ),
    (
        "tumburrow",
        include_bytes!("../../../assets/weights/tumburrow.brwt"),
    ),
];

/// The built-in game `id`'s weights, read once; a file that cannot be read
/// is reported once and the game plays without.
fn builtin(id: &str) -> Option<Arc<Weights>> {
    static READ: OnceLock<Vec<(&'static str, Option<Arc<Weights>>)>> = OnceLock::new();
    let read = READ.get_or_init(|| {
        BUILTIN_WEIGHTS
            .iter()
            .map(|&(id, bytes)| match Weights::from_bytes(bytes) {
                Ok(w) if w.game == id && w.fingerprint == 0 => (id, Some(Arc::new(w))),
                Ok(w) => {
                    tracing::warn!(
                        "the shipped weights of `{id}` are for `{}`: it plays without",
                        w.game
                    );
                    (id, None)
                }
                Err(e) => {
                    tracing::warn!("the shipped weights of `{id}` cannot be read: {e}");
                    (id, None)
                }
            })
            .collect()
    });
    read.iter()
        .find(|(known, _)| *known == id)
        .and_then(|(_, w)| w.clone())
}

/// The learned weights `rules` play with, if any: attached ones, else the
/// built-in game's (for the built-in game itself, not a design that took
/// its id).
pub fn weights_of(rules: &Rules) -> Option<Arc<Weights>> {
    if let Some(Attached(w)) = rules.attachment::<Attached>() {
        return Some(w.clone());
    }
    if rules.variant().design().is_some() {
        return None;
    }
    builtin(rules.id())
}

/// Where a game file's weights are kept: beside it, as `NAME.brwt`.
pub fn weights_file_beside(game_file: &std::path::Path) -> std::path::PathBuf {
    game_file.with_extension("brwt")
}

/// A weights file that was there but could not be used: the game plays
/// without it.
#[derive(Debug, thiserror::Error)]
#[error("{}: {problem}; the weights are not used", path.display())]
pub struct WeightsFileError {
    pub path: std::path::PathBuf,
    #[source]
    pub problem: WeightsError,
}

/// Attaches the weights of the file at `path` to the game they were
/// trained for; the error (and no change) if the file cannot be read, is no
/// weights file, or names no game of `registry`.
#[cfg(not(target_arch = "wasm32"))]
pub fn attach_weights_file(
    registry: &mut crate::rules::VariantRegistry,
    path: &std::path::Path,
) -> Result<(), WeightsFileError> {
    let failed = |problem| WeightsFileError {
        path: path.to_path_buf(),
        problem,
    };
    let bytes = std::fs::read(path).map_err(|e| {
        failed(WeightsError::Unreadable {
            reason: e.to_string(),
        })
    })?;
    let weights = Weights::from_bytes(&bytes).map_err(failed)?;
    let Some(rules) = registry.get_mut(&weights.game) else {
        return Err(failed(WeightsError::UnknownGame(weights.game)));
    };
    weights.check_game(rules).map_err(failed)?;
    rules.attach(Attached(Arc::new(weights)));
    Ok(())
}

/// Attaches the weights kept beside `game_file` to the game `id` of
/// `registry`, if there are any: `Ok(true)` if attached, `Ok(false)` if
/// there is no such file, the error (and no weights) if it is refused.
#[cfg(not(target_arch = "wasm32"))]
pub fn attach_weights_beside(
    registry: &mut crate::rules::VariantRegistry,
    id: &str,
    game_file: &std::path::Path,
) -> Result<bool, WeightsFileError> {
    let path = weights_file_beside(game_file);
    let failed = |problem| WeightsFileError {
        path: path.clone(),
        problem,
    };
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(e) => {
            return Err(failed(WeightsError::Unreadable {
                reason: e.to_string(),
            }));
        }
    };
    let Some(rules) = registry.get_mut(id) else {
        return Ok(false);
    };
    let weights = Weights::for_game(&bytes, rules).map_err(failed)?;
    rules.attach(Attached(Arc::new(weights)));
    Ok(true)
}
