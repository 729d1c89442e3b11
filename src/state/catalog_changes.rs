//! What catalog changes mark of the graph on screen: the bundles terminated under the chosen resolver,
//! and the deprecate-and-truncate the curator is previewing with what it would remove.

use std::collections::BTreeSet;

use leptos::prelude::*;
use olm_graph_core::change::{
    deprecate_truncate, terminated_in_view, TruncateOptions, TruncateReport,
};
use olm_graph_core::model::Package;
use olm_graph_core::resolve::Resolver;

use crate::state::graph::{GraphStore, PackageData};
use crate::state::shared::Shared;

/// A deprecate-and-truncate preview: the package after it and what it did, or why it was
/// refused.
#[derive(Debug)]
pub struct Truncation {
    pub options: TruncateOptions,
    pub result: Result<(Package, TruncateReport), String>,
}

/// The catalog changes store (from the context; cheap to copy).
#[derive(Clone, Copy)]
pub struct CatalogChanges {
    /// The resolver whose rules decide which bundles are terminated (greyed out).
    pub terminated_resolver: RwSignal<Resolver>,
    /// Terminated nodes of what is shown.
    pub terminated: Memo<Shared<BTreeSet<String>>>,
    /// The deprecate-and-truncate the curator is previewing: (package, options).
    pub truncate: RwSignal<Option<(String, TruncateOptions)>>,
    /// Its outcome, for the package on screen.
    pub truncation: Memo<Option<Shared<Truncation>>>,
    /// Nodes of what is shown that the previewed truncation removes.
    pub truncated_away: Memo<Shared<BTreeSet<String>>>,
    /// The terminated nodes a load built ahead, with the package data, channel and resolver
    /// they were found for (taken by [`CatalogChanges::terminated`]).
    prebuilt: StoredValue<Option<PrebuiltTerminated>, LocalStorage>,
}

type PrebuiltTerminated = (
    Shared<PackageData>,
    Option<String>,
    Resolver,
    Shared<BTreeSet<String>>,
);

impl CatalogChanges {
    pub fn new(graph: GraphStore) -> CatalogChanges {
        let terminated_resolver = RwSignal::new(Resolver::V0);
        let prebuilt = StoredValue::new_local(None);
        let terminated = Memo::new(move |_| {
            let (data, channel) = (graph.package_data.get(), graph.shown_channel.get());
            let resolver = terminated_resolver.get();
            let Some(data) = data else {
                return Shared::new(BTreeSet::new());
            };
            let key = (&data, channel.as_deref(), resolver);
            take_terminated(prebuilt, key).unwrap_or_else(|| {
                let channel = channel.as_deref();
                Shared::new(terminated_in_view(
                    data.package(),
                    &data.graphs,
                    channel,
                    resolver,
                ))
            })
        });
        let truncate: RwSignal<Option<(String, TruncateOptions)>> = RwSignal::new(None);
        let truncation = Memo::new(move |_| {
            let data = graph.package_data.get()?;
            let (package, options) = truncate.get()?;
            if package != data.package().name || options.bundle.is_empty() {
                return None;
            }
            let result = deprecate_truncate(data.package(), &options).map_err(|e| e.to_string());
            Some(Shared::new(Truncation { options, result }))
        });
        let truncated_away = Memo::new(move |_| {
            let set = truncation.with(|t| {
                let (_, report) = t.as_ref()?.result.as_ref().ok()?;
                Some(report.removed_nodes(graph.shown_channel.get().as_deref()))
            });
            Shared::new(set.unwrap_or_default())
        });
        CatalogChanges {
            terminated_resolver,
            terminated,
            truncate,
            truncation,
            truncated_away,
            prebuilt,
        }
    }

    /// Finds ahead, in a task of its own, the terminated nodes of `channel` (`None`: all
    /// channels) of the package data a load built ahead (see [`GraphStore::prebuild_package`]).
    ///
    /// # Complexity
    /// That of [`terminated_in_view`]: O((V + E) log V).
    pub fn prebuild_terminated(&self, data: Shared<PackageData>, channel: Option<&str>) {
        let resolver = self.terminated_resolver.get_untracked();
        let set = terminated_in_view(data.package(), &data.graphs, channel, resolver);
        let entry = (
            data,
            channel.map(str::to_string),
            resolver,
            Shared::new(set),
        );
        self.prebuilt.set_value(Some(entry));
    }

    pub fn get() -> CatalogChanges {
        expect_context::<CatalogChanges>()
    }

    /// Whether `bundle` is the one the valid preview deprecates.
    pub fn deprecates(&self, bundle: &str) -> bool {
        self.truncation.with(|t| {
            t.as_ref()
                .is_some_and(|t| t.result.is_ok() && t.options.bundle == bundle)
        })
    }
}

/// The terminated nodes built ahead for this package data, channel and resolver, taken out of
/// the store.
fn take_terminated(
    prebuilt: StoredValue<Option<PrebuiltTerminated>, LocalStorage>,
    (data, channel, resolver): (&Shared<PackageData>, Option<&str>, Resolver),
) -> Option<Shared<BTreeSet<String>>> {
    prebuilt.try_update_value(|p| {
        let fits = p
            .as_ref()
            .is_some_and(|(d, c, r, _)| d == data && c.as_deref() == channel && *r == resolver);
        if fits {
            p.take().map(|(_, _, _, set)| set)
        } else {
            None
        }
    })?
}
