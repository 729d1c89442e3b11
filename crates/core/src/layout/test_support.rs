//! Helpers of the layout tests: real catalogs, and the structural invariants every layout must
//! satisfy.

use std::path::{Path, PathBuf};

use super::routes::lerp;
use super::*;
use crate::graph::{channel_graphs, ChannelGraph, EdgeKind};
use crate::model::Package;
use crate::semver::Version;
use crate::sort::SortWith;

pub(super) fn catalogs() -> PathBuf {
    let dir = std::env::var("OLM_GRAPH_CATALOGS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/catalogs"));
    assert!(dir.is_dir(), "catalogs dir missing: {}", dir.display());
    dir
}

pub(super) fn load(rel: &str) -> (Vec<Package>, Vec<ChannelGraph>) {
    let path = catalogs().join(rel);
    let catalog = crate::load_paths(&[&path]).expect("catalog loads");
    assert!(!catalog.packages.is_empty(), "{rel}: no package");
    let graphs = catalog.packages.iter().flat_map(channel_graphs).collect();
    (catalog.packages, graphs)
}

pub(super) const GPU: &str = "certified-operators/v4.22/gpu-operator-certified.yaml";

pub(super) const DESCHEDULER: &str =
    "openshift-kube-descheduler-fbc/v4.12/cluster-kube-descheduler-operator.json";
pub(super) const QUAY: &str = "community-operators-prod/v4.21/project-quay.yaml";

pub(super) fn real_graphs() -> Vec<ChannelGraph> {
    let mut all = Vec::new();
    for rel in [GPU, DESCHEDULER, QUAY] {
        let (_, gs) = load(rel);
        assert!(!gs.is_empty(), "{rel}: no channel");
        all.extend(gs);
    }
    all
}

/// Layout nodes named `names`, with the versions `versions` (zipped).
pub(super) fn versioned_nodes<'a>(
    names: &[&'a str],
    versions: &'a [Version],
) -> Vec<LayoutNode<'a>> {
    names
        .iter()
        .zip(versions)
        .map(|(n, v)| LayoutNode::new(n, Some(v)))
        .collect()
}

/// An edge of `kind` without a range.
pub(super) fn edge(from: usize, to: usize, kind: EdgeKind) -> LayoutEdge<'static> {
    LayoutEdge {
        from,
        to,
        kind,
        range: None,
    }
}

pub(super) fn opts(fans: FanMode) -> LayoutOptions {
    LayoutOptions {
        fans,
        ..LayoutOptions::default()
    }
}

/// The layout of the old single-row drawing: no target box (one row), nothing collapsed, fans
/// of two or more sources drawn. The phase tests that check lanes, columns and arcs use it.
pub(super) fn one_row() -> LayoutOptions {
    LayoutOptions {
        fans: FanMode::Bands,
        target: None,
        group_min: 0,
        band_min_sources: 2,
        ..LayoutOptions::default()
    }
}

pub(super) fn edge_list(g: &ChannelGraph) -> Vec<(usize, usize, EdgeKind)> {
    g.edges.iter().map(|e| (e.from, e.to, e.kind)).collect()
}

pub(super) fn sample(route: &EdgeRoute, per_segment: usize) -> Vec<(f64, f64)> {
    let p = &route.points;
    if !route.curved {
        let mut out = Vec::new();
        for w in p.windows(2) {
            for i in 0..=per_segment {
                out.push(lerp(w[0], w[1], i as f64 / per_segment as f64));
            }
        }
        return out;
    }
    let fine = EdgeRoute {
        edge: route.edge,
        points: p.clone(),
        curved: true,
    };
    // flatten gives t = k/4; refine by sampling each segment densely.
    let mut out = flatten(&fine);
    for seg in 0..(p.len() - 1) / 3 {
        let [p0, c1, c2, p3] = [p[3 * seg], p[3 * seg + 1], p[3 * seg + 2], p[3 * seg + 3]];
        for i in 0..=per_segment {
            let t = i as f64 / per_segment as f64;
            let u = 1.0 - t;
            let (a, b, c, d) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
            out.push((
                a * p0.0 + b * c1.0 + c * c2.0 + d * p3.0,
                a * p0.1 + b * c1.1 + c * c2.1 + d * p3.1,
            ));
        }
    }
    out
}

const EPS: f64 = 1e-6;

