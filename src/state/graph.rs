//! What the graph draws, derived from the catalog and the selection: the selected package with
//! its channel graphs, the channel shown, and core's [`GraphView`] of it laid out.

use leptos::prelude::*;
use olm_graph_core::graph::{channel_graphs, ChannelGraph, PackageGraph};
use olm_graph_core::layout::{FanMode, LayoutOptions};
use olm_graph_core::model::Package;
use olm_graph_core::resolve::Installed;
use olm_graph_core::sort::SortWith;
use olm_graph_core::view::{
    channel_summaries_of, ChannelSummary, GraphView, LaidOut, LayingOut, SizedView, SupportOverlay,
};

use crate::state::load::Loaded;
use crate::state::selection::{ChannelChoice, Selection};
use crate::state::shared::Shared;
use crate::state::support::{today, OverlayInputs};

type PrebuiltView = (
    Shared<PackageData>,
    Option<String>,
    LayoutOptions,
    Shared<GraphView>,
);

/// A view sized or laid out ahead and not yet assembled ([`GraphStore::prebuild_view`],
/// [`GraphStore::prebuild_lay_out`]), with what it is for.
struct PendingView {
    data: Shared<PackageData>,
    channel: Option<String>,
    options: LayoutOptions,
    step: Step,
    /// The package-level graph (the view of all channels), which the assembly reads again.
    package_graph: Option<PackageGraph>,
}

/// How far a [`PendingView`] has come.
enum Step {
    /// Its nodes and their sizes ([`GraphView::size`]).
    Sized(SizedView),
    /// Its layout's first half ([`SizedView::start_layout`]).
    Laying(LayingOut),
    /// Its layout ([`LayingOut::finish`]).
    Laid(LaidOut),
}

/// What a load built ahead, in tasks of its own, for the selection it will show: the package
/// data, then its channel's view sized, laid out (in two tasks when the graph is large), then
/// assembled. The memos take it instead of building the same again on the page in one long
/// task; anything else (another package, channel or fan mode) is built as before.
#[derive(Default)]
pub struct Prebuilt {
    package: Option<Shared<PackageData>>,
    /// The view, with the package data, the channel (`None`: all channels) and the layout
    /// options (fan mode, target box, expanded groups) it was built for.
    view: Option<PrebuiltView>,
    /// The view sized, then laid out, between [`GraphStore::prebuild_view`] and
    /// [`GraphStore::prebuild_assemble`].
    pending: Option<PendingView>,
}

/// The selected package with its channel graphs.
#[derive(Debug)]
pub struct PackageData {
    pub loaded: Shared<Loaded>,
    pub index: usize,
    pub graphs: Vec<ChannelGraph>,
    /// Default channel first, then by name.
    pub channels: Vec<ChannelSummary>,
    /// [`PackageData::bundle_names`], once asked for.
    names: std::sync::OnceLock<Shared<Vec<String>>>,
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

