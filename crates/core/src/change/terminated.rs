//! Terminated bundles: not a channel head, and no upgrade leaves them under the chosen
//! resolver. A cluster that installs one can never move on (seed "Deprecating Bundles":
//! neither upgradable nor, once deprecated, installable).

use std::collections::BTreeSet;

use crate::graph::ChannelGraph;
use crate::model::Package;
use crate::resolve::{HopResolver, Resolver};

/// Names of the terminated nodes of a channel graph (entries and virtual nodes).
///
/// A node is terminated when it is not a head candidate (an entry nothing in the channel
/// names) and resolving one hop from it under `resolver` gives nothing, or fails (several heads
/// or a cycle make OLM v0 fail).
///
/// # Complexity
/// O((V + E) log V) time and O(V + E) memory for V nodes and E edges: the channel is indexed
/// once, with the bundles the graph's nodes hold ([`HopResolver::for_channel_graph`]), and
/// each entry node's hop is read at its position ([`HopResolver::moves_from_entry`], which
/// does not word the alternatives a full hop lists), a virtual node's by name.
pub fn terminated_nodes(
    package: &Package,
    graph: &ChannelGraph,
    resolver: Resolver,
) -> BTreeSet<String> {
    let Some(hops) = HopResolver::for_channel_graph(package, graph, resolver) else {
        return BTreeSet::new();
    };
    let channel = &graph.channel;
    let entries = package.channel(channel).map(|c| c.entries.as_slice());
    let entries = entries.unwrap_or_default();
    graph
        .nodes
        .iter()
        .filter(|n| {
            // An entry node is read by its position in the channel, a virtual node (or an
            // entry the index does not know there) by its name.
            let i = n
                .entry
                .filter(|&i| entries.get(i).is_some_and(|e| e.name == n.name));
            let at = i.and_then(|i| Some((hops.entry_is_named(channel, i)?, i)));
            match at {
                Some((named, i)) => {
                    named && !matches!(hops.moves_from_entry(channel, i), Some(Ok(true)))
                }
                None => {
                    let named = hops.name_is_named(channel, &n.name) == Some(true);
                    (n.is_virtual || named)
                        && !matches!(hops.moves(&hops.installed(&n.name)), Ok(true))
                }
            }
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
