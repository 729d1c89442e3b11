//! What `diagnose` says of each operator: the [`OperatorReport`] and its parts, and the
//! catalogs the operators are joined to ([spec/cluster.md](../../../../docs/spec/cluster.md) §2–3).

use serde::Serialize;

use crate::diag::Diagnostic;
use crate::model::{Catalog, Package};
use crate::resolve::UpgradePath;

/// Where an operator stands, one word each ([spec/cluster.md](../../../../docs/spec/cluster.md) §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum State {
    /// `at-latest`: the resolved path has no hop.
    AtLatest,
    /// `upgrade-available`: the resolved path has a hop (`next` is its target).
    UpgradeAvailable,
    /// `awaiting-approval`: the InstallPlan waits for a manual approval.
    AwaitingApproval,
    /// `upgrading`: an InstallPlan or a rollout is under way.
    Upgrading,
    /// `failed-stuck`: an upgrade failed and nothing moves the operator on by itself.
    FailedStuck,
    /// `failed-fail-forward`: an upgrade failed and fail-forward moves past it.
    FailedFailForward,
    /// `resolution-failed`: OLM could not resolve the Subscription.
    ResolutionFailed,
    /// `not-in-catalog`: the catalog neither has the installed bundle nor upgrades from it.
    NotInCatalog,
    /// `catalog-unhealthy`: the Subscription's own CatalogSource is unhealthy.
    CatalogUnhealthy,
    /// `not-installed`: nothing is installed yet.
    NotInstalled,
}

crate::choice::spelled_choice!(
    State,
    "state",
    AtLatest => "at-latest",
    UpgradeAvailable => "upgrade-available",
    AwaitingApproval => "awaiting-approval",
    Upgrading => "upgrading",
    FailedStuck => "failed-stuck",
    FailedFailForward => "failed-fail-forward",
    ResolutionFailed => "resolution-failed",
    NotInCatalog => "not-in-catalog",
    CatalogUnhealthy => "catalog-unhealthy",
    NotInstalled => "not-installed",
);

impl Serialize for State {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Which OLM the operator is installed by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Api {
    /// A Subscription.
    V0,
    /// A ClusterExtension.
    V1,
}

/// The upgrade that failed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FailedUpgrade {
    /// `csv`, `installplan` (OLM v0) or `clusterextension` (OLM v1's Progressing condition).
    pub kind: &'static str,
    /// The bundle whose upgrade failed, when known.
    pub bundle: Option<String>,
    /// The failing object's reason (`InstallComponentFailed`, `Retrying`…).
    pub reason: String,
    /// The failing object's message, verbatim.
    pub message: String,
}

/// A Subscription's `ResolutionFailed` condition: OLM's message verbatim and its clauses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ResolutionFailure {
    /// The condition's reason.
    pub reason: String,
    /// The condition's message, verbatim.
    pub message: String,
    /// The message's clauses: its text after `constraints not satisfiable: `, cut at `, `.
    pub clauses: Vec<String>,
}

