//! operator-pipelines' checks of a bundle's `release-config.yaml` (suite `common`):
//! `check_bundle_release_config` (against `ci.yaml`) and
//! `check_validate_schema_bundle_release_config` (against its schema), run on the bundle under
//! test of each operator (spec/preflight.md §7).

use serde_json::Value;

use super::python::{fbc_enabled, get, repr, str_of, truthy};
use super::schema::{violations, RELEASE_CONFIG};
use super::tree::{OperatorDir, Tree};
use super::{Check, Outcome};

/// The pipeline's name of the consistency check.
pub(super) const CONSISTENCY: &str = "check_bundle_release_config";
/// The pipeline's name of the schema check.
pub(super) const SCHEMA: &str = "check_validate_schema_bundle_release_config";

/// The channels a semver template may name (spec/preflight.md §7.1).
const SEMVER_CHANNELS: [&str; 3] = ["Fast", "Candidate", "Stable"];

/// Each operator with the release config of its bundle under test, when it has a non-empty one.
fn release_configs(tree: &Tree) -> impl Iterator<Item = (&OperatorDir, &Value)> {
    tree.operators.iter().filter_map(|op| {
        let rc = op.bundle_under_test()?.release_config.as_ref()?;
        truthy(rc).then_some((op, rc))
    })
}

/// One template of the release config against the `catalog_mapping` of `ci.yaml`.
fn template_findings(template: &Value, mapping: &[Value], out: &mut Vec<(Outcome, String)>) {
    let Some(name) = get(template, "template_name") else {
        return;
    };
    // The pipeline keys the mapping by template name: the last entry of a name counts.
    let Some(mapped) = mapping
        .iter()
        .rev()
        .find(|m| get(m, "template_name") == Some(name))
    else {
        out.push((
            Outcome::Fail,
            format!(
                "Bundle's 'release-config.yaml' contains a catalog template '{}' that is not defined in the ci.yaml file under 'catalog_mapping'. Add the template to the 'catalog_mapping.",
                str_of(name)
            ),
        ));
        return;
    };
    if get(mapped, "type").and_then(Value::as_str) != Some("olm.semver") {
        return;
    }
    let Some(channels) = get(template, "channels") else {
        return;
    };
    let allowed = channels.as_array().is_some_and(|l| {
        l.iter()
            .all(|c| SEMVER_CHANNELS.iter().any(|a| c.as_str() == Some(*a)))
    });
    if !allowed {
        out.push((
            Outcome::Fail,
            format!(
                "Bundle's 'release-config.yaml' contains a semver catalog template '{}' with invalid channels: {}. Allowed channels are: ['Fast', 'Candidate', 'Stable']. Follow olm [documentation](https://olm.operatorframework.io/docs/reference/catalog-templates/#specification) to see more details about semver template.",
                str_of(name),
                repr(channels)
            ),
        ));
    }
}

/// `check_bundle_release_config`: a release config needs `fbc.enabled`, each of its templates
/// a `catalog_mapping` entry of that name, and a semver template only the semver channels
/// (spec/preflight.md §7.1).
///
/// # Complexity
/// O(T · M) per operator for T templates and M mapping entries.
pub(super) fn consistency(tree: &Tree) -> Check {
    let mut found = Vec::new();
    for (op, rc) in release_configs(tree) {
        if !fbc_enabled(&op.config) {
            found.push((
                Outcome::Fail,
                "Bundle's 'release-config.yaml' is used but FBC is not enabled for the operator. Update the 'fbc.enabled' field in the ci.yaml file.".to_string(),
            ));
            continue;
        }
        let mapping = get(&op.config, "fbc")
            .and_then(|f| get(f, "catalog_mapping"))
            .and_then(Value::as_array)
            .map_or(&[][..], Vec::as_slice);
        let templates = get(rc, "catalog_templates").and_then(Value::as_array);
        for t in templates.into_iter().flatten() {
            template_findings(t, mapping, &mut found);
        }
    }
    Check::from_findings(CONSISTENCY, found)
}

/// `check_validate_schema_bundle_release_config`: every violation of the release config's
/// schema, sorted (spec/preflight.md §7.2).
///
/// # Complexity
/// O(n log n) in the size n of the release configs.
pub(super) fn schema(tree: &Tree) -> Check {
    let mut found = Vec::new();
    for (_, rc) in release_configs(tree) {
        for v in violations(&RELEASE_CONFIG, rc) {
            found.push((
                Outcome::Fail,
                format!(
                    "Bundle's 'release-config.yaml' contains invalid data which does not comply with the schema: {v}"
                ),
            ));
        }
    }
    Check::from_findings(SCHEMA, found)
}
