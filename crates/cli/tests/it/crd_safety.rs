//! `olm-graph crd-safety`: the JSON document's shape, every format, the exit statuses, and the
//! verdicts carried by `graph --json`, `path`, `plan` and `lint` on a real catalog whose upgrade OLM v1
//! refuses (certified-operators v4.16's nvidia-network-operator).

use serde_json::Value;

use crate::common::{catalogs_dir, run};

fn nvidia() -> String {
    catalogs_dir()
        .join("certified-operators/v4.16/nvidia-network-operator.yaml")
        .display()
        .to_string()
}

const FROM: &str = "nvidia-network-operator.v25.4.0";
const TO: &str = "nvidia-network-operator.v25.7.0";

#[test]
fn json_document_has_the_issue_shape() {
    let out = run(&[
        "crd-safety",
        &nvidia(),
        "-p",
        "nvidia-network-operator",
        "--json",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(doc["package"], "nvidia-network-operator");
    let pair = &doc["pairs"][0];
    assert_eq!(
        (pair["from"].as_str(), pair["to"].as_str()),
        (Some(FROM), Some(TO))
    );
    assert_eq!(pair["channels"], serde_json::json!(["stable"]));
    assert_eq!(pair["edges"], serde_json::json!(["replaces"]));
    assert_eq!(pair["olmV1"]["verdict"], "unsafe");
    let msg = pair["olmV1"]["message"].as_str().unwrap();
    assert!(
        msg.contains("spec.spectrumXOperator.spectrumXConfig"),
        "{msg}"
    );
    let check = &pair["olmV1"]["checks"][0];
    for key in ["crd", "version", "property", "check", "message"] {
        assert!(check.get(key).is_some(), "{key}");
    }
    assert_eq!(check["crd"], "nicclusterpolicies.mellanox.com");
    assert_eq!(pair["olmV0"]["verdict"], "safe");
    assert_eq!(pair["olmV0"]["message"], "");
    // --format json is --json.
    let same = run(&[
        "crd-safety",
        &nvidia(),
        "-p",
        "nvidia-network-operator",
        "--format",
        "json",
    ]);
    assert_eq!(same.stdout, out.stdout);
}

#[test]
fn every_format_and_the_exit_statuses() {
    let base = [
        "crd-safety",
        &nvidia(),
        "-p",
        "nvidia-network-operator",
        "--format",
    ];
    for (format, needle) in [
        ("text", "OLM v1 unsafe, OLM v0 safe"),
        ("github", "::error file="),
        ("sarif", "crd.upgrade-unsafe"),
        ("markdown", "| from | to | OLM v1 | OLM v0 | message |"),
    ] {
        let mut args = base.to_vec();
        args.push(format);
        let out = run(&args);
        assert_eq!(out.status.code(), Some(0), "{format}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains(needle), "{format}: {text}");
    }
    let no_package = run(&["crd-safety", &nvidia(), "-p", "nope"]);
    assert_eq!(no_package.status.code(), Some(1));
    let no_bundle = run(&[
        "crd-safety",
        &nvidia(),
        "-p",
        "nvidia-network-operator",
        "--from",
        "nope",
    ]);
    assert_eq!(no_bundle.status.code(), Some(2));
    let to_alone = run(&[
        "crd-safety",
        &nvidia(),
        "-p",
        "nvidia-network-operator",
        "--to",
        TO,
    ]);
    assert_eq!(to_alone.status.code(), Some(2));
}

#[test]
fn graph_path_and_lint_carry_the_verdict() {
    let graph = run(&[
        "graph",
        &nvidia(),
        "-p",
        "nvidia-network-operator",
        "--json",
    ]);
    let doc: Value = serde_json::from_slice(&graph.stdout).expect("JSON");
    assert_eq!(
        doc["channels"][0]["edges"][0]["crdSafety"]["olmV1"]["verdict"],
        "unsafe"
    );
    let path = run(&[
        "path",
        &nvidia(),
        "-p",
        "nvidia-network-operator",
        "-c",
        "stable",
        "--from",
        FROM,
        "--resolver",
        "v1",
    ]);
    let text = String::from_utf8_lossy(&path.stdout);
    assert!(
        text.contains("this upgrade will fail, CRD safety (OLM v1)"),
        "{text}"
    );
    let plan = run(&[
        "plan",
        &nvidia(),
        "-p",
        "nvidia-network-operator",
        "--from",
        FROM,
        "--to",
        "latest",
        "--resolver",
        "v1",
    ]);
    let text = String::from_utf8_lossy(&plan.stdout);
    assert!(
        text.contains(&format!(
            "CRD safety: {FROM} -> {TO} will fail (OLM v1): validating upgrade for CRD"
        )),
        "{text}"
    );
    let lint = run(&["lint", &nvidia(), "--json"]);
    assert_eq!(lint.status.code(), Some(1));
    let findings: Value = serde_json::from_slice(&lint.stdout).expect("JSON");
    assert!(findings
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["code"] == "crd.upgrade-unsafe"));
}

#[test]
fn review_names_the_unsafe_edge_a_change_adds() {
    // The old catalog: a shared case without its `to` bundle; the new one adds the bundle whose
    // CRD removes a field.
    let case = catalogs_dir().join("../crd-safety/cases/oc-existing-field-removal");
    let new = case.join("catalog.json");
    let to = "crdsafety-oc-existing-field-removal.v1.1.0";
    let text = std::fs::read_to_string(&new).unwrap();
    let mut old = String::new();
    for o in serde_json::Deserializer::from_str(&text).into_iter::<Value>() {
        let mut o = o.unwrap();
        if o["schema"] == "olm.bundle" && o["name"] == to {
            continue;
        }
        if let Some(entries) = o.get_mut("entries").and_then(Value::as_array_mut) {
            entries.retain(|e| e["name"] != to);
        }
        old.push_str(&o.to_string());
        old.push('\n');
    }
    let dir = std::env::temp_dir().join(format!("olm-graph-crd-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let old_path = dir.join("old.json");
    std::fs::write(&old_path, old).unwrap();
    let out = run(&[
        "review",
        &old_path.display().to_string(),
        "--to",
        &new.display().to_string(),
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(
        report.contains("| new | error | `crd.upgrade-unsafe` |"),
        "{report}"
    );
}
