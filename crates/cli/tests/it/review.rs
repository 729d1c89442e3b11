//! `olm-graph review` on real catalog changes: descheduler 4.16 → 4.17 as two paths and as two
//! commits of a scratch git repository (27 installed bundles stranded under OLM v0, none under
//! v1), exit statuses for `--fail-on`, well-formed Markdown with Mermaid blocks of the grammar
//! we write, inert hostile text, and clear exit-2 errors for bad revisions, paths and files.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Output;

use crate::common::{
    catalogs_dir, check_mermaid, descheduler, descheduler_repo, markdown_shape, only_report_html,
    run, run_in,
};
use serde_json::Value;

const PACKAGE: &str = "cluster-kube-descheduler-operator";

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("JSON ({e}): {}\n{}", stdout(out), stderr(out)))
}

/// The bundles `olm-graph diff` (the existing switch report) finds stranded under `resolver`.
fn stranded_by_diff(old: &Path, new: &Path, resolver: &str) -> BTreeSet<String> {
    let out = run(&[
        "diff",
        old.to_str().expect("UTF-8"),
        "--to",
        new.to_str().expect("UTF-8"),
        "-p",
        PACKAGE,
        "--resolver",
        resolver,
        "--json",
    ]);
    json(&out)["fates"]
        .as_array()
        .expect("records")
        .iter()
        .filter(|r| r["status"] == "stranded")
        .map(|r| r["bundle"].as_str().expect("name").to_string())
        .collect()
}

