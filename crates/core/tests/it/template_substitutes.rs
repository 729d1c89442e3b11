//! The substitutes template: opm's own tests of it (spec/template-rules.md §5)
//! with its mock bundle renderer served as a bundle source, plus the legacy release form.

use base64::Engine as _;
use olm_graph_core::load::InputFile;
use olm_graph_core::template::{render_fbc, RenderedFbc, TemplateError};
use serde_json::{json, Value};

/// opm's test renderer: `…:v<version>[-<release>]` gives package `testoperator` (`test` for a
/// `test-bundle` image), that version and release, and the name `<pkg>-v<version>-<release>`
/// or `<pkg>.v<version>`.
fn mock_bundle(image: &str) -> Value {
    let package = if image.contains("test-bundle") {
        "test"
    } else {
        "testoperator"
    };
    let tag = image.split_once(":v").map_or("1.0.0", |(_, t)| t);
    let (version, release) = tag.split_once('-').unwrap_or((tag, ""));
    let (name, pkg_prop) = if release.is_empty() {
        (
            format!("{package}.v{version}"),
            json!({"packageName": package, "version": version}),
        )
    } else {
        (
            format!("{package}-v{version}-{release}"),
            json!({"packageName": package, "version": version, "release": release}),
        )
    };
    let csv = format!("{{\"kind\": \"ClusterServiceVersion\", \"apiVersion\": \"operators.coreos.com/v1alpha1\", \"metadata\":{{\"name\":{image:?}}}}}");
    json!({
        "schema": "olm.bundle", "name": name, "package": package, "image": image,
        "properties": [
            {"type": "olm.package", "value": pkg_prop},
            {"type": "olm.bundle.object", "value": {"data": b64(&csv)}},
        ],
        "relatedImages": [{"name": "bundle", "image": image}],
    })
}

fn b64(s: &str) -> String {
    base64::engine::general_purpose::STANDARD.encode(s)
}

/// The rendered bundles of these images, as a bundle source.
fn source(images: &[&str]) -> InputFile {
    let text: String = images
        .iter()
        .map(|i| format!("{}\n", mock_bundle(i)))
        .collect();
    InputFile::new("rendered.json", text)
}

fn package(name: &str, default: &str) -> Value {
    json!({"schema": "olm.package", "name": name, "defaultChannel": default, "description": format!("{name} operator")})
}

/// opm's `createValidTestBundleMeta`.
fn bundle(name: &str, package: &str, version: &str, release: &str) -> Value {
    let (name, prop) = if release.is_empty() {
        (
            name.to_string(),
            json!({"packageName": package, "version": version}),
        )
    } else {
        (
            format!("{package}-v{version}-{release}"),
            json!({"packageName": package, "version": version, "release": release}),
        )
    };
    let image = format!("quay.io/test/{package}-bundle:v{version}");
    json!({"schema": "olm.bundle", "name": name, "package": package, "image": image,
        "properties": [{"type": "olm.package", "value": prop}],
        "relatedImages": [{"name": "bundle", "image": image}]})
}

fn channel(name: &str, package: &str, entries: Value) -> Value {
    json!({"schema": "olm.channel", "name": name, "package": package, "entries": entries})
}

fn template(entries: Vec<Value>, substitutions: &[(&str, &str)]) -> InputFile {
    let subs: Vec<Value> = substitutions
        .iter()
        .map(|(name, base)| json!({"name": name, "base": base}))
        .collect();
    let t =
        json!({"schema": "olm.template.substitutes", "entries": entries, "substitutions": subs});
    InputFile::new(
        "substitutes.json",
        serde_json::to_string_pretty(&t).expect("json"),
    )
}

fn render(t: &InputFile, images: &[&str]) -> Result<RenderedFbc, TemplateError> {
    render_fbc(std::slice::from_ref(t), &[source(images)], None)
}

fn objects(text: &str) -> Vec<Value> {
    serde_json::Deserializer::from_str(text)
        .into_iter::<Value>()
        .map(|v| v.expect("JSON"))
        .collect()
}

/// The channels of the output by name.
fn channels(out: &RenderedFbc) -> Vec<Value> {
    objects(&out.text)
        .into_iter()
        .filter(|o| o["schema"] == "olm.channel")
        .collect()
}

fn entry<'a>(ch: &'a Value, name: &str) -> &'a Value {
    ch["entries"]
        .as_array()
        .and_then(|l| l.iter().find(|e| e["name"] == name))
        .unwrap_or_else(|| panic!("no entry {name} in {ch}"))
}

