//! An edge (an edge leaving a group of absent bundles is one path, followed by one shapeless
//! element per member's edge), a fan (one entry's skipRange or skips edges: a rail under the
//! bundles it covers with one tap per source, drawn when every fan is, or when its entry is
//! hovered or selected or on the simulation's path), a staircase (fans sharing their lower end,
//! drawn once in the "all fans" mode), and the hop labels of the simulation's path. The markup
//! is the SVG export's (core's `export::svg`): the same classes, `data-*` hooks and tooltips.
//! Their markings (highlight, selection, the truncation preview, the path) are signals read
//! here; nothing paints them from outside.
//!
//! Test hooks: an edge has `data-edge-kind`, `data-from` (or `data-group` and `data-edges`),
//! `data-to`; a fan `data-edge-kind`, `data-band`, `data-to`, `data-range` and `data-edges` (the
//! number of edges it stands for), each of its taps `data-from`, `data-to`, `data-edge-kind`;
//! `data-on-path[-v1]` and `data-path-reason[-v1]` on the simulation's hops; `data-crd-safety`
//! (`unsafe` or `unknown`) on an edge whose bundles' CRDs make OLM refuse it or leave it unknown.

use leptos::prelude::*;
use olm_graph_core::graph::EdgeKind;
use olm_graph_core::layout::FanMode;
use olm_graph_core::view::{BandId, EdgeId, NodeId, StaircaseId};

use crate::graph::marks::{band_marks, edge_marks, ScenePiece, DIM, FOCUSED, LIT, SELECTED};
use crate::graph::scene::{Scene, SharedView};
use crate::graph::text::route_midpoint;
use crate::state::catalog_changes::CatalogChanges;
use crate::state::graph::GraphStore;
use crate::state::simulation::{HopReasons, SimulationStore};

/// The path attributes of a hop's edge or fan: `data-on-path[-v1]`, `data-path-reason[-v1]`.
fn reason(reasons: &Option<HopReasons>, path: usize) -> Option<String> {
    reasons.as_ref().and_then(|r| r[path].clone())
}

/// `data-channels` in the package view, where edges of several channels merge.
fn channels_attr(view: &SharedView, channels: &[String]) -> Option<String> {
    (view.channel.is_none() && !channels.is_empty()).then(|| channels.join(" "))
}

/// `data-crd-safety`: `unsafe` when either OLM refuses the upgrade for its CRDs, else `unknown`
/// when either cannot tell; nothing when both find it safe or the edge was not judged.
pub(crate) fn crd_safety(s: Option<&olm_graph_core::crd::EdgeSafety>) -> Option<&'static str> {
    use olm_graph_core::crd::Verdict;
    let s = s?;
    let verdicts = [s.olm_v1.verdict, s.olm_v0.verdict];
    [Verdict::Unsafe, Verdict::Unknown]
        .into_iter()
        .find(|v| verdicts.contains(v))
        .map(Verdict::as_str)
}

/// The tooltip's lines on CRD safety: each OLM that refuses the upgrade or cannot judge it,
/// with its message.
fn crd_tooltip(s: Option<&olm_graph_core::crd::EdgeSafety>) -> String {
    use olm_graph_core::crd::Verdict;
    let Some(s) = s else { return String::new() };
    [("OLM v1", &s.olm_v1), ("OLM v0", &s.olm_v0)]
        .into_iter()
        .filter(|(_, b)| b.verdict != Verdict::Safe)
        .map(|(olm, b)| {
            format!(
                "\nCRD safety ({olm}): {}: {}",
                b.verdict.as_str(),
                b.message
            )
        })
        .collect()
}

