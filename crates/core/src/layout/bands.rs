//! Fans as rails. The `skipRange` edges into one entry (with one range) are one fan, and so are
//! its forward `skips` edges from enough distinct nodes. A fan's rail runs under the rows of
//! the bundles it covers (a tap under each), joins them along a spine in the right gutter, and
//! rises into the entry from below. `skipRange` fans that share their lower end (their oldest
//! source) make one staircase: one rail with a riser into each entry, drawn once instead of a
//! rail each.
//!
//! Rails are laid out on tracks under the rows: every fan's own rail (what a viewer draws on
//! hover) on the track of its staircase, and in [`super::FanMode::Markers`] (only one rail drawn
//! at a time) every rail on the first track.

use super::grid::Grid;
use super::place::Placement;
use super::{Band, LayoutEdge, Rail, Staircase};
use crate::graph::EdgeKind;
use crate::sort::SortWith;

/// Groups forward `skipRange` edges by (target, range), and forward `skips` edges by target,
/// into fans with at least `min_sources` (skipRange) or `min_skips` (skips) distinct sources;
/// rails are filled in by [`RailPlan::outline`].
///
/// # Complexity
/// O(E log E).
pub(super) fn make_bands(
    edges: &[LayoutEdge<'_>],
    valid: &[bool],
    col: &[usize],
    min_sources: usize,
    min_skips: usize,
) -> Vec<Band> {
    let mut cand: Vec<usize> = (0..edges.len())
        .filter(|&i| {
            valid[i]
                && matches!(edges[i].kind, EdgeKind::SkipRange | EdgeKind::Skips)
                && (edges[i].kind == EdgeKind::SkipRange || col[edges[i].from] < col[edges[i].to])
                && edges[i].from != edges[i].to
        })
        .collect();
    cand.sort_with(|&a, &b| {
        (col[edges[a].to], edges[a].kind, edges[a].range)
            .cmp(&(col[edges[b].to], edges[b].kind, edges[b].range))
            .then(a.cmp(&b))
    });
    let mut bands = Vec::new();
    for group in cand.chunk_by(|&a, &b| {
        edges[a].to == edges[b].to
            && edges[a].kind == edges[b].kind
            && edges[a].range == edges[b].range
    }) {
        let mut sources: Vec<usize> = group.iter().map(|&e| col[edges[e].from]).collect();
        sources.sort_ord();
        sources.dedup();
        let first = &edges[group[0]];
        let least = if first.kind == EdgeKind::Skips {
            min_skips
        } else {
            min_sources
        };
        if sources.len() < least.max(1) {
            continue;
        }
        bands.push(Band {
            kind: first.kind,
            to: first.to,
            edges: group.to_vec(),
            range: first.range.map(str::to_string),
            columns: (sources[0], sources[sources.len() - 1]),
            staircase: 0,
            rail: Rail::default(),
            sources: Vec::new(),
        });
    }
    bands
}

/// The staircases: `skipRange` fans grouped by their oldest source, each `skips` fan alone.
/// Sets every band's `staircase`.
///
/// # Complexity
/// O(B log B) for B bands.
pub(super) fn staircases(bands: &mut [Band]) -> Vec<Vec<usize>> {
    let mut idx: Vec<usize> = (0..bands.len()).collect();
    let key = |b: &Band| (b.kind != EdgeKind::SkipRange, b.columns.0);
    idx.sort_keyed(|&i| (key(&bands[i]), i));
    let mut out: Vec<Vec<usize>> = Vec::new();
    for run in idx.chunk_by(|&a, &b| key(&bands[a]) == key(&bands[b])) {
        if bands[run[0]].kind == EdgeKind::SkipRange {
            out.push(run.to_vec());
        } else {
            out.extend(run.iter().map(|&i| vec![i]));
        }
    }
    for (s, members) in out.iter().enumerate() {
        for &i in members {
            bands[i].staircase = s;
        }
    }
    out
}

/// What one rail covers: (input node, reduced node) of its sources and of its targets.
pub(super) struct RailItems {
    pub sources: Vec<(usize, usize)>,
    pub targets: Vec<(usize, usize)>,
}

impl RailItems {
    /// The sources and targets of the fans `members`, from their input `edges` (`of` maps
    /// input nodes to reduced ones).
    fn of_bands(
        bands: &[Band],
        members: &[usize],
        edges: &[LayoutEdge<'_>],
        of: &[usize],
    ) -> RailItems {
        let pair = |u: usize| (u, of.get(u).copied().unwrap_or(usize::MAX));
        let ends = |pick: fn(&LayoutEdge<'_>) -> usize| {
            let mut v: Vec<(usize, usize)> = members
                .iter()
                .flat_map(|&i| bands[i].edges.iter().filter_map(|&e| edges.get(e)))
                .map(|e| pair(pick(e)))
                .filter(|p| p.1 != usize::MAX)
                .collect();
            v.sort_ord();
            v.dedup();
            v
        };
        RailItems {
            sources: ends(|e| e.from),
            targets: ends(|e| e.to),
        }
    }

    /// First and last row holding a source or a target.
    fn rows(&self, grid: &Grid) -> (usize, usize) {
        let rows = self
            .sources
            .iter()
            .chain(&self.targets)
            .map(|&(_, u)| grid.row[u]);
        let lo = rows.clone().min().unwrap_or(0);
        (lo, rows.max().unwrap_or(lo))
    }
}

/// Tracks of the staircase rails under the rows and in the right gutter.
pub(super) struct RailPlan {
    /// Track of each staircase.
    pub track: Vec<usize>,
    /// Tracks needed under each row.
    pub below: Vec<usize>,
    /// Spine tracks needed in the right gutter.
    pub gutter: usize,
}

impl RailPlan {
    /// Tracks for the staircases `items`: all on the first track when `shared` (one rail drawn
    /// at a time), else each on the lowest track free over its rows.
    ///
    /// # Complexity
    /// O(S·R + I) for S staircases over R rows, holding I sources and targets.
    pub(super) fn new(items: &[RailItems], shared: bool, grid: &Grid) -> RailPlan {
        let rows = grid.rows();
        let mut below = vec![0usize; rows];
        let mut gutter = 0;
        let mut track = Vec::with_capacity(items.len());
        // Last row used on each track.
        let mut busy: Vec<usize> = Vec::new();
        let mut order: Vec<(usize, usize, usize)> = items
            .iter()
            .enumerate()
            .map(|(i, it)| {
                let (a, b) = it.rows(grid);
                (a, b, i)
            })
            .collect();
        order.sort_ord();
        let mut chosen = vec![0usize; items.len()];
        for &(a, b, i) in &order {
            let t = if shared {
                0
            } else {
                let free = busy.iter().position(|&end| end < a);
                free.unwrap_or_else(|| {
                    busy.push(0);
                    busy.len() - 1
                })
            };
            if !shared {
                busy[t] = b;
            }
            chosen[i] = t;
            for slot in &mut below[a..=b.min(rows.saturating_sub(1))] {
                *slot = (*slot).max(t + 1);
            }
            if a != b {
                gutter = gutter.max(t + 1);
            }
        }
        track.extend(chosen);
        RailPlan {
            track,
            below,
            gutter,
        }
    }

    /// The rail of `items` on `track`.
    ///
    /// # Complexity
    /// O(I + R) for I sources and targets over R rows.
    pub(super) fn outline(items: &RailItems, track: usize, place: &Placement<'_>) -> Rail {
        let grid = place.grid;
        let (first, last) = items.rows(grid);
        let y = |r: usize| place.rail_y(r, track);
        let multi = first != last;
        let spine = place.spine_x(track);
        // Horizontal extent of each row's tooth.
        let mut extent: Vec<Option<(f64, f64)>> = vec![None; last - first + 1];
        let mut widen = |r: usize, a: f64, b: f64| {
            let e = &mut extent[r - first];
            *e = Some(e.map_or((a, b), |(x0, x1)| (x0.min(a), x1.max(b))));
        };
        let mut rail = Rail::default();
        for &(id, s) in &items.sources {
            let r = grid.row[s];
            widen(r, place.left(s), place.right(s));
            rail.taps.push((id, (place.center_x(s), y(r))));
        }
        for &(id, t) in &items.targets {
            let r = grid.row[t];
            let x = place.center_x(t);
            widen(r, x, x);
            rail.risers.push((id, (x, y(r)), (x, place.bottom(t))));
        }
        for (k, e) in extent.iter().enumerate() {
            if let Some((x0, x1)) = *e {
                let x1 = if multi { spine } else { x1 };
                rail.paths
                    .push(vec![(x0, y(first + k)), (x1, y(first + k))]);
            }
        }
        if multi {
            rail.paths.push(vec![(spine, y(first)), (spine, y(last))]);
            rail.spine = Some(spine);
        }
        for &(_, foot, top) in &rail.risers {
            rail.paths.push(vec![foot, top]);
        }
        rail
    }
}

/// The staircases' rails, and every band's own rail (on its staircase's track), in place; sets
/// every band's input `sources`.
///
/// # Complexity
/// O(B·R + E log E) for B bands over R rows and E edges.
pub(super) fn outline_rails(
    bands: &mut [Band],
    stairs: &[Vec<usize>],
    items: &[RailItems],
    plan: &RailPlan,
    place: &Placement<'_>,
    edges: &[LayoutEdge<'_>],
    of: &[usize],
) -> Vec<Staircase> {
    for i in 0..bands.len() {
        let own = RailItems::of_bands(bands, &[i], edges, of);
        let track = plan.track.get(bands[i].staircase).copied().unwrap_or(0);
        bands[i].rail = RailPlan::outline(&own, track, place);
        bands[i].sources = own.sources.iter().map(|p| p.0).collect();
    }
    stairs
        .iter()
        .zip(items)
        .zip(&plan.track)
        .map(|((members, it), &track)| Staircase {
            bands: members.clone(),
            rail: RailPlan::outline(it, track, place),
        })
        .collect()
}

/// The sources and targets of each staircase, from the input `edges`.
///
/// # Complexity
/// O(E log E) over the E edges of the bands.
pub(super) fn stair_items(
    bands: &[Band],
    stairs: &[Vec<usize>],
    edges: &[LayoutEdge<'_>],
    of: &[usize],
) -> Vec<RailItems> {
    stairs
        .iter()
        .map(|members| RailItems::of_bands(bands, members, edges, of))
        .collect()
}
