//! `olm-graph lifecycle`: each bundle of a package with its support phase, phase end, end of
//! life and platform compatibility from the catalog's lifecycle blobs
//! (`io.openshift.operators.lifecycles.v1alpha1`), and the `lifecycle.*` findings.
//!
//! Exit status: 0, 1 when the catalog itself has errors (the package's or loading ones), 2 for
//! input that cannot be read or a bad argument (a date that is not a day, a platform that is
//! not MAJOR.MINOR).

use std::fmt::Write as _;

use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use olm_graph_core::diag::{Diagnostic, Severity};
use olm_graph_core::infer::bundle_version;
use olm_graph_core::model::{Catalog, Package};
use olm_graph_core::plan::{
    plan_route_supported, plan_support, Plan, PlanError, PlanOptions, Preference, StopSupport,
    Target,
};
use olm_graph_core::support::{AsOf, BundleSupport, Date, LifecycleBlob, PackageLifecycle};
use olm_graph_core::validate::lint_catalog;
use serde::Serialize;

use crate::args::{LifecycleArgs, PlanSupportArgs};
use crate::error::{CliError, CmdResult};
use crate::input::load;
use crate::output::write_stdout;

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

/// The lifecycle data and question of one `plan`.
pub struct PlanSupport {
    prefer: Preference,
    asked: bool,
    as_of: AsOf,
    blobs: Vec<LifecycleBlob>,
}

impl PlanSupport {
    /// The blobs of `catalogs` and of the `--lifecycle` paths.
    pub fn read(
        args: &PlanSupportArgs,
        prefer: Preference,
        catalogs: &[&Catalog],
    ) -> Result<PlanSupport, CliError> {
        let mut blobs: Vec<LifecycleBlob> = catalogs
            .iter()
            .flat_map(|c| c.lifecycles.iter().cloned())
            .collect();
        if !args.lifecycle.is_empty() {
            blobs.extend(load(&args.lifecycle)?.lifecycles);
        }
        Ok(PlanSupport {
            prefer,
            asked: args.asked(prefer),
            as_of: AsOf {
                date: args.as_of.unwrap_or_else(today),
                platform: args.platform.clone(),
            },
            blobs,
        })
    }

    /// The route (under `--prefer supported`, [`plan_route_supported`]) and its stops' facts
    /// (none when nothing was asked).
    pub fn plan(
        &self,
        pkg: &Package,
        from: &str,
        target: &Target,
        options: &PlanOptions,
        route: fn(&Package, &str, &Target, &PlanOptions) -> Result<Plan, PlanError>,
    ) -> Result<(Plan, Vec<StopSupport>), CliError> {
        let lifecycle = PackageLifecycle::of(&self.blobs, &pkg.name);
        let usage = |e: PlanError| CliError::Usage(e.to_string());
        if self.prefer == Preference::Supported {
            return plan_route_supported(pkg, from, target, options, &lifecycle, &self.as_of)
                .map_err(usage);
        }
        let plan = route(pkg, from, target, options).map_err(usage)?;
        if !self.asked {
            return Ok((plan, Vec::new()));
        }
        let version_of = |_: Option<&str>, b: &str| bundle_version(pkg, b).map(|v| v.0);
        let support = plan_support(&plan, &lifecycle, &self.as_of, &version_of);
        Ok((plan, support))
    }

    /// The facts of a series plan's stops, each bundle's version read in its platform's
    /// catalog.
    pub fn series(&self, plan: &Plan, catalogs: &[(String, Catalog)]) -> Vec<StopSupport> {
        if !self.asked {
            return Vec::new();
        }
        let lifecycle = PackageLifecycle::of(&self.blobs, &plan.package);
        let version_of = |platform: Option<&str>, b: &str| {
            let (_, c) = catalogs
                .iter()
                .find(|(l, _)| Some(l.as_str()) == platform)?;
            bundle_version(c.package(&plan.package)?, b).map(|v| v.0)
        };
        plan_support(plan, &lifecycle, &self.as_of, &version_of)
    }
}

/// A plan document with `support` after its own fields (when asked).
#[derive(Serialize)]
pub struct WithSupport<'a, D: Serialize> {
    #[serde(flatten)]
    doc: &'a D,
    #[serde(skip_serializing_if = "Option::is_none")]
    support: Option<&'a [StopSupport]>,
}

/// The plan document with `support` added (when asked).
pub fn with_support<'a, D: Serialize>(
    doc: &'a D,
    support: Option<&'a [StopSupport]>,
) -> WithSupport<'a, D> {
    WithSupport { doc, support }
}

/// The stops' facts as text lines under a plan.
pub fn support_text(support: &[StopSupport]) -> String {
    let mut out = String::from("  support:\n");
    if support.is_empty() {
        out += "    (no route)\n";
    }
    for s in support {
        let f = &s.facts;
        let phase = match (&f.phase, f.phase_ends) {
            (Some(p), Some(end)) => format!("{p} until {end}"),
            (Some(p), None) => p.clone(),
            (None, _) => "no phase".to_string(),
        };
        let on = |platform: &Option<String>, c: Option<bool>| match (platform, c) {
            (Some(p), Some(true)) => format!(", runs on {p}"),
            (Some(p), Some(false)) => format!(", NOT listed for {p}"),
            (Some(p), None) => format!(", no data for {p}"),
            (None, _) => String::new(),
        };
        let _ = writeln!(
            out,
            "    {}. {} {} (stream {}): {phase}{}{}{}",
            s.step,
            s.role,
            f.bundle,
            or_dash(f.stream.as_deref()),
            on(&s.platform, f.compatible),
            on(&s.next_platform, s.compatible_with_next),
            if s.unsupported() {
                "  [unsupported]"
            } else {
                ""
            },
        );
    }
    out
}
