//! [`GraphView`]: one channel (or the package-level "all channels" view) ready to draw, the one
//! model the web app and the SVG export draw: its nodes (each with its box, texts and
//! neighbours), groups of collapsed absent bundles, individually routed edges, fans with their
//! markers and rails, staircases, and the lanes' captions. Each kind of element has its own
//! module (`node.rs`, `edge.rs`, `band.rs`, `group.rs`, `caption.rs`); `sizing.rs` sizes the
//! boxes.

use crate::graph::EdgeKind;
use crate::layout::{layout_graph, FanMode, LabelMode, Layout, LayoutOptions, LayoutStart};
use crate::model::Package;
use crate::sort::SortWith;

use super::band::{view_bands, view_staircases, ViewBand, ViewStaircase};
use super::caption::{view_captions, ViewCaption};
use super::edge::{view_edges, ViewEdge};
use super::group::{group_words, view_groups, ViewGroup};
use super::id::{BandId, EdgeId, GroupId, NodeId, StaircaseId, TiSlice, TiVec};
use super::node::{NodeTexts, ViewNode};
use super::sizing::{fan_counts, marker_texts, node_size, node_texts, TWO_LINES};
use super::source::ViewSource;
use super::text::{
    fit_text, label_text, NodeLabel, LABEL_FONT_SIZE, LABEL_PADDING, MARKER_FONT_SIZE,
};

/// What a [`GraphView`] counts ([`GraphView::counts`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ViewCounts<'a> {
    /// Nodes that are bundles (not virtual).
    pub bundles: usize,
    /// Graph edges drawn ([`GraphView::edge_total`]).
    pub edges: usize,
    /// Virtual nodes.
    pub virtuals: usize,
    /// The channel's head, in a channel view with exactly one.
    pub head: Option<&'a str>,
}

/// One channel, or the whole package, ready to draw.
///
/// Its elements are read through accessors ([`GraphView::nodes`], [`GraphView::edges`], ...)
/// and named by typed ids ([`NodeId`], [`EdgeId`], [`BandId`], [`StaircaseId`], [`GroupId`]):
/// an edge's ends, a fan's sources, a group's members are node ids, so one kind of index
/// cannot be used for another. Everything the view knows of one node (its facts, box, texts
/// and neighbours) is one [`ViewNode`] in one vector, so nothing per node can fall out of
/// step. Only the view's own modules add to it (`installed.rs`) or mark its nodes
/// (`support_overlay.rs`).
#[derive(Debug, Clone, PartialEq)]
pub struct GraphView {
    /// The package drawn.
    pub package: String,
    /// The channel, or `None` for the package-level view of all channels.
    pub channel: Option<String>,
    /// `package / channel`, or the package.
    pub title: String,
    /// What a picture says under its title: head, counts, deprecations, ignored ranges.
    pub summary: Vec<String>,
    /// Width of the drawing.
    pub width: f64,
    /// Height of the drawing.
    pub height: f64,
    /// The nodes, each with its box, texts and neighbours.
    pub(super) nodes: TiVec<NodeId, ViewNode>,
    pub(super) edges: TiVec<EdgeId, ViewEdge>,
    pub(super) bands: TiVec<BandId, ViewBand>,
    /// The staircases ([`FanMode::Bands`]).
    pub(super) staircases: TiVec<StaircaseId, ViewStaircase>,
    /// The groups of collapsed virtual nodes.
    pub(super) groups: TiVec<GroupId, ViewGroup>,
    /// The channel's deprecation message (channel view).
    pub channel_deprecation: Option<String>,
    /// opm's error when the channel has no unique head (channel view).
    pub head_error: Option<String>,
    /// The installed bundle drawn beside the channel because it is not one of its entries
    /// (see [`GraphView::add_installed`]).
    pub(super) installed_from_other_channel: Option<NodeId>,
    /// How fans are drawn.
    pub fans: FanMode,
    /// What node labels say.
    pub labels: LabelMode,
    /// Font size of a node's first line, in the drawing's units.
    pub font_size: f64,
    /// Font size of a node's second line (its fans).
    pub marker_font_size: f64,
    /// Number of rows.
    pub rows: usize,
    /// The lanes' captions (the package view: each channel's name above its lane).
    pub captions: Vec<ViewCaption>,
    /// The day (and platform) of the lifecycle overlay when it is drawn
    /// ([`GraphView::apply_support`]).
    pub support: Option<crate::support::AsOf>,
    /// The nodes sorted by name.
    by_name: Vec<NodeId>,
}

