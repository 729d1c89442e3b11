//! `olm-graph diff --json` on a real catalog switch (descheduler 4.16 → 4.17): one document
//! whose fates are those of the text form, each path followed from its `next` through `steps`
//! to its `end` being the whole path `--paths` lists.

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_olm-graph"))
        .args(args)
        .output()
        .expect("olm-graph runs")
}

fn descheduler(version: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/catalogs/openshift-kube-descheduler-fbc")
        .join(version);
    dir.to_str().expect("UTF-8").to_string()
}

const PACKAGE: &str = "cluster-kube-descheduler-operator";

/// `diff` of descheduler `from` → `to` with `extra` arguments; its standard output.
fn diff(from: &str, to: &str, extra: &[&str]) -> String {
    let (old, new) = (descheduler(from), descheduler(to));
    let mut args = vec!["diff", old.as_str(), "--to", new.as_str(), "-p", PACKAGE];
    args.extend_from_slice(extra);
    let out = run(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// A fate's path, from the bundle through `next` and `steps`, `hops` hops long, ending on `end`.
fn follow(doc: &Value, fate: &Value) -> Vec<String> {
    let hops = fate["hops"].as_u64().expect("hops") as usize;
    let mut path = vec![fate["bundle"].as_str().expect("bundle").to_string()];
    let steps = &doc["steps"][fate["channel"].as_str().expect("channel")];
    let mut next = fate["next"].as_str();
    while let Some(n) = next.filter(|_| path.len() <= hops) {
        path.push(n.to_string());
        next = steps[n].as_str();
    }
    assert_eq!(path.len(), hops + 1, "{fate}");
    assert_eq!(
        path.last().map(String::as_str),
        fate["end"].as_str(),
        "{fate}"
    );
    path
}

#[test]
fn descheduler_4_16_to_4_17_fates_follow_to_their_ends_as_paths_and_text_say() {
    for resolver in ["v0", "v1"] {
        let linked: Value =
            serde_json::from_str(&diff("v4.16", "v4.17", &["--resolver", resolver, "--json"]))
                .expect("one JSON document");
        let whole: Value = serde_json::from_str(&diff(
            "v4.16",
            "v4.17",
            &["--resolver", resolver, "--json", "--paths"],
        ))
        .expect("one JSON document");
        assert_eq!(linked["package"], PACKAGE);
        assert_eq!(linked["resolver"], resolver);
        assert_eq!(linked["channel"], Value::Null);
        let fates = linked["fates"].as_array().expect("fates");
        let paths = whole["fates"].as_array().expect("fates");
        assert_eq!(fates.len(), 32, "every bundle of the 4.16 catalog");
        let text = diff("v4.16", "v4.17", &["--resolver", resolver]);
        let listed: Vec<&str> = text
            .lines()
            .skip_while(|l| *l != "after the switch:")
            .skip(1)
            .collect();
        assert_eq!(listed.len(), fates.len());
        for ((f, w), line) in fates.iter().zip(paths).zip(&listed) {
            assert!(
                f.get("path").is_none(),
                "whole paths only with --paths: {f}"
            );
            let path = follow(&linked, f);
            assert_eq!(w["path"], serde_json::json!(path), "{resolver}: {f}");
            let head = format!(
                "  {} [{}]: {}",
                f["bundle"].as_str().unwrap(),
                f["channel"].as_str().unwrap(),
                f["status"].as_str().unwrap()
            );
            assert!(
                line.starts_with(&head),
                "{resolver}: {line:?} is not {head:?}"
            );
            if path.len() > 1 {
                assert!(line.ends_with(&path.join(" -> ")), "{resolver}: {line:?}");
            }
        }
        let stranded = fates.iter().filter(|f| f["status"] == "stranded").count();
        assert_eq!(stranded, if resolver == "v0" { 27 } else { 0 });
    }
}

#[test]
fn the_subscription_channel_is_in_the_document_and_paths_need_json() {
    let doc: Value =
        serde_json::from_str(&diff("v4.16", "v4.17", &["-c", "stable", "--json"])).expect("JSON");
    assert_eq!(doc["channel"], "stable");
    assert!(doc["fates"]
        .as_array()
        .is_some_and(|f| f.iter().all(|f| f["channel"] == "stable")));
    assert!(doc["steps"]
        .as_object()
        .is_some_and(|s| s.keys().all(|c| c == "stable")));
    let (old, new) = (descheduler("v4.16"), descheduler("v4.17"));
    let out = run(&["diff", &old, "--to", &new, "-p", PACKAGE, "--paths"]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "--paths without --json is a usage error"
    );
}

/// `review --format json` gives each installed bundle's outcome as `diff --json` gives its
/// fate (`next`, `end`, `hops`), with the hops once per resolver in the package's `steps`: the
/// paths followed there are the ones `diff --json --paths` lists.
#[test]
fn review_json_links_paths_through_steps_as_diff_does() {
    let (old, new) = (descheduler("v4.16"), descheduler("v4.17"));
    let out = run(&["review", &old, "--to", &new, "--format", "json"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "it strands bundles under OLM v0"
    );
    let review: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let package = review["packages"]
        .as_array()
        .and_then(|p| p.iter().find(|p| p["package"] == PACKAGE))
        .expect("the package");
    for resolver in ["v0", "v1"] {
        let diff: Value = serde_json::from_str(&diff(
            "v4.16",
            "v4.17",
            &["--resolver", resolver, "--json", "--paths"],
        ))
        .expect("JSON");
        let steps = serde_json::json!({ "steps": package["steps"][resolver] });
        let installed = package["installed"].as_array().expect("installed");
        assert_eq!(installed.len(), 32);
        for b in installed {
            let o = &b[resolver];
            assert!(o.get("path").is_none(), "{o}");
            let fate = serde_json::json!({
                "bundle": b["bundle"], "channel": b["channel"],
                "next": o["next"], "end": o["end"], "hops": o["hops"],
            });
            let path = follow(&steps, &fate);
            let listed = diff["fates"]
                .as_array()
                .and_then(|f| {
                    f.iter()
                        .find(|f| f["bundle"] == b["bundle"] && f["channel"] == b["channel"])
                })
                .expect("the same fate in diff");
            assert_eq!(listed["path"], serde_json::json!(path), "{resolver}: {b}");
            assert_eq!(listed["status"], o["status"], "{resolver}: {b}");
        }
    }
}
