//! The package list.

use leptos::prelude::*;
use olm_graph_web::panels::packages::PackageList;
use olm_graph_web::services::sources::SAMPLE_CATALOG;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlInputElement;

use crate::common::{all, attr, click, mount, one, settle};

#[wasm_bindgen_test]
async fn package_search_filters_fuzzily() {
    let (stores, root) = mount(SAMPLE_CATALOG, || view! { <PackageList/> });
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
        stores.selection.package.get_untracked().as_deref(),
        Some("nimbus-cache-operator")
    );
    assert!(shown[0].class_list().contains("selected"));
}
