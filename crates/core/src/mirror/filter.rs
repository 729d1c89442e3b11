//! The filter oc-mirror v2 applies to one package (spec/mirror.md §3–4).

use std::collections::{BTreeSet, HashMap, HashSet};

use super::config::{ChannelFilter, PackageFilter};
use super::walk::{channel_nodes, channel_nodes_with, cut_by_range};
use crate::masterminds::{Constraints, Version};
use crate::model::{Channel, Package};
use crate::sort::SortWith;

/// Where a channel's range comes from: the scope a suggested change goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    /// The package's range (it applies to every channel listed without one).
    Package,
    /// The channel's own range.
    Channel,
}

/// What the filter keeps of one channel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChannelCut {
    /// The channel's name.
    pub name: String,
    /// The kept channel's head.
    pub head: String,
    /// Kept entry names, sorted.
    pub bundles: Vec<String>,
    /// Entries of the source channel.
    pub total: usize,
    /// Kept only because the chain needs them (outside the range).
    pub required: Vec<String>,
    /// `minVersion`/`maxVersion` in force (the channel's, else the package's).
    pub min_version: Option<String>,
    /// `maxVersion` in force (the channel's, else the package's).
    pub max_version: Option<String>,
    /// Where a change to the range goes.
    pub scope: Scope,
    /// True when `full: true` kept every entry.
    pub full: bool,
}

/// What the filter keeps of one package: the kept package (channels with the kept entries,
/// bundles, pruned deprecations, default channel) and per kept channel what happened.
#[derive(Debug, Clone)]
pub struct PackageCut {
    /// The kept package as a model package.
    pub kept: Package,
    /// What happened to each kept channel.
    pub channels: Vec<ChannelCut>,
    /// Channels the configuration selected (spec/mirror.md §4.2), before ranges.
    pub selected: usize,
}

/// The range text oc-mirror builds (spec/mirror.md §3.1): `>=MIN`, then ` <=MAX`.
///
/// # Complexity
/// O(length of the bounds).
pub fn range_text(min: Option<&str>, max: Option<&str>) -> String {
    let mut s = String::new();
    if let Some(m) = min {
        s.push_str(">=");
        s.push_str(m);
    }
    if let Some(m) = max {
        s.push_str(" <=");
        s.push_str(m);
    }
    s
}

/// The package's bundle versions as the filter's index reads them (spec/mirror.md §4.3).
///
/// # Complexity
/// O(B) for B bundles (plus the version texts' lengths).
fn versions(pkg: &Package) -> Result<HashMap<&str, Version>, String> {
    let mut out = HashMap::with_capacity(pkg.bundles.len());
    for b in &pkg.bundles {
        let Some(text) = b.version_text.as_deref() else {
            if b.package_property_count == 0 {
                return Err(format!(
                    "bundle {:?} in package {:?} has no package property",
                    b.name, pkg.name
                ));
            }
            continue;
        };
        let v = Version::parse_strict(text).map_err(|e| e.to_string())?;
        out.insert(b.name.as_str(), v);
    }
    Ok(out)
}

/// The default channel after the configuration (spec/mirror.md §4.4).
///
/// # Complexity
/// O(C) for C selected channels.
fn default_channel(
    pkg: &Package,
    filter: &PackageFilter,
    selected: &[&Channel],
) -> Result<Option<String>, String> {
    let has = |n: &str| selected.iter().any(|c| c.name == n);
    let wrap = |e: String| {
        format!(
            "invalid default channel configuration for package {:?}: {e}",
            pkg.name
        )
    };
    if let Some(over) = &filter.default_channel {
        if !has(over) {
            return Err(wrap(format!(
                "specified default channel override {over:?} does not exist in the filtered output"
            )));
        }
        return Ok(Some(over.clone()));
    }
    match &pkg.default_channel {
        Some(d) if !has(d) => Err(wrap(format!(
            "the default channel {d:?} was filtered out, a new default channel must be configured for this package"
        ))),
        d => Ok(d.clone()),
    }
}

/// How one channel is cut (spec/mirror.md §4.5–4.7): the kept names, the head and the chain
/// bundles kept outside the range; `None` when a range keeps nothing.
struct Kept {
    names: HashSet<String>,
    head: String,
    required: Vec<String>,
}

