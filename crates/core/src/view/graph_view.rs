//! [`GraphView`]: one channel (or the package-level "all channels" view) ready to draw, the one
//! model the web app and the SVG export draw: node boxes with their flags, labels, tooltips and
//! classes, individually routed edges, `skipRange` bands, and each node's neighbours (for hover
//! highlighting).

use std::collections::HashMap;

use crate::graph::{ChannelGraph, EdgeKind, PackageGraph};
use crate::layout::{layout, Band, EdgeRoute, Layout, LayoutEdge, LayoutOptions, NodeBox};
use crate::model::Package;

use super::draw::{polygon_d, route_d};
use super::node::ViewNode;
use super::source::ViewSource;
use super::text::NodeLabel;

/// An individually drawn edge. In the package view, the same (from, to, kind) in several
/// channels is one edge listing those channels.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewEdge {
    /// Indices into [`GraphView::nodes`].
    pub from: usize,
    pub to: usize,
    pub kind: EdgeKind,
    /// The target's skipRange, for `skipRange` edges.
    pub range: Option<String>,
    /// The channels whose edges this one stands for, sorted.
    pub channels: Vec<String>,
    /// The route (see [`crate::layout::EdgeRoute`]).
    pub points: Vec<(f64, f64)>,
    pub curved: bool,
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
}

/// A `skipRange` or `skips` fan drawn as one band: it stands for one edge per source.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewBand {
    /// [`EdgeKind::SkipRange`] or [`EdgeKind::Skips`].
    pub kind: EdgeKind,
    /// The target node.
    pub to: usize,
    /// The source nodes, ascending.
    pub sources: Vec<usize>,
    /// For each source, the channels whose edges from it the band stands for, sorted.
    pub source_channels: Vec<Vec<String>>,
    pub range: Option<String>,
    /// Closed outline polygon.
    pub points: Vec<(f64, f64)>,
    /// The y of the bracket's bar, where each source's tap sits.
    pub bar_y: f64,
    /// The x of the riser into the target, when the outline has one.
    pub riser_x: Option<f64>,
}

impl ViewBand {
    /// Number of distinct edges the band stands for.
    ///
    /// # Complexity
    /// O(1).
    pub fn edge_count(&self) -> usize {
        self.sources.len()
    }

    /// `band <kind>`, e.g. `band skipRange`.
    ///
    /// # Complexity
    /// O(1).
    pub fn class(&self) -> String {
        format!("band {}", self.kind.css_class())
    }

    /// `tap <kind>`: the dot under a source on the band's bar.
    ///
    /// # Complexity
    /// O(1).
    pub fn tap_class(&self) -> String {
        format!("tap {}", self.kind.css_class())
    }

    /// SVG path data of the outline.
    ///
    /// # Complexity
    /// O(P) for P points.
    pub fn path_d(&self) -> String {
        polygon_d(&self.points, 0.0)
    }
}

/// One channel, or the whole package, ready to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct GraphView {
    pub package: String,
    /// The channel, or `None` for the package-level view of all channels.
    pub channel: Option<String>,
    /// `package / channel`, or the package.
    pub title: String,
    /// What a picture says under its title: head, counts, deprecations, ignored ranges.
    pub summary: Vec<String>,
    pub width: f64,
    pub height: f64,
    pub nodes: Vec<ViewNode>,
    /// One box per node, in node order.
    pub boxes: Vec<NodeBox>,
    pub edges: Vec<ViewEdge>,
    pub bands: Vec<ViewBand>,
    /// For every node, the nodes joined to it by an edge or a band (either direction), sorted.
    pub neighbours: Vec<Vec<usize>>,
    /// The channel's deprecation message (channel view).
    pub channel_deprecation: Option<String>,
    /// opm's error when the channel has no unique head (channel view).
    pub head_error: Option<String>,
    /// Node indices sorted by name.
    by_name: Vec<usize>,
}

impl GraphView {
    /// The view of any upgrade graph of `package` (a channel's or the package's).
    ///
    /// # Complexity
    /// That of [`layout`], plus O((V + E) log V) to assemble.
    pub fn build<G: ViewSource + ?Sized>(
        package: &Package,
        graph: &G,
        options: &LayoutOptions,
    ) -> GraphView {
        GraphView::from_layout(package, graph, layout(graph, options))
    }

