//! The app's state: small stores, each provided through the context and read by the components
//! that need it. Derived values (the package on screen, its graph view, the markings) are
//! memos over the stores. This layer depends on core alone.
//!
//! - [`load`]: the catalog on screen, the load in progress, its report, the problems;
//! - [`selection`]: the package, channel and bundle shown, and a linked view still pending;
//! - [`graph`]: the package data and the laid-out graph view of what is selected;
//! - [`catalog_changes`]: what catalog changes mark on the graph: terminated bundles and the
//!   deprecate-and-truncate preview;
//! - [`comparison`]: the other catalog (or series) of a catalog switch, and its fates;
//! - [`support`]: the support lifecycle overlay's inputs (its facts are the graph store's);
//! - [`simulation`]: the upgrade what-if, its paths and the markings they put on the graph;
//! - [`plan`]: the route planner's inputs and plan (the Plan panel's own store);
//! - [`cluster`]: the cluster state opened beside the catalog, core's verdict per operator,
//!   and what the chosen operator marks on the graph;
//! - [`mirror`]: an ImageSetConfiguration opened beside the catalog, its entry as edited, and
//!   what core's mirror cut marks on the graph;
//! - [`templates`]: the template studio (provided on its own, beside [`Stores`]);
//! - [`workspace`]: the inspector's open task and focus mode;
//! - [`rule_texts`]: the rule registry's names and help, fetched when a finding is first
//!   shown (provided on its own, beside [`Stores`]);
//! - [`kept`]: what this browser kept and gave back on reload, and its storage problems.

pub mod catalog_changes;
pub mod cluster;
pub mod comparison;
pub mod graph;
pub mod kept;
pub mod load;
pub mod mirror;
pub mod plan;
pub mod rule_texts;
pub mod selection;
pub mod shared;
pub mod simulation;
pub mod support;
pub mod templates;
pub mod workspace;

use leptos::prelude::*;
use olm_graph_core::layout::LayoutOptions;

use catalog_changes::CatalogChanges;
use cluster::ClusterStore;
use comparison::Comparison;
use graph::GraphStore;
use kept::Kept;
use load::{LoadStore, Loaded};
use mirror::MirrorStore;
use selection::Selection;
use shared::Shared;
use simulation::SimulationStore;
use workspace::Workspace;

/// Every store, created together (their memos depend on each other) and provided one by one.
#[derive(Clone, Copy)]
pub struct Stores {
    pub load: LoadStore,
    pub selection: Selection,
    pub graph: GraphStore,
    pub lifecycle: CatalogChanges,
    pub comparison: Comparison,
    pub simulation: SimulationStore,
    pub workspace: Workspace,
    pub cluster: ClusterStore,
    pub kept: Kept,
    pub mirror: MirrorStore,
}

impl Stores {
    /// New stores, the graph laid out with `layout`; call inside the app's reactive owner.
    pub fn new(layout: LayoutOptions) -> Stores {
        let load = LoadStore::new();
        let selection = Selection::new(load.loaded);
        let graph = GraphStore::new(load.loaded, selection, layout);
        let comparison = Comparison::new();
        Stores {
            load,
            selection,
            graph,
            lifecycle: CatalogChanges::new(graph),
            comparison,
            simulation: SimulationStore::new(graph),
            workspace: Workspace::new(),
            cluster: ClusterStore::new(load.loaded, comparison.series, selection),
            kept: Kept::new(),
            mirror: MirrorStore::new(load.loaded, selection, graph),
        }
    }

    /// Puts every store in the context but the workspace, which the full shell provides (the
    /// embed view has no inspector and no focus mode).
    pub fn provide(self) {
        provide_context(self);
        provide_context(self.load);
        provide_context(self.selection);
        provide_context(self.graph);
        provide_context(self.lifecycle);
        provide_context(self.comparison);
        provide_context(self.simulation);
        provide_context(self.cluster);
        provide_context(self.kept);
        provide_context(self.mirror);
    }

    pub fn get() -> Stores {
        expect_context::<Stores>()
    }

    /// A parsed catalog arrived: show it (or keep the previous one when it has nothing to show)
    /// and keep the selection where possible.
    pub fn catalog_arrived(&self, incoming: Loaded) {
        self.catalog_arrived_shared(Shared::new(incoming));
    }

    /// [`Stores::catalog_arrived`] for a catalog already shared (the one
    /// [`Stores::prebuild_graphs`] built ahead for).
    pub fn catalog_arrived_shared(&self, incoming: Shared<Loaded>) {
        if self.load.accept(incoming) {
            self.selection.catalog_changed();
        }
    }

    /// Builds ahead the channel graphs of the package `incoming` will show (see
    /// [`Selection::predict`]); returns the channel to lay out next with
    /// [`Stores::prebuild_view`] (`None` for all channels or nothing to show).
    ///
    /// # Complexity
    /// That of [`GraphStore::prebuild_package`].
    pub fn prebuild_graphs(&self, incoming: &Shared<Loaded>) -> Option<String> {
        let (package, choice) = self.selection.predict(&incoming.catalog)?;
        self.graph.prebuild_package(incoming, &package, &choice)
    }

    /// Sizes ahead the view of the channel [`Stores::prebuild_graphs`] named.
    ///
    /// # Complexity
    /// That of [`GraphStore::prebuild_view`].
    pub fn prebuild_view(&self, channel: Option<&str>) {
        self.graph.prebuild_view(channel);
    }

    /// Begins the layout of the view [`Stores::prebuild_view`] sized; whether
    /// [`Stores::prebuild_finish_layout`] has work left.
    ///
    /// # Complexity
    /// That of [`GraphStore::prebuild_lay_out`].
    pub fn prebuild_lay_out(&self) -> bool {
        self.graph.prebuild_lay_out()
    }

    /// Finishes the layout [`Stores::prebuild_lay_out`] began.
    ///
    /// # Complexity
    /// That of [`GraphStore::prebuild_finish_layout`].
    pub fn prebuild_finish_layout(&self) {
        self.graph.prebuild_finish_layout();
    }

    /// Assembles the view [`Stores::prebuild_lay_out`] laid out.
    ///
    /// # Complexity
    /// That of [`GraphStore::prebuild_assemble`].
    pub fn prebuild_assemble(&self) {
        self.graph.prebuild_assemble();
    }

    /// Finds ahead the terminated nodes of the channel [`Stores::prebuild_graphs`] named.
    ///
    /// # Complexity
    /// That of [`CatalogChanges::prebuild_terminated`].
    pub fn prebuild_terminated(&self, channel: Option<&str>) {
        if let Some(data) = self.graph.prebuilt_package() {
            self.lifecycle.prebuild_terminated(data, channel);
        }
    }
}
