//! The semver template: opm's own table tests of it (spec/template-rules.md §4), each
//! case's bundle versions served by a bundle source, plus cases of our own (the worked example
//! of docs/spec/template-rules.md §4.4, major channels, mixed archetypes, pre-releases, tags without a source).

use olm_graph_core::load::InputFile;
use olm_graph_core::template::{render_fbc, RenderedFbc, TemplateError};
use serde_json::{json, Value};

/// A bundle source: `(name, version)` bundles of `package` with image `repo/origin/<name>`.
fn source(package: &str, bundles: &[(&str, &str)]) -> InputFile {
    let mut text = String::new();
    for (name, version) in bundles {
        let b = json!({
            "schema": "olm.bundle", "name": name, "package": package,
            "image": format!("repo/origin/{name}"),
            "properties": [{"type": "olm.package", "value": {"packageName": package, "version": version}}],
        });
        text.push_str(&serde_json::to_string_pretty(&b).expect("json"));
        text.push('\n');
    }
    InputFile::new("source.json", text)
}

/// A semver template listing bundles (by name, imaged as in [`source`]) per archetype.
fn template(major: bool, minor: bool, pref: &str, lists: [&[&str]; 3]) -> InputFile {
    let mut t = format!(
        "---\nschema: olm.semver\ngenerateMajorChannels: {major}\ngenerateMinorChannels: {minor}\n"
    );
    if !pref.is_empty() {
        t.push_str(&format!("defaultChannelTypePreference: {pref}\n"));
    }
    for (arch, list) in ["candidate", "fast", "stable"].iter().zip(lists) {
        if list.is_empty() {
            continue;
        }
        t.push_str(&format!("{arch}:\n  bundles:\n"));
        for name in list {
            t.push_str(&format!("  - image: repo/origin/{name}\n"));
        }
    }
    InputFile::new("semver.yaml", t)
}

fn render(t: &InputFile, src: &InputFile) -> Result<RenderedFbc, TemplateError> {
    render_fbc(std::slice::from_ref(t), std::slice::from_ref(src), None)
}

fn objects(text: &str) -> Vec<Value> {
    serde_json::Deserializer::from_str(text)
        .into_iter::<Value>()
        .map(|v| v.expect("opm's output is a JSON stream"))
        .collect()
}

/// An entry as (name, replaces, skips).
type Entry = (String, String, Vec<String>);

/// Channels by name with their entries, in output order.
type Channels = Vec<(String, Vec<Entry>)>;

fn e(name: &str, replaces: &str, skips: &[&str]) -> Entry {
    (
        name.to_string(),
        replaces.to_string(),
        skips.iter().map(|s| s.to_string()).collect(),
    )
}

/// The channels of rendered output, in output order, and the default channel.
fn channels(out: &RenderedFbc) -> (Channels, String) {
    let objs = objects(&out.text);
    let default = objs
        .iter()
        .find(|o| o["schema"] == "olm.package")
        .map(|p| p["defaultChannel"].as_str().unwrap_or("").to_string())
        .expect("a package");
    let chans = objs
        .iter()
        .filter(|o| o["schema"] == "olm.channel")
        .map(|c| {
            let entries = c["entries"]
                .as_array()
                .expect("entries")
                .iter()
                .map(|x| {
                    let skips = x["skips"].as_array().map_or(Vec::new(), |s| {
                        s.iter()
                            .map(|v| v.as_str().unwrap_or("").to_string())
                            .collect()
                    });
                    let replaces = x["replaces"].as_str().unwrap_or("").to_string();
                    (
                        x["name"].as_str().unwrap_or("").to_string(),
                        replaces,
                        skips,
                    )
                })
                .collect();
            (c["name"].as_str().unwrap_or("").to_string(), entries)
        })
        .collect();
    (chans, default)
}

fn ch(name: &str, entries: Vec<Entry>) -> (String, Vec<Entry>) {
    (name.to_string(), entries)
}

/// `a-vX.Y.Z` bundles of package `a` with version `X.Y.Z`.
fn a_bundles(versions: &[&str]) -> Vec<(String, String)> {
    versions
        .iter()
        .map(|v| (format!("a-v{v}"), v.to_string()))
        .collect()
}

fn a_source(versions: &[&str]) -> InputFile {
    let b = a_bundles(versions);
    let refs: Vec<(&str, &str)> = b.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
    source("a", &refs)
}

