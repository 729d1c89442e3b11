//! Bundles without a registry: the bundle sources loaded beside a template, the facts
//! (name, version, package) each bundle image gets from them or from its tag, and versions
//! entered by hand written as a bundle source (`entered`).

pub(crate) mod entered;
pub(crate) mod facts;
pub(crate) mod source;