    /// Every bundle of the package and every channel entry without one, sorted by name: the
    /// bundles' names as core keeps them (sorted), and only the entries whose bundle is
    /// missing added and sorted in (none in a whole catalog). Built once per package data:
    /// the simulation's and the planner's pickers share it.
    ///
    /// # Complexity
    /// O(B + V) for B bundles and V channel entries the first time (plus O(M log M) for M
    /// entries without a bundle), O(1) after.
    pub fn bundle_names(&self) -> Shared<Vec<String>> {
        self.names
            .get_or_init(|| {
                let pkg = self.package();
                let mut names: Vec<String> = pkg.bundles.iter().map(|b| b.name.clone()).collect();
                // The graphs' entry nodes know their bundle: no search by name.
                let missing = (self.graphs.iter().flat_map(|g| &g.nodes))
                    .filter(|n| !n.is_virtual && n.bundle.is_none())
                    .map(|n| n.name.clone());
                let before = names.len();
                names.extend(missing);
                if names.len() > before {
                    names.sort_ord();
                    names.dedup();
                }
                Shared::new(names)
            })
            .clone()
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
    /// The installed bundle (the simulation's): drawn beside a channel it is not an entry of,
    /// with the edges by which the channel's entries upgrade it.
    pub installed: RwSignal<Option<String>>,
    /// The support lifecycle overlay's inputs (the toolbar's, the URL's).
    pub overlay: RwSignal<OverlayInputs>,
    /// The overlay of the package shown, when it is on: core's facts for every bundle.
    pub support: Memo<Option<Shared<SupportOverlay>>>,
    /// The package shown has lifecycle data (the overlay's toggle is enabled).
    pub has_lifecycle: Memo<bool>,
    pub package_data: Memo<Option<Shared<PackageData>>>,
    /// The channel shown (`None`: all channels or nothing).
    pub shown_channel: Memo<Option<String>>,
    pub view: Memo<Option<Shared<GraphView>>>,
    /// The node sizes and gaps of every view (the fan mode aside).
    layout: StoredValue<LayoutOptions>,
    prebuilt: StoredValue<Prebuilt, LocalStorage>,
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
        let prebuilt = StoredValue::new_local(Prebuilt::default());
        let package_data = Memo::new(move |_| {
            let (loaded, name) = (loaded.get()?, selection.package.get()?);
            take_package(prebuilt, &loaded, &name).or_else(|| package_data(loaded, name))
        });
        let shown_channel =
            Memo::new(move |_| package_data.get()?.resolve(&selection.channel.get()));
        let stored_layout = StoredValue::new(layout.clone());
        let installed: RwSignal<Option<String>> = RwSignal::new(None);
        let laid_out = Memo::new(move |_| {
            let data = package_data.get().filter(|d| !d.channels.is_empty())?;
            let channel = shown_channel.get();
            let options = LayoutOptions {
                fans: fans.get(),
                target: target.get().or(layout.target),
                expanded_groups: expanded.get(),
                ..layout.clone()
            };
            if let Some(view) = take_view(prebuilt, &data, channel.as_deref(), &options) {
                return Some(view);
            }
            graph_view(&data, channel.as_deref(), &options).map(Shared::new)
        });
        let overlay = RwSignal::new(OverlayInputs::default());
        let has_lifecycle = Memo::new(move |_| {
            package_data.with(|d| {
                d.as_ref().is_some_and(|d| {
                    let name = &d.package().name;
                    d.loaded
                        .catalog
                        .lifecycles
                        .iter()
                        .any(|b| &b.package == name)
                })
            })
        });
        let support = Memo::new(move |_| {
            let as_of = overlay.with(|o| o.as_of(today()))?;
            let data = package_data.get()?;
            let lifecycles = &data.loaded.catalog.lifecycles;
            Some(Shared::new(SupportOverlay::of(
                lifecycles,
                data.package(),
                as_of,
            )))
        });
        let view = Memo::new(move |_| {
            let view = laid_out.get()?;
            let data = package_data.get()?;
            let view = with_installed(view, data.package(), installed.get().as_deref());
            Some(with_support(view, support.get().as_deref()))
        });
        GraphStore {
            fans,
            target,
            expanded,
            installed,
            overlay,
            support,
            has_lifecycle,
            package_data,
            shown_channel,
            view,
            layout: stored_layout,
            prebuilt,
        }
    }

    /// Builds ahead the package data of `package` in `loaded` (the catalog about to be shown);
    /// returns the channel `choice` resolves to there (`None`: all channels, or no such package).
    ///
    /// # Complexity
    /// That of [`channel_graphs`]: O((V + E) log V) over the package's channels.
    pub fn prebuild_package(
        &self,
        loaded: &Shared<Loaded>,
        package: &str,
        choice: &ChannelChoice,
    ) -> Option<String> {
        let data = package_data(loaded.clone(), package.to_string());
        let channel = data.as_ref().and_then(|d| d.resolve(choice));
        self.prebuilt.update_value(|p| {
            *p = Prebuilt {
                package: data,
                view: None,
                pending: None,
            }
        });
        channel
    }

    /// Sizes ahead the view of `channel` (`None`: all channels) of the package built ahead
    /// by [`GraphStore::prebuild_package`], with the fan mode, target box and expanded groups
    /// now chosen; [`GraphStore::prebuild_lay_out`], [`GraphStore::prebuild_finish_layout`]
    /// then [`GraphStore::prebuild_assemble`], each in a later task, lay it out and make the
    /// view of it.
    ///
    /// # Complexity
    /// That of [`GraphView::size`].
    pub fn prebuild_view(&self, channel: Option<&str>) {
        let Some(data) = self.prebuilt.with_value(|p| p.package.clone()) else {
            return;
        };
        if data.channels.is_empty() {
            return;
        }
        let layout = self.layout.get_value();
        let options = LayoutOptions {
            fans: self.fans.get_untracked(),
            target: self.target.get_untracked().or(layout.target),
            expanded_groups: self.expanded.get_untracked(),
            ..layout
        };
        let pending = size_view(data, channel, options);
        self.prebuilt.update_value(|p| p.pending = pending);
    }