    /// The view of one channel graph of `package`.
    ///
    /// # Complexity
    /// That of [`layout`], plus O((V + E) log V) to assemble.
    pub fn channel(package: &Package, graph: &ChannelGraph, options: &LayoutOptions) -> GraphView {
        GraphView::build(package, graph, options)
    }

    /// The package-level view of all channels: every bundle once, each distinct edge once.
    ///
    /// # Complexity
    /// That of [`layout`], plus O((V + E) log V) to assemble.
    pub fn package(package: &Package, graph: &PackageGraph, options: &LayoutOptions) -> GraphView {
        GraphView::build(package, graph, options)
    }

    /// Like [`GraphView::build`], with nodes widened (never narrowed) so that every label shows
    /// whole ([`NodeLabel::width_needed`]), up to `max_node_width`.
    ///
    /// # Complexity
    /// That of [`layout`], plus O((V + E) log V) to assemble.
    pub fn build_fitted<G: ViewSource + ?Sized>(
        package: &Package,
        graph: &G,
        options: &LayoutOptions,
        max_node_width: f64,
    ) -> GraphView {
        let nodes = graph.view_nodes(package);
        let want = nodes
            .iter()
            .map(|n| {
                let badges = (n.head, n.deprecated);
                NodeLabel::width_needed(&n.name, n.version.as_deref(), &package.name, badges)
            })
            .fold(0.0, f64::max)
            .min(max_node_width);
        let mut options = options.clone();
        if options.node_width.is_finite() && want > options.node_width {
            options.node_width = want;
        }
        let layout = layout(graph, &options);
        GraphView::assemble(package, graph, nodes, layout)
    }

    /// The view of `graph` drawn with a layout made for it ([`layout`] of the same graph).
    ///
    /// # Complexity
    /// O((V + E) log V).
    pub fn from_layout<G: ViewSource + ?Sized>(
        package: &Package,
        graph: &G,
        layout: Layout,
    ) -> GraphView {
        GraphView::assemble(package, graph, graph.view_nodes(package), layout)
    }

    fn assemble<G: ViewSource + ?Sized>(
        package: &Package,
        graph: &G,
        nodes: Vec<ViewNode>,
        layout: Layout,
    ) -> GraphView {
        let graph_edges = graph.layout_edges();
        let (width, height) = (layout.width, layout.height);
        let edges = view_edges(graph, &graph_edges, layout.edges, nodes.len());
        let bands = view_bands(graph, &graph_edges, layout.bands, nodes.len());
        let mut by_name: Vec<usize> = (0..nodes.len()).collect();
        by_name.sort_by(|&a, &b| nodes[a].name.cmp(&nodes[b].name));
        let mut view = GraphView {
            package: package.name.clone(),
            channel: graph.channel().map(str::to_string),
            title: graph.title(package),
            summary: graph.summary(package),
            width,
            height,
            nodes,
            boxes: layout.nodes,
            edges,
            bands,
            neighbours: Vec::new(),
            channel_deprecation: graph.channel_deprecation().map(str::to_string),
            head_error: graph.head_error(),
            by_name,
        };
        view.neighbours = neighbours(&view);
        view
    }

    /// Index of the node with this name.
    ///
    /// # Complexity
    /// O(log V).
    pub fn node_index(&self, name: &str) -> Option<usize> {
        self.by_name
            .binary_search_by(|&i| self.nodes[i].name.as_str().cmp(name))
            .ok()
            .map(|k| self.by_name[k])
    }

    /// Number of graph edges drawn: individual edges plus what the bands stand for.
    ///
    /// # Complexity
    /// O(B) for B bands.
    pub fn edge_total(&self) -> usize {
        self.edges.len() + self.bands.iter().map(ViewBand::edge_count).sum::<usize>()
    }

    /// The label of node `i`, shortened to fit its box (`None` for an index out of range).
    ///
    /// # Complexity
    /// O(length of the name).
    pub fn node_label(&self, i: usize) -> Option<NodeLabel> {
        let (n, b) = (self.nodes.get(i)?, self.boxes.get(i)?);
        Some(NodeLabel::new(
            &n.name,
            n.version.as_deref(),
            &self.package,
            b.width,
            (n.head, n.deprecated),
        ))
    }

