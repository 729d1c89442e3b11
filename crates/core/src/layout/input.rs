//! What a layout reads: nodes with optional versions, edges from older to newer, and the main
//! line. [`LayoutSource`] gives them for both upgrade graphs, a channel's ([`ChannelGraph`]) and
//! a package's ([`PackageGraph`]), so every drawing (the app's view, the SVG and DOT exports)
//! maps the two graph types in one place.

use crate::graph::{ChannelGraph, EdgeKind, Head, PackageGraph};
use crate::semver::Version;
use crate::sort::SortWith;

/// A node given to [`super::layout_graph`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayoutNode<'a> {
    /// The bundle the node stands for (what a names label shows).
    pub name: &'a str,
    /// The bundle's version, which places the node's column; `None` for a node known only by
    /// name.
    pub version: Option<&'a Version>,
    /// Not an entry (of the channel, or of any channel of the package): such nodes that one
    /// entry names may collapse into a group ([`super::LayoutOptions::group_min`]).
    pub is_virtual: bool,
    /// A lane chosen by the caller (the package view: one lane per channel); `None` lets the
    /// layout choose (the main line on lane 0, other chains below).
    pub lane: Option<usize>,
}

impl<'a> LayoutNode<'a> {
    /// An entry node with a version (or none) whose lane the layout chooses.
    ///
    /// # Complexity
    /// O(1).
    pub fn new(name: &'a str, version: Option<&'a Version>) -> LayoutNode<'a> {
        LayoutNode {
            name,
            version,
            is_virtual: false,
            lane: None,
        }
    }
}

/// An edge given to [`super::layout_graph`], pointing from the older node to the newer one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayoutEdge<'a> {
    /// The older node (an index into the nodes given).
    pub from: usize,
    /// The newer node (an index into the nodes given).
    pub to: usize,
    /// Which field of the newer entry made the edge (`skipRange` edges may be drawn as fans).
    pub kind: EdgeKind,
    /// The target's skipRange, for `skipRange` edges: edges into one node are banded per range.
    pub range: Option<&'a str>,
}

/// An upgrade graph the layout can draw: nodes, edges and the main line.
pub trait LayoutSource {
    /// The nodes, in the graph's node order.
    ///
    /// # Complexity
    /// O(V) for V nodes.
    fn layout_nodes(&self) -> Vec<LayoutNode<'_>>;

    /// The edges, in the graph's edge order.
    ///
    /// # Complexity
    /// O(E) for E edges.
    fn layout_edges(&self) -> Vec<LayoutEdge<'_>>;

    /// The nodes of the main line (they all go to lane 0), newest first.
    ///
    /// # Complexity
    /// O(V + E).
    fn main_line(&self) -> Vec<usize>;
}

impl LayoutSource for ChannelGraph {
    fn layout_nodes(&self) -> Vec<LayoutNode<'_>> {
        self.nodes
            .iter()
            .map(|n| LayoutNode {
                name: &n.name,
                version: n.version.as_ref(),
                is_virtual: n.is_virtual,
                lane: None,
            })
            .collect()
    }

    fn layout_edges(&self) -> Vec<LayoutEdge<'_>> {
        self.edges
            .iter()
            .map(|e| LayoutEdge {
                from: e.from,
                to: e.to,
                kind: e.kind,
                range: e.range.as_deref(),
            })
            .collect()
    }

    fn main_line(&self) -> Vec<usize> {
        channel_main_line(self)
    }
}

impl LayoutSource for PackageGraph {
    /// One lane per channel, in name order (see [`package_layout_nodes`] for another order).
    fn layout_nodes(&self) -> Vec<LayoutNode<'_>> {
        let mut channels: Vec<&str> = self
            .nodes
            .iter()
            .flat_map(|n| n.channels.iter().map(String::as_str))
            .collect();
        channels.sort_ord();
        channels.dedup();
        package_layout_nodes(self, &channels)
    }

    fn layout_edges(&self) -> Vec<LayoutEdge<'_>> {
        self.edges
            .iter()
            .map(|e| LayoutEdge {
                from: e.from,
                to: e.to,
                kind: e.kind,
                range: e.range.as_deref(),
            })
            .collect()
    }

    fn main_line(&self) -> Vec<usize> {
        package_main_line(self)
    }
}