/// Cuts one channel. `warn` receives the filter's warnings.
///
/// # Complexity
/// O(V + E) expected for V entries and E edges.
fn cut_channel(
    ch: &Channel,
    range: &str,
    full: bool,
    versions: &HashMap<&str, Version>,
    repeated: &[String],
    warn: &mut Vec<String>,
) -> Result<Option<Kept>, String> {
    if full && !range.is_empty() {
        return Err("Full: true cannot be mixed with versionRange".into());
    }
    if full {
        let nodes = channel_nodes(ch).ok();
        let head = nodes.map_or_else(String::new, |n| n.names[n.head].to_string());
        let names = ch.entries.iter().map(|e| e.name.clone()).collect();
        return Ok(Some(Kept {
            names,
            head,
            required: Vec::new(),
        }));
    }
    if range.is_empty() {
        let nodes = channel_nodes_with(ch, repeated).map_err(|e| {
            format!(
                "package {:?} channel {:?} unable to filter head of channel: {e}",
                ch.package, ch.name
            )
        })?;
        let head = nodes.names[nodes.head].to_string();
        let names = HashSet::from([head.clone()]);
        return Ok(Some(Kept {
            names,
            head,
            required: Vec::new(),
        }));
    }
    let constraint =
        Constraints::parse(range).map_err(|e| format!("error parsing version range: {e}"))?;
    let nodes = channel_nodes_with(ch, repeated)?;
    let cut = cut_by_range(&nodes, &constraint, |n| versions.get(n));
    let shown = range.trim();
    let mut required = Vec::new();
    for (name, v) in &cut.required {
        warn.push(match v {
            Some(v) => format!(
                "including bundle {name:?} with version {:?}: it falls outside the specified range of {shown:?} but is required to ensure inclusion of all bundles in the range",
                v.to_string()
            ),
            None => format!(
                "including bundle {name:?}: it is unversioned but is required to ensure inclusion of all bundles in the range"
            ),
        });
        required.push(name.clone());
    }
    Ok(cut.head.map(|head| Kept {
        names: cut.keep,
        head,
        required,
    }))
}

/// The channels of `pkg` the configuration selects (spec/mirror.md §4.2), with the channel's
/// own filter.
///
/// # Complexity
/// O(C·L) for C channels and L listed channels (a configuration lists a handful).
fn selected<'p>(
    pkg: &'p Package,
    filter: Option<&'p PackageFilter>,
) -> Vec<(&'p Channel, Option<&'p ChannelFilter>)> {
    match filter {
        Some(f) if !f.channels.is_empty() => pkg
            .channels
            .iter()
            .filter_map(|c| Some((c, Some(f.channels.iter().find(|cf| cf.name == c.name)?))))
            .collect(),
        _ => pkg.channels.iter().map(|c| (c, None)).collect(),
    }
}

/// Cuts `pkg` as oc-mirror v2 does under `filter` (`None`: no package listed) and `full`;
/// warnings go to `warn`; an error is oc-mirror's message.
///
/// # Complexity
/// O(B + V + E) expected for B bundles, V entries and E edges of the package.
pub fn cut_package(
    pkg: &Package,
    filter: Option<&PackageFilter>,
    full: bool,
    warn: &mut Vec<String>,
) -> Result<PackageCut, String> {
    cut_package_with(pkg, filter, full, &|_| &[], warn)
}

/// The names the catalog listed more than once in a channel (by channel name), which the
/// loader kept once.
pub(crate) type Repeated<'r> = &'r dyn Fn(&str) -> &'r [String];

/// [`cut_package`] knowing the entries the catalog repeated in each channel (the filter's
/// `duplicate channel entry` error, spec/mirror.md §4.5).
///
/// # Complexity
/// As [`cut_package`].
pub(crate) fn cut_package_with(
    pkg: &Package,
    filter: Option<&PackageFilter>,
    full: bool,
    repeated: Repeated,
    warn: &mut Vec<String>,
) -> Result<PackageCut, String> {
    let versions = versions(pkg)?;
    let chosen = selected(pkg, filter);
    warn_missing_channels(pkg, filter, warn);
    let chans: Vec<&Channel> = chosen.iter().map(|(c, _)| *c).collect();
    let default = match filter {
        Some(f) => default_channel(pkg, f, &chans)?,
        None => pkg.default_channel.clone(),
    };
    let mut kept = Package {
        channels: Vec::new(),
        bundles: Vec::new(),
        default_channel: default,
        ..pkg.clone_shell()
    };
    let mut cuts = Vec::new();
    let mut keep_bundles: BTreeSet<String> = BTreeSet::new();
    for (ch, cf) in &chosen {
        let (min, max, scope) = bounds(filter, *cf);
        let range = range_text(min, max);
        specific_version(min, max, &versions)?;
        let Some(k) = cut_channel(ch, &range, full, &versions, repeated(&ch.name), warn)? else {
            if pkg.default_channel.as_deref() == Some(ch.name.as_str()) {
                return Err(format!(
                    "package {:?} channel {:?} has version range {range:?} that results in an empty channel",
                    pkg.name, ch.name
                ));
            }
            warn.push(format!(
                "channel {:?}: the version range {range:?} keeps nothing; the channel is dropped",
                ch.name
            ));
            continue;
        };
        let mut channel = (*ch).clone();
        channel.entries.retain(|e| k.names.contains(&e.name));
        let mut bundles: Vec<String> = channel.entries.iter().map(|e| e.name.clone()).collect();
        bundles.sort_ord();
        keep_bundles.extend(bundles.iter().cloned());
        cuts.push(ChannelCut {
            name: ch.name.clone(),
            head: k.head,
            bundles,
            total: ch.entries.len(),
            required: k.required,
            min_version: min.map(str::to_string),
            max_version: max.map(str::to_string),
            scope,
            full,
        });
        kept.channels.push(channel);
    }
    kept.bundles = pkg
        .bundles
        .iter()
        .filter(|b| keep_bundles.contains(&b.name))
        .cloned()
        .collect();
    prune_deprecations(&mut kept, &keep_bundles, &chans);
    if full && filter.is_none() {
        // `full: true` and no package: oc-mirror does not filter at all (spec/mirror.md §3.3).
        kept.bundles = pkg.bundles.clone();
        kept.deprecations = pkg.deprecations.clone();
    }
    Ok(PackageCut {
        kept,
        channels: cuts,
        selected: chans.len(),
    })
}

