//! Records on the web page: the records window's Download hands the
//! record's text to the browser as a file download, and Open lets the
//! player pick a record file, whose text comes back as a
//! [`GameIntent::LoadRecord`], or as a [`Refused`] naming the file when
//! it cannot be read. A bad record is refused by the game like a pasted
//! one; the game in play stays. (A picked game file, `.toml`, is the
//! designer's.)

use bevy::prelude::*;

use crate::game::platform::FileError;

use super::{Game, GameIntent, Refusal, Refused};
use crate::game::platform::web_files::{FilePicked, PickFile, PickedFiles, download};
use crate::game::sets::GameSet;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PageRecordIntent>().add_systems(
        Update,
        (
            start_file_work.before(PickedFiles),
            take_picked_record.after(PickedFiles),
        )
            .in_set(GameSet::Input),
    );
}

/// Intent: hand the record to the browser as a download, or ask the
/// player for a record file.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum PageRecordIntent {
    /// Download the game's record under this file name.
    Download(String),
    /// Open the browser's file picker for a record.
    Open,
}

fn start_file_work(
    mut intents: MessageReader<PageRecordIntent>,
    game: Res<Game>,
    mut picks: MessageWriter<PickFile>,
) {
    for intent in intents.read() {
        match intent {
            PageRecordIntent::Download(name) => {
                download(name, "text/plain", game.record().to_string().as_bytes());
            }
            PageRecordIntent::Open => {
                picks.write(PickFile {
                    accept: ".txt,text/plain",
                });
            }
        }
    }
}

/// A picked record is loaded; a file that could not be read is refused
/// whatever it was for.
fn take_picked_record(
    mut picked: MessageReader<FilePicked>,
    mut loads: MessageWriter<GameIntent>,
    mut refused: MessageWriter<Refused>,
) {
    for file in picked.read() {
        match file {
            FilePicked::Failed { name, error } => {
                refused.write(Refused(Refusal::File {
                    path: name.clone(),
                    error: FileError::words(error.clone()),
                }));
            }
            FilePicked::Read { name, text } if !name.ends_with(".toml") => {
                loads.write(GameIntent::LoadRecord(text.clone()));
            }
            FilePicked::Read { .. } => {}
        }
    }
}
