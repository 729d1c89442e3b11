//! Support lifecycle data: the `io.openshift.operators.lifecycles.v1alpha1` blobs that say,
//! for each MAJOR.MINOR stream of a package, its support phases with dates and the OpenShift
//! versions it runs on, joined to the bundles of the catalog.
//!
//! Not to be confused with [`crate::lifecycle`], which is about how a *catalog* changes
//! (truncation, image templates, catalog switches); this module is about how long a
//! *product stream* is supported, as its vendor publishes it.
//!
//! - `date`: calendar days (`YYYY-MM-DD`), validation and "the day after".
//! - `tree`: a document read with every node's line, for findings that point at a field.
//! - `blob`: the blob as written, unknown fields kept (the loader captures it).
//! - `facts`: a bundle's stream, phase, end of life and platform compatibility on a day.
//! - `check`: the `lifecycle.*` findings (warnings) that `lint` and `review` report.
//!
//! The semantics, and what the enhancement says, are in `docs/lifecycle-data.md`.

mod blob;
mod check;
mod date;
mod facts;
mod tree;

pub(crate) use blob::read_blob;
pub use blob::{LifecycleBlob, Phase, Platform, StreamEntry, Text, SCHEMA};
pub use check::{end_of_life_heads, is_major_minor, lint_lifecycles, missing_streams};
pub use date::{Date, DateError};
pub use facts::{
    stream_of, AsOf, BundleSupport, PackageLifecycle, PhaseAt, END_OF_LIFE, NOT_YET_SUPPORTED,
};
