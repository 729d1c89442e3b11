//! Pre-flight checks: the checks a publishing pipeline runs on an operator's catalog, each under
//! the pipeline's own check name and with its own message text, run before the pull request is
//! opened ([docs/spec/preflight.md](../../../../docs/spec/preflight.md)). Three pipelines:
//! operator-pipelines' community and certified (ISV) suites, and Konflux's `fbc-builder`.
//!
//! A few checks are computed here (`graph_checks`: `check_upgrade_graph_loop`,
//! `check_dangling_bundles`; `pruning`: `fbc-target-index-pruning-check`); every other check
//! the pipeline runs is listed with the result `skip` and the reason, so that the table shows
//! what was and was not run (spec/preflight.md §4).

pub mod graph_checks;
pub mod locate;
pub mod pruning;

use serde::Serialize;

use crate::model::Catalog;

/// The pipeline whose checks are run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Pipeline {
    /// operator-pipelines' community suites (`community`, `common`): community-operators-prod.
    Community,
    /// operator-pipelines' ISV suites (`isv`, `common`): certified-operators.
    Certified,
    /// Konflux's `fbc-builder` pipeline: an FBC fragment built for a target index.
    Konflux,
}

crate::choice::spelled_choice!(
    Pipeline, "pipeline",
    Community => "community": "operator-pipelines' community suites (community-operators-prod)",
    Certified => "certified": "operator-pipelines' ISV suites (certified-operators)",
    Konflux => "konflux": "Konflux's fbc-builder pipeline (an FBC fragment and its target index)",
);

/// A check's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Pass,
    Fail,
    Warn,
    /// Not run by olm-graph; the first message says why.
    Skip,
}

crate::choice::spelled_choice!(
    Outcome, "check result",
    Pass => "pass",
    Fail => "fail",
    Warn => "warn",
    Skip => "skip",
);

/// One check of the pipeline: its name, its result and its messages, in the pipeline's words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Check {
    pub name: String,
    pub result: Outcome,
    pub messages: Vec<String>,
}

impl Check {
    /// `fail` when there is a message, `pass` otherwise: a check whose every message is a
    /// failure (spec/preflight.md §2).
    pub fn failing_on_messages(name: &str, messages: Vec<String>) -> Check {
        let result = if messages.is_empty() {
            Outcome::Pass
        } else {
            Outcome::Fail
        };
        Check {
            name: name.to_string(),
            result,
            messages,
        }
    }

    /// A check olm-graph does not run, with the reason.
    pub fn skipped(name: &str, reason: &str) -> Check {
        Check {
            name: name.to_string(),
            result: Outcome::Skip,
            messages: vec![reason.to_string()],
        }
    }
}

/// Every check of one pipeline, in the pipeline's order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    pub pipeline: Pipeline,
    pub checks: Vec<Check>,
}

impl Report {
    /// Some check failed.
    ///
    /// # Complexity
    /// O(C) for C checks.
    pub fn failed(&self) -> bool {
        self.checks.iter().any(|c| c.result == Outcome::Fail)
    }
}

/// Why a check is not run (spec/preflight.md §4).
const NOT_YET: &str = "not implemented in olm-graph yet";
const NEEDS_REGISTRY: &str = "needs a registry";
const NEEDS_API: &str =
    "needs the pipeline's OpenShift-versions service (a network service olm-graph does not call)";
const NEEDS_OPERATOR_SDK: &str =
    "runs operator-sdk bundle validate: not implemented in olm-graph yet";

/// The community pipeline's checks: suites `community` then `common`, in each the operator,
/// bundle and catalog modules, each alphabetical (spec/preflight.md §1). `None`: run here.
const COMMUNITY: &[(&str, Option<&str>)] = &[
    ("check_ci_upgrade_graph", Some(NOT_YET)),
    ("check_operator_name_unique", Some(NOT_YET)),
    ("check_upgrade_graph_loop", None),
    ("check_api_version_constraints", Some(NOT_YET)),
    ("check_dangling_bundles", None),
    (
        "check_osdk_bundle_validate_operator_framework",
        Some(NEEDS_OPERATOR_SDK),
    ),
    (
        "check_osdk_bundle_validate_operatorhub",
        Some(NEEDS_OPERATOR_SDK),
    ),
    ("check_required_fields", Some(NOT_YET)),
    ("check_using_fbc", Some(NOT_YET)),
];

/// The certified pipeline's own suite, `isv` (spec/preflight.md §1).
const ISV: &[(&str, Option<&str>)] = &[
    ("check_marketplace_annotation", Some(NOT_YET)),
    ("check_pruned_graph", Some(NOT_YET)),
];

/// The `common` suite both operator-pipelines pipelines run after their own.
const COMMON: &[(&str, Option<&str>)] = &[
    ("check_catalog_usage_ci_config", Some(NOT_YET)),
    ("check_schema_operator_ci_config", Some(NOT_YET)),
    ("check_bundle_release_config", Some(NOT_YET)),
    ("check_network_policy_presence", Some(NOT_YET)),
    ("check_operator_name", Some(NOT_YET)),
    ("check_operator_version_directory_name", Some(NOT_YET)),
    ("check_replaces_availability", Some(NEEDS_API)),
    ("check_validate_schema_bundle_release_config", Some(NOT_YET)),
    ("check_bundle_images_in_fbc", Some(NOT_YET)),
    ("check_olm_bundle_object_in_fbc", Some(NOT_YET)),
];

/// Konflux's `fbc-builder` checks, in the pipeline's task order (spec/preflight.md §1).
const KONFLUX: &[(&str, Option<&str>)] = &[
    ("deprecated-base-image-check", Some(NEEDS_REGISTRY)),
    ("validate-fbc", Some(NEEDS_REGISTRY)),
    (pruning::CHECK, None),
    ("fbc-fips-check-oci-ta", Some(NEEDS_REGISTRY)),
];

/// Runs `pipeline`'s checks on `catalog` (the operator, or for Konflux the FBC fragment);
/// `targets` are the target indexes of Konflux's pruning check (none: that check is skipped).
///
/// # Complexity
/// What [`graph_checks::upgrade_graph_loop`], [`graph_checks::dangling_bundles`] and
/// [`pruning::target_index_pruning`] cost; O(1) for the skipped checks.
pub fn run(pipeline: Pipeline, catalog: &Catalog, targets: &[Catalog]) -> Report {
    let tables: &[&[(&str, Option<&str>)]] = match pipeline {
        Pipeline::Community => &[COMMUNITY, COMMON],
        Pipeline::Certified => &[ISV, COMMON],
        Pipeline::Konflux => &[KONFLUX],
    };
    let mut checks = Vec::new();
    for (name, skip) in tables.iter().flat_map(|t| t.iter()) {
        let check = match (*name, skip) {
            (_, Some(reason)) => Check::skipped(name, reason),
            (graph_checks::LOOP, None) => graph_checks::upgrade_graph_loop(catalog),
            (graph_checks::DANGLING, None) => graph_checks::dangling_bundles(catalog),
            (_, None) => pruning::target_index_pruning(catalog, targets),
        };
        checks.push(check);
    }
    Report { pipeline, checks }
}