    /// Begins the layout of the view [`GraphStore::prebuild_view`] sized (nothing when it
    /// sized nothing); returns whether [`GraphStore::prebuild_finish_layout`] has work left
    /// (a large graph: the layout's phases after its lanes).
    ///
    /// # Complexity
    /// That of [`SizedView::start_layout`].
    pub fn prebuild_lay_out(&self) -> bool {
        self.advance_pending(start_layout);
        self.prebuilt.with_value(|p| {
            (p.pending.as_ref()).is_some_and(|p| matches!(&p.step, Step::Laying(l) if !l.is_done()))
        })
    }

    /// Finishes the layout [`GraphStore::prebuild_lay_out`] began.
    ///
    /// # Complexity
    /// That of [`LayingOut::finish`].
    pub fn prebuild_finish_layout(&self) {
        self.advance_pending(finish_layout);
    }

    /// Takes the view built ahead and not yet assembled one `step` further (keeping nothing
    /// when the step drops it).
    ///
    /// # Complexity
    /// That of `step`.
    fn advance_pending(&self, step: fn(PendingView) -> Option<PendingView>) {
        let pending = self
            .prebuilt
            .try_update_value(|p| p.pending.take())
            .flatten()
            .and_then(step);
        self.prebuilt.update_value(|p| p.pending = pending);
    }

    /// Assembles the view [`GraphStore::prebuild_view`] laid out (nothing when it laid out
    /// nothing), and keeps it for the memos.
    ///
    /// # Complexity
    /// That of [`LaidOut::assemble`] and [`GraphView::judge_crd_safety`].
    pub fn prebuild_assemble(&self) {
        let Some(pending) = self
            .prebuilt
            .try_update_value(|p| p.pending.take())
            .flatten()
        else {
            return;
        };
        let (data, channel, options) = (
            pending.data.clone(),
            pending.channel.clone(),
            pending.options.clone(),
        );
        let view = assemble_view(pending).map(Shared::new);
        self.prebuilt.update_value(|p| {
            p.view = view.map(|v| (data, channel, options, v));
        });
    }

    /// The package data built ahead and not yet taken.
    pub fn prebuilt_package(&self) -> Option<Shared<PackageData>> {
        self.prebuilt.with_value(|p| p.package.clone())
    }

    /// Forgets what was built ahead (a load cancelled or replaced).
    pub fn drop_prebuilt(&self) {
        self.prebuilt.set_value(Prebuilt::default());
    }

    pub fn get() -> GraphStore {
        expect_context::<GraphStore>()
    }
}

/// The package data built ahead for this catalog and package, taken out of the store.
fn take_package(
    prebuilt: StoredValue<Prebuilt, LocalStorage>,
    loaded: &Shared<Loaded>,
    name: &str,
) -> Option<Shared<PackageData>> {
    prebuilt.try_update_value(|p| {
        let fits = p
            .package
            .as_ref()
            .is_some_and(|d| d.loaded == *loaded && d.package().name == name);
        if fits {
            p.package.take()
        } else {
            None
        }
    })?
}

/// The view built ahead over this package data for this channel and these layout options, taken
/// out of the store.
fn take_view(
    prebuilt: StoredValue<Prebuilt, LocalStorage>,
    data: &Shared<PackageData>,
    channel: Option<&str>,
    options: &LayoutOptions,
) -> Option<Shared<GraphView>> {
    prebuilt.try_update_value(|p| {
        let fits = p
            .view
            .as_ref()
            .is_some_and(|(d, c, o, _)| d == data && c.as_deref() == channel && o == options);
        if fits {
            p.view.take().map(|(_, _, _, v)| v)
        } else {
            None
        }
    })?
}

/// `view` with `installed` drawn beside it when it is a bundle of the package but not a node of
/// the channel view (core's [`GraphView::add_installed`]); else `view` itself.
///
/// # Complexity
/// O(1) when nothing is added, else O(V + E) to copy the view plus that of
/// [`GraphView::add_installed`].
fn with_installed(
    view: Shared<GraphView>,
    package: &Package,
    installed: Option<&str>,
) -> Shared<GraphView> {
    let Some(name) = installed.map(str::trim).filter(|n| !n.is_empty()) else {
        return view;
    };
    if view.channel.is_none() || view.node_index(name).is_some() || package.bundle(name).is_none() {
        return view;
    }
    let mut shown = (*view).clone();
    let node = Installed::from_package(package, name);
    match shown.add_installed(package, &node) {
        Some(_) => Shared::new(shown),
        None => view,
    }
}

