//! The `olm-graph` binary: golden `graph --json` documents, `lint` exit codes, `path --json`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_olm-graph"))
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn core_fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../core/tests/fixtures")
        .join(name)
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("olm-graph runs")
}

fn stdout_json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is JSON ({e}): {}\nstderr: {}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// Node and edge order is free: sort both before comparing.
fn normalize(mut doc: Value) -> Value {
    for ch in doc["channels"].as_array_mut().into_iter().flatten() {
        for key in ["nodes", "edges"] {
            if let Some(list) = ch[key].as_array_mut() {
                list.sort_by_key(|v| v.to_string());
            }
        }
    }
    doc
}

fn golden(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/golden")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).expect("golden is JSON")
}

fn graph_json(file: &Path, package: &str) -> Value {
    let out = run(&[
        "graph",
        file.to_str().unwrap(),
        "--package",
        package,
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    normalize(stdout_json(&out))
}

#[test]
fn graph_json_every_edge_kind_virtual_nodes_prereleases_and_ranges() {
    assert_eq!(
        graph_json(&fixture("edges.yaml"), "demo"),
        normalize(golden("edges.json"))
    );
}

#[test]
fn graph_json_multi_head_channel_has_null_head() {
    assert_eq!(
        graph_json(&fixture("multihead.yaml"), "heads"),
        normalize(golden("multihead.json"))
    );
}

#[test]
fn graph_json_cyclic_channel_has_null_head() {
    assert_eq!(
        graph_json(&fixture("cycle.yaml"), "loop"),
        normalize(golden("cycle.json"))
    );
}

#[test]
fn graph_json_channel_filter() {
    let out = run(&[
        "graph",
        fixture("edges.yaml").to_str().unwrap(),
        "-p",
        "demo",
        "-c",
        "fast",
        "--json",
    ]);
    let doc = stdout_json(&out);
    let names: Vec<&str> = doc["channels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["fast"]);
}

#[test]
fn graph_unknown_package_fails() {
    let out = run(&[
        "graph",
        fixture("edges.yaml").to_str().unwrap(),
        "-p",
        "nope",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown package \"nope\""));
}

#[test]
fn lint_exit_codes_and_opm_tree() {
    let ok = run(&["lint", fixture("edges.yaml").to_str().unwrap()]);
    assert_eq!(
        ok.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&ok.stdout)
    );
    let bad = run(&["lint", fixture("multihead.yaml").to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(1));
    let text = String::from_utf8_lossy(&bad.stdout);
    assert!(
        text.contains("invalid index:\n└── invalid package \"heads\":\n    └── invalid channel \"stable\":\n        └── multiple channel heads found in graph: h2, h3"),
        "{text}"
    );
    let cyc = run(&["lint", fixture("cycle.yaml").to_str().unwrap(), "--json"]);
    assert_eq!(cyc.status.code(), Some(1));
    let findings = stdout_json(&cyc);
    assert!(findings
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["message"] == "no channel head found in graph"));
    let missing = run(&["lint", "/nonexistent/catalog"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read /nonexistent/catalog"));
}

#[test]
fn packages_lists_heads() {
    let out = run(&[
        "packages",
        fixture("edges.yaml").to_str().unwrap(),
        fixture("multihead.yaml").to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("demo\tdefault=stable\tchannels=fast,stable\tbundles=5\theads=fast=demo.v1.3.0,stable=demo.v1.3.0"), "{text}");
    assert!(
        text.contains("heads\tdefault=stable\tchannels=stable\tbundles=3\theads=stable=(h2|h3)"),
        "{text}"
    );
}

#[test]
fn path_json_exact_shape() {
    let file = core_fixture("resolve/skips-trap.yaml");
    let out = run(&[
        "path",
        file.to_str().unwrap(),
        "-p",
        "trap",
        "-c",
        "stable",
        "--from",
        "n1",
        "--resolver",
        "v1",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc = stdout_json(&out);
    let expected: Value = serde_json::json!({
        "resolver": "v1", "from": "n1", "end": "n3", "outcome": "up-to-date",
        "hops": [
            {"from": "n1", "to": "n2", "via": ["replaces"], "failed": false},
            {"from": "n2", "to": "n3", "via": ["replaces", "skips"], "failed": false}
        ],
        "explanation": null
    });
    assert_eq!(doc, expected);
    let v0 = stdout_json(&run(&[
        "path",
        file.to_str().unwrap(),
        "-p",
        "trap",
        "-c",
        "stable",
        "--from",
        "n1",
        "--json",
    ]));
    assert_eq!(v0["end"], "n1");
    assert!(
        v0["explanation"]
            .as_str()
            .unwrap()
            .contains("skipped by n3"),
        "{v0}"
    );
}

#[test]
fn path_json_failure_and_updated_catalog() {
    let old = core_fixture("resolve/failforward.yaml");
    let new = core_fixture("resolve/failforward-fixed-csv.yaml");
    let args = |extra: &[&str]| {
        let mut a = vec![
            "path",
            old.to_str().unwrap(),
            "-p",
            "ff",
            "-c",
            "stable",
            "--from",
            "f1",
            "--fail",
            "f2",
            "--json",
        ];
        a.extend_from_slice(extra);
        stdout_json(&run(&a))
    };
    assert_eq!(args(&[])["outcome"], "blocked");
    assert_eq!(args(&["--failure", "installplan"])["end"], "f1");
    let waiting = args(&["--strategy", "fail-forward"]);
    assert_eq!(waiting["outcome"], "waiting-for-catalog-update");
    assert_eq!(waiting["hops"][0]["failed"], true);
    let fixed = args(&[
        "--strategy",
        "fail-forward",
        "--updated-catalog",
        new.to_str().unwrap(),
    ]);
    assert_eq!(fixed["outcome"], "up-to-date");
    assert_eq!(fixed["end"], "f3");
}

#[test]
fn path_resolution_error_is_json_and_exit_1() {
    let out = run(&[
        "path",
        fixture("multihead.yaml").to_str().unwrap(),
        "-p",
        "heads",
        "-c",
        "stable",
        "--from",
        "h1",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let doc = stdout_json(&out);
    assert!(
        doc["error"]
            .as_str()
            .unwrap()
            .contains("replacement chains were found"),
        "{doc}"
    );
    let out = run(&[
        "path",
        fixture("multihead.yaml").to_str().unwrap(),
        "-p",
        "heads",
        "-c",
        "nope",
        "--from",
        "h1",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout_json(&out)["error"]
        .as_str()
        .unwrap()
        .contains("no channel \"nope\""));
}

#[test]
fn every_command_has_help_with_an_example() {
    for cmd in [
        "packages",
        "graph",
        "lint",
        "path",
        "bench",
        "deprecate-truncate",
        "resolve-image",
        "diff",
    ] {
        let out = run(&[cmd, "--help"]);
        assert!(out.status.success(), "{cmd}");
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("olm-graph "),
            "{cmd} help has an example"
        );
    }
}

/// A ClusterExtension's version range and channels: `path --resolver v1 --version --channels`.
#[test]
fn path_v1_honours_a_cluster_extensions_version_range_and_channels() {
    let sail = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/catalogs/community-operators-prod/v4.21/sailoperator.yaml");
    let file = sail.to_str().unwrap();
    let base = [
        "path",
        file,
        "-p",
        "sailoperator",
        "--from",
        "sailoperator.v1.26.0",
    ];
    let with = |extra: &[&str]| run(&[&base[..], extra].concat());
    let out = with(&[
        "-c",
        "stable",
        "--resolver",
        "v1",
        "--version",
        ">=1.26, <1.28",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc = stdout_json(&out);
    let hops: Vec<&str> = doc["hops"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["to"].as_str().unwrap())
        .collect();
    assert_eq!(hops, ["sailoperator.v1.27.3"]);
    let text = String::from_utf8_lossy(
        &with(&["--channels", "stable-1.26,stable-1.27", "--resolver", "v1"]).stdout,
    )
    .to_string();
    assert!(text.contains("channels stable-1.26, stable-1.27"), "{text}");
    assert!(text.contains("-> sailoperator.v1.27.3"), "{text}");
    // Under OLM v0 they mean nothing: refused with a reason.
    let v0 = with(&["-c", "stable", "--version", "1.2"]);
    assert!(!v0.status.success());
    assert!(String::from_utf8_lossy(&v0.stderr).contains("--resolver v1"));
    let bad = with(&["-c", "stable", "--resolver", "v1", "--version", ">>1"]);
    assert!(!bad.status.success());
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains(r#"desired version range ">>1" is invalid"#)
    );
}

#[test]
fn operator_repository_opens_like_fbc() {
    // A bundle-layout operator directory (semver-mode, docs/spec/operator-repo.md): `graph`
    // draws its chain, `lint` passes it, `path` walks it.
    let dir = core_fixture("operator-repo/trident-operator");
    let dir = dir.to_str().unwrap();
    let doc = graph_json(Path::new(dir), "trident-operator");
    let edges = doc["channels"][0]["edges"].as_array().unwrap();
    assert_eq!(edges.len(), 4, "{doc}");
    let lint = run(&["lint", dir]);
    assert!(
        lint.status.success(),
        "{}",
        String::from_utf8_lossy(&lint.stdout)
    );
    let path = run(&[
        "path",
        dir,
        "-p",
        "trident-operator",
        "-c",
        "stable",
        "--from",
        "trident-operator.v24.2.0",
    ]);
    let text = String::from_utf8_lossy(&path.stdout);
    assert!(
        path.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&path.stderr)
    );
    assert!(text.contains("trident-operator.v25.2.0"), "{text}");
}
