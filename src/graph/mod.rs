//! The upgrade graph: an SVG drawing of core's `GraphView` (positions from core's layout) with
//! pan and zoom ([`pan_zoom`]), hover highlighting of neighbours, keyboard moves along the
//! edges ([`keyboard`]), and every marking (terminated, truncation preview, fates, the
//! simulation's path) read from the stores.
//!
//! - [`GraphPanel`] composes the banner, one row ([`banner`]; the shell's actions and focus
//!   mode beside the title), the drawing area ([`canvas`], the zoom over its corner) and the
//!   [`legend`] with the view's toggles ([`toolbar`]); the layout wraps to the drawing area's size
//!   ([`follow_panel_size`]), re-laid out (and fitted) when the window is resized or focus
//!   mode hides the side columns;
//! - the drawing ([`drawing`]) is made of [`node`] and [`edge`] components sharing a
//!   [`scene`], whose hover and selection marks reach each piece alone ([`marks`]);
//! - every text and bit of geometry they compute is in [`text`].

pub mod banner;
pub mod canvas;
pub mod cull;
pub mod drawing;
pub mod edge;
pub mod keyboard;
pub mod legend;
pub mod marks;
pub mod node;
pub mod pan_zoom;
pub mod scene;
pub mod text;
pub mod toolbar;

use std::time::Duration;

use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use olm_graph_core::layout::FanMode;

use banner::{GraphNotices, GraphTitle};
use canvas::{EmptyGraph, GraphCanvas, PanHints};
use drawing::{on_focus_in, on_focus_out};
use legend::Legend;
use pan_zoom::{use_pan_zoom, UsePanZoomOptions, UsePanZoomReturn};
use scene::Scene;
use toolbar::{FocusToggle, ViewTools, ZoomTools};

use crate::state::graph::GraphStore;
use crate::state::selection::Selection;

/// The graph panel: title with `children` beside it (the shell's actions: search, tools,
/// export) and focus mode, notices, drawing (the zoom over its corner), legend with the view's
/// toggles.
#[component]
pub fn GraphPanel(#[prop(optional)] children: Option<Children>) -> impl IntoView {
    let graph = GraphStore::get();
    let selection = Selection::get();
    let svg = NodeRef::<leptos::svg::Svg>::new();
    let pan_zoom = use_pan_zoom(svg, UsePanZoomOptions::default());
    let scene = Scene::new(graph, selection, pan_zoom);
    follow_panel_size(graph, svg, pan_zoom);
    open_new_views(graph, selection, scene);
    reveal_on_request(graph, selection, pan_zoom);
    view! {
        <section class="graph-panel" aria-label="Upgrade graph">
            <div class="graph-banner">
                <div class="graph-head-row">
                    <GraphTitle/>
                    <div class="graph-actions" role="toolbar" aria-label="Graph actions">
                        {children.map(|c| c())}
                        <FocusToggle/>
                    </div>
                </div>
                <GraphNotices/>
            </div>
            <div class="graph-area"
                on:focusin=move |ev| on_focus_in(graph, scene, &ev)
                on:focusout=move |ev| on_focus_out(graph, scene, &ev)>
                <GraphCanvas svg=svg scene=scene/>
                <PanHints pan_zoom=pan_zoom/>
                <EmptyGraph/>
                <ZoomTools pan_zoom=pan_zoom/>
            </div>
            <Legend><ViewTools/></Legend>
        </section>
    }
}

/// How long the window must stay the same size before the graph is laid out again.
const RESIZE_DEBOUNCE: Duration = Duration::from_millis(200);
/// Size changes below this many pixels (either side) keep the layout.
const RESIZE_SLACK: f64 = 4.0;

/// The box the layout wraps to: the drawing area's size in whole pixels, below the zoom
/// controls ([`pan_zoom::TOP_INSET`]).
fn panel_box(pan_zoom: UsePanZoomReturn) -> Option<(f64, f64)> {
    let (w, h) = pan_zoom.viewport();
    let h = h - pan_zoom::TOP_INSET;
    (w > 50.0 && h > 50.0).then(|| (w.round(), h.round()))
}

/// Sets the layout's target box to the drawing area's size when it changed by more than
/// [`RESIZE_SLACK`].
fn update_target(graph: GraphStore, pan_zoom: UsePanZoomReturn) {
    let Some(now) = panel_box(pan_zoom) else {
        return;
    };
    let changed = graph.target.with_untracked(|t| {
        t.is_none_or(|t| (t.0 - now.0).abs() > RESIZE_SLACK || (t.1 - now.1).abs() > RESIZE_SLACK)
    });
    if changed {
        graph.target.set(Some(now));
    }
}

