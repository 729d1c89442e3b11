//! Columns (x): one node per column, in version order. Versioned nodes are sorted by (version,
//! name, index); a node without a version (a name the catalog lacks) is put just left of the
//! oldest node it points to, or else just right of the newest node pointing to it, or else (no
//! versioned neighbour at all) next to a versionless neighbour, or at the far right.
//!
//! [`Anchor::StreamStart`], the crossing-free retry's other order, puts a versionless node left
//! of the first node of its oldest target's stream (major.minor) instead: an older bundle that
//! the catalog lacks, replaced by several entries of a stream, then comes before the whole
//! stream, so a replaces edge from the stream's first entry to the next stream does not pass over
//! its fan.
//!
//! The `replaces` chain reads in order too: a node that replaces a newer version (clife's
//! `v0.0.1` replaces `v1.17.5` and is replaced by `v1.17.7`) is put just right of the node it
//! replaces, as if it had no version, so the chain never runs backwards.

use std::collections::VecDeque;

use super::adjacency::Adjacency;
use super::{LayoutEdge, LayoutNode};
use crate::graph::EdgeKind;
use crate::sort::SortWith;

/// The column of every node and the nodes in column order.
pub(super) struct Columns {
    /// Nodes, left to right.
    pub order: Vec<usize>,
    /// Column of each node.
    pub col: Vec<usize>,
}

/// Where a versionless node that points to a versioned one goes (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Anchor {
    /// Just left of the oldest node it points to.
    Target,
    /// Just left of the first node of that node's stream.
    StreamStart,
}