fn two_bundles() -> Vec<Value> {
    vec![
        package("testoperator", "stable"),
        channel(
            "stable",
            "testoperator",
            json!([
                {"name": "testoperator.v1.0.0"},
                {"name": "testoperator.v1.1.0", "replaces": "testoperator.v1.0.0"},
            ]),
        ),
        bundle("testoperator.v1.0.0", "testoperator", "1.0.0", ""),
        bundle("testoperator.v1.1.0", "testoperator", "1.1.0", ""),
    ]
}

/// Entries, `(name, base)` substitutions, and the error they give.
type Case<'a> = (Vec<Value>, Vec<(&'a str, &'a str)>, String);

fn err_of(t: &InputFile, images: &[&str]) -> String {
    render(t, images).unwrap_err().to_string()
}

// ---- TestParseSpec ----

#[test]
fn parse_spec_as_opm_table() {
    let text = |t: &str| render_fbc(&[InputFile::new("t.yaml", t)], &[], None);
    let invalid =
        text("\nschema: olm.template.invalid\nentries: []\nsubstitutions: []\n").unwrap_err();
    assert_eq!(
        invalid.to_string(),
        "auto-detecting template type: unknown template schema: olm.template.invalid"
    );
    let explicit = render_fbc(
        &[InputFile::new(
            "t.yaml",
            "\nschema: olm.template.invalid\nentries: []\n",
        )],
        &[],
        Some(olm_graph_core::template::TemplateKind::Substitutes),
    )
    .unwrap_err();
    assert_eq!(explicit.to_string(), "rendering template: render: unable to parse template: template has unknown schema (\"olm.template.invalid\"), should be \"olm.template.substitutes\"");
    assert_eq!(explicit.location.line, Some(2));
    let missing = text("\nentries: []\nsubstitutions: []\n").unwrap_err();
    assert_eq!(
        missing.to_string(),
        "auto-detecting template type: template input missing required 'schema' field"
    );
    let broken = "\nschema: olm.template.substitutes\nentries: [\nsubstitutions: []\n";
    let e = render_fbc(
        &[InputFile::new("t.yaml", broken)],
        &[],
        Some(olm_graph_core::template::TemplateKind::Substitutes),
    )
    .unwrap_err();
    assert!(
        e.to_string().starts_with(
            "rendering template: render: unable to parse template: decoding template schema: "
        ),
        "{e}"
    );
    let empty = text("\nschema: olm.template.substitutes\nentries: []\nsubstitutions: []\n")
        .expect("empty template");
    assert_eq!(empty.text, "");
    // Parsed fine; the lone channel is then no valid FBC.
    let lone = "\nschema: olm.template.substitutes\nentries:\n  - schema: olm.channel\n    name: stable\n    package: testoperator\n    blob: '{}'\nsubstitutions:\n  - name: testoperator.v1.1.0\n    base: testoperator.v1.0.0\n";
    assert_eq!(
        text(lone).unwrap_err().to_string(),
        "rendering template: render: entries are not valid FBC: unknown package \"testoperator\" for channel \"stable\""
    );
}

// ---- TestRender ----

#[test]
fn render_with_a_single_substitution() {
    let img = "quay.io/test/testoperator-bundle:v1.1.0-alpha";
    let out = render(
        &template(two_bundles(), &[(img, "testoperator.v1.1.0")]),
        &[img],
    )
    .expect("renders");
    let chans = channels(&out);
    assert_eq!(chans.len(), 1);
    assert_eq!(chans[0]["entries"].as_array().map(Vec::len), Some(3));
    let sub = entry(&chans[0], "testoperator-v1.1.0-alpha");
    assert_eq!(sub["replaces"], "testoperator.v1.0.0");
    assert_eq!(sub["skips"], json!(["testoperator.v1.1.0"]));
    assert!(out.warnings.is_empty(), "{:?}", out.warnings);
}