fn names(versions: &[&str]) -> Vec<String> {
    versions.iter().map(|v| format!("a-v{v}")).collect()
}

/// Renders `a-v<version>` bundles, listed per archetype by version.
fn render_a(major: bool, minor: bool, pref: &str, lists: [&[&str]; 3]) -> RenderedFbc {
    let all: Vec<&str> = lists.iter().flat_map(|l| l.iter().copied()).collect();
    let n: Vec<Vec<String>> = lists.iter().map(|l| names(l)).collect();
    let refs: Vec<Vec<&str>> = n
        .iter()
        .map(|l| l.iter().map(String::as_str).collect())
        .collect();
    let t = template(major, minor, pref, [&refs[0], &refs[1], &refs[2]]);
    render(&t, &a_source(&all)).unwrap_or_else(|e| panic!("{e}"))
}

// ---- TestLinkChannels ----

#[test]
fn link_no_edges_between_successive_major_channels() {
    let stable = [
        "0.1.0", "0.1.1", "1.1.0", "1.2.1", "1.3.1", "2.1.0", "2.1.1", "2.3.1", "2.3.2",
    ];
    let (got, _) = channels(&render_a(true, false, "", [&[], &[], &stable]));
    assert_eq!(
        got,
        [
            ch(
                "stable-v0",
                vec![e("a-v0.1.0", "", &[]), e("a-v0.1.1", "", &["a-v0.1.0"])]
            ),
            ch(
                "stable-v1",
                vec![
                    e("a-v1.1.0", "", &[]),
                    e("a-v1.2.1", "a-v1.1.0", &[]),
                    e("a-v1.3.1", "a-v1.2.1", &["a-v1.1.0"]),
                ]
            ),
            ch(
                "stable-v2",
                vec![
                    e("a-v2.1.0", "", &[]),
                    e("a-v2.1.1", "", &["a-v2.1.0"]),
                    e("a-v2.3.1", "", &[]),
                    e("a-v2.3.2", "a-v2.1.1", &["a-v2.1.0", "a-v2.3.1"]),
                ]
            ),
        ]
    );
}

#[test]
fn link_no_edges_where_the_last_edge_is_an_x_change() {
    let stable = ["0.1.0", "0.1.1", "1.1.0", "1.2.1", "1.3.1", "2.1.0"];
    let (got, _) = channels(&render_a(true, false, "", [&[], &[], &stable]));
    assert_eq!(got[2], ch("stable-v2", vec![e("a-v2.1.0", "", &[])]));
    assert_eq!(
        got[1],
        ch(
            "stable-v1",
            vec![
                e("a-v1.1.0", "", &[]),
                e("a-v1.2.1", "a-v1.1.0", &[]),
                e("a-v1.3.1", "a-v1.2.1", &["a-v1.1.0"]),
            ]
        )
    );
}

#[test]
fn link_no_edges_where_the_last_edge_is_an_archetype_change() {
    let stable = ["1.1.0", "1.2.1", "1.3.1", "2.1.0", "2.1.1", "2.3.1"];
    let (got, _) = channels(&render_a(true, false, "", [&["2.3.2"], &[], &stable]));
    assert_eq!(
        got,
        [
            ch("candidate-v2", vec![e("a-v2.3.2", "", &[])]),
            ch(
                "stable-v1",
                vec![
                    e("a-v1.1.0", "", &[]),
                    e("a-v1.2.1", "a-v1.1.0", &[]),
                    e("a-v1.3.1", "a-v1.2.1", &["a-v1.1.0"]),
                ]
            ),
            ch(
                "stable-v2",
                vec![
                    e("a-v2.1.0", "", &[]),
                    e("a-v2.1.1", "", &["a-v2.1.0"]),
                    e("a-v2.3.1", "a-v2.1.1", &["a-v2.1.0"]),
                ]
            ),
        ]
    );
}

#[test]
fn link_minimum_viable_major_channel() {
    let (got, default) = channels(&render_a(true, false, "", [&[], &[], &["0.1.0"]]));
    assert_eq!(got, [ch("stable-v0", vec![e("a-v0.1.0", "", &[])])]);
    assert_eq!(default, "stable-v0");
}

// ---- TestGenerateChannels ----

const GENERATE: [&str; 16] = [
    "0.1.0",
    "0.1.1",
    "1.1.0",
    "1.2.1",
    "1.3.1",
    "2.1.0",
    "1.3.1-beta",
    "2.1.1",
    "2.3.1",
    "2.3.2",
    "3.1.0",
    "3.1.1",
    "1.3.1-alpha",
    "1.4.1",
    "1.4.1-beta1",
    "1.4.1-beta2",
];

