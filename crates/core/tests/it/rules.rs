//! The rule registry (`diag::Rule`) knows every code core reports: each rule reads well, every
//! code literal in core's sources is one of them, and every finding core gives on the real
//! catalogs and on hostile input names one of them.

use std::collections::BTreeSet;
use std::path::Path;

use olm_graph_core::diag::Rule;
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

/// The string literals of `text` that look like a finding code (`family.word`), and the first
/// argument of each `Diagnostic::{error,warning,info}("…"`, whatever it looks like.
fn code_literals(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('"') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('"') else { break };
        let lit = &after[..close];
        let family = lit.split('.').next().unwrap_or_default();
        let shaped = lit.contains('.')
            && lit
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' || c == '-');
        if shaped && FAMILIES.contains(&family) {
            out.push(lit.to_string());
        }
        rest = &after[close + 1..];
    }
    for ctor in [
        "Diagnostic::error(",
        "Diagnostic::warning(",
        "Diagnostic::info(",
    ] {
        for (at, _) in text.match_indices(ctor) {
            let arg = text[at + ctor.len()..].trim_start();
            if let Some(lit) = arg.strip_prefix('"').and_then(|a| a.split('"').next()) {
                out.push(lit.to_string());
            }
        }
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let p = entry.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn every_code_literal_in_core_is_a_registered_rule() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut seen = BTreeSet::new();
    let mut unknown = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        // Unit tests make up codes of their own (`"x"`) for diagnostics they build by hand.
        let text = text.split("#[cfg(test)]").next().unwrap_or_default();
        for lit in code_literals(text) {
            if Rule::from_code(&lit).is_none() {
                unknown.push(format!("{}: {lit:?}", f.display()));
            }
            seen.insert(lit);
        }
    }
    assert!(
        unknown.is_empty(),
        "codes missing from crates/core/src/diag/rule.rs (add a rule with its help): {unknown:#?}"
    );
    assert!(
        seen.contains("load.limit"),
        "the scan reads the sources: {seen:?}"
    );
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

    let unknown: Vec<&String> = seen
        .iter()
        .filter(|c| Rule::from_code(c).is_none())
        .collect();
    assert!(
        unknown.is_empty(),
        "codes missing from the registry: {unknown:?}"
    );
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
