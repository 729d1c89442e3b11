//! operator-pipelines' upgrade-graph checks of the community suite, `check_upgrade_graph_loop`
//! and `check_dangling_bundles`, computed on each channel's [`ChannelGraph`]
//! (spec/preflight.md §2).

use std::cmp::Ordering;

use crate::graph::{ChannelGraph, Node};
use crate::model::{Catalog, Package};
use crate::sort::SortWith;

use super::Check;

/// The pipeline's name of the loop check.
pub(super) const LOOP: &str = "check_upgrade_graph_loop";
/// The pipeline's name of the dangling-bundle check.
pub(super) const DANGLING: &str = "check_dangling_bundles";

/// How the pipeline prints a bundle: `Bundle(<operator>/<version>)` (spec/preflight.md §2.1),
/// the package standing for the operator directory.
fn label(package: &str, node: &Node) -> String {
    match &node.version {
        Some(v) => format!("Bundle({package}/{v})"),
        None => format!("Bundle({package}/{})", node.name),
    }
}

/// The pipeline's bundle order: by version, the name breaking ties (spec/preflight.md §2.1).
fn order(a: &Node, b: &Node) -> Ordering {
    a.version.cmp(&b.version).then_with(|| a.name.cmp(&b.name))
}

/// Each package's channels by name, as the pipeline walks them: for an operator directory in
/// replaces-mode, the channels its bundles' annotations name, every bundle that names one an
/// entry (spec/preflight.md §2.5).
///
/// # Complexity
/// O(C log C) for C channels, plus building each graph ([`ChannelGraph::build`]).
fn sorted_graphs(package: &Package) -> Vec<ChannelGraph> {
    let source = if package.annotated_channels.is_empty() {
        &package.channels
    } else {
        &package.annotated_channels
    };
    let mut channels: Vec<_> = source.iter().collect();
    channels.sort_with(|a, b| a.name.cmp(&b.name));
    channels
        .into_iter()
        .map(|c| ChannelGraph::build(package, c))
        .collect()
}

/// The entry nodes in the pipeline's order, and each one's successors (the entries that
/// upgrade it, by any edge kind) in that order, as positions in the first list.
///
/// # Complexity
/// O(V log V + E log E) for V nodes and E edges.
fn ordered_adjacency(g: &ChannelGraph) -> (Vec<usize>, Vec<Vec<usize>>) {
    let mut entries: Vec<usize> = (0..g.nodes.len())
        .filter(|&i| !g.nodes[i].is_virtual)
        .collect();
    entries.sort_with(|&a, &b| order(&g.nodes[a], &g.nodes[b]));
    let mut rank = vec![usize::MAX; g.nodes.len()];
    for (r, &i) in entries.iter().enumerate() {
        rank[i] = r;
    }
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); entries.len()];
    for e in &g.edges {
        let (f, t) = (rank[e.from], rank[e.to]);
        if f != usize::MAX && t != usize::MAX {
            next[f].push(t);
        }
    }
    for n in &mut next {
        n.sort_ord();
        n.dedup();
    }
    (entries, next)
}

/// The first edge that closes a loop, found by a depth-first search from each bundle in order
/// (spec/preflight.md §2.2): `(from, to)` as positions.
///
/// # Complexity
/// O(V + E): each node and edge is visited once.
fn back_edge(next: &[Vec<usize>]) -> Option<(usize, usize)> {
    // 0: not visited, 1: on the current path, 2: done.
    let mut state = vec![0u8; next.len()];
    for start in 0..next.len() {
        if state[start] != 0 {
            continue;
        }
        let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
        state[start] = 1;
        while let Some(top) = stack.last_mut() {
            let (node, i) = *top;
            if let Some(&to) = next[node].get(i) {
                top.1 += 1;
                match state[to] {
                    0 => {
                        state[to] = 1;
                        stack.push((to, 0));
                    }
                    1 => return Some((node, to)),
                    _ => {}
                }
            } else {
                state[node] = 2;
                stack.pop();
            }
        }
    }
    None
}

/// `check_upgrade_graph_loop`: one failure per channel whose upgrade graph has a loop, naming
/// the edge that closes it (spec/preflight.md §2.2).
///
/// # Complexity
/// O(V log V + E log E) per channel of V nodes and E edges, plus building its graph.
pub(super) fn upgrade_graph_loop(catalog: &Catalog) -> Check {
    let mut messages = Vec::new();
    for package in &catalog.packages {
        for g in sorted_graphs(package) {
            let (entries, next) = ordered_adjacency(&g);
            if let Some((from, to)) = back_edge(&next) {
                let (f, t) = (&g.nodes[entries[from]], &g.nodes[entries[to]]);
                messages.push(format!(
                    "Upgrade graph loop detected: {} -> {}",
                    label(&package.name, f),
                    label(&package.name, t)
                ));
            }
        }
    }
    Check::failing_on_messages(LOOP, messages)
}

