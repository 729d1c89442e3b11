//! A picture of one channel across a change: the union of its old and new graphs, each node,
//! edge and skipRange marked added, removed or kept, and drawn as a Mermaid flowchart (GitHub
//! renders Mermaid in comments) with the changes highlighted through `classDef`/`linkStyle`.
//!
//! Each skipRange is drawn once, as a hexagon carrying the range that points at the entry that
//! declares it, instead of one edge from every bundle in the range (a real channel has up to a
//! thousand of those, past what Mermaid draws). Catalog text is escaped into Mermaid entity
//! codes, so a name can neither end its label nor inject markup.

use std::collections::HashMap;
use std::fmt::Write as _;

use serde::Serialize;

use crate::export::mermaid_text;
use crate::graph::{ChannelGraph, EdgeKind};
use crate::resolve::Resolver;

/// Whether a part of the picture is new, gone or on both sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Change {
    /// Only after the change.
    Added,
    /// Only before it.
    Removed,
    /// On both sides.
    Kept,
}

impl Change {
    fn of(in_old: bool, in_new: bool) -> Change {
        match (in_old, in_new) {
            (false, true) => Change::Added,
            (true, false) => Change::Removed,
            _ => Change::Kept,
        }
    }
}

/// A bundle name in the picture.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PictureNode {
    /// The bundle's name.
    pub name: String,
    /// As an entry of the channel.
    pub change: Change,
    /// Not an entry on either side (only named by `replaces` or `skips`).
    #[serde(rename = "virtual")]
    pub is_virtual: bool,
    /// The head after the change.
    pub head: bool,
    /// The head before the change.
    pub old_head: bool,
    /// The resolvers under which the change strands a cluster on this bundle.
    pub stranded: Vec<Resolver>,
}

/// A `replaces` or `skips` edge (indices into the nodes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PictureEdge {
    /// The older node.
    pub from: usize,
    /// The newer node, whose entry makes the edge.
    pub to: usize,
    /// `replaces` or `skips`.
    pub kind: EdgeKind,
    /// Whether the change adds, removes or keeps it.
    pub change: Change,
}

/// An entry's skipRange, with how many bundles of the channel it matches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PictureRange {
    /// The entry (an index into the nodes).
    pub to: usize,
    /// The skipRange, as written.
    pub range: String,
    /// Whether the change adds, removes or keeps it.
    pub change: Change,
    /// Bundles of the channel in the range (after the change; before it for a removed range).
    pub sources: usize,
}

/// One channel across the change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChannelPicture {
    /// The channel.
    pub channel: String,
    /// Whether the change adds, removes or keeps the channel.
    pub change: Change,
    /// Every name of both sides' channel.
    pub nodes: Vec<PictureNode>,
    /// Every `replaces` and `skips` edge of both sides.
    pub edges: Vec<PictureEdge>,
    /// Every skipRange of both sides.
    pub ranges: Vec<PictureRange>,
}

/// The most a Mermaid block may hold (GitHub's Mermaid stops at 500 edges and 50,000
/// characters by default).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MermaidLimits {
    /// Nodes (and ranges) drawn at most.
    pub max_nodes: usize,
    /// Edges drawn at most.
    pub max_edges: usize,
    /// Characters of the block at most.
    pub max_chars: usize,
}

impl Default for MermaidLimits {
    fn default() -> Self {
        MermaidLimits {
            max_nodes: 200,
            max_edges: 400,
            max_chars: 40_000,
        }
    }
}

/// What a drawing shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MermaidScope {
    /// The whole channel.
    Full,
    /// Only the changed nodes, edges and ranges (and the ends of the changed edges): the whole
    /// channel is past the limits.
    ChangesOnly,
}

/// A Mermaid flowchart of a [`ChannelPicture`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MermaidDrawing {
    /// The flowchart's text.
    pub text: String,
    /// The whole channel, or only what changed.
    pub scope: MermaidScope,
    /// Nodes (and ranges) and edges left out: unchanged names that are no entry of the channel,
    /// and for [`MermaidScope::ChangesOnly`] everything unchanged.
    pub hidden_nodes: usize,
    /// Edges left out.
    pub hidden_edges: usize,
}

