//! What a load reads and how much of it: [`LoadOptions`] and the [`Limits`] that keep hostile
//! input (deep nesting, huge strings, document storms) from freezing or exhausting the reader.
//!
//! Every limit is checked while the text is read, so crossing one costs no more than reading up
//! to it. A crossed limit is an error diagnostic with the code `load.limit` naming the file, the
//! line and column, the limit and the flag that raises it; the document (or, for the document
//! count and the total size, the rest of the file) is not read, and every other file and
//! document still loads.

pub use crate::yaml::limits::{LimitKind, Limits};

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
    /// objects memory. Ignored without the crate's `crd-safety` feature (the `<olm-graph>`
    /// element, which never judges CRDs, builds without it).
    pub keep_crds: bool,
    /// With `keep_crds`, also the `olm.gvk` properties of bundles without manifests (their
    /// documents read again), so that an API a bundle drops shows even when its CRDs are not
    /// in the catalog. `crd-safety` asks for it; other commands do not pay for it.
    pub keep_gvks: bool,
}
