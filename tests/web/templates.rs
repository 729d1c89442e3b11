//! Catalog templates in the app: the details panel's facts and template mark, and the template
//! studio's pure-view parts fed through its store (no worker here): the findings marked on the
//! text and linked to their place, what an edit does to installed clusters, the semver form
//! editing the text, and starting a session from the template on screen.

use js_sys::JsString;
use leptos::prelude::*;
use olm_graph_core::template::template_catalog;
use olm_graph_core::validate::lint_catalog;
use olm_graph_core::InputFile;
use olm_graph_web::panels::details::DetailsPanel;
use olm_graph_web::panels::templates::editor::TemplateEditor;
use olm_graph_web::panels::templates::semver_form::SemverForm;
use olm_graph_web::panels::templates::start::StudioStart;
use olm_graph_web::panels::templates::summary::InstalledSummary;
use olm_graph_web::state::load::{FileText, Loaded, Origin};
use olm_graph_web::state::shared::Shared;
use olm_graph_web::state::templates::{Rendered, Session, TemplateStudio};
use olm_graph_web::state::Stores;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlElement, HtmlInputElement, HtmlTextAreaElement};

use crate::common::{all, attr, click, mount, mount_providing, one, settle};

const REPLACES: &str = include_str!("../e2e/fixtures/replaces-template.yaml");
const WIDGET: &str = include_str!("../e2e/fixtures/widget-semver.yaml");

/// Mounts `view` with a studio store in the context, over the stores showing `text`.
fn mount_studio<F, N>(text: &str, view: F) -> (Stores, TemplateStudio, HtmlElement)
where
    F: FnOnce() -> N + 'static,
    N: IntoView + 'static,
{
    mount_providing(text, TemplateStudio::new, view)
}

/// The catalog `text` renders to, as the worker hands it over.
fn rendered(path: &str, text: &str) -> Shared<Loaded> {
    let catalog = template_catalog(&[InputFile::new(path, text)], &[]);
    let findings = lint_catalog(&catalog);
    Shared::new(Loaded::new(
        path.into(),
        catalog,
        findings,
        Origin::default(),
    ))
}

fn session(path: &str) -> Session {
    Session {
        path: path.into(),
        started_from: path.into(),
        sources: Vec::new(),
    }
}

#[wasm_bindgen_test]
async fn the_details_say_where_a_template_bundle_facts_came_from() {
    let (stores, root) = mount(REPLACES, || view! { <DetailsPanel/> });
    settle().await;
    let template = one(&root, "[data-field=template]").text_content().unwrap();
    assert_eq!(template, "test.yaml (olm.template.basic)");
    stores
        .selection
        .select_bundle(Some("demo-operator.v1.1.0".into()));
    settle().await;
    let facts = one(&root, "[data-field=facts]");
    for f in ["fact-name", "fact-version"] {
        let dd = one(&facts, &format!("[data-field={f}]"));
        assert_eq!(attr(&dd, "data-source"), "bundle-name", "{f}");
    }
    assert!(one(&root, "[data-field=stub]")
        .text_content()
        .unwrap()
        .contains("A stub"));
}

#[wasm_bindgen_test]
async fn findings_are_marked_on_their_lines_and_link_to_their_place() {
    let bad = "schema: olm.semver\ngenerateMajorChannels: true\ngenerateMinorChannels: false\ndefaultChannelTypePreference: minor\nstable:\n  bundles:\n  - image: q.io/a:widget-operator.v1.0.0\n";
    let (_, studio, root) = mount_studio(REPLACES, || view! { <TemplateEditor/> });
    studio.start(session("bad.yaml"), bad.into(), None);
    studio.rendered.set(Some(Rendered {
        revision: studio.revision.get_untracked(),
        loaded: rendered("bad.yaml", bad),
    }));
    settle().await;
    let area: HtmlTextAreaElement = one(&root, "[data-testid=studio-text]").unchecked_into();
    assert_eq!(area.value(), bad, "the session's text is in the area");
    let marks = all(&root, "[data-testid=studio-marks] .studio-mark-line.error");
    assert_eq!(marks.len(), 1);
    let line: usize = attr(&marks[0], "data-line").parse().unwrap();
    let problem = one(&root, "[data-testid=studio-problems] .studio-problem.error");
    assert_eq!(attr(&problem, "data-line"), line.to_string());
    assert!(problem
        .text_content()
        .unwrap()
        .contains("DefaultChannelTypePreference set to 'minor'"));
    click(&one(&problem, "button"));
    settle().await;
    let start = area.selection_start().unwrap().unwrap() as usize;
    let before = &bad[..start];
    assert_eq!(
        before.matches('\n').count() + 1,
        line,
        "the caret is on the line"
    );
}

