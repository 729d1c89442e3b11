//! The upgrade path drawn over the graph: one hop per step, along the edge's own route when it
//! is drawn individually (or leaves a group), along the fan's rail when it is in a fan, else a
//! curve between the nodes.

use std::collections::HashMap;

use crate::graph::EdgeKind;
use crate::resolve::UpgradePath;
use crate::view::{route_d, GraphView};

/// One hop of the path, between two nodes of the view.
pub(super) struct Hop {
    /// 1-based.
    pub number: usize,
    pub from: usize,
    pub to: usize,
    /// The kind of the edge the hop follows (its first reason's).
    pub kind: Option<EdgeKind>,
    /// Why the hop is taken, every reason's label.
    pub via: String,
}

/// The path's hops and the nodes it visits.
pub(super) struct PathMarks {
    pub hops: Vec<Hop>,
    /// Whether each node is on the path.
    pub on_path: Vec<bool>,
    /// The path in words, for the subtitle.
    pub line: Option<String>,
}

impl PathMarks {
    /// The hops of `path` whose two ends are both in the view (the others are left out).
    ///
    /// # Complexity
    /// O(H log V) for H hops.
    pub fn new(view: &GraphView, path: Option<&UpgradePath>) -> PathMarks {
        let mut marks = PathMarks {
            hops: Vec::new(),
            on_path: vec![false; view.nodes.len()],
            line: None,
        };
        let Some(path) = path else {
            return marks;
        };
        if let Some(i) = view.node_index(&path.from) {
            marks.on_path[i] = true;
        }
        let mut names = vec![path.from.as_str()];
        names.extend(path.hops.iter().map(|h| h.to.as_str()));
        marks.line = Some(format!(
            "{} path from {}: {} ({})",
            path.resolver.as_str(),
            path.from,
            names.join(" → "),
            path.outcome.as_str()
        ));
        for (k, h) in path.hops.iter().enumerate() {
            let (Some(f), Some(t)) = (view.node_index(&h.from), view.node_index(&h.to)) else {
                continue;
            };
            marks.on_path[f] = true;
            marks.on_path[t] = true;
            marks.hops.push(Hop {
                number: k + 1,
                from: f,
                to: t,
                kind: h.via.first().map(|r| r.kind),
                via: crate::resolve::via_label(&h.via),
            });
        }
        marks
    }
}

/// Where each hop can run: the individually drawn edges and the band taps of the view.
pub(super) struct HopRoutes<'a> {
    view: &'a GraphView,
    /// (from, to) → (kind, index into the view's edges), in edge order.
    edges: HashMap<(usize, usize), Vec<(EdgeKind, usize)>>,
    /// (source, target) → index into the view's bands.
    bands: HashMap<(usize, usize), usize>,
}

impl<'a> HopRoutes<'a> {
    /// # Complexity
    /// O(E) for the E edges the view draws.
    pub fn new(view: &'a GraphView) -> HopRoutes<'a> {
        let mut edges: HashMap<(usize, usize), Vec<(EdgeKind, usize)>> = HashMap::new();
        for (i, e) in view.edges.iter().enumerate() {
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
        for (i, b) in view.bands.iter().enumerate() {
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
    pub fn hop_d(&self, hop: &Hop, dy: f64) -> String {
        let (f, t) = (hop.from, hop.to);
        if let Some(routes) = self.edges.get(&(f, t)) {
            let pick = routes
                .iter()
                .find(|(k, _)| Some(*k) == hop.kind)
                .or(routes.first());
            if let Some(e) = pick.and_then(|&(_, i)| self.view.edges.get(i)) {
                return route_d(&e.points, e.curved, dy);
            }
        }
        let (Some(a), Some(b)) = (self.view.boxes.get(f), self.view.boxes.get(t)) else {
            return String::new();
        };
        let ty = b.y + b.height / 2.0;
        if let Some(band) = self
            .bands
            .get(&(f, t))
            .and_then(|&i| self.view.bands.get(i))
        {
            // Down from the source to its tap, along the rail, up the riser into the target.
            let walk = band.rail.walk(f, t);
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
