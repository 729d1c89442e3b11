//! operator-pipelines' `check_api_version_constraints` (suite `community`, marked
//! `skip_fbc`): the bundle's `spec.minKubeVersion` against the Kubernetes versions of the
//! OpenShift versions its `com.redhat.openshift.versions` annotation selects, with the
//! pipeline's own table and version parser (spec/preflight.md §15).

use serde_json::Value;

use super::python::{fbc_enabled, get, truthy};
use super::tree::{BundleDir, Tree};
use super::{Check, Outcome};

use crate::sort::SortWith;

/// The pipeline's name of the check.
pub(super) const CHECK: &str = "check_api_version_constraints";

/// The pipeline's table of OpenShift to Kubernetes versions (it ends at 4.17).
const OCP_TO_K8S: [((u64, u64), (u64, u64)); 17] = [
    ((4, 1), (1, 13)),
    ((4, 2), (1, 14)),
    ((4, 3), (1, 16)),
    ((4, 4), (1, 17)),
    ((4, 5), (1, 18)),
    ((4, 6), (1, 19)),
    ((4, 7), (1, 20)),
    ((4, 8), (1, 21)),
    ((4, 9), (1, 22)),
    ((4, 10), (1, 23)),
    ((4, 11), (1, 24)),
    ((4, 12), (1, 25)),
    ((4, 13), (1, 26)),
    ((4, 14), (1, 27)),
    ((4, 15), (1, 28)),
    ((4, 16), (1, 29)),
    ((4, 17), (1, 30)),
];

/// The pipeline's `ocp_to_k8s_ver`: the Kubernetes version of an OpenShift version, or of the
/// closest one below it in the table (the table's first when there is none)
/// (spec/preflight.md §17.1).
///
/// # Complexity
/// O(T) for the T rows of the table.
pub(super) fn k8s_of(ocp: (u64, u64)) -> (u64, u64) {
    let pos = OCP_TO_K8S.partition_point(|(o, _)| *o <= ocp);
    OCP_TO_K8S[pos.saturating_sub(1)].1
}

/// A version as python-semver holds it once pre-release and build are dropped.
type Semver = (u64, u64, u64);

/// python-semver's `Version.parse(text.strip(), optional_minor_and_patch=True)` without its
/// pre-release and build: `MAJOR[.MINOR[.PATCH]][-pre][+build]`, numbers without leading
/// zeroes; else its error `{text} is not valid SemVer string`.
fn parse_semver(v: &Value) -> Result<Semver, String> {
    let Value::String(text) = v else {
        let ty = match v {
            Value::Bool(_) => "bool",
            Value::Number(n) if n.is_f64() => "float",
            Value::Number(_) => "int",
            Value::Array(_) => "list",
            Value::Object(_) => "dict",
            _ => "NoneType",
        };
        return Err(format!("not expecting type <class '{ty}'>"));
    };
    parse_text(text.trim())
}

fn parse_text(text: &str) -> Result<Semver, String> {
    let bad = || format!("{text} is not valid SemVer string");
    let core = text.split(['-', '+']).next().unwrap_or("");
    let rest = &text[core.len()..];
    let ident_ok = |s: &str| {
        !s.is_empty()
            && s.split('.')
                .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
    };
    let (pre, build) = match rest.split_once('+') {
        Some((p, b)) => (p, Some(b)),
        None => (rest, None),
    };
    let pre_ok = pre.is_empty() || pre.strip_prefix('-').is_some_and(ident_ok);
    if !pre_ok {
        return Err(bad());
    }
    if build.is_some_and(|b| !ident_ok(b)) {
        return Err(bad());
    }
    let parts: Vec<&str> = core.split('.').collect();
    if parts.is_empty() || parts.len() > 3 {
        return Err(bad());
    }
    let mut n = [0u64; 3];
    for (i, p) in parts.iter().enumerate() {
        let ok = !p.is_empty()
            && p.chars().all(|c| c.is_ascii_digit())
            && (p.len() == 1 || !p.starts_with('0'));
        n[i] = if ok {
            p.parse().map_err(|_| bad())?
        } else {
            return Err(bad());
        };
    }
    Ok((n[0], n[1], n[2]))
}

/// The pipeline's `_parse_ocp_version`: stripped, a leading `v` dropped, patch set to 0.
fn parse_ocp(text: &str) -> Result<(u64, u64), String> {
    let text = text.trim();
    let (a, b, _) = parse_text(text.strip_prefix('v').unwrap_or(text))?;
    Ok((a, b))
}

