//! Bad input gives a clear error naming the file, position, object and field, never a panic,
//! and the rest of the catalog still loads.

use olm_graph_core::model::Catalog;
use olm_graph_core::validate::lint_catalog;
use olm_graph_core::{load_files, Diagnostic, InputFile};

const GOOD_PACKAGE: &str = "schema: olm.package\nname: good\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: good\nname: stable\nentries:\n- name: good.v1.0.0\n---\nschema: olm.bundle\npackage: good\nname: good.v1.0.0\nimage: example/good:1\nproperties:\n- type: olm.package\n  value:\n    packageName: good\n    version: 1.0.0\n";

fn load(files: &[(&str, &str)]) -> Catalog {
    load_files(files.iter().map(|(p, t)| InputFile::new(*p, *t)).collect())
}

fn errors(c: &Catalog) -> Vec<&Diagnostic> {
    c.diagnostics.iter().filter(|d| d.is_error()).collect()
}

/// The good package in a second file still loads whatever the bad file holds.
fn assert_rest_loads(c: &Catalog) {
    let good = c.package("good").expect("the good file still loads");
    assert_eq!(good.bundles.len(), 1);
    assert_eq!(good.channels.len(), 1);
}

#[test]
fn truncated_json() {
    let text = "{\n    \"schema\": \"olm.package\",\n    \"name\": \"cut\",\n    \"defaultChannel\": \"stable\"\n}\n{\n    \"schema\": \"olm.bundle\",\n    \"name\": \"cut.v1\",\n    \"package\": \"cut\",\n    \"properties\": [\n        {\"type\": \"olm.package\", \"value\": {\"packageName\": \"cut\", \"ver";
    let c = load(&[("bad/catalog.json", text), ("good.yaml", GOOD_PACKAGE)]);
    let errs = errors(&c);
    let e = errs
        .iter()
        .find(|d| d.code == "load.json")
        .expect("a JSON error");
    let loc = e.location.as_ref().unwrap();
    assert_eq!(loc.file, "bad/catalog.json");
    assert_eq!(loc.document, Some(2));
    assert!(e.message.contains("truncated"), "{e}");
    assert!(
        e.message.contains("line 6"),
        "names where the cut object starts: {e}"
    );
    assert!(
        c.package("cut").is_some(),
        "the first object of the file still loads"
    );
    assert_rest_loads(&c);
}

#[test]
fn yaml_tab_error() {
    let text = "schema: olm.package\nname: tabs\n\tdefaultChannel: stable\n";
    let c = load(&[("tabs.yaml", text), ("good.yaml", GOOD_PACKAGE)]);
    let e = errors(&c)
        .into_iter()
        .find(|d| d.code == "load.yaml")
        .expect("a YAML error");
    assert!(e.message.contains("tab"), "{e}");
    let loc = e.location.as_ref().unwrap();
    assert_eq!(
        (loc.file.as_str(), loc.line, loc.document),
        ("tabs.yaml", Some(3), Some(1))
    );
    assert_rest_loads(&c);
}

#[test]
fn bundle_without_olm_package_property() {
    let text = "schema: olm.package\nname: nopkg\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: nopkg\nname: stable\nentries:\n- name: nopkg.v1\n---\nschema: olm.bundle\npackage: nopkg\nname: nopkg.v1\nimage: example/nopkg:1\nproperties:\n- type: olm.gvk\n  value: {group: g, kind: K, version: v1}\n";
    let c = load(&[("nopkg.yaml", text), ("good.yaml", GOOD_PACKAGE)]);
    let e = errors(&c).into_iter().next().expect("an error");
    assert_eq!(
        e.message,
        "package \"nopkg\" bundle \"nopkg.v1\" must have exactly 1 \"olm.package\" property, found 0"
    );
    assert_eq!(e.field.as_deref(), Some("properties"));
    assert_eq!(e.schema.as_deref(), Some("olm.bundle"));
    assert_eq!(e.bundle.as_deref(), Some("nopkg.v1"));
    assert_eq!(e.location.as_ref().unwrap().line, Some(11));
    // The bundle is still drawn, with an unknown version.
    assert!(c
        .package("nopkg")
        .unwrap()
        .bundle("nopkg.v1")
        .unwrap()
        .version
        .is_none());
    assert_rest_loads(&c);
}

#[test]
fn non_string_name() {
    let text = "schema: olm.package\nname: 12\ndefaultChannel: stable\n---\nschema: olm.bundle\npackage: good\nname: [1, 2]\n";
    let c = load(&[("names.yaml", text), ("good.yaml", GOOD_PACKAGE)]);
    let errs: Vec<_> = errors(&c)
        .into_iter()
        .filter(|d| d.code == "load.field" && d.field.as_deref() == Some("name"))
        .collect();
    assert_eq!(errs.len(), 2, "{errs:?}");
    assert!(
        errs[0]
            .message
            .contains("must be a string, found number 12"),
        "{}",
        errs[0]
    );
    assert!(errs[1].message.contains("found list [1,2]"), "{}", errs[1]);
    assert_eq!(errs[1].schema.as_deref(), Some("olm.bundle"));
    assert_eq!(errs[1].location.as_ref().unwrap().document, Some(2));
    assert_rest_loads(&c);
}

#[test]
fn one_megabyte_single_line_string() {
    let big = "x".repeat(1 << 20);
    let yaml = format!(
        "schema: olm.package\nname: big\ndefaultChannel: {big}\ndescription: [unclosed {big}\n"
    );
    let json = format!("{{\"schema\": \"olm.package\", \"name\": \"big\", \"description\": \"{big}\", \"icon\": {big}}}");
    let c = load(&[
        ("big.yaml", &yaml),
        ("big.json", &json),
        ("good.yaml", GOOD_PACKAGE),
    ]);
    let errs = errors(&c);
    assert!(errs.len() >= 2, "{errs:?}");
    for e in errs {
        assert!(
            e.message.len() < 1000,
            "messages stay short: {} bytes",
            e.message.len()
        );
    }
    assert_rest_loads(&c);
}

