//! A deterministic, near-linear layout engine for OLM upgrade graphs.
//!
//! General layered (Sugiyama) layouts are far too slow on OLM graphs: a channel whose entries
//! all carry a `skipRange` has a quadratic number of edges. OLM graphs have a natural order, the
//! bundle versions, so this engine does not search for an order at all:
//!
//! - **Columns (x).** Bundles are sorted by version (semver order, ties by name) and each node
//!   gets its own column, so left-to-right order *is* version order. A node without a version
//!   (a name the catalog lacks) is put just left of the oldest node it points to, or else just
//!   right of the newest node pointing to it, or else (no versioned neighbour at all) next to
//!   a versionless neighbour, or at the far right.
//! - **Lanes (y).** The `replaces` chain through the channel head (the *main line*) is lane 0.
//!   The other nodes are cut into chains (a node continues the chain of the node it `replaces`,
//!   else the one it `skips`, when that node is still a chain end), and the chains are packed
//!   into lanes greedily in start order: a chain takes the lane of the node it branches from when
//!   free, else the nearest free lane, else a new one. A lane is free when no chain in it overlaps
//!   the chain's column interval, so lanes are reused and their number is the minimum for those
//!   chains. Lane 0 is on top.
//! - **Edges.** Edges leave the right side of the older node and enter the left side of the newer
//!   one. Edges between neighbouring columns are straight (same lane) or an S curve. Longer edges
//!   in one lane are straight when no node of that lane is in between, else they arc *above* the
//!   lane; arc heights grow with the span (one level per distinct span) so nested arcs do not
//!   cross and no two arcs coincide. Edges between different lanes run horizontally on their own
//!   track in the space just above the lower lane, tracks being shared only by runs that do not
//!   overlap, and stacked so that a fan of such edges into (or out of) one node crosses nothing.
//!   Backward edges (from a newer version to an older one) and self-loops are drawn the same
//!   way, looping back above.
//! - **skipRange fans.** In [`FanMode::Bands`] the `skipRange` edges into one entry (with one
//!   range) become one [`Band`]: a bracket under the columns of its source nodes, below all lanes,
//!   with a riser into the lower part of the entry's left side. Bands are stacked so that no band
//!   crosses another.
//!
//! Everything is in abstract units with the origin at the top left; all coordinates are
//! non-negative and finite for any input.

use std::cmp::Reverse;
use std::collections::VecDeque;

use serde::Serialize;

use crate::graph::{ChannelGraph, EdgeKind, Head, PackageGraph};
use crate::semver::Version;

/// How the `skipRange` fans (one entry upgrading from many older ones) are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FanMode {
    /// Every edge gets its own route (arcs above the lanes).
    Edges,
    /// The `skipRange` edges into one entry become a single [`Band`] when they come from at least
    /// [`LayoutOptions::band_min_sources`] nodes, and so do its forward `skips` edges from at
    /// least [`LayoutOptions::skips_band_min_sources`] nodes; every other edge gets its own route.
    #[default]
    Bands,
}

/// Sizes of the drawing, in abstract units. Non-finite, negative (or, for sizes, zero) values
/// are replaced by the defaults, and every value is capped at 10⁶.
#[derive(Debug, Clone, PartialEq)]
pub struct LayoutOptions {
    pub node_width: f64,
    pub node_height: f64,
    /// Horizontal space between two columns.
    pub column_gap: f64,
    /// Minimum vertical space between two lanes.
    pub lane_gap: f64,
    pub fans: FanMode,
    /// Vertical distance between two arc levels, two edge tracks or two bands.
    pub arc_step: f64,
    /// Empty space around the drawing (at least half a column gap left and right).
    pub margin: f64,
    /// In [`FanMode::Bands`], the smallest number of distinct source nodes that makes a band.
    pub band_min_sources: usize,
    /// In [`FanMode::Bands`], the smallest number of distinct skipped nodes that makes a `skips`
    /// band (a few skips read well as edges; dozens do not).
    pub skips_band_min_sources: usize,
}

impl Default for LayoutOptions {
    fn default() -> Self {
        LayoutOptions {
            node_width: 150.0,
            node_height: 36.0,
            column_gap: 40.0,
            lane_gap: 30.0,
            fans: FanMode::Bands,
            arc_step: 8.0,
            margin: 20.0,
            band_min_sources: 2,
            skips_band_min_sources: 4,
        }
    }
}

/// The box of one node.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NodeBox {
    /// Index into the graph's nodes.
    pub node: usize,
    /// Top-left corner.
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
    /// Position in version order (one node per column).
    pub column: usize,
    /// 0 is the main line, on top.
    pub lane: usize,
}

/// The route of one individually drawn edge, from the middle of the right side of its `from`
/// node to the middle of the left side of its `to` node.
///
/// When `curved` is false, `points` is a polyline. When it is true, `points` is a path of cubic
/// Bézier segments: `points[0]` is the start and each following triple is (first control point,
/// second control point, end point) of one segment, so `points.len() == 1 + 3k`; in SVG:
/// `M p0 C p1 p2 p3 C p4 p5 p6 …`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EdgeRoute {
    /// Index into the graph's edges.
    pub edge: usize,
    pub points: Vec<(f64, f64)>,
    pub curved: bool,
}

/// A fan drawn as one shape: a bracket under the columns of the source nodes, below all lanes,
/// with a riser that leads into the left side of the target node. The edges of one entry's
/// `skipRange`, or of its `skips`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Band {
    /// [`EdgeKind::SkipRange`] or [`EdgeKind::Skips`].
    pub kind: EdgeKind,
    /// The target node (index into the graph's nodes).
    pub to: usize,
    /// The `skipRange` edges the band stands for (indices into the graph's edges, ascending).
    pub edges: Vec<usize>,
    /// Outline: a closed polygon (the last point joins the first), not curved.
    pub points: Vec<(f64, f64)>,
    /// The target's skipRange text.
    pub range: Option<String>,
    /// Column interval of the source nodes (first, last).
    pub columns: (usize, usize),
}

/// A finished layout.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Layout {
    pub width: f64,
    pub height: f64,
    /// One box per node, in the graph's node order.
    pub nodes: Vec<NodeBox>,
    /// The individually drawn edges, in edge-index order.
    pub edges: Vec<EdgeRoute>,
    /// The bands (empty in [`FanMode::Edges`]), by target column.
    pub bands: Vec<Band>,
    /// Number of lanes.
    pub lanes: usize,
}

/// A node given to [`layout_graph`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayoutNode<'a> {
    pub name: &'a str,
    pub version: Option<&'a Version>,
}

/// An edge given to [`layout_graph`], pointing from the older node to the newer one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayoutEdge<'a> {
    pub from: usize,
    pub to: usize,
    pub kind: EdgeKind,
    /// The target's skipRange, for `skipRange` edges: edges into one node are banded per range.
    pub range: Option<&'a str>,
}

/// Lays out one channel graph; the main line is [`channel_main_line`].
///
/// # Complexity
/// O((N + E) log(N + E) + N·K) for N nodes, E edges and K lanes.
pub fn layout_channel(graph: &ChannelGraph, options: &LayoutOptions) -> Layout {
    let nodes: Vec<LayoutNode<'_>> = graph
        .nodes
        .iter()
        .map(|n| LayoutNode {
            name: &n.name,
            version: n.version.as_ref(),
        })
        .collect();
    let edges: Vec<LayoutEdge<'_>> = graph
        .edges
        .iter()
        .map(|e| LayoutEdge {
            from: e.from,
            to: e.to,
            kind: e.kind,
            range: e.range.as_deref(),
        })
        .collect();
    let main = channel_main_line(graph);
    layout_graph(&nodes, &edges, &main, options)
}

/// The main line of a channel: its head, then what the head `replaces`, and so on (stopping at a
/// repeated node). Without a unique head, the newest (by version, then name) of the heads, or
/// with no head at all the newest entry, stands in for it. Newest first.
///
/// # Complexity
/// O(N + E).
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
/// O(N + E).
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

/// Lays out the package-level view (every bundle once, every channel's edges); the main line is
/// [`package_main_line`]. The same edge in several channels gets the same route (or band).
///
/// # Complexity
/// O((N + E) log(N + E) + N·K) for N nodes, E edges and K lanes.
pub fn layout_package(graph: &PackageGraph, options: &LayoutOptions) -> Layout {
    let nodes: Vec<LayoutNode<'_>> = graph
        .nodes
        .iter()
        .map(|n| LayoutNode {
            name: &n.name,
            version: n.version.as_ref(),
        })
        .collect();
    let edges: Vec<LayoutEdge<'_>> = graph
        .edges
        .iter()
        .map(|e| LayoutEdge {
            from: e.from,
            to: e.to,
            kind: e.kind,
            range: e.range.as_deref(),
        })
        .collect();
    let main = package_main_line(graph);
    layout_graph(&nodes, &edges, &main, options)
}

