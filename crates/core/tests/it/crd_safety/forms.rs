//! One bundle pair read from FBC (`olm.bundle.object`), from an operator repository in the
//! bundle layout and from legacy package manifests gives the same verdicts and messages.

use std::path::{Path, PathBuf};

use olm_graph_core::crd::limits::CrdLimits;
use olm_graph_core::crd::pairs::Judge;
use olm_graph_core::crd::PairJudgement;
use olm_graph_core::open::load_paths_with;
use olm_graph_core::LoadOptions;

fn cases() -> PathBuf {
    crate::common::catalogs_dir().join("../crd-safety/cases")
}

fn judged(path: &Path, package: &str, from: &str, to: &str) -> PairJudgement {
    let options = LoadOptions {
        keep_crds: true,
        ..LoadOptions::default()
    };
    let catalog = load_paths_with(&[path], options).expect("readable");
    let pkg = catalog
        .packages
        .iter()
        .find(|p| p.name == package)
        .unwrap_or_else(|| panic!("{package} in {}", path.display()));
    Judge::new(pkg, None, CrdLimits::default())
        .pair(from, to)
        .expect("both bundles")
}

/// The repository form's bundle directories copied as a legacy package-manifest directory:
/// `<package>.package.yaml` and one directory per version with its CSV and CRDs.
fn legacy_copy(case: &str, package: &str, head: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "olm-graph-crd-legacy-{case}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let repo = cases().join(case).join("repo/operators").join(package);
    for version in std::fs::read_dir(&repo).unwrap() {
        let version = version.unwrap();
        let target = dir.join(version.file_name());
        std::fs::create_dir_all(&target).unwrap();
        for f in std::fs::read_dir(version.path().join("manifests")).unwrap() {
            let f = f.unwrap();
            std::fs::copy(f.path(), target.join(f.file_name())).unwrap();
        }
    }
    let manifest = format!(
        "packageName: {package}\ndefaultChannel: stable\nchannels:\n- name: stable\n  currentCSV: {head}\n"
    );
    std::fs::write(dir.join(format!("{package}.package.yaml")), manifest).unwrap();
    dir
}

#[test]
fn fbc_bundle_layout_and_legacy_manifests_agree() {
    for case in [
        "crdify-e2e-multipleincompatible",
        "olmv0-stored-version-removed",
        "oc-valid-upgrade",
    ] {
        let exp: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(cases().join(case).join("expected.json")).unwrap(),
        )
        .unwrap();
        let s = |k: &str| exp[k].as_str().unwrap().to_string();
        let (package, from, to) = (s("package"), s("from"), s("to"));
        let fbc = judged(
            &cases().join(case).join("catalog.json"),
            &package,
            &from,
            &to,
        );
        let repo = judged(&cases().join(case).join("repo"), &package, &from, &to);
        let legacy_dir = legacy_copy(case, &package, &to);
        let legacy = judged(&legacy_dir, &package, &from, &to);
        let _ = std::fs::remove_dir_all(&legacy_dir);
        assert_eq!(fbc, repo, "{case}: FBC and bundle layout");
        assert_eq!(fbc, legacy, "{case}: FBC and legacy manifests");
        assert_eq!(
            fbc.olm_v1.verdict.as_str(),
            exp["olmV1"]["verdict"],
            "{case}"
        );
        assert_eq!(
            fbc.olm_v0.verdict.as_str(),
            exp["olmV0"]["verdict"],
            "{case}"
        );
    }
}

#[test]
fn bundles_without_manifests_are_unknown_and_a_dropped_olm_gvk_is_named() {
    let text = r#"{"schema": "olm.package", "name": "p", "defaultChannel": "s"}
{"schema": "olm.channel", "package": "p", "name": "s", "entries": [{"name": "p.v1"}, {"name": "p.v2", "replaces": "p.v1"}]}
{"schema": "olm.bundle", "package": "p", "name": "p.v1", "image": "x/p:1", "properties": [
  {"type": "olm.package", "value": {"packageName": "p", "version": "1.0.0"}},
  {"type": "olm.gvk", "value": {"group": "example.com", "version": "v1alpha1", "kind": "Widget"}},
  {"type": "olm.gvk", "value": {"group": "example.com", "version": "v1", "kind": "Widget"}}]}
{"schema": "olm.bundle", "package": "p", "name": "p.v2", "image": "x/p:2", "properties": [
  {"type": "olm.package", "value": {"packageName": "p", "version": "2.0.0"}},
  {"type": "olm.gvk", "value": {"group": "example.com", "version": "v1", "kind": "Widget"}}]}
"#;
    for keep_gvks in [false, true] {
        let options = LoadOptions {
            keep_crds: true,
            keep_gvks,
            ..LoadOptions::default()
        };
        let files = vec![olm_graph_core::InputFile {
            path: "c.json".into(),
            text: text.into(),
        }];
        let catalog = olm_graph_core::open::load_files_with(files, options);
        let j = Judge::new(&catalog.packages[0], None, CrdLimits::default())
            .pair("p.v1", "p.v2")
            .expect("both bundles");
        assert_eq!(j.olm_v1.verdict, olm_graph_core::crd::Verdict::Unknown);
        assert_eq!(j.olm_v0.verdict, olm_graph_core::crd::Verdict::Unknown);
        assert!(
            j.olm_v1.message.contains("does not carry its manifests"),
            "{}",
            j.olm_v1.message
        );
        let named = j
            .olm_v1
            .message
            .contains("olm.gvk shows API(s) dropped: example.com/v1alpha1, Kind=Widget");
        assert_eq!(named, keep_gvks, "{}", j.olm_v1.message);
    }
}
