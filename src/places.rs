//! Where Burrow keeps its files on this machine, from the `dirs` crate's
//! answer for each system: the settings, the saved game and the designs
//! folder live in one folder of the user's (on Linux
//! `$XDG_CONFIG_HOME/burrow`, else `~/.config/burrow`; on Windows
//! `%APPDATA%\Burrow`; on macOS `~/Library/Application Support/Burrow`),
//! and records and pictures go to the user's documents folder. The web page
//! keeps its things in the browser's storage instead.

use std::path::{Path, PathBuf};

/// Burrow's folder for the user's files, if the machine says where the
/// user's home is.
pub fn user_dir() -> Option<PathBuf> {
    let name = if cfg!(target_os = "linux") {
        "burrow"
    } else {
        "Burrow"
    };
    Some(dirs::config_dir()?.join(name))
}

/// Where records, positions and pictures are saved unless the player
/// picks another place: the documents folder, else the home folder, else
/// the folder the game was started from.
pub fn documents_dir() -> PathBuf {
    dirs::document_dir()
        .or_else(dirs::home_dir)
        .unwrap_or_else(|| PathBuf::from("."))
}

/// The designs folder: every `*.toml` game file in it joins the games at
/// start (the designer screen saves there).
pub fn designs_dir() -> Option<PathBuf> {
    user_dir().map(|d| d.join("designs"))
}

/// The game files of `dir`, by name (none if it does not exist).
pub fn design_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "toml") && p.is_file())
        .collect();
    files.sort();
    files
}