/// Lays out any upgrade graph: `nodes` with optional versions, `edges` pointing from older to
/// newer, and the nodes of the main line (any order; they all go to lane 0). Edges with the same
/// (from, to, kind) get the same route; edges with an endpoint out of range are ignored, as are
/// out-of-range main-line indices. Never panics.
///
/// # Complexity
/// O((N + E) log(N + E) + N·K) for N nodes, E edges and K lanes (K is usually tiny).
pub fn layout_graph(
    nodes: &[LayoutNode<'_>],
    edges: &[LayoutEdge<'_>],
    main_line: &[usize],
    options: &LayoutOptions,
) -> Layout {
    let geo = Geo::new(options);
    let n = nodes.len();
    if n == 0 {
        return Layout {
            width: 2.0 * geo.pad_x,
            height: 2.0 * geo.margin,
            nodes: Vec::new(),
            edges: Vec::new(),
            bands: Vec::new(),
            lanes: 0,
        };
    }
    let valid: Vec<bool> = edges.iter().map(|e| e.from < n && e.to < n).collect();
    let adj = Adjacency::new(n, edges, &valid);
    let order = column_order(nodes, edges, &adj);
    let mut col = vec![0usize; n];
    for (c, &u) in order.iter().enumerate() {
        col[u] = c;
    }
    let (lane, lane_count) = assign_lanes(&order, &col, edges, &adj, main_line);
    let mut lane_cols: Vec<Vec<usize>> = vec![Vec::new(); lane_count];
    for &u in &order {
        lane_cols[lane[u]].push(col[u]);
    }

    // Bands.
    let mut in_band = vec![false; edges.len()];
    let mut bands = Vec::new();
    if options.fans == FanMode::Bands {
        bands = make_bands(
            edges,
            &valid,
            &col,
            options.band_min_sources.max(1),
            options.skips_band_min_sources.max(1),
        );
        for b in &bands {
            for &e in &b.edges {
                in_band[e] = true;
            }
        }
    }
    let band_tracks = band_tracks(&bands, &col);

    // Individually drawn edges: one job per distinct (from, to, kind).
    let mut drawn: Vec<usize> = (0..edges.len())
        .filter(|&i| valid[i] && !in_band[i])
        .collect();
    drawn.sort_by_key(|&i| (edges[i].from, edges[i].to, edges[i].kind, i));
    let mut job_of = vec![usize::MAX; edges.len()];
    let mut jobs: Vec<Job> = Vec::new();
    for &i in &drawn {
        let e = &edges[i];
        let same_job = jobs
            .last()
            .filter(|j| j.from == e.from && j.to == e.to && j.kind == e.kind);
        if same_job.is_some() {
            job_of[i] = jobs.len() - 1;
            continue;
        }
        let k = match jobs.last() {
            Some(j) if j.from == e.from && j.to == e.to => j.k + 1,
            _ => 0,
        };
        job_of[i] = jobs.len();
        jobs.push(Job {
            from: e.from,
            to: e.to,
            kind: e.kind,
            k,
            shape: Shape::Straight,
            level: 0,
        });
    }
    for j in &mut jobs {
        j.shape = classify(
            col[j.from],
            col[j.to],
            lane[j.from],
            lane[j.to],
            j.k,
            &lane_cols,
        );
    }
    promote_adjacent(&mut jobs, &col, &lane);
    let (hump_levels, track_counts) = assign_levels(&mut jobs, lane_count);

    // Lane tops.
    let mut lane_top = vec![0.0f64; lane_count];
    // Space above lane l: the hump control points (4/3 of the arc height) and the tracks above
    // the humps, plus one step of clearance on each side.
    let need = |l: usize| {
        let (humps, tracks) = (hump_levels[l] as f64, track_counts[l] as f64);
        if humps + tracks > 0.0 {
            (2.0 + (humps / 0.75).max(humps + tracks)) * geo.step
        } else {
            0.0
        }
    };
    for l in 0..lane_count {
        lane_top[l] = if l == 0 {
            geo.margin + need(0)
        } else {
            lane_top[l - 1] + geo.h + geo.lane_gap.max(need(l))
        };
    }
    let lanes_bottom = lane_top[lane_count - 1] + geo.h;

    let boxes: Vec<NodeBox> = (0..n)
        .map(|u| NodeBox {
            node: u,
            x: geo.xl(col[u]),
            y: lane_top[lane[u]],
            width: geo.w,
            height: geo.h,
            column: col[u],
            lane: lane[u],
        })
        .collect();

    // Routes.
    let job_points: Vec<(Vec<(f64, f64)>, bool)> = jobs
        .iter()
        .map(|j| {
            let s = (
                geo.xl(col[j.from]) + geo.w,
                lane_top[lane[j.from]] + geo.h / 2.0,
            );
            let t = (geo.xl(col[j.to]), lane_top[lane[j.to]] + geo.h / 2.0);
            route(&geo, j, s, t, &lane_top, &hump_levels)
        })
        .collect();
    let routes: Vec<EdgeRoute> = (0..edges.len())
        .filter(|&i| job_of[i] != usize::MAX)
        .map(|i| {
            let (points, curved) = &job_points[job_of[i]];
            EdgeRoute {
                edge: i,
                points: points.clone(),
                curved: *curved,
            }
        })
        .collect();

    // Band outlines.
    let band_top = lanes_bottom + geo.lane_gap;
    let bt = geo.step * 0.75;
    let spacing = geo.step * 1.5;
    let mut bottom = lanes_bottom;
    for (b, &track) in bands.iter_mut().zip(&band_tracks) {
        let yt = band_top + bt + track as f64 * spacing;
        bottom = bottom.max(yt + bt);
        let t = b.to;
        // Into the lower quarter of the target's left side, clear of the edges entering its middle.
        let entry = lane_top[lane[t]] + geo.h * 0.75;
        // A skips band rises left of a skipRange band into the same node.
        let shift = if b.kind == EdgeKind::Skips {
            bt * 1.5
        } else {
            0.0
        };
        b.points = band_outline(
            &geo,
            b.columns,
            col[t],
            yt,
            entry,
            bt.min(geo.h / 2.0),
            shift,
        );
    }

    let ncols = n as f64;
    Layout {
        width: 2.0 * geo.pad_x + ncols * (geo.w + geo.g) - geo.g,
        height: bottom + geo.margin,
        nodes: boxes,
        edges: routes,
        bands,
        lanes: lane_count,
    }
}

/// Sanitised options.
struct Geo {
    w: f64,
    h: f64,
    g: f64,
    lane_gap: f64,
    step: f64,
    margin: f64,
    pad_x: f64,
}

impl Geo {
    fn new(o: &LayoutOptions) -> Geo {
        const CAP: f64 = 1e6;
        let d = LayoutOptions::default();
        let pos = |v: f64, d: f64| {
            if v.is_finite() && v > 0.0 {
                v.min(CAP)
            } else {
                d
            }
        };
        let nonneg = |v: f64, d: f64| {
            if v.is_finite() && v >= 0.0 {
                v.min(CAP)
            } else {
                d
            }
        };
        let g = nonneg(o.column_gap, d.column_gap);
        let margin = nonneg(o.margin, d.margin);
        Geo {
            w: pos(o.node_width, d.node_width),
            h: pos(o.node_height, d.node_height),
            g,
            lane_gap: nonneg(o.lane_gap, d.lane_gap),
            step: pos(o.arc_step, d.arc_step),
            margin,
            pad_x: margin.max(g / 2.0),
        }
    }

    /// Left side of column `c`.
    fn xl(&self, c: usize) -> f64 {
        self.pad_x + c as f64 * (self.w + self.g)
    }
}

/// Out- and in-edge lists in CSR form, each in edge-index order.
struct Adjacency {
    out_start: Vec<usize>,
    out: Vec<usize>,
    in_start: Vec<usize>,
    inc: Vec<usize>,
}

impl Adjacency {
    fn new(n: usize, edges: &[LayoutEdge<'_>], valid: &[bool]) -> Adjacency {
        let mut out_start = vec![0usize; n + 1];
        let mut in_start = vec![0usize; n + 1];
        for (e, _) in edges.iter().zip(valid).filter(|(_, v)| **v) {
            out_start[e.from + 1] += 1;
            in_start[e.to + 1] += 1;
        }
        for i in 0..n {
            out_start[i + 1] += out_start[i];
            in_start[i + 1] += in_start[i];
        }
        let m = out_start[n];
        let (mut out, mut inc) = (vec![0usize; m], vec![0usize; m]);
        let (mut op, mut ip) = (out_start.clone(), in_start.clone());
        for (i, e) in edges.iter().enumerate().filter(|(i, _)| valid[*i]) {
            out[op[e.from]] = i;
            op[e.from] += 1;
            inc[ip[e.to]] = i;
            ip[e.to] += 1;
        }
        Adjacency {
            out_start,
            out,
            in_start,
            inc,
        }
    }

    fn outgoing(&self, u: usize) -> &[usize] {
        &self.out[self.out_start[u]..self.out_start[u + 1]]
    }

    fn incoming(&self, u: usize) -> &[usize] {
        &self.inc[self.in_start[u]..self.in_start[u + 1]]
    }
}

/// Nodes in column order: versioned nodes by (version, name, index), versionless nodes inserted
/// next to the node they are anchored to (see the module docs).
fn column_order(nodes: &[LayoutNode<'_>], edges: &[LayoutEdge<'_>], adj: &Adjacency) -> Vec<usize> {
    let n = nodes.len();
    let by_name = |a: &usize, b: &usize| nodes[*a].name.cmp(nodes[*b].name).then(a.cmp(b));
    let mut versioned: Vec<usize> = (0..n).filter(|&i| nodes[i].version.is_some()).collect();
    versioned.sort_by(|a, b| {
        nodes[*a]
            .version
            .cmp(&nodes[*b].version)
            .then_with(|| by_name(a, b))
    });
    let mut rank = vec![usize::MAX; n];
    for (r, &i) in versioned.iter().enumerate() {
        rank[i] = r;
    }
    // before[a] / after[a]: versionless nodes placed just left / right of a.
    let mut before: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut after: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut placed: Vec<bool> = rank.iter().map(|&r| r != usize::MAX).collect();
    let mut queue = VecDeque::new();
    for v in (0..n).filter(|&v| rank[v] == usize::MAX) {
        let oldest_target = adj
            .outgoing(v)
            .iter()
            .map(|&e| edges[e].to)
            .filter(|&w| rank[w] != usize::MAX)
            .min_by_key(|&w| rank[w]);
        if let Some(w) = oldest_target {
            before[w].push(v);
            placed[v] = true;
            queue.push_back(v);
            continue;
        }
        let newest_source = adj
            .incoming(v)
            .iter()
            .map(|&e| edges[e].from)
            .filter(|&w| rank[w] != usize::MAX)
            .max_by_key(|&w| rank[w]);
        if let Some(w) = newest_source {
            after[w].push(v);
            placed[v] = true;
            queue.push_back(v);
        }
    }
    let mut spread = |queue: &mut VecDeque<usize>, placed: &mut Vec<bool>| {
        while let Some(p) = queue.pop_front() {
            for &e in adj.outgoing(p) {
                let q = edges[e].to;
                if !placed[q] {
                    placed[q] = true;
                    after[p].push(q);
                    queue.push_back(q);
                }
            }
            for &e in adj.incoming(p) {
                let q = edges[e].from;
                if !placed[q] {
                    placed[q] = true;
                    before[p].push(q);
                    queue.push_back(q);
                }
            }
        }
    };
    spread(&mut queue, &mut placed);
    let mut rest: Vec<usize> = (0..n).filter(|&v| !placed[v]).collect();
    rest.sort_by(by_name);
    let mut roots = versioned;
    for r in rest {
        if !placed[r] {
            placed[r] = true;
            roots.push(r);
            queue.push_back(r);
            spread(&mut queue, &mut placed);
        }
    }
    for list in before.iter_mut().chain(after.iter_mut()) {
        list.sort_by(by_name);
    }
    // In-order walk: before-children, the node, after-children.
    let mut order = Vec::with_capacity(n);
    let mut stack: Vec<(usize, bool)> = roots.iter().rev().map(|&r| (r, false)).collect();
    while let Some((u, expanded)) = stack.pop() {
        if expanded {
            order.push(u);
            continue;
        }
        stack.extend(after[u].iter().rev().map(|&c| (c, false)));
        stack.push((u, true));
        stack.extend(before[u].iter().rev().map(|&c| (c, false)));
    }
    order
}

const NONE: usize = usize::MAX;

/// The node `u` continues: the older node it `replaces` (else `skips`), the closest one first.
/// With `next`, only nodes off the main line that no other node continues yet.
fn best_pred(
    u: usize,
    col: &[usize],
    edges: &[LayoutEdge<'_>],
    adj: &Adjacency,
    free: Option<(&[usize], &[bool])>,
) -> Option<usize> {
    let mut best: Option<((bool, usize), usize)> = None;
    for &e in adj.incoming(u) {
        let p = edges[e].from;
        let replaces = match edges[e].kind {
            EdgeKind::Replaces => true,
            EdgeKind::Skips => false,
            EdgeKind::SkipRange => continue,
        };
        if p == u || col[p] >= col[u] {
            continue;
        }
        if let Some((next, on_main)) = free {
            if next[p] != NONE || on_main[p] {
                continue;
            }
        }
        let key = (replaces, col[p]);
        if best.is_none_or(|(k, _)| key > k) {
            best = Some((key, p));
        }
    }
    best.map(|(_, p)| p)
}

/// Lane of every node, and the number of lanes.
fn assign_lanes(
    order: &[usize],
    col: &[usize],
    edges: &[LayoutEdge<'_>],
    adj: &Adjacency,
    main_line: &[usize],
) -> (Vec<usize>, usize) {
    let n = order.len();
    let mut main: Vec<usize> = main_line.iter().copied().filter(|&u| u < n).collect();
    main.sort_by_key(|&u| col[u]);
    main.dedup();
    let mut on_main = vec![false; n];
    for &u in &main {
        on_main[u] = true;
    }
    let mut next = vec![NONE; n];
    let mut prev = vec![NONE; n];
    for w in main.windows(2) {
        next[w[0]] = w[1];
        prev[w[1]] = w[0];
    }
    for &u in order {
        if on_main[u] {
            continue;
        }
        if let Some(p) = best_pred(u, col, edges, adj, Some((&next, &on_main))) {
            next[p] = u;
            prev[u] = p;
        }
    }
    let main_span = main
        .first()
        .zip(main.last())
        .map(|(&a, &b)| (col[a], col[b]));
    let mut lane = vec![0usize; n];
    // busy[l]: last column used by the chains of lane l (None: not yet used).
    let mut busy: Vec<Option<usize>> = if main.is_empty() {
        Vec::new()
    } else {
        vec![None]
    };
    for &s in order.iter().filter(|&&u| prev[u] == NONE) {
        let mut end = s;
        while next[end] != NONE {
            end = next[end];
        }
        let (cs, ce) = (col[s], col[end]);
        let chosen = if on_main[s] {
            0
        } else {
            let free = |l: usize| {
                busy[l].is_none_or(|b| b < cs)
                    && (l != 0 || main_span.is_none_or(|(ms, me)| ce < ms || cs > me))
            };
            let pref = best_pred(s, col, edges, adj, None).map(|p| lane[p]);
            let pick = match pref {
                Some(p) => (0..busy.len())
                    .filter(|&l| free(l))
                    .min_by_key(|&l| (l.abs_diff(p), l)),
                None => (0..busy.len()).find(|&l| free(l)),
            };
            match pick {
                Some(l) => l,
                None => {
                    busy.push(None);
                    busy.len() - 1
                }
            }
        };
        busy[chosen] = Some(busy[chosen].map_or(ce, |b| b.max(ce)));
        let mut u = s;
        loop {
            lane[u] = chosen;
            if next[u] == NONE {
                break;
            }
            u = next[u];
        }
    }
    (lane, busy.len().max(1))
}

/// Groups forward `skipRange` edges by (target, range), and forward `skips` edges by target,
/// into bands (outlines filled in later).
fn make_bands(
    edges: &[LayoutEdge<'_>],
    valid: &[bool],
    col: &[usize],
    min_sources: usize,
    min_skips: usize,
) -> Vec<Band> {
    let mut cand: Vec<usize> = (0..edges.len())
        .filter(|&i| {
            valid[i]
                && matches!(edges[i].kind, EdgeKind::SkipRange | EdgeKind::Skips)
                && col[edges[i].from] < col[edges[i].to]
        })
        .collect();
    cand.sort_by(|&a, &b| {
        (col[edges[a].to], edges[a].kind, edges[a].range)
            .cmp(&(col[edges[b].to], edges[b].kind, edges[b].range))
            .then(a.cmp(&b))
    });
    let mut bands = Vec::new();
    for group in cand.chunk_by(|&a, &b| {
        edges[a].to == edges[b].to
            && edges[a].kind == edges[b].kind
            && edges[a].range == edges[b].range
    }) {
        let mut sources: Vec<usize> = group.iter().map(|&e| col[edges[e].from]).collect();
        sources.sort_unstable();
        sources.dedup();
        let first = &edges[group[0]];
        let least = if first.kind == EdgeKind::Skips {
            min_skips
        } else {
            min_sources
        };
        if sources.len() < least {
            continue;
        }
        bands.push(Band {
            kind: first.kind,
            to: first.to,
            edges: group.to_vec(),
            points: Vec::new(),
            range: first.range.map(str::to_string),
            columns: (sources[0], sources[sources.len() - 1]),
        });
    }
    bands
}

/// Track (0 = nearest to the lanes) of every band: one more than the deepest band whose riser
/// stands inside this band's interval, so bands never cross each other.
fn band_tracks(bands: &[Band], col: &[usize]) -> Vec<usize> {
    let target = |i: usize| col[bands[i].to];
    // By target column; for one target (several ranges), the shorter band first.
    let mut idx: Vec<usize> = (0..bands.len()).collect();
    idx.sort_by_key(|&i| (target(i), Reverse(bands[i].columns.0), i));
    let mut tree = MaxTree::new(col.len());
    let mut tracks = vec![0usize; bands.len()];
    for i in idx {
        let (c0, ct) = (bands[i].columns.0, target(i));
        // Bands whose target lies in (c0, ct] overlap this one, and their risers stand inside it.
        let t = tree.query(c0 + 1, ct + 1).map_or(0, |d| d + 1);
        tracks[i] = t;
        tree.update(ct, ct + 1, t);
    }
    tracks
}

/// Segment tree over positions 0..n: raise a range to at least v, read the max of a range.
struct MaxTree {
    n: usize,
    /// Max over the node's range.
    max: Vec<Option<usize>>,
    /// Value applied to the node's whole range.
    tag: Vec<Option<usize>>,
}

impl MaxTree {
    fn new(n: usize) -> MaxTree {
        let n = n.max(1);
        MaxTree {
            n,
            max: vec![None; 4 * n],
            tag: vec![None; 4 * n],
        }
    }

    /// Raises every position of [l, r) to at least v.
    fn update(&mut self, l: usize, r: usize, v: usize) {
        self.raise(1, 0, self.n, l, r.min(self.n), v);
    }

    fn raise(&mut self, node: usize, nl: usize, nr: usize, l: usize, r: usize, v: usize) {
        if r <= nl || nr <= l {
            return;
        }
        if l <= nl && nr <= r {
            self.tag[node] = self.tag[node].max(Some(v));
            self.max[node] = self.max[node].max(Some(v));
            return;
        }
        let mid = (nl + nr) / 2;
        self.raise(2 * node, nl, mid, l, r, v);
        self.raise(2 * node + 1, mid, nr, l, r, v);
        self.max[node] = self.tag[node]
            .max(self.max[2 * node])
            .max(self.max[2 * node + 1]);
    }

    /// Max over [l, r).
    fn query(&self, l: usize, r: usize) -> Option<usize> {
        self.read(1, 0, self.n, l, r.min(self.n))
    }

    fn read(&self, node: usize, nl: usize, nr: usize, l: usize, r: usize) -> Option<usize> {
        if r <= nl || nr <= l {
            return None;
        }
        if l <= nl && nr <= r {
            return self.max[node];
        }
        let mid = (nl + nr) / 2;
        self.tag[node]
            .max(self.read(2 * node, nl, mid, l, r))
            .max(self.read(2 * node + 1, mid, nr, l, r))
    }
}

/// Outline of a band whose sources span columns `cols`, into the node of column `ct`.
fn band_outline(
    geo: &Geo,
    cols: (usize, usize),
    ct: usize,
    yt: f64,
    entry: f64,
    bt: f64,
    shift: f64,
) -> Vec<(f64, f64)> {
    let x0 = geo.xl(cols.0);
    let x1 = geo.xl(cols.1) + geo.w;
    let xt = geo.xl(ct);
    let xg = xt - geo.g / 2.0 - shift;
    let half = bt / 2.0;
    let mut p = vec![
        (x0, yt + bt),
        (xg + half, yt + bt),
        (xg + half, entry + half),
        (xt, entry + half),
        (xt, entry - half),
        (xg - half, entry - half),
        (xg - half, yt),
    ];
    if x1 <= xg - half && x1 - bt >= x0 + bt {
        p.extend([(x1, yt), (x1, yt - bt), (x1 - bt, yt - bt), (x1 - bt, yt)]);
    }
    p.extend([(x0 + bt, yt), (x0 + bt, yt - bt), (x0, yt - bt)]);
    p
}

/// One route to draw: all edges with the same (from, to, kind) share it.
struct Job {
    from: usize,
    to: usize,
    kind: EdgeKind,
    /// Rank of the kind among the kinds of edges between the same two nodes.
    k: usize,
    shape: Shape,
    /// Arc level (1-based) for humps, track (0-based) for tracks.
    level: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// A straight line between the two sides.
    Straight,
    /// Neighbouring columns: one cubic, lifted by `k` steps for parallel edges.
    Adjacent,
    /// Same lane: an arc above the lane; `key` = (span, k) orders arc levels.
    Hump { lane: usize, key: (usize, usize) },
    /// Different lanes: a horizontal run on a track above lane `region`, over the gap interval
    /// `[a, b]` (gap 2c is left of column c, 2c + 2 right of it); `rising` when the run's left
    /// end is in the lower lane.
    Track {
        region: usize,
        a: usize,
        b: usize,
        rising: bool,
    },
}

fn classify(
    cu: usize,
    cv: usize,
    lu: usize,
    lv: usize,
    k: usize,
    lane_cols: &[Vec<usize>],
) -> Shape {
    if cv == cu + 1 {
        return if k == 0 && lu == lv {
            Shape::Straight
        } else {
            Shape::Adjacent
        };
    }
    if lu == lv {
        if cu < cv && k == 0 {
            let cols = &lane_cols[lu];
            let i = cols.partition_point(|&c| c <= cu);
            if cols.get(i).is_none_or(|&c| c >= cv) {
                return Shape::Straight;
            }
        }
        let span = if cu < cv { cv - cu - 1 } else { cu - cv + 1 };
        return Shape::Hump {
            lane: lu,
            key: (span, k),
        };
    }
    let (ga, gb) = (2 * cu + 2, 2 * cv);
    // Lanes of the left and right ends of the run (a backward edge runs right to left).
    let (left, right) = if cu < cv { (lu, lv) } else { (lv, lu) };
    Shape::Track {
        region: lu.max(lv),
        a: ga.min(gb),
        b: ga.max(gb),
        rising: left > right,
    }
}

/// An S curve between neighbouring columns of different lanes would cut through the track runs
/// that pass or end in the same gap: such edges become zero-length track runs, which then take
/// their place among the runs (lowest of a rising fan) instead.
fn promote_adjacent(jobs: &mut [Job], col: &[usize], lane: &[usize]) {
    let mut runs: Vec<(usize, usize, usize)> = jobs
        .iter()
        .filter_map(|j| match j.shape {
            Shape::Track { region, a, b, .. } => Some((region, a, b)),
            _ => None,
        })
        .collect();
    if runs.is_empty() {
        return;
    }
    runs.sort_unstable();
    let mut cands: Vec<(usize, usize, usize)> = jobs
        .iter()
        .enumerate()
        .filter(|(_, j)| j.shape == Shape::Adjacent && j.k == 0 && lane[j.from] != lane[j.to])
        .map(|(i, j)| (lane[j.from].max(lane[j.to]), 2 * col[j.from] + 2, i))
        .collect();
    cands.sort_unstable();
    // Sweep both lists by (region, position), keeping the furthest run end seen in the region.
    let mut r = 0;
    let mut current: Option<(usize, usize)> = None; // (region, max end)
    for (region, p, i) in cands {
        if current.is_none_or(|(reg, _)| reg != region) {
            current = Some((region, 0));
        }
        while r < runs.len() && (runs[r].0 < region || (runs[r].0 == region && runs[r].1 <= p)) {
            if runs[r].0 == region {
                current = current.map(|(reg, end)| (reg, end.max(runs[r].2)));
            }
            r += 1;
        }
        if current.is_some_and(|(_, end)| end >= p) {
            let j = &mut jobs[i];
            j.shape = Shape::Track {
                region,
                a: p,
                b: p,
                rising: lane[j.from] > lane[j.to],
            };
        }
    }
}

/// Sets hump levels and tracks; returns the number of hump levels and of tracks per lane.
///
/// Humps of a lane get the rank of their (span, k) key: nested arcs, whose ends are all below
/// them, never cross, and arcs of one span have one height.
///
/// Track runs of a region are stacked bottom-up so that no two comparable runs cross: a run
/// rising from a lower-lane node on its left to an upper-lane node on its right can lie below an
/// overlapping rising run without crossing it exactly when both its ends are further right
/// (mirrored for falling runs). So falling runs are placed left to right, then rising runs right
/// to left, each one track above every overlapping run placed before it; disjoint runs share
/// tracks. This makes fans into or out of one node crossing-free whichever side they are on.
fn assign_levels(jobs: &mut [Job], lanes: usize) -> (Vec<usize>, Vec<usize>) {
    let mut humps: Vec<(usize, (usize, usize), usize)> = Vec::new();
    // (region, rising, order key, a, b, job), sorted into placement order.
    type Run = (usize, bool, (isize, isize), usize, usize, usize);
    let mut runs: Vec<Run> = Vec::new();
    for (i, j) in jobs.iter().enumerate() {
        match j.shape {
            Shape::Hump { lane, key } => humps.push((lane, key, i)),
            Shape::Track {
                region,
                a,
                b,
                rising,
            } => {
                let (ia, ib) = (a as isize, b as isize);
                let key = if rising { (-ia, -ib) } else { (ia, ib) };
                runs.push((region, rising, key, a, b, i));
            }
            _ => {}
        }
    }
    humps.sort_unstable();
    let mut hump_levels = vec![0usize; lanes];
    let mut last: Option<(usize, (usize, usize))> = None;
    for &(lane, key, i) in &humps {
        if last != Some((lane, key)) {
            hump_levels[lane] += 1;
            last = Some((lane, key));
        }
        jobs[i].level = hump_levels[lane];
    }
    runs.sort_unstable();
    let mut tracks = vec![0usize; lanes];
    for group in runs.chunk_by(|x, y| x.0 == y.0) {
        let mut xs: Vec<usize> = group.iter().flat_map(|r| [r.3, r.4]).collect();
        xs.sort_unstable();
        xs.dedup();
        let at = |x: usize| xs.partition_point(|&y| y < x);
        let mut tree = MaxTree::new(xs.len());
        let mut count = 0;
        for &(_, _, _, a, b, i) in group {
            let (l, r) = (at(a), at(b) + 1);
            let t = tree.query(l, r).map_or(0, |m| m + 1);
            tree.update(l, r, t);
            jobs[i].level = t;
            count = count.max(t + 1);
        }
        tracks[group[0].0] = count;
    }
    (hump_levels, tracks)
}

fn lerp(p: (f64, f64), q: (f64, f64), t: f64) -> (f64, f64) {
    (p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t)
}

/// Points of a job from `s` (right side of `from`) to `t` (left side of `to`).
fn route(
    geo: &Geo,
    job: &Job,
    s: (f64, f64),
    t: (f64, f64),
    lane_top: &[f64],
    hump_levels: &[usize],
) -> (Vec<(f64, f64)>, bool) {
    let g = geo.g;
    match job.shape {
        Shape::Straight => (vec![s, t], false),
        Shape::Adjacent => {
            if job.k == 0 {
                (vec![s, (s.0 + g / 2.0, s.1), (t.0 - g / 2.0, t.1), t], true)
            } else {
                let lift = job.k as f64 * geo.h / 3.0;
                (
                    vec![
                        s,
                        (s.0 + g / 3.0, s.1 - lift),
                        (t.0 - g / 3.0, t.1 - lift),
                        t,
                    ],
                    true,
                )
            }
        }
        Shape::Hump { lane, .. } => {
            let base = lane_top[lane] - geo.step;
            let ctrl = base - job.level as f64 * geo.step / 0.75;
            let p1 = (s.0 + g / 2.0, base);
            let p2 = (t.0 - g / 2.0, base);
            let c1 = (p1.0, s.1);
            let c3 = (p2.0, t.1);
            (
                vec![s, c1, c1, p1, (p1.0, ctrl), (p2.0, ctrl), p2, c3, c3, t],
                true,
            )
        }
        Shape::Track { region, .. } => {
            let y = lane_top[region] - geo.step * (2 + hump_levels[region] + job.level) as f64;
            let mut pts = Vec::with_capacity(10);
            pts.push(s);
            let (p1, p2);
            if s.0 < t.0 {
                p1 = (s.0 + g / 2.0, y);
                p2 = (t.0 - g / 2.0, y);
                pts.extend([(s.0 + g / 4.0, s.1), (s.0 + g / 4.0, y), p1]);
                pts.extend([lerp(p1, p2, 1.0 / 3.0), lerp(p1, p2, 2.0 / 3.0), p2]);
                pts.extend([(p2.0 + g / 4.0, y), (p2.0 + g / 4.0, t.1), t]);
            } else {
                p1 = (s.0 + g / 4.0, y);
                p2 = (t.0 - g / 4.0, y);
                pts.extend([(s.0 + g / 2.0, s.1), (s.0 + g / 2.0, y), p1]);
                pts.extend([lerp(p1, p2, 1.0 / 3.0), lerp(p1, p2, 2.0 / 3.0), p2]);
                pts.extend([(t.0 - g / 2.0, y), (t.0 - g / 2.0, t.1), t]);
            }
            (pts, true)
        }
    }
}

/// The straight-line approximation of a route used by [`crossings`]: a polyline as is, each
/// cubic segment as 4 chords (t = ¼, ½, ¾, 1).
///
/// # Complexity
/// O(P) for P points.
pub fn flatten(route: &EdgeRoute) -> Vec<(f64, f64)> {
    let p = &route.points;
    if !route.curved || p.len() < 4 || (p.len() - 1) % 3 != 0 {
        return p.clone();
    }
    let mut out = Vec::with_capacity(1 + (p.len() - 1) / 3 * 4);
    out.push(p[0]);
    for seg in 0..(p.len() - 1) / 3 {
        let [p0, c1, c2, p3] = [p[3 * seg], p[3 * seg + 1], p[3 * seg + 2], p[3 * seg + 3]];
        for i in 1..=4 {
            let t = i as f64 / 4.0;
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

/// Number of pairwise crossings between the individually drawn edges: the pairs of segments of
/// two different routes (straight-line approximation, see [`flatten`]) that cross properly.
/// Touching, shared end points and collinear overlaps do not count; bands are not counted.
///
/// # Complexity
/// O(S log S + P) for S segments and P pairs of segments whose x-extents overlap (O(S²) at worst).
pub fn crossings(layout: &Layout) -> usize {
    // (xmin, xmax, ymin, ymax, route, a, b)
    type Seg = (f64, f64, f64, f64, usize, (f64, f64), (f64, f64));
    let mut segs: Vec<Seg> = Vec::new();
    for (r, route) in layout.edges.iter().enumerate() {
        let pts = flatten(route);
        for w in pts.windows(2) {
            let (a, b) = (w[0], w[1]);
            segs.push((
                a.0.min(b.0),
                a.0.max(b.0),
                a.1.min(b.1),
                a.1.max(b.1),
                r,
                a,
                b,
            ));
        }
    }
    segs.sort_by(|x, y| x.0.total_cmp(&y.0));
    let mut count = 0;
    for i in 0..segs.len() {
        let s = &segs[i];
        for t in &segs[i + 1..] {
            if t.0 > s.1 {
                break;
            }
            if t.4 == s.4 || t.2 > s.3 || s.2 > t.3 {
                continue;
            }
            if proper_cross(s.5, s.6, t.5, t.6) {
                count += 1;
            }
        }
    }
    count
}

/// Sign of the turn a→b→c: 0 when (nearly) collinear.
fn orient(a: (f64, f64), b: (f64, f64), c: (f64, f64)) -> i8 {
    let (ux, uy) = (b.0 - a.0, b.1 - a.1);
    let (vx, vy) = (c.0 - a.0, c.1 - a.1);
    let cross = ux * vy - uy * vx;
    let scale = (ux.hypot(uy)) * (vx.hypot(vy));
    // NaN (from non-finite input) counts as collinear.
    if cross.is_nan() || cross.abs() <= 1e-9 * scale {
        0
    } else if cross > 0.0 {
        1
    } else {
        -1
    }
}

fn proper_cross(a: (f64, f64), b: (f64, f64), c: (f64, f64), d: (f64, f64)) -> bool {
    let (o1, o2, o3, o4) = (
        orient(a, b, c),
        orient(a, b, d),
        orient(c, d, a),
        orient(c, d, b),
    );
    o1 != 0 && o2 != 0 && o3 != 0 && o4 != 0 && o1 != o2 && o3 != o4
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;
    use crate::graph::{channel_graphs, ChannelGraph, PackageGraph};
    use crate::model::{Bundle, Channel, ChannelEntry, Package};

    fn catalogs() -> PathBuf {
        let dir = std::env::var("OLM_GRAPH_CATALOGS")
            .map(std::path::PathBuf::from)
            .unwrap_or_else(|_| {
                Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/catalogs")
            });
        assert!(dir.is_dir(), "catalogs dir missing: {}", dir.display());
        dir
    }

    fn load(rel: &str) -> (Vec<Package>, Vec<ChannelGraph>) {
        let path = catalogs().join(rel);
        let catalog = crate::load_paths(&[&path]).expect("catalog loads");
        assert!(!catalog.packages.is_empty(), "{rel}: no package");
        let graphs = catalog.packages.iter().flat_map(channel_graphs).collect();
        (catalog.packages, graphs)
    }

    const GPU: &str = "certified-operators/v4.22/gpu-operator-certified.yaml";
    const DESCHEDULER: &str =
        "openshift-kube-descheduler-fbc/v4.12/cluster-kube-descheduler-operator.json";
    const QUAY: &str = "community-operators-prod/v4.21/project-quay.yaml";

    fn real_graphs() -> Vec<ChannelGraph> {
        let mut all = Vec::new();
        for rel in [GPU, DESCHEDULER, QUAY] {
            let (_, gs) = load(rel);
            assert!(!gs.is_empty(), "{rel}: no channel");
            all.extend(gs);
        }
        all
    }

    fn opts(fans: FanMode) -> LayoutOptions {
        LayoutOptions {
            fans,
            ..LayoutOptions::default()
        }
    }

    fn edge_list(g: &ChannelGraph) -> Vec<(usize, usize, EdgeKind)> {
        g.edges.iter().map(|e| (e.from, e.to, e.kind)).collect()
    }

    fn sample(route: &EdgeRoute, per_segment: usize) -> Vec<(f64, f64)> {
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

    /// Every structural invariant of a layout of `n` nodes and these edges.
    fn check(
        layout: &Layout,
        n: usize,
        edges: &[(usize, usize, EdgeKind)],
        fans: FanMode,
        what: &str,
    ) {
        const EPS: f64 = 1e-6;
        assert_eq!(layout.nodes.len(), n, "{what}: one box per node");
        assert!(
            layout.width.is_finite() && layout.height.is_finite(),
            "{what}: finite size"
        );
        // Boxes: same order as nodes, columns a permutation, inside the drawing, no overlap.
        let mut cols: Vec<usize> = layout.nodes.iter().map(|b| b.column).collect();
        cols.sort_unstable();
        assert_eq!(
            cols,
            (0..n).collect::<Vec<_>>(),
            "{what}: columns are a permutation"
        );
        for (i, b) in layout.nodes.iter().enumerate() {
            assert_eq!(b.node, i, "{what}: boxes in node order");
            assert!(b.x >= 0.0 && b.y >= 0.0, "{what}: box {i} non-negative");
            assert!(b.x + b.width <= layout.width + EPS && b.y + b.height <= layout.height + EPS);
            assert!(b.lane < layout.lanes.max(1), "{what}: lane in range");
        }
        let mut by_x: Vec<&NodeBox> = layout.nodes.iter().collect();
        by_x.sort_by(|a, b| a.x.total_cmp(&b.x));
        for w in by_x.windows(2) {
            // One node per column, columns left to right: sorted by x, each box ends before the
            // next starts, so no two boxes overlap.
            assert!(
                w[0].x + w[0].width < w[1].x,
                "{what}: boxes {} and {} overlap",
                w[0].node,
                w[1].node
            );
            assert!(w[0].column < w[1].column, "{what}: x order is column order");
        }
        // Each edge exactly once: drawn individually or in one band.
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
            assert!(b.points.len() >= 3, "{what}: band outline");
            let tb = &layout.nodes[b.to];
            assert!(
                b.points.iter().any(|p| (p.0 - tb.x).abs() < EPS),
                "{what}: band reaches its target"
            );
        }
        assert!(
            seen.iter().all(|&c| c == 1),
            "{what}: every edge exactly once: {seen:?}"
        );
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
        let all_points = layout
            .edges
            .iter()
            .flat_map(|r| r.points.iter())
            .chain(layout.bands.iter().flat_map(|b| b.points.iter()));
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
    fn check_routes_avoid_boxes(layout: &Layout, what: &str) {
        let mut by_col: Vec<&NodeBox> = layout.nodes.iter().collect();
        by_col.sort_by_key(|b| b.column);
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

    #[test]
    fn x_order_is_version_order_on_real_channels() {
        for g in real_graphs() {
            let layout = layout_channel(&g, &LayoutOptions::default());
            let mut versioned: Vec<&NodeBox> = layout
                .nodes
                .iter()
                .filter(|b| g.nodes[b.node].version.is_some())
                .collect();
            versioned.sort_by_key(|b| b.column);
            for w in versioned.windows(2) {
                let (a, b) = (&g.nodes[w[0].node], &g.nodes[w[1].node]);
                let key = |n: &crate::graph::Node| (n.version.clone(), n.name.clone());
                assert!(
                    key(a) < key(b),
                    "{}/{}: {} before {}",
                    g.package,
                    g.channel,
                    a.name,
                    b.name
                );
                assert!(w[0].x < w[1].x);
            }
        }
    }

    #[test]
    fn versionless_nodes_sit_next_to_their_neighbour() {
        // Real data: descheduler channels skip names the catalog lacks.
        let (_, gs) = load(DESCHEDULER);
        let mut checked = 0;
        for g in &gs {
            let layout = layout_channel(g, &LayoutOptions::default());
            for (i, node) in g.nodes.iter().enumerate() {
                if node.version.is_some() {
                    continue;
                }
                let targets: Vec<usize> =
                    g.outgoing(i).map(|e| layout.nodes[e.to].column).collect();
                if let Some(&oldest) = targets.iter().min() {
                    let c = layout.nodes[i].column;
                    assert!(
                        c < oldest,
                        "{}: {} left of what it points to",
                        g.channel,
                        node.name
                    );
                    // Only other versionless nodes between it and its anchor.
                    let between = layout
                        .nodes
                        .iter()
                        .filter(|b| b.column > c && b.column < oldest);
                    assert!(between.clone().all(|b| g.nodes[b.node].version.is_none()));
                    checked += 1;
                }
            }
        }
        assert!(
            checked > 0,
            "descheduler v4.12 has versionless skipped names"
        );
        // Synthetic: a versionless node pointing to b, one pointed to by b, one isolated.
        let v = [
            Version::new(1, 0, 0),
            Version::new(2, 0, 0),
            Version::new(3, 0, 0),
        ];
        let nodes = [
            LayoutNode {
                name: "c",
                version: Some(&v[2]),
            },
            LayoutNode {
                name: "x-old",
                version: None,
            },
            LayoutNode {
                name: "a",
                version: Some(&v[0]),
            },
            LayoutNode {
                name: "b",
                version: Some(&v[1]),
            },
            LayoutNode {
                name: "y-new",
                version: None,
            },
            LayoutNode {
                name: "z-alone",
                version: None,
            },
        ];
        let e = |from, to, kind| LayoutEdge {
            from,
            to,
            kind,
            range: None,
        };
        let edges = [
            e(2, 3, EdgeKind::Replaces),
            e(3, 0, EdgeKind::Replaces),
            e(1, 3, EdgeKind::Skips),
            e(3, 4, EdgeKind::Skips),
        ];
        let layout = layout_graph(&nodes, &edges, &[0, 3, 2], &LayoutOptions::default());
        let cols: Vec<usize> = layout.nodes.iter().map(|b| b.column).collect();
        // a, x-old, b, y-new, c, z-alone
        assert_eq!(cols, vec![4, 1, 0, 2, 3, 5]);
    }

    #[test]
    fn main_line_is_lane_zero() {
        let mut lanes_seen = 0;
        for g in real_graphs() {
            let layout = layout_channel(&g, &LayoutOptions::default());
            // The head's replaces chain, followed independently.
            let head = g.head_index().expect("real channels have one head");
            let mut chain = vec![head];
            let mut cur = head;
            while let Some(e) = g.incoming(cur).find(|e| e.kind == EdgeKind::Replaces) {
                if chain.contains(&e.from) {
                    break;
                }
                chain.push(e.from);
                cur = e.from;
            }
            assert_eq!(channel_main_line(&g), chain);
            for &u in &chain {
                assert_eq!(
                    layout.nodes[u].lane, 0,
                    "{}/{}: {}",
                    g.package, g.channel, g.nodes[u].name
                );
            }
            lanes_seen = lanes_seen.max(layout.lanes);
            assert!(
                layout.lanes <= 3,
                "{}/{}: {} lanes",
                g.package,
                g.channel,
                layout.lanes
            );
        }
        assert!(lanes_seen >= 1);
    }

    #[test]
    fn real_channels_satisfy_all_invariants_in_both_modes() {
        for g in real_graphs() {
            for fans in [FanMode::Bands, FanMode::Edges] {
                let what = format!("{}/{} {fans:?}", g.package, g.channel);
                let layout = layout_channel(&g, &opts(fans));
                check(&layout, g.nodes.len(), &edge_list(&g), fans, &what);
                check_routes_avoid_boxes(&layout, &what);
                if fans == FanMode::Edges {
                    assert!(layout.bands.is_empty());
                    assert_eq!(layout.edges.len(), g.edges.len(), "{what}");
                }
            }
        }
    }

    #[test]
    fn bands_mode_draws_far_fewer_routes_on_gpu_operator() {
        let (_, gs) = load(GPU);
        let g = gs
            .iter()
            .max_by_key(|g| g.edges.len())
            .expect("gpu channels");
        assert!(
            g.edges.len() > 500,
            "the big channel has {} edges",
            g.edges.len()
        );
        let bands = layout_channel(g, &opts(FanMode::Bands));
        let edges = layout_channel(g, &opts(FanMode::Edges));
        assert_eq!(edges.edges.len(), g.edges.len());
        assert!(
            bands.edges.len() * 10 < edges.edges.len(),
            "{} vs {}",
            bands.edges.len(),
            edges.edges.len()
        );
        assert!(
            bands.bands.len() >= 30,
            "one band per entry with a fan: {}",
            bands.bands.len()
        );
        let banded: usize = bands.bands.iter().map(|b| b.edges.len()).sum();
        assert_eq!(banded + bands.edges.len(), g.edges.len());
        // Every non-skipRange edge is drawn individually.
        for r in &bands.edges {
            let _ = &g.edges[r.edge];
        }
        let individual: Vec<usize> = bands.edges.iter().map(|r| r.edge).collect();
        for (i, e) in g.edges.iter().enumerate() {
            if e.kind == EdgeKind::Replaces {
                assert!(individual.binary_search(&i).is_ok());
            }
        }
        assert!(crossings(&bands) < crossings(&edges));
    }

    #[test]
    fn skips_fans_are_banded_from_four_skipped_nodes() {
        // scaleops stable-v1: every entry skips dozens of earlier ones.
        let (_, gs) = load("certified-operators/v4.17/scaleops-operator.yaml");
        let g = gs
            .iter()
            .find(|g| g.channel == "stable-v1")
            .expect("stable-v1");
        let with = layout_channel(g, &opts(FanMode::Bands));
        let without = layout_channel(
            g,
            &LayoutOptions {
                skips_band_min_sources: usize::MAX,
                ..opts(FanMode::Bands)
            },
        );
        let skips_bands: Vec<&Band> = with
            .bands
            .iter()
            .filter(|b| b.kind == EdgeKind::Skips)
            .collect();
        assert!(!skips_bands.is_empty());
        for b in &skips_bands {
            let mut sources: Vec<usize> = b.edges.iter().map(|&e| g.edges[e].from).collect();
            sources.sort_unstable();
            sources.dedup();
            assert!(sources.len() >= 4, "{} sources", sources.len());
        }
        // Skips into one node from fewer than four nodes stay individual edges.
        let banded: std::collections::BTreeSet<usize> = with
            .bands
            .iter()
            .flat_map(|b| b.edges.iter().copied())
            .collect();
        for r in &with.edges {
            assert!(!banded.contains(&r.edge));
        }
        let (a, b) = (crossings(&with), crossings(&without));
        assert!(a * 4 < b, "skips bands cut crossings: {a} vs {b}");
    }

    #[test]
    fn layouts_are_deterministic() {
        for g in real_graphs() {
            for fans in [FanMode::Bands, FanMode::Edges] {
                assert_eq!(
                    layout_channel(&g, &opts(fans)),
                    layout_channel(&g, &opts(fans))
                );
            }
        }
        let (packages, gs) = load(QUAY);
        let pg = PackageGraph::build(&packages[0], &gs);
        assert_eq!(
            layout_package(&pg, &LayoutOptions::default()),
            layout_package(&pg, &LayoutOptions::default())
        );
    }

    #[test]
    fn package_view_of_project_quay() {
        let (packages, gs) = load(QUAY);
        let pg = PackageGraph::build(&packages[0], &gs);
        let layout = layout_package(&pg, &LayoutOptions::default());
        let edges: Vec<(usize, usize, EdgeKind)> =
            pg.edges.iter().map(|e| (e.from, e.to, e.kind)).collect();
        check(
            &layout,
            pg.nodes.len(),
            &edges,
            FanMode::Bands,
            "quay package",
        );
        check_routes_avoid_boxes(&layout, "quay package");
        let main = package_main_line(&pg);
        assert!(main.len() > 3, "main line {main:?}");
        assert!(
            pg.nodes[main[0]].name.ends_with("3.17.4"),
            "{}",
            pg.nodes[main[0]].name
        );
        for &u in &main {
            assert_eq!(layout.nodes[u].lane, 0);
        }
        assert!(layout.lanes <= 3, "{} lanes", layout.lanes);
        let mut by_col: Vec<&NodeBox> = layout.nodes.iter().collect();
        by_col.sort_by_key(|b| b.column);
        for w in by_col.windows(2) {
            assert!(pg.nodes[w[0].node].version < pg.nodes[w[1].node].version);
        }
        // A replaces chain off the main line (3.16.3 replaces 3.16.2) gets a lane of its own.
        let idx = |suffix: &str| {
            pg.nodes
                .iter()
                .position(|n| n.name.ends_with(suffix))
                .expect(suffix)
        };
        assert_eq!(layout.nodes[idx("v3.16.2")].lane, 0);
        assert_ne!(layout.nodes[idx("v3.16.3")].lane, 0);
    }

    #[test]
    fn branches_get_their_own_lanes_and_lanes_are_reused() {
        let v: Vec<Version> = ["1.0.0", "1.0.1", "1.0.2", "1.1.0", "1.1.1", "1.2.0"]
            .iter()
            .map(|s| Version::parse(s).expect("version"))
            .collect();
        let names = ["a100", "a101", "a102", "a110", "a111", "a120"];
        let nodes: Vec<LayoutNode<'_>> = names
            .iter()
            .zip(&v)
            .map(|(n, v)| LayoutNode {
                name: n,
                version: Some(v),
            })
            .collect();
        let e = |from, to| LayoutEdge {
            from,
            to,
            kind: EdgeKind::Replaces,
            range: None,
        };
        // Main line 1.0.0 → 1.1.0 → 1.2.0; branches 1.0.0 → 1.0.1 → 1.0.2 and 1.1.0 → 1.1.1.
        let edges = [e(0, 3), e(3, 5), e(0, 1), e(1, 2), e(3, 4)];
        let layout = layout_graph(&nodes, &edges, &[5, 3, 0], &LayoutOptions::default());
        let lanes: Vec<usize> = layout.nodes.iter().map(|b| b.lane).collect();
        assert_eq!(lanes, vec![0, 1, 1, 0, 1, 0]);
        assert_eq!(layout.lanes, 2);
        // The main-line edges jump over lane-1 nodes only, so they are straight.
        assert!(!layout.edges[0].curved && !layout.edges[1].curved);
        check(
            &layout,
            6,
            &edges.map(|e| (e.from, e.to, e.kind)),
            FanMode::Bands,
            "branches",
        );
        check_routes_avoid_boxes(&layout, "branches");
    }

    #[test]
    fn same_lane_skips_arc_above_with_distinct_heights() {
        let v: Vec<Version> = (0..5).map(|i| Version::new(1, i, 0)).collect();
        let names = ["n0", "n1", "n2", "n3", "n4"];
        let nodes: Vec<LayoutNode<'_>> = names
            .iter()
            .zip(&v)
            .map(|(n, v)| LayoutNode {
                name: n,
                version: Some(v),
            })
            .collect();
        let e = |from, to, kind| LayoutEdge {
            from,
            to,
            kind,
            range: None,
        };
        let mut edges: Vec<LayoutEdge<'_>> =
            (0..4).map(|i| e(i, i + 1, EdgeKind::Replaces)).collect();
        edges.push(e(0, 2, EdgeKind::Skips)); // span 1
        edges.push(e(1, 3, EdgeKind::Skips)); // span 1, shifted
        edges.push(e(0, 4, EdgeKind::Skips)); // span 3
        edges.push(e(0, 1, EdgeKind::Skips)); // parallel to a replaces edge
        let layout = layout_graph(&nodes, &edges, &[4, 3, 2, 1, 0], &LayoutOptions::default());
        let top = layout.nodes[0].y;
        let peak = |i: usize| {
            sample(&layout.edges[i], 16)
                .iter()
                .map(|p| p.1)
                .fold(f64::INFINITY, f64::min)
        };
        for i in 4..7 {
            assert!(layout.edges[i].curved);
            assert!(peak(i) < top, "edge {i} arcs above the lane");
        }
        assert!((peak(4) - peak(5)).abs() < 1e-9, "same span, same height");
        assert!(peak(6) < peak(4) - 1.0, "a longer span arcs higher");
        assert_ne!(
            layout.edges[7].points, layout.edges[0].points,
            "parallel edges differ"
        );
        check(
            &layout,
            5,
            &edges
                .iter()
                .map(|e| (e.from, e.to, e.kind))
                .collect::<Vec<_>>(),
            FanMode::Bands,
            "arcs",
        );
        check_routes_avoid_boxes(&layout, "arcs");
    }

    #[test]
    fn degenerate_graphs_do_not_panic() {
        let o = LayoutOptions::default();
        let e = |from, to, kind| LayoutEdge {
            from,
            to,
            kind,
            range: Some(">=0.0.0"),
        };
        let as_list = |edges: &[LayoutEdge<'_>]| {
            edges
                .iter()
                .map(|e| (e.from, e.to, e.kind))
                .collect::<Vec<_>>()
        };
        // Empty.
        let empty = layout_graph(&[], &[], &[], &o);
        assert!(
            empty.nodes.is_empty()
                && empty.edges.is_empty()
                && empty.width >= 0.0
                && empty.height >= 0.0
        );
        assert_eq!(crossings(&empty), 0);
        // Single node, with and without a main line, and a self-loop.
        let v1 = Version::new(1, 0, 0);
        let one = [LayoutNode {
            name: "one",
            version: Some(&v1),
        }];
        for main in [&[][..], &[0][..], &[0, 0, 7][..]] {
            let l = layout_graph(&one, &[], main, &o);
            check(&l, 1, &[], FanMode::Bands, "single");
            assert_eq!(l.lanes, 1);
        }
        let self_loop = [e(0, 0, EdgeKind::Replaces), e(0, 0, EdgeKind::SkipRange)];
        for fans in [FanMode::Bands, FanMode::Edges] {
            let l = layout_graph(&one, &self_loop, &[0], &opts(fans));
            check(&l, 1, &as_list(&self_loop), fans, "self-loop");
            check_routes_avoid_boxes(&l, "self-loop");
        }
        // A cycle, with backward edges, and versionless nodes only.
        let vs: Vec<Version> = (0..4).map(|i| Version::new(1, i, 0)).collect();
        let names = ["c0", "c1", "c2", "c3"];
        let cyc = [
            e(0, 1, EdgeKind::Replaces),
            e(1, 2, EdgeKind::Replaces),
            e(2, 3, EdgeKind::Skips),
            e(3, 0, EdgeKind::Replaces),
            e(3, 1, EdgeKind::SkipRange),
            e(2, 0, EdgeKind::SkipRange),
        ];
        for versioned in [true, false] {
            let nodes: Vec<LayoutNode<'_>> = names
                .iter()
                .zip(&vs)
                .map(|(n, v)| LayoutNode {
                    name: n,
                    version: versioned.then_some(v),
                })
                .collect();
            for fans in [FanMode::Bands, FanMode::Edges] {
                let l = layout_graph(&nodes, &cyc, &[0, 1, 2, 3], &opts(fans));
                check(&l, 4, &as_list(&cyc), fans, "cycle");
                check_routes_avoid_boxes(&l, "cycle");
            }
        }
        // Out-of-range edges and main-line indices are ignored.
        let bad = [e(0, 9, EdgeKind::Replaces)];
        let l = layout_graph(&one, &bad, &[5], &o);
        assert!(l.edges.is_empty());
        // Bad options.
        let weird = LayoutOptions {
            node_width: f64::NAN,
            node_height: -3.0,
            column_gap: f64::INFINITY,
            lane_gap: -1.0,
            arc_step: 0.0,
            margin: f64::NAN,
            fans: FanMode::Bands,
            band_min_sources: 0,
            skips_band_min_sources: 0,
        };
        let nodes: Vec<LayoutNode<'_>> = names
            .iter()
            .zip(&vs)
            .map(|(n, v)| LayoutNode {
                name: n,
                version: Some(v),
            })
            .collect();
        let l = layout_graph(&nodes, &cyc, &[3], &weird);
        check(&l, 4, &as_list(&cyc), FanMode::Bands, "weird options");
    }

    #[test]
    fn multi_head_no_head_and_big_graphs_do_not_panic() {
        // Channels built from the model: two heads; no head (a replaces cycle); a missing bundle.
        let bundle = |name: &str, v: Option<&str>| Bundle {
            name: name.into(),
            package: "p".into(),
            version: v.map(|v| Version::parse(v).expect("version")),
            ..Bundle::default()
        };
        let entry = |name: &str, replaces: Option<&str>, skips: &[&str], range: Option<&str>| {
            ChannelEntry {
                name: name.into(),
                replaces: replaces.map(str::to_string),
                skips: skips.iter().map(|s| s.to_string()).collect(),
                skip_range: range.map(str::to_string),
            }
        };
        let channel = |name: &str, entries: Vec<ChannelEntry>| Channel {
            name: name.into(),
            package: "p".into(),
            entries,
            location: None,
        };
        let package = Package {
            name: "p".into(),
            declared: true,
            bundles: vec![
                bundle("a", Some("1.0.0")),
                bundle("b", Some("1.1.0")),
                bundle("c", Some("2.0.0")),
                bundle("d", None),
            ],
            channels: vec![
                channel(
                    "multi",
                    vec![
                        entry("a", None, &[], None),
                        entry("b", Some("a"), &[], None),
                        entry("c", Some("a"), &["gone"], Some(">=1.0.0 <2.0.0")),
                    ],
                ),
                channel(
                    "none",
                    vec![
                        entry("a", Some("c"), &[], None),
                        entry("b", Some("a"), &[], None),
                        entry("c", Some("b"), &[], Some(">=0.1.0")),
                    ],
                ),
                channel(
                    "nover",
                    vec![
                        entry("d", Some("a"), &["ghost"], None),
                        entry("a", None, &[], Some(">=0.0.0")),
                    ],
                ),
            ],
            ..Package::default()
        };
        let graphs = channel_graphs(&package);
        for g in &graphs {
            for fans in [FanMode::Bands, FanMode::Edges] {
                let what = format!("{} {fans:?}", g.channel);
                let l = layout_channel(g, &opts(fans));
                check(&l, g.nodes.len(), &edge_list(g), fans, &what);
                check_routes_avoid_boxes(&l, &what);
                for &u in &channel_main_line(g) {
                    assert_eq!(l.nodes[u].lane, 0, "{what}");
                }
            }
        }
        assert!(matches!(graphs[0].head, Head::Multiple(_)));
        assert_eq!(graphs[0].nodes[channel_main_line(&graphs[0])[0]].name, "c");
        assert!(matches!(graphs[1].head, Head::None));
        let pg = PackageGraph::build(&package, &graphs);
        let l = layout_package(&pg, &LayoutOptions::default());
        check(
            &l,
            pg.nodes.len(),
            &pg.edges
                .iter()
                .map(|e| (e.from, e.to, e.kind))
                .collect::<Vec<_>>(),
            FanMode::Bands,
            "package",
        );

        // 600 nodes, some without a version, pseudo-random edges of every kind and direction.
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut rnd = move |m: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % m as u64) as usize
        };
        let n = 600;
        let versions: Vec<Version> = (0..n)
            .map(|i| Version::new(1, (i / 10) as u64, (i % 10) as u64))
            .collect();
        let names: Vec<String> = (0..n).map(|i| format!("node-{i:04}")).collect();
        let nodes: Vec<LayoutNode<'_>> = (0..n)
            .map(|i| LayoutNode {
                name: &names[i],
                version: (i % 17 != 5).then_some(&versions[i]),
            })
            .collect();
        let ranges = ["r1", "r2"];
        let mut edges = Vec::new();
        for to in 0..n {
            if to > 0 && rnd(10) < 8 {
                edges.push(LayoutEdge {
                    from: to - 1 - rnd(to.min(3)),
                    to,
                    kind: EdgeKind::Replaces,
                    range: None,
                });
            }
            for _ in 0..rnd(3) {
                edges.push(LayoutEdge {
                    from: rnd(n),
                    to,
                    kind: EdgeKind::Skips,
                    range: None,
                });
            }
            if rnd(4) == 0 {
                let lo = rnd(n);
                for from in lo..(lo + rnd(40)).min(n) {
                    edges.push(LayoutEdge {
                        from,
                        to,
                        kind: EdgeKind::SkipRange,
                        range: Some(ranges[rnd(2)]),
                    });
                }
            }
        }
        let main: Vec<usize> = (0..n).step_by(7).collect();
        let list: Vec<(usize, usize, EdgeKind)> =
            edges.iter().map(|e| (e.from, e.to, e.kind)).collect();
        for fans in [FanMode::Bands, FanMode::Edges] {
            let l = layout_graph(&nodes, &edges, &main, &opts(fans));
            check(&l, n, &list, fans, "random 600");
            check_routes_avoid_boxes(&l, "random 600");
            for &u in &main {
                assert_eq!(l.nodes[u].lane, 0);
            }
        }
    }

    fn straight(edge: usize, a: (f64, f64), b: (f64, f64)) -> EdgeRoute {
        EdgeRoute {
            edge,
            points: vec![a, b],
            curved: false,
        }
    }

    fn with_routes(edges: Vec<EdgeRoute>) -> Layout {
        Layout {
            width: 100.0,
            height: 100.0,
            nodes: Vec::new(),
            edges,
            bands: Vec::new(),
            lanes: 0,
        }
    }

    #[test]
    fn crossings_of_hand_made_layouts() {
        // Two parallel lines, and two lines sharing an end point: no crossing.
        let parallel = with_routes(vec![
            straight(0, (0.0, 0.0), (10.0, 0.0)),
            straight(1, (0.0, 5.0), (10.0, 5.0)),
        ]);
        assert_eq!(crossings(&parallel), 0);
        let shared = with_routes(vec![
            straight(0, (0.0, 0.0), (10.0, 0.0)),
            straight(1, (0.0, 0.0), (10.0, 8.0)),
        ]);
        assert_eq!(crossings(&shared), 0);
        let collinear = with_routes(vec![
            straight(0, (0.0, 0.0), (10.0, 0.0)),
            straight(1, (5.0, 0.0), (15.0, 0.0)),
        ]);
        assert_eq!(crossings(&collinear), 0);
        // An X: one crossing.
        let x = with_routes(vec![
            straight(0, (0.0, 0.0), (10.0, 10.0)),
            straight(1, (0.0, 10.0), (10.0, 0.0)),
        ]);
        assert_eq!(crossings(&x), 1);
        // A horizontal line crossed by two verticals: two; a polyline zig-zag crossing a line twice: two.
        let two = with_routes(vec![
            straight(0, (0.0, 5.0), (20.0, 5.0)),
            straight(1, (5.0, 0.0), (5.0, 10.0)),
            straight(2, (15.0, 0.0), (15.0, 10.0)),
        ]);
        assert_eq!(crossings(&two), 2);
        let zigzag = with_routes(vec![
            straight(0, (0.0, 5.0), (20.0, 5.0)),
            EdgeRoute {
                edge: 1,
                points: vec![(2.0, 0.0), (8.0, 10.0), (14.0, 0.0)],
                curved: false,
            },
        ]);
        assert_eq!(crossings(&zigzag), 2);
        // A curved arc over a line from below to below crosses it twice; one lower arc does not.
        let arc = EdgeRoute {
            edge: 1,
            points: vec![(2.0, 10.0), (2.0, -5.0), (18.0, -5.0), (18.0, 10.0)],
            curved: true,
        };
        assert_eq!(
            crossings(&with_routes(vec![
                straight(0, (0.0, 5.0), (20.0, 5.0)),
                arc.clone()
            ])),
            2
        );
        assert_eq!(
            crossings(&with_routes(vec![
                straight(0, (0.0, -20.0), (20.0, -20.0)),
                arc
            ])),
            0
        );
        // Segments of one route never count against each other.
        let self_crossing = with_routes(vec![EdgeRoute {
            edge: 0,
            points: vec![(0.0, 0.0), (10.0, 10.0), (10.0, 0.0), (0.0, 10.0)],
            curved: false,
        }]);
        assert_eq!(crossings(&self_crossing), 0);
    }

    #[test]
    fn layout_has_few_crossings_on_a_simple_chain() {
        let (_, gs) = load(QUAY);
        for g in &gs {
            let l = layout_channel(g, &LayoutOptions::default());
            assert_eq!(
                crossings(&l),
                0,
                "{}: a linear replaces chain has no crossing",
                g.channel
            );
            assert_eq!(l.lanes, 1);
        }
    }
}
