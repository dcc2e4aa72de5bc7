//! Fitting the weights: a logistic model of the side to move's chance of
//! winning (a linear part and a hidden layer's), trained by Adam over
//! batches of the positions of self-play. Small enough (a hundred weights
//! and up to a few thousand in the hidden layer, tens of thousands of
//! positions) to need no tensor library: the gradient is written out by
//! hand, and a fit takes a few thousand steps of a few hundred positions.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use crate::rules::Rules;

use super::super::learned::features::PHASE_ONE;
use super::super::learned::net::{self, NET_INPUTS, UNIT};
use super::super::learned::{FEATURES, Features, Net, SCALE, Weights, chance, rules_fingerprint};

/// One position as training sees it: its inputs and the chance of winning
/// it should be given.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub features: Features,
    /// 0 to 1.
    pub target: f32,
}

impl Sample {
    /// A position whose side to move went on to win (`won`) or not, and
    /// that the search scored `score` (from the side to move's point of
    /// view): the target is `result_share` of the result and the rest the
    /// search's opinion as a chance.
    pub fn new(features: Features, won: bool, score: i32, result_share: f64) -> Sample {
        let result = if won { 1.0 } else { 0.0 };
        let share = result_share.clamp(0.0, 1.0);
        let target = share * result + (1.0 - share) * chance(score);
        Sample {
            features,
            target: target as f32,
        }
    }
}

impl Sample {
    /// A position whose value the solver proved: the side to move wins
    /// (`wins`) or loses whatever is played.
    pub fn exact(features: Features, wins: bool) -> Sample {
        Sample {
            features,
            target: if wins { 1.0 } else { 0.0 },
        }
    }
}

/// Adam's steps a fit takes (fewer where a pass over the positions in
/// batches would need more than [`MAX_EPOCHS`] passes).
const STEPS: usize = 3_000;
/// The most passes over the positions a fit makes.
const MAX_EPOCHS: usize = 300;
/// Positions a step's gradient is taken over.
const BATCH: usize = 256;
/// Adam's first step for each kind of weight, in the fit's units: the
/// linear weights and the hidden units' output weights in logits, their
/// input weights and biases in full activations. The steps shrink to a
/// tenth by the end of the fit.
const STEP_LINEAR: f64 = 0.02;
const STEP_INPUT: f64 = 0.002;
const STEP_BIAS: f64 = 0.01;
/// How strongly the weights are pulled towards zero.
const L2: f64 = 1e-4;

/// The hidden units of a parameter list of `len` values.
fn hidden_of(len: usize) -> usize {
    len.saturating_sub(2 * FEATURES) / (NET_INPUTS + 2)
}

/// The unrounded weights (in the file's units) of a weights file: the
/// linear model's full and emptied sets, then the hidden units' input
/// weights, biases and output weights.
pub(super) fn unrounded(weights: &Weights) -> Vec<f64> {
    let net = &weights.net;
    weights
        .full
        .iter()
        .chain(weights.empty.iter())
        .chain(&net.input)
        .chain(&net.bias)
        .chain(&net.output)
        .map(|&w| f64::from(w))
        .collect()
}

/// `weights` with `hidden` units added, their input weights small and
/// random (from `seed`), their biases half an activation and their output
/// weights zero, so that the score is unchanged.
pub(super) fn with_hidden(mut weights: Vec<f64>, hidden: usize, seed: u64) -> Vec<f64> {
    let mut rng = StdRng::seed_from_u64(seed ^ 0x6869_6464_656e);
    let unit = f64::from(UNIT);
    weights.extend((0..hidden * NET_INPUTS).map(|_| rng.random_range(-0.03..0.03) * unit));
    weights.extend((0..hidden).map(|_| 0.5 * unit));
    weights.extend((0..hidden).map(|_| 0.0));
    weights
}

/// Unrounded weights rounded to what a weights file holds, for `rules`.
pub(super) fn rounded(rules: &Rules, weights: &[f64]) -> Weights {
    let round = |w: f64| w.round().clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16;
    let mut full = [0i16; FEATURES];
    let mut empty = [0i16; FEATURES];
    for i in 0..FEATURES {
        full[i] = round(weights[i]);
        empty[i] = round(weights[FEATURES + i]);
    }
    let hidden = hidden_of(weights.len());
    let layer = &weights[2 * FEATURES..];
    let (input, rest) = layer.split_at(hidden * NET_INPUTS);
    let (bias, output) = rest.split_at(hidden);
    Weights {
        game: rules.id().to_string(),
        fingerprint: rules_fingerprint(rules),
        full,
        empty,
        net: Net {
            input: input.iter().map(|&w| round(w)).collect(),
            bias: bias.iter().map(|&w| round(w)).collect(),
            output: output[..hidden].iter().map(|&w| round(w)).collect(),
        },
    }
}

