//! Lifecycle findings: warnings, since opm serves any blob of a custom schema. Each names its
//! code, file, line and field (`versions[i].phases[j].endDate`).

use std::collections::{BTreeMap, HashMap};

use super::date::Date;
use crate::model::support_blob::{LifecycleBlob, Phase, StreamEntry, Text, SCHEMA};

use super::facts::{stream_of, PackageLifecycle};
use crate::diag::{Diagnostic, Location, Rule};
use crate::model::Catalog;
use crate::openshift::OpenShiftVersion;

/// True for `MAJOR.MINOR`: two decimal numbers without leading zeros.
pub fn is_major_minor(text: &str) -> bool {
    let number = |n: &str| {
        !n.is_empty()
            && n.len() <= 9
            && n.bytes().all(|b| b.is_ascii_digit())
            && (n == "0" || !n.starts_with('0'))
    };
    text.split_once('.')
        .is_some_and(|(a, b)| number(a) && number(b))
}

/// A platform version as a person types it (`4.20`, ` v4.20 `): trimmed, a leading `v`
/// dropped, then `MAJOR.MINOR`; the error says what was expected. The CLI's `--platform` and
/// the app's platform field both read it this way.
pub fn parse_platform(text: &str) -> Result<String, String> {
    let trimmed = text.trim();
    let version = trimmed.strip_prefix('v').unwrap_or(trimmed);
    // Written as it prints: no second `v`, no leading zero.
    match OpenShiftVersion::parse(version) {
        Some(v) if is_major_minor(version) => Ok(v.to_string()),
        _ => Err(format!("{text:?} is not MAJOR.MINOR (for example 4.20)")),
    }
}

/// A finding about `blob`, at `line` (else the blob's line), on `field`.
pub(crate) fn finding(
    blob: &LifecycleBlob,
    code: Rule,
    line: Option<usize>,
    field: String,
    message: String,
) -> Diagnostic {
    let location = Location::at(blob.file.clone(), line.or(blob.line), None, None);
    let d = Diagnostic::warning(code, message)
        .at(location)
        .schema(SCHEMA)
        .field(field);
    if blob.package.is_empty() {
        d
    } else {
        d.package(&blob.package)
    }
}

/// The findings of one blob on its own (names, dates, phase order and gaps, platforms);
/// `seen` gathers the stream names of the package so far, for duplicates.
///
/// # Complexity
/// O(s + p + v) for s entries, p phases and v platform versions.
fn check_blob(blob: &LifecycleBlob, seen: &mut HashMap<String, usize>, out: &mut Vec<Diagnostic>) {
    if let Some(line) = blob.versions_not_a_list {
        let msg = "`versions` is not a list; the blob says nothing".to_string();
        out.push(finding(
            blob,
            Rule::LifecycleShape,
            Some(line),
            "versions".into(),
            msg,
        ));
    }
    for (i, entry) in blob.versions.iter().enumerate() {
        let field = format!("versions[{i}]");
        let name = entry.name.text.as_deref().unwrap_or_default();
        let at = entry.name.line.or(entry.line);
        if !is_major_minor(name) {
            let msg = format!("stream name {name:?} is not MAJOR.MINOR");
            out.push(finding(
                blob,
                Rule::LifecycleVersionName,
                at,
                format!("{field}.name"),
                msg,
            ));
        } else if let Some(first) = seen.insert(name.to_string(), i) {
            let msg =
                format!("stream {name} has a second entry (the first, versions[{first}], is used)");
            out.push(finding(
                blob,
                Rule::LifecycleDuplicateVersion,
                at,
                format!("{field}.name"),
                msg,
            ));
        }
        check_phases(blob, entry, &field, out);
        check_platforms(blob, entry, &field, out);
    }
}

/// A phase date: the day, or a `lifecycle.date` finding.
fn phase_date(
    blob: &LifecycleBlob,
    phase: &Phase,
    text: &Text,
    field: String,
    out: &mut Vec<Diagnostic>,
) -> Option<Date> {
    let written = text.text.as_deref();
    match written.map(str::parse::<Date>) {
        Some(Ok(d)) => Some(d),
        _ => {
            let msg = match written {
                Some(t) => format!("{t:?} is not a real YYYY-MM-DD day"),
                None => "the date is missing".to_string(),
            };
            out.push(finding(
                blob,
                Rule::LifecycleDate,
                text.line.or(phase.line),
                field,
                msg,
            ));
            None
        }
    }
}

