//! Every piece of text and geometry the drawing computes, in one place: the layout sizes, the
//! CSS class of an edge kind, SVG path data and polygon points, node labels (two lines, an
//! accessible name, a tooltip), edge and band tooltips, ellipsizing, and where a hop label
//! goes on an edge. Pure; tested natively.

use olm_graph_core::graph::EdgeKind;
use olm_graph_core::layout::LayoutOptions;
use olm_graph_core::view::{GraphView, ViewBand, ViewEdge, ViewNode};

/// Node and spacing sizes of the drawing.
pub fn drawing_layout() -> LayoutOptions {
    LayoutOptions {
        node_width: 128.0,
        node_height: 38.0,
        column_gap: 30.0,
        lane_gap: 28.0,
        arc_step: 9.0,
        margin: 24.0,
        ..LayoutOptions::default()
    }
}

/// The CSS class and marker suffix of an edge kind.
pub fn kind_class(kind: EdgeKind) -> &'static str {
    match kind {
        EdgeKind::Replaces => "replaces",
        EdgeKind::Skips => "skips",
        EdgeKind::SkipRange => "skiprange",
    }
}

/// SVG path data of a route: a polyline, or `M p0 C p1 p2 p3 …` when curved.
pub fn path_data(points: &[(f64, f64)], curved: bool) -> String {
    let mut d = String::with_capacity(points.len() * 16);
    let Some(first) = points.first() else {
        return d;
    };
    d.push_str(&format!("M{:.1},{:.1}", first.0, first.1));
    if curved && (points.len() - 1).is_multiple_of(3) {
        for seg in points[1..].chunks(3) {
            d.push_str(&format!(
                " C{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
                seg[0].0, seg[0].1, seg[1].0, seg[1].1, seg[2].0, seg[2].1
            ));
        }
    } else {
        for p in &points[1..] {
            d.push_str(&format!(" L{:.1},{:.1}", p.0, p.1));
        }
    }
    d
}

/// SVG `points` of a polygon.
pub fn polygon_points(points: &[(f64, f64)]) -> String {
    points
        .iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The point halfway along a route (by length; cubic segments measured on 16 chords each).
pub fn route_midpoint(points: &[(f64, f64)], curved: bool) -> Option<(f64, f64)> {
    let first = *points.first()?;
    let polyline: Vec<(f64, f64)> = if curved && (points.len() - 1).is_multiple_of(3) {
        let mut out = vec![first];
        let mut start = first;
        for seg in points[1..].chunks(3) {
            out.extend((1..=16).map(|i| cubic(start, seg[0], seg[1], seg[2], i as f64 / 16.0)));
            start = seg[2];
        }
        out
    } else {
        points.to_vec()
    };
    let length = |a: (f64, f64), b: (f64, f64)| (b.0 - a.0).hypot(b.1 - a.1);
    let total: f64 = polyline.windows(2).map(|w| length(w[0], w[1])).sum();
    let mut left = total / 2.0;
    for w in polyline.windows(2) {
        let l = length(w[0], w[1]);
        if l > 0.0 && left <= l {
            let t = left / l;
            return Some((
                w[0].0 + (w[1].0 - w[0].0) * t,
                w[0].1 + (w[1].1 - w[0].1) * t,
            ));
        }
        left -= l;
    }
    polyline.last().copied()
}

fn cubic(p0: (f64, f64), p1: (f64, f64), p2: (f64, f64), p3: (f64, f64), t: f64) -> (f64, f64) {
    let u = 1.0 - t;
    let (a, b, c, d) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
    (
        a * p0.0 + b * p1.0 + c * p2.0 + d * p3.0,
        a * p0.1 + b * p1.1 + c * p2.1 + d * p3.1,
    )
}

/// Shortens `text` to at most `max` characters with an ellipsis in the middle.
pub fn ellipsize_middle(text: &str, max: usize) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= max || max < 5 {
        return text.to_string();
    }
    let keep = max - 1;
    let head = keep / 2;
    let tail = keep - head;
    let mut s: String = chars[..head].iter().collect();
    s.push('…');
    s.extend(&chars[chars.len() - tail..]);
    s
}

/// The two lines of a node: its version (or its name when the version is unknown), and a
/// caption with what the version line does not say: the name's prefix when it is not the
/// package's name (`quay-operator` in package `project-quay`), the whole name when it does not
/// end with the version, nothing for the usual `<package>.v<version>`.
pub fn node_lines(name: &str, version: Option<&str>, package: &str) -> (String, Option<String>) {
    let Some(v) = version else {
        return (name.to_string(), Some("version unknown".into()));
    };
    let v = v.trim_start_matches('v');
    let first = format!("v{v}");
    let prefix = name
        .strip_suffix(v)
        .map(|p| p.strip_suffix('v').unwrap_or(p))
        .map(|p| p.trim_end_matches(['.', '-', '_']));
    match prefix {
        Some(p) if p == package => (first, None),
        Some(p) if !p.is_empty() => (first, Some(p.to_string())),
        _ => (first, Some(name.to_string())),
    }
}