#[test]
fn unterminated_quote_and_garbage_do_not_panic() {
    let inputs = [
        "\"unterminated",
        "{\"schema\": ",
        "[1, 2",
        "- a\n- b\n",
        ": : :",
        "schema: olm.channel\npackage: x\nname: c\nentries: 5\n",
        "schema: olm.bundle\nproperties: {a: 1}\n",
        "schema: olm.bundle\nname: b\npackage: p\nproperties:\n- type: olm.package\n  value: 7\n",
        "schema: olm.channel\nentries:\n- name: [x]\n  skips: [1, {a: b}]\n",
        "\u{feff}schema: olm.package\nname: bom\n",
        "schema: olm.package\nname: dup\nName: other\n",
        "*alias_without_anchor\n",
        "{}",
        "",
        "---\n---\n...\n",
    ];
    for (i, text) in inputs.iter().enumerate() {
        let c = load(&[(&format!("in{i}.yaml"), text), ("good.yaml", GOOD_PACKAGE)]);
        let _ = lint_catalog(&c);
        assert_rest_loads(&c);
    }
}

#[test]
fn case_insensitive_keys_are_accepted_with_a_warning_and_case_duplicates_rejected() {
    let text = "Schema: olm.package\nNAME: keys\nDefaultChannel: stable\n---\nschema: olm.package\nname: dup\nName: other\n";
    let c = load(&[("keys.yaml", text)]);
    let p = c.package("keys").expect("Schema/NAME match as in opm");
    assert_eq!(p.default_channel.as_deref(), Some("stable"));
    assert!(c
        .diagnostics
        .iter()
        .any(|d| d.code == "load.key-case" && d.field.as_deref() == Some("DefaultChannel")));
    assert!(c
        .diagnostics
        .iter()
        .any(|d| d.is_error()
            && d.message == "duplicate keys for key \"name\": [\"Name\", \"name\"]"));
}

#[test]
fn unknown_schemas_are_kept_and_counted() {
    // (A catalog template is no unknown schema: it is read as the objects it stands for.)
    let text = "schema: acme.first\nname: y\n---\nschema: acme.custom\npackage: good\nname: x\n";
    let c = load(&[("other.yaml", text), ("good.yaml", GOOD_PACKAGE)]);
    assert_eq!(c.others.len(), 2);
    assert_eq!(c.others[1].schema, "acme.custom");
    assert_eq!(c.files[0].others, 2);
    assert!(errors(&c).is_empty(), "{:?}", errors(&c));
}

#[test]
fn object_without_schema_is_an_error() {
    let c = load(&[
        ("noschema.yaml", "name: x\npackage: y\n"),
        ("good.yaml", GOOD_PACKAGE),
    ]);
    let e = errors(&c).into_iter().next().expect("an error");
    assert_eq!(e.message, "object is missing root schema field");
    assert_eq!(e.location.as_ref().unwrap().file, "noschema.yaml");
}

#[test]
fn progress_is_reported_per_document_and_reaches_the_total() {
    let files = vec![InputFile::new("good.yaml", GOOD_PACKAGE), InputFile::new("b.json", "{\"schema\":\"olm.package\",\"name\":\"b\"}\n{\"schema\":\"olm.package\",\"name\":\"c\"}")];
    let total: usize = files.iter().map(|f| f.text.len()).sum();
    let mut seen = Vec::new();
    let c =
        olm_graph_core::load_files_with_progress(files, Default::default(), &mut |p| seen.push(p));
    assert!(c.package("c").is_some());
    assert!(
        seen.len() >= 5,
        "three YAML documents, two JSON objects, and the end: {seen:?}"
    );
    assert!(
        seen.windows(2).all(|w| w[0].bytes_done <= w[1].bytes_done),
        "monotonic"
    );
    let last = seen.last().unwrap();
    assert_eq!(
        (
            last.bytes_done,
            last.bytes_total,
            last.files_done,
            last.files_total
        ),
        (total, total, 2, 2)
    );
}

mod never_panics {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// JSON-looking input with arbitrary (multi-byte) garbage between and inside objects.
        #[test]
        fn json_streams(garbage in "\\PC{0,40}", tail in "\\PC{0,40}") {
            let text = format!("{{\"schema\":\"olm.package\",\"name\":\"a\"}}{garbage}\n{{\"schema\":\"olm.package\",\"name\":\"b\"{tail}\n{{\"schema\":\"olm.package\",\"name\":\"c\"}}");
            let c = load(&[("x.json", &text)]);
            let _ = lint_catalog(&c);
        }

        /// YAML-looking input with arbitrary lines.
        #[test]
        fn yaml_streams(lines in proptest::collection::vec("\\PC{0,30}", 0..8)) {
            let text = format!("schema: olm.package\nname: a\n---\n{}\n---\nschema: olm.channel\npackage: a\nname: c\nentries:\n- name: a.v1\n  skipRange: '{}'\n", lines.join("\n"), lines.first().cloned().unwrap_or_default().replace('\'', ""));
            let c = load(&[("x.yaml", &text)]);
            let _ = lint_catalog(&c);
            for p in &c.packages {
                for g in olm_graph_core::graph::channel_graphs(p) {
                    assert!(g.nodes.len() >= g.entry_count());
                }
            }
        }
    }
}
