//! OLM v0: the Subscription resolver's choice of the next bundle.
//!
//! Mirrors operator-lifecycle-manager's `sortChannel` and successor filter
//! (`SkipRangeIncludesPredicate OR ReplacesPredicate`): candidates in replaces-chain order from
//! the head, skipped entries left out, bundles with `olm.deprecated` prohibited, first wins.

use super::index::ChannelIndex;
use super::links::Links;
use super::{err, Alternative, Choice, Installed, ResolveError};
use crate::model::{Channel, ChannelEntry, Package};

/// The channel's entries as OLM v0 orders them: walk `replaces` from the head and keep every
/// entry that no `skips` of the channel names (the walk goes on through skipped entries).
///
/// Errors with OLM's messages when there is no head, several heads, or a replaces cycle.
///
/// # Complexity
/// O(V + S) expected time and memory for V entries and S skipped names.
pub fn chain_order<'a>(
    pkg: &Package,
    channel: &'a Channel,
) -> Result<Vec<&'a ChannelEntry>, ResolveError> {
    Ok(chain_indices(pkg, channel)?
        .into_iter()
        .map(|i| &channel.entries[i])
        .collect())
}

/// [`chain_order`] as indices into the channel's entries.
///
/// # Complexity
/// O(V + S) expected time and memory for V entries and S skipped names.
pub(super) fn chain_indices(pkg: &Package, channel: &Channel) -> Result<Vec<usize>, ResolveError> {
    chain_from_links(pkg, channel, &Links::new(channel))
}

/// [`chain_indices`] over the channel's links.
pub(super) fn chain_from_links(
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

/// One v0 resolution step over the indexed channels (in OLM's channel order).
///
/// # Complexity
/// O(C + k log k) for C channels and k successors of `installed` (see
/// [`ChannelIndex::successors`]).
pub(super) fn next(
    pkg: &Package,
    channels: &[ChannelIndex],
    installed: &Installed,
) -> Result<Choice, ResolveError> {
    let mut choice = Choice {
        chosen: None,
        alternatives: Vec::new(),
    };
    for index in channels {
        index.chain.as_ref().map_err(Clone::clone)?;
        let mut on_chain: Vec<(usize, usize, u8)> = Vec::new();
        let mut off_chain: Vec<(usize, u8)> = Vec::new();
        for (i, kinds) in index.successors(installed) {
            if index.entry(i).name == installed.name {
                continue;
            }
            match index.chain_position(i) {
                Some(p) => on_chain.push((p, i, kinds)),
                None => off_chain.push((i, kinds)),
            }
        }
        on_chain.sort_unstable();
        offer_chain(pkg, index, &on_chain, &mut choice);
        // Entries that would match but that v0 never offers.
        for (i, kinds) in off_chain {
            let e = index.entry(i);
            let skippers: Vec<&str> = index
                .skippers(&e.name)
                .map(|s| index.entry(s).name.as_str())
                .collect();
            let why = if skippers.is_empty() {
                format!(
                    "never offered: not on the replaces chain from the head of channel {:?}",
                    index.channel.name
                )
            } else {
                format!(
                    "never offered: skipped by {} (OLM v0 never upgrades to a skipped entry)",
                    skippers.join(", ")
                )
            };
            choice.alternatives.push(Alternative {
                bundle: e.name.clone(),
                via: index.reasons(i, kinds),
                why,
            });
        }
    }
    Ok(choice)
}

/// The successors on the chain, closest to the head first: the first allowed one is chosen (if
/// no earlier channel chose), the others are alternatives.
fn offer_chain(
    pkg: &Package,
    index: &ChannelIndex,
    on_chain: &[(usize, usize, u8)],
    choice: &mut Choice,
) {
    let mut first_in_channel: Option<&str> = None;
    for &(_, i, kinds) in on_chain {
        let e = index.entry(i);
        let via = index.reasons(i, kinds);
        if pkg.bundle(&e.name).is_some_and(|b| b.legacy_deprecated) {
            choice.alternatives.push(Alternative {
                bundle: e.name.clone(),
                via,
                why: "prohibited: it carries the legacy olm.deprecated property, which OLM v0 never installs".into(),
            });
            continue;
        }
        if choice.chosen.is_none() {
            choice.chosen = Some((e.name.clone(), via));
            first_in_channel = Some(e.name.as_str());
            continue;
        }
        let why = match first_in_channel {
            Some(f) => format!(
                "lower preference: further from the head of channel {:?} than {f}",
                index.channel.name
            ),
            None => format!(
                "lower preference: channel {:?} comes after the chosen one",
                index.channel.name
            ),
        };
        choice.alternatives.push(Alternative {
            bundle: e.name.clone(),
            via,
            why,
        });
    }
}
