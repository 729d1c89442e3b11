//! The app's state: the loaded catalog, what is selected, the load status, and the derived
//! (memoised) package data and graph view. Components read it from the context; navigation goes
//! through the methods here so that the URL and the selection stay in step.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Deref;
use std::sync::Arc;

use leptos::prelude::*;
use olm_graph_core::graph::{channel_graphs, ChannelGraph, PackageGraph};
use olm_graph_core::layout::{FanMode, LayoutOptions};
use olm_graph_core::lifecycle::{
    deprecate_truncate, terminated_in_view, Fate, TruncateOptions, TruncateReport,
};
use olm_graph_core::model::Package;
use olm_graph_core::resolve::Resolver;
use olm_graph_core::view::{
    channel_summaries, finding_target, package_summaries, ChannelSummary, FindingTarget, GraphView,
    PackageSummary,
};
use olm_graph_core::{Catalog, Diagnostic, Progress, Severity};

use crate::url_state::{self, UrlState};
use crate::worker_client::FileText;

/// An `Arc` compared by identity, so big derived values can live in memos cheaply.
#[derive(Debug)]
pub struct Shared<T>(pub Arc<T>);

impl<T> Shared<T> {
    pub fn new(value: T) -> Self {
        Shared(Arc::new(value))
    }
}

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(self.0.clone())
    }
}

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// A catalog on screen.
#[derive(Debug)]
pub struct Loaded {
    /// What was loaded ("sample catalog", a file name, "3 files from v4.21", a URL).
    pub label: String,
    pub catalog: Catalog,
    /// Every finding: load diagnostics, opm's rules and the curator lints.
    pub findings: Vec<Diagnostic>,
    pub summaries: Vec<PackageSummary>,
    /// Where it was read from, when that can be read again or written back.
    pub origin: Origin,
}

/// Where a loaded catalog came from.
#[derive(Debug, Clone, Default)]
pub struct Origin {
    /// The http(s) URL it was fetched from (a link can name it).
    pub url: Option<String>,
    /// The files as read (kept as JS strings), for writing a changed catalog back out.
    pub files: Vec<FileText>,
    /// Read with directory semantics (only .json, .yaml and .yml files count).
    pub only_catalog_extensions: bool,
}

impl Loaded {
    pub fn new(label: String, catalog: Catalog, findings: Vec<Diagnostic>) -> Loaded {
        Loaded::with_origin(label, catalog, findings, Origin::default())
    }

    pub fn with_origin(
        label: String,
        catalog: Catalog,
        findings: Vec<Diagnostic>,
        origin: Origin,
    ) -> Loaded {
        let summaries = package_summaries(&catalog, &findings);
        Loaded {
            label,
            catalog,
            findings,
            summaries,
            origin,
        }
    }
}

/// Which channel view is shown.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum ChannelChoice {
    /// The package's default channel (or its first channel).
    #[default]
    Default,
    Named(String),
    /// Every channel of the package at once.
    All,
}

/// A loading in progress, or none.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum LoadStatus {
    #[default]
    Idle,
    Reading {
        label: String,
    },
    Parsing {
        label: String,
        progress: Option<Progress>,
    },
}

/// The outcome of the last load, for the error panel.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadReport {
    pub label: String,
    /// Errors and warnings found while reading (not the lints: those are in the lint panel).
    pub diagnostics: Vec<Diagnostic>,
    pub packages: usize,
    /// The catalog could not be used and the previous one (this label) stays on screen.
    pub kept_previous: Option<String>,
}

/// A problem outside any catalog: a failed fetch, an unreadable file, a crashed worker.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    pub message: String,
}

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
    pub fn package(&self) -> &olm_graph_core::model::Package {
        &self.loaded.catalog.packages[self.index]
    }

    /// The channel a choice shows: `None` for all channels.
    pub fn resolve(&self, choice: &ChannelChoice) -> Option<String> {
        match choice {
            ChannelChoice::All => None,
            ChannelChoice::Named(n) if self.graphs.iter().any(|g| &g.channel == n) => {
                Some(n.clone())
            }
            _ => self.channels.first().map(|c| c.name.clone()),
        }
    }
}

/// A deprecate-and-truncate preview: the package after it and what it did, or why it was
/// refused.
#[derive(Debug)]
pub struct Truncation {
    pub options: TruncateOptions,
    pub result: Result<(Package, TruncateReport), String>,
}

/// Catalogs in platform-version order, each with its label (e.g. `v4.12`).
pub type Series = Vec<(String, Catalog)>;