/// A view sized but not yet laid out ([`GraphView::size`]): its nodes, their label texts and
/// the options with the nodes' size.
#[derive(Debug, Clone)]
pub struct SizedView {
    nodes: Vec<ViewNode>,
    texts: Vec<String>,
    sized: LayoutOptions,
}

impl SizedView {
    /// The layout of these sized nodes of `graph` (the graph given to [`GraphView::size`]).
    ///
    /// # Complexity
    /// That of [`layout_graph`], plus O(V + E) for its input.
    pub fn lay_out<G: ViewSource + ?Sized>(self, package: &Package, graph: &G) -> LaidOut {
        let layout = layout_graph(
            &graph.view_layout_nodes(package),
            &graph.layout_edges(),
            &graph.main_line(),
            &self.sized,
        );
        LaidOut {
            nodes: self.nodes,
            texts: self.texts,
            layout,
            labels: self.sized.labels,
        }
    }

    /// [`SizedView::lay_out`] in two calls: this one, the layout's phases up to its lanes
    /// ([`LayoutStart::new`]), then [`LayingOut::finish`], which a caller that must not hold a
    /// thread for long (the web app's main thread) runs in a later task. The graph is not
    /// borrowed between the two.
    ///
    /// # Complexity
    /// That of [`LayoutStart::new`], plus O(V + E) for its input.
    pub fn start_layout<G: ViewSource + ?Sized>(self, package: &Package, graph: &G) -> LayingOut {
        let start = LayoutStart::new(
            &graph.view_layout_nodes(package),
            &graph.layout_edges(),
            &graph.main_line(),
            &self.sized,
        );
        LayingOut {
            nodes: self.nodes,
            texts: self.texts,
            start,
            labels: self.sized.labels,
        }
    }
}

/// A view whose layout is begun ([`SizedView::start_layout`]) and not yet finished
/// ([`LayingOut::finish`]): its nodes, their label texts and the layout's first half, which
/// owns all it holds.
pub struct LayingOut {
    nodes: Vec<ViewNode>,
    texts: Vec<String>,
    start: LayoutStart,
    labels: LabelMode,
}

impl LayingOut {
    /// Whether the layout was made whole in [`SizedView::start_layout`] (a small graph):
    /// [`LayingOut::finish`] then costs nothing.
    ///
    /// # Complexity
    /// O(1).
    pub fn is_done(&self) -> bool {
        self.start.is_done()
    }

    /// The view laid out, as [`SizedView::lay_out`] lays it out.
    ///
    /// # Complexity
    /// That of [`LayoutStart::finish`].
    pub fn finish(self) -> LaidOut {
        LaidOut {
            nodes: self.nodes,
            texts: self.texts,
            layout: self.start.finish(),
            labels: self.labels,
        }
    }
}

/// A view laid out but not yet assembled ([`GraphView::lay_out`]): its nodes, their label
/// texts and their layout.
#[derive(Debug, Clone)]
pub struct LaidOut {
    nodes: Vec<ViewNode>,
    texts: Vec<String>,
    layout: Layout,
    labels: LabelMode,
}

impl LaidOut {
    /// The view of these laid-out nodes of `graph` (the graph and package given to
    /// [`GraphView::lay_out`]): edges routed, fans, groups and captions placed, texts fitted.
    ///
    /// # Complexity
    /// O((V + E) log(V + E)).
    pub fn assemble<G: ViewSource + ?Sized>(self, package: &Package, graph: &G) -> GraphView {
        GraphView::assemble(package, graph, self)
    }
}

impl GraphView {
    /// The view of any upgrade graph of `package` (a channel's or the package's): nodes sized
    /// to their labels (up to [`MAX_NODE_WIDTH`]; `options`' node sizes are not used), laid
    /// out for `options`' target box. The same as [`GraphView::lay_out`] then
    /// [`LaidOut::assemble`], which a caller that must not hold a thread for long (the web
    /// app's main thread) runs as two steps.
    ///
    /// # Complexity
    /// That of [`layout_graph`], plus O((V + E) log(V + E)) to size and assemble.
    pub fn build<G: ViewSource + ?Sized>(
        package: &Package,
        graph: &G,
        options: &LayoutOptions,
    ) -> GraphView {
        GraphView::lay_out(package, graph, options).assemble(package, graph)
    }

    /// The first half of [`GraphView::build`]: the nodes and their label texts, sized, and
    /// their layout; [`LaidOut::assemble`] makes the view of them. The same as
    /// [`GraphView::size`] then [`SizedView::lay_out`], which the web app's main thread runs
    /// as two steps.
    ///
    /// # Complexity
    /// That of [`layout_graph`], plus O((V + E) log(V + E)) to size.
    pub fn lay_out<G: ViewSource + ?Sized>(
        package: &Package,
        graph: &G,
        options: &LayoutOptions,
    ) -> LaidOut {
        GraphView::size(package, graph, options).lay_out(package, graph)
    }

