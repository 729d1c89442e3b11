//! Placement: where each node's box goes, from its column (x) and lane (y). Lanes are stacked
//! top-down, each leaving room above it for its arcs and edge tracks.

use super::columns::Columns;
use super::lanes::Lanes;
use super::levels::Levels;
use super::options::Geo;
use super::NodeBox;

/// Box positions of every node.
pub(super) struct Placement<'a> {
    pub geo: &'a Geo,
    pub col: &'a [usize],
    pub lane: &'a [usize],
    /// Top of each lane.
    pub lane_top: Vec<f64>,
}

impl<'a> Placement<'a> {
    /// # Complexity
    /// O(K) for K lanes.
    pub fn new(geo: &'a Geo, columns: &'a Columns, lanes: &'a Lanes, levels: &Levels) -> Self {
        let mut lane_top = vec![0.0f64; lanes.count];
        for l in 0..lanes.count {
            let need = levels.space_above(l, geo.step);
            lane_top[l] = if l == 0 {
                geo.margin + need
            } else {
                lane_top[l - 1] + geo.h + geo.lane_gap.max(need)
            };
        }
        Placement {
            geo,
            col: &columns.col,
            lane: &lanes.lane,
            lane_top,
        }
    }

    /// Left side of node `u`.
    ///
    /// # Complexity
    /// O(1).
    pub fn left(&self, u: usize) -> f64 {
        self.geo.xl(self.col[u])
    }

    /// Right side of node `u`.
    ///
    /// # Complexity
    /// O(1).
    pub fn right(&self, u: usize) -> f64 {
        self.left(u) + self.geo.w
    }

    /// Top of node `u`.
    ///
    /// # Complexity
    /// O(1).
    pub fn top(&self, u: usize) -> f64 {
        self.lane_top[self.lane[u]]
    }

    /// Middle of node `u`'s height.
    ///
    /// # Complexity
    /// O(1).
    pub fn mid_y(&self, u: usize) -> f64 {
        self.top(u) + self.geo.h / 2.0
    }

    /// Bottom of the lowest lane.
    ///
    /// # Complexity
    /// O(1).
    pub fn lanes_bottom(&self) -> f64 {
        self.lane_top
            .last()
            .map_or(self.geo.margin, |t| t + self.geo.h)
    }

    /// Width of the whole drawing.
    ///
    /// # Complexity
    /// O(1).
    pub fn width(&self) -> f64 {
        let cols = self.col.len() as f64;
        2.0 * self.geo.pad_x + cols * (self.geo.w + self.geo.g) - self.geo.g
    }

    /// One box per node, in node order.
    ///
    /// # Complexity
    /// O(V).
    pub fn boxes(&self) -> Vec<NodeBox> {
        (0..self.col.len())
            .map(|u| NodeBox {
                node: u,
                x: self.left(u),
                y: self.top(u),
                width: self.geo.w,
                height: self.geo.h,
                column: self.col[u],
                lane: self.lane[u],
            })
            .collect()
    }
}