/// Everything components share.
#[derive(Clone, Copy)]
pub struct AppState {
    pub loaded: RwSignal<Option<Shared<Loaded>>>,
    pub package: RwSignal<Option<String>>,
    pub channel: RwSignal<ChannelChoice>,
    pub bundle: RwSignal<Option<String>>,
    pub fans: RwSignal<FanMode>,
    pub status: RwSignal<LoadStatus>,
    pub report: RwSignal<Option<LoadReport>>,
    pub problems: RwSignal<Vec<Problem>>,
    /// A view the URL asked for that the catalog on screen does not have (yet).
    pub pending: RwSignal<Option<UrlState>>,
    /// Bumped to ask the graph to bring the selected bundle into view.
    pub reveal: RwSignal<u64>,
    /// A second catalog to compare the one on screen with (the catalog-switch diff).
    pub compare: RwSignal<Option<Shared<Loaded>>>,
    /// What switching to the compared catalog does to each bundle of the catalog on screen
    /// (when it is the comparison's old side), for the graph to show.
    pub fates: RwSignal<Option<Shared<BTreeMap<String, Fate>>>>,
    /// A series of catalogs, one per platform version, in order: (label, catalog).
    pub series: RwSignal<Option<Shared<Series>>>,
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
    pub package_data: Memo<Option<Shared<PackageData>>>,
    pub view: Memo<Option<Shared<GraphView>>>,
    /// The channel shown (`None`: all channels or nothing).
    pub shown_channel: Memo<Option<String>>,
}

impl AppState {
    /// New state with its memos; call inside the app's reactive owner.
    pub fn new() -> AppState {
        let loaded: RwSignal<Option<Shared<Loaded>>> = RwSignal::new(None);
        let package: RwSignal<Option<String>> = RwSignal::new(None);
        let channel = RwSignal::new(ChannelChoice::Default);
        let fans = RwSignal::new(FanMode::Bands);
        let package_data = Memo::new(move |_| {
            let loaded = loaded.get()?;
            let name = package.get()?;
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
        });
        let shown_channel = Memo::new(move |_| {
            let data = package_data.get()?;
            data.resolve(&channel.get())
        });
        let view = Memo::new(move |_| {
            let data = package_data.get().filter(|d| !d.channels.is_empty())?;
            let options = LayoutOptions {
                fans: fans.get(),
                ..crate::graph_view::layout_options()
            };
            let pkg = data.package();
            let v = match shown_channel.get() {
                Some(c) => {
                    let g = data.graphs.iter().find(|g| g.channel == c)?;
                    GraphView::channel(pkg, g, &options)
                }
                None => {
                    let pg = PackageGraph::build(pkg, &data.graphs);
                    GraphView::package(pkg, &pg, &options)
                }
            };
            Some(Shared::new(v))
        });
        let terminated_resolver = RwSignal::new(Resolver::V0);
        let terminated = Memo::new(move |_| {
            let set = package_data.with(|d| {
                d.as_ref().map(|d| {
                    terminated_in_view(
                        d.package(),
                        &d.graphs,
                        shown_channel.get().as_deref(),
                        terminated_resolver.get(),
                    )
                })
            });
            Shared::new(set.unwrap_or_default())
        });
        let truncate: RwSignal<Option<(String, TruncateOptions)>> = RwSignal::new(None);
        let truncation = Memo::new(move |_| {
            let data = package_data.get()?;
            let (package, options) = truncate.get()?;
            if package != data.package().name || options.bundle.is_empty() {
                return None;
            }
            let result = deprecate_truncate(data.package(), &options).map_err(|e| e.0);
            Some(Shared::new(Truncation { options, result }))
        });
        let truncated_away = Memo::new(move |_| {
            let set = truncation.with(|t| {
                t.as_ref().and_then(|t| {
                    t.result
                        .as_ref()
                        .ok()
                        .map(|(_, r)| r.removed_nodes(shown_channel.get().as_deref()))
                })
            });
            Shared::new(set.unwrap_or_default())
        });
        AppState {
            loaded,
            package,
            channel,
            bundle: RwSignal::new(None),
            fans,
            status: RwSignal::new(LoadStatus::Idle),
            report: RwSignal::new(None),
            problems: RwSignal::new(Vec::new()),
            pending: RwSignal::new(None),
            reveal: RwSignal::new(0),
            compare: RwSignal::new(None),
            series: RwSignal::new(None),
            fates: RwSignal::new(None),
            terminated_resolver,
            terminated,
            truncate,
            truncation,
            truncated_away,
            package_data,
            view,
            shown_channel,
        }
    }

    /// The state from the context.
    pub fn get() -> AppState {
        expect_context::<AppState>()
    }

    /// User navigation: show a package (its default channel, nothing selected).
    pub fn select_package(&self, name: &str) {
        url_state::push_next();
        self.pending.set(None);
        self.package.set(Some(name.to_string()));
        self.channel.set(ChannelChoice::Default);
        self.bundle.set(None);
    }

    /// User navigation: show a channel (or all).
    pub fn select_channel(&self, choice: ChannelChoice) {
        url_state::push_next();
        self.pending.set(None);
        self.channel.set(choice);
    }

    /// User navigation: select a bundle (or none).
    pub fn select_bundle(&self, name: Option<String>) {
        if self.bundle.get_untracked() == name {
            return;
        }
        url_state::push_next();
        self.pending.set(None);
        self.bundle.set(name);
    }