#[test]
fn render_with_chained_substitutions() {
    let (a, b) = (
        "quay.io/test/testoperator-bundle:v1.2.0-alpha",
        "quay.io/test/testoperator-bundle:v1.3.0-alpha",
    );
    let t = template(
        two_bundles(),
        &[(a, "testoperator.v1.1.0"), (b, "testoperator-v1.2.0-alpha")],
    );
    let out = render(&t, &[a, b]).expect("renders");
    let chans = channels(&out);
    assert_eq!(chans[0]["entries"].as_array().map(Vec::len), Some(4));
    let first = entry(&chans[0], "testoperator-v1.2.0-alpha");
    assert!(
        first.get("replaces").is_none() && first.get("skips").is_none(),
        "cleared by the second: {first}"
    );
    let second = entry(&chans[0], "testoperator-v1.3.0-alpha");
    assert_eq!(second["replaces"], "testoperator.v1.0.0");
    assert_eq!(
        second["skips"],
        json!(["testoperator.v1.1.0", "testoperator-v1.2.0-alpha"])
    );
}

#[test]
fn render_with_no_substitutions() {
    let entries = vec![
        package("testoperator", "stable"),
        channel(
            "stable",
            "testoperator",
            json!([{"name": "testoperator.v1.0.0"}]),
        ),
        bundle("testoperator.v1.0.0", "testoperator", "1.0.0", ""),
    ];
    let out = render(&template(entries, &[]), &[]).expect("renders");
    let chans = channels(&out);
    assert_eq!(
        chans[0]["entries"],
        json!([{"name": "testoperator.v1.0.0"}])
    );
}

#[test]
fn render_errors_as_opm_table() {
    let img = "quay.io/test/testoperator-bundle:v1.2.0-alpha";
    let three = {
        let mut e = two_bundles();
        e[1] = channel(
            "stable",
            "testoperator",
            json!([
                {"name": "testoperator.v1.0.0"},
                {"name": "testoperator.v1.1.0", "replaces": "testoperator.v1.0.0"},
                {"name": "testoperator.v1.2.0", "replaces": "testoperator.v1.1.0"},
            ]),
        );
        e.push(bundle("testoperator.v1.2.0", "testoperator", "1.2.0", ""));
        e
    };
    let p = "rendering template: render: ";
    let cases: Vec<Case> = vec![
        (two_bundles(), vec![(img, "nonexistent.v1.0.0")],
            format!("{p}error processing substitution \"nonexistent.v1.0.0\" -> \"{img}\": base bundle \"nonexistent.v1.0.0\" does not exist in catalog")),
        (two_bundles(), vec![("", "testoperator.v1.1.0")],
            format!("{p}error processing substitution \"testoperator.v1.1.0\" -> \"\": substitution name cannot be empty")),
        (two_bundles(), vec![(img, "")],
            format!("{p}error processing substitution \"\" -> \"{img}\": substitution base cannot be empty")),
        (two_bundles(), vec![("testoperator.v1.1.0", "testoperator.v1.1.0")],
            format!("{p}error processing substitution \"testoperator.v1.1.0\" -> \"testoperator.v1.1.0\": substitution name and base cannot be the same")),
        (two_bundles(), vec![(img, "testoperator.v1.1.0"), ("quay.io/test/testoperator-bundle:v1.3.0-alpha", "testoperator.v1.1.0")],
            format!("{p}cannot reuse the same substitution base \"testoperator.v1.1.0\"")),
        (three, vec![("quay.io/test/testoperator-bundle:v1.3.0-alpha", "testoperator.v1.1.0"), ("quay.io/test/testoperator-bundle:v1.3.0-alpha", "testoperator.v1.2.0")],
            format!("{p}cannot reuse the same substitution \"quay.io/test/testoperator-bundle:v1.3.0-alpha\" for different bases (\"testoperator.v1.1.0\" and \"testoperator.v1.2.0\")")),
    ];
    for (entries, subs, want) in cases {
        let images: Vec<&str> = subs
            .iter()
            .map(|s| s.0)
            .filter(|s| s.contains(':'))
            .collect();
        let t = template(entries, &subs);
        let err = render(&t, &images).unwrap_err();
        assert_eq!(err.to_string(), want);
        assert_eq!(err.location.file, "substitutes.json");
        assert!(
            err.location.line.is_some_and(|l| l > 1),
            "at the substitution: {:?}",
            err.location
        );
    }
}

// ---- TestProcessSubstitution ----

fn alpha_entries(skips: Value, skip_range: Option<&str>) -> Vec<Value> {
    let mut second = json!({"name": "testoperator-v1.1.0-alpha", "replaces": "testoperator-v1.0.0-alpha", "skips": skips});
    if let Some(r) = skip_range {
        second["skipRange"] = json!(r);
    }
    vec![
        package("testoperator", "stable"),
        channel(
            "stable",
            "testoperator",
            json!([{"name": "testoperator-v1.0.0-alpha"}, second]),
        ),
        bundle("", "testoperator", "1.0.0", "alpha"),
        bundle("", "testoperator", "1.1.0", "alpha"),
    ]
}

