//! olm-graph-core: all OLM catalog semantics, in pure Rust. Its modules, one line each:
//!
//! - [`diag`]: diagnostics, every problem found with its file, position, object and field.
//! - [`export`]: output formats: `graph --json`, Mermaid as `opm alpha render-graph` writes
//!   it, Graphviz DOT and standalone SVG, through one [`export::render()`].
//! - [`graph`]: each channel's upgrade graph with typed edges and its head, and the package
//!   graph of all channels.
//! - [`layout`]: a near-linear layout of an upgrade graph: columns in version order, lanes,
//!   bands for skipRange fans, edge routes.
//! - [`lifecycle`]: how a catalog changes: terminated bundles, deprecate-and-truncate, image
//!   templates, catalog switches and series.
//! - [`load`]: reading File-Based Catalogs (JSON and YAML streams, directories,
//!   `.indexignore`, legacy package manifests) into the [`model`].
//! - [`model`]: the catalog model: packages, channels and their entries, bundles,
//!   deprecations.
//! - [`range`]: version ranges exactly as blang/semver v4 reads them (OLM's `skipRange`).
//! - [`resolve`]: upgrade resolution under OLM v0 and v1: the next step, the whole path,
//!   fail-forward, explanations.
//! - [`semver`]: blang/semver v4 versions, the ones OLM compares bundles with.
//! - [`validate`]: opm's validation rules with opm's messages, plus curator lints.
//! - [`view`]: what a user interface draws and lists: the [`view::GraphView`] the web app and
//!   the SVG export share, bundle details, summaries.
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
pub mod pullspec;
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
