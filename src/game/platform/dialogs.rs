//! The desktop's file dialogs: the player picks where a record, a position
//! or a design is saved, which record, position or design to open and
//! which certificate authority to trust in the system's own dialog (rfd: the XDG desktop portal on Linux,
//! the system's dialogs on Windows and macOS). A dialog runs on a thread of
//! its own, so the window keeps drawing; the path comes back as a
//! [`DialogAnswer`] the feature that asked acts on.
//!
//! The seam for tests: with [`DialogScript`] set (the window tests'
//! `--dialog-answer`, or a test's resource), no dialog opens and the
//! scripted path is the answer, since a dialog needs a desktop.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, channel};

use bevy::prelude::*;

use crate::game::sets::GameSet;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<DialogIntent>()
        .add_message::<DialogAnswer>()
        .init_resource::<DialogScript>()
        .init_non_send::<OpenDialog>()
        .add_systems(
            Update,
            (open_dialogs, answer_dialogs)
                .chain()
                .in_set(GameSet::Input),
        );
}

/// What a dialog is for (its answer goes back to whoever asked).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DialogPurpose {
    SaveRecord,
    SavePosition,
    /// A record or a position.
    OpenRecord,
    SaveDesign,
    OpenDesign,
    CaFile,
}

impl DialogPurpose {
    fn title(self) -> &'static str {
        match self {
            DialogPurpose::SaveRecord => "Save the game's record",
            DialogPurpose::SavePosition => "Save the position",
            DialogPurpose::OpenRecord => "Open a record or a position",
            DialogPurpose::SaveDesign => "Save the design's game file",
            DialogPurpose::OpenDesign => "Open a game file",
            DialogPurpose::CaFile => "A certificate authority to trust (PEM)",
        }
    }

    fn saves(self) -> bool {
        matches!(
            self,
            DialogPurpose::SaveRecord | DialogPurpose::SavePosition | DialogPurpose::SaveDesign
        )
    }

    fn filter(self) -> (&'static str, &'static [&'static str]) {
        match self {
            DialogPurpose::SaveRecord | DialogPurpose::SavePosition | DialogPurpose::OpenRecord => {
                ("Burrow records and positions", &["txt", "pgn"])
            }
            DialogPurpose::SaveDesign | DialogPurpose::OpenDesign => {
                ("Burrow game files", &["toml"])
            }
            DialogPurpose::CaFile => ("Certificates", &["pem", "crt", "cer"]),
        }
    }
}

/// Intent: ask the player for a file. `suggested`: the folder and name the
/// dialog opens at.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct DialogIntent {
    pub purpose: DialogPurpose,
    pub suggested: PathBuf,
}

/// Fact: the player picked this file (nothing is sent if they cancelled).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct DialogAnswer {
    pub purpose: DialogPurpose,
    pub path: PathBuf,
}

/// The answers a test gives in place of the player (no dialog opens while
/// it is set): each dialog takes the next path; none left is a cancel.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct DialogScript(pub Option<Vec<PathBuf>>);

/// The dialog on screen, if any: one at a time, as the system shows them.
#[derive(Default)]
struct OpenDialog(Option<(DialogPurpose, Receiver<Option<PathBuf>>)>);

fn open_dialogs(
    mut intents: MessageReader<DialogIntent>,
    mut script: ResMut<DialogScript>,
    mut open: NonSendMut<OpenDialog>,
    mut answers: MessageWriter<DialogAnswer>,
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
) {
    for intent in intents.read() {
        if let Some(paths) = &mut script.0 {
            if !paths.is_empty() {
                answers.write(DialogAnswer {
                    purpose: intent.purpose,
                    path: paths.remove(0),
                });
            }
            continue;
        }
        if open.0.is_some() {
            continue;
        }
        let (send, receive) = channel();
        let purpose = intent.purpose;
        let suggested = intent.suggested.clone();
        let proxy = proxy.as_deref().map(|p| (**p).clone());
        let shown = std::thread::Builder::new()
            .name("burrow-dialog".into())
            .spawn(move || {
                let (kind, extensions) = purpose.filter();
                let mut dialog = rfd::FileDialog::new()
                    .set_title(purpose.title())
                    .add_filter(kind, extensions);
                if let Some(folder) = suggested.parent().filter(|f| f.is_dir()) {
                    dialog = dialog.set_directory(folder);
                }
                if let Some(name) = suggested.file_name() {
                    dialog = dialog.set_file_name(name.to_string_lossy());
                }
                let picked = if purpose.saves() {
                    dialog.save_file()
                } else {
                    dialog.pick_file()
                };
                let _ = send.send(picked);
                if let Some(proxy) = proxy {
                    let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
                }
            });
        match shown {
            Ok(_) => open.0 = Some((purpose, receive)),
            Err(e) => tracing::warn!("cannot open a file dialog: {e}"),
        }
    }
}

fn answer_dialogs(mut open: NonSendMut<OpenDialog>, mut answers: MessageWriter<DialogAnswer>) {
    let Some((purpose, receive)) = &open.0 else {
        return;
    };
    match receive.try_recv() {
        Ok(picked) => {
            if let Some(path) = picked {
                answers.write(DialogAnswer {
                    purpose: *purpose,
                    path,
                });
            }
            open.0 = None;
        }
        Err(std::sync::mpsc::TryRecvError::Empty) => {}
        Err(std::sync::mpsc::TryRecvError::Disconnected) => open.0 = None,
    }
}
