//! Reading catalog text from the file system and from standard input (`-`) into
//! [`InputFile`]s, within the total-size limit.
//!
//! Directory trees are walked in sorted order and only their `.json`, `.yaml`, `.yml` and
//! `.indexignore` files are read; files named explicitly are read whatever their extension.
//! No file is read past the total-size limit: the file that would cross it is reported (with
//! the line and column where the limit falls) and neither it nor the files after it are read.

use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::diag::{Diagnostic, Location, Rule};
use crate::load::error::LoadError;
use crate::load::input::{has_catalog_extension, is_indexignore, InputFile};
use crate::sort::SortWith;
use crate::yaml::position::Cursor;
use crate::yaml::{limit_message, LimitKind, Limits};

/// The path that stands for standard input.
pub const STDIN_PATH: &str = "-";

/// The file name standard input's documents carry in diagnostics.
pub const STDIN_NAME: &str = "<stdin>";

/// Where catalog text comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputSource {
    /// A file or a directory tree.
    Path(PathBuf),
    /// Standard input (JSON or YAML, sniffed like a file).
    Stdin,
}

impl InputSource {
    /// `-` is standard input; any other path a file or a directory.
    pub fn from_path(path: impl AsRef<Path>) -> Self {
        let path = path.as_ref();
        if path == Path::new(STDIN_PATH) {
            InputSource::Stdin
        } else {
            InputSource::Path(path.to_path_buf())
        }
    }
}

/// The files read from some paths, and notes on what was skipped.
#[derive(Debug, Default)]
pub struct ReadPaths {
    /// The files read, in the order they are loaded.
    pub files: Vec<InputFile>,
    /// Files skipped inside directories (not a catalog extension, not UTF-8, unreadable) and
    /// the total-size limit, when it was crossed.
    pub notes: Vec<Diagnostic>,
}

/// Reads files, directory trees and standard input (`-`) into memory.
///
/// A path that does not exist or cannot be read, or a file named explicitly that is not UTF-8,
/// is a [`LoadError`]; inside a directory such files are notes and skipped.
///
/// # Complexity
/// O(B + F log F) for B bytes read and F files found; at most `limits.max_total_bytes` + 1
/// bytes are held.
pub fn read_paths<P: AsRef<Path>>(paths: &[P], limits: &Limits) -> Result<ReadPaths, LoadError> {
    let mut reader = PathReader {
        limit: limits.max_total_bytes,
        remaining: limits.max_total_bytes,
        exhausted: false,
        not_read: 0,
        out: ReadPaths::default(),
    };
    for p in paths {
        match InputSource::from_path(p) {
            InputSource::Stdin => reader.stdin()?,
            InputSource::Path(p) => reader.path(&p)?,
        }
    }
    if reader.not_read > 0 {
        let n = reader.not_read;
        reader.out.notes.push(Diagnostic::info(
            Rule::LoadLimit,
            format!("{n} more file(s) not read: the total-size limit was reached"),
        ));
    }
    Ok(reader.out)
}

struct PathReader {
    limit: usize,
    remaining: usize,
    /// The limit was crossed: nothing more is read.
    exhausted: bool,
    /// Files left unread after the total-size limit was crossed.
    not_read: usize,
    out: ReadPaths,
}

