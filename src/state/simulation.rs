//! The upgrade simulation: which bundle a cluster runs, which resolver, a failing bundle with
//! its failure kind and upgrade strategy, and an optional updated catalog; the paths core
//! resolves for them ([`simulate`]), and the markings those paths put on the graph
//! ([`PathMarks`], a derived signal the drawing reads like every other marking).
//!
//! The inputs are typed: strings from the URL or a form are parsed once, at that boundary, with
//! [`ResolverChoice::from_param`], [`failure_choice`] and core's `str::parse` (an upgrade
//! strategy reads as OLM spells it, `TechPreviewUnsafeFailForward`, or as the CLI does).

use std::collections::HashMap;

use leptos::prelude::*;
use olm_graph_core::lifecycle::edit::{with_entry, NewEntry};
use olm_graph_core::model::{Catalog, ChannelEntry};
use olm_graph_core::resolve::{
    first_difference, resolve_path, via_label, Failure, FailureKind, PathOptions, Resolver,
    UpgradePath, UpgradeStrategy,
};
use olm_graph_core::semver::Version;

use crate::state::graph::GraphStore;
use crate::state::shared::Shared;

/// Which resolvers to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ResolverChoice {
    #[default]
    V0,
    V1,
    Both,
}

impl ResolverChoice {
    /// Reads `v0`, `v1` or `both`.
    pub fn from_param(s: &str) -> Option<ResolverChoice> {
        match s {
            "v0" => Some(ResolverChoice::V0),
            "v1" => Some(ResolverChoice::V1),
            "both" => Some(ResolverChoice::Both),
            _ => None,
        }
    }

    pub fn param(self) -> &'static str {
        match self {
            ResolverChoice::V0 => "v0",
            ResolverChoice::V1 => "v1",
            ResolverChoice::Both => "both",
        }
    }

    /// The resolvers to run, in the order their paths are shown.
    pub fn resolvers(self) -> &'static [Resolver] {
        match self {
            ResolverChoice::V0 => &[Resolver::V0],
            ResolverChoice::V1 => &[Resolver::V1],
            ResolverChoice::Both => &[Resolver::V0, Resolver::V1],
        }
    }

    /// The resolver of a single drawn path (an animated export): `both` draws v0's.
    pub fn path_resolver(self) -> Resolver {
        match self {
            ResolverChoice::V1 => Resolver::V1,
            ResolverChoice::V0 | ResolverChoice::Both => Resolver::V0,
        }
    }
}

/// Reads a failure kind: `csv`, `installplan` (core's spellings), or `none` (`Some(None)`);
/// `None` for anything else.
pub fn failure_choice(s: &str) -> Option<Option<FailureKind>> {
    match s {
        "none" => Some(None),
        kind => kind.parse().ok().map(Some),
    }
}

/// The parameter value of a failure kind (`none` for no failure).
pub fn failure_param(kind: Option<FailureKind>) -> &'static str {
    kind.map_or("none", FailureKind::as_str)
}

/// The what-if inputs.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SimInputs {
    pub installed: String,
    pub resolver: ResolverChoice,
    /// How the failing bundle's upgrade fails (no failure: `None`).
    pub failure: Option<FailureKind>,
    pub failing: String,
    pub strategy: UpgradeStrategy,
}

impl SimInputs {
    /// The failure these inputs describe, if a kind and a bundle are both given.
    pub fn failure(&self) -> Option<Failure> {
        let bundle = self.failing.trim();
        let kind = self.failure.filter(|_| !bundle.is_empty())?;
        Some(Failure {
            bundle: bundle.to_string(),
            kind,
            strategy: self.strategy,
        })
    }
}

/// An entry to add to the channel for the "updated catalog", as typed in the form.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AddedEntry {
    pub name: String,
    pub replaces: String,
    /// Comma-separated.
    pub skips: String,
    pub skip_range: String,
    pub version: String,
}

