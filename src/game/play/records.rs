//! The desktop's files of records and positions: a window asks with a
//! [`RecordIntent`] (or through a file dialog, whose answer comes here),
//! the file is read or written on Bevy's I/O threads
//! ([`FileWork`](crate::game::platform::file_work::FileWork)), and the
//! answer comes back as a fact: [`Saved`]; a [`GameIntent::LoadRecord`]
//! with a record's text, a new game from a position's; or a [`Refused`]
//! naming the file and what went wrong. The game in play is never touched
//! by a failed load. (A design's game file is the designer's.)

use std::path::PathBuf;

use bevy::prelude::*;

use crate::game::platform::dialogs::{DialogAnswer, DialogPurpose};
use crate::game::platform::file_work::FileWork;
use crate::game::sets::GameSet;
use crate::game::ui::UiState;
use crate::rules::Position;

use super::{Game, GameIntent, Refusal, Refused};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<RecordIntent>()
        .add_message::<Saved>()
        .init_resource::<FileWork<RecordFile>>()
        .add_systems(
            Update,
            (answer_dialogs, start_file_work, finish_file_work)
                .chain()
                .in_set(GameSet::Input),
        );
}

/// Intent: a file of the game to write or read.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum RecordIntent {
    /// Save the game's record to this file.
    Save(PathBuf),
    /// Save the position on the board (its one line of text).
    SavePosition(PathBuf),
    /// Open a record (played back) or a position (a new game from it).
    Load(PathBuf),
}

/// Fact: the record was saved to this file.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Saved(pub PathBuf);

/// What a file of the records is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFile {
    Written,
    Opened,
}

/// A file the player picked in a record's or a position's dialog: saved
/// to, or opened; it is where the next such dialog opens.
fn answer_dialogs(
    mut answers: MessageReader<DialogAnswer>,
    mut intents: MessageWriter<RecordIntent>,
    mut state: Option<ResMut<UiState>>,
) {
    for answer in answers.read() {
        let path = answer.path.clone();
        let intent = match answer.purpose {
            DialogPurpose::SaveRecord => RecordIntent::Save(path),
            DialogPurpose::SavePosition => RecordIntent::SavePosition(path),
            DialogPurpose::OpenRecord => RecordIntent::Load(path),
            _ => continue,
        };
        if let Some(state) = &mut state {
            state.file_path = answer.path.display().to_string();
        }
        intents.write(intent);
    }
}

fn start_file_work(
    mut intents: MessageReader<RecordIntent>,
    game: Res<Game>,
    mut work: ResMut<FileWork<RecordFile>>,
) {
    for intent in intents.read() {
        match intent.clone() {
            RecordIntent::Save(path) => {
                work.write(RecordFile::Written, path, game.record().to_string());
            }
            RecordIntent::SavePosition(path) => {
                work.write(RecordFile::Written, path, format!("{}\n", game.position()));
            }
            RecordIntent::Load(path) => work.read(RecordFile::Opened, path),
        }
    }
}

fn finish_file_work(
    mut work: ResMut<FileWork<RecordFile>>,
    game: Res<Game>,
    mut saved: MessageWriter<Saved>,
    mut loads: MessageWriter<GameIntent>,
    mut refused: MessageWriter<Refused>,
) {
    for done in work.finished() {
        match done.result {
            Err(error) => {
                refused.write(Refused(Refusal::file(&done.path, error)));
            }
            Ok(_) if done.kind == RecordFile::Written => {
                saved.write(Saved(done.path));
            }
            Ok(text) => {
                let text = text.unwrap_or_default();
                // A file of one position starts a game from it; anything
                // else is read (and refused, if need be) as a record.
                loads.write(match text.trim().parse::<Position>() {
                    Ok(start) => GameIntent::NewGame(game.local_game_from(start)),
                    Err(_) => GameIntent::LoadRecord(text),
                });
            }
        }
    }
}
