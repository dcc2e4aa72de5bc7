//! A game's learned weights: what they are, how the search uses them (an
//! integer dot product, no allocation), and their file.
//!
//! The file is small and binary, little-endian throughout:
//!
//! | bytes | what |
//! |---|---|
//! | 4 | `BRWT` |
//! | 2 | the file format's version ([`FORMAT_VERSION`]) |
//! | 2 | the inputs' version ([`FEATURES_VERSION`]) |
//! | 2 | the number of inputs ([`FEATURES`]) |
//! | 1 + n | the game's id: its length, then its bytes |
//! | 8 | the rules' fingerprint ([`rules_fingerprint`]; 0 for a game that is not a design) |
//! | 2 × inputs × 2 | the weights on a full board, then on an emptied one, `i16` each |
//! | 4 | a checksum of everything before it (FNV-1a, 32 bits) |
//!
//! Reading checks each of them and names the first that is wrong.

use std::fmt;

use crate::rules::{Position, Rules};

use super::features::{FEATURES, Features, PHASE_ONE};

/// The file format's version.
pub const FORMAT_VERSION: u16 = 1;

/// The version of what the inputs mean ([`super::features`]): weights for
/// other inputs cannot be used.
pub const FEATURES_VERSION: u16 = 1;

const MAGIC: &[u8; 4] = b"BRWT";

/// How many points of the learned evaluation make the odds of winning `e`
/// times better: the chance of winning is `1 / (1 + e^(-score / SCALE))`.
pub const SCALE: f64 = 400.0;

/// The furthest the learned evaluation goes from zero, well inside the
/// search's forced results.
pub const BOUND: i32 = 30_000;

/// A game's learned weights: one set for a full board and one for an
/// emptied one, blended by how full the board is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// The game they were learnt for.
    pub game: String,
    /// The rules they were learnt under ([`rules_fingerprint`]).
    pub fingerprint: u64,
    pub full: [i16; FEATURES],
    pub empty: [i16; FEATURES],
}

/// Why a weights file cannot be used. Each names the problem; the game then
/// plays with the evaluation it has without weights.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    #[error("the weights file cannot be read: {reason}")]
    Unreadable { reason: String },
    #[error("not a weights file (it does not start with `BRWT`)")]
    NotWeights,
    #[error("the weights file is cut short: {needed} bytes needed, {found} there")]
    Truncated { needed: usize, found: usize },
    #[error(
        "the weights file is of format version {found}; this version of Burrow reads version {FORMAT_VERSION}"
    )]
    FormatVersion { found: u16 },
    #[error(
        "the weights were learnt over inputs of version {found} ({count} of them); this version of Burrow computes version {FEATURES_VERSION} ({FEATURES} inputs): train the game again"
    )]
    FeaturesVersion { found: u16, count: u16 },
    #[error("the weights file's game id is not UTF-8 text")]
    BadId,
    #[error("the weights file is damaged (its checksum does not match)")]
    Checksum,
    #[error("the weights file has {0} bytes after its end")]
    TrailingBytes(usize),
    #[error("the weights are for the game `{0}`, which is not here")]
    UnknownGame(String),
    #[error("the weights are for the game `{weights}`, not `{game}`")]
    OtherGame { weights: String, game: String },
    #[error(
        "the weights were learnt for other rules of `{game}` (the design has changed since): train it again"
    )]
    OtherRules { game: String },
}

