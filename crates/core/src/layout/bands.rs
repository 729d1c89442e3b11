//! skipRange (and skips) fans as bands: in [`super::FanMode::Bands`] the `skipRange` edges into
//! one entry (with one range) become one [`Band`], and so do its forward `skips` edges from
//! enough distinct nodes. A band is a bracket under the columns of its source nodes, below all
//! lanes, with a riser into the lower part of the entry's left side. Bands are stacked on tracks
//! so that no band crosses another.

use std::cmp::Reverse;

use super::max_tree::MaxTree;
use super::options::Geo;
use super::place::Placement;
use super::{Band, LayoutEdge};
use crate::graph::EdgeKind;

/// Groups forward `skipRange` edges by (target, range), and forward `skips` edges by target,
/// into bands with at least `min_sources` (skipRange) or `min_skips` (skips) distinct sources;
/// outlines are filled in by [`outline_bands`].
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
                && col[edges[i].from] < col[edges[i].to]
        })
        .collect();
    cand.sort_by(|&a, &b| {
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
        sources.sort_unstable();
        sources.dedup();
        let first = &edges[group[0]];
        let least = if first.kind == EdgeKind::Skips {
            min_skips
        } else {
            min_sources
        };
        if sources.len() < least {
            continue;
        }
        bands.push(Band {
            kind: first.kind,
            to: first.to,
            edges: group.to_vec(),
            points: Vec::new(),
            range: first.range.map(str::to_string),
            columns: (sources[0], sources[sources.len() - 1]),
        });
    }
    bands
}

/// Track (0 = nearest to the lanes) of every band: one more than the deepest band whose riser
/// stands inside this band's interval, so bands never cross each other.
///
/// # Complexity
/// O(B log B + B log V) for B bands.
pub(super) fn band_tracks(bands: &[Band], col: &[usize]) -> Vec<usize> {
    let target = |i: usize| col[bands[i].to];
    // By target column; for one target (several ranges), the shorter band first.
    let mut idx: Vec<usize> = (0..bands.len()).collect();
    idx.sort_by_key(|&i| (target(i), Reverse(bands[i].columns.0), i));
    let mut tree = MaxTree::new(col.len());
    let mut tracks = vec![0usize; bands.len()];
    for i in idx {
        let (c0, ct) = (bands[i].columns.0, target(i));
        // Bands whose target lies in (c0, ct] overlap this one, and their risers stand inside it.
        let t = tree.query(c0 + 1, ct + 1).map_or(0, |d| d + 1);
        tracks[i] = t;
        tree.update(ct, ct + 1, t);
    }
    tracks
}

/// Fills in the outline of every band on its track; returns the bottom of the lowest band (the
/// bottom of the lanes when there is none).
///
/// # Complexity
/// O(B).
pub(super) fn outline_bands(bands: &mut [Band], tracks: &[usize], place: &Placement<'_>) -> f64 {
    let geo = place.geo;
    let lanes_bottom = place.lanes_bottom();
    let band_top = lanes_bottom + geo.lane_gap;
    let bt = geo.step * 0.75;
    let spacing = geo.step * 1.5;
    let mut bottom = lanes_bottom;
    for (b, &track) in bands.iter_mut().zip(tracks) {
        let yt = band_top + bt + track as f64 * spacing;
        bottom = bottom.max(yt + bt);
        // Into the lower quarter of the target's left side, clear of the edges entering its middle.
        let entry = place.top(b.to) + geo.h * 0.75;
        // A skips band rises left of a skipRange band into the same node.
        let shift = if b.kind == EdgeKind::Skips {
            bt * 1.5
        } else {
            0.0
        };
        let ct = place.col[b.to];
        b.points = band_outline(geo, b.columns, ct, yt, entry, bt.min(geo.h / 2.0), shift);
    }
    bottom
}

