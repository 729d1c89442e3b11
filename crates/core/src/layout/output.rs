//! What a layout gives: node boxes, edge routes and bands, in abstract units with the origin at
//! the top left.

use serde::Serialize;

use crate::graph::EdgeKind;

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
/// `M p0 C p1 p2 p3 C p4 p5 p6 …` (see [`crate::view::route_d`]).
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
    /// The edges the band stands for (indices into the graph's edges, ascending).
    pub edges: Vec<usize>,
    /// Outline: a closed polygon (the last point joins the first), not curved.
    pub points: Vec<(f64, f64)>,
    /// The target's skipRange text.
    pub range: Option<String>,
    /// Column interval of the source nodes (first, last).
    pub columns: (usize, usize),
}

impl Band {
    /// The y of the band's horizontal bar, where the taps of its sources sit: the outline starts
    /// at the bottom-left of the bar and ends at the top of the left bracket tick, twice the bar
    /// thickness above.
    ///
    /// # Complexity
    /// O(1).
    pub fn bar_y(&self) -> f64 {
        let p = &self.points;
        match (p.first(), p.last()) {
            (Some(a), Some(b)) if p.len() >= 3 && a.1 > b.1 => a.1 - (a.1 - b.1) / 4.0,
            (Some(a), _) => a.1,
            _ => 0.0,
        }
    }

    /// The x of the riser's middle (the outline's points 1 and 5 are its two sides), when the
    /// outline has them.
    ///
    /// # Complexity
    /// O(1).
    pub fn riser_x(&self) -> Option<f64> {
        match (self.points.get(1), self.points.get(5)) {
            (Some(p), Some(q)) => Some((p.0 + q.0) / 2.0),
            _ => None,
        }
    }
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
    /// The bands (empty in [`super::FanMode::Edges`]), by target column.
    pub bands: Vec<Band>,
    /// Number of lanes.
    pub lanes: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn band_bar_and_riser() {
        // Outline as the layout makes it: bottom-left of the bar first, top of the left tick last.
        let mut band = Band {
            kind: EdgeKind::SkipRange,
            to: 0,
            edges: Vec::new(),
            points: vec![(0.0, 106.0), (50.0, 106.0), (50.0, 20.0), (0.0, 94.0)],
            range: None,
            columns: (0, 0),
        };
        assert_eq!(band.bar_y(), 103.0);
        assert_eq!(band.riser_x(), None);
        band.points = vec![
            (0.0, 106.0),
            (52.0, 106.0),
            (52.0, 30.0),
            (60.0, 30.0),
            (60.0, 26.0),
            (48.0, 26.0),
            (48.0, 100.0),
            (0.0, 94.0),
        ];
        assert_eq!(band.riser_x(), Some(50.0));
        band.points.clear();
        assert_eq!(band.bar_y(), 0.0);
    }
}
