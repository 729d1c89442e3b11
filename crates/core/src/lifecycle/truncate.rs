//! Deprecate and truncate: the FBC form of the removed `opm index deprecatetruncate`.
//!
//! Following the sqlite implementation (semantics doc §7.3): the *tail* of a bundle is
//! everything below it along `replaces` (in each channel that holds it); the tail's entries are
//! removed from the channels the deprecated bundle is in; bundles left in no channel are
//! deleted; the deprecated bundle's own `replaces` is dropped; channels whose head it is are
//! removed; the default channel's head may not go, unless every channel head goes and package
//! removal is allowed. The deprecation is recorded as an `olm.deprecations` bundle entry (and,
//! on request, the legacy `olm.deprecated` property).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::graph::channel_head;
use crate::model::Package;
use crate::resolve::{next_hop, Installed, PathOptions, Resolver};

/// What to deprecate.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TruncateOptions {
    pub bundle: String,
    /// The deprecation message (a default names the bundle).
    pub message: Option<String>,
    /// Also add the legacy `olm.deprecated` property (OLM v0 then refuses to install it).
    pub legacy_property: bool,
    /// Allow the whole package to go when every channel head is deprecated.
    pub allow_package_removal: bool,
}

/// What deprecate-and-truncate did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TruncateReport {
    pub package: String,
    pub bundle: String,
    pub message: String,
    /// Everything below the bundle along `replaces`, sorted.
    pub tail: Vec<String>,
    /// (channel, bundle) entries removed.
    pub removed_entries: Vec<(String, String)>,
    /// Bundles deleted because they are left in no channel.
    pub removed_bundles: Vec<String>,
    /// Channels removed because the deprecated bundle was their head.
    pub removed_channels: Vec<String>,
    /// The whole package is removed.
    pub package_removed: bool,
    /// Bundles a cluster may run whose (OLM v0) upgrade path the truncation cuts: installed
    /// there, it has no way forward any more.
    pub stranded: Vec<String>,
}

impl TruncateReport {
    /// The nodes a view loses: the entries removed from `channel` (which include every entry of
    /// a removed channel), or, for the all-channels view (`None`), the bundles deleted.
    ///
    /// # Complexity
    /// O(R log R) for R removed entries.
    pub fn removed_nodes(&self, channel: Option<&str>) -> BTreeSet<String> {
        match channel {
            Some(c) => self
                .removed_entries
                .iter()
                .filter(|(ch, _)| ch == c)
                .map(|(_, b)| b.clone())
                .collect(),
            None => self.removed_bundles.iter().cloned().collect(),
        }
    }
}

/// Why deprecate-and-truncate refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TruncateError(pub String);

impl std::fmt::Display for TruncateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TruncateError {}

