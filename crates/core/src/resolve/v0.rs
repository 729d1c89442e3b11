//! OLM v0: the Subscription resolver's choice of the next bundle.
//!
//! Mirrors operator-lifecycle-manager's `sortChannel` and successor filter
//! (`SkipRangeIncludesPredicate OR ReplacesPredicate`, spec/olm.md §5.2): candidates in
//! replaces-chain order from the head, skipped entries left out, bundles with `olm.deprecated`
//! prohibited (spec/olm.md §5.4, §7.1), first wins.

use super::chain::chain_indices;
use super::index::ChannelIndex;
use super::{Alternative, Choice, Installed, ResolveError};
use crate::model::{Channel, ChannelEntry, Package};
use crate::sort::SortWith;

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

/// One v0 resolution step over the indexed channels (in OLM's channel order).
///
/// # Complexity
/// O(C + k log k) for C channels and k successors of `installed` (see
/// [`ChannelIndex::successors`]).
pub(super) fn next(
    channels: &[ChannelIndex],
    installed: &Installed,
) -> Result<Choice, ResolveError> {
    let mut choice = Choice {
        chosen: None,
        alternatives: Vec::new(),
    };
    for index in channels {
        index.chain.as_ref().map_err(Clone::clone)?;
        let (mut on_chain, off_chain) = by_chain(index, installed);
        on_chain.sort_ord();
        offer_chain(index, &on_chain, &mut choice);
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

/// Whether [`next`] would choose a bundle from `installed` (`Err`: as [`next`] fails), without
/// wording its alternatives: a successor on some channel's replaces chain ([`by_chain`]) that
/// v0 does not refuse ([`prohibited`]).
///
/// # Complexity
/// O(C + k log k), as [`next`], with no allocation per alternative.
pub(super) fn moves(
    channels: &[ChannelIndex],
    installed: &Installed,
) -> Result<bool, ResolveError> {
    let mut moves = false;
    for index in channels {
        index.chain.as_ref().map_err(Clone::clone)?;
        let (on_chain, _) = by_chain(index, installed);
        moves = moves || on_chain.iter().any(|&(_, i, _)| !prohibited(index, i));
    }
    Ok(moves)
}

/// [`moves`] for entry `i` of `index`, the only channel considered, taken as the installed
/// bundle: any successor other than itself on the replaces chain that v0 may install.
///
/// # Complexity
/// O(k) for k successors of the entry.
pub(super) fn moves_entry(index: &ChannelIndex, i: usize) -> Result<bool, ResolveError> {
    index.chain.as_ref().map_err(Clone::clone)?;
    // Entries of one name share their first entry: compared so, not by their text.
    let name = index.first_entry(i);
    Ok(index.entry_successors(i).any(|j| {
        index.first_entry(j) != name && index.chain_position(j).is_some() && !prohibited(index, j)
    }))
}

/// Successors on the replaces chain: (chain position, entry, kinds).
type OnChain = Vec<(usize, usize, u8)>;
/// Successors off the chain: (entry, kinds).
type OffChain = Vec<(usize, u8)>;

/// The successors of `installed` in `index` other than itself, parted: those on the replaces
/// chain from the head (their chain position, entry and kinds), and the others (entry and kinds).
///
/// # Complexity
/// O(k log k) for k successors (see [`ChannelIndex::successors`]).
fn by_chain(index: &ChannelIndex, installed: &Installed) -> (OnChain, OffChain) {
    let mut on_chain = Vec::new();
    let mut off_chain = Vec::new();
    for (i, kinds) in index.successors(installed) {
        if index.entry(i).name == installed.name {
            continue;
        }
        match index.chain_position(i) {
            Some(p) => on_chain.push((p, i, kinds)),
            None => off_chain.push((i, kinds)),
        }
    }
    (on_chain, off_chain)
}

/// True when OLM v0 never installs entry `i`: its bundle carries the legacy `olm.deprecated`
/// property.
fn prohibited(index: &ChannelIndex, i: usize) -> bool {
    index.bundle(i).is_some_and(|b| b.legacy_deprecated)
}

/// The successors on the chain, closest to the head first: the first allowed one is chosen (if
/// no earlier channel chose), the others are alternatives.
fn offer_chain(index: &ChannelIndex, on_chain: &[(usize, usize, u8)], choice: &mut Choice) {
    let mut first_in_channel: Option<&str> = None;
    for &(_, i, kinds) in on_chain {
        let e = index.entry(i);
        let via = index.reasons(i, kinds);
        if prohibited(index, i) {
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
