//! Viewport culling for big graphs: above [`CULL_ABOVE`] nodes the drawing holds only the
//! nodes, edges and bands in or near the viewport, taken from the model's coordinates (core's
//! layout boxes and routes). The window is the viewport grown by a margin and snapped to a
//! grid, so panning redraws only when it crosses a grid line; at most [`MAX_NODES`] nodes are
//! drawn (the nearest to the viewport's middle) however far the user zooms out.

use leptos::prelude::*;
use olm_graph_core::sort::SortWith;
use olm_graph_core::view::{BandId, EdgeId, GraphView, GroupId, NodeId, TiVec};

use crate::graph::pan_zoom::{Transform, UsePanZoomReturn};
use crate::graph::scene::SharedView;

/// Graphs with more nodes than this are culled; smaller ones are drawn whole, as before.
pub const CULL_ABOVE: usize = 1500;
/// The most nodes drawn at once.
pub const MAX_NODES: usize = 2500;

/// A rectangle of the drawing: (x0, y0, x1, y1).
pub type Rect = (f64, f64, f64, f64);

/// Whether `view` is drawn culled.
pub fn needed(view: &GraphView) -> bool {
    view.nodes().len() > CULL_ABOVE
}

/// The drawing's rectangle worth drawing for transform `t` on a viewport of vw × vh pixels:
/// what is on screen grown by half a screen on each side, snapped outward to a grid of a
/// quarter screen (in drawing units, rounded to a power of two so zooming keeps it steady).
pub fn window(t: Transform, vw: f64, vh: f64) -> Rect {
    let k = t.k.max(1e-6);
    let (x0, y0) = (-t.x / k, -t.y / k);
    let (w, h) = (vw / k, vh / k);
    let side = w.max(h).max(1.0);
    let step = (side / 4.0).log2().ceil().exp2();
    let snap_down = |v: f64| (v / step).floor() * step;
    let snap_up = |v: f64| (v / step).ceil() * step;
    (
        snap_down(x0 - w / 2.0),
        snap_down(y0 - h / 2.0),
        snap_up(x0 + w * 1.5),
        snap_up(y0 + h * 1.5),
    )
}

fn overlaps(a: Rect, b: Rect) -> bool {
    a.0 <= b.2 && b.0 <= a.2 && a.1 <= b.3 && b.1 <= a.3
}

fn bounds(points: &[(f64, f64)]) -> Option<Rect> {
    let first = points.first()?;
    Some(
        points
            .iter()
            .fold((first.0, first.1, first.0, first.1), |r, p| {
                (r.0.min(p.0), r.1.min(p.1), r.2.max(p.0), r.3.max(p.1))
            }),
    )
}

/// What is drawn of a culled view: its nodes, edges, fans and groups, each in view order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Culled {
    pub nodes: Vec<NodeId>,
    pub edges: Vec<EdgeId>,
    pub bands: Vec<BandId>,
    pub groups: Vec<GroupId>,
}

