//! The findings panel.

use std::sync::Arc;

use leptos::prelude::*;
use olm_graph_core::diag::Rule;
use olm_graph_web::graph::GraphPanel;
use olm_graph_web::panels::findings::LintPanel;
use olm_graph_web::services::sources::SAMPLE_CATALOG;
use olm_graph_web::state::rule_texts::{Fetched, RuleText, RuleTexts};
use olm_graph_web::state::selection::ChannelChoice;
use wasm_bindgen_test::*;

use crate::common::{all, attr, click, mount, mount_providing, one, settle};

#[wasm_bindgen_test]
async fn clicking_a_finding_focuses_its_bundle() {
    let (stores, root) = mount(SAMPLE_CATALOG, || view! { <GraphPanel/><LintPanel/> });
    settle().await;
    let panel = one(&root, "[data-testid=lint-panel]");
    let findings = all(&panel, ".finding");
    assert_eq!(findings.len(), 1, "the sample has one intentional warning");
    assert_eq!(attr(&findings[0], "data-severity"), "warning");
    click(&one(&findings[0], "button"));
    settle().await;
    let selection = stores.selection;
    assert_eq!(
        selection.package.get_untracked().as_deref(),
        Some("nimbus-cache-operator")
    );
    assert_eq!(
        selection.channel.get_untracked(),
        ChannelChoice::Named("tech-preview".into())
    );
    assert_eq!(
        selection.bundle.get_untracked().as_deref(),
        Some("nimbus-cache-operator.v2.3.0-tp.1")
    );
    assert!(
        one(&root, "[data-bundle='nimbus-cache-operator.v2.3.0-tp.1']")
            .class_list()
            .contains("selected")
    );
}

/// The registry's texts as the app fetches them (`assets/rule-texts.json`, in its order).
fn registry_texts() -> Vec<RuleText> {
    Rule::ALL
        .iter()
        .map(|r| RuleText {
            id: r.id().into(),
            name: r.name().into(),
            summary: r.summary().into(),
            help: r.help().into(),
        })
        .collect()
}

#[wasm_bindgen_test]
async fn each_finding_folds_its_rules_name_and_help_under_it() {
    let (_stores, texts, root) =
        mount_providing(SAMPLE_CATALOG, RuleTexts::new, || view! { <LintPanel/> });
    settle().await;
    let panel = one(&root, "[data-testid=lint-panel]");
    let finding = &all(&panel, ".finding")[0];
    let code = one(finding, ".code").text_content().unwrap_or_default();
    let rule = Rule::from_code(&code).expect("a registered rule");
    let help = one(finding, "details.finding-help");
    assert!(
        help.closest("button").ok().flatten().is_none(),
        "the help is not inside the button"
    );
    let summary = || one(&help, "summary").text_content().unwrap_or_default();
    // Shown, the finding asks for the texts; until they come, it names its rule by id.
    assert!(texts.wanted());
    assert_eq!(summary(), format!("About {}", rule.id()));
    assert!(help.query_selector(".rule-help").unwrap().is_none());
    texts.set(Fetched::Texts(Arc::new(registry_texts())));
    settle().await;
    assert_eq!(summary(), format!("About {} ({})", rule.name(), rule.id()));
    let text = one(&help, ".rule-help").text_content().unwrap_or_default();
    assert_eq!(text, rule.help());
    assert!(text.contains("Fix:"));
    // A file served out of the registry's order is still read by id.
    texts.set(Fetched::Texts(Arc::new(
        registry_texts().into_iter().rev().collect(),
    )));
    settle().await;
    assert_eq!(
        one(&help, ".rule-help").text_content().unwrap_or_default(),
        rule.help()
    );
    // A fetch that failed: the id, and where to read the help.
    texts.set(Fetched::Failed);
    settle().await;
    assert_eq!(summary(), format!("About {}", rule.id()));
    let missing = one(&help, ".rule-summary")
        .text_content()
        .unwrap_or_default();
    assert!(missing.contains("could not be fetched"), "{missing}");
}
