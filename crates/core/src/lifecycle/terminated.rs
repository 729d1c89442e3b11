//! Terminated bundles: not a channel head, and no upgrade leaves them under the chosen
//! resolver. A cluster that installs one can never move on (seed "Deprecating Bundles":
//! neither upgradable nor, once deprecated, installable).

use std::collections::BTreeSet;

use crate::graph::ChannelGraph;
use crate::model::Package;
use crate::resolve::{next_hop, Installed, PathOptions, Resolver};

/// Names of the terminated nodes of a channel graph (entries and virtual nodes).
///
/// A node is terminated when it is not a head candidate (an entry nothing in the channel names) and resolving one hop from
/// it under `resolver` gives nothing, or fails (several heads or a cycle make OLM v0 fail).
///
/// # Complexity
/// O(N · H) for N nodes and H the cost of one hop (linear in the channel's entries).
pub fn terminated_nodes(
    package: &Package,
    graph: &ChannelGraph,
    resolver: Resolver,
) -> BTreeSet<String> {
    let Some(channel) = package.channel(&graph.channel) else {
        return BTreeSet::new();
    };
    let named: BTreeSet<&str> = channel
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
    graph
        .nodes
        .iter()
        .filter(|n| n.is_virtual || named.contains(n.name.as_str()))
        .filter(|n| {
            let installed = Installed::from_package(package, &n.name);
            !matches!(next_hop(package, &installed, &options), Ok(choice) if choice.chosen.is_some())
        })
        .map(|n| n.name.clone())
        .collect()
}
