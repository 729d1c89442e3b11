//! The palette and line styles shared by the SVG and DOT exports (and meant for the web app, so
//! that a picture exported from the CLI looks like the one on screen).
//!
//! One colour per edge kind, plus the node states: channel head, deprecated, virtual (a name a
//! `replaces`/`skips` points to that is not an entry of the channel), and the highlighted upgrade
//! path. Edge kinds also differ by dash pattern, so the picture stays readable in greyscale and
//! for colour-blind readers.

use crate::graph::EdgeKind;
use crate::view::PhaseClass;

/// Fills of the support lifecycle overlay, one per [`PhaseClass`] in [`PhaseClass::ALL`]'s
/// order: light tints of the Okabe–Ito colours (bluish green, sky blue, yellow, vermillion,
/// reddish purple; grey for no data), told apart by lightness as well as hue, each with a
/// contrast of at least 9:1 against [`TEXT`] so labels stay legible.
pub const PHASE_FILLS: [&str; 6] = [
    "#b9e4d2", "#cfe6f7", "#f6e89a", "#f3b08f", "#e6d0e3", "#eceff3",
];

/// The fill of a phase class.
///
/// # Complexity
/// O(1).
pub fn phase_fill(class: PhaseClass) -> &'static str {
    PHASE_FILLS[class as usize]
}

/// `replaces` edges (solid).
pub const REPLACES: &str = "#2563eb";
/// `skips` edges (dashed).
pub const SKIPS: &str = "#ea580c";
/// `skipRange` edges and fans (dotted).
pub const SKIP_RANGE: &str = "#7c3aed";
/// Outline of a channel head.
pub const HEAD: &str = "#16a34a";
/// Fill of a deprecated bundle (the colour `opm alpha render-graph` uses).
pub const DEPRECATED: &str = "#e8960f";
/// Outline of a bundle with the legacy `olm.deprecated` property (prohibited by OLM v0).
pub const LEGACY_DEPRECATED: &str = "#7f1d1d";
/// Outline and text of a virtual node (dashed outline).
pub const VIRTUAL: &str = "#94a3b8";
/// The highlighted upgrade path.
pub const PATH: &str = "#dc2626";

/// Fill of an ordinary node.
pub const NODE_FILL: &str = "#ffffff";
/// Fill of a virtual node.
pub const VIRTUAL_FILL: &str = "#f8fafc";
/// Outline of an ordinary node.
pub const NODE_STROKE: &str = "#475569";
/// Main text.
pub const TEXT: &str = "#0f172a";
/// Secondary text (versions, subtitles).
pub const MUTED_TEXT: &str = "#64748b";
/// Background of standalone pictures.
pub const BACKGROUND: &str = "#ffffff";
/// Font stack (no web font: exports reference nothing external).
pub const FONT_FAMILY: &str = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/// SVG `stroke-dasharray` of `skips` edges.
pub const SKIPS_DASH: &str = "6 4";
/// SVG `stroke-dasharray` of `skipRange` edges.
pub const SKIP_RANGE_DASH: &str = "2 3";
/// SVG `stroke-dasharray` of virtual node outlines.
pub const VIRTUAL_DASH: &str = "4 3";

/// The colour of an edge kind.
///
/// # Complexity
/// O(1).
pub fn edge_color(kind: EdgeKind) -> &'static str {
    match kind {
        EdgeKind::Replaces => REPLACES,
        EdgeKind::Skips => SKIPS,
        EdgeKind::SkipRange => SKIP_RANGE,
    }
}

/// The SVG `stroke-dasharray` of an edge kind (`None`: solid).
///
/// # Complexity
/// O(1).
pub fn edge_dasharray(kind: EdgeKind) -> Option<&'static str> {
    match kind {
        EdgeKind::Replaces => None,
        EdgeKind::Skips => Some(SKIPS_DASH),
        EdgeKind::SkipRange => Some(SKIP_RANGE_DASH),
    }
}

/// The Graphviz `style` of an edge kind, matching [`edge_dasharray`].
///
/// # Complexity
/// O(1).
pub fn dot_edge_style(kind: EdgeKind) -> &'static str {
    match kind {
        EdgeKind::Replaces => "solid",
        EdgeKind::Skips => "dashed",
        EdgeKind::SkipRange => "dotted",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_own_colour_and_dash() {
        let kinds = [EdgeKind::Replaces, EdgeKind::Skips, EdgeKind::SkipRange];
        for (i, a) in kinds.iter().enumerate() {
            for b in &kinds[i + 1..] {
                assert_ne!(edge_color(*a), edge_color(*b));
                assert_ne!(edge_dasharray(*a), edge_dasharray(*b));
                assert_ne!(dot_edge_style(*a), dot_edge_style(*b));
            }
        }
        for c in [
            REPLACES, SKIPS, SKIP_RANGE, HEAD, DEPRECATED, VIRTUAL, PATH, NODE_FILL, TEXT,
        ] {
            assert!(c.len() == 7 && c.starts_with('#'), "{c}");
            assert!(c[1..].chars().all(|ch| ch.is_ascii_hexdigit()), "{c}");
        }
    }
}
