//! What the computer players know of each game: how to weigh a position
//! and how far each level can afford to look. This is engine tuning, not a
//! rule, so it lives here rather than in the game's [`Variant`]: the four
//! designer's games have their profiles below, and a mod attaches its own
//! to its rules at registration ([`attach_profile`]).
//!
//! [`Variant`]: crate::rules::Variant

use crate::rules::{RegistryError, Rules};

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

impl EvaluationWeights {
    /// Being ahead in pieces, and in pieces that can capture, is good.
    pub const STANDARD: EvaluationWeights = EvaluationWeights {
        material: 100,
        mobility: 20,
    };
}

impl Default for EvaluationWeights {
    fn default() -> EvaluationWeights {
        EvaluationWeights::STANDARD
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
    /// How many turns `strongest` looks at in a position it searches
    /// further (the evaluation's favourites; twice as many at the root),
    /// where looking at all of them would leave it a turn or two deep
    /// ([`crate::ai::SearchConfig::width`]). `None`: all of them.
    pub strongest_width: Option<usize>,
}

impl LevelLookahead {
    /// Whether every level's look-ahead is one the search can run.
    pub fn is_valid(&self) -> bool {
        [self.easy, self.medium, self.hard]
            .into_iter()
            .all(Lookahead::is_valid)
            && self.strongest_width != Some(0)
    }
}

impl LevelLookahead {
    /// Two turns for `easy`'s four best-looking turns, two turns for all,
    /// three turns: in Box, Sweep and Path Burrow one more turn of
    /// look-ahead is a big step up to three turns, and `easy` sits between
    /// one turn and two.
    pub const STANDARD: LevelLookahead = LevelLookahead {
        easy: Lookahead {
            turns: 2,
            width: Some(4),
        },
        medium: Lookahead::full(2),
        hard: Lookahead::full(3),
        strongest_reduces: false,
        strongest_width: None,
    };
}

impl Default for LevelLookahead {
    fn default() -> LevelLookahead {
        LevelLookahead::STANDARD
    }
}

/// Everything the computer players tune per game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AiProfile {
    pub evaluation: EvaluationWeights,
    pub levels: LevelLookahead,
}

impl AiProfile {
    /// Box Burrow: the default levels, with `strongest` reducing late turns,
    /// which lifted its score against `hard` from 75% to 85% (40 games each).
    pub const BOX: AiProfile = AiProfile {
        evaluation: EvaluationWeights::STANDARD,
        levels: LevelLookahead {
            strongest_reduces: true,
            ..LevelLookahead::STANDARD
        },
    };

    /// Tumburrow. Fewer pieces than the opponent is better: measured with
    /// one-turn players, preferring small captures beat random play 92% of
    /// the time and preferring big ones lost 65% (the big capture opens the
    /// board for a bigger reply). And one turn deeper per level than the
    /// other games: here two turns ahead beat one only 80% of the time, too
    /// little to fit a narrower `easy` between them, while each further turn
    /// still wins about 75%.
    pub const TUMBURROW: AiProfile = AiProfile {
        evaluation: EvaluationWeights {
            material: -100,
            ..EvaluationWeights::STANDARD
        },
        levels: LevelLookahead {
            easy: Lookahead::full(2),
            medium: Lookahead::full(3),
            hard: Lookahead::full(4),
            strongest_reduces: false,
            strongest_width: Some(8),
        },
    };

    /// The profile of a built-in game by id (Path and Sweep Burrow play
    /// with the defaults).
    pub fn builtin(id: &str) -> Option<AiProfile> {
        match id {
            "box" => Some(AiProfile::BOX),
            "tumburrow" => Some(AiProfile::TUMBURROW),
            "path" | "sweep" => Some(AiProfile::default()),
            _ => None,
        }
    }

    /// The profile the computer plays `rules` with: the one attached to
    /// them, else the built-in game's, else the defaults.
    pub fn of(rules: &Rules) -> AiProfile {
        rules
            .attachment::<AiProfile>()
            .copied()
            .or_else(|| AiProfile::builtin(rules.id()))
            .unwrap_or_default()
    }

    /// Whether the search can run every level of it.
    pub fn is_valid(&self) -> bool {
        self.levels.is_valid()
    }
}

/// Attaches a computer profile to a game's rules, once it is checked: each
/// level must look 1 to [`MAX_LOOKAHEAD`] turns ahead at a width of at
/// least one turn.
pub fn attach_profile(rules: &mut Rules, profile: AiProfile) -> Result<&mut Rules, RegistryError> {
    if !profile.is_valid() {
        return Err(RegistryError::Refused {
            variant: rules.id().to_string(),
            reason: format!(
                "its level look-ahead {:?} is not one the computer can search: \
                 each level looks 1 to {MAX_LOOKAHEAD} turns ahead, at a width of at least one turn",
                profile.levels
            ),
        });
    }
    Ok(rules.attach(profile))
}
