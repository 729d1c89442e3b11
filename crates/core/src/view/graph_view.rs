//! [`GraphView`]: one channel (or the package-level "all channels" view) ready to draw, the one
//! model the web app and the SVG export draw: node boxes in wrapped rows with their flags,
//! labels, tooltips and classes, groups of collapsed absent bundles, individually routed edges,
//! fans with their markers and rails, staircases, and each node's neighbours (for hover
//! highlighting).

use std::collections::HashMap;

use crate::graph::EdgeKind;
use crate::layout::{
    layout_graph, Band, Caption, FanMode, GroupBox, LabelMode, Layout, LayoutEdge, LayoutOptions,
    NodeBox, Rail, Staircase,
};
use crate::model::Package;

use super::draw::{rail_d, route_d};
use super::id::{BandId, EdgeId, GroupId, NodeId, StaircaseId, TiSlice, TiVec};
use super::node::ViewNode;
use super::source::ViewSource;
use super::text::{
    fan_marker, fit_text, label_text, NodeLabel, LABEL_FONT_SIZE, LABEL_PADDING, MARKER_FONT_SIZE,
};

/// Widest node box a view makes (longer labels are shortened in the middle).
pub const MAX_NODE_WIDTH: f64 = 340.0;
/// Height of a node with one line of text.
const ONE_LINE: f64 = 2.1 * LABEL_FONT_SIZE;
/// Height of a node with a second line (its fans).
const TWO_LINES: f64 = ONE_LINE + 1.3 * MARKER_FONT_SIZE;

/// An individually drawn edge. In the package view, the same (from, to, kind) in several
/// channels is one edge listing those channels; the edges from the members of a group to one
/// node are one edge leaving the group.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewEdge {
    /// Its ends (for an edge leaving a group: `from` is its first member).
    pub from: NodeId,
    pub to: NodeId,
    pub kind: EdgeKind,
    /// The target's skipRange, for `skipRange` edges.
    pub range: Option<String>,
    /// The channels whose edges this one stands for, sorted.
    pub channels: Vec<String>,
    /// The route (see [`crate::layout::EdgeRoute`]).
    pub points: Vec<(f64, f64)>,
    pub curved: bool,
    /// The group it leaves.
    pub group: Option<GroupId>,
    /// For an edge leaving a group: the members whose edges it stands for, ascending.
    pub members: Vec<NodeId>,
    /// Both OLMs' CRD-safety verdicts of the upgrade it draws, once
    /// [`GraphView::judge_crd_safety`] has filled them (spec/crd-safety.md).
    pub crd_safety: Option<crate::crd::EdgeSafety>,
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
        if !Judge::carries_manifests(package) {
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

/// A fan: the `skipRange` edges into one entry (or its long `skips` list), marked on the entry
/// and drawn as a rail (always in [`FanMode::Bands`], on hover in [`FanMode::Markers`]).
#[derive(Debug, Clone, PartialEq)]
pub struct ViewBand {
    /// [`EdgeKind::SkipRange`] or [`EdgeKind::Skips`].
    pub kind: EdgeKind,
    /// The entry.
    pub to: NodeId,
    /// The nodes it covers (its sources: for a skipRange, exactly the `skipRange` edges into
    /// the entry), ascending.
    pub sources: Vec<NodeId>,
    /// For each source, the channels whose edges from it the fan stands for, sorted.
    pub source_channels: Vec<Vec<String>>,
    pub range: Option<String>,
    /// The fan's own rail.
    pub rail: Rail,
    /// For each source, where its tap sits on the rail.
    pub taps: Vec<(f64, f64)>,
    /// The staircase it belongs to (in [`FanMode::Bands`]).
    pub staircase: StaircaseId,
}

impl ViewBand {
    /// Number of distinct edges the fan stands for.
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

    /// `tap <kind>`: the dot under a source on the rail.
    ///
    /// # Complexity
    /// O(1).
    pub fn tap_class(&self) -> String {
        format!("tap {}", self.kind.css_class())
    }

    /// SVG path data of the rail (one stroke per piece).
    ///
    /// # Complexity
    /// O(P) for P points.
    pub fn path_d(&self) -> String {
        rail_d(&self.rail, 0.0)
    }

    /// Whether node `i` is one it covers.
    ///
    /// # Complexity
    /// O(log S) for S sources.
    pub fn covers(&self, i: NodeId) -> bool {
        self.sources.binary_search(&i).is_ok()
    }
}

/// Fans that share their lower end, drawn once as one rail ([`FanMode::Bands`]).
#[derive(Debug, Clone, PartialEq)]
pub struct ViewStaircase {
    /// The fans.
    pub bands: Vec<BandId>,
    pub rail: Rail,
}

impl ViewStaircase {
    /// `band <kind> staircase`.
    ///
    /// # Complexity
    /// O(1).
    pub fn class(&self, kind: EdgeKind) -> String {
        format!("band {} staircase", kind.css_class())
    }

    /// SVG path data of the rail.
    ///
    /// # Complexity
    /// O(P) for P points.
    pub fn path_d(&self) -> String {
        rail_d(&self.rail, 0.0)
    }
}

/// Virtual nodes that one entry names, drawn as one box.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewGroup {
    /// The entry that names them.
    pub entry: NodeId,
    /// The collapsed nodes, ascending.
    pub members: Vec<NodeId>,
    pub bbox: GroupBox,
}

