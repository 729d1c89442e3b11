//! [`ViewEdge`]: an individually drawn edge of a [`super::GraphView`], and how the view merges
//! the layout's routes into them.

use std::collections::HashMap;

use crate::graph::EdgeKind;
use crate::layout::{Layout, LayoutEdge};
use crate::sort::SortWith;

use super::draw::route_d;
use super::id::{EdgeId, GroupId, NodeId, TiVec};
use super::node::ViewNode;
use super::source::ViewSource;

/// An individually drawn edge. In the package view, the same (from, to, kind) in several
/// channels is one edge listing those channels; the edges from the members of a group to one
/// node are one edge leaving the group.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewEdge {
    /// Its ends (for an edge leaving a group: `from` is its first member).
    pub from: NodeId,
    /// The newer end.
    pub to: NodeId,
    /// Which field of the newer entry makes it.
    pub kind: EdgeKind,
    /// The target's skipRange, for `skipRange` edges.
    pub range: Option<String>,
    /// The channels whose edges this one stands for, sorted.
    pub channels: Vec<String>,
    /// The route (see [`crate::layout::EdgeRoute`]).
    pub points: Vec<(f64, f64)>,
    /// The points are cubic Bézier segments rather than a polyline.
    pub curved: bool,
    /// The group it leaves.
    pub group: Option<GroupId>,
    /// For an edge leaving a group: the members whose edges it stands for, ascending.
    pub members: Vec<NodeId>,
    /// Both OLMs' CRD-safety verdicts of the upgrade it draws, once
    /// `GraphView::judge_crd_safety` has filled them (spec/crd-safety.md).
    pub crd_safety: Option<crate::crd::EdgeSafety>,
}

impl ViewEdge {
    /// `edge <kind>`, e.g. `edge skipRange`.
    ///
    /// # Complexity
    /// O(1).
    pub fn class(&self) -> String {
        format!("edge {}", self.kind.css_class())
    }

    /// SVG path data of the route.
    ///
    /// # Complexity
    /// O(P) for P points.
    pub fn path_d(&self) -> String {
        route_d(&self.points, self.curved, 0.0)
    }

    /// Number of graph edges it stands for (a group's edge: one per member).
    ///
    /// # Complexity
    /// O(1).
    pub fn edge_count(&self) -> usize {
        self.members.len().max(1)
    }
}

/// The individually drawn edges, one per distinct (from, to, kind) in the order of their first
/// route (a group's members counting as one `from`), each listing the channels of the edges it
/// stands for and, leaving a group, its members.
pub(super) fn view_edges<G: ViewSource + ?Sized>(
    graph: &G,
    edges: &[LayoutEdge<'_>],
    layout: &Layout,
    nodes: &[ViewNode],
) -> TiVec<EdgeId, ViewEdge> {
    let n = nodes.len();
    // Merging is needed when the graph repeats edges or groups collapse nodes.
    let merge = !graph.edges_are_distinct() || !layout.groups.is_empty();
    let mut slot: HashMap<(usize, usize, EdgeKind), EdgeId> = HashMap::new();
    let mut out: TiVec<EdgeId, ViewEdge> = TiVec::with_capacity(layout.edges.len());
    for r in &layout.edges {
        let Some(e) = edges.get(r.edge).filter(|e| e.from < n && e.to < n) else {
            continue;
        };
        let channel = graph.edge_channel(r.edge).to_string();
        let group = nodes[e.from].collapsed;
        let source = group.map_or(e.from, |g| n + g.index());
        let key = (source, e.to, e.kind);
        let (from, to) = (NodeId::new(e.from), NodeId::new(e.to));
        if let Some(&i) = merge.then(|| slot.get(&key)).flatten() {
            out[i].channels.push(channel);
            if group.is_some() {
                out[i].members.push(from);
            }
            continue;
        }
        if merge {
            slot.insert(key, out.next_key());
        }
        out.push(ViewEdge {
            from,
            to,
            kind: e.kind,
            range: e.range.map(str::to_string),
            channels: vec![channel],
            points: r.points.clone(),
            curved: r.curved,
            group,
            members: group.map(|_| vec![from]).unwrap_or_default(),
            crd_safety: None,
        });
    }
    if merge {
        for e in &mut out {
            e.channels.sort_ord();
            e.channels.dedup();
            e.members.sort_ord();
            e.members.dedup();
            if let Some(&first) = e.members.first() {
                e.from = first;
            }
        }
    }
    out
}