/// Every structural invariant of a layout of `n` nodes and these edges.
pub(super) fn check(
    layout: &Layout,
    n: usize,
    edges: &[(usize, usize, EdgeKind)],
    fans: FanMode,
    what: &str,
) {
    check_boxes(layout, n, Reading::Columns, what);
    check_each_edge_once(layout, edges, fans, what);
    check_routes(layout, edges, what);
}

/// How the slots of a layout read.
#[derive(Clone, Copy, PartialEq)]
enum Reading {
    /// In column order: along a row, then down to the next row.
    Columns,
    /// Each lane on rows of its own (nodes that carry their lanes): along a row in column order.
    Lanes,
}

/// [`check`] for a layout of nodes that carry their own lanes (the package view).
pub(super) fn check_lanes(
    layout: &Layout,
    n: usize,
    edges: &[(usize, usize, EdgeKind)],
    fans: FanMode,
    what: &str,
) {
    check_boxes(layout, n, Reading::Lanes, what);
    check_each_edge_once(layout, edges, fans, what);
    check_routes(layout, edges, what);
}

/// Boxes: same order as nodes, a collapsed node in its group's box, inside the drawing; the
/// distinct boxes (slots) read in column order left to right, then top to bottom, rows stacked
/// without overlap, no two boxes of a row overlapping.
fn check_boxes(layout: &Layout, n: usize, reading: Reading, what: &str) {
    assert_eq!(layout.nodes.len(), n, "{what}: one box per node");
    assert!(
        layout.width.is_finite() && layout.height.is_finite(),
        "{what}: finite size"
    );
    let mut slots: Vec<&NodeBox> = Vec::new();
    for (i, b) in layout.nodes.iter().enumerate() {
        assert_eq!(b.node, i, "{what}: boxes in node order");
        assert!(b.x >= 0.0 && b.y >= 0.0, "{what}: box {i} non-negative");
        assert!(b.x + b.width <= layout.width + EPS && b.y + b.height <= layout.height + EPS);
        assert!(b.lane < layout.lanes.max(1), "{what}: lane in range");
        assert!(b.row < layout.rows.max(1), "{what}: row in range");
        match b.group {
            Some(g) => {
                let gb = &layout.groups[g];
                assert!(gb.members.contains(&i), "{what}: {i} is in its group");
                assert!(
                    (gb.x, gb.y, gb.column) == (b.x, b.y, b.column),
                    "{what}: a collapsed node has its group's box"
                );
            }
            None => slots.push(b),
        }
    }
    let group_slots: Vec<NodeBox> = layout
        .groups
        .iter()
        .map(|g| NodeBox {
            node: g.entry,
            x: g.x,
            y: g.y,
            width: g.width,
            height: g.height,
            column: g.column,
            lane: g.lane,
            row: g.row,
            group: None,
        })
        .collect();
    slots.extend(group_slots.iter());
    slots.sort_keyed(|b| b.column);
    let cols: Vec<usize> = slots.iter().map(|b| b.column).collect();
    assert_eq!(
        cols,
        (0..slots.len()).collect::<Vec<_>>(),
        "{what}: columns are a permutation of the slots"
    );
    if reading == Reading::Lanes {
        // Along each row in column order; rows in any order.
        slots.sort_keyed(|b| (b.row, b.column));
    }
    for w in slots.windows(2) {
        // Reading order: along the row, or down to the next row.
        if w[0].row == w[1].row {
            assert!(
                w[0].x + w[0].width < w[1].x,
                "{what}: boxes {} and {} overlap or are out of order",
                w[0].node,
                w[1].node
            );
        } else if reading == Reading::Columns {
            assert_eq!(w[0].row + 1, w[1].row, "{what}: rows follow the columns");
        }
    }
    // Rows stacked: every box of a row above every box of the next.
    let rows = layout.rows.max(1);
    let mut bottom = vec![f64::NEG_INFINITY; rows];
    let mut top = vec![f64::INFINITY; rows];
    for b in &slots {
        bottom[b.row] = bottom[b.row].max(b.y + b.height);
        top[b.row] = top[b.row].min(b.y);
    }
    for r in 1..rows {
        assert!(
            bottom[r - 1] < top[r],
            "{what}: row {r} below row {}",
            r - 1
        );
    }
}

