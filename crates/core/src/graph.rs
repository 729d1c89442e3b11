//! Upgrade graphs: one per channel, and a package-level view over all channels.
//!
//! Nodes are the channel's entries plus *virtual* nodes for `replaces`/`skips` targets that are
//! not entries of the channel (a dangling tail, a bundle of another channel, a name the catalog
//! no longer has). Edges point from the older bundle to the one that upgrades it:
//! `replaces` R→E, `skips` S→E, and `skipRange` X→E for every *other* entry X of the channel
//! whose version is in E's range (blang semantics, spec/olm.md §4). There is one edge per
//! (from, to, kind). The head is opm's: the one entry no `replaces` or `skips` names
//! (spec/olm.md §2.2); the fields an entry names are those of spec/olm.md §1.1.

use std::collections::hash_map::Entry;
use std::collections::BTreeMap;

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use petgraph::graph::{DiGraph, NodeIndex};
use serde::Serialize;

use crate::model::{Channel, Package};
use crate::range::Range;
use crate::range_match::SortedVersions;
use crate::semver::Version;
use crate::sort::SortWith;

/// The kind of an upgrade edge.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
pub enum EdgeKind {
    /// The newer entry's `replaces` names the older bundle.
    #[serde(rename = "replaces")]
    Replaces,
    /// The newer entry's `skips` lists the older bundle.
    #[serde(rename = "skips")]
    Skips,
    /// The newer entry's `skipRange` covers the older bundle's version.
    #[serde(rename = "skipRange")]
    SkipRange,
}

impl EdgeKind {
    /// The name used in JSON and in the UI.
    pub fn as_str(self) -> &'static str {
        match self {
            EdgeKind::Replaces => "replaces",
            EdgeKind::Skips => "skips",
            EdgeKind::SkipRange => "skipRange",
        }
    }
}

/// A node of a channel graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// The bundle name: the entry's, or the one `replaces`/`skips` names for a virtual node.
    pub name: String,
    /// The bundle's version, when the package has a bundle of that name with a valid version.
    pub version: Option<Version>,
    /// Not an entry of this channel.
    pub is_virtual: bool,
    /// Named by a bundle-level `olm.deprecations` entry, or carrying `olm.deprecated`.
    pub deprecated: bool,
    /// Carries the legacy `olm.deprecated` property (prohibited by OLM v0).
    pub legacy_deprecated: bool,
    /// Index of the entry in `Channel::entries`, for entry nodes.
    pub entry: Option<usize>,
    /// Index of the bundle in `Package::bundles`, when the package has it.
    pub bundle: Option<usize>,
}

/// An upgrade edge `from → to` (indices into `nodes`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edge {
    /// The older node, the one the upgrade starts from.
    pub from: usize,
    /// The newer node, whose entry says it upgrades `from`.
    pub to: usize,
    /// Which field of the newer entry makes the edge.
    pub kind: EdgeKind,
    /// The skipRange of the `to` entry, for `skipRange` edges.
    pub range: Option<String>,
}

/// The head of a channel as opm computes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Head {
    /// The unique entry no `replaces` or `skips` in the channel names.
    Unique(String),
    /// Every entry is named by some `replaces` or `skips`.
    None,
    /// Several entries are named by none (sorted names).
    Multiple(Vec<String>),
}

impl Head {
    /// The head's name when there is exactly one.
    pub fn name(&self) -> Option<&str> {
        match self {
            Head::Unique(n) => Some(n),
            _ => None,
        }
    }

    /// opm's error text, when there is no unique head.
    pub fn error(&self) -> Option<String> {
        match self {
            Head::Unique(_) => None,
            Head::None => Some("no channel head found in graph".into()),
            Head::Multiple(names) => Some(format!(
                "multiple channel heads found in graph: {}",
                names.join(", ")
            )),
        }
    }
}

/// The head of a channel: the unique entry that no `replaces` or `skips` of the channel names
/// (`skipRange` does not count; a self-`replaces` counts).
///
/// # Complexity
/// O(V + S) expected time and O(V + S) memory for V entries and S names in their
/// `replaces`/`skips`, plus sorting the heads when there are several.
pub fn channel_head(channel: &Channel) -> Head {
    let mut named: HashSet<&str> = HashSet::new();
    for e in &channel.entries {
        if let Some(r) = &e.replaces {
            named.insert(r);
        }
        for s in &e.skips {
            named.insert(s);
        }
    }
    Head::of(
        channel
            .entries
            .iter()
            .filter(|e| !named.contains(e.name.as_str()))
            .map(|e| e.name.clone())
            .collect(),
    )
}

