//! The upgrade graph: an SVG drawing of core's [`GraphView`] (positions from core's layout),
//! with zoom and pan (wheel, drag, keyboard), fit to view, hover highlighting of neighbours,
//! and a toggle between skipRange bands and separate edges.
//!
//! Test hooks: every node has `data-bundle`, `data-virtual`, `data-deprecated`, `data-head`;
//! every edge `data-edge-kind`, `data-from`, `data-to`; a band `data-edge-kind="skipRange"`,
//! `data-band`, `data-to` and `data-edges` (the number of edges it stands for).

use leptos::html;
use leptos::prelude::*;
use olm_graph_core::graph::EdgeKind;
use olm_graph_core::layout::{FanMode, LayoutOptions};
use olm_graph_core::view::{GraphView as CoreView, ViewBand, ViewEdge, ViewNode};
use web_sys::{KeyboardEvent, PointerEvent, WheelEvent};

use crate::legend::Legend;
use crate::state::{AppState, LoadStatus, Shared};

/// Node and spacing sizes of the drawing.
pub fn layout_options() -> LayoutOptions {
    LayoutOptions {
        node_width: 128.0,
        node_height: 38.0,
        column_gap: 30.0,
        lane_gap: 28.0,
        arc_step: 9.0,
        margin: 24.0,
        ..LayoutOptions::default()
    }
}

/// The CSS class and marker suffix of an edge kind.
pub fn kind_class(kind: EdgeKind) -> &'static str {
    match kind {
        EdgeKind::Replaces => "replaces",
        EdgeKind::Skips => "skips",
        EdgeKind::SkipRange => "skiprange",
    }
}

/// SVG path data of a route: a polyline, or `M p0 C p1 p2 p3 …` when curved.
pub fn path_data(points: &[(f64, f64)], curved: bool) -> String {
    let mut d = String::with_capacity(points.len() * 16);
    let Some(first) = points.first() else {
        return d;
    };
    d.push_str(&format!("M{:.1},{:.1}", first.0, first.1));
    if curved && (points.len() - 1).is_multiple_of(3) {
        for seg in points[1..].chunks(3) {
            d.push_str(&format!(
                " C{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
                seg[0].0, seg[0].1, seg[1].0, seg[1].1, seg[2].0, seg[2].1
            ));
        }
    } else {
        for p in &points[1..] {
            d.push_str(&format!(" L{:.1},{:.1}", p.0, p.1));
        }
    }
    d
}

/// SVG `points` of a polygon.
pub fn polygon_points(points: &[(f64, f64)]) -> String {
    points
        .iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Shortens `text` to at most `max` characters with an ellipsis in the middle.
pub fn ellipsize_middle(text: &str, max: usize) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= max || max < 5 {
        return text.to_string();
    }
    let keep = max - 1;
    let head = keep / 2;
    let tail = keep - head;
    let mut s: String = chars[..head].iter().collect();
    s.push('…');
    s.extend(&chars[chars.len() - tail..]);
    s
}

/// The two lines of a node: its version (or its name when the version is unknown), and a
/// caption with what the version line does not say: the name's prefix when it is not the
/// package's name (`quay-operator` in package `project-quay`), the whole name when it does not
/// end with the version, nothing for the usual `<package>.v<version>`.
pub fn node_lines(name: &str, version: Option<&str>, package: &str) -> (String, Option<String>) {
    let Some(v) = version else {
        return (name.to_string(), Some("version unknown".into()));
    };
    let v = v.trim_start_matches('v');
    let first = format!("v{v}");
    let prefix = name
        .strip_suffix(v)
        .map(|p| p.strip_suffix('v').unwrap_or(p))
        .map(|p| p.trim_end_matches(['.', '-', '_']));
    match prefix {
        Some(p) if p == package => (first, None),
        Some(p) if !p.is_empty() => (first, Some(p.to_string())),
        _ => (first, Some(name.to_string())),
    }
}

/// The pan and zoom of the drawing: screen = (x, y) + k · drawing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Transform {
    pub x: f64,
    pub y: f64,
    pub k: f64,
}

impl Default for Transform {
    fn default() -> Self {
        Transform {
            x: 0.0,
            y: 0.0,
            k: 1.0,
        }
    }
}

pub const MIN_ZOOM: f64 = 0.05;
pub const MAX_ZOOM: f64 = 3.0;

