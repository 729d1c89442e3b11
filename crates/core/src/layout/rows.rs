//! Rows: the version order wraps into rows so that the drawing, zoomed to fit the target box,
//! is as large as it can be. Streams (runs of one major.minor) are the natural breaks: short
//! consecutive streams share a row, a stream longer than the row wraps into rows of near-equal
//! length that continue left to right. A small set of row widths is tried (each in O(S + R log V)
//! for S streams and R rows, from an estimate of the row heights), and the width whose drawing
//! fits the box at the largest zoom wins (ties: fewer rows).

use super::options::Geo;
use super::LayoutNode;

use crate::sort::SortWith;

/// The zoom past which fitting does not enlarge a drawing (the app's Fit stops at 1.25).
const ZOOM_CAP: f64 = 1.25;
/// Row counts tried: every count up to this, then counts growing by a quarter.
const DENSE_ROWS: usize = 24;

/// The rows: which columns each holds.
pub(super) struct Rows {
    /// Row of each column.
    pub row: Vec<usize>,
    /// First column of each row, then the number of columns.
    pub start: Vec<usize>,
}

/// What the choice of rows weighs: stream runs, and the lane of each column.
pub(super) struct RowInput<'a> {
    /// Lengths of the runs of columns of one stream, in column order.
    pub runs: Vec<usize>,
    /// Lane of the node of each column.
    pub lane_of_col: &'a [usize],
    /// Space a row needs below it besides its lanes (rails), and above (clearance, the wrap).
    pub row_gap: f64,
}

impl Rows {
    /// Every column on one row.
    ///
    /// # Complexity
    /// O(V).
    pub(super) fn one(n: usize) -> Rows {
        Rows {
            row: vec![0; n],
            start: vec![0, n],
        }
    }

    /// Number of rows.
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn count(&self) -> usize {
        self.start.len().saturating_sub(1)
    }

    /// Position of column `c` in its row.
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn x(&self, c: usize) -> usize {
        c - self.start[self.row[c]]
    }

    /// Columns in row `r`.
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn len(&self, r: usize) -> usize {
        self.start[r + 1] - self.start[r]
    }

    /// Columns of the longest row.
    ///
    /// # Complexity
    /// O(R) for R rows.
    #[cfg(test)]
    pub(super) fn widest(&self) -> usize {
        (0..self.count()).map(|r| self.len(r)).max().unwrap_or(0)
    }

    /// The rows of `starts` (first column of each row) over `n` columns.
    fn from_starts(mut start: Vec<usize>, n: usize) -> Rows {
        start.push(n);
        let mut row = vec![0usize; n];
        for r in 0..start.len() - 1 {
            for slot in &mut row[start[r]..start[r + 1]] {
                *slot = r;
            }
        }
        Rows { row, start }
    }

    /// The `nth` best rows for the target box: 0 is the best (see the module docs), then the
    /// other candidate widths by decreasing zoom (`None` past them); one row without a target.
    ///
    /// # Complexity
    /// O(V log V + C·(S + R)) for V columns, S streams, C candidate widths (at most about
    /// 24 + 4·log₁.₂₅ V) and R rows.
    pub(super) fn choose_nth(geo: &Geo, input: &RowInput<'_>, nth: usize) -> Option<Rows> {
        let n = input.lane_of_col.len();
        let Some((tw, th)) = geo.target.filter(|_| n > 1) else {
            return (nth == 0).then(|| Rows::one(n));
        };
        let lanes = SparseMax::new(input.lane_of_col);
        let cap = if th.is_finite() { ZOOM_CAP } else { 1.0 };
        let mut tried: Vec<(f64, Vec<usize>)> = Vec::new();
        let mut best: Option<(f64, usize, usize)> = None; // (zoom, rows, index in tried)
        for k in candidate_widths(n) {
            let starts = pack(&input.runs, k);
            if tried.last().is_some_and(|(_, s)| *s == starts) {
                continue;
            }
            let (w, h) = estimate(geo, &starts, n, &lanes, input.row_gap);
            let zoom = (tw / w).min(th / (h + geo.reserved)).min(cap);
            let better = match &best {
                None => true,
                Some((z, rows, _)) => {
                    zoom > z * 1.005 || (zoom >= z * 0.995 && starts.len() < *rows)
                }
            };
            if better {
                best = Some((zoom, starts.len(), tried.len()));
            }
            tried.push((zoom, starts));
        }
        let Some((_, _, b)) = best else {
            return (nth == 0).then(|| Rows::one(n));
        };
        let first = tried.swap_remove(b);
        if nth == 0 {
            return Some(Rows::from_starts(first.1, n));
        }
        tried.sort_with(|a, b| b.0.total_cmp(&a.0));
        let starts = tried.into_iter().nth(nth - 1)?.1;
        Some(Rows::from_starts(starts, n))
    }
}

