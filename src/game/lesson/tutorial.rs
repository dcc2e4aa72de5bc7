//! Guided first games: for each game a short scripted lesson on a small
//! board. The player (White) is asked to select a piece, make the initial
//! capture, look at the template it fixed, try a capture that does not fit
//! and read why, keep capturing to the end of the turn, and win; the
//! lesson plays Black's replies when it has any.
//!
//! A lesson is data the game's presentation supplies
//! ([`crate::game::presentation::Presentation::lesson`]): a position, the turns
//! to play and the square to try. The steps are made from it the same way
//! for every game, and each step is done when the game shows it, so a
//! lesson follows the real rules plugin: clicks become intents as in any
//! game, and nothing here changes the board itself.

use bevy::prelude::*;

use crate::rules::{
    Capture, MoveError, ParsePositionError, ParseSquareError, ParseTurnError, PlayedTurn, Position,
    Rules, Side, Square, VariantError,
};

use crate::game::play::Selection;
use crate::game::play::{Game, GameIntent, GameMode, NewGame, Player, Refusal, Refused, Variants};
use crate::game::play::{PlannedTurn, PlaysPlannedTurn};
use crate::game::presentation;
use crate::game::presentation::LessonText;
use crate::game::screens::{InGame, Phase};
use crate::game::sets::GameSet;
use crate::tr;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Tutorial>()
        .add_message::<TutorialIntent>()
        .add_systems(Update, start_lessons.in_set(GameSet::Input))
        .add_systems(
            Update,
            play_replies
                .run_if(in_state(Phase::ComputerToMove))
                .in_set(GameSet::Input)
                .before(PlaysPlannedTurn)
                .run_if(in_state(InGame)),
        )
        .add_systems(Update, follow_lesson.in_set(GameSet::Sync));
}

/// A lesson read and checked: the turns are legal from the position, and
/// the last one wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    pub variant: String,
    pub position: Position,
    /// White's and Black's turns in order, White first.
    pub turns: Vec<PlayedTurn>,
    /// A square to try after the initial capture, whose capture does not fit.
    pub misfit: Option<Square>,
}

/// Why a presentation's lesson does not read; the message names the part.
#[derive(Debug, thiserror::Error)]
pub enum LessonError {
    #[error("lesson position: {0}")]
    Position(ParsePositionError),
    #[error("a lesson starts with {} to move", Side::White)]
    NotWhiteToMove,
    #[error("lesson turn {text}: {error}")]
    TurnText { text: String, error: ParseTurnError },
    #[error("lesson turn {turn}: {error}")]
    Turn {
        turn: Box<PlayedTurn>,
        error: MoveError,
    },
    #[error("a lesson's turns must end the game with a {} win", Side::White)]
    NoWin,
    #[error("lesson misfit: {0}")]
    MisfitSquare(ParseSquareError),
    #[error("a lesson turn makes a capture")]
    NoCapture,
    #[error("{0}")]
    Move(#[from] MoveError),
    #[error("{0}")]
    Variant(#[from] VariantError),
    #[error("lesson misfit {0}: not an enemy that does not fit")]
    Misfit(Square),
}

/// Reads and checks a presentation's lesson for `rules`' game.
pub fn read_lesson(rules: &Rules, text: &LessonText) -> Result<Lesson, LessonError> {
    let position: Position = text.position.parse().map_err(LessonError::Position)?;
    if position.turn != Side::White {
        return Err(LessonError::NotWhiteToMove);
    }
    let mut at = position;
    let mut turns = Vec::new();
    for t in &text.turns {
        let turn: PlayedTurn = t.parse().map_err(|error| LessonError::TurnText {
            text: t.to_string(),
            error,
        })?;
        at = rules
            .play(&at, &turn)
            .map_err(|error| LessonError::Turn {
                turn: Box::new(turn.clone()),
                error,
            })?
            .result();
        turns.push(turn);
    }
    if turns.is_empty() || rules.has_initial_capture(&at) {
        return Err(LessonError::NoWin);
    }
    let misfit = match &text.misfit {
        None => None,
        Some(s) => {
            let square: Square = s.parse().map_err(LessonError::MisfitSquare)?;
            let capture = turns[0].steps().next().ok_or(LessonError::NoCapture)?;
            let progress = rules.begin_turn(&position, &capture)?;
            let fits = rules
                .fitting_captures(&progress)?
                .iter()
                .any(|c| c.to == square);
            if fits || progress.board().side_at(square) != Some(Side::Black) {
                return Err(LessonError::Misfit(square));
            }
            Some(square)
        }
    };
    Ok(Lesson {
        variant: rules.id().to_string(),
        position,
        turns,
        misfit,
    })
}

/// What a step waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The player selects the piece on `square` for the lesson's turn `turn`.
    Select { turn: usize, square: Square },
    /// Capture number `index` of the lesson's turn `turn` is made.
    Capture { turn: usize, index: usize },
    /// A click on this square is refused as not fitting.
    Misfit(Square),
    /// The lesson plays Black's turn number `turn`.
    Reply(usize),
    /// White has won.
    Win,
}

/// One step of a lesson: what the player reads and what it waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonStep {
    pub text: String,
    pub goal: Goal,
}

