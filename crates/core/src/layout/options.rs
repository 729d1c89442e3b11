//! What the caller chooses ([`LayoutOptions`], [`FanMode`], [`LabelMode`]) and its sanitised
//! form ([`Geo`]), which every phase reads.

use serde::Serialize;

/// How the fans (one entry upgrading from many older ones: its `skipRange`, or a long `skips`
/// list) are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FanMode {
    /// Each fan is a compact marker on its entry (what it covers and how many); its rail is laid
    /// out (so that a viewer can draw it on hover) but not drawn. Absent bundles collapse into
    /// groups.
    #[default]
    Markers,
    /// Every fan is drawn as a rail under the bundles it covers, rising into its entry; fans
    /// that share their lower end are drawn once, as one staircase rail with a riser into each
    /// entry. Absent bundles collapse into groups.
    Bands,
    /// Every edge gets its own route and every node its own box (nothing is grouped).
    Edges,
}

impl FanMode {
    /// Whether fans are grouped into rails (markers or drawn rails) rather than drawn edge by
    /// edge.
    ///
    /// # Complexity
    /// O(1).
    pub fn groups_fans(self) -> bool {
        self != FanMode::Edges
    }

    /// The mode's name in URLs and data attributes: `markers`, `bands`, `edges`.
    ///
    /// # Complexity
    /// O(1).
    pub fn as_str(self) -> &'static str {
        match self {
            FanMode::Markers => "markers",
            FanMode::Bands => "bands",
            FanMode::Edges => "edges",
        }
    }
}

/// What a node's label says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LabelMode {
    /// The version (long pre-release and build stamps shortened in the middle).
    #[default]
    Versions,
    /// The bundle's name (shortened in the middle when very long).
    Names,
}

/// The box the app's graph panel offers in a 1280 × 800 window, the default target.
pub const DEFAULT_TARGET: (f64, f64) = (740.0, 540.0);

/// Sizes of the drawing, in abstract units, and the box it is meant to fit. Non-finite, negative
/// (or, for sizes, zero) values are replaced by the defaults, and every value is capped at 10⁶.
#[derive(Debug, Clone, PartialEq)]
pub struct LayoutOptions {
    /// Width of every node's box (the view sets it to fit the labels it draws).
    pub node_width: f64,
    /// Height of a node's box.
    pub node_height: f64,
    /// Horizontal space between two columns.
    pub column_gap: f64,
    /// Minimum vertical space between two lanes.
    pub lane_gap: f64,
    /// How fans of skipRange and skips edges are drawn: markers, rails, or edge by edge.
    pub fans: FanMode,
    /// Vertical distance between two arc levels, two edge tracks or two rails.
    pub arc_step: f64,
    /// Empty space around the drawing (at least half a column gap left and right).
    pub margin: f64,
    /// The smallest number of distinct source nodes that makes a `skipRange` fan.
    pub band_min_sources: usize,
    /// The smallest number of distinct skipped nodes that makes a `skips` fan (a few skips read
    /// well as edges; dozens do not).
    pub skips_band_min_sources: usize,
    /// The box (width, height, in the drawing's units at zoom 1) the drawing is meant to fit:
    /// the version order wraps into rows so that the drawing, zoomed to fit this box, is as
    /// large as it can be. A height of `f64::INFINITY` bounds the width only (rows as wide as
    /// fit). `None`: no wrapping (one row; for nodes that carry their lanes, one row per lane).
    /// Nodes that carry their lanes (the package view) read lane by lane instead: each lane on
    /// rows of its own, captioned, wrapped at the width that fits the box best.
    pub target: Option<(f64, f64)>,
    /// Height drawn above the layout inside the same box (an export's title and legend).
    pub reserved_height: f64,
    /// What node labels say (the layout sizes nodes from them through [`crate::view`]).
    pub labels: LabelMode,
    /// Virtual nodes (not entries) that one entry names collapse into one group node per entry
    /// when there are at least this many (below 2: never); never in [`FanMode::Edges`].
    pub group_min: usize,
    /// Entries (by name) whose group of virtual nodes is drawn expanded.
    pub expanded_groups: Vec<String>,
}

impl Default for LayoutOptions {
    fn default() -> Self {
        LayoutOptions {
            node_width: 120.0,
            node_height: 26.0,
            column_gap: 26.0,
            lane_gap: 14.0,
            fans: FanMode::Markers,
            arc_step: 7.0,
            margin: 16.0,
            band_min_sources: 1,
            skips_band_min_sources: 4,
            target: Some(DEFAULT_TARGET),
            reserved_height: 0.0,
            labels: LabelMode::Versions,
            group_min: 2,
            expanded_groups: Vec::new(),
        }
    }
}

impl LayoutOptions {
    /// Whether virtual nodes are grouped at all: not edge by edge, and at least two per group.
    ///
    /// # Complexity
    /// O(1).
    pub fn groups(&self) -> bool {
        self.fans.groups_fans() && self.group_min >= 2
    }
}

/// Sanitised sizes (see [`LayoutOptions`]).
pub(super) struct Geo {
    /// Node width.
    pub w: f64,
    /// Node height.
    pub h: f64,
    /// Column gap.
    pub g: f64,
    pub lane_gap: f64,
    /// Arc step.
    pub step: f64,
    pub margin: f64,
    /// Space left of the first column and right of the last.
    pub pad_x: f64,
    /// The target box, sanitised (`None`: one row).
    pub target: Option<(f64, f64)>,
    pub reserved: f64,
}

/// Height of a lane's caption line above its first row.
pub(super) const CAPTION_HEIGHT: f64 = 20.0;

/// How far a caption's baseline stands above its row: clear of the head and deprecation
/// badges, which reach 7–8 px above a node's top edge (the caption runs across the node, and a
/// long channel name reaches the badge at its right end).
pub(super) const CAPTION_LIFT: f64 = 10.0;

impl Geo {
    /// # Complexity
    /// O(1).
    pub(super) fn new(o: &LayoutOptions) -> Geo {
        const CAP: f64 = 1e6;
        let d = LayoutOptions::default();
        let pos = |v: f64, d: f64| {
            if v.is_finite() && v > 0.0 {
                v.min(CAP)
            } else {
                d
            }
        };
        let nonneg = |v: f64, d: f64| {
            if v.is_finite() && v >= 0.0 {
                v.min(CAP)
            } else {
                d
            }
        };
        let g = nonneg(o.column_gap, d.column_gap);
        let margin = nonneg(o.margin, d.margin);
        let target = o.target.and_then(|(w, h)| {
            let w = (w.is_finite() && w > 0.0).then_some(w)?;
            let h = if h.is_nan() || h <= 0.0 {
                f64::INFINITY
            } else {
                h
            };
            Some((w, h))
        });
        Geo {
            w: pos(o.node_width, d.node_width),
            h: pos(o.node_height, d.node_height),
            g,
            lane_gap: nonneg(o.lane_gap, d.lane_gap),
            step: pos(o.arc_step, d.arc_step),
            margin,
            pad_x: margin.max(g / 2.0),
            target,
            reserved: nonneg(o.reserved_height, 0.0),
        }
    }

    /// Left side of the column at position `x` of its row.
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn xl(&self, x: usize) -> f64 {
        self.pad_x + x as f64 * (self.w + self.g)
    }

    /// Horizontal distance between two columns.
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn pitch(&self) -> f64 {
        self.w + self.g
    }

    /// Distance between two rail tracks.
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn rail_spacing(&self) -> f64 {
        self.step * 1.5
    }
}
