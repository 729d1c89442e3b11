//! Plans across platform versions: a series of catalogs, one per platform version (as
//! `diff-series` reads a folder), and for each platform step the bundle the operator must reach
//! before the cluster upgrade, so that the next platform's catalog keeps it or upgrades it.
//!
//! `olm.maxOpenShiftVersion` on the installed bundle blocks a cluster upgrade past that
//! version; a bundle whose `minKubeVersion` is above the cluster's Kubernetes version cannot be
//! installed (OpenShift 4.N runs Kubernetes 1.(N + 13)).

use std::collections::HashMap;

use super::route::{steps, verify_steps};
use super::search::{Found, Goals, StateGraph};
use super::unreachable::explain;
use super::{Plan, PlanError, PlanOptions, PlanStep, Target};
use crate::model::{Catalog, Package};
use crate::openshift::OpenShiftVersion;
use crate::range::Range;
use crate::range_match::SortedVersions;
use crate::semver::Version;

/// What to plan across a series.
#[derive(Debug, Clone, Default)]
pub struct SeriesOptions {
    /// How each platform's part of the route is planned.
    pub plan: PlanOptions,
    /// The platform versions the cluster passes through, in order, as the series labels them
    /// (`v4.14`) or bare (`4.14`): the first is where the cluster is now, the last where it
    /// goes. EUS-style jumps leave versions out.
    pub platforms: Vec<String>,
}

/// The platform version of a label such as `v4.16` or `4.16.3`.
fn platform_version(label: &str) -> Option<OpenShiftVersion> {
    OpenShiftVersion::of_label(label)
}

/// The indices in `catalogs` of the requested platforms.
fn platform_indices(
    catalogs: &[(String, Catalog)],
    wanted: &[String],
) -> Result<Vec<usize>, PlanError> {
    let known: Vec<String> = catalogs.iter().map(|(l, _)| l.clone()).collect();
    let mut out = Vec::with_capacity(wanted.len());
    for w in wanted {
        let v = platform_version(w);
        let i = catalogs
            .iter()
            .position(|(l, _)| l == w || (v.is_some() && platform_version(l) == v))
            .ok_or_else(|| PlanError::UnknownPlatform {
                platform: w.clone(),
                known: known.clone(),
            })?;
        out.push(i);
    }
    if out.len() < 2 || out.windows(2).any(|w| w[0] >= w[1]) {
        return Err(PlanError::PlatformOrder {
            path: wanted.to_vec(),
        });
    }
    Ok(out)
}

/// Every platform of the series from `from` to `to`, both included.
///
/// # Complexity
/// O(P) for P catalogs in the series.
pub fn platforms_between(
    catalogs: &[(String, Catalog)],
    from: &str,
    to: &str,
) -> Result<Vec<String>, PlanError> {
    let ends = platform_indices(catalogs, &[from.to_string(), to.to_string()])?;
    Ok(catalogs[ends[0]..=ends[1]]
        .iter()
        .map(|(l, _)| l.clone())
        .collect())
}