    /// The first part of [`GraphView::lay_out`]: the view's nodes and their label texts, and
    /// the size of a node for them.
    ///
    /// # Complexity
    /// O((V + E) log(V + E)).
    pub fn size<G: ViewSource + ?Sized>(
        package: &Package,
        graph: &G,
        options: &LayoutOptions,
    ) -> SizedView {
        let nodes = graph.view_nodes(package);
        let edges = graph.layout_edges();
        let texts: Vec<String> = nodes
            .iter()
            .map(|n| label_text(&n.name, n.version.as_deref(), &package.name, options.labels))
            .collect();
        let estimate = fan_counts(&nodes, &edges, options);
        let markers = marker_texts(&nodes, &estimate);
        let mut sized = options.clone();
        let in_channel = graph.channel().is_some();
        (sized.node_width, sized.node_height) =
            node_size(&nodes, &texts, &markers, options, in_channel);
        SizedView {
            nodes,
            texts,
            sized,
        }
    }

    /// The view of one channel graph of `package` ([`GraphView::build`]).
    ///
    /// # Complexity
    /// That of [`GraphView::build`].
    pub fn channel(
        package: &Package,
        graph: &crate::graph::ChannelGraph,
        options: &LayoutOptions,
    ) -> GraphView {
        GraphView::build(package, graph, options)
    }

    /// The package-level view of all channels: every bundle once, each distinct edge once, one
    /// lane per channel (the default channel first) ([`GraphView::build`]).
    ///
    /// # Complexity
    /// That of [`GraphView::build`].
    pub fn package(
        package: &Package,
        graph: &crate::graph::PackageGraph,
        options: &LayoutOptions,
    ) -> GraphView {
        GraphView::build(package, graph, options)
    }

    fn assemble<G: ViewSource + ?Sized>(package: &Package, graph: &G, laid: LaidOut) -> GraphView {
        let LaidOut {
            mut nodes,
            texts,
            layout,
            labels,
        } = laid;
        let graph_edges = graph.layout_edges();
        let n = nodes.len();
        // The layout gives one box per node, in node order.
        for (node, b) in nodes.iter_mut().zip(&layout.nodes) {
            node.collapsed = b.group.map(GroupId::new);
            node.bbox = b.clone();
        }
        let edges = view_edges(graph, &graph_edges, &layout, &nodes);
        let groups = view_groups(layout.groups, n);
        let bands = view_bands(graph, &graph_edges, layout.bands, n);
        let staircases = view_staircases(layout.staircases);
        let node_texts = node_texts(&nodes, texts, &bands);
        for (node, t) in nodes.iter_mut().zip(node_texts) {
            node.texts = t;
        }
        let captions = view_captions(&layout.captions, &nodes, &graph.lane_names(package));
        let nodes = TiVec::from(nodes);
        let by_name = by_name(&nodes);
        let mut view = GraphView {
            package: package.name.clone(),
            channel: graph.channel().map(str::to_string),
            title: graph.title(package),
            summary: graph.summary(package),
            width: layout.width,
            height: layout.height,
            nodes,
            edges,
            bands,
            staircases,
            groups,
            channel_deprecation: graph.channel_deprecation().map(str::to_string),
            head_error: graph.head_error(),
            installed_from_other_channel: None,
            fans: layout.fans,
            labels,
            font_size: LABEL_FONT_SIZE,
            marker_font_size: MARKER_FONT_SIZE,
            rows: layout.rows,
            captions,
            support: None,
            by_name,
        };
        view.link_neighbours();
        view
    }

    /// The texts of a node pushed after the view was built (no fans into it).
    ///
    /// # Complexity
    /// O(L) for a label of L characters.
    pub(super) fn push_texts(&mut self, node: NodeId) {
        let (package, labels) = (&self.package, self.labels);
        let Some(n) = self.nodes.get_mut(node) else {
            return;
        };
        let text = label_text(&n.name, n.version.as_deref(), package, labels);
        n.texts = NodeTexts {
            text,
            ..NodeTexts::default()
        };
    }

    /// Rebuilds the name index and the neighbours after nodes or edges were added.
    ///
    /// # Complexity
    /// O((V + E) log V).
    pub(super) fn reindex(&mut self) {
        self.by_name = by_name(&self.nodes);
        self.link_neighbours();
    }

