//! One channel as the mirror filter sees it: its soundness check and head (spec/mirror.md §4.5)
//! and the walk of a version range down the replaces chain (spec/mirror.md §4.7).

use std::collections::{HashMap, HashSet};

use crate::masterminds::{Constraints, Version};
use crate::model::Channel;
use crate::sort::SortWith;

/// A channel's entries and the names they point at, as node ids.
pub(crate) struct ChannelNodes<'c> {
    pub names: Vec<&'c str>,
    /// The node each node replaces.
    pub replaces: Vec<Option<usize>>,
    /// The nodes each node skips.
    pub skips: Vec<Vec<usize>>,
    /// The head's node id.
    pub head: usize,
}

/// Builds the nodes of `channel` and checks it as the filter does, returning the filter's
/// error text (several errors joined by newlines, as Go's `errors.Join`).
///
/// # Complexity
/// O(V + E) expected for V entries and E names in `replaces`/`skips`.
pub(crate) fn channel_nodes(channel: &Channel) -> Result<ChannelNodes<'_>, String> {
    channel_nodes_with(channel, &[])
}

/// [`channel_nodes`] for a channel the catalog listed with repeated entries: `repeated` are
/// the names the loader kept once (it reports each repeat and drops it), each the filter's
/// `duplicate channel entry %q` before the other errors (spec/mirror.md §4.5).
///
/// # Complexity
/// As [`channel_nodes`], plus O(R) for R repeated names.
pub(crate) fn channel_nodes_with<'c>(
    channel: &'c Channel,
    repeated: &[String],
) -> Result<ChannelNodes<'c>, String> {
    if channel.entries.is_empty() {
        return Err("channel has no entries".into());
    }
    let mut nodes = ChannelNodes {
        names: Vec::new(),
        replaces: Vec::new(),
        skips: Vec::new(),
        head: 0,
    };
    let mut ids: HashMap<&str, usize> = HashMap::with_capacity(channel.entries.len());
    let mut errs: Vec<String> = repeated
        .iter()
        .map(|r| format!("duplicate channel entry {r:?}"))
        .collect();
    let mut seen: HashSet<&str> = HashSet::with_capacity(channel.entries.len());
    let mut edges: Vec<(usize, usize)> = Vec::new();
    for e in &channel.entries {
        let me = nodes.id(&mut ids, &e.name);
        if !seen.insert(&e.name) {
            errs.push(format!("duplicate channel entry {:?}", e.name));
            continue;
        }
        if let Some(r) = &e.replaces {
            if *r == e.name {
                errs.push(format!(
                    "invalid channel entry {:?}: replaces itself",
                    e.name
                ));
            }
            let to = nodes.id(&mut ids, r);
            nodes.replaces[me] = Some(to);
            edges.push((to, me));
        }
        for s in &e.skips {
            if *s == e.name {
                errs.push(format!("invalid channel entry {:?}: skips itself", e.name));
            }
            let to = nodes.id(&mut ids, s);
            nodes.skips[me].push(to);
            edges.push((to, me));
        }
    }
    edges.sort_ord();
    edges.dedup();
    let mut incoming = vec![0usize; nodes.names.len()];
    for (to, _) in &edges {
        incoming[*to] += 1;
    }
    let mut heads: Vec<&str> = channel
        .entries
        .iter()
        .filter(|e| incoming[ids[e.name.as_str()]] == 0)
        .map(|e| e.name.as_str())
        .collect();
    match heads.len() {
        0 => errs.push("no channel heads found".into()),
        1 => {}
        _ => {
            heads.sort_ord();
            errs.push(format!(
                "multiple channel heads found: [{}]",
                heads.join(" ")
            ));
        }
    }
    if !errs.is_empty() {
        return Err(errs.join("\n"));
    }
    nodes.head = ids[heads[0]];
    if has_cycle(&nodes, incoming) {
        return Err("detected a cycle in the upgrade graph of the channel".into());
    }
    Ok(nodes)
}

