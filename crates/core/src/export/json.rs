//! The `olm-graph graph --json` document: one package, its channels in name order, each with its
//! nodes and typed edges.

use serde_json::Value;

use crate::document::{graph_document, GraphDocumentOptions};
use crate::graph::ChannelGraph;
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

/// The `graph --json` document of a package as a JSON value ([`graph_document`] serialised).
///
/// `{"package", "defaultChannel", "deprecated", "channels": [{"name", "head", "deprecated",
/// "nodes": [{"name", "version", "virtual", "deprecated", "terminated"}], "edges": [{"from", "to", "kind"
/// [, "range"]}]}]}`; `head` is null when there is none or several; `version` is null when
/// unknown.
///
/// # Complexity
/// That of [`graph_document`]: O((V + E) log V) for V nodes and E edges of the channels shown,
/// plus the value tree (write [`graph_document`] directly for big catalogs).
pub fn graph_json(package: &Package, graphs: &[ChannelGraph], options: &GraphJsonOptions) -> Value {
    let options = GraphDocumentOptions {
        channel: options.channel.clone(),
        resolver: options.resolver,
    };
    serde_json::to_value(graph_document(package, graphs, &options)).unwrap_or(Value::Null)
}
