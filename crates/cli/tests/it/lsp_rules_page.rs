//! docs/rules.md, the page the language server's `codeDescription` links point at, lists every
//! rule of core's registry with its anchor; `OLM_GRAPH_BLESS=1` writes it again.

use olm_graph_core::diag::Rule;

use crate::common::manifest_dir;

/// The page as the registry says it.
fn page() -> String {
    let mut out = String::from(
        "# Rules\n\nEvery finding olm-graph reports carries the code of one of these rules: `lint --format json` prints it as `code`, SARIF as `ruleId`, and the language server (`olm-graph lsp`, [lsp.md](lsp.md)) links each diagnostic here by the code's anchor. A rule marked *fix in the editor* has a code action that fixes it. Generated from core's registry (`crates/core/src/diag/rule.rs`) by `OLM_GRAPH_BLESS=1 cargo test -p olm-graph-cli --test it lsp_rules_page`.\n",
    );
    for r in Rule::ALL {
        out.push_str(&format!(
            "\n<a id=\"{id}\"></a>\n\n## `{id}` {name}\n\n{sev}. {summary}\n\n{help}\n",
            id = r.id(),
            name = r.name(),
            sev = match r.severity() {
                olm_graph_core::Severity::Error => "Error",
                olm_graph_core::Severity::Warning => "Warning",
                olm_graph_core::Severity::Info => "Info",
            },
            summary = r.summary(),
            help = r.help(),
        ));
        if let Some(fix) = r.fix() {
            out.push_str(&format!("\n*Fix in the editor*: {fix}.\n"));
        }
    }
    out
}

#[test]
fn rules_page_lists_every_rule() {
    let path = manifest_dir().join("../../docs/rules.md");
    let want = page();
    if std::env::var_os("OLM_GRAPH_BLESS").is_some() {
        std::fs::write(&path, &want).expect("docs/rules.md written");
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "docs/rules.md is not the registry's: run OLM_GRAPH_BLESS=1 cargo test -p olm-graph-cli --test it lsp_rules_page"
    );
}
