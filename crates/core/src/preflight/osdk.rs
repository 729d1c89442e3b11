//! The two `check_osdk_bundle_validate_*` checks (suite `community`): what `operator-sdk bundle
//! validate --select-optional name=operatorhub` and `suite=operatorframework` report on the
//! bundle under test from operator-framework/api's optional validators, the checks of the CSV
//! (spec/preflight.md §17), then, computed in `osdk_bundle` and `osdk_practices`, its default
//! `BundleValidator` and `CRDValidator` and the suite's deprecated-API and good-practices
//! validators. operator-sdk's default CSV validator is not computed (§17.6).

use serde_json::Value;

use super::openshift::{selected, table};
use super::osdk_bundle::{self, Found, SdkBundle};
use super::osdk_csv;
use super::osdk_practices;
use super::python::{get, str_of};
use super::tree::{BundleDir, Tree};
use super::{Check, Outcome};
use crate::semver::go_quote;

/// The pipeline's name of the `name=operatorhub` run.
pub(super) const OPERATORHUB: &str = "check_osdk_bundle_validate_operatorhub";
/// The pipeline's name of the `suite=operatorframework` run.
pub(super) const OPERATOR_FRAMEWORK: &str = "check_osdk_bundle_validate_operator_framework";

const MIN_KUBE_WARNING: &str = "csv.Spec.minKubeVersion is not informed. It is recommended you provide this information. Otherwise, it would mean that your operator project can be distributed and installed in any cluster version available, which is not necessarily the case for all projects.";
const DEPRECATED: &str = "The \"operatorhub\" validator is deprecated; for equivalent validation use \"operatorhub/v2\", \"standardcapabilities\" and \"standardcategories\" validators";
const CAPABILITIES: [&str; 5] = [
    "Basic Install",
    "Seamless Upgrades",
    "Full Lifecycle",
    "Deep Insights",
    "Auto Pilot",
];
const CATEGORIES: [&str; 16] = [
    "AI/Machine Learning",
    "Application Runtime",
    "Big Data",
    "Cloud Provider",
    "Developer Tools",
    "Database",
    "Integration & Delivery",
    "Logging & Tracing",
    "Monitoring",
    "Modernization & Migration",
    "Networking",
    "OpenShift Optional",
    "Security",
    "Storage",
    "Streaming & Messaging",
    "Observability",
];
const MEDIA_TYPES: [&str; 4] = ["image/gif", "image/jpeg", "image/png", "image/svg+xml"];

/// Errors and warnings of the CSV checks, in the validators' words.
#[derive(Default)]
pub(crate) struct CsvChecks {
    pub errs: Vec<String>,
    pub warns: Vec<String>,
}

fn text(v: Option<&Value>) -> &str {
    v.and_then(Value::as_str).unwrap_or("")
}

/// Go's `mail.ParseAddress` for the common case: a `local@domain` address (olm-graph's
/// reading: the RFC 5322 forms with display names are not parsed).
fn mail_error(address: &str) -> Option<&'static str> {
    match address.rsplit_once('@') {
        None => Some("mail: missing '@' or angle-addr"),
        Some(("", _)) => Some("mail: no address"),
        Some((_, "")) => Some("mail: missing domain"),
        _ => None,
    }
}

/// Go's `url.ParseRequestURI`: an absolute URI (a scheme then `:`) or an absolute path.
fn url_error(url: &str) -> Option<String> {
    let quoted = go_quote(url);
    if url.starts_with(':') {
        return Some(format!("parse {quoted}: missing protocol scheme"));
    }
    let scheme_end = url.find(':');
    let scheme_ok = scheme_end.is_some_and(|i| {
        let s = &url[..i];
        s.starts_with(|c: char| c.is_ascii_alphabetic())
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    });
    if scheme_ok || url.starts_with('/') {
        return None;
    }
    Some(format!("parse {quoted}: invalid URI for request"))
}