impl ViewGroup {
    /// `group virtual`.
    ///
    /// # Complexity
    /// O(1).
    pub fn class(&self) -> &'static str {
        "group virtual"
    }
}

/// A lane's caption: its text (a channel's name) and the left end of its baseline.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewCaption {
    pub text: String,
    pub x: f64,
    pub y: f64,
}

/// What one node of a [`GraphView`] says, whole (its label shortens it), and the fans into it.
#[derive(Debug, Clone, PartialEq, Default)]
struct NodeTexts {
    /// The first line.
    text: String,
    /// The second line (its fans).
    marker: Option<String>,
    /// The fans into it.
    fans_into: Vec<BandId>,
}

/// One channel, or the whole package, ready to draw.
///
/// Its elements are read through accessors ([`GraphView::nodes`], [`GraphView::edges`], ...)
/// and named by typed ids ([`NodeId`], [`EdgeId`], [`BandId`], [`StaircaseId`], [`GroupId`]):
/// an edge's ends, a fan's sources, a group's members are node ids, so one kind of index
/// cannot be used for another. Only the view's own modules add to it (`installed.rs`) or
/// mark its nodes (`overlay.rs`), keeping the per-node tables in step.
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
    /// The nodes; `boxes`, `neighbours` and `node_texts` hold one entry per node, in node
    /// order.
    pub(super) nodes: TiVec<NodeId, ViewNode>,
    /// One box per node, in node order (a collapsed node has its group's).
    pub(super) boxes: TiVec<NodeId, NodeBox>,
    pub(super) edges: TiVec<EdgeId, ViewEdge>,
    pub(super) bands: TiVec<BandId, ViewBand>,
    /// The staircases ([`FanMode::Bands`]).
    pub(super) staircases: TiVec<StaircaseId, ViewStaircase>,
    /// The groups of collapsed virtual nodes.
    pub(super) groups: TiVec<GroupId, ViewGroup>,
    /// For every node, the nodes joined to it by an edge or a fan (either direction), sorted.
    neighbours: TiVec<NodeId, Vec<NodeId>>,
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
    /// What each node says and the fans into it, in node order (one per node, so they cannot
    /// fall out of step with `nodes`).
    node_texts: TiVec<NodeId, NodeTexts>,
    /// The nodes sorted by name.
    by_name: Vec<NodeId>,
}

