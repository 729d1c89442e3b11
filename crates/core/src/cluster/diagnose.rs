//! Joining cluster objects to catalogs: every Subscription ([`super::v0`]) and ClusterExtension
//! ([`super::v1`]) gets a report, resolved with the same code `olm-graph path` runs
//! ([spec/cluster.md](../../../../docs/spec/cluster.md) §2).

use super::context::Context;
use super::objects::ClusterState;
use super::report::*;

use crate::sort::SortWith;

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
    operators.sort_with(|a, b| {
        (a.api as u8, &a.namespace, &a.name).cmp(&(b.api as u8, &b.namespace, &b.name))
    });
    Diagnosis {
        operators,
        skipped: state.skipped.clone(),
        diagnostics: state.diagnostics.clone(),
    }
}

/// The catalogs of a series (one per OpenShift version, each labelled with its version, e.g.
/// `v4.16`) that serve the state's ClusterCatalogs: a ClusterCatalog is served by the series
/// catalog labelled with its name, else by the one whose OpenShift version its image's tag
/// names (`…/redhat-operator-index:v4.16`), as given by `diagnose --catalog NAME=PATH`
/// ([spec/cluster.md](../../../../docs/spec/cluster.md) §2.4). ClusterCatalogs no series
/// catalog serves are left out.
///
/// # Complexity
/// O(K·S) for K ClusterCatalogs and S catalogs in the series.
pub fn join_series<'c>(
    state: &'c ClusterState,
    series: &'c [(String, crate::model::Catalog)],
) -> Vec<GivenCatalog<'c>> {
    let version_of_tag = |image: &str| {
        let name = image.rsplit('/').next().unwrap_or(image);
        let tag = name.split('@').next().unwrap_or(name).rsplit_once(':')?.1;
        crate::openshift::OpenShiftVersion::of_label(tag)
    };
    state
        .cluster_catalogs
        .iter()
        .filter_map(|cc| {
            let tagged = version_of_tag(&cc.image);
            let (label, catalog) = series
                .iter()
                .find(|(label, _)| *label == cc.meta.name)
                .or_else(|| {
                    let v = tagged?;
                    series.iter().find(|(label, _)| {
                        crate::openshift::OpenShiftVersion::of_label(label) == Some(v)
                    })
                })?;
            Some(GivenCatalog {
                source: Some(cc.meta.name.as_str()),
                label: label.as_str(),
                catalog,
            })
        })
        .collect()
}
