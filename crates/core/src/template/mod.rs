//! Catalog templates (`opm alpha render-template`): `olm.template.basic`, `olm.semver` and
//! `olm.template.substitutes`, rendered offline.
//!
//! opm renders a template by pulling every bundle image from a registry. olm-graph renders it
//! without one: a bundle image's name, version and package come from a *bundle source* (any
//! rendered catalog loaded alongside), else from the bundle's name in the template and the
//! image tag, each fact marked with where it came from (templates.md §6). Channels, entries,
//! edges, default channels and error messages are opm's.
//!
//! - [`render_fbc`]: the FBC text opm would write, as far as the facts go (stubs otherwise).
//! - [`template_catalog`]: the rendered catalog in the [`crate::model`], with diagnostics that
//!   carry the template's file, line and column (for an editor that underlines them).
//! - [`expand_inputs`] and [`Expansions::apply`]: the opening layer's hook
//!   ([`crate::open`]), so that every input path (files, directories, the app's inputs) reads a
//!   template as the catalog it stands for.
//! - [`drift`]: where a rendered catalog differs from what its template renders.

mod basic;
mod catalog;
mod chunks;
mod compact;
mod doc;
mod documents;
pub mod drift;
mod error;
mod facts;
mod fbc;
mod godecode;
mod job;
mod kind;
mod model_check;
mod read;
mod render;
mod semver_read;
mod semver_template;
mod source;
mod spec;
mod substitutes;
mod tree;
mod write;

pub use catalog::{
    expand_inputs, expand_inputs_with, template_catalog, template_catalog_with, Expansions,
};
pub use error::{
    BasicError, DetectError, EntryError, LimitError, PostProcessError, SemverError,
    SemverReadError, SpecError, StreamKind, SubstitutesError, SubstitutionReason, TemplateError,
    TemplateErrorKind,
};
pub(crate) use job::Job;
pub use kind::{TemplateKind, TEMPLATE_SCHEMAS};
pub use crate::validate::lint_unknown_versions;
pub(crate) use render::render_file;
pub use render::{render_fbc, render_fbc_with, RenderedFbc};
pub use source::BundleSource;