/// The OpenShift versions of the table an annotation selects, and a warning for a comma list
/// other than `v4.5,v4.6`; or the parser's error.
/// The OpenShift versions an annotation selects, and the warning it earns.
type Selection = (Vec<(u64, u64)>, Option<String>);

fn selected(selector: &str) -> Result<Selection, String> {
    let table = OCP_TO_K8S.iter().map(|(o, _)| *o);
    if let Some((a, b)) = selector.split_once('-') {
        let (a, b) = (parse_ocp(a)?, parse_ocp(b)?);
        return Ok((table.filter(|v| a <= *v && *v <= b).collect(), None));
    }
    if selector.contains(',') {
        let mut versions = selector
            .split(',')
            .map(parse_ocp)
            .collect::<Result<Vec<_>, _>>()?;
        versions.sort_ord();
        versions.dedup();
        let min = versions[0];
        let warn = (versions != [(4, 5), (4, 6)]).then(|| "Comma separated list of versions in com.redhat.openshift.versions is only supported for v4.5 and v4.6".to_string());
        return Ok((table.filter(|v| *v >= min).collect(), warn));
    }
    if let Some(exact) = selector.strip_prefix('=') {
        let want = parse_ocp(exact)?;
        let all: Vec<(u64, u64)> = table.collect();
        let pos = all.partition_point(|v| *v <= want);
        return Ok((vec![all[pos.saturating_sub(1)]], None));
    }
    let min = parse_ocp(selector)?;
    Ok((table.filter(|v| *v >= min).collect(), None))
}

/// The check's results for one bundle.
///
/// # Complexity
/// O(T) for the T versions of the table.
fn findings(b: &BundleDir) -> Vec<(Outcome, String)> {
    let Some((_, csv)) = b.csv.as_ref() else {
        return Vec::new();
    };
    let Some(min_kube) = get(csv, "spec")
        .and_then(|s| get(s, "minKubeVersion"))
        .filter(|v| truthy(v))
    else {
        return Vec::new();
    };
    let (ka, kb, kc) = match parse_semver(min_kube) {
        Ok(v) => v,
        Err(e) => return vec![(Outcome::Fail, format!("Invalid minKubeVersion: {e}"))],
    };
    let k8s = format!("{ka}.{kb}.{kc}");
    let annotation = b
        .annotations()
        .and_then(|a| a.get("com.redhat.openshift.versions").cloned())
        .filter(truthy);
    let Some(annotation) = annotation else {
        return vec![(
            Outcome::Fail,
            format!("minKubeVersion is set to {k8s} but com.redhat.openshift.versions is not set"),
        )];
    };
    let text = super::python::str_of(&annotation);
    let (versions, warn) = match selected(text.trim()) {
        Ok(s) => s,
        Err(e) => {
            return vec![(
                Outcome::Fail,
                format!("Invalid com.redhat.openshift.versions: {e}"),
            )]
        }
    };
    let mut out: Vec<(Outcome, String)> = warn.into_iter().map(|w| (Outcome::Warn, w)).collect();
    let mut conflicting: Vec<(u64, u64)> = versions
        .into_iter()
        .filter(|o| {
            let k = OCP_TO_K8S.iter().find(|(v, _)| v == o).map(|(_, k)| *k);
            k.is_some_and(|(a, b)| (a, b, 0) < (ka, kb, kc))
        })
        .collect();
    conflicting.sort_ord();
    if !conflicting.is_empty() {
        let shown: Vec<String> = conflicting
            .iter()
            .map(|(a, b)| format!("{a}.{b}"))
            .collect();
        out.push((
            Outcome::Fail,
            format!(
                "OCP version(s) {} conflict with minKubeVersion={k8s}",
                shown.join(",")
            ),
        ));
    }
    out
}

/// `check_api_version_constraints` on each operator's bundle under test; not run for an
/// FBC-enabled operator.
///
/// # Complexity
/// O(P·T) for P operators and the T versions of the table.
pub(super) fn api_version_constraints(tree: &Tree) -> Check {
    let mut found = Vec::new();
    let mut run = false;
    for op in tree.operators.iter().filter(|op| !fbc_enabled(&op.config)) {
        run = true;
        if let Some(b) = op.bundle_under_test() {
            found.extend(findings(b));
        }
    }
    if !run {
        return Check::skipped(CHECK, super::ci_config::FBC_SKIP);
    }
    Check::from_findings(CHECK, found)
}
