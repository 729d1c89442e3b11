//! What the caller chooses ([`LayoutOptions`], [`FanMode`]) and its sanitised form ([`Geo`]),
//! which every phase reads.

use serde::Serialize;

/// How the `skipRange` fans (one entry upgrading from many older ones) are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FanMode {
    /// Every edge gets its own route (arcs above the lanes).
    Edges,
    /// The `skipRange` edges into one entry become a single [`super::Band`] when they come from
    /// at least [`LayoutOptions::band_min_sources`] nodes, and so do its forward `skips` edges
    /// from at least [`LayoutOptions::skips_band_min_sources`] nodes; every other edge gets its
    /// own route.
    #[default]
    Bands,
}

/// Sizes of the drawing, in abstract units. Non-finite, negative (or, for sizes, zero) values
/// are replaced by the defaults, and every value is capped at 10⁶.
#[derive(Debug, Clone, PartialEq)]
pub struct LayoutOptions {
    pub node_width: f64,
    pub node_height: f64,
    /// Horizontal space between two columns.
    pub column_gap: f64,
    /// Minimum vertical space between two lanes.
    pub lane_gap: f64,
    pub fans: FanMode,
    /// Vertical distance between two arc levels, two edge tracks or two bands.
    pub arc_step: f64,
    /// Empty space around the drawing (at least half a column gap left and right).
    pub margin: f64,
    /// In [`FanMode::Bands`], the smallest number of distinct source nodes that makes a band.
    pub band_min_sources: usize,
    /// In [`FanMode::Bands`], the smallest number of distinct skipped nodes that makes a `skips`
    /// band (a few skips read well as edges; dozens do not).
    pub skips_band_min_sources: usize,
}

impl Default for LayoutOptions {
    fn default() -> Self {
        LayoutOptions {
            node_width: 150.0,
            node_height: 36.0,
            column_gap: 40.0,
            lane_gap: 30.0,
            fans: FanMode::Bands,
            arc_step: 8.0,
            margin: 20.0,
            band_min_sources: 2,
            skips_band_min_sources: 4,
        }
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
}

impl Geo {
    /// # Complexity
    /// O(1).
    pub fn new(o: &LayoutOptions) -> Geo {
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
        Geo {
            w: pos(o.node_width, d.node_width),
            h: pos(o.node_height, d.node_height),
            g,
            lane_gap: nonneg(o.lane_gap, d.lane_gap),
            step: pos(o.arc_step, d.arc_step),
            margin,
            pad_x: margin.max(g / 2.0),
        }
    }

    /// Left side of column `c`.
    ///
    /// # Complexity
    /// O(1).
    pub fn xl(&self, c: usize) -> f64 {
        self.pad_x + c as f64 * (self.w + self.g)
    }
}