/// `minVersion` equal to `maxVersion` asks for one version: the filter looks that bundle up
/// first, and fails when no bundle of the package has it (spec/mirror.md §4.12).
///
/// # Complexity
/// O(B) for B bundle versions.
fn specific_version(
    min: Option<&str>,
    max: Option<&str>,
    versions: &HashMap<&str, Version>,
) -> Result<(), String> {
    let (Some(min), Some(max)) = (min, max) else {
        return Ok(());
    };
    let (Ok(a), Ok(b)) = (Version::parse(min), Version::parse(max)) else {
        return Ok(());
    };
    if !a.equal(&b) || versions.values().any(|v| v.equal(&a)) {
        return Ok(());
    }
    Err(format!(
        "error finding specific bundle: specific version {min} not found in bundles"
    ))
}

/// Warns about listed channels the package lacks (olm-graph's words, spec/mirror.md §4.2).
///
/// # Complexity
/// O(L log C) for L listed channels and C channels of the package.
fn warn_missing_channels(pkg: &Package, filter: Option<&PackageFilter>, warn: &mut Vec<String>) {
    for cf in filter.map_or(&[][..], |f| &f.channels[..]) {
        if pkg.channel(&cf.name).is_none() {
            warn.push(format!(
                "channel {:?} is not in package {:?}: nothing of it is mirrored",
                cf.name, pkg.name
            ));
        }
    }
}

/// The bounds in force for a channel and the scope a change to them goes to.
///
/// # Complexity
/// O(1).
fn bounds<'f>(
    filter: Option<&'f PackageFilter>,
    cf: Option<&'f ChannelFilter>,
) -> (Option<&'f str>, Option<&'f str>, Scope) {
    if let Some(c) = cf.filter(|c| c.min_version.is_some() || c.max_version.is_some()) {
        return (
            c.min_version.as_deref(),
            c.max_version.as_deref(),
            Scope::Channel,
        );
    }
    let scope = if cf.is_some() {
        Scope::Channel
    } else {
        Scope::Package
    };
    match filter {
        Some(f) if f.min_version.is_some() || f.max_version.is_some() => (
            f.min_version.as_deref(),
            f.max_version.as_deref(),
            Scope::Package,
        ),
        _ => (None, None, scope),
    }
}

/// Deprecations pruned to what is kept (spec/mirror.md §4.10).
///
/// # Complexity
/// O(D log K) for D deprecation entries and K kept bundles.
fn prune_deprecations(kept: &mut Package, bundles: &BTreeSet<String>, selected: &[&Channel]) {
    let names: HashSet<&str> = selected.iter().map(|c| c.name.as_str()).collect();
    kept.deprecations.bundles.retain(|b, _| bundles.contains(b));
    kept.deprecations
        .channels
        .retain(|c, _| names.contains(c.as_str()));
}

impl Package {
    /// The package's own fields, without channels and bundles (cheap to clone).
    pub(crate) fn clone_shell(&self) -> Package {
        Package {
            name: self.name.clone(),
            declared: self.declared,
            default_channel: self.default_channel.clone(),
            description: self.description.clone(),
            icon: self.icon.clone(),
            channels: Vec::new(),
            bundles: Vec::new(),
            deprecations: self.deprecations.clone(),
            location: self.location.clone(),
            template: self.template.clone(),
            annotated_channels: Vec::new(),
        }
    }
}

/// The names a range keeps of one channel of `pkg`, sorted, and the filter's warnings
/// (spec/mirror.md §4.7): the walk alone, as catalog-filter's channel tests exercise it.
///
/// # Complexity
/// O(B + V + E) expected for B bundles of the package, V entries and E edges of the channel.
pub fn keep_in_range(
    pkg: &Package,
    channel: &Channel,
    range: &str,
) -> Result<(Vec<String>, Vec<String>), String> {
    let versions = versions(pkg)?;
    let mut warn = Vec::new();
    let kept = cut_channel(channel, range, false, &versions, &[], &mut warn)?;
    let mut names: Vec<String> = kept
        .map(|k| k.names.into_iter().collect())
        .unwrap_or_default();
    names.sort_ord();
    Ok((names, warn))
}
