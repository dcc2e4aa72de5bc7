//! The plain definition of a position's value, and a mod without
//! symmetries, shared by the solver tests and `examples/solver_check.rs`.

use std::collections::HashMap;
use std::sync::Arc;

use burrow::ai::Value;
use burrow::rules::{
    CaptureView, Movement, PathShape, Position, Rules, StepSet, Template, Variant, builtin_rules,
};

/// The plain definition: no turn is a loss now; a turn into a lost position
/// wins one turn later (the fastest such turn is taken); otherwise every
/// turn loses and the slowest loss is taken. Memoised on the whole position.
pub fn minimax(rules: &Rules, pos: &Position, memo: &mut HashMap<Position, Value>) -> Value {
    if let Some(v) = memo.get(pos) {
        return *v;
    }
    let turns = rules.turns(pos).unwrap();
    let values: Vec<Value> = turns
        .iter()
        .map(|t| minimax(rules, &t.result, memo))
        .collect();
    let fastest_win = values
        .iter()
        .filter_map(|v| match v {
            Value::Loss(d) => Some(d + 1),
            Value::Win(_) => None,
        })
        .min();
    let value = match fastest_win {
        Some(d) => Value::Win(d),
        None => Value::Loss(values.iter().map(|v| v.turns() + 1).max().unwrap_or(0)),
    };
    memo.insert(*pos, value);
    value
}

/// A mod: rook-like captures whose later captures must cover the same
/// distance. It does not say it is symmetric, so the solver treats every
/// image of a position as a position of its own.
pub struct Measure;

impl Variant for Measure {
    fn id(&self) -> &str {
        "measure"
    }
    fn name(&self) -> &str {
        "Measure Burrow"
    }
    fn movement(&self) -> Movement {
        Movement {
            steps: StepSet::ORTHOGONAL,
            shape: PathShape::Straight,
            jumping: false,
        }
    }
    fn template(&self, capture: &CaptureView) -> Template {
        let (dx, dy) = capture.offset();
        Template::Count(dx.unsigned_abs().max(dy.unsigned_abs()))
    }
    fn fits(&self, template: &Template, capture: &CaptureView) -> bool {
        *template == self.template(capture)
    }
}

pub fn games() -> Vec<Rules> {
    let mut games: Vec<Rules> = ["box", "path", "sweep", "tumburrow"]
        .into_iter()
        .map(|id| builtin_rules(id).expect("a built-in game"))
        .collect();
    games.push(Rules::new(Arc::new(Measure)).unwrap());
    games
}
