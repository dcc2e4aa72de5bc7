//! Files read and written on Bevy's I/O threads, never inside a panel's
//! drawing or the frame: a feature starts a job with a tag of its own
//! ([`FileWork::write`], [`FileWork::read`]) and collects the finished
//! ones each frame ([`FileWork::finished`]). The records and the designer
//! each keep one, tagged with what the file is for.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::tasks::{IoTaskPool, Task, futures::check_ready};

/// A file that was written or read: its path and, for a read, its text.
#[derive(Debug)]
pub struct FileDone<K> {
    pub kind: K,
    pub path: PathBuf,
    /// The text read (none for a write), or why the file could not be
    /// read or written.
    pub result: Result<Option<String>, std::io::Error>,
}

/// File reads and writes under way, each with its tag.
#[derive(Resource)]
pub struct FileWork<K: Send + Sync + 'static> {
    tasks: Vec<Task<FileDone<K>>>,
}

impl<K: Send + Sync + 'static> Default for FileWork<K> {
    fn default() -> Self {
        FileWork { tasks: Vec::new() }
    }
}

impl<K: Send + Sync + 'static> FileWork<K> {
    /// Writes `text` to `path` (the whole file, replacing what was there).
    pub fn write(&mut self, kind: K, path: PathBuf, text: String) {
        self.start(kind, path, move |path| {
            std::fs::write(path, text).map(|()| None)
        });
    }

    /// Reads `path` as text.
    pub fn read(&mut self, kind: K, path: PathBuf) {
        self.start(kind, path, |path| std::fs::read_to_string(path).map(Some));
    }

    fn start(
        &mut self,
        kind: K,
        path: PathBuf,
        work: impl FnOnce(&Path) -> Result<Option<String>, std::io::Error> + Send + 'static,
    ) {
        self.tasks.push(IoTaskPool::get().spawn(async move {
            let result = work(&path);
            FileDone { kind, path, result }
        }));
    }

    /// The jobs that have finished since the last call, in the order they
    /// were started.
    pub fn finished(&mut self) -> Vec<FileDone<K>> {
        let mut done = Vec::new();
        self.tasks.retain_mut(|task| match check_ready(task) {
            Some(finished) => {
                done.push(finished);
                false
            }
            None => true,
        });
        done
    }
}
