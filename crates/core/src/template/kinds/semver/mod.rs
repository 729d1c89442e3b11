//! `olm.semver`: the template read as opm reads it, the channels it generates, and its
//! text edited as a curator would.

pub(crate) mod channels;
pub mod edit;
pub(crate) mod read;
