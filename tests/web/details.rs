//! The details panel, and catalog text with markup everywhere it is shown.

use leptos::prelude::*;
use olm_graph_core::model::Icon;
use olm_graph_web::graph::GraphPanel;
use olm_graph_web::panels::details::DetailsPanel;
use olm_graph_web::panels::findings::LintPanel;
use olm_graph_web::panels::packages::PackageList;
use olm_graph_web::services::sources::SAMPLE_CATALOG;
use olm_graph_web::widgets::icon::PackageIcon;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

use crate::common::{all, attr, click, document, mount, one, settle};

#[wasm_bindgen_test]
async fn clicking_a_bundle_opens_its_details() {
    let (stores, root) = mount(SAMPLE_CATALOG, || view! { <GraphPanel/><DetailsPanel/> });
    settle().await;
    click(&one(&root, "[data-bundle='acme-operator.v1.2.0']"));
    settle().await;
    assert_eq!(
        stores.selection.bundle.get_untracked().as_deref(),
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
    stores
        .selection
        .select_bundle(Some("acme-operator.v1.0.0".into()));
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
    let (stores, root) = mount(HOSTILE, || {
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
    stores.selection.select_bundle(Some("evil.v1.0.0".into()));
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
async fn an_icon_is_shown_only_as_a_data_url_of_an_image_type() {
    let icon = |m: &str, d: &str| Icon {
        media_type: m.into(),
        base64_data: d.into(),
    };
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
