//! Four of operator-pipelines' checks of an operator's bundles (spec/preflight.md §14):
//! `check_operator_name_unique` (suite `community`, operator), `check_using_fbc` (`community`,
//! bundle), `check_network_policy_presence` (`common`, bundle) and
//! `check_marketplace_annotation` (`isv`, bundle).

use serde_json::Value;

use super::python::{fbc_enabled, get, repr};
use super::tree::Tree;
use super::{Check, Outcome};

use crate::sort::SortWith;

/// The pipeline's name of the operator-name check.
pub(super) const NAME_UNIQUE: &str = "check_operator_name_unique";
/// The pipeline's name of the FBC suggestion.
pub(super) const USING_FBC: &str = "check_using_fbc";
/// The pipeline's name of the NetworkPolicy check.
pub(super) const NETWORK_POLICY: &str = "check_network_policy_presence";

/// The suggestion to an operator with bundles already, word for word.
pub(super) const NON_FBC_SUGGESTION: &str = "[File Based Catalog (FBC)](https://github.com/redhat-openshift-ecosystem/community-operators-prod/discussions/5031#discussion-7097441) is a new way to manage operator metadata. This operator does not use FBC. Consider [migrating](https://redhat-openshift-ecosystem.github.io/operator-pipelines/users/fbc_onboarding/) for better maintainability.";
/// The warning to a new operator, word for word.
pub(super) const NON_FBC_WARNING: &str = "[File Based Catalog (FBC)](https://github.com/redhat-openshift-ecosystem/community-operators-prod/discussions/5031#discussion-7097441) is a new way to manage operator metadata. This operator does not use FBC and it is recommended for new operators to [start directly with FBC](https://redhat-openshift-ecosystem.github.io/operator-pipelines/users/fbc_workflow/).";

/// `check_operator_name_unique` (marked `skip_fbc`): the operator names of the bundles' CSVs
/// (`metadata.name` before its first `.`) are one; several fail with
/// `Bundles use multiple operator names: {names}`, the names as Python prints a set (sorted
/// here: the pipeline's set has no fixed order).
///
/// # Complexity
/// O(B log B) for B bundles.
pub(super) fn operator_name_unique(tree: &Tree) -> Check {
    let mut found = Vec::new();
    let mut run = false;
    for op in tree.operators.iter().filter(|op| !fbc_enabled(&op.config)) {
        run = true;
        let mut names: Vec<String> = op
            .bundles
            .iter()
            .filter_map(|b| b.csv_full_name().map(|(name, _)| name))
            .collect();
        names.sort_ord();
        names.dedup();
        if names.len() > 1 {
            let shown: Vec<String> = names.into_iter().map(|n| repr(&Value::String(n))).collect();
            found.push((
                Outcome::Fail,
                format!(
                    "Bundles use multiple operator names: {{{}}}",
                    shown.join(", ")
                ),
            ));
        }
    }
    if !run {
        return Check::skipped(NAME_UNIQUE, super::ci_config::FBC_SKIP);
    }
    Check::from_findings(NAME_UNIQUE, found)
}

/// `check_using_fbc` (marked `skip_fbc`): an operator still in the bundle layout is warned,
/// with the suggestion to migrate when it has other bundles than the one under test, else with
/// the recommendation for a new operator.
///
/// # Complexity
/// O(P) for P operators.
pub(super) fn using_fbc(tree: &Tree) -> Check {
    let mut found = Vec::new();
    let mut run = false;
    for op in tree.operators.iter().filter(|op| !fbc_enabled(&op.config)) {
        run = true;
        if op.bundle_under_test().is_none() {
            continue;
        }
        let text = if op.bundles.len() > 1 {
            NON_FBC_SUGGESTION
        } else {
            NON_FBC_WARNING
        };
        found.push((Outcome::Warn, text.to_string()));
    }
    if !run {
        return Check::skipped(USING_FBC, super::ci_config::FBC_SKIP);
    }
    Check::from_findings(USING_FBC, found)
}

/// `check_network_policy_presence`: a manifest of the bundle under test whose `kind` is
/// `NetworkPolicy` and whose `apiVersion` starts with `networking.k8s.io/` fails with the
/// file's name.
///
/// # Complexity
/// O(M) for M manifest files.
pub(super) fn network_policy(tree: &Tree) -> Check {
    let mut found = Vec::new();
    for op in &tree.operators {
        let Some(b) = op.bundle_under_test() else {
            continue;
        };
        for (file, content) in &b.manifests {
            let text = |key: &str| get(content, key).and_then(Value::as_str).unwrap_or("");
            if text("kind") == "NetworkPolicy"
                && text("apiVersion").starts_with("networking.k8s.io/")
            {
                found.push((Outcome::Fail, format!("Bundle contains a NetworkPolicy in {file}. Network policies are not a supported resource that Operator Lifecycle Manager(OLM) can install and manage.")));
            }
        }
    }
    Check::from_findings(NETWORK_POLICY, found)
}

/// The pipeline's name of the marketplace check (suite `isv`).
pub(super) const MARKETPLACE: &str = "check_marketplace_annotation";

/// `check_marketplace_annotation`: in a repository whose `config.yaml` says
/// `organization: redhat-marketplace`, the CSV of the bundle under test sets
/// `marketplace.openshift.io/remote-workflow` and `.../support-workflow` to the marketplace's
/// pricing and support pages of the package; each other value fails with the value as Python
/// prints it (`None` when absent). Elsewhere it passes.
///
/// # Complexity
/// O(P) for P operators.
pub(super) fn marketplace_annotation(tree: &Tree) -> Check {
    let organization = tree
        .repo_config
        .as_ref()
        .and_then(|c| get(c, "organization"))
        .and_then(Value::as_str);
    if organization != Some("redhat-marketplace") {
        return Check::from_findings(MARKETPLACE, Vec::new());
    }
    let mut found = Vec::new();
    for op in &tree.operators {
        let Some(b) = op.bundle_under_test() else {
            continue;
        };
        let package = b
            .annotations()
            .and_then(|a| {
                a.get("operators.operatorframework.io.bundle.package.v1")
                    .cloned()
            })
            .map_or("None".to_string(), |v| super::python::str_of(&v));
        let annotations = b
            .csv
            .as_ref()
            .and_then(|(_, csv)| get(csv, "metadata"))
            .and_then(|m| get(m, "annotations"));
        for (key, page) in [
            ("remote-workflow", "pricing"),
            ("support-workflow", "support"),
        ] {
            let expected = format!("https://marketplace.redhat.com/en-us/operators/{package}/{page}?utm_source=openshift_console");
            let value =
                annotations.and_then(|a| get(a, &format!("marketplace.openshift.io/{key}")));
            if value.and_then(Value::as_str) != Some(expected.as_str()) {
                let shown = value.map_or("None".to_string(), super::python::str_of);
                found.push((Outcome::Fail, format!("CSV marketplace.openshift.io/{key} annotation is set to '{shown}'. Expected value is {expected}. To fix this issue define the annotation in 'manifests/*.clusterserviceversion.yaml' file.")));
            }
        }
    }
    Check::from_findings(MARKETPLACE, found)
}
