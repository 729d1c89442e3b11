//! The simulation: its path marked on the graph from the store (no panel needed), hop by hop,
//! and the panel's inputs written into the store as enums.

use leptos::prelude::*;
use olm_graph_core::resolve::{FailureKind, UpgradeStrategy};
use olm_graph_web::graph::GraphPanel;
use olm_graph_web::panels::simulation::SimulationPanel;
use olm_graph_web::state::simulation::{ResolverChoice, SimInputs};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlSelectElement;

use crate::common::{all, attr, attr_of, mount, one, settle};

const DIFFER: &str = include_str!("../../crates/core/tests/fixtures/resolve/v0-v1-differ.yaml");
const FAILFORWARD: &str = include_str!("../../crates/core/tests/fixtures/resolve/failforward.yaml");

/// Node names ordered by their step on the path (`suffix` "" for the first path, "-v1").
fn painted(root: &web_sys::Element, suffix: &str) -> Vec<String> {
    let key = format!("data-path-step{suffix}");
    let mut steps: Vec<(usize, String)> = all(root, &format!("g.node[{key}]"))
        .iter()
        .map(|n| (attr(n, &key).parse().unwrap(), attr(n, "data-bundle")))
        .collect();
    steps.sort();
    steps.into_iter().map(|(_, b)| b).collect()
}

#[wasm_bindgen_test]
async fn both_paths_are_marked_on_the_graph_and_follow_the_steps() {
    let (stores, root) = mount(DIFFER, || view! { <GraphPanel/> });
    settle().await;
    let sim = stores.simulation;
    sim.inputs.set(SimInputs {
        installed: "differ.v1.0.0".into(),
        resolver: ResolverChoice::Both,
        ..SimInputs::default()
    });
    sim.instant.set(true);
    settle().await;
    let result = sim.result.get_untracked().unwrap();
    let path = |i: usize| {
        let p = result.paths[i].result.as_ref().unwrap();
        std::iter::once(p.from.clone())
            .chain(p.hops.iter().map(|h| h.to.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(painted(&root, ""), path(0));
    assert_eq!(painted(&root, "-v1"), path(1));
    assert_ne!(path(0), path(1));
    let last = path(0).last().unwrap().clone();
    assert_eq!(
        attr_of(&root, &last, "data-path-current").as_deref(),
        Some("true")
    );
    let reasons: Vec<String> = all(&root, "[data-on-path=true][data-path-reason]")
        .iter()
        .map(|e| attr(e, "data-path-reason"))
        .collect();
    assert!(!reasons.is_empty());
    assert!(
        !all(&root, "[data-testid=path-edge-label]").is_empty(),
        "hops are labelled"
    );
    // Hop by hop: only the installed bundle at step 0, then one hop more.
    sim.instant.set(false);
    settle().await;
    assert_eq!(painted(&root, ""), path(0)[..1].to_vec());
    sim.step_once();
    settle().await;
    assert_eq!(painted(&root, ""), path(0)[..2].to_vec());
    // No simulation, no marks.
    sim.inputs.set(SimInputs::default());
    settle().await;
    assert!(all(
        &root,
        "[data-on-path], [data-path-step], [data-path-current]"
    )
    .is_empty());
}

#[wasm_bindgen_test]
async fn the_form_writes_typed_inputs_and_the_failing_bundle_is_marked() {
    let (stores, root) = mount(FAILFORWARD, || view! { <SimulationPanel/><GraphPanel/> });
    settle().await;
    let sim = stores.simulation;
    let choose = |testid: &str, value: &str| {
        let select: HtmlSelectElement =
            one(&root, &format!("[data-testid={testid}]")).unchecked_into();
        select.set_value(value);
        select
            .dispatch_event(&web_sys::Event::new("change").unwrap())
            .unwrap();
    };
    choose("resolver-select", "v1");
    choose("failure-kind-select", "installplan");
    choose("strategy-select", "TechPreviewUnsafeFailForward");
    sim.inputs.update(|i| {
        i.installed = "f1".into();
        i.failing = "f2".into();
    });
    sim.instant.set(true);
    settle().await;
    let inputs = sim.inputs.get_untracked();
    assert_eq!(inputs.resolver, ResolverChoice::V1);
    assert_eq!(inputs.failure, Some(FailureKind::InstallPlan));
    assert_eq!(
        inputs.strategy,
        UpgradeStrategy::TechPreviewUnsafeFailForward
    );
    assert_eq!(
        attr_of(&root, "f2", "data-failed").as_deref(),
        Some("installplan")
    );
    assert_eq!(
        one(&root, "[data-testid=path-outcome]")
            .get_attribute("data-outcome")
            .as_deref(),
        Some("waiting-for-catalog-update")
    );
}
