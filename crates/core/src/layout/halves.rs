//! [`layout_graph`](super::layout_graph) in two calls: [`LayoutStart::new`] runs the phases up
//! to the lanes and the fans (grouping, adjacency, columns, lanes, fans and their staircases),
//! [`LayoutStart::finish`] the rest (rows, edge shapes, positions, routes). A caller that must
//! not hold its thread for long (the web app's main thread) runs them as two tasks and keeps
//! the half-done layout between them.
//!
//! The half-done layout owns everything it holds: the phases after the fans read nothing of
//! the nodes but their streams ([`super::rows::stream_of`], kept by the grouping) and nothing of
//! the edges but their ends and kinds (the fans read the `skipRange` texts, and copy them).

use super::adjacency::Adjacency;
use super::columns::Columns;
use super::groups::Reduced;
use super::lanes::Lanes;
use super::options::Geo;
use super::{
    empty_layout, Fans, Grouped, Layout, LayoutEdge, LayoutNode, LayoutOptions, Phases, RowChoice,
    RETRY_MAX_NODES,
};

/// A layout begun ([`LayoutStart::new`]) and not yet finished ([`LayoutStart::finish`]).
pub struct LayoutStart(Start);

enum Start {
    /// Laid out whole in the first call: no node, or a graph small enough to be laid out
    /// again when its replaces edges cross (see [`Phases::own_lanes`]), which takes little time.
    Done(Layout),
    /// Laid out up to its lanes and fans.
    Begun(Box<HalfWay>),
}

/// What the phases after the lanes and fans read, owned.
struct HalfWay {
    options: LayoutOptions,
    /// The input edges, without their `skipRange` texts.
    input: Vec<LayoutEdge<'static>>,
    /// The grouped graph: no nodes (their streams are kept), its edges without their texts.
    red: Reduced<'static>,
    adj: Adjacency,
    columns: Columns,
    lanes: Lanes,
    fans: Fans,
    rows: RowChoice,
}

impl LayoutStart {
    /// The first half of [`super::layout_graph`] of these nodes, edges and main line (the same
    /// arguments): the phases up to the lanes and the fans.
    ///
    /// # Complexity
    /// O((V + E) log(V + E) + V·K) for V nodes, E edges and K lanes; graphs of at most 2,000
    /// nodes are laid out whole here (as [`super::layout_graph`] lays them out).
    pub fn new(
        nodes: &[LayoutNode<'_>],
        edges: &[LayoutEdge<'_>],
        main_line: &[usize],
        options: &LayoutOptions,
    ) -> LayoutStart {
        let geo = Geo::new(options);
        let Some(first) = Grouped::new(nodes, edges, main_line, options) else {
            return LayoutStart(Start::Done(empty_layout(&geo, options.fans)));
        };
        let phases = first.phases(&geo, edges, options);
        let (lanes, rows) = match Lanes::fixed(&first.red.nodes, &first.red.edges, &first.adj) {
            Some(lanes) => (lanes, RowChoice::PerLane),
            None if geo.target.is_some() && first.red.nodes.len() <= RETRY_MAX_NODES => {
                return LayoutStart(Start::Done(phases.own_lanes()));
            }
            // What `own_lanes` lays out when it tries nothing else.
            None => (phases.lanes(), RowChoice::Nth(0)),
        };
        let fans = phases.fans();
        let Grouped { red, adj, columns } = first;
        let half = HalfWay {
            options: options.clone(),
            input: edges.iter().map(without_range).collect(),
            red: Reduced {
                nodes: Vec::new(),
                edges: red.edges.iter().map(without_range).collect(),
                ..red
            },
            adj,
            columns,
            lanes,
            fans,
            rows,
        };
        LayoutStart(Start::Begun(Box::new(half)))
    }

    /// Whether [`LayoutStart::new`] laid the graph out whole ([`LayoutStart::finish`] then only
    /// hands it over): a caller running the halves as tasks needs no second task for it.
    ///
    /// # Complexity
    /// O(1).
    pub fn is_done(&self) -> bool {
        matches!(self.0, Start::Done(_))
    }

    /// The layout: equal to [`super::layout_graph`]'s of the arguments given to
    /// [`LayoutStart::new`].
    ///
    /// # Complexity
    /// O((V + E) log(V + E) + V·K) for V nodes, E edges and K lanes; O(1) when the first call
    /// laid it out whole.
    pub fn finish(self) -> Layout {
        let half = match self.0 {
            Start::Done(layout) => return layout,
            Start::Begun(half) => *half,
        };
        let geo = Geo::new(&half.options);
        let phases = Phases {
            geo: &geo,
            red: &half.red,
            adj: &half.adj,
            columns: &half.columns,
            edges: &half.input,
            options: &half.options,
        };
        (phases.lay_out_fans(half.fans, &half.lanes, half.rows))
            .unwrap_or_else(|| empty_layout(&geo, half.options.fans))
    }
}

/// `edge` without its `skipRange` text.
fn without_range(edge: &LayoutEdge<'_>) -> LayoutEdge<'static> {
    LayoutEdge {
        from: edge.from,
        to: edge.to,
        kind: edge.kind,
        range: None,
    }
}
