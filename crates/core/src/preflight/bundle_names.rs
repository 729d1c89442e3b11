//! operator-pipelines' name checks of the bundle under test (suite `common`):
//! `check_operator_name` (the operator's name in the annotations, the CSV, the directory and
//! the other bundles) and `check_operator_version_directory_name` (the CSV's version against
//! the bundle directory's name) (spec/preflight.md §9).

use std::collections::BTreeMap;

use super::python::repr_strs;
use super::tree::{BundleDir, OperatorDir, Tree};
use super::{Check, Outcome};

/// The pipeline's name of the operator-name check.
pub(super) const OPERATOR_NAME: &str = "check_operator_name";
/// The pipeline's name of the version-directory check.
pub(super) const VERSION_DIRECTORY: &str = "check_operator_version_directory_name";

/// How many bundles give each name.
type Counts = BTreeMap<String, usize>;

/// The bundle's name against the other bundles': a failure when the others agree on another
/// name, a warning when they do not agree (spec/preflight.md §9.1).
fn consistency(mine: &str, all: &Counts, what: &str, out: &mut Vec<(Outcome, String)>) {
    let others: Vec<&String> = all
        .iter()
        .filter(|(name, n)| **n > usize::from(name.as_str() == mine))
        .map(|(name, _)| name)
        .collect();
    match others.as_slice() {
        [common] if *common != mine => out.push((
            Outcome::Fail,
            format!("Operator name {what} ({mine}) does not match the name defined in other bundles ({common})"),
        )),
        [_] => {}
        _ => {
            let names: Vec<&str> = all.keys().map(String::as_str).collect();
            out.push((
                Outcome::Warn,
                format!(
                    "Operator name {what} is not consistent across bundles: {}",
                    repr_strs(&names)
                ),
            ));
        }
    }
}

/// `check_operator_name` on one operator's bundle under test.
///
/// # Complexity
/// O(B log B) for B bundles of the operator.
fn operator_findings(op: &OperatorDir, bundle: &BundleDir, out: &mut Vec<(Outcome, String)>) {
    let Some(meta) = bundle.metadata_operator_name() else {
        let msg = format!(
            "Invalid operator name in annotations.yaml for {}",
            bundle.label(&op.name)
        );
        out.push((Outcome::Fail, msg));
        return;
    };
    if meta.is_empty() {
        let msg = "Bundle does not define the operator name in annotations.yaml";
        out.push((Outcome::Fail, msg.to_string()));
        return;
    }
    let Some((csv_name, _)) = bundle.csv_full_name() else {
        let msg = format!(
            "Invalid operator name in CSV for {}",
            bundle.label(&op.name)
        );
        out.push((Outcome::Fail, msg));
        return;
    };
    let (mut meta_names, mut csv_names) = (Counts::new(), Counts::new());
    for b in &op.bundles {
        if let Some(m) = b.metadata_operator_name() {
            *meta_names.entry(m).or_default() += 1;
        }
        if let Some((c, _)) = b.csv_full_name() {
            *csv_names.entry(c).or_default() += 1;
        }
    }
    let others = op.bundles.len() > 1;
    if others {
        consistency(&meta, &meta_names, "from annotations.yaml", out);
        consistency(&csv_name, &csv_names, "from the CSV", out);
    }
    let level = if others { Outcome::Warn } else { Outcome::Fail };
    if meta != csv_name {
        let msg = format!("Operator name from annotations.yaml ({meta}) does not match the name defined in the CSV ({csv_name})");
        out.push((level, msg));
    }
    if meta != op.name {
        let msg = format!("Operator name from annotations.yaml ({meta}) does not match the operator's directory name ({})", op.name);
        out.push((level, msg));
    }
}

/// `check_operator_name`: the operator name of each operator's bundle under test, in its
/// annotations, its CSV, the directory and the other bundles (spec/preflight.md §9.1).
///
/// # Complexity
/// O(B log B) for B bundles.
pub(super) fn operator_name(tree: &Tree) -> Check {
    let mut found = Vec::new();
    for op in &tree.operators {
        if let Some(b) = op.bundle_under_test() {
            operator_findings(op, b, &mut found);
        }
    }
    Check::from_findings(OPERATOR_NAME, found)
}

/// `check_operator_version_directory_name`: the CSV's `spec.version` of each operator's bundle
/// under test against its directory's name (spec/preflight.md §9.2).
///
/// # Complexity
/// O(B) for B bundles.
pub(super) fn version_directory(tree: &Tree) -> Check {
    let mut found = Vec::new();
    for op in &tree.operators {
        let Some(b) = op.bundle_under_test() else {
            continue;
        };
        let (Some(version), Some((file, _))) = (b.csv_version(), b.csv.as_ref()) else {
            continue;
        };
        if version != b.version_dir {
            found.push((
                Outcome::Fail,
                format!(
                    "Bundle directory name '{}/{}' does not match the expected operator CSV version '{version}' from ./operators/{}/{}/manifests/{file}.",
                    op.name, b.version_dir, op.name, b.version_dir
                ),
            ));
        }
    }
    Check::from_findings(VERSION_DIRECTORY, found)
}
