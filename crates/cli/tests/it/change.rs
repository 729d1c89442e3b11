//! `deprecate-truncate`, `resolve-image` and `diff` through the binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_olm-graph"))
        .args(args)
        .output()
        .expect("olm-graph runs")
}

fn catalogs() -> PathBuf {
    if let Ok(d) = std::env::var("OLM_GRAPH_CATALOGS") {
        return PathBuf::from(d);
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/catalogs")
}

fn out_dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn deprecate_truncate_writes_a_catalog_that_lints_clean() {
    let src = catalogs().join("openshift-external-dns-operator/v4.21/external-dns-operator.yaml");
    let out = out_dir("truncate").join("out.json");
    let r = run(&[
        "deprecate-truncate",
        src.to_str().unwrap(),
        "-p",
        "external-dns-operator",
        "-b",
        "external-dns-operator.v1.2.0",
        "-m",
        "1.2.0 is out of support",
        "-o",
        out.to_str().unwrap(),
        "--json",
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let report: Value = serde_json::from_slice(&r.stdout).unwrap();
    assert_eq!(report["bundle"], "external-dns-operator.v1.2.0");
    assert!(!report["tail"].as_array().unwrap().is_empty(), "{report}");
    let lint = run(&["lint", out.to_str().unwrap()]);
    assert_eq!(
        lint.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&lint.stdout)
    );
    let graph = run(&[
        "graph",
        out.to_str().unwrap(),
        "-p",
        "external-dns-operator",
        "--json",
    ]);
    let doc: Value = serde_json::from_slice(&graph.stdout).unwrap();
    let deprecated: Vec<&str> = doc["channels"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["nodes"].as_array().unwrap().iter())
        .filter(|n| n["deprecated"] == true)
        .map(|n| n["name"].as_str().unwrap())
        .collect();
    assert!(
        deprecated.contains(&"external-dns-operator.v1.2.0"),
        "{deprecated:?}"
    );
}

/// `-` reads the catalog from standard input, and the written catalog is the one written from
/// the file.
#[test]
fn deprecate_truncate_reads_standard_input() {
    use std::io::Write as _;
    use std::process::Stdio;
    let src = catalogs().join("openshift-external-dns-operator/v4.21/external-dns-operator.yaml");
    let dir = out_dir("truncate-stdin");
    let (from_file, from_stdin) = (dir.join("file.json"), dir.join("stdin.json"));
    let args = |input: &str, out: &Path| -> Vec<String> {
        [
            "deprecate-truncate",
            input,
            "-p",
            "external-dns-operator",
            "-b",
            "external-dns-operator.v1.2.0",
            "-o",
            out.to_str().unwrap(),
        ]
        .map(String::from)
        .to_vec()
    };
    let r = run(&args(src.to_str().unwrap(), &from_file)
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>());
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let mut child = Command::new(env!("CARGO_BIN_EXE_olm-graph"))
        .args(args("-", &from_stdin))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("olm-graph starts");
    let text = std::fs::read(&src).unwrap();
    child.stdin.take().unwrap().write_all(&text).unwrap();
    let r = child.wait_with_output().unwrap();
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let written = |p: &Path| std::fs::read_to_string(p).unwrap();
    assert!(written(&from_stdin).contains("external-dns-operator.v1.2.0"));
    assert_eq!(written(&from_file), written(&from_stdin));
}

#[test]
fn deprecate_truncate_refuses_the_default_channel_head() {
    let src = catalogs().join("openshift-external-dns-operator/v4.21/external-dns-operator.yaml");
    let out = out_dir("truncate-refused").join("out.json");
    let r = run(&[
        "deprecate-truncate",
        src.to_str().unwrap(),
        "-p",
        "external-dns-operator",
        "-b",
        "external-dns-operator.v1.3.8",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(r.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&r.stderr).contains("default channel"),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    assert!(!out.exists(), "nothing is written on refusal");
}

#[test]
fn resolve_image_prints_the_image_or_olms_message() {
    let ok = run(&[
        "resolve-image",
        "quay.io/acme/catalog:v{kube_major_version}.{kube_minor_version}",
        "--kube-version",
        "v1.29.3+6af3663",
    ]);
    assert!(ok.status.success());
    assert_eq!(
        String::from_utf8_lossy(&ok.stdout).trim(),
        "quay.io/acme/catalog:v1.29"
    );
    let missing = run(&[
        "resolve-image",
        "quay.io/acme/catalog:v{ocp_major_version}.{ocp_minor_version}",
    ]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains(
        "cannot construct catalog image reference, because variable(s) \"{ocp_major_version}\", \"{ocp_minor_version}\" could not be resolved"
    ));
    let bad = run(&["resolve-image", "quay.io/acme/catalog:{oops}", "--json"]);
    assert_eq!(bad.status.code(), Some(1));
    let doc: Value = serde_json::from_slice(&bad.stdout).unwrap();
    assert_eq!(doc["message"], "cannot construct catalog image reference, because one or more template(s) has improper syntax");
}

#[test]
fn diff_json_one_record_per_old_bundle() {
    let d = catalogs().join("trusted-profile-analyzer-fbc");
    let r = run(&[
        "diff",
        d.join("v4.19").to_str().unwrap(),
        "--to",
        d.join("v4.20").to_str().unwrap(),
        "-p",
        "rhtpa-operator",
        "--json",
        "--paths",
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let doc: Value = serde_json::from_slice(&r.stdout).unwrap();
    assert_eq!(doc["package"], "rhtpa-operator");
    let records = doc["fates"].as_array().unwrap();
    assert_eq!(records.len(), 13, "every bundle of the v4.19 catalog");
    let v110 = records
        .iter()
        .find(|r| r["bundle"] == "rhtpa-operator.v1.1.0")
        .unwrap();
    assert_eq!(v110["status"], "upgradable");
    assert_eq!(
        v110["path"].as_array().unwrap().last().unwrap(),
        "rhtpa-operator.v1.1.7"
    );
    assert_eq!(v110["end"], "rhtpa-operator.v1.1.7");
    assert_eq!(v110["path"][1], v110["next"]);
    let v100 = records
        .iter()
        .find(|r| r["bundle"] == "rhtpa-operator.v1.0.0")
        .unwrap();
    assert_eq!(v100["status"], "channel-removed");
    assert_eq!(v100["path"], serde_json::json!(["rhtpa-operator.v1.0.0"]));
    assert_eq!(v100["next"], Value::Null);
    assert_eq!(v100["hops"], 0);
}

#[test]
fn diff_series_walks_the_descheduler_catalogs_in_version_order() {
    let d = catalogs().join("openshift-kube-descheduler-fbc");
    let r = run(&[
        "diff-series",
        d.to_str().unwrap(),
        "-p",
        "cluster-kube-descheduler-operator",
        "--json",
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let steps: Value = serde_json::from_slice(&r.stdout).unwrap();
    let steps = steps.as_array().unwrap();
    let pairs: Vec<String> = steps
        .iter()
        .map(|s| {
            format!(
                "{}>{}",
                s["from"].as_str().unwrap(),
                s["to"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(pairs.first().map(String::as_str), Some("v4.12>v4.13"));
    assert!(pairs.contains(&"v4.16>v4.17".to_string()));
    assert!(
        pairs
            .windows(2)
            .all(|w| w[0].split('>').nth(1) == w[1].split('>').next()),
        "consecutive: {pairs:?}"
    );
    // Each step agrees with `diff` on the same pair.
    let step = steps.iter().find(|s| s["from"] == "v4.16").unwrap();
    let pair = run(&[
        "diff",
        d.join("v4.16").to_str().unwrap(),
        "--to",
        d.join("v4.17").to_str().unwrap(),
        "-p",
        "cluster-kube-descheduler-operator",
        "--json",
    ]);
    let records: Value = serde_json::from_slice(&pair.stdout).unwrap();
    let stranded = records["fates"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["status"] == "stranded")
        .count();
    assert_eq!(step["counts"]["stranded"], stranded);
    assert!(stranded > 0, "4.17 strands bundles under OLM v0");
}

#[test]
fn diff_series_needs_two_catalogs() {
    let d = catalogs().join("openshift-kube-descheduler-fbc/v4.12");
    let r = run(&["diff-series", d.to_str().unwrap(), "-p", "x"]);
    assert!(!r.status.success());
    assert!(String::from_utf8_lossy(&r.stderr).contains("at least two subfolders"));
}
