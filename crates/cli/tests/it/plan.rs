//! `olm-graph plan`: text, `--json` in its documented shape, and exit codes.

use serde_json::Value;

use crate::common;

fn quay() -> String {
    common::catalogs_dir()
        .join("community-operators-prod/v4.21/project-quay.yaml")
        .display()
        .to_string()
}

#[test]
fn json_plan_has_the_documented_shape_and_chained_steps() {
    let q = quay();
    let out = common::run(&[
        "plan",
        &q,
        "-p",
        "project-quay",
        "--from",
        "quay-operator.v3.15.0",
        "--to",
        "channel:stable-3.17",
        "-c",
        "stable-3.15",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: Value = serde_json::from_slice(&out.stdout).expect("json");
    let keys: Vec<&str> = doc
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    let mut sorted = keys.clone();
    sorted.sort_unstable();
    assert_eq!(
        sorted,
        [
            "commands",
            "explanation",
            "from",
            "package",
            "reachable",
            "resolver",
            "steps",
            "target"
        ]
    );
    assert_eq!(doc["reachable"], true);
    assert_eq!(doc["explanation"], Value::Null);
    let steps = doc["steps"].as_array().expect("steps");
    assert_eq!(steps.len(), 3);
    let mut at = "quay-operator.v3.15.0".to_string();
    for step in steps {
        assert_eq!(step["platform"], Value::Null);
        for hop in step["hops"].as_array().expect("hops") {
            assert_eq!(hop["from"].as_str(), Some(at.as_str()));
            assert!(hop["via"].as_array().is_some_and(|v| !v.is_empty()));
            at = hop["to"].as_str().expect("to").to_string();
        }
    }
    assert_eq!(at, "quay-operator.v3.17.4");
    assert_eq!(steps[0]["stop"], "quay-operator.v3.15.2");
    assert_eq!(steps[0]["switch_reason"], Value::Null);
    assert!(steps[1]["switch_reason"]
        .as_str()
        .is_some_and(|r| r.contains("stable-3.16")));
    assert_eq!(doc["commands"].as_array().map(Vec::len), Some(5));
}

#[test]
fn no_route_exits_1_with_the_reasons() {
    let q = quay();
    let out = common::run(&[
        "plan",
        &q,
        "-p",
        "project-quay",
        "--from",
        "quay-operator.v3.17.4",
        "--to",
        "quay-operator.v3.15.0",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("no route"), "{text}");
    assert!(
        text.contains("older than the installed quay-operator.v3.17.4"),
        "{text}"
    );
    let out = common::run(&[
        "plan",
        &q,
        "-p",
        "project-quay",
        "--from",
        "quay-operator.v3.6.2",
        "--to",
        "latest",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let doc: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(doc["reachable"], false);
    assert!(doc["explanation"]
        .as_str()
        .is_some_and(|e| e.contains("quay-operator.v3.6.2")));
}

#[test]
fn an_unknown_target_is_a_usage_error() {
    let q = quay();
    let out = common::run(&[
        "plan",
        &q,
        "-p",
        "project-quay",
        "--from",
        "quay-operator.v3.15.0",
        "--to",
        "9.9.9",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("has no channel entry for the target version 9.9.9"),
        "{err}"
    );
}

#[test]
fn series_plan_names_each_platform_in_json() {
    let dir = common::catalogs_dir().join("openshift-kube-descheduler-fbc");
    let dir = dir.display().to_string();
    let out = common::run(&[
        "plan",
        "--series",
        &dir,
        "-p",
        "cluster-kube-descheduler-operator",
        "--from",
        "clusterkubedescheduleroperator.4.13.0-202305262054",
        "--platform-from",
        "4.16",
        "--platform-to",
        "4.17",
        "-c",
        "stable",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: Value = serde_json::from_slice(&out.stdout).expect("json");
    let steps = doc["steps"].as_array().expect("steps");
    let platforms: Vec<&str> = steps
        .iter()
        .filter_map(|s| s["platform"].as_str())
        .collect();
    assert_eq!(platforms, ["v4.16", "v4.17"]);
    assert_eq!(
        steps[0]["hops"][0]["to"], "clusterkubedescheduleroperator.v5.0.4",
        "on 4.16 the operator must reach 5.0.4 before the cluster upgrade"
    );
}

/// `plan --resolver v1 --channels` on project-quay from v3.15.0 to the head of stable-3.17.
fn quay_channels(channels: &[&str]) -> Value {
    let q = quay();
    let mut args = vec![
        "plan",
        &q,
        "-p",
        "project-quay",
        "--from",
        "quay-operator.v3.15.0",
        "--to",
        "channel:stable-3.17",
        "--resolver",
        "v1",
        "--json",
        "--channels",
    ];
    args.extend_from_slice(channels);
    let out = common::run(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("json")
}

fn switches(doc: &Value) -> usize {
    doc["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .filter(|s| !s["switch_reason"].is_null())
        .count()
}

#[test]
fn channels_list_a_cluster_extensions_set_and_switch_only_outside_it() {
    let listed = quay_channels(&["stable-3.15,stable-3.16"]);
    assert_eq!(switches(&listed), 1);
    let steps = listed["steps"].as_array().expect("steps");
    assert_eq!(
        steps[0]["channels"],
        serde_json::json!(["stable-3.15", "stable-3.16"])
    );
    assert!(
        steps[1].get("channels").is_none(),
        "one channel keeps the issue's shape"
    );
    let first = listed["commands"][0].as_str().expect("yaml");
    assert!(
        first.contains("channels: [\"stable-3.15\", \"stable-3.16\"]"),
        "{first}"
    );

    let every = quay_channels(&[]);
    assert_eq!(switches(&every), 0);
    assert_eq!(every["steps"].as_array().map(Vec::len), Some(1));
    assert_eq!(every["steps"][0]["channels"], serde_json::json!([]));
    let end = every["steps"][0]["hops"]
        .as_array()
        .and_then(|h| h.last())
        .cloned();
    assert_eq!(
        end.and_then(|h| h["to"].as_str().map(String::from))
            .as_deref(),
        Some("quay-operator.v3.17.4")
    );
}

#[test]
fn channels_need_the_v1_resolver() {
    let q = quay();
    let out = common::run(&[
        "plan",
        &q,
        "-p",
        "project-quay",
        "--from",
        "quay-operator.v3.15.0",
        "--channels",
        "stable-3.15",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--resolver v1"));
}
