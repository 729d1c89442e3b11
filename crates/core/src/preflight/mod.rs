//! Pre-flight checks: the checks a publishing pipeline runs on an operator's catalog, each under
//! the pipeline's own check name and with its own message text, run before the pull request is
//! opened ([docs/spec/preflight.md](../../../../docs/spec/preflight.md)). Three pipelines:
//! operator-pipelines' community and certified (ISV) suites, and Konflux's `fbc-builder`.
//!
//! Checks computed here: on the upgrade graph (`graph_checks`: `check_upgrade_graph_loop`,
//! `check_dangling_bundles`), on an FBC fragment and its target index (`pruning`:
//! `fbc-target-index-pruning-check`), and on the operator's files as `tree` finds them
//! (`ci_config`: the `ci.yaml` checks; `release_config`: a bundle's release config;
//! `pruned_graph`: a skipRange without replaces; `bundle_checks`: operator names, FBC,
//! NetworkPolicies; `api_versions`: minKubeVersion against the OpenShift versions;
//! `validate_fbc`: Konflux's fragment checks that need no registry; `osdk`: operator-sdk's
//! validators, with `osdk_bundle` (the bundle and CRD validators) and `osdk_practices` (the
//! removed-API and good-practices validators);
//! `fbc_catalogs`: the operator catalogs; `bundle_names`: the names of the bundle under
//! test; `replaces` with the OpenShift-version table of `openshift`; `required_fields` with
//! the timestamps of `isotime`; over the `schema` data and Python's printing in `python`). Every other check the pipeline runs is listed with the result `skip` and the
//! reason, so that the table shows what was and was not run (spec/preflight.md §4).

//! The checks are private modules: a user of core runs a pipeline ([`run`],
//! [`run_with_files`], [`run_with_options`]) and reads its [`Report`]; [`default_pipeline`],
//! [`message_location`] and [`MessageLocator`] place its messages, and `openshift` is the
//! table of OpenShift versions a command line's `--ocp` is read against.

mod api_versions;
mod bundle_checks;
mod bundle_names;
mod ci_config;
mod fbc_catalogs;
mod graph_checks;
mod isotime;
mod locate;
pub mod openshift;
mod osdk;
mod osdk_bundle;
mod osdk_csv;
mod osdk_practices;
mod pruned_graph;
mod pruning;
mod python;
mod release_config;
mod replaces;
mod required_fields;
mod schema;
mod tree;
mod validate_fbc;

pub use locate::{default_pipeline, message_location, MessageLocator};

use serde::{Deserialize, Serialize};

use crate::load::InputFile;
use crate::model::Catalog;
use tree::Tree;

