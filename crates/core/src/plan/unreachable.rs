//! When no route reaches the target: where every candidate route ends, and what the catalog
//! would need.

use super::search::{Found, Goals, StateGraph};
use super::Target;
use crate::resolve::Resolver;
use crate::semver::Version;
use crate::sort::SortWith;

/// Why a target cannot be reached.
pub(super) struct Unreachable {
    pub(super) message: String,
    /// (channel, bundle) where candidate routes end.
    pub(super) dead_ends: Vec<(String, String)>,
}

fn version(graph: &StateGraph, b: usize) -> Option<Version> {
    crate::infer::bundle_version(graph.pkg, graph.bundle_name(b)).map(|(v, _)| v)
}

/// Where the search's reached states end, and the sentence explaining the failure.
///
/// # Complexity
/// O(S + C·B) for S states, C channels and B bundles.
pub(super) fn explain(
    graph: &StateGraph,
    found: &Found,
    target: &Target,
    goals: &Goals,
) -> Unreachable {
    let mut parts: Vec<String> = Vec::new();
    let from = graph.bundle_name(graph.start);
    let from_version = version(graph, graph.start);
    let older = goals
        .bundles
        .iter()
        .all(|&b| match (version(graph, b), &from_version) {
            (Some(t), Some(f)) => t.compare(f).is_lt(),
            _ => false,
        });
    if older {
        let rule = match graph.options.resolver {
            Resolver::V0 => "OLM v0 never downgrades",
            Resolver::V1 => {
                "OLM v1 does not downgrade under upgradeConstraintPolicy CatalogProvided"
            }
        };
        parts.push(format!(
            "the target {} is older than the installed {from}: {rule}",
            target.label()
        ));
    }
    let (dead_ends, blocked) = ends(graph, found);
    if !blocked.is_empty() {
        parts.push(format!(
            "the route cannot pass through {} (deprecated, which the preference avoids, or a minKubeVersion above the cluster's Kubernetes version)",
            blocked.join(", ")
        ));
    }
    parts.extend(channel_reasons(graph, goals));
    let errors = resolution_errors(graph, found);
    if !errors.is_empty() {
        parts.extend(errors);
        parts.push(
            "a higher spec.priority on one of the tied ClusterCatalogs would decide between them"
                .to_string(),
        );
    }
    if dead_ends.is_empty() {
        parts.push(format!("no channel moves {from} at all"));
    } else {
        let ends: Vec<String> = dead_ends
            .iter()
            .map(|(c, b)| format!("{b} in channel {c}"))
            .collect();
        parts.push(format!("every candidate route ends at {}", ends.join("; ")));
    }
    if !older {
        parts.push(needed(graph, goals, &dead_ends));
    }
    Unreachable {
        message: parts.join("; ") + ".",
        dead_ends,
    }
}

/// Why channels take no part: deprecated channels avoided, a target channel no route enters,
/// channels the resolver cannot resolve.
fn channel_reasons(graph: &StateGraph, goals: &Goals) -> Vec<String> {
    let mut parts = Vec::new();
    let deprecated_channels: Vec<&str> = (0..graph.channels())
        .filter(|&c| !graph.channel_allowed(c))
        .map(|c| graph.channel_name(c))
        .collect();
    if !deprecated_channels.is_empty() {
        parts.push(format!(
            "avoiding deprecated channels, the route never subscribes to {}",
            deprecated_channels.join(", ")
        ));
    }
    if let (Some(c), Some(&head)) = (goals.channel, goals.bundles.first()) {
        parts.push(format!(
            "no route enters channel {} at its head {}",
            graph.channel_name(c),
            graph.bundle_name(head)
        ));
    }
    for (c, why) in graph
        .broken
        .iter()
        .enumerate()
        .filter_map(|(c, w)| Some((c, w.as_ref()?)))
    {
        parts.push(format!(
            "channel {} cannot be resolved: {why}",
            graph.channel_name(c)
        ));
    }
    parts
}

/// OLM v1's errors where reached states stop across catalogs (a tie at the top priority, or
/// no bundle), one sentence per distinct error, naming where.
///
/// # Complexity
/// O(S log S) for S states.
fn resolution_errors(graph: &StateGraph, found: &Found) -> Vec<String> {
    let mut out: Vec<String> = (0..found.reached.len())
        .filter(|&s| found.reached[s])
        .filter_map(|s| {
            let e = graph.error(s)?;
            Some(format!(
                "at {} in channel {}, OLM v1 fails to resolve: {e}",
                graph.name(s),
                graph.channel_name(graph.channel_of(s))
            ))
        })
        .collect();
    out.sort_ord();
    out.dedup();
    out
}

/// Where the reached states stop, as (channel, bundle), and the deprecated bundles a route
/// could not enter.
fn ends<'a>(graph: &StateGraph<'a>, found: &Found) -> (Vec<(String, String)>, Vec<&'a str>) {
    let mut dead_ends: Vec<(String, String)> = Vec::new();
    let mut blocked: Vec<&str> = Vec::new();
    for s in (0..found.reached.len()).filter(|&s| found.reached[s]) {
        match graph.next(s) {
            None => dead_ends.push((
                graph.channel_name(graph.channel_of(s)).to_string(),
                graph.name(s).to_string(),
            )),
            Some((to, _)) if !graph.bundle_allowed(to) => {
                blocked.push(graph.bundle_name(to));
                dead_ends.push((
                    graph.channel_name(graph.channel_of(s)).to_string(),
                    graph.name(s).to_string(),
                ));
            }
            Some(_) => {}
        }
    }
    dead_ends.sort_ord();
    dead_ends.dedup();
    blocked.sort_ord();
    blocked.dedup();
    (dead_ends, blocked)
}

/// What the catalog would need: an entry on the way to the target that upgrades the furthest
/// place a route reaches.
fn needed(graph: &StateGraph, goals: &Goals, dead_ends: &[(String, String)]) -> String {
    let Some(&first) = goals.bundles.first() else {
        return "no bundle of the package qualifies as the target".to_string();
    };
    let target = graph.bundle_name(first);
    let channel = match goals.channel {
        Some(c) => graph.channel_name(c).to_string(),
        None => graph
            .pkg
            .channels
            .iter()
            .find(|c| c.entry(target).is_some())
            .map_or_else(String::new, |c| c.name.clone()),
    };
    let target_version = version(graph, first);
    let furthest = dead_ends
        .iter()
        .filter_map(|(_, b)| Some((crate::infer::bundle_version(graph.pkg, b)?.0, b)))
        .filter(|(v, _)| target_version.as_ref().is_none_or(|t| v.compare(t).is_lt()))
        .max_by(|(x, _), (y, _)| x.compare(y))
        .map(|(_, b)| b.as_str())
        .unwrap_or(graph.bundle_name(graph.start));
    format!(
        "the catalog would need an entry of channel {channel} on the way to {target} that replaces, skips or has a skipRange covering {furthest}"
    )
}