/// FNV-1a, 32 bits.
fn checksum(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |hash, &b| {
        (hash ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// FNV-1a, 64 bits (also the solver's files' checksum).
pub fn hash64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// What identifies a game's rules beyond its id: for a design, a hash of
/// its game file with its name and summary left out (so renaming keeps the
/// weights, and changing a rule does not); 0 for a built-in game or a mod,
/// whose id names its rules.
pub fn rules_fingerprint(rules: &Rules) -> u64 {
    match rules.variant().design() {
        Some(design) => {
            let mut bare = design.clone();
            bare.name = String::new();
            bare.summary = String::new();
            hash64(bare.to_string().as_bytes())
        }
        None => 0,
    }
}

/// Reads little-endian values off the front of a byte slice.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], WeightsError> {
        let end = self.at + n;
        if end > self.bytes.len() {
            return Err(WeightsError::Truncated {
                needed: end,
                found: self.bytes.len(),
            });
        }
        let part = &self.bytes[self.at..end];
        self.at = end;
        Ok(part)
    }

    fn u16(&mut self) -> Result<u16, WeightsError> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
}

impl Weights {
    /// The weights that score a position exactly as the hand-set
    /// evaluation of `material` and `mobility` points a piece does (in the
    /// learned evaluation's units): where training starts.
    pub fn from_hand(game: &str, fingerprint: u64, material: i32, mobility: i32) -> Weights {
        use super::features::{PER_SIDE, slot};
        let mut set = [0i16; FEATURES];
        let clamp = |v: i32| v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        set[slot::PIECES] = clamp(material);
        set[PER_SIDE + slot::PIECES] = clamp(-material);
        set[slot::CAPTURERS] = clamp(mobility);
        set[PER_SIDE + slot::CAPTURERS] = clamp(-mobility);
        Weights {
            game: game.to_string(),
            fingerprint,
            full: set,
            empty: set,
        }
    }

    /// The position's score from the side to move's point of view, in
    /// [`SCALE`] units, within ±[`BOUND`].
    #[inline]
    pub fn score(&self, features: &Features) -> i32 {
        let mut full = 0i32;
        let mut empty = 0i32;
        for ((&count, &w_full), &w_empty) in features
            .counts
            .iter()
            .zip(self.full.iter())
            .zip(self.empty.iter())
        {
            full += i32::from(count) * i32::from(w_full);
            empty += i32::from(count) * i32::from(w_empty);
        }
        let phase = i32::from(features.phase);
        let blended = (i64::from(full) * i64::from(phase)
            + i64::from(empty) * i64::from(i32::from(PHASE_ONE) - phase))
            / i64::from(PHASE_ONE);
        blended.clamp(-i64::from(BOUND), i64::from(BOUND)) as i32
    }

    /// The side to move's chance of winning `pos`, as these weights see it.
    pub fn winning_chance(&self, rules: &Rules, pos: &Position) -> f64 {
        chance(self.score(&Features::compute(rules, pos)))
    }

    /// Whether these weights were learnt for `rules`.
    pub fn check_game(&self, rules: &Rules) -> Result<(), WeightsError> {
        if self.game != rules.id() {
            return Err(WeightsError::OtherGame {
                weights: self.game.clone(),
                game: rules.id().to_string(),
            });
        }
        if self.fingerprint != rules_fingerprint(rules) {
            return Err(WeightsError::OtherRules {
                game: rules.id().to_string(),
            });
        }
        Ok(())
    }

    /// The weights file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(32 + self.game.len() + 4 * FEATURES);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&FEATURES_VERSION.to_le_bytes());
        out.extend_from_slice(&(FEATURES as u16).to_le_bytes());
        let id = self.game.as_bytes();
        let id = &id[..id.len().min(255)];
        out.push(id.len() as u8);
        out.extend_from_slice(id);
        out.extend_from_slice(&self.fingerprint.to_le_bytes());
        for w in self.full.iter().chain(self.empty.iter()) {
            out.extend_from_slice(&w.to_le_bytes());
        }
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a weights file, checking every part of it (but not which game
    /// it is for: see [`Weights::for_game`]).
    pub fn from_bytes(bytes: &[u8]) -> Result<Weights, WeightsError> {
        let mut r = Reader { bytes, at: 0 };
        if bytes.len() < MAGIC.len() {
            return if MAGIC.starts_with(bytes) {
                Err(WeightsError::Truncated {
                    needed: MAGIC.len(),
                    found: bytes.len(),
                })
            } else {
                Err(WeightsError::NotWeights)
            };
        }
        if r.take(4)? != MAGIC {
            return Err(WeightsError::NotWeights);
        }
        let format = r.u16()?;
        if format != FORMAT_VERSION {
            return Err(WeightsError::FormatVersion { found: format });
        }
        let features = r.u16()?;
        let count = r.u16()?;
        if features != FEATURES_VERSION || usize::from(count) != FEATURES {
            return Err(WeightsError::FeaturesVersion {
                found: features,
                count,
            });
        }
        let id_len = usize::from(r.take(1)?[0]);
        let game = std::str::from_utf8(r.take(id_len)?)
            .map_err(|_| WeightsError::BadId)?
            .to_string();
        let fingerprint = u64::from_le_bytes(r.take(8)?.try_into().expect("eight bytes"));
        let mut sets = [[0i16; FEATURES]; 2];
        for set in &mut sets {
            for w in set.iter_mut() {
                *w = r.u16()? as i16;
            }
        }
        let body = r.at;
        let sum = u32::from_le_bytes(r.take(4)?.try_into().expect("four bytes"));
        if sum != checksum(&bytes[..body]) {
            return Err(WeightsError::Checksum);
        }
        if r.at < bytes.len() {
            return Err(WeightsError::TrailingBytes(bytes.len() - r.at));
        }
        let [full, empty] = sets;
        Ok(Weights {
            game,
            fingerprint,
            full,
            empty,
        })
    }

    /// Reads a weights file meant for `rules`: every check of
    /// [`Weights::from_bytes`], then that it is this game's, under these
    /// rules.
    pub fn for_game(bytes: &[u8], rules: &Rules) -> Result<Weights, WeightsError> {
        let weights = Weights::from_bytes(bytes)?;
        weights.check_game(rules)?;
        Ok(weights)
    }
}

/// A learned score's chance of winning, 0 to 1.
pub fn chance(score: i32) -> f64 {
    1.0 / (1.0 + (-f64::from(score) / SCALE).exp())
}

impl fmt::Display for Weights {
    /// The weights as a table: each input's weight on a full board and on
    /// an emptied one, for the side to move and for the other side.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use super::features::{PER_SIDE, SLOT_NAMES, TEMPO};
        writeln!(
            f,
            "weights for `{}` (win odds ×e every {SCALE} points)",
            self.game
        )?;
        writeln!(
            f,
            "{:<26}{:>8}{:>8}{:>10}{:>8}",
            "input", "mover", "", "other", ""
        )?;
        writeln!(
            f,
            "{:<26}{:>8}{:>8}{:>10}{:>8}",
            "", "full", "empty", "full", "empty"
        )?;
        for (i, name) in SLOT_NAMES.iter().enumerate() {
            writeln!(
                f,
                "{name:<26}{:>8}{:>8}{:>10}{:>8}",
                self.full[i],
                self.empty[i],
                self.full[PER_SIDE + i],
                self.empty[PER_SIDE + i]
            )?;
        }
        write!(
            f,
            "{:<26}{:>8}{:>8}",
            "the move", self.full[TEMPO], self.empty[TEMPO]
        )
    }
}
