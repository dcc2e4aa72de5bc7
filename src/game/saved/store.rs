//! Where the saved game is kept: a file in the user's folder on the
//! desktop, written whole beside the old one, flushed to the disk and
//! renamed over it (so a crash or a `kill -9` leaves the last whole save);
//! the page's local storage on the web. A save that does not read is set
//! aside under another name, never deleted.

use std::fmt;

use bevy::prelude::*;

use crate::game::platform::FileError;

use crate::tr;

/// Where the game is kept; without this resource nothing is (the tests'
/// scripted windows, unless they name a folder).
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub enum SavePlace {
    /// `saved-game.txt` in this folder.
    #[cfg(not(target_arch = "wasm32"))]
    Folder(std::path::PathBuf),
    /// The page's local storage.
    #[cfg(target_arch = "wasm32")]
    PageStorage,
}

/// Where a save that did not read went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetAside {
    /// Into this file.
    File(String),
    /// Nowhere: it could not be moved (the system's words why) and is
    /// still this file.
    Stays { file: String, why: FileError },
    /// Into the page's storage, under this key.
    Page(String),
}

/// Why the game could not be saved; worded when shown, in the language in
/// force then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveFailure {
    /// Not in this folder: the system's words why.
    Folder { folder: String, why: FileError },
    /// The page's storage refused it.
    PageRefused,
}

impl fmt::Display for SaveFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            SaveFailure::Folder { folder, why } => tr!(
                "saved-notice-cannot-save",
                folder = folder.as_str(),
                why = why.to_string()
            ),
            SaveFailure::PageRefused => tr!("saved-notice-page-refused"),
        })
    }
}

impl std::error::Error for SaveFailure {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SaveFailure::Folder { why, .. } => Some(why),
            SaveFailure::PageRefused => None,
        }
    }
}

/// The file's name in its folder, and the name a save that does not read
/// is kept under.
#[cfg(not(target_arch = "wasm32"))]
const FILE: &str = "saved-game.txt";
#[cfg(not(target_arch = "wasm32"))]
const SET_ASIDE: &str = "saved-game-unreadable.txt";

impl SavePlace {
    /// The player's own place: the user's folder, or the page's storage.
    pub fn usual() -> Option<SavePlace> {
        #[cfg(target_arch = "wasm32")]
        return Some(SavePlace::PageStorage);
        #[cfg(not(target_arch = "wasm32"))]
        crate::places::user_dir().map(SavePlace::Folder)
    }

    /// The saved text, if there is one.
    pub fn read(&self) -> Option<String> {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            SavePlace::Folder(dir) => std::fs::read_to_string(dir.join(FILE)).ok(),
            #[cfg(target_arch = "wasm32")]
            SavePlace::PageStorage => page::get(page::KEY),
        }
    }

    /// Keeps `text` as the saved game, whole or not at all.
    pub fn write(&self, text: &str) -> Result<(), SaveFailure> {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            SavePlace::Folder(dir) => write_whole(dir, text).map_err(|e| SaveFailure::Folder {
                folder: dir.display().to_string(),
                why: e.into(),
            }),
            #[cfg(target_arch = "wasm32")]
            SavePlace::PageStorage => page::set(page::KEY, text)
                .then_some(())
                .ok_or(SaveFailure::PageRefused),
        }
    }

    /// No game is kept any more (the one kept has ended).
    pub fn forget(&self) {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            SavePlace::Folder(dir) => {
                let _ = std::fs::remove_file(dir.join(FILE));
            }
            #[cfg(target_arch = "wasm32")]
            SavePlace::PageStorage => page::remove(page::KEY),
        }
    }

    /// Moves a save that does not read out of the way; where it went.
    pub fn set_aside(&self, text: &str) -> SetAside {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            SavePlace::Folder(dir) => {
                let _ = text;
                let kept = dir.join(SET_ASIDE);
                match std::fs::rename(dir.join(FILE), &kept) {
                    Ok(()) => SetAside::File(kept.display().to_string()),
                    Err(e) => SetAside::Stays {
                        file: dir.join(FILE).display().to_string(),
                        why: e.into(),
                    },
                }
            }
            #[cfg(target_arch = "wasm32")]
            SavePlace::PageStorage => {
                page::set(page::SET_ASIDE, text);
                page::remove(page::KEY);
                SetAside::Page(page::SET_ASIDE.to_string())
            }
        }
    }
}

/// Writes `saved-game.txt.part`, flushes it to the disk, then renames it
/// over the old file: at every moment the file is an old or a new save,
/// never half of one.
#[cfg(not(target_arch = "wasm32"))]
fn write_whole(dir: &std::path::Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    std::fs::create_dir_all(dir)?;
    let part = dir.join(format!("{FILE}.part"));
    let mut file = std::fs::File::create(&part)?;
    file.write_all(text.as_bytes())?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&part, dir.join(FILE))?;
    // The rename itself reaches the disk with the folder's entry.
    if let Ok(folder) = std::fs::File::open(dir) {
        let _ = folder.sync_all();
    }
    Ok(())
}

/// The page's local storage.
#[cfg(target_arch = "wasm32")]
mod page {
    pub const KEY: &str = "burrow-saved-game";
    pub const SET_ASIDE: &str = "burrow-saved-game-unreadable";

    fn storage() -> Option<web_sys::Storage> {
        web_sys::window()?.local_storage().ok().flatten()
    }

    pub fn get(key: &str) -> Option<String> {
        storage()?.get_item(key).ok().flatten()
    }

    pub fn set(key: &str, text: &str) -> bool {
        storage().is_some_and(|s| s.set_item(key, text).is_ok())
    }

    pub fn remove(key: &str) {
        if let Some(storage) = storage() {
            let _ = storage.remove_item(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_is_written_whole_read_back_forgotten_and_set_aside() {
        let dir = std::env::temp_dir().join(format!("burrow-save-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let place = SavePlace::Folder(dir.clone());
        assert_eq!(place.read(), None);
        place.write("first").unwrap();
        place.write("second").unwrap();
        assert_eq!(place.read().as_deref(), Some("second"));
        assert!(
            !dir.join("saved-game.txt.part").exists(),
            "no half file left"
        );
        let kept = place.set_aside("second");
        assert!(
            matches!(&kept, SetAside::File(file) if file.ends_with("saved-game-unreadable.txt")),
            "{kept:?}"
        );
        assert_eq!(place.read(), None);
        assert_eq!(
            std::fs::read_to_string(dir.join("saved-game-unreadable.txt")).unwrap(),
            "second"
        );
        place.write("third").unwrap();
        place.forget();
        assert_eq!(place.read(), None);
    }
}
