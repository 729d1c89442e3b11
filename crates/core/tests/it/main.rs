//! The integration tests of olm-graph-core, one binary: one module per area (linking one
//! test binary instead of two dozen is what a cold run on two cores spends its time on).
//! Fixtures stay in `tests/fixtures`; `common` holds the shared helpers.

mod change;
mod cluster;
mod common;
mod crd_safety;
mod diff_json;
mod export;
mod fuzz;
mod hostile;
mod layout_real;
mod malformed;
mod masterminds;
mod mirror;
mod operator_repo;
mod opm_convert;
mod partial_catalogs;
mod path_overlay;
mod plan;
mod plan_across;
mod plan_channels;
mod preflight;
mod preflight_locate;
mod preflight_osdk;
mod range;
mod real_catalogs;
mod release;
mod resolve;
mod resolve_properties;
mod rules;
mod skim;
mod support;
mod support_overlay;
mod template_errors;
mod template_hostile;
mod template_real;
mod template_semver;
mod template_substitutes;
mod v1_catalog_priority;
mod v1_cluster_extension;
mod v1_release_order;
mod validate;
