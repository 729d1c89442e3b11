//! operator-pipelines' `check_replaces_availability` (suite `common`, marked `skip_fbc`): the
//! bundle under test replaces a bundle of the operator that is available on every OpenShift
//! version it is, the versions read from `com.redhat.openshift.versions` against the local
//! table of [`openshift`](super::openshift) (spec/preflight.md §10.3).

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use super::openshift::{label, selected, table, OpenShift};
use super::python::{fbc_enabled, get, repr_strs, str_of, truthy};
use super::tree::{BundleDir, OperatorDir, Tree};
use super::{Check, Outcome};

/// The pipeline's name of the check.
pub(super) const CHECK: &str = "check_replaces_availability";

/// The annotation naming the OpenShift versions of a bundle.
const VERSIONS_KEY: &str = "com.redhat.openshift.versions";

/// The annotation's value as the pipeline holds it: `None` when absent.
fn versions_annotation(b: &BundleDir) -> Option<Value> {
    b.annotations()?.get(VERSIONS_KEY).cloned()
}

/// The service's answer for an annotation: the versions' names, sorted as Python sorts them.
fn indexes(annotation: Option<&Value>, tbl: &[OpenShift]) -> BTreeSet<String> {
    let text = annotation.filter(|v| !v.is_null()).map(str_of);
    selected(text.as_deref(), tbl)
        .into_iter()
        .map(label)
        .collect()
}

/// The check on one operator's bundle under test.
///
/// # Complexity
/// O(B log B + V) for B bundles and V OpenShift versions.
fn findings(op: &OperatorDir, bundle: &BundleDir, tbl: &[OpenShift]) -> Option<(Outcome, String)> {
    let (_, csv) = bundle.csv.as_ref()?;
    let replaces = get(csv, "spec").and_then(|s| get(s, "replaces"))?;
    if !truthy(replaces) {
        return None;
    }
    let replaces = replaces.as_str()?;
    let delimiter = if replaces.contains(".v") { ".v" } else { "." };
    let (_, wanted) = replaces.split_once(delimiter)?;
    let me = bundle.label(&op.name);
    let (_, my_version) = bundle.csv_full_name()?;
    if wanted == my_version {
        return Some((Outcome::Fail, format!("{me} attempts to replace itself. Please set 'spec.replaces' field to a different version in the CSV.")));
    }
    let by_version: BTreeMap<String, &BundleDir> = op
        .bundles
        .iter()
        .filter_map(|b| b.csv_full_name().map(|(_, v)| (v, b)))
        .collect();
    let Some(old) = by_version.get(wanted) else {
        let versions: Vec<&str> = by_version.keys().map(String::as_str).collect();
        return Some((Outcome::Fail, format!(
            "{me} attempts to replace version '{wanted}' which does not exist in the submitted PR branch. Available versions: {}. If you are submitting multiple versions in sequence, make sure your fork is up to date with origin (rebased) before each submission to include all previously merged versions.",
            repr_strs(&versions)
        )));
    };
    let (mine, theirs) = (versions_annotation(bundle), versions_annotation(old));
    if mine == theirs {
        return None;
    }
    let (new_idx, old_idx) = (indexes(mine.as_ref(), tbl), indexes(theirs.as_ref(), tbl));
    if new_idx.is_subset(&old_idx) {
        return None;
    }
    let show = |s: &BTreeSet<String>| repr_strs(&s.iter().collect::<Vec<_>>());
    let text = |v: &Option<Value>| v.as_ref().map_or("None".to_string(), str_of);
    let old_label = old.label(&op.name);
    Some((Outcome::Fail, format!(
        "Replaces bundle {old_label} {} does not support the same OCP versions as bundle {me} {}. In order to fix this issue, align the OCP version range to match the range of the replaced bundle. This can be done by setting the `com.redhat.openshift.versions` annotation in the `metadata/annotations.yaml` file.\n`{me}` - `{}`\n`{old_label}` - `{}`",
        show(&old_idx), show(&new_idx), text(&mine), text(&theirs)
    )))
}

/// `check_replaces_availability` on each operator's bundle under test; not run for an
/// FBC-enabled operator, as the pipeline does not run it (spec/preflight.md §10.3).
///
/// # Complexity
/// O(B log B + V) for B bundles and V OpenShift versions.
pub(super) fn availability(tree: &Tree) -> Check {
    let tbl = table(tree.newest_openshift);
    let mut found = Vec::new();
    let mut run = false;
    for op in tree.operators.iter().filter(|op| !fbc_enabled(&op.config)) {
        run = true;
        if let Some(f) = op.bundle_under_test().and_then(|b| findings(op, b, &tbl)) {
            found.push(f);
        }
    }
    if !run {
        return Check::skipped(CHECK, super::ci_config::FBC_SKIP);
    }
    Check::from_findings(CHECK, found)
}