/// The bundles of the graph that are ready for the cluster upgrade to `next` (platform
/// `next_version`), none capped below it by `olm.maxOpenShiftVersion`: first those the next
/// catalog's subscribed channel keeps or upgrades (an entry, named by a `replaces` or `skips`,
/// or inside a skipRange), then those any of its channels keeps or upgrades.
///
/// # Complexity
/// O((B + V + E) log B + M) for B bundles of the graph, V entries and E edges of the next
/// catalog's package, and M skipRange matches.
fn ready_for(
    graph: &StateGraph,
    pkg: &Package,
    next: Option<&Package>,
    next_version: Option<OpenShiftVersion>,
    channel: Option<&str>,
) -> [Goals; 2] {
    let count = graph.bundles();
    let versions: Vec<Option<Version>> = (0..count)
        .map(|b| crate::infer::bundle_version(pkg, graph.bundle_name(b)).map(|(v, _)| v))
        .collect();
    let sorted = SortedVersions::new(
        versions
            .iter()
            .enumerate()
            .filter_map(|(i, v)| Some((i, v.as_ref()?))),
    );
    // Bit 1: the subscribed channel keeps or upgrades it; bit 2: some channel does.
    let mut ready = vec![0u8; count];
    let mut names: HashMap<&str, u8> = HashMap::new();
    for c in next.map_or(&[][..], |p| p.channels.as_slice()) {
        let bits = if Some(c.name.as_str()) == channel {
            3
        } else {
            2
        };
        for e in &c.entries {
            let named = std::iter::once(e.name.as_str())
                .chain(e.replaces.as_deref())
                .chain(e.skips.iter().map(String::as_str));
            for n in named {
                *names.entry(n).or_default() |= bits;
            }
            if let Some(r) = e.skip_range.as_deref().and_then(|r| Range::parse(r).ok()) {
                for b in sorted.matching(&r) {
                    ready[b] |= bits;
                }
            }
        }
    }
    let capped = |b: usize| {
        let max = pkg
            .bundle(graph.bundle_name(b))
            .and_then(|x| x.max_openshift_version.as_deref());
        match (max.and_then(platform_version), next_version) {
            (Some(max), Some(next)) => max < next,
            _ => false,
        }
    };
    let bits = |b: usize| ready[b] | names.get(graph.bundle_name(b)).copied().unwrap_or(0);
    let tier = |bit: u8| {
        let bundles = (0..count)
            .filter(|&b| bits(b) & bit != 0 && !capped(b))
            .collect();
        Goals::new(bundles, None, count)
    };
    [tier(1), tier(2)]
}

/// The installed bundle's version as any catalog of the series knows it, else the one in its
/// name (`operator.v1.2.3`, or `operator.4.13.0-202307191005`).
fn series_version(catalogs: &[(String, Catalog)], package: &str, from: &str) -> Option<Version> {
    let known = catalogs
        .iter()
        .find_map(|(_, c)| c.package(package)?.bundle(from)?.version.clone());
    known.or_else(|| {
        crate::infer::version_from_name(from)
            .or_else(|| Version::parse(from.split_once('.')?.1).ok())
    })
}

/// The route to the highest bundle of the first tier of goals that some route reaches (the
/// last tier's failed search when none does): going as far as the platform allows keeps the
/// operator out of channels a later catalog drops.
fn nearest(graph: &StateGraph, tiers: [Goals; 2]) -> (Found, Goals) {
    let [first, last] = tiers;
    let found = graph.search_highest(&first);
    if found.best.is_some() {
        return (found, first);
    }
    (graph.search_highest(&last), last)
}

/// Plans the series: for each platform of `options.platforms` but the last, the route on that
/// platform's catalog to the nearest bundle ready for the next platform; on the last platform,
/// the route to `target`. Each step carries its platform; each platform's steps are replayed
/// with the resolver in that platform's catalog.
///
/// # Complexity
/// The sum over the P platforms of one [`super::plan_route`] search and one [`ready_for`] on
/// that platform's catalog.
pub fn plan_series(
    catalogs: &[(String, Catalog)],
    package: &str,
    from: &str,
    target: &Target,
    options: &SeriesOptions,
) -> Result<Plan, PlanError> {
    let path = platform_indices(catalogs, &options.platforms)?;
    let mut plan = Plan::start(package, from, target, options.plan.resolver);
    plan.reachable = true;
    let mut at = from.to_string();
    let mut opts = options.plan.clone();
    if opts.installed_version.is_none() {
        opts.installed_version = series_version(catalogs, package, from);
    }
    for (k, &i) in path.iter().enumerate() {
        let (label, catalog) = &catalogs[i];
        let pkg = catalog
            .package(package)
            .ok_or_else(|| PlanError::UnknownPackage {
                package: format!("{package} (in the {label} catalog)"),
            })?;
        let next = path.get(k + 1).map(|&j| &catalogs[j]);
        opts.cluster_kube = platform_version(label).and_then(OpenShiftVersion::kube);
        if opts
            .channel
            .as_deref()
            .is_some_and(|c| pkg.channel(c).is_none())
        {
            opts.channel = None;
        }
        let graph = StateGraph::new(pkg, &at, &opts)?;
        let (found, goals) = match next {
            Some((next_label, next_catalog)) => {
                let next_pkg = next_catalog.package(package);
                let next_version = platform_version(next_label);
                let channel = opts.channel.as_deref();
                nearest(
                    &graph,
                    ready_for(&graph, pkg, next_pkg, next_version, channel),
                )
            }
            None => {
                let goals = graph.goals(target)?;
                (graph.search(&goals), goals)
            }
        };
        let Some(end) = found.best else {
            let why = explain(&graph, &found, target, &goals);
            let what = match next {
                Some((n, _)) => format!("is ready before the upgrade to {n} (kept or upgradable in its catalog, and not capped by olm.maxOpenShiftVersion)"),
                None => format!("is the target {}", target.label()),
            };
            plan.reachable = false;
            plan.explanation = Some(format!(
                "on {label}, no bundle reachable from {at} {what}: {}",
                why.message
            ));
            plan.dead_ends = why.dead_ends;
            return Ok(plan);
        };
        let name = graph.name(end).to_string();
        let mut platform_steps: Vec<PlanStep> =
            steps(&graph, &found, end, &Target::Bundle(name.clone()));
        for s in &mut platform_steps {
            s.platform = Some(label.clone());
        }
        verify_steps(pkg, &at, &platform_steps, &opts)?;
        opts.channel = platform_steps.last().map(|s| s.channel.clone());
        if let Some((v, _)) = crate::infer::bundle_version(pkg, &name) {
            opts.installed_version = Some(v);
        }
        plan.steps.extend(platform_steps);
        at = name;
    }
    plan.end = Some(at);
    Ok(plan)
}

