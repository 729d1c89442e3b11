//! `olm-graph preflight` (docs/preflight.md) on a real package of community-operators-prod
//! published for two OpenShift versions: the JSON document's exact shape, the exit statuses,
//! SARIF rule ids and GitHub titles that are the check names.

use serde_json::{json, Value};

use crate::common::{catalogs_dir, manifest_dir, markdown_shape, run, run_in};

fn mgh(version: &str) -> String {
    catalogs_dir()
        .join("community-operators-prod")
        .join(version)
        .join("multicluster-global-hub-operator.yaml")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn konflux_json_names_every_check_and_a_pruned_channel_exits_1() {
    let (fragment, target) = (mgh("v4.20"), mgh("v4.17"));
    let out = run(&[
        "preflight",
        &fragment,
        "--pipeline",
        "konflux",
        "--target-index",
        &target,
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let doc: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let pkg = "multicluster-global-hub-operator";
    let images = ["1.6.0", "1.7.0", "1.7.0-alpha"]
        .map(|t| format!("  quay.io/community-operator-pipeline-prod/{pkg}:{t}"))
        .join("\n");
    assert_eq!(
        doc,
        json!({"pipeline": "konflux", "checks": [
            {"name": "deprecated-base-image-check", "result": "skip", "messages": ["needs a registry"]},
            // A community-operators-prod package: its bundles are tags on quay.io, which
            // Konflux's validate-fbc refuses.
            {"name": "validate-fbc", "result": "fail", "messages": [
                format!("!FAILURE! - The following olm.bundle image references are not digest-pinned:\n{images}"),
                format!("!FAILURE! - The following olm.bundle image references are not from registry.redhat.io or registry.stage.redhat.io:\n{images}"),
            ]},
            {"name": "fbc-target-index-pruning-check", "result": "fail", "messages": [
                format!("!FAILURE! - FBC fragment prunes entire {pkg}.release-1.4 channel."),
                format!("!FAILURE! - FBC fragment prunes entire {pkg}.release-1.5 channel."),
            ]},
            {"name": "fbc-fips-check-oci-ta", "result": "skip", "messages": ["needs a registry"]},
        ]})
    );
    // The other way round nothing is pruned (validate-fbc still fails on the images).
    let out = run(&[
        "preflight",
        &target,
        "--pipeline",
        "konflux",
        "--target-index",
        &fragment,
    ]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("fbc-target-index-pruning-check  pass"),
        "{text}"
    );
}

#[test]
fn sarif_and_github_carry_the_check_names() {
    let (fragment, target) = (mgh("v4.20"), mgh("v4.17"));
    let base = [
        "preflight",
        &fragment,
        "--pipeline",
        "konflux",
        "--target-index",
        &target,
    ];
    let out = run(&[&base[..], &["--format", "sarif"]].concat());
    assert_eq!(out.status.code(), Some(1));
    let log: Value = serde_json::from_slice(&out.stdout).expect("SARIF");
    let schema =
        std::fs::read_to_string(manifest_dir().join("tests/fixtures/sarif/sarif-2.1.0.json"))
            .expect("vendored SARIF schema");
    let schema: Value = serde_json::from_str(&schema).expect("schema is JSON");
    let validator = jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the SARIF schema compiles");
    let problems: Vec<String> = validator.iter_errors(&log).map(|e| e.to_string()).collect();
    assert!(problems.is_empty(), "{problems:?}");
    let run0 = &log["runs"][0];
    let rules: Vec<&str> = run0["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        rules,
        [
            "deprecated-base-image-check",
            "validate-fbc",
            "fbc-target-index-pruning-check",
            "fbc-fips-check-oci-ta"
        ]
    );
    let errors: Vec<&Value> = run0["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["level"] == "error")
        .collect();
    assert_eq!(errors.len(), 4);
    let ids: Vec<&str> = errors
        .iter()
        .map(|r| r["ruleId"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "validate-fbc",
            "validate-fbc",
            "fbc-target-index-pruning-check",
            "fbc-target-index-pruning-check"
        ]
    );
    let out = run(&[&base[..], &["--format", "markdown"]].concat());
    let text = String::from_utf8_lossy(&out.stdout);
    let shape = markdown_shape(&text);
    // Header, one row per check, one more for the second message; no HTML.
    assert_eq!(shape.tables, [vec![3; 7]], "{text}");
    assert!(shape.html.is_empty(), "{text}");
    assert!(text.contains("| `fbc-target-index-pruning-check` | fail | `!FAILURE! - FBC fragment prunes entire multicluster-global-hub-operator.release-1.4 channel.` |"), "{text}");
    let out = run(&[&base[..], &["--format", "github"]].concat());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines().any(|l| l == "::error title=olm-graph preflight fbc-target-index-pruning-check::!FAILURE! - FBC fragment prunes entire multicluster-global-hub-operator.release-1.4 channel."),
        "{text}"
    );
}

#[test]
fn a_target_index_goes_with_konflux_only() {
    let out = run(&[
        "preflight",
        &mgh("v4.20"),
        "--pipeline",
        "community",
        "--target-index",
        &mgh("v4.17"),
    ]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let out = run(&["preflight", &mgh("v4.20"), "--pipeline", "community"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
}

#[test]
fn bench_measures_preflight_on_generated_catalogs() {
    let out = run(&[
        "bench",
        "--synthetic",
        "--sizes",
        "300,600",
        "--shape",
        "chain,wide",
        "--op",
        "preflight",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<Value> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["op"] == "preflight" && v["n"].is_u64())
        .collect();
    assert_eq!(rows.len(), 4, "{text}");
    assert!(
        rows.iter().all(|r| r["output"].as_u64() > Some(0)),
        "{text}"
    );
}

#[test]
fn an_operator_directory_given_as_dot_is_checked_under_its_own_name() {
    // A ported case of operator-pipelines (core's fixtures): `updateGraph: unknown-mode`.
    let dir = manifest_dir().join(
        "../core/tests/fixtures/preflight/check_ci_upgrade_graph/unknown/operators/test-operator",
    );
    let out = run_in(
        &dir,
        &[
            "preflight",
            ".",
            "--pipeline",
            "community",
            "--format",
            "json",
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let doc: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let find = |name: &str| {
        doc["checks"]
            .as_array()
            .and_then(|c| c.iter().find(|c| c["name"] == name))
            .cloned()
            .unwrap_or_else(|| panic!("no {name} in {doc}"))
    };
    assert_eq!(
        find("check_ci_upgrade_graph"),
        json!({"name": "check_ci_upgrade_graph", "result": "fail", "messages": [
            "The 'updateGraph' option in ci.yaml must be one of ['replaces-mode', 'semver-mode']"]})
    );
    // Named `test-operator`, not `.`: its annotations and CSV agree with the directory.
    assert_eq!(find("check_operator_name")["result"], "pass", "{doc}");
    assert_eq!(
        find("check_schema_operator_ci_config")["messages"],
        json!(["Operator's 'ci.yaml' contains invalid data which does not comply with the schema: 'unknown-mode' is not one of ['replaces-mode', 'semver-mode']"])
    );
}

#[test]
fn ocp_sets_the_newest_openshift_version_of_the_replaces_check() {
    let case = manifest_dir().join(
        "../core/tests/fixtures/preflight/check_replaces_availability/different-annotation-different-version",
    );
    let case = case.to_string_lossy();
    let args = [
        "preflight",
        &case,
        "--pipeline",
        "certified",
        "--format",
        "json",
    ];
    let messages = |extra: &[&str]| {
        let out = run(&[&args[..], extra].concat());
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        let doc: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        let c = doc["checks"]
            .as_array()
            .and_then(|c| {
                c.iter()
                    .find(|c| c["name"] == "check_replaces_availability")
            })
            .cloned()
            .expect("check_replaces_availability");
        assert_eq!(c["result"], "fail");
        c["messages"][0].as_str().unwrap_or_default().to_string()
    };
    assert!(messages(&["--ocp", "4.16"]).starts_with("Replaces bundle Bundle(hello/0.0.1) ['v4.16'] does not support the same OCP versions as bundle Bundle(hello/0.0.2) ['v4.15', 'v4.16']."));
    assert!(messages(&[]).contains("['v4.16', 'v4.17', 'v4.18', 'v4.19', 'v4.20', 'v4.21']"));
    let out = run(&[&args[..], &["--ocp", "four"]].concat());
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}