/// The nodes of a package graph with one lane per channel of `channels` (in that order, e.g. the
/// default channel first): a bundle goes to the lane of the first of its channels; a node in no
/// listed channel lets the layout choose.
///
/// # Complexity
/// O(V·C + C log C) for V nodes and C channels.
pub fn package_layout_nodes<'a>(graph: &'a PackageGraph, channels: &[&str]) -> Vec<LayoutNode<'a>> {
    let mut rank: Vec<(&str, usize)> = channels.iter().enumerate().map(|(i, c)| (*c, i)).collect();
    rank.sort_ord();
    let lane_of = |c: &str| {
        rank.binary_search_by(|(n, _)| (*n).cmp(c))
            .ok()
            .map(|k| rank[k].1)
    };
    graph
        .nodes
        .iter()
        .map(|n| LayoutNode {
            name: &n.name,
            version: n.version.as_ref(),
            is_virtual: n.is_virtual,
            lane: n.channels.iter().filter_map(|c| lane_of(c)).min(),
        })
        .collect()
}

/// The main line of a channel: its head, then what the head `replaces`, and so on (stopping at a
/// repeated node). Without a unique head, the newest (by version, then name) of the heads, or
/// with no head at all the newest entry, stands in for it. Newest first.
///
/// # Complexity
/// O(V + E).
pub fn channel_main_line(graph: &ChannelGraph) -> Vec<usize> {
    let n = graph.nodes.len();
    let newer = |a: &usize, b: &usize| {
        let (x, y) = (&graph.nodes[*a], &graph.nodes[*b]);
        x.version.cmp(&y.version).then_with(|| x.name.cmp(&y.name))
    };
    let head = match &graph.head {
        Head::Unique(_) => graph.head_index(),
        Head::Multiple(names) => names
            .iter()
            .filter_map(|s| graph.node_index(s))
            .max_by(newer),
        Head::None => (0..n).filter(|&i| !graph.nodes[i].is_virtual).max_by(newer),
    };
    let mut replaced: Vec<Option<usize>> = vec![None; n];
    for e in &graph.edges {
        if e.kind == EdgeKind::Replaces && e.to < n && replaced[e.to].is_none() {
            replaced[e.to] = Some(e.from);
        }
    }
    follow_chain(head, &replaced)
}

/// The main line of a package: the newest channel head (by version, then name; with no head
/// at all, the newest bundle), then what it `replaces` (preferring that head's first channel's
/// edges), and so on. Newest first.
///
/// # Complexity
/// O(V + E).
pub fn package_main_line(graph: &PackageGraph) -> Vec<usize> {
    let n = graph.nodes.len();
    let newer = |a: &usize, b: &usize| {
        let (x, y) = (&graph.nodes[*a], &graph.nodes[*b]);
        x.version.cmp(&y.version).then_with(|| x.name.cmp(&y.name))
    };
    let head = (0..n)
        .filter(|&i| !graph.nodes[i].head_of.is_empty())
        .max_by(newer)
        .or_else(|| (0..n).filter(|&i| !graph.nodes[i].is_virtual).max_by(newer));
    let channel = head.and_then(|h| graph.nodes[h].head_of.first());
    let mut replaced: Vec<Option<usize>> = vec![None; n];
    let mut preferred = vec![false; n];
    for e in &graph.edges {
        if e.kind != EdgeKind::Replaces || e.to >= n {
            continue;
        }
        let pref = channel == Some(&e.channel);
        if replaced[e.to].is_none() || (pref && !preferred[e.to]) {
            replaced[e.to] = Some(e.from);
            preferred[e.to] = pref;
        }
    }
    follow_chain(head, &replaced)
}

/// `head`, then what it replaces, and so on, stopping at a repeated node.
fn follow_chain(head: Option<usize>, replaced: &[Option<usize>]) -> Vec<usize> {
    let mut seen = vec![false; replaced.len()];
    let mut line = Vec::new();
    let mut cur = head;
    while let Some(u) = cur {
        if u >= replaced.len() || seen[u] {
            break;
        }
        seen[u] = true;
        line.push(u);
        cur = replaced[u];
    }
    line
}
