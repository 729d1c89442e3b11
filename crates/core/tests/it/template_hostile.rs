//! Hostile templates, generated here at test time (none is committed): each is rejected with
//! the loader's limit diagnostic naming the file, line and column, through `render_fbc_with`
//! and through the loader's template hook, never with a panic. Big but honest templates (many
//! bundle images, many substitutions) render in full.

use olm_graph_core::diag::Severity;
use olm_graph_core::load::{InputFile, LimitKind, Limits, LoadOptions};
use olm_graph_core::open::load_files_with;
use olm_graph_core::template::{
    render_fbc_with, LimitError, TemplateError, TemplateErrorKind, TemplateKind,
};
use serde_json::{json, Value};

fn render(text: String) -> Result<String, TemplateError> {
    let files = [InputFile::new("hostile.yaml", text)];
    render_fbc_with(&files, &[], None, &Limits::DEFAULT).map(|r| r.text)
}

/// The limit a template crossed, and the 1-based line and column reported.
fn crossed(text: String) -> (LimitError, usize, usize) {
    let e = match render(text) {
        Ok(_) => panic!("the hostile template rendered"),
        Err(e) => e,
    };
    assert_eq!(e.location.file, "hostile.yaml");
    assert_eq!(e.to_diagnostic().code, "load.limit", "{e}");
    let TemplateErrorKind::Limit(limit) = e.kind.as_ref() else {
        panic!("not a limit: {e}");
    };
    (
        *limit,
        e.location.line.unwrap_or(0),
        e.location.column.unwrap_or(0),
    )
}

fn limit(kind: LimitKind) -> LimitError {
    LimitError::Crossed {
        kind,
        limit: Limits::DEFAULT.get(kind),
    }
}

#[test]
fn nesting_a_hundred_thousand_deep_stops_at_the_depth_limit() {
    let depth = 100_000;
    let text = format!(
        "schema: olm.semver\nstable:\n  bundles: {}{}\n",
        "[".repeat(depth),
        "]".repeat(depth)
    );
    let (l, line, column) = crossed(text);
    assert_eq!(l, limit(LimitKind::Depth));
    // The document's mapping is level 1, `bundles: [` level 3: the 99th `[` is level 101.
    assert_eq!((line, column), (3, 12 + 98));
    let json = format!(
        "{{\"schema\": \"olm.template.basic\", \"entries\": {}{}}}",
        "[".repeat(depth),
        "]".repeat(depth)
    );
    let (l, line, _) = crossed(json);
    assert!(matches!(
        l,
        LimitError::Crossed {
            kind: LimitKind::Depth,
            ..
        }
    ));
    assert_eq!(line, 1);
}

#[test]
fn an_alias_bomb_is_refused_before_it_expands() {
    let mut text = String::from("schema: olm.template.basic\nentries: []\nl0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for i in 1..12 {
        let p = i - 1;
        let refs = vec![format!("*l{p}"); 9].join(", ");
        text.push_str(&format!("l{i}: &l{i} [{refs}]\n"));
    }
    let (l, line, column) = crossed(text);
    assert!(matches!(l, LimitError::AliasBomb { .. }), "{l}");
    assert!((4..=14).contains(&line), "line {line}");
    assert!(column > 1);
}

#[test]
fn a_million_documents_stop_at_the_document_limit() {
    let mut text = String::from("schema: olm.template.basic\nentries: []\n");
    text.push_str(&"---\n".repeat(1_000_000));
    let files = [InputFile::new("hostile.yaml", text.clone())];
    let e = render_fbc_with(&files, &[], None, &Limits::DEFAULT).unwrap_err();
    assert_eq!(e.location.document, Some(Limits::DEFAULT.max_documents + 1));
    let (l, line, column) = crossed(text);
    assert_eq!(l, limit(LimitKind::Documents));
    // The separator that would open document 500,001: line 2 + 500,000.
    assert_eq!((line, column), (2 + Limits::DEFAULT.max_documents, 1));
}

#[test]
fn a_hundred_megabyte_string_stops_at_the_string_limit() {
    let mut text = String::with_capacity(100 << 20);
    text.push_str("schema: olm.template.basic\nentries:\n- schema: olm.package\n  name: \"");
    text.extend(std::iter::repeat_n('a', 100 << 20));
    text.push_str("\"\n");
    let (l, line, column) = crossed(text);
    assert_eq!(l, limit(LimitKind::StringBytes));
    assert_eq!((line, column), (4, 9));
}

