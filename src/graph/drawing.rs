//! The fans, edges, nodes, groups and hop labels of one view, and the events of its nodes:
//! handled once on the nodes' group (hover highlights the neighbours and shows an entry's fans,
//! a click or Enter selects a bundle or expands a group, the arrow keys move the focus along
//! the edges; see [`crate::graph::keyboard`]) and, for the focus, on the graph's area
//! ([`on_focus_in`]).

use leptos::prelude::*;
use olm_graph_core::view::NodeId;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, FocusEvent, KeyboardEvent, MouseEvent, SvgElement};

use crate::graph::cull;
use crate::graph::edge::{Edge, Fan, HopLabels, Staircase};
use crate::graph::keyboard::{next_node, Direction};
use crate::graph::node::{Group, Node};
use crate::graph::scene::{Scene, SharedView};
use crate::state::graph::GraphStore;
use crate::state::selection::Selection;

/// The node element an event happened in, and its index in the view.
fn node_of(view: &SharedView, target: Option<web_sys::EventTarget>) -> Option<(Element, NodeId)> {
    let el = target?
        .dyn_into::<Element>()
        .ok()?
        .closest("g.node")
        .ok()??;
    let name = el.get_attribute("data-bundle")?;
    let i = view.node_index(&name)?;
    Some((el, i))
}

/// Focuses node `i` (the nodes' group holds one element per node, in view order, or for a
/// culled view those near the viewport, in view order).
fn focus_node(view: &SharedView, group: &Element, i: NodeId) {
    let child = if cull::needed(view) {
        let children = group.children();
        let name = view.nodes()[i].name.as_str();
        (0..children.length())
            .filter_map(|k| children.item(k))
            .find(|el| el.get_attribute("data-bundle").as_deref() == Some(name))
    } else {
        group.children().item(i.index() as u32)
    };
    if let Some(el) = child {
        if let Ok(el) = el.dyn_into::<SvgElement>() {
            let _ = el.focus();
        }
    }
}

/// The entry whose group of absent bundles an event happened in.
fn group_of(view: &SharedView, target: Option<web_sys::EventTarget>) -> Option<String> {
    let el = target?
        .dyn_into::<Element>()
        .ok()?
        .closest("g.group[data-group]")
        .ok()??;
    let entry = el.get_attribute("data-group")?;
    view.node_index(&entry)?;
    Some(entry)
}

/// Expands the group of absent bundles that `entry` names.
fn expand(entry: String) {
    GraphStore::get().expanded.update(|e| {
        if !e.contains(&entry) {
            e.push(entry);
        }
    });
}

/// Enter or space selects (or expands a group); arrows move along the edges.
fn on_node_key(view: &SharedView, scene: Scene, ev: &KeyboardEvent) {
    let key = ev.key();
    if let Some(entry) = group_of(view, ev.target()).filter(|_| key == "Enter" || key == " ") {
        ev.prevent_default();
        ev.stop_propagation();
        expand(entry);
        return;
    }
    let Some((el, i)) = node_of(view, ev.target()) else {
        return;
    };
    if key == "Enter" || key == " " {
        ev.prevent_default();
        ev.stop_propagation();
        Selection::get().select_bundle(Some(view.nodes()[i].name.clone()));
        return;
    }
    let Some(direction) = Direction::from_key(&key) else {
        return;
    };
    // Arrows on a node move the focus, not the drawing.
    ev.prevent_default();
    ev.stop_propagation();
    if let (Some(j), Some(group)) = (next_node(view, i, direction), el.parent_element()) {
        scene.reveal(view, j);
        focus_node(view, &group, j);
    }
}

fn on_node_click(view: &SharedView, scene: Scene, ev: &MouseEvent) {
    if let Some(entry) = group_of(view, ev.target()) {
        ev.stop_propagation();
        if !scene.pan_zoom.take_drag() {
            expand(entry);
        }
        return;
    }
    let Some((_, i)) = node_of(view, ev.target()) else {
        return;
    };
    ev.stop_propagation();
    if scene.pan_zoom.take_drag() {
        return;
    }
    Selection::get().select_bundle(Some(view.nodes()[i].name.clone()));
}

/// Hover or focus entered a node: highlight it (and bring a focused node into view).
fn on_node_enter(view: &SharedView, scene: Scene, ev: &Event, reveal: bool) {
    if let Some((_, i)) = node_of(view, ev.target()) {
        if scene.hovered.get_untracked() != Some(i) {
            scene.hovered.set(Some(i));
        }
        if reveal {
            scene.reveal(view, i);
        }
    }
}

/// Hover or focus left a node for something that is not inside it.
fn on_node_leave(view: &SharedView, scene: Scene, related: Option<web_sys::EventTarget>) {
    let entered = node_of(view, related).map(|(_, i)| i);
    if entered.is_none() {
        scene.hovered.set(None);
    }
}

