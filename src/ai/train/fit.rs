//! Fitting the weights: a logistic model of the side to move's chance of
//! winning, trained by full-batch Adam on the positions of self-play.
//! Small enough (a hundred weights, some thousands of positions) to need no
//! tensor library: a pass over the positions is a few hundred thousand
//! multiply-adds.

use crate::rules::Rules;

use super::super::learned::features::PHASE_ONE;
use super::super::learned::{FEATURES, Features, SCALE, Weights, chance, rules_fingerprint};

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

/// Passes over the positions a fit makes.
const EPOCHS: usize = 300;
/// Adam's step, in weights of [`SCALE`] points.
const STEP: f64 = 0.02;
/// How strongly the weights are pulled towards zero.
const L2: f64 = 1e-4;

/// The unrounded weights (in points) of a weights file.
pub(super) fn unrounded(weights: &Weights) -> Vec<f64> {
    weights
        .full
        .iter()
        .chain(weights.empty.iter())
        .map(|&w| f64::from(w))
        .collect()
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
    Weights {
        game: rules.id().to_string(),
        fingerprint: rules_fingerprint(rules),
        full,
        empty,
    }
}

/// A position's inputs as the fit reads them: each count twice, weighed by
/// how full the board is and how empty.
fn inputs(features: &Features) -> [f64; 2 * FEATURES] {
    let phase = f64::from(features.phase) / f64::from(PHASE_ONE);
    let mut x = [0.0; 2 * FEATURES];
    for (i, &c) in features.counts.iter().enumerate() {
        x[i] = f64::from(c) * phase;
        x[FEATURES + i] = f64::from(c) * (1.0 - phase);
    }
    x
}

/// The mean log loss of `theta` (weights in units of [`SCALE`]) and its
/// gradient.
fn loss_and_gradient(
    theta: &[f64],
    xs: &[[f64; 2 * FEATURES]],
    targets: &[f64],
) -> (f64, Vec<f64>) {
    let mut grad = vec![0.0; theta.len()];
    let mut loss = 0.0;
    for (x, &t) in xs.iter().zip(targets) {
        let z: f64 = x.iter().zip(theta).map(|(a, b)| a * b).sum();
        let p = 1.0 / (1.0 + (-z).exp());
        let p = p.clamp(1e-9, 1.0 - 1e-9);
        loss -= t * p.ln() + (1.0 - t) * (1.0 - p).ln();
        let d = p - t;
        for (g, a) in grad.iter_mut().zip(x) {
            *g += d * a;
        }
    }
    let n = xs.len().max(1) as f64;
    for (g, w) in grad.iter_mut().zip(theta) {
        *g = *g / n + 2.0 * L2 * w;
    }
    (loss / n, grad)
}

/// Fits weights (in points) to `samples`, starting from `start`: the new
/// weights and the mean log loss before and after.
pub(super) fn fit(start: &[f64], samples: &[Sample]) -> (Vec<f64>, f64, f64) {
    let xs: Vec<[f64; 2 * FEATURES]> = samples.iter().map(|s| inputs(&s.features)).collect();
    let targets: Vec<f64> = samples.iter().map(|s| f64::from(s.target)).collect();
    let mut theta: Vec<f64> = start.iter().map(|w| w / SCALE).collect();
    let (before, _) = loss_and_gradient(&theta, &xs, &targets);
    if samples.is_empty() {
        return (start.to_vec(), before, before);
    }
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    let mut m = vec![0.0; theta.len()];
    let mut v = vec![0.0; theta.len()];
    for epoch in 1..=EPOCHS {
        let (_, grad) = loss_and_gradient(&theta, &xs, &targets);
        for i in 0..theta.len() {
            m[i] = b1 * m[i] + (1.0 - b1) * grad[i];
            v[i] = b2 * v[i] + (1.0 - b2) * grad[i] * grad[i];
            let m_hat = m[i] / (1.0 - b1.powi(epoch as i32));
            let v_hat = v[i] / (1.0 - b2.powi(epoch as i32));
            theta[i] -= STEP * m_hat / (v_hat.sqrt() + eps);
        }
    }
    let (after, _) = loss_and_gradient(&theta, &xs, &targets);
    (theta.iter().map(|t| t * SCALE).collect(), before, after)
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
