//! Masterminds/semver v3 as ported in `olm_graph_core::masterminds`, tested with Masterminds'
//! own test tables (versions and constraints, v3.5.0; spec/olm.md §8) and with
//! operator-controller's tables for a ClusterExtension's `version`.

mod cluster_extension;
mod constraints;
mod version;
