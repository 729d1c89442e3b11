//! The upgrade path drawn over the graph, from core's [`PathOverlay`]: one hop per step, along
//! the edge's own route when it is drawn individually (or leaves a group), along the fan's rail
//! when it is in a fan, else a curve between the nodes.

use std::collections::HashMap;

use crate::graph::EdgeKind;
use crate::view::{route_d, BandId, EdgeId, GraphView, NodeId, OverlayHop, PathOverlay, TiVec};

/// One hop of the path, between two nodes of the view.
pub(super) struct Hop<'o> {
    /// 1-based, counted on the whole path.
    pub number: usize,
    pub from: NodeId,
    pub to: NodeId,
    pub overlay: &'o OverlayHop,
}

/// The hops of `overlay` whose two ends are both in the view (the others are left out), and
/// whether each node is on the path (the start, and the ends of those hops).
///
/// # Complexity
/// O(H log V) for H hops.
pub(super) fn hops_in_view<'o>(
    view: &GraphView,
    overlay: Option<&'o PathOverlay>,
) -> (Vec<Hop<'o>>, TiVec<NodeId, bool>) {
    let mut on_path: TiVec<NodeId, bool> = vec![false; view.nodes().len()].into();
    let mut hops = Vec::new();
    let Some(overlay) = overlay else {
        return (hops, on_path);
    };
    if let Some(i) = view.node_index(&overlay.from) {
        on_path[i] = true;
    }
    for (k, h) in overlay.hops.iter().enumerate() {
        let (Some(f), Some(t)) = (view.node_index(&h.from), view.node_index(&h.to)) else {
            continue;
        };
        on_path[f] = true;
        on_path[t] = true;
        hops.push(Hop {
            number: k + 1,
            from: f,
            to: t,
            overlay: h,
        });
    }
    (hops, on_path)
}

/// Where each hop can run: the individually drawn edges and the band taps of the view.
pub(super) struct HopRoutes<'a> {
    view: &'a GraphView,
    /// (from, to) → (kind, edge), in edge order.
    edges: HashMap<(NodeId, NodeId), Vec<(EdgeKind, EdgeId)>>,
    /// (source, target) → its fan.
    bands: HashMap<(NodeId, NodeId), BandId>,
}

impl<'a> HopRoutes<'a> {
    /// # Complexity
    /// O(E) for the E edges the view draws.
    pub(super) fn new(view: &'a GraphView) -> HopRoutes<'a> {
        let mut edges: HashMap<(NodeId, NodeId), Vec<(EdgeKind, EdgeId)>> = HashMap::new();
        for (i, e) in view.edges().iter_enumerated() {
            // An edge leaving a group stands for each member's edge.
            let froms = if e.members.is_empty() {
                std::slice::from_ref(&e.from)
            } else {
                e.members.as_slice()
            };
            for &f in froms {
                edges.entry((f, e.to)).or_default().push((e.kind, i));
            }
        }
        let mut bands = HashMap::new();
        for (i, b) in view.bands().iter_enumerated() {
            for &s in &b.sources {
                bands.insert((s, b.to), i);
            }
        }
        HopRoutes { view, edges, bands }
    }

    /// Path data of one hop, moved down by `dy`.
    ///
    /// # Complexity
    /// O(P) for the P points of the route it follows.
    pub(super) fn hop_d(&self, hop: &Hop, dy: f64) -> String {
        let (f, t) = (hop.from, hop.to);
        if let Some(routes) = self.edges.get(&(f, t)) {
            let pick = routes
                .iter()
                .find(|(k, _)| Some(*k) == hop.overlay.kind)
                .or(routes.first());
            if let Some(e) = pick.and_then(|&(_, i)| self.view.edges().get(i)) {
                return route_d(&e.points, e.curved, dy);
            }
        }
        let (Some(a), Some(b)) = (
            self.view.node(f).map(|n| &n.bbox),
            self.view.node(t).map(|n| &n.bbox),
        ) else {
            return String::new();
        };
        let ty = b.y + b.height / 2.0;
        if let Some(band) = self
            .bands
            .get(&(f, t))
            .and_then(|&i| self.view.bands().get(i))
        {
            // Down from the source to its tap, along the rail, up the riser into the target.
            let walk = band.rail.walk(f.index(), t.index());
            if let Some(&tap) = walk.first() {
                let mut pts = vec![(a.x + a.width / 2.0, a.y + a.height), tap];
                pts.extend_from_slice(&walk[1..]);
                return route_d(&pts, false, dy);
            }
        }
        let s = (a.x + a.width, a.y + a.height / 2.0);
        let e = (b.x, ty);
        let lift = 30.0 + (e.0 - s.0).abs() / 8.0;
        let pts = [s, (s.0 + 30.0, s.1 - lift), (e.0 - 30.0, e.1 - lift), e];
        route_d(&pts, true, dy)
    }
}