#[test]
fn the_loader_hook_reports_the_limit_of_its_options() {
    let mut text = String::from("schema: olm.semver\nstable:\n  bundles:\n");
    for i in 0..50 {
        text.push_str(&format!("  - image: q.io/x:p.v0.0.{i}\n"));
    }
    let options = LoadOptions {
        limits: Limits {
            max_nodes: 40,
            ..Limits::DEFAULT
        },
        ..LoadOptions::default()
    };
    let catalog = load_files_with(vec![InputFile::new("t.yaml", text)], options);
    let d = catalog
        .diagnostics
        .iter()
        .find(|d| d.code == "load.limit")
        .expect("a limit diagnostic");
    assert_eq!(d.severity, Severity::Error);
    assert!(d.message.contains("--max-nodes"), "{}", d.message);
    let at = d.location.as_ref().expect("a location");
    assert_eq!(at.file, "t.yaml");
    assert!(at.line.unwrap_or(0) > 3, "{at:?}");
    assert!(catalog.packages.is_empty());
}

/// A semver template listing `n` tag-versioned images of package `p`.
fn semver_of(n: usize) -> String {
    let mut text = String::from("schema: olm.semver\ncandidate:\n  bundles:\n");
    for i in 0..n {
        text.push_str(&format!("  - image: q.io/x:p.v0.0.{i}\n"));
    }
    text
}

#[test]
fn a_semver_template_of_twenty_thousand_images_renders_whole() {
    let n = 20_000;
    let objects = objects(&render(semver_of(n)).expect("renders"));
    assert_eq!(objects.len(), 2 + n);
    assert_eq!(objects[0]["defaultChannel"], "candidate-v0.0");
    assert_eq!(objects[1]["name"], "candidate-v0.0");
    // One minor channel: its head skips every other bundle (opm's Z-stream rule).
    let entries = objects[1]["entries"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(entries.len(), n);
    let head = &entries[n - 1];
    assert_eq!(head["name"], "p.v0.0.19999");
    assert_eq!(head["skips"].as_array().map(Vec::len), Some(n - 1));
    assert_eq!(head["skips"][0], "p.v0.0.0");
    assert!(objects[2..].iter().all(|o| o["schema"] == "olm.bundle"));
}

/// A bundle object of package `p`: `indent` before each line of a list item, or none for a
/// document of its own.
fn bundle(name: &str, version: &str, release: &str, item: bool) -> String {
    let (first, rest) = if item { ("- ", "  ") } else { ("---\n", "") };
    format!("{first}schema: olm.bundle\n{rest}package: p\n{rest}name: {name}\n{rest}image: q.io/x:{name}\n{rest}properties:\n{rest}- type: olm.package\n{rest}  value: {{packageName: p, version: {version}, release: '{release}'}}\n")
}

#[test]
fn a_thousand_substitutions_apply_in_order() {
    let n = 1_000;
    let mut text = String::from("schema: olm.template.substitutes\nentries:\n- schema: olm.package\n  name: p\n  defaultChannel: stable\n- schema: olm.channel\n  package: p\n  name: stable\n  entries:\n");
    for i in 0..n {
        text.push_str(&format!("  - name: p.v1.0.{i}\n"));
        if i > 0 {
            text.push_str(&format!("    replaces: p.v1.0.{}\n", i - 1));
        }
    }
    let mut sources = String::new();
    for i in 0..n {
        text.push_str(&bundle(
            &format!("p.v1.0.{i}"),
            &format!("1.0.{i}"),
            "",
            true,
        ));
        sources.push_str(&bundle(
            &format!("p-v1.0.{i}-1"),
            &format!("1.0.{i}"),
            "1",
            false,
        ));
    }
    text.push_str("substitutions:\n");
    for i in 0..n {
        text.push_str(&format!(
            "- name: q.io/x:p-v1.0.{i}-1\n  base: p.v1.0.{i}\n"
        ));
    }
    let files = [InputFile::new("subs.yaml", text)];
    let src = [InputFile::new("bundles.yaml", sources)];
    let kind = Some(TemplateKind::Substitutes);
    let out =
        render_fbc_with(&files, &src, kind, &Limits::DEFAULT).unwrap_or_else(|e| panic!("{e}"));
    let objects = objects(&out.text);
    assert_eq!(objects.len(), 2 + 2 * n);
    let entries = &objects[1]["entries"];
    assert_eq!(entries.as_array().map(Vec::len), Some(2 * n));
    // The bases stay as leaves; each substitute takes its base's place in the chain, replaces
    // the previous substitute and skips the previous base and its own.
    assert_eq!(entries[0], json!({"name": "p.v1.0.0"}));
    assert_eq!(
        entries[2 * n - 1],
        json!({"name": "p-v1.0.999-1", "replaces": "p-v1.0.998-1", "skips": ["p.v1.0.998", "p.v1.0.999"]})
    );
}

/// The objects of a rendered JSON stream.
fn objects(text: &str) -> Vec<Value> {
    serde_json::Deserializer::from_str(text)
        .into_iter::<Value>()
        .map(|v| v.unwrap_or_else(|e| panic!("{e}")))
        .collect()
}
