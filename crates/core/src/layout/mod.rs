//! A deterministic, near-linear layout engine for OLM upgrade graphs that fits a target box.
//!
//! General layered (Sugiyama) layouts are far too slow on OLM graphs: a channel whose entries
//! all carry a `skipRange` has a quadratic number of edges. OLM graphs have a natural order, the
//! bundle versions, so this engine does not search for an order at all. It runs in phases, one
//! file each:
//!
//! 1. `groups.rs`: virtual nodes that one entry names collapse into one group per entry;
//! 2. `columns.rs`: one node per column, in version order;
//! 3. `lanes.rs`: the main line on lane 0 and the other chains packed into as few lanes as they
//!    need (or the caller's lanes: one per channel in the package view);
//! 4. `bands.rs`: the fans (an entry's `skipRange`, a long `skips` list), grouped into
//!    staircases when they share their lower end;
//! 5. `rows.rs` and `grid.rs`: the version order wraps into rows (streams as natural breaks)
//!    so that the drawing fits the target box at the largest zoom; a row keeps the lanes it
//!    uses;
//! 6. `jobs.rs` and `levels.rs`: the shape of every other edge (straight, S curve, arc above its
//!    lane, run on a track between lanes or in the gap between rows) and its arc level or
//!    track;
//! 7. `place.rs`: box positions from rows and lanes (the one place that maps the grid to
//!    coordinates);
//! 8. `routes.rs` and the rails of `bands.rs`: the points of every edge and rail.
//!
//! [`LayoutStart`] (`halves.rs`) runs the same phases in two calls, up to the lanes and fans,
//! then the rest, for a caller that must not hold its thread for long.
//!
//! Versions read in order, left to right and top to bottom; the head, the newest, ends the last
//! row. [`crossings`] counts what crosses in a finished layout. [`LayoutSource`] is how both
//! graph types, a channel's and a package's, feed the engine.
//!
//! Everything is in abstract units with the origin at the top left; all coordinates are
//! non-negative and finite for any input.

mod adjacency;
mod bands;
mod columns;
mod crossings;
mod grid;
mod groups;
mod halves;
mod input;
mod jobs;
mod lanes;
mod levels;
mod max_tree;
mod options;
mod output;
mod place;
mod routes;
mod rows;
#[cfg(test)]
mod test_support;
#[cfg(test)]
mod tests;

pub use crossings::{crossings, crossings_of_routes, flatten, rail_crossings};

pub use halves::LayoutStart;
pub use input::{
    channel_main_line, package_layout_nodes, package_main_line, LayoutEdge, LayoutNode,
    LayoutSource,
};
pub use options::{FanMode, LabelMode, LayoutOptions, DEFAULT_TARGET};
pub use output::{Band, Caption, EdgeRoute, GroupBox, Layout, NodeBox, Rail, Staircase};

use crate::graph::{ChannelGraph, PackageGraph};

use adjacency::Adjacency;
use bands::{make_bands, outline_rails, stair_items, staircases, RailPlan};
use columns::{Anchor, Columns};
use grid::Grid;
use groups::Reduced;
use jobs::Jobs;
use lanes::Lanes;
use levels::Levels;
use options::Geo;
use place::Placement;
use rows::{lane_row_width, stream_runs, RowInput, Rows};

/// Lays out an upgrade graph (a channel's or a package's), its main line on lane 0.
///
/// # Complexity
/// O((V + E) log(V + E) + V·K) for V nodes, E edges and K lanes (K is usually tiny).
pub fn layout<G: LayoutSource + ?Sized>(graph: &G, options: &LayoutOptions) -> Layout {
    layout_graph(
        &graph.layout_nodes(),
        &graph.layout_edges(),
        &graph.main_line(),
        options,
    )
}

/// Lays out one channel graph; the main line is [`channel_main_line`]. Same as [`layout`].
///
/// # Complexity
/// O((V + E) log(V + E) + V·K) for V nodes, E edges and K lanes.
pub fn layout_channel(graph: &ChannelGraph, options: &LayoutOptions) -> Layout {
    layout(graph, options)
}