/// `view` with the lifecycle overlay's facts on its nodes (core's
/// [`GraphView::apply_support`]); `view` itself without the overlay.
///
/// # Complexity
/// O(1) without the overlay, else O(V + E) to copy the view and O(V log B) for the facts.
fn with_support(view: Shared<GraphView>, overlay: Option<&SupportOverlay>) -> Shared<GraphView> {
    let Some(overlay) = overlay else {
        return view;
    };
    let mut shown = (*view).clone();
    shown.apply_support(overlay);
    Shared::new(shown)
}

fn package_data(loaded: Shared<Loaded>, name: String) -> Option<Shared<PackageData>> {
    let index = loaded
        .catalog
        .packages
        .binary_search_by(|p| p.name.as_str().cmp(&name))
        .ok()?;
    let pkg = &loaded.catalog.packages[index];
    let graphs = channel_graphs(pkg);
    let channels = channel_summaries_of(pkg, &graphs);
    Some(Shared::new(PackageData {
        loaded: loaded.clone(),
        index,
        graphs,
        channels,
        names: Default::default(),
    }))
}

/// The laid-out view of one channel, or of the whole package for `None`, for `options`' target
/// box (the panel's size).
///
/// # Complexity
/// That of [`GraphView::build`].
fn graph_view(
    data: &Shared<PackageData>,
    channel: Option<&str>,
    options: &LayoutOptions,
) -> Option<GraphView> {
    assemble_view(size_view(data.clone(), channel, options.clone())?)
}

/// The first step of [`graph_view`]: the view's nodes, sized (`None`: no such channel).
///
/// # Complexity
/// That of [`GraphView::size`], plus O((V + E) log V) for the package-level graph.
fn size_view(
    data: Shared<PackageData>,
    channel: Option<&str>,
    options: LayoutOptions,
) -> Option<PendingView> {
    let pkg = data.package();
    // Core sizes the nodes to their labels and wraps the rows for the options' target box, as
    // the SVG export does, so both draw the same labels.
    let (sized, package_graph) = match channel {
        Some(c) => (GraphView::size(pkg, data.graph(c)?, &options), None),
        None => {
            let graph = PackageGraph::build(pkg, &data.graphs);
            (GraphView::size(pkg, &graph, &options), Some(graph))
        }
    };
    Some(PendingView {
        channel: channel.map(str::to_string),
        options,
        step: Step::Sized(sized),
        package_graph,
        data,
    })
}

/// The second step of [`graph_view`]: the first half of the layout of what [`size_view`]
/// sized (`None`: no such channel any more).
///
/// # Complexity
/// That of [`SizedView::start_layout`].
fn start_layout(pending: PendingView) -> Option<PendingView> {
    let Step::Sized(sized) = pending.step else {
        return Some(pending);
    };
    let pkg = pending.data.package();
    let laying = match (&pending.package_graph, pending.channel.as_deref()) {
        (Some(graph), _) => sized.start_layout(pkg, graph),
        (None, Some(c)) => sized.start_layout(pkg, pending.data.graph(c)?),
        (None, None) => return None,
    };
    Some(PendingView {
        step: Step::Laying(laying),
        ..pending
    })
}

/// The third step of [`graph_view`]: the layout [`start_layout`] began, finished (begun first
/// if it was only sized).
///
/// # Complexity
/// That of [`LayingOut::finish`].
fn finish_layout(pending: PendingView) -> Option<PendingView> {
    let pending = start_layout(pending)?;
    let Step::Laying(laying) = pending.step else {
        return Some(pending);
    };
    Some(PendingView {
        step: Step::Laid(laying.finish()),
        ..pending
    })
}

/// The last step of [`graph_view`]: the view of what [`finish_layout`] laid out (it lays it
/// out first if it was not), with each edge's CRD-safety verdicts.
///
/// # Complexity
/// That of [`olm_graph_core::view::LaidOut::assemble`] and [`GraphView::judge_crd_safety`].
fn assemble_view(pending: PendingView) -> Option<GraphView> {
    let PendingView {
        data,
        channel,
        step,
        package_graph,
        ..
    } = finish_layout(pending)?;
    let Step::Laid(laid) = step else {
        return None;
    };
    let pkg = data.package();
    let mut view = match &package_graph {
        Some(graph) => laid.assemble(pkg, graph),
        None => laid.assemble(pkg, data.graph(channel.as_deref()?)?),
    };
    // Each edge's CRD-safety verdicts, by core (nothing when no bundle carries its manifests).
    view.judge_crd_safety(pkg);
    Some(view)
}
