//! Edge shapes: every individually drawn edge becomes a job (all edges with the same (from, to,
//! kind) share one), classified by where its ends are. Edges between neighbouring columns of a
//! row are straight (same lane) or an S curve. Longer edges in one lane are straight when no
//! node of that lane is in between, else they arc *above* the lane (a hump). Edges between
//! different lanes of a row run horizontally on their own track in the space just above the
//! lower lane; edges between rows (the wrap from a row's end to the next row's start, skips
//! and replaces into other streams) run on a track in the gap above the lower row. Backward
//! edges (from a newer version to an older one) and self-loops are drawn the same way, looping
//! back above.

use super::grid::Grid;
use super::LayoutEdge;
use crate::graph::EdgeKind;
use crate::sort::SortWith;

/// One route to draw: all edges with the same (from, to, kind) share it.
pub(super) struct Job {
    pub from: usize,
    pub to: usize,
    pub kind: EdgeKind,
    /// Rank of the kind among the kinds of edges between the same two nodes.
    pub k: usize,
    pub shape: Shape,
    /// Arc level (1-based) for humps, track (0-based) for tracks.
    pub level: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Shape {
    /// A straight line between the two sides.
    Straight,
    /// Neighbouring columns: one cubic, lifted by `k` steps for parallel edges.
    Adjacent,
    /// Same lane: an arc above the lane; `key` = (span, k) orders arc levels.
    Hump { lane: usize, key: (usize, usize) },
    /// Different lanes: a horizontal run on a track above global lane `region` (for ends in
    /// different rows: the first lane of the lower row), over the gap interval `[a, b]` (gap 2x
    /// is left of row position x, 2x + 2 right of it); `rising` when the run's left end is in
    /// the lower lane.
    Track {
        region: usize,
        a: usize,
        b: usize,
        rising: bool,
    },
}

/// The jobs, and the job of every edge.
pub(super) struct Jobs {
    pub jobs: Vec<Job>,
    /// Job of each edge (`usize::MAX`: not drawn on its own).
    pub job_of: Vec<usize>,
}

impl Jobs {
    /// The jobs of the edges that are `drawn` (valid and not in a band), classified.
    ///
    /// # Complexity
    /// O(E log E + V).
    pub(super) fn new(edges: &[LayoutEdge<'_>], drawn: &[bool], grid: &Grid) -> Jobs {
        let mut order: Vec<usize> = (0..edges.len()).filter(|&i| drawn[i]).collect();
        order.sort_keyed(|&i| (edges[i].from, edges[i].to, edges[i].kind, i));
        let mut job_of = vec![usize::MAX; edges.len()];
        let mut jobs: Vec<Job> = Vec::new();
        for &i in &order {
            let e = &edges[i];
            let k = match jobs.last() {
                Some(j) if j.from == e.from && j.to == e.to && j.kind == e.kind => {
                    job_of[i] = jobs.len() - 1;
                    continue;
                }
                Some(j) if j.from == e.from && j.to == e.to => j.k + 1,
                _ => 0,
            };
            job_of[i] = jobs.len();
            jobs.push(Job {
                from: e.from,
                to: e.to,
                kind: e.kind,
                k,
                shape: Shape::Straight,
                level: 0,
            });
        }
        let mut lane_cols: Vec<Vec<usize>> = vec![Vec::new(); grid.lanes()];
        for u in 0..grid.lane.len() {
            lane_cols[grid.lane[u]].push(grid.x[u]);
        }
        for cols in &mut lane_cols {
            cols.sort_ord();
        }
        for j in &mut jobs {
            j.shape = classify(j.from, j.to, j.k, grid, &lane_cols);
        }
        promote_adjacent(&mut jobs, grid);
        Jobs { jobs, job_of }
    }
}

/// The shape of an edge from node `u` to node `v`; `lane_cols` lists the occupied row
/// positions of each global lane, ascending.
fn classify(u: usize, v: usize, k: usize, grid: &Grid, lane_cols: &[Vec<usize>]) -> Shape {
    let (cu, cv, lu, lv) = (grid.x[u], grid.x[v], grid.lane[u], grid.lane[v]);
    let same_row = grid.row[u] == grid.row[v];
    if same_row && cv == cu + 1 {
        return if k == 0 && lu == lv {
            Shape::Straight
        } else {
            Shape::Adjacent
        };
    }
    if same_row && lu == lv {
        if cu < cv && k == 0 {
            let cols = &lane_cols[lu];
            let i = cols.partition_point(|&c| c <= cu);
            if cols.get(i).is_none_or(|&c| c >= cv) {
                return Shape::Straight;
            }
        }
        let span = if cu < cv { cv - cu - 1 } else { cu - cv + 1 };
        return Shape::Hump {
            lane: lu,
            key: (span, k),
        };
    }
    let region = if same_row {
        lu.max(lv)
    } else {
        grid.row_first[grid.row[u].max(grid.row[v])]
    };
    let (ga, gb) = (2 * cu + 2, 2 * cv);
    // Lanes of the left and right ends of the run (a backward edge runs right to left).
    let (left, right) = if cu < cv { (lu, lv) } else { (lv, lu) };
    Shape::Track {
        region,
        a: ga.min(gb),
        b: ga.max(gb),
        rising: left > right,
    }
}

/// An S curve between neighbouring columns of different lanes would cut through the track runs
/// that pass or end in the same gap: such edges become zero-length track runs, which then take
/// their place among the runs (lowest of a rising fan) instead.
fn promote_adjacent(jobs: &mut [Job], grid: &Grid) {
    let (x, lane) = (&grid.x, &grid.lane);
    let mut runs: Vec<(usize, usize, usize)> = jobs
        .iter()
        .filter_map(|j| match j.shape {
            Shape::Track { region, a, b, .. } => Some((region, a, b)),
            _ => None,
        })
        .collect();
    if runs.is_empty() {
        return;
    }
    runs.sort_ord();
    let mut cands: Vec<(usize, usize, usize)> = jobs
        .iter()
        .enumerate()
        .filter(|(_, j)| j.shape == Shape::Adjacent && j.k == 0 && lane[j.from] != lane[j.to])
        .map(|(i, j)| (lane[j.from].max(lane[j.to]), 2 * x[j.from] + 2, i))
        .collect();
    cands.sort_ord();
    // Sweep both lists by (region, position), keeping the furthest run end seen in the region.
    let mut r = 0;
    let mut current: Option<(usize, usize)> = None; // (region, max end)
    for (region, p, i) in cands {
        if current.is_none_or(|(reg, _)| reg != region) {
            current = Some((region, 0));
        }
        while r < runs.len() && (runs[r].0 < region || (runs[r].0 == region && runs[r].1 <= p)) {
            if runs[r].0 == region {
                current = current.map(|(reg, end)| (reg, end.max(runs[r].2)));
            }
            r += 1;
        }
        if current.is_some_and(|(_, end)| end >= p) {
            let j = &mut jobs[i];
            j.shape = Shape::Track {
                region,
                a: p,
                b: p,
                rising: lane[j.from] > lane[j.to],
            };
        }
    }
}