#[test]
fn substitution_moves_the_replaces_edge() {
    let img = "quay.io/test/testoperator-bundle:v1.2.0-alpha";
    let t = template(
        alpha_entries(json!([]), None),
        &[(img, "testoperator-v1.1.0-alpha")],
    );
    let out = render(&t, &[img]).expect("renders");
    let ch = &channels(&out)[0];
    assert_eq!(ch["entries"].as_array().map(Vec::len), Some(3));
    let sub = entry(ch, "testoperator-v1.2.0-alpha");
    assert_eq!(sub["replaces"], "testoperator-v1.0.0-alpha");
    assert_eq!(sub["skips"], json!(["testoperator-v1.1.0-alpha"]));
    assert_eq!(
        entry(ch, "testoperator-v1.1.0-alpha"),
        &json!({"name": "testoperator-v1.1.0-alpha"})
    );
}

#[test]
fn substitution_keeps_skips_and_skip_range() {
    let img = "quay.io/test/testoperator-bundle:v1.2.0-alpha";
    let entries = alpha_entries(json!(["testoperator-v0.9.0-alpha"]), Some(">=0.9.0 <1.1.0"));
    let out = render(
        &template(entries, &[(img, "testoperator-v1.1.0-alpha")]),
        &[img],
    )
    .expect("renders");
    let sub = entry(&channels(&out)[0], "testoperator-v1.2.0-alpha").clone();
    assert_eq!(
        sub["skips"],
        json!(["testoperator-v0.9.0-alpha", "testoperator-v1.1.0-alpha"])
    );
    assert_eq!(sub["skipRange"], ">=0.9.0 <1.1.0");
}

#[test]
fn substitution_in_every_channel() {
    let img = "quay.io/test/testoperator-bundle:v1.2.0-alpha";
    let mut entries = alpha_entries(json!([]), None);
    let mut beta = entries[1].clone();
    beta["name"] = json!("beta");
    entries.insert(2, beta);
    let out = render(
        &template(entries, &[(img, "testoperator-v1.1.0-alpha")]),
        &[img],
    )
    .expect("renders");
    let chans = channels(&out);
    assert_eq!(chans.len(), 2);
    for ch in &chans {
        assert_eq!(ch["entries"].as_array().map(Vec::len), Some(3));
        assert_eq!(
            entry(ch, "testoperator-v1.2.0-alpha")["replaces"],
            "testoperator-v1.0.0-alpha"
        );
    }
}

#[test]
fn substitution_updates_existing_references() {
    let img = "quay.io/test/testoperator-bundle:v1.1.0-alpha";
    let mut entries = two_bundles();
    entries[1] = channel(
        "stable",
        "testoperator",
        json!([
            {"name": "testoperator.v1.0.0"},
            {"name": "testoperator.v1.1.0", "replaces": "testoperator.v1.0.0"},
            {"name": "testoperator.v1.2.0", "replaces": "testoperator.v1.1.0"},
        ]),
    );
    entries.push(bundle("testoperator.v1.2.0", "testoperator", "1.2.0", ""));
    let out = render(&template(entries, &[(img, "testoperator.v1.1.0")]), &[img]).expect("renders");
    let ch = &channels(&out)[0];
    assert_eq!(ch["entries"].as_array().map(Vec::len), Some(4));
    let e = entry(ch, "testoperator.v1.2.0");
    assert_eq!(e["replaces"], "testoperator-v1.1.0-alpha");
    assert_eq!(e["skips"], json!(["testoperator.v1.1.0"]));
}

// ---- TestBoundaryCases (through a whole template: entries are validated first) ----

