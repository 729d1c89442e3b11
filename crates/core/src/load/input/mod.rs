//! What a load reads: files in memory, the extensions read inside directories, the progress
//! reported while reading, and (`fetched`) the check of an answer fetched from a URL.

pub(in crate::load) mod fetched;
pub(in crate::load) mod indexignore;
pub(in crate::load) mod source;

/// One input file: its path (as shown to the user) and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputFile {
    /// The path every finding in the file names: relative to the directory loaded, when one
    /// was, else as given.
    pub path: String,
    /// The whole text of the file.
    pub text: String,
}

impl InputFile {
    /// The file at `path` holding `text`.
    pub fn new(path: impl Into<String>, text: impl Into<String>) -> Self {
        InputFile {
            path: path.into(),
            text: text.into(),
        }
    }
}

/// File name endings read as catalog files in a directory.
pub const CATALOG_EXTENSIONS: &[&str] = &[".json", ".yaml", ".yml"];

/// True when a path inside a directory is read as a catalog file.
pub fn has_catalog_extension(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    CATALOG_EXTENSIONS.iter().any(|e| lower.ends_with(e))
}

/// How far loading has got, for a progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Progress {
    /// Files read so far.
    pub files_done: usize,
    /// Files the load reads in all.
    pub files_total: usize,
    /// Bytes read so far, the file being read included up to where its reader got.
    pub bytes_done: usize,
    /// Bytes of all the files the load reads.
    pub bytes_total: usize,
}

pub(in crate::load) fn is_indexignore(path: &str) -> bool {
    path == ".indexignore" || path.ends_with("/.indexignore")
}

pub(in crate::load) fn parent_dir(path: &str) -> &str {
    path.rfind('/').map_or("", |i| &path[..i])
}