/// Each edge exactly once: drawn individually or in one band of its kind into its node.
fn check_each_edge_once(
    layout: &Layout,
    edges: &[(usize, usize, EdgeKind)],
    fans: FanMode,
    what: &str,
) {
    let mut seen = vec![0usize; edges.len()];
    for r in &layout.edges {
        seen[r.edge] += 1;
    }
    for b in &layout.bands {
        assert_eq!(fans, FanMode::Bands, "{what}: no bands in edges mode");
        assert!(
            b.edges.windows(2).all(|w| w[0] < w[1]),
            "{what}: band edges ascending"
        );
        for &e in &b.edges {
            seen[e] += 1;
            assert_eq!(edges[e].2, b.kind, "{what}: band edges are of its kind");
            assert!(
                matches!(b.kind, EdgeKind::SkipRange | EdgeKind::Skips),
                "{what}: only skipRange and skips fans are banded"
            );
            assert_eq!(
                edges[e].1, b.to,
                "{what}: band edges lead into the band's node"
            );
        }
        let tb = &layout.nodes[b.to];
        assert!(
            b.rail.risers.iter().any(|&(t, _, top)| t == b.to
                && (top.1 - (tb.y + tb.height)).abs() < EPS
                && top.0 > tb.x - EPS
                && top.0 < tb.x + tb.width + EPS),
            "{what}: the fan's rail rises into its entry"
        );
        for &s in &b.sources {
            assert!(
                b.rail.taps.iter().any(|&(n, _)| n == s),
                "{what}: the fan's rail taps each source"
            );
        }
    }
    assert!(
        seen.iter().all(|&c| c == 1),
        "{what}: every edge exactly once: {seen:?}"
    );
}

/// Routes: ascending, from the right side of `from` to the left side of `to`; every point of a
/// route or band finite and inside the drawing.
fn check_routes(layout: &Layout, edges: &[(usize, usize, EdgeKind)], what: &str) {
    // Routes: ascending, from the right side of `from` to the left side of `to`.
    assert!(
        layout.edges.windows(2).all(|w| w[0].edge < w[1].edge),
        "{what}: routes by edge"
    );
    for r in &layout.edges {
        let (from, to, _) = edges[r.edge];
        let (a, b) = (&layout.nodes[from], &layout.nodes[to]);
        let s = r.points[0];
        let t = *r.points.last().expect("route has points");
        assert!(
            (s.0 - (a.x + a.width)).abs() < EPS && s.1 > a.y && s.1 < a.y + a.height,
            "{what}: start of {r:?}"
        );
        assert!(
            (t.0 - b.x).abs() < EPS && t.1 > b.y && t.1 < b.y + b.height,
            "{what}: end of {r:?}"
        );
        if r.curved {
            assert_eq!((r.points.len() - 1) % 3, 0, "{what}: cubic path");
        }
    }
    // Everything inside the drawing, non-negative and finite.
    let all_points = layout.edges.iter().flat_map(|r| r.points.iter()).chain(
        layout
            .bands
            .iter()
            .flat_map(|b| b.rail.paths.iter().flatten()),
    );
    for p in all_points {
        assert!(p.0.is_finite() && p.1.is_finite(), "{what}: finite point");
        assert!(
            p.0 >= -EPS && p.1 >= -EPS,
            "{what}: non-negative point {p:?}"
        );
        assert!(
            p.0 <= layout.width + EPS && p.1 <= layout.height + EPS,
            "{what}: point {p:?} outside"
        );
    }
}

/// No sampled point of a route lies inside a node box (boxes shrunk by one unit: routes
/// start and end on box sides).
pub(super) fn check_routes_avoid_boxes(layout: &Layout, what: &str) {
    let mut by_col: Vec<&NodeBox> = layout.nodes.iter().collect();
    by_col.sort_keyed(|b| b.column);
    let pitch = if by_col.len() > 1 {
        by_col[1].x - by_col[0].x
    } else {
        f64::INFINITY
    };
    for r in &layout.edges {
        for p in sample(r, 24) {
            let c = ((p.0 - by_col.first().map_or(0.0, |b| b.x)) / pitch).floor();
            if c < 0.0 || c as usize >= by_col.len() {
                continue;
            }
            let b = by_col[c as usize];
            let inside = p.0 > b.x + 1.0
                && p.0 < b.x + b.width - 1.0
                && p.1 > b.y + 1.0
                && p.1 < b.y + b.height - 1.0;
            assert!(
                !inside,
                "{what}: edge {} passes through node {} at {p:?}",
                r.edge, b.node
            );
        }
    }
}
