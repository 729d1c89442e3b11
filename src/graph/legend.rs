//! The legend: what the edge strokes and node markings mean (a strip under the graph; each
//! item explains itself further on hover), with the choice of rules for terminated bundles,
//! the six support phase tints while the lifecycle overlay is on, and the mirror cut's marks
//! (dropped, required, stranded, new head) while it is drawn. It folds to one line (the edge
//! kinds) with a toggle; it unfolds by itself when the lifecycle overlay or the mirror cut is
//! turned on, whose marks need it.

use leptos::prelude::*;
use olm_graph_core::resolve::Resolver;
use olm_graph_core::view::PhaseClass;

use crate::state::catalog_changes::CatalogChanges;
use crate::state::graph::GraphStore;
use crate::state::mirror::MirrorStore;

/// An edge kind: a short stroke with its arrow.
fn edge_item(title: &'static str, kind: &'static str, label: &'static str) -> impl IntoView {
    view! {
        <li title=title class="brief">
            <svg width="34" height="10" aria-hidden="true">
                <line class=format!("edge {kind}") x1="1" y1="5" x2="26" y2="5" marker-end=format!("url(#arrow-{kind})")/>
            </svg>
            <span>{label}</span>
        </li>
    }
}

/// A fan kind: a small rail with two taps rising into its entry.
fn band_item(title: &'static str, kind: &'static str, label: &'static str) -> impl IntoView {
    view! {
        <li title=title>
            <svg width="30" height="12" aria-hidden="true">
                <path class=format!("band {kind}") d="M3,9 L27,9 L27,2"/>
                <circle class=format!("tap {kind}") cx="6" cy="9" r="2.5"/>
                <circle class=format!("tap {kind}") cx="16" cy="9" r="2.5"/>
            </svg>
            <span>{label}</span>
        </li>
    }
}

/// A node marking: a small box with the node's classes (and the deprecation bar).
fn node_swatch(classes: &'static str, bar: bool) -> impl IntoView {
    view! {
        <svg width="30" height="14" aria-hidden="true">
            <g class=format!("node {classes} legend-node")>
                <rect class="box" x="1" y="1" width="28" height="12" rx="4"/>
                {bar.then(|| view! { <rect class="deprecated-bar" x="1" y="1" width="4" height="12" rx="2"/> })}
            </g>
        </svg>
    }
}

fn node_item(
    title: &'static str,
    classes: &'static str,
    bar: bool,
    label: &'static str,
) -> impl IntoView {
    view! { <li title=title>{node_swatch(classes, bar)}<span>{label}</span></li> }
}

/// Terminated bundles, under the rules chosen here, with their count.
#[component]
fn TerminatedItem() -> impl IntoView {
    let lifecycle = CatalogChanges::get();
    view! {
        <li class="legend-terminated" title="terminated: not the channel head, and no upgrade leaves it under the chosen resolver (a cluster on it is stuck)">
            {node_swatch("terminated", false)}
            <label>
                "terminated under "
                <select data-testid="terminated-resolver" aria-label="Which OLM rules decide which bundles are terminated"
                    on:change=move |ev| {
                        let r = if event_target_value(&ev) == "v1" { Resolver::V1 } else { Resolver::V0 };
                        lifecycle.terminated_resolver.set(r);
                    }
                    prop:value=move || lifecycle.terminated_resolver.get().as_str()>
                    <option value="v0">"OLM v0"</option>
                    <option value="v1">"OLM v1"</option>
                </select>
                {move || format!(" ({})", lifecycle.terminated.with(|t| t.len()))}
            </label>
        </li>
    }
}

/// A support phase of the lifecycle overlay: a box in its tint.
fn phase_item(class: PhaseClass) -> impl IntoView {
    view! {
        <li title=class.description() data-phase-class=class.as_str() class="legend-phase">
            <svg width="30" height="14" aria-hidden="true">
                <g class=format!("node {} legend-node", class.css_class())>
                    <rect class="box" x="1" y="1" width="28" height="12" rx="4"/>
                </g>
            </svg>
            <span>{class.label()}</span>
        </li>
    }
}

/// The six phase tints, while the lifecycle overlay is drawn, after a label with its day.
#[component]
fn PhaseItems() -> impl IntoView {
    let graph = GraphStore::get();
    move || {
        let as_of = graph
            .view
            .with(|v| v.as_ref().and_then(|v| v.support.clone()))?;
        let title = match &as_of.platform {
            Some(p) => format!("Support on {} (OpenShift {p}):", as_of.date),
            None => format!("Support on {}:", as_of.date),
        };
        Some(view! {
            <li class="legend-subtitle" data-testid="legend-support">{title}</li>
            {PhaseClass::ALL.map(phase_item).into_iter().collect_view()}
        })
    }
}

/// A mark of the mirror cut: a box with the node's classes, the hatching, the ring or the
/// new-head badge.
fn mirror_item(title: &'static str, mark: &'static str, label: &'static str) -> impl IntoView {
    let classes = format!("node mirror-{mark} legend-node");
    view! {
        <li title=title data-legend-mirror=mark class="legend-mirror">
            <svg width="34" height="18" aria-hidden="true">
                <g class=classes transform="translate(3,3)">
                    {(mark == "stranded").then(|| view! { <rect class="mirror-ring" x="-2" y="-2" width="32" height="16" rx="6"/> })}
                    <rect class="box" x="0" y="0" width="28" height="12" rx="4"/>
                    {(mark == "dropped").then(|| view! { <rect class="mirror-hatch" x="0" y="0" width="28" height="12" rx="4" fill="url(#mirror-hatch)"/> })}
                    {(mark == "head").then(|| view! { <g class="mirror-head-badge"><rect x="4" y="3" width="20" height="6" rx="3"/></g> })}
                </g>
            </svg>
            <span>{label}</span>
        </li>
    }
}

