//! `olm-graph diagnose` on the cluster fixtures of the core crate: the four shapes of the same
//! objects print the same JSON, and every operator's `next` and `path` are what `olm-graph
//! path` prints for the same inputs.

use std::path::PathBuf;

use serde_json::Value;

use crate::common::{catalogs_dir, cluster_fixture, run};

fn descheduler() -> PathBuf {
    catalogs_dir().join("openshift-kube-descheduler-fbc/v4.16")
}

fn patterns() -> PathBuf {
    catalogs_dir().join("community-operators-prod/v4.21/patterns-operator.yaml")
}

fn rhtpa() -> PathBuf {
    catalogs_dir().join("trusted-profile-analyzer-fbc/v4.18")
}

fn diagnose_json(state: &str) -> Value {
    let (d, p, r) = (descheduler(), patterns(), rhtpa());
    let out = run(&[
        "diagnose",
        state,
        "--catalog",
        d.to_str().unwrap(),
        "--catalog",
        p.to_str().unwrap(),
        "--catalog",
        r.to_str().unwrap(),
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn a_list_a_stream_a_json_list_and_a_must_gather_tree_print_the_same_json() {
    let stream = diagnose_json(&cluster_fixture("v0/stream.yaml"));
    assert_eq!(stream["operators"].as_array().map(Vec::len), Some(13));
    for form in ["v0/list.yaml", "v0/list.json", "v0/must-gather"] {
        assert_eq!(diagnose_json(&cluster_fixture(form)), stream, "{form}");
    }
}

#[test]
fn next_and_path_are_what_path_prints_for_the_same_inputs() {
    let mut checked = 0;
    let mut states = std::collections::BTreeSet::new();
    for state in ["v0/stream.yaml", "v1/stream.yaml", "v1/status.yaml"] {
        let report = diagnose_json(&cluster_fixture(state));
        for o in report["operators"].as_array().unwrap() {
            states.insert(o["state"].as_str().unwrap().to_string());
            let Some(args) = o["pathArgs"].as_array() else {
                // Every operator with an installed bundle has a path, whatever its state.
                assert!(o["installed"].is_null(), "{o}");
                assert!(o["path"].as_array().unwrap().is_empty(), "{o}");
                continue;
            };
            let catalog = match o["package"].as_str().unwrap() {
                "patterns-operator" => patterns(),
                "rhtpa-operator" => rhtpa(),
                _ => descheduler(),
            };
            let mut cmd: Vec<String> = vec!["path".into(), catalog.display().to_string()];
            cmd.extend(args.iter().map(|a| a.as_str().unwrap().to_string()));
            cmd.push("--json".into());
            let refs: Vec<&str> = cmd.iter().map(String::as_str).collect();
            let out = run(&refs);
            let path: Value = serde_json::from_slice(&out.stdout).expect("path --json");
            assert_eq!(o["path"], path["hops"], "{cmd:?}");
            // `path` fails (exit 1) exactly where OLM v1 reports its resolution error.
            assert_eq!(out.status.success(), path["error"].is_null(), "{cmd:?}");
            let hops = path["hops"].as_array().unwrap();
            let failed = hops.iter().position(|h| h["failed"] == true);
            let next = match (o["state"].as_str().unwrap(), failed) {
                ("failed-stuck", _) => Value::Null,
                (_, Some(i)) => hops.get(i + 1).map_or(Value::Null, |h| h["to"].clone()),
                (_, None) => hops.first().map_or(Value::Null, |h| h["to"].clone()),
            };
            assert_eq!(o["next"], next, "{}: {cmd:?}", o["namespace"]);
            checked += 1;
        }
    }
    assert!(checked >= 21, "{checked} operators compared");
    for state in [
        "upgrading",
        "catalog-unhealthy",
        "resolution-failed",
        "awaiting-approval",
        "not-in-catalog",
        "failed-stuck",
        "failed-fail-forward",
    ] {
        assert!(states.contains(state), "{state} not compared");
    }
}

#[test]
fn text_puts_the_verdict_first_and_nothing_read_exits_1() {
    let d = descheduler();
    let out = run(&[
        "diagnose",
        &cluster_fixture("v0/stream.yaml"),
        "--catalog",
        &format!("redhat-operators={}", d.display()),
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("AT-LATEST  Subscription descheduler-behind/")
            || text.starts_with("UPGRADE-AVAILABLE  Subscription descheduler-behind/"),
        "{text}"
    );
    assert!(text.contains(
        "FAILED-STUCK  Subscription descheduler-failed/cluster-kube-descheduler-operator"
    ));
    let none = run(&[
        "diagnose",
        &d.join("cluster-kube-descheduler-operator.json")
            .display()
            .to_string(),
    ]);
    assert_eq!(
        none.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&none.stderr)
    );
    let bad = run(&[
        "diagnose",
        &cluster_fixture("v0/stream.yaml"),
        "--catalog",
        "=x",
    ]);
    assert_eq!(bad.status.code(), Some(2));
}

/// The descheduler's 4.16 or 4.17 catalog.
fn descheduler_at(platform: &str) -> String {
    catalogs_dir()
        .join("openshift-kube-descheduler-fbc")
        .join(platform)
        .display()
        .to_string()
}

#[test]
fn a_cluster_extension_with_several_catalogs_takes_olm_v1s_path_across_them() {
    let (old, new) = (descheduler_at("v4.16"), descheduler_at("v4.17"));
    let state = cluster_fixture("v1/across.yaml");
    let diagnose = |names: [&str; 2]| {
        let out = run(&[
            "diagnose",
            &state,
            "--catalog",
            &format!("{}={old}", names[0]),
            "--catalog",
            &format!("{}={new}", names[1]),
            "--json",
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let doc: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        doc["operators"][0].clone()
    };
    // The state's ClusterCatalogs give 4.17 priority 10: every hop comes from it, as
    // `path --catalog-priority` resolves it with the same priorities.
    let o = diagnose(["redhat-operators-v4-16", "redhat-operators-v4-17"]);
    assert_eq!(o["state"], "upgrade-available", "{o}");
    assert_eq!(o["catalog"], "redhat-operators-v4-17");
    let mut cmd = vec!["path".to_string(), new.clone()];
    cmd.extend(
        o["pathArgs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap().to_string()),
    );
    cmd.push("--json".into());
    let refs: Vec<&str> = cmd.iter().map(String::as_str).collect();
    let path: Value = serde_json::from_slice(&run(&refs).stdout).expect("path --json");
    assert_eq!(
        path["end"], "clusterkubedescheduleroperator.v5.1.4",
        "{cmd:?}"
    );
    let hops = path["hops"].as_array().unwrap();
    let ours = o["path"].as_array().unwrap();
    assert_eq!(ours.len(), hops.len());
    for (a, b) in ours.iter().zip(hops) {
        assert_eq!(
            (&a["from"], &a["to"], &a["via"]),
            (&b["from"], &b["to"], &b["via"])
        );
        assert_eq!(a["catalog"], "redhat-operators-v4-17");
        assert_eq!(b["catalog"], new.as_str());
    }
    assert_eq!(o["next"], hops[0]["to"]);
    // Catalogs no ClusterCatalog of the state names are at priority 0: a tie, which OLM v1
    // refuses with its own message.
    let o = diagnose(["a", "b"]);
    assert_eq!(o["state"], "resolution-failed", "{o}");
    assert_eq!(o["next"], Value::Null);
    let why = o["explanation"].as_str().unwrap();
    assert!(
        why.contains("in multiple catalogs with the same priority [a b]"),
        "{why}"
    );
}
