//! The Cluster tab over the real descheduler catalog: opened state opens the tab, each operator
//! shows core's verdict, choosing one marks the graph (you are here, the failed bundle, the
//! path) and lists the commands; text from the state is rendered as text.

use leptos::prelude::*;
use olm_graph_web::graph::GraphPanel;
use olm_graph_web::panels::inspector::Inspector;
use olm_graph_web::state::cluster::{ClusterFile, Opened};
use olm_graph_web::state::selection::ChannelChoice;
use olm_graph_web::state::workspace::InspectorTab;
use wasm_bindgen_test::*;

use crate::common::{all, attr, attr_of, click, mount, one, settle};

const DESCHEDULER: &str = include_str!(
    "../../../shared/catalogs/openshift-kube-descheduler-fbc/v4.16/cluster-kube-descheduler-operator.json"
);
const STUCK: &str = include_str!("../e2e/fixtures/cluster-stuck.yaml");
const INSTALLED: &str = "clusterkubedescheduleroperator.v5.0.3";
const FAILED: &str = "clusterkubedescheduleroperator.v5.0.4";

/// The state as the parsing worker reads it and the page gets it.
fn state(path: &str, text: &str) -> Opened {
    Opened::read(&[ClusterFile {
        path: path.into(),
        text: text.into(),
    }])
}

#[wasm_bindgen_test]
async fn choosing_the_stuck_operator_marks_the_graph_and_lists_the_commands() {
    let (stores, root) = mount(DESCHEDULER, || {
        provide_context(olm_graph_web::state::Stores::get().workspace);
        view! { <GraphPanel/><Inspector follow_selection=true/> }
    });
    settle().await;
    one(&root, "[data-testid=cluster-empty]");
    stores.cluster.open(state("cluster-stuck.yaml", STUCK));
    settle().await;
    assert_eq!(stores.workspace.tab.get_untracked(), InspectorTab::Cluster);
    let items = all(&root, "[data-testid=cluster-operator]");
    assert_eq!(items.len(), 1);
    assert_eq!(attr(&items[0], "data-state"), "failed-stuck");
    assert_eq!(attr(&items[0], "aria-pressed"), "false");

    click(&items[0]);
    settle().await;
    settle().await;
    assert_eq!(attr(&items[0], "aria-pressed"), "true");
    assert_eq!(
        stores.selection.channel.get_untracked(),
        ChannelChoice::Named("stable".into())
    );
    assert_eq!(
        attr_of(&root, INSTALLED, "data-installed").as_deref(),
        Some("true")
    );
    assert_eq!(attr_of(&root, FAILED, "data-installed"), None);
    assert_eq!(
        attr_of(&root, FAILED, "data-failed").as_deref(),
        Some("csv")
    );
    assert_eq!(attr_of(&root, INSTALLED, "data-failed"), None);
    assert_eq!(
        attr_of(&root, INSTALLED, "data-path-step").as_deref(),
        Some("0")
    );
    assert_eq!(
        attr_of(&root, FAILED, "data-path-step").as_deref(),
        Some("1")
    );
    let here = all(&root, "[data-testid=you-are-here]");
    assert_eq!(here.len(), 1, "one bundle is where the cluster is");
    let report = one(&root, "[data-testid=cluster-report]");
    assert_eq!(attr(&report, "data-state"), "failed-stuck");
    let commands = all(&root, "[data-testid=cluster-command]");
    assert!(commands.len() >= 3, "{}", commands.len());
    assert_eq!(
        all(&root, "[data-testid=cluster-copy]").len(),
        commands.len()
    );
    assert!(commands[0]
        .text_content()
        .unwrap_or_default()
        .starts_with("oc delete clusterserviceversion"));

    // Opening other state forgets the choice and the marks.
    stores.cluster.open(state("again.yaml", STUCK));
    settle().await;
    assert_eq!(attr_of(&root, INSTALLED, "data-installed"), None);
    assert!(all(&root, "[data-testid=cluster-report]").is_empty());
}

#[wasm_bindgen_test]
async fn text_from_the_state_is_text() {
    let hostile = r#"apiVersion: operators.coreos.com/v1alpha1
kind: Subscription
metadata:
  name: "<img src=x onerror=alert(1)>"
  namespace: ns
spec:
  name: "<b>pkg</b>"
  channel: stable
  source: s
  sourceNamespace: m
status:
  installedCSV: "csv.v2"
  currentCSV: "csv.v2"
---
apiVersion: operators.coreos.com/v1alpha1
kind: ClusterServiceVersion
metadata:
  name: csv.v2
  namespace: ns
spec:
  version: 2.0.0
status:
  phase: Failed
  reason: InstallCheckFailed
  message: "<script>window.pwned = 1</script><img src=x>"
"#;
    let (stores, root) = mount(DESCHEDULER, || {
        provide_context(olm_graph_web::state::Stores::get().workspace);
        view! { <Inspector follow_selection=true/> }
    });
    stores.cluster.open(state("hostile.yaml", hostile));
    settle().await;
    click(&one(&root, "[data-testid=cluster-operator]"));
    settle().await;
    let panel = one(&root, "[data-testid=cluster-panel]");
    assert!(all(&panel, "img, script, b").is_empty());
    let text = panel.text_content().unwrap_or_default();
    assert!(text.contains("<img src=x onerror=alert(1)>"), "{text}");
    assert!(text.contains("<script>window.pwned = 1</script>"), "{text}");
}