/// One platform version of a series plan, as a timeline column shows it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TimelineColumn {
    /// The platform as the series labels it (`v4.16`).
    pub platform: String,
    /// The bundle the operator runs when the cluster arrives on this platform (on the first,
    /// the installed bundle).
    pub arrives_on: String,
    /// The bundle to reach on this platform before the next cluster upgrade (on the last
    /// platform, where the plan ends); `None` when the plan stops before this platform.
    pub required: Option<String>,
    /// The channels the platform's steps subscribe to, in order.
    pub channels: Vec<String>,
    /// The upgrades on this platform.
    pub hops: usize,
    /// The `olm.maxOpenShiftVersion` of the bundle the cluster arrives with, when it caps the
    /// platform below the next one: the cluster upgrade waits until `required` is reached.
    pub blocks: Option<String>,
}

/// The timeline of a series plan: one column per platform of `platforms` (as
/// [`SeriesOptions::platforms`] names them), each with the bundle the cluster arrives with, the
/// bundle required before the next cluster upgrade, and whether `olm.maxOpenShiftVersion`
/// blocks that upgrade until then.
///
/// # Complexity
/// O(P + H + P log B) for P platforms, H hops of the plan and B bundles per catalog.
pub fn series_timeline(
    catalogs: &[(String, Catalog)],
    plan: &Plan,
    platforms: &[String],
) -> Result<Vec<TimelineColumn>, PlanError> {
    let path = platform_indices(catalogs, platforms)?;
    let mut at = plan.from.clone();
    let mut columns = Vec::with_capacity(path.len());
    for (k, &i) in path.iter().enumerate() {
        let (label, catalog) = &catalogs[i];
        let steps: Vec<&PlanStep> = plan
            .steps
            .iter()
            .filter(|s| s.platform.as_deref() == Some(label.as_str()))
            .collect();
        let arrives_on = at.clone();
        let required = (!steps.is_empty())
            .then(|| steps.iter().fold(at.clone(), |a, s| s.end(&a).to_string()));
        let next = path
            .get(k + 1)
            .and_then(|&j| platform_version(&catalogs[j].0));
        let max = catalog
            .package(&plan.package)
            .and_then(|p| p.bundle(&arrives_on))
            .and_then(|b| b.max_openshift_version.clone());
        let blocks = max.filter(|m| match (platform_version(m), next) {
            (Some(m), Some(n)) => m < n,
            _ => false,
        });
        if let Some(r) = &required {
            at = r.clone();
        }
        columns.push(TimelineColumn {
            platform: label.clone(),
            arrives_on,
            required,
            channels: steps.iter().map(|s| s.channel.clone()).collect(),
            hops: steps.iter().map(|s| s.hops.len()).sum(),
            blocks,
        });
    }
    Ok(columns)
}