    /// The nodes, in node order (`iter_enumerated` gives each with its id).
    ///
    /// # Complexity
    /// O(1).
    pub fn nodes(&self) -> &TiSlice<NodeId, ViewNode> {
        &self.nodes
    }

    /// Node `i` (`None` for an id out of range, e.g. one of another view).
    ///
    /// # Complexity
    /// O(1).
    pub fn node(&self, i: NodeId) -> Option<&ViewNode> {
        self.nodes.get(i)
    }

    /// The individually drawn edges.
    ///
    /// # Complexity
    /// O(1).
    pub fn edges(&self) -> &TiSlice<EdgeId, ViewEdge> {
        &self.edges
    }

    /// The fans.
    ///
    /// # Complexity
    /// O(1).
    pub fn bands(&self) -> &TiSlice<BandId, ViewBand> {
        &self.bands
    }

    /// The staircases ([`FanMode::Bands`]).
    ///
    /// # Complexity
    /// O(1).
    pub fn staircases(&self) -> &TiSlice<StaircaseId, ViewStaircase> {
        &self.staircases
    }

    /// The groups of collapsed virtual nodes.
    ///
    /// # Complexity
    /// O(1).
    pub fn groups(&self) -> &TiSlice<GroupId, ViewGroup> {
        &self.groups
    }

    /// The nodes joined to node `i` by an edge or a fan (either direction), sorted (empty for
    /// an id out of range).
    ///
    /// # Complexity
    /// O(1).
    pub fn neighbours(&self, i: NodeId) -> &[NodeId] {
        self.nodes.get(i).map_or(&[], ViewNode::neighbours)
    }

    /// The installed bundle drawn beside the channel because it is not one of its entries
    /// (see [`GraphView::add_installed`]).
    ///
    /// # Complexity
    /// O(1).
    pub fn installed_from_other_channel(&self) -> Option<NodeId> {
        self.installed_from_other_channel
    }

    /// The node with this name.
    ///
    /// # Complexity
    /// O(log V).
    pub fn node_index(&self, name: &str) -> Option<NodeId> {
        self.by_name
            .binary_search_by(|&i| self.nodes[i].name.as_str().cmp(name))
            .ok()
            .map(|k| self.by_name[k])
    }

    /// Number of graph edges drawn: individual edges (a group's counting once per member) plus
    /// what the fans stand for.
    ///
    /// # Complexity
    /// O(E + B) for E edges and B fans.
    pub fn edge_total(&self) -> usize {
        self.edges.iter().map(ViewEdge::edge_count).sum::<usize>()
            + self.bands.iter().map(ViewBand::edge_count).sum::<usize>()
    }

    /// The label of node `i`, fitted to its box (`None` for an index out of range).
    ///
    /// # Complexity
    /// O(L²) for a label of L characters.
    pub fn node_label(&self, i: NodeId) -> Option<NodeLabel> {
        self.nodes.get(i).map(ViewNode::label)
    }

    /// The whole first line of node `i` (what its label shortens).
    ///
    /// # Complexity
    /// O(1).
    pub fn node_text(&self, i: NodeId) -> Option<&str> {
        self.nodes.get(i).map(ViewNode::text)
    }

    /// The whole second line of node `i`: what its fans cover.
    ///
    /// # Complexity
    /// O(1).
    pub fn node_marker(&self, i: NodeId) -> Option<&str> {
        self.nodes.get(i).and_then(ViewNode::marker)
    }

    /// The fans into node `i`.
    ///
    /// # Complexity
    /// O(1).
    pub fn fans_into(&self, i: NodeId) -> &[BandId] {
        self.nodes.get(i).map_or(&[], ViewNode::fans_into)
    }

    /// The nodes the `skipRange` of node `i` covers: the sources of its skipRange fans (the
    /// `skipRange` edges into it, as `graph --json` lists them), ascending.
    ///
    /// # Complexity
    /// O(S log S) for S sources.
    pub fn covered_by(&self, i: NodeId) -> Vec<NodeId> {
        self.fan_sources(i, EdgeKind::SkipRange)
    }

    /// The nodes the `skips` of node `i` name in a fan: the sources of its skips fans,
    /// ascending.
    ///
    /// # Complexity
    /// O(S log S) for S sources.
    pub fn skipped_by(&self, i: NodeId) -> Vec<NodeId> {
        self.fan_sources(i, EdgeKind::Skips)
    }

    /// The sources of the fans of `kind` into node `i`, ascending.
    fn fan_sources(&self, i: NodeId, kind: EdgeKind) -> Vec<NodeId> {
        let mut out: Vec<NodeId> = self
            .fans_into(i)
            .iter()
            .filter_map(|&b| self.bands.get(b))
            .filter(|b| b.kind == kind)
            .flat_map(|b| b.sources.iter().copied())
            .collect();
        out.sort_ord();
        out.dedup();
        out
    }

