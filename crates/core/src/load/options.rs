//! What a load reads and how much of it: [`LoadOptions`] and the [`Limits`] that keep hostile
//! input (deep nesting, huge strings, document storms) from freezing or exhausting the reader.
//!
//! Every limit is checked while the text is read, so crossing one costs no more than reading up
//! to it. A crossed limit is an error diagnostic with the code `load.limit` naming the file, the
//! line and column, the limit and the flag that raises it; the document (or, for the document
//! count and the total size, the rest of the file) is not read, and every other file and
//! document still loads.

use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// Options of [`load_files_with`](super::load_files_with) and
/// [`load_paths_with`](super::load_paths_with).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LoadOptions {
    /// Skip files without a catalog extension (as for a directory walk), with a note.
    pub only_catalog_extensions: bool,
    /// How much one load reads before it stops with a `load.limit` diagnostic.
    pub limits: Limits,
    /// Keep each bundle's CustomResourceDefinitions on [`crate::model::Bundle::crds`]: the
    /// `olm.bundle.object` properties decoded (base64 of JSON), the CRD documents of a bundle
    /// directory or a legacy manifest directory. Off by default: decoding costs time and the
    /// objects memory.
    pub keep_crds: bool,
    /// With `keep_crds`, also the `olm.gvk` properties of bundles without manifests (their
    /// documents read again), so that an API a bundle drops shows even when its CRDs are not
    /// in the catalog. `crd-safety` asks for it; other commands do not pay for it.
    pub keep_gvks: bool,
}

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

    /// Sets the limits that [`load_paths`](crate::open::load_paths) applies for the rest of this
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
    Depth,
    Documents,
    Nodes,
    StringBytes,
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

/// The message of a crossed limit: what was crossed, and how to raise it.
pub(crate) fn limit_message(kind: LimitKind, limit: usize) -> String {
    format!(
        "{}: input limit {} = {limit} crossed (raise it with {} if the catalog is genuine)",
        kind.crossed(limit),
        kind.field(),
        kind.flag()
    )
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
