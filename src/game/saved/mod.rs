//! A local game that survives the night: a game against the computer or
//! between people, a puzzle or a guided first game is saved after every
//! whole turn ([`store`]: crash-safe on the desktop, the page's storage on
//! the web) and offered back on the title screen ("Continue", with the
//! game, the players and the turns played; a puzzle or a lesson is opened
//! again and its turns played, so it goes on at the step it was left at).
//! A save that does not read
//! (cut short, from a newer version, edited by hand) is set aside under
//! another name with a message that says where, and the game starts
//! fresh. A game that ends is not offered back. Online games are kept by
//! their server.

pub mod file;
pub mod store;

use std::fmt;

use bevy::prelude::*;

use crate::game::lesson::TutorialIntent;
use crate::game::play::{Game, GameIntent, GameMode, Variants};
use crate::game::puzzles::PuzzleIntent;
use crate::game::sets::GameSet;
use crate::rules::GameResult;
use crate::tr;

pub use file::{SavedGame, SavedGameError};
pub use store::{SaveFailure, SavePlace, SetAside};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Saved>()
        .add_systems(Update, keep_and_continue.in_set(GameSet::Input));
}

/// The saved game and what there is to say about it.
#[derive(Resource, Debug, Default)]
pub struct Saved {
    /// The game the title screen offers to continue.
    pub offer: Option<SavedGame>,
    /// A save that did not read or could not be written (worded when
    /// shown).
    pub problem: Option<SavedProblem>,
    /// The game last kept (or read at start): not written again while it
    /// stays the same, and a game that ends is forgotten only if it is
    /// this one played on.
    kept: Option<SavedGame>,
    /// A puzzle or a lesson being continued: its turns, played once the
    /// puzzle or the lesson is on the board.
    pending: Option<SavedGame>,
    /// The saved place was read (on the first frame).
    read: bool,
    /// Intent: continue the game offered (the title screen's Continue and
    /// `--continue` ask; a flag here rather than a message of its own, each
    /// message type costing the page's download some size).
    pub continue_asked: bool,
}

/// What there is to say about the saved game; worded when shown, in the
/// language in force then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SavedProblem {
    /// The save did not read (why) and was set aside (where); a new game
    /// starts.
    Unreadable {
        error: SavedGameError,
        kept: SetAside,
    },
    /// The game could not be saved.
    NotSaved(SaveFailure),
}

impl fmt::Display for SavedProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (error, kept) = match self {
            SavedProblem::Unreadable { error, kept } => (error, kept),
            SavedProblem::NotSaved(failure) => return write!(f, "{failure}"),
        };
        let why = error.to_string();
        f.write_str(&match kept {
            SetAside::File(file) => {
                tr!("saved-notice-unreadable", why = why, file = file.as_str())
            }
            SetAside::Page(key) => {
                tr!(
                    "saved-notice-unreadable-page",
                    why = why,
                    key = key.as_str()
                )
            }
            SetAside::Stays { file, why: error } => tr!(
                "saved-notice-unreadable-stays",
                why = why,
                error = error.to_string(),
                file = file.as_str()
            ),
        })
    }
}

/// At start: the saved game, if one reads; one that does not is set aside.
fn offer(place: &SavePlace, variants: &Variants, saved: &mut Saved) {
    let Some(text) = place.read() else {
        return;
    };
    match SavedGame::from_text(&text, &variants.0) {
        Ok(saved_game) if saved_game.record.result == GameResult::Unfinished => {
            saved.kept = Some(saved_game.clone());
            saved.offer = Some(saved_game);
        }
        Ok(_) => place.forget(),
        Err(error) => {
            let kept = place.set_aside(&text);
            let problem = SavedProblem::Unreadable { error, kept };
            tracing::warn!("{problem}");
            saved.problem = Some(problem);
        }
    }
}

/// One system (each costs the page some size): what changed on the board
/// since the last frame is kept, then a Continue is followed.
fn keep_and_continue(
    game: Res<Game>,
    place: Option<Res<SavePlace>>,
    variants: Res<Variants>,
    mut saved: ResMut<Saved>,
    writers: (
        MessageWriter<GameIntent>,
        MessageWriter<PuzzleIntent>,
        MessageWriter<TutorialIntent>,
    ),
) {
    if let Some(place) = place {
        if !std::mem::replace(&mut saved.read, true) {
            offer(&place, &variants, &mut saved);
        } else {
            keep(&game, &place, &mut saved);
        }
    }
    follow_continue(&game, &mut saved, writers);
}