/// Deprecates a bundle and truncates the graph below it. Returns the new package and a report;
/// the input is not changed.
///
/// # Complexity
/// O(C · E) for C channels of E entries, plus one resolution per affected bundle for the
/// stranded list.
pub fn deprecate_truncate(
    pkg: &Package,
    options: &TruncateOptions,
) -> Result<(Package, TruncateReport), TruncateError> {
    let b = options.bundle.as_str();
    if pkg.bundle(b).is_none() {
        return Err(TruncateError(format!(
            "package {:?} has no bundle {b:?}",
            pkg.name
        )));
    }
    let in_channels: Vec<&str> = pkg.channels_of(b);
    if in_channels.is_empty() {
        return Err(TruncateError(format!(
            "bundle {b:?} is in no channel of package {:?}",
            pkg.name
        )));
    }

    // The tail: follow replaces from the bundle within each channel that holds it.
    let mut tail: BTreeSet<String> = BTreeSet::new();
    for c in pkg
        .channels
        .iter()
        .filter(|c| in_channels.contains(&c.name.as_str()))
    {
        let mut cur = c.entry(b).and_then(|e| e.replaces.clone());
        let mut seen = BTreeSet::new();
        while let Some(r) = cur {
            if r == b || !seen.insert(r.clone()) {
                break;
            }
            cur = c.entry(&r).and_then(|e| e.replaces.clone());
            if c.entry(&r).is_some() || pkg.bundle(&r).is_some() {
                tail.insert(r);
            }
        }
    }

    let heads: BTreeMap<&str, Option<String>> = pkg
        .channels
        .iter()
        .map(|c| (c.name.as_str(), channel_head(c).name().map(str::to_string)))
        .collect();
    let removed_channels: Vec<String> = heads
        .iter()
        .filter(|(_, h)| h.as_deref() == Some(b))
        .map(|(c, _)| c.to_string())
        .collect();

    // The default channel's head may not go.
    let default = pkg.default_channel.clone().unwrap_or_default();
    let default_head = heads.get(default.as_str()).cloned().flatten();
    let default_head_goes = default_head
        .as_deref()
        .is_some_and(|h| h == b || (tail.contains(h) && in_channels.contains(&default.as_str())));
    let mut package_removed = false;
    if default_head_goes {
        let all_heads_go = heads
            .values()
            .all(|h| h.as_deref().is_some_and(|h| h == b || tail.contains(h)));
        if all_heads_go && options.allow_package_removal {
            package_removed = true;
        } else if all_heads_go {
            return Err(TruncateError(format!(
                "cannot deprecate {b:?}: it would remove the head of the default channel {default:?} and with it every channel head; pass --allow-package-removal to remove package {:?}",
                pkg.name
            )));
        } else {
            return Err(TruncateError(format!(
                "cannot deprecate default channel head from package {:?} without removing all other channel heads: {b:?} would remove the head of the default channel {default:?}",
                pkg.name
            )));
        }
    }

    let message = options
        .message
        .clone()
        .filter(|m| !m.trim().is_empty())
        .unwrap_or_else(|| format!("{b} is deprecated"));
    let mut new = pkg.clone();
    let mut removed_entries = Vec::new();
    if package_removed {
        for c in &new.channels {
            for e in &c.entries {
                removed_entries.push((c.name.clone(), e.name.clone()));
            }
        }
        new.channels.clear();
        new.bundles.clear();
    } else {
        new.channels.retain(|c| !removed_channels.contains(&c.name));
        for c in new.channels.iter_mut() {
            if !in_channels.contains(&c.name.as_str()) {
                continue;
            }
            c.entries.retain(|e| {
                let drop = tail.contains(&e.name);
                if drop {
                    removed_entries.push((c.name.clone(), e.name.clone()));
                }
                !drop
            });
            if let Some(e) = c.entries.iter_mut().find(|e| e.name == b) {
                e.replaces = None;
            }
        }
        // Entries of removed channels count as removed too.
        for c in pkg
            .channels
            .iter()
            .filter(|c| removed_channels.contains(&c.name))
        {
            for e in &c.entries {
                removed_entries.push((c.name.clone(), e.name.clone()));
            }
        }
        let still_in: BTreeSet<String> = new
            .channels
            .iter()
            .flat_map(|c| c.entries.iter().map(|e| e.name.clone()))
            .collect();
        new.bundles.retain(|x| still_in.contains(&x.name));
        new.deprecations
            .bundles
            .insert(b.to_string(), message.clone());
        new.deprecations
            .bundles
            .retain(|name, _| still_in.contains(name));
        new.deprecations
            .channels
            .retain(|name, _| new.channels.iter().any(|c| c.name == *name));
        if options.legacy_property {
            if let Some(x) = new.bundles.iter_mut().find(|x| x.name == b) {
                x.legacy_deprecated = true;
            }
        }
    }
    removed_entries.sort();
    removed_entries.dedup();
    let removed_bundles: Vec<String> = pkg
        .bundles
        .iter()
        .filter(|x| new.bundle(&x.name).is_none())
        .map(|x| x.name.clone())
        .collect();

    // Clusters on a bundle that lost its way forward: check every old bundle the truncation
    // touched (removed or in a changed channel) against the new package under OLM v0.
    let mut stranded = Vec::new();
    if !package_removed {
        for c in &new.channels {
            let head = channel_head(c);
            let options = PathOptions {
                resolver: Resolver::V0,
                channel: Some(c.name.clone()),
                ..PathOptions::default()
            };
            let old = pkg.channel(&c.name);
            for e in old.map(|o| o.entries.as_slice()).unwrap_or_default() {
                if head.name() == Some(e.name.as_str()) || e.name == b {
                    continue;
                }
                let installed = Installed::from_package(pkg, &e.name);
                let before = next_hop(pkg, &installed, &options)
                    .ok()
                    .and_then(|ch| ch.chosen);
                let after = next_hop(&new, &installed, &options)
                    .ok()
                    .and_then(|ch| ch.chosen);
                if before.is_some() && after.is_none() && !stranded.contains(&e.name) {
                    stranded.push(e.name.clone());
                }
            }
        }
        stranded.sort();
    }

    let report = TruncateReport {
        package: pkg.name.clone(),
        bundle: b.to_string(),
        message,
        tail: tail.into_iter().collect(),
        removed_entries,
        removed_bundles,
        removed_channels,
        package_removed,
        stranded,
    };
    Ok((new, report))
}
