//! `olm-graph plan --resolver v1 --catalog-priority PATH=N`: plans across ClusterCatalogs on
//! the real 4.16 and 4.17 descheduler catalogs, each hop replayed with `path` across the same
//! catalogs.

use serde_json::Value;

use crate::common;

const PKG: &str = "cluster-kube-descheduler-operator";
const FROM: &str = "clusterkubedescheduleroperator.4.14.0-202310201027";

fn dir(platform: &str) -> String {
    common::catalogs_dir()
        .join("openshift-kube-descheduler-fbc")
        .join(platform)
        .display()
        .to_string()
}

fn plan(priority: &str, to: &str) -> std::process::Output {
    let (old, new) = (dir("v4.16"), dir("v4.17"));
    common::run(&[
        "plan",
        &old,
        &new,
        "-p",
        PKG,
        "-c",
        "stable",
        "--from",
        FROM,
        "--to",
        to,
        "--resolver",
        "v1",
        "--catalog-priority",
        priority,
        "--json",
    ])
}

#[test]
fn a_tie_is_no_route_naming_the_catalogs() {
    let flag = format!("{}=0", dir("v4.17"));
    let out = plan(&flag, "latest");
    assert_eq!(out.status.code(), Some(1));
    let doc: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(doc["reachable"], false);
    let why = doc["explanation"].as_str().expect("explanation");
    let tie = format!(
        "in multiple catalogs with the same priority [{} {}]",
        dir("v4.16"),
        dir("v4.17")
    );
    assert!(why.contains(&tie), "{why}");
}

#[test]
fn each_hop_names_its_catalog_and_path_across_the_catalogs_agrees() {
    for (preferred, end) in [
        ("v4.16", "clusterkubedescheduleroperator.v5.0.4"),
        ("v4.17", "clusterkubedescheduleroperator.v5.1.4"),
    ] {
        let flag = format!("{}=1", dir(preferred));
        let out = plan(&flag, "channel:stable");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let doc: Value = serde_json::from_slice(&out.stdout).expect("json");
        let steps = doc["steps"].as_array().expect("steps");
        let hops: Vec<&Value> = steps
            .iter()
            .flat_map(|s| s["hops"].as_array().into_iter().flatten())
            .collect();
        assert!(!hops.is_empty());
        for h in &hops {
            assert_eq!(h["catalog"].as_str(), Some(dir(preferred).as_str()));
            assert!(h["via"].as_array().is_some_and(|v| !v.is_empty()));
        }
        assert_eq!(hops.last().and_then(|h| h["to"].as_str()), Some(end));
        // One ClusterExtension per step, as in one catalog.
        assert_eq!(doc["commands"].as_array().map(Vec::len), Some(steps.len()));
        // `path` across the same catalogs takes the same hops.
        let (old, new) = (dir("v4.16"), dir("v4.17"));
        let path = common::run(&[
            "path",
            &old,
            &new,
            "-p",
            PKG,
            "-c",
            "stable",
            "--from",
            FROM,
            "--resolver",
            "v1",
            "--catalog-priority",
            &flag,
            "--json",
        ]);
        let path: Value = serde_json::from_slice(&path.stdout).expect("path json");
        let walked: Vec<(&str, &str)> = path["hops"]
            .as_array()
            .expect("hops")
            .iter()
            .filter_map(|h| Some((h["to"].as_str()?, h["catalog"].as_str()?)))
            .collect();
        let planned: Vec<(&str, &str)> = hops
            .iter()
            .filter_map(|h| Some((h["to"].as_str()?, h["catalog"].as_str()?)))
            .collect();
        assert_eq!(planned, walked);
    }
}

#[test]
fn text_names_the_catalog_of_each_hop() {
    let (old, new) = (dir("v4.16"), dir("v4.17"));
    let flag = format!("{new}=1");
    let out = common::run(&[
        "plan",
        &old,
        &new,
        "-p",
        PKG,
        "--from",
        FROM,
        "--resolver",
        "v1",
        "--catalog-priority",
        &flag,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(&format!("(catalog {new})")), "{text}");
}

#[test]
fn priorities_need_the_v1_resolver() {
    let (old, new) = (dir("v4.16"), dir("v4.17"));
    let flag = format!("{new}=1");
    let out = common::run(&[
        "plan",
        &old,
        &new,
        "-p",
        PKG,
        "--from",
        FROM,
        "--catalog-priority",
        &flag,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--resolver v1"));
}
