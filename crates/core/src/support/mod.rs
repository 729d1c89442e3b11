//! Support lifecycle data: the `io.openshift.operators.lifecycles.v1alpha1` blobs that say,
//! for each MAJOR.MINOR stream of a package, its support phases with dates and the OpenShift
//! versions it runs on, joined to the bundles of the catalog.
//!
//! Not to be confused with [`crate::change`], which is about how a *catalog* changes
//! (truncation, image templates, catalog switches); this module is about how long a
//! *product stream* is supported, as its vendor publishes it.
//!
//! - `date`: calendar days (`YYYY-MM-DD`), validation and "the day after".
//! - the blob as written, unknown fields kept, is part of the model
//!   ([`crate::model::support_blob`]: the loader captures it with every value's line).
//! - `facts`: a bundle's stream, phase, end of life and platform compatibility on a day.
//! - `check`: the `lifecycle.*` findings (warnings) that `lint` reports (`review` adds the
//!   end-of-life heads of its date, in `review::end_of_life`).
//!
//! The semantics, and what the enhancement says, are in `docs/lifecycle-data.md`.

mod check;
mod date;
mod facts;

pub use crate::model::support_blob::{LifecycleBlob, Phase, Platform, StreamEntry, Text, SCHEMA};
pub(crate) use check::finding;
pub use check::{
    is_major_minor, lint_lifecycles, missing_streams, parse_platform, unlisted_streams,
};
pub use date::{Date, DateError};
pub use facts::{
    stream_of, AsOf, BundleSupport, PackageLifecycle, PhaseAt, END_OF_LIFE, NOT_YET_SUPPORTED,
};
