//! `olm-graph lifecycle` and the lifecycle findings of `lint`, through the binary.

use std::io::Write as _;
use std::process::{Command, Stdio};

use crate::common::{catalogs_dir, run_in};
use serde_json::Value;

const SUB: &str = "submariner-operator-fbc/v4.21-split";
const BLOBS: &str = "lifecycle/lifecycles-v1alpha1.yaml";

fn json_of(out: &std::process::Output) -> Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
}

#[test]
fn submariner_0_22_is_in_full_support_and_0_23_0_24_have_no_lifecycle_entry() {
    let args = [
        "lifecycle",
        SUB,
        BLOBS,
        "-p",
        "submariner",
        "--as-of",
        "2026-11-26",
        "--platform",
        "4.20",
        "--json",
    ];
    let out = run_in(&catalogs_dir(), &args);
    assert_eq!(out.status.code(), Some(0));
    let doc = json_of(&out);
    assert_eq!(doc["package"], "submariner");
    assert_eq!(doc["asOf"], "2026-11-26");
    assert_eq!(doc["platform"], "4.20");
    let rows = doc["bundles"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    let by_stream = |s: &'static str| rows.iter().filter(move |r| r["stream"] == s);
    for r in by_stream("0.22") {
        assert_eq!(r["phase"], "Full support");
        assert_eq!(r["phaseEnds"], "2027-01-05");
        assert_eq!(r["endOfLife"], "2027-09-10");
        assert_eq!(r["compatible"], true);
    }
    for s in ["0.23", "0.24"] {
        let r = by_stream(s).next().unwrap();
        for key in ["phase", "phaseEnds", "endOfLife", "compatible"] {
            assert_eq!(r[key], Value::Null, "{s} {key}");
        }
    }
    let findings = doc["findings"].as_array().unwrap();
    let missing: Vec<_> = findings
        .iter()
        .filter(|f| f["code"] == "lifecycle.missing-stream")
        .collect();
    assert_eq!(missing.len(), 2, "{findings:?}");
    assert!(missing[0]["message"].as_str().unwrap().contains("0.23"));
    assert_eq!(missing[0]["severity"], "warning");
    assert_eq!(missing[0]["file"], BLOBS);
    assert_eq!(missing[0]["line"], 1412);
    assert_eq!(
        findings.len(),
        2,
        "only the package's findings: {findings:?}"
    );
}

#[test]
fn the_text_output_is_a_table_per_channel() {
    let args = [
        "lifecycle",
        SUB,
        BLOBS,
        "-p",
        "submariner",
        "--as-of",
        "2027-01-06",
        "--platform",
        "4.21",
    ];
    let out = run_in(&catalogs_dir(), &args);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    for channel in [
        "channel stable-0.22",
        "channel stable-0.23",
        "channel stable-0.24",
    ] {
        assert!(text.contains(channel), "{text}");
    }
    let line = text
        .lines()
        .find(|l| l.contains("submariner.v0.22.0"))
        .unwrap();
    assert!(
        line.contains("Maintenance support") && line.contains("2027-09-10"),
        "{line}"
    );
    assert!(
        line.trim_end().ends_with("no"),
        "4.21 is not listed: {line}"
    );
    assert!(text.contains("lifecycle.missing-stream") || text.contains("has no lifecycle entry"));
}

#[test]
fn a_bad_date_a_bad_platform_or_an_unreadable_path_exit_2() {
    let dir = catalogs_dir();
    for args in [
        vec![
            "lifecycle",
            SUB,
            BLOBS,
            "-p",
            "submariner",
            "--as-of",
            "2026-02-29",
        ],
        vec![
            "lifecycle",
            SUB,
            BLOBS,
            "-p",
            "submariner",
            "--as-of",
            "tomorrow",
        ],
        vec![
            "lifecycle",
            SUB,
            BLOBS,
            "-p",
            "submariner",
            "--platform",
            "4",
        ],
        vec!["lifecycle", "no/such/path", "-p", "submariner"],
    ] {
        let out = run_in(&dir, &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    let out = run_in(&dir, &["lifecycle", SUB, "-p", "nope"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn the_blob_can_come_from_standard_input_and_without_it_nothing_is_known() {
    let dir = catalogs_dir();
    let blob = std::fs::read_to_string(dir.join(BLOBS)).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_olm-graph"))
        .args([
            "lifecycle",
            SUB,
            "-",
            "-p",
            "submariner",
            "--as-of",
            "2028-01-01",
            "--json",
        ])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(blob.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let doc = json_of(&out);
    assert_eq!(doc["platform"], Value::Null);
    assert_eq!(doc["bundles"][0]["phase"], "end of life");
    assert_eq!(doc["bundles"][0]["compatible"], Value::Null);

    let out = run_in(&dir, &["lifecycle", SUB, "-p", "submariner", "--json"]);
    let doc = json_of(&out);
    assert!(doc["bundles"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["phase"].is_null()));
    assert_eq!(doc["findings"].as_array().unwrap().len(), 0);
}

#[test]
fn lint_reports_lifecycle_findings_in_every_format() {
    let dir = catalogs_dir();
    let json = run_in(&dir, &["lint", SUB, BLOBS, "--json"]);
    let text = String::from_utf8_lossy(&json.stdout).to_string();
    assert!(text.contains("lifecycle.missing-stream"), "{text}");
    assert!(text.contains("lifecycle.unknown-package"), "{text}");
    for format in ["github", "sarif", "markdown"] {
        let out = run_in(&dir, &["lint", SUB, BLOBS, "--format", format]);
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(
            text.contains("lifecycle.missing-stream"),
            "{format}: {text}"
        );
    }
    let sarif = run_in(&dir, &["lint", SUB, BLOBS, "--format", "sarif"]);
    let doc = json_of(&sarif);
    let rules = doc["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap();
    let rule = rules
        .iter()
        .find(|r| r["id"] == "lifecycle.missing-stream")
        .unwrap();
    assert_eq!(rule["name"], "LifecycleMissingStream");
}

#[test]
fn plan_names_each_stops_phase_only_when_asked() {
    let dir = catalogs_dir();
    let base = [
        "plan",
        "submariner-operator-fbc/v4.17-split",
        "-p",
        "submariner",
        "--from",
        "submariner.v0.19.0",
        "--to",
        "submariner.v0.22.1",
        "--json",
    ];
    let plain = json_of(&run_in(&dir, &base));
    assert!(plain.get("support").is_none());
    let mut args = base.to_vec();
    args.extend([
        "--lifecycle",
        BLOBS,
        "--as-of",
        "2026-11-26",
        "--platform",
        "4.18",
        "--prefer",
        "supported",
    ]);
    let out = run_in(&dir, &args);
    assert_eq!(out.status.code(), Some(0));
    let doc = json_of(&out);
    let support = doc["support"].as_array().unwrap();
    assert_eq!(support.len(), doc["steps"].as_array().unwrap().len());
    let target = support.last().unwrap();
    assert_eq!(target["role"], "target");
    assert_eq!(target["bundle"], "submariner.v0.22.1");
    assert_eq!(target["phase"], "Full support");
    assert_eq!(target["compatible"], true);
    args.retain(|a| *a != "--json");
    let text = String::from_utf8(run_in(&dir, &args).stdout).unwrap();
    assert!(
        text.contains(
            "target submariner.v0.22.1 (stream 0.22): Full support until 2027-01-05, runs on 4.18"
        ),
        "{text}"
    );
}