/// Width of the head badge and of the deprecation badge on a node's first line.
pub const HEAD_BADGE_WIDTH: f64 = 40.0;
pub const DEPRECATED_BADGE_WIDTH: f64 = 19.0;

/// What a node shows: its two lines, ellipsized to fit a box `width` wide beside its badges.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeText {
    pub version: String,
    pub caption: Option<String>,
}

/// The lines of `node` as drawn in a box `width` wide.
pub fn node_text(node: &ViewNode, package: &str, width: f64) -> NodeText {
    let (line1, caption) = node_lines(&node.name, node.version.as_deref(), package);
    let badges = badge_width(node);
    let max_version = (((width - 18.0 - badges) / 8.0).floor() as usize).max(6);
    let max_name = (((width - 14.0) / 5.6).floor() as usize).max(8);
    NodeText {
        version: ellipsize_middle(&line1, max_version),
        caption: caption.map(|c| ellipsize_middle(&c, max_name)),
    }
}

/// Room the badges take on a node's first line.
pub fn badge_width(node: &ViewNode) -> f64 {
    let head = if node.head { HEAD_BADGE_WIDTH } else { 0.0 };
    let deprecated = if node.deprecated {
        DEPRECATED_BADGE_WIDTH
    } else {
        0.0
    };
    head + deprecated
}

/// The classes a node always has: `node` and its fixed markings.
pub fn node_class(n: &ViewNode) -> String {
    let mut c = String::from("node");
    for (on, name) in [
        (n.is_virtual, " virtual"),
        (n.deprecated, " deprecated"),
        (n.legacy_deprecated, " legacy"),
        (n.head, " head"),
    ] {
        if on {
            c.push_str(name);
        }
    }
    c
}

/// A node's accessible name: what the box shows first (so speech matches the label), then
/// the bundle's name and its markings.
pub fn node_label(n: &ViewNode, text: &NodeText) -> String {
    let mut shown = text.version.clone();
    if let Some(c) = &text.caption {
        shown.push(' ');
        shown.push_str(c);
    }
    if n.head {
        shown.push_str(" HEAD");
    }
    let mut label = format!("{shown}: {}", n.name);
    if n.head {
        label.push_str(", channel head");
    }
    if n.legacy_deprecated {
        label.push_str(", legacy olm.deprecated: prohibited by OLM v0");
    } else if n.deprecated {
        label.push_str(", deprecated");
    }
    if n.is_virtual {
        label.push_str(", virtual node");
    }
    label
}

/// A node's tooltip (its fixed part; lifecycle markings are added by the drawing).
pub fn node_title(n: &ViewNode) -> String {
    let mut t = n.name.clone();
    match &n.version {
        Some(v) => t.push_str(&format!("\nversion {v}")),
        None => t.push_str("\nversion unknown"),
    }
    if !n.head_of.is_empty() {
        t.push_str(&format!("\nhead of {}", n.head_of.join(", ")));
    }
    if n.is_virtual {
        t.push_str("\nvirtual: named by replaces/skips but not an entry of this channel");
    }
    if let Some(m) = &n.deprecation {
        t.push_str(&format!("\nDeprecated: {m}"));
    } else if n.deprecated {
        t.push_str("\nDeprecated");
    }
    t
}

/// An edge's tooltip.
pub fn edge_title(view: &GraphView, e: &ViewEdge) -> String {
    let mut t = format!(
        "{} → {} ({})",
        view.nodes[e.from].name,
        view.nodes[e.to].name,
        e.kind.as_str()
    );
    if let Some(r) = &e.range {
        t.push_str(&format!(" skipRange {r:?}"));
    }
    if view.channel.is_none() && !e.channels.is_empty() {
        t.push_str(&format!("\nchannels: {}", e.channels.join(", ")));
    }
    t
}

/// Bundles a band's tooltip lists before "… and N more".
const BAND_TITLE_SOURCES: usize = 30;