#[component]
pub fn Edge(view: SharedView, index: EdgeId, scene: Scene) -> impl IntoView {
    let lifecycle = CatalogChanges::get();
    let sim = SimulationStore::get();
    let e = &view.edges()[index];
    let to = e.to;
    // The nodes the edge joins: its source (every member, leaving a group) and its target.
    let mut ends: Vec<NodeId> = if e.members.is_empty() {
        vec![e.from]
    } else {
        e.members.clone()
    };
    let names: Vec<String> = ends.iter().map(|&m| view.nodes()[m].name.clone()).collect();
    ends.push(to);
    let class = e.kind.css_class();
    let crd = crd_safety(e.crd_safety.as_ref());
    let target = view.nodes()[to].name.clone();
    let group = e.group.and_then(|g| view.groups().get(g));
    let on_path = {
        let (names, target) = (names.clone(), target.clone());
        Memo::new(move |_| {
            sim.marks
                .with(|m| names.iter().find_map(|a| m.edge(a, &target).cloned()))
        })
    };
    let removed = {
        let (names, target) = (names.clone(), target.clone());
        move || {
            lifecycle
                .truncated_away
                .with(|t| t.contains(&target) || names.iter().all(|a| t.contains(a)))
        }
    };
    let bits = scene
        .marks
        .watch(ScenePiece::Edge(index.index()), edge_marks(ends));
    let members = member_views(&view, index, &target);
    view! {
        <path
            class=e.class()
            class:removed=removed
            class:lit=move || bits.get() & LIT != 0
            class:dim=move || bits.get() & DIM != 0
            class:sel=move || bits.get() & SELECTED != 0
            class:crd-unsafe=crd == Some("unsafe")
            class:crd-unknown=crd == Some("unknown")
            data-crd-safety=crd
            d=e.path_d()
            marker-end=format!("url(#arrow-{class})")
            data-group=group.map(|g| view.nodes()[g.entry].name.clone())
            data-edges=group.map(|_| e.members.len().to_string())
            data-from=group.is_none().then(|| view.nodes()[e.from].name.clone())
            data-to=target.clone()
            data-edge-kind=e.kind.as_str()
            data-range=e.range.clone()
            data-channels=channels_attr(&view, &e.channels)
            data-on-path=move || on_path.with(|r| reason(r, 0).map(|_| "true"))
            data-path-reason=move || on_path.with(|r| reason(r, 0))
            data-on-path-v1=move || on_path.with(|r| reason(r, 1).map(|_| "true"))
            data-path-reason-v1=move || on_path.with(|r| reason(r, 1))
        >
            <title>{view.edge_tooltip(e) + &crd_tooltip(e.crd_safety.as_ref())}</title>
        </path>
        {members}
    }
}

/// The members of a grouped edge, each with its own tooltip.
fn member_views(view: &SharedView, index: EdgeId, target: &str) -> impl IntoView {
    let e = &view.edges()[index];
    e.members
        .iter()
        .map(|&m| {
            let title = view.member_edge_tooltip(e, m);
            let target = target.to_string();
            view! {
                <g class="edge-member" data-from=view.nodes()[m].name.clone() data-to=target
                    data-edge-kind=e.kind.as_str()><title>{title}</title></g>
            }
        })
        .collect_view()
}

/// A staircase: fans that share their lower end, drawn as one rail ("all fans" mode).
#[component]
pub fn Staircase(view: SharedView, index: StaircaseId) -> impl IntoView {
    let st = &view.staircases()[index];
    let kind = st
        .bands
        .first()
        .and_then(|&b| view.bands().get(b))
        .map_or(EdgeKind::SkipRange, |b| b.kind);
    view! { <path class=st.class(kind) d=st.path_d()/> }
}

/// One fan: its own rail and a tap per source, shown in the "all fans" mode (over the
/// staircase), when its entry is hovered or selected, or when a hop of the simulation runs in
/// it; else only its hooks and tooltips are in the drawing.
#[component]
pub fn Fan(view: SharedView, index: BandId, scene: Scene) -> impl IntoView {
    let sim = SimulationStore::get();
    let graph = GraphStore::get();
    let b = &view.bands()[index];
    let to = b.to;
    let target = view.nodes()[to].name.clone();
    let on_path = {
        let target = target.clone();
        Memo::new(move |_| sim.marks.with(|m| m.band(&target).cloned()))
    };
    let sources = b.sources.clone();
    let bits = scene.marks.watch(
        ScenePiece::Band(index.index()),
        band_marks(index, to, sources),
    );
    let focused = move || bits.get() & FOCUSED != 0;
    let shown =
        move || graph.fans.get() == FanMode::Bands || focused() || on_path.with(|r| r.is_some());
    let taps = (0..b.sources.len())
        .map(|k| view! { <Tap view=view.clone() band=index k=k/> })
        .collect_view();
    view! {
        <g class=format!("fan {}", b.kind.css_class())
            class:shown=shown
            class:focus=focused
            class:lit=move || bits.get() & LIT != 0
            class:dim=move || bits.get() & DIM != 0
            class:sel=move || bits.get() & SELECTED != 0
            data-band="true"
            data-to=target
            data-edge-kind=b.kind.as_str()
            data-range=b.range.clone()
            data-edges=b.edge_count().to_string()
            data-on-path=move || on_path.with(|r| reason(r, 0).map(|_| "true"))
            data-path-reason=move || on_path.with(|r| reason(r, 0))
            data-on-path-v1=move || on_path.with(|r| reason(r, 1).map(|_| "true"))
            data-path-reason-v1=move || on_path.with(|r| reason(r, 1))
        >
            <title>{view.band_tooltip(b)}</title>
            <path class="rail" d=b.path_d()/>
            {taps}
        </g>
    }
}

