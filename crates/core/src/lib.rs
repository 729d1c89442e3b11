//! olm-graph-core: all OLM catalog semantics, in pure Rust. Its modules, one line each:
//!
//! - [`change`]: how a catalog changes: terminated bundles, deprecate-and-truncate, what-if
//!   edits, catalog image templates, catalog switches and series.
//! - [`choice`]: one spelling per choice: `FromStr`, `Display` (and `clap::ValueEnum` with the
//!   `clap` feature) for the enums a command line or a URL names by a word.
//! - [`cluster`]: cluster state (Subscriptions, InstallPlans, CSVs, OperatorGroups,
//!   ClusterExtensions, ...) read and joined to the catalog: a verdict per operator.
//! - [`diag`]: diagnostics, every problem found with its file, position, object and field.
//! - [`document`]: the `graph --json` document of a package: nodes, typed edges, heads, marks.
//! - [`export`]: output formats: `graph --json`, Mermaid as `opm alpha render-graph` writes
//!   it, Graphviz DOT and standalone SVG, through one [`export::render()`].
//! - [`graph`]: each channel's upgrade graph with typed edges and its head, and the package
//!   graph of all channels.
//! - [`infer`]: a bundle's version when its object is missing, from its name's `.v<semver>`.
//! - [`crd`]: CustomResourceDefinition upgrade safety, as OLM v1 (crdify) and OLM v0 judge an
//!   upgrade from a bundle's CRDs to the next's.
//! - [`layout`]: a near-linear layout of an upgrade graph: version order wrapped to a target
//!   box, lanes, skipRange fans, edge routes.
//! - [`load`]: reading File-Based Catalogs (JSON and YAML streams, directories,
//!   `.indexignore`, legacy package manifests) into the [`model`], within input limits; it
//!   knows nothing of templates.
//! - [`masterminds`]: Masterminds/semver v3 constraints, as OLM v1's ClusterExtension reads
//!   its `version` field.
//! - [`mirror`]: what oc-mirror v2 keeps of a catalog under an ImageSetConfiguration, and the
//!   bundles the cut leaves without an upgrade path.
//! - [`model`]: the catalog model: packages, channels and their entries, bundles,
//!   deprecations.
//! - [`open`]: the entry points that read what a user hands over: catalog templates expanded
//!   ([`template`]), then the File-Based Catalog read ([`load`]).
//! - [`openshift`]: OpenShift versions (`4.17`), read one way, and the Kubernetes version each
//!   runs.
//! - [`partial`]: signs that what was loaded is part of a split catalog, and what is missing.
//! - [`plan`]: upgrade routes across channels: the steps, holds and switches that reach a
//!   target bundle, verified by replaying them with the resolver.
//! - [`preflight`]: the checks a publishing pipeline (operator-pipelines' community and
//!   certified suites, Konflux's fbc-builder) runs, under its check names and messages.
//! - [`pullspec`]: image pull specs as opm checks them (reference grammar and digests).
//! - [`range`]: version ranges exactly as blang/semver v4 reads them (OLM's `skipRange`).
//! - [`range_match`]: which versions of a channel each skipRange covers, by binary search.
//! - [`release`]: OLM v1's version-and-release ordering, and opm's release checks.
//! - [`resolve`]: upgrade resolution under OLM v0 and v1: the next step, the whole path,
//!   fail-forward, explanations.
//! - [`review`]: what a catalog change does, for a pull request: changes, findings, fates.
//! - [`semver`]: blang/semver v4 versions, the ones OLM compares bundles with.
//! - [`sort`]: stable sorting with one instance of the standard sort in a wasm binary.
//! - `synthetic` (with the `synthetic` feature): generated catalogs of any size for the
//!   benchmarks, as FBC JSON or as the model.
//! - [`support`]: support lifecycle data (`io.openshift.operators.lifecycles.v1alpha1`):
//!   each stream's support phases and platforms, joined to the bundles.
//! - [`template`]: opm's catalog templates (basic, semver, substitutes), rendered offline.
//! - [`text`]: small wording helpers (`1 entry`, `2 entries`).
//! - [`validate`]: opm's validation rules with opm's messages, plus curator lints.
//! - [`workspace`]: a catalog kept in memory for an editor (`olm-graph lsp`): findings per
//!   file, re-checked per package on a change; hover, definitions, symbols, completion, fixes.
//! - [`yaml`]: the bottom reader of YAML and JSON text, which knows nothing of its users: the
//!   one document cutter, the one tree with positions, the limits every reader keeps and their
//!   one wording, the parser and its fast paths.
//! - [`view`]: what a user interface draws and lists: the [`view::GraphView`] the web app and
//!   the SVG export share, bundle details, summaries.
//!
//! # Layers
//!
//! Each module imports only modules of lower layers; `scripts/check-shape.py --cycles` fails on
//! any circle between top-level modules. Lowest first:
//!
//! 1. `choice`, `diag`, `pullspec`, `semver`, `text`, `yaml`: no import from the crate.
//! 2. `masterminds`, `model`, `openshift`, `range`, `release`.
//! 3. `infer`, `load` (File-Based Catalogs only), `partial`, `range_match`, `support` (its
//!    blobs are part of the [`model`]), `synthetic`.
//! 4. `graph`.
//! 5. `crd`, `layout`, `preflight`, `resolve`, `validate`.
//! 6. `template` (over `load` and `validate`), `view`.
//! 7. `change`, `open` (templates, then `load`), `plan` (over `resolve` and `view`).
//! 8. `cluster`, `document`, `mirror` (over `resolve`, `change` and `yaml`'s positioned tree),
//!    `workspace` (over `open`, `validate`, `resolve`, `preflight` and `mirror`).
//! 9. `export`.
//! 10. `review`.
// Every public item documented, no `pub` item that cannot be reached from outside: warnings,
// which the test command's clippy denies, in every module (ARCHITECTURE.md, "Lints").
#![warn(missing_docs, unreachable_pub)]

pub mod change;
pub mod choice;
pub mod cluster;
pub mod crd;
pub mod diag;
pub mod document;
pub mod export;
pub mod graph;
pub mod infer;
pub mod layout;
pub mod load;
pub mod masterminds;
pub mod mirror;
pub mod model;
pub mod open;
pub mod openshift;
pub mod partial;
pub mod plan;
pub mod preflight;
pub mod pullspec;
pub mod range;
pub mod range_match;
pub mod release;
pub mod resolve;
pub mod review;
pub mod semver;
pub mod sort;
pub mod support;
#[cfg(feature = "synthetic")]
pub mod synthetic;
pub mod template;
pub mod text;
pub mod validate;
pub mod view;
pub mod workspace;
pub mod yaml;

pub use diag::{Diagnostic, Location, Severity};
pub use load::{InputFile, LoadError, LoadOptions, Progress};
pub use model::Catalog;
pub use open::{load_files, load_files_with_progress, load_paths};

/// clap, for the `clap::ValueEnum` that [`spelled_choice!`] writes in other crates.
#[cfg(feature = "clap")]
#[doc(hidden)]
pub use clap as __clap;