impl Columns {
    /// # Complexity
    /// O(V log V + E).
    pub(super) fn new(
        nodes: &[LayoutNode<'_>],
        edges: &[LayoutEdge<'_>],
        adj: &Adjacency,
        anchor: Anchor,
    ) -> Columns {
        let order = column_order(nodes, edges, adj, anchor);
        let mut col = vec![0usize; nodes.len()];
        for (c, &u) in order.iter().enumerate() {
            col[u] = c;
        }
        Columns { order, col }
    }
}

/// Versionless nodes to place just left (`before`) or right (`after`) of each node.
struct Anchors {
    before: Vec<Vec<usize>>,
    after: Vec<Vec<usize>>,
    placed: Vec<bool>,
    queue: VecDeque<usize>,
}

impl Anchors {
    /// Places every versionless node that has a versioned neighbour (see the module docs).
    fn new(
        edges: &[LayoutEdge<'_>],
        adj: &Adjacency,
        (rank, after, head): (&[usize], &[usize], &[usize]),
    ) -> Anchors {
        let n = rank.len();
        let mut a = Anchors {
            before: vec![Vec::new(); n],
            after: vec![Vec::new(); n],
            placed: rank.iter().map(|&r| r != usize::MAX).collect(),
            queue: VecDeque::new(),
        };
        for (v, &w) in after.iter().enumerate().filter(|(_, &w)| w != usize::MAX) {
            a.after[w].push(v);
            a.placed[v] = true;
            a.queue.push_back(v);
        }
        for v in (0..n).filter(|&v| rank[v] == usize::MAX && after[v] == usize::MAX) {
            let oldest_target = adj
                .outgoing(v)
                .iter()
                .map(|&e| edges[e].to)
                .filter(|&w| rank[w] != usize::MAX)
                .min_by_key(|&w| rank[w]);
            let newest_source = adj
                .incoming(v)
                .iter()
                .map(|&e| edges[e].from)
                .filter(|&w| rank[w] != usize::MAX)
                .max_by_key(|&w| rank[w]);
            match (oldest_target, newest_source) {
                (Some(w), _) => a.before[head[w]].push(v),
                (None, Some(w)) => a.after[w].push(v),
                (None, None) => continue,
            }
            a.placed[v] = true;
            a.queue.push_back(v);
        }
        a.spread(edges, adj);
        a
    }

    /// Places the unplaced neighbours of queued nodes next to them, breadth first.
    fn spread(&mut self, edges: &[LayoutEdge<'_>], adj: &Adjacency) {
        while let Some(p) = self.queue.pop_front() {
            for &e in adj.outgoing(p) {
                let q = edges[e].to;
                if !self.placed[q] {
                    self.placed[q] = true;
                    self.after[p].push(q);
                    self.queue.push_back(q);
                }
            }
            for &e in adj.incoming(p) {
                let q = edges[e].from;
                if !self.placed[q] {
                    self.placed[q] = true;
                    self.before[p].push(q);
                    self.queue.push_back(q);
                }
            }
        }
    }
}

/// Nodes in column order: versioned nodes by (version, name, index), versionless nodes inserted
/// next to the node they are anchored to (see the module docs).
fn column_order(
    nodes: &[LayoutNode<'_>],
    edges: &[LayoutEdge<'_>],
    adj: &Adjacency,
    anchor: Anchor,
) -> Vec<usize> {
    let n = nodes.len();
    let by_name = |a: &usize, b: &usize| nodes[*a].name.cmp(nodes[*b].name).then(a.cmp(b));
    let mut versioned: Vec<usize> = (0..n).filter(|&i| nodes[i].version.is_some()).collect();
    versioned.sort_with(|a, b| {
        nodes[*a]
            .version
            .cmp(&nodes[*b].version)
            .then_with(|| by_name(a, b))
    });
    let mut rank = vec![usize::MAX; n];
    for (r, &i) in versioned.iter().enumerate() {
        rank[i] = r;
    }
    let after = backward_replacements(edges, &rank);
    for (v, &w) in after.iter().enumerate() {
        if w != usize::MAX {
            rank[v] = usize::MAX;
        }
    }
    versioned.retain(|&v| rank[v] != usize::MAX);
    let head = anchor_heads(nodes, &versioned, anchor);
    let mut anchors = Anchors::new(edges, adj, (&rank, &after, &head));
    // Nodes without any versioned neighbour: roots of their own, by name.
    let mut rest: Vec<usize> = (0..n).filter(|&v| !anchors.placed[v]).collect();
    rest.sort_with(by_name);
    let mut roots = versioned;
    for r in rest {
        if !anchors.placed[r] {
            anchors.placed[r] = true;
            roots.push(r);
            anchors.queue.push_back(r);
            anchors.spread(edges, adj);
        }
    }
    for list in anchors.before.iter_mut().chain(anchors.after.iter_mut()) {
        list.sort_with(by_name);
    }
    in_order(&roots, &anchors.before, &anchors.after, n)
}

/// The node a versionless node pointing to each node is put left of: the node itself, or with
/// [`Anchor::StreamStart`] the first node of its stream among `versioned` (in column order).
///
/// # Complexity
/// O(V).
fn anchor_heads(nodes: &[LayoutNode<'_>], versioned: &[usize], anchor: Anchor) -> Vec<usize> {
    let mut head: Vec<usize> = (0..nodes.len()).collect();
    if anchor == Anchor::StreamStart {
        let stream = |u: usize| nodes[u].version.map(|v| (v.major, v.minor));
        let mut first = None;
        for (i, &u) in versioned.iter().enumerate() {
            if i == 0 || stream(versioned[i - 1]) != stream(u) {
                first = Some(u);
            }
            head[u] = first.unwrap_or(u);
        }
    }
    head
}

/// For each versioned node that replaces a newer version, the node it replaces (the first such
/// edge; `usize::MAX` for every other node). Each anchor has a higher rank than its node, so
/// anchors never form a cycle and every chain of them ends at a node that keeps its rank.
///
/// # Complexity
/// O(V + E).
fn backward_replacements(edges: &[LayoutEdge<'_>], rank: &[usize]) -> Vec<usize> {
    let mut after = vec![usize::MAX; rank.len()];
    for e in edges {
        let (Some(&from), Some(&to)) = (rank.get(e.from), rank.get(e.to)) else {
            continue;
        };
        if e.kind == EdgeKind::Replaces
            && to != usize::MAX
            && from != usize::MAX
            && to < from
            && after[e.to] == usize::MAX
        {
            after[e.to] = e.from;
        }
    }
    after
}

/// In-order walk from each root: its before-children, the node, its after-children.
fn in_order(roots: &[usize], before: &[Vec<usize>], after: &[Vec<usize>], n: usize) -> Vec<usize> {
    let mut order = Vec::with_capacity(n);
    let mut stack: Vec<(usize, bool)> = roots.iter().rev().map(|&r| (r, false)).collect();
    while let Some((u, expanded)) = stack.pop() {
        if expanded {
            order.push(u);
            continue;
        }
        stack.extend(after[u].iter().rev().map(|&c| (c, false)));
        stack.push((u, true));
        stack.extend(before[u].iter().rev().map(|&c| (c, false)));
    }
    order
}

#[cfg(test)]
mod tests {
    use crate::graph::EdgeKind;
    use crate::layout::test_support::*;
    use crate::layout::*;
    use crate::semver::Version;
    use crate::sort::SortWith;

    #[test]
    fn x_order_is_version_order_on_real_channels() {
        for g in real_graphs() {
            let layout = layout_channel(&g, &super::super::test_support::one_row());
            let mut versioned: Vec<&NodeBox> = layout
                .nodes
                .iter()
                .filter(|b| g.nodes[b.node].version.is_some())
                .collect();
            versioned.sort_keyed(|b| b.column);
            for w in versioned.windows(2) {
                let (a, b) = (&g.nodes[w[0].node], &g.nodes[w[1].node]);
                let key = |n: &crate::graph::Node| (n.version.clone(), n.name.clone());
                assert!(
                    key(a) < key(b),
                    "{}/{}: {} before {}",
                    g.package,
                    g.channel,
                    a.name,
                    b.name
                );
                assert!(w[0].x < w[1].x);
            }
        }
    }

    #[test]
    fn versionless_nodes_sit_next_to_their_neighbour() {
        // Real data: descheduler channels skip names the catalog lacks.
        let (_, gs) = load(DESCHEDULER);
        let mut checked = 0;
        for g in &gs {
            let layout = layout_channel(g, &super::super::test_support::one_row());
            for (i, node) in g.nodes.iter().enumerate() {
                if node.version.is_some() {
                    continue;
                }
                let targets: Vec<usize> =
                    g.outgoing(i).map(|e| layout.nodes[e.to].column).collect();
                if let Some(&oldest) = targets.iter().min() {
                    let c = layout.nodes[i].column;
                    assert!(
                        c < oldest,
                        "{}: {} left of what it points to",
                        g.channel,
                        node.name
                    );
                    // Only other versionless nodes between it and its anchor.
                    let between = layout
                        .nodes
                        .iter()
                        .filter(|b| b.column > c && b.column < oldest);
                    assert!(between.clone().all(|b| g.nodes[b.node].version.is_none()));
                    checked += 1;
                }
            }
        }
        assert!(
            checked > 0,
            "descheduler v4.12 has versionless skipped names"
        );
        // Synthetic: a versionless node pointing to b, one pointed to by b, one isolated.
        let v = [
            Version::new(1, 0, 0),
            Version::new(2, 0, 0),
            Version::new(3, 0, 0),
        ];
        let nodes = [
            LayoutNode::new("c", Some(&v[2])),
            LayoutNode::new("x-old", None),
            LayoutNode::new("a", Some(&v[0])),
            LayoutNode::new("b", Some(&v[1])),
            LayoutNode::new("y-new", None),
            LayoutNode::new("z-alone", None),
        ];
        let e = edge;
        let edges = [
            e(2, 3, EdgeKind::Replaces),
            e(3, 0, EdgeKind::Replaces),
            e(1, 3, EdgeKind::Skips),
            e(3, 4, EdgeKind::Skips),
        ];
        let layout = layout_graph(
            &nodes,
            &edges,
            &[0, 3, 2],
            &super::super::test_support::one_row(),
        );
        let cols: Vec<usize> = layout.nodes.iter().map(|b| b.column).collect();
        // a, x-old, b, y-new, c, z-alone
        assert_eq!(cols, vec![4, 1, 0, 2, 3, 5]);
    }

    #[test]
    fn a_bundle_that_replaces_a_newer_version_reads_right_after_it() {
        // clife 1.17's shape: b is replaced by the older-versioned c, which d replaces; and a
        // cycle x -> y -> x, which must not lose a node.
        let v = [
            Version::new(1, 0, 0),
            Version::new(3, 0, 0),
            Version::new(0, 1, 0),
            Version::new(4, 0, 0),
            Version::new(5, 0, 0),
            Version::new(6, 0, 0),
        ];
        let names = ["a", "b", "c", "d", "x", "y"];
        let nodes = versioned_nodes(&names, &v);
        let e = |from, to| edge(from, to, EdgeKind::Replaces);
        let edges = [e(0, 1), e(1, 2), e(2, 3), e(3, 4), e(4, 5), e(5, 4)];
        let layout = layout_graph(
            &nodes,
            &edges,
            &[0, 1, 2, 3],
            &super::super::test_support::one_row(),
        );
        let cols: Vec<usize> = layout.nodes.iter().map(|b| b.column).collect();
        // a, b, c, d in chain order; in the cycle, x also replaces the newer y: y, then x.
        assert_eq!(cols, vec![0, 1, 2, 3, 5, 4]);
    }
}