/// The pipeline whose checks are run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The check passed (its messages, if any, are notes).
    Pass,
    /// The check failed: the pipeline stops the pull request.
    Fail,
    /// The check warned: the pipeline goes on.
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Check {
    /// The pipeline's name of the check (`check_upgrade_graph_loop`).
    pub name: String,
    /// How it ended.
    pub result: Outcome,
    /// Its messages, in the pipeline's words.
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

    /// The results a check yielded, each a failure or a warning with its message: `fail` when
    /// one failed, else `warn` when one warned, else `pass`; a message repeated (by several
    /// bundles or operators) is kept once (spec/preflight.md §5.1).
    ///
    /// # Complexity
    /// O(M log M) for M findings.
    pub fn from_findings(name: &str, findings: Vec<(Outcome, String)>) -> Check {
        let result = if findings.iter().any(|(o, _)| *o == Outcome::Fail) {
            Outcome::Fail
        } else if findings.iter().any(|(o, _)| *o == Outcome::Warn) {
            Outcome::Warn
        } else {
            Outcome::Pass
        };
        let mut seen = std::collections::HashSet::new();
        let messages = findings
            .into_iter()
            .filter_map(|(_, m)| seen.insert(m.clone()).then_some(m))
            .collect();
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// The pipeline whose checks these are.
    pub pipeline: Pipeline,
    /// Its checks, in its order.
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

    /// How many checks ended each way: `1 failed, 2 passed, 0 warned, 17 skipped` as it is
    /// printed (the command line's table and reports, the app's Findings tab).
    ///
    /// # Complexity
    /// O(C) for C checks.
    pub fn counts(&self) -> String {
        let n = |o: Outcome| self.checks.iter().filter(|c| c.result == o).count();
        format!(
            "{} failed, {} passed, {} warned, {} skipped",
            n(Outcome::Fail),
            n(Outcome::Pass),
            n(Outcome::Warn),
            n(Outcome::Skip)
        )
    }
}

/// Why a check is not run (spec/preflight.md §4).
const NOT_YET: &str = "not implemented in olm-graph yet";
const NEEDS_REGISTRY: &str = "needs a registry";

/// The community pipeline's checks: suites `community` then `common`, in each the operator,
/// bundle and catalog modules, each alphabetical (spec/preflight.md §1). `None`: run here.
const COMMUNITY: &[(&str, Option<&str>)] = &[
    (ci_config::UPGRADE_GRAPH, None),
    (bundle_checks::NAME_UNIQUE, None),
    ("check_upgrade_graph_loop", None),
    (api_versions::CHECK, None),
    ("check_dangling_bundles", None),
    (osdk::OPERATOR_FRAMEWORK, None),
    (osdk::OPERATORHUB, None),
    (required_fields::CHECK, None),
    (bundle_checks::USING_FBC, None),
];

/// The certified pipeline's own suite, `isv` (spec/preflight.md §1).
const ISV: &[(&str, Option<&str>)] = &[
    (bundle_checks::MARKETPLACE, None),
    (pruned_graph::CHECK, None),
];

/// The `common` suite both operator-pipelines pipelines run after their own.
const COMMON: &[(&str, Option<&str>)] = &[
    (ci_config::CATALOG_USAGE, None),
    (ci_config::SCHEMA, None),
    (release_config::CONSISTENCY, None),
    (bundle_checks::NETWORK_POLICY, None),
    (bundle_names::OPERATOR_NAME, None),
    (bundle_names::VERSION_DIRECTORY, None),
    (replaces::CHECK, None),
    (release_config::SCHEMA, None),
    (fbc_catalogs::IMAGES, None),
    (fbc_catalogs::BUNDLE_OBJECT, None),
];

/// Konflux's `fbc-builder` checks, in the pipeline's task order (spec/preflight.md §1).
const KONFLUX: &[(&str, Option<&str>)] = &[
    ("deprecated-base-image-check", Some(NEEDS_REGISTRY)),
    (validate_fbc::CHECK, None),
    (pruning::CHECK, None),
    ("fbc-fips-check-oci-ta", Some(NEEDS_REGISTRY)),
];

/// What a check computed from the files needs, and why it is skipped without it.
const NO_FILES: &str =
    "needs the operator's files (ci.yaml, bundle directories, catalogs/): not given";
const NO_OPERATOR: &str =
    "needs an operator directory (ci.yaml or <version>/metadata/annotations.yaml): none in the input";

const NO_CATALOG: &str =
    "needs an operator catalog (catalogs/<version>/<operator>/catalog.yaml): none in the input";

/// What a file check reads: an operator directory, or the operator catalogs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reads {
    Operator,
    Catalogs,
}

/// A check computed from the operator's files.
type FileCheck = fn(&Tree) -> Check;

/// The checks computed from the operator's files: name, function, and what it reads.
const FILE_CHECKS: &[(&str, FileCheck, Reads)] = &[
    (ci_config::SCHEMA, ci_config::schema, Reads::Operator),
    (
        ci_config::UPGRADE_GRAPH,
        ci_config::upgrade_graph,
        Reads::Operator,
    ),
    (
        ci_config::CATALOG_USAGE,
        ci_config::catalog_usage,
        Reads::Operator,
    ),
    (
        release_config::CONSISTENCY,
        release_config::consistency,
        Reads::Operator,
    ),
    (
        release_config::SCHEMA,
        release_config::schema,
        Reads::Operator,
    ),
    (
        bundle_names::OPERATOR_NAME,
        bundle_names::operator_name,
        Reads::Operator,
    ),
    (
        bundle_names::VERSION_DIRECTORY,
        bundle_names::version_directory,
        Reads::Operator,
    ),
    (replaces::CHECK, replaces::availability, Reads::Operator),
    (
        bundle_checks::NAME_UNIQUE,
        bundle_checks::operator_name_unique,
        Reads::Operator,
    ),
    (
        bundle_checks::USING_FBC,
        bundle_checks::using_fbc,
        Reads::Operator,
    ),
    (osdk::OPERATORHUB, osdk::operatorhub, Reads::Operator),
    (
        osdk::OPERATOR_FRAMEWORK,
        osdk::operator_framework,
        Reads::Operator,
    ),
    (
        bundle_checks::MARKETPLACE,
        bundle_checks::marketplace_annotation,
        Reads::Operator,
    ),
    (
        api_versions::CHECK,
        api_versions::api_version_constraints,
        Reads::Operator,
    ),
    (
        bundle_checks::NETWORK_POLICY,
        bundle_checks::network_policy,
        Reads::Operator,
    ),
    (
        pruned_graph::CHECK,
        pruned_graph::pruned_graph,
        Reads::Operator,
    ),
    (
        required_fields::CHECK,
        required_fields::required_fields,
        Reads::Operator,
    ),
    (fbc_catalogs::IMAGES, fbc_catalogs::images, Reads::Catalogs),
    (
        fbc_catalogs::BUNDLE_OBJECT,
        fbc_catalogs::bundle_object,
        Reads::Catalogs,
    ),
];

