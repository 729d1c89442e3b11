//! operator-pipelines' `check_pruned_graph` (suite `isv`, marked `skip_fbc`): a bundle under
//! test that sets `olm.skipRange` without `spec.replaces` may prune the update graph of a
//! channel that already has other bundles (spec/preflight.md §2.6).

use super::python::{fbc_enabled, get, str_of, truthy};
use super::tree::{BundleDir, OperatorDir, Tree};
use super::{Check, Outcome};

use crate::sort::SortWith;

/// The pipeline's name of the check.
pub(super) const CHECK: &str = "check_pruned_graph";

/// The pipeline's warning, word for word.
pub(super) const PRUNED_GRAPH_ERROR: &str = "olm.skipRange annotation is set but replaces field is not set in the CSV. The definition may lead to unintentional pruning of the update graph. https://olm.operatorframework.io/docs/concepts/olm-architecture/operator-catalog/creating-an-update-graph/#skiprange. If this is intentional, you can skip the check by adding `/test skip check_pruned_graph` comment to a pull request.";

/// The annotation listing a bundle's channels.
const CHANNELS_KEY: &str = "operators.operatorframework.io.bundle.channels.v1";

/// The channels a bundle's annotations name, comma-separated and trimmed, as the pipeline
/// reads them (none when the annotation is absent).
pub(crate) fn bundle_channels(b: &BundleDir) -> Vec<String> {
    let Some(a) = b.annotations() else {
        return Vec::new();
    };
    let Some(v) = a.get(CHANNELS_KEY) else {
        return Vec::new();
    };
    let mut out: Vec<String> = str_of(v).split(',').map(|c| c.trim().to_string()).collect();
    out.sort_ord();
    out.dedup();
    out
}

/// The warnings of one operator's bundle under test: one for each of its channels that has
/// other bundles than it.
///
/// # Complexity
/// O(B·C) for B bundles of C channels each.
fn findings(op: &OperatorDir, bundle: &BundleDir) -> Vec<(Outcome, String)> {
    let Some((_, csv)) = bundle.csv.as_ref() else {
        return Vec::new();
    };
    let replaces = get(csv, "spec").and_then(|s| get(s, "replaces"));
    let skip_range = get(csv, "metadata")
        .and_then(|m| get(m, "annotations"))
        .and_then(|a| get(a, "olm.skipRange"));
    if !skip_range.is_some_and(truthy) || replaces.is_some_and(truthy) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for channel in bundle_channels(bundle) {
        let members = op
            .bundles
            .iter()
            .filter(|b| bundle_channels(b).contains(&channel))
            .count();
        if members != 1 {
            out.push((Outcome::Warn, PRUNED_GRAPH_ERROR.to_string()));
        }
    }
    out
}

/// `check_pruned_graph` on each operator's bundle under test; not run for an FBC-enabled
/// operator, as the pipeline does not run it.
///
/// # Complexity
/// O(B·C) per operator for B bundles of C channels each.
pub(super) fn pruned_graph(tree: &Tree) -> Check {
    let mut found = Vec::new();
    let mut run = false;
    for op in tree.operators.iter().filter(|op| !fbc_enabled(&op.config)) {
        run = true;
        if let Some(b) = op.bundle_under_test() {
            found.extend(findings(op, b));
        }
    }
    if !run {
        return Check::skipped(CHECK, super::ci_config::FBC_SKIP);
    }
    Check::from_findings(CHECK, found)
}
