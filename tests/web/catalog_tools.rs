//! The catalog tools (truncate, compare, image template): the graph's terminated and truncation markings driven through the
//! stores, the truncate panel's lists, and the truncated catalog from the loaded files.

use js_sys::JsString;
use leptos::prelude::*;
use olm_graph_core::change::TruncateOptions;
use olm_graph_core::resolve::Resolver;
use olm_graph_core::validate::lint_catalog;
use olm_graph_core::{load_files, InputFile};
use olm_graph_web::graph::GraphPanel;
use olm_graph_web::panels::catalog_tools::truncate::{
    origin_files, truncate_request, TruncatePanel,
};
use olm_graph_web::services::jobs::FbcEdit;
use olm_graph_web::state::load::{FileText, Origin};
use olm_graph_web::state::selection::ChannelChoice;
use olm_graph_web::worker::tools::write_fbc;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

use crate::common::{attr_of, mount, settle};

const FIXTURE: &str = include_str!("../e2e/fixtures/lifecycle.yaml");

#[wasm_bindgen_test]
async fn terminated_nodes_follow_the_chosen_resolver() {
    let (stores, root) = mount(FIXTURE, || view! { <GraphPanel/> });
    stores.selection.select_package("lifecycle-demo");
    settle().await;
    stores
        .selection
        .select_channel(ChannelChoice::Named("stable".into()));
    settle().await;
    assert_eq!(
        attr_of(&root, "lifecycle-demo.v1.1.0", "data-terminated").as_deref(),
        Some("false")
    );
    stores.lifecycle.terminated_resolver.set(Resolver::V1);
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
    let (stores, root) = mount(FIXTURE, || view! { <GraphPanel/> });
    stores.selection.select_package("lifecycle-demo");
    settle().await;
    stores
        .selection
        .select_channel(ChannelChoice::Named("old".into()));
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
    let (stores, root) = mount(FIXTURE, || view! { <GraphPanel/><TruncatePanel/> });
    stores.selection.select_package("seed");
    settle().await;
    stores.lifecycle.truncate.set(Some((
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
    stores.selection.select_package("lifecycle-demo");
    settle().await;
    assert!(stores.lifecycle.truncation.get_untracked().is_none());
    assert!(root
        .query_selector("[data-removed=true]")
        .unwrap()
        .is_none());
}

#[wasm_bindgen_test]
async fn the_default_channel_head_is_refused_in_words() {
    let (stores, root) = mount(FIXTURE, || view! { <TruncatePanel/> });
    stores.selection.select_package("seed");
    settle().await;
    stores.lifecycle.truncate.set(Some((
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
    let (new_pkg, report) = olm_graph_core::change::deprecate_truncate(
        pkg,
        &TruncateOptions {
            bundle: "seed.v1.3.0".into(),
            ..Default::default()
        },
    )
    .unwrap();
    let err = truncate_request(&Origin::default(), &report, &new_pkg).unwrap_err();
    assert!(err.contains("load it again"), "{err}");
    let file = |path: &str, text: &str| FileText {
        path: path.into(),
        text: JsString::from(text).into(),
    };
    let origin = Origin {
        url: None,
        files: vec![
            file("catalog/index.yaml", FIXTURE),
            file("catalog/README.md", "# not FBC"),
        ],
        only_catalog_extensions: true,
        folder: None,
    };
    assert_eq!(origin_files(&origin).len(), 1, "the README is not read");
    // The page's request, as the tools worker writes it.
    let (edit, files) = truncate_request(&origin, &report, &new_pkg).unwrap();
    let edit: FbcEdit = serde_json::from_str(&serde_json::to_string(&edit).unwrap()).unwrap();
    assert_eq!(files.len(), 1, "the README is not sent");
    let inputs: Vec<InputFile> = files.iter().map(FileText::to_input_file).collect();
    let text = write_fbc(&inputs, &edit).unwrap();
    let out = load_files(vec![InputFile::new("out.json", text)]);
    assert!(lint_catalog(&out).iter().all(|d| !d.is_error()));
    assert!(out.package("seed").unwrap().bundle("seed.v1.1.0").is_none());
    assert!(
        out.package("lifecycle-demo").is_some(),
        "other packages kept"
    );
}
