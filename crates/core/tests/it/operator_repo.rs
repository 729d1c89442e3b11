//! Operator repositories in the bundle layout (docs/spec/operator-repo.md): real operators from
//! community-operators-prod (`tests/fixtures/operator-repo/`, see its SOURCE.md) drawn as
//! their published FBC draws the same bundles, and the rules on small repositories built here.

use std::collections::BTreeSet;

use olm_graph_core::graph::{channel_graphs, ChannelGraph};
use olm_graph_core::model::{Catalog, Package};
use olm_graph_core::{load_files, InputFile};

use crate::common::{catalog, fixture, load};

/// One channel as a graph viewer sees it: entries, virtual nodes, typed edges, head.
type ChannelShape = (
    String,
    BTreeSet<String>,
    BTreeSet<String>,
    BTreeSet<(String, String, &'static str)>,
    Option<String>,
);

fn shape(g: &ChannelGraph) -> ChannelShape {
    let names = |virt: bool| {
        g.nodes
            .iter()
            .filter(|n| n.is_virtual == virt)
            .map(|n| n.name.clone())
            .collect()
    };
    let edges = g
        .edges
        .iter()
        .map(|e| {
            let (f, t) = (&g.nodes[e.from].name, &g.nodes[e.to].name);
            (f.clone(), t.clone(), e.kind.as_str())
        })
        .collect();
    let head = g.head.name().map(str::to_string);
    (g.channel.clone(), names(false), names(true), edges, head)
}

fn shapes(p: &Package) -> Vec<ChannelShape> {
    channel_graphs(p).iter().map(shape).collect()
}

/// The published package cut down to the bundles of `names`: entries and bundles outside the
/// set dropped, the fields of the rest kept (their `replaces` may name a dropped bundle).
fn restricted(p: &Package, names: &BTreeSet<String>) -> Package {
    let mut p = p.clone();
    p.bundles.retain(|b| names.contains(&b.name));
    for c in &mut p.channels {
        c.entries.retain(|e| names.contains(&e.name));
    }
    p.channels.retain(|c| !c.entries.is_empty());
    p
}

fn package<'c>(c: &'c Catalog, name: &str) -> &'c Package {
    c.package(name)
        .unwrap_or_else(|| panic!("no package {name}: {:?}", c.diagnostics))
}

/// The operator directory and its published FBC draw the same channels, edges and heads, and
/// name the same default channel.
fn assert_same_as_published(dir: &str, fbc: &str, package_name: &str) {
    let repo = load(&fixture("operator-repo").join(dir));
    let ours = package(&repo, package_name);
    let names: BTreeSet<String> = ours.bundles.iter().map(|b| b.name.clone()).collect();
    assert!(names.len() >= 4, "{names:?}");
    let published = load(&catalog(fbc));
    let theirs = restricted(package(&published, package_name), &names);
    assert_eq!(shapes(ours), shapes(&theirs));
    assert_eq!(ours.default_channel, theirs.default_channel);
    for b in &ours.bundles {
        let t = theirs.bundle(&b.name).expect("published bundle");
        assert_eq!(b.version, t.version, "{}", b.name);
        assert_eq!(b.image, None);
    }
    let errors: Vec<_> = repo.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "{errors:?}");
}

#[test]
fn replaces_mode_operator_draws_as_its_published_fbc() {
    // Two channels (alpha, beta), default beta, a replaces chain whose tail names 4.2.0,
    // outside the fixture's versions: a virtual node on both sides.
    assert_same_as_published(
        "koku-metrics-operator",
        "community-operators-prod/v4.21/koku-metrics-operator.yaml",
        "koku-metrics-operator",
    );
    let repo = load(&fixture("operator-repo/koku-metrics-operator"));
    let p = package(&repo, "koku-metrics-operator");
    assert_eq!(p.default_channel.as_deref(), Some("beta"));
    let beta = shapes(p).into_iter().find(|s| s.0 == "beta").unwrap();
    assert_eq!(beta.4.as_deref(), Some("koku-metrics-operator.v4.4.1"));
    assert!(beta.2.contains("koku-metrics-operator.v4.2.0"));
    // The chain ends at a bundle the directory does not hold: opm's words, at the CSV.
    let d = repo
        .diagnostics
        .iter()
        .find(|d| d.message.contains("replaces nonexistent bundle"))
        .expect("dangling replaces reported");
    assert_eq!(d.code.as_str(), "load.repo");
    assert!(d
        .location
        .as_ref()
        .unwrap()
        .file
        .ends_with("4.3.0/manifests/koku-metrics-operator.clusterserviceversion.yaml"));
    assert_eq!(d.field.as_deref(), Some("spec.replaces"));
}