impl Transform {
    /// Zooms by `factor` keeping the screen point (px, py) fixed.
    pub fn zoom_at(self, factor: f64, px: f64, py: f64) -> Transform {
        let k = (self.k * factor).clamp(MIN_ZOOM, MAX_ZOOM);
        let f = k / self.k;
        Transform {
            x: px - (px - self.x) * f,
            y: py - (py - self.y) * f,
            k,
        }
    }

    /// The whole drawing (w × h) centred in a viewport (vw × vh), never enlarged past 1.25.
    pub fn fit(w: f64, h: f64, vw: f64, vh: f64) -> Transform {
        if w <= 0.0 || h <= 0.0 || vw <= 0.0 || vh <= 0.0 {
            return Transform::default();
        }
        let k = ((vw / w).min(vh / h) * 0.96).clamp(MIN_ZOOM, 1.25);
        Transform {
            x: (vw - w * k) / 2.0,
            y: (vh - h * k) / 2.0,
            k,
        }
    }

    /// The view a graph opens with: fitted when that stays readable, else readable and showing
    /// the newest bundles (the right end, where the heads are).
    pub fn initial(w: f64, h: f64, vw: f64, vh: f64) -> Transform {
        let fit = Transform::fit(w, h, vw, vh);
        if fit.k >= 0.5 {
            return fit;
        }
        let k = (vh / h * 0.96).clamp(0.5, 0.8);
        let y = if h * k <= vh { (vh - h * k) / 2.0 } else { 8.0 };
        Transform {
            x: vw - w * k - 8.0,
            y,
            k,
        }
    }

    /// Brings the drawing point (cx, cy) to the middle of the viewport at zoom k.
    pub fn centered_on(cx: f64, cy: f64, k: f64, vw: f64, vh: f64) -> Transform {
        Transform {
            x: vw / 2.0 - cx * k,
            y: vh / 2.0 - cy * k,
            k,
        }
    }
}

/// Where the pointer went down, for telling a drag from a click.
#[derive(Debug, Clone, Copy)]
struct Drag {
    pointer: i32,
    start_x: f64,
    start_y: f64,
    origin: Transform,
    moved: bool,
}

/// The classes a node always has: `node` and its fixed markings.
fn node_class(n: &ViewNode) -> String {
    let mut c = String::from("node");
    for (on, name) in [
        (n.is_virtual, " virtual"),
        (n.deprecated, " deprecated"),
        (n.legacy_deprecated, " legacy"),
        (n.head, " head"),
    ] {
        if on {
            c.push_str(name);
        }
    }
    c
}

fn node_title(n: &ViewNode) -> String {
    let mut t = n.name.clone();
    match &n.version {
        Some(v) => t.push_str(&format!("\nversion {v}")),
        None => t.push_str("\nversion unknown"),
    }
    if !n.head_of.is_empty() {
        t.push_str(&format!("\nhead of {}", n.head_of.join(", ")));
    }
    if n.is_virtual {
        t.push_str("\nvirtual: named by replaces/skips but not an entry of this channel");
    }
    if let Some(m) = &n.deprecation {
        t.push_str(&format!("\nDeprecated: {m}"));
    } else if n.deprecated {
        t.push_str("\nDeprecated");
    }
    t
}

fn edge_title(view: &CoreView, e: &ViewEdge) -> String {
    let mut t = format!(
        "{} → {} ({})",
        view.nodes[e.from].name,
        view.nodes[e.to].name,
        e.kind.as_str()
    );
    if let Some(r) = &e.range {
        t.push_str(&format!(" skipRange {r:?}"));
    }
    if view.channel.is_none() && !e.channels.is_empty() {
        t.push_str(&format!("\nchannels: {}", e.channels.join(", ")));
    }
    t
}

fn band_title(view: &CoreView, b: &ViewBand) -> String {
    let plural = if b.sources.len() == 1 { "" } else { "s" };
    let mut t = match b.kind {
        EdgeKind::Skips => format!(
            "skips: {} skipped bundle{plural} upgrade to {}",
            b.sources.len(),
            view.nodes[b.to].name
        ),
        _ => format!(
            "skipRange {}: {} bundle{plural} upgrade to {}",
            b.range
                .as_deref()
                .map(|r| format!("{r:?}"))
                .unwrap_or_default(),
            b.sources.len(),
            view.nodes[b.to].name
        ),
    };
    for &s in b.sources.iter().take(30) {
        t.push_str(&format!("\n  {}", view.nodes[s].name));
    }
    if b.sources.len() > 30 {
        t.push_str(&format!("\n  … and {} more", b.sources.len() - 30));
    }
    t
}