impl Head {
    /// The head of a channel whose unnamed entries (in entry order) are `heads`.
    ///
    /// # Complexity
    /// O(H log H) for H names.
    pub(crate) fn of(mut heads: Vec<String>) -> Head {
        match heads.len() {
            0 => Head::None,
            1 => Head::Unique(heads.pop().unwrap_or_default()),
            _ => {
                heads.sort_ord();
                Head::Multiple(heads)
            }
        }
    }
}

/// One channel's upgrade graph.
#[derive(Debug, Clone)]
pub struct ChannelGraph {
    /// The package the channel belongs to.
    pub package: String,
    /// The channel's name.
    pub channel: String,
    /// Entry nodes in the channel's order, then virtual nodes sorted by name.
    pub nodes: Vec<Node>,
    /// Every upgrade edge between `nodes`.
    pub edges: Vec<Edge>,
    /// The channel's head as opm computes it (one, several, or none).
    pub head: Head,
    /// The channel's deprecation message, when an `olm.deprecations` channel entry names it.
    pub deprecation: Option<String>,
    /// skipRange texts that did not parse: (entry name, range, blang error).
    pub invalid_ranges: Vec<(String, String, String)>,
    index: HashMap<String, usize>,
    graph: DiGraph<usize, usize>,
}

impl ChannelGraph {
    /// Builds the graph of `channel`, a channel of `package`.
    ///
    /// # Complexity
    /// O((V + E) log V) time and O(V + E) memory for V nodes and E edges: the entries' versions
    /// are sorted once and each skipRange finds the versions it contains by binary search
    /// ([`SortedVersions::matching`]; a `!=` condition scans its interval).
    pub fn build(package: &Package, channel: &Channel) -> ChannelGraph {
        let (nodes, index, entry_nodes) = build_nodes(package, channel);
        let Built {
            edges,
            invalid_ranges,
            named,
        } = build_edges(channel, &nodes, &index, &entry_nodes);
        // The head as [`channel_head`] finds it, from the names the edges looked up: an entry
        // is named when its node is (one node per name).
        let head = Head::of(
            channel
                .entries
                .iter()
                .zip(&entry_nodes)
                .filter(|(_, &n)| !named[n])
                .map(|(e, _)| e.name.clone())
                .collect(),
        );
        let mut graph = DiGraph::with_capacity(nodes.len(), edges.len());
        for i in 0..nodes.len() {
            graph.add_node(i);
        }
        for (i, e) in edges.iter().enumerate() {
            graph.add_edge(NodeIndex::new(e.from), NodeIndex::new(e.to), i);
        }
        ChannelGraph {
            package: package.name.clone(),
            channel: channel.name.clone(),
            nodes,
            edges,
            head,
            deprecation: package.deprecations.channels.get(&channel.name).cloned(),
            invalid_ranges,
            index,
            graph,
        }
    }

    /// Index of the node with this name.
    pub fn node_index(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    /// The node with this name.
    pub fn node(&self, name: &str) -> Option<&Node> {
        self.node_index(name).map(|i| &self.nodes[i])
    }

    /// Index of the head node, when the channel has a unique head.
    pub fn head_index(&self) -> Option<usize> {
        self.head.name().and_then(|n| self.node_index(n))
    }

    /// Edges into node `n`.
    ///
    /// # Complexity
    /// O(in-degree).
    pub fn incoming(&self, n: usize) -> impl Iterator<Item = &Edge> + '_ {
        self.graph
            .edges_directed(NodeIndex::new(n), petgraph::Direction::Incoming)
            .map(move |e| &self.edges[*e.weight()])
    }

    /// Edges out of node `n`.
    ///
    /// # Complexity
    /// O(out-degree).
    pub fn outgoing(&self, n: usize) -> impl Iterator<Item = &Edge> + '_ {
        self.graph
            .edges_directed(NodeIndex::new(n), petgraph::Direction::Outgoing)
            .map(move |e| &self.edges[*e.weight()])
    }

    /// The petgraph graph: node weights are indices into `nodes`, edge weights into `edges`.
    pub fn petgraph(&self) -> &DiGraph<usize, usize> {
        &self.graph
    }

    /// Number of entry (non-virtual) nodes.
    ///
    /// # Complexity
    /// O(V) for V nodes.
    pub fn entry_count(&self) -> usize {
        self.nodes.iter().filter(|n| !n.is_virtual).count()
    }
}

