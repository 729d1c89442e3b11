//! The graph's controls, placed so that the header above the drawing is one row
//! ([`super::GraphPanel`]): the zoom (out, in, the level, fit) over the drawing's upper left
//! corner ([`ZoomTools`]); the view (the fan toggles: fans grouped or every edge on its own,
//! every fan drawn or only markers; the support lifecycle overlay with its day and OpenShift
//! version; the mirror cut, `mirror=1`) beside the legend under the drawing ([`ViewTools`]);
//! focus mode (in the full app: the graph takes the window) in the header, after what the
//! shell adds there (search, the Tools and Export menus) ([`FocusToggle`]).

use leptos::prelude::*;
use olm_graph_core::layout::FanMode;

use crate::graph::canvas::fit;
use crate::graph::pan_zoom::UsePanZoomReturn;
use crate::state::graph::GraphStore;
use crate::state::mirror::MirrorStore;
use crate::state::support::today;
use crate::state::workspace::Workspace;
use crate::widgets::form::ToggleButton;
use olm_graph_core::support::parse_platform;

/// The fan mode after the "fans" toggle: grouped fans (markers) or every edge on its own.
pub fn toggled_edges(mode: FanMode) -> FanMode {
    if mode == FanMode::Edges {
        FanMode::Markers
    } else {
        FanMode::Edges
    }
}

/// The fan mode after the "all fans" toggle: every fan drawn, or markers.
pub fn toggled_all_fans(mode: FanMode) -> FanMode {
    if mode == FanMode::Bands {
        FanMode::Markers
    } else {
        FanMode::Bands
    }
}

/// The zoom controls, over the drawing's upper left corner (they take none of its height):
/// zoom out and in, the zoom level, fit.
#[component]
pub fn ZoomTools(pan_zoom: UsePanZoomReturn) -> impl IntoView {
    let graph = GraphStore::get();
    view! {
        <div class="graph-tools graph-zoom" role="toolbar" aria-label="Zoom">
            <button class="button icon" aria-label="Zoom out" title="Zoom out (−)"
                on:click=move |_| pan_zoom.zoom(0.8)>"−"</button>
            <span class="zoom" aria-live="polite">{move || format!("{:.0}%", pan_zoom.transform.get().k * 100.0)}</span>
            <button class="button icon" aria-label="Zoom in" title="Zoom in (+)"
                on:click=move |_| pan_zoom.zoom(1.25)>"+"</button>
            <button class="button" data-testid="fit-view" title="Fit the whole graph (0)"
                on:click=move |_| fit(graph, pan_zoom)>"Fit"</button>
        </div>
    }
}

/// How the graph is drawn, beside the legend under it: the fan toggles (fans grouped or every
/// edge on its own; every fan drawn or only markers), the support lifecycle overlay and the
/// mirror cut.
#[component]
pub fn ViewTools() -> impl IntoView {
    let graph = GraphStore::get();
    let grouped = move || graph.fans.get() != FanMode::Edges;
    let all_fans = move || graph.fans.get() == FanMode::Bands;
    view! {
        <div class="graph-view" role="toolbar" aria-label="Graph view">
            <button class="button toggle" data-testid="fan-toggle"
                aria-pressed=move || grouped().to_string()
                title="Group each entry's skipRange fan (and its skips fan, from four skipped bundles) and the absent bundles it names, or draw every edge and bundle separately"
                on:click=move |_| graph.fans.update(|f| *f = toggled_edges(*f))>
                {move || if grouped() { "fans: grouped" } else { "fans: edges" }}
            </button>
            <button class="button toggle" data-testid="all-fans-toggle"
                aria-pressed=move || all_fans().to_string()
                title="Draw every fan as a rail under the bundles it covers (fans sharing their lower end as one staircase); else each fan is a marker on its entry, drawn on hover or selection"
                on:click=move |_| graph.fans.update(|f| *f = toggled_all_fans(*f))>
                "all fans"
            </button>
            <LifecycleControls/>
            <MirrorToggle/>
        </div>
    }
}