/// A position's inputs as the fit reads them: each count twice, weighed by
/// how full the board is and how empty, then the hidden units' inputs.
struct Inputs {
    linear: [f64; 2 * FEATURES],
    net: [f64; NET_INPUTS],
}

fn inputs(features: &Features) -> Inputs {
    let phase = f64::from(features.phase) / f64::from(PHASE_ONE);
    let mut linear = [0.0; 2 * FEATURES];
    for (i, &c) in features.counts.iter().enumerate() {
        linear[i] = f64::from(c) * phase;
        linear[FEATURES + i] = f64::from(c) * (1.0 - phase);
    }
    Inputs {
        linear,
        net: net::inputs(features).map(f64::from),
    }
}

/// The model in the fit's units (logits and activations), with what a
/// step needs.
struct Model {
    hidden: usize,
    theta: Vec<f64>,
}

impl Model {
    /// Each parameter's scale: the file's units per fit unit.
    fn scales(hidden: usize) -> impl Iterator<Item = f64> {
        let unit = f64::from(UNIT);
        std::iter::repeat_n(SCALE, 2 * FEATURES)
            .chain(std::iter::repeat_n(unit, hidden * (NET_INPUTS + 1)))
            .chain(std::iter::repeat_n(SCALE, hidden))
    }

    /// Each parameter's first step.
    fn steps(hidden: usize) -> Vec<f64> {
        std::iter::repeat_n(STEP_LINEAR, 2 * FEATURES)
            .chain(std::iter::repeat_n(STEP_INPUT, hidden * NET_INPUTS))
            .chain(std::iter::repeat_n(STEP_BIAS, hidden))
            .chain(std::iter::repeat_n(STEP_LINEAR, hidden))
            .collect()
    }

    fn new(weights: &[f64]) -> Model {
        let hidden = hidden_of(weights.len());
        let theta = weights
            .iter()
            .zip(Model::scales(hidden))
            .map(|(w, s)| w / s)
            .collect();
        Model { hidden, theta }
    }

    fn weights(&self) -> Vec<f64> {
        self.theta
            .iter()
            .zip(Model::scales(self.hidden))
            .map(|(t, s)| t * s)
            .collect()
    }

    /// The logit of `x`, with each unit's activation (below 0 or above 1:
    /// clipped, and no gradient through it) written to `active`.
    fn logit(&self, x: &Inputs, active: &mut [(f64, bool)]) -> f64 {
        let (linear, layer) = self.theta.split_at(2 * FEATURES);
        let mut z: f64 = x.linear.iter().zip(linear).map(|(a, b)| a * b).sum();
        let (input, rest) = layer.split_at(self.hidden * NET_INPUTS);
        let (bias, output) = rest.split_at(self.hidden);
        for (j, row) in input.chunks_exact(NET_INPUTS).enumerate() {
            let pre = bias[j] + row.iter().zip(&x.net).map(|(a, b)| a * b).sum::<f64>();
            let a = pre.clamp(0.0, 1.0);
            active[j] = (a, pre > 0.0 && pre < 1.0);
            z += output[j] * a;
        }
        z
    }

    /// Adds the gradient of `x`'s log loss against `target` to `grad`;
    /// returns the loss.
    fn add_gradient(&self, x: &Inputs, target: f64, grad: &mut [f64], active: &mut [(f64, bool)]) -> f64 {
        let z = self.logit(x, active);
        let p = (1.0 / (1.0 + (-z).exp())).clamp(1e-9, 1.0 - 1e-9);
        let d = p - target;
        let (g_linear, g_layer) = grad.split_at_mut(2 * FEATURES);
        for (g, a) in g_linear.iter_mut().zip(&x.linear) {
            *g += d * a;
        }
        let h = self.hidden;
        let output = &self.theta[2 * FEATURES + h * (NET_INPUTS + 1)..];
        let (g_input, rest) = g_layer.split_at_mut(h * NET_INPUTS);
        let (g_bias, g_output) = rest.split_at_mut(h);
        for (j, &(a, open)) in active.iter().enumerate() {
            g_output[j] += d * a;
            if open {
                let back = d * output[j];
                g_bias[j] += back;
                for (g, x) in g_input[j * NET_INPUTS..(j + 1) * NET_INPUTS].iter_mut().zip(&x.net) {
                    *g += back * x;
                }
            }
        }
        -(target * p.ln() + (1.0 - target) * (1.0 - p).ln())
    }

