//! Arc levels and edge tracks: how high each hump arcs and on which track each run between lanes
//! lies, so that nothing crosses that need not.
//!
//! Humps of a lane get the rank of their (span, k) key: nested arcs, whose ends are all below
//! them, never cross, and arcs of one span have one height.
//!
//! Track runs of a region are stacked bottom-up so that no two comparable runs cross: a run
//! rising from a lower-lane node on its left to an upper-lane node on its right can lie below an
//! overlapping rising run without crossing it exactly when both its ends are further right
//! (mirrored for falling runs). So falling runs are placed left to right, then rising runs right
//! to left, each one track above every overlapping run placed before it; disjoint runs share
//! tracks. This makes fans into or out of one node crossing-free whichever side they are on.

use super::jobs::{Job, Shape};
use super::max_tree::MaxTree;

use crate::sort::SortWith;

/// The number of hump levels and of tracks above each lane.
pub(super) struct Levels {
    pub humps: Vec<usize>,
    pub tracks: Vec<usize>,
}

impl Levels {
    /// Sets every job's level.
    ///
    /// # Complexity
    /// O(J log J) for J jobs.
    pub(super) fn assign(jobs: &mut [Job], lanes: usize) -> Levels {
        Levels {
            humps: hump_levels(jobs, lanes),
            tracks: track_levels(jobs, lanes),
        }
    }

    /// Space above lane `l` for its humps (their control points reach 4/3 of the arc height)
    /// and the tracks above them, plus one step of clearance on each side.
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn space_above(&self, l: usize, step: f64) -> f64 {
        let (humps, tracks) = (self.humps[l] as f64, self.tracks[l] as f64);
        if humps + tracks > 0.0 {
            (2.0 + (humps / 0.75).max(humps + tracks)) * step
        } else {
            0.0
        }
    }
}

fn hump_levels(jobs: &mut [Job], lanes: usize) -> Vec<usize> {
    let mut humps: Vec<(usize, (usize, usize), usize)> = jobs
        .iter()
        .enumerate()
        .filter_map(|(i, j)| match j.shape {
            Shape::Hump { lane, key } => Some((lane, key, i)),
            _ => None,
        })
        .collect();
    humps.sort_ord();
    let mut levels = vec![0usize; lanes];
    let mut last: Option<(usize, (usize, usize))> = None;
    for &(lane, key, i) in &humps {
        if last != Some((lane, key)) {
            levels[lane] += 1;
            last = Some((lane, key));
        }
        jobs[i].level = levels[lane];
    }
    levels
}

fn track_levels(jobs: &mut [Job], lanes: usize) -> Vec<usize> {
    // (region, rising, order key, a, b, job), sorted into placement order.
    type Run = (usize, bool, (isize, isize), usize, usize, usize);
    let mut runs: Vec<Run> = jobs
        .iter()
        .enumerate()
        .filter_map(|(i, j)| match j.shape {
            Shape::Track {
                region,
                a,
                b,
                rising,
            } => {
                let (ia, ib) = (a as isize, b as isize);
                let key = if rising { (-ia, -ib) } else { (ia, ib) };
                Some((region, rising, key, a, b, i))
            }
            _ => None,
        })
        .collect();
    runs.sort_ord();
    let mut tracks = vec![0usize; lanes];
    for group in runs.chunk_by(|x, y| x.0 == y.0) {
        let mut xs: Vec<usize> = group.iter().flat_map(|r| [r.3, r.4]).collect();
        xs.sort_ord();
        xs.dedup();
        let at = |x: usize| xs.partition_point(|&y| y < x);
        let mut tree = MaxTree::new(xs.len());
        let mut count = 0;
        for &(_, _, _, a, b, i) in group {
            let (l, r) = (at(a), at(b) + 1);
            let t = tree.query(l, r).map_or(0, |m| m + 1);
            tree.update(l, r, t);
            jobs[i].level = t;
            count = count.max(t + 1);
        }
        tracks[group[0].0] = count;
    }
    tracks
}

#[cfg(test)]
mod tests {
    use crate::graph::EdgeKind;
    use crate::layout::test_support::*;
    use crate::layout::*;
    use crate::semver::Version;

    #[test]
    fn same_lane_skips_arc_above_with_distinct_heights() {
        let v: Vec<Version> = (0..5).map(|i| Version::new(1, i, 0)).collect();
        let names = ["n0", "n1", "n2", "n3", "n4"];
        let nodes = versioned_nodes(&names, &v);
        let e = edge;
        let mut edges: Vec<LayoutEdge<'_>> =
            (0..4).map(|i| e(i, i + 1, EdgeKind::Replaces)).collect();
        edges.push(e(0, 2, EdgeKind::Skips)); // span 1
        edges.push(e(1, 3, EdgeKind::Skips)); // span 1, shifted
        edges.push(e(0, 4, EdgeKind::Skips)); // span 3
        edges.push(e(0, 1, EdgeKind::Skips)); // parallel to a replaces edge
        let layout = layout_graph(
            &nodes,
            &edges,
            &[4, 3, 2, 1, 0],
            &super::super::test_support::one_row(),
        );
        let top = layout.nodes[0].y;
        let peak = |i: usize| {
            sample(&layout.edges[i], 16)
                .iter()
                .map(|p| p.1)
                .fold(f64::INFINITY, f64::min)
        };
        for i in 4..7 {
            assert!(layout.edges[i].curved);
            assert!(peak(i) < top, "edge {i} arcs above the lane");
        }
        assert!((peak(4) - peak(5)).abs() < 1e-9, "same span, same height");
        assert!(peak(6) < peak(4) - 1.0, "a longer span arcs higher");
        assert_ne!(
            layout.edges[7].points, layout.edges[0].points,
            "parallel edges differ"
        );
        check(
            &layout,
            5,
            &edges
                .iter()
                .map(|e| (e.from, e.to, e.kind))
                .collect::<Vec<_>>(),
            FanMode::Bands,
            "arcs",
        );
        check_routes_avoid_boxes(&layout, "arcs");
    }
}