/// What hovering (or focusing) a node highlights.
#[derive(Debug, Clone, PartialEq, Default)]
struct Highlight {
    node: Option<usize>,
    near: Vec<usize>,
}

impl Highlight {
    fn active(&self) -> bool {
        self.node.is_some()
    }
    fn lit(&self, i: usize) -> bool {
        self.node == Some(i) || self.near.binary_search(&i).is_ok()
    }
}

/// The graph panel: header with the channel's markers, toolbar, drawing, legend.
#[component]
pub fn GraphPanel() -> impl IntoView {
    let state = AppState::get();
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    let area_ref = NodeRef::<html::Div>::new();
    let tf = RwSignal::new(Transform::default());
    let hovered: RwSignal<Option<usize>> = RwSignal::new(None);
    let drag: StoredValue<Option<Drag>> = StoredValue::new(None);
    let just_dragged = StoredValue::new(false);

    let viewport = move || -> (f64, f64) {
        area_ref
            .get_untracked()
            .map(|el| {
                let r = el.get_bounding_client_rect();
                (r.width().max(1.0), r.height().max(1.0))
            })
            .unwrap_or((800.0, 500.0))
    };
    let fit = move || {
        if let Some(v) = state.view.get_untracked() {
            let (vw, vh) = viewport();
            tf.set(Transform::fit(v.width, v.height, vw, vh));
        }
    };
    let reveal_selected = move |k: Option<f64>| -> bool {
        let Some(v) = state.view.get_untracked() else {
            return false;
        };
        let Some(b) = state.bundle.get_untracked() else {
            return false;
        };
        let Some(i) = v.node_index(&b) else {
            return false;
        };
        let bx = &v.boxes[i];
        let (vw, vh) = viewport();
        let k = k.unwrap_or_else(|| tf.get_untracked().k.max(0.8));
        tf.set(Transform::centered_on(
            bx.x + bx.width / 2.0,
            bx.y + bx.height / 2.0,
            k,
            vw,
            vh,
        ));
        true
    };

    // A node that gets the keyboard focus off screen is brought into view.
    let reveal_node = Callback::new(move |i: usize| {
        let Some(v) = state.view.get_untracked() else {
            return;
        };
        let Some(b) = v.boxes.get(i) else {
            return;
        };
        let t = tf.get_untracked();
        let (vw, vh) = viewport();
        let (x0, y0) = (t.x + b.x * t.k, t.y + b.y * t.k);
        let (x1, y1) = (x0 + b.width * t.k, y0 + b.height * t.k);
        if x0 < 0.0 || y0 < 0.0 || x1 > vw || y1 > vh {
            tf.set(Transform::centered_on(
                b.x + b.width / 2.0,
                b.y + b.height / 2.0,
                t.k,
                vw,
                vh,
            ));
        }
    });

    // A new view opens fitted (or readable at the newest end), or on the selected bundle.
    Effect::new(
        move |prev: Option<Option<(String, Option<String>, FanMode)>>| {
            let v = state.view.get()?;
            hovered.set(None);
            let key = (
                v.package.clone(),
                v.channel.clone(),
                state.fans.get_untracked(),
            );
            let same_graph = prev.flatten().is_some_and(|p| p.0 == key.0 && p.1 == key.1);
            if !same_graph {
                // Measure once the new drawing is laid out.
                request_animation_frame(move || {
                    let Some(v) = state.view.get_untracked() else {
                        return;
                    };
                    let (vw, vh) = viewport();
                    let init = Transform::initial(v.width, v.height, vw, vh);
                    tf.set(init);
                    // The selected bundle, when the opening view hides it, is brought to the
                    // middle.
                    if let Some(i) = state.bundle.get_untracked().and_then(|b| v.node_index(&b)) {
                        reveal_node.run(i);
                    }
                });
            }
            Some(key)
        },
    );
    // Focusing a finding or following a link brings its bundle into view.
    Effect::new(move |prev: Option<u64>| {
        let n = state.reveal.get();
        if prev.is_some_and(|p| p != n) {
            reveal_selected(None);
        }
        n
    });

    let highlight = Memo::new(move |_| {
        let Some(i) = hovered.get() else {
            return Highlight::default();
        };
        state
            .view
            .with(|v| {
                v.as_ref().and_then(|v| {
                    v.neighbours.get(i).map(|n| Highlight {
                        node: Some(i),
                        near: n.clone(),
                    })
                })
            })
            .unwrap_or_default()
    });
    let selected_index = Memo::new(move |_| {
        let b = state.bundle.get()?;
        state
            .view
            .with(|v| v.as_ref().and_then(|v| v.node_index(&b)))
    });

    let on_wheel = move |ev: WheelEvent| {
        ev.prevent_default();
        let Some(svg) = svg_ref.get_untracked() else {
            return;
        };
        let r = svg.get_bounding_client_rect();
        let (px, py) = (
            ev.client_x() as f64 - r.left(),
            ev.client_y() as f64 - r.top(),
        );
        let scale = match ev.delta_mode() {
            1 => 16.0,
            2 => 400.0,
            _ => 1.0,
        };
        let (dx, dy) = (ev.delta_x() * scale, ev.delta_y() * scale);
        if !ev.ctrl_key() && dx.abs() > dy.abs() {
            tf.update(|t| t.x -= dx);
        } else {
            let factor = (-dy * 0.0015).exp();
            tf.update(|t| *t = t.zoom_at(factor, px, py));
        }
    };
    let on_pointer_down = move |ev: PointerEvent| {
        if ev.button() != 0 {
            return;
        }
        drag.set_value(Some(Drag {
            pointer: ev.pointer_id(),
            start_x: ev.client_x() as f64,
            start_y: ev.client_y() as f64,
            origin: tf.get_untracked(),
            moved: false,
        }));
        just_dragged.set_value(false);
    };
    let on_pointer_move = move |ev: PointerEvent| {
        let Some(mut d) = drag.get_value() else {
            return;
        };
        if d.pointer != ev.pointer_id() {
            return;
        }
        let (dx, dy) = (
            ev.client_x() as f64 - d.start_x,
            ev.client_y() as f64 - d.start_y,
        );
        if !d.moved && dx.hypot(dy) < 4.0 {
            return;
        }
        if !d.moved {
            d.moved = true;
            if let Some(svg) = svg_ref.get_untracked() {
                let _ = svg.set_pointer_capture(d.pointer);
            }
        }
        drag.set_value(Some(d));
        tf.set(Transform {
            x: d.origin.x + dx,
            y: d.origin.y + dy,
            k: d.origin.k,
        });
    };
    let on_pointer_up = move |ev: PointerEvent| {
        if let Some(d) = drag.get_value() {
            if d.moved {
                just_dragged.set_value(true);
                if let Some(svg) = svg_ref.get_untracked() {
                    let _ = svg.release_pointer_capture(ev.pointer_id());
                }
            }
        }
        drag.set_value(None);
    };
    let on_background_click = move |_| {
        if just_dragged.get_value() {
            just_dragged.set_value(false);
            return;
        }
        state.select_bundle(None);
    };
    let on_key = move |ev: KeyboardEvent| {
        let (vw, vh) = viewport();
        let step = 60.0;
        match ev.key().as_str() {
            "ArrowLeft" => tf.update(|t| t.x += step),
            "ArrowRight" => tf.update(|t| t.x -= step),
            "ArrowUp" => tf.update(|t| t.y += step),
            "ArrowDown" => tf.update(|t| t.y -= step),
            "+" | "=" => tf.update(|t| *t = t.zoom_at(1.25, vw / 2.0, vh / 2.0)),
            "-" | "_" => tf.update(|t| *t = t.zoom_at(0.8, vw / 2.0, vh / 2.0)),
            "0" | "f" => fit(),
            "Escape" => state.select_bundle(None),
            _ => return,
        }
        ev.prevent_default();
    };

    let transform = move || {
        let t = tf.get();
        format!("translate({:.2},{:.2}) scale({:.4})", t.x, t.y, t.k)
    };
    let zoom_label = move || format!("{:.0}%", tf.get().k * 100.0);
    let bands_on = move || state.fans.get() == FanMode::Bands;

    let drawing = move || {
        state.view.get().map(|v| {
            view! { <Drawing view=v highlight=highlight selected=selected_index hovered=hovered just_dragged=just_dragged reveal=reveal_node/> }
        })
    };
    let aria = move || {
        state
            .view
            .with(|v| {
                v.as_ref().map(|v| {
                    format!(
                        "Upgrade graph of {} {}: {} nodes, {} edges. Arrow keys pan, + and − zoom, 0 fits, Tab moves between bundles, Enter selects.",
                        v.package,
                        v.channel
                            .as_deref()
                            .map_or("(all channels)".to_string(), |c| format!("channel {c}")),
                        v.nodes.len(),
                        v.edge_total()
                    )
                })
            })
            .unwrap_or_else(|| "Upgrade graph (nothing loaded)".into())
    };

    view! {
        <section class="graph-panel" aria-label="Upgrade graph">
            <div class="graph-banner">
                <GraphTitle/>
                    <div class="graph-tools" role="toolbar" aria-label="Graph view">
                        <button class="button icon" aria-label="Zoom out" title="Zoom out (−)" on:click=move |_| {
                            let (vw, vh) = viewport();
                            tf.update(|t| *t = t.zoom_at(0.8, vw / 2.0, vh / 2.0));
                        }>"−"</button>
                        <span class="zoom" aria-live="polite">{zoom_label}</span>
                        <button class="button icon" aria-label="Zoom in" title="Zoom in (+)" on:click=move |_| {
                            let (vw, vh) = viewport();
                            tf.update(|t| *t = t.zoom_at(1.25, vw / 2.0, vh / 2.0));
                        }>"+"</button>
                        <button class="button" data-testid="fit-view" title="Fit the whole graph (0)" on:click=move |_| fit()>"Fit"</button>
                        <button
                            class="button toggle"
                            data-testid="fan-toggle"
                            aria-pressed=move || bands_on().to_string()
                            title="Draw each entry's skipRange fan (and its skips fan, from four skipped bundles) as one band, or every edge separately"
                            on:click=move |_| state.fans.update(|f| {
                                *f = if *f == FanMode::Bands { FanMode::Edges } else { FanMode::Bands }
                            })
                        >
                            {move || if bands_on() { "fans: bands" } else { "fans: edges" }}
                        </button>
                        <crate::export_menu::ExportMenu/>
                    </div>
                <GraphNotices/>
            </div>
            <div class="graph-area" node_ref=area_ref>
                <svg
                    node_ref=svg_ref
                    class="graph"
                    class:hovering=move || highlight.with(Highlight::active)
                    tabindex="0"
                    role="application"
                    aria-roledescription="upgrade graph"
                    aria-label=aria
                    data-graph-package=move || state.view.with(|v| v.as_ref().map(|v| v.package.clone()))
                    data-graph-channel=move || state.view.with(|v| v.as_ref().map(|v| v.channel.clone().unwrap_or_default()))
                    data-graph-nodes=move || state.view.with(|v| v.as_ref().map(|v| v.nodes.len().to_string()))
                    data-graph-edges=move || state.view.with(|v| v.as_ref().map(|v| v.edge_total().to_string()))
                    data-fans=move || if bands_on() { "bands" } else { "edges" }
                    on:wheel=on_wheel
                    on:pointerdown=on_pointer_down
                    on:pointermove=on_pointer_move
                    on:pointerup=on_pointer_up
                    on:pointercancel=on_pointer_up
                    on:click=on_background_click
                    on:keydown=on_key
                >
                    <defs>
                        {[EdgeKind::Replaces, EdgeKind::Skips, EdgeKind::SkipRange]
                            .into_iter()
                            .map(|k| {
                                let c = kind_class(k);
                                view! {
                                    <marker
                                        id=format!("arrow-{c}")
                                        viewBox="0 0 10 10"
                                        refX="9"
                                        refY="5"
                                        markerWidth="7"
                                        markerHeight="7"
                                        markerUnits="userSpaceOnUse"
                                        orient="auto"
                                    >
                                        <path d="M0,1 L10,5 L0,9 z" class=format!("arrow kind-{c}")/>
                                    </marker>
                                }
                            })
                            .collect_view()}
                    </defs>
                    <g class="viewport" transform=transform>
                        {drawing}
                    </g>
                </svg>
                {move || {
                    let t = tf.get();
                    let w = state.view.with(|v| v.as_ref().map_or(0.0, |v| v.width));
                    let (vw, _) = viewport();
                    let older = t.x < -2.0;
                    let newer = t.x + w * t.k > vw + 2.0;
                    view! {
                        {older.then(|| view! {
                            <button class="pan-hint left" title="Older versions are to the left (drag, ←, or Fit)"
                                aria-label="Pan to older versions"
                                on:click=move |_| tf.update(|t| t.x = (t.x + vw * 0.8).min(0.0))>"◀ older"</button>
                        })}
                        {newer.then(|| view! {
                            <button class="pan-hint right" title="Newer versions are to the right (drag, →, or Fit)"
                                aria-label="Pan to newer versions"
                                on:click=move |_| tf.update(|t| t.x = (t.x - vw * 0.8).max(vw - w * t.k))>"newer ▶"</button>
                        })}
                    }
                }}
                {move || state.view.with(|v| v.is_none()).then(|| view! {
                    <div class="graph-empty">
                        {move || if state.loaded.with(|l| l.is_none()) {
                            match state.status.get() {
                                LoadStatus::Reading { label } | LoadStatus::Parsing { label, .. } => format!("Loading {label}…"),
                                LoadStatus::Idle if state.problems.with(|p| !p.is_empty()) => "No catalog could be loaded: see the error above.".to_string(),
                                LoadStatus::Idle => "Loading…".to_string(),
                            }
                        } else if let Some(p) = state
                            .package_data
                            .with(|d| d.as_ref().filter(|d| d.channels.is_empty()).map(|d| d.package().name.clone()))
                        {
                            format!("Package {p:?} has no channel to draw.")
                        } else if let Some(p) = state.pending.with(|p| p.as_ref().and_then(|p| p.package.clone())) {
                            format!("This link shows package {p:?}: load a catalog that has it.")
                        } else {
                            "Choose a package.".to_string()
                        }}
                    </div>
                })}
            </div>
            <Legend/>
        </section>
    }
}