impl PathReader {
    fn path(&mut self, p: &Path) -> Result<(), LoadError> {
        let shown = p.display().to_string();
        let meta = std::fs::metadata(p).map_err(|e| LoadError::io(&shown, e))?;
        if !meta.is_dir() {
            let file = std::fs::File::open(p).map_err(|e| LoadError::io(&shown, e))?;
            let hint = usize::try_from(meta.len()).unwrap_or(usize::MAX);
            let bytes = self
                .capped(file, &shown, hint)
                .map_err(|e| LoadError::io(&shown, e))?;
            if let Some(bytes) = bytes {
                let text = String::from_utf8(bytes).map_err(|_| LoadError::NotUtf8 {
                    path: shown.clone(),
                })?;
                self.out.files.push(InputFile::new(shown, text));
            }
            return Ok(());
        }
        let mut found = Vec::new();
        walk(p, &mut found).map_err(|e| LoadError::io(&shown, e))?;
        found.sort_ord();
        let root = shown.trim_end_matches('/');
        let shown_of = |f: &Path| {
            let rel = f.strip_prefix(p).unwrap_or(f).to_string_lossy();
            format!("{root}/{}", rel.replace('\\', "/"))
        };
        let wanted: Vec<&Path> = (found.iter())
            .map(PathBuf::as_path)
            .filter(|f| {
                let shown = shown_of(f);
                has_catalog_extension(&shown) || is_indexignore(&shown)
            })
            .collect();
        let mut ahead = self.read_ahead(&wanted).into_iter();
        for f in &found {
            let shown = shown_of(f);
            if has_catalog_extension(&shown) || is_indexignore(&shown) {
                self.dir_file(f, shown, ahead.next().flatten());
            } else {
                self.note(
                    Diagnostic::info(
                        Rule::LoadSkipped,
                        "skipped: not a .json, .yaml or .yml file (opm would try to parse it)",
                    ),
                    shown,
                );
            }
        }
        Ok(())
    }

    /// A file found in a directory (its bytes when they were read ahead): problems are notes,
    /// not errors.
    fn dir_file(&mut self, f: &Path, shown: String, ahead: Option<std::io::Result<Vec<u8>>>) {
        let read = match ahead {
            Some(read) => read.map(|bytes| self.take(bytes, &shown)),
            None => std::fs::File::open(f).and_then(|file| {
                let hint = file.metadata().map_or(0, |m| m.len());
                let hint = usize::try_from(hint).unwrap_or(usize::MAX);
                self.capped(file, &shown, hint)
            }),
        };
        match read {
            Ok(None) => {}
            Ok(Some(bytes)) => match String::from_utf8(bytes) {
                Ok(text) => self.out.files.push(InputFile::new(shown, text)),
                Err(_) => self.note(
                    Diagnostic::error(Rule::LoadUtf8, "file is not UTF-8 text: not read"),
                    shown,
                ),
            },
            Err(e) => self.note(
                Diagnostic::error(Rule::LoadIo, format!("cannot read file: {e}")),
                shown,
            ),
        }
    }

    fn note(&mut self, d: Diagnostic, file: String) {
        self.out
            .notes
            .push(d.at(Location::at(file, None, None, None)));
    }

    fn stdin(&mut self) -> Result<(), LoadError> {
        let cached = STDIN.get_or_init(|| {
            let mut buf = Vec::new();
            let cap = (self.remaining as u64).saturating_add(1);
            match std::io::stdin().lock().take(cap).read_to_end(&mut buf) {
                Ok(_) => Ok(buf),
                Err(e) => Err((e.kind(), e.to_string())),
            }
        });
        let bytes = match cached {
            Ok(bytes) => bytes.clone(),
            Err((kind, msg)) => {
                let source = std::io::Error::new(*kind, msg.clone());
                return Err(LoadError::io(STDIN_PATH, source));
            }
        };
        let Some(bytes) = self
            .capped(&bytes[..], STDIN_NAME, bytes.len())
            .ok()
            .flatten()
        else {
            return Ok(());
        };
        let text = String::from_utf8(bytes).map_err(|_| LoadError::NotUtf8 {
            path: STDIN_PATH.into(),
        })?;
        self.out.files.push(InputFile::new(STDIN_NAME, text));
        Ok(())
    }

    /// Reads at most what the total-size limit leaves; `None` (with the limit's diagnostic)
    /// when the file would cross it, or when an earlier one did. `hint` is the expected size
    /// (the buffer is allocated once for it, within the limit).
    fn capped(
        &mut self,
        src: impl std::io::Read,
        shown: &str,
        hint: usize,
    ) -> std::io::Result<Option<Vec<u8>>> {
        if self.exhausted {
            self.not_read += 1;
            return Ok(None);
        }
        let mut bytes = Vec::with_capacity(hint.min(self.remaining).saturating_add(1));
        src.take((self.remaining as u64).saturating_add(1))
            .read_to_end(&mut bytes)?;
        Ok(self.take(bytes, shown))
    }

