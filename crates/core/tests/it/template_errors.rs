//! Bad templates: opm's message word for word, with the file, line and column — through
//! `render_fbc` and through the loader — and never a panic, whatever the bytes.

use crate::common;

use common::catalog;
use olm_graph_core::load::InputFile;
use olm_graph_core::template::{render_fbc, template_catalog, TemplateError, TemplateKind};
use proptest::prelude::*;

fn render(text: &str) -> Result<String, TemplateError> {
    render_fbc(&[InputFile::new("bad.yaml", text)], &[], None).map(|r| r.text)
}

fn render_as(kind: TemplateKind, text: &str) -> TemplateError {
    render_fbc(&[InputFile::new("bad.yaml", text)], &[], Some(kind)).unwrap_err()
}

/// The message and the 1-based line and column.
fn fail(text: &str) -> (String, usize, usize) {
    let e = render(text).unwrap_err();
    assert_eq!(e.location.file, "bad.yaml");
    (
        e.to_string(),
        e.location.line.unwrap_or(0),
        e.location.column.unwrap_or(0),
    )
}

#[test]
fn wrong_schemas() {
    assert_eq!(
        fail("---\nschema: olm.package\nname: x\n"),
        (
            "auto-detecting template type: unknown template schema: olm.package".into(),
            2,
            9
        )
    );
    let e = render_as(TemplateKind::Basic, "schema: olm.channel\nname: stable\n");
    assert_eq!(e.to_string(), "rendering template: template has unknown schema (\"olm.channel\"), should be \"olm.template.basic\"");
    assert_eq!((e.location.line, e.location.column), (Some(1), Some(9)));
    let e = render_as(TemplateKind::Semver, "schema: olm.template.basic\n");
    assert_eq!(e.to_string(), "rendering template: render: unable to read file: readFile: input file has unknown schema, should be \"olm.semver\"");
    assert_eq!(fail("[1, 2]\n").0, "auto-detecting template type: unmarshalling template schema: json: cannot unmarshal array into Go value of type struct { Schema string \"json:\\\"schema\\\"\" }");
    assert_eq!(
        fail("# nothing\n").0,
        "auto-detecting template type: template input missing required 'schema' field"
    );
    assert_eq!(
        fail("").0,
        "auto-detecting template type: decoding template input: EOF"
    );
}

#[test]
fn opm_refuses_the_real_rhtpa_stream_when_told_it_is_basic() {
    let path = catalog("templates/basic/rhtpa-operator-v4.18.graph.yaml");
    let text = std::fs::read_to_string(&path).expect("real template");
    let e = render_as(TemplateKind::Basic, &text);
    assert_eq!(e.to_string(), "rendering template: template has unknown schema (\"olm.channel\"), should be \"olm.template.basic\"");
    assert_eq!(e.location.line, Some(2));
}

#[test]
fn preference_contradicting_the_generate_flags() {
    let t =
        "schema: olm.semver\ngenerateMinorChannels: true\ndefaultChannelTypePreference: major\n";
    assert_eq!(
        fail(t),
        ("rendering template: render: unable to read file: schema attribute mismatch: DefaultChannelTypePreference set to 'major' doesn't make sense if not generating major-version channels".into(), 3, 31)
    );
}

#[test]
fn truncated_yaml_and_json() {
    let read = |f: &str| {
        std::fs::read_to_string(catalog(&format!("templates/basic/{f}"))).expect("real template")
    };
    // The schema is the last line: a file cut short is YAML without a schema.
    let real = read("external-dns-operator-v4.21.catalog-template.yaml");
    assert_eq!(
        fail(&real[..real.len() / 2]).0,
        "auto-detecting template type: template input missing required 'schema' field"
    );
    // Cut inside a quoted string: the reader stops at the end of the text.
    let real = read("cluster-kube-descheduler-operator-v4.22.catalog-template.yaml");
    let cut = &real[..real.find("skipRange: '>=5.1.0").expect("a range") + 15];
    let (msg, line, _) = fail(cut);
    assert!(
        msg.starts_with("auto-detecting template type: decoding template input: "),
        "{msg}"
    );
    assert_eq!(line, cut.lines().count(), "{msg}");
    let (msg, line, col) = fail("{\"schema\": \"olm.semver\",\n \"stable\": {\"bundles\": [\n");
    assert!(
        msg.starts_with("auto-detecting template type: decoding template input: EOF while parsing"),
        "{msg}"
    );
    assert_eq!((line, col), (3, 1));
}

#[test]
fn basic_bundles_with_more_than_an_image() {
    let t = "schema: olm.template.basic\nentries:\n- schema: olm.bundle\n  image: quay.io/a/b:v1\n- schema: olm.bundle\n  image: quay.io/a/b:v2\n  package: a\n";
    assert_eq!(
        fail(t),
        (
            "rendering template: unexpected fields present in basic template bundle".into(),
            5,
            3
        )
    );
    let no_image = "schema: olm.template.basic\nentries:\n- schema: olm.bundle\n  name: a.v1.0.0\n";
    assert_eq!(
        fail(no_image).0,
        "rendering template: unexpected fields present in basic template bundle"
    );
}