/// Node and edge index of the union, keyed by name and by (from, to, kind).
#[derive(Default)]
struct Union {
    picture_nodes: Vec<PictureNode>,
    node_index: HashMap<String, usize>,
    in_old: Vec<bool>,
    in_new: Vec<bool>,
    edges: Vec<(usize, usize, EdgeKind, bool, bool)>,
    edge_index: HashMap<(usize, usize, EdgeKind), usize>,
    ranges: Vec<(usize, String, usize, usize)>,
    range_index: HashMap<(usize, String), usize>,
}

impl Union {
    fn add_graph(&mut self, g: &ChannelGraph, new_side: bool) {
        let mut local = Vec::with_capacity(g.nodes.len());
        for n in &g.nodes {
            let i = *self.node_index.entry(n.name.clone()).or_insert_with(|| {
                self.picture_nodes.push(PictureNode {
                    name: n.name.clone(),
                    change: Change::Kept,
                    is_virtual: true,
                    head: false,
                    old_head: false,
                    stranded: Vec::new(),
                });
                self.in_old.push(false);
                self.in_new.push(false);
                self.picture_nodes.len() - 1
            });
            if !n.is_virtual {
                if new_side {
                    self.in_new[i] = true;
                } else {
                    self.in_old[i] = true;
                }
            }
            local.push(i);
        }
        if let Some(h) = g.head.name().and_then(|h| self.node_index.get(h)) {
            let node = &mut self.picture_nodes[*h];
            if new_side {
                node.head = true;
            } else {
                node.old_head = true;
            }
        }
        for e in &g.edges {
            let (from, to) = (local[e.from], local[e.to]);
            if e.kind == EdgeKind::SkipRange {
                let range = e.range.clone().unwrap_or_default();
                let len = self.ranges.len();
                let i = *self.range_index.entry((to, range.clone())).or_insert(len);
                if i == len {
                    self.ranges.push((to, range, 0, 0));
                }
                let r = &mut self.ranges[i];
                if new_side {
                    r.3 += 1;
                } else {
                    r.2 += 1;
                }
                continue;
            }
            let len = self.edges.len();
            let i = *self.edge_index.entry((from, to, e.kind)).or_insert(len);
            if i == len {
                self.edges.push((from, to, e.kind, false, false));
            }
            if new_side {
                self.edges[i].4 = true;
            } else {
                self.edges[i].3 = true;
            }
        }
    }
}

impl ChannelPicture {
    /// The union of the channel's old and new graphs (either may be missing: a channel added or
    /// removed), with `stranded` marking the bundles the change strands.
    ///
    /// # Complexity
    /// O(V + E) expected time and space for V nodes and E edges of both graphs.
    pub fn build(
        channel: &str,
        old: Option<&ChannelGraph>,
        new: Option<&ChannelGraph>,
        stranded: &HashMap<&str, Vec<Resolver>>,
    ) -> ChannelPicture {
        let mut union = Union::default();
        if let Some(g) = new {
            union.add_graph(g, true);
        }
        if let Some(g) = old {
            union.add_graph(g, false);
        }
        let mut nodes = union.picture_nodes;
        for (i, n) in nodes.iter_mut().enumerate() {
            n.change = Change::of(union.in_old[i], union.in_new[i]);
            n.is_virtual = !union.in_old[i] && !union.in_new[i];
            n.stranded = stranded.get(n.name.as_str()).cloned().unwrap_or_default();
        }
        let edges = union
            .edges
            .into_iter()
            .map(|(from, to, kind, o, n)| PictureEdge {
                from,
                to,
                kind,
                change: Change::of(o, n),
            })
            .collect();
        let ranges = union
            .ranges
            .into_iter()
            .map(|(to, range, o, n)| PictureRange {
                to,
                range,
                change: Change::of(o > 0, n > 0),
                sources: if n > 0 { n } else { o },
            })
            .collect();
        ChannelPicture {
            channel: channel.to_string(),
            change: Change::of(old.is_some(), new.is_some()),
            nodes,
            edges,
            ranges,
        }
    }

