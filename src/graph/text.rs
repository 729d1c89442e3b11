//! What the drawing computes beyond core's model: the layout sizes, the graph's accessible name,
//! and where a hop label of the simulation goes on an edge. Every label, tooltip, class and path
//! of a node, edge or band comes from core's [`GraphView`] (the model the SVG export draws too).
//! Pure; tested natively.

use olm_graph_core::layout::LayoutOptions;
use olm_graph_core::view::GraphView;

/// The drawing's layout options: the SVG export's (core sizes the nodes to their labels), so
/// that the app and `olm-graph render` draw the same picture; the graph panel sets the target
/// box to its own size ([`crate::state::graph::GraphStore::target`]).
pub fn drawing_layout() -> LayoutOptions {
    LayoutOptions::default()
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
        view.nodes().len(),
        view.edge_total()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

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
}