/// The layout wraps to the drawing area: measured once the `<svg>` is laid out, and again
/// (debounced) whenever the area changes size: the window resized, focus mode, a note above
/// the graph shown, folded or opened (a `ResizeObserver` on the `<svg>`).
fn follow_panel_size(
    graph: GraphStore,
    svg: NodeRef<leptos::svg::Svg>,
    pan_zoom: UsePanZoomReturn,
) {
    let pending: StoredValue<Option<Timeout>, LocalStorage> = StoredValue::new_local(None);
    let observer: StoredValue<Option<resize::Observer>, LocalStorage> =
        StoredValue::new_local(None);
    Effect::new(move |_| {
        let Some(el) = svg.get() else {
            return;
        };
        request_animation_frame(move || update_target(graph, pan_zoom));
        let watching = resize::Observer::new(&el, move || {
            let timer = Timeout::new(RESIZE_DEBOUNCE.as_millis() as u32, move || {
                update_target(graph, pan_zoom)
            });
            pending.set_value(Some(timer));
        });
        observer.update_value(|o| {
            if let Some(old) = o.take() {
                old.disconnect();
            }
            *o = watching;
        });
    });
    on_cleanup(move || {
        observer.update_value(|o| {
            if let Some(o) = o.take() {
                o.disconnect();
            }
        });
    });
}

/// The browser's `ResizeObserver`, bound here (web-sys has it behind a feature the app does
/// not otherwise need).
mod resize {
    use wasm_bindgen::prelude::*;

    #[wasm_bindgen]
    extern "C" {
        type ResizeObserver;
        #[wasm_bindgen(constructor, catch)]
        fn new(callback: &js_sys::Function) -> Result<ResizeObserver, JsValue>;
        #[wasm_bindgen(method)]
        fn observe(this: &ResizeObserver, target: &web_sys::Element);
        #[wasm_bindgen(method)]
        fn disconnect(this: &ResizeObserver);
    }

    /// An element observed, and the callback kept alive as long as the observation.
    pub struct Observer {
        observer: ResizeObserver,
        _callback: Closure<dyn FnMut()>,
    }

    impl Observer {
        /// Calls `on_resize` after each change of `el`'s size (and once at the start);
        /// `None` where the browser has no `ResizeObserver`.
        pub fn new(el: &web_sys::Element, on_resize: impl FnMut() + 'static) -> Option<Observer> {
            let callback = Closure::<dyn FnMut()>::new(on_resize);
            let observer = ResizeObserver::new(callback.as_ref().unchecked_ref()).ok()?;
            observer.observe(el);
            Some(Observer {
                observer,
                _callback: callback,
            })
        }

        pub fn disconnect(&self) {
            self.observer.disconnect();
        }
    }
}

/// What identifies the graph on screen: package, channel, fan mode, the layout's target box.
type ViewKey = (String, Option<String>, FanMode, Option<(f64, f64)>);

/// A new graph opens fitted (or readable at its newest end), with the selected bundle brought
/// into view; the same graph laid out for a new panel size is fitted again; the same graph
/// redrawn (another fan mode, an expanded group, a new catalog) keeps the view.
fn open_new_views(graph: GraphStore, selection: Selection, scene: Scene) {
    Effect::new(move |prev: Option<Option<ViewKey>>| {
        let v = graph.view.get()?;
        scene.hovered.set(None);
        let key = (
            v.package.clone(),
            v.channel.clone(),
            graph.fans.get_untracked(),
            graph.target.get_untracked(),
        );
        let prev = prev.flatten();
        let same_graph = prev.as_ref().is_some_and(|p| p.0 == key.0 && p.1 == key.1);
        let resized = prev.as_ref().is_some_and(|p| p.3 != key.3);
        if !same_graph || resized {
            // Measure once the new drawing is laid out.
            request_animation_frame(move || {
                let Some(v) = graph.view.get_untracked() else {
                    return;
                };
                if same_graph {
                    scene.pan_zoom.fit(v.width, v.height);
                    return;
                }
                scene.pan_zoom.open(v.width, v.height);
                let selected = selection.bundle.get_untracked();
                if let Some(i) = selected.and_then(|b| v.node_index(&b)) {
                    scene.reveal(&v, i);
                }
            });
        }
        Some(key)
    });
}

/// Focusing a finding or following a link brings its bundle into view.
fn reveal_on_request(graph: GraphStore, selection: Selection, pan_zoom: UsePanZoomReturn) {
    Effect::new(move |prev: Option<u64>| {
        let n = selection.reveal.get();
        if prev.is_some_and(|p| p != n) {
            let v = graph.view.get_untracked();
            let b = selection.bundle.get_untracked();
            if let Some((v, i)) = v.and_then(|v| b.and_then(|b| v.node_index(&b)).map(|i| (v, i))) {
                let bx = &v.nodes()[i].bbox;
                let k = pan_zoom.transform.get_untracked().k.max(0.8);
                pan_zoom.center((bx.x, bx.y, bx.width, bx.height), Some(k));
            }
        }
        n
    });
}
