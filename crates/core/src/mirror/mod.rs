//! What oc-mirror v2 keeps of a catalog under an ImageSetConfiguration, and who the cut leaves
//! behind ([spec/mirror.md](../../../../docs/spec/mirror.md)).
//!
//! - `config`: the ImageSetConfiguration's `mirror.operators` stanza, read within the loader's
//!   limits (§1);
//! - `validate`: oc-mirror's validation with its messages (§2);
//! - `walk` and `filter`: the filter, one package at a time (§3–4);
//! - `stranded`: bundles of a source channel from which the kept channel offers no OLM v0 path
//!   to its head, with the smallest range change that gives one (§5);
//! - `write`: the kept catalog as FBC;
//! - `marks`: what the cut marks on a drawn channel (kept, required, dropped, stranded, the new
//!   head) and the channels it drops, for the app;
//! - `edit`: a range set in the configuration, and the configuration written back;
//! - `config_from`: the smallest configuration that keeps what a cluster state runs (§7).
//!
//! Sits above `resolve` (stranded bundles are found with its v0 next hop) and `change` (the
//! FBC writer's deprecations object); `config_from` reads `cluster`'s verdicts, beside it.

mod config;
mod config_from;
mod edit;
mod filter;
mod marks;
mod stranded;
mod validate;
mod walk;
mod write;

use std::collections::HashMap;

use serde::Serialize;

pub use config::{
    looks_like_isc, read_config, ChannelFilter, MirrorConfig, OperatorEntry, PackageFilter,
    API_VERSIONS,
};
pub use config_from::{
    config_from_state, CatalogPlan, ChannelPlan, PackagePlan, Served, StateCatalog,
    StateMirrorConfig, Unserved, WRITTEN_API_VERSION,
};
pub use edit::{operators_yaml, set_bound, write_config, Bound};
pub use filter::{cut_package, keep_in_range, range_text, ChannelCut, PackageCut, Scope};
pub use marks::{channel_marks, dropped_channels, BundleMark, ChannelMarks, Cut};
pub use stranded::{stranded_in_package, Change, Stranded};
pub use validate::{aggregate, validate_config, validate_entry, ConfigError};
pub use write::write_kept;

use crate::diag::{Diagnostic, Rule};
use crate::model::{Catalog, Package};

/// A finding of the cut about one package (`package` unset for a catalog-wide one).
///
/// # Complexity
/// O(length of the message).
pub fn package_message(rule: Rule, package: &str, message: String) -> Diagnostic {
    let d = Diagnostic::new(rule.severity(), rule, message);
    if package.is_empty() {
        d
    } else {
        d.package(package)
    }
}

/// A validation error of the configuration as the report states it (`mirror.config`).
///
/// # Complexity
/// O(length of the message).
pub fn config_error(e: ConfigError) -> Diagnostic {
    package_message(
        Rule::MirrorConfig,
        &e.package,
        format!("invalid configuration: {}", e.message),
    )
}

/// Findings as `mirror --json` prints them: `package` (empty for a catalog-wide one) and
/// `message`.
fn package_messages<S: serde::Serializer>(list: &[Diagnostic], s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct PackageMessage<'a> {
        package: &'a str,
        message: &'a str,
    }
    s.collect_seq(list.iter().map(|d| PackageMessage {
        package: d.package.as_deref().unwrap_or_default(),
        message: &d.message,
    }))
}

/// A kept channel as `mirror --json` prints it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KeptChannel {
    /// The channel's name.
    pub name: String,
    /// The kept channel's head.
    pub head: String,
    /// Kept bundle names, sorted.
    pub bundles: Vec<String>,
}

/// A kept package as `mirror --json` prints it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KeptPackage {
    /// The package's name.
    pub name: String,
    /// The kept package's default channel (the configuration's `defaultChannel`, else the
    /// catalog's).
    #[serde(rename = "defaultChannel")]
    pub default_channel: Option<String>,
    /// Every kept channel.
    pub channels: Vec<KeptChannel>,
}

