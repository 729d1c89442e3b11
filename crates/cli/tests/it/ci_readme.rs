//! The CI page's workflow, run: the commands of its GitHub Actions workflow and of its
//! pre-commit hooks, taken from `docs/ci.md` itself, in a scratch git repository whose
//! `catalog/` holds descheduler 4.16 on `origin/main` and 4.17 in the change. The review must
//! fail and list the 27 bundles 4.17 strands under OLM v0.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Output};

use crate::common::{self, descheduler_repo, manifest_dir, markdown_shape, ScratchRepo};

/// The file that holds the `## CI` section, relative to this crate's folder.
const CI_SOURCE: &str = "../../docs/ci.md";

/// The `## CI` section of [`CI_SOURCE`].
fn ci_section() -> String {
    let readme = std::fs::read_to_string(manifest_dir().join(CI_SOURCE)).expect(CI_SOURCE);
    let start = readme.find("\n## CI\n").expect("a CI section");
    let rest = &readme[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 3);
    rest[..end].to_string()
}

/// The ```yaml blocks of the section.
fn yaml_blocks(section: &str) -> Vec<String> {
    section
        .split("```yaml\n")
        .skip(1)
        .map(|b| b.split("\n```").next().expect("closed block").to_string())
        .collect()
}

/// The commands of every `run:` step (a one-line `run: cmd` or a `run: |` block).
fn run_steps(workflow: &str) -> Vec<String> {
    let lines: Vec<&str> = workflow.lines().collect();
    let mut steps = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(at) = line.find("run: ") else {
            continue;
        };
        let command = &line[at + "run: ".len()..];
        if command.trim() != "|" {
            steps.push(command.to_string());
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        let body: Vec<&str> = lines[i + 1..]
            .iter()
            .take_while(|l| l.len() - l.trim_start().len() > indent)
            .map(|l| l.trim())
            .collect();
        steps.push(body.join("\n"));
    }
    steps
}

/// The `entry:` of every pre-commit hook.
fn hook_entries(config: &str) -> Vec<String> {
    config
        .lines()
        .filter_map(|l| l.trim().strip_prefix("entry: "))
        .map(str::to_string)
        .collect()
}

/// Runs `script` with bash in `dir`, with `olm-graph` on PATH as the workflow would have it.
fn bash(dir: &Path, script: &str, github_output: &Path) -> Output {
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_olm-graph"))
        .parent()
        .expect("bin folder")
        .to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    Command::new("bash")
        .args(["-e", "-o", "pipefail", "-c", script])
        .current_dir(dir)
        .env("PATH", path)
        .env("CATALOG", "catalog")
        .env("GITHUB_OUTPUT", github_output)
        .output()
        .expect("bash runs")
}

fn stranded_names(report: &str) -> BTreeSet<String> {
    let heading = "**Stranded by this change under OLM v0 (";
    let start = report.find(heading).unwrap_or_else(|| panic!("{report}"));
    report[start..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with("- `"))
        .map(|l| l[3..].split('`').next().expect("name").to_string())
        .collect()
}

fn expected_stranded() -> BTreeSet<String> {
    let out = common::run(&[
        "diff",
        common::descheduler("4.16").to_str().expect("UTF-8"),
        "--to",
        common::descheduler("4.17").to_str().expect("UTF-8"),
        "-p",
        "cluster-kube-descheduler-operator",
        "--json",
    ]);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let names: BTreeSet<String> = doc["fates"]
        .as_array()
        .expect("records")
        .iter()
        .filter(|r| r["status"] == "stranded")
        .map(|r| r["bundle"].as_str().expect("name").to_string())
        .collect();
    assert_eq!(names.len(), 27);
    names
}