/// Row widths to try: n / r columns for r = 1, 2, … 24, then r growing by a quarter.
fn candidate_widths(n: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut r = 1usize;
    while r <= n {
        out.push(n.div_ceil(r));
        r = if r < DENSE_ROWS { r + 1 } else { r + r / 4 };
    }
    out.push(1);
    out.dedup();
    out
}

/// First column of each row when rows hold at most `k` columns: streams no longer than `k`
/// share rows greedily; a longer stream starts a row and wraps into rows of near-equal length.
///
/// # Complexity
/// O(S + R) for S stream runs and R rows.
pub(super) fn pack(runs: &[usize], k: usize) -> Vec<usize> {
    let k = k.max(1);
    let mut starts = vec![0usize];
    let (mut col, mut cur) = (0usize, 0usize);
    for &len in runs {
        if len <= k {
            if cur > 0 && cur + len > k {
                starts.push(col);
                cur = 0;
            }
            cur += len;
        } else {
            if cur > 0 {
                starts.push(col);
            }
            let parts = len.div_ceil(k);
            let (base, extra) = (len / parts, len % parts);
            let mut at = col;
            for p in 0..parts {
                if p > 0 {
                    starts.push(at);
                }
                at += base + usize::from(p < extra);
            }
            // The next stream starts a row of its own.
            cur = k;
        }
        col += len;
    }
    starts
}

/// The drawing's size for rows starting at `starts`, from each row's lane count (its highest
/// lane) and a fixed gap between rows.
fn estimate(geo: &Geo, starts: &[usize], n: usize, lanes: &SparseMax, row_gap: f64) -> (f64, f64) {
    let mut widest = 0usize;
    let mut height = 2.0 * geo.margin + 2.0 * geo.step;
    for (r, &a) in starts.iter().enumerate() {
        let b = starts.get(r + 1).copied().unwrap_or(n);
        widest = widest.max(b - a);
        let k = lanes.max(a, b) + 1;
        height += k as f64 * geo.h + (k - 1) as f64 * geo.lane_gap + row_gap;
    }
    let width = 2.0 * geo.pad_x + widest as f64 * geo.pitch() - geo.g;
    (width, height)
}

/// Range maximum over a fixed array in O(1) after O(n log n) preparation.
struct SparseMax {
    levels: Vec<Vec<usize>>,
}

impl SparseMax {
    fn new(values: &[usize]) -> SparseMax {
        let mut levels = vec![values.to_vec()];
        let mut span = 1;
        while span * 2 <= values.len() {
            let prev = &levels[levels.len() - 1];
            let next: Vec<usize> = (0..=values.len() - span * 2)
                .map(|i| prev[i].max(prev[i + span]))
                .collect();
            levels.push(next);
            span *= 2;
        }
        SparseMax { levels }
    }

    /// Max over [a, b) (0 when empty).
    fn max(&self, a: usize, b: usize) -> usize {
        if b <= a {
            return 0;
        }
        let len = b - a;
        let k = (usize::BITS - 1 - len.leading_zeros()) as usize;
        let level = &self.levels[k];
        level[a].max(level[b - (1 << k)])
    }
}

