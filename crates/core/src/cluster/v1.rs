//! A ClusterExtension's verdict: the installed bundle, its Installed and Progressing
//! conditions, joined to the catalogs and resolved as `olm-graph path --resolver v1` resolves
//! it ([spec/cluster.md](../../../../docs/spec/cluster.md) §2.3).

use super::context::{finding, hops, path_args, resolve, Context};
use super::objects::*;
use super::report::*;
use crate::diag::Severity;
use crate::masterminds::VersionRange;
use crate::resolve::{PathOptions, Resolver, UpgradeConstraintPolicy};

/// The report of one ClusterExtension.
///
/// # Complexity
/// O(C) for the catalogs given, plus what [`crate::resolve::resolve_path`] costs on the
/// package's channels.
pub(super) fn report(cx: &Context, ce: &ClusterExtension) -> OperatorReport {
    let mut r = base_report(ce);
    let options = options(ce, &mut r.findings);
    let catalogs = cx.catalogs_for_v1(&ce.package);
    if catalogs.len() > 1 {
        let names: Vec<&str> = catalogs
            .iter()
            .map(|g| g.source.unwrap_or(g.label))
            .collect();
        r.findings.push(finding("cluster.catalogs", Severity::Info, format!("several catalogs given hold package {}: {}; the verdict uses {} (the highest spec.priority)", ce.package, names.join(", "), names[0])));
    }
    let joined = catalogs.first().copied();
    r.catalog = joined.map(|g| g.source.unwrap_or(g.label).to_string());
    if joined.is_none() {
        r.findings.push(cx.no_catalog_finding(&ce.package));
    }
    if !ce.installed_bundle.is_empty() {
        if let Some(g) = joined {
            if let Some(res) = resolve(
                g.catalog,
                &ce.package,
                &ce.installed_bundle,
                &options,
                &mut r.findings,
            ) {
                r.path = hops(&res.path);
                r.path_args = path_args(&ce.package, &ce.installed_bundle, &options);
                r.upgrade = Some(res.path);
            }
        }
    }
    verdict(ce, joined, &mut r);
    r
}

fn base_report(ce: &ClusterExtension) -> OperatorReport {
    let installed = Some(ce.installed_bundle.clone()).filter(|b| !b.is_empty());
    OperatorReport {
        api: Api::V1,
        namespace: ce.install_namespace.clone(),
        name: ce.meta.name.clone(),
        package: ce.package.clone(),
        channel: Some(ce.channels.join(",")).filter(|c| !c.is_empty()),
        catalog: None,
        installed,
        installed_version: Some(ce.installed_version.clone()).filter(|v| !v.is_empty()),
        state: State::AtLatest,
        strategy: None,
        approval: None,
        failed: None,
        next: None,
        path: Vec::new(),
        explanation: String::new(),
        commands: Vec::new(),
        findings: Vec::new(),
        resolution: None,
        upgrade: None,
        path_args: Vec::new(),
    }
}

/// The resolution the ClusterExtension's spec asks for; a field OLM v1 would reject is a
/// finding and left out.
fn options(ce: &ClusterExtension, findings: &mut Vec<Finding>) -> PathOptions {
    let version = match ce.version.as_str() {
        "" => None,
        v => match VersionRange::parse(v) {
            Ok(r) => Some(r),
            Err(e) => {
                findings.push(finding(
                    "cluster.field",
                    Severity::Error,
                    format!("spec.source.catalog.version: {e}"),
                ));
                None
            }
        },
    };
    let policy = match ce.policy.as_str() {
        "SelfCertified" => UpgradeConstraintPolicy::SelfCertified,
        _ => UpgradeConstraintPolicy::CatalogProvided,
    };
    PathOptions {
        resolver: Resolver::V1,
        channels: ce.channels.clone(),
        version,
        policy,
        installed_version: crate::semver::Version::parse(&ce.installed_version).ok(),
        ..PathOptions::default()
    }
}

/// The state and its explanation, from the conditions and the resolved path.
fn verdict(ce: &ClusterExtension, joined: Option<&GivenCatalog>, r: &mut OperatorReport) {
    let progressing = condition(&ce.conditions, "Progressing");
    let installed = condition(&ce.conditions, "Installed");
    let next = r
        .upgrade
        .as_ref()
        .and_then(|u| u.hops.first())
        .map(|h| h.to.clone());
    if let Some(p) = progressing.filter(|p| p.reason == "Retrying" || p.reason == "Blocked") {
        r.state = State::FailedStuck;
        r.failed = Some(FailedUpgrade {
            kind: "clusterextension",
            bundle: next,
            reason: p.reason.clone(),
            message: p.message.clone(),
        });
        let how = if p.reason == "Blocked" {
            "stopped: the error needs a change to the ClusterExtension or the catalog"
        } else {
            "keeps retrying and does not get past the same error"
        };
        r.explanation = format!(
            "ClusterExtension {}'s Progressing condition is {} ({how}): {}",
            ce.meta.name, p.reason, p.message
        );
        return;
    }
    let Some(bundle) = r.installed.clone() else {
        r.state = State::NotInstalled;
        let why = installed
            .filter(|c| !c.message.is_empty())
            .map_or(String::new(), |c| format!(": {}", c.message));
        r.explanation = format!(
            "ClusterExtension {} has no installed bundle (status.install is empty){why}",
            ce.meta.name
        );
        return;
    };
    let Some(g) = joined else {
        r.state = State::AtLatest;
        r.explanation = format!("{bundle} is installed (no catalog given to check for an upgrade)");
        return;
    };
    let in_catalog = g
        .catalog
        .package(&ce.package)
        .is_some_and(|p| p.bundle(&bundle).is_some());
    match next {
        Some(n) => {
            r.state = State::UpgradeAvailable;
            r.explanation = format!("the catalog offers {n} as the upgrade from {bundle}: OLM v1 picks the highest successor the channels, the version range and the {} policy allow, and installs it at its next reconcile", policy_name(ce));
            r.next = Some(n);
        }
        None if !in_catalog => {
            r.state = State::NotInCatalog;
            r.explanation = format!("{bundle} is not in the catalog, and no bundle there replaces it, skips it or covers its version with a skipRange: OLM v1 has no upgrade from it");
            r.commands = vec![super::commands::plan(
                g.label,
                &ce.package,
                &bundle,
                r.channel.as_deref().unwrap_or("<channel>"),
            )];
        }
        None => {
            r.state = State::AtLatest;
            r.explanation = format!("{bundle} is the highest bundle OLM v1 may pick from where it is: nothing to upgrade to");
        }
    }
}

fn policy_name(ce: &ClusterExtension) -> &str {
    if ce.policy.is_empty() {
        "CatalogProvided"
    } else {
        &ce.policy
    }
}
