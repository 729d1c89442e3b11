//! The `olm-graph graph --json` document: one package, its channels in name order, each with its
//! nodes and typed edges.

use serde_json::{json, Map, Value};

use crate::graph::ChannelGraph;
use crate::lifecycle::terminated_nodes;
use crate::model::Package;
use crate::resolve::Resolver;

/// Options of [`graph_json`].
#[derive(Debug, Clone, Default)]
pub struct GraphJsonOptions {
    /// Only this channel (all channels when `None`).
    pub channel: Option<String>,
    /// The resolver whose rules decide `terminated` (OLM v0 by default).
    pub resolver: Resolver,
}

/// The `graph --json` document of a package.
///
/// `{"package", "defaultChannel", "deprecated", "channels": [{"name", "head", "deprecated",
/// "nodes": [{"name", "version", "virtual", "deprecated", "terminated"}], "edges": [{"from", "to", "kind"
/// [, "range"]}]}]}`; `head` is null when there is none or several; `version` is null when
/// unknown.
pub fn graph_json(package: &Package, graphs: &[ChannelGraph], options: &GraphJsonOptions) -> Value {
    let channels: Vec<Value> = graphs
        .iter()
        .filter(|g| options.channel.as_ref().is_none_or(|c| *c == g.channel))
        .map(|g| channel_json(package, g, options.resolver))
        .collect();
    json!({
        "package": package.name,
        "defaultChannel": package.default_channel,
        "deprecated": package.deprecations.package.is_some(),
        "channels": channels,
    })
}

fn channel_json(package: &Package, g: &ChannelGraph, resolver: Resolver) -> Value {
    let terminated = terminated_nodes(package, g, resolver);
    let nodes: Vec<Value> = g
        .nodes
        .iter()
        .map(|n| {
            json!({
                "name": n.name,
                "version": n.version.as_ref().map(|v| v.to_string()),
                "virtual": n.is_virtual,
                "deprecated": n.deprecated,
                "terminated": terminated.contains(&n.name),
            })
        })
        .collect();
    let edges: Vec<Value> = g
        .edges
        .iter()
        .map(|e| {
            let mut m = Map::new();
            m.insert("from".into(), g.nodes[e.from].name.clone().into());
            m.insert("to".into(), g.nodes[e.to].name.clone().into());
            m.insert("kind".into(), e.kind.as_str().into());
            if let Some(r) = &e.range {
                m.insert("range".into(), r.clone().into());
            }
            Value::Object(m)
        })
        .collect();
    json!({
        "name": g.channel,
        "head": g.head.name(),
        "deprecated": g.deprecation.is_some(),
        "nodes": nodes,
        "edges": edges,
    })
}
