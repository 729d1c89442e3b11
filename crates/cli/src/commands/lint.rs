//! `olm-graph lint`: validate like `opm validate` and add curator lints. The findings as opm's
//! error tree and the warnings (text), as JSON, as GitHub workflow commands (annotations on the
//! diff lines), as SARIF 2.1.0 (code scanning), or as a Markdown summary. File names are relative
//! to the working directory, as both GitHub formats expect.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use olm_graph_core::diag::Rule;
use olm_graph_core::model::{Catalog, FileFormat};
use olm_graph_core::review::markdown::cell_code;
use olm_graph_core::review::markdown_escape;
use olm_graph_core::text::plural;
use olm_graph_core::validate::{lint_catalog, render_tree};
use olm_graph_core::{Diagnostic, Severity};

use crate::annotate::{full_message, github_findings, relative_path, sarif_findings};
use crate::args::{LintArgs, LintFormat};
use crate::error::{CliError, CmdResult, ExitStatus};
use crate::input::{load_plain_with_crds, load_with_crds};
use crate::output::{out, print_json, write_stdout};

/// Runs `lint`: exit 1 when there is an error finding. `--json` and `--format json` print the
/// JSON findings and `text` (the default) opm's error tree, as [`text_or_json`] does; the other
/// formats are written here.
///
/// # Complexity
/// What [`lint_catalog`] costs, then O(F) for F findings.
pub fn run(args: LintArgs) -> CmdResult {
    type Writer = fn(&[Diagnostic], &Catalog, &Path) -> Result<String, CliError>;
    let format = args.format;
    // clap refuses --json together with --format.
    let write: Writer = match format {
        None => return text_or_json(&args, args.json),
        Some(LintFormat::Text) => return text_or_json(&args, false),
        Some(LintFormat::Json) => return text_or_json(&args, true),
        Some(LintFormat::Github) => {
            |findings, _, cwd| Ok(github_findings(findings, |f| relative_path(f, cwd)))
        }
        Some(LintFormat::Sarif) => |findings, _, cwd| sarif_findings(findings, cwd),
        Some(LintFormat::Markdown) => |findings, catalog, cwd| Ok(markdown(findings, catalog, cwd)),
    };
    // With the bundles' CRDs, an upgrade OLM v1 refuses is a finding (`crd.upgrade-unsafe`).
    let catalog = load_plain_with_crds(&args.paths)?;
    let findings = lint_catalog(&catalog);
    let cwd = std::env::current_dir().unwrap_or_default();
    write_stdout(&write(&findings, &catalog, &cwd)?);
    let errors = findings.iter().filter(|d| d.is_error()).count();
    if format == Some(LintFormat::Github) {
        let warnings = findings
            .iter()
            .filter(|d| d.severity == Severity::Warning)
            .count();
        eprintln!(
            "olm-graph lint: {}, {}",
            plural(errors, "error", "errors"),
            plural(warnings, "warning", "warnings")
        );
    }
    Ok(exit_status(errors))
}

/// Exit 1 when there are errors, 0 otherwise.
fn exit_status(errors: usize) -> ExitStatus {
    ExitStatus::failure_if(errors > 0)
}

/// The text format (opm's error tree, the warnings, the counts) or the JSON findings; this
/// loader also gives the split-catalog hint.
///
/// # Complexity
/// What [`lint_catalog`] costs, then O(F) for F findings.
fn text_or_json(args: &LintArgs, json: bool) -> CmdResult {
    let catalog = load_with_crds(&args.paths)?;
    let findings = lint_catalog(&catalog);
    let errors = findings.iter().filter(|d| d.is_error()).count();
    if json {
        print_json(&findings)?;
        return Ok(exit_status(errors));
    }
    let tree = render_tree(&findings);
    if !tree.is_empty() {
        out!("{}", tree.trim_end());
    }
    for d in findings.iter().filter(|d| d.severity == Severity::Warning) {
        out!("{d}");
    }
    let warnings = findings
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .count();
    let skipped = catalog
        .files
        .iter()
        .filter(|f| f.format == FileFormat::Skipped)
        .count();
    out!(
        "{} packages, {} files read ({} skipped): {errors} errors, {warnings} warnings",
        catalog.packages.len(),
        catalog.files.len() - skipped,
        skipped
    );
    Ok(exit_status(errors))
}

/// Counts first (by severity, then by rule), then every error and warning.
fn markdown(findings: &[Diagnostic], catalog: &Catalog, cwd: &Path) -> String {
    const LIMIT: usize = 200;
    let shown: Vec<&Diagnostic> = findings
        .iter()
        .filter(|d| d.severity != Severity::Info)
        .collect();
    let errors = shown.iter().filter(|d| d.is_error()).count();
    let warnings = shown.len() - errors;
    let skipped = catalog
        .files
        .iter()
        .filter(|f| f.format == FileFormat::Skipped)
        .count();
    let mut out = format!(
        "## olm-graph lint: {} {}, {}\n\n{}, {} read ({skipped} skipped).\n",
        if errors > 0 { "❌" } else { "✅" },
        plural(errors, "error", "errors"),
        plural(warnings, "warning", "warnings"),
        plural(catalog.packages.len(), "package", "packages"),
        plural(catalog.files.len() - skipped, "file", "files"),
    );
    let mut by_rule: BTreeMap<(Severity, &str), usize> = BTreeMap::new();
    for d in &shown {
        *by_rule.entry((d.severity, d.code.as_ref())).or_default() += 1;
    }
    if !by_rule.is_empty() {
        out.push_str("\n| rule | severity | count | what it checks |\n|---|---|---:|---|\n");
        for ((severity, id), n) in &by_rule {
            let what = Rule::from_code(id).map_or("", Rule::summary);
            let _ = writeln!(
                out,
                "| {} | {severity} | {n} | {} |",
                cell_code(id),
                markdown_escape(what)
            );
        }
        out.push_str("\n| severity | rule | where | message |\n|---|---|---|---|\n");
    }
    for d in shown.iter().take(LIMIT) {
        let place = d
            .location
            .as_ref()
            .map(|l| {
                let mut l = l.clone();
                l.file = relative_path(&l.file, cwd);
                cell_code(&l.to_string())
            })
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "| {} | {} | {place} | {} |",
            d.severity,
            cell_code(&d.code),
            markdown_escape(&full_message(d))
        );
    }
    if shown.len() > LIMIT {
        let _ = writeln!(
            out,
            "\n_… and {} more findings (`--format json` lists all)._",
            shown.len() - LIMIT
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::annotate::{escape_data, escape_property, uri_reference};

    #[test]
    fn paths_are_relative_to_the_working_directory() {
        let cwd = Path::new("/work/repo");
        assert_eq!(
            relative_path("/work/repo/catalog/a.yaml", cwd),
            "catalog/a.yaml"
        );
        assert_eq!(
            relative_path("./catalog/../catalog/a.yaml", cwd),
            "catalog/a.yaml"
        );
        assert_eq!(relative_path("/work/other/a.yaml", cwd), "../other/a.yaml");
        assert_eq!(relative_path("../shared/x.json", cwd), "../shared/x.json");
    }

    #[test]
    fn workflow_command_escaping() {
        assert_eq!(escape_data("50%\r\nok: a,b"), "50%25%0D%0Aok: a,b");
        assert_eq!(escape_property("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
    }

    #[test]
    fn uris_encode_what_is_not_unreserved() {
        assert_eq!(uri_reference("a b/ü#1.yaml"), "a%20b/%C3%BC%231.yaml");
    }
}