fn major_linked() -> Channels {
    vec![
        ch(
            "stable-v0",
            vec![e("a-v0.1.0", "", &[]), e("a-v0.1.1", "", &["a-v0.1.0"])],
        ),
        ch(
            "stable-v1",
            vec![
                e("a-v1.1.0", "", &[]),
                e("a-v1.2.1", "a-v1.1.0", &[]),
                e("a-v1.3.1-alpha", "", &[]),
                e("a-v1.3.1-beta", "", &[]),
                e(
                    "a-v1.3.1",
                    "a-v1.2.1",
                    &["a-v1.1.0", "a-v1.3.1-alpha", "a-v1.3.1-beta"],
                ),
                e("a-v1.4.1-beta1", "", &[]),
                e("a-v1.4.1-beta2", "", &[]),
                e(
                    "a-v1.4.1",
                    "a-v1.3.1",
                    &[
                        "a-v1.1.0",
                        "a-v1.2.1",
                        "a-v1.3.1-alpha",
                        "a-v1.3.1-beta",
                        "a-v1.4.1-beta1",
                        "a-v1.4.1-beta2",
                    ],
                ),
            ],
        ),
        ch(
            "stable-v2",
            vec![
                e("a-v2.1.0", "", &[]),
                e("a-v2.1.1", "", &["a-v2.1.0"]),
                e("a-v2.3.1", "", &[]),
                e("a-v2.3.2", "a-v2.1.1", &["a-v2.1.0", "a-v2.3.1"]),
            ],
        ),
        ch(
            "stable-v3",
            vec![e("a-v3.1.0", "", &[]), e("a-v3.1.1", "", &["a-v3.1.0"])],
        ),
    ]
}

fn minor_linked() -> Channels {
    vec![
        ch(
            "stable-v0.1",
            vec![e("a-v0.1.0", "", &[]), e("a-v0.1.1", "", &["a-v0.1.0"])],
        ),
        ch("stable-v1.1", vec![e("a-v1.1.0", "", &[])]),
        ch("stable-v1.2", vec![e("a-v1.2.1", "a-v1.1.0", &[])]),
        ch(
            "stable-v1.3",
            vec![
                e("a-v1.3.1-alpha", "", &[]),
                e("a-v1.3.1-beta", "", &[]),
                e(
                    "a-v1.3.1",
                    "a-v1.2.1",
                    &["a-v1.1.0", "a-v1.3.1-alpha", "a-v1.3.1-beta"],
                ),
            ],
        ),
        ch(
            "stable-v1.4",
            vec![
                e("a-v1.4.1-beta1", "", &[]),
                e("a-v1.4.1-beta2", "", &[]),
                e(
                    "a-v1.4.1",
                    "a-v1.3.1",
                    &[
                        "a-v1.1.0",
                        "a-v1.2.1",
                        "a-v1.3.1-alpha",
                        "a-v1.3.1-beta",
                        "a-v1.4.1-beta1",
                        "a-v1.4.1-beta2",
                    ],
                ),
            ],
        ),
        ch(
            "stable-v2.1",
            vec![e("a-v2.1.0", "", &[]), e("a-v2.1.1", "", &["a-v2.1.0"])],
        ),
        ch(
            "stable-v2.3",
            vec![
                e("a-v2.3.1", "", &[]),
                e("a-v2.3.2", "a-v2.1.1", &["a-v2.1.0", "a-v2.3.1"]),
            ],
        ),
        ch(
            "stable-v3.1",
            vec![e("a-v3.1.0", "", &[]), e("a-v3.1.1", "", &["a-v3.1.0"])],
        ),
    ]
}

fn combined() -> Channels {
    let mut all = minor_linked();
    all.extend(major_linked());
    all.sort_by(|a, b| a.0.cmp(&b.0));
    all
}

