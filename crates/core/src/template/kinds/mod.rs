//! The three template kinds, each rendered as opm renders it.

pub(crate) mod basic;
pub(crate) mod semver;
pub(crate) mod substitutes;
