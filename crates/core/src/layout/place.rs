//! Placement: where each node's box goes, from its position in its row (x) and its global lane
//! (y). Rows are stacked top-down; each lane leaves room above it for its arcs and edge tracks,
//! each row room below it for its rails; the right gutter holds the rails' spines.

use super::grid::Grid;
use super::levels::Levels;
use super::options::{Geo, CAPTION_HEIGHT, CAPTION_LIFT};
use super::NodeBox;

/// Box positions of every node.
pub(super) struct Placement<'a> {
    pub geo: &'a Geo,
    pub grid: &'a Grid,
    /// Column of each node (version order).
    pub col: &'a [usize],
    /// Top of each global lane.
    pub lane_top: Vec<f64>,
    /// Bottom of each row's lowest lane.
    pub row_bottom: Vec<f64>,
    /// Rail tracks under each row.
    rails_below: Vec<usize>,
    /// Spine tracks in the right gutter.
    gutter: usize,
}

impl<'a> Placement<'a> {
    /// # Complexity
    /// O(K + R) for K global lanes and R rows.
    pub(super) fn new(
        geo: &'a Geo,
        grid: &'a Grid,
        col: &'a [usize],
        levels: &Levels,
        rails: (&[usize], usize),
    ) -> Self {
        let (below, gutter) = rails;
        let mut p = Placement {
            geo,
            grid,
            col,
            lane_top: vec![0.0; grid.lanes()],
            row_bottom: vec![0.0; grid.rows()],
            rails_below: below.to_vec(),
            gutter,
        };
        for r in 0..grid.rows() {
            let (first, end) = (grid.row_first[r], grid.row_first[r + 1]);
            let caption = if grid.captioned.get(r).copied().unwrap_or(false) {
                CAPTION_HEIGHT
            } else {
                0.0
            };
            for l in first..end {
                let need = levels.space_above(l, geo.step) + if l == first { caption } else { 0.0 };
                p.lane_top[l] = if l > first {
                    p.lane_top[l - 1] + geo.h + geo.lane_gap.max(need)
                } else if r == 0 {
                    geo.margin + need
                } else {
                    p.row_bottom[r - 1] + p.rails_space(r - 1) + geo.lane_gap.max(need)
                };
            }
            p.row_bottom[r] = p.lane_top[end.saturating_sub(1).max(first)] + geo.h;
        }
        p
    }

    /// The caption of every row that starts a lane of its own: its first node (`first` maps
    /// reduced nodes to input ones), left end and baseline.
    ///
    /// # Complexity
    /// O(V) for V nodes.
    pub(super) fn captions(
        &self,
        levels: &Levels,
        first: impl Fn(usize) -> usize,
    ) -> Vec<super::Caption> {
        let grid = self.grid;
        let mut lead = vec![usize::MAX; grid.rows()];
        for u in 0..grid.row.len() {
            let r = grid.row[u];
            if grid.x[u] == 0 && grid.captioned.get(r).copied().unwrap_or(false) {
                lead[r] = u;
            }
        }
        (0..grid.rows())
            .filter(|&r| lead[r] != usize::MAX)
            .map(|r| {
                let l = grid.row_first[r];
                let above = levels.space_above(l, self.geo.step);
                super::Caption {
                    node: first(lead[r]),
                    x: self.geo.xl(0),
                    y: self.lane_top[l] - above - CAPTION_LIFT,
                }
            })
            .collect()
    }

    /// Room the rails under row `r` take.
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn rails_space(&self, r: usize) -> f64 {
        match self.rails_below.get(r).copied().unwrap_or(0) {
            0 => 0.0,
            t => self.clearance() + t as f64 * self.geo.rail_spacing(),
        }
    }

    /// Space between a row's bottom and its first rail track (room for the taps).
    fn clearance(&self) -> f64 {
        self.geo.step * 1.2
    }

    /// The y of rail track `t` under row `r`.
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn rail_y(&self, r: usize, t: usize) -> f64 {
        self.row_bottom.get(r).copied().unwrap_or(0.0)
            + self.clearance()
            + t as f64 * self.geo.rail_spacing()
    }

    /// Right side of the widest row.
    fn right_edge(&self) -> f64 {
        self.geo.xl(self.grid.widest()) - self.geo.g
    }

    /// The x of spine track `t` in the right gutter.
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn spine_x(&self, t: usize) -> f64 {
        self.right_edge() + self.geo.g / 2.0 + (t + 1) as f64 * self.geo.rail_spacing()
    }

    /// Left side of node `u`.
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn left(&self, u: usize) -> f64 {
        self.geo.xl(self.grid.x[u])
    }

    /// Right side of node `u`.
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn right(&self, u: usize) -> f64 {
        self.left(u) + self.geo.w
    }

    /// Middle of node `u`'s width.
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn center_x(&self, u: usize) -> f64 {
        self.left(u) + self.geo.w / 2.0
    }

    /// Top of node `u`.
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn top(&self, u: usize) -> f64 {
        self.lane_top[self.grid.lane[u]]
    }

    /// Bottom of node `u`.
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn bottom(&self, u: usize) -> f64 {
        self.top(u) + self.geo.h
    }

    /// Middle of node `u`'s height.
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn mid_y(&self, u: usize) -> f64 {
        self.top(u) + self.geo.h / 2.0
    }

    /// Width of the whole drawing.
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn width(&self) -> f64 {
        let rows = self.right_edge() + self.geo.pad_x;
        if self.gutter > 0 {
            rows.max(self.spine_x(self.gutter - 1) + self.geo.pad_x)
        } else {
            rows
        }
    }

    /// Height of the whole drawing.
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn height(&self) -> f64 {
        let last = self.grid.rows().saturating_sub(1);
        match self.row_bottom.last() {
            Some(&b) => b + self.rails_space(last) + self.geo.margin,
            None => 2.0 * self.geo.margin,
        }
    }

    /// The box of (reduced) node `u`, standing for input node `node`.
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn node_box(&self, u: usize, node: usize, group: Option<usize>) -> NodeBox {
        NodeBox {
            node,
            x: self.left(u),
            y: self.top(u),
            width: self.geo.w,
            height: self.geo.h,
            column: self.col[u],
            lane: self.grid.lane[u],
            row: self.grid.row[u],
            group,
        }
    }
}