#[test]
fn entries_opm_cannot_read() {
    let t = "schema: olm.template.basic\nentries:\n- name: stable\n  package: a\n";
    assert_eq!(
        fail(t),
        ("rendering template: object '{\"name\":\"stable\",\"package\":\"a\"}\n' is missing root schema field".into(), 3, 3)
    );
    let t = "schema: olm.template.basic\nentries:\n- schema: olm.channel\n  name: stable\n  package: a\n  entries:\n  - name: 1.0\n";
    assert_eq!(fail(t).0, "rendering template: parse channel: json: cannot unmarshal number into Go struct field ChannelEntry.entries.name of type string");
    let t = "schema: olm.template.basic\nentries:\n- schema: olm.channel\n  Schema: olm.channel\n";
    assert_eq!(fail(t).0, "rendering template: unmarshalling template: duplicate keys for key \"schema\": [Schema schema]");
}

#[test]
fn strict_semver_reading() {
    let t = "schema: olm.semver\nstable:\n  bundles:\n  - image: a\n    tag: v1\n";
    assert_eq!(
        fail(t),
        ("rendering template: render: unable to read file: error unmarshaling JSON: while decoding JSON: json: unknown field \"tag\"".into(), 5, 5)
    );
    let t = "schema: olm.semver\nstable:\n  bundles: {image: a}\n";
    assert_eq!(fail(t).0, "rendering template: render: unable to read file: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal object into Go struct field channelBundles.stable.bundles of type []semver.bundleEntry");
}

#[test]
fn template_errors_through_the_loader_keep_their_position() {
    let t =
        "schema: olm.semver\ngenerateMinorChannels: true\ndefaultChannelTypePreference: major\n";
    let c = olm_graph_core::load_files(vec![InputFile::new("bad.yaml", t)]);
    let d = c
        .diagnostics
        .iter()
        .find(|d| d.code == "template.error")
        .expect("the template's error");
    assert!(d.message.contains("schema attribute mismatch"));
    let loc = d.location.as_ref().expect("a location");
    assert_eq!(
        (loc.file.as_str(), loc.line, loc.column),
        ("bad.yaml", Some(3), Some(31))
    );
    let c = template_catalog(&[InputFile::new("bad.yaml", t)], &[]);
    assert!(c.packages.is_empty());
    assert_eq!(c.diagnostics.iter().filter(|d| d.is_error()).count(), 1);
}

fn real_templates() -> Vec<String> {
    let dir = catalog("templates/basic");
    let mut out: Vec<String> = std::fs::read_dir(&dir)
        .expect("templates")
        .map(|e| std::fs::read_to_string(e.expect("entry").path()).expect("text"))
        .collect();
    out.push("schema: olm.semver\ngenerateMajorChannels: yes\ncandidate:\n  bundles:\n  - image: quay.io/foo/olm:testoperator.v0.1.0\nstable:\n  bundles:\n  - image: quay.io/foo/olm:testoperator.v1.0.1\n".into());
    out.push("{\"schema\": \"olm.template.substitutes\", \"entries\": [{\"schema\": \"olm.package\", \"name\": \"a\"}], \"substitutions\": [{\"name\": \"q/a:v2\", \"base\": \"a.v1\"}]}".into());
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Cut, spliced or scribbled over, a template is an error or a catalog, never a panic.
    #[test]
    fn mangled_templates_never_panic(
        which in 0usize..7,
        cut in 0.0f64..1.0,
        at in 0.0f64..1.0,
        junk in "[ -~\n\t:{}\\[\\]'\"-]{0,12}",
    ) {
        let texts = real_templates();
        let text = &texts[which % texts.len()];
        let mut end = (text.len() as f64 * cut) as usize;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let mut pos = (end as f64 * at) as usize;
        while !text.is_char_boundary(pos) {
            pos -= 1;
        }
        let mangled = format!("{}{junk}{}", &text[..pos], &text[pos..end]);
        let file = InputFile::new("m.yaml", mangled);
        let _ = render_fbc(std::slice::from_ref(&file), &[], None);
        let c = olm_graph_core::load_files(vec![file.clone()]);
        let _ = olm_graph_core::validate::lint_catalog(&c);
        let _ = template_catalog(&[file], &[]);
    }
}

#[test]
fn a_bundle_name_its_image_contradicts_is_a_warning() {
    let source = InputFile::new(
        "rendered.json",
        r#"{"schema": "olm.bundle", "name": "a.v1.0.1", "package": "a", "image": "quay.io/a/b:v1", "properties": [{"type": "olm.package", "value": {"packageName": "a", "version": "1.0.1"}}]}"#,
    );
    let t = "schema: olm.template.basic\nentries:\n- schema: olm.package\n  name: a\n  defaultChannel: s\n- schema: olm.channel\n  package: a\n  name: s\n  entries:\n  - name: a.v1.0.1\n- schema: olm.bundle\n  name: a.v1.0.0\n  image: quay.io/a/b:v1\n";
    let out = render_fbc(&[InputFile::new("t.yaml", t)], &[source], None).expect("renders");
    assert_eq!(out.warnings.len(), 1, "{:?}", out.warnings);
    let w = &out.warnings[0];
    assert_eq!(w.code, "template.renamed");
    assert_eq!(w.location.as_ref().and_then(|l| l.line), Some(11));
    assert!(out.text.contains("\"name\": \"a.v1.0.1\""));
}