/// The nodes whose boxes meet `w` (at most [`MAX_NODES`], the nearest to its middle), the
/// edges and fans whose routes or rails meet it or that touch a drawn node, the groups whose
/// boxes meet it.
///
/// # Complexity
/// O(V + E + G + P) for V nodes, E edges and fans, G groups and P route points, plus
/// O(V log V) when more than [`MAX_NODES`] nodes meet the window.
pub fn cull(view: &GraphView, w: Rect) -> Culled {
    let mut nodes: Vec<NodeId> = view
        .nodes()
        .keys()
        .filter(|&i| {
            view.node(i)
                .map(|n| &n.bbox)
                .is_some_and(|b| overlaps(w, (b.x, b.y, b.x + b.width, b.y + b.height)))
        })
        .collect();
    if nodes.len() > MAX_NODES {
        let (cx, cy) = ((w.0 + w.2) / 2.0, (w.1 + w.3) / 2.0);
        let distance = |i: &NodeId| {
            let b = &view.nodes()[*i].bbox;
            let d = (b.x + b.width / 2.0 - cx).powi(2) + (b.y + b.height / 2.0 - cy).powi(2);
            (d * 16.0) as u64
        };
        nodes.sort_by_cached_key(distance);
        nodes.truncate(MAX_NODES);
        nodes.sort_ord();
    }
    let mut drawn: TiVec<NodeId, bool> = vec![false; view.nodes().len()].into();
    for &i in &nodes {
        drawn[i] = true;
    }
    let meets = |points: &[(f64, f64)]| bounds(points).is_some_and(|r| overlaps(w, r));
    let edges = view
        .edges()
        .iter_enumerated()
        .filter(|&(_, e)| {
            drawn.get(e.from) == Some(&true) || drawn.get(e.to) == Some(&true) || meets(&e.points)
        })
        .map(|(i, _)| i)
        .collect();
    let bands = view
        .bands()
        .iter_enumerated()
        .filter(|&(_, b)| drawn.get(b.to) == Some(&true) || b.rail.paths.iter().any(|p| meets(p)))
        .map(|(i, _)| i)
        .collect();
    let groups = view
        .groups()
        .iter_enumerated()
        .filter(|&(_, g)| {
            let b = &g.bbox;
            overlaps(w, (b.x, b.y, b.x + b.width, b.y + b.height))
        })
        .map(|(g, _)| g)
        .collect();
    Culled {
        nodes,
        edges,
        bands,
        groups,
    }
}

/// The nodes a new view adds to the drawing in its first frame: a big graph opens in a few
/// frames, nearest the middle of the screen first, instead of holding the page for hundreds
/// of milliseconds in one. Each later frame adds more or fewer ([`next_step`]), so that a
/// frame takes about [`FRAME_GOAL_MS`] however busy the machine is.
pub const DRAW_STEP: usize = 40;
/// The fewest and the most nodes one frame adds.
pub const DRAW_STEP_RANGE: (usize, usize) = (12, 240);
/// How long one frame of a new view's drawing should take, from one frame to the next
/// (building the nodes, then the browser's style, layout and paint of them).
pub const FRAME_GOAL_MS: f64 = 40.0;

/// The nodes the next frame adds, after a frame that added `step` nodes and took `elapsed_ms`
/// (from the start of one step to the start of the next): scaled towards [`FRAME_GOAL_MS`],
/// at most doubled, within [`DRAW_STEP_RANGE`].
pub fn next_step(step: usize, elapsed_ms: f64) -> usize {
    let scale = if elapsed_ms > 0.0 {
        (FRAME_GOAL_MS / elapsed_ms).min(2.0)
    } else {
        2.0
    };
    ((step as f64 * scale) as usize).clamp(DRAW_STEP_RANGE.0, DRAW_STEP_RANGE.1)
}

/// What to draw of `view` as the pan and zoom change: recomputed only when the snapped window
/// moves. A new view draws nothing until the frame after the one that opens it (fits it or
/// brings its newest end into view, `open_new_views`): drawn at once, it would be drawn first
/// where the previous graph was looked at, in the same task that shows a new catalog's
/// panels, and then again where the new one opens. Then it grows by [`DRAW_STEP`] nodes, and
/// then by as many as a frame has time for ([`next_step`]), until everything in the window is
/// drawn; after that, panning and zooming draw the whole window at once, as before.
pub fn culled(view: SharedView, pan_zoom: UsePanZoomReturn) -> Memo<Culled> {
    let budget = RwSignal::new(0usize);
    let win = Memo::new(move |_| {
        let t = pan_zoom.transform.get();
        let (vw, vh) = pan_zoom.viewport();
        window(t, vw, vh)
    });
    let all = {
        let view = view.clone();
        Memo::new(move |_| cull(&view, win.get()))
    };
    request_animation_frame(move || {
        request_animation_frame(move || grow(budget, all, DRAW_STEP, None))
    });
    Memo::new(move |_| {
        let budget = budget.get();
        all.with(|c| {
            if c.nodes.len() <= budget {
                c.clone()
            } else {
                nearest(&view, c, win.get_untracked(), budget)
            }
        })
    })
}

