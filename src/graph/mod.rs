//! The upgrade graph: an SVG drawing of core's `GraphView` (positions from core's layout) with
//! pan and zoom ([`pan_zoom`]), hover highlighting of neighbours, keyboard moves along the
//! edges ([`keyboard`]), and every marking (terminated, truncation preview, fates, the
//! simulation's path) read from the stores.
//!
//! - [`GraphPanel`] composes the banner ([`banner`], [`toolbar`]), the drawing area
//!   ([`canvas`]) and the [`legend`];
//! - the drawing ([`drawing`]) is made of [`node`] and [`edge`] components sharing a
//!   [`scene`];
//! - every text and bit of geometry they compute is in [`text`].

pub mod banner;
pub mod canvas;
pub mod cull;
pub mod drawing;
pub mod edge;
pub mod keyboard;
pub mod legend;
pub mod node;
pub mod pan_zoom;
pub mod scene;
pub mod text;
pub mod toolbar;

use leptos::prelude::*;
use olm_graph_core::layout::FanMode;

use banner::{GraphNotices, GraphTitle};
use canvas::{EmptyGraph, GraphCanvas, PanHints};
use drawing::{on_focus_in, on_focus_out};
use legend::Legend;
use pan_zoom::{use_pan_zoom, UsePanZoomOptions, UsePanZoomReturn};
use scene::Scene;
use toolbar::GraphTools;

use crate::state::graph::GraphStore;
use crate::state::selection::Selection;

/// The graph panel: title and notices, toolbar (with `children` at its end), drawing, legend.
#[component]
pub fn GraphPanel(#[prop(optional)] children: Option<Children>) -> impl IntoView {
    let graph = GraphStore::get();
    let selection = Selection::get();
    let svg = NodeRef::<leptos::svg::Svg>::new();
    let pan_zoom = use_pan_zoom(svg, UsePanZoomOptions::default());
    let scene = Scene::new(graph, selection, pan_zoom);
    open_new_views(graph, selection, scene);
    reveal_on_request(graph, selection, pan_zoom);
    view! {
        <section class="graph-panel" aria-label="Upgrade graph">
            <div class="graph-banner">
                <GraphTitle/>
                <GraphTools pan_zoom=pan_zoom>{children.map(|c| c())}</GraphTools>
                <GraphNotices/>
            </div>
            <div class="graph-area"
                on:focusin=move |ev| on_focus_in(graph, scene, &ev)
                on:focusout=move |ev| on_focus_out(graph, scene, &ev)>
                <GraphCanvas svg=svg scene=scene/>
                <PanHints pan_zoom=pan_zoom/>
                <EmptyGraph/>
            </div>
            <Legend/>
        </section>
    }
}

/// A new graph opens fitted (or readable at its newest end), with the selected bundle brought
/// into view; the same graph redrawn (another fan mode, a new catalog) keeps the view.
fn open_new_views(graph: GraphStore, selection: Selection, scene: Scene) {
    Effect::new(
        move |prev: Option<Option<(String, Option<String>, FanMode)>>| {
            let v = graph.view.get()?;
            scene.hovered.set(None);
            let key = (
                v.package.clone(),
                v.channel.clone(),
                graph.fans.get_untracked(),
            );
            let same_graph = prev.flatten().is_some_and(|p| p.0 == key.0 && p.1 == key.1);
            if !same_graph {
                // Measure once the new drawing is laid out.
                request_animation_frame(move || {
                    let Some(v) = graph.view.get_untracked() else {
                        return;
                    };
                    scene.pan_zoom.open(v.width, v.height);
                    let selected = selection.bundle.get_untracked();
                    if let Some(i) = selected.and_then(|b| v.node_index(&b)) {
                        scene.reveal(&v, i);
                    }
                });
            }
            Some(key)
        },
    );
}

/// Focusing a finding or following a link brings its bundle into view.
fn reveal_on_request(graph: GraphStore, selection: Selection, pan_zoom: UsePanZoomReturn) {
    Effect::new(move |prev: Option<u64>| {
        let n = selection.reveal.get();
        if prev.is_some_and(|p| p != n) {
            let v = graph.view.get_untracked();
            let b = selection.bundle.get_untracked();
            if let Some((v, i)) = v.and_then(|v| b.and_then(|b| v.node_index(&b)).map(|i| (v, i))) {
                let bx = &v.boxes[i];
                let k = pan_zoom.transform.get_untracked().k.max(0.8);
                pan_zoom.center((bx.x, bx.y, bx.width, bx.height), Some(k));
            }
        }
        n
    });
}