/// `checkSpecProviderName`, `checkSpecMaintainers`, `checkSpecLinks`.
fn people_and_links(spec: Option<&Value>, c: &mut CsvChecks) {
    let name = spec
        .and_then(|s| get(s, "provider"))
        .and_then(|p| get(p, "name"));
    if text(name).trim().is_empty() {
        c.errs.push("csv.Spec.Provider.Name not specified".into());
    }
    let list = |key: &str| {
        spec.and_then(|s| get(s, key))
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    };
    for m in list("maintainers") {
        let (name, email) = (text(get(&m, "name")), text(get(&m, "email")));
        if name.is_empty() || email.is_empty() {
            c.errs
                .push("csv.Spec.Maintainers elements should contain both name and email".into());
        }
        if let Some(e) = (!email.is_empty()).then(|| mail_error(email)).flatten() {
            c.errs.push(format!(
                "csv.Spec.Maintainers email {email} is invalid: {e}"
            ));
        }
    }
    for l in list("links") {
        let (name, url) = (text(get(&l, "name")), text(get(&l, "url")));
        if name.is_empty() || url.is_empty() {
            c.errs
                .push("csv.Spec.Links elements should contain both name and url".into());
        }
        if let Some(e) = (!url.is_empty()).then(|| url_error(url)).flatten() {
            c.errs
                .push(format!("csv.Spec.Links url {url} is invalid: {e}"));
        }
    }
}

/// `checkCapabilities` and `checkCategories` on the CSV's annotations.
fn annotations(csv: &Value, c: &mut CsvChecks) {
    let a = get(csv, "metadata").and_then(|m| get(m, "annotations"));
    if let Some(cap) = a.and_then(|a| get(a, "capabilities")) {
        let cap = str_of(cap);
        if !CAPABILITIES.contains(&cap.as_str()) {
            c.errs.push(format!(
                "csv.Metadata.Annotations.Capabilities {} is not a valid capabilities level",
                go_quote(&cap)
            ));
        }
    }
    if let Some(cats) = a.and_then(|a| get(a, "categories")) {
        for cat in str_of(cats).split(',') {
            if !CATEGORIES.contains(&cat.trim()) {
                c.errs.push(format!("csv.Metadata.Annotations[\"categories\"] value {} is not in the set of standard categories", go_quote(cat)));
            }
        }
    }
}

/// `checkSpecVersion`, `checkSpecIcon`, `checkSpecMinKubeVersion`.
fn version_icon_kube(spec: Option<&Value>, c: &mut CsvChecks) {
    let version = text(spec.and_then(|s| get(s, "version")));
    let zero = crate::semver::Version::parse(version)
        .map(|v| v.to_string() == "0.0.0")
        .unwrap_or(version.is_empty());
    if zero {
        c.errs.push("csv.Spec.Version must be set".into());
    }
    match spec.and_then(|s| get(s, "icon")) {
        Some(Value::Array(icons)) => {
            if icons.len() != 1 {
                c.errs
                    .push("csv.Spec.Icon should only have one element".into());
            }
            if let Some(icon) = icons.first() {
                let (data, media) = (text(get(icon, "base64data")), text(get(icon, "mediatype")));
                if data.is_empty() || media.is_empty() {
                    c.errs.push(
                        "csv.Spec.Icon elements should contain both data and mediatype".into(),
                    );
                }
                if !media.is_empty() && !MEDIA_TYPES.contains(&media) {
                    c.errs.push(format!(
                        "csv.Spec.Icon {media} does not have a valid mediatype"
                    ));
                }
            }
        }
        Some(Value::Null) | None => c.warns.push("csv.Spec.Icon not specified".into()),
        Some(_) => c
            .errs
            .push("csv.Spec.Icon should only have one element".into()),
    }
    let kube = text(spec.and_then(|s| get(s, "minKubeVersion")));
    if kube.trim().is_empty() {
        c.warns.push(MIN_KUBE_WARNING.into());
    } else if crate::semver::Version::parse(kube).is_err() {
        c.errs.push(format!(
            "csv.Spec.MinKubeVersion has an invalid value: {kube}"
        ));
    }
}

/// The CSV checks of the validator `operatorhub` (`v2`: without capabilities and categories,
/// which the `operatorframework` suite runs as validators of their own, in the same words).
///
/// # Complexity
/// O(M + L) for M maintainers and L links.
pub(crate) fn csv_checks(csv: &Value, v2: bool) -> CsvChecks {
    let mut c = CsvChecks::default();
    let spec = get(csv, "spec");
    people_and_links(spec, &mut c);
    if !v2 {
        annotations(csv, &mut c);
    }
    version_icon_kube(spec, &mut c);
    if v2 {
        annotations(csv, &mut c);
    }
    c
}

