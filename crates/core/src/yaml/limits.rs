//! The limits every reader keeps, so that hostile input (deep nesting, huge strings, document
//! storms, alias bombs) cannot freeze or exhaust it: [`Limits`], which one was crossed
//! ([`LimitKind`]), and [`LimitError`], the one wording of a crossed limit.

use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// Upper bounds on what one load reads. The defaults are far above every real catalog in
/// `../shared/catalogs` (deepest document 30 levels, 27 keys in an object, longest string
/// 198 KB, 165 documents in a file, 48 MiB in all) and above the generated 100,000-bundle
/// chains of the scale benchmark.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Limits {
    /// Nesting depth of mappings and lists in one document; the document's own mapping is
    /// level 1. JSON is never read deeper than 127 levels (serde_json's own bound), whatever
    /// this says. Default 100.
    pub max_depth: usize,
    /// Documents in one file: YAML documents (empty ones included) or JSON objects. Default
    /// 500,000.
    pub max_documents: usize,
    /// The key count of one document: every mapping key, every value and every list item
    /// counts one (YAML's node count; alias expansions count again). Default 2,000,000.
    pub max_nodes: usize,
    /// Bytes of one string (a key or a value), as written in the file. Default 16 MiB.
    pub max_string_bytes: usize,
    /// Bytes of all files of one load together; the file that would pass it is not read.
    /// Default 1 GiB.
    pub max_total_bytes: usize,
}

impl Limits {
    /// The default limits.
    pub const DEFAULT: Limits = Limits {
        max_depth: 100,
        max_documents: 500_000,
        max_nodes: 2_000_000,
        max_string_bytes: 16 << 20,
        max_total_bytes: 1 << 30,
    };

    /// Sets the limits that `open::load_paths` applies for the rest of this
    /// process (the CLI's `--max-*` flags). Returns `false`, changing nothing, when they were
    /// already set. Loads given explicit [`LoadOptions`] are not affected.
    pub fn set_process_default(self) -> bool {
        PROCESS_LIMITS.set(self).is_ok()
    }

    /// The limits set by [`Limits::set_process_default`], or [`Limits::DEFAULT`].
    pub fn process_default() -> Limits {
        PROCESS_LIMITS.get().copied().unwrap_or(Limits::DEFAULT)
    }

    /// The value of one limit.
    pub fn get(&self, kind: LimitKind) -> usize {
        match kind {
            LimitKind::Depth => self.max_depth,
            LimitKind::Documents => self.max_documents,
            LimitKind::Nodes => self.max_nodes,
            LimitKind::StringBytes => self.max_string_bytes,
            LimitKind::TotalBytes => self.max_total_bytes,
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

static PROCESS_LIMITS: OnceLock<Limits> = OnceLock::new();

/// Which limit was crossed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum LimitKind {
    /// Nesting depth of one document.
    Depth,
    /// Documents in one file.
    Documents,
    /// Nodes of one document.
    Nodes,
    /// Bytes of one string.
    StringBytes,
    /// Bytes read in all.
    TotalBytes,
}

impl LimitKind {
    /// Every limit, in the order of [`Limits`]' fields.
    pub const ALL: [LimitKind; 5] = [
        LimitKind::Depth,
        LimitKind::Documents,
        LimitKind::Nodes,
        LimitKind::StringBytes,
        LimitKind::TotalBytes,
    ];

    /// The field of [`Limits`] that sets it.
    pub fn field(self) -> &'static str {
        match self {
            LimitKind::Depth => "max_depth",
            LimitKind::Documents => "max_documents",
            LimitKind::Nodes => "max_nodes",
            LimitKind::StringBytes => "max_string_bytes",
            LimitKind::TotalBytes => "max_total_bytes",
        }
    }

    /// The CLI flag that sets it.
    pub fn flag(self) -> &'static str {
        match self {
            LimitKind::Depth => "--max-depth",
            LimitKind::Documents => "--max-documents",
            LimitKind::Nodes => "--max-nodes",
            LimitKind::StringBytes => "--max-string-bytes",
            LimitKind::TotalBytes => "--max-total-bytes",
        }
    }

    /// What crossing it means, e.g. "nesting deeper than 100 levels".
    pub fn crossed(self, limit: usize) -> String {
        match self {
            LimitKind::Depth => format!("nesting deeper than {limit} levels"),
            LimitKind::Documents => format!("more than {limit} documents in one file"),
            LimitKind::Nodes => {
                format!("more than {limit} keys, values and list items in one document")
            }
            LimitKind::StringBytes => format!("a string longer than {limit} bytes"),
            LimitKind::TotalBytes => format!("more than {limit} bytes of input in all"),
        }
    }
}

impl fmt::Display for LimitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.field())
    }
}

/// An input limit a reader stopped at: one of the [`Limits`] (and its value), or anchors and
/// aliases that replay more than `factor` times the document's own events. Its `Display` is
/// the one wording of a crossed limit, whoever reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitError {
    /// One of the [`Limits`], and its value.
    Crossed {
        /// Which limit.
        kind: LimitKind,
        /// Its value.
        limit: usize,
    },
    /// Anchors and aliases replay more than `factor` times the document's own events.
    AliasBomb {
        /// How many times the document's own events may be replayed.
        factor: usize,
    },
}

impl fmt::Display for LimitError {
    /// What was crossed, and the flag that raises it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LimitError::Crossed { kind, limit } => write!(
                f,
                "{}: input limit {} = {limit} crossed (raise it with {} if the catalog is genuine)",
                kind.crossed(*limit),
                kind.field(),
                kind.flag()
            ),
            LimitError::AliasBomb { factor } => write!(
                f,
                "anchors and aliases expand to more than {factor} times the document's own events (alias bomb?)"
            ),
        }
    }
}

/// The message of a crossed limit: what was crossed, and how to raise it.
pub fn limit_message(kind: LimitKind, limit: usize) -> String {
    LimitError::Crossed { kind, limit }.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_limit_and_the_flag() {
        let m = limit_message(LimitKind::Depth, 100);
        assert!(m.starts_with("nesting deeper than 100 levels"), "{m}");
        assert!(m.contains("max_depth = 100"), "{m}");
        assert!(m.contains("--max-depth"), "{m}");
        for kind in LimitKind::ALL {
            assert!(Limits::DEFAULT.get(kind) > 0, "{kind}");
            assert!(limit_message(kind, 7).contains(kind.flag()));
        }
    }

    #[test]
    fn limits_read_from_json_keep_unnamed_defaults() {
        let l: Limits = serde_json::from_str(r#"{"maxDepth": 7}"#).unwrap();
        assert_eq!(l.max_depth, 7);
        assert_eq!(l.max_nodes, Limits::DEFAULT.max_nodes);
    }
}