#[test]
fn semver_mode_operator_draws_as_its_published_fbc() {
    // trident's CSVs name no `replaces`: only semver-mode chains them.
    assert_same_as_published(
        "trident-operator",
        "community-operators-prod/v4.17/trident-operator.yaml",
        "trident-operator",
    );
    let repo = load(&fixture("operator-repo/trident-operator"));
    let stable = shapes(package(&repo, "trident-operator")).remove(0);
    assert_eq!(stable.3.len(), 4, "{:?}", stable.3);
    assert!(stable.3.contains(&(
        "trident-operator.v24.10.1".into(),
        "trident-operator.v25.2.0".into(),
        "replaces"
    )));
}

/// The fixture operators as a repository root: `operators/<name>/...` in memory.
fn as_repository_root() -> Vec<InputFile> {
    let root = fixture("operator-repo");
    let mut files = Vec::new();
    for op in ["koku-metrics-operator", "trident-operator"] {
        walk(&root.join(op), &format!("operators/{op}"), &mut files);
    }
    files
}

pub(crate) fn walk(dir: &std::path::Path, prefix: &str, out: &mut Vec<InputFile>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let name = e.file_name().to_string_lossy().to_string();
        let path = format!("{prefix}/{name}");
        if e.path().is_dir() {
            walk(&e.path(), &path, out);
        } else {
            out.push(InputFile::new(
                path,
                std::fs::read_to_string(e.path()).unwrap(),
            ));
        }
    }
}

#[test]
fn repository_root_reads_every_operator_with_its_own_mode() {
    let c = load_files(as_repository_root());
    let names: Vec<&str> = c.packages.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["koku-metrics-operator", "trident-operator"]);
    let alone = load(&fixture("operator-repo/trident-operator"));
    assert_eq!(
        shapes(package(&c, "trident-operator")),
        shapes(package(&alone, "trident-operator"))
    );
    assert!(
        !c.diagnostics.iter().any(|d| d.is_error()),
        "{:?}",
        c.diagnostics
    );
}

fn csv(name: &str, version: &str, extra_spec: &str, skip_range: Option<&str>) -> String {
    let ann = skip_range
        .map(|r| format!("  annotations:\n    olm.skipRange: '{r}'\n"))
        .unwrap_or_default();
    format!(
        "apiVersion: operators.coreos.com/v1alpha1\nkind: ClusterServiceVersion\nmetadata:\n  name: {name}\n{ann}spec:\n  version: {version}\n{extra_spec}"
    )
}

fn annotations(package: &str, channels: &str, default: Option<&str>) -> String {
    let d = default
        .map(|d| format!("  operators.operatorframework.io.bundle.channel.default.v1: {d}\n"))
        .unwrap_or_default();
    format!("annotations:\n  operators.operatorframework.io.bundle.package.v1: {package}\n  operators.operatorframework.io.bundle.channels.v1: {channels}\n{d}")
}

/// One bundle directory of operator `op`: its CSV and annotations.
fn bundle(op: &str, v: &str, csv_text: String, ann: String) -> [InputFile; 2] {
    [
        InputFile::new(
            format!("{op}/{v}/manifests/{op}.clusterserviceversion.yaml"),
            csv_text,
        ),
        InputFile::new(format!("{op}/{v}/metadata/annotations.yaml"), ann),
    ]
}

#[test]
fn semver_mode_chains_by_version_and_keeps_only_the_skip_range() {
    let mut files = vec![InputFile::new("op/ci.yaml", "updateGraph: semver-mode\n")];
    files.extend(bundle(
        "op",
        "1.0.0",
        csv("op.v1.0.0", "1.0.0", "", None),
        annotations("op", "stable", None),
    ));
    // 1.2.0 says it replaces 1.0.0 and skips 1.1.0: semver-mode chains 1.1.0 → 1.2.0 anyway,
    // and the index it built kept no `skips` (only synthetic replaces rows carried them).
    let spec = "  replaces: op.v1.0.0\n  skips:\n  - op.v1.1.0\n";
    files.extend(bundle(
        "op",
        "1.2.0",
        csv("op.v1.2.0", "1.2.0", spec, Some(">=1.0.0 <1.2.0")),
        annotations("op", "stable,fast", Some("fast")),
    ));
    files.extend(bundle(
        "op",
        "1.1.0",
        csv("op.v1.1.0", "1.1.0", "", None),
        annotations("op", "stable", Some("stable")),
    ));
    let c = load_files(files);
    let p = package(&c, "op");
    // The highest version names the default channel.
    assert_eq!(p.default_channel.as_deref(), Some("fast"));
    let stable = p.channels.iter().find(|c| c.name == "stable").unwrap();
    let chain: Vec<(&str, Option<&str>)> = stable
        .entries
        .iter()
        .map(|e| (e.name.as_str(), e.replaces.as_deref()))
        .collect();
    assert_eq!(
        chain,
        [
            ("op.v1.0.0", None),
            ("op.v1.1.0", Some("op.v1.0.0")),
            ("op.v1.2.0", Some("op.v1.1.0"))
        ]
    );
    let top = &stable.entries[2];
    assert!(top.skips.is_empty(), "{:?}", top.skips);
    assert_eq!(top.skip_range.as_deref(), Some(">=1.0.0 <1.2.0"));
    let fast = p.channels.iter().find(|c| c.name == "fast").unwrap();
    assert_eq!(fast.entries.len(), 1);
    assert_eq!(fast.entries[0].replaces, None);
}

