//! A ClusterExtension's verdict: the installed bundle, its Installed and Progressing
//! conditions, joined to the catalogs and resolved as `olm-graph path --resolver v1` resolves
//! it ([spec/cluster.md](../../../../docs/spec/cluster.md) §2.3).

use super::context::{finding, hops, path_args, resolve, Context};
use super::objects::*;
use super::report::*;
use crate::diag::{Diagnostic, Rule, Severity};
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
    let (next, refused) = match joined {
        Some(_) if catalogs.len() > 1 => across(cx, ce, &catalogs, &options, &mut r),
        Some(g) => single(g, ce, &options, &mut r),
        None => (None, None),
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
    deprecations(ce, &mut r);
    r
}

/// What the catalogs say of the installed bundle: the bundle OLM v1 moves to first, whether a
/// catalog holds the installed bundle, and OLM v1's resolution error when it cannot choose.
struct Found {
    next: Option<String>,
    in_catalog: bool,
    refused: Option<String>,
}

/// The path in the one catalog that holds the package; the bundle it moves to first, and OLM
/// v1's resolution error when not even the installed bundle is a candidate.
fn single(
    g: &GivenCatalog,
    ce: &ClusterExtension,
    options: &PathOptions,
    r: &mut OperatorReport,
) -> (Option<String>, Option<String>) {
    if ce.installed_bundle.is_empty() {
        return (None, None);
    }
    let Some(res) = resolve(
        g.catalog,
        &ce.package,
        &ce.installed_bundle,
        options,
        &mut r.findings,
    ) else {
        return (None, None);
    };
    r.path = hops(&res.path);
    r.path_args = path_args(&ce.package, &ce.installed_bundle, options);
    let next = res.path.hops.first().map(|h| h.to.clone());
    let refused = res.path.error.as_ref().map(ToString::to_string);
    r.upgrade = Some(res.path);
    (next, refused)
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
    r.findings.push(finding(Rule::ClusterCatalogs, Severity::Info, format!("several catalogs given hold package {}: {}; the path is resolved across them as OLM v1 resolves it, each hop from the catalog of the highest priority that has a candidate", ce.package, listed.join(", "))));
    if ce.installed_bundle.is_empty() {
        return (None, None);
    }
    let cluster: Vec<ResolveCatalog> = given.iter().map(|(_, c)| *c).collect();
    let path = match resolve_path_across(&cluster, &ce.package, &ce.installed_bundle, options) {
        Ok(path) => path,
        Err(e) => {
            r.findings.push(finding(
                Rule::ClusterResolve,
                Severity::Error,
                e.to_string(),
            ));
            return (None, None);
        }
    };
    if let Some(e) = &path.error {
        r.findings.push(finding(
            Rule::ClusterResolve,
            Severity::Error,
            e.to_string(),
        ));
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
    let first = path.hops.first().map(|h| (h.catalog.clone(), h.to.clone()));
    let error = path.error.as_ref().map(ToString::to_string);
    r.across = Some(path);
    let Some((catalog, to)) = first else {
        return (None, error);
    };
    r.catalog = Some(catalog);
    (Some(to), None)
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
        installed_release: Some(ce.installed_release.clone()).filter(|v| !v.is_empty()),
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
        across: None,
        path_args: Vec::new(),
    }
}