    /// True when the node is itself a change worth showing.
    fn node_changed(&self, i: usize) -> bool {
        let n = &self.nodes[i];
        n.change != Change::Kept || !n.stranded.is_empty() || n.head != n.old_head
    }

    /// The channel as a Mermaid flowchart within `limits`: the whole channel when it fits (but
    /// for unchanged names that are no entry on either side), else only what changed, else
    /// `None`.
    ///
    /// # Complexity
    /// O(V + E) for V nodes and E edges and ranges of the picture.
    pub fn mermaid(&self, limits: &MermaidLimits) -> Option<MermaidDrawing> {
        let total = self.edges.len() + self.ranges.len();
        // Unchanged names that are only referenced (no entry on either side) are noise.
        let mut shown: Vec<bool> = self
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| !n.is_virtual || self.node_changed(i))
            .collect();
        for e in self.edges.iter().filter(|e| e.change != Change::Kept) {
            shown[e.from] = true;
            shown[e.to] = true;
        }
        let shown_nodes = shown.iter().filter(|s| **s).count();
        let shown_edges = self
            .edges
            .iter()
            .filter(|e| shown[e.from] && shown[e.to])
            .count()
            + self.ranges.len();
        let full = (shown_nodes + self.ranges.len() <= limits.max_nodes
            && shown_edges <= limits.max_edges)
            .then(|| self.flowchart(&shown, false))
            .filter(|text| text.len() <= limits.max_chars);
        if let Some(text) = full {
            return Some(MermaidDrawing {
                text,
                scope: MermaidScope::Full,
                hidden_nodes: self.nodes.len() - shown_nodes,
                hidden_edges: total - shown_edges,
            });
        }
        let mut keep: Vec<bool> = (0..self.nodes.len())
            .map(|i| self.node_changed(i))
            .collect();
        for e in self.edges.iter().filter(|e| e.change != Change::Kept) {
            keep[e.from] = true;
            keep[e.to] = true;
        }
        for r in self.ranges.iter().filter(|r| r.change != Change::Kept) {
            keep[r.to] = true;
        }
        let kept_nodes = keep.iter().filter(|k| **k).count();
        let changed_edges = self
            .edges
            .iter()
            .filter(|e| e.change != Change::Kept)
            .count();
        let changed_ranges = self
            .ranges
            .iter()
            .filter(|r| r.change != Change::Kept)
            .count();
        if kept_nodes + changed_ranges > limits.max_nodes
            || changed_edges + changed_ranges > limits.max_edges
        {
            return None;
        }
        let text = self.flowchart(&keep, true);
        (text.len() <= limits.max_chars).then(|| MermaidDrawing {
            text,
            scope: MermaidScope::ChangesOnly,
            hidden_nodes: self.nodes.len() + self.ranges.len() - kept_nodes - changed_ranges,
            hidden_edges: total - changed_edges - changed_ranges,
        })
    }

    /// The flowchart of the nodes in `keep` (and, with `changes_only`, only the changed edges
    /// and ranges).
    fn flowchart(&self, keep: &[bool], changes_only: bool) -> String {
        let mut out = String::from("flowchart LR\n");
        for (class, style) in CLASSES {
            let _ = writeln!(out, "  classDef {class} {style}");
        }
        let mut classes: Vec<(&str, Vec<String>)> =
            CLASSES.iter().map(|(c, _)| (*c, Vec::new())).collect();
        for (i, n) in self.nodes.iter().enumerate().filter(|(i, _)| keep[*i]) {
            let _ = writeln!(out, "  n{i}[\"{}\"]", mermaid_text(&node_label(n)));
            if let Some(c) = classes.iter_mut().find(|(c, _)| *c == node_class(n)) {
                c.1.push(format!("n{i}"));
            }
        }
        let shown = |c: Change| !changes_only || c != Change::Kept;
        for (i, r) in self.ranges.iter().enumerate() {
            if shown(r.change) && keep[r.to] {
                let bundles = crate::text::plural(r.sources, "bundle", "bundles");
                let label = format!("skipRange {} · {bundles}", r.range);
                let _ = writeln!(out, "  r{i}{{{{\"{}\"}}}}", mermaid_text(&label));
                classes[5].1.push(format!("r{i}"));
            }
        }
        let mut link = 0usize;
        let mut styled: [Vec<String>; 2] = [Vec::new(), Vec::new()];
        let mut style_link = |change: Change, link: usize| match change {
            Change::Added => styled[0].push(link.to_string()),
            Change::Removed => styled[1].push(link.to_string()),
            Change::Kept => {}
        };
        for e in self.edges.iter().filter(|e| shown(e.change)) {
            if !(keep[e.from] && keep[e.to]) {
                continue;
            }
            let arrow = match e.kind {
                EdgeKind::Replaces => "-->",
                _ => "-.->|skips|",
            };
            let _ = writeln!(out, "  n{} {arrow} n{}", e.from, e.to);
            style_link(e.change, link);
            link += 1;
        }
        for (i, r) in self.ranges.iter().enumerate() {
            if shown(r.change) && keep[r.to] {
                let _ = writeln!(out, "  r{i} -.-> n{}", r.to);
                style_link(r.change, link);
                link += 1;
            }
        }
        for (class, ids) in classes.iter().filter(|(_, ids)| !ids.is_empty()) {
            let _ = writeln!(out, "  class {} {class}", ids.join(","));
        }
        for (links, style) in styled.iter().zip(LINK_STYLES) {
            if !links.is_empty() {
                let _ = writeln!(out, "  linkStyle {} {style}", links.join(","));
            }
        }
        out
    }
}

