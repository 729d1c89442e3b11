//! Terminated bundles: not a channel head, and no upgrade leaves them under the chosen
//! resolver. A cluster that installs one can never move on (seed "Deprecating Bundles":
//! neither upgradable nor, once deprecated, installable).

use std::collections::BTreeSet;

use crate::graph::ChannelGraph;
use crate::model::Package;
use crate::resolve::{HopResolver, PathOptions, Resolver};

/// Names of the terminated nodes of a channel graph (entries and virtual nodes).
///
/// A node is terminated when it is not a head candidate (an entry nothing in the channel names) and resolving one hop from
/// it under `resolver` gives nothing, or fails (several heads or a cycle make OLM v0 fail).
///
/// # Complexity
/// O((V + E) log V) time and O(V + E) memory for V nodes and E edges: the channel is indexed
/// once ([`HopResolver`]) and each node's hop is a lookup ([`HopResolver::moves`], which does
/// not word the alternatives a full hop lists).
pub fn terminated_nodes(
    package: &Package,
    graph: &ChannelGraph,
    resolver: Resolver,
) -> BTreeSet<String> {
    let Some(channel) = package.channel(&graph.channel) else {
        return BTreeSet::new();
    };
    let named: foldhash::HashSet<&str> = channel
        .entries
        .iter()
        .flat_map(|e| e.replaces.iter().chain(e.skips.iter()))
        .map(String::as_str)
        .collect();
    let options = PathOptions {
        resolver,
        channel: Some(channel.name.clone()),
        ..PathOptions::default()
    };
    let hops = HopResolver::new(package, &options);
    graph
        .nodes
        .iter()
        .filter(|n| n.is_virtual || named.contains(n.name.as_str()))
        .filter(|n| {
            let moves = hops.as_ref().ok().map(|h| h.moves(&h.installed(&n.name)));
            !matches!(moves, Some(Ok(true)))
        })
        .map(|n| n.name.clone())
        .collect()
}

/// The terminated nodes of a view: of channel `channel`, or, for the all-channels view
/// (`None`), the nodes terminated in every channel that has them.
///
/// # Complexity
/// That of [`terminated_nodes`] for the channel, or for every channel of the package:
/// O((V + E) log V) for V nodes and E edges over the channels.
pub fn terminated_in_view(
    package: &Package,
    graphs: &[ChannelGraph],
    channel: Option<&str>,
    resolver: Resolver,
) -> BTreeSet<String> {
    if let Some(c) = channel {
        return graphs
            .iter()
            .find(|g| g.channel == c)
            .map(|g| terminated_nodes(package, g, resolver))
            .unwrap_or_default();
    }
    // A node counts when every channel graph that holds it terminates it.
    let mut holds: std::collections::BTreeMap<&str, (usize, usize)> = Default::default();
    let per_channel: Vec<BTreeSet<String>> = graphs
        .iter()
        .map(|g| terminated_nodes(package, g, resolver))
        .collect();
    for (g, t) in graphs.iter().zip(&per_channel) {
        for n in &g.nodes {
            let h = holds.entry(n.name.as_str()).or_default();
            h.0 += 1;
            if t.contains(&n.name) {
                h.1 += 1;
            }
        }
    }
    holds
        .into_iter()
        .filter(|(_, (held, terminated))| held == terminated)
        .map(|(n, _)| n.to_string())
        .collect()
}
