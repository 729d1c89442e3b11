//! The cluster objects olm-graph reads, with the fields it relies on, spelled as OLM's API types
//! spell them ([spec/cluster.md](../../../../docs/spec/cluster.md) §1).

use serde::{Deserialize, Serialize};

/// Where an object came from: its file and the line of its first key.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Origin {
    /// The file, as given.
    pub file: String,
    /// 1-based line of the object's first key.
    pub line: usize,
    /// 1-based document (or JSON value) of the file.
    pub document: usize,
}

/// `metadata` of a namespaced or cluster-scoped object.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meta {
    /// `metadata.name`.
    pub name: String,
    /// Empty for cluster-scoped objects.
    pub namespace: String,
    /// Where the object was read (serialized for the web app's worker, which reads cluster
    /// state off the page's thread; no report prints a `Meta`).
    pub origin: Origin,
}

impl Meta {
    /// `namespace/name`, or `name` for a cluster-scoped object.
    ///
    /// # Complexity
    /// O(length of the two names).
    pub fn key(&self) -> String {
        if self.namespace.is_empty() {
            self.name.clone()
        } else {
            format!("{}/{}", self.namespace, self.name)
        }
    }
}

/// One entry of `status.conditions`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Condition {
    /// `type` (`Installed`, `Progressing`, `ResolutionFailed`…).
    #[serde(rename = "type")]
    pub kind: String,
    /// `status`: `True`, `False` or `Unknown`.
    pub status: String,
    /// `reason`, a CamelCase word.
    pub reason: String,
    /// `message`, in the controller's words.
    pub message: String,
}

impl Condition {
    /// True when `status` is `True`.
    ///
    /// # Complexity
    /// O(1).
    pub fn is_true(&self) -> bool {
        self.status == "True"
    }
}

/// The condition of a type, when the list has one (the last one wins, as a merge would keep).
///
/// # Complexity
/// O(c) for c conditions.
pub fn condition<'c>(conditions: &'c [Condition], kind: &str) -> Option<&'c Condition> {
    conditions.iter().rev().find(|c| c.kind == kind)
}

/// `operators.coreos.com` Subscription (OLM v0).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Subscription {
    /// Its `metadata`.
    pub meta: Meta,
    /// `spec.name`: the package.
    pub package: String,
    /// `spec.channel`; empty means the package's default channel.
    pub channel: String,
    /// `spec.source`: the CatalogSource's name.
    pub source: String,
    /// `spec.sourceNamespace`.
    pub source_namespace: String,
    /// `spec.startingCSV`.
    pub starting_csv: String,
    /// `spec.installPlanApproval`: `Automatic` (also when empty) or `Manual`.
    pub approval: String,
    /// `status.installedCSV`.
    pub installed_csv: String,
    /// `status.currentCSV`.
    pub current_csv: String,
    /// `status.state`: `UpgradeAvailable`, `UpgradePending`, `AtLatestKnown`, `UpgradeFailed`
    /// or empty.
    pub state: String,
    /// `status.installPlanRef.name`, else the deprecated `status.installplan.name`.
    pub install_plan: String,
    /// `status.conditions`.
    pub conditions: Vec<Condition>,
    /// `status.catalogHealth`: each CatalogSource's `namespace/name` and `healthy`.
    pub catalog_health: Vec<(String, bool)>,
}

/// `operators.coreos.com` InstallPlan.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct InstallPlan {
    /// Its `metadata`.
    pub meta: Meta,
    /// `spec.clusterServiceVersionNames`.
    pub csv_names: Vec<String>,
    /// `spec.approval`.
    pub approval: String,
    /// `spec.approved`.
    pub approved: bool,
    /// `status.phase`: `Planning`, `RequiresApproval`, `Installing`, `Complete`, `Failed`.
    pub phase: String,
    /// `status.conditions`.
    pub conditions: Vec<Condition>,
    /// `status.message`, set when a bundle could not be unpacked.
    pub message: String,
}

/// `operators.coreos.com` ClusterServiceVersion.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Csv {
    /// Its `metadata`.
    pub meta: Meta,
    /// `spec.version`.
    pub version: String,
    /// `spec.replaces`.
    pub replaces: String,
    /// `status.phase`: `Pending`, `InstallReady`, `Installing`, `Succeeded`, `Failed`,
    /// `Replacing`, `Deleting`, `Unknown`.
    pub phase: String,
    /// `status.reason`.
    pub reason: String,
    /// `status.message`.
    pub message: String,
}

/// `operators.coreos.com` OperatorGroup.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OperatorGroup {
    /// Its `metadata`.
    pub meta: Meta,
    /// `spec.upgradeStrategy` (a string; the draft's `{name: …}` read too); empty when unset (OLM defaults it to `Default`).
    pub upgrade_strategy: String,
}