#[test]
fn replaces_mode_heads_each_channel_with_its_highest_version() {
    // No ci.yaml: replaces-mode. 2.0.0 (channel beta) replaces 1.0.0 (channel alpha only):
    // the walk from beta's head takes 1.0.0 into beta, as the index build did.
    let mut files = Vec::new();
    files.extend(bundle(
        "op",
        "1.0.0",
        csv("op.v1.0.0", "1.0.0", "", None),
        annotations("op", "alpha", Some("alpha")),
    ));
    files.extend(bundle(
        "op",
        "1.1.0",
        csv("op.v1.1.0", "1.1.0", "  replaces: op.v1.0.0\n", None),
        annotations("op", "alpha", None),
    ));
    files.extend(bundle(
        "op",
        "2.0.0",
        csv("op.v2.0.0", "2.0.0", "  replaces: op.v1.0.0\n", None),
        annotations("op", "beta", None),
    ));
    let c = load_files(files);
    let p = package(&c, "op");
    // 2.0.0 names no default: the highest version that names one (1.0.0) decides.
    assert_eq!(p.default_channel.as_deref(), Some("alpha"));
    let entries = |ch: &str| -> Vec<String> {
        let c = p.channels.iter().find(|c| c.name == ch).unwrap();
        c.entries.iter().map(|e| e.name.clone()).collect()
    };
    assert_eq!(entries("alpha"), ["op.v1.1.0", "op.v1.0.0"]);
    assert_eq!(entries("beta"), ["op.v2.0.0", "op.v1.0.0"]);
    assert!(
        !c.diagnostics.iter().any(|d| d.is_error()),
        "{:?}",
        c.diagnostics
    );
}

#[test]
fn bad_operator_directories_are_reported_and_the_rest_still_reads() {
    let mut files = vec![InputFile::new("op/ci.yaml", "updateGraph: fancy-mode\n")];
    files.extend(bundle(
        "op",
        "1.0.0",
        csv("op.v1.0.0", "1.0.0", "", None),
        annotations("op", "stable", None),
    ));
    // Same version twice; a cycle; a bundle without a CSV; a bundle without channels.
    files.extend(bundle(
        "op",
        "1.0.0-again",
        csv("op.v1.0.0-again", "1.0.0", "", None),
        annotations("op", "stable", None),
    ));
    files.extend(bundle(
        "op",
        "2.0.0",
        csv("op.v2.0.0", "2.0.0", "  replaces: op.v3.0.0\n", None),
        annotations("op", "stable", None),
    ));
    files.extend(bundle(
        "op",
        "3.0.0",
        csv("op.v3.0.0", "3.0.0", "  replaces: op.v2.0.0\n", None),
        annotations("op", "stable", None),
    ));
    files.push(InputFile::new(
        "op/4.0.0/metadata/annotations.yaml",
        annotations("op", "stable", None),
    ));
    files.extend(bundle(
        "op",
        "5.0.0",
        csv("op.v5.0.0", "5.0.0", "", None),
        "annotations:\n  operators.operatorframework.io.bundle.package.v1: op\n".into(),
    ));
    files.push(InputFile::new(
        "op/6.0.0/metadata/annotations.yaml",
        "annotations: [1, 2]\n",
    ));
    files.push(InputFile::new(
        "op/6.0.0/manifests/op.clusterserviceversion.yaml",
        csv("op.v6.0.0", "6.0.0", "", None),
    ));
    let c = load_files(files);
    let find = |needle: &str| {
        c.diagnostics
            .iter()
            .find(|d| d.message.contains(needle))
            .unwrap_or_else(|| panic!("no {needle:?} in {:?}", c.diagnostics))
    };
    let d = find("updateGraph \"fancy-mode\"");
    assert_eq!(
        (
            d.location.as_ref().unwrap().file.as_str(),
            d.field.as_deref()
        ),
        ("op/ci.yaml", Some("updateGraph"))
    );
    assert_eq!(d.location.as_ref().unwrap().line, Some(1));
    find("have the same version 1.0.0");
    find("Cycle detected, op.v2.0.0 replaces op.v3.0.0");
    let d = find("has no ClusterServiceVersion in manifests/");
    assert_eq!(
        d.location.as_ref().unwrap().file,
        "op/4.0.0/metadata/annotations.yaml"
    );
    let d = find("bundle names no channel");
    assert_eq!(
        d.field.as_deref(),
        Some("annotations.operators.operatorframework.io.bundle.channels.v1")
    );
    find("annotations is not a mapping");
    // The rest reads: one package, its stable channel headed by 3.0.0.
    let p = package(&c, "op");
    assert_eq!(p.channels.len(), 1);
    assert!(
        c.diagnostics
            .iter()
            .all(|d| d.code.as_str() != "load.schema"),
        "{:?}",
        c.diagnostics
    );
}