    /// What the view counts: bundles, edges drawn, virtual nodes, and the head of a channel
    /// with one (what a banner above the drawing says).
    ///
    /// # Complexity
    /// O(V + E + B) for V nodes, E edges and B fans.
    pub fn counts(&self) -> ViewCounts<'_> {
        let virtuals = self.nodes.iter().filter(|n| n.is_virtual).count();
        let mut heads = self.nodes.iter().filter(|n| n.head);
        let head = match (&self.channel, heads.next(), heads.next()) {
            (Some(_), Some(h), None) => Some(h.name.as_str()),
            _ => None,
        };
        ViewCounts {
            bundles: self.nodes.len() - virtuals,
            edges: self.edge_total(),
            virtuals,
            head,
        }
    }

    /// The label of group `g`: how many bundles, and that they are not entries.
    ///
    /// # Complexity
    /// O(1).
    pub fn group_label(&self, g: GroupId) -> Option<NodeLabel> {
        let grp = self.groups.get(g)?;
        let (count, what) = group_words(grp.members.len(), self.channel.is_some());
        let room = (grp.bbox.width - 2.0 * LABEL_PADDING).max(0.0);
        let two = grp.bbox.height >= TWO_LINES - 0.5;
        Some(if two {
            NodeLabel {
                primary: fit_text(&count, room, LABEL_FONT_SIZE),
                caption: Some(fit_text(what, room, MARKER_FONT_SIZE)),
            }
        } else {
            NodeLabel {
                primary: fit_text(&format!("{count} {what}"), room, LABEL_FONT_SIZE),
                caption: None,
            }
        })
    }

    /// What a screen reader says for node `i`: what its box shows first (the label's lines and
    /// the HEAD badge, so that speech matches the label), then [`ViewNode::aria_label`]; empty
    /// for an index out of range.
    ///
    /// # Complexity
    /// O(length of the name).
    pub fn node_aria_label(&self, i: NodeId) -> String {
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

/// The nodes sorted by name.
///
/// # Complexity
/// O(V log V).
fn by_name(nodes: &TiSlice<NodeId, ViewNode>) -> Vec<NodeId> {
    let mut by_name: Vec<NodeId> = nodes.keys().collect();
    by_name.sort_with(|&a, &b| nodes[a].name.cmp(&nodes[b].name));
    by_name
}

impl GraphView {
    /// Gives every node the nodes joined to it by an edge or a fan (either direction), sorted.
    ///
    /// # Complexity
    /// O((V + E) log V).
    fn link_neighbours(&mut self) {
        let n = self.nodes.len();
        let mut adj: TiVec<NodeId, Vec<NodeId>> = vec![Vec::new(); n].into();
        let mut link = |a: NodeId, b: NodeId| {
            if a.index() < n && b.index() < n && a != b {
                adj[a].push(b);
                adj[b].push(a);
            }
        };
        for e in &self.edges {
            if e.members.is_empty() {
                link(e.from, e.to);
            }
            for &m in &e.members {
                link(m, e.to);
            }
        }
        for b in &self.bands {
            for &s in &b.sources {
                link(s, b.to);
            }
        }
        for (node, mut a) in self.nodes.iter_mut().zip(adj) {
            a.sort_ord();
            a.dedup();
            node.neighbours = a;
        }
    }
}

impl GraphView {
    /// Fills each drawn edge's [`ViewEdge::crd_safety`] from the package's bundles' CRDs (a
    /// catalog loaded with `LoadOptions::keep_crds`); nothing when no bundle carries its
    /// manifests. Fans drawn as bands are not judged.
    ///
    /// # Complexity
    /// O(E log B) for E edges and B bundles, plus one judgement per distinct pair of CRD
    /// contents.
    pub fn judge_crd_safety(&mut self, package: &crate::model::Package) {
        use crate::crd::pairs::Judge;
        // Without the `crd-safety` feature no catalog carries manifests (see `judge_hops`).
        if !cfg!(feature = "crd-safety") || !Judge::carries_manifests(package) {
            return;
        }
        let mut judge = Judge::new(package, None, crate::crd::limits::CrdLimits::default());
        for e in self.edges.iter_mut() {
            let (from, to) = (&self.nodes[e.from].name, &self.nodes[e.to].name);
            e.crd_safety = judge
                .pair(from, to)
                .map(|j| crate::crd::EdgeSafety::from(&j));
        }
    }
}
