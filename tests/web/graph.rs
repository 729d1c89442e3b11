//! The graph: its hooks, the fan toggle and the all-channels view, hover highlighting, and
//! moving the focus along the edges with the arrow keys.

use leptos::prelude::*;
use olm_graph_core::layout::FanMode;
use olm_graph_web::graph::GraphPanel;
use olm_graph_web::panels::channels::ChannelTabs;
use olm_graph_web::services::sources::SAMPLE_CATALOG;
use olm_graph_web::state::selection::ChannelChoice;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

use crate::common::{all, attr, click, drawn_edges, key, mount, mouse, one, settle};

#[wasm_bindgen_test]
async fn graph_draws_the_default_channel_with_its_hooks() {
    let (stores, root) = mount(SAMPLE_CATALOG, || view! { <GraphPanel/> });
    settle().await;
    assert_eq!(
        stores.selection.package.get_untracked().as_deref(),
        Some("acme-operator")
    );
    let svg = one(&root, "svg.graph");
    assert_eq!(attr(&svg, "data-graph-channel"), "stable");
    // stable: 5 entries, 2 virtual nodes, 15 edges (one fan per skipRange, a tap per edge).
    let nodes = all(&root, "[data-bundle]");
    assert_eq!(nodes.len(), 7);
    assert_eq!(drawn_edges(&root), 15);
    assert!(
        !all(&root, "[data-band=true]").is_empty(),
        "skipRange fans are grouped by default"
    );
    for b in all(&root, "[data-band=true]") {
        assert_eq!(attr(&b, "data-edge-kind"), "skipRange");
        assert!(!attr(&b, "data-to").is_empty());
    }
    let head = one(&root, "[data-head=true]");
    assert_eq!(attr(&head, "data-bundle"), "acme-operator.v1.2.1");
    assert_eq!(all(&root, "[data-head=true]").len(), 1);
    let dep = one(&root, "[data-bundle='acme-operator.v1.0.0']");
    assert_eq!(attr(&dep, "data-deprecated"), "true");
    assert!(
        dep.text_content().unwrap().contains("CVE-2024-0001"),
        "the message is in the node's <title>"
    );
    let virt = one(&root, "[data-bundle='acme-operator.v0.9.1']");
    assert_eq!(attr(&virt, "data-virtual"), "true");
    assert!(virt.class_list().contains("virtual"));
    let skips = all(&root, "[data-edge-kind=skips]");
    assert_eq!(skips.len(), 1);
    assert_eq!(attr(&skips[0], "data-from"), "acme-operator.v1.1.1");
    assert_eq!(attr(&skips[0], "data-to"), "acme-operator.v1.2.0");

    // Separate edges: every edge is its own element.
    stores.graph.fans.set(FanMode::Edges);
    settle().await;
    assert!(all(&root, "[data-band]").is_empty());
    assert_eq!(all(&root, "[data-edge-kind]").len(), 15);
    assert_eq!(all(&root, "[data-edge-kind=skipRange]").len(), 9);
    assert_eq!(all(&root, "[data-edge-kind=replaces]").len(), 5);
}

#[wasm_bindgen_test]
async fn fan_toggle_and_all_channels_view() {
    let (stores, root) = mount(SAMPLE_CATALOG, || view! { <ChannelTabs/><GraphPanel/> });
    settle().await;
    click(&one(&root, "[data-testid=fan-toggle]"));
    settle().await;
    assert_eq!(stores.graph.fans.get_untracked(), FanMode::Edges);
    assert_eq!(attr(&one(&root, "svg.graph"), "data-fans"), "edges");
    click(&one(&root, "[data-channel-all]"));
    settle().await;
    assert_eq!(stores.selection.channel.get_untracked(), ChannelChoice::All);
    let svg = one(&root, "svg.graph");
    assert_eq!(attr(&svg, "data-graph-channel"), "");
    // Every bundle of the package once (9), plus no virtual node: v0.9.1 and v1.1.1 are bundles.
    assert_eq!(all(&root, "[data-bundle]").len(), 9);
    // Heads of several channels are marked.
    assert_eq!(all(&root, "[data-head=true]").len(), 3);
}

