//! Reading: a template file's documents (cut and read into trees with positions by the bottom
//! reader, [`crate::yaml`]), decoded as opm's Go structs decode it.

pub(crate) mod documents;
pub(crate) mod fbc;
pub(crate) mod file;
pub(crate) mod godecode;
pub(crate) mod spec;
