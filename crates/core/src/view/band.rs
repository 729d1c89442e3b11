//! [`ViewBand`] and [`ViewStaircase`]: the fans of a [`super::GraphView`] (the `skipRange`
//! edges into one entry, or its long `skips` list, drawn as a rail) and the staircases that draw
//! fans sharing their lower end as one rail.

use crate::graph::EdgeKind;
use crate::layout::{Band, LayoutEdge, Rail, Staircase};
use crate::sort::SortWith;

use super::draw::rail_d;
use super::id::{BandId, NodeId, StaircaseId, TiVec};
use super::source::ViewSource;

/// A fan: the `skipRange` edges into one entry (or its long `skips` list), marked on the entry
/// and drawn as a rail (always in [`crate::layout::FanMode::Bands`], on hover in [`crate::layout::FanMode::Markers`]).
#[derive(Debug, Clone, PartialEq)]
pub struct ViewBand {
    /// [`EdgeKind::SkipRange`] or [`EdgeKind::Skips`].
    pub kind: EdgeKind,
    /// The entry.
    pub to: NodeId,
    /// The nodes it covers (its sources: for a skipRange, exactly the `skipRange` edges into
    /// the entry), ascending.
    pub sources: Vec<NodeId>,
    /// For each source, the channels whose edges from it the fan stands for, sorted.
    pub source_channels: Vec<Vec<String>>,
    /// The entry's skipRange, for a skipRange fan (`None` for a fan of `skips`).
    pub range: Option<String>,
    /// The fan's own rail.
    pub rail: Rail,
    /// For each source, where its tap sits on the rail.
    pub taps: Vec<(f64, f64)>,
    /// The staircase it belongs to (in [`crate::layout::FanMode::Bands`]).
    pub staircase: StaircaseId,
}

impl ViewBand {
    /// Number of distinct edges the fan stands for.
    ///
    /// # Complexity
    /// O(1).
    pub fn edge_count(&self) -> usize {
        self.sources.len()
    }

    /// `band <kind>`, e.g. `band skipRange`.
    ///
    /// # Complexity
    /// O(1).
    pub fn class(&self) -> String {
        format!("band {}", self.kind.css_class())
    }

    /// `tap <kind>`: the dot under a source on the rail.
    ///
    /// # Complexity
    /// O(1).
    pub fn tap_class(&self) -> String {
        format!("tap {}", self.kind.css_class())
    }

    /// SVG path data of the rail (one stroke per piece).
    ///
    /// # Complexity
    /// O(P) for P points.
    pub fn path_d(&self) -> String {
        rail_d(&self.rail, 0.0)
    }

    /// Whether node `i` is one it covers.
    ///
    /// # Complexity
    /// O(log S) for S sources.
    pub fn covers(&self, i: NodeId) -> bool {
        self.sources.binary_search(&i).is_ok()
    }
}

/// Fans that share their lower end, drawn once as one rail ([`crate::layout::FanMode::Bands`]).
#[derive(Debug, Clone, PartialEq)]
pub struct ViewStaircase {
    /// The fans.
    pub bands: Vec<BandId>,
    /// The one rail drawn for all its fans.
    pub rail: Rail,
}

impl ViewStaircase {
    /// `band <kind> staircase`.
    ///
    /// # Complexity
    /// O(1).
    pub fn class(&self, kind: EdgeKind) -> String {
        format!("band {} staircase", kind.css_class())
    }

    /// SVG path data of the rail.
    ///
    /// # Complexity
    /// O(P) for P points.
    pub fn path_d(&self) -> String {
        rail_d(&self.rail, 0.0)
    }
}

/// The fans of a layout as the view draws them.
pub(super) fn view_bands<G: ViewSource + ?Sized>(
    graph: &G,
    edges: &[LayoutEdge<'_>],
    bands: Vec<Band>,
    n: usize,
) -> TiVec<BandId, ViewBand> {
    bands
        .into_iter()
        .filter(|b| b.to < n)
        .map(|b| {
            let mut from: Vec<(usize, &str)> = b
                .edges
                .iter()
                .filter_map(|&i| edges.get(i).map(|e| (e.from, graph.edge_channel(i))))
                .filter(|&(f, _)| f < n)
                .collect();
            from.sort_ord();
            from.dedup();
            let mut sources: Vec<NodeId> = Vec::new();
            let mut source_channels: Vec<Vec<String>> = Vec::new();
            for (f, c) in from {
                let f = NodeId::new(f);
                if sources.last() != Some(&f) {
                    sources.push(f);
                    source_channels.push(Vec::new());
                }
                if let Some(list) = source_channels.last_mut() {
                    list.push(c.to_string());
                }
            }
            // The rail's taps are sorted by node.
            let taps = sources
                .iter()
                .map(|s| {
                    let k = b.rail.taps.partition_point(|t| t.0 < s.index());
                    b.rail
                        .taps
                        .get(k)
                        .filter(|t| t.0 == s.index())
                        .map_or((0.0, 0.0), |t| t.1)
                })
                .collect();
            ViewBand {
                kind: b.kind,
                to: NodeId::new(b.to),
                sources,
                source_channels,
                range: b.range,
                rail: b.rail,
                taps,
                staircase: StaircaseId::new(b.staircase),
            }
        })
        .collect()
}

/// The staircases of a layout as the view draws them.
///
/// # Complexity
/// O(S + B) for S staircases of B fans in all.
pub(super) fn view_staircases(staircases: Vec<Staircase>) -> TiVec<StaircaseId, ViewStaircase> {
    staircases
        .into_iter()
        .map(|Staircase { bands, rail }| ViewStaircase {
            bands: bands.into_iter().map(BandId::new).collect(),
            rail,
        })
        .collect()
}