/// Continue: the saved game goes back on the board as it was left. A
/// puzzle or a guided first game is opened first (its defender, or its
/// script and steps), then, once its fresh board is on, its turns are
/// played back: a lesson's steps follow the board, so it goes on at the
/// step it was left at.
fn follow_continue(
    game: &Game,
    saved: &mut Saved,
    (mut games, mut puzzles, mut lessons): (
        MessageWriter<GameIntent>,
        MessageWriter<PuzzleIntent>,
        MessageWriter<TutorialIntent>,
    ),
) {
    if let Some(saved_game) = saved.pending.take_if(|saved_game| {
        *game.mode() == saved_game.mode
            && game.played().is_empty()
            && game.setup().start == saved_game.record.start
    }) {
        games.write(load(saved_game));
    }
    if std::mem::take(&mut saved.continue_asked) {
        let Some(saved_game) = saved.offer.clone() else {
            return;
        };
        match saved_game.mode {
            GameMode::Puzzle(index) => {
                puzzles.write(PuzzleIntent::Start(index));
                saved.pending = Some(saved_game);
            }
            GameMode::Lesson => {
                lessons.write(TutorialIntent::Start(saved_game.record.variant.clone()));
                saved.pending = Some(saved_game);
            }
            _ => {
                games.write(load(saved_game));
            }
        }
    }
}

fn load(game: SavedGame) -> GameIntent {
    GameIntent::Load {
        record: game.record,
        white: game.white,
        black: game.black,
        mode: game.mode,
    }
}

/// After every whole turn of a local game: the game is kept. A game that
/// ended is forgotten (there is nothing to continue).
fn keep(game: &Res<Game>, place: &SavePlace, saved: &mut Saved) {
    if !game.is_changed() || game.turn().is_some() || game.review().is_some() {
        return;
    }
    let Some(saved_game) = SavedGame::of(game) else {
        return;
    };
    if game.outcome().is_some() {
        // The kept game played to its end: nothing to continue. Another
        // game that ended (a finished record opened, say) leaves it kept.
        if saved
            .kept
            .as_ref()
            .is_some_and(|kept| saved_game.continues(kept))
        {
            place.forget();
            saved.kept = None;
            saved.offer = None;
        }
        return;
    }
    if game.played().is_empty() {
        return;
    }
    if saved.kept.as_ref() == Some(&saved_game) {
        return;
    }
    match place.write(&saved_game.to_text()) {
        Ok(()) => {
            saved.kept = Some(saved_game.clone());
            saved.offer = Some(saved_game);
        }
        Err(failure) => {
            let problem = SavedProblem::NotSaved(failure);
            tracing::warn!("{problem}");
            saved.problem = Some(problem);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What is said about the saved game is worded from the catalogue
    /// when it is shown (the tests run in English).
    #[test]
    fn a_saved_game_problem_is_worded_from_the_catalogue() {
        let unreadable = |kept| SavedProblem::Unreadable {
            error: SavedGameError::Newer(7),
            kept,
        };
        let problems = [
            unreadable(SetAside::File("/home/ada/saved-game-unreadable.txt".into())),
            unreadable(SetAside::Stays {
                file: "/home/ada/saved-game.txt".into(),
                why: std::io::Error::from_raw_os_error(13).into(),
            }),
            unreadable(SetAside::Page("burrow-saved-game-unreadable".into())),
            SavedProblem::NotSaved(SaveFailure::Folder {
                folder: "/home/ada".into(),
                why: std::io::Error::from_raw_os_error(28).into(),
            }),
            SavedProblem::NotSaved(SaveFailure::PageRefused),
        ];
        for problem in &problems {
            let said = problem.to_string();
            assert!(
                !said.is_empty() && !said.contains("saved-notice-"),
                "{problem:?}: {said}"
            );
        }
        assert_eq!(
            problems[0].to_string(),
            "The saved game does not read (it was saved by a newer version of Burrow \
             (form 7; this one reads 1)). It is kept in /home/ada/saved-game-unreadable.txt; \
             a new game starts."
        );
        let stays = problems[1].to_string();
        assert!(
            stays.contains("Permission denied") && stays.contains("/home/ada/saved-game.txt"),
            "{stays}"
        );
        assert!(
            problems[2]
                .to_string()
                .contains("burrow-saved-game-unreadable")
        );
        assert!(problems[3].to_string().contains("No space left"));
    }
}
