//! The state indexed for look-ups, the catalogs given, and what the verdicts share: findings,
//! resolution with [`resolve_path`], the `path` document's hops and arguments
//! ([spec/cluster.md](../../../../docs/spec/cluster.md) §2).

use std::collections::HashMap;

use super::objects::*;
use super::report::*;
use crate::change::{resolve_template, ClusterValues, Dialect};
use crate::diag::{Diagnostic, Rule, Severity};
use crate::model::Catalog;
use crate::openshift::OpenShiftVersion;
use crate::resolve::{resolve_path, PathOptions, Resolver, UpgradeConstraintPolicy, UpgradePath};
use crate::sort::SortWith;

/// The state indexed for look-ups, and the catalogs.
pub(super) struct Context<'a> {
    pub state: &'a ClusterState,
    catalogs: &'a [GivenCatalog<'a>],
    plans: HashMap<(&'a str, &'a str), &'a InstallPlan>,
    csvs: HashMap<(&'a str, &'a str), &'a Csv>,
    groups: HashMap<&'a str, Vec<&'a OperatorGroup>>,
    sources: HashMap<(&'a str, &'a str), &'a CatalogSource>,
}

impl<'a> Context<'a> {
    pub(super) fn new(state: &'a ClusterState, catalogs: &'a [GivenCatalog<'a>]) -> Self {
        let key = |m: &'a Meta| (m.namespace.as_str(), m.name.as_str());
        let mut groups: HashMap<&str, Vec<&OperatorGroup>> = HashMap::new();
        for g in &state.operator_groups {
            groups.entry(g.meta.namespace.as_str()).or_default().push(g);
        }
        Context {
            state,
            catalogs,
            plans: state
                .install_plans
                .iter()
                .map(|p| (key(&p.meta), p))
                .collect(),
            csvs: state.csvs.iter().map(|c| (key(&c.meta), c)).collect(),
            groups,
            sources: state
                .catalog_sources
                .iter()
                .map(|c| (key(&c.meta), c))
                .collect(),
        }
    }

    pub(super) fn install_plan(&self, ns: &str, name: &str) -> Option<&'a InstallPlan> {
        self.plans.get(&(ns, name)).copied()
    }

    pub(super) fn csv(&self, ns: &str, name: &str) -> Option<&'a Csv> {
        self.csvs.get(&(ns, name)).copied()
    }

    pub(super) fn catalog_source(&self, ns: &str, name: &str) -> Option<&'a CatalogSource> {
        self.sources.get(&(ns, name)).copied()
    }

    pub(super) fn operator_groups(&self, ns: &str) -> Vec<&'a OperatorGroup> {
        self.groups.get(ns).cloned().unwrap_or_default()
    }

    /// Whether any OperatorGroup was read at all (a dump of Subscriptions alone says nothing
    /// of them).
    pub(super) fn has_operator_groups(&self) -> bool {
        !self.state.operator_groups.is_empty()
    }

    /// The catalog given for a Subscription's CatalogSource (`name` or `namespace/name`), else
    /// one given for every operator that holds the package.
    pub(super) fn catalog_for_v0(&self, sub: &Subscription) -> Option<&'a GivenCatalog<'a>> {
        let full = format!("{}/{}", sub.source_namespace, sub.source);
        let named = self
            .catalogs
            .iter()
            .find(|g| g.source.is_some_and(|s| s == full || s == sub.source));
        named.or_else(|| self.any_catalog(&sub.package))
    }

    /// The catalogs named after ClusterCatalogs that hold the package, highest
    /// `spec.priority` first, then the ones given for every operator.
    pub(super) fn catalogs_for_v1(&self, package: &str) -> Vec<&'a GivenCatalog<'a>> {
        let mut named: Vec<&GivenCatalog> = self
            .catalogs
            .iter()
            .filter(|g| g.source.is_some() && g.catalog.package(package).is_some())
            .collect();
        named.sort_keyed(|g| std::cmp::Reverse(self.priority_of(g)));
        named.extend(
            self.catalogs
                .iter()
                .filter(|g| g.source.is_none() && g.catalog.package(package).is_some()),
        );
        named
    }

    /// The `spec.priority` of the ClusterCatalog a catalog was given for (0 when it was given
    /// for every operator, or the state has no such ClusterCatalog), as OLM v1 reads it: a
    /// 32-bit integer.
    pub(super) fn priority_of(&self, g: &GivenCatalog) -> i32 {
        let Some(name) = g.source else {
            return 0;
        };
        let p = self
            .state
            .cluster_catalogs
            .iter()
            .find(|c| c.meta.name == name)
            .map_or(0, |c| c.priority);
        i32::try_from(p).unwrap_or(if p < 0 { i32::MIN } else { i32::MAX })
    }

    fn any_catalog(&self, package: &str) -> Option<&'a GivenCatalog<'a>> {
        let bare = || self.catalogs.iter().filter(|g| g.source.is_none());
        bare()
            .find(|g| g.catalog.package(package).is_some())
            .or_else(|| bare().next())
    }

    /// The finding of an operator no catalog was given for.
    pub(super) fn no_catalog_finding(&self, package: &str) -> Diagnostic {
        let why = if self.catalogs.is_empty() {
            "no catalog was given (--catalog PATH)".to_string()
        } else {
            format!("no catalog given serves this operator (--catalog SOURCE=PATH), or none holds package {package}")
        };
        finding(Rule::ClusterNoCatalog, Severity::Info, format!("{why}: the verdict comes from the cluster's objects alone, and next is not resolved"))
    }

    /// The version of an installed bundle: its CSV's `spec.version`, else the catalog's bundle,
    /// else the version in its name.
    pub(super) fn version_of(
        &self,
        ns: &str,
        name: &str,
        joined: Option<&GivenCatalog>,
        package: &str,
    ) -> Option<String> {
        if let Some(v) = self
            .csv(ns, name)
            .map(|c| c.version.clone())
            .filter(|v| !v.is_empty())
        {
            return Some(v);
        }
        let from_catalog = joined
            .and_then(|g| g.catalog.package(package))
            .and_then(|p| p.bundle(name))
            .and_then(|b| b.version.as_ref())
            .map(ToString::to_string);
        from_catalog.or_else(|| crate::infer::version_from_name(name).map(|v| v.to_string()))
    }

    /// What a CatalogSource's `olm.catalogImageTemplate` resolves to on the cluster's
    /// OpenShift version, and whether the CatalogSource runs that image.
    pub(super) fn image_template_findings(
        &self,
        source: Option<&CatalogSource>,
    ) -> Vec<Diagnostic> {
        let Some(cs) = source.filter(|c| !c.image_template.is_empty()) else {
            return Vec::new();
        };
        let Some(cv) = self
            .state
            .cluster_versions
            .first()
            .filter(|v| !v.version.is_empty())
        else {
            return Vec::new();
        };
        let values = ClusterValues {
            kube_version: kube_of(&cv.version),
            ocp_version: Some(cv.version.clone()),
            ocp_update_channels: Some(cv.channel.clone()).filter(|c| !c.is_empty()),
            ..ClusterValues::default()
        };
        let r = resolve_template(&cs.image_template, &values, Dialect::Extended);
        let key = cs.meta.key();
        let f = if !r.ok {
            finding(Rule::ClusterCatalogImage, Severity::Warning, format!("CatalogSource {key}'s olm.catalogImageTemplate {} does not resolve on OpenShift {}: {}", cs.image_template, cv.version, r.message))
        } else if r.resolved_image == cs.image {
            finding(Rule::ClusterCatalogImage, Severity::Info, format!("CatalogSource {key}'s olm.catalogImageTemplate resolves to {} on OpenShift {}, the image it runs", r.resolved_image, cv.version))
        } else {
            finding(Rule::ClusterCatalogImage, Severity::Warning, format!("CatalogSource {key}'s olm.catalogImageTemplate resolves to {} on OpenShift {}, but it runs {}: the catalog has not been switched yet", r.resolved_image, cv.version, cs.image))
        };
        vec![f]
    }
}