impl AddedEntry {
    /// The core edit this form describes.
    pub fn to_new_entry(&self) -> Result<NewEntry, String> {
        let opt = |s: &str| Some(s.trim().to_string()).filter(|s| !s.is_empty());
        let version = match opt(&self.version) {
            Some(v) => {
                Some(Version::parse_tolerant(&v).map_err(|e| format!("version {v:?}: {e}"))?)
            }
            None => None,
        };
        let skips = self
            .skips
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        Ok(NewEntry {
            entry: ChannelEntry {
                name: self.name.trim().to_string(),
                replaces: opt(&self.replaces),
                skips,
                skip_range: opt(&self.skip_range),
            },
            version,
        })
    }
}

/// One resolved path (or core's error) for one resolver.
#[derive(Debug, Clone, PartialEq)]
pub struct Resolved {
    pub resolver: Resolver,
    pub result: Result<UpgradePath, String>,
}

/// What the simulation shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Simulation {
    pub channel: String,
    pub paths: Vec<Resolved>,
    /// Hop index where v0 and v1 part ways (with `both`).
    pub difference: Option<usize>,
    /// The updated catalog could not be built.
    pub update_error: Option<String>,
}

impl Simulation {
    /// Hops of the longest path.
    pub fn longest(&self) -> usize {
        self.paths
            .iter()
            .filter_map(|p| p.result.as_ref().ok().map(|p| p.hops.len()))
            .max()
            .unwrap_or(0)
    }
}

/// Resolves the inputs against `catalog` (core does the work).
///
/// # Complexity
/// One core path resolution per resolver (see `resolve_path`), plus copying the catalog once
/// when an entry is added.
pub fn simulate(
    catalog: &Catalog,
    package: &str,
    channel: &str,
    inputs: &SimInputs,
    added: Option<&AddedEntry>,
    update: Option<&Catalog>,
) -> Simulation {
    let failure = inputs.failure();
    let (updated, update_error) = updated_catalog(catalog, package, channel, added, update);
    let installed = inputs.installed.trim();
    let paths: Vec<Resolved> = inputs
        .resolver
        .resolvers()
        .iter()
        .map(|&resolver| {
            let options = PathOptions {
                resolver,
                channel: Some(channel.to_string()),
                failure: failure.clone(),
                ..PathOptions::default()
            };
            Resolved {
                resolver,
                result: resolve_path(catalog, package, installed, &options, updated.as_ref())
                    .map_err(|e| e.to_string()),
            }
        })
        .collect();
    let difference = match (paths.first(), paths.get(1)) {
        (Some(Resolved { result: Ok(a), .. }), Some(Resolved { result: Ok(b), .. })) => {
            first_difference(a, b)
        }
        _ => None,
    };
    Simulation {
        channel: channel.to_string(),
        paths,
        difference,
        update_error,
    }
}

/// The updated catalog: a second catalog loaded as the update and/or one added entry; with
/// the reason when the entry could not be added.
fn updated_catalog(
    catalog: &Catalog,
    package: &str,
    channel: &str,
    added: Option<&AddedEntry>,
    update: Option<&Catalog>,
) -> (Option<Catalog>, Option<String>) {
    let Some(added) = added else {
        return (update.cloned(), None);
    };
    let edited = added.to_new_entry().and_then(|n| {
        with_entry(update.unwrap_or(catalog), package, channel, &n).map_err(|e| e.to_string())
    });
    match edited {
        Ok(c) => (Some(c), None),
        Err(e) => (update.cloned(), Some(e)),
    }
}

/// How the simulation marks one node: its step on each path (0 = installed), whether its
/// upgrade fails, whether the cluster is on it now.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NodeOnPath {
    /// Step on the first path (`data-path-step`) and on the second (`data-path-step-v1`).
    pub step: [Option<usize>; 2],
    pub failed: Option<FailureKind>,
    pub current: bool,
    /// A hop of some path goes into it and it has no `olm.bundle` in the catalog (the path
    /// follows the channel by name): `data-missing-bundle`.
    pub missing_bundle: bool,
}

/// The reasons a hop gives, per path (first hop wins): `data-path-reason[-v1]`.
pub type HopReasons = [Option<String>; 2];

/// A hop label written beside an edge: the edge's ends, the text, and which path (0 or 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HopLabel {
    pub from: String,
    pub to: String,
    pub text: String,
    pub path: usize,
}

