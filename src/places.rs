//! Where Burrow keeps its files on this machine: the settings, the saved
//! games and the designs folder live in one folder of the user's
//! (`$XDG_CONFIG_HOME/burrow`, else `~/.config/burrow`; on Windows
//! `%APPDATA%\Burrow`). The web page keeps its things in the browser's
//! storage instead.

use std::path::{Path, PathBuf};

/// Burrow's folder for the user's files, if the machine says where the
/// user's home is.
pub fn user_dir() -> Option<PathBuf> {
    if cfg!(windows) {
        return std::env::var_os("APPDATA").map(|d| PathBuf::from(d).join("Burrow"));
    }
    let config = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".config")))?;
    Some(config.join("burrow"))
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
