//! `olm-graph review --git` on an operator repository in the bundle layout: a scratch
//! repository with `operators/koku-metrics-operator/` (the fixture of
//! `crates/core/tests/fixtures/operator-repo/`) and commits that add a version leaving a bundle
//! dangling, then one that closes a loop. The review shows the graph change read from both
//! revisions and the pre-flight table of the new side in every format (the community pipeline
//! by default there); the GitHub format places a loop on the CSV that closes it. A plain FBC
//! repository gets no pre-flight table unless a pipeline is named; with `konflux`, the old side
//! is the pruning check's target index (spec/preflight.md §13).

use std::path::PathBuf;
use std::process::Output;

use serde_json::Value;

use crate::common::{descheduler_repo, manifest_dir, markdown_shape, run_in, ScratchRepo};

const OP: &str = "operators/koku-metrics-operator";
const CSV: &str = "manifests/koku-metrics-operator.clusterserviceversion.yaml";
const ANNOTATIONS: &str = "metadata/annotations.yaml";

fn fixture(rel: &str) -> PathBuf {
    manifest_dir()
        .join("../core/tests/fixtures/operator-repo/koku-metrics-operator")
        .join(rel)
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(fixture(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// Copies a bundle directory of the fixture into the repository.
fn put_bundle(repo: &ScratchRepo, version: &str) {
    for file in [CSV, ANNOTATIONS] {
        let rel = format!("{version}/{file}");
        repo.put(&format!("{OP}/{rel}"), &fixture(&rel));
    }
}

/// Three commits: 4.3.0, 4.3.1 and 4.4.0; then 4.4.1 replacing 4.3.1 (4.4.0 left dangling);
/// then 4.4.1 replacing 4.4.0 as published, and 4.4.0 skipping 4.4.1 (a loop).
fn koku_repo() -> ScratchRepo {
    let repo = ScratchRepo::new();
    repo.put(&format!("{OP}/ci.yaml"), &fixture("ci.yaml"));
    for v in ["4.3.0", "4.3.1", "4.4.0"] {
        put_bundle(&repo, v);
    }
    repo.commit("koku-metrics-operator 4.3.0 to 4.4.0");
    put_bundle(&repo, "4.4.1");
    let csv = read(&format!("4.4.1/{CSV}"));
    let dangling = csv.replace(
        "replaces: koku-metrics-operator.v4.4.0",
        "replaces: koku-metrics-operator.v4.3.1",
    );
    assert_ne!(csv, dangling, "the fixture's 4.4.1 replaces 4.4.0");
    repo.write(&format!("{OP}/4.4.1/{CSV}"), &dangling);
    repo.commit("4.4.1 replaces 4.3.1");
    repo.write(&format!("{OP}/4.4.1/{CSV}"), &csv);
    let looped = format!(
        "{}  skips:\n  - koku-metrics-operator.v4.4.1\n",
        read(&format!("4.4.0/{CSV}"))
    );
    repo.write(&format!("{OP}/4.4.0/{CSV}"), &looped);
    repo.commit("4.4.1 replaces 4.4.0, which skips 4.4.1");
    repo
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

fn review(repo: &ScratchRepo, range: &str, extra: &[&str]) -> Output {
    let args = [&["review", "--git", range, OP][..], extra].concat();
    run_in(repo.path(), &args)
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "JSON ({e}): {}\n{}",
            stdout(out),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// The check of that name in a JSON report's `preflight`: (result, messages).
fn check(doc: &Value, name: &str) -> (String, Vec<String>) {
    let checks = doc["preflight"]["checks"]
        .as_array()
        .expect("preflight.checks");
    let c = checks
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no check {name}"));
    let messages = c["messages"].as_array().expect("messages");
    (
        c["result"].as_str().expect("result").to_string(),
        messages
            .iter()
            .map(|m| m.as_str().expect("text").to_string())
            .collect(),
    )
}

const DANGLING_ALPHA: &str =
    "Channel alpha has dangling bundles: {Bundle(koku-metrics-operator/4.4.0)}";
const DANGLING_BETA: &str =
    "Channel beta has dangling bundles: {Bundle(koku-metrics-operator/4.4.0)}";
const LOOP: &str = "Upgrade graph loop detected: Bundle(koku-metrics-operator/4.4.1) -> Bundle(koku-metrics-operator/4.4.0)";

#[test]
fn a_dangling_bundle_shows_in_the_graph_change_and_the_preflight_table() {
    let repo = koku_repo();
    let doc = json(&review(&repo, "HEAD~2..HEAD~1", &["--format", "json"]));
    // The graph change, read from the bundle layout of both revisions.
    let p = &doc["packages"][0];
    assert_eq!(p["package"], "koku-metrics-operator");
    assert_eq!(
        p["bundles_added"],
        serde_json::json!(["koku-metrics-operator.v4.4.1"])
    );
    let heads: Vec<(String, String)> = p["heads_moved"]
        .as_array()
        .expect("heads_moved")
        .iter()
        .map(|h| (h["channel"].to_string(), h["new"].to_string()))
        .collect();
    assert_eq!(
        heads,
        [
            (
                "\"alpha\"".into(),
                "\"koku-metrics-operator.v4.4.1\"".into()
            ),
            ("\"beta\"".into(), "\"koku-metrics-operator.v4.4.1\"".into())
        ]
    );
    let added: Vec<(&str, &str)> = p["edges_added"]
        .as_array()
        .expect("edges_added")
        .iter()
        .map(|e| {
            (
                e["from"].as_str().unwrap_or(""),
                e["to"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert!(
        added.contains(&(
            "koku-metrics-operator.v4.3.1",
            "koku-metrics-operator.v4.4.1"
        )),
        "{added:?}"
    );
    // The pre-flight table of the new side: community, the default for operators/<name>/.
    assert_eq!(doc["preflight"]["pipeline"], "community");
    assert_eq!(
        check(&doc, "check_dangling_bundles"),
        (
            "fail".into(),
            vec![DANGLING_ALPHA.into(), DANGLING_BETA.into()]
        )
    );
    assert_eq!(
        check(&doc, "check_upgrade_graph_loop"),
        ("pass".into(), vec![])
    );

    let text = stdout(&review(&repo, "HEAD~2..HEAD~1", &["--format", "text"]));
    assert!(
        text.contains(
            "  head of alpha: koku-metrics-operator.v4.4.0 -> koku-metrics-operator.v4.4.1\n"
        ),
        "{text}"
    );
    let row = format!(
        "check_dangling_bundles                         fail    {DANGLING_ALPHA} (+1 more)\n"
    );
    assert!(text.contains(&row), "{text}");
    assert!(text.contains("\npipeline community: "), "{text}");

    let md = stdout(&review(&repo, "HEAD~2..HEAD~1", &[]));
    assert!(
        // The dangling bundles, and the two operator-sdk checks: the fixture's bundles are
        // their CSVs only, without the CRDs the CSVs own (operator-sdk's bundle validator).
        md.contains("## olm-graph preflight (community): ❌ 3 failed"),
        "{md}"
    );
    assert!(
        md.contains(&format!(
            "| `check_dangling_bundles` | fail | `{DANGLING_ALPHA}` |\n| | | `{DANGLING_BETA}` |\n"
        )),
        "{md}"
    );
    assert!(
        md.contains("| `check_upgrade_graph_loop` | pass |  |\n"),
        "{md}"
    );
    markdown_shape(&md);
}

#[test]
fn github_places_a_loop_on_the_csv_that_closes_it() {
    let repo = koku_repo();
    let csv_440 = format!("{OP}/4.4.0/{CSV}");
    let expected = format!(
        "::error file={csv_440},line=1,col=1,title=olm-graph preflight check_upgrade_graph_loop::{LOOP}\n"
    );
    // Two revisions (files from git), and a revision against the working tree.
    for range in ["HEAD~1..HEAD", "HEAD~1"] {
        let out = review(&repo, range, &["--format", "github"]);
        assert_eq!(out.status.code(), Some(1), "{range}");
        let text = stdout(&out);
        assert_eq!(
            text.matches(&expected).count(),
            2,
            "{range}: one per channel\n{text}"
        );
        // The review's own new findings are annotated too, at repository paths.
        assert!(
            text.lines()
                .all(|l| !l.contains("file=HEAD") && !l.contains("/tmp")),
            "{range}: {text}"
        );
        assert!(
            text.contains("title=olm-graph ReplacesChain"),
            "{range}: {text}"
        );
    }
    let doc = json(&review(&repo, "HEAD~1..HEAD", &["--format", "json"]));
    assert_eq!(
        check(&doc, "check_upgrade_graph_loop"),
        ("fail".into(), vec![LOOP.into(), LOOP.into()])
    );
    assert_eq!(check(&doc, "check_dangling_bundles").0, "pass");
}

#[test]
fn the_pipeline_is_chosen_by_name_or_left_out() {
    let repo = koku_repo();
    let doc = json(&review(
        &repo,
        "HEAD~2..HEAD~1",
        &["--format", "json", "--pipeline", "none"],
    ));
    assert!(doc.get("preflight").is_none());
    assert!(doc["packages"][0]["bundles_added"].is_array());
    let doc = json(&review(
        &repo,
        "HEAD~2..HEAD~1",
        &["--format", "json", "--pipeline", "certified"],
    ));
    assert_eq!(doc["preflight"]["pipeline"], "certified");
    // The certified pipeline does not run the community suite's loop check (spec/preflight.md §1.3).
    let names = doc["preflight"]["checks"].as_array().expect("checks");
    assert!(names
        .iter()
        .all(|c| c["name"] != "check_upgrade_graph_loop"));
    let out = review(&repo, "HEAD~2..HEAD~1", &["--pipeline", "nightly"]);
    assert_eq!(out.status.code(), Some(2));

    // An FBC repository: no table by default; Konflux's pruning check against the old side.
    let fbc = descheduler_repo();
    let range = [
        "review",
        "--git",
        "HEAD~1..HEAD",
        "catalog",
        "--format",
        "json",
    ];
    let doc = json(&run_in(fbc.path(), &range));
    assert!(doc.get("preflight").is_none());
    let doc = json(&run_in(
        fbc.path(),
        &[&range[..], &["--pipeline", "konflux"]].concat(),
    ));
    let (result, messages) = check(&doc, "fbc-target-index-pruning-check");
    assert_eq!(result, "fail");
    assert_eq!(messages.len(), 27, "{messages:?}");
    assert!(messages
        .iter()
        .all(|m| m.starts_with("!FAILURE! - FBC fragment prunes ")
            && m.ends_with(" from cluster-kube-descheduler-operator.stable channel.")));
}