/// The CSV checks of the `operatorhub` validators, printed as operator-sdk prints them:
/// `Warning: Value : (<csv>) <detail>` first, then the errors (spec/preflight.md §17.1).
fn csv_findings(csv: &Value, name: &str, operatorhub: bool, out: &mut Vec<(Outcome, String)>) {
    let c = csv_checks(csv, !operatorhub);
    out.extend(
        c.warns
            .into_iter()
            .map(|w| (Outcome::Warn, format!("Warning: Value : ({name}) {w}"))),
    );
    out.extend(
        c.errs
            .into_iter()
            .map(|e| (Outcome::Fail, format!("Error: Value : ({name}) {e}"))),
    );
}

/// One validator's result as operator-sdk prints it: its warnings, then its errors.
fn extend(out: &mut Vec<(Outcome, String)>, found: Found) {
    out.extend(found.warns.into_iter().map(|w| (Outcome::Warn, w)));
    out.extend(found.errs.into_iter().map(|e| (Outcome::Fail, e)));
}

/// The messages operator-sdk prints for one bundle, in its order: the bundle's format, the
/// default validators (bundle, CSV and objects, CRDs), then the optional ones the selector
/// picks (spec/preflight.md §17).
fn findings(b: &BundleDir, operatorhub: bool, k8s: &str) -> Vec<(Outcome, String)> {
    let Some((_, csv)) = &b.csv else {
        return Vec::new();
    };
    let Some(bundle) = SdkBundle::of(b, &[]) else {
        return Vec::new();
    };
    let mut out: Vec<(Outcome, String)> = Vec::new();
    out.extend(osdk_bundle::bundle_format(b).map(|m| (Outcome::Fail, m)));
    extend(&mut out, osdk_bundle::bundle_validator(&bundle));
    let mut csv_result = osdk_csv::csv_validator(csv);
    osdk_csv::unsupported_objects(&bundle, &mut csv_result);
    extend(&mut out, csv_result);
    for crd in osdk_bundle::crds_in_order(bundle.crds) {
        extend(&mut out, osdk_bundle::crd_validator(crd));
    }
    csv_findings(csv, &bundle.name, operatorhub, &mut out);
    if operatorhub {
        out.push((Outcome::Warn, format!("Warning: Value : {DEPRECATED}")));
        return out;
    }
    extend(
        &mut out,
        osdk_practices::deprecated_apis_validator(&bundle, Some(k8s)),
    );
    extend(&mut out, osdk_practices::good_practices(&bundle));
    out
}

/// One of the two checks on each operator's bundle under test; the pipeline runs
/// operator-sdk only when the bundle's `com.redhat.openshift.versions` selects an OpenShift
/// version.
///
/// # Complexity
/// O(P·(M + L + V)) for P operators, M maintainers, L links and V OpenShift versions.
fn run(tree: &Tree, name: &str, operatorhub: bool) -> Check {
    let tbl = table(tree.newest_openshift);
    let mut found = Vec::new();
    for op in &tree.operators {
        let Some(b) = op.bundle_under_test() else {
            continue;
        };
        let annotation = b
            .annotations()
            .and_then(|a| a.get("com.redhat.openshift.versions").cloned())
            .filter(|v| !v.is_null())
            .map(|v| str_of(&v));
        let Some(newest) = selected(annotation.as_deref(), &tbl).into_iter().max() else {
            continue;
        };
        let (major, minor) = super::api_versions::k8s_of((newest.major, newest.minor));
        found.extend(findings(b, operatorhub, &format!("{major}.{minor}")));
    }
    Check::from_findings(name, found)
}

/// `check_osdk_bundle_validate_operatorhub`: the `operatorhub` validator.
pub(super) fn operatorhub(tree: &Tree) -> Check {
    run(tree, OPERATORHUB, true)
}

/// `check_osdk_bundle_validate_operator_framework`: the `operatorhubv2`, `capabilities` and
/// `categories` validators of the suite.
pub(super) fn operator_framework(tree: &Tree) -> Check {
    run(tree, OPERATOR_FRAMEWORK, false)
}
