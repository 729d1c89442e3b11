//! Checks on rendered templates: drift against a rendered catalog, and whether the rendered
//! objects are valid FBC.

pub mod drift;
pub(crate) mod model_check;
