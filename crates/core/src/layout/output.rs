//! What a layout gives: node boxes (in rows), edge routes, fans with their rails, staircases and
//! groups of collapsed nodes, in abstract units with the origin at the top left.

use serde::Serialize;

use crate::graph::EdgeKind;

use super::FanMode;

/// The box of one node.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct NodeBox {
    /// Index into the graph's nodes.
    pub node: usize,
    /// Left side of the box.
    pub x: f64,
    /// Top side of the box.
    pub y: f64,
    /// Width of the box.
    pub width: f64,
    /// Height of the box.
    pub height: f64,
    /// Position in version order (one node or group per column).
    pub column: usize,
    /// Global lane: the lanes of every row stacked top to bottom (0 is the first row's main
    /// line).
    pub lane: usize,
    /// The row (the version order wraps into rows).
    pub row: usize,
    /// The group this node is collapsed into (its box is the group's).
    pub group: Option<usize>,
}

/// The route of one individually drawn edge, from the middle of the right side of its `from`
/// node to the middle of the left side of its `to` node (a collapsed node's: its group's).
///
/// When `curved` is false, `points` is a polyline. When it is true, `points` is a path of cubic
/// Bézier segments: `points[0]` is the start and each following triple is (first control point,
/// second control point, end point) of one segment, so `points.len() == 1 + 3k`; in SVG:
/// `M p0 C p1 p2 p3 C p4 p5 p6 …` (see [`crate::view::route_d`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EdgeRoute {
    /// Index into the graph's edges.
    pub edge: usize,
    /// The route's points: a polyline, or Bézier segments when `curved` (see above).
    pub points: Vec<(f64, f64)>,
    /// The points are cubic Bézier segments rather than a polyline.
    pub curved: bool,
}

/// Where a rail rises into an entry: (node, foot on the rail, top at the node).
pub(super) type Riser = (usize, (f64, f64), (f64, f64));

/// A rail: strokes under the rows of the bundles a fan covers, a spine joining the rows in the
/// right gutter, and risers into the entries from below.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Rail {
    /// Polylines, each drawn as one stroke (teeth, spine, risers).
    pub paths: Vec<Vec<(f64, f64)>>,
    /// Where the tap under each covered node sits: (node, point).
    pub taps: Vec<(usize, (f64, f64))>,
    /// Where the rail rises into each entry: (node, foot on the rail, top at the node).
    pub risers: Vec<Riser>,
    /// The x of the spine that joins the rows, when the rail spans several.
    pub spine: Option<f64>,
}

impl Rail {
    /// The points a path follows along the rail from the tap of `source` to the riser of
    /// `target`: across to the spine (when they are in different rows), along it, across to
    /// the riser, up into the target. Empty when the rail lacks either.
    ///
    /// # Complexity
    /// O(T) for T taps and risers.
    pub fn walk(&self, source: usize, target: usize) -> Vec<(f64, f64)> {
        let tap = self.taps.iter().find(|t| t.0 == source).map(|t| t.1);
        let riser = self.risers.iter().find(|r| r.0 == target);
        let (Some(tap), Some(&(_, foot, top))) = (tap, riser) else {
            return Vec::new();
        };
        let mut pts = vec![tap];
        if (tap.1 - foot.1).abs() > 1e-9 {
            if let Some(x) = self.spine {
                pts.push((x, tap.1));
                pts.push((x, foot.1));
            }
        }
        pts.push(foot);
        pts.push(top);
        pts
    }
}

/// A fan: the edges of one entry's `skipRange` (or of its long `skips` list) drawn (or marked)
/// as one.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Band {
    /// [`EdgeKind::SkipRange`] or [`EdgeKind::Skips`].
    pub kind: EdgeKind,
    /// The entry (index into the graph's nodes).
    pub to: usize,
    /// The edges the fan stands for (indices into the graph's edges, ascending).
    pub edges: Vec<usize>,
    /// The entry's skipRange text.
    pub range: Option<String>,
    /// Column interval of the source nodes (first, last).
    pub columns: (usize, usize),
    /// The distinct source nodes (indices into the graph's nodes), ascending.
    pub sources: Vec<usize>,
    /// The fan's own rail (a viewer draws it on hover).
    pub rail: Rail,
    /// Index into [`Layout::staircases`] (in [`FanMode::Bands`]) of the staircase it belongs to.
    pub staircase: usize,
}

/// Fans that share their lower end, drawn once as one rail with a riser into each entry.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Staircase {
    /// The fans (indices into [`Layout::bands`]), ascending.
    pub bands: Vec<usize>,
    /// The one rail drawn for all its fans.
    pub rail: Rail,
}

/// Virtual nodes that one entry names, collapsed into one box.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GroupBox {
    /// The entry that names them (index into the graph's nodes).
    pub entry: usize,
    /// The collapsed nodes (indices into the graph's nodes), ascending.
    pub members: Vec<usize>,
    /// Left side of the box.
    pub x: f64,
    /// Top side of the box.
    pub y: f64,
    /// Width of the box.
    pub width: f64,
    /// Height of the box.
    pub height: f64,
    /// Its column in version order, as a node's.
    pub column: usize,
    /// Its global lane, as a node's.
    pub lane: usize,
    /// Its row, as a node's.
    pub row: usize,
}

/// A finished layout.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Layout {
    /// Width of the whole drawing, margins included.
    pub width: f64,
    /// Height of the whole drawing, margins included.
    pub height: f64,
    /// One box per node, in the graph's node order (a collapsed node has its group's box).
    pub nodes: Vec<NodeBox>,
    /// The individually drawn edges, in edge-index order.
    pub edges: Vec<EdgeRoute>,
    /// The fans (none in [`FanMode::Edges`]), by target column.
    pub bands: Vec<Band>,
    /// The staircases drawn in [`FanMode::Bands`] (none otherwise).
    pub staircases: Vec<Staircase>,
    /// The groups of collapsed virtual nodes.
    pub groups: Vec<GroupBox>,
    /// Number of global lanes (every row's lanes).
    pub lanes: usize,
    /// Number of rows.
    pub rows: usize,
    /// How the fans are drawn.
    pub fans: FanMode,
    /// One caption per lane when each lane reads on rows of its own (nodes that carry their
    /// lanes: the package view), in lane order; none otherwise.
    pub captions: Vec<Caption>,
}

/// Where a lane's caption goes: above the lane's first row, at its left; `node` is the lane's
/// first node (a viewer names the lane from it, e.g. its channel).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Caption {
    /// The lane's first node (an index into the graph's nodes).
    pub node: usize,
    /// Left end of the caption's baseline.
    pub x: f64,
    /// The caption's baseline.
    pub y: f64,
}