/// Lays out the package-level view (every bundle once, every channel's edges), one lane per
/// channel in name order ([`package_layout_nodes`] chooses another order). The same edge in
/// several channels gets the same route (or fan). Same as [`layout`].
///
/// # Complexity
/// O((V + E) log(V + E) + V·K) for V nodes, E edges and K lanes.
pub fn layout_package(graph: &PackageGraph, options: &LayoutOptions) -> Layout {
    layout(graph, options)
}

/// Lays out any upgrade graph: `nodes` with optional versions, `edges` pointing from older to
/// newer, and the nodes of the main line (any order; they all go to lane 0 unless the nodes
/// carry their own lanes). Edges with the same (from, to, kind) get the same route; edges with
/// an endpoint out of range are ignored, as are out-of-range main-line indices. Never panics.
///
/// # Complexity
/// O((V + E) log(V + E) + V·K) for V nodes, E edges and K lanes (K is usually tiny); graphs of
/// at most 2,000 nodes with branches on lanes of their own also have their replaces crossings
/// counted (a bounded extra cost) and may be laid out a second time.
pub fn layout_graph(
    nodes: &[LayoutNode<'_>],
    edges: &[LayoutEdge<'_>],
    main_line: &[usize],
    options: &LayoutOptions,
) -> Layout {
    let geo = Geo::new(options);
    let Some(first) = Grouped::new(nodes, edges, main_line, options) else {
        return empty_layout(&geo, options.fans);
    };
    let phases = first.phases(&geo, edges, options);
    let Some(lanes) = Lanes::fixed(&first.red.nodes, &first.red.edges, &first.adj) else {
        return phases.own_lanes();
    };
    phases
        .lay_out(&lanes, RowChoice::PerLane)
        .unwrap_or_else(|| empty_layout(&geo, options.fans))
}

/// The first phases of every layout: the graph grouped, its adjacency and its columns.
struct Grouped<'g> {
    red: Reduced<'g>,
    adj: Adjacency,
    columns: Columns,
}

impl<'g> Grouped<'g> {
    /// The grouping, adjacency and columns of these inputs (`None`: no node).
    ///
    /// # Complexity
    /// O((V + E) log(V + E)) for V nodes and E edges.
    fn new(
        nodes: &[LayoutNode<'g>],
        edges: &[LayoutEdge<'g>],
        main_line: &[usize],
        options: &LayoutOptions,
    ) -> Option<Grouped<'g>> {
        if nodes.is_empty() {
            return None;
        }
        let red = Reduced::new(nodes, edges, main_line, options);
        let adj = Adjacency::new(red.nodes.len(), &red.edges);
        let columns = Columns::new(&red.nodes, &red.edges, &adj, Anchor::Target);
        Some(Grouped { red, adj, columns })
    }

    /// The later phases over these.
    fn phases<'a>(
        &'a self,
        geo: &'a Geo,
        edges: &'a [LayoutEdge<'g>],
        options: &'a LayoutOptions,
    ) -> Phases<'a, 'g> {
        Phases {
            geo,
            red: &self.red,
            adj: &self.adj,
            columns: &self.columns,
            edges,
            options,
        }
    }
}

/// Graphs up to this many (reduced) nodes are laid out again when their replaces edges cross.
const RETRY_MAX_NODES: usize = 2_000;

/// Nodes laid out at most, over all retries of one graph, to find a layout whose replaces edges
/// do not cross: a graph of V nodes gets `RETRY_WORK / V` layouts, within
/// [`RETRY_LAYOUTS`].
const RETRY_WORK: usize = 40_000;

/// The fewest and the most layouts (the first one included) tried for one graph.
const RETRY_LAYOUTS: (usize, usize) = (8, 64);

/// Crossings among the `replaces` routes of `layout`.
///
/// # Complexity
/// O(S log S + P) for S route pieces and P pairs of them whose x-extents overlap.
fn replaces_crossings(layout: &Layout, edges: &[LayoutEdge<'_>]) -> usize {
    crossings_of_routes(layout.edges.iter().filter(|r| {
        edges
            .get(r.edge)
            .is_some_and(|e| e.kind == crate::graph::EdgeKind::Replaces)
    }))
}

/// What every phase after the lanes reads.
#[derive(Clone, Copy)]
struct Phases<'a, 'g> {
    geo: &'a Geo,
    red: &'a Reduced<'g>,
    adj: &'a Adjacency,
    columns: &'a Columns,
    edges: &'a [LayoutEdge<'g>],
    options: &'a LayoutOptions,
}