#[test]
fn generate_channels_as_opm_table() {
    let cases: [(&str, bool, bool, &str, Channels, &str); 4] = [
        (
            "edges between minor channels",
            false,
            true,
            "minor",
            minor_linked(),
            "stable-v3.1",
        ),
        (
            "no edges between major channels",
            true,
            false,
            "major",
            major_linked(),
            "stable-v3",
        ),
        (
            "preference for minor default channel",
            true,
            true,
            "minor",
            combined(),
            "stable-v3.1",
        ),
        (
            "preference for major default channel",
            true,
            true,
            "major",
            combined(),
            "stable-v3",
        ),
    ];
    for (name, major, minor, pref, want, default) in cases {
        let (got, got_default) = channels(&render_a(major, minor, pref, [&[], &[], &GENERATE]));
        assert_eq!(got, want, "{name}");
        assert_eq!(got_default, default, "{name}");
    }
}

#[test]
fn generate_flags_contradicting_the_preference_are_refused_when_read() {
    // opm's generator table also feeds mismatched settings straight to generateChannels; a
    // template file with them never gets there: readFile refuses it first.
    let src = a_source(&GENERATE);
    for (major, minor, pref, flag) in [
        (false, true, "major", "major"),
        (true, false, "minor", "minor"),
    ] {
        let n = names(&GENERATE);
        let refs: Vec<&str> = n.iter().map(String::as_str).collect();
        let err = render(&template(major, minor, pref, [&[], &[], &refs]), &src).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("rendering template: render: unable to read file: schema attribute mismatch: DefaultChannelTypePreference set to '{flag}' doesn't make sense if not generating {flag}-version channels")
        );
        assert_eq!(err.location.line, Some(5), "the preference's line");
    }
}

// ---- TestGetVersionsFromStandardChannel, TestBailOnVersionBuildMetadata ----

#[test]
fn versions_from_the_standard_channels() {
    let stable = [
        "0.1.0",
        "0.1.1",
        "1.1.0",
        "1.2.1",
        "1.3.1",
        "2.1.0",
        "2.1.1",
        "2.3.1",
        "2.3.2",
        "1.3.1-alpha",
    ];
    let out = render_a(false, true, "", [&[], &[], &stable]);
    let objs = objects(&out.text);
    assert_eq!(objs[0]["name"], "a", "the package learned from the bundles");
    let mut bundles: Vec<&str> = objs
        .iter()
        .filter(|o| o["schema"] == "olm.bundle")
        .filter_map(|o| o["name"].as_str())
        .collect();
    bundles.sort();
    let mut want = names(&stable);
    want.sort();
    assert_eq!(bundles, want);
}

#[test]
fn bail_on_version_build_metadata() {
    let stable = [
        "0.1.0",
        "0.1.1",
        "1.1.0",
        "1.2.1",
        "1.3.1",
        "2.1.0",
        "2.1.1",
        "2.3.1",
        "2.3.2",
        "1.3.1-alpha",
        "1.3.1-alpha+2001Jan21",
        "1.3.1-alpha+2003May06",
    ];
    let n = names(&stable);
    let refs: Vec<&str> = n.iter().map(String::as_str).collect();
    let err = render(
        &template(false, true, "", [&[], &[], &refs]),
        &a_source(&stable),
    )
    .unwrap_err();
    let msg = err.to_string();
    let prefix = "rendering template: render: unable to post-process bundle info: encountered bundle versions which differ only by build metadata, which cannot be ordered: [";
    assert!(msg.starts_with(prefix), "{msg}");
    let items: Vec<&str> = msg[prefix.len()..msg.len() - 1].split(", ").collect();
    assert_eq!(items.len(), 2, "{msg}");
    for i in items {
        assert!(
            [
                "bundle version \"1.3.1-alpha\" cannot be compared to \"1.3.1-alpha\"",
                "bundle version \"1.3.1-alpha+2001Jan21\" cannot be compared to \"1.3.1-alpha\"",
                "bundle version \"1.3.1-alpha+2003May06\" cannot be compared to \"1.3.1-alpha\"",
            ]
            .contains(&i),
            "{i}"
        );
    }
}

// ---- TestReadFile ----