impl GraphView {
    /// The view of any upgrade graph of `package` (a channel's or the package's): nodes sized
    /// to their labels (up to [`MAX_NODE_WIDTH`]; `options`' node sizes are not used), laid
    /// out for `options`' target box.
    ///
    /// # Complexity
    /// That of [`layout_graph`], plus O((V + E) log(V + E)) to size and assemble.
    pub fn build<G: ViewSource + ?Sized>(
        package: &Package,
        graph: &G,
        options: &LayoutOptions,
    ) -> GraphView {
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
        let layout = layout_graph(
            &graph.view_layout_nodes(package),
            &edges,
            &graph.main_line(),
            &sized,
        );
        GraphView::assemble(package, graph, nodes, texts, layout, options.labels)
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

    fn assemble<G: ViewSource + ?Sized>(
        package: &Package,
        graph: &G,
        mut nodes: Vec<ViewNode>,
        texts: Vec<String>,
        layout: Layout,
        labels: LabelMode,
    ) -> GraphView {
        let graph_edges = graph.layout_edges();
        let n = nodes.len();
        for b in &layout.nodes {
            if let Some(node) = nodes.get_mut(b.node) {
                node.collapsed = b.group.map(GroupId::new);
            }
        }
        let edges = view_edges(graph, &graph_edges, &layout, &nodes);
        let groups = view_groups(layout.groups, n);
        let bands = view_bands(graph, &graph_edges, layout.bands, n);
        let staircases = layout
            .staircases
            .into_iter()
            .map(|Staircase { bands, rail }| ViewStaircase {
                bands: bands.into_iter().map(BandId::new).collect(),
                rail,
            })
            .collect();
        let node_texts = node_texts(&nodes, texts, &bands);
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
            boxes: TiVec::from(layout.nodes),
            edges,
            bands,
            staircases,
            groups,
            neighbours: TiVec::new(),
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
            node_texts,
            by_name,
        };
        view.neighbours = neighbours(&view);
        view
    }

    /// The texts of a node pushed after the view was built (no fans into it).
    ///
    /// # Complexity
    /// O(L) for a label of L characters.
    pub(super) fn push_texts(&mut self, node: NodeId) {
        let Some(n) = self.nodes.get(node) else {
            return;
        };
        let text = label_text(&n.name, n.version.as_deref(), &self.package, self.labels);
        self.node_texts.push(NodeTexts {
            text,
            ..NodeTexts::default()
        });
    }

