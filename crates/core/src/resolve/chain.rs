//! OLM v0's chain order of a channel (`sortChannel`, spec/olm.md §5.2): walk `replaces` from
//! the head, leaving skipped entries out; several heads and replaces cycles are OLM's errors.

use super::links::Links;
use super::{err, ResolveError};
use crate::model::{Channel, Package};

/// [`super::chain_order`] as indices into the channel's entries.
///
/// # Complexity
/// O(V + S) expected time and memory for V entries and S skipped names.
pub(crate) fn chain_indices(pkg: &Package, channel: &Channel) -> Result<Vec<usize>, ResolveError> {
    chain_from_links(pkg, channel, &Links::new(channel))
}

/// [`chain_indices`] over the channel's links.
pub(crate) fn chain_from_links(
    pkg: &Package,
    channel: &Channel,
    links: &Links,
) -> Result<Vec<usize>, ResolveError> {
    if channel.entries.is_empty() {
        return Ok(Vec::new());
    }
    let heads = links.heads();
    if heads.is_empty() {
        return err(format!(
            "no channel heads (entries not replaced by another entry) found in channel {:?} of package {:?}",
            channel.name, pkg.name
        ));
    }
    if let [head] = heads.as_slice() {
        return walk_chain(pkg, channel, *head, links);
    }
    let ends = ChainEnds::new(links);
    let name = |i: usize| channel.entries[i].name.as_str();
    let mut names: Vec<String> = Vec::with_capacity(heads.len());
    for &head in &heads {
        let Some((last, several)) = ends.of(head) else {
            return err(cycle_message(pkg, channel, head));
        };
        names.push(match several {
            false => name(head).to_string(),
            true => format!("{}...{}", name(head), name(last)),
        });
    }
    err(format!(
        "a unique replacement chain within a channel is required to determine the relative order between channel entries, but {} replacement chains were found in channel {:?} of package {:?}: {}",
        names.len(),
        channel.name,
        pkg.name,
        names.join(", ")
    ))
}

fn cycle_message(pkg: &Package, channel: &Channel, head: usize) -> String {
    format!(
        "a cycle exists in the chain of replacement beginning with {:?} in channel {:?} of package {:?}",
        channel.entries[head].name, channel.name, pkg.name
    )
}

/// For every entry, what the chain from it looks like (its last unskipped entry, whether it has
/// more than one, whether it runs into a cycle), computed once for all heads: chains from
/// several heads often share their tail.
struct ChainEnds {
    /// (last unskipped entry, unskipped entries capped at 2, runs into a cycle), when known.
    memo: Vec<Option<(Option<usize>, u8, bool)>>,
}

impl ChainEnds {
    /// # Complexity
    /// O(V) time and memory for V entries: each entry is walked once.
    fn new(links: &Links) -> ChainEnds {
        let n = links.entries;
        let mut memo: Vec<Option<(Option<usize>, u8, bool)>> = vec![None; n];
        let mut on_stack = vec![false; n];
        for start in 0..n {
            let mut stack = Vec::new();
            let mut cur = Some(start);
            // Walk until a known entry, the end of the chain, or the walk itself (a cycle).
            let mut tail = (None, 0u8, false);
            while let Some(i) = cur {
                if let Some(known) = memo[i] {
                    tail = known;
                    break;
                }
                if on_stack[i] {
                    tail = (None, 0, true);
                    break;
                }
                on_stack[i] = true;
                stack.push(i);
                cur = links.replaces[i].map(|r| r as usize);
            }
            for &i in stack.iter().rev() {
                on_stack[i] = false;
                let (last, count, cycle) = tail;
                let own = !links.is_skipped(i);
                tail = (
                    last.or(own.then_some(i)),
                    (count + u8::from(own)).min(2),
                    cycle,
                );
                memo[i] = Some(tail);
            }
        }
        ChainEnds { memo }
    }

    /// The last unskipped entry of the chain from `head` and whether the chain has several
    /// entries; `None` when the chain runs into a cycle.
    fn of(&self, head: usize) -> Option<(usize, bool)> {
        match self.memo[head] {
            Some((Some(last), count, false)) => Some((last, count > 1)),
            Some((None, _, false)) => Some((head, false)),
            _ => None,
        }
    }
}

/// The chain from one head: every entry along `replaces`, skipped ones left out.
fn walk_chain(
    pkg: &Package,
    channel: &Channel,
    head: usize,
    links: &Links,
) -> Result<Vec<usize>, ResolveError> {
    let mut chain = Vec::new();
    let mut visited = vec![false; links.entries];
    let mut current = head;
    loop {
        visited[current] = true;
        if !links.is_skipped(current) {
            chain.push(current);
        }
        let Some(next) = links.replaces[current].map(|r| r as usize) else {
            return Ok(chain);
        };
        if visited[next] {
            return err(cycle_message(pkg, channel, head));
        }
        current = next;
    }
}
