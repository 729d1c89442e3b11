//! Catalog templates (`opm alpha render-template`): `olm.template.basic`, `olm.semver` and
//! `olm.template.substitutes`, rendered offline.
//!
//! opm renders a template by pulling every bundle image from a registry. olm-graph renders it
//! without one: a bundle image's name, version and package come from a *bundle source* (any
//! rendered catalog loaded alongside), else from the bundle's name in the template and the
//! image tag, each fact marked with where it came from (docs/spec/template-rules.md §6).
//! Channels, entries, edges, default channels and error messages are opm's.
//!
//! - [`render_fbc`]: the FBC text opm would write, as far as the facts go (stubs otherwise).
//! - [`template_catalog`]: the rendered catalog in the [`crate::model`], with diagnostics that
//!   carry the template's file, line and column (for an editor that underlines them).
//! - [`expand_inputs`] and [`Expansions::apply`]: the opening layer's hook
//!   ([`crate::open`]), so that every input path (files, directories, the app's inputs) reads a
//!   template as the catalog it stands for.
//! - [`drift`]: where a rendered catalog differs from what its template renders.
//! - [`semver_edit`]: an `olm.semver` template's text written and edited as a curator would.
//!
//! # Phases, one folder each
//!
//! A template file goes through these phases, in order (`job.rs` is what one run knows and
//! collects, `kind.rs` the three kinds, `error.rs` opm's messages):
//!
//! 1. `read/`: the file cut into documents as opm's readers cut it (`chunks.rs`), the template
//!    kind picked per file (`file.rs`) and per document (`documents.rs`), each document read
//!    into a tree with positions (`yaml.rs`, `tree.rs`), then decoded as opm's Go structs
//!    (`godecode.rs`, `spec.rs` for basic and substitutes, `fbc.rs` for the FBC entries).
//! 2. `bundles/`: the bundle sources loaded beside the template (`source.rs`) and the facts
//!    each bundle image gets from them or from its tag (`facts.rs`).
//! 3. `kinds/`: each kind rendered as opm renders it: `basic.rs`, `substitutes.rs`, and
//!    `semver/` (`read.rs` reads the template strictly, `channels.rs` generates the channels,
//!    `edit.rs` edits its text).
//! 4. `write/`: the rendered objects written as opm writes them (`declcfg.rs`, `compact.rs`),
//!    the run put together (`render.rs`), and the catalog they stand for in the model
//!    (`catalog.rs`).
//! 5. `check/`: whether the rendered objects are valid FBC (`model_check.rs`), and where a
//!    rendered catalog drifted from its template (`drift.rs`). The lint on packages rendered
//!    from a template lives below, in [`crate::validate`].

mod bundles;
mod check;
pub(crate) mod error;
mod job;
mod kind;
mod kinds;
pub(crate) mod read;
mod write;

pub use crate::validate::lint_unknown_versions;
pub use bundles::entered::{entered_versions_source, EnteredVersion};
pub use bundles::source::BundleSource;
pub use check::drift;
pub use error::{
    BasicError, DetectError, EntryError, LimitError, PostProcessError, SemverError,
    SemverReadError, SpecError, StreamKind, SubstitutesError, SubstitutionReason, TemplateError,
    TemplateErrorKind,
};
pub(crate) use job::Job;
pub use kind::{might_hold_template, TemplateKind, TEMPLATE_SCHEMAS};
pub use kinds::semver::edit as semver_edit;
pub use write::catalog::{
    expand_inputs, expand_inputs_with, template_catalog, template_catalog_with, Expansions,
};
pub(crate) use write::render::render_file;
pub use write::render::{render_fbc, render_fbc_with, RenderedFbc};
