//! `olm-graph` on part of a split catalog: the paths by name with `"missingBundle": true`, the
//! outcome saying so, and one hint on stderr that names the counts and the folder to open.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn catalogs() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/catalogs");
    assert!(dir.is_dir(), "real catalogs at {}", dir.display());
    dir
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_olm-graph"))
        .args(args)
        .output()
        .expect("olm-graph runs")
}

fn json(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

#[test]
fn lightspeed_index_alone_walks_every_hop_by_name_and_hints_at_the_folder() {
    let index = catalogs().join("lightspeed-operator/v4.17-split/index.yaml");
    let index = index.to_str().expect("utf-8 path");
    let out = run(&[
        "path",
        index,
        "-p",
        "lightspeed-operator",
        "-c",
        "stable",
        "--from",
        "lightspeed-operator.v1.0.8",
        "--json",
    ]);
    let doc = json(&out);
    let hops = doc["hops"].as_array().expect("hops");
    assert_eq!(hops.len(), 9);
    assert_eq!(doc["end"], "lightspeed-operator.v1.1.3");
    assert_eq!(doc["outcome"], "up-to-date");
    assert_eq!(doc["explanation"], Value::Null, "no loop is claimed");
    assert!(hops.iter().all(|h| h["missingBundle"] == true), "{hops:?}");
    // The start and the nine bundles it moves through.
    assert_eq!(doc["withoutBundles"].as_array().map(Vec::len), Some(10));
    assert_eq!(doc["withoutBundles"][0], "lightspeed-operator.v1.0.8");
    let note = doc["outcomeNote"]
        .as_str()
        .expect("the outcome says how it was computed");
    assert!(note.contains("computed without bundle objects"), "{note}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let hints: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("split catalog"))
        .collect();
    assert_eq!(hints.len(), 1, "{stderr}");
    assert!(
        hints[0].contains("10 channel entries have no olm.bundle"),
        "{stderr}"
    );
    assert!(
        hints[0].contains("lightspeed-operator/v4.17-split`"),
        "names the folder: {stderr}"
    );
}

#[test]
fn the_whole_folder_gives_the_same_path_without_markings_or_hint() {
    let dir = catalogs().join("lightspeed-operator/v4.17-split");
    let out = run(&[
        "path",
        dir.to_str().expect("utf-8 path"),
        "-p",
        "lightspeed-operator",
        "-c",
        "stable",
        "--from",
        "lightspeed-operator.v1.0.8",
        "--json",
    ]);
    let doc = json(&out);
    assert_eq!(doc["hops"].as_array().map(Vec::len), Some(9));
    assert_eq!(doc["end"], "lightspeed-operator.v1.1.3");
    assert!(doc["hops"]
        .as_array()
        .into_iter()
        .flatten()
        .all(|h| h.get("missingBundle").is_none()));
    assert!(doc.get("outcomeNote").is_none() && doc.get("withoutBundles").is_none());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("split catalog"));
}

#[test]
fn submariner_channel_file_alone_upgrades_under_v1() {
    let file =
        catalogs().join("submariner-operator-fbc/v4.17-split/channels/channel-stable-0.19.yaml");
    let out = run(&[
        "path",
        file.to_str().expect("utf-8 path"),
        "-p",
        "submariner",
        "-c",
        "stable-0.19",
        "--from",
        "submariner.v0.19.3",
        "--resolver",
        "v1",
        "--json",
    ]);
    let doc = json(&out);
    assert_eq!(doc["hops"][0]["to"], "submariner.v0.19.4");
    assert_eq!(doc["hops"][0]["missingBundle"], true);
    assert_eq!(doc["end"], "submariner.v0.19.4");
    let text = run(&[
        "path",
        file.to_str().expect("utf-8 path"),
        "-p",
        "submariner",
        "-c",
        "stable-0.19",
        "--from",
        "submariner.v0.19.3",
        "--resolver",
        "v1",
    ]);
    let stdout = String::from_utf8_lossy(&text.stdout);
    assert!(stdout.contains("(no olm.bundle: by name)"), "{stdout}");
    assert!(
        stdout.contains("note: computed without bundle objects"),
        "{stdout}"
    );
}

#[test]
fn a_bundle_file_alone_is_hinted_as_a_bundle_in_no_channel() {
    let file = catalogs().join("submariner-operator-fbc/v4.17-split/bundles/bundle-v0.19.3.yaml");
    let out = run(&["packages", file.to_str().expect("utf-8 path")]);
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("1 bundle is in no channel"), "{stderr}");
}