/// Names of the installed bundles a JSON review says the change strands under `resolver`.
fn stranded_in_review(doc: &Value, resolver: &str) -> BTreeSet<String> {
    doc["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .flat_map(|p| p["installed"].as_array().cloned().unwrap_or_default())
        .filter(|b| b[resolver]["status"] == "stranded" && b[resolver]["before"] != "stranded")
        .map(|b| b["bundle"].as_str().expect("name").to_string())
        .collect()
}

/// The report is well formed: tables of even width, only its own HTML, Mermaid blocks of our
/// grammar. Returns the Mermaid blocks.
fn check_markdown(text: &str) -> Vec<String> {
    let shape = markdown_shape(text);
    assert!(!shape.tables.is_empty(), "tables: {text}");
    for table in &shape.tables {
        assert!(table.iter().all(|cells| *cells == table[0]), "{table:?}");
    }
    only_report_html(&shape.html).unwrap_or_else(|e| panic!("{e}"));
    let mermaid: Vec<String> = shape
        .code_blocks
        .into_iter()
        .filter(|(lang, _)| lang == "mermaid")
        .map(|(_, body)| body)
        .collect();
    for block in &mermaid {
        check_mermaid(block).unwrap_or_else(|e| panic!("{e}\n{block}"));
    }
    assert!(text.len() <= 60_000, "{} characters", text.len());
    mermaid
}

/// The Markdown lists the stranded bundles under v0 (all of them), none under v1.
fn check_stranded_list(text: &str, expected: &BTreeSet<String>) {
    let heading = format!(
        "**Stranded by this change under OLM v0 ({}):**",
        expected.len()
    );
    let start = text.find(&heading).unwrap_or_else(|| panic!("{heading}"));
    let list: BTreeSet<String> = text[start..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with("- "))
        .map(|l| l[3..].split('`').next().expect("name").to_string())
        .collect();
    assert_eq!(&list, expected);
    assert!(
        !text.contains("under OLM v1 ("),
        "nothing is stranded under v1"
    );
}

#[test]
fn descheduler_4_16_to_4_17_as_two_paths() {
    let (old, new) = (descheduler("4.16"), descheduler("4.17"));
    let (o, n) = (old.to_str().expect("UTF-8"), new.to_str().expect("UTF-8"));
    let expected = stranded_by_diff(&old, &new, "v0");
    assert_eq!(expected.len(), 27);
    assert!(stranded_by_diff(&old, &new, "v1").is_empty());

    let out = run(&["review", o, "--to", n, "--format", "json"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let doc = json(&out);
    assert_eq!(doc["passed"], false);
    assert_eq!(doc["summary"]["stranded_v0"], 27);
    assert_eq!(doc["summary"]["stranded_v1"], 0);
    assert_eq!(stranded_in_review(&doc, "v0"), expected);
    assert!(stranded_in_review(&doc, "v1").is_empty());
    assert_eq!(doc["failures"][0]["reason"], "stranded");
    assert!(stderr(&out).contains("27 installed bundles stranded under OLM v0"));

    let markdown = run(&["review", o, "--to", n]);
    assert_eq!(markdown.status.code(), Some(1));
    let text = stdout(&markdown);
    assert!(text.starts_with("## olm-graph review: ❌ fails"), "{text}");
    check_stranded_list(&text, &expected);
    let mermaid = check_markdown(&text);
    assert_eq!(mermaid.len(), 1, "one changed channel: stable");
    let (nodes, links) = check_mermaid(&mermaid[0]).expect("grammar");
    assert!(nodes > 33 && links > 50, "{nodes} nodes, {links} links");

    let only_errors = run(&["review", o, "--to", n, "--fail-on", "error"]);
    assert_eq!(
        only_errors.status.code(),
        Some(0),
        "{}",
        stderr(&only_errors)
    );
    assert!(stdout(&only_errors).starts_with("## olm-graph review: ✅ passes"));
    let removed_head = run(&["review", o, "--to", n, "--fail-on", "removed-head"]);
    assert_eq!(removed_head.status.code(), Some(1), "v5.0.4 leaves stable");
    let never = run(&["review", o, "--to", n, "--fail-on", "none"]);
    assert_eq!(never.status.code(), Some(0));
}

#[test]
fn an_unchanged_catalog_passes_and_already_stranded_bundles_do_not_count() {
    // 4.17 already strands one bundle under OLM v0: reviewing 4.17 against itself changes
    // nothing, so nothing counts against it.
    let v417 = descheduler("4.17");
    let p = v417.to_str().expect("UTF-8");
    let out = run(&["review", p, "--to", p, "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let doc = json(&out);
    assert_eq!(doc["packages"].as_array().map(Vec::len), Some(0));
    assert_eq!(doc["unchanged_packages"], 1);
    // A change elsewhere in 4.17 (one bundle's image) keeps that bundle stranded: it is listed
    // with its fate, but it does not count against the change.
    let dir = tempfile::tempdir().expect("temporary folder");
    let text = std::fs::read_to_string(&v417).expect("4.17");
    let at = text.find("\"image\": \"").expect("an image") + "\"image\": \"".len();
    let changed = format!("{}mirror.example.com/{}", &text[..at], &text[at..]);
    let next = dir.path().join("catalog.json");
    std::fs::write(&next, changed).expect("write");
    let out = run(&[
        "review",
        p,
        "--to",
        next.to_str().expect("UTF-8"),
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let doc = json(&out);
    assert_eq!(
        doc["packages"][0]["bundles_modified"][0]["fields"][0],
        "image"
    );
    let already: Vec<&Value> = doc["packages"][0]["installed"]
        .as_array()
        .expect("installed")
        .iter()
        .filter(|b| b["v0"]["before"] == "stranded" && b["v0"]["status"] == "stranded")
        .collect();
    assert_eq!(already.len(), 1);
    assert_eq!(doc["summary"]["stranded_v0"], 0);
}

#[test]
fn descheduler_4_16_to_4_17_as_two_git_commits() {
    let repo = descheduler_repo();
    let expected = stranded_by_diff(&descheduler("4.16"), &descheduler("4.17"), "v0");
    for range in [
        "HEAD~1..HEAD",
        "HEAD~1",
        "origin/main",
        "origin/main...HEAD",
    ] {
        let out = run_in(
            repo.path(),
            &["review", "--git", range, "catalog", "--format", "json"],
        );
        assert_eq!(out.status.code(), Some(1), "{range}: {}", stderr(&out));
        let doc = json(&out);
        assert_eq!(stranded_in_review(&doc, "v0"), expected, "{range}");
        assert!(stranded_in_review(&doc, "v1").is_empty(), "{range}");
    }
    // From a subdirectory, with the default path (the working directory).
    let sub = repo.path().join("catalog");
    let out = run_in(&sub, &["review", "--git", "HEAD~1..HEAD"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    check_stranded_list(&text, &expected);
    check_markdown(&text);
    assert!(text.contains("From `HEAD~1 ("), "{text}");
    let out = run_in(
        repo.path(),
        &[
            "review",
            "--git",
            "HEAD~1..HEAD",
            "catalog",
            "--fail-on",
            "error",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // New findings point at the file in the new revision.
    let doc = json(&run_in(
        repo.path(),
        &[
            "review",
            "--git",
            "HEAD~1..HEAD",
            "catalog",
            "--format",
            "json",
        ],
    ));
    let files: BTreeSet<&str> = doc["packages"][0]["findings"]["new"]
        .as_array()
        .expect("new findings")
        .iter()
        .filter_map(|d| d["location"]["file"].as_str())
        .collect();
    assert_eq!(
        files.into_iter().collect::<Vec<_>>(),
        ["HEAD:catalog/cluster-kube-descheduler-operator/catalog.json"]
    );
    let same = run_in(repo.path(), &["review", "--git", "HEAD", "catalog"]);
    assert_eq!(same.status.code(), Some(0), "{}", stderr(&same));
    assert!(stdout(&same).contains("No package changed."));
}

fn assert_exit_2(out: &Output, needle: &str) {
    assert_eq!(out.status.code(), Some(2), "{}", stderr(out));
    let err = stderr(out);
    assert!(err.contains(needle), "{needle:?} not in {err:?}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn bad_revisions_missing_paths_and_non_catalog_files_exit_2() {
    let repo = descheduler_repo();
    let dir = repo.path();
    assert_exit_2(
        &run_in(dir, &["review", "--git", "no-such-branch", "catalog"]),
        "unknown revision \"no-such-branch\"",
    );
    assert_exit_2(
        &run_in(dir, &["review", "--git", "HEAD~1..nope", "catalog"]),
        "unknown revision \"nope\"",
    );
    assert_exit_2(
        &run_in(dir, &["review", "--git=--upload-pack=x", "catalog"]),
        "is not a revision",
    );
    repo.write("extra/catalog.yaml", "schema: olm.package\nname: extra\n");
    repo.commit("a catalog only the new side has");
    assert_exit_2(
        &run_in(dir, &["review", "--git", "HEAD~1..HEAD", "extra"]),
        "extra does not exist in HEAD~1",
    );
    assert_exit_2(
        &run_in(dir, &["review", "--git", "HEAD~1", "no-such-dir"]),
        "no-such-dir does not exist in HEAD~1",
    );
    assert_exit_2(
        &run_in(dir, &["review", "--git", "HEAD~1..HEAD", "README.md"]),
        "holds no catalog",
    );
    assert_exit_2(
        &run_in(dir, &["review", "--git", "HEAD~1", "../outside"]),
        "outside the repository",
    );
    let plain = tempfile::tempdir().expect("temporary folder");
    assert_exit_2(
        &run_in(plain.path(), &["review", "--git", "HEAD"]),
        "--git needs a git repository",
    );
}

#[test]
fn bad_arguments_and_unreadable_paths_exit_2() {
    let v416 = descheduler("4.16");
    let p = v416.to_str().expect("UTF-8");
    assert_exit_2(&run(&["review", p]), "--to");
    assert_exit_2(
        &run(&["review", p, "--to", "no-such-catalog"]),
        "no-such-catalog",
    );
    assert_exit_2(
        &run(&["review", p, "--to", p, "--fail-on", "bogus"]),
        "bogus",
    );
    assert_exit_2(
        &run(&["review", p, "--to", p, "--fail-on", "none,error"]),
        "--fail-on none",
    );
    assert_exit_2(
        &run(&["review", p, "--to", "tests/fixtures/invalid/notes.txt"]),
        "holds no catalog",
    );
    assert_exit_2(&run(&["review", p, "--to", p, "--git", "HEAD"]), "--git");
}

#[test]
fn hostile_names_stay_inert() {
    let out = run(&[
        "review",
        "../core/tests/fixtures/export/xss.yaml",
        "--to",
        "tests/fixtures/review/xss-next.yaml",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let mermaid = check_markdown(&text);
    assert_eq!(
        mermaid.len(),
        3,
        "stable, the removed and the added channel"
    );
    // The channel named like a closing tag is entity-escaped inside <summary>.
    assert!(text.contains("<code>]]&gt;&lt;/summary&gt;&lt;img src=x onerror=alert(5)&gt;</code>"));
    let json_out = run(&[
        "review",
        "../core/tests/fixtures/export/xss.yaml",
        "--to",
        "tests/fixtures/review/xss-next.yaml",
        "--format",
        "json",
    ]);
    let doc = json(&json_out);
    assert_eq!(
        doc["packages"][0]["bundles_modified"][0]["fields"][0],
        "image"
    );
}

#[test]
fn svg_per_changed_channel() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let out = run(&[
        "review",
        descheduler("4.16").to_str().expect("UTF-8"),
        "--to",
        descheduler("4.17").to_str().expect("UTF-8"),
        "--svg-dir",
        dir.path().to_str().expect("UTF-8"),
        "--fail-on",
        "none",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let svg = std::fs::read_to_string(dir.path().join(format!("{PACKAGE}-stable.svg")))
        .expect("the stable channel's SVG");
    assert!(svg.contains("<svg") && svg.contains("clusterkubedescheduleroperator.v5.1.4"));
    assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 1);
}

#[test]
fn a_large_change_stays_a_readable_comment() {
    // Community operators of OpenShift 4.12 (selected packages) against the whole 4.21 catalog:
    // dozens of packages added, removed and changed.
    let old = catalogs_dir().join("community-operators-prod/v4.12");
    let new = catalogs_dir().join("community-operators-prod/v4.21");
    let out = run(&[
        "review",
        old.to_str().expect("UTF-8"),
        "--to",
        new.to_str().expect("UTF-8"),
        "--fail-on",
        "none",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    check_markdown(&text);
    let doc = json(&run(&[
        "review",
        old.to_str().expect("UTF-8"),
        "--to",
        new.to_str().expect("UTF-8"),
        "--format",
        "json",
        "--fail-on",
        "none",
    ]));
    let packages = doc["packages"].as_array().expect("packages").len();
    assert!(packages >= 30, "{packages} changed packages");
    // Counts first: the verdict, the summary table, then one row per changed package.
    let first_section = text.find("\n### ").unwrap_or(text.len());
    assert!(text[..first_section].contains("| packages changed / added / removed |"));
    assert_eq!(
        text[..first_section]
            .lines()
            .filter(|l| l.starts_with("| `"))
            .count(),
        packages.min(100)
    );
}