/// The simulation's markings of the graph: nodes on each path, the edges and bands of the hops,
/// and the hop labels, for the first `visible` hops.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PathMarks {
    pub nodes: HashMap<String, NodeOnPath>,
    /// Keyed by (from, to).
    pub edges: HashMap<(String, String), HopReasons>,
    /// skipRange hops, keyed by the band's target.
    pub bands: HashMap<String, HopReasons>,
    pub labels: Vec<HopLabel>,
}

impl PathMarks {
    pub fn node(&self, name: &str) -> Option<&NodeOnPath> {
        self.nodes.get(name)
    }

    pub fn edge(&self, from: &str, to: &str) -> Option<&HopReasons> {
        self.edges.get(&(from.to_string(), to.to_string()))
    }

    pub fn band(&self, to: &str) -> Option<&HopReasons> {
        self.bands.get(to)
    }
}

/// The markings of the first `visible` hops of each path; a failed hop of the first path is
/// marked with `failure` (CSV when unknown).
///
/// # Complexity
/// O(H) map operations for H hops on the paths.
pub fn path_marks(sim: &Simulation, visible: usize, failure: Option<FailureKind>) -> PathMarks {
    let mut marks = PathMarks::default();
    for (i, resolved) in sim.paths.iter().enumerate().take(2) {
        let Ok(path) = &resolved.result else { continue };
        mark_node(&mut marks, &path.from, i, 0);
        let mut last = path.from.clone();
        for (k, h) in path.hops.iter().take(visible).enumerate() {
            last = h.to.clone();
            mark_node(&mut marks, &h.to, i, k + 1);
            if h.missing_bundle {
                marks.nodes.entry(h.to.clone()).or_default().missing_bundle = true;
            }
            if h.failed && i == 0 {
                let node = marks.nodes.entry(h.to.clone()).or_default();
                node.failed = Some(failure.unwrap_or(FailureKind::Csv));
            }
            let text = via_label(&h.via);
            let key = (h.from.clone(), h.to.clone());
            first_wins(&mut marks.edges.entry(key).or_default()[i], &text);
            if h.via.iter().any(|r| r.range.is_some()) {
                first_wins(&mut marks.bands.entry(h.to.clone()).or_default()[i], &text);
            }
            marks.labels.push(HopLabel {
                from: h.from.clone(),
                to: h.to.clone(),
                text,
                path: i,
            });
        }
        if i == 0 {
            marks.nodes.entry(last).or_default().current = true;
        }
    }
    marks
}

fn mark_node(marks: &mut PathMarks, name: &str, path: usize, step: usize) {
    let node = marks.nodes.entry(name.to_string()).or_default();
    node.step[path].get_or_insert(step);
}

fn first_wins(slot: &mut Option<String>, text: &str) {
    if slot.is_none() {
        *slot = Some(text.to_string());
    }
}

/// A route drawn on the graph in place of the simulation's paths (the Plan panel's): its
/// start and hops, each hop with its label (its reasons, and the channel it switches to).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Route {
    pub from: String,
    pub hops: Vec<RouteHop>,
}

/// One hop of a [`Route`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RouteHop {
    pub from: String,
    pub to: String,
    /// The reasons ("replaces, skipRange >=1.0.0 <1.2.0").
    pub reasons: String,
    /// The hop has a skipRange reason (drawn on the band).
    pub range: bool,
    /// The channel the route switched to just before this hop.
    pub switch: Option<String>,
}

impl RouteHop {
    /// The label written beside the hop: the switch, then the reasons.
    pub fn label(&self) -> String {
        match &self.switch {
            Some(c) => format!("switch to {c} · {}", self.reasons),
            None => self.reasons.clone(),
        }
    }
}

/// The markings of the first `visible` hops of a route, as the first path's.
///
/// # Complexity
/// O(H) map operations for H hops of the route.
pub fn route_marks(route: &Route, visible: usize) -> PathMarks {
    let mut marks = PathMarks::default();
    mark_node(&mut marks, &route.from, 0, 0);
    let mut last = route.from.clone();
    for (k, h) in route.hops.iter().take(visible).enumerate() {
        last = h.to.clone();
        mark_node(&mut marks, &h.to, 0, k + 1);
        let text = h.label();
        let key = (h.from.clone(), h.to.clone());
        first_wins(&mut marks.edges.entry(key).or_default()[0], &text);
        if h.range {
            first_wins(&mut marks.bands.entry(h.to.clone()).or_default()[0], &text);
        }
        marks.labels.push(HopLabel {
            from: h.from.clone(),
            to: h.to.clone(),
            text,
            path: 0,
        });
    }
    marks.nodes.entry(last).or_default().current = true;
    marks
}

