//! The designer's game files on the desktop: the file dialog's answer for
//! a design to save or open, the file written or read off the frame
//! ([`FileWork`]), and what came of it: [`Saved`], a read file's text as
//! a [`DesignerIntent::Read`], or a [`Refused`] naming the file and what went
//! wrong. The draft is never touched by a failed read.

use bevy::prelude::*;

use crate::game::platform::dialogs::{DialogAnswer, DialogPurpose};
use crate::game::platform::file_work::FileWork;
use crate::game::play::{Refusal, Refused, Saved};
use crate::game::sets::GameSet;

use super::draft::{Designer, DesignerIntent};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FileWork<DesignFile>>().add_systems(
        Update,
        (answer_dialogs, finish_file_work)
            .chain()
            .in_set(GameSet::Input),
    );
}

/// What a design's file is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DesignFile {
    Saved,
    Opened,
}

/// A game file the player picked: the draft saved to it, or it read.
fn answer_dialogs(
    mut answers: MessageReader<DialogAnswer>,
    designer: Option<Res<Designer>>,
    mut work: ResMut<FileWork<DesignFile>>,
) {
    for answer in answers.read() {
        let path = answer.path.clone();
        match answer.purpose {
            DialogPurpose::SaveDesign => {
                let Some(designer) = &designer else { continue };
                work.write(DesignFile::Saved, path, designer.draft.to_string());
            }
            DialogPurpose::OpenDesign => work.read(DesignFile::Opened, path),
            _ => {}
        }
    }
}

fn finish_file_work(
    mut work: ResMut<FileWork<DesignFile>>,
    mut designs: MessageWriter<DesignerIntent>,
    mut saved: MessageWriter<Saved>,
    mut refused: MessageWriter<Refused>,
) {
    for done in work.finished() {
        match done.result {
            Err(error) => {
                refused.write(Refused(Refusal::file(&done.path, error)));
            }
            Ok(Some(text)) => {
                designs.write(DesignerIntent::Read(text));
            }
            Ok(None) => {
                saved.write(Saved(done.path));
            }
        }
    }
}
