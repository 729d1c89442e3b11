//! How big a [`super::GraphView`]'s node boxes are, and what each node says: the first line
//! (the label) and the second (what its fans cover), estimated before the layout to size the
//! boxes, then taken from the layout's fans.

use crate::graph::EdgeKind;
use crate::layout::{LayoutEdge, LayoutOptions};
use crate::sort::SortWith;

use super::band::ViewBand;
use super::group::group_words;
use super::id::{BandId, NodeId, TiSlice, TiVec};
use super::node::{NodeTexts, ViewNode};
use super::text::{fan_marker, NodeLabel, LABEL_FONT_SIZE, LABEL_PADDING, MARKER_FONT_SIZE};

/// Widest node box a view makes (longer labels are shortened in the middle).
pub const MAX_NODE_WIDTH: f64 = 340.0;
/// Height of a node with one line of text.
const ONE_LINE: f64 = 2.1 * LABEL_FONT_SIZE;
/// Height of a node with a second line (its fans).
pub(super) const TWO_LINES: f64 = ONE_LINE + 1.3 * MARKER_FONT_SIZE;

/// For every node, its fans as (kind, range, sources), estimated from the edges before the
/// layout (skipRange edges by range, skips edges when enough; none in [`crate::layout::FanMode::Edges`]): an
/// upper bound of what the layout's fans hold, to size the nodes.
pub(super) fn fan_counts<'a>(
    nodes: &[ViewNode],
    edges: &'a [LayoutEdge<'a>],
    options: &LayoutOptions,
) -> Vec<Vec<(EdgeKind, Option<&'a str>, usize)>> {
    let n = nodes.len();
    let mut out: Vec<Vec<(EdgeKind, Option<&str>, usize)>> = vec![Vec::new(); n];
    if !options.fans.groups_fans() {
        return out;
    }
    let mut keys: Vec<(usize, EdgeKind, Option<&str>, usize)> = edges
        .iter()
        .filter(|e| e.from < n && e.to < n && e.from != e.to && e.kind != EdgeKind::Replaces)
        .map(|e| (e.to, e.kind, e.range, e.from))
        .collect();
    keys.sort_ord();
    keys.dedup();
    for run in keys.chunk_by(|a, b| (a.0, a.1, a.2) == (b.0, b.1, b.2)) {
        let (to, kind, range, _) = run[0];
        let least = match kind {
            EdgeKind::Skips => options.skips_band_min_sources,
            _ => options.band_min_sources,
        };
        if run.len() >= least.max(1) {
            out[to].push((kind, range, run.len()));
        }
    }
    out
}

/// Each node's texts and the fans into it, from the first lines `texts` and the fans `bands`.
///
/// # Complexity
/// O(V + B) for V nodes and B fans, plus the markers' text.
pub(super) fn node_texts(
    nodes: &[ViewNode],
    texts: Vec<String>,
    bands: &TiSlice<BandId, ViewBand>,
) -> TiVec<NodeId, NodeTexts> {
    let mut fans_into: TiVec<NodeId, Vec<BandId>> = vec![Vec::new(); nodes.len()].into();
    for (i, b) in bands.iter_enumerated() {
        fans_into[b.to].push(i);
    }
    let counts: Vec<Vec<(EdgeKind, Option<&str>, usize)>> = fans_into
        .iter()
        .map(|fs| {
            fs.iter()
                .map(|&i| {
                    (
                        bands[i].kind,
                        bands[i].range.as_deref(),
                        bands[i].sources.len(),
                    )
                })
                .collect()
        })
        .collect();
    let markers = marker_texts(nodes, &counts);
    texts
        .into_iter()
        .zip(markers)
        .zip(fans_into)
        .map(|((text, marker), fans_into)| NodeTexts {
            text,
            marker,
            fans_into,
        })
        .collect()
}

/// Each node's second line, from its fans.
pub(super) fn marker_texts(
    nodes: &[ViewNode],
    fans: &[Vec<(EdgeKind, Option<&str>, usize)>],
) -> Vec<Option<String>> {
    nodes
        .iter()
        .zip(fans)
        .map(|(n, fs)| (!fs.is_empty()).then(|| fan_marker(fs, n.version.as_deref())))
        .collect()
}

/// The box every node gets: as wide as the widest label (and marker, and a group's label), up
/// to [`MAX_NODE_WIDTH`]; two lines high when some node has a marker.
pub(super) fn node_size(
    nodes: &[ViewNode],
    texts: &[String],
    markers: &[Option<String>],
    options: &LayoutOptions,
    in_channel: bool,
) -> (f64, f64) {
    let two = markers.iter().any(Option::is_some);
    let mut width = texts
        .iter()
        .zip(markers)
        .map(|(t, m)| NodeLabel::width_needed(t, m.as_deref()))
        .fold(2.0 * LABEL_PADDING, f64::max);
    let virtuals = nodes.iter().filter(|n| n.is_virtual).count();
    if options.groups() && virtuals >= options.group_min {
        let (count, what) = group_words(virtuals, in_channel);
        let need = if two {
            NodeLabel::width_needed(&count, Some(what))
        } else {
            NodeLabel::width_needed(&format!("{count} {what}"), None)
        };
        width = width.max(need);
    }
    let height = if two { TWO_LINES } else { ONE_LINE };
    (width.min(MAX_NODE_WIDTH), height)
}
