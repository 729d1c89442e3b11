//! Lookup tables for resolution, built once per channel and read at every hop: who replaces,
//! skips or ranges over a bundle (spec/olm.md §4 for ranges), the v0 chain order
//! (spec/olm.md §5.2), and each entry's version.
//!
//! Versions are the bundles' own; an entry whose bundle object is missing from the catalog
//! takes the version in its name ([`crate::infer::bundle_version`]), so that a file of a split
//! catalog opened alone still resolves by name.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::OnceLock;

use super::chain::chain_from_links;
use super::links::{Csr, Links};
use super::{Installed, Reason, ResolveError};
use crate::graph::{EdgeKind, Head};
use crate::infer::version_from_name;
use crate::model::{Channel, ChannelEntry, Package};
use crate::range::Range;
use crate::range_match::SortedVersions;
use crate::semver::Version;
use crate::sort::SortWith;

/// Edge kinds that make an entry a successor, as bits.
pub(super) const REPLACES: u8 = 1;
pub(super) const SKIPS: u8 = 2;
pub(super) const RANGE: u8 = 4;

/// One channel, indexed.
#[derive(Debug)]
pub(crate) struct ChannelIndex<'a> {
    pub(crate) channel: &'a Channel,
    links: Links<'a>,
    /// The skipRanges that parse, by entry, in entry order.
    ranges: Vec<(usize, Range)>,
    /// Each entry's version (the bundle's, else the one in its name) and release.
    versions: Vec<Option<Cow<'a, Version>>>,
    releases: Vec<Option<&'a str>>,
    /// For each entry, the other entries whose skipRange contains its version, ascending.
    range_successors: Csr,
    /// Entries by version, for OLM v1's "the installed version itself" (built when first asked).
    by_version: OnceLock<HashMap<Version, Vec<usize>>>,
    /// The package the channel belongs to.
    pkg: &'a Package,
    /// Each entry's bundle, by its index in the package.
    bundles: Vec<Option<usize>>,
    /// For each bundle of the package, by its index in the package: the entries whose skipRange
    /// contains its version, ascending (built when first asked).
    foreign: OnceLock<HashMap<usize, Vec<usize>>>,
    /// OLM v0's order (entry indices from the head) or OLM's error for this channel.
    pub(crate) chain: Result<Vec<usize>, ResolveError>,
    chain_pos: Vec<Option<usize>>,
    pub(crate) head: Head,
}

