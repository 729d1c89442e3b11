//! olm-graph-core: all OLM catalog semantics, in pure Rust.
//!
//! - [`load`]: reading File-Based Catalogs (JSON streams, YAML streams, directories,
//!   `.indexignore`, legacy package manifests) into the [`model`].
//! - [`semver`] and [`range`]: a faithful port of blang/semver v4, the library OLM uses for
//!   bundle versions and `skipRange`.
//! - [`graph`]: each channel's upgrade graph with typed edges, and its head.
//! - [`validate`]: opm's validation rules with opm's messages, plus curator lints.
pub mod diag;
pub mod document;
pub mod export;
pub mod graph;
pub mod infer;
pub mod layout;
pub mod lifecycle;
pub mod load;
pub mod masterminds;
pub mod model;
pub mod partial;
pub mod range;
pub mod range_match;
pub mod release;
pub mod resolve;
pub mod review;
pub mod semver;
pub mod template;
pub mod validate;
pub mod view;

pub use diag::{Diagnostic, Location, Severity};
pub use load::{
    load_files, load_files_with_progress, load_paths, InputFile, LoadError, LoadOptions, Progress,
};
pub use model::Catalog;