/// One operator: what the cluster says, joined to the catalog.
#[derive(Debug, Clone, Serialize)]
pub struct OperatorReport {
    /// Which OLM installs it: a Subscription (v0) or a ClusterExtension (v1).
    pub api: Api,
    /// The Subscription's namespace; for a ClusterExtension, `spec.namespace`.
    pub namespace: String,
    /// The Subscription's or the ClusterExtension's name.
    pub name: String,
    /// The package it installs.
    pub package: String,
    /// The channel followed (a Subscription's `spec.channel`, else the package's default
    /// channel; a ClusterExtension's channels joined with `,`, or null for every channel).
    pub channel: Option<String>,
    /// The same channels as a list, in order: the Subscription's one (or the default
    /// channel), a ClusterExtension's each; empty for every channel. Not in the JSON report,
    /// which keeps `channel`.
    #[serde(skip)]
    pub channels: Vec<String>,
    /// The catalog it is joined to: `namespace/name` of the CatalogSource (v0), the
    /// ClusterCatalog's name or the catalog path as given (v1).
    pub catalog: Option<String>,
    /// The bundle installed (a Subscription's `installedCSV`, a ClusterExtension's
    /// `status.install.bundle.name`).
    pub installed: Option<String>,
    /// The installed bundle's version, as the cluster or the catalog gives it.
    #[serde(rename = "installedVersion")]
    pub installed_version: Option<String>,
    /// A ClusterExtension's `status.install.bundle.release` (v1), when set.
    #[serde(rename = "installedRelease", skip_serializing_if = "Option::is_none")]
    pub installed_release: Option<String>,
    /// Where it stands, one word.
    pub state: State,
    /// The OperatorGroup's `spec.upgradeStrategy` (v0).
    pub strategy: Option<String>,
    /// The Subscription's `installPlanApproval` (v0).
    pub approval: Option<String>,
    /// The upgrade that failed, when one did.
    pub failed: Option<FailedUpgrade>,
    /// The bundle OLM moves to next, as `olm-graph path` resolves it.
    pub next: Option<String>,
    /// The hops of `olm-graph path --json` for the same inputs.
    pub path: Vec<serde_json::Value>,
    /// The verdict explained in sentences.
    pub explanation: String,
    /// The commands that act on the verdict, ready to paste.
    pub commands: Vec<String>,
    /// Findings about the operator, each with its rule (`cluster.*`); printed as code,
    /// severity and message.
    #[serde(serialize_with = "findings_json")]
    pub findings: Vec<Diagnostic>,
    /// The Subscription's `ResolutionFailed` condition, when it is true.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resolution: Option<ResolutionFailure>,
    /// The resolved path, for drawing (not serialized).
    #[serde(skip)]
    pub upgrade: Option<UpgradePath>,
    /// The path across several catalogs (a ClusterExtension whose package several catalogs
    /// given hold), for drawing with each hop's catalog (not serialized; `path` has its hops).
    #[serde(skip)]
    pub across: Option<crate::resolve::CatalogsPath>,
    /// The `olm-graph path` arguments (after the catalog) that resolve the same path.
    #[serde(rename = "pathArgs", skip_serializing_if = "Vec::is_empty")]
    pub path_args: Vec<String>,
}

impl OperatorReport {
    /// The channel a drawing of the operator's package shows: the first of its channels that
    /// `package` has (`None`: the package's default channel view).
    ///
    /// # Complexity
    /// O(K log C) for K channels followed and C channels of the package.
    pub fn drawn_channel(&self, package: &Package) -> Option<&str> {
        self.channels
            .iter()
            .map(String::as_str)
            .find(|c| package.channel(c).is_some())
    }
}

/// Every operator, the kinds skipped, and the reading diagnostics: `diagnose --json`.
#[derive(Debug, Clone, Serialize)]
pub struct Diagnosis {
    /// One report per Subscription and ClusterExtension.
    pub operators: Vec<OperatorReport>,
    /// Objects of kinds olm-graph does not read, counted by kind.
    pub skipped: std::collections::BTreeMap<String, usize>,
    /// What could not be read in the state or the catalogs.
    pub diagnostics: Vec<crate::diag::Diagnostic>,
}

/// A catalog given for the join, and which cluster catalog it stands for.
#[derive(Debug, Clone, Copy)]
pub struct GivenCatalog<'c> {
    /// `None`: it serves every operator. Otherwise a CatalogSource's `name` or
    /// `namespace/name`, or a ClusterCatalog's name.
    pub source: Option<&'c str>,
    /// How the user named it (the path), for reports.
    pub label: &'c str,
    /// The catalog itself.
    pub catalog: &'c Catalog,
}

/// An operator's findings as `diagnose --json` prints them: `code`, `severity`, `message`.
fn findings_json<S: serde::Serializer>(findings: &[Diagnostic], s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Finding<'a> {
        code: &'a str,
        severity: crate::diag::Severity,
        message: &'a str,
    }
    s.collect_seq(findings.iter().map(|d| Finding {
        code: d.code.as_str(),
        severity: d.severity,
        message: &d.message,
    }))
}
