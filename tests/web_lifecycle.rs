//! Browser tests of the lifecycle tools (issue 6): the graph's terminated and truncation
//! markings driven through `AppState`, the truncate panel's lists, and the pure helpers.
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test -p olm-graph-web --target wasm32-unknown-unknown`.
#![cfg(target_arch = "wasm32")]

use js_sys::JsString;
use leptos::prelude::*;
use olm_graph_core::lifecycle::{diff_package, DiffOptions, Fate, TruncateOptions};
use olm_graph_core::resolve::Resolver;
use olm_graph_core::validate::lint_catalog;
use olm_graph_core::{load_files, InputFile};
use olm_graph_web::diff_panel::fate_counts;
use olm_graph_web::graph_view::GraphPanel;
use olm_graph_web::state::{ChannelChoice, Origin};
use olm_graph_web::truncate_panel::{
    download_name, origin_inputs, truncated_catalog, TruncatePanel,
};
use olm_graph_web::worker_client::FileText;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

mod common;

use common::{mount, settle};

const FIXTURE: &str = include_str!("e2e/fixtures/lifecycle.yaml");

fn attr_of(root: &HtmlElement, bundle: &str, attr: &str) -> Option<String> {
    root.query_selector(&format!("[data-bundle=\"{bundle}\"]"))
        .unwrap()
        .and_then(|e| e.get_attribute(attr))
}

#[wasm_bindgen_test]
async fn terminated_nodes_follow_the_chosen_resolver() {
    let (state, root) = mount(FIXTURE, || view! { <GraphPanel/> });
    state.select_package("lifecycle-demo");
    settle().await;
    state.select_channel(ChannelChoice::Named("stable".into()));
    settle().await;
    assert_eq!(
        attr_of(&root, "lifecycle-demo.v1.1.0", "data-terminated").as_deref(),
        Some("false")
    );
    state.terminated_resolver.set(Resolver::V1);
    settle().await;
    assert_eq!(
        attr_of(&root, "lifecycle-demo.v1.1.0", "data-terminated").as_deref(),
        Some("true")
    );
    assert_eq!(
        attr_of(&root, "lifecycle-demo.v1.2.0", "data-terminated").as_deref(),
        Some("false"),
        "the head"
    );
    let node = root
        .query_selector("[data-bundle=\"lifecycle-demo.v1.1.0\"]")
        .unwrap()
        .unwrap();
    assert!(node.class_list().contains("terminated"));
}

#[wasm_bindgen_test]
async fn the_legacy_property_is_marked_apart() {
    let (state, root) = mount(FIXTURE, || view! { <GraphPanel/> });
    state.select_package("lifecycle-demo");
    settle().await;
    state.select_channel(ChannelChoice::Named("old".into()));
    settle().await;
    assert_eq!(
        attr_of(&root, "lifecycle-demo.v0.9.1", "data-legacy-deprecated").as_deref(),
        Some("true")
    );
    assert_eq!(
        attr_of(&root, "lifecycle-demo.v0.9.0", "data-legacy-deprecated").as_deref(),
        Some("false")
    );
    let label = attr_of(&root, "lifecycle-demo.v0.9.1", "aria-label").unwrap();
    assert!(label.contains("prohibited by OLM v0"), "{label}");
}

#[wasm_bindgen_test]
async fn a_truncation_preview_fades_the_tail_and_lists_what_goes() {
    let (state, root) = mount(FIXTURE, || view! { <GraphPanel/><TruncatePanel/> });
    state.select_package("seed");
    settle().await;
    state.truncate.set(Some((
        "seed".into(),
        TruncateOptions {
            bundle: "seed.v1.3.0".into(),
            ..Default::default()
        },
    )));
    settle().await;
    for (b, removed) in [
        ("seed.v1.1.0", "true"),
        ("seed.v1.2.0", "true"),
        ("seed.v1.3.0", "false"),
        ("seed.v1.4.0", "false"),
    ] {
        assert_eq!(
            attr_of(&root, b, "data-removed").as_deref(),
            Some(removed),
            "{b}"
        );
    }
    assert_eq!(
        attr_of(&root, "seed.v1.3.0", "data-to-deprecate").as_deref(),
        Some("true")
    );
    let names = |id: &str| -> Vec<String> {
        let list = root
            .query_selector_all(&format!("[data-testid={id}] [data-name]"))
            .unwrap();
        (0..list.length())
            .map(|i| {
                list.item(i)
                    .unwrap()
                    .unchecked_into::<web_sys::Element>()
                    .get_attribute("data-name")
                    .unwrap()
            })
            .collect()
    };
    assert_eq!(names("truncate-removed-bundles"), ["seed.v1.1.0"]);
    assert_eq!(names("truncate-stranded"), ["seed.v1.1.0", "seed.v1.2.0"]);
    // Another package ends the preview.
    state.select_package("lifecycle-demo");
    settle().await;
    assert!(state.truncation.get_untracked().is_none());
    assert!(root
        .query_selector("[data-removed=true]")
        .unwrap()
        .is_none());
}

#[wasm_bindgen_test]
async fn the_default_channel_head_is_refused_in_words() {
    let (state, root) = mount(FIXTURE, || view! { <TruncatePanel/> });
    state.select_package("seed");
    settle().await;
    state.truncate.set(Some((
        "seed".into(),
        TruncateOptions {
            bundle: "seed.v1.4.0".into(),
            ..Default::default()
        },
    )));
    settle().await;
    let error = root
        .query_selector("[data-testid=truncate-error]")
        .unwrap()
        .unwrap();
    assert!(error.text_content().unwrap().contains("default channel"));
    assert!(root
        .query_selector("[data-testid=truncate-download]")
        .unwrap()
        .is_none());
}

#[wasm_bindgen_test]
fn truncated_catalog_needs_the_files_and_skips_what_a_folder_load_skipped() {
    let catalog = load_files(vec![InputFile::new("lifecycle.yaml", FIXTURE)]);
    let pkg = catalog.package("seed").unwrap();
    let (new_pkg, report) = olm_graph_core::lifecycle::deprecate_truncate(
        pkg,
        &TruncateOptions {
            bundle: "seed.v1.3.0".into(),
            ..Default::default()
        },
    )
    .unwrap();
    let err = truncated_catalog(&Origin::default(), &report, &new_pkg).unwrap_err();
    assert!(err.contains("load it again"), "{err}");
    let file = |path: &str, text: &str| FileText {
        path: path.into(),
        text: JsString::from(text),
    };
    let origin = Origin {
        url: None,
        files: vec![
            file("catalog/index.yaml", FIXTURE),
            file("catalog/README.md", "# not FBC"),
        ],
        only_catalog_extensions: true,
    };
    let inputs = origin_inputs(&origin);
    assert_eq!(inputs.len(), 1, "the README is not read");
    let text = truncated_catalog(&origin, &report, &new_pkg).unwrap();
    let out = load_files(vec![InputFile::new("out.json", text)]);
    assert!(lint_catalog(&out).iter().all(|d| !d.is_error()));
    assert!(out.package("seed").unwrap().bundle("seed.v1.1.0").is_none());
    assert!(
        out.package("lifecycle-demo").is_some(),
        "other packages kept"
    );
}

#[wasm_bindgen_test]
fn download_names_are_safe() {
    assert_eq!(
        download_name("seed", "seed.v1.3.0"),
        "seed-truncated-at-seed.v1.3.0.json"
    );
    assert_eq!(
        download_name("a/b", "x y<z>"),
        "a_b-truncated-at-x_y_z_.json"
    );
}

#[wasm_bindgen_test]
fn fate_counts_cover_every_status() {
    let old = load_files(vec![InputFile::new("lifecycle.yaml", FIXTURE)]);
    let d = diff_package(&old, &old, "seed", &DiffOptions::default()).unwrap();
    let counts = fate_counts(&d);
    assert_eq!(counts.len(), 5);
    assert_eq!(counts.iter().map(|c| c.1).sum::<usize>(), d.fates.len());
    assert_eq!(
        counts.iter().find(|c| c.0 == Fate::UpToDate).unwrap().1,
        1,
        "the head"
    );
}

#[wasm_bindgen_test]
fn a_series_needs_two_subfolders_and_keeps_version_order() {
    use olm_graph_web::diff_panel::parse_series;
    let one = vec![InputFile::new("v4.12/c.yaml", FIXTURE)];
    assert!(parse_series(one)
        .unwrap_err()
        .contains("at least two subfolders"));
    let files = vec![
        InputFile::new("v4.10/c.yaml", FIXTURE),
        InputFile::new("v4.9/c.yaml", FIXTURE),
        InputFile::new("v4.9/notes.txt", "not a catalog"),
    ];
    let series = parse_series(files).unwrap();
    let labels: Vec<&str> = series.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(labels, ["v4.9", "v4.10"]);
    assert!(series[0].1.package("seed").is_some());
    assert!(
        series[0].1.diagnostics.iter().all(|d| !d.is_error()),
        "the .txt file is skipped"
    );
}