const READ_FILE: &str = "---\nschema: olm.semver\ngenerateMajorChannels: %s\ngenerateMinorChannels: %s\ndefaultChannelTypePreference: %s\ncandidate:\n    bundles:\n        - image: quay.io/foo/olm:testoperator.v0.1.0\n        - image: quay.io/foo/olm:testoperator.v0.1.1\n        - image: quay.io/foo/olm:testoperator.v0.1.2\n        - image: quay.io/foo/olm:testoperator.v0.1.3\n        - image: quay.io/foo/olm:testoperator.v0.2.0\n        - image: quay.io/foo/olm:testoperator.v0.2.1\n        - image: quay.io/foo/olm:testoperator.v0.2.2\n        - image: quay.io/foo/olm:testoperator.v0.3.0\n        - image: quay.io/foo/olm:testoperator.v1.0.0\n        - image: quay.io/foo/olm:testoperator.v1.0.1\n        - image: quay.io/foo/olm:testoperator.v1.1.0\nfast:\n    bundles:\n        - image: quay.io/foo/olm:testoperator.v0.2.1\n        - image: quay.io/foo/olm:testoperator.v0.2.2\n        - image: quay.io/foo/olm:testoperator.v0.3.0\n        - image: quay.io/foo/olm:testoperator.v1.0.1\n        - image: quay.io/foo/olm:testoperator.v1.1.0\nstable:\n    bundles:\n        - image: quay.io/foo/olm:testoperator.v1.0.1\n";

fn read_file(major: &str, minor: &str, pref: &str) -> String {
    READ_FILE
        .replacen("%s", major, 1)
        .replacen("%s", minor, 1)
        .replacen("%s", pref, 1)
}

fn render_text(text: &str) -> Result<RenderedFbc, TemplateError> {
    render_fbc(&[InputFile::new("t.yaml", text)], &[], None)
}

#[test]
fn read_file_as_opm_table() {
    let err = |t: &str| render_text(t).unwrap_err().to_string();
    let p = "rendering template: render: unable to read file: ";
    // "valid": the tags name the bundles, so no bundle source is needed to read and render it.
    let ok = render_text(&read_file("true", "true", "minor")).expect("valid");
    assert_eq!(channels(&ok).1, "stable-v1.0");
    let unknown = READ_FILE
        .replacen("%s", "true", 2)
        .replacen("%s", "minor", 1)
        + "invalid:\n    bundles:\n        - image: quay.io/foo/olm:testoperator.v1.0.1\n";
    assert_eq!(
        err(&unknown),
        format!("{p}error unmarshaling JSON: while decoding JSON: json: unknown field \"invalid\"")
    );
    assert!(err(&read_file("true", "false", "minor"))
        .starts_with(&format!("{p}schema attribute mismatch")));
    assert!(err(&read_file("false", "true", "major"))
        .starts_with(&format!("{p}schema attribute mismatch")));
    assert!(err(&read_file("false", "true", "foo"))
        .starts_with(&format!("{p}unknown DefaultChannelTypePreference")));
}

// ---- TestPopulatePackageMetadata ----

fn csv_source(csv: Option<&str>) -> InputFile {
    use base64::Engine as _;
    let mut text = String::new();
    for (name, version) in [
        ("test-operator-v1.0.0", "1.0.0"),
        ("test-operator-v1.1.0", "1.1.0"),
    ] {
        let mut props = vec![
            json!({"type": "olm.package", "value": {"packageName": "test-operator", "version": version}}),
        ];
        if let Some(c) = csv.filter(|_| version == "1.1.0") {
            let data = base64::engine::general_purpose::STANDARD.encode(c);
            props.push(json!({"type": "olm.bundle.object", "value": {"data": data}}));
        }
        let b = json!({"schema": "olm.bundle", "name": name, "package": "test-operator",
            "image": format!("quay.io/test/operator:v{version}"), "properties": props});
        text.push_str(&b.to_string());
        text.push('\n');
    }
    InputFile::new("source.json", text)
}

fn package_of(csv: Option<&str>) -> Value {
    let t = "schema: olm.semver\ngenerateMajorChannels: true\nstable:\n  bundles:\n  - image: quay.io/test/operator:v1.0.0\n  - image: quay.io/test/operator:v1.1.0\n";
    let out =
        render_fbc(&[InputFile::new("t.yaml", t)], &[csv_source(csv)], None).expect("renders");
    objects(&out.text).remove(0)
}

fn csv(spec: &str) -> String {
    format!("{{\"apiVersion\": \"operators.coreos.com/v1alpha1\", \"kind\": \"ClusterServiceVersion\", \"metadata\": {{\"name\": \"test-operator.v1.1.0\"}}, \"spec\": {spec}}}")
}

