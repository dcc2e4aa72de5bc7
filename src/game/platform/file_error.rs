//! Why a file could not be read or written, with the system's error kept
//! whole (its `source` reaches it) rather than worded early; on the web
//! page, the browser's words stand in for it.

use std::fmt;
use std::sync::Arc;

/// Why a file could not be read, written or moved.
#[derive(Clone, Debug)]
pub struct FileError(Arc<std::io::Error>);

impl FileError {
    /// The browser's (or another outside) words for a failed file.
    pub fn words(words: impl Into<String>) -> FileError {
        FileError(Arc::new(std::io::Error::other(words.into())))
    }

    /// The system's error.
    pub fn io(&self) -> &std::io::Error {
        &self.0
    }
}

impl From<std::io::Error> for FileError {
    fn from(error: std::io::Error) -> FileError {
        FileError(Arc::new(error))
    }
}

/// Two failures are the same when they are of one kind and say the same.
impl PartialEq for FileError {
    fn eq(&self, other: &FileError) -> bool {
        self.0.kind() == other.0.kind() && self.0.to_string() == other.0.to_string()
    }
}

impl Eq for FileError {}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for FileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&*self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_system_error_is_kept() {
        let error = FileError::from(std::io::Error::from(std::io::ErrorKind::NotFound));
        assert_eq!(error.io().kind(), std::io::ErrorKind::NotFound);
        let source = std::error::Error::source(&error).expect("a source");
        assert_eq!(source.to_string(), error.to_string());
        assert_eq!(error.clone(), error);
        assert_ne!(error, FileError::words("the browser said no"));
    }
}