#[test]
fn boundary_cases_as_opm_table() {
    let img = "quay.io/test/testoperator-bundle:v1.1.0-alpha";
    let p = "rendering template: render: ";
    let not_in_channel = vec![
        package("testoperator", "stable"),
        channel(
            "stable",
            "testoperator",
            json!([{"name": "testoperator.v1.0.0"}]),
        ),
        bundle("testoperator.v1.0.0", "testoperator", "1.0.0", ""),
        bundle("testoperator.v1.1.0", "testoperator", "1.1.0", ""),
    ];
    assert_eq!(
        err_of(&template(not_in_channel, &[(img, "testoperator.v1.0.0")]), &[img]),
        format!("{p}entries are not valid FBC: package \"testoperator\", bundle \"testoperator.v1.1.0\" not found in any channel entries")
    );
    let mut no_package_prop = two_bundles();
    no_package_prop[2]["properties"] = json!([]);
    assert_eq!(
        err_of(&template(no_package_prop, &[(img, "testoperator.v1.0.0")]), &[img]),
        format!("{p}entries are not valid FBC: package \"testoperator\" bundle \"testoperator.v1.0.0\" must have exactly 1 \"olm.package\" property, found 0")
    );
    let beta = vec![
        package("testoperator", "stable"),
        channel(
            "stable",
            "testoperator",
            json!([{"name": "testoperator-v1.2.0-beta"}]),
        ),
        bundle("", "testoperator", "1.2.0", "beta"),
    ];
    let alpha = "quay.io/test/testoperator-bundle:v1.2.0-alpha";
    assert_eq!(
        err_of(&template(beta, &[(alpha, "testoperator-v1.2.0-beta")]), &[alpha]),
        format!("{p}error processing substitution \"testoperator-v1.2.0-beta\" -> \"{alpha}\": base bundle \"testoperator-v1.2.0-beta\" is not less than substitute bundle \"{alpha}\"")
    );
}

// ---- Our own cases ----

#[test]
fn a_substitute_no_source_has_is_opms_render_failure_naming_it() {
    let img = "quay.io/test/other@sha256:00";
    let e = render_fbc(
        &[template(two_bundles(), &[(img, "testoperator.v1.1.0")])],
        &[],
        None,
    )
    .unwrap_err();
    assert!(e.to_string().starts_with(&format!("rendering template: render: error processing substitution \"testoperator.v1.1.0\" -> \"{img}\": failed to render bundle image reference \"{img}\": ")), "{e}");
}

#[test]
fn legacy_release_from_build_metadata_with_substitutes_for() {
    // No `release`, build metadata, and the CSV annotation olm.substitutesFor: the build
    // metadata is the release, so 1.1.0+2 (release 2) is above 1.1.0+1 (release 1).
    let csv = |n: &str| {
        b64(&format!("{{\"kind\":\"ClusterServiceVersion\",\"metadata\":{{\"name\":{n:?},\"annotations\":{{\"olm.substitutesFor\":\"x\"}}}}}}"))
    };
    let legacy = |name: &str, version: &str| {
        json!({"schema": "olm.bundle", "name": name, "package": "testoperator", "image": format!("quay.io/legacy/{name}"),
        "properties": [
            {"type": "olm.package", "value": {"packageName": "testoperator", "version": version}},
            {"type": "olm.bundle.object", "value": {"data": csv(name)}},
        ]})
    };
    let entries = vec![
        package("testoperator", "stable"),
        channel(
            "stable",
            "testoperator",
            json!([{"name": "testoperator.v1.1.0-1"}]),
        ),
        legacy("testoperator.v1.1.0-1", "1.1.0+1"),
    ];
    let sub = legacy("testoperator.v1.1.0-2", "1.1.0+2");
    let src = InputFile::new("rendered.json", sub.to_string());
    let t = template(
        entries.clone(),
        &[(
            "quay.io/legacy/testoperator.v1.1.0-2",
            "testoperator.v1.1.0-1",
        )],
    );
    let out = render_fbc(&[t], std::slice::from_ref(&src), None).expect("renders");
    assert_eq!(
        entry(&channels(&out)[0], "testoperator.v1.1.0-2")["skips"],
        json!(["testoperator.v1.1.0-1"])
    );
    // The other way round, 1.1.0+1 is not above 1.1.0+2.
    let down = legacy("testoperator.v1.1.0-0", "1.1.0+0");
    let src = InputFile::new("rendered.json", down.to_string());
    let t = template(
        entries,
        &[(
            "quay.io/legacy/testoperator.v1.1.0-0",
            "testoperator.v1.1.0-1",
        )],
    );
    let e = render_fbc(&[t], &[src], None).unwrap_err();
    assert!(
        e.to_string().ends_with(
            "is not less than substitute bundle \"quay.io/legacy/testoperator.v1.1.0-0\""
        ),
        "{e}"
    );
}
