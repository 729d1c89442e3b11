//! OLM v0: the Subscription resolver's choice of the next bundle.
//!
//! Mirrors operator-lifecycle-manager's `sortChannel` and successor filter
//! (`SkipRangeIncludesPredicate OR ReplacesPredicate`): candidates in replaces-chain order from
//! the head, skipped entries left out, bundles with `olm.deprecated` prohibited, first wins.

use std::collections::{HashMap, HashSet};

use super::{err, successor_reasons, Alternative, Choice, Installed, ResolveError};
use crate::model::{Channel, ChannelEntry, Package};

/// The channel's entries as OLM v0 orders them: walk `replaces` from the head and keep every
/// entry that no `skips` of the channel names (the walk goes on through skipped entries).
///
/// Errors with OLM's messages when there is no head, several heads, or a replaces cycle.
///
/// # Complexity
/// O(E + S) for E entries and S skipped names.
pub fn chain_order<'a>(
    pkg: &Package,
    channel: &'a Channel,
) -> Result<Vec<&'a ChannelEntry>, ResolveError> {
    if channel.entries.is_empty() {
        return Ok(Vec::new());
    }
    let lookup: HashMap<&str, &ChannelEntry> = channel
        .entries
        .iter()
        .map(|e| (e.name.as_str(), e))
        .collect();
    let mut replaced_by: HashSet<&str> = HashSet::new();
    let mut replaces: HashMap<&str, &str> = HashMap::new();
    let mut skipped: HashSet<&str> = HashSet::new();
    for e in &channel.entries {
        if let Some(r) = e.replaces.as_deref() {
            if lookup.contains_key(r) {
                replaced_by.insert(r);
                replaces.insert(e.name.as_str(), r);
            }
        }
        for s in &e.skips {
            if lookup.contains_key(s.as_str()) {
                replaced_by.insert(s);
                skipped.insert(s);
            }
        }
    }
    let heads: Vec<&ChannelEntry> = channel
        .entries
        .iter()
        .filter(|e| !replaced_by.contains(e.name.as_str()))
        .collect();
    if heads.is_empty() {
        return err(format!(
            "no channel heads (entries not replaced by another entry) found in channel {:?} of package {:?}",
            channel.name, pkg.name
        ));
    }
    let mut chains: Vec<Vec<&ChannelEntry>> = Vec::new();
    for head in &heads {
        let mut chain = Vec::new();
        let mut visited: HashSet<&str> = HashSet::new();
        let mut current = *head;
        loop {
            visited.insert(current.name.as_str());
            if !skipped.contains(current.name.as_str()) {
                chain.push(current);
            }
            let Some(next) = replaces.get(current.name.as_str()) else {
                break;
            };
            if visited.contains(next) {
                return err(format!(
                    "a cycle exists in the chain of replacement beginning with {:?} in channel {:?} of package {:?}",
                    head.name, channel.name, pkg.name
                ));
            }
            current = lookup[next];
        }
        chains.push(chain);
    }
    if chains.len() > 1 {
        let names: Vec<String> = chains
            .iter()
            .map(|c| match c.len() {
                0 => "[]".to_string(),
                1 => c[0].name.clone(),
                _ => format!("{}...{}", c[0].name, c[c.len() - 1].name),
            })
            .collect();
        return err(format!(
            "a unique replacement chain within a channel is required to determine the relative order between channel entries, but {} replacement chains were found in channel {:?} of package {:?}: {}",
            names.len(),
            channel.name,
            pkg.name,
            names.join(", ")
        ));
    }
    Ok(chains.pop().unwrap_or_default())
}

/// One v0 resolution step over the considered channels (in OLM's channel order).
pub(super) fn next(
    pkg: &Package,
    channels: &[&Channel],
    installed: &Installed,
) -> Result<Choice, ResolveError> {
    let mut chosen = None;
    let mut alternatives = Vec::new();
    for channel in channels {
        let order = chain_order(pkg, channel)?;
        let in_chain: HashSet<&str> = order.iter().map(|e| e.name.as_str()).collect();
        let mut first_in_channel: Option<&str> = None;
        for e in &order {
            if e.name == installed.name {
                continue;
            }
            let via = successor_reasons(e, installed);
            if via.is_empty() {
                continue;
            }
            if pkg.bundle(&e.name).is_some_and(|b| b.legacy_deprecated) {
                alternatives.push(Alternative {
                    bundle: e.name.clone(),
                    via,
                    why: "prohibited: it carries the legacy olm.deprecated property, which OLM v0 never installs".into(),
                });
                continue;
            }
            if chosen.is_none() {
                chosen = Some((e.name.clone(), via));
                first_in_channel = Some(e.name.as_str());
            } else {
                let why = match first_in_channel {
                    Some(f) => format!(
                        "lower preference: further from the head of channel {:?} than {f}",
                        channel.name
                    ),
                    None => format!(
                        "lower preference: channel {:?} comes after the chosen one",
                        channel.name
                    ),
                };
                alternatives.push(Alternative {
                    bundle: e.name.clone(),
                    via,
                    why,
                });
            }
        }
        // Entries that would match but that v0 never offers.
        for e in &channel.entries {
            if e.name == installed.name || in_chain.contains(e.name.as_str()) {
                continue;
            }
            let via = successor_reasons(e, installed);
            if via.is_empty() {
                continue;
            }
            let skippers: Vec<&str> = channel
                .entries
                .iter()
                .filter(|s| s.skips.contains(&e.name))
                .map(|s| s.name.as_str())
                .collect();
            let why = if skippers.is_empty() {
                format!(
                    "never offered: not on the replaces chain from the head of channel {:?}",
                    channel.name
                )
            } else {
                format!(
                    "never offered: skipped by {} (OLM v0 never upgrades to a skipped entry)",
                    skippers.join(", ")
                )
            };
            alternatives.push(Alternative {
                bundle: e.name.clone(),
                via,
                why,
            });
        }
    }
    Ok(Choice {
        chosen,
        alternatives,
    })
}