/// The tap of source `k` of fan `band`: a dot on the rail carrying that edge.
#[component]
fn Tap(view: SharedView, band: BandId, k: usize) -> impl IntoView {
    let sim = SimulationStore::get();
    let b = &view.bands()[band];
    let from = view.nodes()[b.sources[k]].name.clone();
    let to = view.nodes()[b.to].name.clone();
    let (x, y) = b.taps.get(k).copied().unwrap_or((0.0, 0.0));
    let on_path = {
        let (from, to) = (from.clone(), to.clone());
        Memo::new(move |_| sim.marks.with(|m| m.edge(&from, &to).cloned()))
    };
    let title = view.band_edge_tooltip(b, k);
    let channels = b
        .source_channels
        .get(k)
        .and_then(|c| channels_attr(&view, c));
    view! {
        <circle class=b.tap_class() cx=format!("{x:.1}") cy=format!("{y:.1}") r="2.5"
            data-from=from data-to=to data-edge-kind=b.kind.as_str() data-range=b.range.clone()
            data-channels=channels
            data-on-path=move || on_path.with(|r| reason(r, 0).map(|_| "true"))
            data-on-path-v1=move || on_path.with(|r| reason(r, 1).map(|_| "true"))>
            <title>{title}</title>
        </circle>
    }
}

/// Where the hop labels go: one per hop and drawn edge, at the middle of the edge (for a hop in
/// a fan, under its tap on the rail), the second path's a line lower.
///
/// # Complexity
/// O(H·E) for H hops and E drawn edges.
fn hop_label_positions(view: &SharedView, sim: &SimulationStore) -> Vec<(f64, f64, String, usize)> {
    sim.marks.with(|m| {
        let mut out = Vec::new();
        for label in &m.labels {
            let (Some(f), Some(t)) = (view.node_index(&label.from), view.node_index(&label.to))
            else {
                continue;
            };
            let dy = 14.0 * label.path as f64;
            let mut found = false;
            for e in view
                .edges()
                .iter()
                .filter(|e| e.to == t && (e.from == f || e.members.binary_search(&f).is_ok()))
            {
                if let Some((x, y)) = route_midpoint(&e.points, e.curved) {
                    out.push((x, y - 6.0 + dy, label.text.clone(), label.path));
                    found = true;
                }
            }
            if found {
                continue;
            }
            let tap = view.fans_into(t).iter().find_map(|&b| {
                let band = view.bands().get(b)?;
                let k = band.sources.binary_search(&f).ok()?;
                band.taps.get(k).copied()
            });
            if let Some((x, y)) = tap {
                out.push((x, y + 12.0 + dy, label.text.clone(), label.path));
            }
        }
        out
    })
}

/// The labels of the simulation's hops, above everything else.
#[component]
pub fn HopLabels(view: SharedView) -> impl IntoView {
    let sim = SimulationStore::get();
    move || {
        hop_label_positions(&view, &sim)
            .into_iter()
            .map(|(x, y, text, path)| {
                view! {
                    <text class=if path == 0 { "sim-label" } else { "sim-label v1" }
                        x=format!("{x:.1}") y=format!("{y:.1}") text-anchor="middle"
                        data-testid="path-edge-label">{text}</text>
                }
            })
            .collect_view()
    }
}