/// What the mirror keeps of a catalog: the `mirror --json` document, plus (not printed) the
/// kept packages as model packages and each channel's cut.
#[derive(Debug, Clone, Serialize)]
pub struct MirrorReport {
    /// The `mirror.operators[]` entry's catalog reference.
    pub catalog: String,
    /// Every package kept.
    pub packages: Vec<KeptPackage>,
    /// Errors of the cut (`mirror.config`, `mirror.filter`, and opm's on the kept catalog).
    #[serde(serialize_with = "package_messages")]
    pub errors: Vec<Diagnostic>,
    /// Warnings of the cut (`mirror.cut`).
    #[serde(serialize_with = "package_messages")]
    pub warnings: Vec<Diagnostic>,
    /// Bundles left without an OLM v0 path to the kept head.
    pub stranded: Vec<Stranded>,
    /// The kept packages (channels with their kept entries, kept bundles, pruned deprecations).
    #[serde(skip)]
    pub kept: Vec<Package>,
    /// Per kept package (same order as `kept`), what happened to each kept channel.
    #[serde(skip)]
    pub cuts: Vec<Vec<ChannelCut>>,
}

/// Options of [`mirror_catalog`].
#[derive(Debug, Clone, Default)]
pub struct MirrorOptions {
    /// Limit the stranded bundles to these bundle names or versions (empty: every bundle).
    pub installed: Vec<String>,
}

/// The report for `entry` before any package is cut, and whether the entry is valid (when it
/// is not, the report holds its validation errors and is the whole answer).
fn started_report(entry: &OperatorEntry) -> (MirrorReport, bool) {
    let mut report = MirrorReport {
        catalog: entry.catalog.clone(),
        packages: Vec::new(),
        errors: Vec::new(),
        warnings: Vec::new(),
        stranded: Vec::new(),
        kept: Vec::new(),
        cuts: Vec::new(),
    };
    let invalid = validate_entry(entry);
    let valid = invalid.is_empty();
    if !valid {
        report.errors = invalid_errors(invalid);
    }
    (report, valid)
}

/// Cuts `catalog` as oc-mirror v2 would under `entry` (spec/mirror.md §2–4) and finds the
/// stranded bundles (§5). A package that fails to filter is reported in `errors` and left out;
/// the other packages are still cut (upstream would stop at the first error, §4.11).
///
/// # Complexity
/// O(P + C) for validation, then per package O(B + V + E) expected for its B bundles, V entries
/// and E edges, plus one OLM v0 hop per entry for the stranded bundles: linear in the catalog.
pub fn mirror_catalog(
    catalog: &Catalog,
    entry: &OperatorEntry,
    options: &MirrorOptions,
) -> MirrorReport {
    let (mut report, valid) = started_report(entry);
    if !valid {
        return report;
    }
    let repeated = repeated_entries(catalog);
    for (pkg, filter) in selected_packages(catalog, entry, &mut report.warnings) {
        mirror_one(pkg, filter, entry.full, options, &repeated, &mut report);
    }
    report
}

/// The entries the source catalog listed more than once in a channel, by package and channel:
/// the loader keeps the first and reports each repeat (field `entries`), and oc-mirror's filter
/// refuses the channel for it (spec/mirror.md §4.5).
///
/// # Complexity
/// O(D) for D diagnostics of the catalog.
fn repeated_entries(catalog: &Catalog) -> HashMap<(String, String), Vec<String>> {
    let mut out: HashMap<(String, String), Vec<String>> = HashMap::new();
    for d in &catalog.diagnostics {
        let repeat =
            d.field.as_deref() == Some("entries") && d.message.contains(": duplicate entry ");
        if let (true, Some(p), Some(c), Some(b)) = (repeat, &d.package, &d.channel, &d.bundle) {
            out.entry((p.clone(), c.clone()))
                .or_default()
                .push(b.clone());
        }
    }
    out
}

/// Cuts one package into `report` (spec/mirror.md §3–5): its kept channels and stranded
/// bundles, or its error; its warnings either way.
///
/// # Complexity
/// O(B + V + E) expected for the package's B bundles, V entries and E edges, plus one OLM v0
/// hop per entry.
fn mirror_one(
    pkg: &Package,
    filter: Option<&PackageFilter>,
    full: bool,
    options: &MirrorOptions,
    repeated: &HashMap<(String, String), Vec<String>>,
    report: &mut MirrorReport,
) {
    let mut warn = Vec::new();
    let in_channel = |channel: &str| -> &[String] {
        repeated
            .get(&(pkg.name.clone(), channel.to_string()))
            .map_or(&[], Vec::as_slice)
    };
    let result = filter::cut_package_with(pkg, filter, full, &in_channel, &mut warn);
    let msg = |rule, message| package_message(rule, &pkg.name, message);
    report
        .warnings
        .extend(warn.into_iter().map(|m| msg(Rule::MirrorCut, m)));
    match result {
        Ok(cut) => {
            report.stranded.extend(stranded_in_package(
                pkg,
                &cut.kept,
                &cut.channels,
                &options.installed,
            ));
            report.packages.push(kept_package(&cut));
            report.kept.push(cut.kept);
            report.cuts.push(cut.channels);
        }
        Err(message) => report.errors.push(msg(Rule::MirrorFilter, message)),
    }
}

