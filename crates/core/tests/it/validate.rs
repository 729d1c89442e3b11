//! Every opm validation rule (with opm's exact text) and every curator lint, on small catalogs.

use olm_graph_core::validate::{lint_catalog, render_tree, replaces_chain, ChainError};
use olm_graph_core::{load_files, Diagnostic, InputFile, Severity};

fn bundle(name: &str, version: &str) -> String {
    format!("---\nschema: olm.bundle\npackage: p\nname: {name}\nimage: example/{name}\nproperties:\n- type: olm.package\n  value:\n    packageName: p\n    version: {version}\n")
}

/// A package `p` (default channel `stable`) with one channel of the given entries (YAML list
/// items) and bundles `name@version`.
fn catalog(entries: &str, bundles: &[(&str, &str)], extra: &str) -> Vec<Diagnostic> {
    let mut y = format!("schema: olm.package\nname: p\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: p\nname: stable\nentries:\n{entries}{extra}");
    for (n, v) in bundles {
        y += &bundle(n, v);
    }
    lint_catalog(&load_files(vec![InputFile::new("c.yaml", y)]))
}

fn errors(d: &[Diagnostic]) -> Vec<String> {
    d.iter()
        .filter(|x| x.severity == Severity::Error)
        .map(|x| x.message.clone())
        .collect()
}

fn warnings<'a>(d: &'a [Diagnostic], code: &str) -> Vec<&'a Diagnostic> {
    d.iter()
        .filter(|x| x.severity == Severity::Warning && x.code == code)
        .collect()
}

const ABC: &[(&str, &str)] = &[("a", "1.0.0"), ("b", "2.0.0"), ("c", "3.0.0")];

#[test]
fn a_valid_chain_has_no_finding() {
    let d = catalog(
        "- name: a\n- name: b\n  replaces: a\n- name: c\n  replaces: b\n",
        ABC,
        "",
    );
    assert!(d.is_empty(), "{d:?}");
}

#[test]
fn multiple_heads() {
    let d = catalog(
        "- name: a\n- name: b\n  replaces: a\n- name: c\n  replaces: a\n",
        ABC,
        "",
    );
    assert_eq!(errors(&d), ["multiple channel heads found in graph: b, c"]);
    let e = d.iter().find(|x| x.is_error()).unwrap();
    assert_eq!(
        (e.package.as_deref(), e.channel.as_deref()),
        (Some("p"), Some("stable"))
    );
    assert!(e.suggestion.is_some());
}

#[test]
fn no_head() {
    let d = catalog(
        "- name: a\n  replaces: c\n- name: b\n  replaces: a\n- name: c\n  replaces: b\n",
        ABC,
        "",
    );
    assert_eq!(errors(&d), ["no channel head found in graph"]);
}

#[test]
fn cycle_below_the_head_is_printed_from_the_repeated_node() {
    let d = catalog(
        "- name: a\n  replaces: b\n- name: b\n  replaces: a\n- name: c\n  replaces: b\n",
        ABC,
        "",
    );
    assert_eq!(
        errors(&d),
        ["detected cycle in replaces chain of upgrade graph: b -> a -> b"]
    );
}

#[test]
fn stranded_bundles_including_opms_skipped_replaces_case() {
    // v3 replaces v2 and skips it; v2 replaces v1: the walk stops at the skipped v2, v1 strands.
    let d = catalog(
        "- name: a\n- name: b\n  replaces: a\n- name: c\n  replaces: b\n  skips: [b]\n",
        ABC,
        "",
    );
    assert_eq!(
        errors(&d),
        ["channel contains one or more stranded bundles: a"]
    );
    let c = load_files(vec![InputFile::new(
        "x.yaml",
        "schema: olm.package\nname: p\ndefaultChannel: s\n---\nschema: olm.channel\npackage: p\nname: s\nentries:\n- name: a\n- name: b\n- name: c\n  replaces: b\n",
    )]);
    let err = replaces_chain(&c.package("p").unwrap().channels[0]).unwrap_err();
    assert_eq!(err, ChainError::MultipleHeads(vec!["a".into(), "c".into()]));
    assert_eq!(
        err.to_string(),
        "multiple channel heads found in graph: a, c"
    );
}