    /// Counts a file's bytes (read whole, or up to one byte past what the limit leaves)
    /// against the total-size limit, as [`PathReader::capped`] does.
    fn take(&mut self, bytes: Vec<u8>, shown: &str) -> Option<Vec<u8>> {
        if self.exhausted {
            self.not_read += 1;
            return None;
        }
        if bytes.len() <= self.remaining {
            self.remaining -= bytes.len();
            return Some(bytes);
        }
        let d = total_limit_diagnostic(shown, &bytes, self.remaining, self.limit);
        self.out.notes.push(d);
        self.exhausted = true;
        None
    }

    /// The files of a directory read ahead on worker threads when they are worth it and all
    /// of them fit in what the total-size limit leaves (by their sizes on disk): for each file,
    /// its bytes or the error reading it, or `None` when it is to be read in turn (not read
    /// ahead, or it grew since its size was taken). Native builds only.
    ///
    /// # Complexity
    /// O(F + B) for F files of B bytes (at most what the limit leaves), spread over the cores.
    fn read_ahead(&self, files: &[&Path]) -> Vec<Option<std::io::Result<Vec<u8>>>> {
        let sizes: Vec<usize> = files
            .iter()
            .map(|f| {
                std::fs::metadata(f).map_or(0, |m| usize::try_from(m.len()).unwrap_or(usize::MAX))
            })
            .collect();
        let total = sizes.iter().fold(0usize, |t, s| t.saturating_add(*s));
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        if cfg!(target_arch = "wasm32")
            || self.exhausted
            || threads < 2
            || files.len() < 2
            || total > self.remaining
            || total < READ_AHEAD_MIN_BYTES
        {
            return Vec::new();
        }
        read_files_ahead(files, &sizes, threads.min(files.len()))
    }
}

/// Below this many bytes in a directory, threads cost more than they save.
const READ_AHEAD_MIN_BYTES: usize = 256 << 10;

/// Reads each file (at most its expected size and one byte more) on `workers` threads; a file
/// that turns out longer than expected is left to be read in turn (`None`).
///
/// # Complexity
/// O(F + B) for F files and B bytes.
fn read_files_ahead(
    files: &[&Path],
    sizes: &[usize],
    workers: usize,
) -> Vec<Option<std::io::Result<Vec<u8>>>> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let read_one = |i: usize| {
        let hint = sizes[i];
        let read = std::fs::File::open(files[i]).and_then(|file| {
            let mut bytes = Vec::with_capacity(hint.saturating_add(1));
            let cap = u64::try_from(hint).unwrap_or(u64::MAX).saturating_add(1);
            file.take(cap).read_to_end(&mut bytes)?;
            Ok(bytes)
        });
        match read {
            Ok(bytes) if bytes.len() > hint => None,
            read => Some(read),
        }
    };
    let work = || {
        let mut done = Vec::new();
        while let Some(i) = Some(next.fetch_add(1, Ordering::Relaxed)).filter(|i| *i < files.len())
        {
            done.push((i, read_one(i)));
        }
        done
    };
    let mut out: Vec<Option<std::io::Result<Vec<u8>>>> = Vec::new();
    out.resize_with(files.len(), || None);
    std::thread::scope(|scope| {
        // A helper that cannot start leaves its share to the calling thread.
        let helpers: Vec<_> = (1..workers)
            .filter_map(|_| std::thread::Builder::new().spawn_scoped(scope, work).ok())
            .collect();
        let mine = work();
        let theirs = helpers.into_iter().filter_map(|h| h.join().ok());
        for (i, read) in std::iter::once(mine).chain(theirs).flatten() {
            out[i] = read;
        }
    });
    out
}

