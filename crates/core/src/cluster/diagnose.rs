//! Joining cluster objects to catalogs: every Subscription ([`super::v0`]) and ClusterExtension
//! ([`super::v1`]) gets a report, resolved with the same code `olm-graph path` runs
//! ([spec/cluster.md](../../../../docs/spec/cluster.md) §2).

use super::context::Context;
use super::objects::ClusterState;
use super::report::*;

/// Every operator of `state` joined to `catalogs` (see [`GivenCatalog`]): Subscriptions first,
/// then ClusterExtensions, each by namespace and name.
///
/// # Complexity
/// O(O + S log S + S·r) for O objects and S operators, r being what one [`resolve_path`] costs on the
/// operator's package (namespaced look-ups are hashed once).
pub fn diagnose(state: &ClusterState, catalogs: &[GivenCatalog]) -> Diagnosis {
    let cx = Context::new(state, catalogs);
    let mut operators: Vec<OperatorReport> = state
        .subscriptions
        .iter()
        .map(|s| super::v0::report(&cx, s))
        .collect();
    operators.extend(
        state
            .cluster_extensions
            .iter()
            .map(|ce| super::v1::report(&cx, ce)),
    );
    // The order of the input (a stream, a List, a must-gather tree's paths) does not show.
    operators.sort_by(|a, b| {
        (a.api as u8, &a.namespace, &a.name).cmp(&(b.api as u8, &b.namespace, &b.name))
    });
    Diagnosis {
        operators,
        skipped: state.skipped.clone(),
        diagnostics: state.diagnostics.clone(),
    }
}
