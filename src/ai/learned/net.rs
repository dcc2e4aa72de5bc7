//! A hidden layer over the learned evaluation's inputs: what a linear model
//! cannot say, such as a lead in capturers that counts for more as the
//! board empties, or two counts that only matter together.
//!
//! Each hidden unit weighs the inputs (the counts of [`super::features`]
//! and how full the board is), clips the sum to 0 ..= 1 (a clipped ReLU, as
//! the efficiently updated networks of chess engines use), and adds its
//! own weight in points, times that activation, to the linear model's
//! score. Everything is integers: the input weights and biases are in
//! [`UNIT`]ths of a full activation, the output weights in points.

use super::features::{FEATURES, Features};

/// The inputs a hidden unit weighs: every count, then how full the board
/// is in eighths of the features' phase (0 to 32, a count's range).
pub const NET_INPUTS: usize = FEATURES + 1;

/// A full activation, in the units of the input weights and biases.
pub const UNIT: i32 = 1024;

/// The most hidden units a weights file may hold.
pub const MAX_HIDDEN: usize = 64;

/// The hidden layer: for each unit its input weights, its bias and its
/// output weight. No units: the linear model alone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Net {
    /// The units' input weights, one row of [`NET_INPUTS`] per unit.
    pub input: Vec<i16>,
    pub bias: Vec<i16>,
    /// Points a fully active unit adds to the score.
    pub output: Vec<i16>,
}

/// A position's inputs as the hidden units read them.
#[inline]
pub fn inputs(features: &Features) -> [u8; NET_INPUTS] {
    let mut x = [0u8; NET_INPUTS];
    x[..FEATURES].copy_from_slice(&features.counts);
    x[FEATURES] = (features.phase >> 3) as u8;
    x
}

impl Net {
    /// Hidden units of `hidden` with every weight zero.
    pub fn zeroed(hidden: usize) -> Net {
        Net {
            input: vec![0; hidden * NET_INPUTS],
            bias: vec![0; hidden],
            output: vec![0; hidden],
        }
    }

    /// How many hidden units there are.
    pub fn hidden(&self) -> usize {
        self.bias.len()
    }

    /// What the hidden layer adds to a position's score, in points
    /// (rounded towards zero).
    #[inline]
    pub fn score(&self, features: &Features) -> i32 {
        if self.bias.is_empty() {
            return 0;
        }
        let x = inputs(features);
        let mut total = 0i64;
        for ((row, &bias), &out) in self
            .input
            .chunks_exact(NET_INPUTS)
            .zip(&self.bias)
            .zip(&self.output)
        {
            let pre = row
                .iter()
                .zip(&x)
                .fold(i32::from(bias), |sum, (&w, &c)| {
                    sum + i32::from(w) * i32::from(c)
                });
            total += i64::from(out) * i64::from(pre.clamp(0, UNIT));
        }
        (total / i64::from(UNIT)) as i32
    }
}
