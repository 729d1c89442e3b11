//! Reading: a template file cut into documents, each read into a tree with positions, and
//! decoded as opm's Go structs decode it.

pub(crate) mod chunks;
pub(crate) mod documents;
pub(crate) mod fbc;
pub(crate) mod file;
pub(crate) mod godecode;
pub(crate) mod spec;
pub(crate) mod tree;
pub(crate) mod yaml;
