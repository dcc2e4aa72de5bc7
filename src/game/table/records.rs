//! The desktop's files of records, positions and designs: a window asks
//! with a [`RecordIntent`] (or through a file dialog, whose answer comes
//! here), the file is read or written on Bevy's I/O threads (never inside
//! the panel's drawing or the frame), and the answer comes back as a fact:
//! [`Saved`]; a [`SessionIntent::LoadRecord`] with a record's text, a new
//! game from a position's; a [`DesignerIntent::Read`] with a game file's;
//! or a [`Refused`] naming the file and what went wrong. The game in play
//! and the designer's draft are never touched by a failed load.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::tasks::{IoTaskPool, Task, futures::check_ready};

use crate::game::designer::draft::{Designer, DesignerIntent};
use crate::game::platform::dialogs::{DialogAnswer, DialogPurpose};
use crate::game::sets::GameSet;
use crate::game::table::records_window::from_position;
use crate::game::table::session::{GameSession, Refusal, Refused, SessionIntent};
use crate::rules::Position;

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

/// Intent: a file to write or read.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum RecordIntent {
    /// Save the game's record to this file.
    Save(PathBuf),
    /// Save the position on the board (its one line of text).
    SavePosition(PathBuf),
    /// Open a record (played back) or a position (a new game from it).
    Load(PathBuf),
    /// Save the designer's draft: its game file.
    SaveDesign(PathBuf),
    /// Read a game file into the designer.
    OpenDesign(PathBuf),
}

/// Fact: the record was saved to this file.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Saved(pub PathBuf);

enum Done {
    Saved(PathBuf),
    Loaded(String),
    Design(String),
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

/// A file the player picked in a record's, a position's or a design's
/// dialog: saved to, or opened; a record's or a position's is where the
/// next such dialog opens.
fn answer_dialogs(
    mut answers: MessageReader<DialogAnswer>,
    mut intents: MessageWriter<RecordIntent>,
    mut state: Option<ResMut<crate::game::ui::UiState>>,
) {
    for answer in answers.read() {
        let path = answer.path.clone();
        let intent = match answer.purpose {
            DialogPurpose::SaveRecord => RecordIntent::Save(path),
            DialogPurpose::SavePosition => RecordIntent::SavePosition(path),
            DialogPurpose::OpenRecord => RecordIntent::Load(path),
            DialogPurpose::SaveDesign => RecordIntent::SaveDesign(path),
            DialogPurpose::OpenDesign => RecordIntent::OpenDesign(path),
            DialogPurpose::CaFile => continue,
        };
        if matches!(
            intent,
            RecordIntent::Save(_) | RecordIntent::SavePosition(_) | RecordIntent::Load(_)
        ) && let Some(state) = &mut state
        {
            state.file_path = answer.path.display().to_string();
        }
        intents.write(intent);
    }
}

fn start_file_work(
    mut intents: MessageReader<RecordIntent>,
    session: Res<GameSession>,
    designer: Option<Res<Designer>>,
    mut work: ResMut<FileWork>,
) {
    let write = |path: PathBuf, text: String| {
        IoTaskPool::get().spawn(async move {
            std::fs::write(&path, text)
                .map(|()| Done::Saved(path.clone()))
                .map_err(|e| file_error(&path, e))
        })
    };
    let read = |path: PathBuf, done: fn(String) -> Done| {
        IoTaskPool::get().spawn(async move {
            std::fs::read_to_string(&path)
                .map(done)
                .map_err(|e| file_error(&path, e))
        })
    };
    for intent in intents.read() {
        let task = match intent.clone() {
            RecordIntent::Save(path) => write(path, session.record().to_string()),
            RecordIntent::SavePosition(path) => write(path, format!("{}\n", session.position())),
            RecordIntent::SaveDesign(path) => {
                let Some(designer) = &designer else { continue };
                write(path, designer.draft.to_string())
            }
            RecordIntent::Load(path) => read(path, Done::Loaded),
            RecordIntent::OpenDesign(path) => read(path, Done::Design),
        };
        work.tasks.push(task);
    }
}

fn finish_file_work(
    mut work: ResMut<FileWork>,
    session: Res<GameSession>,
    mut saved: MessageWriter<Saved>,
    mut loads: MessageWriter<SessionIntent>,
    mut designs: MessageWriter<DesignerIntent>,
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
                // A file of one position starts a game from it; anything
                // else is read (and refused, if need be) as a record.
                loads.write(match text.trim().parse::<Position>() {
                    Ok(start) => SessionIntent::NewGame(from_position(&session, start)),
                    Err(_) => SessionIntent::LoadRecord(text),
                });
            }
            Some(Ok(Done::Design(text))) => {
                designs.write(DesignerIntent::Read(text));
            }
            Some(Err(refusal)) => {
                refused.write(Refused(refusal));
            }
        }
    }
    work.tasks = still;
}