fn check_workflow_commands(text: &str) -> usize {
    let mut n = 0;
    for line in text.lines() {
        let rest = line
            .strip_prefix("::warning ")
            .or_else(|| line.strip_prefix("::error "))
            .unwrap_or_else(|| panic!("not a workflow command: {line}"));
        let (props, message) = rest.split_once("::").expect("properties::message");
        for key in ["file=catalog/", "line=", "col=", "title=olm-graph "] {
            assert!(props.contains(key), "{key} in {line}");
        }
        assert!(!message.is_empty());
        n += 1;
    }
    n
}

#[test]
fn the_github_workflow_fails_the_pull_request_and_posts_the_stranded_bundles() {
    let section = ci_section();
    let workflow = yaml_blocks(&section)
        .into_iter()
        .find(|b| b.contains("jobs:"))
        .expect("a workflow block");
    for must in [
        "pull_request:",
        "fetch-depth: 0",
        "cargo build --release",
        "GITHUB_PATH",
        "gh pr comment",
        "--body-file review.md",
        "if: steps.review.outputs.status != '0'",
    ] {
        assert!(workflow.contains(must), "the workflow has {must:?}");
    }
    let steps: Vec<String> = run_steps(&workflow)
        .into_iter()
        .filter(|s| s.contains("olm-graph lint") || s.contains("olm-graph review"))
        .collect();
    assert_eq!(steps.len(), 2, "{steps:?}");
    let repo = descheduler_repo();
    let output = repo.path().join("github-output");
    let review = steps.iter().find(|s| s.contains("review")).expect("review");
    assert!(review.contains("review --git origin/main"));
    let out = bash(repo.path(), review, &output);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let status = std::fs::read_to_string(&output).expect("GITHUB_OUTPUT");
    assert_eq!(status.trim(), "status=1", "the review fails the job");
    let report = std::fs::read_to_string(repo.path().join("review.md")).expect("review.md");
    assert!(report.starts_with("## olm-graph review: ❌ fails"));
    assert_eq!(stranded_names(&report), expected_stranded());
    assert!(markdown_shape(&report)
        .code_blocks
        .iter()
        .any(|(lang, _)| lang == "mermaid"));
    assert!(report.len() < 65_536, "fits a comment");
    let svgs = std::fs::read_dir(repo.path().join("review-svg")).expect("review-svg");
    assert_eq!(svgs.count(), 1);

    let lint = steps.iter().find(|s| s.contains("lint")).expect("lint");
    assert!(lint.contains("--format github"));
    let out = bash(repo.path(), lint, &output);
    assert!(out.status.success(), "4.17 has warnings, no errors");
    let annotations = check_workflow_commands(&String::from_utf8_lossy(&out.stdout));
    assert!(annotations >= 9, "{annotations} annotations");
}

#[test]
fn the_pre_commit_hooks_refuse_a_commit_that_strands_clusters() {
    let section = ci_section();
    let config = yaml_blocks(&section)
        .into_iter()
        .find(|b| b.contains("repos:"))
        .expect("a pre-commit block");
    assert!(config.contains("pass_filenames: false"));
    let entries = hook_entries(&config);
    assert_eq!(entries.len(), 2, "{entries:?}");
    // HEAD is 4.16; 4.17 is staged, as when `git commit` runs the hooks.
    let repo: ScratchRepo = descheduler_repo();
    repo.git(&["reset", "--soft", "HEAD~1"]);
    let output = repo.path().join("github-output");
    let lint = bash(repo.path(), &entries[0], &output);
    assert!(
        lint.status.success(),
        "{}",
        String::from_utf8_lossy(&lint.stdout)
    );
    let review = bash(repo.path(), &entries[1], &output);
    assert_eq!(review.status.code(), Some(1), "the hook refuses the commit");
    let text = String::from_utf8_lossy(&review.stdout);
    assert_eq!(stranded_names(&text), expected_stranded());
    // Once committed, the next commit has nothing to review.
    repo.commit("4.17");
    let again = bash(repo.path(), &entries[1], &output);
    assert_eq!(again.status.code(), Some(0));
}
