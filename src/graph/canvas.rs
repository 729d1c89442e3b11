//! The drawing area: the `<svg>` (arrow markers, the pannable viewport with the drawing),
//! its keys (arrows pan, + and − zoom, 0 fits, Escape clears the selection; `f`, focus
//! mode, is the shell's), the "older" and
//! "newer" hints when the drawing goes past the edges, and what the empty area says.

use leptos::prelude::*;
use olm_graph_core::graph::EdgeKind;
use web_sys::KeyboardEvent;

use crate::graph::drawing::Drawing;
use crate::graph::pan_zoom::UsePanZoomReturn;
use crate::graph::scene::Scene;
use crate::graph::text::graph_label;
use crate::state::graph::GraphStore;
use crate::state::load::{LoadStatus, LoadStore};
use crate::state::selection::Selection;

/// Pixels an arrow key pans.
const KEY_PAN: f64 = 60.0;

/// The `<svg>` of the graph, given its element and its scene.
#[component]
pub fn GraphCanvas(svg: NodeRef<leptos::svg::Svg>, scene: Scene) -> impl IntoView {
    let graph = GraphStore::get();
    let selection = Selection::get();
    let pz = scene.pan_zoom;
    let on_key = move |ev: KeyboardEvent| {
        match ev.key().as_str() {
            "ArrowLeft" => pz.pan(KEY_PAN, 0.0),
            "ArrowRight" => pz.pan(-KEY_PAN, 0.0),
            "ArrowUp" => pz.pan(0.0, KEY_PAN),
            "ArrowDown" => pz.pan(0.0, -KEY_PAN),
            "+" | "=" => pz.zoom(1.25),
            "-" | "_" => pz.zoom(0.8),
            "0" => fit(graph, pz),
            "Escape" => selection.select_bundle(None),
            _ => return,
        }
        ev.prevent_default();
    };
    let on_background_click = move |_| {
        if !pz.take_drag() {
            selection.select_bundle(None);
        }
    };
    let with_view = move |f: fn(&olm_graph_core::view::GraphView) -> String| {
        graph.view.with(|v| v.as_ref().map(|v| f(v)))
    };
    view! {
        <svg
            node_ref=svg
            class="graph"
            class:hovering=move || scene.highlight.with(|h| h.active())
            tabindex="0"
            role="application"
            aria-roledescription="upgrade graph"
            aria-label=move || with_view(graph_label).unwrap_or_else(|| "Upgrade graph (nothing loaded)".into())
            data-graph-package=move || with_view(|v| v.package.clone())
            data-graph-channel=move || with_view(|v| v.channel.clone().unwrap_or_default())
            data-graph-nodes=move || with_view(|v| v.nodes().len().to_string())
            data-graph-edges=move || with_view(|v| v.edge_total().to_string())
            data-fans=move || graph.fans.get().as_str()
            on:click=on_background_click
            on:keydown=on_key
        >
            <defs>{arrow_markers()}{hatch_pattern()}</defs>
            <g class="viewport" transform=move || pz.transform.get().attribute()>
                {move || graph.view.get().map(|v| view! { <Drawing view=v scene=scene/> })}
            </g>
        </svg>
    }
}

/// Fits the graph on screen.
pub fn fit(graph: GraphStore, pz: UsePanZoomReturn) {
    if let Some(v) = graph.view.get_untracked() {
        pz.fit(v.width, v.height);
    }
}

/// The hatching of a bundle the mirror cut drops (`url(#mirror-hatch)`; the legend's swatch
/// uses it too).
fn hatch_pattern() -> impl IntoView {
    view! {
        <pattern id="mirror-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <line class="mirror-hatch-line" x1="0" y1="0" x2="0" y2="6"/>
        </pattern>
    }
}

/// One arrowhead per edge kind, coloured by the kind's class.
fn arrow_markers() -> impl IntoView {
    [EdgeKind::Replaces, EdgeKind::Skips, EdgeKind::SkipRange]
        .into_iter()
        .map(|k| {
            let c = k.css_class();
            view! {
                <marker id=format!("arrow-{c}") viewBox="0 0 10 10" refX="9" refY="5"
                    markerWidth="7" markerHeight="7" markerUnits="userSpaceOnUse" orient="auto">
                    <path d="M0,1 L10,5 L0,9 z" class=format!("arrow {c}")/>
                </marker>
            }
        })
        .collect_view()
}

/// "◀ older" and "newer ▶": the drawing goes past the left or right edge.
#[component]
pub fn PanHints(pan_zoom: UsePanZoomReturn) -> impl IntoView {
    let graph = GraphStore::get();
    move || {
        let t = pan_zoom.transform.get();
        let w = graph.view.with(|v| v.as_ref().map_or(0.0, |v| v.width));
        let (vw, _) = pan_zoom.viewport();
        let older = t.x < -2.0;
        let newer = t.x + w * t.k > vw + 2.0;
        view! {
            {older.then(|| view! {
                <button class="pan-hint left" title="Older versions are to the left (drag, ←, or Fit)"
                    aria-label="Pan to older versions"
                    on:click=move |_| pan_zoom.transform.update(|t| t.x = (t.x + vw * 0.8).min(0.0))>"◀ older"</button>
            })}
            {newer.then(|| view! {
                <button class="pan-hint right" title="Newer versions are to the right (drag, →, or Fit)"
                    aria-label="Pan to newer versions"
                    on:click=move |_| pan_zoom.transform.update(|t| t.x = (t.x - vw * 0.8).max(vw - w * t.k))>"newer ▶"</button>
            })}
        }
    }
}

/// What the area says when there is nothing to draw.
#[component]
pub fn EmptyGraph() -> impl IntoView {
    let graph = GraphStore::get();
    let load = LoadStore::get();
    let selection = Selection::get();
    let message = move || {
        if load.loaded.with(|l| l.is_none()) {
            return match load.status.get() {
                LoadStatus::Reading { label } | LoadStatus::Parsing { label, .. } => {
                    format!("Loading {label}…")
                }
                LoadStatus::Idle if load.problems.with(|p| !p.is_empty()) => {
                    "No catalog could be loaded: see the error above.".to_string()
                }
                LoadStatus::Idle => "Loading…".to_string(),
            };
        }
        let empty_package = graph.package_data.with(|d| {
            d.as_ref()
                .filter(|d| d.channels.is_empty())
                .map(|d| d.package().name.clone())
        });
        if let Some(p) = empty_package {
            format!("Package {p:?} has no channel to draw.")
        } else if let Some(p) = selection
            .pending
            .with(|p| p.as_ref().and_then(|p| p.package.clone()))
        {
            format!("This link shows package {p:?}: load a catalog that has it.")
        } else {
            "Choose a package.".to_string()
        }
    };
    move || {
        graph
            .view
            .with(|v| v.is_none())
            .then(|| view! { <div class="graph-empty">{message}</div> })
    }
}