/// `check_dangling_bundles`: one failure per channel that has bundles no other bundle of the
/// channel upgrades, the channel's highest version apart (spec/preflight.md §2.3).
///
/// # Complexity
/// O(V log V + E log E) per channel of V nodes and E edges, plus building its graph.
pub(super) fn dangling_bundles(catalog: &Catalog) -> Check {
    let mut messages = Vec::new();
    for package in &catalog.packages {
        for g in sorted_graphs(package) {
            let (entries, next) = ordered_adjacency(&g);
            let head = entries.len().checked_sub(1);
            let dangling: Vec<String> = (0..entries.len())
                .filter(|&r| next[r].is_empty() && Some(r) != head)
                .map(|r| label(&package.name, &g.nodes[entries[r]]))
                .collect();
            if !dangling.is_empty() {
                messages.push(format!(
                    "Channel {} has dangling bundles: {{{}}}",
                    g.channel,
                    dangling.join(", ")
                ));
            }
        }
    }
    Check::failing_on_messages(DANGLING, messages)
}

/// What the pipeline's two graph checks stop on before they look at the graph, from the
/// operator's files (spec/preflight.md §2.7): not run at all when every operator is
/// FBC-enabled (`fbc.enabled: true` in `ci.yaml`: the checks are marked `skip_fbc`); else a
/// failure for an `updateGraph` that is neither mode (`Operator({name}): unsupported
/// updateGraph value: {value}`), or in replaces-mode for a bundle whose CSV `replaces` or
/// `skips` names something without a `.` (`Bundle({operator}/{version}) has invalid 'replaces'
/// field: '{name}'`), one message per operator as the pipeline stops at the first; `None`:
/// go on to the graph.
///
/// # Complexity
/// O(B·S) for B bundles of S skips each.
pub(super) fn before_the_graph(name: &str, tree: &super::tree::Tree) -> Option<Check> {
    use super::python::{fbc_enabled, get, str_of};
    if name != LOOP && name != DANGLING {
        return None;
    }
    if !tree.operators.is_empty() && tree.operators.iter().all(|op| fbc_enabled(&op.config)) {
        return Some(Check::skipped(name, super::ci_config::FBC_SKIP));
    }
    let mut messages = Vec::new();
    for op in tree.operators.iter().filter(|op| !fbc_enabled(&op.config)) {
        let mode = get(&op.config, "updateGraph").map_or("replaces-mode".to_string(), str_of);
        if mode == "semver-mode" {
            continue;
        }
        if mode != "replaces-mode" {
            messages.push(format!(
                "Operator({}): unsupported updateGraph value: {mode}",
                op.name
            ));
            continue;
        }
        if let Some(m) = invalid_replaces(op) {
            messages.push(m);
        }
    }
    (!messages.is_empty()).then(|| Check::failing_on_messages(name, messages))
}

/// The first bundle of the operator (by version) whose CSV `replaces` or `skips` names
/// something without a `.`, which the pipeline cannot read as `<operator>.<version>`.
///
/// # Complexity
/// O(B log B + B·S) for B bundles of S skips each.
fn invalid_replaces(op: &super::tree::OperatorDir) -> Option<String> {
    use super::python::get;
    let mut bundles: Vec<&super::tree::BundleDir> = op.bundles.iter().collect();
    bundles.sort_with(|a, b| {
        let v = |x: &super::tree::BundleDir| {
            crate::semver::Version::parse(x.version_dir.trim_start_matches('v')).ok()
        };
        v(a).cmp(&v(b))
            .then_with(|| a.version_dir.cmp(&b.version_dir))
    });
    for b in bundles {
        let Some((_, csv)) = &b.csv else {
            continue;
        };
        let Some(spec) = get(csv, "spec") else {
            continue;
        };
        let replaces = get(spec, "replaces").and_then(|r| r.as_str());
        let skips = get(spec, "skips")
            .and_then(|s| s.as_array())
            .into_iter()
            .flatten()
            .filter_map(|s| s.as_str());
        if let Some(bad) = replaces.into_iter().chain(skips).find(|n| !n.contains('.')) {
            return Some(format!(
                "{} has invalid 'replaces' field: '{bad}'",
                b.label(&op.name)
            ));
        }
    }
    None
}
