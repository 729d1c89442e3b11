//! Absent bundles collapse: the virtual nodes (not entries) that one entry names through its
//! `replaces` or `skips` become one group node per entry when there are at least
//! [`super::LayoutOptions::group_min`] of them and the entry's group is not expanded. A virtual
//! node named by several entries belongs to the newest of them. The layout runs on the reduced
//! graph; a collapsed node is then given its group's box, and its edges the group's routes.

use super::{LayoutEdge, LayoutNode, LayoutOptions};

use crate::sort::SortWith;

/// A group of collapsed virtual nodes.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Group {
    /// The entry that names them (an input node).
    pub entry: usize,
    /// The collapsed input nodes, ascending.
    pub members: Vec<usize>,
}

/// The graph the layout runs on: the nodes that stay, then one node per group.
pub(super) struct Reduced<'a> {
    pub nodes: Vec<LayoutNode<'a>>,
    /// One per input edge, in input order, endpoints mapped (an edge with an endpoint out of
    /// range keeps an out-of-range endpoint).
    pub edges: Vec<LayoutEdge<'a>>,
    /// Reduced node of every input node.
    pub of: Vec<usize>,
    /// Input node of every reduced node (a group's: its entry).
    pub back: Vec<usize>,
    pub groups: Vec<Group>,
    /// Reduced index of the first group.
    pub first_group: usize,
    pub main_line: Vec<usize>,
    /// The stream of every reduced node ([`super::rows::stream_of`]): what the rows read of
    /// the nodes, the only thing any phase after the lanes reads of them.
    pub streams: Vec<Option<(u64, u64)>>,
}

impl<'a> Reduced<'a> {
    /// Collapses the groups `options` asks for.
    ///
    /// # Complexity
    /// O(V log V + E) for V nodes and E edges.
    pub(super) fn new(
        nodes: &[LayoutNode<'a>],
        edges: &[LayoutEdge<'a>],
        main_line: &[usize],
        options: &LayoutOptions,
    ) -> Reduced<'a> {
        let n = nodes.len();
        let groups = if options.groups() {
            find_groups(nodes, edges, options)
        } else {
            Vec::new()
        };
        let mut group_of = vec![usize::MAX; n];
        for (g, grp) in groups.iter().enumerate() {
            for &m in &grp.members {
                group_of[m] = g;
            }
        }
        let mut of = vec![usize::MAX; n];
        let mut back = Vec::with_capacity(n);
        let mut reduced = Vec::with_capacity(n);
        for u in (0..n).filter(|&u| group_of[u] == usize::MAX) {
            of[u] = reduced.len();
            back.push(u);
            reduced.push(nodes[u]);
        }
        let first_group = reduced.len();
        for grp in &groups {
            let e = &nodes[grp.entry];
            back.push(grp.entry);
            reduced.push(LayoutNode {
                name: e.name,
                version: None,
                is_virtual: true,
                lane: e.lane,
            });
        }
        for u in 0..n {
            if group_of[u] != usize::MAX {
                of[u] = first_group + group_of[u];
            }
        }
        let map = |u: usize| if u < n { of[u] } else { usize::MAX };
        let edges = edges
            .iter()
            .map(|e| LayoutEdge {
                from: map(e.from),
                to: map(e.to),
                ..*e
            })
            .collect();
        let mut line: Vec<usize> = main_line
            .iter()
            .filter(|&&u| u < n)
            .map(|&u| of[u])
            .collect();
        line.dedup();
        let streams = reduced.iter().map(super::rows::stream_of).collect();
        Reduced {
            streams,
            nodes: reduced,
            edges,
            of,
            back,
            groups,
            first_group,
            main_line: line,
        }
    }
}

/// The groups: each virtual node goes to the newest entry it points to; entries with at least
/// `group_min` of them, and not expanded, make a group.
fn find_groups(
    nodes: &[LayoutNode<'_>],
    edges: &[LayoutEdge<'_>],
    options: &LayoutOptions,
) -> Vec<Group> {
    let n = nodes.len();
    let newer = |a: usize, b: usize| {
        (nodes[a].version, nodes[a].name, a) > (nodes[b].version, nodes[b].name, b)
    };
    let mut owner = vec![usize::MAX; n];
    for e in edges {
        let (m, t) = (e.from, e.to);
        if m >= n || t >= n || m == t || !nodes[m].is_virtual || nodes[t].is_virtual {
            continue;
        }
        if owner[m] == usize::MAX || newer(t, owner[m]) {
            owner[m] = t;
        }
    }
    let mut by_entry: Vec<(usize, usize)> = (0..n)
        .filter(|&m| owner[m] != usize::MAX)
        .map(|m| (owner[m], m))
        .collect();
    by_entry.sort_ord();
    let mut expanded: Vec<&str> = options.expanded_groups.iter().map(String::as_str).collect();
    expanded.sort_ord();
    by_entry
        .chunk_by(|a, b| a.0 == b.0)
        .filter(|run| run.len() >= options.group_min)
        .filter(|run| expanded.binary_search(&nodes[run[0].0].name).is_err())
        .map(|run| Group {
            entry: run[0].0,
            members: run.iter().map(|&(_, m)| m).collect(),
        })
        .collect()
}