/// The steps of `lesson`, in the game's own words for its template.
pub fn lesson_steps(rules: &Rules, lesson: &Lesson) -> Vec<LessonStep> {
    let look = presentation::of(rules);
    let mut steps = Vec::new();
    let mut at = lesson.position;
    for (t, turn) in lesson.turns.iter().enumerate() {
        if t % 2 == 1 {
            steps.push(LessonStep {
                text: tr!("lesson-black-replies", turn = turn.to_string()),
                goal: Goal::Reply(t),
            });
        } else {
            let origin = turn.origin;
            let square = origin.to_string();
            steps.push(LessonStep {
                text: if t == 0 {
                    tr!("lesson-select-first", square = square)
                } else {
                    tr!("lesson-select-again", square = square)
                },
                goal: Goal::Select {
                    turn: t,
                    square: origin,
                },
            });
            let first = turn.captures[0];
            steps.push(LessonStep {
                text: if t == 0 {
                    tr!("lesson-capture-first", square = first.to_string())
                } else {
                    tr!("lesson-capture", square = first.to_string())
                },
                goal: Goal::Capture { turn: t, index: 0 },
            });
            if t == 0
                && let Some(misfit) = lesson.misfit
            {
                let capture = Capture {
                    from: origin,
                    to: first,
                    route: turn.route,
                };
                let template = rules.template_of(&at, &capture);
                steps.push(LessonStep {
                    text: tr!(
                        "lesson-template",
                        template = look.describe_template(&template),
                        square = misfit.to_string()
                    ),
                    goal: Goal::Misfit(misfit),
                });
            }
            for index in 1..turn.captures.len() {
                let to = turn.captures[index];
                let text = if index == 1 {
                    tr!("lesson-keep-capturing", square = to.to_string())
                } else {
                    tr!("lesson-keep-going", square = to.to_string())
                };
                steps.push(LessonStep {
                    text,
                    goal: Goal::Capture { turn: t, index },
                });
            }
        }
        if let Ok(progress) = rules.play(&at, turn) {
            at = progress.result();
        }
    }
    steps.push(LessonStep {
        text: tr!("lesson-win"),
        goal: Goal::Win,
    });
    steps
}

/// A lesson being played.
#[derive(Clone, Debug)]
pub struct ActiveLesson {
    pub lesson: Lesson,
    pub steps: Vec<LessonStep>,
    /// The step shown now; `steps.len() - 1` is the last.
    pub at: usize,
    /// What the game said when the player tried the square that does not fit.
    pub refusal: Option<String>,
    /// The game has left the lesson's script (undo brings it back).
    pub off_script: bool,
    /// The language the steps' words are in (they are worded again when
    /// the player picks another).
    pub language: crate::lang::Language,
}

impl ActiveLesson {
    pub fn step(&self) -> &LessonStep {
        &self.steps[self.at]
    }

    /// The square the step's text talks about: the piece to select, the
    /// capture's target, the square whose capture does not fit.
    pub fn marked_square(&self) -> Option<Square> {
        match self.step().goal {
            Goal::Select { square, .. } | Goal::Misfit(square) => Some(square),
            Goal::Capture { turn, index } => self
                .lesson
                .turns
                .get(turn)
                .and_then(|t| t.captures.get(index))
                .copied(),
            Goal::Reply(_) | Goal::Win => None,
        }
    }

    pub fn finished(&self) -> bool {
        self.at + 1 == self.steps.len() && self.steps[self.at].goal == Goal::Win
    }
}

/// The guided first game, when one is on.
#[derive(Resource, Default, Debug)]
pub struct Tutorial {
    pub active: Option<ActiveLesson>,
}

impl Tutorial {
    /// Whether a lesson is being played (the game then lets the player make
    /// every capture, forced ones too).
    pub fn is_on(&self) -> bool {
        self.active.is_some()
    }
}

/// Intent: start the guided first game of a game (by id), or leave it (the
/// game goes on from where it is, against the computer).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum TutorialIntent {
    Start(String),
    Leave,
}

