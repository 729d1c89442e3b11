//! `olm-graph path --mermaid`: the installed bundle (from another channel, when it is not an
//! entry of the channel), then each hop with why the resolver took it. (The blocks are also parsed
//! by mermaid's own parser in `scripts/check-review-mermaid.sh`.)

use crate::common;

fn fixture() -> String {
    common::manifest_dir()
        .join("tests/fixtures/path/other-channel.yaml")
        .display()
        .to_string()
}

#[test]
fn a_path_from_another_channel_as_mermaid() {
    let f = fixture();
    let out = common::run(&[
        "path",
        &f,
        "-p",
        "demo",
        "-c",
        "fast",
        "--from",
        "demo.v1.0.0",
        "--mermaid",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "flowchart LR");
    assert!(text.contains("n0[\"demo.v1.0.0<br/>installed, from another channel\"]:::installed"));
    assert!(
        text.contains("n0 -->|\"1. skipRange #gt;=1.0.0 #lt;1.2.0\"| n1"),
        "{text}"
    );
    assert!(text.contains("n1[\"demo.v1.2.0\"]"));
    assert!(text.contains("n1 -->|\"2. replaces\"| n2"));
    assert!(text.contains("n2[\"demo.v1.3.0\"]"));
}

/// `path` on project-quay's `stable-3.10` from its first bundle, with one output flag.
fn quay_path(flag: &str) -> std::process::Output {
    let q = common::catalogs_dir()
        .join("community-operators-prod/v4.21/project-quay.yaml")
        .display()
        .to_string();
    common::run(&[
        "path",
        &q,
        "-p",
        "project-quay",
        "-c",
        "stable-3.10",
        "--from",
        "quay-operator.v3.10.0",
        flag,
    ])
}

#[test]
fn an_entry_of_the_channel_is_just_installed() {
    let out = quay_path("--mermaid");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("n0[\"quay-operator.v3.10.0<br/>installed\"]:::installed"));
    // One node per hop after the installed one, each reached by one labelled link.
    let doc: serde_json::Value = serde_json::from_slice(&quay_path("--json").stdout).expect("json");
    let hops = doc["hops"].as_array().expect("hops").len();
    assert!(hops > 0);
    assert_eq!(text.matches(" -->|\"").count(), hops);
    assert!(text.contains(&format!("n{hops}[\"quay-operator.v3.10.25\"]")));
}

#[test]
fn mermaid_and_json_do_not_go_together() {
    let f = fixture();
    let out = common::run(&[
        "path",
        &f,
        "-p",
        "demo",
        "--from",
        "demo.v1.0.0",
        "--mermaid",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(2));
}