/// [`mirror_catalog`] for one package of the catalog only: what the app redraws on each edit.
/// The entry is validated whole (spec/mirror.md §2); a package the entry does not select
/// (another is listed) is absent from the report, with no error.
///
/// # Complexity
/// O(P + C) for validating the entry, O(log P') to find the package, then the package's cost
/// as in [`mirror_catalog`]: linear in the package, not the catalog.
pub fn mirror_package(
    catalog: &Catalog,
    entry: &OperatorEntry,
    package: &str,
    options: &MirrorOptions,
) -> MirrorReport {
    let (mut report, valid) = started_report(entry);
    if !valid {
        return report;
    }
    let Some(pkg) = catalog.package(package) else {
        return report;
    };
    let filter = entry.packages.iter().find(|f| f.name == package);
    if filter.is_none() && !entry.packages.is_empty() {
        return report;
    }
    let repeated = repeated_entries(catalog);
    mirror_one(pkg, filter, entry.full, options, &repeated, &mut report);
    report
}

/// Validation errors as the report states them.
fn invalid_errors(invalid: Vec<ConfigError>) -> Vec<Diagnostic> {
    invalid.into_iter().map(config_error).collect()
}

/// The packages the entry asks for, each with its filter (`None`: no package listed, every
/// package heads only or, with `full`, whole). A listed package the catalog lacks is a warning.
///
/// # Complexity
/// O(P log P') for P listed packages and P' catalog packages.
fn selected_packages<'c>(
    catalog: &'c Catalog,
    entry: &'c OperatorEntry,
    warnings: &mut Vec<Diagnostic>,
) -> Vec<(&'c Package, Option<&'c PackageFilter>)> {
    if entry.packages.is_empty() {
        return catalog.packages.iter().map(|p| (p, None)).collect();
    }
    let mut out = Vec::new();
    for f in &entry.packages {
        match catalog.package(&f.name) {
            Some(p) => out.push((p, Some(f))),
            None => warnings.push(package_message(
                Rule::MirrorCut,
                &f.name,
                format!(
                    "package {:?} is not in the catalog: nothing of it is mirrored",
                    f.name
                ),
            )),
        }
    }
    out
}

/// The kept package as `--json` prints it.
///
/// # Complexity
/// O(K) for K kept bundle names (cloned).
fn kept_package(cut: &PackageCut) -> KeptPackage {
    KeptPackage {
        name: cut.kept.name.clone(),
        default_channel: cut.kept.default_channel.clone(),
        channels: cut
            .channels
            .iter()
            .map(|c| KeptChannel {
                name: c.name.clone(),
                head: c.head.clone(),
                bundles: c.bundles.clone(),
            })
            .collect(),
    }
}

/// opm's errors on the kept catalog as findings of the cut, with opm's message: an error,
/// except a kept channel entry whose `olm.bundle` the source catalog lacks too (`no olm.bundle
/// blobs found ...`): oc-mirror keeps the names its filter chose, copies the bundles it finds and
/// does not check the result with opm's rules, so it keeps the package; that is a warning
/// (spec/mirror.md §4.9).
///
/// # Complexity
/// O(D) for D diagnostics.
pub fn add_opm_findings<'d>(
    report: &mut MirrorReport,
    diagnostics: impl IntoIterator<Item = &'d Diagnostic>,
) {
    for d in diagnostics.into_iter().filter(|d| d.is_error()) {
        let m = Diagnostic {
            message: format!("opm: {}", d.message),
            ..d.clone()
        };
        if d.message
            .starts_with("no olm.bundle blobs found in package ")
        {
            report.warnings.push(Diagnostic {
                severity: crate::diag::Severity::Warning,
                ..m
            });
        } else {
            report.errors.push(m);
        }
    }
}

/// The kept catalog as a model, for validation before anything is written.
///
/// # Complexity
/// O(K) for K kept objects (cloned).
pub fn kept_catalog(report: &MirrorReport) -> Catalog {
    Catalog {
        packages: report.kept.clone(),
        ..Catalog::default()
    }
}