impl Phases<'_, '_> {
    /// The layout with lanes of its own choosing ([`Lanes::new`]), laid out again when its
    /// replaces edges cross (small graphs only, see [`Phases::without_replaces_crossings`]),
    /// then, if they still cross or only a smaller drawing avoids it, in the other column order
    /// ([`Anchor::StreamStart`]); the crossing-free drawing largest on screen wins.
    ///
    /// # Complexity
    /// O((V + E) log(V + E) + V·K), plus the retries' for graphs of at most
    /// [`RETRY_MAX_NODES`] nodes (in two column orders).
    fn own_lanes(&self) -> Layout {
        let Some(first) = self.lay_out(&self.lanes(), RowChoice::Nth(0)) else {
            return empty_layout(self.geo, self.options.fans);
        };
        if self.geo.target.is_none() || self.red.nodes.len() > RETRY_MAX_NODES {
            return first;
        }
        let crossed = replaces_crossings(&first, &self.red.edges);
        if crossed == 0 {
            return first;
        }
        let first_zoom = self.zoom(&first);
        let best = self.without_replaces_crossings((crossed, first));
        if best.0 == 0 && self.zoom(&best.1) >= first_zoom * 0.995 {
            return best.1;
        }
        let red = self.red;
        let other = Columns::new(&red.nodes, &red.edges, self.adj, Anchor::StreamStart);
        if other.order == self.columns.order {
            return best.1;
        }
        let phases = Phases {
            columns: &other,
            ..*self
        };
        let Some(start) = phases.first_layout() else {
            return best.1;
        };
        let alt = phases.without_replaces_crossings(start);
        let better = alt.0 < best.0 || (alt.0 == best.0 && self.zoom(&alt.1) > self.zoom(&best.1));
        if better {
            alt.1
        } else {
            best.1
        }
    }

    /// The best rows with the lanes [`Lanes::new`] chooses, and the crossings of its replaces
    /// edges.
    ///
    /// # Complexity
    /// O((V + E) log(V + E) + V·K + P) for P pairs of route pieces whose x-extents overlap.
    fn first_layout(&self) -> Option<(usize, Layout)> {
        let layout = self.lay_out(&self.lanes(), RowChoice::Nth(0))?;
        Some((replaces_crossings(&layout, &self.red.edges), layout))
    }

    /// The lanes of this column order ([`Lanes::new`]).
    ///
    /// # Complexity
    /// O((V + E) log(V + E) + V·K).
    fn lanes(&self) -> Lanes {
        let (red, columns) = (self.red, self.columns);
        Lanes::new(
            &columns.order,
            &columns.col,
            &red.edges,
            self.adj,
            &red.main_line,
        )
    }

    /// The zoom at which `layout` and the reserved height fit the target box (capped as the
    /// rows' choice caps it).
    fn zoom(&self, layout: &Layout) -> f64 {
        let Some((tw, th)) = self.geo.target else {
            return 1.0;
        };
        let cap = if th.is_finite() { 1.25 } else { 1.0 };
        (tw / layout.width.max(1.0))
            .min(th / (layout.height + self.geo.reserved).max(1.0))
            .min(cap)
    }