/// `operators.coreos.com` CatalogSource.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CatalogSource {
    /// Its `metadata`.
    pub meta: Meta,
    /// `spec.image`.
    pub image: String,
    /// The `olm.catalogImageTemplate` annotation.
    pub image_template: String,
    /// `status.connectionState.lastObservedState` (`READY`, `CONNECTING`,
    /// `TRANSIENT_FAILURE`, …).
    pub last_observed_state: String,
    /// `spec.priority`.
    pub priority: i64,
}

/// `olm.operatorframework.io` ClusterExtension (OLM v1).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClusterExtension {
    /// Its `metadata`.
    pub meta: Meta,
    /// `spec.namespace`: where the extension is installed.
    pub install_namespace: String,
    /// `spec.source.catalog.packageName`.
    pub package: String,
    /// `spec.source.catalog.version`: a Masterminds constraint, or empty.
    pub version: String,
    /// `spec.source.catalog.channels`.
    pub channels: Vec<String>,
    /// `spec.source.catalog.upgradeConstraintPolicy`; empty means `CatalogProvided`.
    pub policy: String,
    /// `status.install.bundle.name`.
    pub installed_bundle: String,
    /// `status.install.bundle.version`.
    pub installed_version: String,
    /// `status.install.bundle.release`: a re-publication of the same version; empty when unset.
    pub installed_release: String,
    /// `status.conditions`.
    pub conditions: Vec<Condition>,
}

/// `olm.operatorframework.io` ClusterCatalog.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClusterCatalog {
    /// Its `metadata`.
    pub meta: Meta,
    /// `spec.source.image.ref`.
    pub image: String,
    /// `spec.priority` (0 when unset).
    pub priority: i64,
    /// `spec.availabilityMode`: `Available` (also when empty) or `Unavailable`.
    pub availability: String,
    /// `status.conditions`.
    pub conditions: Vec<Condition>,
}

/// `config.openshift.io` ClusterVersion.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClusterVersion {
    /// Its `metadata`.
    pub meta: Meta,
    /// `status.desired.version`, else the newest `Completed` entry of `status.history`.
    pub version: String,
    /// `spec.channel`.
    pub channel: String,
}

/// Everything read from a cluster's objects.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ClusterState {
    /// Every Subscription read, in the order read.
    pub subscriptions: Vec<Subscription>,
    /// Every InstallPlan read.
    pub install_plans: Vec<InstallPlan>,
    /// Every ClusterServiceVersion read.
    pub csvs: Vec<Csv>,
    /// Every OperatorGroup read.
    pub operator_groups: Vec<OperatorGroup>,
    /// Every CatalogSource read.
    pub catalog_sources: Vec<CatalogSource>,
    /// Every ClusterExtension read.
    pub cluster_extensions: Vec<ClusterExtension>,
    /// Every ClusterCatalog read.
    pub cluster_catalogs: Vec<ClusterCatalog>,
    /// Every ClusterVersion read (a cluster has one; a must-gather may repeat it).
    pub cluster_versions: Vec<ClusterVersion>,
    /// Objects of other kinds, counted by kind.
    pub skipped: std::collections::BTreeMap<String, usize>,
    /// Objects of other kinds in API groups with a dot (CustomResourceDefinitions and custom
    /// resources, for CRD safety: [spec/crd-safety.md §4](../../../../docs/spec/crd-safety.md)),
    /// as JSON with their `apiVersion` and `kind`.
    pub others: Vec<serde_json::Value>,
    /// Every problem met while reading, with file, line and field.
    pub diagnostics: Vec<crate::diag::Diagnostic>,
}

impl ClusterState {
    /// Adds what `other` read after what this state read.
    ///
    /// # Complexity
    /// O(size of `other`).
    pub fn append(&mut self, mut other: ClusterState) {
        self.subscriptions.append(&mut other.subscriptions);
        self.install_plans.append(&mut other.install_plans);
        self.csvs.append(&mut other.csvs);
        self.operator_groups.append(&mut other.operator_groups);
        self.catalog_sources.append(&mut other.catalog_sources);
        self.cluster_extensions
            .append(&mut other.cluster_extensions);
        self.cluster_catalogs.append(&mut other.cluster_catalogs);
        self.cluster_versions.append(&mut other.cluster_versions);
        self.others.append(&mut other.others);
        for (kind, n) in other.skipped {
            *self.skipped.entry(kind).or_insert(0) += n;
        }
        self.diagnostics.append(&mut other.diagnostics);
    }

    /// How many objects of the kinds olm-graph reads were read.
    ///
    /// # Complexity
    /// O(1).
    pub fn object_count(&self) -> usize {
        self.subscriptions.len()
            + self.install_plans.len()
            + self.csvs.len()
            + self.operator_groups.len()
            + self.catalog_sources.len()
            + self.cluster_extensions.len()
            + self.cluster_catalogs.len()
            + self.cluster_versions.len()
    }
}