    /// User navigation: focus what a finding is about.
    pub fn focus_finding(&self, d: &Diagnostic) {
        let (package, channel, bundle) = match finding_target(d) {
            FindingTarget::Bundle {
                package,
                channel,
                bundle,
            } => (package, channel, Some(bundle)),
            FindingTarget::Channel { package, channel } => (package, Some(channel), None),
            FindingTarget::Package { package } => (package, None, None),
            FindingTarget::File => return,
        };
        let same_package = self.package.get_untracked().as_deref() == Some(package.as_str());
        let current = self.channel.get_untracked();
        let choice = match (channel, &bundle) {
            (Some(c), _) => ChannelChoice::Named(c),
            (None, Some(b)) => {
                // Keep the view when it shows the bundle, else the first channel that has it.
                let loaded = self.loaded.get_untracked();
                let pkg = loaded.as_ref().and_then(|l| l.catalog.package(&package));
                let shows = |c: &str| {
                    pkg.and_then(|p| p.channel(c))
                        .is_some_and(|ch| ch.entry(b).is_some())
                };
                match current {
                    ChannelChoice::All if same_package => ChannelChoice::All,
                    ChannelChoice::Named(c) if same_package && shows(&c) => ChannelChoice::Named(c),
                    _ => pkg
                        .and_then(|p| p.channels_of(b).first().map(|c| c.to_string()))
                        .map_or(ChannelChoice::Default, ChannelChoice::Named),
                }
            }
            (None, None) => ChannelChoice::Default,
        };
        url_state::push_next();
        self.pending.set(None);
        self.package.set(Some(package));
        self.channel.set(choice);
        self.bundle.set(bundle);
        self.reveal.update(|n| *n += 1);
    }

    /// Applies a URL state (initial link, back/forward) when the catalog has its package;
    /// otherwise keeps it pending. Returns whether it was applied.
    pub fn apply_url(&self, wanted: UrlState) -> bool {
        let has = |name: &str| {
            self.loaded
                .get_untracked()
                .is_some_and(|l| l.catalog.package(name).is_some())
        };
        match &wanted.package {
            Some(p) if has(p) => {
                self.pending.set(None);
                self.package.set(Some(p.clone()));
                self.channel.set(wanted.channel.clone());
                self.bundle.set(wanted.bundle.clone());
                self.reveal.update(|n| *n += 1);
                true
            }
            Some(_) => {
                self.pending.set(Some(wanted));
                false
            }
            None => {
                self.pending.set(None);
                self.select_first_package_if_needed();
                true
            }
        }
    }

    /// A new catalog arrived: accept it (or keep the previous one when it has nothing to show)
    /// and keep the selection where possible.
    pub fn catalog_arrived(&self, label: String, catalog: Catalog, findings: Vec<Diagnostic>) {
        self.catalog_arrived_from(label, catalog, findings, Origin::default());
    }

    /// [`Self::catalog_arrived`], remembering where the catalog came from.
    pub fn catalog_arrived_from(
        &self,
        label: String,
        catalog: Catalog,
        findings: Vec<Diagnostic>,
        origin: Origin,
    ) {
        let diagnostics: Vec<Diagnostic> = catalog
            .diagnostics
            .iter()
            .filter(|d| d.severity != Severity::Info)
            .cloned()
            .collect();
        let packages = catalog.packages.len();
        let previous = self.loaded.get_untracked();
        let reject = packages == 0
            && previous
                .as_ref()
                .is_some_and(|p| !p.catalog.packages.is_empty());
        self.report.set(Some(LoadReport {
            label: label.clone(),
            diagnostics,
            packages,
            kept_previous: if reject {
                previous.as_ref().map(|p| p.label.clone())
            } else {
                None
            },
        }));
        self.status.set(LoadStatus::Idle);
        if reject {
            return;
        }
        self.loaded.set(Some(Shared::new(Loaded::with_origin(
            label, catalog, findings, origin,
        ))));
        if let Some(wanted) = self.pending.get_untracked() {
            if self.apply_url(wanted) {
                return;
            }
        }
        self.select_first_package_if_needed();
    }

    fn select_first_package_if_needed(&self) {
        let Some(loaded) = self.loaded.get_untracked() else {
            return;
        };
        let current = self.package.get_untracked();
        if current
            .as_deref()
            .is_some_and(|p| loaded.catalog.package(p).is_some())
        {
            // Same package in the new catalog: keep the view; drop a bundle it lacks.
            if let (Some(p), Some(b)) = (current, self.bundle.get_untracked()) {
                let pkg = loaded.catalog.package(&p);
                let known = pkg.is_some_and(|pkg| {
                    pkg.bundle(&b).is_some() || pkg.channels.iter().any(|c| c.entry(&b).is_some())
                });
                if !known {
                    self.bundle.set(None);
                }
            }
            return;
        }
        self.package
            .set(loaded.catalog.packages.first().map(|p| p.name.clone()));
        self.channel.set(ChannelChoice::Default);
        self.bundle.set(None);
    }

    /// Records a problem for the error panel.
    pub fn problem(&self, message: impl Into<String>) {
        let message = message.into();
        self.problems.update(|p| p.push(Problem { message }));
    }
}

impl Default for AppState {
    fn default() -> Self {
        AppState::new()
    }
}
