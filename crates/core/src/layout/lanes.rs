//! Lanes (y): the main line (the `replaces` chain through the head) is lane 0, on top. The other
//! nodes are cut into chains (a node continues the chain of the node it `replaces`, else the one
//! it `skips`, when that node is still a chain end), and the chains are packed into lanes
//! greedily in start order: a chain takes the lane of the node it branches from when free, else
//! the nearest free lane, else a new one. A lane is free when no chain in it overlaps the chain's
//! column interval, so lanes are reused and their number is the minimum for those chains.

use super::adjacency::Adjacency;
use super::{LayoutEdge, LayoutNode};
use crate::graph::EdgeKind;
use crate::sort::SortWith;

const NONE: usize = usize::MAX;

/// The lane of every node.
pub(super) struct Lanes {
    pub lane: Vec<usize>,
}

impl Lanes {
    /// Lanes for nodes in column `order` (`col` gives each node's column).
    ///
    /// # Complexity
    /// O(V·K + E) for K lanes.
    pub(super) fn new(
        order: &[usize],
        col: &[usize],
        edges: &[LayoutEdge<'_>],
        adj: &Adjacency,
        main_line: &[usize],
    ) -> Lanes {
        let chains = Chains::new(order, col, edges, adj, main_line);
        chains.pack(order, col, edges, adj)
    }

    /// The lanes the caller chose ([`LayoutNode::lane`], e.g. one per channel), ranked in order;
    /// a node without one takes the lane of the first node it points to (else of the first node
    /// pointing to it, else the first lane). `None` when no node has a lane.
    ///
    /// # Complexity
    /// O(V log V + E).
    pub(super) fn fixed(
        nodes: &[LayoutNode<'_>],
        edges: &[LayoutEdge<'_>],
        adj: &Adjacency,
    ) -> Option<Lanes> {
        let mut chosen: Vec<usize> = nodes.iter().filter_map(|n| n.lane).collect();
        if chosen.is_empty() {
            return None;
        }
        chosen.sort_ord();
        chosen.dedup();
        let rank = |l: usize| chosen.partition_point(|&c| c < l);
        let own: Vec<Option<usize>> = nodes.iter().map(|n| n.lane.map(rank)).collect();
        let lane: Vec<usize> = (0..nodes.len())
            .map(|u| {
                own[u]
                    .or_else(|| adj.outgoing(u).iter().find_map(|&e| own[edges[e].to]))
                    .or_else(|| adj.incoming(u).iter().find_map(|&e| own[edges[e].from]))
                    .unwrap_or(0)
            })
            .collect();
        Some(Lanes { lane })
    }

    /// Every node on the first lane.
    ///
    /// # Complexity
    /// O(V).
    pub(super) fn single(n: usize) -> Lanes {
        Lanes { lane: vec![0; n] }
    }

    /// Number of lanes used.
    ///
    /// # Complexity
    /// O(V).
    pub(super) fn count(&self) -> usize {
        self.lane.iter().max().map_or(0, |&m| m + 1)
    }
}

/// The chains: each node's successor and predecessor in its chain.
struct Chains {
    next: Vec<usize>,
    prev: Vec<usize>,
    on_main: Vec<bool>,
    /// Column interval of the main line.
    main_span: Option<(usize, usize)>,
}

impl Chains {
    fn new(
        order: &[usize],
        col: &[usize],
        edges: &[LayoutEdge<'_>],
        adj: &Adjacency,
        main_line: &[usize],
    ) -> Chains {
        let n = order.len();
        let mut main: Vec<usize> = main_line.iter().copied().filter(|&u| u < n).collect();
        main.sort_keyed(|&u| col[u]);
        main.dedup();
        let mut on_main = vec![false; n];
        for &u in &main {
            on_main[u] = true;
        }
        let mut next = vec![NONE; n];
        let mut prev = vec![NONE; n];
        for w in main.windows(2) {
            next[w[0]] = w[1];
            prev[w[1]] = w[0];
        }
        for &u in order {
            if on_main[u] {
                continue;
            }
            if let Some(p) = best_pred(u, col, edges, adj, Some((&next, &on_main))) {
                next[p] = u;
                prev[u] = p;
            }
        }
        let main_span = main
            .first()
            .zip(main.last())
            .map(|(&a, &b)| (col[a], col[b]));
        Chains {
            next,
            prev,
            on_main,
            main_span,
        }
    }

    /// Packs the chains into lanes, in start order.
    fn pack(
        &self,
        order: &[usize],
        col: &[usize],
        edges: &[LayoutEdge<'_>],
        adj: &Adjacency,
    ) -> Lanes {
        let mut lane = vec![0usize; order.len()];
        // busy[l]: last column used by the chains of lane l (None: not yet used).
        let mut busy: Vec<Option<usize>> = if self.main_span.is_none() {
            Vec::new()
        } else {
            vec![None]
        };
        for &s in order.iter().filter(|&&u| self.prev[u] == NONE) {
            let mut end = s;
            while self.next[end] != NONE {
                end = self.next[end];
            }
            let (cs, ce) = (col[s], col[end]);
            let chosen = if self.on_main[s] {
                0
            } else {
                let free = |l: usize| {
                    busy[l].is_none_or(|b| b < cs)
                        && (l != 0 || self.main_span.is_none_or(|(ms, me)| ce < ms || cs > me))
                };
                let pref = best_pred(s, col, edges, adj, None).map(|p| lane[p]);
                let pick = match pref {
                    Some(p) => (0..busy.len())
                        .filter(|&l| free(l))
                        .min_by_key(|&l| (l.abs_diff(p), l)),
                    None => (0..busy.len()).find(|&l| free(l)),
                };
                pick.unwrap_or_else(|| {
                    busy.push(None);
                    busy.len() - 1
                })
            };
            busy[chosen] = Some(busy[chosen].map_or(ce, |b| b.max(ce)));
            let mut u = s;
            loop {
                lane[u] = chosen;
                if self.next[u] == NONE {
                    break;
                }
                u = self.next[u];
            }
        }
        Lanes { lane }
    }
}

/// The node `u` continues: the older node it `replaces` (else `skips`), the closest one first.
/// With `free`, only nodes off the main line that no other node continues yet.
fn best_pred(
    u: usize,
    col: &[usize],
    edges: &[LayoutEdge<'_>],
    adj: &Adjacency,
    free: Option<(&[usize], &[bool])>,
) -> Option<usize> {
    let mut best: Option<((bool, usize), usize)> = None;
    for &e in adj.incoming(u) {
        let p = edges[e].from;
        let replaces = match edges[e].kind {
            EdgeKind::Replaces => true,
            EdgeKind::Skips => false,
            EdgeKind::SkipRange => continue,
        };
        if p == u || col[p] >= col[u] {
            continue;
        }
        if let Some((next, on_main)) = free {
            if next[p] != NONE || on_main[p] {
                continue;
            }
        }
        let key = (replaces, col[p]);
        if best.is_none_or(|(k, _)| key > k) {
            best = Some((key, p));
        }
    }
    best.map(|(_, p)| p)
}

#[cfg(test)]
mod tests {
    use crate::graph::{EdgeKind, PackageGraph};
    use crate::layout::test_support::*;
    use crate::layout::*;
    use crate::semver::Version;
    use crate::sort::SortWith;

    #[test]
    fn main_line_is_lane_zero() {
        let mut lanes_seen = 0;
        for g in real_graphs() {
            let layout = layout_channel(&g, &super::super::test_support::one_row());
            // The head's replaces chain, followed independently.
            let head = g.head_index().expect("real channels have one head");
            let mut chain = vec![head];
            let mut cur = head;
            while let Some(e) = g.incoming(cur).find(|e| e.kind == EdgeKind::Replaces) {
                if chain.contains(&e.from) {
                    break;
                }
                chain.push(e.from);
                cur = e.from;
            }
            assert_eq!(channel_main_line(&g), chain);
            for &u in &chain {
                assert_eq!(
                    layout.nodes[u].lane, 0,
                    "{}/{}: {}",
                    g.package, g.channel, g.nodes[u].name
                );
            }
            lanes_seen = lanes_seen.max(layout.lanes);
            assert!(
                layout.lanes <= 3,
                "{}/{}: {} lanes",
                g.package,
                g.channel,
                layout.lanes
            );
        }
        assert!(lanes_seen >= 1);
    }

    #[test]
    fn branches_get_their_own_lanes_and_lanes_are_reused() {
        let v: Vec<Version> = ["1.0.0", "1.0.1", "1.0.2", "1.1.0", "1.1.1", "1.2.0"]
            .iter()
            .map(|s| Version::parse(s).expect("version"))
            .collect();
        let names = ["a100", "a101", "a102", "a110", "a111", "a120"];
        let nodes = versioned_nodes(&names, &v);
        let e = |from, to| edge(from, to, EdgeKind::Replaces);
        // Main line 1.0.0 → 1.1.0 → 1.2.0; branches 1.0.0 → 1.0.1 → 1.0.2 and 1.1.0 → 1.1.1.
        let edges = [e(0, 3), e(3, 5), e(0, 1), e(1, 2), e(3, 4)];
        let layout = layout_graph(
            &nodes,
            &edges,
            &[5, 3, 0],
            &super::super::test_support::one_row(),
        );
        let lanes: Vec<usize> = layout.nodes.iter().map(|b| b.lane).collect();
        assert_eq!(lanes, vec![0, 1, 1, 0, 1, 0]);
        assert_eq!(layout.lanes, 2);
        // The main-line edges jump over lane-1 nodes only, so they are straight.
        assert!(!layout.edges[0].curved && !layout.edges[1].curved);
        check(
            &layout,
            6,
            &edges.map(|e| (e.from, e.to, e.kind)),
            FanMode::Bands,
            "branches",
        );
        check_routes_avoid_boxes(&layout, "branches");
    }

    #[test]
    fn package_view_of_project_quay() {
        let (packages, gs) = load(QUAY);
        let pg = PackageGraph::build(&packages[0], &gs);
        let layout = layout_package(&pg, &super::super::test_support::one_row());
        let edges: Vec<(usize, usize, EdgeKind)> =
            pg.edges.iter().map(|e| (e.from, e.to, e.kind)).collect();
        check_lanes(
            &layout,
            pg.nodes.len(),
            &edges,
            FanMode::Bands,
            "quay package",
        );
        check_routes_avoid_boxes(&layout, "quay package");
        let main = package_main_line(&pg);
        assert!(main.len() > 3, "main line {main:?}");
        assert!(
            pg.nodes[main[0]].name.ends_with("3.17.4"),
            "{}",
            pg.nodes[main[0]].name
        );
        // One lane per channel, in name order: a bundle in the lane of the first of its
        // channels (one row, so global lanes are the channels' lanes).
        let first = |u: usize| pg.nodes[u].channels.iter().min().cloned();
        let entries: Vec<usize> = (0..pg.nodes.len())
            .filter(|&u| !pg.nodes[u].is_virtual)
            .collect();
        for &u in &entries {
            for &v in &entries {
                let (a, b) = (first(u), first(v));
                let (la, lb) = (layout.nodes[u].lane, layout.nodes[v].lane);
                assert_eq!(a.cmp(&b), la.cmp(&lb), "lanes of {u} and {v}");
            }
        }
        let channels: std::collections::BTreeSet<_> =
            entries.iter().filter_map(|&u| first(u)).collect();
        assert_eq!(layout.lanes, channels.len());
        let mut by_col: Vec<&NodeBox> = layout.nodes.iter().collect();
        by_col.sort_keyed(|b| b.column);
        for w in by_col.windows(2) {
            assert!(pg.nodes[w[0].node].version < pg.nodes[w[1].node].version);
        }
        // 3.16.3 and 3.16.2 are both in stable-3.16 alone: same lane.
        let idx = |suffix: &str| {
            pg.nodes
                .iter()
                .position(|n| n.name.ends_with(suffix))
                .expect(suffix)
        };
        assert_eq!(
            layout.nodes[idx("v3.16.2")].lane,
            layout.nodes[idx("v3.16.3")].lane
        );
    }
}
