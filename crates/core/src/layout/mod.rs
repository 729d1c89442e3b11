//! A deterministic, near-linear layout engine for OLM upgrade graphs.
//!
//! General layered (Sugiyama) layouts are far too slow on OLM graphs: a channel whose entries
//! all carry a `skipRange` has a quadratic number of edges. OLM graphs have a natural order, the
//! bundle versions, so this engine does not search for an order at all. It runs in phases, one
//! file each:
//!
//! 1. `columns.rs`: x order, one node per column, in version order;
//! 2. `lanes.rs`: y order, the main line on lane 0 and the other chains packed into as few
//!    lanes as they need;
//! 3. `bands.rs`: the `skipRange` (and large `skips`) fans grouped into bands and stacked so
//!    that no two cross;
//! 4. `jobs.rs` and `levels.rs`: the shape of every other edge (straight, S curve, arc above its
//!    lane, run on a track between lanes) and its arc level or track;
//! 5. `place.rs`: box positions from columns and lanes (the one place that maps the grid to
//!    coordinates);
//! 6. `routes.rs` and the band outlines of `bands.rs`: the points of every edge and band.
//!
//! [`crossings`] counts what crosses in a finished layout. [`LayoutSource`] is how both graph
//! types, a channel's and a package's, feed the engine.
//!
//! Everything is in abstract units with the origin at the top left; all coordinates are
//! non-negative and finite for any input.

mod adjacency;
mod bands;
mod columns;
mod crossings;
mod input;
mod jobs;
mod lanes;
mod levels;
mod max_tree;
mod options;
mod output;
mod place;
mod routes;
#[cfg(test)]
mod test_support;
#[cfg(test)]
mod tests;

pub use crossings::{crossings, flatten};
pub use input::{channel_main_line, package_main_line, LayoutEdge, LayoutNode, LayoutSource};
pub use options::{FanMode, LayoutOptions};
pub use output::{Band, EdgeRoute, Layout, NodeBox};

use crate::graph::{ChannelGraph, PackageGraph};

use adjacency::Adjacency;
use columns::Columns;
use jobs::Jobs;
use lanes::Lanes;
use levels::Levels;
use options::Geo;
use place::Placement;

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

/// Lays out the package-level view (every bundle once, every channel's edges); the main line is
/// [`package_main_line`]. The same edge in several channels gets the same route (or band). Same
/// as [`layout`].
///
/// # Complexity
/// O((V + E) log(V + E) + V·K) for V nodes, E edges and K lanes.
pub fn layout_package(graph: &PackageGraph, options: &LayoutOptions) -> Layout {
    layout(graph, options)
}

/// Lays out any upgrade graph: `nodes` with optional versions, `edges` pointing from older to
/// newer, and the nodes of the main line (any order; they all go to lane 0). Edges with the same
/// (from, to, kind) get the same route; edges with an endpoint out of range are ignored, as are
/// out-of-range main-line indices. Never panics.
///
/// # Complexity
/// O((V + E) log(V + E) + V·K) for V nodes, E edges and K lanes (K is usually tiny).
pub fn layout_graph(
    nodes: &[LayoutNode<'_>],
    edges: &[LayoutEdge<'_>],
    main_line: &[usize],
    options: &LayoutOptions,
) -> Layout {
    let geo = Geo::new(options);
    if nodes.is_empty() {
        return Layout {
            width: 2.0 * geo.pad_x,
            height: 2.0 * geo.margin,
            nodes: Vec::new(),
            edges: Vec::new(),
            bands: Vec::new(),
            lanes: 0,
        };
    }
    let adj = Adjacency::new(nodes.len(), edges);
    let columns = Columns::new(nodes, edges, &adj);
    let lanes = Lanes::new(&columns.order, &columns.col, edges, &adj, main_line);
    let mut bands = match options.fans {
        FanMode::Bands => bands::make_bands(
            edges,
            &adj.valid,
            &columns.col,
            options.band_min_sources.max(1),
            options.skips_band_min_sources.max(1),
        ),
        FanMode::Edges => Vec::new(),
    };
    let band_tracks = bands::band_tracks(&bands, &columns.col);
    let mut drawn = adj.valid.clone();
    for &e in bands.iter().flat_map(|b| &b.edges) {
        drawn[e] = false;
    }
    let mut jobs = Jobs::new(edges, &drawn, &columns, &lanes);
    let levels = Levels::assign(&mut jobs.jobs, lanes.count);
    let place = Placement::new(&geo, &columns, &lanes, &levels);
    let routes = routes::edge_routes(&jobs, &place, &levels);
    let bottom = bands::outline_bands(&mut bands, &band_tracks, &place);
    Layout {
        width: place.width(),
        height: bottom + geo.margin,
        nodes: place.boxes(),
        edges: routes,
        bands,
        lanes: lanes.count,
    }
}