/// The simulation store (from the context; cheap to copy). The app creates it, so the path is
/// marked on the graph with or without the simulation panel (the embed view has none).
#[derive(Clone, Copy)]
pub struct SimulationStore {
    pub inputs: RwSignal<SimInputs>,
    pub added: RwSignal<Option<AddedEntry>>,
    /// A second catalog loaded as the update: its label and the parsed catalog.
    pub update: RwSignal<Option<(String, Shared<Catalog>)>>,
    /// Show the whole path at once (no hop-by-hop animation).
    pub instant: RwSignal<bool>,
    pub playing: RwSignal<bool>,
    pub step: RwSignal<usize>,
    /// A planned route drawn instead of the simulation's paths; step 0 while paused shows it
    /// whole (cleared when the simulation's inputs change).
    pub route: RwSignal<Option<Shared<Route>>>,
    /// The channel the subscription follows: the one on screen, or the default channel.
    pub channel: Memo<Option<String>>,
    pub result: Memo<Option<Shared<Simulation>>>,
    /// What the result marks on the graph, for the hops shown so far.
    pub marks: Memo<Shared<PathMarks>>,
}

/// The channel simulated: the one shown, or in the package view the package's first.
fn simulated_channel(graph: GraphStore) -> Memo<Option<String>> {
    Memo::new(move |_| {
        graph.shown_channel.get().or_else(|| {
            graph.package_data.with(|d| {
                d.as_ref()
                    .and_then(|d| d.channels.first().map(|c| c.name.clone()))
            })
        })
    })
}

/// The graph draws the installed bundle beside a channel it is not an entry of: `graph`
/// follows the inputs' installed bundle.
fn share_installed(inputs: RwSignal<SimInputs>, graph: GraphStore) {
    Effect::new(move |_| {
        let name = inputs.with(|i| i.installed.trim().to_string());
        let name = Some(name).filter(|n| !n.is_empty());
        if graph.installed.get_untracked() != name {
            graph.installed.set(name);
        }
    });
}

impl SimulationStore {
    /// The simulation of the package `graph` shows, with default inputs.
    pub fn new(graph: GraphStore) -> SimulationStore {
        let inputs = RwSignal::new(SimInputs::default());
        let added: RwSignal<Option<AddedEntry>> = RwSignal::new(None);
        let update: RwSignal<Option<(String, Shared<Catalog>)>> = RwSignal::new(None);
        let instant = RwSignal::new(false);
        let playing = RwSignal::new(false);
        let step = RwSignal::new(0usize);
        let channel = simulated_channel(graph);
        let result = Memo::new(move |_| {
            let data = graph.package_data.get()?;
            let channel = channel.get()?;
            let inputs = inputs.get();
            if inputs.installed.trim().is_empty() {
                return None;
            }
            let added = added.get();
            let update = update.get();
            Some(Shared::new(simulate(
                &data.loaded.catalog,
                &data.package().name,
                &channel,
                &inputs,
                added.as_ref(),
                update.as_ref().map(|(_, c)| &**c),
            )))
        });
        let visible = move || {
            if instant.get() {
                usize::MAX
            } else {
                step.get()
            }
        };
        share_installed(inputs, graph);
        let route: RwSignal<Option<Shared<Route>>> = RwSignal::new(None);
        let marks = Memo::new(move |_| {
            if let Some(r) = route.get() {
                let shown = match (instant.get(), playing.get(), step.get()) {
                    (true, _, _) | (false, false, 0) => usize::MAX,
                    (false, _, n) => n,
                };
                return Shared::new(route_marks(&r, shown));
            }
            let failure = inputs.with(|i| i.failure);
            let marks = result.with(|r| r.as_ref().map(|s| path_marks(s, visible(), failure)));
            Shared::new(marks.unwrap_or_default())
        });
        // A new result (or route) starts from the installed bundle.
        Effect::new(move |_| {
            result.track();
            route.track();
            playing.set(false);
            step.set(0);
        });
        // Simulating again takes the graph back from a planned route.
        Effect::new(move |prev: Option<()>| {
            inputs.track();
            if prev.is_some() {
                route.set(None);
            }
        });
        SimulationStore {
            inputs,
            added,
            update,
            instant,
            playing,
            step,
            route,
            channel,
            result,
            marks,
        }
    }

