//! Where a design's learned weights are kept between runs: beside its game
//! file in the designs folder (`ID.brwt`, where the launcher and
//! `--game-file` find them) on the desktop; in the page's storage on the
//! web.

/// Keeps the weights of the design `id`; where they went, or why not.
#[cfg(not(target_arch = "wasm32"))]
pub fn keep(id: &str, bytes: &[u8], folder: Option<&std::path::Path>) -> Result<String, FileError> {
    let dir = folder.ok_or_else(no_home)?;
    let path = dir.join(format!("{id}.brwt"));
    let partial = path.with_extension("brwt.part");
    std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&partial, bytes))
        .and_then(|()| std::fs::rename(&partial, &path))
        .map_err(FileError::from)?;
    Ok(path.display().to_string())
}

/// The weights kept for the design `id`, if any.
#[cfg(not(target_arch = "wasm32"))]
pub fn kept(id: &str, folder: Option<&std::path::Path>) -> Option<Vec<u8>> {
    std::fs::read(folder?.join(format!("{id}.brwt"))).ok()
}

#[cfg(target_arch = "wasm32")]
fn storage_key(id: &str) -> String {
    format!("burrow-weights-{id}")
}

#[cfg(target_arch = "wasm32")]
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Keeps the weights of the design `id` in the page's storage (as base64).
#[cfg(target_arch = "wasm32")]
pub fn keep(
    id: &str,
    bytes: &[u8],
    _folder: Option<&std::path::Path>,
) -> Result<String, FileError> {
    use base64::Engine;
    let key = storage_key(id);
    let text = base64::engine::general_purpose::STANDARD.encode(bytes);
    storage()
        .ok_or_else(no_home)?
        .set_item(&key, &text)
        .map_err(|_| FileError::words(crate::tr!("designer-no-home")))?;
    Ok(key)
}

/// The weights kept for the design `id` in the page's storage, if any.
#[cfg(target_arch = "wasm32")]
pub fn kept(id: &str, _folder: Option<&std::path::Path>) -> Option<Vec<u8>> {
    use base64::Engine;
    let text = storage()?.get_item(&storage_key(id)).ok().flatten()?;
    base64::engine::general_purpose::STANDARD.decode(text).ok()
}

use super::FileError;

/// No place to keep them (no home folder, or no storage on the page).
fn no_home() -> FileError {
    FileError::words(crate::tr!("designer-no-home"))
}