/// Node classes, in the order [`node_class`] and the range hexagons use them.
const CLASSES: [(&str, &str); 6] = [
    (
        "stranded",
        "fill:#cf222e,stroke:#82071e,stroke-width:3px,color:#ffffff",
    ),
    (
        "removed",
        "fill:#ffebe9,stroke:#cf222e,stroke-width:2px,stroke-dasharray:5 3,color:#1f2328",
    ),
    (
        "added",
        "fill:#dafbe1,stroke:#1a7f37,stroke-width:2px,color:#1f2328",
    ),
    (
        "head",
        "fill:#ddf4ff,stroke:#0969da,stroke-width:3px,color:#1f2328",
    ),
    (
        "virtual",
        "fill:#f6f8fa,stroke:#8c959f,stroke-dasharray:2 2,color:#59636e",
    ),
    ("range", "fill:#fff8c5,stroke:#9a6700,color:#1f2328"),
];

/// `linkStyle` of added and of removed edges.
const LINK_STYLES: [&str; 2] = [
    "stroke:#1a7f37,stroke-width:3px",
    "stroke:#cf222e,stroke-width:2px,stroke-dasharray:5 3",
];

fn node_class(n: &PictureNode) -> &'static str {
    if !n.stranded.is_empty() {
        "stranded"
    } else if n.change == Change::Removed {
        "removed"
    } else if n.change == Change::Added {
        "added"
    } else if n.head {
        "head"
    } else if n.is_virtual {
        "virtual"
    } else {
        ""
    }
}

/// The name and, in words, what the colours say (for readers who cannot tell them apart).
fn node_label(n: &PictureNode) -> String {
    let mut label = n.name.clone();
    let mut tag = |t: String| {
        label.push_str(" · ");
        label.push_str(&t);
    };
    match n.change {
        Change::Added => tag("added".into()),
        Change::Removed => tag("removed".into()),
        Change::Kept if n.is_virtual => tag("not in channel".into()),
        Change::Kept => {}
    }
    if n.head {
        tag("head".into());
    } else if n.old_head {
        tag("old head".into());
    }
    if !n.stranded.is_empty() {
        let rs: Vec<&str> = n.stranded.iter().map(|r| r.as_str()).collect();
        tag(format!("stranded ({})", rs.join(", ")));
    }
    label
}