#[test]
fn a_dangling_tail_is_allowed() {
    let d = catalog(
        "- name: b\n  replaces: a\n- name: c\n  replaces: b\n",
        &[("b", "2.0.0"), ("c", "3.0.0")],
        "",
    );
    assert!(errors(&d).is_empty(), "{d:?}");
}

#[test]
fn empty_skip_and_invalid_skip_range() {
    let d = catalog(
        "- name: a\n- name: b\n  replaces: a\n  skips: ['']\n  skipRange: '>v0.1.0'\n",
        &ABC[..2],
        "",
    );
    let e = errors(&d);
    assert!(e.contains(&"skip[0] is empty".to_string()), "{e:?}");
    assert!(
        e.contains(&"invalid skipRange \">v0.1.0\": Could not parse Range \">v0.1.0\": Could not parse comparator \">v\" in \">v0.1.0\"".to_string()),
        "{e:?}"
    );
}

#[test]
fn duplicate_versions() {
    let d = catalog(
        "- name: a\n- name: b\n  replaces: a\n",
        &[("a", "1.0.0"), ("b", "1.0.0")],
        "",
    );
    assert_eq!(
        errors(&d),
        ["duplicate versions found in bundles: [{1.0.0: [a, b]}]"]
    );
}

#[test]
fn missing_bundles_are_reported_for_every_channel_and_unlisted_bundles_too() {
    let extra = "---\nschema: olm.channel\npackage: p\nname: fast\nentries:\n- name: x\n";
    let d = catalog(
        "- name: a\n- name: b\n  replaces: a\n- name: z\n  replaces: b\n",
        &[("a", "1.0.0"), ("b", "2.0.0"), ("c", "3.0.0")],
        extra,
    );
    let e = errors(&d);
    assert!(
        e.contains(
            &"no olm.bundle blobs found in package \"p\" for olm.channel entries [x]".to_string()
        ),
        "{e:?}"
    );
    assert!(
        e.contains(
            &"no olm.bundle blobs found in package \"p\" for olm.channel entries [z]".to_string()
        ),
        "{e:?}"
    );
    assert!(
        e.contains(&"package \"p\", bundle \"c\" not found in any channel entries".to_string()),
        "{e:?}"
    );
}

#[test]
fn default_channel_that_does_not_exist() {
    let y = format!("schema: olm.package\nname: p\ndefaultChannel: nope\n---\nschema: olm.channel\npackage: p\nname: stable\nentries:\n- name: a\n{}", bundle("a", "1.0.0"));
    let d = lint_catalog(&load_files(vec![InputFile::new("c.yaml", y)]));
    let e = d.iter().find(|x| x.is_error()).expect("an error");
    assert_eq!(e.message, "channel must contain at least one bundle");
    assert_eq!(e.channel.as_deref(), Some("nope"));
    let tree = render_tree(&d);
    assert!(tree.starts_with("invalid index:\n└── invalid package \"p\":\n    └── invalid channel \"nope\":\n        └── channel must contain at least one bundle"), "{tree}");
}

#[test]
fn missing_default_channel_and_invalid_package_name() {
    let d = lint_catalog(&load_files(vec![InputFile::new(
        "c.yaml",
        "schema: olm.package\nname: Bad_Name\n",
    )]));
    let e = errors(&d);
    assert!(
        e.iter().any(|m| m
            .starts_with("invalid package name \"Bad_Name\": [a lowercase RFC 1123 label")
            && m.ends_with("')]")),
        "{e:?}"
    );
    assert!(
        e.contains(&"default channel must be set".to_string()),
        "{e:?}"
    );
    assert!(
        e.contains(&"package must contain at least one channel".to_string()),
        "{e:?}"
    );
}