/// The focus entered a node of the drawing on screen (listened for on the graph's area: in
/// Chromium an SVG element with focus listeners becomes focusable itself).
pub fn on_focus_in(graph: GraphStore, scene: Scene, ev: &FocusEvent) {
    if let Some(view) = graph.view.get_untracked() {
        on_node_enter(&view, scene, ev, true);
    }
}

/// The focus left a node of the drawing on screen.
pub fn on_focus_out(graph: GraphStore, scene: Scene, ev: &FocusEvent) {
    if let Some(view) = graph.view.get_untracked() {
        on_node_leave(&view, scene, ev.related_target());
    }
}

/// The layers of a drawing: fans (staircases, then fans), edges, nodes (then groups).
type Layers = (AnyView, AnyView, AnyView);

/// The staircases of `view`, drawn in the "all fans" mode only.
fn staircases(view: &SharedView) -> AnyView {
    let graph = GraphStore::get();
    let view = view.clone();
    (move || {
        (graph.fans.get() == olm_graph_core::layout::FanMode::Bands).then(|| {
            view.staircases()
                .keys()
                .map(|i| view! { <Staircase view=view.clone() index=i/> })
                .collect_view()
        })
    })
    .into_any()
}

/// Every fan, edge, node and group of `view`.
fn whole_layers(view: &SharedView, scene: Scene) -> Layers {
    let fans = view
        .bands()
        .keys()
        .map(|i| view! { <Fan view=view.clone() index=i scene=scene/> })
        .collect_view();
    let edges = view
        .edges()
        .keys()
        .map(|i| view! { <Edge view=view.clone() index=i scene=scene/> })
        .collect_view();
    let nodes = view
        .nodes()
        .keys()
        .map(|i| view! { <Node view=view.clone() index=i scene=scene/> })
        .collect_view();
    let groups = view
        .groups()
        .keys()
        .map(|i| view! { <Group view=view.clone() index=i scene=scene/> })
        .collect_view();
    (
        view! { {staircases(view)} {fans} }.into_any(),
        edges.into_any(),
        view! { {nodes} {groups} }.into_any(),
    )
}

/// The fans, edges, nodes and groups of a big `view` in or near the viewport ([`cull`]).
fn culled_layers(view: &SharedView, scene: Scene) -> Layers {
    let c = cull::culled(view.clone(), scene.pan_zoom);
    let (v1, v2, v3, v4) = (view.clone(), view.clone(), view.clone(), view.clone());
    let fans = view! {
        <For each=move || c.with(|c| c.bands.clone()) key=|i| *i let:i>
            <Fan view=v1.clone() index=i scene=scene/>
        </For>
    };
    let edges = view! {
        <For each=move || c.with(|c| c.edges.clone()) key=|i| *i let:i>
            <Edge view=v2.clone() index=i scene=scene/>
        </For>
    };
    let nodes = view! {
        <For each=move || c.with(|c| c.nodes.clone()) key=|i| *i let:i>
            <Node view=v3.clone() index=i scene=scene/>
        </For>
        <For each=move || c.with(|c| c.groups.clone()) key=|i| *i let:i>
            <Group view=v4.clone() index=i scene=scene/>
        </For>
    };
    (
        view! { {staircases(view)} {fans} }.into_any(),
        edges.into_any(),
        nodes.into_any(),
    )
}

/// The fans, edges, nodes, groups and hop labels of one view.
#[component]
pub fn Drawing(view: SharedView, scene: Scene) -> impl IntoView {
    let (fans, edges, nodes) = if cull::needed(&view) {
        culled_layers(&view, scene)
    } else {
        whole_layers(&view, scene)
    };
    let (v1, v2, v3, v4) = (view.clone(), view.clone(), view.clone(), view.clone());
    let graph = GraphStore::get();
    view! {
        <rect class="backdrop" x="0" y="0" width=format!("{:.1}", view.width) height=format!("{:.1}", view.height)/>
        <g class="fans" data-fans=move || graph.fans.get().as_str()>{fans}</g>
        <g class="edges">{edges}</g>
        <g class="nodes"
            on:mouseover=move |ev: MouseEvent| on_node_enter(&v1, scene, &ev, false)
            on:mouseout=move |ev: MouseEvent| on_node_leave(&v2, scene, ev.related_target())
            on:click=move |ev: MouseEvent| on_node_click(&v3, scene, &ev)
            on:keydown=move |ev: KeyboardEvent| on_node_key(&v4, scene, &ev)
        >{nodes}</g>
        <g class="sim-labels"><HopLabels view=view.clone()/></g>
        <Captions view=view.clone()/>
    }
}

/// The lanes' captions (the package view: each channel's name above its lane), as the export
/// draws them; catalog text, so only ever a text node.
#[component]
fn Captions(view: SharedView) -> impl IntoView {
    let captions = view
        .captions
        .iter()
        .map(|c| {
            view! {
                <text class="lane-caption" x=format!("{:.1}", c.x) y=format!("{:.1}", c.y)
                    data-channel=c.text.clone()>{c.text.clone()}</text>
            }
        })
        .collect_view();
    view! { <g class="captions">{captions}</g> }
}
