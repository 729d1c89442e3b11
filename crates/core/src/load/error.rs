//! Errors of the loader's public API. Problems inside a catalog are never errors: they are
//! [`Diagnostic`](crate::Diagnostic)s of the loaded catalog. An error means a path given to
//! [`load_paths`](crate::open::load_paths) could not be read at all.

/// A path (or standard input) that could not be read at all.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The path does not exist, or the file or directory cannot be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The path as given (`-` for standard input).
        path: String,
        /// What the operating system answered.
        #[source]
        source: std::io::Error,
    },
    /// A file named explicitly is not UTF-8 text.
    #[error("cannot read {path}: file is not UTF-8 text")]
    NotUtf8 {
        /// The path as given.
        path: String,
    },
}

impl LoadError {
    /// The path as given (`-` for standard input).
    pub fn path(&self) -> &str {
        match self {
            LoadError::Io { path, .. } | LoadError::NotUtf8 { path } => path,
        }
    }

    pub(crate) fn io(path: impl Into<String>, source: std::io::Error) -> Self {
        LoadError::Io {
            path: path.into(),
            source,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_path_and_the_cause() {
        let e = LoadError::io(
            "cat/x.yaml",
            std::io::Error::new(std::io::ErrorKind::NotFound, "No such file"),
        );
        assert_eq!(e.to_string(), "cannot read cat/x.yaml: No such file");
        assert_eq!(e.path(), "cat/x.yaml");
        let e = LoadError::NotUtf8 { path: "-".into() };
        assert_eq!(e.to_string(), "cannot read -: file is not UTF-8 text");
    }
}
