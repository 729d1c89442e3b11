//! The grid of a wrapped layout: every node's row, its position in the row, and its global lane
//! (the lanes of all rows stacked top to bottom: a row keeps only the lanes it uses, in lane
//! order, so side chains live inside their row's band).

use super::columns::Columns;
use super::rows::Rows;

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
}

impl Grid {
    /// The grid of nodes in `columns` with chain lanes `lane`, wrapped into `rows`.
    ///
    /// # Complexity
    /// O(V log V).
    pub fn new(columns: &Columns, lane: &[usize], rows: &Rows) -> Grid {
        let n = columns.col.len();
        let count = rows.count();
        let row: Vec<usize> = (0..n).map(|u| rows.row[columns.col[u]]).collect();
        let x: Vec<usize> = (0..n).map(|u| rows.x(columns.col[u])).collect();
        // Lanes used by each row, sorted.
        let mut used: Vec<(usize, usize)> = (0..n).map(|u| (row[u], lane[u])).collect();
        used.sort_unstable();
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
        }
    }

    /// Number of global lanes (at least one per row).
    ///
    /// # Complexity
    /// O(1).
    pub fn lanes(&self) -> usize {
        self.lane_row.len()
    }

    /// Number of rows.
    ///
    /// # Complexity
    /// O(1).
    pub fn rows(&self) -> usize {
        self.row_len.len()
    }

    /// Columns of the longest row.
    ///
    /// # Complexity
    /// O(R) for R rows.
    pub fn widest(&self) -> usize {
        self.row_len.iter().copied().max().unwrap_or(0)
    }
}
