//! An edge, a band (one skipRange or skips fan drawn as one bracket), and the hop labels of the
//! simulation's path. Their markings (highlight, selection, the truncation preview, the path)
//! are signals read here; nothing paints them from outside.
//!
//! Test hooks: an edge has `data-edge-kind`, `data-from`, `data-to`; a band
//! `data-edge-kind`, `data-band`, `data-to` and `data-edges` (the number of edges it stands
//! for); both `data-on-path[-v1]` and `data-path-reason[-v1]` on the simulation's hops.

use leptos::prelude::*;

use crate::graph::scene::{Scene, SharedView};
use crate::graph::text::route_midpoint;
use crate::state::lifecycle::Lifecycle;
use crate::state::simulation::{HopReasons, SimulationStore};

/// The path attributes of a hop's edge or band: `data-on-path[-v1]`, `data-path-reason[-v1]`.
fn reason(reasons: &Option<HopReasons>, path: usize) -> Option<String> {
    reasons.as_ref().and_then(|r| r[path].clone())
}

#[component]
pub fn Edge(view: SharedView, index: usize, scene: Scene) -> impl IntoView {
    let lifecycle = Lifecycle::get();
    let sim = SimulationStore::get();
    let e = &view.edges[index];
    let (from, to) = (e.from, e.to);
    let class = e.kind.css_class();
    let ends = (view.nodes[from].name.clone(), view.nodes[to].name.clone());
    let on_path = {
        let (a, b) = ends.clone();
        Memo::new(move |_| sim.marks.with(|m| m.edge(&a, &b).cloned()))
    };
    let removed = {
        let (a, b) = ends.clone();
        move || {
            lifecycle
                .truncated_away
                .with(|t| t.contains(&a) || t.contains(&b))
        }
    };
    let lit = move || {
        scene
            .highlight
            .with(|h| h.node == Some(from) || h.node == Some(to))
    };
    let sel = move || {
        let s = scene.selected.get();
        s == Some(from) || s == Some(to)
    };
    view! {
        <path
            class=e.class()
            class:removed=removed
            class:lit=lit
            class:dim=move || scene.highlight.with(|h| h.active()) && !lit()
            class:sel=sel
            d=e.path_d()
            marker-end=format!("url(#arrow-{class})")
            data-edge-kind=e.kind.as_str()
            data-from=ends.0
            data-to=ends.1
            data-channels=e.channels.join(",")
            data-on-path=move || on_path.with(|r| reason(r, 0).map(|_| "true"))
            data-path-reason=move || on_path.with(|r| reason(r, 0))
            data-on-path-v1=move || on_path.with(|r| reason(r, 1).map(|_| "true"))
            data-path-reason-v1=move || on_path.with(|r| reason(r, 1))
        >
            <title>{view.edge_tooltip(e)}</title>
        </path>
    }
}

#[component]
pub fn Band(view: SharedView, index: usize, scene: Scene) -> impl IntoView {
    let sim = SimulationStore::get();
    let b = &view.bands[index];
    let to = b.to;
    let target = view.nodes[to].name.clone();
    let on_path = {
        let target = target.clone();
        Memo::new(move |_| sim.marks.with(|m| m.band(&target).cloned()))
    };
    let sources = b.sources.clone();
    let lit = move || {
        scene.highlight.with(|h| {
            h.node == Some(to) || h.node.is_some_and(|n| sources.binary_search(&n).is_ok())
        })
    };
    let lit_too = lit.clone();
    view! {
        <path
            class=b.class()
            class:lit=lit
            class:dim=move || scene.highlight.with(|h| h.active()) && !lit_too()
            class:sel=move || scene.selected.get() == Some(to)
            d=b.path_d()
            data-edge-kind=b.kind.as_str()
            data-band="true"
            data-to=target
            data-edges=b.edge_count().to_string()
            data-range=b.range.clone().unwrap_or_default()
            data-on-path=move || on_path.with(|r| reason(r, 0).map(|_| "true"))
            data-path-reason=move || on_path.with(|r| reason(r, 0))
            data-on-path-v1=move || on_path.with(|r| reason(r, 1).map(|_| "true"))
            data-path-reason-v1=move || on_path.with(|r| reason(r, 1))
        >
            <title>{view.band_tooltip(b)}</title>
        </path>
    }
}

/// Where the hop labels go: one per hop and drawn edge, at the middle of the edge, the
/// second path's a line lower.
fn hop_label_positions(view: &SharedView, sim: &SimulationStore) -> Vec<(f64, f64, String, usize)> {
    sim.marks.with(|m| {
        let mut out = Vec::new();
        for label in &m.labels {
            for e in view.edges.iter().filter(|e| {
                view.nodes[e.from].name == label.from && view.nodes[e.to].name == label.to
            }) {
                if let Some((x, y)) = route_midpoint(&e.points, e.curved) {
                    let y = y - 6.0 + 14.0 * label.path as f64;
                    out.push((x, y, label.text.clone(), label.path));
                }
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
