//! The `olm-graph graph --json` document, as a typed value serialised by serde: no
//! `serde_json::Value` tree in between, so a 100,000-bundle channel is written in one pass.
//! [`crate::export::graph_json`] gives the same document as a `Value`.

use serde::Serialize;

use crate::change::terminated_nodes;
use crate::crd::limits::CrdLimits;
use crate::crd::pairs::Judge;
use crate::crd::EdgeSafety;
use crate::graph::ChannelGraph;
use crate::model::Package;
use crate::resolve::Resolver;

/// Options of [`graph_document`].
#[derive(Debug, Clone, Default)]
pub struct GraphDocumentOptions {
    /// Only this channel (all channels when `None`).
    pub channel: Option<String>,
    /// The resolver whose rules decide `terminated` (OLM v0 by default).
    pub resolver: Resolver,
}

/// The `graph --json` document of a package: serialize it with serde (keys in the order they
/// have always been written, alphabetical).
#[derive(Debug, Clone, Serialize)]
pub struct GraphDocument<'a> {
    channels: Vec<ChannelDocument<'a>>,
    #[serde(rename = "defaultChannel")]
    default_channel: Option<&'a str>,
    deprecated: bool,
    package: &'a str,
}

#[derive(Debug, Clone, Serialize)]
struct ChannelDocument<'a> {
    deprecated: bool,
    edges: Vec<EdgeDocument<'a>>,
    head: Option<&'a str>,
    name: &'a str,
    nodes: Vec<NodeDocument<'a>>,
}

#[derive(Debug, Clone, Serialize)]
struct NodeDocument<'a> {
    deprecated: bool,
    name: &'a str,
    terminated: bool,
    version: Option<String>,
    #[serde(rename = "virtual")]
    is_virtual: bool,
}

#[derive(Debug, Clone, Serialize)]
struct EdgeDocument<'a> {
    /// Both OLMs' CRD-safety verdicts, when the package's bundles carry their manifests
    /// (spec/crd-safety.md).
    #[serde(rename = "crdSafety", skip_serializing_if = "Option::is_none")]
    crd_safety: Option<EdgeSafety>,
    from: &'a str,
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    range: Option<&'a str>,
    to: &'a str,
}

/// The `graph --json` document of a package.
///
/// `{"package", "defaultChannel", "deprecated", "channels": [{"name", "head", "deprecated",
/// "nodes": [{"name", "version", "virtual", "deprecated", "terminated"}], "edges": [{"from", "to", "kind"
/// [, "range"] [, "crdSafety"]}]}]}`; `head` is null when there is none or several; `version`
/// is null when unknown. `crdSafety` (`{"olmV1": {"verdict", "message"}, "olmV0": {...}}`)
/// only when some bundle of the package carries its manifests (loaded with `keep_crds`).
///
/// # Complexity
/// O((V + E) log V) time and O(V + E) memory for V nodes and E edges of the channels shown:
/// `terminated` is one indexed resolution per channel ([`terminated_nodes`]).
pub fn graph_document<'a>(
    package: &'a Package,
    graphs: &'a [ChannelGraph],
    options: &GraphDocumentOptions,
) -> GraphDocument<'a> {
    let mut judge =
        Judge::carries_manifests(package).then(|| Judge::new(package, None, CrdLimits::default()));
    let channels = graphs
        .iter()
        .filter(|g| options.channel.as_ref().is_none_or(|c| *c == g.channel))
        .map(|g| channel_json(package, g, options.resolver, judge.as_mut()))
        .collect();
    GraphDocument {
        channels,
        default_channel: package.default_channel.as_deref(),
        deprecated: package.deprecations.package.is_some(),
        package: &package.name,
    }
}

fn channel_json<'a>(
    package: &Package,
    g: &'a ChannelGraph,
    resolver: Resolver,
    mut judge: Option<&mut Judge>,
) -> ChannelDocument<'a> {
    let terminated = terminated_nodes(package, g, resolver);
    let nodes = g
        .nodes
        .iter()
        .map(|n| NodeDocument {
            deprecated: n.deprecated,
            name: &n.name,
            terminated: terminated.contains(&n.name),
            version: n.version.as_ref().map(|v| v.to_string()),
            is_virtual: n.is_virtual,
        })
        .collect();
    let edges = g
        .edges
        .iter()
        .map(|e| EdgeDocument {
            crd_safety: judge.as_mut().and_then(|j| {
                j.pair(&g.nodes[e.from].name, &g.nodes[e.to].name)
                    .map(|p| EdgeSafety::from(&p))
            }),
            from: &g.nodes[e.from].name,
            kind: e.kind.as_str(),
            range: e.range.as_deref(),
            to: &g.nodes[e.to].name,
        })
        .collect();
    ChannelDocument {
        deprecated: g.deprecation.is_some(),
        edges,
        head: g.head.name(),
        name: &g.channel,
        nodes,
    }
}