/// What is drawn: package and channel, default marker, counts and head.
#[component]
fn GraphTitle() -> impl IntoView {
    let state = AppState::get();
    move || {
        let v = state.view.get()?;
        let data = state.package_data.get()?;
        let default = data.package().default_channel.clone();
        let title = match &v.channel {
            Some(c) => c.clone(),
            None => "all channels".to_string(),
        };
        let is_default = v.channel.is_some() && v.channel == default;
        let heads: Vec<String> = v
            .nodes
            .iter()
            .filter(|n| n.head)
            .map(|n| n.name.clone())
            .collect();
        let virtuals = v.nodes.iter().filter(|n| n.is_virtual).count();
        let mut stats = format!(
            "{} bundles · {} edges",
            v.nodes.len() - virtuals,
            v.edge_total()
        );
        if virtuals > 0 {
            stats.push_str(&format!(" · {virtuals} virtual"));
        }
        if v.channel.is_some() && heads.len() == 1 {
            stats.push_str(&format!(" · head {}", heads[0]));
        }
        Some(view! {
            <div class="graph-heading">
                <h2 class="graph-title">
                    <span class="pkg">{v.package.clone()}</span>
                    <span class="sep" aria-hidden="true">" / "</span>
                    <span class="chan">{title}</span>
                    {is_default.then(|| view! { <span class="badge default">"default channel"</span> })}
                </h2>
                <div class="graph-stats">{stats}</div>
            </div>
        })
    }
}

