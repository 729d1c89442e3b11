//! Lifecycle markings of the graph on screen: the bundles terminated under the chosen resolver,
//! and the deprecate-and-truncate the curator is previewing with what it would remove.

use std::collections::BTreeSet;

use leptos::prelude::*;
use olm_graph_core::lifecycle::{
    deprecate_truncate, terminated_in_view, TruncateOptions, TruncateReport,
};
use olm_graph_core::model::Package;
use olm_graph_core::resolve::Resolver;

use crate::state::graph::GraphStore;
use crate::state::shared::Shared;

/// A deprecate-and-truncate preview: the package after it and what it did, or why it was
/// refused.
#[derive(Debug)]
pub struct Truncation {
    pub options: TruncateOptions,
    pub result: Result<(Package, TruncateReport), String>,
}

/// The lifecycle store (from the context; cheap to copy).
#[derive(Clone, Copy)]
pub struct Lifecycle {
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
}

impl Lifecycle {
    pub fn new(graph: GraphStore) -> Lifecycle {
        let terminated_resolver = RwSignal::new(Resolver::V0);
        let terminated = Memo::new(move |_| {
            let set = graph.package_data.with(|d| {
                d.as_ref().map(|d| {
                    terminated_in_view(
                        d.package(),
                        &d.graphs,
                        graph.shown_channel.get().as_deref(),
                        terminated_resolver.get(),
                    )
                })
            });
            Shared::new(set.unwrap_or_default())
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
        Lifecycle {
            terminated_resolver,
            terminated,
            truncate,
            truncation,
            truncated_away,
        }
    }

    pub fn get() -> Lifecycle {
        expect_context::<Lifecycle>()
    }

    /// Whether `bundle` is the one the valid preview deprecates.
    pub fn deprecates(&self, bundle: &str) -> bool {
        self.truncation.with(|t| {
            t.as_ref()
                .is_some_and(|t| t.result.is_ok() && t.options.bundle == bundle)
        })
    }
}