/// The Kubernetes version an OpenShift 4 version ships ([`OpenShiftVersion::kube`]); the
/// patch level is not known from the OpenShift version, so only MAJOR.MINOR is given.
fn kube_of(ocp: &str) -> Option<String> {
    let kube = OpenShiftVersion::of_label(ocp)?.kube()?;
    Some(format!("{}.{}", kube.major, kube.minor))
}

/// A finding about one operator: a diagnostic with its rule, severity and message.
pub(super) fn finding(rule: Rule, severity: Severity, message: String) -> Diagnostic {
    Diagnostic::new(severity, rule, message)
}

/// A resolved path.
pub(super) struct Resolved {
    pub path: UpgradePath,
}

/// [`resolve_path`], its error kept as a finding.
pub(super) fn resolve(
    catalog: &Catalog,
    package: &str,
    from: &str,
    options: &PathOptions,
    findings: &mut Vec<Diagnostic>,
) -> Option<Resolved> {
    match resolve_path(catalog, package, from, options, None) {
        Ok(path) => Some(Resolved { path }),
        Err(e) => {
            findings.push(finding(Rule::ClusterResolve, Severity::Error, e.message));
            None
        }
    }
}

/// The hops of `olm-graph path --json`.
pub(super) fn hops(path: &UpgradePath) -> Vec<serde_json::Value> {
    match serde_json::to_value(path.document()) {
        Ok(serde_json::Value::Object(mut m)) => match m.remove("hops") {
            Some(serde_json::Value::Array(h)) => h,
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// The bundle OLM moves to after the failed hop, if the path goes on.
pub(super) fn next_after(path: &UpgradePath) -> Option<String> {
    let failed = path.hops.iter().position(|h| h.failed)?;
    path.hops.get(failed + 1).map(|h| h.to.clone())
}

/// The `olm-graph path` arguments (after the catalog) that resolve the same path.
pub(super) fn path_args(package: &str, from: &str, o: &PathOptions) -> Vec<String> {
    let mut a = vec!["-p".into(), package.into(), "--from".into(), from.into()];
    if let Some(c) = &o.channel {
        a.extend(["-c".into(), c.clone()]);
    }
    if let Some(v) = &o.installed_version {
        a.extend(["--installed-version".into(), v.to_string()]);
    }
    if o.resolver == Resolver::V1 {
        a.extend(["--resolver".into(), "v1".into()]);
        if !o.channels.is_empty() {
            a.extend(["--channels".into(), o.channels.join(",")]);
        }
        if let Some(v) = &o.version {
            a.extend(["--version".into(), v.text().to_string()]);
        }
        if o.policy == UpgradeConstraintPolicy::SelfCertified {
            a.push("--self-certified".into());
        }
    }
    if let Some(f) = &o.failure {
        a.extend([
            "--fail".into(),
            f.bundle.clone(),
            "--failure".into(),
            f.kind.as_str().into(),
            "--strategy".into(),
            f.strategy.as_str().into(),
        ]);
    }
    a
}
