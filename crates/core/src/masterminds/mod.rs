//! Masterminds/semver v3, the version-constraint language of an OLM v1 ClusterExtension's
//! `spec.source.catalog.version` (operator-controller parses it with Masterminds'
//! `NewConstraint`). A faithful port of Masterminds v3.5.0, quirks included; it is a different
//! language from blang's skipRange ([`crate::range`]) and from Cargo's `semver::VersionReq`.
//!
//! - [`Version`]: `NewVersion` (lenient: `v` prefix, `1` and `1.2` filled up with zeroes,
//!   leading zeroes dropped), `StrictNewVersion`, `New`, `Compare` (build metadata ignored).
//! - [`Constraints`]: `NewConstraint`, `Check`, `Validate` (with Masterminds' reasons),
//!   `String`. Comma or space is AND, `||` is OR, `A - B` is a hyphen range, `~`/`~>`, `^`,
//!   `=`/`!=`/`>`/`<`/`>=`/`<=` and the aliases `=>`/`=<`, wildcards `x`/`X`/`*` in any
//!   part. A version with a pre-release only matches an OR group one of whose constraints
//!   names a pre-release.
//! - [`VersionRange`] and [`admit_version`]: what operator-controller and the API server do
//!   with a ClusterExtension's `version`.
//!
//! Not ported: `CoerceNewVersion = false` and `DetailedNewVersionErrors` (operator-controller
//! keeps the defaults), the `Inc*`/`Set*` helpers, and the JSON, text and SQL encodings.
//! Nothing here panics, whatever the input; parsing is linear in the text's length.

mod check;
mod cluster_extension;
mod constraint;
mod text;
mod version;

pub use check::{Constraint, Operator, Violation, ViolationKind};
pub use cluster_extension::{
    admit_version, AdmissionError, VersionRange, VersionRangeError, VERSION_MAX_CHARS,
};
pub use constraint::{ConstraintError, Constraints, MAX_CONSTRAINT_LEN};
pub use text::{UintError, UintErrorKind};
pub use version::{Version, VersionError};
