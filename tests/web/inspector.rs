//! The inspector: its tasks as tabs, a selected bundle opening its details, and the details'
//! "Simulate from here" and "Plan from here".

use leptos::prelude::*;
use olm_graph_web::graph::GraphPanel;
use olm_graph_web::panels::inspector::Inspector;
use olm_graph_web::services::sources::SAMPLE_CATALOG;
use olm_graph_web::state::workspace::InspectorTab;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlInputElement;

use crate::common::{attr, click, mount, one, settle};

#[wasm_bindgen_test]
async fn selecting_a_bundle_opens_its_details_and_the_actions_open_their_tasks() {
    let (stores, root) = mount(SAMPLE_CATALOG, || {
        provide_context(olm_graph_web::state::Stores::get().workspace);
        view! { <GraphPanel/><Inspector follow_selection=true/> }
    });
    settle().await;
    let ws = stores.workspace;
    // Every tab control is there; one pane is shown.
    for t in InspectorTab::ALL {
        one(
            &root,
            &format!("[data-testid=inspector-tab-{}]", t.as_str()),
        );
    }
    let shown = |t: InspectorTab| {
        !one(&root, &format!("#inspector-{}", t.as_str())).has_attribute("hidden")
    };
    assert!(shown(InspectorTab::Details) && !shown(InspectorTab::Simulate));
    click(&one(&root, "[data-testid=inspector-tab-plan]"));
    settle().await;
    assert_eq!(ws.tab.get_untracked(), InspectorTab::Plan);
    assert!(shown(InspectorTab::Plan) && !shown(InspectorTab::Details));

    // A click on a bundle brings its details back.
    click(&one(&root, "[data-bundle='acme-operator.v1.0.0']"));
    settle().await;
    assert_eq!(ws.tab.get_untracked(), InspectorTab::Details);
    assert_eq!(
        attr(
            &one(&root, "[data-testid=inspector-tab-details]"),
            "aria-selected"
        ),
        "true"
    );

    click(&one(&root, "[data-testid=simulate-from-selection]"));
    settle().await;
    assert_eq!(ws.tab.get_untracked(), InspectorTab::Simulate);
    assert_eq!(
        stores.simulation.inputs.get_untracked().installed,
        "acme-operator.v1.0.0"
    );
    one(&root, "[data-testid=path-outcome]");

    // A second click on the selected bundle brings its details back too.
    click(&one(&root, "[data-bundle='acme-operator.v1.0.0']"));
    settle().await;
    assert_eq!(ws.tab.get_untracked(), InspectorTab::Details);
    assert!(shown(InspectorTab::Details) && !shown(InspectorTab::Simulate));

    click(&one(&root, "[data-testid=plan-from-selection]"));
    settle().await;
    assert_eq!(ws.tab.get_untracked(), InspectorTab::Plan);
    let from: HtmlInputElement = one(&root, "[data-testid=plan-from]").dyn_into().unwrap();
    assert_eq!(from.value(), "acme-operator.v1.0.0");
}