fn start_lessons(
    mut intents: MessageReader<TutorialIntent>,
    variants: Res<Variants>,
    game: Res<Game>,
    mut tutorial: ResMut<Tutorial>,
    mut game_intents: MessageWriter<GameIntent>,
    mut refused: MessageWriter<Refused>,
) {
    for intent in intents.read() {
        tutorial.active = None;
        let TutorialIntent::Start(id) = intent else {
            // Leaving: the game goes on from where it is, against the
            // computer (a local game, so the lesson ends with it).
            if *game.mode() == GameMode::Lesson {
                game_intents.write(GameIntent::Load {
                    record: game.record(),
                    white: Player::Human,
                    black: NewGame::default().black,
                    mode: GameMode::Local,
                });
            }
            continue;
        };
        let Some(rules) = variants.get(id) else {
            refused.write(Refused(Refusal::UnknownVariant(id.clone())));
            continue;
        };
        let Some(text) = presentation::of(rules).lesson() else {
            refused.write(Refused(Refusal::NoLesson(
                rules.variant().name().to_string(),
            )));
            continue;
        };
        let lesson = match read_lesson(rules, &text) {
            Ok(lesson) => lesson,
            Err(e) => {
                refused.write(Refused(Refusal::NoLesson(format!(
                    "{}: {e}",
                    rules.variant().name()
                ))));
                continue;
            }
        };
        game_intents.write(GameIntent::NewGame(NewGame {
            variant: lesson.variant.clone(),
            size: lesson.position.size(),
            white: Player::Human,
            black: Player::Scripted,
            start: Some(lesson.position),
            mode: GameMode::Lesson,
        }));
        tutorial.active = Some(ActiveLesson {
            steps: lesson_steps(rules, &lesson),
            lesson,
            at: 0,
            refusal: None,
            off_script: false,
            language: crate::lang::current(),
        });
    }
}

/// Whether `goal` is reached in `game`.
fn reached(goal: Goal, game: &Game, selection: &Selection) -> bool {
    let played = game.played().len();
    let made = |turn: usize, index: usize| {
        played > turn
            || (played == turn
                && game
                    .turn()
                    .as_ref()
                    .is_some_and(|t| t.captures().len() > index))
    };
    match goal {
        Goal::Select { turn, square } => {
            (played == turn && selection.piece == Some(square)) || made(turn, 0)
        }
        Goal::Capture { turn, index } => made(turn, index),
        // Done by the refusal, or passed by a player who captured on.
        Goal::Misfit(_) => made(0, 1),
        Goal::Reply(turn) => played > turn,
        Goal::Win => false,
    }
}

/// Whether the game is still on the lesson's script: the turns played and
/// the captures of the one in progress are the lesson's.
fn on_script(lesson: &Lesson, game: &Game) -> bool {
    let played = game.played();
    if played.len() > lesson.turns.len() || played[..] != lesson.turns[..played.len()] {
        return false;
    }
    match (&game.turn(), lesson.turns.get(played.len())) {
        (None, _) => true,
        (Some(turn), Some(script)) => {
            turn.origin() == script.origin && script.captures.starts_with(turn.captures())
        }
        (Some(_), None) => false,
    }
}

/// Moves the lesson on as the game reaches each step; notes the
/// refusal the player was asked to see; ends the lesson if the game on the
/// board is another one.
fn follow_lesson(
    mut tutorial: ResMut<Tutorial>,
    mut refused: MessageReader<Refused>,
    game: Res<Game>,
    selection: Res<Selection>,
    variants: Res<Variants>,
) {
    let Some(active) = &mut tutorial.active else {
        refused.clear();
        return;
    };
    let language = crate::lang::current();
    if active.language != language
        && let Some(rules) = variants.get(&active.lesson.variant)
    {
        active.steps = lesson_steps(rules, &active.lesson);
        active.language = language;
    }
    if *game.mode() != GameMode::Lesson {
        tutorial.active = None;
        return;
    }
    let same_game = game.rules().id() == active.lesson.variant
        && game.setup().start == Some(active.lesson.position);
    if !same_game {
        // The game has not taken this lesson's new game yet.
        return;
    }
    for Refused(refusal) in refused.read() {
        if let (Goal::Misfit(square), Refusal::DoesNotFit { square: s, why, .. }) =
            (active.step().goal, refusal)
            && square == *s
        {
            active.refusal = Some(why.clone());
            active.at += 1;
        }
    }
    active.off_script = !on_script(&active.lesson, &game);
    if active.off_script {
        return;
    }
    // Steps already done (a capture that came with the one before, say).
    while active.at + 1 < active.steps.len() && reached(active.step().goal, &game, &selection) {
        active.at += 1;
    }
    if active.step().goal == Goal::Win && game.outcome().is_none() {
        // Undo after the win: back to the step the game is at.
        active.at = active
            .steps
            .iter()
            .position(|s| !reached(s.goal, &game, &selection))
            .unwrap_or(active.at);
    }
}

/// Hands Black's scripted replies to the [`PlannedTurn`], which plays them
/// as it plays the computer's turns.
fn play_replies(tutorial: Res<Tutorial>, game: Res<Game>, mut planned: ResMut<PlannedTurn>) {
    let Some(active) = &tutorial.active else {
        return;
    };
    if game.player(game.to_move()) != Player::Scripted
        || !planned.is_idle()
        || game.turn().is_some()
        || active.off_script
    {
        return;
    }
    if let Some(turn) = active.lesson.turns.get(game.played().len()) {
        planned.play(turn);
    }
}
