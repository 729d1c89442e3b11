//! `olm-graph lifecycle`: each bundle of a package with its support phase, phase end, end of
//! life and platform compatibility from the catalog's lifecycle blobs
//! (`io.openshift.operators.lifecycles.v1alpha1`), and the `lifecycle.*` findings.
//!
//! Exit status: 0, 1 when the catalog itself has errors (the package's or loading ones), 2 for
//! input that cannot be read or a bad argument (a date that is not a day, a platform that is
//! not MAJOR.MINOR).

use std::fmt::Write as _;

use olm_graph_core::diag::{Diagnostic, Severity};
use olm_graph_core::model::{Catalog, Package};
use olm_graph_core::support::{AsOf, BundleSupport, Date, PackageLifecycle};
use olm_graph_core::validate::lint_catalog;
use serde::Serialize;

use crate::args::LifecycleArgs;
use crate::clock::today;
use crate::error::{CmdResult, ExitStatus};
use crate::input::{self, load};
use crate::output::{or_dash, print_json, write_stdout};

/// A finding as `lifecycle --json` writes it.
#[derive(Serialize)]
struct Finding<'a> {
    code: &'a str,
    severity: String,
    message: &'a str,
    file: Option<&'a str>,
    line: Option<usize>,
    field: Option<&'a str>,
}

/// The `lifecycle --json` document.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Report<'a> {
    package: &'a str,
    as_of: Date,
    platform: Option<&'a str>,
    bundles: &'a [BundleSupport],
    findings: Vec<Finding<'a>>,
}

/// Runs `olm-graph lifecycle`.
pub fn run(args: LifecycleArgs) -> CmdResult {
    let catalog = load(&args.paths)?;
    let pkg = input::package(&catalog, &args.package)?;
    let as_of = AsOf {
        date: args.as_of.unwrap_or_else(today),
        platform: args.platform.clone(),
    };
    let rows = PackageLifecycle::of(&catalog.lifecycles, &pkg.name).package(pkg, &as_of);
    let findings = package_findings(&catalog, &pkg.name);
    if args.json {
        let report = Report {
            package: &pkg.name,
            as_of: as_of.date,
            platform: as_of.platform.as_deref(),
            bundles: &rows,
            findings: findings
                .iter()
                .filter(|d| is_lifecycle(d))
                .map(finding)
                .collect(),
        };
        print_json(&report)?;
    } else {
        write_stdout(&tables(pkg, &rows, &as_of, &findings));
    }
    let failed = findings.iter().any(|d| d.severity == Severity::Error);
    Ok(if failed {
        ExitStatus::Failure
    } else {
        ExitStatus::Success
    })
}

fn is_lifecycle(d: &Diagnostic) -> bool {
    d.code.starts_with("lifecycle.")
}

/// The findings that concern `package`: its own and those of no package (loading).
///
/// # Complexity
/// As [`lint_catalog`].
fn package_findings(catalog: &Catalog, package: &str) -> Vec<Diagnostic> {
    lint_catalog(catalog)
        .into_iter()
        .filter(|d| match d.package.as_deref() {
            Some(p) => p == package && (is_lifecycle(d) || d.severity == Severity::Error),
            None => d.severity == Severity::Error,
        })
        .collect()
}

fn finding(d: &Diagnostic) -> Finding<'_> {
    Finding {
        code: &d.code,
        severity: d.severity.to_string(),
        message: &d.message,
        file: d.location.as_ref().map(|l| l.file.as_str()),
        line: d.location.as_ref().and_then(|l| l.line),
        field: d.field.as_deref(),
    }
}

/// One table per channel (entries in channel order), then the findings.
///
/// # Complexity
/// O(E + B) for E channel entries and B bundles (rows are looked up by bundle index).
fn tables(pkg: &Package, rows: &[BundleSupport], as_of: &AsOf, findings: &[Diagnostic]) -> String {
    let mut out = String::new();
    let platform = as_of.platform.as_deref().unwrap_or("(none)");
    let _ = writeln!(
        out,
        "package {}, as of {}, platform {platform}",
        pkg.name, as_of.date
    );
    for channel in &pkg.channels {
        let _ = writeln!(out, "\nchannel {}", channel.name);
        let _ = writeln!(
            out,
            "  {:<40} {:<8} {:<22} {:<11} {:<11} compatible",
            "bundle", "stream", "phase", "phase ends", "end of life"
        );
        for entry in &channel.entries {
            let Some(r) = pkg.bundle_index(&entry.name).map(|i| &rows[i]) else {
                continue;
            };
            let _ = writeln!(
                out,
                "  {:<40} {:<8} {:<22} {:<11} {:<11} {}",
                r.bundle,
                or_dash(r.stream.as_deref()),
                or_dash(r.phase.as_deref()),
                or_dash(r.phase_ends),
                or_dash(r.end_of_life),
                or_dash(r.compatible.map(|c| if c { "yes" } else { "no" })),
            );
        }
    }
    if !findings.is_empty() {
        let _ = writeln!(out, "\nfindings");
        for d in findings {
            let _ = writeln!(out, "  {d}");
        }
    }
    out
}