/// A band's tooltip.
///
/// # Complexity
/// O(1): at most 30 of the band's sources are named.
pub fn band_title(view: &GraphView, b: &ViewBand) -> String {
    let plural = if b.sources.len() == 1 { "" } else { "s" };
    let to = &view.nodes[b.to].name;
    let mut t = match b.kind {
        EdgeKind::Skips => format!(
            "skips: {} skipped bundle{plural} upgrade to {to}",
            b.sources.len()
        ),
        _ => format!(
            "skipRange {}: {} bundle{plural} upgrade to {to}",
            b.range
                .as_deref()
                .map(|r| format!("{r:?}"))
                .unwrap_or_default(),
            b.sources.len()
        ),
    };
    for &s in b.sources.iter().take(BAND_TITLE_SOURCES) {
        t.push_str(&format!("\n  {}", view.nodes[s].name));
    }
    if b.sources.len() > BAND_TITLE_SOURCES {
        t.push_str(&format!(
            "\n  … and {} more",
            b.sources.len() - BAND_TITLE_SOURCES
        ));
    }
    t
}

/// The graph's accessible name: what it shows and how to use it.
///
/// # Complexity
/// O(B) for B bands (the edge count).
pub fn graph_label(view: &GraphView) -> String {
    format!(
        "Upgrade graph of {} {}: {} nodes, {} edges. Arrow keys pan, + and − zoom, 0 fits, Tab moves between bundles, arrow keys on a bundle follow its edges, Enter selects.",
        view.package,
        view.channel
            .as_deref()
            .map_or("(all channels)".to_string(), |c| format!("channel {c}")),
        view.nodes.len(),
        view.edge_total()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_data_and_polygons() {
        assert_eq!(
            path_data(&[(0.0, 0.0), (10.0, 5.0)], false),
            "M0.0,0.0 L10.0,5.0"
        );
        assert_eq!(
            path_data(&[(0.0, 0.0), (1.0, 1.0), (2.0, 2.0), (3.0, 3.0)], true),
            "M0.0,0.0 C1.0,1.0 2.0,2.0 3.0,3.0"
        );
        assert_eq!(path_data(&[], false), "");
        assert_eq!(polygon_points(&[(0.0, 1.0), (2.5, 3.0)]), "0.0,1.0 2.5,3.0");
    }

    #[test]
    fn labels_sit_halfway_along_the_route() {
        assert_eq!(
            route_midpoint(&[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)], false),
            Some((10.0, 0.0))
        );
        // A straight cubic: halfway is the middle.
        let (x, y) =
            route_midpoint(&[(0.0, 0.0), (10.0, 0.0), (20.0, 0.0), (30.0, 0.0)], true).unwrap();
        assert!((x - 15.0).abs() < 0.01 && y.abs() < 1e-9, "{x},{y}");
        assert_eq!(route_midpoint(&[(4.0, 5.0)], false), Some((4.0, 5.0)));
        assert_eq!(route_midpoint(&[], false), None);
    }

    #[test]
    fn node_lines_and_ellipsis() {
        assert_eq!(ellipsize_middle("abcdefghij", 7), "abc…hij");
        assert_eq!(ellipsize_middle("short", 7), "short");
        assert_eq!(
            node_lines("p.v1.2.3", Some("1.2.3"), "p"),
            ("v1.2.3".to_string(), None)
        );
        assert_eq!(
            node_lines("quay-operator.v3.17.0", Some("3.17.0"), "project-quay"),
            ("v3.17.0".to_string(), Some("quay-operator".to_string()))
        );
        assert_eq!(
            node_lines("odd-name", Some("1.0.0"), "p"),
            ("v1.0.0".to_string(), Some("odd-name".to_string()))
        );
        assert_eq!(
            node_lines("gone", None, "p"),
            ("gone".to_string(), Some("version unknown".to_string()))
        );
        assert_eq!(EdgeKind::SkipRange.as_str(), "skipRange");
    }

    #[test]
    fn a_node_label_starts_with_what_the_box_shows() {
        let mut node = ViewNode {
            name: "quay-operator.v3.17.0".into(),
            version: Some("3.17.0".into()),
            is_virtual: false,
            deprecated: false,
            deprecation: None,
            legacy_deprecated: false,
            head: true,
            head_of: vec!["stable".into()],
            channels: vec!["stable".into()],
            display_name: None,
            description: None,
        };
        let text = node_text(&node, "project-quay", 128.0);
        assert_eq!(text.version, "v3.17.0");
        assert_eq!(
            node_label(&node, &text),
            "v3.17.0 quay-operator HEAD: quay-operator.v3.17.0, channel head"
        );
        // With the deprecation badge too, the version line is shortened, and so is the label.
        node.deprecated = true;
        let text = node_text(&node, "project-quay", 128.0);
        assert_eq!(text.version, "v3…7.0");
        assert_eq!(
            node_label(&node, &text),
            "v3…7.0 quay-operator HEAD: quay-operator.v3.17.0, channel head, deprecated"
        );
    }
}
