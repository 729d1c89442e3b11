//! `olm-graph path --catalog-priority`: OLM v1 across several ClusterCatalogs on the real 4.16
//! and 4.17 descheduler catalogs (both have the package, with different heads).

use serde_json::Value;

use crate::common;

const PKG: &str = "cluster-kube-descheduler-operator";
const FROM: &str = "clusterkubedescheduleroperator.v5.0.2";

fn dir(platform: &str) -> String {
    common::catalogs_dir()
        .join("openshift-kube-descheduler-fbc")
        .join(platform)
        .display()
        .to_string()
}

fn path(extra: &[&str]) -> std::process::Output {
    let (old, new) = (dir("v4.16"), dir("v4.17"));
    let mut args = vec![
        "path", &old, &new, "-p", PKG, "-c", "stable", "--from", FROM,
    ];
    args.extend_from_slice(extra);
    common::run(&args)
}

#[test]
fn a_tie_gives_olm_v1s_error_and_exit_1() {
    let new = dir("v4.17");
    let flag = format!("{new}=0");
    let out = path(&["--resolver", "v1", "--catalog-priority", &flag, "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let doc: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(doc["outcome"], "resolution-error");
    assert_eq!(doc["hops"].as_array().map(Vec::len), Some(0));
    let expected = format!(
        "error upgrading from currently installed version \"5.0.2\": found bundles for package \"{PKG}\" in channels [stable] in multiple catalogs with the same priority [{} {new}]",
        dir("v4.16")
    );
    assert_eq!(doc["error"], expected.as_str());
}

#[test]
fn the_higher_priority_catalog_decides_each_hop() {
    for (preferred, end) in [
        ("v4.17", "clusterkubedescheduleroperator.v5.1.4"),
        ("v4.16", "clusterkubedescheduleroperator.v5.0.4"),
    ] {
        let flag = format!("{}=10", dir(preferred));
        let out = path(&["--resolver", "v1", "--catalog-priority", &flag, "--json"]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let doc: Value = serde_json::from_slice(&out.stdout).expect("json");
        assert_eq!(doc["end"], end);
        assert_eq!(doc["error"], Value::Null);
        let hops = doc["hops"].as_array().expect("hops");
        assert!(!hops.is_empty());
        assert!(hops.iter().all(|h| h["catalog"] == dir(preferred).as_str()));
        let priorities: Vec<i64> = doc["catalogs"]
            .as_array()
            .expect("catalogs")
            .iter()
            .filter_map(|c| c["priority"].as_i64())
            .collect();
        let expected = if preferred == "v4.16" {
            [10, 0]
        } else {
            [0, 10]
        };
        assert_eq!(priorities, expected);
    }
}

#[test]
fn text_names_the_catalog_of_each_hop_and_the_pick_passed_over() {
    let flag = format!("{}=1", dir("v4.17"));
    let out = path(&["--resolver", "v1", "--catalog-priority", &flag]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(&format!("(catalog {})", dir("v4.17"))),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "not clusterkubedescheduleroperator.v5.0.4 of {}: lower priority: 0 is below",
            dir("v4.16")
        )),
        "{text}"
    );
}

#[test]
fn bad_flags_are_refused_with_the_reason() {
    let new = dir("v4.17");
    let cases: [(Vec<String>, &str); 4] = [
        (
            vec!["--catalog-priority".into(), format!("{new}=1")],
            "use it with --resolver v1",
        ),
        (
            vec![
                "--resolver".into(),
                "v1".into(),
                "--catalog-priority".into(),
                new.clone(),
            ],
            "expected PATH=N",
        ),
        (
            vec![
                "--resolver".into(),
                "v1".into(),
                "--catalog-priority".into(),
                format!("{new}=high"),
            ],
            "is not a 32-bit integer",
        ),
        (
            vec![
                "--resolver".into(),
                "v1".into(),
                "--catalog-priority".into(),
                "other.json=1".into(),
            ],
            "is not one of the catalog paths",
        ),
    ];
    for (extra, message) in cases {
        let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
        let out = path(&extra);
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{extra:?}: {err}");
    }
}