/// Deprecation and head problems of what is drawn.
#[component]
fn GraphNotices() -> impl IntoView {
    let state = AppState::get();
    move || {
        let v = state.view.get()?;
        let data = state.package_data.get()?;
        let pkg_deprecation = data.package().deprecations.package.clone();
        Some(view! {
            {v.channel_deprecation.clone().map(|m| view! {
                <div class="notice deprecated" role="note" data-testid="channel-deprecation">
                    <strong>"Deprecated channel: "</strong>{m}
                </div>
            })}
            {pkg_deprecation.map(|m| view! {
                <div class="notice deprecated" role="note" data-testid="package-deprecation">
                    <strong>"Deprecated package: "</strong>{m.trim().to_string()}
                </div>
            })}
            {v.head_error.clone().map(|m| view! {
                <div class="notice error" role="note"><strong>"Head: "</strong>{m}</div>
            })}
        })
    }
}

/// The nodes, edges and bands of one view.
#[component]
fn Drawing(
    view: Shared<CoreView>,
    highlight: Memo<Highlight>,
    selected: Memo<Option<usize>>,
    hovered: RwSignal<Option<usize>>,
    just_dragged: StoredValue<bool>,
    /// Brings node i into view (keyboard focus).
    reveal: Callback<usize>,
) -> impl IntoView {
    let state = AppState::get();
    let v = view;
    let reveal = move |i: usize| reveal.run(i);
    let bands = v
        .bands
        .iter()
        .map(|b| {
            let to = b.to;
            let sources = b.sources.clone();
            let lit = move || {
                highlight.with(|h| {
                    h.node == Some(to) || h.node.is_some_and(|n| sources.binary_search(&n).is_ok())
                })
            };
            let lit2 = lit.clone();
            let sel = move || selected.get() == Some(to);
            view! {
                <polygon
                    class=format!("band kind-{}", kind_class(b.kind))
                    class:lit=lit
                    class:dim=move || highlight.with(Highlight::active) && !lit2()
                    class:sel=sel
                    points=polygon_points(&b.points)
                    data-edge-kind=b.kind.as_str()
                    data-band="true"
                    data-to=v.nodes[b.to].name.clone()
                    data-edges=b.edge_count().to_string()
                    data-range=b.range.clone().unwrap_or_default()
                >
                    <title>{band_title(&v, b)}</title>
                </polygon>
            }
        })
        .collect_view();
    let edges = v
        .edges
        .iter()
        .map(|e| {
            let (from, to) = (e.from, e.to);
            let c = kind_class(e.kind);
            let ends = (v.nodes[from].name.clone(), v.nodes[to].name.clone());
            let edge_removed = move || {
                state
                    .truncated_away
                    .with(|t| t.contains(&ends.0) || t.contains(&ends.1))
            };
            let lit = move || highlight.with(|h| h.node == Some(from) || h.node == Some(to));
            let lit2 = lit;
            let sel = move || {
                let s = selected.get();
                s == Some(from) || s == Some(to)
            };
            view! {
                <path
                    class=format!("edge kind-{c}")
                    class:removed=edge_removed
                    class:lit=lit
                    class:dim=move || highlight.with(Highlight::active) && !lit2()
                    class:sel=sel
                    d=path_data(&e.points, e.curved)
                    marker-end=format!("url(#arrow-{c})")
                    data-edge-kind=e.kind.as_str()
                    data-from=v.nodes[from].name.clone()
                    data-to=v.nodes[to].name.clone()
                    data-channels=e.channels.join(",")
                >
                    <title>{edge_title(&v, e)}</title>
                </path>
            }
        })
        .collect_view();
    let nodes = v
        .nodes
        .iter()
        .zip(&v.boxes)
        .enumerate()
        .map(|(i, (n, b))| {
            let name = n.name.clone();
            let name_click = name.clone();
            let w = b.width;
            let h = b.height;
            let (line1, caption) = node_lines(&n.name, n.version.as_deref(), &v.package);
            // Room for the badges on the first line.
            let badge_w = if n.head { 40.0 } else { 0.0 } + if n.deprecated { 19.0 } else { 0.0 };
            let max_version = (((w - 18.0 - badge_w) / 8.0).floor() as usize).max(6);
            let max_name = (((w - 14.0) / 5.6).floor() as usize).max(8);
            let legacy = n.legacy_deprecated;
            let label = format!(
                "{}{}{}{}",
                n.name,
                if n.head { ", channel head" } else { "" },
                if legacy { ", legacy olm.deprecated: prohibited by OLM v0" } else if n.deprecated { ", deprecated" } else { "" },
                if n.is_virtual { ", virtual node" } else { "" }
            );
            // This node's lifecycle markings (Copy handles, read by class, data-* and title).
            let terminated = {
                let name = name.clone();
                Signal::derive(move || state.terminated.with(|t| t.contains(&name)))
            };
            let removed = {
                let name = name.clone();
                Signal::derive(move || state.truncated_away.with(|t| t.contains(&name)))
            };
            let to_deprecate = {
                let name = name.clone();
                Signal::derive(move || {
                    state.truncation.with(|t| {
                        t.as_ref()
                            .is_some_and(|t| t.result.is_ok() && t.options.bundle == name)
                    })
                })
            };
            let fate = {
                let name = name.clone();
                Signal::derive(move || {
                    state
                        .fates
                        .with(|f| f.as_ref().and_then(|m| m.get(&name).copied()))
                })
            };
            let dim = move || highlight.with(|h| h.active() && !h.lit(i));
            let near = move || highlight.with(|h| h.active() && h.node != Some(i) && h.lit(i));
            let is_sel = move || selected.get() == Some(i);
            let select = move || state.select_bundle(Some(name_click.clone()));
            let select2 = select.clone();
            view! {
                <g
                    class={
                        // One class attribute: tachys takes at most 26 attributes per element.
                        let fixed = node_class(n);
                        move || {
                            let mut c = fixed.clone();
                            for (on, name) in [
                                (terminated.get(), " terminated"),
                                (removed.get(), " removed"),
                                (to_deprecate.get(), " to-deprecate"),
                                (dim(), " dim"),
                                (near(), " near"),
                                (is_sel(), " selected"),
                            ] {
                                if on {
                                    c.push_str(name);
                                }
                            }
                            c
                        }
                    }
                    transform=format!("translate({:.1},{:.1})", b.x, b.y)
                    data-bundle=name.clone()
                    data-virtual=n.is_virtual.to_string()
                    data-deprecated=n.deprecated.to_string()
                    data-legacy-deprecated=legacy.to_string()
                    data-terminated=move || terminated.get().to_string()
                    data-removed=move || removed.get().to_string()
                    data-to-deprecate=move || to_deprecate.get().to_string()
                    data-fate=move || fate.get().map(|f| f.as_str())
                    data-head=n.head.to_string()
                    tabindex="0"
                    role="button"
                    aria-label=label
                    aria-pressed=move || is_sel().to_string()
                    on:mouseenter=move |_| hovered.set(Some(i))
                    on:mouseleave=move |_| hovered.set(None)
                    on:focus=move |_| {
                        hovered.set(Some(i));
                        reveal(i);
                    }
                    on:blur=move |_| hovered.set(None)
                    on:click=move |ev| {
                        ev.stop_propagation();
                        if just_dragged.get_value() {
                            just_dragged.set_value(false);
                            return;
                        }
                        select();
                    }
                    on:keydown=move |ev: KeyboardEvent| {
                        if ev.key() == "Enter" || ev.key() == " " {
                            ev.prevent_default();
                            ev.stop_propagation();
                            select2();
                        }
                    }
                >
                    <title>{
                        let base = node_title(n);
                        move || {
                            let mut t = base.clone();
                            if terminated.get() {
                                t.push_str(&format!(
                                    "\nTerminated under OLM {}: not the head, and no upgrade leaves it",
                                    state.terminated_resolver.get().as_str()
                                ));
                            }
                            if removed.get() {
                                t.push_str("\nRemoved by the deprecate-and-truncate preview");
                            }
                            if let Some(f) = fate.get() {
                                t.push_str(&format!("\nAfter the catalog switch: {}", f.as_str()));
                            }
                            t
                        }
                    }</title>
                    <rect class="box" width=format!("{w:.1}") height=format!("{h:.1}") rx="7"/>
                    {n.deprecated.then(|| view! {
                        <rect class="deprecated-bar" width="5" height=format!("{h:.1}") rx="2"/>
                    })}
                    <text class="version" x="10" y=format!("{:.1}", if caption.is_some() { h * 0.44 } else { h / 2.0 + 5.0 })>
                        {ellipsize_middle(&line1, max_version)}
                    </text>
                    {caption.map(|c| view! {
                        <text class="name" x="10" y=format!("{:.1}", h * 0.82)>{ellipsize_middle(&c, max_name)}</text>
                    })}
                    {n.head.then(|| view! {
                        <g class="head-badge" transform=format!("translate({:.1},4)", w - 39.0)>
                            <rect width="35" height="14" rx="7"/>
                            <text x="17.5" y="10.5">"HEAD"</text>
                        </g>
                    })}
                    {n.deprecated.then(|| {
                        let x = w - badge_w - 1.0;
                        if legacy {
                            // The legacy property: OLM v0 prohibits it (a "no entry" sign).
                            view! {
                                <g class="deprecated-badge legacy" transform=format!("translate({x:.1},4)")>
                                    <circle cx="8" cy="7.5" r="7"/>
                                    <rect x="3.5" y="6.2" width="9" height="2.6"/>
                                </g>
                            }
                            .into_any()
                        } else {
                            view! {
                                <g class="deprecated-badge" transform=format!("translate({x:.1},4)")>
                                    <path d="M8,0 L16,15 L0,15 Z"/>
                                    <text x="8" y="13.5">"!"</text>
                                </g>
                            }
                            .into_any()
                        }
                    })}
                    {move || removed.get().then(|| view! {
                        <line class="removed-strike" x1="4" y1=format!("{:.1}", h / 2.0) x2=format!("{:.1}", w - 4.0) y2=format!("{:.1}", h / 2.0)/>
                    })}
                </g>
            }
        })
        .collect_view();
    view! {
        <rect class="backdrop" x="0" y="0" width=format!("{:.1}", v.width) height=format!("{:.1}", v.height)/>
        <g class="bands">{bands}</g>
        <g class="edges">{edges}</g>
        <g class="nodes">{nodes}</g>
    }
}
