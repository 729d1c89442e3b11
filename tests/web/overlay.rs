//! The support lifecycle overlay: the toolbar's toggle (disabled without data), its day and
//! platform in the URL's parameters, the nodes' `data-phase` / `data-compatible` and tints,
//! the legend's six phases and the notice of streams without data.

use leptos::prelude::*;
use olm_graph_web::graph::GraphPanel;
use olm_graph_web::services::url::{current_params, UrlParams};
use olm_graph_web::state::support::OverlayInputs;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

use crate::common::{all, attr_of, mount, settle};

/// Three streams: 1.0 past its end of life, 1.1 in full support and on OpenShift 4.18 only,
/// 2.0 without an entry; and a package without lifecycle data.
const CATALOG: &str = r#"
schema: olm.package
name: demo
defaultChannel: stable
---
schema: olm.channel
package: demo
name: stable
entries:
  - name: demo.v1.0.0
  - name: demo.v1.1.0
    replaces: demo.v1.0.0
  - name: demo.v2.0.0
    replaces: demo.v1.1.0
---
schema: olm.bundle
package: demo
name: demo.v1.0.0
image: example.test/demo:1.0.0
properties:
  - type: olm.package
    value: {packageName: demo, version: 1.0.0}
---
schema: olm.bundle
package: demo
name: demo.v1.1.0
image: example.test/demo:1.1.0
properties:
  - type: olm.package
    value: {packageName: demo, version: 1.1.0}
---
schema: olm.bundle
package: demo
name: demo.v2.0.0
image: example.test/demo:2.0.0
properties:
  - type: olm.package
    value: {packageName: demo, version: 2.0.0}
---
schema: io.openshift.operators.lifecycles.v1alpha1
package: demo
versions:
  - name: "1.0"
    phases:
      - {name: Full support, startDate: "2024-01-01", endDate: "2024-12-31"}
  - name: "1.1"
    phases:
      - {name: Full support, startDate: "2025-01-01", endDate: "2027-06-30"}
      - {name: Maintenance support, startDate: "2027-07-01", endDate: "2028-06-30"}
    platformCompatibility:
      - name: openshift
        versions: ["4.18"]
---
schema: olm.package
name: plain
defaultChannel: stable
---
schema: olm.channel
package: plain
name: stable
entries:
  - name: plain.v1.0.0
---
schema: olm.bundle
package: plain
name: plain.v1.0.0
image: example.test/plain:1.0.0
properties:
  - type: olm.package
    value: {packageName: plain, version: 1.0.0}
"#;

fn toggle(root: &web_sys::HtmlElement) -> web_sys::HtmlButtonElement {
    root.query_selector("[data-testid=lifecycle-toggle]")
        .unwrap()
        .expect("the toolbar has the lifecycle toggle")
        .unchecked_into()
}

#[wasm_bindgen_test]
async fn the_toggle_draws_the_phases_and_writes_the_url() {
    let (stores, root) = mount(CATALOG, || view! { <GraphPanel/> });
    stores.selection.select_package("demo");
    settle().await;
    assert_eq!(attr_of(&root, "demo.v1.1.0", "data-phase"), None);
    let button = toggle(&root);
    assert!(!button.disabled());
    assert_eq!(
        button.get_attribute("aria-pressed").as_deref(),
        Some("false")
    );
    // As a link with lifecycle=1&asof=2026-11-26&platform=4.18 sets it.
    let linked = UrlParams::parse("?package=demo&lifecycle=1&asof=2026-11-26&platform=4.18");
    stores.graph.overlay.set(linked.support.clone());
    settle().await;
    assert_eq!(
        button.get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
    let phase = |b: &str| attr_of(&root, b, "data-phase");
    let compatible = |b: &str| attr_of(&root, b, "data-compatible");
    assert_eq!(phase("demo.v1.0.0").as_deref(), Some("end of life"));
    assert_eq!(phase("demo.v1.1.0").as_deref(), Some("Full support"));
    assert_eq!(compatible("demo.v1.1.0").as_deref(), Some("true"));
    assert_eq!(phase("demo.v2.0.0").as_deref(), Some("unknown"));
    assert_eq!(compatible("demo.v2.0.0"), None);
    let class = attr_of(&root, "demo.v1.1.0", "class").unwrap();
    assert!(class.contains("phase-full"), "{class}");
    let title = root
        .query_selector("[data-bundle=\"demo.v1.1.0\"] > title")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap();
    assert!(title.contains("Full support (until 2027-06-30)"), "{title}");
    assert!(title.contains("runs on OpenShift 4.18: yes"), "{title}");
    // The legend's six phases and the notice of the stream without data.
    assert_eq!(all(&root, ".legend [data-phase-class]").len(), 6);
    let notice = root
        .query_selector("[data-testid=lifecycle-notice]")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap();
    assert_eq!(
        notice,
        "1 shipped stream of demo has no lifecycle data: 2.0"
    );
    // The inputs round-trip through the URL's parameters.
    let params = current_params(&stores, true);
    assert_eq!(params.support, linked.support);
    assert!(params
        .query()
        .ends_with("lifecycle=1&asof=2026-11-26&platform=4.18"));
    // The platform field changes compatibility; the toggle turns it all off.
    stores
        .graph
        .overlay
        .update(|o| o.platform = Some("4.20".into()));
    settle().await;
    assert_eq!(compatible("demo.v1.1.0").as_deref(), Some("false"));
    button.click();
    settle().await;
    assert_eq!(phase("demo.v1.1.0"), None);
    assert!(all(&root, ".legend [data-phase-class]").is_empty());
    assert!(root
        .query_selector("[data-testid=lifecycle-notice]")
        .unwrap()
        .is_none());
    assert!(!current_params(&stores, true).support.on);
}

#[wasm_bindgen_test]
async fn without_lifecycle_data_the_toggle_is_disabled_and_says_why() {
    let (stores, root) = mount(CATALOG, || view! { <GraphPanel/> });
    stores.selection.select_package("plain");
    settle().await;
    let button = toggle(&root);
    assert!(button.disabled());
    let title = button.get_attribute("title").unwrap();
    assert!(
        title.contains("No lifecycle data covers this package"),
        "{title}"
    );
    // Turned on by a link anyway: it can be turned off, and the notice says there is no data.
    stores.graph.overlay.set(OverlayInputs {
        on: true,
        ..OverlayInputs::default()
    });
    settle().await;
    assert!(!button.disabled());
    assert_eq!(
        attr_of(&root, "plain.v1.0.0", "data-phase").as_deref(),
        Some("unknown")
    );
    let notice = root
        .query_selector("[data-testid=lifecycle-notice]")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap();
    assert!(
        notice.starts_with("No lifecycle data covers plain"),
        "{notice}"
    );
}
