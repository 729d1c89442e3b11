//! Deprecate and truncate: the FBC form of the removed `opm index deprecatetruncate`.
//!
//! Following the sqlite implementation (docs/spec/olm.md §7.3): the *tail* of a bundle is
//! everything below it along `replaces` (in each channel that holds it); the tail's entries are
//! removed from the channels the deprecated bundle is in; bundles left in no channel are
//! deleted; the deprecated bundle's own `replaces` is dropped; channels whose head it is are
//! removed; the default channel's head may not go, unless every channel head goes and package
//! removal is allowed. The deprecation is recorded as an `olm.deprecations` bundle entry (and,
//! on request, the legacy `olm.deprecated` property).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::{Deserialize, Serialize};

use crate::graph::channel_head;
use crate::model::{ChannelEntry, Package};
use crate::resolve::{HopResolver, PathOptions, Resolver};
use crate::sort::SortWith;

/// What to deprecate.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TruncateOptions {
    /// The bundle to deprecate; everything below it along `replaces` goes.
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
    /// The package changed.
    pub package: String,
    /// The bundle deprecated.
    pub bundle: String,
    /// The deprecation message written.
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
pub enum TruncateError {
    /// The package has no bundle of that name.
    UnknownBundle {
        /// The package.
        package: String,
        /// The bundle asked for.
        bundle: String,
    },
    /// The bundle is in no channel of the package.
    NotInChannel {
        /// The package.
        package: String,
        /// The bundle asked for.
        bundle: String,
    },
    /// Every channel head (the default channel's among them) would go, and package removal
    /// was not allowed.
    PackageRemovalNotAllowed {
        /// The package that would go.
        package: String,
        /// The bundle asked for.
        bundle: String,
        /// The package's default channel.
        default_channel: String,
    },
    /// The default channel's head would go while other channel heads stay.
    DefaultChannelHead {
        /// The package.
        package: String,
        /// The bundle asked for.
        bundle: String,
        /// The default channel whose head would go.
        default_channel: String,
    },
}

impl std::fmt::Display for TruncateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TruncateError::UnknownBundle { package, bundle } => {
                write!(f, "package {package:?} has no bundle {bundle:?}")
            }
            TruncateError::NotInChannel { package, bundle } => {
                write!(f, "bundle {bundle:?} is in no channel of package {package:?}")
            }
            TruncateError::PackageRemovalNotAllowed {
                package,
                bundle,
                default_channel,
            } => write!(
                f,
                "cannot deprecate {bundle:?}: it would remove the head of the default channel {default_channel:?} and with it every channel head; pass --allow-package-removal to remove package {package:?}"
            ),
            TruncateError::DefaultChannelHead {
                package,
                bundle,
                default_channel,
            } => write!(
                f,
                "cannot deprecate default channel head from package {package:?} without removing all other channel heads: {bundle:?} would remove the head of the default channel {default_channel:?}"
            ),
        }
    }
}

impl std::error::Error for TruncateError {}