/// Outline of a band whose sources span columns `cols`, into the node of column `ct`.
fn band_outline(
    geo: &Geo,
    cols: (usize, usize),
    ct: usize,
    yt: f64,
    entry: f64,
    bt: f64,
    shift: f64,
) -> Vec<(f64, f64)> {
    let x0 = geo.xl(cols.0);
    let x1 = geo.xl(cols.1) + geo.w;
    let xt = geo.xl(ct);
    let xg = xt - geo.g / 2.0 - shift;
    let half = bt / 2.0;
    let mut p = vec![
        (x0, yt + bt),
        (xg + half, yt + bt),
        (xg + half, entry + half),
        (xt, entry + half),
        (xt, entry - half),
        (xg - half, entry - half),
        (xg - half, yt),
    ];
    if x1 <= xg - half && x1 - bt >= x0 + bt {
        p.extend([(x1, yt), (x1, yt - bt), (x1 - bt, yt - bt), (x1 - bt, yt)]);
    }
    p.extend([(x0 + bt, yt), (x0 + bt, yt - bt), (x0, yt - bt)]);
    p
}

#[cfg(test)]
mod tests {
    use crate::graph::EdgeKind;
    use crate::layout::test_support::*;
    use crate::layout::*;

    #[test]
    fn bands_mode_draws_far_fewer_routes_on_gpu_operator() {
        let (_, gs) = load(GPU);
        let g = gs
            .iter()
            .max_by_key(|g| g.edges.len())
            .expect("gpu channels");
        assert!(
            g.edges.len() > 500,
            "the big channel has {} edges",
            g.edges.len()
        );
        let bands = layout_channel(g, &opts(FanMode::Bands));
        let edges = layout_channel(g, &opts(FanMode::Edges));
        assert_eq!(edges.edges.len(), g.edges.len());
        assert!(
            bands.edges.len() * 10 < edges.edges.len(),
            "{} vs {}",
            bands.edges.len(),
            edges.edges.len()
        );
        assert!(
            bands.bands.len() >= 30,
            "one band per entry with a fan: {}",
            bands.bands.len()
        );
        let banded: usize = bands.bands.iter().map(|b| b.edges.len()).sum();
        assert_eq!(banded + bands.edges.len(), g.edges.len());
        // Every non-skipRange edge is drawn individually.
        for r in &bands.edges {
            let _ = &g.edges[r.edge];
        }
        let individual: Vec<usize> = bands.edges.iter().map(|r| r.edge).collect();
        for (i, e) in g.edges.iter().enumerate() {
            if e.kind == EdgeKind::Replaces {
                assert!(individual.binary_search(&i).is_ok());
            }
        }
        assert!(crossings(&bands) < crossings(&edges));
    }

    #[test]
    fn skips_fans_are_banded_from_four_skipped_nodes() {
        // scaleops stable-v1: every entry skips dozens of earlier ones.
        let (_, gs) = load("certified-operators/v4.17/scaleops-operator.yaml");
        let g = gs
            .iter()
            .find(|g| g.channel == "stable-v1")
            .expect("stable-v1");
        let with = layout_channel(g, &opts(FanMode::Bands));
        let without = layout_channel(
            g,
            &LayoutOptions {
                skips_band_min_sources: usize::MAX,
                ..opts(FanMode::Bands)
            },
        );
        let skips_bands: Vec<&Band> = with
            .bands
            .iter()
            .filter(|b| b.kind == EdgeKind::Skips)
            .collect();
        assert!(!skips_bands.is_empty());
        for b in &skips_bands {
            let mut sources: Vec<usize> = b.edges.iter().map(|&e| g.edges[e].from).collect();
            sources.sort_unstable();
            sources.dedup();
            assert!(sources.len() >= 4, "{} sources", sources.len());
        }
        // Skips into one node from fewer than four nodes stay individual edges.
        let banded: std::collections::BTreeSet<usize> = with
            .bands
            .iter()
            .flat_map(|b| b.edges.iter().copied())
            .collect();
        for r in &with.edges {
            assert!(!banded.contains(&r.edge));
        }
        let (a, b) = (crossings(&with), crossings(&without));
        assert!(a * 4 < b, "skips bands cut crossings: {a} vs {b}");
    }
}