/// The stream of every column: its node's (major, minor) (`streams`, by node: see
/// [`stream_of`]), a versionless node taking the stream of the nearest versioned column to its
/// right (else to its left); returned as run lengths.
///
/// # Complexity
/// O(V).
pub(super) fn stream_runs(streams: &[Option<(u64, u64)>], order: &[usize]) -> Vec<usize> {
    let mut keys: Vec<Option<(u64, u64)>> = order.iter().map(|&u| streams[u]).collect();
    let mut next = None;
    for k in keys.iter_mut().rev() {
        match k {
            Some(_) => next = *k,
            None => *k = next,
        }
    }
    let mut prev = None;
    for k in keys.iter_mut() {
        match k {
            Some(_) => prev = *k,
            None => *k = prev,
        }
    }
    let mut runs: Vec<usize> = Vec::new();
    for (i, k) in keys.iter().enumerate() {
        if i > 0 && keys[i - 1] == *k {
            if let Some(last) = runs.last_mut() {
                *last += 1;
            }
        } else {
            runs.push(1);
        }
    }
    runs
}

/// A node's stream: its version's (major, minor), `None` without a version.
///
/// # Complexity
/// O(1).
pub(super) fn stream_of(node: &LayoutNode<'_>) -> Option<(u64, u64)> {
    node.version.map(|v| (v.major, v.minor))
}

/// The row width (in nodes) for [`super::grid::Grid::per_lane`] at which the drawing fits the
/// target box at the largest zoom (ties: fewer rows); without a target, the longest lane.
///
/// # Complexity
/// O(V + C·L) for V nodes, L lanes and C candidate widths (about 24 + 4·log₁.₂₅ V).
pub(super) fn lane_row_width(geo: &Geo, lane: &[usize], row_gap: f64) -> usize {
    let lanes = lane.iter().copied().max().map_or(0, |m| m + 1);
    let mut count = vec![0usize; lanes];
    for &l in lane {
        count[l] += 1;
    }
    let longest = count.iter().copied().max().unwrap_or(0).max(1);
    let Some((tw, th)) = geo.target else {
        return longest;
    };
    let cap = if th.is_finite() { ZOOM_CAP } else { 1.0 };
    let mut best: Option<(f64, usize, usize)> = None; // (zoom, rows, width)
    for k in candidate_widths(longest) {
        let rows: usize = count.iter().map(|c| c.div_ceil(k)).sum();
        let width = 2.0 * geo.pad_x + k as f64 * geo.pitch() - geo.g;
        let height = 2.0 * geo.margin + 2.0 * geo.step + rows as f64 * (geo.h + row_gap);
        let zoom = (tw / width).min(th / (height + geo.reserved)).min(cap);
        let better = match best {
            None => true,
            Some((z, r, _)) => zoom > z * 1.005 || (zoom >= z * 0.995 && rows < r),
        };
        if better {
            best = Some((zoom, rows, k));
        }
    }
    best.map_or(longest, |(_, _, k)| k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_share_rows_and_long_streams_wrap_evenly() {
        // Streams of 3, 2, 9 and 1 columns into rows of at most 5.
        assert_eq!(pack(&[3, 2, 9, 1], 5), vec![0, 5, 10, 14]);
        // Rows of at most 4: the 9 wraps into 3 + 3 + 3.
        assert_eq!(pack(&[3, 2, 9, 1], 4), vec![0, 3, 5, 8, 11, 14]);
        // One row holds everything.
        assert_eq!(pack(&[3, 2, 9, 1], 15), vec![0]);
        assert_eq!(pack(&[], 3), vec![0]);
        let rows = Rows::from_starts(pack(&[3, 2, 9, 1], 5), 15);
        assert_eq!(rows.count(), 4);
        assert_eq!(rows.row[4], 0);
        assert_eq!(rows.row[5], 1);
        assert_eq!(rows.x(7), 2);
        assert_eq!(rows.widest(), 5);
    }

    #[test]
    fn range_maximum_matches_a_scan() {
        let values: Vec<usize> = (0..37).map(|i| (i * 7919) % 13).collect();
        let t = SparseMax::new(&values);
        for a in 0..values.len() {
            for b in a..=values.len() {
                let want = values[a..b].iter().copied().max().unwrap_or(0);
                assert_eq!(t.max(a, b), want, "[{a}, {b})");
            }
        }
    }

    #[test]
    fn candidate_widths_are_few_and_reach_one_column() {
        let w = candidate_widths(100_000);
        assert!(w.len() < 80, "{}", w.len());
        assert_eq!(w.first(), Some(&100_000));
        assert_eq!(w.last(), Some(&1));
        assert_eq!(candidate_widths(1), vec![1]);
    }
}