#[test]
fn bundle_without_image() {
    let y = "schema: olm.package\nname: p\ndefaultChannel: s\n---\nschema: olm.channel\npackage: p\nname: s\nentries:\n- name: a\n---\nschema: olm.bundle\npackage: p\nname: a\nproperties:\n- {type: olm.package, value: {packageName: p, version: 1.0.0}}\n";
    let d = lint_catalog(&load_files(vec![InputFile::new("c.yaml", y)]));
    assert_eq!(errors(&d), ["bundle image must be set"]);
    assert_eq!(d[0].bundle.as_deref(), Some("a"));
}

#[test]
fn lint_skip_range_that_matches_no_bundle_of_the_package() {
    let d = catalog(
        "- name: a\n- name: b\n  replaces: a\n  skipRange: '>=0.1.0 <0.5.0'\n",
        &ABC[..2],
        "",
    );
    let w = warnings(&d, "lint.skiprange-matches-nothing");
    assert_eq!(w.len(), 1, "{d:?}");
    assert_eq!(w[0].bundle.as_deref(), Some("b"));
    assert!(w[0].suggestion.is_some());
    // A range matching a bundle of another channel is fine (clusters switching channels).
    let extra = "---\nschema: olm.channel\npackage: p\nname: old\nentries:\n- name: c\n";
    let d = catalog(
        "- name: a\n- name: b\n  replaces: a\n  skipRange: '>=3.0.0 <4.0.0'\n",
        ABC,
        extra,
    );
    assert!(
        warnings(&d, "lint.skiprange-matches-nothing").is_empty(),
        "{d:?}"
    );
}

#[test]
fn lint_skip_range_that_matches_its_own_entry() {
    let d = catalog(
        "- name: a\n- name: b\n  replaces: a\n  skipRange: '>=1.0.0 <=2.0.0'\n",
        &ABC[..2],
        "",
    );
    let w = warnings(&d, "lint.skiprange-matches-self");
    assert_eq!(w.len(), 1, "{d:?}");
    assert!(
        w[0].suggestion.as_deref().unwrap().contains("<2.0.0"),
        "{:?}",
        w[0].suggestion
    );
}

#[test]
fn lint_blang_quirks() {
    for (range, needle) in [
        ("1.x.x", "1.x.x"),
        ("1.2.3 - 2.0.0", "\"-\""),
        ("!=1.2.x", "!=1.2.x"),
    ] {
        let d = catalog(
            &format!("- name: a\n- name: b\n  replaces: a\n  skipRange: '{range}'\n"),
            &ABC[..2],
            "",
        );
        let w = warnings(&d, "lint.skiprange-quirk");
        assert!(!w.is_empty(), "{range}: {d:?}");
        assert!(w[0].message.contains(needle), "{range}: {}", w[0].message);
        assert!(w[0].suggestion.is_some());
    }
}

#[test]
fn lint_entries_no_v0_upgrade_reaches() {
    let d = catalog(
        "- name: a\n- name: b\n  replaces: a\n- name: c\n  replaces: a\n  skips: [b]\n",
        ABC,
        "",
    );
    let w = warnings(&d, "lint.unreachable-v0");
    assert_eq!(w.len(), 1, "{d:?}");
    assert_eq!(w[0].bundle.as_deref(), Some("b"));
    assert!(w[0].message.contains("skipped by c"), "{}", w[0].message);
}

#[test]
fn lint_deprecated_default_channel_and_deprecation_errors() {
    let extra = "---\nschema: olm.deprecations\npackage: p\nentries:\n- reference: {schema: olm.channel, name: stable}\n  message: use fast\n- reference: {schema: olm.bundle, name: ghost}\n  message: gone\n- reference: {schema: olm.package, name: p}\n  message: x\n";
    let d = catalog("- name: a\n", &ABC[..1], extra);
    assert_eq!(
        warnings(&d, "lint.default-channel-deprecated").len(),
        1,
        "{d:?}"
    );
    let e = errors(&d);
    assert!(
        e.contains(
            &"cannot deprecate bundle \"ghost\" for package \"p\": bundle not found".to_string()
        ),
        "{e:?}"
    );
    assert!(
        e.contains(
            &"package name must be empty for deprecated package \"p\" (specified \"p\")"
                .to_string()
        ),
        "{e:?}"
    );
}
