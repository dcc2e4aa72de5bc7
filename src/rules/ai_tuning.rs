//! What a game tells the computer players about itself: how to weigh a
//! position and how far each level can afford to look. Plain data, so the
//! rules core stays free of the AI that reads it.

/// What the computer players' evaluation counts, in points per piece: the
/// side to move's lead in pieces, and its lead in pieces that can capture at
/// all (a side with none has lost). Games differ in the sign of the first:
/// where long capture chains feed on an open board (Tumburrow), taking many
/// pieces mostly clears the way for the reply, and a lead in pieces is bad.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EvaluationWeights {
    pub material: i32,
    pub mobility: i32,
}

impl Default for EvaluationWeights {
    fn default() -> EvaluationWeights {
        EvaluationWeights {
            material: 100,
            mobility: 20,
        }
    }
}

/// How far one search level looks: `turns` of look-ahead (at least one),
/// and, beyond one turn, whether it weighs the replies to only the `width`
/// turns that looked best one turn shallower.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lookahead {
    pub turns: u32,
    pub width: Option<usize>,
}

impl Lookahead {
    /// Every turn, `turns` deep.
    pub const fn full(turns: u32) -> Lookahead {
        Lookahead { turns, width: None }
    }

    /// Whether the search can run it: at least one turn deep, and a width of
    /// at least one turn.
    pub fn is_valid(self) -> bool {
        (1..=MAX_LOOKAHEAD).contains(&self.turns) && self.width != Some(0)
    }
}

/// The deepest look-ahead a level may ask for.
pub const MAX_LOOKAHEAD: u32 = 32;

/// The look-ahead of the computer's `easy`, `medium` and `hard` levels in
/// one game (`strongest` looks as deep as its think time allows). Each level
/// must beat the one below it clearly, and what a turn of look-ahead is worth
/// differs between games, so a game may space its levels differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LevelLookahead {
    pub easy: Lookahead,
    pub medium: Lookahead,
    pub hard: Lookahead,
    /// Whether `strongest` first searches each poor-looking turn a turn
    /// shallower, and in full only if that looks better than the best so
    /// far (late-turn reductions). It buys depth where the search's turn
    /// order is a good guess (Box Burrow) and loses strength where it is
    /// not, so it is off by default.
    pub strongest_reduces: bool,
}

impl LevelLookahead {
    /// Whether every level's look-ahead is one the search can run.
    pub fn is_valid(&self) -> bool {
        [self.easy, self.medium, self.hard]
            .into_iter()
            .all(Lookahead::is_valid)
    }
}

impl Default for LevelLookahead {
    /// Two turns for `easy`'s four best-looking turns, two turns for all,
    /// three turns: in Box, Sweep and Path Burrow one more turn of
    /// look-ahead is a big step up to three turns, and `easy` sits between
    /// one turn and two.
    fn default() -> LevelLookahead {
        LevelLookahead {
            easy: Lookahead {
                turns: 2,
                width: Some(4),
            },
            medium: Lookahead::full(2),
            hard: Lookahead::full(3),
            strongest_reduces: false,
        }
    }
}
