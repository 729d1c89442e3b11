//! `olm-graph lifecycle`: each bundle of a package with its support phase, phase end, end of
//! life and platform compatibility from the catalog's lifecycle blobs
//! (`io.openshift.operators.lifecycles.v1alpha1`), and the `lifecycle.*` findings.
//!
//! Exit status: 0, 1 when the catalog itself has errors (the package's or loading ones), 2 for
//! input that cannot be read or a bad argument (a date that is not a day, a platform that is
//! not MAJOR.MINOR).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use clap::Args;
use olm_graph_core::diag::{Diagnostic, Severity};
use olm_graph_core::model::{Catalog, Package};
use olm_graph_core::support::{is_major_minor, AsOf, BundleSupport, Date, PackageLifecycle};
use olm_graph_core::validate::lint_catalog;
use serde::Serialize;

use crate::commands::{load, CliError, CmdResult};
use crate::format::write_stdout;

/// Arguments of `olm-graph lifecycle`.
#[derive(Args, Debug)]
pub struct LifecycleArgs {
    /// Catalog files or directories, the lifecycle blobs among them (`-` reads stdin).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    #[arg(long, short)]
    pub package: String,
    /// The day to judge support on (default: today, UTC).
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = parse_date)]
    pub as_of: Option<Date>,
    /// The OpenShift version to check compatibility with.
    #[arg(long, value_name = "MAJOR.MINOR", value_parser = parse_platform)]
    pub platform: Option<String>,
    /// One JSON document instead of a table per channel.
    #[arg(long)]
    pub json: bool,
}

/// A `--as-of` day.
pub fn parse_date(text: &str) -> Result<Date, String> {
    text.parse::<Date>().map_err(|e| e.to_string())
}

/// A `--platform` version.
pub fn parse_platform(text: &str) -> Result<String, String> {
    if is_major_minor(text) {
        Ok(text.to_string())
    } else {
        Err(format!("{text:?} is not MAJOR.MINOR (for example 4.20)"))
    }
}

/// Today in UTC, from the system clock (1970-01-01 if the clock is before it).
pub fn today() -> Date {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    Date::from_days_since_epoch(days).unwrap_or(Date::EPOCH)
}

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
    let Some(pkg) = catalog.package(&args.package) else {
        let msg = format!("package {:?} not found in the catalog", args.package);
        return Err(CliError::Usage(msg));
    };
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
        let text = serde_json::to_string_pretty(&report).unwrap_or_default();
        write_stdout(&format!("{text}\n"));
    } else {
        write_stdout(&tables(pkg, &rows, &as_of, &findings));
    }
    let failed = findings.iter().any(|d| d.severity == Severity::Error);
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
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
        .filter(|d| d.package.as_deref().is_none_or(|p| p == package))
        .filter(|d| is_lifecycle(d) || d.severity == Severity::Error)
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

fn or_dash<T: ToString>(v: Option<T>) -> String {
    v.map_or_else(|| "-".to_string(), |v| v.to_string())
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