    /// Rebuilds the name index and the neighbours after nodes or edges were added.
    ///
    /// # Complexity
    /// O((V + E) log V).
    pub(super) fn reindex(&mut self) {
        self.by_name = by_name(&self.nodes);
        self.neighbours = neighbours(self);
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

    /// One box per node, in node order (a collapsed node has its group's).
    ///
    /// # Complexity
    /// O(1).
    pub fn boxes(&self) -> &TiSlice<NodeId, NodeBox> {
        &self.boxes
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
        self.neighbours.get(i).map_or(&[], Vec::as_slice)
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
        let (t, b) = (self.node_texts.get(i)?, self.boxes.get(i)?);
        Some(NodeLabel::new(&t.text, t.marker.as_deref(), b.width))
    }

    /// The whole first line of node `i` (what its label shortens).
    ///
    /// # Complexity
    /// O(1).
    pub fn node_text(&self, i: NodeId) -> Option<&str> {
        self.node_texts.get(i).map(|t| t.text.as_str())
    }

    /// The whole second line of node `i`: what its fans cover.
    ///
    /// # Complexity
    /// O(1).
    pub fn node_marker(&self, i: NodeId) -> Option<&str> {
        self.node_texts.get(i).and_then(|t| t.marker.as_deref())
    }

    /// The fans into node `i`.
    ///
    /// # Complexity
    /// O(1).
    pub fn fans_into(&self, i: NodeId) -> &[BandId] {
        self.node_texts
            .get(i)
            .map_or(&[], |t| t.fans_into.as_slice())
    }

    /// The nodes the `skipRange` of node `i` covers: the sources of its skipRange fans (the
    /// `skipRange` edges into it, as `graph --json` lists them), ascending.
    ///
    /// # Complexity
    /// O(S log S) for S sources.
    pub fn covered_by(&self, i: NodeId) -> Vec<NodeId> {
        let mut out: Vec<NodeId> = self
            .fans_into(i)
            .iter()
            .filter_map(|&b| self.bands.get(b))
            .filter(|b| b.kind == EdgeKind::SkipRange)
            .flat_map(|b| b.sources.iter().copied())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
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

/// `80 bundles` and `not in channel` (or `not in package`).
fn group_words(count: usize, in_channel: bool) -> (String, &'static str) {
    let plural = if count == 1 { "" } else { "s" };
    let what = if in_channel {
        "not in channel"
    } else {
        "not in package"
    };
    (format!("{count} bundle{plural}"), what)
}

/// For every node, its fans as (kind, range, sources), estimated from the edges before the
/// layout (skipRange edges by range, skips edges when enough; none in [`FanMode::Edges`]): an
/// upper bound of what the layout's fans hold, to size the nodes.
fn fan_counts<'a>(
    nodes: &[ViewNode],
    edges: &'a [LayoutEdge<'a>],
    options: &LayoutOptions,
) -> Vec<Vec<(EdgeKind, Option<&'a str>, usize)>> {
    let n = nodes.len();
    let mut out: Vec<Vec<(EdgeKind, Option<&str>, usize)>> = vec![Vec::new(); n];
    if !options.fans.groups_fans() {
        return out;
    }
    let mut keys: Vec<(usize, EdgeKind, Option<&str>, usize)> = edges
        .iter()
        .filter(|e| e.from < n && e.to < n && e.from != e.to && e.kind != EdgeKind::Replaces)
        .map(|e| (e.to, e.kind, e.range, e.from))
        .collect();
    keys.sort_unstable();
    keys.dedup();
    for run in keys.chunk_by(|a, b| (a.0, a.1, a.2) == (b.0, b.1, b.2)) {
        let (to, kind, range, _) = run[0];
        let least = match kind {
            EdgeKind::Skips => options.skips_band_min_sources,
            _ => options.band_min_sources,
        };
        if run.len() >= least.max(1) {
            out[to].push((kind, range, run.len()));
        }
    }
    out
}

/// Each node's texts and the fans into it, from the first lines `texts` and the fans `bands`.
///
/// # Complexity
/// O(V + B) for V nodes and B fans, plus the markers' text.
fn node_texts(
    nodes: &[ViewNode],
    texts: Vec<String>,
    bands: &TiSlice<BandId, ViewBand>,
) -> TiVec<NodeId, NodeTexts> {
    let mut fans_into: TiVec<NodeId, Vec<BandId>> = vec![Vec::new(); nodes.len()].into();
    for (i, b) in bands.iter_enumerated() {
        fans_into[b.to].push(i);
    }
    let counts: Vec<Vec<(EdgeKind, Option<&str>, usize)>> = fans_into
        .iter()
        .map(|fs| {
            fs.iter()
                .map(|&i| {
                    (
                        bands[i].kind,
                        bands[i].range.as_deref(),
                        bands[i].sources.len(),
                    )
                })
                .collect()
        })
        .collect();
    let markers = marker_texts(nodes, &counts);
    texts
        .into_iter()
        .zip(markers)
        .zip(fans_into)
        .map(|((text, marker), fans_into)| NodeTexts {
            text,
            marker,
            fans_into,
        })
        .collect()
}

/// Each node's second line, from its fans.
fn marker_texts(
    nodes: &[ViewNode],
    fans: &[Vec<(EdgeKind, Option<&str>, usize)>],
) -> Vec<Option<String>> {
    nodes
        .iter()
        .zip(fans)
        .map(|(n, fs)| (!fs.is_empty()).then(|| fan_marker(fs, n.version.as_deref())))
        .collect()
}

/// The box every node gets: as wide as the widest label (and marker, and a group's label), up
/// to [`MAX_NODE_WIDTH`]; two lines high when some node has a marker.
fn node_size(
    nodes: &[ViewNode],
    texts: &[String],
    markers: &[Option<String>],
    options: &LayoutOptions,
    in_channel: bool,
) -> (f64, f64) {
    let two = markers.iter().any(Option::is_some);
    let mut width = texts
        .iter()
        .zip(markers)
        .map(|(t, m)| NodeLabel::width_needed(t, m.as_deref()))
        .fold(2.0 * LABEL_PADDING, f64::max);
    let virtuals = nodes.iter().filter(|n| n.is_virtual).count();
    if options.groups() && virtuals >= options.group_min {
        let (count, what) = group_words(virtuals, in_channel);
        let need = if two {
            NodeLabel::width_needed(&count, Some(what))
        } else {
            NodeLabel::width_needed(&format!("{count} {what}"), None)
        };
        width = width.max(need);
    }
    let height = if two { TWO_LINES } else { ONE_LINE };
    (width.min(MAX_NODE_WIDTH), height)
}

/// The groups of a layout as the view draws them.
fn view_groups(groups: Vec<GroupBox>, n: usize) -> TiVec<GroupId, ViewGroup> {
    groups
        .into_iter()
        .filter(|g| g.entry < n)
        .map(|g| ViewGroup {
            entry: NodeId::new(g.entry),
            members: g.members.iter().copied().map(NodeId::new).collect(),
            bbox: g,
        })
        .collect()
}

/// The individually drawn edges, one per distinct (from, to, kind) in the order of their first
/// route (a group's members counting as one `from`), each listing the channels of the edges it
/// stands for and, leaving a group, its members.
fn view_edges<G: ViewSource + ?Sized>(
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
            e.channels.sort_unstable();
            e.channels.dedup();
            e.members.sort_unstable();
            e.members.dedup();
            if let Some(&first) = e.members.first() {
                e.from = first;
            }
        }
    }
    out
}

