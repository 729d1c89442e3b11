//! Browser tests of the web app's components (wasm-bindgen-test in headless Chromium):
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test -p olm-graph-web --target wasm32-unknown-unknown`.
//!
//! Each test mounts components with an `AppState` fed a catalog parsed by core (no worker),
//! then checks the DOM: the graph hooks, the details, the panels, and that catalog text is
//! rendered as text.
#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use olm_graph_core::graph::EdgeKind;
use olm_graph_core::layout::FanMode;
use olm_graph_core::model::Icon;
use olm_graph_web::channel_tabs::ChannelTabs;
use olm_graph_web::details::DetailsPanel;
use olm_graph_web::error_panel::ErrorPanel;
use olm_graph_web::fuzzy::{fuzzy_match, segments};
use olm_graph_web::graph_view::{ellipsize_middle, node_lines, path_data, GraphPanel, Transform};
use olm_graph_web::icons::{icon_data_url, is_plain_base64, PackageIcon};
use olm_graph_web::lint_panel::LintPanel;
use olm_graph_web::package_list::{filter_packages, PackageList};
use olm_graph_web::protocol::WorkerReply;
use olm_graph_web::sources::{relative_to_picked_folder, SAMPLE_CATALOG};
use olm_graph_web::state::ChannelChoice;
use olm_graph_web::url_state::UrlState;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

mod common;

use common::{document, mount, parse, settle};

// ------------------------------------------------------------------ helpers

fn all(root: &Element, selector: &str) -> Vec<Element> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i))
        .map(|n| n.unchecked_into::<Element>())
        .collect()
}

fn one(root: &Element, selector: &str) -> Element {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no element matches {selector}"))
}

fn attr(e: &Element, name: &str) -> String {
    e.get_attribute(name).unwrap_or_default()
}

/// A bubbling click (SVG elements have no `click()`).
fn click(e: &Element) {
    let init = web_sys::MouseEventInit::new();
    init.set_bubbles(true);
    init.set_cancelable(true);
    let ev = web_sys::MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap();
    e.dispatch_event(&ev).unwrap();
}

/// Drawn edges: individual edges plus what the bands stand for.
fn drawn_edges(root: &Element) -> usize {
    all(root, "[data-edge-kind]")
        .iter()
        .map(|e| match e.get_attribute("data-edges") {
            Some(n) => n.parse::<usize>().unwrap(),
            None => 1,
        })
        .sum()
}

// ------------------------------------------------------------------ the graph

#[wasm_bindgen_test]
async fn graph_draws_the_default_channel_with_its_hooks() {
    let (state, root) = mount(SAMPLE_CATALOG, || view! { <GraphPanel/> });
    settle().await;
    assert_eq!(
        state.package.get_untracked().as_deref(),
        Some("acme-operator")
    );
    let svg = one(&root, "svg.graph");
    assert_eq!(attr(&svg, "data-graph-channel"), "stable");
    // stable: 5 entries, 2 virtual nodes, 15 edges (one band per skipRange fan).
    let nodes = all(&root, "[data-bundle]");
    assert_eq!(nodes.len(), 7);
    assert_eq!(drawn_edges(&root), 15);
    assert!(
        !all(&root, "[data-band=true]").is_empty(),
        "fans are drawn as bands by default"
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
    state.fans.set(FanMode::Edges);
    settle().await;
    assert!(all(&root, "[data-band]").is_empty());
    assert_eq!(all(&root, "[data-edge-kind]").len(), 15);
    assert_eq!(all(&root, "[data-edge-kind=skipRange]").len(), 9);
    assert_eq!(all(&root, "[data-edge-kind=replaces]").len(), 5);
}

#[wasm_bindgen_test]
async fn fan_toggle_and_all_channels_view() {
    let (state, root) = mount(SAMPLE_CATALOG, || view! { <ChannelTabs/><GraphPanel/> });
    settle().await;
    click(&one(&root, "[data-testid=fan-toggle]"));
    settle().await;
    assert_eq!(state.fans.get_untracked(), FanMode::Edges);
    assert_eq!(attr(&one(&root, "svg.graph"), "data-fans"), "edges");
    click(&one(&root, "[data-channel-all]"));
    settle().await;
    assert_eq!(state.channel.get_untracked(), ChannelChoice::All);
    let svg = one(&root, "svg.graph");
    assert_eq!(attr(&svg, "data-graph-channel"), "");
    // Every bundle of the package once (9), plus no virtual node: v0.9.1 and v1.1.1 are bundles.
    assert_eq!(all(&root, "[data-bundle]").len(), 9);
    // Heads of several channels are marked.
    assert_eq!(all(&root, "[data-head=true]").len(), 3);
}

#[wasm_bindgen_test]
async fn channel_tabs_mark_default_and_deprecated() {
    let (state, root) = mount(SAMPLE_CATALOG, || view! { <ChannelTabs/> });
    settle().await;
    let tabs = all(&root, "[data-testid=channel-select] [data-channel]");
    let names: Vec<String> = tabs.iter().map(|t| attr(t, "data-channel")).collect();
    assert_eq!(
        names,
        vec!["stable", "alpha", "candidate", "fast"],
        "default channel first"
    );
    assert_eq!(attr(&tabs[0], "data-default"), "true");
    assert_eq!(attr(&tabs[0], "aria-selected"), "true");
    assert_eq!(attr(&tabs[1], "data-deprecated"), "true");
    assert!(attr(&tabs[1], "title").contains("no longer updated"));
    click(&tabs[2]);
    settle().await;
    assert_eq!(
        state.channel.get_untracked(),
        ChannelChoice::Named("candidate".into())
    );
    assert_eq!(attr(&tabs[2], "aria-selected"), "true");
}

#[wasm_bindgen_test]
async fn hovering_a_bundle_highlights_its_neighbours() {
    let (_state, root) = mount(SAMPLE_CATALOG, || view! { <GraphPanel/> });
    settle().await;
    let node = one(&root, "[data-bundle='acme-operator.v1.0.1']");
    let ev = web_sys::MouseEvent::new("mouseenter").unwrap();
    node.dispatch_event(&ev).unwrap();
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
    node.dispatch_event(&web_sys::MouseEvent::new("mouseleave").unwrap())
        .unwrap();
    settle().await;
    assert!(all(&root, ".node.dim").is_empty());
}

// ------------------------------------------------------------------ details

#[wasm_bindgen_test]
async fn clicking_a_bundle_opens_its_details() {
    let (state, root) = mount(SAMPLE_CATALOG, || view! { <GraphPanel/><DetailsPanel/> });
    settle().await;
    click(&one(&root, "[data-bundle='acme-operator.v1.2.0']"));
    settle().await;
    assert_eq!(
        state.bundle.get_untracked().as_deref(),
        Some("acme-operator.v1.2.0")
    );
    let d = one(&root, "[data-testid=details-panel]");
    let text = |f: &str| {
        one(&d, &format!("[data-field={f}]"))
            .text_content()
            .unwrap()
    };
    assert_eq!(text("name"), "acme-operator.v1.2.0");
    assert_eq!(text("version"), "1.2.0");
    assert_eq!(text("image"), "quay.io/example/acme-operator-bundle:v1.2.0");
    assert!(text("channels").contains("candidate") && text("channels").contains("fast"));
    assert_eq!(text("min-kube-version"), "1.27.0");
    assert_eq!(text("display-name"), "Acme Operator");
    let stable = one(&d, "[data-entry-channel=stable]")
        .text_content()
        .unwrap();
    assert!(stable.contains("acme-operator.v1.1.0"), "{stable}");
    assert!(stable.contains("acme-operator.v1.1.1"), "skips: {stable}");
    assert!(stable.contains(">=1.0.0 <1.2.0"), "skipRange: {stable}");
    let incoming = text("incoming");
    assert!(incoming.contains("acme-operator.v1.1.1") && incoming.contains("skips"));
    let outgoing = text("outgoing");
    assert!(outgoing.contains("acme-operator.v1.2.1"));
    assert!(one(&root, "[data-bundle='acme-operator.v1.2.0']")
        .class_list()
        .contains("selected"));
    // A deprecated bundle shows its message.
    state.select_bundle(Some("acme-operator.v1.0.0".into()));
    settle().await;
    let dep = one(&d, "[data-field=deprecation]").text_content().unwrap();
    assert!(dep.contains("CVE-2024-0001"), "{dep}");
}

const HOSTILE: &str = r#"
schema: olm.package
name: evil
defaultChannel: stable
description: '<script>window.__olmPwned = 1</script><img src=x onerror="window.__olmPwned = 2">'
icon:
  base64data: PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==
  mediatype: text/html
---
schema: olm.channel
package: evil
name: stable
entries:
- name: evil.v1.0.0
---
schema: olm.deprecations
package: evil
entries:
- reference: {schema: olm.bundle, name: evil.v1.0.0}
  message: '<img src=y onerror="window.__olmPwned = 3">gone'
---
schema: olm.bundle
package: evil
name: evil.v1.0.0
image: 'quay.io/x<script>window.__olmPwned = 4</script>'
properties:
- {type: olm.package, value: {packageName: evil, version: 1.0.0}}
- type: olm.csv.metadata
  value:
    displayName: '<b onmouseover="window.__olmPwned = 5">Evil</b>'
    description: '<script>window.__olmPwned = 6</script><img src=x onerror="window.__olmPwned = 7">'
"#;

#[wasm_bindgen_test]
async fn catalog_text_with_markup_renders_as_text() {
    let (state, root) = mount(HOSTILE, || {
        view! { <GraphPanel/><DetailsPanel/><LintPanel/><PackageList/> }
    });
    settle().await;
    // Package view: the package description, and no icon (text/html is not an image type).
    let d = one(&root, "[data-testid=details-panel]");
    assert!(d
        .text_content()
        .unwrap()
        .contains("<script>window.__olmPwned = 1</script>"));
    assert!(
        all(&root, "img").is_empty(),
        "no icon for a text/html media type"
    );
    state.select_bundle(Some("evil.v1.0.0".into()));
    settle().await;
    let text = d.text_content().unwrap();
    assert!(
        text.contains(r#"<img src=x onerror="window.__olmPwned = 7">"#),
        "{text}"
    );
    assert!(text.contains("<script>window.__olmPwned = 6</script>"));
    assert!(text.contains(r#"<b onmouseover="window.__olmPwned = 5">Evil</b>"#));
    assert!(text.contains("<script>window.__olmPwned = 4</script>"));
    assert!(text.contains(r#"<img src=y onerror="window.__olmPwned = 3">gone"#));
    for sel in ["script", "img", "b", "[onerror]", "[onmouseover]"] {
        assert!(
            all(&root, sel).is_empty(),
            "catalog markup became an element: {sel}"
        );
    }
    settle().await;
    let pwned = js_sys::Reflect::get(&web_sys::window().unwrap(), &"__olmPwned".into()).unwrap();
    assert!(pwned.is_undefined(), "catalog script ran: {pwned:?}");
}

#[wasm_bindgen_test]
async fn icons_only_as_data_urls_of_image_types() {
    let icon = |m: &str, d: &str| Icon {
        media_type: m.into(),
        base64_data: d.into(),
    };
    assert_eq!(
        icon_data_url(&icon("image/png", "iVBORw0KGgo=")).as_deref(),
        Some("data:image/png;base64,iVBORw0KGgo=")
    );
    assert!(icon_data_url(&icon("image/svg+xml", "PHN2Zy8+")).is_some());
    assert!(icon_data_url(&icon("text/html", "PHN2Zy8+")).is_none());
    assert!(icon_data_url(&icon("image/svg+xml;charset=utf-8", "PHN2Zy8+")).is_none());
    assert!(icon_data_url(&icon("image/png", "abc\"onerror=\"x")).is_none());
    assert!(icon_data_url(&icon("image/png", "")).is_none());
    assert!(is_plain_base64("QUJD"));
    assert!(!is_plain_base64("QU=D"));
    assert!(!is_plain_base64("QUJ"));

    let root: HtmlElement = document().create_element("div").unwrap().unchecked_into();
    document().body().unwrap().append_child(&root).unwrap();
    let handle = leptos::mount::mount_to(root.clone(), move || {
        view! {
            <PackageIcon icon=Some(icon("image/svg+xml", "PHN2Zy8+")) label="ok"/>
            <PackageIcon icon=Some(icon("image/svg+xml", "PHN2Zy8+<script>")) label="bad"/>
        }
    });
    settle().await;
    let imgs = all(&root, "img");
    assert_eq!(imgs.len(), 1);
    assert_eq!(attr(&imgs[0], "src"), "data:image/svg+xml;base64,PHN2Zy8+");
    drop(handle);
}

// ------------------------------------------------------------------ lists and panels

#[wasm_bindgen_test]
async fn package_search_filters_fuzzily() {
    let (state, root) = mount(SAMPLE_CATALOG, || view! { <PackageList/> });
    settle().await;
    assert_eq!(all(&root, "[data-package]").len(), 2);
    let input: HtmlInputElement = one(&root, "[data-testid=package-search]").unchecked_into();
    input.set_value("nmbs");
    input
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    settle().await;
    let shown = all(&root, "[data-package]");
    assert_eq!(shown.len(), 1);
    assert_eq!(attr(&shown[0], "data-package"), "nimbus-cache-operator");
    assert!(
        !all(&shown[0], "mark").is_empty(),
        "matched letters are highlighted"
    );
    click(&one(&shown[0], "button"));
    settle().await;
    assert_eq!(
        state.package.get_untracked().as_deref(),
        Some("nimbus-cache-operator")
    );
    assert!(shown[0].class_list().contains("selected"));
}

#[wasm_bindgen_test]
async fn clicking_a_finding_focuses_its_bundle() {
    let (state, root) = mount(SAMPLE_CATALOG, || view! { <GraphPanel/><LintPanel/> });
    settle().await;
    let panel = one(&root, "[data-testid=lint-panel]");
    let findings = all(&panel, ".finding");
    assert_eq!(findings.len(), 1, "the sample has one intentional warning");
    assert_eq!(attr(&findings[0], "data-severity"), "warning");
    click(&one(&findings[0], "button"));
    settle().await;
    assert_eq!(
        state.package.get_untracked().as_deref(),
        Some("nimbus-cache-operator")
    );
    assert_eq!(
        state.channel.get_untracked(),
        ChannelChoice::Named("tech-preview".into())
    );
    assert_eq!(
        state.bundle.get_untracked().as_deref(),
        Some("nimbus-cache-operator.v2.3.0-tp.1")
    );
    assert!(
        one(&root, "[data-bundle='nimbus-cache-operator.v2.3.0-tp.1']")
            .class_list()
            .contains("selected")
    );
}

#[wasm_bindgen_test]
async fn a_malformed_catalog_is_explained_and_the_previous_one_kept() {
    let (state, root) = mount(SAMPLE_CATALOG, || view! { <ErrorPanel/><GraphPanel/> });
    settle().await;
    let panel = one(&root, "[data-testid=error-panel]");
    assert!(panel.has_attribute("hidden"), "no problems yet");
    let (bad, findings) = parse("schema: olm.package\nname: [unclosed\n  - : :\n");
    state.catalog_arrived("broken.yaml".into(), bad, findings);
    settle().await;
    assert!(!panel.has_attribute("hidden"));
    let text = panel.text_content().unwrap();
    assert!(text.contains("broken.yaml could not be used"), "{text}");
    assert!(text.contains("Still showing test catalog"), "{text}");
    assert!(
        text.contains("test.yaml"),
        "the finding names the file: {text}"
    );
    assert_eq!(
        all(&root, "[data-bundle]").len(),
        7,
        "the previous graph stays"
    );
    click(&one(&panel, "button"));
    settle().await;
    assert!(panel.has_attribute("hidden"));
}

#[wasm_bindgen_test]
async fn a_partly_valid_catalog_shows_what_it_can() {
    let text = format!("{SAMPLE_CATALOG}---\nschema: olm.bundle\nname: [broken\n");
    let (state, root) = mount(&text, || view! { <ErrorPanel/><GraphPanel/> });
    settle().await;
    let panel = one(&root, "[data-testid=error-panel]");
    assert!(!panel.has_attribute("hidden"));
    assert!(panel.text_content().unwrap().contains("2 packages shown"));
    assert_eq!(
        state
            .loaded
            .with_untracked(|l| l.as_ref().unwrap().catalog.packages.len()),
        2
    );
    assert_eq!(all(&root, "[data-bundle]").len(), 7);
}

// ------------------------------------------------------------------ pure helpers

#[wasm_bindgen_test]
fn fuzzy_search_ranks_substrings_first() {
    assert!(fuzzy_match("quay", "project-quay").is_some());
    assert!(fuzzy_match("pq", "project-quay").is_some());
    assert!(fuzzy_match("qp", "project-quay").is_none());
    let sub = fuzzy_match("gpu", "gpu-operator-certified").unwrap();
    let scattered = fuzzy_match("gpu", "grafana-plugin-ui").unwrap();
    assert!(sub.score > scattered.score);
    assert_eq!(sub.positions, vec![0, 1, 2]);
    assert_eq!(
        segments("abc", &[1]),
        vec![("a".into(), false), ("b".into(), true), ("c".into(), false)]
    );
    let (catalog, findings) = parse(SAMPLE_CATALOG);
    let summaries = olm_graph_core::view::package_summaries(&catalog, &findings);
    let hits = filter_packages(&summaries, "cache");
    assert_eq!(hits.len(), 1);
    assert_eq!(filter_packages(&summaries, "").len(), 2);
}

#[wasm_bindgen_test]
fn url_state_round_trips() {
    let s = UrlState {
        package: Some("acme operator&x".into()),
        channel: ChannelChoice::Named("stable-3.1".into()),
        bundle: Some("a.v1.0.0+build".into()),
    };
    assert_eq!(UrlState::from_search(&s.to_search()), s);
    let all = UrlState {
        package: Some("p".into()),
        channel: ChannelChoice::All,
        bundle: None,
    };
    assert_eq!(all.to_search(), "?package=p&view=all");
    assert_eq!(UrlState::from_search(&all.to_search()), all);
    assert_eq!(UrlState::from_search(""), UrlState::default());
    assert_eq!(UrlState::default().to_search(), "");
}

#[wasm_bindgen_test]
fn drawing_helpers() {
    assert_eq!(
        path_data(&[(0.0, 0.0), (10.0, 5.0)], false),
        "M0.0,0.0 L10.0,5.0"
    );
    assert_eq!(
        path_data(&[(0.0, 0.0), (1.0, 1.0), (2.0, 2.0), (3.0, 3.0)], true),
        "M0.0,0.0 C1.0,1.0 2.0,2.0 3.0,3.0"
    );
    assert_eq!(ellipsize_middle("abcdefghij", 7), "abc…hij");
    assert_eq!(ellipsize_middle("short", 7), "short");
    assert_eq!(
        node_lines("p.v1.2.3", Some("1.2.3"), "p"),
        ("v1.2.3".to_string(), None)
    );
    assert_eq!(
        node_lines("quay-operator.v3.17.0", Some("3.17.0"), "project-quay"),
        ("v3.17.0".to_string(), Some("quay-operator".to_string()))
    );
    assert_eq!(
        node_lines("odd-name", Some("1.0.0"), "p"),
        ("v1.0.0".to_string(), Some("odd-name".to_string()))
    );
    assert_eq!(
        node_lines("gone", None, "p"),
        ("gone".to_string(), Some("version unknown".to_string()))
    );
    let t = Transform::fit(1000.0, 100.0, 500.0, 500.0);
    assert!((t.k - 0.48).abs() < 1e-9);
    let z = t.zoom_at(2.0, 250.0, 250.0);
    // The point under the pointer stays put.
    let before = ((250.0 - t.x) / t.k, (250.0 - t.y) / t.k);
    let after = ((250.0 - z.x) / z.k, (250.0 - z.y) / z.k);
    assert!((before.0 - after.0).abs() < 1e-9 && (before.1 - after.1).abs() < 1e-9);
    assert_eq!(EdgeKind::SkipRange.as_str(), "skipRange");
}

#[wasm_bindgen_test]
fn worker_replies_round_trip_and_folder_paths() {
    let (catalog, findings) = parse(SAMPLE_CATALOG);
    let reply = WorkerReply::Done {
        id: 7,
        catalog,
        findings,
    };
    match WorkerReply::from_json(&reply.to_json()).unwrap() {
        WorkerReply::Done {
            id,
            catalog,
            findings,
        } => {
            assert_eq!(id, 7);
            assert_eq!(catalog.packages.len(), 2);
            assert_eq!(findings.len(), 1);
        }
        other => panic!("unexpected {other:?}"),
    }
    assert!(WorkerReply::from_json("{\"type\":\"nope\"}").is_err());
    assert_eq!(
        relative_to_picked_folder("v4.21/sub/a.yaml"),
        (Some("v4.21"), "sub/a.yaml")
    );
    assert_eq!(relative_to_picked_folder("a.yaml"), (None, "a.yaml"));
}

// ------------------------------------------------------------------ simulation (issue 5)

#[wasm_bindgen_test]
fn simulation_failure_combos_and_added_entry_come_from_core() {
    use olm_graph_web::simulation::{inputs_from_search, inputs_to_params, simulate, AddedEntry};
    let (catalog, _) = parse(include_str!(
        "../crates/core/tests/fixtures/resolve/failforward.yaml"
    ));
    let outcome = |kind: &str, strategy: &str, added: Option<&AddedEntry>| {
        let inputs = inputs_from_search(&format!(
            "?installed=f1&fail=f2&failure={kind}&strategy={strategy}"
        ));
        let s = simulate(&catalog, "ff", "stable", &inputs, added, None);
        let p = s.paths[0].result.as_ref().unwrap();
        (
            p.outcome.as_str(),
            p.hops.iter().map(|h| h.to.clone()).collect::<Vec<_>>(),
        )
    };
    assert_eq!(outcome("csv", "Default", None).0, "blocked");
    assert_eq!(outcome("installplan", "Default", None).0, "blocked");
    let ff = "TechPreviewUnsafeFailForward";
    assert_eq!(outcome("csv", ff, None).0, "waiting-for-catalog-update");
    assert_eq!(
        outcome("installplan", ff, None).0,
        "waiting-for-catalog-update"
    );
    let f3 = AddedEntry {
        name: "f3".into(),
        replaces: "f2".into(),
        skips: String::new(),
        skip_range: String::new(),
        version: "3.0.0".into(),
    };
    assert_eq!(
        outcome("csv", ff, Some(&f3)),
        ("up-to-date", vec!["f2".to_string(), "f3".to_string()])
    );
    // The URL parameters round-trip.
    let inputs = inputs_from_search("?installed=f1&resolver=both&fail=f2&failure=installplan&strategy=TechPreviewUnsafeFailForward");
    let params: Vec<String> = inputs_to_params(&inputs)
        .into_iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    assert_eq!(
        params,
        [
            "installed=f1",
            "resolver=both",
            "fail=f2",
            "failure=installplan",
            "strategy=TechPreviewUnsafeFailForward"
        ]
    );
}

#[wasm_bindgen_test]
fn simulation_both_resolvers_report_the_first_difference() {
    use olm_graph_web::simulation::{inputs_from_search, simulate};
    let (catalog, _) = parse(include_str!(
        "../crates/core/tests/fixtures/resolve/v0-v1-differ.yaml"
    ));
    let inputs = inputs_from_search("?installed=differ.v1.0.0&resolver=both");
    let s = simulate(&catalog, "differ", "stable", &inputs, None, None);
    assert_eq!(s.paths.len(), 2);
    assert_eq!(s.difference, Some(0));
}

// ---------------------------------------------------------------- export and embed (issue 7)

#[wasm_bindgen_test]
fn export_file_names_are_safe_and_name_the_view() {
    use olm_graph_web::export_menu::file_name;
    assert_eq!(
        file_name("gpu-operator-certified", Some("stable"), None, "svg"),
        "gpu-operator-certified-stable.svg"
    );
    assert_eq!(
        file_name("etcd", Some("alpha"), Some("path"), "svg"),
        "etcd-alpha-path.svg"
    );
    assert_eq!(
        file_name("etcd", None, None, "mmd"),
        "etcd-all-channels.mmd"
    );
    // Separators, dots in front and odd characters never reach the file system.
    assert_eq!(
        file_name("../evil", Some("a/b c\"<x>"), None, "png"),
        "_evil-a_b_c__x_.png"
    );
    assert_eq!(file_name("", Some(".."), None, "dot"), "_-_.dot");
    assert!(file_name(&"x".repeat(500), Some("c"), None, "svg").len() < 100);
}

#[wasm_bindgen_test]
fn export_png_size_is_twice_the_svg_within_canvas_limits() {
    use olm_graph_web::export_menu::{png_dimensions, svg_size};
    let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"570\" height=\"229.5\" viewBox=\"0 0 570 229.5\">\n<title>x width=\"1\"</title></svg>";
    assert_eq!(svg_size(svg), Some((570.0, 229.5)));
    assert_eq!(svg_size("<svg width=\"0\" height=\"3\">"), None);
    assert_eq!(svg_size("not svg"), None);
    assert_eq!(svg_size("<svg width=\"NaN\" height=\"3\">"), None);
    assert_eq!(png_dimensions(570.0, 229.5, 2.0), (1140, 459, 2.0));
    // A very wide graph is scaled down to Chromium's largest canvas side.
    let (w, h, k) = png_dimensions(20_000.0, 400.0, 2.0);
    assert_eq!(w, 16_384);
    assert!(h <= 328 && k < 1.0);
    // And a huge area to the area cap.
    let (w, h, _) = png_dimensions(8_000.0, 8_000.0, 2.0);
    assert!((w as f64) * (h as f64) <= 64.0 * 1024.0 * 1024.0 + 16_384.0);
}

#[wasm_bindgen_test]
fn embed_start_options_and_links() {
    use olm_graph_web::embed::{iframe_snippet, link, LinkParts, StartOptions};
    use olm_graph_web::state::ChannelChoice;
    use olm_graph_web::url_state::UrlState;
    let s = StartOptions::from_search("?embed=1&url=http%3A%2F%2Fc.example%2Fa.yaml&package=p");
    assert!(s.embed);
    assert_eq!(s.catalog_url.as_deref(), Some("http://c.example/a.yaml"));
    assert_eq!(StartOptions::from_search(""), StartOptions::default());
    assert!(!StartOptions::from_search("?embed=0&url=").embed);
    assert_eq!(StartOptions::from_search("?url=%20").catalog_url, None);

    let parts = LinkParts {
        view: UrlState {
            package: Some("gpu operator".into()),
            channel: ChannelChoice::Named("stable".into()),
            bundle: None,
        },
        extra: vec![("installed", "gpu.v1&2".into())],
        catalog_url: Some("http://c.example/x.yaml?a=1&b=2".into()),
    };
    let page = "http://127.0.0.1:8080/index.html?package=old&embed=1#frag";
    let embed = link(page, &parts, true);
    let u = web_sys::Url::new(&embed).unwrap();
    assert_eq!(u.pathname(), "/index.html");
    assert_eq!(u.hash(), "");
    let q = u.search_params();
    assert_eq!(q.get("embed").as_deref(), Some("1"));
    assert_eq!(
        q.get("url").as_deref(),
        Some("http://c.example/x.yaml?a=1&b=2")
    );
    assert_eq!(q.get("package").as_deref(), Some("gpu operator"));
    assert_eq!(q.get("channel").as_deref(), Some("stable"));
    assert_eq!(q.get("installed").as_deref(), Some("gpu.v1&2"));
    assert!(u.search().starts_with("?embed=1&url="));
    let app = link(page, &parts, false);
    let q = web_sys::Url::new(&app).unwrap().search_params();
    assert_eq!(q.get("embed"), None);
    assert_eq!(q.get("package").as_deref(), Some("gpu operator"));
    let all = LinkParts {
        view: UrlState {
            package: Some("p".into()),
            channel: ChannelChoice::All,
            bundle: Some("b".into()),
        },
        ..LinkParts::default()
    };
    let q = web_sys::Url::new(&link(page, &all, false))
        .unwrap()
        .search_params();
    assert_eq!(q.get("view").as_deref(), Some("all"));
    assert_eq!(q.get("bundle").as_deref(), Some("b"));
    assert_eq!(q.get("url"), None);

    // The snippet escapes its attributes, so no catalog text can close them.
    let html = iframe_snippet(&embed, "Upgrade graph of \"x\" <y>");
    assert!(html.starts_with("<iframe src=\"http://127.0.0.1:8080/index.html?embed=1&amp;url="));
    assert!(html.contains("title=\"Upgrade graph of &quot;x&quot; &lt;y&gt;\""));
    assert!(html.ends_with("></iframe>"));
    assert_eq!(html.matches('"').count() % 2, 0);
    let parsed = web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .create_element("div")
        .unwrap();
    parsed.set_inner_html(&html);
    let frame = parsed.first_element_child().unwrap();
    assert_eq!(frame.tag_name(), "IFRAME");
    assert_eq!(frame.get_attribute("src").as_deref(), Some(embed.as_str()));
}

#[wasm_bindgen_test]
fn export_path_resolver_follows_the_simulation() {
    use olm_graph_core::resolve::Resolver;
    use olm_graph_web::export_menu::path_resolver;
    assert_eq!(path_resolver("v1"), Resolver::V1);
    assert_eq!(path_resolver("v0"), Resolver::V0);
    assert_eq!(path_resolver("both"), Resolver::V0);
}