    /// The mean log loss over all of `xs`.
    fn loss(&self, xs: &[Inputs], targets: &[f64]) -> f64 {
        let mut active = vec![(0.0, false); self.hidden];
        let mut grad = vec![0.0; self.theta.len()];
        let total: f64 = xs
            .iter()
            .zip(targets)
            .map(|(x, &t)| self.add_gradient(x, t, &mut grad, &mut active))
            .sum();
        total / xs.len().max(1) as f64
    }
}

/// Fits weights (in the file's units) to `samples`, starting from `start`,
/// by Adam over batches of the positions in an order fixed by their count:
/// the new weights and the mean log loss before and after.
pub(super) fn fit(start: &[f64], samples: &[Sample]) -> (Vec<f64>, f64, f64) {
    let xs: Vec<Inputs> = samples.iter().map(|s| inputs(&s.features)).collect();
    let targets: Vec<f64> = samples.iter().map(|s| f64::from(s.target)).collect();
    let mut model = Model::new(start);
    let before = model.loss(&xs, &targets);
    if samples.is_empty() {
        return (start.to_vec(), before, before);
    }
    let n = xs.len();
    let batch = BATCH.min(n);
    let epochs = (STEPS * batch).div_ceil(n).clamp(1, MAX_EPOCHS);
    let total = epochs * n.div_ceil(batch);
    let first_steps = Model::steps(model.hidden);
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    let len = model.theta.len();
    let (mut m, mut v, mut grad) = (vec![0.0; len], vec![0.0; len], vec![0.0; len]);
    let mut active = vec![(0.0, false); model.hidden];
    let mut order: Vec<usize> = (0..n).collect();
    let mut rng = StdRng::seed_from_u64(n as u64);
    let mut step = 0;
    for _ in 0..epochs {
        order.shuffle(&mut rng);
        for chunk in order.chunks(batch) {
            step += 1;
            grad.iter_mut().for_each(|g| *g = 0.0);
            for &i in chunk {
                model.add_gradient(&xs[i], targets[i], &mut grad, &mut active);
            }
            let size = chunk.len() as f64;
            let decay = 1.0 - 0.9 * (step - 1) as f64 / total.max(1) as f64;
            for i in 0..len {
                let g = grad[i] / size + 2.0 * L2 * model.theta[i];
                m[i] = b1 * m[i] + (1.0 - b1) * g;
                v[i] = b2 * v[i] + (1.0 - b2) * g * g;
                let m_hat = m[i] / (1.0 - b1.powi(step as i32));
                let v_hat = v[i] / (1.0 - b2.powi(step as i32));
                model.theta[i] -= first_steps[i] * decay * m_hat / (v_hat.sqrt() + eps);
            }
        }
    }
    let after = model.loss(&xs, &targets);
    (model.weights(), before, after)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::VariantRegistry;

    #[test]
    fn a_fit_lowers_the_loss_and_learns_what_wins() {
        // Positions where the side to move won exactly when it had more
        // pieces able to capture: the fit must come to weigh capturers.
        let registry = VariantRegistry::builtin();
        let rules = registry.get("box").unwrap();
        let mut samples = Vec::new();
        for k in 0..40u8 {
            let mut counts = [0u8; FEATURES];
            let (ours, theirs) = (k % 7, (k / 7) % 7);
            counts[super::super::super::learned::features::slot::CAPTURERS] = ours;
            counts[super::super::super::learned::features::PER_SIDE
                + super::super::super::learned::features::slot::CAPTURERS] = theirs;
            counts[super::super::super::learned::features::TEMPO] = 1;
            let features = Features { counts, phase: 128 };
            samples.push(Sample {
                features,
                target: if ours > theirs { 1.0 } else { 0.0 },
            });
        }
        let start = vec![0.0; 2 * FEATURES];
        let (weights, before, after) = fit(&start, &samples);
        assert!(after < before * 0.6, "{before} -> {after}");
        let w = rounded(rules, &weights);
        let ours = super::super::super::learned::features::slot::CAPTURERS;
        assert!(w.full[ours] > 0 && w.empty[ours] > 0);
        let theirs = super::super::super::learned::features::PER_SIDE + ours;
        assert!(w.full[theirs] < 0 && w.empty[theirs] < 0);
    }
}
