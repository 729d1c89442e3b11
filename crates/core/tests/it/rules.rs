//! The rule registry (`diag::Rule`) knows every code core reports: each rule reads well, a code
//! is made from a rule only (the type keeps core from emitting any other), and the real catalogs
//! and hostile input give findings of every family.

use std::collections::BTreeSet;

use olm_graph_core::diag::{Code, Rule};
use olm_graph_core::load::{Limits, LoadOptions};
use olm_graph_core::open::load_files_with;
use olm_graph_core::review::end_of_life_heads;
use olm_graph_core::validate::lint_catalog;
use olm_graph_core::{load_files, Diagnostic, InputFile};

use crate::common::{catalogs_dir, load};

/// The families a finding code starts with.
const FAMILIES: [&str; 8] = [
    "load",
    "opm",
    "lint",
    "lifecycle",
    "template",
    "cluster",
    "mirror",
    "crd",
];

#[test]
fn every_rule_has_a_unique_id_and_name_a_summary_and_help_with_the_fix() {
    let mut ids = BTreeSet::new();
    let mut names = BTreeSet::new();
    for &rule in Rule::ALL {
        assert!(ids.insert(rule.id()), "{} twice", rule.id());
        assert!(names.insert(rule.name()), "{} twice", rule.name());
        assert_eq!(Rule::from_code(rule.id()), Some(rule));
        let family = rule.id().split('.').next().unwrap_or_default();
        assert!(
            FAMILIES.contains(&family),
            "{}: a code starts with its family",
            rule.id()
        );
        assert!(rule.name().chars().next().is_some_and(char::is_uppercase));
        assert!(rule.summary().ends_with('.') && !rule.summary().contains('\n'));
        assert!(
            rule.help().contains("Fix:"),
            "{}: the help ends in the fix",
            rule.id()
        );
    }
    assert_eq!(Rule::from_code("opm.head"), None);
}

/// A code is made from a rule only: serialized, it is the rule's id; an id the registry lacks
/// does not deserialize (so a finding sent from the app's worker cannot carry a made-up code).
#[test]
fn a_code_is_a_registered_rule_and_nothing_else() {
    for &rule in Rule::ALL {
        let code = Code::from(rule);
        let json = serde_json::to_string(&code).unwrap();
        assert_eq!(json, format!("{:?}", rule.id()));
        let back: Code = serde_json::from_str(&json).unwrap();
        assert_eq!(back.rule(), rule);
        assert_eq!(
            rule.index(),
            Rule::ALL.iter().position(|r| *r == rule).unwrap()
        );
    }
    let err = serde_json::from_str::<Code>("\"opm.head\"").unwrap_err();
    assert!(
        err.to_string()
            .contains("unknown finding code \"opm.head\""),
        "{err}"
    );
    let d: Result<Diagnostic, _> =
        serde_json::from_str(r#"{"severity":"error","message":"m","code":"made.up"}"#);
    assert!(d.is_err());
}

/// Files that each break a rule of reading, converting or rendering templates.
fn hostile_files() -> Vec<InputFile> {
    let template = "schema: olm.template.basic\nentries:\n- schema: olm.package\n  name: t\n  defaultChannel: stable\n- schema: olm.channel\n  package: t\n  name: stable\n  entries:\n  - name: t.v1.0.0\n- schema: olm.bundle\n  image: quay.io/t/t-bundle@sha256:0000000000000000000000000000000000000000000000000000000000000000\n---\nschema: olm.bundle\nname: [\n";
    vec![
        InputFile::new("broken.json", "{\"schema\": \"olm.package\", \"name\": \n"),
        InputFile::new("broken.yaml", "schema: olm.package\nname: [\n"),
        InputFile::new("noschema.yaml", "name: x\n"),
        InputFile::new(
            "field.yaml",
            "schema: olm.package\nname: f\ndefaultChannel: [1]\n",
        ),
        InputFile::new(
            "case.json",
            "{\"schema\": \"olm.package\", \"Name\": \"k\"}\n",
        ),
        InputFile::new(
            "deep.json",
            format!(
                "{{\"schema\": \"olm.package\", \"name\": \"d\", \"description\": {}{}}}",
                "[".repeat(50),
                "]".repeat(50)
            ),
        ),
        InputFile::new(
            "bad.catalog-template.yaml",
            "schema: olm.template.basic\nentries: 5\n",
        ),
        InputFile::new("stream.catalog-template.yaml", template),
    ]
}

fn codes(findings: &[Diagnostic], into: &mut BTreeSet<String>) {
    into.extend(findings.iter().map(|d| d.code.to_string()));
}

#[test]
fn every_code_core_reports_on_real_and_hostile_input_is_registered() {
    let mut seen = BTreeSet::new();
    let real = load(&catalogs_dir());
    codes(&real.diagnostics, &mut seen);
    codes(&lint_catalog(&real), &mut seen);
    codes(
        &end_of_life_heads(&real, "2030-01-01".parse().unwrap()),
        &mut seen,
    );
    let hostile = load_files(hostile_files());
    codes(&lint_catalog(&hostile), &mut seen);
    let limits = Limits {
        max_depth: 10,
        ..Limits::DEFAULT
    };
    let options = LoadOptions {
        limits,
        ..LoadOptions::default()
    };
    let limited = load_files_with(hostile_files(), options);
    codes(&lint_catalog(&limited), &mut seen);

    for family in ["load.", "opm.", "lint.", "lifecycle.", "template."] {
        assert!(
            seen.iter().any(|c| c.starts_with(family)),
            "no {family}* finding among {seen:?}"
        );
    }
    for code in [
        "load.limit",
        "load.json",
        "load.yaml",
        "load.schema",
        "template.error",
    ] {
        assert!(seen.contains(code), "{code} among {seen:?}");
    }
}

/// The web app shows a finding's rule by id and fetches the rule's name, summary and help from
/// `assets/rule-texts.json` (served beside the page), so its wasm holds none of the texts: that
/// file is this registry, in its order. `OLM_BLESS=1` rewrites it.
#[test]
fn the_web_apps_rule_texts_are_the_registry() {
    let texts: Vec<serde_json::Value> = Rule::ALL
        .iter()
        .map(|r| {
            serde_json::json!({
                "id": r.id(),
                "name": r.name(),
                "summary": r.summary(),
                "help": r.help(),
            })
        })
        .collect();
    let want = serde_json::to_string_pretty(&texts).unwrap() + "\n";
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/rule-texts.json");
    if std::env::var_os("OLM_BLESS").is_some() {
        std::fs::write(path, &want).unwrap();
    }
    let have = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        have == want,
        "assets/rule-texts.json is not the rule registry: run this test with OLM_BLESS=1"
    );
}