    pub fn get() -> SimulationStore {
        expect_context::<SimulationStore>()
    }

    /// Hops of the longest path.
    pub fn total(&self) -> usize {
        if let Some(n) = self.route.with(|r| r.as_ref().map(|r| r.hops.len())) {
            return n;
        }
        self.result.with(|s| s.as_ref().map_or(0, |s| s.longest()))
    }

    /// One hop further, or back to the start after the last.
    pub fn step_once(&self) {
        self.playing.set(false);
        if self.step.get_untracked() < self.total() {
            self.step.update(|s| *s += 1);
        } else {
            self.step.set(0);
        }
    }

    /// Play (from the start when at the end), or pause.
    pub fn toggle_play(&self) {
        if !self.playing.get_untracked() && self.step.get_untracked() >= self.total() {
            self.step.set(0);
        }
        self.playing.update(|p| *p = !*p);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use olm_graph_core::{load_files, InputFile};

    fn fixture(name: &str, text: &str) -> Catalog {
        load_files(vec![InputFile::new(name, text)])
    }

    fn inputs(
        installed: &str,
        failure: Option<FailureKind>,
        strategy: UpgradeStrategy,
    ) -> SimInputs {
        SimInputs {
            installed: installed.into(),
            failure,
            failing: "f2".into(),
            strategy,
            ..SimInputs::default()
        }
    }

    #[test]
    fn failure_combos_and_an_added_entry_come_from_core() {
        let catalog = fixture(
            "failforward.yaml",
            include_str!("../../crates/core/tests/fixtures/resolve/failforward.yaml"),
        );
        let outcome = |kind, strategy, added: Option<&AddedEntry>| {
            let s = simulate(
                &catalog,
                "ff",
                "stable",
                &inputs("f1", Some(kind), strategy),
                added,
                None,
            );
            let p = s.paths[0].result.as_ref().unwrap();
            (
                p.outcome.as_str(),
                p.hops.iter().map(|h| h.to.clone()).collect::<Vec<_>>(),
            )
        };
        let ff = UpgradeStrategy::TechPreviewUnsafeFailForward;
        assert_eq!(
            outcome(FailureKind::Csv, UpgradeStrategy::Default, None).0,
            "blocked"
        );
        assert_eq!(
            outcome(FailureKind::InstallPlan, UpgradeStrategy::Default, None).0,
            "blocked"
        );
        assert_eq!(
            outcome(FailureKind::Csv, ff, None).0,
            "waiting-for-catalog-update"
        );
        assert_eq!(
            outcome(FailureKind::InstallPlan, ff, None).0,
            "waiting-for-catalog-update"
        );
        let f3 = AddedEntry {
            name: "f3".into(),
            replaces: "f2".into(),
            version: "3.0.0".into(),
            ..AddedEntry::default()
        };
        assert_eq!(
            outcome(FailureKind::Csv, ff, Some(&f3)),
            ("up-to-date", vec!["f2".to_string(), "f3".to_string()])
        );
        // A bad version is reported, and the path runs on the catalog as it is.
        let bad = AddedEntry {
            version: "not a version".into(),
            ..f3.clone()
        };
        let s = simulate(
            &catalog,
            "ff",
            "stable",
            &inputs("f1", Some(FailureKind::Csv), ff),
            Some(&bad),
            None,
        );
        assert!(s.update_error.unwrap().contains("not a version"));
    }

    #[test]
    fn both_resolvers_report_the_first_difference() {
        let catalog = fixture(
            "v0-v1-differ.yaml",
            include_str!("../../crates/core/tests/fixtures/resolve/v0-v1-differ.yaml"),
        );
        let both = SimInputs {
            installed: "differ.v1.0.0".into(),
            resolver: ResolverChoice::Both,
            ..SimInputs::default()
        };
        let s = simulate(&catalog, "differ", "stable", &both, None, None);
        assert_eq!(s.paths.len(), 2);
        assert_eq!(s.difference, Some(0));
        // The markings: v0's path without suffix, v1's with; the first path's end is current.
        let marks = path_marks(&s, usize::MAX, None);
        let v0 = s.paths[0].result.as_ref().unwrap();
        let v1 = s.paths[1].result.as_ref().unwrap();
        assert_eq!(marks.node(&v0.from).unwrap().step, [Some(0), Some(0)]);
        assert_eq!(marks.node(&v0.hops[0].to).unwrap().step[0], Some(1));
        assert_eq!(marks.node(&v1.hops[0].to).unwrap().step[1], Some(1));
        assert!(marks.node(&v0.end).unwrap().current);
        let hop = &v0.hops[0];
        assert_eq!(
            marks.edge(&hop.from, &hop.to).unwrap()[0].as_deref(),
            Some(via_label(&hop.via).as_str())
        );
        // Only the visible hops are marked.
        let none = path_marks(&s, 0, None);
        assert!(none.edges.is_empty() && none.labels.is_empty());
        assert!(none.node(&v0.from).unwrap().current);
    }

    #[test]
    fn hops_into_entries_without_bundles_are_marked() {
        // A channel file of a split catalog: entries by name, no olm.bundle.
        let catalog = fixture(
            "index.yaml",
            "schema: olm.package\nname: p\n---\nschema: olm.channel\npackage: p\nname: stable\nentries:\n- name: p.v1.0.0\n- name: p.v1.0.1\n  replaces: p.v1.0.0\n- name: p.v1.0.2\n  replaces: p.v1.0.1\n",
        );
        let v0 = SimInputs {
            installed: "p.v1.0.0".into(),
            ..SimInputs::default()
        };
        let s = simulate(&catalog, "p", "stable", &v0, None, None);
        let marks = path_marks(&s, usize::MAX, None);
        for name in ["p.v1.0.1", "p.v1.0.2"] {
            assert!(marks.node(name).unwrap().missing_bundle, "{name}");
        }
        // The installed bundle is no hop's target.
        assert!(!marks.node("p.v1.0.0").unwrap().missing_bundle);
    }

    #[test]
    fn a_failed_hop_is_marked_with_its_kind() {
        let catalog = fixture(
            "failforward.yaml",
            include_str!("../../crates/core/tests/fixtures/resolve/failforward.yaml"),
        );
        let s = simulate(
            &catalog,
            "ff",
            "stable",
            &inputs(
                "f1",
                Some(FailureKind::InstallPlan),
                UpgradeStrategy::Default,
            ),
            None,
            None,
        );
        let marks = path_marks(&s, usize::MAX, Some(FailureKind::InstallPlan));
        assert_eq!(
            marks.node("f2").unwrap().failed,
            Some(FailureKind::InstallPlan)
        );
    }

    #[test]
    fn parameters_parse_once_and_an_animated_path_follows_the_resolver() {
        assert_eq!(
            ResolverChoice::from_param("both"),
            Some(ResolverChoice::Both)
        );
        assert_eq!(ResolverChoice::from_param("v2"), None);
        assert_eq!(ResolverChoice::V1.path_resolver(), Resolver::V1);
        assert_eq!(ResolverChoice::V0.path_resolver(), Resolver::V0);
        assert_eq!(ResolverChoice::Both.path_resolver(), Resolver::V0);
        assert_eq!(failure_choice("none"), Some(None));
        assert_eq!(failure_choice("csv"), Some(Some(FailureKind::Csv)));
        assert_eq!(failure_choice("x"), None);
        assert_eq!(failure_param(Some(FailureKind::InstallPlan)), "installplan");
        for s in [
            UpgradeStrategy::Default,
            UpgradeStrategy::TechPreviewUnsafeFailForward,
        ] {
            assert_eq!(s.olm_name().parse::<UpgradeStrategy>(), Ok(s));
        }
        // No failing bundle, no failure.
        let i = SimInputs {
            failure: Some(FailureKind::Csv),
            ..SimInputs::default()
        };
        assert_eq!(i.failure(), None);
    }
}
