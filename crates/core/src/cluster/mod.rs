//! Cluster state: what a cluster's own objects say of each operator, joined to the catalog.
//!
//! - [`read`]: Subscriptions, InstallPlans, ClusterServiceVersions, OperatorGroups and
//!   CatalogSources (OLM v0), ClusterExtensions and ClusterCatalogs (OLM v1) and the
//!   ClusterVersion, from YAML or JSON objects, streams, `List`s or a must-gather tree.
//! - [`diagnose()`]: each Subscription and ClusterExtension joined to the catalog given for it,
//!   resolved with [`crate::resolve`] exactly as `olm-graph path` resolves it, and a verdict:
//!   one [`State`], a sentence in OLM's terms, the commands that act on it.
//!
//! The rules are in [spec/cluster.md](../../../../docs/spec/cluster.md).

mod commands;
mod context;
mod diagnose;
mod fields;
mod objects;
mod read;
mod report;
mod resolution;
mod v0;
mod v1;

pub use diagnose::{diagnose, join_series};
pub use objects::{
    condition, CatalogSource, ClusterCatalog, ClusterExtension, ClusterState, ClusterVersion,
    Condition, Csv, InstallPlan, Meta, OperatorGroup, Origin, Subscription,
};
pub use read::{is_cluster_state, read_cluster_files};
pub use report::{
    Api, Diagnosis, FailedUpgrade, GivenCatalog, OperatorReport, ResolutionFailure, State,
};
pub use resolution::clauses;