#[test]
fn package_metadata_from_the_default_channel_head_as_opm_table() {
    let full = csv(
        r#"{"description": "Test operator provides awesome functionality", "icon": [{"base64data": "aGVsbG93b3JsZA==", "mediatype": "image/svg+xml"}]}"#,
    );
    let p = package_of(Some(&full));
    assert_eq!(p["defaultChannel"], "stable-v1");
    assert_eq!(
        p["description"],
        "Test operator provides awesome functionality"
    );
    assert_eq!(
        p["icon"],
        json!({"base64data": "aGVsbG93b3JsZA==", "mediatype": "image/svg+xml"})
    );

    let none = package_of(None);
    assert!(none.get("icon").is_none() && none.get("description").is_none());

    let no_desc = package_of(Some(&csv(
        r#"{"icon": [{"base64data": "aGVsbG8=", "mediatype": "image/png"}]}"#,
    )));
    assert!(no_desc.get("description").is_none());
    assert_eq!(no_desc["icon"]["base64data"], "aGVsbG8=");

    let no_icon = package_of(Some(&csv(r#"{"description": "Test description"}"#)));
    assert_eq!(no_icon["description"], "Test description");
    assert!(no_icon.get("icon").is_none());

    let empty_desc = package_of(Some(&csv(
        r#"{"description": "", "icon": [{"base64data": "aGVsbG8=", "mediatype": "image/png"}]}"#,
    )));
    assert!(empty_desc.get("description").is_none());
    assert_eq!(empty_desc["icon"]["mediatype"], "image/png");

    let empty_icons = package_of(Some(&csv(
        r#"{"description": "Test description", "icon": []}"#,
    )));
    assert!(empty_icons.get("icon").is_none());

    let two = package_of(Some(&csv(
        r#"{"description": "Test description", "icon": [{"base64data": "Zmlyc3Q=", "mediatype": "image/png"}, {"base64data": "c2Vjb25k", "mediatype": "image/svg+xml"}]}"#,
    )));
    assert_eq!(
        two["icon"],
        json!({"base64data": "Zmlyc3Q=", "mediatype": "image/png"})
    );
}

// ---- Our own cases ----

/// docs/spec/template-rules.md §4.4: minor and major channels over three archetypes.
#[test]
fn worked_example_mixed_archetypes_both_kinds() {
    let cand = ["1.0.0", "1.0.1", "1.1.0", "1.1.1", "2.0.0-rc.1", "2.0.0"];
    let fast = ["1.0.1", "1.1.0", "1.1.1", "2.0.0"];
    let stable = ["1.0.1", "1.1.1"];
    let out = render_a(true, true, "", [&cand, &fast, &stable]);
    let (got, default) = channels(&out);
    assert_eq!(default, "stable-v1.1");
    let v1_y1 = vec![
        e("a-v1.1.0", "", &[]),
        e("a-v1.1.1", "a-v1.0.1", &["a-v1.0.0", "a-v1.1.0"]),
    ];
    let want = vec![
        ch(
            "candidate-v1",
            vec![
                e("a-v1.0.0", "", &[]),
                e("a-v1.0.1", "", &["a-v1.0.0"]),
                e("a-v1.1.0", "", &[]),
                e("a-v1.1.1", "a-v1.0.1", &["a-v1.0.0", "a-v1.1.0"]),
            ],
        ),
        ch(
            "candidate-v1.0",
            vec![e("a-v1.0.0", "", &[]), e("a-v1.0.1", "", &["a-v1.0.0"])],
        ),
        ch("candidate-v1.1", v1_y1),
        ch(
            "candidate-v2",
            vec![
                e("a-v2.0.0-rc.1", "", &[]),
                e("a-v2.0.0", "", &["a-v2.0.0-rc.1"]),
            ],
        ),
        ch(
            "candidate-v2.0",
            vec![
                e("a-v2.0.0-rc.1", "", &[]),
                e("a-v2.0.0", "", &["a-v2.0.0-rc.1"]),
            ],
        ),
        ch(
            "fast-v1",
            vec![
                e("a-v1.0.1", "", &[]),
                e("a-v1.1.0", "", &[]),
                e("a-v1.1.1", "a-v1.0.1", &["a-v1.1.0"]),
            ],
        ),
        ch("fast-v1.0", vec![e("a-v1.0.1", "", &[])]),
        ch(
            "fast-v1.1",
            vec![
                e("a-v1.1.0", "", &[]),
                e("a-v1.1.1", "a-v1.0.1", &["a-v1.1.0"]),
            ],
        ),
        ch("fast-v2", vec![e("a-v2.0.0", "", &[])]),
        ch("fast-v2.0", vec![e("a-v2.0.0", "", &[])]),
        ch(
            "stable-v1",
            vec![e("a-v1.0.1", "", &[]), e("a-v1.1.1", "a-v1.0.1", &[])],
        ),
        ch("stable-v1.0", vec![e("a-v1.0.1", "", &[])]),
        ch("stable-v1.1", vec![e("a-v1.1.1", "a-v1.0.1", &[])]),
    ];
    assert_eq!(got, want);
    // The same bundles under the other settings: the default channel only moves as docs/spec/template-rules.md §4.4 says.
    let default_of =
        |major, minor, pref| channels(&render_a(major, minor, pref, [&cand, &fast, &stable])).1;
    assert_eq!(default_of(true, true, "major"), "stable-v1.1");
    assert_eq!(default_of(false, true, ""), "stable-v1.1");
    assert_eq!(default_of(true, false, ""), "stable-v1");
}

#[test]
fn default_channel_is_decided_by_the_version_that_opened_a_channel() {
    // Preference major: stable-v3 wins while major 3 has one minor ...
    let (_, d) = channels(&render_a(
        true,
        true,
        "major",
        [&[], &[], &["3.0.0", "3.0.1"]],
    ));
    assert_eq!(d, "stable-v3");
    // ... and loses to stable-v3.1 once 3.1.0 opens it.
    let (_, d) = channels(&render_a(
        true,
        true,
        "major",
        [&[], &[], &["3.0.0", "3.1.0"]],
    ));
    assert_eq!(d, "stable-v3.1");
    // Only a 0.0.0 pre-release: nothing beats the starting mark, the default stays empty.
    let (_, d) = channels(&render_a(false, true, "", [&["0.0.0-alpha"], &[], &[]]));
    assert_eq!(d, "");
}

#[test]
fn major_channels_keep_edges_inside_one_major_and_skips_accumulate() {
    let stable = [
        "1.0.0", "1.0.1", "1.1.0", "1.2.0", "1.2.1", "2.0.0", "2.1.0",
    ];
    let (got, default) = channels(&render_a(true, false, "", [&[], &[], &stable]));
    assert_eq!(default, "stable-v2");
    assert_eq!(
        got,
        [
            ch(
                "stable-v1",
                vec![
                    e("a-v1.0.0", "", &[]),
                    e("a-v1.0.1", "", &["a-v1.0.0"]),
                    e("a-v1.1.0", "a-v1.0.1", &["a-v1.0.0"]),
                    e("a-v1.2.0", "", &[]),
                    e(
                        "a-v1.2.1",
                        "a-v1.1.0",
                        &["a-v1.0.0", "a-v1.0.1", "a-v1.2.0"]
                    ),
                ]
            ),
            ch(
                "stable-v2",
                vec![e("a-v2.0.0", "", &[]), e("a-v2.1.0", "a-v2.0.0", &[])]
            ),
        ]
    );
}

#[test]
fn pre_releases_order_by_precedence_and_channels_by_bytes() {
    let stable = ["1.9.0", "1.10.0-beta.11", "1.10.0-beta.2", "1.10.0"];
    let (got, default) = channels(&render_a(false, true, "", [&[], &[], &stable]));
    assert_eq!(
        default, "stable-v1.10",
        "opened by 1.10.0-beta.2, which is above 1.9.0"
    );
    assert_eq!(got[0].0, "stable-v1.10", "byte order: -v1.10 before -v1.9");
    let names: Vec<&str> = got[0].1.iter().map(|e| e.0.as_str()).collect();
    assert_eq!(
        names,
        ["a-v1.10.0-beta.2", "a-v1.10.0-beta.11", "a-v1.10.0"]
    );
}

#[test]
fn the_package_comes_from_the_first_bundle_candidate_fast_stable() {
    let src = source("b", &[("b-v1.0.0", "1.0.0")]);
    let mut both = src.clone();
    both.text
        .push_str(&source("a", &[("a-v1.0.0", "1.0.0")]).text);
    let err = render(
        &template(false, true, "", [&["b-v1.0.0"], &[], &["a-v1.0.0"]]),
        &both,
    )
    .unwrap_err();
    assert_eq!(err.to_string(), "rendering template: render: unable to post-process bundle info: bundle \"a\" does not belong to this package: \"b\"");
    assert_eq!(err.location.line, Some(10), "the stable image's line");
}

#[test]
fn a_bundle_listed_twice_in_one_archetype_is_a_duplicate() {
    let err = render(
        &template(false, true, "", [&[], &[], &["a-v1.0.0", "a-v1.0.0"]]),
        &a_source(&["1.0.0"]),
    )
    .unwrap_err();
    assert_eq!(err.to_string(), "rendering template: render: unable to post-process bundle info: duplicate bundle name \"a-v1.0.0\"");
}

#[test]
fn tags_name_the_bundles_when_no_source_has_them() {
    let out = render_text(&read_file("true", "true", "minor")).expect("renders");
    let objs = objects(&out.text);
    let b = objs
        .iter()
        .find(|o| o["name"] == "testoperator.v0.1.0")
        .expect("a stub");
    assert_eq!(
        b,
        &json!({"schema": "olm.bundle", "name": "testoperator.v0.1.0", "package": "testoperator", "image": "quay.io/foo/olm:testoperator.v0.1.0"})
    );
    assert_eq!(out.warnings.len(), 11, "one warning per stub");
    assert!(out.warnings[0].message.contains("written as a stub"));
}

#[test]
fn an_image_nothing_is_known_about_is_an_error_naming_it() {
    let t = "schema: olm.semver\nstable:\n  bundles:\n  - image: quay.io/x/y@sha256:0123\n";
    let err = render_text(t).unwrap_err();
    assert!(
        err.to_string().starts_with(
            "rendering template: bundle image \"quay.io/x/y@sha256:0123\": no bundle source has it"
        ),
        "{err}"
    );
    assert_eq!((err.location.line, err.location.column), (Some(4), Some(5)));
    let none = render_text("schema: olm.semver\n").unwrap_err();
    assert_eq!(
        none.to_string(),
        "rendering template: render: no bundles specified or no bundles could be rendered"
    );
}

#[test]
fn output_is_opms_bytes() {
    let out = render_a(false, true, "", [&[], &[], &["1.0.0", "1.1.0"]]);
    let want = r#"{
    "schema": "olm.package",
    "name": "a",
    "defaultChannel": "stable-v1.1"
}
{
    "schema": "olm.channel",
    "name": "stable-v1.0",
    "package": "a",
    "entries": [
        {
            "name": "a-v1.0.0"
        }
    ]
}
{
    "schema": "olm.channel",
    "name": "stable-v1.1",
    "package": "a",
    "entries": [
        {
            "name": "a-v1.1.0",
            "replaces": "a-v1.0.0"
        }
    ]
}
{
    "schema": "olm.bundle",
    "name": "a-v1.0.0",
    "package": "a",
    "image": "repo/origin/a-v1.0.0",
    "properties": [
        {
            "type": "olm.package",
            "value": {
                "packageName": "a",
                "version": "1.0.0"
            }
        }
    ]
}
{
    "schema": "olm.bundle",
    "name": "a-v1.1.0",
    "package": "a",
    "image": "repo/origin/a-v1.1.0",
    "properties": [
        {
            "type": "olm.package",
            "value": {
                "packageName": "a",
                "version": "1.1.0"
            }
        }
    ]
}
"#;
    assert_eq!(out.text, want);
}

#[test]
fn a_semver_template_loads_as_the_catalog_it_renders() {
    use olm_graph_core::model::FactSource;
    let c = olm_graph_core::load_files(vec![InputFile::new(
        "t.yaml",
        read_file("true", "true", "minor"),
    )]);
    let pkg = c.package("testoperator").expect("package from the tags");
    assert_eq!(
        pkg.template.as_ref().map(|t| t.schema.as_str()),
        Some("olm.semver")
    );
    assert_eq!(pkg.default_channel.as_deref(), Some("stable-v1.0"));
    assert_eq!(pkg.channels.len(), 15, "7 candidate, 6 fast, 2 stable");
    let b = pkg.bundle("testoperator.v0.2.1").expect("bundle");
    assert_eq!(
        b.version.as_ref().map(ToString::to_string).as_deref(),
        Some("0.2.1")
    );
    let facts = b.facts.as_ref().expect("facts");
    assert_eq!(
        (facts.name.clone(), facts.version.clone()),
        (Some(FactSource::ImageTag), Some(FactSource::ImageTag))
    );
    assert_eq!(
        b.location.as_ref().and_then(|l| l.line),
        Some(13),
        "where the template first lists it"
    );
    let errors = olm_graph_core::validate::lint_catalog(&c)
        .into_iter()
        .filter(|d| d.is_error())
        .count();
    assert_eq!(errors, 0);
}
