//! What the graph draws, derived from the catalog and the selection: the selected package with
//! its channel graphs, the channel shown, and core's [`GraphView`] of it laid out.

use leptos::prelude::*;
use olm_graph_core::graph::{channel_graphs, ChannelGraph, PackageGraph};
use olm_graph_core::layout::{FanMode, LayoutOptions};
use olm_graph_core::model::Package;
use olm_graph_core::view::{channel_summaries, ChannelSummary, GraphView};

use crate::state::load::Loaded;
use crate::state::selection::{ChannelChoice, Selection};
use crate::state::shared::Shared;

/// The selected package with its channel graphs.
#[derive(Debug)]
pub struct PackageData {
    pub loaded: Shared<Loaded>,
    pub index: usize,
    pub graphs: Vec<ChannelGraph>,
    /// Default channel first, then by name.
    pub channels: Vec<ChannelSummary>,
}

impl PackageData {
    pub fn package(&self) -> &Package {
        &self.loaded.catalog.packages[self.index]
    }

    /// The channel a choice shows: `None` for all channels.
    ///
    /// # Complexity
    /// O(C) for C channels.
    pub fn resolve(&self, choice: &ChannelChoice) -> Option<String> {
        match choice {
            ChannelChoice::All => None,
            ChannelChoice::Named(n) if self.graphs.iter().any(|g| &g.channel == n) => {
                Some(n.clone())
            }
            _ => self.channels.first().map(|c| c.name.clone()),
        }
    }

    /// The graph of a channel.
    ///
    /// # Complexity
    /// O(C) for C channels.
    pub fn graph(&self, channel: &str) -> Option<&ChannelGraph> {
        self.graphs.iter().find(|g| g.channel == channel)
    }
}

/// The graph store (from the context; cheap to copy).
#[derive(Clone, Copy)]
pub struct GraphStore {
    /// skipRange (and large skips) fans as markers on their entries (the default), every fan
    /// drawn as a rail ("all fans"), or every edge separately.
    pub fans: RwSignal<FanMode>,
    /// The box the layout wraps to: the graph panel's size in pixels (`None`: core's default).
    pub target: RwSignal<Option<(f64, f64)>>,
    /// Entries whose group of absent bundles is drawn expanded.
    pub expanded: RwSignal<Vec<String>>,
    pub package_data: Memo<Option<Shared<PackageData>>>,
    /// The channel shown (`None`: all channels or nothing).
    pub shown_channel: Memo<Option<String>>,
    pub view: Memo<Option<Shared<GraphView>>>,
}

impl GraphStore {
    /// The view of `selection` over `loaded`, laid out with `layout` (gaps; the fan mode comes
    /// from [`GraphStore::fans`], the target box from [`GraphStore::target`], the expanded
    /// groups from [`GraphStore::expanded`]).
    pub fn new(
        loaded: RwSignal<Option<Shared<Loaded>>>,
        selection: Selection,
        layout: LayoutOptions,
    ) -> GraphStore {
        let fans = RwSignal::new(FanMode::Markers);
        let target: RwSignal<Option<(f64, f64)>> = RwSignal::new(None);
        let expanded: RwSignal<Vec<String>> = RwSignal::new(Vec::new());
        let package_data =
            Memo::new(move |_| package_data(loaded.get()?, selection.package.get()?));
        let shown_channel =
            Memo::new(move |_| package_data.get()?.resolve(&selection.channel.get()));
        let view = Memo::new(move |_| {
            let data = package_data.get().filter(|d| !d.channels.is_empty())?;
            let options = LayoutOptions {
                fans: fans.get(),
                target: target.get().or(layout.target),
                expanded_groups: expanded.get(),
                ..layout.clone()
            };
            graph_view(&data, shown_channel.get().as_deref(), &options).map(Shared::new)
        });
        GraphStore {
            fans,
            target,
            expanded,
            package_data,
            shown_channel,
            view,
        }
    }

    pub fn get() -> GraphStore {
        expect_context::<GraphStore>()
    }
}

fn package_data(loaded: Shared<Loaded>, name: String) -> Option<Shared<PackageData>> {
    let index = loaded
        .catalog
        .packages
        .binary_search_by(|p| p.name.as_str().cmp(&name))
        .ok()?;
    let pkg = &loaded.catalog.packages[index];
    let graphs = channel_graphs(pkg);
    let channels = channel_summaries(pkg);
    Some(Shared::new(PackageData {
        loaded: loaded.clone(),
        index,
        graphs,
        channels,
    }))
}

/// The laid-out view of one channel, or of the whole package for `None`, for `options`' target
/// box (the panel's size).
///
/// # Complexity
/// That of [`GraphView::build`].
fn graph_view(
    data: &PackageData,
    channel: Option<&str>,
    options: &LayoutOptions,
) -> Option<GraphView> {
    let pkg = data.package();
    // Core sizes the nodes to their labels and wraps the rows for the options' target box, as
    // the SVG export does, so both draw the same labels.
    Some(match channel {
        Some(c) => GraphView::channel(pkg, data.graph(c)?, options),
        None => GraphView::package(pkg, &PackageGraph::build(pkg, &data.graphs), options),
    })
}
