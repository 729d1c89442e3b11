//! operator-pipelines' checks of an operator's `ci.yaml`: `check_schema_operator_ci_config`
//! and `check_catalog_usage_ci_config` (suite `common`), `check_ci_upgrade_graph` (suite
//! `community`) (spec/preflight.md §6).

use serde_json::Value;

use super::python::{fbc_enabled, get, repr_strs, str_of, truthy};
use super::schema::{violations, CI};
use super::tree::Tree;
use super::{Check, Outcome};

/// The pipeline's name of the schema check.
pub(super) const SCHEMA: &str = "check_schema_operator_ci_config";
/// The pipeline's name of the `updateGraph` check.
pub(super) const UPGRADE_GRAPH: &str = "check_ci_upgrade_graph";
/// The pipeline's name of the catalog-mapping check.
pub(super) const CATALOG_USAGE: &str = "check_catalog_usage_ci_config";

/// Why the `updateGraph` check is not run for an FBC operator (spec/preflight.md §1.6).
pub(crate) const FBC_SKIP: &str =
    "not run by the pipeline for an FBC-enabled operator (ci.yaml fbc.enabled: true)";

/// `check_schema_operator_ci_config`: every violation of the `ci.yaml` schema, sorted
/// (spec/preflight.md §6.1).
///
/// # Complexity
/// O(n log n) in the size n of the operators' `ci.yaml` files.
pub(super) fn schema(tree: &Tree) -> Check {
    let mut found = Vec::new();
    for op in &tree.operators {
        for v in violations(&CI, &op.config) {
            found.push((
                Outcome::Fail,
                format!(
                    "Operator's 'ci.yaml' contains invalid data which does not comply with the schema: {v}"
                ),
            ));
        }
    }
    Check::from_findings(SCHEMA, found)
}

/// `check_ci_upgrade_graph`: a warning when `updateGraph` is missing, a failure when it is
/// neither mode (spec/preflight.md §6.2). Skipped when every operator is FBC-enabled.
///
/// # Complexity
/// O(P) for P operators.
pub(super) fn upgrade_graph(tree: &Tree) -> Check {
    const ALLOWED: [&str; 2] = ["replaces-mode", "semver-mode"];
    let mut found = Vec::new();
    let mut run = false;
    for op in tree.operators.iter().filter(|op| !fbc_enabled(&op.config)) {
        run = true;
        match get(&op.config, "updateGraph") {
            Some(v) if truthy(v) => {
                if !ALLOWED.iter().any(|a| v.as_str() == Some(*a)) {
                    let msg = format!(
                        "The 'updateGraph' option in ci.yaml must be one of {}",
                        repr_strs(&ALLOWED)
                    );
                    found.push((Outcome::Fail, msg));
                }
            }
            _ => found.push((
                Outcome::Warn,
                "The 'updateGraph' option is missing in ci.yaml. The default upgrade graph 'replaces-mode' will be used.".to_string(),
            )),
        }
    }
    if !run {
        return Check::skipped(UPGRADE_GRAPH, FBC_SKIP);
    }
    Check::from_findings(UPGRADE_GRAPH, found)
}

/// `check_catalog_usage_ci_config`: a failure for each catalog that more than one template of
/// `fbc.catalog_mapping` names, in the order the catalogs first appear (spec/preflight.md §6.3).
///
/// # Complexity
/// O(n log n) for n catalog names in the mappings.
pub(super) fn catalog_usage(tree: &Tree) -> Check {
    let mut found = Vec::new();
    for op in &tree.operators {
        let Some(mapping) = get(&op.config, "fbc")
            .and_then(|f| get(f, "catalog_mapping"))
            .and_then(Value::as_array)
        else {
            continue;
        };
        // Each catalog's templates, catalogs in order of first appearance.
        let mut order: Vec<String> = Vec::new();
        let mut templates: std::collections::HashMap<String, Vec<String>> =
            std::collections::HashMap::new();
        for t in mapping {
            let name = get(t, "template_name").unwrap_or(&Value::Null);
            let name = super::python::repr(name);
            let catalogs = get(t, "catalog_names").and_then(Value::as_array);
            for c in catalogs.into_iter().flatten() {
                let key = str_of(c);
                let list = templates.entry(key.clone()).or_default();
                if list.is_empty() {
                    order.push(key);
                }
                list.push(name.clone());
            }
        }
        for catalog in order {
            let names = &templates[&catalog];
            if names.len() > 1 {
                found.push((
                    Outcome::Fail,
                    format!(
                        "Operator's 'ci.yaml' contains multiple templates '[{}]' for the same catalog '{catalog}'.",
                        names.join(", ")
                    ),
                ));
            }
        }
    }
    Check::from_findings(CATALOG_USAGE, found)
}
