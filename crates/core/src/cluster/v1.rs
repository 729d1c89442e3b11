//! A ClusterExtension's verdict: the installed bundle, its Installed and Progressing
//! conditions, joined to the catalogs and resolved as `olm-graph path --resolver v1` resolves
//! it ([spec/cluster.md](../../../../docs/spec/cluster.md) §2.3).

use super::context::{finding, hops, path_args, resolve, Context};
use super::objects::*;
use super::report::*;
use crate::diag::Severity;
use crate::masterminds::VersionRange;
use crate::resolve::{
    resolve_path_across, CatalogHop, ClusterCatalog as ResolveCatalog, PathOptions, Resolver,
    UpgradeConstraintPolicy,
};

/// The report of one ClusterExtension.
///
/// # Complexity
/// O(C) for the catalogs given, plus what [`crate::resolve::resolve_path`] costs on the
/// package's channels (or [`resolve_path_across`] on every catalog that holds the package).
pub(super) fn report(cx: &Context, ce: &ClusterExtension) -> OperatorReport {
    let mut r = base_report(ce);
    let options = options(ce, &mut r.findings);
    let catalogs = cx.catalogs_for_v1(&ce.package);
    let joined = catalogs.first().copied();
    r.catalog = joined.map(|g| g.source.unwrap_or(g.label).to_string());
    if joined.is_none() {
        r.findings.push(cx.no_catalog_finding(&ce.package));
    }
    let (next, refused) = if catalogs.len() > 1 {
        across(cx, ce, &catalogs, &options, &mut r)
    } else {
        (joined.and_then(|g| single(g, ce, &options, &mut r)), None)
    };
    let in_catalog = catalogs.iter().any(|g| {
        g.catalog
            .package(&ce.package)
            .is_some_and(|p| p.bundle(&ce.installed_bundle).is_some())
    });
    let found = Found {
        next,
        in_catalog,
        refused,
    };
    verdict(ce, joined, found, &mut r);
    r
}

/// What the catalogs say of the installed bundle: the bundle OLM v1 moves to first, whether a
/// catalog holds the installed bundle, and OLM v1's resolution error when it cannot choose.
struct Found {
    next: Option<String>,
    in_catalog: bool,
    refused: Option<String>,
}

/// The path in the one catalog that holds the package; the bundle it moves to first.
fn single(
    g: &GivenCatalog,
    ce: &ClusterExtension,
    options: &PathOptions,
    r: &mut OperatorReport,
) -> Option<String> {
    if ce.installed_bundle.is_empty() {
        return None;
    }
    let res = resolve(
        g.catalog,
        &ce.package,
        &ce.installed_bundle,
        options,
        &mut r.findings,
    )?;
    r.path = hops(&res.path);
    r.path_args = path_args(&ce.package, &ce.installed_bundle, options);
    let next = res.path.hops.first().map(|h| h.to.clone());
    r.upgrade = Some(res.path);
    next
}

/// The path across several catalogs that hold the package, as OLM v1 resolves it (each hop
/// from the catalog of the highest priority with a candidate, a tie at that priority an error:
/// [spec/cluster.md](../../../../docs/spec/cluster.md) §2.3); the bundle it moves to first, and
/// the resolution error when the path cannot leave the installed bundle.
/// `path_args` then name the other catalogs and every priority, to follow the first catalog's
/// path as `olm-graph path` takes them.
fn across(
    cx: &Context,
    ce: &ClusterExtension,
    catalogs: &[&GivenCatalog],
    options: &PathOptions,
    r: &mut OperatorReport,
) -> (Option<String>, Option<String>) {
    let given: Vec<(&GivenCatalog, ResolveCatalog)> = catalogs
        .iter()
        .map(|g| {
            let c = ResolveCatalog {
                name: g.source.unwrap_or(g.label),
                priority: cx.priority_of(g),
                catalog: g.catalog,
            };
            (*g, c)
        })
        .collect();
    let listed: Vec<String> = given
        .iter()
        .map(|(_, c)| format!("{} (priority {})", c.name, c.priority))
        .collect();
    r.findings.push(finding("cluster.catalogs", Severity::Info, format!("several catalogs given hold package {}: {}; the path is resolved across them as OLM v1 resolves it, each hop from the catalog of the highest priority that has a candidate", ce.package, listed.join(", "))));
    if ce.installed_bundle.is_empty() {
        return (None, None);
    }
    let cluster: Vec<ResolveCatalog> = given.iter().map(|(_, c)| *c).collect();
    let path = match resolve_path_across(&cluster, &ce.package, &ce.installed_bundle, options) {
        Ok(path) => path,
        Err(e) => {
            r.findings
                .push(finding("cluster.resolve", Severity::Error, e.to_string()));
            return (None, None);
        }
    };
    if let Some(e) = &path.error {
        r.findings
            .push(finding("cluster.resolve", Severity::Error, e.to_string()));
    }
    r.path = path.hops.iter().map(CatalogHop::document).collect();
    let mut args: Vec<String> = given
        .iter()
        .skip(1)
        .map(|(g, _)| g.label.to_string())
        .collect();
    for (g, c) in &given {
        args.extend([
            "--catalog-priority".into(),
            format!("{}={}", g.label, c.priority),
        ]);
    }
    args.extend(path_args(&ce.package, &ce.installed_bundle, options));
    r.path_args = args;
    let Some(first) = path.hops.first() else {
        return (None, path.error.map(|e| e.to_string()));
    };
    r.catalog = Some(first.catalog.clone());
    (Some(first.to.clone()), None)
}

fn base_report(ce: &ClusterExtension) -> OperatorReport {
    let installed = Some(ce.installed_bundle.clone()).filter(|b| !b.is_empty());
    OperatorReport {
        api: Api::V1,
        namespace: ce.install_namespace.clone(),
        name: ce.meta.name.clone(),
        package: ce.package.clone(),
        channel: Some(ce.channels.join(",")).filter(|c| !c.is_empty()),
        channels: ce.channels.clone(),
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
fn verdict(
    ce: &ClusterExtension,
    joined: Option<&GivenCatalog>,
    found: Found,
    r: &mut OperatorReport,
) {
    let Found {
        next,
        in_catalog,
        refused,
    } = found;
    let progressing = condition(&ce.conditions, "Progressing");
    let installed = condition(&ce.conditions, "Installed");
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
    if let (None, Some(error)) = (&next, refused) {
        r.state = State::ResolutionFailed;
        r.explanation = format!("OLM v1 cannot resolve an upgrade from {bundle} across the catalogs given, and keeps retrying: {error}");
        return;
    }
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
