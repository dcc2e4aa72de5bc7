//! Records and game files on the web page: the panel's Download record
//! hands the record's text to the browser as a file download, and Open
//! record file lets the player pick a file, whose text comes back (the
//! browser reads it in its own time) as a [`SessionIntent::LoadRecord`], or
//! as a [`Refused`] naming the file when it cannot be read. A bad record is
//! refused by the session like a pasted one; the game in play stays. The
//! designer's Open file picks a game file (`.toml`) the same way, for the
//! designer; its Download file is a download like a record's.

use bevy::prelude::*;
use wasm_bindgen::prelude::*;

use super::GameSet;
use super::session::{GameSession, Refusal, Refused, SessionIntent};

#[wasm_bindgen(inline_js = r#"
let picked = null;
export function burrow_download(name, type, bytes) {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
export function burrow_pick_file(accept) {
  const input = document.createElement("input");
  input.type = "file";
  input.accept = accept;
  input.addEventListener("change", () => {
    const file = input.files && input.files[0];
    if (!file) return;
    if (file.size > 4 * 1024 * 1024) {
      picked = { name: file.name, error: "the file is over 4 MB, too large for a game record" };
      return;
    }
    file.text().then(
      (text) => { picked = { name: file.name, text }; },
      (error) => { picked = { name: file.name, error: String(error) }; },
    );
  });
  input.click();
}
export function burrow_picked_name() { return picked ? picked.name : undefined; }
export function burrow_picked_text() { return picked && picked.text !== undefined ? picked.text : undefined; }
export function burrow_picked_error() { return picked && picked.error !== undefined ? picked.error : undefined; }
export function burrow_forget_picked() { picked = null; }
"#)]
extern "C" {
    fn burrow_download(name: &str, media_type: &str, bytes: &[u8]);
    fn burrow_pick_file(accept: &str);
    fn burrow_picked_name() -> Option<String>;
    fn burrow_picked_text() -> Option<String>;
    fn burrow_picked_error() -> Option<String>;
    fn burrow_forget_picked();
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<WebFileIntent>().add_systems(
        Update,
        (start_file_work, take_picked_file)
            .chain()
            .in_set(GameSet::Input),
    );
}

/// Intent: hand the record to the browser as a download, or ask the
/// player for a record file.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum WebFileIntent {
    /// Download the game's record under this file name.
    DownloadRecord(String),
    /// Open the browser's file picker for a record.
    OpenRecord,
    /// Open the browser's file picker for a game file (`.toml`): it goes
    /// to the designer.
    OpenDesign,
}

/// Offers `bytes` to the player as a file called `name`.
pub fn download(name: &str, media_type: &str, bytes: &[u8]) {
    burrow_download(name, media_type, bytes);
}

fn start_file_work(mut intents: MessageReader<WebFileIntent>, session: Res<GameSession>) {
    for intent in intents.read() {
        match intent {
            WebFileIntent::DownloadRecord(name) => {
                download(name, "text/plain", session.record().to_string().as_bytes());
            }
            WebFileIntent::OpenRecord => burrow_pick_file(".txt,text/plain"),
            WebFileIntent::OpenDesign => burrow_pick_file(".toml"),
        }
    }
}

fn take_picked_file(
    mut loads: MessageWriter<SessionIntent>,
    mut designs: MessageWriter<super::designer::DesignerIntent>,
    mut refused: MessageWriter<Refused>,
) {
    let Some(name) = burrow_picked_name() else {
        return;
    };
    if let Some(error) = burrow_picked_error() {
        burrow_forget_picked();
        refused.write(Refused(Refusal::File { path: name, error }));
    } else if let Some(text) = burrow_picked_text() {
        burrow_forget_picked();
        if name.ends_with(".toml") {
            designs.write(super::designer::DesignerIntent::Read(text));
        } else {
            loads.write(SessionIntent::LoadRecord(text));
        }
    }
}