static STDIN: OnceLock<Result<Vec<u8>, (std::io::ErrorKind, String)>> = OnceLock::new();

/// The diagnostic of the file in which the total-size limit falls, at the line and column
/// where it falls (`allowed` bytes into `bytes`).
pub(in crate::load) fn total_limit_diagnostic(
    file: &str,
    bytes: &[u8],
    allowed: usize,
    limit: usize,
) -> Diagnostic {
    let valid = match std::str::from_utf8(&bytes[..allowed.min(bytes.len())]) {
        Ok(s) => s,
        Err(e) => std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default(),
    };
    let (line, column) = Cursor::new(valid).at(valid.len());
    Diagnostic::error(
        Rule::LoadLimit,
        format!(
            "{}; this file and any after it are not read",
            limit_message(LimitKind::TotalBytes, limit)
        ),
    )
    .at(Location::at(file.to_string(), line, column, None))
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let ty = entry.file_type()?;
        let path = entry.path();
        if ty.is_dir() {
            walk(&path, out)?;
        } else if ty.is_file() || (ty.is_symlink() && path.is_file()) {
            out.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory under the system's temporary directory, removed when dropped.
    struct Dir(PathBuf);

    impl Dir {
        fn new(name: &str) -> Dir {
            let dir = std::env::temp_dir().join(format!("olm-graph-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(dir.join("sub")).unwrap();
            Dir(dir)
        }
    }

    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// A directory big enough to be read ahead on threads reads as one read file by file: the
    /// same files in the same order, the same notes, and the total-size limit counted alike.
    #[test]
    fn a_directory_read_ahead_gives_what_reading_in_turn_gives() {
        let dir = Dir::new("read-ahead");
        let texts: Vec<String> = (0..5)
            .map(|i| {
                format!(
                    "schema: olm.package\nname: p{i}\ndescription: {}\n",
                    "x".repeat(100_000 + i)
                )
            })
            .collect();
        for (i, t) in texts.iter().enumerate() {
            let sub = if i % 2 == 0 { "" } else { "sub/" };
            std::fs::write(dir.0.join(format!("{sub}f{i}.yaml")), t).unwrap();
        }
        std::fs::write(dir.0.join("bad.yaml"), b"name: \xff\xfe\n").unwrap();
        std::fs::write(dir.0.join("notes.txt"), "not a catalog").unwrap();
        let root = dir.0.display().to_string();
        let read = read_paths(&[&dir.0], &Limits::DEFAULT).unwrap();
        let names: Vec<&str> = read.files.iter().map(|f| f.path.as_str()).collect();
        let want: Vec<String> = [
            "f0.yaml",
            "f2.yaml",
            "f4.yaml",
            "sub/f1.yaml",
            "sub/f3.yaml",
        ]
        .iter()
        .map(|n| format!("{root}/{n}"))
        .collect();
        assert_eq!(names, want);
        for f in &read.files {
            let i: usize = f.path[f.path.len() - 6..f.path.len() - 5].parse().unwrap();
            assert_eq!(f.text, texts[i], "{}", f.path);
        }
        let notes: Vec<&str> = read.notes.iter().map(|d| &*d.code).collect();
        assert_eq!(notes, ["load.utf8", "load.skipped"]);
        // Under a total-size limit the files cross, nothing is read ahead: the limit falls in
        // f4.yaml, on the line it falls on.
        let limits = Limits {
            // bad.yaml, f0.yaml, f2.yaml, and 40 bytes of f4.yaml.
            max_total_bytes: 9 + 100_043 + 100_045 + 40,
            ..Limits::DEFAULT
        };
        let read = read_paths(&[&dir.0], &limits).unwrap();
        assert_eq!(read.files.len(), 2);
        let limit = read
            .notes
            .iter()
            .find(|d| d.code == Rule::LoadLimit)
            .unwrap();
        let at = limit.location.as_ref().unwrap();
        assert!(at.file.ends_with("f4.yaml"), "{at:?}");
        assert_eq!((at.line, at.column), (Some(3), Some(12)));
    }
}