/// The mirror cut's marks, while it is drawn.
#[component]
fn MirrorItems() -> impl IntoView {
    let mirror = MirrorStore::get();
    move || {
        mirror.marks.with(Option::is_some).then(|| view! {
            <li class="legend-subtitle" data-testid="legend-mirror">"Mirror:"</li>
            {mirror_item("dropped: the ImageSetConfiguration's cut does not mirror this bundle (dimmed and hatched)", "dropped", "dropped")}
            {mirror_item("required: outside minVersion/maxVersion, kept only because the upgrade chain needs it", "required", "kept for the chain")}
            {mirror_item("stranded: a cluster on this bundle has no OLM v0 upgrade path to the mirrored channel's head (ringed); the Mirror tab says which change gives it one", "stranded", "stranded")}
            {mirror_item("new head: the mirrored channel's head, once the cut has dropped the bundles above it", "head", "new head")}
        })
    }
}

/// The legend under the drawing, `children` (the view's toggles) at its right.
#[component]
pub fn Legend(#[prop(optional)] children: Option<Children>) -> impl IntoView {
    let graph = GraphStore::get();
    let expanded = RwSignal::new(false);
    // Turning the lifecycle overlay on unfolds the legend: its tints need it.
    Effect::new(move |prev: Option<bool>| {
        let on = graph.overlay.with(|o| o.on);
        if on && prev != Some(true) {
            expanded.set(true);
        }
        on
    });
    // So does drawing the mirror cut: its marks need it.
    let mirror = MirrorStore::get();
    Effect::new(move |prev: Option<bool>| {
        let on = mirror.marks.with(Option::is_some);
        if on && prev != Some(true) {
            expanded.set(true);
        }
        on
    });
    // The folded line names unsafe CRD upgrades only when the drawing has one.
    let crd_marked = move || {
        graph.view.with(|v| {
            v.as_ref().is_some_and(|v| {
                v.edges()
                    .iter()
                    .any(|e| crate::graph::edge::crd_safety(e.crd_safety.as_ref()).is_some())
            })
        })
    };
    view! {
        <section class="legend" class:folded=move || !expanded.get() aria-label="Legend">
            <button class="legend-toggle" type="button" data-testid="legend-toggle"
                aria-controls="legend-items" aria-expanded=move || expanded.get().to_string()
                title=move || if expanded.get() { "Fold the legend to one line" } else { "Show the whole legend (fans, head, deprecated, terminated and virtual bundles, support phases)" }
                on:click=move |_| expanded.update(|e| *e = !*e)>
                {move || if expanded.get() { "Legend ▾" } else { "Legend ▸" }}
            </button>
            <ul class="legend-items" id="legend-items">
                {edge_item("replaces: the entry upgrades from the bundle it replaces (the upgrade chain)", "replaces", "replaces")}
                {edge_item("skips: the entry upgrades from each bundle named in its skips", "skips", "skips")}
                {edge_item("skipRange: the entry upgrades from every other entry whose version is in its skipRange", "skipRange", "skipRange")}
                <li class=move || if crd_marked() { "brief" } else { "" } title="unsafe CRD upgrade: the newer bundle's CRDs make OLM v1 (or OLM v0) refuse this upgrade; open the edge or the bundle for the message (dotted: cannot tell, the CRDs are not in the catalog)" data-testid="legend-crd-unsafe">
                    <svg width="30" height="10" aria-hidden="true">
                        <line class="edge replaces crd-unsafe" x1="1" y1="5" x2="26" y2="5"/>
                    </svg>
                    <span>unsafe CRD upgrade</span>
                </li>
                {band_item("skipRange fan: the line under an entry (e.g. ≥1.0.0 · 3) names its skipRange and how many bundles it covers; hover or select the entry to mark them and draw its rail, a tap under each; 'all fans' draws every rail (fans sharing their lower end once, as a staircase)", "skipRange", "skipRange fan")}
                {band_item("skips fan: an entry that skips four or more bundles, marked and drawn as a skipRange fan", "skips", "skips fan")}
                {node_item("head: the channel's newest entry, which no replaces or skips names (marked HEAD)", "head", false, "head")}
                {node_item("deprecated: named by olm.deprecations (hover a bundle for the message); deprecated channels are struck through", "deprecated", true, "deprecated")}
                {node_item("legacy olm.deprecated bundle property: OLM v0 prohibits installing the bundle (it never becomes a subscription's target)", "deprecated legacy", true, "legacy olm.deprecated (prohibited by OLM v0)")}
                <TerminatedItem/>
                {node_item("virtual: named by a replaces or skips but not an entry of this channel; those one entry names are one dashed box (click it to expand, hover it for their names)", "virtual", false, "virtual")}
                <PhaseItems/>
                <MirrorItems/>
            </ul>
            {children.map(|c| c())}
        </section>
    }
}
