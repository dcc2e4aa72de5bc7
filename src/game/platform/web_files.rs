//! Files on the web page, which has no file system: [`download`] hands
//! bytes to the browser as a file download, and a [`PickFile`] lets the
//! player pick a file, whose text comes back (the browser reads it in its
//! own time) as a [`FilePicked`], or as the reason it could not be read.
//! What a picked file is for is the reader's business: the records take
//! records, the designer takes game files (`.toml`).

use bevy::prelude::*;
use wasm_bindgen::prelude::*;

use crate::game::sets::GameSet;

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
    app.add_message::<PickFile>().add_message::<FilePicked>();
    app.configure_sets(Update, PickedFiles.in_set(GameSet::Input));
    app.add_systems(
        Update,
        (start_picking, take_picked_file)
            .chain()
            .in_set(PickedFiles),
    );
}

/// Intent: open the browser's file picker for files of these kinds (the
/// picker's `accept`, such as `.toml`).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct PickFile {
    pub accept: &'static str,
}

/// Fact: the file the player picked, read or not.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum FilePicked {
    Read { name: String, text: String },
    Failed { name: String, error: String },
}

/// Where the pickers open and picked files come in: whoever sends a
/// [`PickFile`] runs before it, whoever reads a [`FilePicked`] after.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PickedFiles;

/// Offers `bytes` to the player as a file called `name`.
pub fn download(name: &str, media_type: &str, bytes: &[u8]) {
    burrow_download(name, media_type, bytes);
}

fn start_picking(mut intents: MessageReader<PickFile>) {
    for intent in intents.read() {
        burrow_pick_file(intent.accept);
    }
}

fn take_picked_file(mut picked: MessageWriter<FilePicked>) {
    let Some(name) = burrow_picked_name() else {
        return;
    };
    if let Some(error) = burrow_picked_error() {
        burrow_forget_picked();
        picked.write(FilePicked::Failed { name, error });
    } else if let Some(text) = burrow_picked_text() {
        burrow_forget_picked();
        picked.write(FilePicked::Read { name, text });
    }
}