/// The nodes of a channel graph: its entries in order (a repeated name keeps its first entry),
/// then the names its `replaces`/`skips` give that are not entries, sorted; with the index of
/// each name's node and each entry's node (a repeated name's is its first entry's).
fn build_nodes(
    package: &Package,
    channel: &Channel,
) -> (Vec<Node>, HashMap<String, usize>, Vec<usize>) {
    let mut nodes: Vec<Node> = Vec::with_capacity(channel.entries.len());
    let mut index: HashMap<String, usize> = HashMap::with_capacity(channel.entries.len());
    let mut entry_nodes: Vec<usize> = Vec::with_capacity(channel.entries.len());
    let node_for = |name: &str, entry: Option<usize>, bundle: Option<usize>| {
        let b = bundle.map(|i| &package.bundles[i]);
        Node {
            name: name.to_string(),
            version: b.and_then(|b| b.version.clone()),
            is_virtual: entry.is_none(),
            deprecated: package.deprecations.bundles.contains_key(name)
                || b.is_some_and(|b| b.legacy_deprecated),
            legacy_deprecated: b.is_some_and(|b| b.legacy_deprecated),
            entry,
            bundle,
        }
    };
    let bundles = package.bundle_indices(channel.entries.iter().map(|e| e.name.as_str()));
    for ((i, e), bundle) in channel.entries.iter().enumerate().zip(bundles) {
        match index.entry(e.name.clone()) {
            // A duplicate entry (the loader reports it): the first one's node stands.
            Entry::Occupied(first) => entry_nodes.push(*first.get()),
            Entry::Vacant(slot) => {
                slot.insert(nodes.len());
                entry_nodes.push(nodes.len());
                nodes.push(node_for(&e.name, Some(i), bundle));
            }
        }
    }
    let mut virtual_names: Vec<&str> = channel
        .entries
        .iter()
        .flat_map(|e| e.replaces.iter().chain(e.skips.iter()))
        .map(String::as_str)
        .filter(|n| !n.is_empty() && !index.contains_key(*n))
        .collect();
    virtual_names.sort_ord();
    virtual_names.dedup();
    for n in virtual_names {
        index.insert(n.to_string(), nodes.len());
        nodes.push(node_for(n, None, package.bundle_index(n)));
    }
    (nodes, index, entry_nodes)
}

/// skipRange texts that did not parse: (entry name, range, blang error).
type InvalidRanges = Vec<(String, String, String)>;

/// What [`build_edges`] finds.
struct Built {
    edges: Vec<Edge>,
    invalid_ranges: InvalidRanges,
    /// By node: some entry's `replaces` or `skips` names it (an empty name too, as
    /// [`channel_head`] counts it).
    named: Vec<bool>,
}

/// The edges of a channel graph, entry by entry: `replaces`, then `skips`, then the skipRange
/// matches in node order; one edge per (from, to, kind). `entry_nodes` is each entry's node.
fn build_edges(
    channel: &Channel,
    nodes: &[Node],
    index: &HashMap<String, usize>,
    entry_nodes: &[usize],
) -> Built {
    let versions = SortedVersions::new(
        nodes
            .iter()
            .enumerate()
            .filter(|(_, n)| !n.is_virtual)
            .filter_map(|(i, n)| n.version.as_ref().map(|v| (i, v))),
    );
    let named: usize = channel.entries.iter().map(|e| 1 + e.skips.len()).sum();
    let mut edges = Vec::with_capacity(named);
    let mut seen = HashSet::with_capacity(named);
    let mut invalid_ranges = Vec::new();
    let mut push = |from: usize, to: usize, kind, range: Option<&String>| {
        if seen.insert((from, to, kind)) {
            edges.push(Edge {
                from,
                to,
                kind,
                range: range.cloned(),
            });
        }
    };
    let mut named = vec![false; nodes.len()];
    for ((i, e), &to) in channel.entries.iter().enumerate().zip(entry_nodes) {
        // A duplicate entry names nodes as any entry does; the first one's edges stand.
        let first = nodes[to].entry == Some(i);
        let names = e.replaces.iter().map(|r| (r, EdgeKind::Replaces));
        for (name, kind) in names.chain(e.skips.iter().map(|s| (s, EdgeKind::Skips))) {
            if let Some(&from) = index.get(name) {
                named[from] = true;
                if first && !name.is_empty() {
                    push(from, to, kind, None);
                }
            }
        }
        if !first {
            continue;
        }
        let Some(text) = &e.skip_range else { continue };
        match Range::parse(text) {
            Ok(range) => {
                for x in versions.matching(&range).into_iter().filter(|&x| x != to) {
                    push(x, to, EdgeKind::SkipRange, Some(text));
                }
            }
            Err(err) => invalid_ranges.push((e.name.clone(), text.clone(), err.to_string())),
        }
    }
    Built {
        edges,
        invalid_ranges,
        named,
    }
}