#[wasm_bindgen_test]
async fn hovering_a_bundle_highlights_its_neighbours() {
    let (_stores, root) = mount(SAMPLE_CATALOG, || view! { <GraphPanel/> });
    settle().await;
    let node = one(&root, "[data-bundle='acme-operator.v1.0.1']");
    mouse(&node, "mouseover");
    settle().await;
    let near: Vec<String> = all(&root, ".node.near")
        .iter()
        .map(|n| attr(n, "data-bundle"))
        .collect();
    for want in [
        "acme-operator.v1.0.0",
        "acme-operator.v1.1.0",
        "acme-operator.v1.2.0",
        "acme-operator.v1.2.1",
    ] {
        assert!(near.contains(&want.to_string()), "{want} in {near:?}");
    }
    let dim = one(&root, "[data-bundle='acme-operator.v0.9.1']");
    assert!(dim.class_list().contains("dim"));
    mouse(&node, "mouseout");
    settle().await;
    assert!(all(&root, ".node.dim").is_empty());
}

#[wasm_bindgen_test]
async fn arrow_keys_move_the_focus_along_the_edges() {
    let (stores, root) = mount(SAMPLE_CATALOG, || view! { <GraphPanel/> });
    settle().await;
    let active = || {
        crate::common::document()
            .active_element()
            .and_then(|e| e.get_attribute("data-bundle"))
    };
    let start = one(&root, "[data-bundle='acme-operator.v1.2.0']");
    start
        .dyn_ref::<web_sys::SvgElement>()
        .unwrap()
        .focus()
        .unwrap();
    settle().await;
    assert_eq!(active().as_deref(), Some("acme-operator.v1.2.0"));
    let before = attr(&one(&root, "g.viewport"), "transform");
    key(&start, "ArrowRight");
    settle().await;
    assert_eq!(
        active().as_deref(),
        Some("acme-operator.v1.2.1"),
        "along the edge to the head"
    );
    key(
        &one(&root, "[data-bundle='acme-operator.v1.2.1']"),
        "ArrowLeft",
    );
    settle().await;
    let back = active().unwrap();
    assert_ne!(
        back, "acme-operator.v1.2.1",
        "back along an edge into the head"
    );
    // The keys moved the focus, not the drawing; Enter selects.
    assert_eq!(attr(&one(&root, "g.viewport"), "transform"), before);
    key(&one(&root, &format!("[data-bundle='{back}']")), "Enter");
    settle().await;
    assert_eq!(stores.selection.bundle.get_untracked(), Some(back));
}

#[wasm_bindgen_test]
async fn hovering_an_entry_marks_what_its_skip_range_covers_and_draws_its_fan() {
    let (stores, root) = mount(SAMPLE_CATALOG, || view! { <GraphPanel/> });
    settle().await;
    assert_eq!(stores.graph.fans.get_untracked(), FanMode::Markers);
    let view = stores.graph.view.get_untracked().unwrap();
    let entry = view
        .nodes()
        .keys()
        .find(|&i| !view.covered_by(i).is_empty())
        .expect("the sample has an entry with a skipRange");
    let name = view.nodes()[entry].name.clone();
    let mut want: Vec<String> = view
        .covered_by(entry)
        .iter()
        .map(|&i| view.nodes()[i].name.clone())
        .collect();
    want.sort();
    // Markers: no rail is shown until the entry is hovered.
    assert!(all(&root, "g.fan.shown").is_empty());
    let node = one(&root, &format!("g.node[data-bundle='{name}']"));
    mouse(&node, "mouseover");
    settle().await;
    let mut covered: Vec<String> = all(&root, "g.node.covered")
        .iter()
        .map(|n| attr(n, "data-bundle"))
        .collect();
    covered.sort();
    assert_eq!(covered, want, "exactly the bundles its skipRange covers");
    let fan = one(&root, &format!("g.fan.skipRange[data-to='{name}']"));
    assert!(fan.class_list().contains("shown"), "its fan is drawn");
    assert_eq!(
        all(&fan, ".tap").len(),
        want.len(),
        "one tap per covered bundle"
    );
    mouse(&node, "mouseout");
    settle().await;
    assert!(all(&root, "g.node.covered").is_empty());
    assert!(all(&root, "g.fan.shown").is_empty());
}