#[wasm_bindgen_test]
async fn an_edited_replaces_shows_the_stranded_bundles_and_the_moved_head() {
    let (_, studio, root) = mount_studio(REPLACES, || view! { <InstalledSummary/> });
    studio.start(session("t.yaml"), REPLACES.into(), None);
    let opened = rendered("t.yaml", REPLACES);
    studio.baseline.set(Some(opened.clone()));
    studio.rendered.set(Some(Rendered {
        revision: 1,
        loaded: opened,
    }));
    settle().await;
    let change = one(
        &root,
        "[data-testid=studio-change][data-package=demo-operator]",
    );
    assert_eq!(attr(&change, "data-stranded"), "0");
    let edited = REPLACES.replacen(
        "replaces: demo-operator.v1.1.2",
        "replaces: demo-operator.v1.1.1",
        1,
    );
    studio.rendered.set(Some(Rendered {
        revision: 2,
        loaded: rendered("t.yaml", &edited),
    }));
    settle().await;
    let change = one(
        &root,
        "[data-testid=studio-change][data-package=demo-operator]",
    );
    assert_eq!(attr(&change, "data-stranded"), "5");
    assert_eq!(attr(&change, "data-heads-moved"), "1");
    let heads: Vec<String> = all(&root, "[data-testid=studio-heads] [data-name]")
        .iter()
        .map(|e| attr(e, "data-name"))
        .collect();
    assert_eq!(heads, ["stable"]);
}

#[wasm_bindgen_test]
async fn the_semver_form_edits_the_text_and_records_entered_versions() {
    let (_, studio, root) = mount_studio(WIDGET, || view! { <SemverForm/> });
    studio.start(session("w.yaml"), WIDGET.into(), None);
    studio.rendered.set(Some(Rendered {
        revision: 1,
        loaded: rendered(
            "w.yaml",
            "schema: olm.semver\nstable:\n  bundles:\n  - image: q.io/w:widget-operator.v1.0.0\n",
        ),
    }));
    settle().await;
    let input = |id: &str| -> HtmlInputElement {
        one(&root, &format!("[data-testid={id}]")).unchecked_into()
    };
    input("studio-image").set_value("q.io/w@sha256:abc");
    input("studio-version").set_value("v2.0.0");
    let add = || {
        one(&root, "[data-testid=studio-add]")
            .unchecked_into::<HtmlElement>()
            .click()
    };
    add();
    settle().await;
    let text = studio.text.get_untracked();
    assert!(text.ends_with("  - Image: q.io/w@sha256:abc\n"), "{text}");
    let entered = studio.entered.get_untracked();
    assert_eq!(entered.len(), 1);
    assert_eq!(entered[0].bundle_name(), "widget-operator.v2.0.0");
    assert_eq!(input("studio-image").value(), "", "the form is cleared");
    // An image with a space is refused; the text stays.
    input("studio-image").set_value("q.io/w b");
    add();
    settle().await;
    assert!(one(&root, "[data-testid=studio-add-error]")
        .text_content()
        .unwrap()
        .contains("not a bundle image reference"));
    assert_eq!(studio.text.get_untracked(), text);
}

#[wasm_bindgen_test]
async fn the_template_on_screen_opens_in_the_studio_with_its_sources() {
    let (stores, studio, root) = mount_studio(REPLACES, || view! { <StudioStart/> });
    let catalog = template_catalog(&[InputFile::new("t.yaml", REPLACES)], &[]);
    let files = vec![
        FileText {
            path: "t.yaml".into(),
            text: JsString::from(REPLACES).into(),
        },
        FileText {
            path: "rendered.json".into(),
            text: JsString::from("{}").into(),
        },
    ];
    let origin = Origin {
        url: None,
        files,
        only_catalog_extensions: false,
        folder: None,
    };
    let findings = lint_catalog(&catalog);
    stores.catalog_arrived(Loaded::new("two files".into(), catalog, findings, origin));
    settle().await;
    assert!(
        all(&root, "[data-testid=studio-start-semver]").is_empty(),
        "a template, not a rendered package"
    );
    click(&one(&root, "[data-testid=studio-edit-screen]"));
    settle().await;
    assert_eq!(studio.text.get_untracked(), REPLACES);
    let s = studio.session.get_untracked().expect("a session");
    assert_eq!(s.path, "t.yaml");
    let sources: Vec<&str> = s.sources.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(sources, ["rendered.json"]);
    assert!(studio.open.get_untracked() && studio.live.get_untracked());
}
