//! Game records in files: the panel asks with a [`RecordIntent`], the file
//! is read or written on Bevy's I/O threads (never inside the panel's
//! drawing or the frame), and the answer comes back as a fact: [`Saved`],
//! a [`SessionIntent::LoadRecord`] with the file's text, or a [`Refused`]
//! naming the file and what went wrong. The game in play is never touched
//! by a failed load.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::tasks::{IoTaskPool, Task, futures::check_ready};

use crate::game::platform::dialogs::{DialogAnswer, DialogPurpose};
use crate::game::sets::GameSet;
use crate::game::table::session::{GameSession, Refusal, Refused, SessionIntent};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<RecordIntent>()
        .add_message::<Saved>()
        .init_resource::<FileWork>()
        .add_systems(
            Update,
            (answer_dialogs, start_file_work, finish_file_work)
                .chain()
                .in_set(GameSet::Input),
        );
}

/// Intent: save the game's record to a file, or load one from a file.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum RecordIntent {
    Save(PathBuf),
    Load(PathBuf),
}

/// Fact: the record was saved to this file.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Saved(pub PathBuf);

enum Done {
    Saved(PathBuf),
    Loaded(String),
}

/// File reads and writes under way.
#[derive(Resource, Default)]
pub struct FileWork {
    tasks: Vec<Task<Result<Done, Refusal>>>,
}

impl FileWork {
    /// Whether a file is still being read or written.
    pub fn is_busy(&self) -> bool {
        !self.tasks.is_empty()
    }
}

fn file_error(path: &std::path::Path, e: std::io::Error) -> Refusal {
    Refusal::File {
        path: path.display().to_string(),
        error: e.to_string(),
    }
}

/// A file the player picked in a record's dialog: saved to, or opened; it
/// is where the next dialog opens.
fn answer_dialogs(
    mut answers: MessageReader<DialogAnswer>,
    mut intents: MessageWriter<RecordIntent>,
    mut state: Option<ResMut<crate::game::ui::UiState>>,
) {
    for answer in answers.read() {
        let intent = match answer.purpose {
            DialogPurpose::SaveRecord => RecordIntent::Save(answer.path.clone()),
            DialogPurpose::OpenRecord => RecordIntent::Load(answer.path.clone()),
            DialogPurpose::CaFile => continue,
        };
        if let Some(state) = &mut state {
            state.file_path = answer.path.display().to_string();
        }
        intents.write(intent);
    }
}

fn start_file_work(
    mut intents: MessageReader<RecordIntent>,
    session: Res<GameSession>,
    mut work: ResMut<FileWork>,
) {
    for intent in intents.read() {
        let task = match intent.clone() {
            RecordIntent::Save(path) => {
                let text = session.record().to_string();
                IoTaskPool::get().spawn(async move {
                    std::fs::write(&path, text)
                        .map(|()| Done::Saved(path.clone()))
                        .map_err(|e| file_error(&path, e))
                })
            }
            RecordIntent::Load(path) => IoTaskPool::get().spawn(async move {
                std::fs::read_to_string(&path)
                    .map(Done::Loaded)
                    .map_err(|e| file_error(&path, e))
            }),
        };
        work.tasks.push(task);
    }
}

fn finish_file_work(
    mut work: ResMut<FileWork>,
    mut saved: MessageWriter<Saved>,
    mut loads: MessageWriter<SessionIntent>,
    mut refused: MessageWriter<Refused>,
) {
    let mut still = Vec::new();
    for mut task in std::mem::take(&mut work.tasks) {
        match check_ready(&mut task) {
            None => still.push(task),
            Some(Ok(Done::Saved(path))) => {
                saved.write(Saved(path));
            }
            Some(Ok(Done::Loaded(text))) => {
                loads.write(SessionIntent::LoadRecord(text));
            }
            Some(Err(refusal)) => {
                refused.write(Refused(refusal));
            }
        }
    }
    work.tasks = still;
}