impl<'c> ChannelNodes<'c> {
    fn id(&mut self, ids: &mut HashMap<&'c str, usize>, name: &'c str) -> usize {
        if let Some(&i) = ids.get(name) {
            return i;
        }
        let i = self.names.len();
        self.names.push(name);
        self.replaces.push(None);
        self.skips.push(Vec::new());
        ids.insert(name, i);
        i
    }

    /// The replaces chain from the head (the head first).
    ///
    /// # Complexity
    /// O(L) for a chain of L nodes (the check found no cycle, so it ends).
    pub(crate) fn chain(&self) -> Vec<usize> {
        let mut out = vec![self.head];
        let mut cur = self.head;
        while let Some(next) = self.replaces[cur] {
            out.push(next);
            cur = next;
        }
        out
    }
}

/// Kahn's walk from the head: true when edges are left over, a cycle (spec/mirror.md §4.5).
///
/// # Complexity
/// O(V + E).
fn has_cycle(nodes: &ChannelNodes, mut incoming: Vec<usize>) -> bool {
    let mut left: usize = incoming.iter().sum();
    let mut queue = vec![nodes.head];
    let mut done: HashSet<(usize, usize)> = HashSet::new();
    while let Some(cur) = queue.pop() {
        let targets = nodes.replaces[cur].iter().chain(nodes.skips[cur].iter());
        for &t in targets {
            if !done.insert((t, cur)) {
                continue;
            }
            incoming[t] -= 1;
            left -= 1;
            if incoming[t] == 0 {
                queue.push(t);
            }
        }
    }
    left > 0
}

/// What a range keeps of a channel (spec/mirror.md §4.7).
#[derive(Debug, Clone, Default)]
pub(crate) struct RangeCut {
    /// Names kept (chain nodes from the new head to the tail, and skipped names in range).
    pub keep: HashSet<String>,
    /// The new head, when anything is kept.
    pub head: Option<String>,
    /// Chain nodes kept outside the range, in chain order, with their version when they have one.
    pub required: Vec<(String, Option<Version>)>,
}

/// Walks `range` down the chain of `nodes`; `version` gives a node's version (a bundle of the
/// package by that name, read by Masterminds' strict parser).
///
/// # Complexity
/// O(V + E) expected for V nodes and E skips.
pub(crate) fn cut_by_range<'v>(
    nodes: &ChannelNodes,
    range: &Constraints,
    version: impl Fn(&str) -> Option<&'v Version>,
) -> RangeCut {
    let chain = nodes.chain();
    let in_range = |n: usize| version(nodes.names[n]).is_some_and(|v| range.check(v));
    // Counts, bottom of the chain first (spec/mirror.md §4.7.1).
    let mut seen: HashSet<usize> = HashSet::new();
    let mut counts = vec![0usize; chain.len()];
    let mut below = 0usize;
    for (k, &n) in chain.iter().enumerate().rev() {
        let mut count = below;
        for m in std::iter::once(n).chain(nodes.skips[n].iter().copied()) {
            if !seen.contains(&m) && in_range(m) {
                seen.insert(m);
                count += 1;
            }
        }
        counts[k] = count;
        below = count;
    }
    let (mut head, mut tail, mut max) = (0usize, chain.len(), -1i64);
    for (k, &count) in counts.iter().enumerate() {
        if count as i64 >= max {
            head = k;
            max = count as i64;
        }
        if count == 0 {
            tail = k;
            break;
        }
    }
    let mut cut = RangeCut::default();
    for &n in chain.iter().take(tail).skip(head) {
        let name = nodes.names[n];
        if !in_range(n) {
            cut.required
                .push((name.to_string(), version(name).cloned()));
        }
        cut.keep.insert(name.to_string());
        for &s in &nodes.skips[n] {
            if in_range(s) {
                cut.keep.insert(nodes.names[s].to_string());
            }
        }
    }
    if head < tail {
        cut.head = Some(nodes.names[chain[head]].to_string());
    }
    cut
}
