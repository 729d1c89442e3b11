//! `olm-graph mirror` through the binary: the JSON and text reports against goldens, the kept
//! catalog written and linted, exit codes.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{catalogs_dir, run};

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/mirror")
        .join(name)
        .display()
        .to_string()
}

fn golden(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/golden")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn descheduler() -> String {
    catalogs_dir()
        .join("openshift-kube-descheduler-fbc/v4.18")
        .display()
        .to_string()
}

#[test]
fn json_and_text_match_the_goldens() {
    let c = descheduler();
    let cfg = fixture("descheduler-min.yaml");
    let out = run(&["mirror", &c, "--config", &cfg, "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let got: Value = serde_json::from_slice(&out.stdout).unwrap();
    let want: Value = serde_json::from_str(&golden("mirror-descheduler-min.json")).unwrap();
    assert_eq!(got, want);
    let out = run(&["mirror", &c, "--config", &cfg]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        golden("mirror-descheduler-min.txt")
    );
}

#[test]
fn installed_limits_the_stranded_list() {
    let c = descheduler();
    let cfg = fixture("descheduler-min.yaml");
    let run_with = |installed: &str| {
        let out = run(&[
            "mirror",
            &c,
            "--config",
            &cfg,
            "--json",
            "--installed",
            installed,
        ]);
        let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
        doc["stranded"].as_array().unwrap().len()
    };
    assert_eq!(
        run_with("clusterkubedescheduleroperator.4.14.0-202310201027"),
        1
    );
    assert_eq!(run_with("clusterkubedescheduleroperator.v5.1.0"), 0);
}

#[test]
fn kept_catalog_is_written_and_lints_clean() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mirror");
    std::fs::create_dir_all(&dir).unwrap();
    let out_file = dir.join("kept.json");
    let o = out_file.display().to_string();
    let out = run(&[
        "mirror",
        &descheduler(),
        "--config",
        &fixture("descheduler-min.yaml"),
        "-o",
        &o,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lint = run(&["lint", &o]);
    assert!(
        lint.status.success(),
        "{}",
        String::from_utf8_lossy(&lint.stdout)
    );
    let packages = run(&["packages", &o]);
    let text = String::from_utf8_lossy(&packages.stdout);
    assert!(text.contains("channels=stable\tbundles=5"), "{text}");
}

#[test]
fn a_package_that_fails_to_filter_exits_1_with_oc_mirrors_message() {
    let out = run(&[
        "mirror",
        &descheduler(),
        "--config",
        &fixture("descheduler-not-default.yaml"),
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["packages"], Value::Array(Vec::new()));
    assert_eq!(
        doc["errors"][0]["message"],
        "invalid default channel configuration for package \"cluster-kube-descheduler-operator\": the default channel \"stable\" was filtered out, a new default channel must be configured for this package"
    );
}

#[test]
fn several_entries_need_catalog_and_bad_configs_name_the_line() {
    let c = descheduler();
    let out = run(&["mirror", &c, "--config", &fixture("two-entries.yaml")]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "a missing --catalog is a usage error"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("pick one with --catalog"));
    let picked = run(&[
        "mirror",
        &c,
        "--config",
        &fixture("two-entries.yaml"),
        "--catalog",
        "registry.redhat.io/redhat/redhat-operator-index:v4.18",
        "--json",
    ]);
    assert!(picked.status.success());
    let doc: Value = serde_json::from_slice(&picked.stdout).unwrap();
    // No package listed: every channel cut to its head.
    let channels = doc["packages"][0]["channels"].as_array().unwrap();
    assert!(channels
        .iter()
        .all(|c| c["bundles"].as_array().unwrap().len() == 1));
    let bad = run(&["mirror", &c, "--config", &fixture("bad-type.yaml")]);
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("bad-type.yaml:8:19"), "{err}");
    assert!(
        err.contains("mirror.operators[0].packages[0].minVersion"),
        "{err}"
    );
}

/// A range whose chain needs a bundle above it, a channel it empties (whose deprecation opm then
/// refuses) and a bundle it strands: text and JSON against the goldens, exit 1.
#[test]
fn required_dropped_channel_and_opm_error_match_the_goldens() {
    let catalog = fixture("required.json");
    let cfg = fixture("required.yaml");
    let out = run(&["mirror", &catalog, "--config", &cfg]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        golden("mirror-required.txt")
    );
    let out = run(&["mirror", &catalog, "--config", &cfg, "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let got: Value = serde_json::from_slice(&out.stdout).unwrap();
    let want: Value = serde_json::from_str(&golden("mirror-required.json")).unwrap();
    assert_eq!(got, want);
    assert_eq!(got["stranded"][0]["change"]["scope"], "package");
    assert_eq!(got["stranded"][0]["change"]["value"], "0.9.0");
}