/// Focus mode (in the full app): the graph takes the window.
#[component]
pub fn FocusToggle() -> impl IntoView {
    Workspace::try_get().map(|ws| view! {
        <ToggleButton testid="focus-graph" pressed=Signal::derive(move || ws.focus.get())
            title="Give the graph the whole window, hiding the package list and the inspector (f)"
            on_click=Callback::new(move |()| ws.toggle_focus())>
            {move || if ws.focus.get() { "Restore panels" } else { "Focus" }}
        </ToggleButton>
    })
}

/// The mirror cut on the graph, shown once an ImageSetConfiguration is open (or `mirror=1`
/// asks for it; then, with no configuration, disabled with the reason in its title).
#[component]
fn MirrorToggle() -> impl IntoView {
    let mirror = MirrorStore::get();
    let on = move || mirror.on.get();
    let available = move || mirror.edited.with(Option::is_some);
    move || {
        (available() || on()).then(|| view! {
            <button class="button toggle" type="button" data-testid="mirror-toggle"
                aria-pressed=move || on().to_string()
                disabled=move || !available() && !on()
                title=move || if available() {
                    "Show what oc-mirror keeps of this channel under the ImageSetConfiguration opened: dropped bundles hatched, bundles kept only for the chain, stranded ones ringed, the new head"
                } else {
                    "No ImageSetConfiguration is open: open one (kind: ImageSetConfiguration) the way you open a catalog"
                }
                on:click=move |_| mirror.on.update(|o| *o = !*o)>
                "Mirror"
            </button>
        })
    }
}

/// The toggle's title: what it does, or why it is disabled.
fn lifecycle_title(available: bool) -> &'static str {
    if available {
        "Tint each bundle by its support phase on the day chosen, from the lifecycle data (io.openshift.operators.lifecycles.v1alpha1) loaded with the catalog"
    } else {
        "No lifecycle data covers this package: load a lifecycle file (io.openshift.operators.lifecycles.v1alpha1) together with the catalog"
    }
}

/// The support lifecycle overlay: its toggle (disabled, with the reason in its title, when no
/// lifecycle blob covers the package), and while it is on the day and the OpenShift version.
#[component]
fn LifecycleControls() -> impl IntoView {
    let graph = GraphStore::get();
    let on = move || graph.overlay.with(|o| o.on);
    let available = move || graph.has_lifecycle.get();
    let day = move || {
        graph
            .overlay
            .with(|o| o.date.unwrap_or_else(today))
            .to_string()
    };
    let platform = move || {
        graph
            .overlay
            .with(|o| o.platform.clone().unwrap_or_default())
    };
    let set_day = move |ev: leptos::ev::Event| {
        let text = event_target_value(&ev);
        graph.overlay.update(|o| o.date = text.trim().parse().ok());
    };
    let set_platform = move |ev: leptos::ev::Event| {
        let text = event_target_value(&ev);
        graph
            .overlay
            .update(|o| o.platform = parse_platform(&text).ok());
    };
    view! {
        <button class="button toggle" type="button" data-testid="lifecycle-toggle"
            aria-pressed=move || on().to_string()
            disabled=move || !available() && !on()
            title=move || lifecycle_title(available())
            on:click=move |_| graph.overlay.update(|o| o.on = !o.on)>
            "Lifecycle"
        </button>
        {move || on().then(|| view! {
            <label class="tool-field">
                <span>"as of"</span>
                <input type="date" data-testid="lifecycle-asof" required
                    title="The day the support phases are judged on (default: today)"
                    prop:value=day on:change=set_day/>
            </label>
            <label class="tool-field">
                <span>"OpenShift"</span>
                <input type="text" data-testid="lifecycle-platform" size="5" inputmode="decimal"
                    placeholder="4.18" title="The OpenShift version (MAJOR.MINOR) to check each bundle's compatibility with; empty: none"
                    prop:value=platform on:change=set_platform/>
            </label>
        })}
    }
}