/// Builds every channel graph of a package, in channel-name order.
///
/// # Complexity
/// The sum of [`ChannelGraph::build`] over the channels: O((V + E) log V) for V nodes and E
/// edges over all channels.
pub fn channel_graphs(package: &Package) -> Vec<ChannelGraph> {
    package
        .channels
        .iter()
        .map(|c| ChannelGraph::build(package, c))
        .collect()
}

/// A bundle in the package-level view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageNode {
    /// The bundle name.
    pub name: String,
    /// The bundle's version, when the package has the bundle and its version is valid.
    pub version: Option<Version>,
    /// Not a bundle of the package (only named by `replaces`/`skips`).
    pub is_virtual: bool,
    /// Named by a bundle-level `olm.deprecations` entry, or carrying `olm.deprecated`.
    pub deprecated: bool,
    /// Channels that have an entry for it, sorted.
    pub channels: Vec<String>,
    /// Channels whose head it is, sorted.
    pub head_of: Vec<String>,
}

/// An edge in the package-level view: the same edge in several channels appears once per channel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageEdge {
    /// The older node (an index into [`PackageGraph::nodes`]).
    pub from: usize,
    /// The newer node, whose entry in `channel` says it upgrades `from`.
    pub to: usize,
    /// Which field of the newer entry makes the edge.
    pub kind: EdgeKind,
    /// The skipRange of the `to` entry, for `skipRange` edges.
    pub range: Option<String>,
    /// The channel whose entry makes the edge.
    pub channel: String,
}

/// Every bundle of a package once, with every channel's edges.
#[derive(Debug, Clone)]
pub struct PackageGraph {
    /// The package's name.
    pub package: String,
    /// Bundles in name order, then virtual nodes in name order.
    pub nodes: Vec<PackageNode>,
    /// Every channel's edges, each once per channel it is in.
    pub edges: Vec<PackageEdge>,
}

impl PackageGraph {
    /// Builds the package-level view from the channel graphs.
    ///
    /// # Complexity
    /// O((V + E) log V) time and O(V + E) memory for V nodes and E edges over all the channel
    /// graphs (names are kept in a sorted map).
    pub fn build(package: &Package, graphs: &[ChannelGraph]) -> PackageGraph {
        let mut by_name: BTreeMap<String, PackageNode> = BTreeMap::new();
        for b in &package.bundles {
            by_name.insert(
                b.name.clone(),
                PackageNode {
                    name: b.name.clone(),
                    version: b.version.clone(),
                    is_virtual: false,
                    deprecated: package.is_bundle_deprecated(&b.name),
                    channels: Vec::new(),
                    head_of: Vec::new(),
                },
            );
        }
        for g in graphs {
            for n in &g.nodes {
                let node = by_name
                    .entry(n.name.clone())
                    .or_insert_with(|| PackageNode {
                        name: n.name.clone(),
                        version: n.version.clone(),
                        is_virtual: true,
                        deprecated: n.deprecated,
                        channels: Vec::new(),
                        head_of: Vec::new(),
                    });
                if !n.is_virtual {
                    // An entry whose bundle is missing still belongs to the channel.
                    node.is_virtual = false;
                    node.channels.push(g.channel.clone());
                }
            }
            if let Some(h) = g.head.name() {
                if let Some(node) = by_name.get_mut(h) {
                    node.head_of.push(g.channel.clone());
                }
            }
        }
        let (mut real, mut virt): (Vec<PackageNode>, Vec<PackageNode>) =
            by_name.into_values().partition(|n| !n.is_virtual);
        real.append(&mut virt);
        let nodes = real;
        let pos: HashMap<&str, usize> = nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (n.name.as_str(), i))
            .collect();
        let mut edges = Vec::new();
        for g in graphs {
            for e in &g.edges {
                edges.push(PackageEdge {
                    from: pos[g.nodes[e.from].name.as_str()],
                    to: pos[g.nodes[e.to].name.as_str()],
                    kind: e.kind,
                    range: e.range.clone(),
                    channel: g.channel.clone(),
                });
            }
        }
        PackageGraph {
            package: package.name.clone(),
            nodes,
            edges,
        }
    }
}