/// Dates, order and gaps of one entry's phases.
fn check_phases(blob: &LifecycleBlob, entry: &StreamEntry, field: &str, out: &mut Vec<Diagnostic>) {
    let mut previous_end: Option<Date> = None;
    for (j, p) in entry.phases.iter().enumerate() {
        let f = format!("{field}.phases[{j}]");
        let start = phase_date(blob, p, &p.start_date, format!("{f}.startDate"), out);
        let end = phase_date(blob, p, &p.end_date, format!("{f}.endDate"), out);
        let name = p.name.text.as_deref().unwrap_or_default();
        if let (Some(s), Some(e)) = (start, end) {
            if e <= s {
                let msg = format!("phase {name:?} ends on {e}, not after it starts ({s})");
                let at = p.end_date.line.or(p.line);
                out.push(finding(
                    blob,
                    Rule::LifecyclePhaseOrder,
                    at,
                    format!("{f}.endDate"),
                    msg,
                ));
            }
        }
        if let (Some(prev), Some(s)) = (previous_end, start) {
            if prev.next_day() != Some(s) {
                let msg = format!(
                    "phase {name:?} starts on {s}, not on the day after the previous phase ends ({prev})"
                );
                let at = p.start_date.line.or(p.line);
                out.push(finding(
                    blob,
                    Rule::LifecyclePhaseGap,
                    at,
                    format!("{f}.startDate"),
                    msg,
                ));
            }
        }
        previous_end = end;
    }
}

/// Platform versions that are not MAJOR.MINOR.
fn check_platforms(
    blob: &LifecycleBlob,
    entry: &StreamEntry,
    field: &str,
    out: &mut Vec<Diagnostic>,
) {
    for (k, platform) in entry.platform_compatibility.iter().flatten().enumerate() {
        for (n, v) in platform.versions.iter().enumerate() {
            let text = v.text.as_deref().unwrap_or_default();
            if !is_major_minor(text) {
                let pname = platform.name.text.as_deref().unwrap_or_default();
                let msg = format!("{pname} version {text:?} is not MAJOR.MINOR");
                let f = format!("{field}.platformCompatibility[{k}].versions[{n}]");
                out.push(finding(
                    blob,
                    Rule::LifecyclePlatformVersion,
                    v.line,
                    f,
                    msg,
                ));
            }
        }
    }
}

/// Every lifecycle finding of the catalog: each blob's own, then, per blob package, an
/// unknown package or the streams its bundles ship without an entry.
///
/// # Complexity
/// O(L + B log B) for L values over the blobs and B bundles of the packages they name.
pub fn lint_lifecycles(catalog: &Catalog) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut by_package: BTreeMap<&str, Vec<&LifecycleBlob>> = BTreeMap::new();
    for blob in &catalog.lifecycles {
        by_package.entry(&blob.package).or_default().push(blob);
    }
    for (package, blobs) in by_package {
        let mut seen = HashMap::new();
        for blob in &blobs {
            check_blob(blob, &mut seen, &mut out);
        }
        let first = blobs[0];
        let Some(pkg) = catalog.package(package) else {
            let msg =
                format!("lifecycle data for package {package:?}, which is not in the catalog");
            let field = "package".to_string();
            let mut d = finding(first, Rule::LifecycleUnknownPackage, first.line, field, msg);
            // A finding of the catalog's, not of a package it lacks.
            d.package = None;
            out.push(d);
            continue;
        };
        let lifecycle = PackageLifecycle::from_blobs(blobs);
        out.extend(missing_streams(&lifecycle, pkg, first));
    }
    out
}

/// One finding per stream `pkg` ships without an entry, naming its first bundle.
///
/// # Complexity
/// O(B log B) for B bundles (entries are looked up hashed).
pub fn missing_streams(
    lifecycle: &PackageLifecycle<'_>,
    pkg: &crate::model::Package,
    blob: &LifecycleBlob,
) -> Vec<Diagnostic> {
    streams_without_entry(lifecycle, pkg)
        .into_iter()
        .map(|(s, bundles)| {
            let msg = format!(
                "stream {s} ({} bundle(s), e.g. {}) has no lifecycle entry",
                bundles.len(),
                bundles[0]
            );
            finding(
                blob,
                Rule::LifecycleMissingStream,
                blob.line,
                "versions".into(),
                msg,
            )
        })
        .collect()
}

/// The streams `pkg` ships (MAJOR.MINOR of its bundles' versions) that `lifecycle` has no
/// entry for, each with its bundles, in version order (0.9 before 0.10).
///
/// # Complexity
/// O(B log B) for B bundles (entries are looked up hashed).
fn streams_without_entry<'p>(
    lifecycle: &PackageLifecycle<'_>,
    pkg: &'p crate::model::Package,
) -> Vec<(String, Vec<&'p str>)> {
    let mut streams: BTreeMap<(u64, u64), (String, Vec<&str>)> = BTreeMap::new();
    for b in &pkg.bundles {
        if let Some(v) = &b.version {
            let slot = streams
                .entry((v.major, v.minor))
                .or_insert_with(|| (stream_of(v), Vec::new()));
            slot.1.push(&b.name);
        }
    }
    streams
        .into_values()
        .filter(|(s, _)| lifecycle.entry(s).is_none())
        .collect()
}

/// The streams `pkg` ships that `lifecycle` has no entry for, in version order: what the
/// `lifecycle.missing-stream` findings name, for a notice.
///
/// # Complexity
/// O(B log B) for B bundles.
pub fn unlisted_streams(
    lifecycle: &PackageLifecycle<'_>,
    pkg: &crate::model::Package,
) -> Vec<String> {
    streams_without_entry(lifecycle, pkg)
        .into_iter()
        .map(|(s, _)| s)
        .collect()
}