/// Deprecates a bundle and truncates the graph below it. Returns the new package and a report;
/// the input is not changed.
///
/// # Complexity
/// O((V + E) log V) time and O(V + E) memory for V entries and E edges of the package: the tail
/// is one walk per channel, and the stranded check indexes each channel before and after once
/// ([`HopResolver`]) and resolves one hop per entry.
pub fn deprecate_truncate(
    pkg: &Package,
    options: &TruncateOptions,
) -> Result<(Package, TruncateReport), TruncateError> {
    let b = options.bundle.as_str();
    let refuse = |make: fn(String, String) -> TruncateError| make(pkg.name.clone(), b.to_string());
    if pkg.bundle(b).is_none() {
        return Err(refuse(|package, bundle| TruncateError::UnknownBundle {
            package,
            bundle,
        }));
    }
    let in_channels: BTreeSet<&str> = pkg
        .channels
        .iter()
        .filter(|c| c.entries.iter().any(|e| e.name == b))
        .map(|c| c.name.as_str())
        .collect();
    if in_channels.is_empty() {
        return Err(refuse(|package, bundle| TruncateError::NotInChannel {
            package,
            bundle,
        }));
    }
    let tail = tail_of(pkg, b, &in_channels);
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
    let package_removed = package_goes(pkg, options, &tail, &heads, &in_channels)?;
    let message = options
        .message
        .clone()
        .filter(|m| !m.trim().is_empty())
        .unwrap_or_else(|| format!("{b} is deprecated"));
    let (new, mut removed_entries) = if package_removed {
        remove_package(pkg)
    } else {
        let cut = Cut {
            bundle: b,
            tail: &tail,
            in_channels: &in_channels,
            removed_channels: &removed_channels,
        };
        truncate(pkg, &cut, &message, options.legacy_property)
    };
    removed_entries.sort_ord();
    removed_entries.dedup();
    let removed_bundles: Vec<String> = pkg
        .bundles
        .iter()
        .filter(|x| new.bundle(&x.name).is_none())
        .map(|x| x.name.clone())
        .collect();
    let stranded = if package_removed {
        Vec::new()
    } else {
        stranded_by(pkg, &new, b)
    };
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

/// The tail: everything below `b` along `replaces`, within each channel that holds it.
fn tail_of(pkg: &Package, b: &str, in_channels: &BTreeSet<&str>) -> BTreeSet<String> {
    let mut tail: BTreeSet<String> = BTreeSet::new();
    for c in pkg
        .channels
        .iter()
        .filter(|c| in_channels.contains(c.name.as_str()))
    {
        let by_name: HashMap<&str, &ChannelEntry> =
            c.entries.iter().map(|e| (e.name.as_str(), e)).collect();
        let replaces_of = |n: &str| by_name.get(n).and_then(|e| e.replaces.clone());
        let mut cur = replaces_of(b);
        let mut seen = BTreeSet::new();
        while let Some(r) = cur {
            if r == b || !seen.insert(r.clone()) {
                break;
            }
            cur = replaces_of(&r);
            if by_name.contains_key(r.as_str()) || pkg.bundle(&r).is_some() {
                tail.insert(r);
            }
        }
    }
    tail
}

/// Whether the whole package goes; refuses when the default channel's head would go without
/// permission.
fn package_goes(
    pkg: &Package,
    options: &TruncateOptions,
    tail: &BTreeSet<String>,
    heads: &BTreeMap<&str, Option<String>>,
    in_channels: &BTreeSet<&str>,
) -> Result<bool, TruncateError> {
    let b = options.bundle.as_str();
    let default = pkg.default_channel.clone().unwrap_or_default();
    let default_head = heads.get(default.as_str()).cloned().flatten();
    let default_head_goes = default_head
        .as_deref()
        .is_some_and(|h| h == b || (tail.contains(h) && in_channels.contains(default.as_str())));
    if !default_head_goes {
        return Ok(false);
    }
    let all_heads_go = heads
        .values()
        .all(|h| h.as_deref().is_some_and(|h| h == b || tail.contains(h)));
    let (package, bundle, default_channel) = (pkg.name.clone(), b.to_string(), default);
    match (all_heads_go, options.allow_package_removal) {
        (true, true) => Ok(true),
        (true, false) => Err(TruncateError::PackageRemovalNotAllowed {
            package,
            bundle,
            default_channel,
        }),
        (false, _) => Err(TruncateError::DefaultChannelHead {
            package,
            bundle,
            default_channel,
        }),
    }
}

/// The package with no channel and no bundle left, and every entry it had.
fn remove_package(pkg: &Package) -> (Package, Vec<(String, String)>) {
    let mut new = pkg.clone();
    let removed = pkg
        .channels
        .iter()
        .flat_map(|c| c.entries.iter().map(|e| (c.name.clone(), e.name.clone())))
        .collect();
    new.channels.clear();
    new.bundles.clear();
    (new, removed)
}

/// What a truncation cuts.
struct Cut<'c> {
    bundle: &'c str,
    tail: &'c BTreeSet<String>,
    in_channels: &'c BTreeSet<&'c str>,
    removed_channels: &'c [String],
}

/// The package after the cut, and the (channel, bundle) entries removed.
fn truncate(
    pkg: &Package,
    cut: &Cut,
    message: &str,
    legacy_property: bool,
) -> (Package, Vec<(String, String)>) {
    let b = cut.bundle;
    let mut new = pkg.clone();
    let mut removed_entries = Vec::new();
    let gone: BTreeSet<&str> = cut.removed_channels.iter().map(String::as_str).collect();
    new.channels.retain(|c| !gone.contains(c.name.as_str()));
    for c in new.channels.iter_mut() {
        if !cut.in_channels.contains(c.name.as_str()) {
            continue;
        }
        c.entries.retain(|e| {
            let drop = cut.tail.contains(&e.name);
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
        .filter(|c| gone.contains(c.name.as_str()))
    {
        removed_entries.extend(c.entries.iter().map(|e| (c.name.clone(), e.name.clone())));
    }
    let still_in: BTreeSet<String> = new
        .channels
        .iter()
        .flat_map(|c| c.entries.iter().map(|e| e.name.clone()))
        .collect();
    let channels_left: BTreeSet<String> = new.channels.iter().map(|c| c.name.clone()).collect();
    new.bundles.retain(|x| still_in.contains(&x.name));
    let deprecations = &mut new.deprecations;
    deprecations
        .bundles
        .insert(b.to_string(), message.to_string());
    deprecations
        .bundles
        .retain(|name, _| still_in.contains(name));
    deprecations
        .channels
        .retain(|name, _| channels_left.contains(name));
    if legacy_property {
        if let Some(x) = new.bundles.iter_mut().find(|x| x.name == b) {
            x.legacy_deprecated = true;
        }
    }
    (new, removed_entries)
}

/// Clusters on a bundle that lost its way forward: every old entry of a channel that is still
/// there, resolved one OLM v0 hop before and after (the new head and `b` itself aside).
fn stranded_by(pkg: &Package, new: &Package, b: &str) -> Vec<String> {
    let mut stranded = BTreeSet::new();
    for c in &new.channels {
        let Some(old) = pkg.channel(&c.name) else {
            continue;
        };
        let options = PathOptions {
            resolver: Resolver::V0,
            channel: Some(c.name.clone()),
            ..PathOptions::default()
        };
        let (Ok(before), Ok(after)) = (
            HopResolver::new(pkg, &options),
            HopResolver::new(new, &options),
        ) else {
            continue;
        };
        let head = channel_head(c);
        for e in &old.entries {
            if head.name() == Some(e.name.as_str()) || e.name == b {
                continue;
            }
            let installed = before.installed(&e.name);
            let moves = |r: &HopResolver| r.next(&installed).ok().and_then(|ch| ch.chosen);
            if moves(&before).is_some() && moves(&after).is_none() {
                stranded.insert(e.name.clone());
            }
        }
    }
    stranded.into_iter().collect()
}