/// The fans of a layout as the view draws them.
fn view_bands<G: ViewSource + ?Sized>(
    graph: &G,
    edges: &[LayoutEdge<'_>],
    bands: Vec<Band>,
    n: usize,
) -> TiVec<BandId, ViewBand> {
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
            let mut sources: Vec<NodeId> = Vec::new();
            let mut source_channels: Vec<Vec<String>> = Vec::new();
            for (f, c) in from {
                let f = NodeId::new(f);
                if sources.last() != Some(&f) {
                    sources.push(f);
                    source_channels.push(Vec::new());
                }
                if let Some(list) = source_channels.last_mut() {
                    list.push(c.to_string());
                }
            }
            // The rail's taps are sorted by node.
            let taps = sources
                .iter()
                .map(|s| {
                    let k = b.rail.taps.partition_point(|t| t.0 < s.index());
                    b.rail
                        .taps
                        .get(k)
                        .filter(|t| t.0 == s.index())
                        .map_or((0.0, 0.0), |t| t.1)
                })
                .collect();
            ViewBand {
                kind: b.kind,
                to: NodeId::new(b.to),
                sources,
                source_channels,
                range: b.range,
                rail: b.rail,
                taps,
                staircase: StaircaseId::new(b.staircase),
            }
        })
        .collect()
}

/// The nodes sorted by name.
///
/// # Complexity
/// O(V log V).
fn by_name(nodes: &TiSlice<NodeId, ViewNode>) -> Vec<NodeId> {
    let mut by_name: Vec<NodeId> = nodes.keys().collect();
    by_name.sort_by(|&a, &b| nodes[a].name.cmp(&nodes[b].name));
    by_name
}

/// For every node, the nodes joined to it by an edge or a fan, sorted.
///
/// # Complexity
/// O((V + E) log V).
fn neighbours(view: &GraphView) -> TiVec<NodeId, Vec<NodeId>> {
    let n = view.nodes.len();
    let mut adj: TiVec<NodeId, Vec<NodeId>> = vec![Vec::new(); n].into();
    let mut link = |a: NodeId, b: NodeId| {
        if a.index() < n && b.index() < n && a != b {
            adj[a].push(b);
            adj[b].push(a);
        }
    };
    for e in &view.edges {
        if e.members.is_empty() {
            link(e.from, e.to);
        }
        for &m in &e.members {
            link(m, e.to);
        }
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

/// The captions of the lanes: each names the first of its lead node's channels in `lanes` (the
/// lanes' channel order).
///
/// # Complexity
/// O(C·K + L log L) for C captions of nodes in K channels each and L lanes.
fn view_captions(captions: &[Caption], nodes: &[ViewNode], lanes: &[String]) -> Vec<ViewCaption> {
    let mut rank: Vec<(&str, usize)> = lanes
        .iter()
        .enumerate()
        .map(|(i, c)| (c.as_str(), i))
        .collect();
    rank.sort_unstable();
    let rank_of = |c: &str| {
        rank.binary_search_by(|(n, _)| (*n).cmp(c))
            .ok()
            .map(|k| rank[k].1)
    };
    captions
        .iter()
        .filter_map(|c| {
            let node = nodes.get(c.node)?;
            let text = node
                .channels
                .iter()
                .filter_map(|ch| rank_of(ch).map(|r| (r, ch)))
                .min()?
                .1
                .clone();
            Some(ViewCaption {
                text,
                x: c.x,
                y: c.y,
            })
        })
        .collect()
}
