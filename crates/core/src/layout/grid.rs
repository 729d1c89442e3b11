//! The grid of a wrapped layout: every node's row, its position in the row, and its global lane
//! (the lanes of all rows stacked top to bottom: a row keeps only the lanes it uses, in lane
//! order, so side chains live inside their row's band).

use super::columns::Columns;
use super::rows::Rows;

use crate::sort::SortWith;

/// Rows × lanes, flattened.
pub(super) struct Grid {
    /// Row of each node.
    pub row: Vec<usize>,
    /// Position of each node in its row (0 = leftmost).
    pub x: Vec<usize>,
    /// Global lane of each node.
    pub lane: Vec<usize>,
    /// First global lane of each row, then the number of global lanes.
    pub row_first: Vec<usize>,
    /// Row of each global lane.
    pub lane_row: Vec<usize>,
    /// Columns in each row.
    pub row_len: Vec<usize>,
    /// Rows that start a lane of their own (and get its caption above them).
    pub captioned: Vec<bool>,
}

impl Grid {
    /// The grid of nodes in `columns` with chain lanes `lane`, wrapped into `rows`.
    ///
    /// # Complexity
    /// O(V log V).
    pub(super) fn new(columns: &Columns, lane: &[usize], rows: &Rows) -> Grid {
        let n = columns.col.len();
        let count = rows.count();
        let row: Vec<usize> = (0..n).map(|u| rows.row[columns.col[u]]).collect();
        let x: Vec<usize> = (0..n).map(|u| rows.x(columns.col[u])).collect();
        // Lanes used by each row, sorted.
        let mut used: Vec<(usize, usize)> = (0..n).map(|u| (row[u], lane[u])).collect();
        used.sort_ord();
        used.dedup();
        let mut row_first = vec![0usize; count + 1];
        for &(r, _) in &used {
            row_first[r + 1] += 1;
        }
        for r in 0..count {
            row_first[r + 1] += row_first[r];
        }
        let glane: Vec<usize> = (0..n)
            .map(|u| used.partition_point(|&p| p < (row[u], lane[u])))
            .collect();
        let total = row_first[count];
        let mut lane_row = vec![0usize; total];
        for r in 0..count {
            for slot in &mut lane_row[row_first[r]..row_first[r + 1]] {
                *slot = r;
            }
        }
        Grid {
            row,
            x,
            lane: glane,
            row_first,
            lane_row,
            row_len: (0..count).map(|r| rows.len(r)).collect(),
            captioned: vec![false; count],
        }
    }

    /// Number of global lanes (at least one per row).
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn lanes(&self) -> usize {
        self.lane_row.len()
    }

    /// Number of rows.
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn rows(&self) -> usize {
        self.row_len.len()
    }

    /// Columns of the longest row.
    ///
    /// # Complexity
    /// O(R) for R rows.
    pub(super) fn widest(&self) -> usize {
        self.row_len.iter().copied().max().unwrap_or(0)
    }
}

impl Grid {
    /// The grid of a graph whose nodes carry their own lanes (the package view: one lane per
    /// channel): every lane reads on rows of its own, top to bottom in lane order, its nodes in
    /// column (version) order from the left, wrapped into rows of near-equal length of at most
    /// `k` nodes. Each row holds one lane.
    ///
    /// # Complexity
    /// O(V).
    pub(super) fn per_lane(columns: &Columns, lane: &[usize], k: usize) -> Grid {
        let n = columns.order.len();
        let k = k.max(1);
        let lanes = lane.iter().copied().max().map_or(0, |m| m + 1);
        let mut count = vec![0usize; lanes];
        for &l in lane {
            count[l] += 1;
        }
        // First row of each lane, and the row length of each lane's rows.
        let mut first = vec![0usize; lanes + 1];
        let mut per_row = vec![0usize; lanes];
        for l in 0..lanes {
            let rows = count[l].div_ceil(k);
            per_row[l] = if rows == 0 {
                0
            } else {
                count[l].div_ceil(rows)
            };
            first[l + 1] = first[l] + rows;
        }
        let total = first[lanes];
        let mut row = vec![0usize; n];
        let mut x = vec![0usize; n];
        let mut row_len = vec![0usize; total];
        let mut seen = vec![0usize; lanes];
        for &u in &columns.order {
            let l = lane[u];
            let i = seen[l];
            seen[l] += 1;
            row[u] = first[l] + i / per_row[l];
            x[u] = i % per_row[l];
            row_len[row[u]] += 1;
        }
        let mut captioned = vec![false; total];
        for l in 0..lanes {
            if first[l] < first[l + 1] {
                captioned[first[l]] = true;
            }
        }
        Grid {
            lane: row.clone(),
            row,
            x,
            row_first: (0..=total).collect(),
            lane_row: (0..total).collect(),
            row_len,
            captioned,
        }
    }
}