/// The resolution the ClusterExtension's spec asks for; a field OLM v1 would reject is a
/// finding and left out.
fn options(ce: &ClusterExtension, findings: &mut Vec<Diagnostic>) -> PathOptions {
    let version = match ce.version.as_str() {
        "" => None,
        v => match VersionRange::parse(v) {
            Ok(r) => Some(r),
            Err(e) => {
                findings.push(finding(
                    Rule::ClusterField,
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
        installed_version: installed_version(ce),
        ..PathOptions::default()
    }
}

/// The installed bundle's version as OLM v1 compares it: `status.install.bundle.version`, with
/// `status.install.bundle.release` carried as build metadata when the version has none (how a
/// registry+v1 bundle spells its release, [spec/cluster.md](../../../../docs/spec/cluster.md)
/// §2.3).
fn installed_version(ce: &ClusterExtension) -> Option<crate::semver::Version> {
    let v = &ce.installed_version;
    let text = if ce.installed_release.is_empty() || v.contains('+') {
        v.clone()
    } else {
        format!("{v}+{}", ce.installed_release)
    };
    crate::semver::Version::parse(&text)
        .or_else(|_| crate::semver::Version::parse(v))
        .ok()
}

/// The state and its explanation, from the conditions and the resolved path, first match wins
/// ([spec/cluster.md](../../../../docs/spec/cluster.md) §3.2): the catalog-side cause of an
/// installed bundle the catalogs no longer have, a terminal or retried error of `Progressing`,
/// a rollout in flight, nothing installed, OLM v1's resolution error, then the catalog's answer.
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
    let stalled = progressing.filter(|p| failure_words(&p.reason).is_some());
    if let (Some(bundle), Some(g), false, None) = (r.installed.clone(), joined, in_catalog, &next) {
        not_in_catalog(
            ce,
            g,
            &bundle,
            stalled.or(progressing),
            refused.as_deref(),
            r,
        );
        return;
    }
    if let Some(p) = stalled {
        failed(ce, p, next, r);
        return;
    }
    if let Some(p) = progressing.filter(|p| p.reason == "RollingOut") {
        r.state = State::Upgrading;
        let target = next.as_deref().map_or(String::new(), |n| {
            format!("; the catalog given leads to {n} next")
        });
        r.explanation = format!("ClusterExtension {}'s Progressing condition is RollingOut: OLM v1 is rolling out a new revision and waits for its objects to become available ({}){target}", ce.meta.name, p.message);
        r.next = next;
        return;
    }
    let Some(bundle) = r.installed.clone() else {
        r.state = State::NotInstalled;
        let why = condition(&ce.conditions, "Installed")
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
        r.explanation = format!("OLM v1 cannot resolve an upgrade from {bundle} in the catalogs given, and keeps retrying (Progressing Retrying): {error}");
        return;
    }
    by_catalog(ce, g, &bundle, next, in_catalog, r);
}

/// What OLM v1 means by a `Progressing` reason that stops the upgrade, in a few words; `None`
/// for the reasons of a healthy extension (`Succeeded`, `RollingOut`).
fn failure_words(reason: &str) -> Option<&'static str> {
    Some(match reason {
        "Retrying" => "an error OLM v1 may get past on a later reconcile: it keeps retrying and does not get past the same error",
        "Blocked" => "a terminal error: OLM v1 stops retrying until the ClusterExtension or the catalog is changed by hand",
        "InvalidConfiguration" => "a terminal error: the ClusterExtension's configuration (spec.config) is not valid for the bundle, and OLM v1 does not retry until spec.config is corrected",
        "ProgressDeadlineExceeded" => "the new revision did not roll out within spec.progressDeadlineMinutes: OLM v1 stops waiting and needs someone to fix what keeps its objects from becoming available",
        _ => return None,
    })
}

/// `failed-stuck`: `Progressing` says OLM v1 retries the same error or has stopped.
fn failed(ce: &ClusterExtension, p: &Condition, next: Option<String>, r: &mut OperatorReport) {
    r.state = State::FailedStuck;
    r.failed = Some(FailedUpgrade {
        kind: "clusterextension",
        bundle: next.or_else(|| resolved_bundle(&p.message)),
        reason: p.reason.clone(),
        message: p.message.clone(),
    });
    r.explanation = format!(
        "ClusterExtension {}'s Progressing condition is {} ({}): {}",
        ce.meta.name,
        p.reason,
        failure_words(&p.reason).unwrap_or_default(),
        p.message
    );
}

/// The bundle an error names, as operator-controller prefixes an error of the bundle it
/// resolved: `error for resolved bundle "<name>" with version "<version>": …`.
fn resolved_bundle(message: &str) -> Option<String> {
    let rest = message.strip_prefix("error for resolved bundle \"")?;
    rest.split_once('"').map(|(name, _)| name.to_string())
}

/// `not-in-catalog`: no catalog given has the installed bundle, and none replaces, skips or
/// ranges over it. What `Progressing` says (usually `Retrying` with OLM v1's "no bundles
/// found" error) follows from it, so the catalog is named first.
fn not_in_catalog(
    ce: &ClusterExtension,
    g: &GivenCatalog,
    bundle: &str,
    progressing: Option<&Condition>,
    refused: Option<&str>,
    r: &mut OperatorReport,
) {
    r.state = State::NotInCatalog;
    let mut why = format!("{bundle} is not in the catalog, and no bundle there replaces it, skips it or covers its version with a skipRange: OLM v1 has no upgrade from it");
    if let Some(e) = refused {
        why.push_str(&format!(" (OLM v1: {e})"));
    }
    if let Some(p) = progressing.filter(|p| p.reason != "Succeeded") {
        why.push_str(&format!(
            "; the Progressing condition ({}: {}) follows from that: fix the catalog first",
            p.reason, p.message
        ));
    }
    r.explanation = why;
    r.commands = vec![super::commands::plan(
        g.label,
        &ce.package,
        bundle,
        r.channel.as_deref().unwrap_or("<channel>"),
    )];
}

/// `upgrade-available` or `at-latest`, from the catalog.
fn by_catalog(
    ce: &ClusterExtension,
    g: &GivenCatalog,
    bundle: &str,
    next: Option<String>,
    in_catalog: bool,
    r: &mut OperatorReport,
) {
    match next {
        Some(n) => {
            r.state = State::UpgradeAvailable;
            r.explanation = format!("the catalog offers {n} as the upgrade from {bundle}: OLM v1 picks the highest successor the channels, the version range and the {} policy allow, and installs it at its next reconcile", policy_name(ce));
            r.next = Some(n);
        }
        None if !in_catalog => not_in_catalog(ce, g, bundle, None, None, r),
        None => {
            r.state = State::AtLatest;
            r.explanation = format!("{bundle} is the highest bundle OLM v1 may pick from where it is: nothing to upgrade to");
        }
    }
}

/// The deprecation conditions OLM v1 sets from the catalog's `olm.deprecations`
/// (`PackageDeprecated`, `ChannelDeprecated`, `BundleDeprecated`, and the `Deprecated` rollup
/// when none of those three is there), as findings and a sentence of the explanation.
fn deprecations(ce: &ClusterExtension, r: &mut OperatorReport) {
    let scoped = [
        ("PackageDeprecated", "the package"),
        ("ChannelDeprecated", "a channel it follows"),
        ("BundleDeprecated", "the installed bundle"),
    ];
    let mut said: Vec<String> = Vec::new();
    for (kind, what) in scoped {
        if let Some(c) = condition(&ce.conditions, kind).filter(|c| c.is_true()) {
            said.push(format!("{what} ({kind}): {}", c.message));
        }
    }
    let rollup = condition(&ce.conditions, "Deprecated");
    if said.is_empty() {
        if let Some(c) = rollup.filter(|c| c.is_true()) {
            said.push(format!("Deprecated: {}", c.message));
        }
    }
    for s in &said {
        r.findings.push(finding(
            Rule::ClusterDeprecated,
            Severity::Warning,
            format!(
                "ClusterExtension {}: the catalog deprecates {s}",
                ce.meta.name
            ),
        ));
    }
    if !said.is_empty() {
        r.explanation.push_str(&format!(". The catalog deprecates {}. OLM v1 keeps what is installed, prefers non-deprecated bundles when it upgrades, and the package owner advises moving away", said.join("; ")));
    } else if let Some(c) = rollup.filter(|c| c.status == "Unknown") {
        let m = format!(
            "ClusterExtension {}: deprecation status unknown ({}): {}",
            ce.meta.name, c.reason, c.message
        );
        r.findings
            .push(finding(Rule::ClusterDeprecated, Severity::Info, m));
    }
}

fn policy_name(ce: &ClusterExtension) -> &str {
    if ce.policy.is_empty() {
        "CatalogProvided"
    } else {
        &ce.policy
    }
}