    /// `first` (its crossings and layout) if its replaces edges do not cross, else the largest
    /// on screen of the other layouts whose do not (or the one with the fewest crossings), with
    /// its crossings. In a wrapped layout, a
    /// branch on a lane of its own, or a node whose successors are rows below, can leave no
    /// crossing-free way down for the replaces edges around it; other row widths (down to one
    /// row or one column), or one lane per row (branches drawn as arcs, which nest), have one.
    /// Row widths are tried by decreasing zoom, each with the graph's lanes and with one lane
    /// per row: a crossing-free drawing wins over a larger one whose replaces edges cross.
    ///
    /// # Complexity
    /// At most `RETRY_WORK / V` layouts and crossing counts (within [`RETRY_LAYOUTS`]), each
    /// O((V + E) log(V + E) + V·K + P) for P pairs of route pieces whose x-extents overlap; only
    /// graphs of at most [`RETRY_MAX_NODES`] nodes come here.
    fn without_replaces_crossings(&self, first: (usize, Layout)) -> (usize, Layout) {
        let mut best = first;
        if best.0 == 0 {
            return best;
        }
        let lanes = self.lanes();
        let n = self.red.nodes.len();
        let budget = (RETRY_WORK / n.max(1)).clamp(RETRY_LAYOUTS.0, RETRY_LAYOUTS.1);
        let flat = Lanes::single(n);
        let mut tries = Vec::new();
        for nth in 0..budget {
            if nth > 0 {
                tries.push((&lanes, nth));
            }
            if lanes.count() > 1 {
                tries.push((&flat, nth));
            }
        }
        for (l, nth) in tries.into_iter().take(budget - 1) {
            let Some(layout) = self.lay_out(l, RowChoice::Nth(nth)) else {
                if l.count() == 1 {
                    break; // past the last row width
                }
                continue;
            };
            let crossed = replaces_crossings(&layout, &self.red.edges);
            if crossed < best.0 {
                best = (crossed, layout);
                if crossed == 0 {
                    break;
                }
            }
        }
        best
    }

    /// Every phase after the lanes: fans, rows (see [`RowChoice`]), edge shapes, positions and
    /// routes.
    ///
    /// # Complexity
    /// O((V + E) log(V + E) + V·K) for V nodes, E edges and K lanes.
    fn lay_out(&self, lanes: &Lanes, rows: RowChoice) -> Option<Layout> {
        self.lay_out_fans(self.fans(), lanes, rows)
    }

    /// The fans, their staircases and what each staircase's rail reaches: all that reads the
    /// edges' `skipRange` texts, and nothing of the lanes or rows.
    ///
    /// # Complexity
    /// O(E log E) for E edges.
    fn fans(&self) -> Fans {
        let mut bands = fans(self.red, self.adj, self.columns, self.options);
        let stairs = staircases(&mut bands);
        let items = stair_items(&bands, &stairs, self.edges, &self.red.of);
        Fans {
            bands,
            stairs,
            items,
        }
    }

    /// The phases after the lanes and the fans: rows (see [`RowChoice`]), edge shapes,
    /// positions and routes. Reads the edges' ends and kinds, never their texts.
    ///
    /// # Complexity
    /// O((V + E) log(V + E) + V·K) for V nodes, E edges and K lanes.
    fn lay_out_fans(&self, fans: Fans, lanes: &Lanes, rows: RowChoice) -> Option<Layout> {
        let (geo, red, adj, columns, edges, options) = (
            self.geo,
            self.red,
            self.adj,
            self.columns,
            self.edges,
            self.options,
        );
        let Fans {
            mut bands,
            stairs,
            items,
        } = fans;
        let row_gap = row_gap(geo, stairs.len(), options.fans);
        let grid = match rows {
            RowChoice::Nth(nth) => {
                let rows = choose_rows(geo, red, columns, lanes, (row_gap, nth))?;
                Grid::new(columns, &lanes.lane, &rows)
            }
            RowChoice::PerLane => {
                let k = lane_row_width(geo, &lanes.lane, row_gap);
                Grid::per_lane(columns, &lanes.lane, k)
            }
        };
        let plan = RailPlan::new(&items, options.fans != FanMode::Bands, &grid);
        let mut drawn = adj.valid.clone();
        for &e in bands.iter().flat_map(|b| &b.edges) {
            drawn[e] = false;
        }
        let mut jobs = Jobs::new(&red.edges, &drawn, &grid);
        let levels = Levels::assign(&mut jobs.jobs, grid.lanes());
        let place = Placement::new(
            geo,
            &grid,
            &columns.col,
            &levels,
            (&plan.below, plan.gutter),
        );
        let routes = routes::edge_routes(&jobs, &place, &levels);
        let stairs = outline_rails(&mut bands, &stairs, &items, &plan, &place, edges, &red.of);
        let staircases = if options.fans == FanMode::Bands {
            stairs
        } else {
            Vec::new()
        };
        for b in &mut bands {
            b.to = red.back.get(b.to).copied().unwrap_or(b.to);
        }
        Some(Layout {
            width: place.width(),
            height: place.height(),
            nodes: expand_boxes(red, &place),
            edges: routes,
            bands,
            staircases,
            groups: group_boxes(red, &place),
            captions: place.captions(&levels, |u| red.back.get(u).copied().unwrap_or(u)),
            lanes: grid.lanes(),
            rows: grid.rows(),
            fans: options.fans,
        })
    }
}