impl<'a> ChannelIndex<'a> {
    /// Indexes `channel` of `pkg`.
    ///
    /// # Complexity
    /// O((V + E) log V) time and O(V + E) memory for V entries and E edges (names in
    /// `replaces`/`skips`, and skipRange matches found by binary search over the sorted
    /// versions).
    pub(crate) fn new(pkg: &'a Package, channel: &'a Channel) -> ChannelIndex<'a> {
        let links = Links::new(channel);
        let bundles = pkg.bundle_indices(channel.entries.iter().map(|e| e.name.as_str()));
        ChannelIndex::with_bundles(pkg, channel, links, bundles)
    }

    /// Indexes `channel` of `pkg` as [`ChannelIndex::new`] does, taking each entry's bundle
    /// from the nodes of the channel's graph (`nodes`: an entry node holds its entry's index
    /// and its bundle's) instead of looking the names up again. A node that does not match
    /// (another entry's name, a bundle index of another name) is not taken: its entry's bundle
    /// is looked up by name. A node without a bundle index is taken at its word (no lookup):
    /// given the graph of another package, its entry could take the version in its name where
    /// this package has a bundle of that name.
    ///
    /// # Complexity
    /// That of [`ChannelIndex::new`], with O(V) instead of O(min(B + V, V log B)) for the
    /// bundles when every entry has its node.
    pub(crate) fn from_graph_nodes(
        pkg: &'a Package,
        channel: &'a Channel,
        nodes: &[crate::graph::Node],
    ) -> ChannelIndex<'a> {
        let links = Links::new(channel);
        let entries = &channel.entries;
        let mut bundles: Vec<Option<Option<usize>>> = vec![None; entries.len()];
        for n in nodes {
            let Some(e) = n
                .entry
                .filter(|&e| entries.get(e).is_some_and(|e| e.name == n.name))
            else {
                continue;
            };
            let b = n
                .bundle
                .filter(|&b| pkg.bundles.get(b).is_some_and(|b| b.name == n.name));
            if b.is_some() || n.bundle.is_none() {
                bundles[e] = Some(b);
            }
        }
        let bundles = (0..entries.len())
            .map(|i| match (bundles[i], bundles[links.entry_id(i)]) {
                (Some(b), _) | (None, Some(b)) => b,
                (None, None) => pkg.bundle_index(&entries[i].name),
            })
            .collect();
        ChannelIndex::with_bundles(pkg, channel, links, bundles)
    }

    /// Indexes `channel` of `pkg` with its links and each entry's bundle index given.
    ///
    /// # Complexity
    /// As [`ChannelIndex::new`], without the links and the bundles' lookups.
    fn with_bundles(
        pkg: &'a Package,
        channel: &'a Channel,
        links: Links<'a>,
        bundles: Vec<Option<usize>>,
    ) -> ChannelIndex<'a> {
        let ranges: Vec<(usize, Range)> = channel
            .entries
            .iter()
            .enumerate()
            .filter_map(|(i, e)| Some((i, Range::parse(e.skip_range.as_deref()?).ok()?)))
            .collect();
        // Borrowed from the bundles (no copy of each version), read from the name when the
        // package has no bundle of it.
        let (versions, releases): (Vec<Option<Cow<Version>>>, Vec<Option<&str>>) = channel
            .entries
            .iter()
            .zip(&bundles)
            .map(|(e, b)| match b.map(|b| &pkg.bundles[b]) {
                Some(b) => (b.version.as_ref().map(Cow::Borrowed), b.release.as_deref()),
                None => (version_from_name(&e.name).map(Cow::Owned), None),
            })
            .unzip();
        let range_successors = range_successors(&versions, &ranges);
        let chain = chain_from_links(pkg, channel, &links);
        let mut chain_pos = vec![None; channel.entries.len()];
        if let Ok(order) = &chain {
            for (p, &i) in order.iter().enumerate() {
                chain_pos[i] = Some(p);
            }
        }
        ChannelIndex {
            channel,
            head: links.head(channel),
            links,
            ranges,
            versions,
            releases,
            range_successors,
            by_version: OnceLock::new(),
            pkg,
            bundles,
            foreign: OnceLock::new(),
            chain,
            chain_pos,
        }
    }

    /// Entry `i` taken as the installed bundle.
    pub(crate) fn installed(&self, i: usize) -> Installed {
        Installed {
            name: self.entry(i).name.clone(),
            version: self.versions[i].as_deref().cloned(),
            release: self.releases[i].map(str::to_string),
        }
    }

    /// The entry at index `i`.
    pub(crate) fn entry(&self, i: usize) -> &'a ChannelEntry {
        &self.channel.entries[i]
    }

    /// The bundle of entry `i`, when the package has it.
    pub(crate) fn bundle(&self, i: usize) -> Option<&'a crate::model::Bundle> {
        self.bundles[i].map(|b| &self.pkg.bundles[b])
    }

    /// The index of the entry with this name.
    pub(crate) fn position(&self, name: &str) -> Option<usize> {
        self.links.entry_index(name)
    }

    /// The entry with this name.
    pub(crate) fn entry_named(&self, name: &str) -> Option<&'a ChannelEntry> {
        self.position(name).map(|i| self.entry(i))
    }

    /// The entry's version as resolution sees it.
    pub(crate) fn version(&self, i: usize) -> Option<&Version> {
        self.versions[i].as_deref()
    }

    /// The entry's place in OLM v0's chain order, when it is on the chain.
    pub(crate) fn chain_position(&self, i: usize) -> Option<usize> {
        self.chain_pos[i]
    }

    /// True when some skipRange of the channel parses.
    pub(crate) fn has_ranges(&self) -> bool {
        !self.ranges.is_empty()
    }

    /// The entries whose `skips` name `name`, in entry order.
    pub(crate) fn skippers(&self, name: &str) -> impl Iterator<Item = usize> + '_ {
        let ids = self
            .links
            .id(name)
            .map_or(&[][..], |id| self.links.skipped_by.get(id));
        ids.iter().map(|&i| i as usize)
    }

    /// Entries that have the installed bundle's version and release (OLM v1 counts them as the
    /// installed bundle itself).
    ///
    /// # Complexity
    /// O(V) expected for V entries the first time (the map of versions is built), then O(k)
    /// for k entries of that version.
    pub(crate) fn same_version<'s>(
        &'s self,
        installed: &'s Installed,
    ) -> impl Iterator<Item = usize> + 's {
        let by_version = self.by_version.get_or_init(|| {
            let mut map: HashMap<Version, Vec<usize>> = HashMap::new();
            for (i, v) in self.versions.iter().enumerate() {
                if let Some(v) = v {
                    map.entry(v.clone().into_owned()).or_default().push(i);
                }
            }
            map
        });
        // Equal versions (build metadata aside) first, then OLM v1's exact reading.
        let same = installed.version.as_ref().and_then(|v| by_version.get(v));
        same.into_iter()
            .flatten()
            .copied()
            .filter(move |&i| self.is_same_version(i, installed))
    }

    /// True when entry `i` has the installed bundle's version and release as OLM v1 reads them
    /// ([`crate::release::same_version_release`]: build metadata that reads as a release
    /// counts).
    pub(crate) fn is_same_version(&self, i: usize, installed: &Installed) -> bool {
        match (&self.versions[i], &installed.version) {
            (Some(v), Some(iv)) => crate::release::same_version_release(
                v,
                self.releases[i],
                iv,
                installed.release.as_deref(),
            ),
            _ => false,
        }
    }

    /// The first entry of entry `i`'s name (`i` itself unless an earlier entry has the name).
    pub(crate) fn first_entry(&self, i: usize) -> usize {
        self.links.entry_id(i)
    }

    /// True when some entry's `replaces` or `skips` names entry `i` (so it is no head).
    pub(crate) fn is_named(&self, i: usize) -> bool {
        self.links.is_named(self.links.entry_id(i))
    }

    /// True when some entry's `replaces` or `skips` gives `name`.
    pub(crate) fn is_name_named(&self, name: &str) -> bool {
        self.links
            .id(name)
            .is_some_and(|id| self.links.is_named(id))
    }

    /// The entries that upgrade entry `i` taken as the installed bundle: those of
    /// [`ChannelIndex::successors`] for [`ChannelIndex::installed`]`(i)`, found without
    /// hashing its name, unordered and possibly repeated.
    ///
    /// # Complexity
    /// O(k) for k successors.
    pub(crate) fn entry_successors(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let id = self.links.entry_id(i);
        let named = self.links.replaced_by.get(id).iter();
        let skipped = self.links.skipped_by.get(id).iter();
        // The range successors of the first entry of this name, as `successors` finds them
        // through the name's position (an entry's own version is always the indexed one).
        let ranged = self.range_successors.get(id).iter();
        named.chain(skipped).chain(ranged).map(|&j| j as usize)
    }

    /// The entries that upgrade `installed` in this channel (its name in their `replaces` or
    /// `skips`, or its version in their skipRange), ascending, each with the kinds that hold as
    /// bits ([`REPLACES`], [`SKIPS`], [`RANGE`]).
    ///
    /// # Complexity
    /// O(k log k) for k successors when `installed` is an entry of the channel with the
    /// version indexed for it; otherwise O(R + k log k) for R skipRanges, tested one by one.
    pub(crate) fn successors(&self, installed: &Installed) -> Vec<(usize, u8)> {
        let mut found: Vec<(usize, u8)> = Vec::new();
        if let Some(id) = self.links.id(&installed.name) {
            for (csr, kind) in [
                (&self.links.replaced_by, REPLACES),
                (&self.links.skipped_by, SKIPS),
            ] {
                found.extend(csr.get(id).iter().map(|&i| (i as usize, kind)));
            }
        }
        if let Some(v) = &installed.version {
            match self.position(&installed.name) {
                Some(i) if self.versions[i].as_deref() == Some(v) => found.extend(
                    self.range_successors
                        .get(i)
                        .iter()
                        .map(|&j| (j as usize, RANGE)),
                ),
                _ => match self.foreign_range_successors(installed) {
                    Some(hits) => found.extend(hits.iter().map(|&j| (j, RANGE))),
                    None => found.extend(
                        self.ranges
                            .iter()
                            .filter(|(_, r)| r.contains(v))
                            .map(|(j, _)| (*j, RANGE)),
                    ),
                },
            }
        }
        found.sort_keyed(|(i, _)| *i);
        let mut merged: Vec<(usize, u8)> = Vec::with_capacity(found.len());
        for (i, kinds) in found {
            match merged.last_mut() {
                Some((j, k)) if *j == i => *k |= kinds,
                _ => merged.push((i, kinds)),
            }
        }
        merged
    }

    /// The entries whose skipRange contains the version of `installed` when it is a bundle of
    /// the package with the version the package gives it (a bundle of another channel, as a
    /// planner switching channels asks); `None` otherwise.
    ///
    /// # Complexity
    /// The first call builds the table for every bundle of the package: O(B log B + R log B + M)
    /// for B bundles, R skipRanges and M matches; each call then O(log B + k).
    pub(crate) fn foreign_range_successors(&self, installed: &Installed) -> Option<&[usize]> {
        if !self.has_ranges() {
            return Some(&[]);
        }
        let index = self.pkg.bundle_index(&installed.name)?;
        if self.pkg.bundles[index].version.as_ref() != installed.version.as_ref() {
            return None;
        }
        let table = self.foreign.get_or_init(|| {
            let pkg = self.pkg;
            let sorted = SortedVersions::new(
                pkg.bundles
                    .iter()
                    .enumerate()
                    .filter_map(|(i, b)| b.version.as_ref().map(|v| (i, v))),
            );
            let mut table: HashMap<usize, Vec<usize>> = HashMap::new();
            for (e, range) in &self.ranges {
                for b in sorted.matching(range) {
                    table.entry(b).or_default().push(*e);
                }
            }
            table
        });
        Some(table.get(&index).map_or(&[], Vec::as_slice))
    }

    /// The reasons, in the order `replaces`, `skips`, `skipRange`, for entry `i` and bits `kinds`.
    pub(crate) fn reasons(&self, i: usize, kinds: u8) -> Vec<Reason> {
        let mut out = Vec::new();
        if kinds & REPLACES != 0 {
            out.push(Reason {
                kind: EdgeKind::Replaces,
                range: None,
            });
        }
        if kinds & SKIPS != 0 {
            out.push(Reason {
                kind: EdgeKind::Skips,
                range: None,
            });
        }
        if kinds & RANGE != 0 {
            out.push(Reason {
                kind: EdgeKind::SkipRange,
                range: self.entry(i).skip_range.clone(),
            });
        }
        out
    }
}

/// For each entry, the other entries whose range contains its version, ascending.
fn range_successors(versions: &[Option<Cow<Version>>], ranges: &[(usize, Range)]) -> Csr {
    let sorted = SortedVersions::new(
        versions
            .iter()
            .enumerate()
            .filter_map(|(i, v)| v.as_deref().map(|v| (i, v))),
    );
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    for (e, range) in ranges {
        for x in sorted.matching(range) {
            if x != *e {
                pairs.push((x as u32, *e as u32));
            }
        }
    }
    Csr::build(versions.len(), &pairs)
}
