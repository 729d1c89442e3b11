//! Moving the keyboard focus between bundles along the graph's edges: → follows an upgrade out
//! of the focused bundle, ← one into it (bands count like their edges), ↑ and ↓ go to the
//! nearest bundle above or below. Pure; tested natively.

use olm_graph_core::view::{GraphView, NodeId};

/// An arrow key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Left,
    Right,
    Up,
    Down,
}

impl Direction {
    /// The direction of a `KeyboardEvent.key`.
    pub fn from_key(key: &str) -> Option<Direction> {
        match key {
            "ArrowLeft" => Some(Direction::Left),
            "ArrowRight" => Some(Direction::Right),
            "ArrowUp" => Some(Direction::Up),
            "ArrowDown" => Some(Direction::Down),
            _ => None,
        }
    }
}

fn center(view: &GraphView, i: NodeId) -> (f64, f64) {
    let b = &view.nodes()[i].bbox;
    (b.x + b.width / 2.0, b.y + b.height / 2.0)
}

/// The bundle the focus moves to from node `from`, if any: along an edge (or band) for ← and →,
/// choosing the nearest of the ends; the nearest node above or below for ↑ and ↓.
///
/// # Complexity
/// O(E + B·S) for E edges and B bands of S sources, or O(V) for ↑ and ↓.
pub fn next_node(view: &GraphView, from: NodeId, direction: Direction) -> Option<NodeId> {
    if from.index() >= view.nodes().len() {
        return None;
    }
    let candidates: Vec<NodeId> = match direction {
        Direction::Right => successors(view, from),
        Direction::Left => predecessors(view, from),
        Direction::Up | Direction::Down => view
            .nodes()
            .keys()
            .filter(|&i| {
                let dy = center(view, i).1 - center(view, from).1;
                if direction == Direction::Up {
                    dy < -0.5
                } else {
                    dy > 0.5
                }
            })
            .collect(),
    };
    let (x0, y0) = center(view, from);
    candidates
        .into_iter()
        // A bundle collapsed into a group has no box of its own to focus.
        .filter(|&i| i != from && view.nodes().get(i).is_some_and(|n| n.collapsed.is_none()))
        .min_by(|&a, &b| {
            let d = |i: NodeId| {
                let (x, y) = center(view, i);
                (x - x0).abs() + (y - y0).abs()
            };
            d(a).total_cmp(&d(b)).then(a.cmp(&b))
        })
}

/// Nodes an edge or band leads to from `i`.
fn successors(view: &GraphView, i: NodeId) -> Vec<NodeId> {
    let edges = view.edges().iter().filter(|e| e.from == i).map(|e| e.to);
    let bands = view
        .bands()
        .iter()
        .filter(|b| b.sources.binary_search(&i).is_ok())
        .map(|b| b.to);
    edges.chain(bands).collect()
}

/// Nodes with an edge or band into `i`.
fn predecessors(view: &GraphView, i: NodeId) -> Vec<NodeId> {
    let edges = view.edges().iter().filter(|e| e.to == i).map(|e| e.from);
    let bands = view
        .bands()
        .iter()
        .filter(|b| b.to == i)
        .flat_map(|b| b.sources.iter().copied());
    edges.chain(bands).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use olm_graph_core::graph::channel_graphs;
    use olm_graph_core::{load_files, InputFile};
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    use crate::graph::text::drawing_layout;

    fn sample_view() -> GraphView {
        let catalog = load_files(vec![InputFile::new(
            "sample.yaml",
            include_str!("../../assets/sample-catalog.yaml"),
        )]);
        let pkg = catalog.package("acme-operator").unwrap();
        let graphs = channel_graphs(pkg);
        let stable = graphs.iter().find(|g| g.channel == "stable").unwrap();
        GraphView::channel(pkg, stable, &drawing_layout())
    }

    #[test]
    fn right_and_left_follow_the_edges() {
        let v = sample_view();
        let at = |name: &str| v.node_index(name).unwrap();
        let name = |i: NodeId| v.nodes()[i].name.as_str();
        // v1.2.0 upgrades to the head v1.2.1 only.
        let next = next_node(&v, at("acme-operator.v1.2.0"), Direction::Right).unwrap();
        assert_eq!(name(next), "acme-operator.v1.2.1");
        // The head has no way out; into it, the nearest bundle it upgrades from.
        assert_eq!(
            next_node(&v, at("acme-operator.v1.2.1"), Direction::Right),
            None
        );
        let back = next_node(&v, at("acme-operator.v1.2.1"), Direction::Left).unwrap();
        assert!(
            v.edges()
                .iter()
                .any(|e| e.from == back && e.to == at("acme-operator.v1.2.1"))
                || v.bands()
                    .iter()
                    .any(|b| b.to == at("acme-operator.v1.2.1") && b.sources.contains(&back))
        );
        // Every move along an edge lands on a neighbour.
        for i in v.nodes().keys() {
            for d in [Direction::Left, Direction::Right] {
                if let Some(j) = next_node(&v, i, d) {
                    assert!(v.neighbours(i).contains(&j), "{} {d:?}", name(i));
                }
            }
        }
        assert_eq!(next_node(&v, NodeId::new(999), Direction::Up), None);
        assert_eq!(Direction::from_key("ArrowUp"), Some(Direction::Up));
        assert_eq!(Direction::from_key("Enter"), None);
    }
}
