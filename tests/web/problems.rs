//! The problems panel: a malformed catalog keeps the previous one, a partly valid one shows
//! what it can.

use leptos::prelude::*;
use olm_graph_web::graph::GraphPanel;
use olm_graph_web::panels::problems::ErrorPanel;
use olm_graph_web::services::sources::SAMPLE_CATALOG;
use wasm_bindgen_test::*;

use crate::common::{all, click, loaded, mount, one, settle};

#[wasm_bindgen_test]
async fn a_malformed_catalog_is_explained_and_the_previous_one_kept() {
    let (stores, root) = mount(SAMPLE_CATALOG, || view! { <ErrorPanel/><GraphPanel/> });
    settle().await;
    let panel = one(&root, "[data-testid=error-panel]");
    assert!(panel.has_attribute("hidden"), "no problems yet");
    stores.catalog_arrived(loaded(
        "broken.yaml",
        "schema: olm.package\nname: [unclosed\n  - : :\n",
    ));
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
    click(&one(&panel, "button[aria-label='Dismiss the problems']"));
    settle().await;
    assert!(panel.has_attribute("hidden"));
}

#[wasm_bindgen_test]
async fn a_partly_valid_catalog_shows_what_it_can() {
    let text = format!("{SAMPLE_CATALOG}---\nschema: olm.bundle\nname: [broken\n");
    let (stores, root) = mount(&text, || view! { <ErrorPanel/><GraphPanel/> });
    settle().await;
    let panel = one(&root, "[data-testid=error-panel]");
    assert!(!panel.has_attribute("hidden"));
    assert!(panel.text_content().unwrap().contains("2 packages shown"));
    assert_eq!(
        stores
            .load
            .loaded
            .with_untracked(|l| l.as_ref().unwrap().catalog.packages.len()),
        2
    );
    assert_eq!(all(&root, "[data-bundle]").len(), 7);
}
