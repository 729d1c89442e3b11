//! The Mirror tab over the real aws-neuron-operator catalog: an opened ImageSetConfiguration
//! opens the tab and draws the cut (dropped, required, stranded, the dropped channel), and
//! lowering the channel's minVersion in the form removes the stranded marks at once.

use leptos::prelude::*;
use olm_graph_web::graph::GraphPanel;
use olm_graph_web::panels::channels::ChannelTabs;
use olm_graph_web::panels::inspector::Inspector;
use olm_graph_web::state::mirror::{read_file, ConfigFile};
use olm_graph_web::state::workspace::InspectorTab;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

use crate::common::{all, attr_of, mount, one, settle};

const NEURON: &str = include_str!(
    "../../../shared/catalogs/community-operators-prod/v4.21/aws-neuron-operator.yaml"
);
const ISC: &str = include_str!("../e2e/fixtures/mirror-neuron.yaml");
const B: &str = "aws-neuron-operator.v";

#[wasm_bindgen_test]
async fn an_opened_configuration_marks_the_cut_and_the_form_redraws_it() {
    let (stores, root) = mount(NEURON, || {
        provide_context(olm_graph_web::state::Stores::get().workspace);
        view! { <ChannelTabs/><GraphPanel/><Inspector follow_selection=true/> }
    });
    settle().await;
    one(&root, "[data-testid=mirror-empty]");
    assert!(all(&root, "[data-testid=mirror-toggle]").is_empty());
    // As the parsing worker reads it and the page gets it.
    stores.mirror.open(read_file(ConfigFile {
        path: "isc.yaml".into(),
        text: ISC.into(),
    }));
    settle().await;
    assert_eq!(stores.workspace.tab.get_untracked(), InspectorTab::Mirror);
    let mark = |v: &str| attr_of(&root, &format!("{B}{v}"), "data-mirror");
    assert_eq!(mark("0.0.1").as_deref(), Some("stranded"));
    assert_eq!(mark("0.0.3").as_deref(), Some("dropped"));
    assert_eq!(mark("0.0.5").as_deref(), Some("required"));
    assert_eq!(mark("1.2.0").as_deref(), Some("kept"));
    one(&root, "[data-channel=Stable][data-mirror-dropped=true]");
    assert_eq!(all(&root, "[data-testid=mirror-stranded] li").len(), 2);

    let input: web_sys::HtmlInputElement = one(&root, "[data-testid=mirror-channel-min]")
        .dyn_into()
        .unwrap();
    assert_eq!(input.value(), "0.1.2");
    input.set_value("0.0.1");
    input
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    settle().await;
    assert_eq!(mark("0.0.1").as_deref(), Some("kept"));
    assert!(all(&root, "svg.graph .mirror-ring").is_empty());
    assert!(all(&root, "[data-testid=mirror-stranded] li").is_empty());
}
