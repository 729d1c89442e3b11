//! Bundles without a registry: the bundle sources loaded beside a template, and the facts
//! (name, version, package) each bundle image gets from them or from its tag.

pub(crate) mod facts;
pub(crate) mod source;