/// The fans of a layout ([`Phases::fans`]).
struct Fans {
    bands: Vec<Band>,
    /// The bands of each staircase.
    stairs: Vec<Vec<usize>>,
    /// What each staircase's rail reaches.
    items: Vec<bands::RailItems>,
}

/// The layout of no node at all.
fn empty_layout(geo: &Geo, fans: FanMode) -> Layout {
    Layout {
        width: 2.0 * geo.pad_x,
        height: 2.0 * geo.margin,
        nodes: Vec::new(),
        edges: Vec::new(),
        bands: Vec::new(),
        staircases: Vec::new(),
        groups: Vec::new(),
        lanes: 0,
        rows: 0,
        fans,
        captions: Vec::new(),
    }
}

/// The fans of the reduced graph (none when every edge is drawn on its own).
fn fans(
    red: &Reduced<'_>,
    adj: &Adjacency,
    columns: &Columns,
    options: &LayoutOptions,
) -> Vec<Band> {
    if !options.fans.groups_fans() {
        return Vec::new();
    }
    make_bands(
        &red.edges,
        &adj.valid,
        &columns.col,
        options.band_min_sources,
        options.skips_band_min_sources,
    )
}

/// How a layout's rows are chosen.
#[derive(Clone, Copy)]
enum RowChoice {
    /// The version order wrapped into rows, the `nth` best for the target box
    /// ([`Rows::choose_nth`]).
    Nth(usize),
    /// Each lane on rows of its own ([`Grid::per_lane`]), for nodes that carry their lanes.
    PerLane,
}

/// The room a row needs besides its lanes: clearance, the wrap, and the rails of `stairs`
/// staircases.
fn row_gap(geo: &Geo, stairs: usize, fans: FanMode) -> f64 {
    let rails = match (stairs, fans) {
        (0, _) => 0.0,
        (_, FanMode::Bands) => geo.step * 1.2 + stairs.min(3) as f64 * geo.rail_spacing(),
        _ => geo.step * 1.2 + geo.rail_spacing(),
    };
    geo.lane_gap.max(3.0 * geo.step) + rails
}

/// The `nth` best rows for the target box: stream runs, each column's lane, and the room
/// between rows.
fn choose_rows(
    geo: &Geo,
    red: &Reduced<'_>,
    columns: &Columns,
    lanes: &Lanes,
    (row_gap, nth): (f64, usize),
) -> Option<Rows> {
    let lane_of_col: Vec<usize> = columns.order.iter().map(|&u| lanes.lane[u]).collect();
    let input = RowInput {
        runs: stream_runs(&red.streams, &columns.order),
        lane_of_col: &lane_of_col,
        row_gap,
    };
    Rows::choose_nth(geo, &input, nth)
}

/// One box per input node: its own, or its group's.
fn expand_boxes(red: &Reduced<'_>, place: &Placement<'_>) -> Vec<NodeBox> {
    (0..red.of.len())
        .map(|u| {
            let r = red.of[u];
            let group = (r >= red.first_group).then(|| r - red.first_group);
            place.node_box(r, u, group)
        })
        .collect()
}

/// The box of every group.
fn group_boxes(red: &Reduced<'_>, place: &Placement<'_>) -> Vec<GroupBox> {
    red.groups
        .iter()
        .enumerate()
        .map(|(g, grp)| {
            let b = place.node_box(red.first_group + g, grp.entry, None);
            GroupBox {
                entry: grp.entry,
                members: grp.members.clone(),
                x: b.x,
                y: b.y,
                width: b.width,
                height: b.height,
                column: b.column,
                lane: b.lane,
                row: b.row,
            }
        })
        .collect()
}