/// One check computed here.
fn computed(name: &str, catalog: &Catalog, tree: Option<&Tree>, targets: &[Catalog]) -> Check {
    if let Some(stop) = tree.and_then(|t| graph_checks::before_the_graph(name, t)) {
        return stop;
    }
    match name {
        graph_checks::LOOP => return graph_checks::upgrade_graph_loop(catalog),
        graph_checks::DANGLING => return graph_checks::dangling_bundles(catalog),
        pruning::CHECK => return pruning::target_index_pruning(catalog, targets),
        validate_fbc::CHECK => {
            let ocp = tree.and_then(|t| t.newest_openshift.or(t.fragment_openshift));
            return validate_fbc::validate_fbc(catalog, ocp);
        }
        _ => {}
    }
    let Some(tree) = tree else {
        return Check::skipped(name, NO_FILES);
    };
    let Some((_, f, reads)) = FILE_CHECKS.iter().find(|(n, _, _)| *n == name) else {
        return Check::skipped(name, NOT_YET);
    };
    match reads {
        Reads::Operator if tree.operators.is_empty() => Check::skipped(name, NO_OPERATOR),
        Reads::Catalogs if tree.catalogs.is_empty() => Check::skipped(name, NO_CATALOG),
        _ => f(tree),
    }
}

/// Runs `pipeline`'s checks on `catalog` (the operator, or for Konflux the FBC fragment);
/// `targets` are the target indexes of Konflux's pruning check (none: that check is skipped).
/// The checks that read the operator's files are skipped: [`run_with_files`] runs them.
///
/// # Complexity
/// What [`run_with_files`] costs.
pub fn run(pipeline: Pipeline, catalog: &Catalog, targets: &[Catalog]) -> Report {
    run_inner(pipeline, catalog, None, targets)
}

/// Runs `pipeline`'s checks on `catalog` and on `files`, the input files it was loaded from
/// (its `ci.yaml`, bundle directories and operator catalogs, found by [`Tree::read`]).
///
/// # Complexity
/// What [`run_with_options`] costs.
pub fn run_with_files(
    pipeline: Pipeline,
    catalog: &Catalog,
    files: &[InputFile],
    targets: &[Catalog],
) -> Report {
    run_with_options(pipeline, catalog, files, targets, &Options::default())
}

/// What the command line adds to the checks.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// `--ocp`: the newest OpenShift version of the version table (spec/preflight.md §10.1).
    pub ocp: Option<openshift::OpenShift>,
}

/// [`run_with_files`] with the command line's options.
///
/// # Complexity
/// Reading the files ([`Tree::read`]), then what each check costs: [`graph_checks`] and
/// [`pruning`] as documented there, the file checks linear or O(n log n) in what they read;
/// O(1) for the skipped checks.
pub fn run_with_options(
    pipeline: Pipeline,
    catalog: &Catalog,
    files: &[InputFile],
    targets: &[Catalog],
    options: &Options,
) -> Report {
    let mut tree = Tree::read(files);
    tree.newest_openshift = options.ocp;
    tree.fragment_openshift =
        validate_fbc::version_from_paths(files.iter().map(|f| f.path.as_str()));
    if pipeline == Pipeline::Community {
        osdk_bundle::attach(&mut tree, files);
    }
    run_inner(pipeline, catalog, Some(&tree), targets)
}

fn run_inner(
    pipeline: Pipeline,
    catalog: &Catalog,
    tree: Option<&Tree>,
    targets: &[Catalog],
) -> Report {
    let tables: &[&[(&str, Option<&str>)]] = match pipeline {
        Pipeline::Community => &[COMMUNITY, COMMON],
        Pipeline::Certified => &[ISV, COMMON],
        Pipeline::Konflux => &[KONFLUX],
    };
    let checks = tables
        .iter()
        .flat_map(|t| t.iter())
        .map(|(name, skip)| match skip {
            Some(reason) => Check::skipped(name, reason),
            None => computed(name, catalog, tree, targets),
        })
        .collect();
    Report { pipeline, checks }
}