    /// What a screen reader says for node `i`: what its box shows first (the label's lines and
    /// the HEAD badge, so that speech matches the label), then [`ViewNode::aria_label`]; empty
    /// for an index out of range.
    ///
    /// # Complexity
    /// O(length of the name).
    pub fn node_aria_label(&self, i: usize) -> String {
        let (Some(n), Some(label)) = (self.nodes.get(i), self.node_label(i)) else {
            return String::new();
        };
        let mut s = label.primary;
        if let Some(c) = &label.caption {
            s.push(' ');
            s.push_str(c);
        }
        if n.head {
            s.push_str(" HEAD");
        }
        s.push_str(": ");
        s.push_str(&n.aria_label());
        s
    }
}

/// The individually drawn edges, one per distinct (from, to, kind) in the order of their first
/// route, each listing the channels of the edges it stands for.
fn view_edges<G: ViewSource + ?Sized>(
    graph: &G,
    edges: &[LayoutEdge<'_>],
    routes: Vec<EdgeRoute>,
    n: usize,
) -> Vec<ViewEdge> {
    // Only a graph that repeats edges needs them merged.
    let mut slot: Option<HashMap<(usize, usize, EdgeKind), usize>> =
        (!graph.edges_are_distinct()).then(HashMap::new);
    let mut out: Vec<ViewEdge> = Vec::with_capacity(routes.len());
    for r in routes {
        let Some(e) = edges.get(r.edge).filter(|e| e.from < n && e.to < n) else {
            continue;
        };
        let channel = graph.edge_channel(r.edge).to_string();
        let key = (e.from, e.to, e.kind);
        if let Some(&i) = slot.as_ref().and_then(|m| m.get(&key)) {
            out[i].channels.push(channel);
            continue;
        }
        if let Some(m) = slot.as_mut() {
            m.insert(key, out.len());
        }
        out.push(ViewEdge {
            from: e.from,
            to: e.to,
            kind: e.kind,
            range: e.range.map(str::to_string),
            channels: vec![channel],
            points: r.points,
            curved: r.curved,
        });
    }
    if slot.is_some() {
        for e in &mut out {
            e.channels.sort_unstable();
            e.channels.dedup();
        }
    }
    out
}

/// The bands of a layout as the view draws them.
fn view_bands<G: ViewSource + ?Sized>(
    graph: &G,
    edges: &[LayoutEdge<'_>],
    bands: Vec<Band>,
    n: usize,
) -> Vec<ViewBand> {
    bands
        .into_iter()
        .filter(|b| b.to < n)
        .map(|b| {
            let mut from: Vec<(usize, &str)> = b
                .edges
                .iter()
                .filter_map(|&i| edges.get(i).map(|e| (e.from, graph.edge_channel(i))))
                .filter(|&(f, _)| f < n)
                .collect();
            from.sort_unstable();
            from.dedup();
            let mut sources: Vec<usize> = Vec::new();
            let mut source_channels: Vec<Vec<String>> = Vec::new();
            for (f, c) in from {
                if sources.last() != Some(&f) {
                    sources.push(f);
                    source_channels.push(Vec::new());
                }
                if let Some(list) = source_channels.last_mut() {
                    list.push(c.to_string());
                }
            }
            let (bar_y, riser_x) = (b.bar_y(), b.riser_x());
            ViewBand {
                kind: b.kind,
                to: b.to,
                sources,
                source_channels,
                range: b.range,
                points: b.points,
                bar_y,
                riser_x,
            }
        })
        .collect()
}

fn neighbours(view: &GraphView) -> Vec<Vec<usize>> {
    let n = view.nodes.len();
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut link = |a: usize, b: usize| {
        if a < n && b < n && a != b {
            adj[a].push(b);
            adj[b].push(a);
        }
    };
    for e in &view.edges {
        link(e.from, e.to);
    }
    for b in &view.bands {
        for &s in &b.sources {
            link(s, b.to);
        }
    }
    for a in &mut adj {
        a.sort_unstable();
        a.dedup();
    }
    adj
}