/// The page's clock in milliseconds (`None` outside a browser).
fn now_ms() -> Option<f64> {
    Some(web_sys::window()?.performance()?.now())
}

/// One more step of a new view's drawing (`step` nodes; `started`: when the previous step
/// began), and the next frame's while some is left (nothing once the view is gone).
fn grow(budget: RwSignal<usize>, all: Memo<Culled>, step: usize, started: Option<f64>) {
    let now = now_ms();
    let step = match (started, now) {
        (Some(a), Some(b)) => next_step(step, b - a),
        _ => step,
    };
    let Some(total) = budget.try_update(|b| {
        *b += step;
        *b
    }) else {
        return;
    };
    if all.try_with_untracked(|c| c.nodes.len() > total) == Some(true) {
        request_animation_frame(move || grow(budget, all, step, now));
    }
}

/// The `budget` nodes of `culled` nearest the middle of window `w`, with the edges and fans
/// that reach them and the groups.
///
/// # Complexity
/// O(n log n + e) for the n nodes and e edges and bands of `culled`.
fn nearest(view: &GraphView, culled: &Culled, w: Rect, budget: usize) -> Culled {
    let (cx, cy) = ((w.0 + w.2) / 2.0, (w.1 + w.3) / 2.0);
    let distance = |i: &NodeId| {
        view.node(*i).map(|n| &n.bbox).map_or(u64::MAX, |b| {
            let d = (b.x + b.width / 2.0 - cx).powi(2) + (b.y + b.height / 2.0 - cy).powi(2);
            (d * 16.0) as u64
        })
    };
    let mut nodes = culled.nodes.clone();
    nodes.sort_by_cached_key(distance);
    nodes.truncate(budget);
    nodes.sort_ord();
    let kept = |i: NodeId| nodes.binary_search(&i).is_ok();
    let edges = culled
        .edges
        .iter()
        .copied()
        .filter(|&i| {
            view.edges()
                .get(i)
                .is_some_and(|e| kept(e.from) || kept(e.to))
        })
        .collect();
    let bands = culled
        .bands
        .iter()
        .copied()
        .filter(|&i| view.bands().get(i).is_some_and(|b| kept(b.to)))
        .collect();
    Culled {
        edges,
        bands,
        groups: culled.groups.clone(),
        nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn the_window_covers_the_screen_and_stays_put_for_small_pans() {
        let t = Transform {
            x: -1000.0,
            y: 0.0,
            k: 0.5,
        };
        let w = window(t, 800.0, 600.0);
        // On screen: x 2000..3600, y 0..1200 in drawing units.
        assert!(w.0 <= 2000.0 && w.2 >= 3600.0 && w.1 <= 0.0 && w.3 >= 1200.0);
        // Not much more than two screens wide.
        assert!(w.2 - w.0 <= 1600.0 * 2.0 + 2.0 * 512.0, "{w:?}");
        let nudged = Transform { x: -1010.0, ..t };
        assert_eq!(window(nudged, 800.0, 600.0), w);
    }

    /// A laid-out view of a `replaces` chain of `n` bundles.
    fn chain_view(n: usize) -> GraphView {
        use olm_graph_core::graph::channel_graphs;
        use olm_graph_core::layout::LayoutOptions;
        let mut text = String::from(
            r#"{"schema":"olm.package","name":"p","defaultChannel":"c"}
{"schema":"olm.channel","package":"p","name":"c","entries":["#,
        );
        for i in 0..n {
            let sep = if i == 0 { "" } else { "," };
            let replaces = if i == 0 {
                String::new()
            } else {
                format!(r#","replaces":"p.v0.0.{}""#, i - 1)
            };
            text += &format!(r#"{sep}{{"name":"p.v0.0.{i}"{replaces}}}"#);
        }
        text += "]}\n";
        for i in 0..n {
            text += &format!(
                r#"{{"schema":"olm.bundle","package":"p","name":"p.v0.0.{i}","image":"q/p:{i}","properties":[{{"type":"olm.package","value":{{"packageName":"p","version":"0.0.{i}"}}}}]}}"#
            );
            text += "\n";
        }
        let catalog =
            olm_graph_core::load_files(vec![olm_graph_core::InputFile::new("chain.json", text)]);
        let pkg = &catalog.packages[0];
        let graphs = channel_graphs(pkg);
        GraphView::channel(pkg, &graphs[0], &LayoutOptions::default())
    }

    #[test]
    fn a_new_view_grows_from_the_middle_of_the_window() {
        let view = chain_view(200);
        assert_eq!(view.nodes().len(), 200);
        let middle = NodeId::new(100);
        let b = &view.nodes()[middle].bbox;
        let (cx, cy) = (b.x + b.width / 2.0, b.y + b.height / 2.0);
        let w = (cx - 1e6, cy - 1e6, cx + 1e6, cy + 1e6);
        let culled = cull(&view, w);
        assert_eq!(culled.nodes.len(), 200);
        let some = nearest(&view, &culled, w, 30);
        assert_eq!(some.nodes.len(), 30);
        assert!(
            some.nodes.contains(&middle),
            "the node in the middle comes first"
        );
        assert!(
            some.nodes.windows(2).all(|p| p[0] < p[1]),
            "in drawing order"
        );
        let far = |i: NodeId| {
            let b = &view.nodes()[i].bbox;
            (b.x + b.width / 2.0 - cx).powi(2) + (b.y + b.height / 2.0 - cy).powi(2)
        };
        let kept_far = some.nodes.iter().map(|&i| far(i)).fold(0.0, f64::max);
        let left_near = culled
            .nodes
            .iter()
            .filter(|i| !some.nodes.contains(i))
            .map(|&i| far(i))
            .fold(f64::MAX, f64::min);
        assert!(
            kept_far <= left_near,
            "every node kept is nearer than every node left"
        );
        for &e in &some.edges {
            let e = &view.edges()[e];
            assert!(some.nodes.contains(&e.from) || some.nodes.contains(&e.to));
        }
        assert!(!some.edges.is_empty());
        assert_eq!(nearest(&view, &culled, w, 1000).nodes, culled.nodes);
    }

    #[test]
    fn a_slow_frame_draws_fewer_nodes_next_and_a_quick_one_more() {
        // A frame of 200 ms (a busy machine) cuts the step to a fifth; one at the goal keeps
        // it; a quick one at most doubles it; the range holds either way.
        assert_eq!(next_step(100, 200.0), 20);
        assert_eq!(next_step(100, FRAME_GOAL_MS), 100);
        assert_eq!(next_step(100, 16.0), 200);
        assert_eq!(next_step(DRAW_STEP, 10_000.0), DRAW_STEP_RANGE.0);
        assert_eq!(next_step(200, 1.0), DRAW_STEP_RANGE.1);
        assert_eq!(next_step(50, 0.0), 100);
    }

    #[test]
    fn overlap_and_bounds() {
        assert!(overlaps((0.0, 0.0, 10.0, 10.0), (10.0, 5.0, 20.0, 6.0)));
        assert!(!overlaps((0.0, 0.0, 10.0, 10.0), (11.0, 5.0, 20.0, 6.0)));
        assert_eq!(
            bounds(&[(3.0, 4.0), (-1.0, 9.0)]),
            Some((-1.0, 4.0, 3.0, 9.0))
        );
        assert_eq!(bounds(&[]), None);
    }
}
