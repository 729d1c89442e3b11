//! `olm-graph preflight`: the checks a publishing pipeline runs, computed by core's
//! [`preflight`](olm_graph_core::preflight) (docs/preflight.md), printed as a table, as JSON,
//! as GitHub workflow commands, as SARIF 2.1.0 (one rule per check) or as Markdown.

use std::path::{Path, PathBuf};

use olm_graph_core::model::Catalog;
use olm_graph_core::preflight::{self, Check, Outcome, Report};
use serde_sarif::sarif;

use crate::annotate::{relative_path, sarif_log, uri_reference};
use crate::args::{PreflightArgs, PreflightFormat};
use crate::error::{usage, CliError, CmdResult, ExitStatus};
use crate::input::{load_keeping_files, load_plain};
use crate::output::{json_text, write_stdout};
use crate::preflight_report::{github, markdown, table};

/// Runs `preflight`: exit 1 when a check fails, 2 when `--target-index` is given to a pipeline
/// other than Konflux, `--ocp` is no OpenShift version or a path cannot be read.
///
/// # Complexity
/// Loading, then what [`preflight::run_with_options`] costs, then O(M) for M messages.
pub fn run(args: PreflightArgs) -> CmdResult {
    if !args.target_index.is_empty() && args.pipeline != preflight::Pipeline::Konflux {
        return Err(usage(format!(
            "--target-index is the input of Konflux's pruning check: it goes with --pipeline konflux, not {}",
            args.pipeline
        )));
    }
    let ocp = match args.ocp.as_deref() {
        None => None,
        Some(v) => Some(
            olm_graph_core::openshift::OpenShiftVersion::parse(v).ok_or_else(|| {
                usage(format!(
                    "--ocp {v:?}: not an OpenShift version such as 4.17"
                ))
            })?,
        ),
    };
    // A path with no name of its own (`.`) is read by its real name: the file checks take the
    // operator's name from its directory.
    let paths: Vec<PathBuf> = args
        .paths
        .iter()
        .map(|p| match p.file_name() {
            None => std::fs::canonicalize(p).unwrap_or_else(|_| p.clone()),
            Some(_) => p.clone(),
        })
        .collect();
    let (catalog, files) = load_keeping_files(&paths)?;
    let targets = args
        .target_index
        .iter()
        .map(|p| load_plain(std::slice::from_ref(p)))
        .collect::<Result<Vec<Catalog>, CliError>>()?;
    let options = preflight::Options { ocp };
    let report = preflight::run_with_options(args.pipeline, &catalog, &files, &targets, &options);
    let cwd = std::env::current_dir().unwrap_or_default();
    let text = match args.format {
        PreflightFormat::Text => table(&report),
        PreflightFormat::Json => json_text(&report)?,
        PreflightFormat::Github => github(&report, &catalog, &|f| relative_path(f, &cwd)),
        PreflightFormat::Sarif => sarif(&report, &args.paths, &cwd)?,
        PreflightFormat::Markdown => markdown(&report),
    };
    write_stdout(&text);
    if args.format == PreflightFormat::Github {
        eprintln!("olm-graph preflight: {}", report.counts());
    }
    Ok(ExitStatus::failure_if(report.failed()))
}

/// The checked input, as the location of every result.
fn input_location(paths: &[PathBuf], cwd: &Path) -> Option<sarif::Location> {
    let path = paths.first()?.to_string_lossy().into_owned();
    let artifact = sarif::ArtifactLocation::builder()
        .uri(uri_reference(&relative_path(&path, cwd)))
        .build();
    let physical = sarif::PhysicalLocation::builder()
        .artifact_location(artifact)
        .build();
    let mut loc = sarif::Location::builder().build();
    loc.physical_location = Some(physical);
    Some(loc)
}

/// A check's results: one per message (a skipped check's reason is `notApplicable`), or one
/// `pass` without a message.
fn sarif_results(c: &Check, index: i64, location: Option<&sarif::Location>) -> Vec<sarif::Result> {
    let (level, kind) = match c.result {
        Outcome::Fail => (sarif::ResultLevel::Error, sarif::ResultKind::Fail),
        Outcome::Warn => (sarif::ResultLevel::Warning, sarif::ResultKind::Fail),
        Outcome::Pass => (sarif::ResultLevel::None, sarif::ResultKind::Pass),
        Outcome::Skip => (sarif::ResultLevel::None, sarif::ResultKind::NotApplicable),
    };
    let passed = ["passed".to_string()];
    let messages: &[String] = if c.messages.is_empty() {
        &passed
    } else {
        &c.messages
    };
    messages
        .iter()
        .map(|m| {
            let mut r = sarif::Result::builder()
                .rule_id(c.name.clone())
                .rule_index(index)
                .level(level)
                .message(sarif::Message::builder().text(m.clone()).build())
                .build();
            r.kind = Some(kind.clone());
            r.locations = location.map(|l| vec![l.clone()]);
            r
        })
        .collect()
}

/// The report as one SARIF 2.1.0 run: the rule ids are the check names.
fn sarif(report: &Report, paths: &[PathBuf], cwd: &Path) -> Result<String, CliError> {
    let location = input_location(paths, cwd);
    let mut rules = Vec::new();
    let mut results = Vec::new();
    for (i, c) in report.checks.iter().enumerate() {
        let what = format!("{} pipeline check {}", report.pipeline, c.name);
        rules.push(
            sarif::ReportingDescriptor::builder()
                .id(c.name.clone())
                .name(c.name.clone())
                .short_description(
                    sarif::MultiformatMessageString::builder()
                        .text(what)
                        .build(),
                )
                .build(),
        );
        let index = i64::try_from(i).unwrap_or(0);
        results.extend(sarif_results(c, index, location.as_ref()));
    }
    sarif_log(rules, results)
}
